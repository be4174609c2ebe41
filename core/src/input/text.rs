//! The text the parser reads: PHP's bytes as a string, without losing any, and without
//! what the URL Standard's parser removes before it starts.

use percent_encoding::{percent_encode, NON_ALPHANUMERIC};
use std::borrow::Cow;

/// Turns bytes into a string without losing any: each byte of an invalid UTF-8 sequence
/// becomes `%XX`. In a path, query or fragment the parser keeps `%XX` as it is, so the
/// byte reaches the server unchanged; in a host it decodes back to a non-UTF-8 byte and
/// the host is rejected, as the URL Standard's host parser does.
pub(crate) fn bytes_to_str(input: &[u8]) -> Cow<'_, str> {
    if let Ok(valid) = std::str::from_utf8(input) {
        return Cow::Borrowed(valid);
    }
    let mut out = String::with_capacity(input.len() + 8);
    for chunk in input.utf8_chunks() {
        out.push_str(chunk.valid());
        // NON_ALPHANUMERIC encodes every byte given here: all of them are >= 0x80.
        out.extend(percent_encode(chunk.invalid(), NON_ALPHANUMERIC));
    }
    Cow::Owned(out)
}

/// Removes what the URL Standard's basic URL parser removes before it starts: leading and
/// trailing C0 controls and spaces, and every ASCII tab or newline.
/// <https://url.spec.whatwg.org/#concept-basic-url-parser>
pub(crate) fn strip(input: &str) -> Cow<'_, str> {
    // Bytes, not chars: every byte removed is ASCII, so the cuts fall on char boundaries.
    let bytes = input.as_bytes();
    let start = bytes.iter().position(|&b| b > b' ').unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|&b| b > b' ')
        .map_or(start, |last| last + 1);
    let trimmed = &input[start..end];
    if trimmed.bytes().any(|b| matches!(b, b'\t' | b'\n' | b'\r')) {
        Cow::Owned(trimmed.replace(['\t', '\n', '\r'], ""))
    } else {
        Cow::Borrowed(trimmed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_utf8_bytes_become_percent_escapes() {
        assert_eq!(bytes_to_str(b"/caf\xe9 \xff\xfe"), "/caf%E9 %FF%FE");
        assert_eq!(bytes_to_str("/café".as_bytes()), "/café");
        // A truncated sequence keeps its valid neighbours.
        assert_eq!(bytes_to_str(b"a\xe2\x82b"), "a%E2%82b");
    }

    #[test]
    fn strip_removes_what_the_url_standard_removes() {
        assert_eq!(strip("  \u{1}https://a\t.com/\nx \r\n"), "https://a.com/x");
        assert_eq!(strip("https://a.com/ x"), "https://a.com/ x");
    }
}
