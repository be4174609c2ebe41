//! The form in which rules and URLs are compared (RFC 9309 §2.2.2 and §2.2.3).
//!
//! Both sides are written in one canonical form, then compared octet by octet:
//!
//! - an octet outside US-ASCII, a control, a space, and the characters a URI may not hold
//!   (`" < > [ \ ] ^ ` { | }`) are percent-encoded (`/foo/bar/ツ` → `/foo/bar/%E3%83%84`);
//! - a percent-encoded unreserved character is decoded (`%62%61%7A` → `baz`), any other
//!   `%xx` gets uppercase hex digits (`%2f` → `%2F`), and a `%` that starts no `%xx` is
//!   `%25`;
//! - reserved characters keep their meaning: in the path, `/` and `%2F` differ, as `:` and
//!   `%3A` do (RFC 3986 §6.2.2.2);
//! - in the query, `/ : @ ? '` are data, so each matches its encoding (RFC 9309's Figure 4:
//!   `/foo/bar?baz=https://foo.bar` is matched as `/foo/bar?baz=https%3A%2F%2Ffoo.bar`; the
//!   URL Standard writes `'` as `%27` there);
//! - `*` and `$` in a URL are written `%2A` and `%24`, so that a rule's `%2A` and `%24` match
//!   them verbatim (§2.2.3), while a rule's own `*` and `$` stay special.
//!
//! A URL comes in as [`crate::normalize()`] wrote it; a rule as written in the file.

use std::borrow::Cow;

/// The part of a URL that a byte is in: reserved characters are read differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Part {
    Path,
    Query,
}

/// What becomes of one byte written as it is: kept (`true`) or percent-encoded. A table,
/// since every byte of every URL is looked up in it.
const LITERAL: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        let b = byte as u8;
        table[byte] = b.is_ascii_alphanumeric()
            || matches!(
                b,
                b'-' | b'.'
                    | b'_'
                    | b'~'
                    | b'/'
                    | b'?'
                    | b':'
                    | b'@'
                    | b'!'
                    | b'&'
                    | b'\''
                    | b'('
                    | b')'
                    | b'+'
                    | b','
                    | b';'
                    | b'='
            );
        byte += 1;
    }
    table
};

fn keeps_literal(byte: u8) -> bool {
    LITERAL[usize::from(byte)]
}

/// What becomes of one `%xx`: decoded (`true`) or kept as an uppercase escape.
fn decodes(byte: u8, part: Part) -> bool {
    byte.is_ascii_alphanumeric()
        || matches!(byte, b'-' | b'.' | b'_' | b'~')
        || (part == Part::Query && matches!(byte, b'/' | b':' | b'@' | b'?' | b'\''))
}

fn hex(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

const HEX_DIGITS: &[u8; 16] = b"0123456789ABCDEF";

fn push_escape(out: &mut Vec<u8>, byte: u8) {
    out.extend_from_slice(&[
        b'%',
        HEX_DIGITS[usize::from(byte >> 4)],
        HEX_DIGITS[usize::from(byte & 0xF)],
    ]);
}

/// Appends the canonical form of `input`, which starts in `part`; returns the part it ends
/// in (the first literal `?` starts the query). `*` and `$` are written `%2A` and `%24`: the
/// caller takes a rule's special characters out first.
pub(crate) fn push_canonical(out: &mut Vec<u8>, input: &[u8], mut part: Part) -> Part {
    let mut i = 0;
    while i < input.len() {
        let byte = input[i];
        if byte == b'%' {
            let escaped = input
                .get(i + 1..i + 3)
                .and_then(|pair| Some(hex(pair[0])? << 4 | hex(pair[1])?));
            match escaped {
                Some(decoded) if decodes(decoded, part) => out.push(decoded),
                Some(decoded) => push_escape(out, decoded),
                None => {
                    push_escape(out, b'%');
                    i += 1;
                    continue;
                }
            }
            i += 3;
            continue;
        }
        if byte == b'?' {
            part = Part::Query;
        }
        if keeps_literal(byte) {
            out.push(byte);
        } else {
            push_escape(out, byte);
        }
        i += 1;
    }
    part
}

/// The canonical form of a URL's path and query, borrowed when it is already canonical (as
/// the path and query of most URLs are).
pub(crate) fn canonical_url(path_and_query: &str) -> Cow<'_, [u8]> {
    let bytes = path_and_query.as_bytes();
    if is_canonical(bytes) {
        return Cow::Borrowed(bytes);
    }
    let mut out = Vec::with_capacity(bytes.len() + 8);
    push_canonical(&mut out, bytes, Part::Path);
    Cow::Owned(out)
}

/// Whether [`push_canonical`] would copy `input` unchanged.
fn is_canonical(input: &[u8]) -> bool {
    let mut part = Part::Path;
    let mut i = 0;
    while i < input.len() {
        // The run of bytes kept as they are, other than `?`, in a tight loop: most of a path.
        while i < input.len() && input[i] != b'?' && keeps_literal(input[i]) {
            i += 1;
        }
        let Some(&byte) = input.get(i) else {
            break;
        };
        if byte == b'%' {
            let pair = match input.get(i + 1..i + 3) {
                Some(pair)
                    if pair
                        .iter()
                        .all(|b| b.is_ascii_digit() || (b'A'..=b'F').contains(b)) =>
                {
                    pair
                }
                _ => return false,
            };
            let decoded = (hex(pair[0]).unwrap_or(0) << 4) | hex(pair[1]).unwrap_or(0);
            if decodes(decoded, part) {
                return false;
            }
            i += 3;
            continue;
        }
        if byte == b'?' {
            part = Part::Query;
        }
        if !keeps_literal(byte) {
            return false;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canonical(input: &str) -> String {
        String::from_utf8(canonical_url(input).into_owned()).unwrap()
    }

    #[test]
    fn the_forms_of_rfc_9309_figure_4() {
        assert_eq!(canonical("/foo/bar?baz=quz"), "/foo/bar?baz=quz");
        assert_eq!(
            canonical("/foo/bar?baz=https%3A%2F%2Ffoo.bar"),
            canonical("/foo/bar?baz=https://foo.bar")
        );
        assert_eq!(canonical("/foo/bar/ツ"), "/foo/bar/%E3%83%84");
        assert_eq!(canonical("/foo/bar/%e3%83%84"), "/foo/bar/%E3%83%84");
        assert_eq!(canonical("/foo/bar/%62%61%7A"), "/foo/bar/baz");
    }

    #[test]
    fn reserved_characters_keep_their_meaning_in_the_path() {
        assert_eq!(canonical("/a%2fb"), "/a%2Fb");
        assert_eq!(canonical("/a:b%3A"), "/a:b%3A");
        assert_eq!(canonical("/a%3Fb?c%3Fd"), "/a%3Fb?c?d");
        assert_eq!(canonical("/it's?it%27s"), "/it's?it's");
        assert_eq!(canonical("/?a%26b=c%3Dd"), "/?a%26b=c%3Dd");
    }

    #[test]
    fn special_and_invalid_characters() {
        assert_eq!(canonical("/a*b$"), "/a%2Ab%24");
        assert_eq!(canonical("/a%2ab%24"), "/a%2Ab%24");
        assert_eq!(canonical("/100%"), "/100%25");
        assert_eq!(canonical("/%zz%4"), "/%25zz%254");
        assert_eq!(
            canonical("/a|b[c]{d}^`\\\"<> "),
            "/a%7Cb%5Bc%5D%7Bd%7D%5E%60%5C%22%3C%3E%20"
        );
        assert_eq!(canonical("/%7C"), "/%7C");
    }

    #[test]
    fn canonical_input_is_borrowed() {
        for input in ["/", "/a/b?c=d&e=f", "/caf%C3%A9", "/a%2F?x=%26"] {
            assert!(matches!(canonical_url(input), Cow::Borrowed(_)), "{input}");
        }
        for input in ["/%7e", "/a*", "/%c3%a9", "/?a=%3A", "/ツ"] {
            assert!(matches!(canonical_url(input), Cow::Owned(_)), "{input}");
        }
    }
}
