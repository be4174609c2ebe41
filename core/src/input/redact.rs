//! Passwords out of logs and messages: a URL's password is replaced by `***`, its user name
//! kept (`https://user:***@example.com/`).
//!
//! The input is found as the parser finds it (tabs and newlines skipped, leading and trailing
//! controls and spaces ignored, the scheme-less rule of [`crate::input::scheme::has_scheme`], `\` a
//! separator in special URLs), so whatever the parser reads as a password is hidden, in an
//! invalid URL too. Everything else is kept byte for byte.

use super::authority::{split_authority, split_userinfo};
use super::layout::layout;
use super::scheme::with_default_scheme;
use std::borrow::Cow;

/// What stands for a password.
const MASK: &[u8] = b"***";

/// `input` with the password of its userinfo replaced by `***`, or `input` itself when it has
/// none (no `@` in its authority, no `:` in its userinfo, or an empty password).
///
/// # Examples
///
/// ```
/// use url_normalize_core::redact_credentials;
/// assert_eq!(&*redact_credentials(b"https://joe:s3cret@example.com/x"), b"https://joe:***@example.com/x");
/// assert_eq!(&*redact_credentials(b"joe:s3cret@example.com/x"), b"joe:***@example.com/x");
/// assert_eq!(&*redact_credentials(b"https://exa mple.com/a:b@c"), b"https://exa mple.com/a:b@c");
/// ```
pub fn redact_credentials(input: &[u8]) -> Cow<'_, [u8]> {
    match password_range(input) {
        Some(range) => Cow::Owned([&input[..range.start], MASK, &input[range.end..]].concat()),
        None => Cow::Borrowed(input),
    }
}

/// The bytes of `input` the parser reads as the password.
fn password_range(input: &[u8]) -> Option<std::ops::Range<usize>> {
    if !input.contains(&b'@') {
        return None;
    }
    let (text, origin) = parser_text(input);
    let start = text.bytes().position(|b| b > b' ')?;
    let end = text.bytes().rposition(|b| b > b' ')? + 1;
    let trimmed = &text[start..end];
    let absolute = with_default_scheme(trimmed, "https").ok()?;
    let added = absolute.len() - trimmed.len();
    let authority = layout(&absolute, None).authority?;
    let userinfo = split_authority(&absolute.as_bytes()[authority.clone()]).userinfo?;
    let password = split_userinfo(&absolute.as_bytes()[authority.start..][userinfo]).1?;
    // In `absolute`, then in the trimmed text (the added scheme comes first), then in `input`.
    let (from, to) = (
        authority.start + password.start - added + start,
        authority.start + password.end - added + start,
    );
    (from < to).then(|| origin[from]..origin[to - 1] + 1)
}

/// The text the parser reads from `input` (each byte of an invalid UTF-8 sequence as `%XX`,
/// as [`crate::input::bytes_to_str`] writes it, and no tab or newline), and for each of its
/// bytes the position of the input byte it comes from. The reading is decided on this text,
/// the real one, so that a user name like `jürgen` is read as the parser reads it.
fn parser_text(input: &[u8]) -> (String, Vec<usize>) {
    let mut text = String::with_capacity(input.len());
    let mut origin = Vec::with_capacity(input.len());
    let mut at = 0;
    for chunk in input.utf8_chunks() {
        for (offset, c) in chunk.valid().char_indices() {
            if !matches!(c, '\t' | '\n' | '\r') {
                text.push(c);
                origin.extend((0..c.len_utf8()).map(|i| at + offset + i));
            }
        }
        at += chunk.valid().len();
        for &byte in chunk.invalid() {
            text.push_str(&format!("%{byte:02X}"));
            origin.extend([at; 3]);
            at += 1;
        }
    }
    (text, origin)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn redacted(input: &[u8]) -> String {
        String::from_utf8_lossy(&redact_credentials(input)).into_owned()
    }

    #[test]
    fn the_password_is_hidden_and_the_user_kept() {
        for (input, expected) in [
            (
                "https://joe:s3cret@example.com/x",
                "https://joe:***@example.com/x",
            ),
            (
                "HTTP://joe:s3:cr@et@example.com",
                "HTTP://joe:***@example.com",
            ),
            ("  ftp://u:p@h/  ", "  ftp://u:***@h/  "),
            ("http:u:p@h/x", "http:u:***@h/x"),
            ("https:\\\\u:p@h\\x@y", "https:\\\\u:***@h\\x@y"),
            ("foo://u:p@h/x", "foo://u:***@h/x"),
            ("user:pw@example.com/x", "user:***@example.com/x"),
            ("//u:p@h", "//u:***@h"),
            (
                "https://u:p@exa mple.com:99999/",
                "https://u:***@exa mple.com:99999/",
            ),
            ("https://u:пароль@аррӏе.com/", "https://u:***@аррӏе.com/"),
            // No scheme: `jürgen:` is no scheme, as the parser reads it.
            ("jürgen:pa:ss@example.com/", "jürgen:***@example.com/"),
            ("jürgen:s3cret@exa mple.com/", "jürgen:***@exa mple.com/"),
            ("ü:p@h.com", "ü:***@h.com"),
            ("j\u{fc}rgen:p\u{e4}ss@h.com/", "j\u{fc}rgen:***@h.com/"),
        ] {
            assert_eq!(redacted(input.as_bytes()), expected, "{input}");
        }
    }

    #[test]
    fn tabs_newlines_and_bytes_that_are_not_utf8_are_kept_around_it() {
        assert_eq!(
            redact_credentials(b"ht\ttps://u:p\na\xffss@h/\xfe"),
            &b"ht\ttps://u:***@h/\xfe"[..]
        );
        assert_eq!(redacted(b"https://u\t:p@h"), "https://u\t:***@h");
        // A byte that is not UTF-8 is `%XX` to the parser: it stays a byte of the user name.
        assert_eq!(
            redact_credentials(b"j\xfcrgen:s3cret@h.com/"),
            &b"j\xfcrgen:***@h.com/"[..]
        );
        assert_eq!(redact_credentials(b"u:p\xfcss@h.com"), &b"u:***@h.com"[..]);
    }

    #[test]
    fn without_a_password_nothing_changes() {
        for input in [
            "https://joe@example.com/",
            "https://joe:@example.com/",
            "https://example.com/a:b@c",
            "https://example.com/?u=a:b@c",
            "https://example.com/#a:b@c",
            "mailto:joe:x@example.com",
            "foo:u:p@h",
            "file://u:p@h/",
            "/a:b@c",
            "",
            "@",
        ] {
            assert!(
                matches!(redact_credentials(input.as_bytes()), Cow::Borrowed(_)),
                "{input}"
            );
        }
    }
}
