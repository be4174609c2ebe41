//! Where the authority and the path of an input are, as the URL Standard's state machine
//! reads them, for an input read on its own or against a base. The parse layer needs them
//! to correct the `url` crate where it reads a path or an authority differently.
//! <https://url.spec.whatwg.org/#concept-basic-url-parser>

use crate::input::{is_special_scheme, split_scheme};
use std::ops::Range;
use url::Url;

/// The parts of a stripped input that the fixups of [`crate::parse`] look at.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Layout {
    /// Whether the URL has a special scheme, so `\` separates like `/`.
    pub(crate) special: bool,
    /// The authority the input writes after `//` (empty for `foo:///p`); `None` when the
    /// input has none of its own, or its scheme is `file`.
    pub(crate) authority: Option<Range<usize>>,
    /// The hierarchical path the input writes, up to `?` or `#`; `None` for an opaque path,
    /// no path, or a `file:` URL.
    pub(crate) path: Option<Range<usize>>,
    /// True when `path` is relative to the base's directory (`a/b`, or `http:a/b` against
    /// an `http:` base).
    pub(crate) path_is_relative: bool,
}

/// Reads the layout of `input` (stripped), against `base` when it is a link.
pub(crate) fn layout(input: &str, base: Option<&Url>) -> Layout {
    let base_scheme = base.map(Url::scheme);
    match split_scheme(input) {
        Some((scheme, _)) if scheme.eq_ignore_ascii_case("file") => Layout::default(),
        Some((scheme, rest)) => {
            let special = is_special_scheme(scheme);
            let start = scheme.len() + 1;
            let same_as_base = base_scheme.is_some_and(|b| b.eq_ignore_ascii_case(scheme));
            // "special relative or authority state": `http:a` against an http base is relative.
            if special && same_as_base && !starts_with_two(rest, |c| is_separator(c, true)) {
                return relative(input, start, true);
            }
            absolute(input, start, special)
        }
        None => match base {
            Some(base) if base.scheme() != "file" && !base.cannot_be_a_base() => {
                relative(input, 0, is_special_scheme(base.scheme()))
            }
            _ => Layout::default(),
        },
    }
}

/// After `scheme:` of an absolute URL. <https://url.spec.whatwg.org/#scheme-state>
fn absolute(input: &str, start: usize, special: bool) -> Layout {
    let rest = &input[start..];
    if special {
        // "special authority ignore slashes state": every slash before the host is skipped.
        let slashes = rest.bytes().take_while(|&b| is_separator(b, true)).count();
        return with_authority(input, start + slashes, true);
    }
    if rest.starts_with("//") {
        return with_authority(input, start + 2, false);
    }
    match rest.starts_with('/') {
        true => path_from(input, start, false),
        false => Layout::default(),
    }
}

/// A link without a scheme of its own (or with its base's special scheme), from `start`.
/// <https://url.spec.whatwg.org/#relative-state>
fn relative(input: &str, start: usize, special: bool) -> Layout {
    let rest = &input[start..];
    let slash = |b| is_separator(b, special);
    if starts_with_two(rest, slash) {
        // "relative slash state", then the authority (after every slash, when special).
        let slashes = match special {
            true => rest.bytes().take_while(|&b| slash(b)).count(),
            false => 2,
        };
        return with_authority(input, start + slashes, special);
    }
    match rest.bytes().next() {
        Some(first) if slash(first) => path_from(input, start, special),
        None | Some(b'?' | b'#') => Layout {
            special,
            ..Layout::default()
        },
        Some(_) => Layout {
            path_is_relative: true,
            ..path_from(input, start, special)
        },
    }
}

/// An authority from `start` to the first `/ ? #` (or `\` when special), then the path.
/// <https://url.spec.whatwg.org/#authority-state>
fn with_authority(input: &str, start: usize, special: bool) -> Layout {
    let end = input[start..]
        .bytes()
        .position(|b| b == b'?' || b == b'#' || is_separator(b, special))
        .map_or(input.len(), |offset| start + offset);
    Layout {
        authority: Some(start..end),
        ..path_from(input, end, special)
    }
}

/// The path from `start` to `?` or `#`, when there is one.
fn path_from(input: &str, start: usize, special: bool) -> Layout {
    let end = input[start..]
        .find(['?', '#'])
        .map_or(input.len(), |offset| start + offset);
    Layout {
        special,
        path: (start < end).then_some(start..end),
        ..Layout::default()
    }
}

fn is_separator(b: u8, special: bool) -> bool {
    b == b'/' || (special && b == b'\\')
}

fn starts_with_two(text: &str, slash: impl Fn(u8) -> bool) -> bool {
    matches!(text.as_bytes(), [a, b, ..] if slash(*a) && slash(*b))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The authority and path as text, and whether the path is relative.
    fn parts<'a>(input: &'a str, base: Option<&str>) -> (Option<&'a str>, Option<&'a str>, bool) {
        let base = base.map(|b| Url::parse(b).expect("valid base"));
        let found = layout(input, base.as_ref());
        let text = |range: Option<Range<usize>>| range.map(|r| &input[r]);
        (
            text(found.authority),
            text(found.path),
            found.path_is_relative,
        )
    }

    #[test]
    fn absolute_urls() {
        let parts = |input| parts(input, None);
        assert_eq!(
            parts("https://h:1/a/b?q#f"),
            (Some("h:1"), Some("/a/b"), false)
        );
        assert_eq!(parts("http:\\\\h\\a"), (Some("h"), Some("\\a"), false));
        assert_eq!(
            parts("foo://u@h:1\\x/y"),
            (Some("u@h:1\\x"), Some("/y"), false)
        );
        assert_eq!(parts("foo:///p"), (Some(""), Some("/p"), false));
        assert_eq!(parts("foo:/a/b"), (None, Some("/a/b"), false));
        assert_eq!(parts("foo:a/b"), (None, None, false));
        assert_eq!(parts("file:///C:/x"), (None, None, false));
    }

    #[test]
    fn links() {
        let http = Some("http://h/p/q");
        let foo = Some("foo://h/p/q");
        assert_eq!(parts("a/b?q", http), (None, Some("a/b"), true));
        assert_eq!(parts("http:a/b", http), (None, Some("a/b"), true));
        assert_eq!(parts("\\a", http), (None, Some("\\a"), false));
        assert_eq!(parts("\\\\h2\\a", http), (Some("h2"), Some("\\a"), false));
        assert_eq!(
            parts("//h2:1\\x/a", foo),
            (Some("h2:1\\x"), Some("/a"), false)
        );
        assert_eq!(parts("/a", foo), (None, Some("/a"), false));
        assert_eq!(parts("?q", foo), (None, None, false));
        assert_eq!(parts("a", Some("mailto:x")), (None, None, false));
    }
}
