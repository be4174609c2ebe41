//! Percent-escapes as RFC 3986's normalizations rewrite them: hex digits in upper case,
//! unreserved characters decoded.

use std::borrow::Cow;

/// Rewrites `%XX` escapes: uppercase hex digits, and/or decode unreserved characters
/// (`A-Z a-z 0-9 - . _ ~`). Other text, and a `%` without two hex digits, is kept. A decoded
/// digit can complete an escape with the text before it (`%%34%31` → `%41`); that one is
/// rewritten as well, so the result needs no second pass.
/// <https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2>
pub(super) fn rewrite_escapes(text: &str, capitalize: bool, decode: bool) -> Cow<'_, str> {
    let rewrite = |escape: &[u8]| -> Option<Escape> {
        let byte = hex_value(escape[1]) * 16 + hex_value(escape[2]);
        if decode && (byte.is_ascii_alphanumeric() || b"-._~".contains(&byte)) {
            Some(Escape::Decoded(char::from(byte)))
        } else if capitalize && (escape[1].is_ascii_lowercase() || escape[2].is_ascii_lowercase()) {
            Some(Escape::Capitalized(
                escape[1].to_ascii_uppercase(),
                escape[2].to_ascii_uppercase(),
            ))
        } else {
            None
        }
    };
    // Most components need nothing: find the first escape to rewrite before allocating.
    let Some(first) = escapes(text).find(|&at| rewrite(&text.as_bytes()[at..at + 3]).is_some())
    else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..first]);
    for c in text[first..].chars() {
        out.push(c);
        // Only an escape that ends with the character just written can be new; a decoded
        // character may in turn end another one (`%%34%31`), hence the loop. Each decoding
        // shortens the output, so the whole stays linear.
        while let Some(at) = out.len().checked_sub(3) {
            let tail = &out.as_bytes()[at..];
            if !is_escape(tail) {
                break;
            }
            match rewrite(tail) {
                Some(Escape::Decoded(decoded)) => {
                    out.truncate(at);
                    out.push(decoded);
                }
                Some(Escape::Capitalized(high, low)) => {
                    out.truncate(at);
                    out.push('%');
                    out.push(char::from(high));
                    out.push(char::from(low));
                    break;
                }
                None => break,
            }
        }
    }
    Cow::Owned(out)
}

/// What one `%XX` becomes.
enum Escape {
    Decoded(char),
    Capitalized(u8, u8),
}

/// The positions of the well-formed `%XX` escapes of `text`.
fn escapes(text: &str) -> impl Iterator<Item = usize> + '_ {
    let bytes = text.as_bytes();
    (0..bytes.len()).filter(move |&at| is_escape(&bytes[at..]))
}

/// True when `bytes` starts with a well-formed `%XX` escape.
fn is_escape(bytes: &[u8]) -> bool {
    matches!(bytes, [b'%', high, low, ..] if high.is_ascii_hexdigit() && low.is_ascii_hexdigit())
}

fn hex_value(digit: u8) -> u8 {
    match digit {
        b'0'..=b'9' => digit - b'0',
        _ => (digit | 0x20) - b'a' + 10,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes() {
        assert_eq!(
            rewrite_escapes("a%c3%a9%7e%2f%", true, false),
            "a%C3%A9%7E%2F%"
        );
        assert_eq!(
            rewrite_escapes("a%c3%a9%7e%2f%", false, true),
            "a%c3%a9~%2f%"
        );
        assert_eq!(
            rewrite_escapes("a%c3%a9%7e%2F%zz", true, true),
            "a%C3%A9~%2F%zz"
        );
        assert!(matches!(
            rewrite_escapes("caf%C3%A9", true, true),
            Cow::Borrowed(_)
        ));
    }

    #[test]
    fn escapes_formed_by_decoding_are_rewritten_too() {
        assert_eq!(rewrite_escapes("%%34%31", false, true), "A");
        assert_eq!(rewrite_escapes("%%%33%34%%33%31", false, true), "A");
        assert_eq!(rewrite_escapes("%%65%33", true, true), "%E3");
        assert_eq!(rewrite_escapes("%%65%33", false, true), "%e3");
        assert_eq!(rewrite_escapes("%4%31", false, true), "A");
        assert_eq!(rewrite_escapes("%%%", true, true), "%%%");
    }
}
