//! Fixup 1: an all-ASCII domain is lowercased, not validated as Punycode.
//!
//! The standard: the host parser's "domain to ASCII" runs UTS #46 ToASCII, and for an ASCII
//! domain with no `xn--` label that is ASCII lowercasing; the URL Standard's tests keep an
//! `xn--` label that is not valid Punycode as written (`http://a.b.c.XN--pokxncvks` is
//! `http://a.b.c.xn--pokxncvks/`).
//! <https://url.spec.whatwg.org/#concept-domain-to-ascii>
//!
//! The crate (2.5.8): rejects such a label with `IdnaError`. The URL is then parsed again
//! with a placeholder host, and the real host, lowercased, is kept beside the crate's `Url`.
//! Delete when the crate keeps invalid Punycode in an ASCII domain.

use super::super::host::{ends_in_a_number, is_forbidden_domain_code_point};
use super::super::parsed_url::{ParseFailure, ParsedUrl, PLACEHOLDER_HOST};
use crate::error::ErrorKind;
use crate::input::HostSource;
use percent_encoding::percent_decode_str;
use url::Url;

/// Retries a URL whose host the crate rejected with IDNA, when the standard accepts it
/// as an ASCII domain.
pub(in crate::standard) fn parse_ascii_domain(
    base: Option<&ParsedUrl>,
    input: &str,
    host: &HostSource,
) -> Result<ParsedUrl, ParseFailure> {
    let HostSource::Own(Some(range)) = host else {
        return Err(ParseFailure {
            kind: ErrorKind::InvalidDomain,
            host: None,
        });
    };
    let raw = &input[range.clone()];
    let fail = |kind| ParseFailure {
        kind,
        host: Some(raw.to_owned()),
    };
    let host = ascii_domain(raw).map_err(fail)?;
    let replaced = [&input[..range.start], PLACEHOLDER_HOST, &input[range.end..]].concat();
    let url = match base {
        None => Url::parse(&replaced),
        Some(base) => base.url.join(&replaced),
    }
    .map_err(|err| fail(err.into()))?;
    if url.host_str() != Some(PLACEHOLDER_HOST) {
        return Err(fail(ErrorKind::InvalidDomain));
    }
    Ok(ParsedUrl::finish(url, Some(host)))
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

#[cfg(test)]
mod tests {
    use super::super::testing::{href, joined};
    use super::*;
    use crate::error::ErrorKind;
    #[test]
    fn ascii_domains_with_invalid_punycode_are_kept() {
        assert_eq!(
            href("http://a.b.c.XN--pokxncvks"),
            Ok("http://a.b.c.xn--pokxncvks/".into())
        );
        assert_eq!(
            href("https://u:p@xn--/p?q#f"),
            Ok("https://u:p@xn--/p?q#f".into())
        );
        assert_eq!(href("https://xn--a.ß/"), Err(ErrorKind::InvalidDomain));
        assert_eq!(href("https://xn--a.1/"), Err(ErrorKind::InvalidIpv4Address));
    }

    #[test]
    fn a_base_with_a_kept_host_lends_it_to_relative_links() {
        assert_eq!(
            joined("https://xn--a/d/e", "../f?g"),
            Ok("https://xn--a/f?g".into())
        );
        assert_eq!(
            joined("https://xn--a/d/e", "//b.com/"),
            Ok("https://b.com/".into())
        );
        assert_eq!(
            joined("https://a.com/", "//xn--a/x"),
            Ok("https://xn--a/x".into())
        );
        let literal = format!("//{PLACEHOLDER_HOST}/");
        assert_eq!(
            joined("https://xn--a/", &literal),
            Ok(format!("https:{literal}"))
        );
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
