//! Hosts: where the host is in an input, and the URL Standard's rule for ASCII domains.
//!
//! The current URL Standard lowercases an all-ASCII domain and does not run it through
//! UTS #46 ToASCII, so `xn--a.com` (an `xn--` label that is not valid Punycode) is kept as
//! it is. The `url` crate 2.5 still validates such labels and rejects the URL. This module
//! gives the parser layer what it needs to follow the standard there: the place of the
//! host in the input, and the standard's result for that host.

use crate::error::ErrorKind;
use crate::input::{is_slash, is_special_scheme, split_scheme};
use percent_encoding::percent_decode_str;
use std::ops::Range;

/// Where the host of a URL comes from, for an input read on its own or against a base.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum HostSource {
    /// The input names its own host; for a special scheme, this is its byte range.
    Own(Option<Range<usize>>),
    /// The input is relative and takes the base's host.
    Inherited,
}

/// Finds the host an input names, following the URL Standard's state machine as far as
/// the host: `input` is stripped, `base_scheme` is the scheme of the base URL if any.
/// <https://url.spec.whatwg.org/#concept-basic-url-parser>
pub(crate) fn find_host(input: &str, base_scheme: Option<&str>) -> HostSource {
    let base_is_special = base_scheme.is_some_and(is_special_scheme);
    let (start, rest) = match split_scheme(input) {
        None => (0, input),
        Some((scheme, _)) if !is_special_scheme(scheme) => return HostSource::Own(None),
        Some((scheme, rest)) => {
            let start = scheme.len() + 1;
            let same_as_base = base_scheme.is_some_and(|base| base.eq_ignore_ascii_case(scheme));
            if scheme.eq_ignore_ascii_case("file") {
                return match two_slashes(rest) {
                    true => HostSource::Own(Some(file_host(input, start + 2))),
                    false if same_as_base => HostSource::Inherited,
                    false => HostSource::Own(None),
                };
            }
            // "special relative or authority state": `http:x` against an http base is a path.
            if same_as_base && !two_slashes(rest) {
                return HostSource::Inherited;
            }
            return HostSource::Own(Some(authority_host(input, start)));
        }
    };
    match base_scheme {
        Some(base) if base.eq_ignore_ascii_case("file") && two_slashes(rest) => {
            HostSource::Own(Some(file_host(input, start + 2)))
        }
        Some(_) if base_is_special && two_slashes(rest) => {
            HostSource::Own(Some(authority_host(input, start)))
        }
        Some(_) if !base_is_special && rest.starts_with("//") => HostSource::Own(None),
        Some(_) => HostSource::Inherited,
        None => HostSource::Own(None),
    }
}

fn two_slashes(rest: &str) -> bool {
    matches!(rest.as_bytes(), [a, b, ..] if is_slash(*a) && is_slash(*b))
}

/// The host inside the authority that starts at `start`, after any slashes.
/// <https://url.spec.whatwg.org/#authority-state>
fn authority_host(input: &str, start: usize) -> Range<usize> {
    let bytes = input.as_bytes();
    let mut begin = start;
    while begin < bytes.len() && is_slash(bytes[begin]) {
        begin += 1;
    }
    let end = end_of_authority(input, begin);
    let host = split_authority(&input[begin..end]).host;
    begin + host.start..begin + host.end
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
pub(crate) fn split_authority(authority: &str) -> AuthorityParts {
    let at = authority.rfind('@');
    let begin = at.map_or(0, |at| at + 1);
    let mut in_brackets = false;
    let mut colon = None;
    for (offset, b) in authority[begin..].bytes().enumerate() {
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
    AuthorityParts {
        userinfo: at.map(|at| 0..at),
        host: begin..colon.unwrap_or(authority.len()),
        port: colon.map(|colon| colon + 1..authority.len()),
    }
}

/// A `file:` host runs to the next separator; it has no userinfo or port.
/// <https://url.spec.whatwg.org/#file-host-state>
fn file_host(input: &str, start: usize) -> Range<usize> {
    start..end_of_authority(input, start)
}

fn end_of_authority(input: &str, start: usize) -> usize {
    input[start..]
        .find(['/', '\\', '?', '#'])
        .map_or(input.len(), |offset| start + offset)
}

/// The URL Standard's host parser for a domain that is ASCII once percent-decoded:
/// ASCII-lowercase it, then reject forbidden domain code points and hosts that end in
/// a number (such a host must be an IPv4 address, and one with an `xn--` label is not).
/// <https://url.spec.whatwg.org/#concept-host-parser>
///
/// # Errors
///
/// [`ErrorKind::InvalidDomain`] when the decoded host is not ASCII (the `url` crate's
/// UTS #46 processing already rejected it, as the standard does); the other host kinds
/// as named above.
pub(crate) fn ascii_domain(raw_host: &str) -> Result<String, ErrorKind> {
    let decoded: Vec<u8> = percent_decode_str(raw_host).collect();
    if !decoded.is_ascii() {
        return Err(ErrorKind::InvalidDomain);
    }
    let domain = String::from_utf8(decoded)
        .map_err(|_| ErrorKind::InvalidDomain)?
        .to_ascii_lowercase();
    if domain.is_empty() {
        return Err(ErrorKind::EmptyHost);
    }
    if domain.bytes().any(is_forbidden_domain_code_point) {
        return Err(ErrorKind::ForbiddenHostCodePoint);
    }
    if ends_in_a_number(&domain) {
        return Err(ErrorKind::InvalidIpv4Address);
    }
    Ok(domain)
}

/// <https://url.spec.whatwg.org/#forbidden-domain-code-point>
pub(crate) fn is_forbidden_domain_code_point(b: u8) -> bool {
    b <= 0x20 || b == 0x7f || b"#%/:<>?@[\\]^|".contains(&b)
}

/// <https://url.spec.whatwg.org/#ends-in-a-number-checker>
pub(crate) fn ends_in_a_number(domain: &str) -> bool {
    let mut labels = domain.rsplit('.');
    let mut last = labels.next().unwrap_or("");
    if last.is_empty() {
        match labels.next() {
            Some(label) => last = label,
            None => return false,
        }
    }
    if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    let hex = last.strip_prefix("0x").or_else(|| last.strip_prefix("0X"));
    hex.is_some_and(|digits| digits.bytes().all(|b| b.is_ascii_hexdigit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn own(input: &str, base: Option<&str>) -> Option<&'static str> {
        match find_host(input, base) {
            HostSource::Own(Some(range)) => Some(input[range].to_string().leak()),
            _ => None,
        }
    }

    #[test]
    fn finds_the_host_of_absolute_urls() {
        assert_eq!(own("https://u:p@Xn--A.com:8080/p", None), Some("Xn--A.com"));
        assert_eq!(own("http:\\\\\\a.b/c", None), Some("a.b"));
        assert_eq!(own("https:xn--a?q", None), Some("xn--a"));
        assert_eq!(own("http://[::1]:80/", None), Some("[::1]"));
        assert_eq!(own("file://xn--/p", None), Some("xn--"));
        assert_eq!(own("foo://xn--a/", None), None);
    }

    #[test]
    fn relative_hrefs_inherit_the_base_host() {
        let http = Some("http");
        assert_eq!(find_host("../x", http), HostSource::Inherited);
        assert_eq!(find_host("http:x", http), HostSource::Inherited);
        assert_eq!(find_host("/x", http), HostSource::Inherited);
        assert_eq!(own("//xn--a/x", http), Some("xn--a"));
        assert_eq!(own("\\/xn--a/x", http), Some("xn--a"));
        assert_eq!(own("https:xn--a/x", http), Some("xn--a"));
        assert_eq!(find_host("mailto:x", http), HostSource::Own(None));
        assert_eq!(find_host("//x", Some("foo")), HostSource::Own(None));
        assert_eq!(find_host("x", Some("foo")), HostSource::Inherited);
    }

    #[test]
    fn ascii_domains_are_lowercased_not_validated() {
        assert_eq!(ascii_domain("XN--A.com"), Ok("xn--a.com".into()));
        assert_eq!(ascii_domain("xn--ls8h="), Ok("xn--ls8h=".into()));
        assert_eq!(ascii_domain("xn--%41"), Ok("xn--a".into()));
        assert_eq!(ascii_domain("xn--a.ß"), Err(ErrorKind::InvalidDomain));
        assert_eq!(ascii_domain("xn--a%FF"), Err(ErrorKind::InvalidDomain));
        assert_eq!(
            ascii_domain("xn--a b"),
            Err(ErrorKind::ForbiddenHostCodePoint)
        );
        assert_eq!(ascii_domain("xn--a.1"), Err(ErrorKind::InvalidIpv4Address));
        assert_eq!(
            ascii_domain("xn--a.0x1f."),
            Err(ErrorKind::InvalidIpv4Address)
        );
        assert_eq!(ascii_domain("xn--a.0xg"), Ok("xn--a.0xg".into()));
        assert_eq!(ascii_domain(""), Err(ErrorKind::EmptyHost));
    }
}
