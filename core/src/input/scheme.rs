//! Whether an input starts with a scheme, and the default scheme for one that has none.

use super::authority::{authority_length, split_authority};
use percent_encoding::percent_decode_str;
use std::borrow::Cow;

/// `/` or `\`: special schemes read both as a path separator.
pub(crate) fn is_slash(c: u8) -> bool {
    c == b'/' || c == b'\\'
}

/// Splits `scheme:rest` when `input` starts with a syntactically valid scheme.
/// <https://url.spec.whatwg.org/#scheme-state>
pub(crate) fn split_scheme(input: &str) -> Option<(&str, &str)> {
    let colon = input.find(':')?;
    let scheme = &input[..colon];
    is_scheme_name(scheme).then(|| (scheme, &input[colon + 1..]))
}

/// The URL Standard's scheme: an ASCII letter, then ASCII letters, digits, `+`, `-` or `.`.
/// <https://url.spec.whatwg.org/#scheme-state>
pub(crate) fn is_scheme_name(scheme: &str) -> bool {
    let mut bytes = scheme.bytes();
    bytes
        .next()
        .is_some_and(|first| first.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

/// A special scheme of the URL Standard and its default port (`file` has none).
#[derive(Debug, Clone, Copy)]
pub(crate) struct SpecialScheme {
    pub(crate) name: &'static str,
    pub(crate) default_port: Option<&'static str>,
    /// `name://`: how a URL of the scheme with a host starts when serialized.
    pub(crate) prefix: &'static str,
}

/// `http`, the scheme the fast paths read beside [`HTTPS`].
pub(crate) const HTTP: SpecialScheme = SpecialScheme {
    name: "http",
    default_port: Some("80"),
    prefix: "http://",
};

/// `https`.
pub(crate) const HTTPS: SpecialScheme = SpecialScheme {
    name: "https",
    default_port: Some("443"),
    prefix: "https://",
};

/// How a web URL's scheme is matched by [`strip_web_prefix`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SchemeCase {
    /// In lowercase only, as a serialized URL writes it.
    Serialized,
    /// In any case, as the scheme state reads it (`HTTP://`).
    Any,
}

/// `http` or `https` by its lowercase name (a default scheme the fast paths can write).
pub(crate) fn web_scheme(name: &str) -> Option<SpecialScheme> {
    [HTTPS, HTTP].into_iter().find(|scheme| scheme.name == name)
}

/// `http://` or `https://` at the start of `input`: its scheme, and the bytes after the
/// prefix. Every stage that recognizes a web URL by its first bytes asks here.
#[inline(always)]
pub(crate) fn strip_web_prefix(input: &[u8], case: SchemeCase) -> Option<(SpecialScheme, &[u8])> {
    let starts_with = |prefix: &str| {
        let prefix = prefix.as_bytes();
        input.get(..prefix.len()).is_some_and(|start| match case {
            SchemeCase::Serialized => start == prefix,
            SchemeCase::Any => start.eq_ignore_ascii_case(prefix),
        })
    };
    // `https` first: its prefix is the longer one, and the more common one in crawled data.
    if starts_with(HTTPS.prefix) {
        Some((HTTPS, &input[HTTPS.prefix.len()..]))
    } else if starts_with(HTTP.prefix) {
        Some((HTTP, &input[HTTP.prefix.len()..]))
    } else {
        None
    }
}

/// The special schemes, which have a host and a hierarchical path, with their default ports:
/// the one list every stage reads. <https://url.spec.whatwg.org/#special-scheme>
pub(crate) const SPECIAL_SCHEMES: [SpecialScheme; 6] = [
    SpecialScheme {
        name: "ftp",
        default_port: Some("21"),
        prefix: "ftp://",
    },
    SpecialScheme {
        name: "file",
        default_port: None,
        prefix: "file://",
    },
    HTTP,
    HTTPS,
    SpecialScheme {
        name: "ws",
        default_port: Some("80"),
        prefix: "ws://",
    },
    SpecialScheme {
        name: "wss",
        default_port: Some("443"),
        prefix: "wss://",
    },
];

/// Each prefix is its scheme's name and `://`, checked when the crate compiles.
const _: () = {
    let mut k = 0;
    while k < SPECIAL_SCHEMES.len() {
        let (name, prefix) = (
            SPECIAL_SCHEMES[k].name.as_bytes(),
            SPECIAL_SCHEMES[k].prefix.as_bytes(),
        );
        assert!(prefix.len() == name.len() + 3);
        let mut b = 0;
        while b < prefix.len() {
            let expected = if b < name.len() {
                name[b]
            } else {
                b"://"[b - name.len()]
            };
            assert!(prefix[b] == expected);
            b += 1;
        }
        k += 1;
    }
};

/// The special scheme named `scheme`, in any case.
fn special_scheme(scheme: &str) -> Option<SpecialScheme> {
    SPECIAL_SCHEMES
        .into_iter()
        .find(|special| special.name.eq_ignore_ascii_case(scheme))
}

/// Whether `scheme` (in any case) is special. <https://url.spec.whatwg.org/#special-scheme>
pub(crate) fn is_special_scheme(scheme: &str) -> bool {
    special_scheme(scheme).is_some()
}

/// Whether `scheme` (in any case) is special and has a default port: a scheme of network
/// URLs (not `file`), whose URLs have a tuple origin, so a site.
/// <https://url.spec.whatwg.org/#concept-url-origin>
pub(crate) fn is_network_scheme(scheme: &str) -> bool {
    special_scheme(scheme).is_some_and(|special| special.default_port.is_some())
}

/// Registered schemes that are read as schemes whatever follows the colon (`tel:911`,
/// `acct:joe@example.com`), so that only other words can be taken for a host.
const KNOWN_SCHEMES: &[&str] = &[
    "about",
    "acct",
    "aim",
    "blob",
    "callto",
    "cid",
    "data",
    "dns",
    "facetime",
    "facetime-audio",
    "fax",
    "feed",
    "geo",
    "git",
    "im",
    "irc",
    "ircs",
    "javascript",
    "ldap",
    "ldaps",
    "mailto",
    "magnet",
    "mid",
    "news",
    "nntp",
    "pres",
    "sftp",
    "sip",
    "sips",
    "skype",
    "sms",
    "snmp",
    "ssh",
    "tel",
    "telnet",
    "urn",
    "webcal",
    "xmpp",
];

/// Whether a stripped input starts with a scheme, as opposed to a scheme-less
/// `host:port/path` or `user:password@host/path` that a crawler found without `https://`.
///
/// The URL Standard reads any `word:` as a scheme. Crawled data holds `localhost:3000`,
/// `example.com:/x` and `user:pw@example.com/x`, which a person means as a host, so the
/// word before the first `:` is a scheme when:
///
/// 1. `//` follows the colon (`sc://x`, `com.example.app://cb`), or
/// 2. it is a special or a [`KNOWN_SCHEMES`] scheme (`mailto:`, `tel:911`, `acct:a@b.c`),
///
/// and otherwise a host when it is `localhost` or contains a `.` (a dotted word is a
/// domain: `example.com:abc` then fails as an invalid port instead of passing as a
/// scheme), or when what follows the colon, up to `/ \ ? #`, is all digits (a port); and
/// the first half of `user:password@host` when the text after its last `@` is host-like
/// (`tag:joe@example.org,2001:x` and `sc::a@b.c` stay schemes: their "host" has a comma,
/// their "password" a colon). Anything else is a scheme. The cost: a reverse-DNS app
/// scheme without `//` (`com.example.app:/cb`) is read as a host.
pub(crate) fn has_scheme(input: &str) -> bool {
    let Some((scheme, rest)) = split_scheme(input) else {
        return false;
    };
    if rest.starts_with("//")
        || is_special_scheme(scheme)
        || KNOWN_SCHEMES.iter().any(|k| k.eq_ignore_ascii_case(scheme))
    {
        return true;
    }
    let authority = &rest[..authority_length(rest.as_bytes(), true)];
    let is_port = !authority.is_empty() && authority.bytes().all(|b| b.is_ascii_digit());
    !(scheme.eq_ignore_ascii_case("localhost")
        || scheme.contains('.')
        || is_port
        || is_password_then_host(authority))
}

/// `password@host[:port]`, the rest of a scheme-less `user:password@host`: a password
/// without `:` and a host-like word after the last `@`.
fn is_password_then_host(authority: &str) -> bool {
    let parts = split_authority(authority.as_bytes());
    let Some(password) = parts.userinfo.map(|range| &authority[range]) else {
        return false;
    };
    let (mut host, mut port) = (
        &authority[parts.host],
        parts.port.clone().map_or("", |r| &authority[r]),
    );
    // `[::1]80` reads as an address and its port with the colon left out: the input is a
    // host with credentials, then, whose host the parser rejects (with the password masked
    // in the message), not an opaque path of a scheme `user`.
    if let (Some(bracket), None) = (host.find(']'), parts.port) {
        if host.starts_with('[') {
            (host, port) = host.split_at(bracket + 1);
        }
    }
    !password.contains(':') && port.bytes().all(|b| b.is_ascii_digit()) && is_host_like(host)
}

/// A domain (dotted, or `localhost`) of ASCII letters and digits, `-`, `_` and any visible
/// non-ASCII text (`😀.ws`: UTS #46 decides), judged once percent-decoded as the host parser
/// decodes it (`ex%41mple.com`); or an IPv6 address in brackets.
///
/// Judging the decoded text keeps the verdict stable: normalizing encodes an opaque path's
/// controls and non-ASCII (`%C2%80`), and canonicalizing decodes unreserved escapes, neither of
/// which changes what the text decodes to.
fn is_host_like(host: &str) -> bool {
    let Ok(decoded) = percent_decode_str(host).decode_utf8() else {
        return false;
    };
    let is_domain = (decoded.contains('.') || decoded.eq_ignore_ascii_case("localhost"))
        && !decoded.starts_with('.')
        && decoded.chars().all(|c| {
            c.is_ascii_alphanumeric()
                || matches!(c, '-' | '.' | '_')
                || (!c.is_ascii() && !c.is_control())
        });
    let is_ipv6 = host.len() > 2 && host.starts_with('[') && host.ends_with(']');
    is_domain || is_ipv6
}

/// Why an input cannot be made absolute by adding the default scheme.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NotAbsolute {
    /// Nothing is left once stripped.
    Empty,
    /// A scheme-less input that names no host (`/x`, `../x`, `?q`).
    RelativeReference,
}

/// Adds `default_scheme` to a stripped input that has none: `example.com/x` and
/// `//example.com/x` both become `https://example.com/x`.
///
/// # Errors
///
/// [`NotAbsolute::Empty`] for an empty input; [`NotAbsolute::RelativeReference`] for a
/// scheme-less input that names no host (`/x`, `./x`, `../x`, `?q`, `#f`), which the parser
/// would otherwise read as a host (`https://../x` has the host `..`).
pub(crate) fn with_default_scheme<'a>(
    input: &'a str,
    default_scheme: &str,
) -> Result<Cow<'a, str>, NotAbsolute> {
    if input.is_empty() {
        return Err(NotAbsolute::Empty);
    }
    if has_scheme(input) {
        return Ok(Cow::Borrowed(input));
    }
    let separator = match input.as_bytes() {
        [a, b, ..] if is_slash(*a) && is_slash(*b) => ":",
        [first, ..] if is_slash(*first) || b"?#".contains(first) => {
            return Err(NotAbsolute::RelativeReference)
        }
        // `.` or `..` alone or before a separator (`\` is one for the special schemes).
        [b'.'] | [b'.', b'.'] => return Err(NotAbsolute::RelativeReference),
        [b'.', next, ..] | [b'.', b'.', next, ..] if is_slash(*next) => {
            return Err(NotAbsolute::RelativeReference)
        }
        _ => "://",
    };
    Ok(Cow::Owned(format!("{default_scheme}{separator}{input}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scheme_detection() {
        for with in [
            "https://a.com",
            "HTTP://a",
            "mailto:me@a.com",
            "data:,x",
            "ftp:x",
            "tel:911",
            "tel:+14085551234",
            "javascript:alert(1)",
            "foo://bar",
            "sc://example.com:8080/x",
            "com.example.app://cb",
            "a:b",
            "foo:",
            "urn:isbn:123",
            "acct:joe@example.com",
            "sc::a@example.net",
            "tag:joe@example.org,2001:foo/bar",
            "sc:user@host",
            // Hosts that decode to a space or a control are no hosts.
            "foo:%13%06utm_source=.@xn--a0.%20?",
            "foo:u@a%01.com",
            "foo:u@%C2%80x.com",
            "foo:u@%2541.com",
        ] {
            assert!(has_scheme(with), "{with} has a scheme");
        }
        for without in [
            "example.com/x",
            "example.com:8080/x",
            "localhost:3000",
            "//example.com/x",
            "나나.com",
            "a.com:443?q",
            "",
        ] {
            assert!(!has_scheme(without), "{without} has no scheme");
        }
    }

    #[test]
    fn web_prefixes() {
        let strip = |input: &'static str, case| {
            strip_web_prefix(input.as_bytes(), case).map(|(scheme, rest)| (scheme.name, rest))
        };
        let serialized = SchemeCase::Serialized;
        assert_eq!(strip("https://a/", serialized), Some(("https", &b"a/"[..])));
        assert_eq!(strip("http://a/", serialized), Some(("http", &b"a/"[..])));
        assert_eq!(strip("HTTP://a/", serialized), None);
        assert_eq!(
            strip("HtTpS://a/", SchemeCase::Any),
            Some(("https", &b"a/"[..]))
        );
        for no in ["http:/a", "https:a", "ws://a", "http", "", "httpss://a"] {
            assert_eq!(strip(no, SchemeCase::Any), None, "{no}");
        }
        assert_eq!(web_scheme("https").map(|s| s.prefix), Some("https://"));
        assert!(web_scheme("HTTP").is_none() && web_scheme("ftp").is_none());
    }

    #[test]
    fn host_like_words_before_a_colon_are_hosts() {
        for without in [
            "user:pw@example.com/x",
            "user:pw@sub.example.co.uk/é/a b",
            "user:pw@localhost:8080",
            "user:pw@[::1]/x",
            "user:pw@[::1]:80/x",
            "user:pw@[::1]80/x",
            "u:p@😀.ws:443/#é",
            "u:p@ex%41mple.com:65536/x",
            "example.com:",
            "example.com:/x",
            "localhost:",
            "localhost:abc",
            "example.com:abc",
            "example.com:123456/x",
            "host:123456",
            "com.example.app:/cb",
        ] {
            assert!(!has_scheme(without), "{without} has no scheme");
        }
    }

    #[test]
    fn default_scheme_is_added_once() {
        let add = |input| with_default_scheme(input, "https").map(Cow::into_owned);
        assert_eq!(add("example.com/x"), Ok("https://example.com/x".into()));
        assert_eq!(add("//example.com/x"), Ok("https://example.com/x".into()));
        assert_eq!(add("\\\\example.com"), Ok("https:\\\\example.com".into()));
        assert_eq!(add("localhost:3000"), Ok("https://localhost:3000".into()));
        assert_eq!(
            add("user:pw@example.com/x"),
            Ok("https://user:pw@example.com/x".into())
        );
        assert_eq!(add("http://a"), Ok("http://a".into()));
    }

    #[test]
    fn relative_references_have_no_host_to_take() {
        for relative in [
            "/x", "\\x", "./x", "../x", ".\\x", "..\\x", ".", "..", "?q", "#f",
        ] {
            let got = with_default_scheme(relative, "https");
            assert_eq!(got, Err(NotAbsolute::RelativeReference), "{relative}");
        }
        assert_eq!(with_default_scheme("", "https"), Err(NotAbsolute::Empty));
    }
}
