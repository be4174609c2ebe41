//! Where an authority ends, and its userinfo, host and port: the one reading of an authority
//! that every stage asks, the layout of an input, the scheme-less rule, the fixups, the
//! redaction of a password, the one-pass writer and the components of a serialized URL.
//! <https://url.spec.whatwg.org/#authority-state>

use std::ops::Range;

/// `/`, or `\` in a special URL: what ends a path segment, and an authority.
pub(crate) fn is_separator(b: u8, special: bool) -> bool {
    b == b'/' || (special && b == b'\\')
}

/// How long the authority at the start of `text` is: up to the first `/`, `?` or `#`, or `\`
/// in a special URL (`file:` included), or the end.
/// <https://url.spec.whatwg.org/#authority-state>
#[inline]
pub(crate) fn authority_length(text: &[u8], special: bool) -> usize {
    read_authority(text, special).0
}

/// The parts of an authority (`user:pw@host:port`), as ranges in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AuthorityParts {
    /// Before the last `@`, when there is one.
    pub(crate) userinfo: Option<Range<usize>>,
    /// After the last `@`, up to a `:` that is not inside brackets.
    pub(crate) host: Range<usize>,
    /// After that `:`, when there is one.
    pub(crate) port: Option<Range<usize>>,
}

/// Splits an authority as the authority and host states read it: the userinfo before the
/// last `@`, then the host up to a `:` that is not inside brackets, then the port.
/// <https://url.spec.whatwg.org/#authority-state>
#[inline]
pub(crate) fn split_authority(authority: &[u8]) -> AuthorityParts {
    // `authority` ends where its URL's authority ends: no `/ ? #` in it, and a `\` of a
    // non-special authority is its own.
    read_authority(authority, false).1
}

/// The authority at the start of `text`, in one pass: its length ([`authority_length`]) and
/// its parts ([`split_authority`]). Each `@` starts the host anew, so the host and port found
/// are those after the last one.
#[inline]
pub(crate) fn read_authority(text: &[u8], special: bool) -> (usize, AuthorityParts) {
    let mut at = None;
    let mut colon = None;
    let mut in_brackets = false;
    let mut end = text.len();
    for (offset, &b) in text.iter().enumerate() {
        let class = AUTHORITY_BYTES[usize::from(b)];
        if class == 0 {
            continue;
        }
        if class & ENDS != 0 || (special && class & BACKSLASH != 0) {
            end = offset;
            break;
        }
        match b {
            b'@' => (at, colon, in_brackets) = (Some(offset), None, false),
            b'[' => in_brackets = true,
            b']' => in_brackets = false,
            b':' if !in_brackets && colon.is_none() => colon = Some(offset),
            _ => {}
        }
    }
    let begin = at.map_or(0, |at| at + 1);
    let parts = AuthorityParts {
        userinfo: at.map(|at| 0..at),
        host: begin..colon.unwrap_or(end),
        port: colon.map(|colon| colon + 1..end),
    };
    (end, parts)
}

/// `/`, `?` and `#`, which end every authority.
const ENDS: u8 = 1;
/// `\`, which ends a special one.
const BACKSLASH: u8 = 2;
/// `@ [ ] :`, which split it.
const SPLITS: u8 = 4;

/// What each byte is to [`read_authority`]: most bytes are nothing, and cost one load.
static AUTHORITY_BYTES: [u8; 256] = {
    let mut classes = [0; 256];
    classes[b'/' as usize] = ENDS;
    classes[b'?' as usize] = ENDS;
    classes[b'#' as usize] = ENDS;
    classes[b'\\' as usize] = BACKSLASH;
    classes[b'@' as usize] = SPLITS;
    classes[b'[' as usize] = SPLITS;
    classes[b']' as usize] = SPLITS;
    classes[b':' as usize] = SPLITS;
    classes
};

/// A userinfo's user name and, after its first `:`, its password.
/// <https://url.spec.whatwg.org/#authority-state>
pub(crate) fn split_userinfo(userinfo: &[u8]) -> (Range<usize>, Option<Range<usize>>) {
    match userinfo.iter().position(|&b| b == b':') {
        Some(colon) => (0..colon, Some(colon + 1..userinfo.len())),
        None => (0..userinfo.len(), None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The authority state's reading, as the standard words it: the end first, then the last
    /// `@`, then the first `:` after it outside brackets.
    fn reference(text: &[u8], special: bool) -> (usize, AuthorityParts) {
        let end = text
            .iter()
            .position(|&b| matches!(b, b'/' | b'?' | b'#') || (special && b == b'\\'))
            .unwrap_or(text.len());
        let at = text[..end].iter().rposition(|&b| b == b'@');
        let begin = at.map_or(0, |at| at + 1);
        let mut in_brackets = false;
        let mut colon = None;
        for (offset, &b) in text[begin..end].iter().enumerate() {
            match b {
                b'[' => in_brackets = true,
                b']' => in_brackets = false,
                b':' if !in_brackets => {
                    colon = Some(begin + offset);
                    break;
                }
                _ => {}
            }
        }
        let parts = AuthorityParts {
            userinfo: at.map(|at| 0..at),
            host: begin..colon.unwrap_or(end),
            port: colon.map(|colon| colon + 1..end),
        };
        (end, parts)
    }

    #[test]
    fn the_one_pass_reads_as_the_standard_does() {
        const BYTES: &[u8] = b"a@[]:/\\?";
        let mut text = Vec::new();
        let mut checked = 0;
        for length in 0..=6u32 {
            for mut n in 0..BYTES.len().pow(length) {
                text.clear();
                for _ in 0..length {
                    text.push(BYTES[n % BYTES.len()]);
                    n /= BYTES.len();
                }
                for special in [false, true] {
                    assert_eq!(
                        read_authority(&text, special),
                        reference(&text, special),
                        "{:?} special {special}",
                        String::from_utf8_lossy(&text)
                    );
                    checked += 1;
                }
            }
        }
        assert_eq!(
            checked,
            2 * (0..=6).map(|k| BYTES.len().pow(k)).sum::<usize>()
        );
    }

    #[test]
    fn an_authority_is_read_once_for_every_stage() {
        assert_eq!(authority_length(b"h:1/p", true), 3);
        assert_eq!(authority_length(b"h\\p", true), 1);
        assert_eq!(authority_length(b"h\\p/q", false), 3);
        assert_eq!(authority_length(b"h?q", false), 1);
        assert_eq!(authority_length(b"h#f", true), 1);
        assert_eq!(authority_length(b"h", true), 1);
        let text = |authority: &'static str| {
            let parts = split_authority(authority.as_bytes());
            let slice = |range: Option<Range<usize>>| range.map(|r| &authority[r]);
            (
                slice(parts.userinfo),
                &authority[parts.host],
                slice(parts.port),
            )
        };
        assert_eq!(text("h"), (None, "h", None));
        assert_eq!(text("u:p@h:80"), (Some("u:p"), "h", Some("80")));
        assert_eq!(text("a@b@h"), (Some("a@b"), "h", None));
        assert_eq!(text("[::1]:80"), (None, "[::1]", Some("80")));
        assert_eq!(text("a[b:c]:1"), (None, "a[b:c]", Some("1")));
        assert_eq!(text("[::1"), (None, "[::1", None));
        assert_eq!(text("h:"), (None, "h", Some("")));
        assert_eq!(split_userinfo(b"u:p:q"), (0..1, Some(2..5)));
        assert_eq!(split_userinfo(b"u"), (0..1, None));
        assert_eq!(split_userinfo(b""), (0..0, None));
    }
}
