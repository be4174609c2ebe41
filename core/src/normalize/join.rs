//! The fast path of `resolve()`: a relative link joined directly onto a base that is already
//! in normal form, with no parse of either.
//!
//! **Proof obligation**, as for the fast path of `normalize()`: whenever [`JoinableBase::join`]
//! answers, the full path (the base parsed, the link joined by the `url` crate and the
//! fixups) gives the same string. So it answers only for this grammar, each rule one step of
//! the URL Standard's parser for a link against a special base with a host:
//!
//! * The base is the serialization of an `http` or `https` URL with a host, so its path
//!   starts at the first `/` after `//`, holds no raw `?` or `#`, and is in normal form.
//! * The link is nothing stripped (no leading or trailing control or space, no tab or
//!   newline), starts with no `\`, `//` or `/\` (a host of its own), and has no `:` before
//!   its first `/ ? #` (it could be a scheme).
//! * Empty: the base without its fragment. `#f`: the base without its fragment, then the
//!   fragment. `?q`: the base up to its path, then the query and fragment. `/p`: the base up
//!   to its path, then the path. Anything else: the base's directory (its path up to the
//!   last `/`), then the path. ("relative state", "path state".)
//! * A path with `\` or a segment that could be a dot segment goes through the standard's
//!   path state ([`crate::standard::path::remove_dot_segments_into`]); the base's part is
//!   already free of both. Then every part is percent-encoded with its set, as in
//!   `rebuild.rs`.
//!
//! `tests/resolve_fast_path.rs` and the fuzz target `resolve` hold the obligation.

use super::rebuild::{capacity_for, push_path, push_query_and_fragment, scan_path};
use crate::input::{strip_web_prefix, SchemeCase};
use crate::standard::path::may_start_dot_segment;
use crate::standard::serialized::Parts;
use std::borrow::Cow;

/// A base in normal form, with the places a link is joined at.
pub(crate) struct JoinableBase<'a> {
    url: Cow<'a, str>,
    /// `http` or `https`.
    scheme: &'static str,
    /// Where the path starts: after the scheme, `//` and the authority.
    path_start: usize,
    /// After the last `/` of the path: the base's directory ends here.
    directory_end: usize,
    /// Where the query or fragment starts, or the end.
    path_end: usize,
    /// Where the fragment starts, or the end.
    query_end: usize,
}

impl<'a> JoinableBase<'a> {
    /// `url`, the serialization of a parsed URL or an input the fast path kept, when it is an
    /// `http(s)` URL with a host.
    pub(crate) fn new(url: Cow<'a, str>) -> Option<Self> {
        let (scheme, _) = strip_web_prefix(url.as_bytes(), SchemeCase::Serialized)?;
        let parts = Parts::of(&url);
        let path_start = parts.path_start;
        let path_end = path_start + parts.path.len();
        let query_end = path_start + parts.path_and_query.len();
        let directory_end = path_start + parts.path.rfind('/')? + 1;
        Some(Self {
            scheme: scheme.name,
            url,
            path_start,
            directory_end,
            path_end,
            query_end,
        })
    }

    /// `http` or `https`.
    pub(crate) fn scheme(&self) -> &'static str {
        self.scheme
    }

    /// The same base with its last path segment read as a directory (a `/` added after it),
    /// as `resolve_against_directory()` reads it; itself when `directory` is false.
    pub(crate) fn into_directory(self, directory: bool) -> Option<Self> {
        if !directory || self.directory_end == self.path_end {
            return Some(self);
        }
        let url = [&self.url[..self.path_end], "/", &self.url[self.path_end..]].concat();
        Self::new(Cow::Owned(url))
    }

    /// `href` joined onto this base, when this module's grammar holds; `None` means "not
    /// known", and the full path answers.
    pub(crate) fn join(&self, href: &[u8]) -> Option<String> {
        let stripped = |b: &u8| *b <= b' ';
        if href.first().is_some_and(stripped) || href.last().is_some_and(stripped) {
            return None;
        }
        let base = self.url.as_bytes();
        let (kept, rest) = match href {
            [] | [b'#', ..] => (self.query_end, href),
            [b'?', ..] => (self.path_end, href),
            [b'\\', ..] | [b'/', b'/' | b'\\', ..] => return None,
            [b'/', ..] => (self.path_start, href),
            _ => {
                let end = href
                    .iter()
                    .position(|&b| matches!(b, b'/' | b'?' | b'#' | b':'))
                    .unwrap_or(href.len());
                if href.get(end) == Some(&b':') {
                    return None;
                }
                (self.directory_end, href)
            }
        };
        let mut url = String::with_capacity(kept + capacity_for(rest.len()));
        let (path_length, needs_path_state) = match rest.first() {
            Some(b'#' | b'?') | None => (0, false),
            Some(_) => scan_path(rest)?,
        };
        if path_length > 0 && kept == self.directory_end {
            // The directory and the link's path, read by the path state together: a `..` of
            // the link can pop a segment of the directory.
            let mut path = Vec::with_capacity(kept - self.path_start + path_length);
            path.extend_from_slice(&base[self.path_start..kept]);
            path.extend_from_slice(&rest[..path_length]);
            url.push_str(&self.url[..self.path_start]);
            // The directory's last `/` comes before the link's first segment.
            let dot_segment = may_start_dot_segment(rest.first());
            push_path(&mut url, &path, needs_path_state || dot_segment)?;
        } else {
            url.push_str(&self.url[..kept]);
            if path_length > 0 {
                push_path(&mut url, &rest[..path_length], needs_path_state)?;
            }
        }
        push_query_and_fragment(&mut url, &rest[path_length..])?;
        Some(url)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn join(href: &str, base: &str) -> Option<String> {
        JoinableBase::new(Cow::Borrowed(base))?.join(href.as_bytes())
    }

    #[test]
    fn joins_as_a_browser_does() {
        let base = "https://a.com/b/c/d?q#f";
        for (href, joined) in [
            ("", "https://a.com/b/c/d?q"),
            ("#g h", "https://a.com/b/c/d?q#g%20h"),
            ("?y z", "https://a.com/b/c/d?y%20z"),
            ("/x y?é#é", "https://a.com/x%20y?%C3%A9#%C3%A9"),
            ("x", "https://a.com/b/c/x"),
            ("./x", "https://a.com/b/c/x"),
            ("../../../../x", "https://a.com/x"),
            ("..", "https://a.com/b/"),
            ("x\\y/../z", "https://a.com/b/c/x/z"),
            ("a?b:c#d", "https://a.com/b/c/a?b:c#d"),
        ] {
            assert_eq!(join(href, base).as_deref(), Some(joined), "{href}");
            let full = crate::resolve(href.as_bytes(), base.as_bytes(), &crate::Options::default());
            assert_eq!(full.as_deref(), Ok(joined), "{href}");
        }
    }

    #[test]
    fn leaves_the_rest_to_the_full_path() {
        let base = "https://a.com/b/c";
        for href in [
            "//x.org/", "/\\x", "\\x", "http:x", "mailto:x", " x", "x ", "x\ty", "#a#b",
        ] {
            assert_eq!(join(href, base), None, "{href}");
        }
        assert!(JoinableBase::new(Cow::Borrowed("foo://a/b")).is_none());
        assert!(JoinableBase::new(Cow::Borrowed("https://a.com")).is_none());
    }
}
