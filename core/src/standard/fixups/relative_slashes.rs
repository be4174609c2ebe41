//! Fixups 4 and 5: slashes at the start of a link, which the crate reads differently.
//!
//! 4. The standard, "special authority ignore slashes state": against a special base, every
//!    `/` and `\` before the host is skipped, so `///host/p` names `host`. The crate (2.5.8)
//!    reads an empty host. Here the link is rewritten as `//host/p`.
//!    <https://url.spec.whatwg.org/#special-authority-ignore-slashes-state>
//! 5. The standard, "relative slash state": against a non-special base, `\` is a path
//!    character, at the start of a link and after its first `/`. The crate reads it as `/`,
//!    so `/\evil.com/x` named the host `evil.com`. Here `./` or `/.` keeps it in the path.
//!    <https://url.spec.whatwg.org/#relative-slash-state>
//!
//! Delete each when the crate's join follows these states.

use super::super::parsed_url::ParsedUrl;
use crate::input::{is_slash, is_special_scheme, split_scheme};
use std::borrow::Cow;

/// Rewrites the kinds of relative links the crate reads differently from the standard:
/// `///host/p` against a special base (the standard skips every slash before the host,
/// "special authority ignore slashes state"; the crate reads an empty host), and a `\`
/// that starts a link against a non-special base or follows its first `/` (a path
/// character there, "relative slash state"; `./` and `/.` keep it one).
pub(in crate::standard) fn follow_relative_slashes<'a>(
    base: &ParsedUrl,
    href: &'a str,
) -> Cow<'a, str> {
    if split_scheme(href).is_some() {
        return Cow::Borrowed(href);
    }
    let scheme = base.url.scheme();
    if !is_special_scheme(scheme) {
        return match href.as_bytes() {
            [b'\\', ..] => Cow::Owned(format!("./{href}")),
            [b'/', b'\\', ..] => Cow::Owned(format!("/.{href}")),
            _ => Cow::Borrowed(href),
        };
    }
    let slashes = href.bytes().take_while(|b| is_slash(*b)).count();
    if slashes > 2 && scheme != "file" {
        Cow::Owned(format!("//{}", &href[slashes..]))
    } else {
        Cow::Borrowed(href)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::joined;

    #[test]
    fn three_slashes_name_a_host_against_a_special_base() {
        assert_eq!(
            joined("http://example.org/", "///test"),
            Ok("http://test/".into())
        );
        assert_eq!(
            joined("http://example.org/", "///\\//\\//test"),
            Ok("http://test/".into())
        );
        assert_eq!(
            joined("http://example.org/", "///example.org/../path"),
            Ok("http://example.org/path".into())
        );
    }

    #[test]
    fn backslash_is_a_path_character_in_non_special_urls() {
        assert_eq!(joined("foo://foo/a", "\\a"), Ok("foo://foo/\\a".into()));
        assert_eq!(joined("foo://foo/a", "\\\\a"), Ok("foo://foo/\\\\a".into()));
        assert_eq!(joined("http://foo/a", "\\b"), Ok("http://foo/b".into()));
    }

    #[test]
    fn slash_backslash_is_a_path_against_a_non_special_base() {
        let evil = "/\\evil.com/x";
        for (base, expected) in [
            ("foo://authority/path/to/x", "foo://authority/\\evil.com/x"),
            ("foo:/p", "foo:/\\evil.com/x"),
            ("git://", "git:///\\evil.com/x"),
            ("ssh://u@h:22/", "ssh://u@h:22/\\evil.com/x"),
            ("foo:///p", "foo:///\\evil.com/x"),
        ] {
            assert_eq!(joined(base, evil), Ok(expected.into()), "against {base}");
        }
        assert_eq!(joined("foo://a/b", "/\\/x"), Ok("foo://a/\\/x".into()));
        assert_eq!(joined("http://a/b", evil), Ok("http://evil.com/x".into()));
    }
}
