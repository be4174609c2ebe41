//! SURT, the Sort-friendly URI Reordering Transform of web archives, in the Internet
//! Archive's form: `http://www.example.com/a?b` → `com,example)/a?b`.
//! <https://github.com/internetarchive/surt>

use crate::error::UrlError;
use crate::keys::canonical::canonical_url;
use crate::keys::flags::Flags;
use crate::options::Options;
use url::Host;

/// The canonicalization the Internet Archive applies before writing a SURT: escapes made
/// canonical, `www.` and session ids removed, duplicate slashes, a trailing slash and an
/// empty query dropped, no fragment.
const SURT_FLAGS: Flags = Flags(
    Flags::MAKE_CANONICAL.bits()
        | Flags::REMOVE_WWW.bits()
        | Flags::REMOVE_SESSION_IDS.bits()
        | Flags::REMOVE_DUPLICATE_SLASHES.bits()
        | Flags::REMOVE_TRAILING_SLASH.bits()
        | Flags::REMOVE_EMPTY_QUERY.bits()
        | Flags::REMOVE_FRAGMENTS.bits(),
);

/// The SURT of a URL: the host's labels reversed and joined by `,`, the port if any, `)`,
/// then the path and the query with its pairs sorted, all lowercase. The scheme and
/// userinfo are left out, so `http` and `https` share a key. A URL without a host
/// (`mailto:`) is returned in its canonical form.
///
/// # Examples
///
/// ```
/// use url_normalize_core::{surt, Options};
/// let options = Options::default();
/// assert_eq!(surt(b"http://www.example.com/a?b", &options)?, "com,example)/a?b");
/// assert_eq!(surt(b"https://Archive.org:8080/Goo/?b&a=2&a=1#x", &options)?, "org,archive:8080)/goo?a=1&a=2&b");
/// assert_eq!(surt(b"mailto:bot@archive.org", &options)?, "mailto:bot@archive.org");
/// # Ok::<(), url_normalize_core::UrlError>(())
/// ```
///
/// # Errors
///
/// As [`crate::canonicalize`].
pub fn surt(input: &[u8], options: &Options) -> Result<String, UrlError> {
    let url = canonical_url(input, SURT_FLAGS, options)?;
    let host = match (url.domain(), url.url.host()) {
        // Special-scheme domains are lowercase already; opaque hosts (`foo://Host`) are not.
        (Some(domain), _) => domain
            .trim_end_matches('.')
            .rsplit('.')
            .collect::<Vec<_>>()
            .join(",")
            .to_lowercase(),
        (None, Some(Host::Ipv4(address))) => address.to_string(),
        (None, Some(Host::Ipv6(address))) => format!("[{address}]"),
        _ => return Ok(url.serialize()),
    };
    let mut key = host;
    if let Some(port) = url.url.port() {
        key.push_str(&format!(":{port}"));
    }
    key.push(')');
    key.push_str(&url.url.path().to_lowercase());
    if let Some(query) = url.url.query() {
        // The Internet Archive sorts whole pairs, values included: `a=2&a=1` → `a=1&a=2`.
        let lowercase = query.to_lowercase();
        let mut pairs: Vec<&str> = lowercase.split('&').collect();
        pairs.sort_unstable();
        key.push('?');
        key.push_str(&pairs.join("&"));
    }
    Ok(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(url: &str) -> String {
        surt(url.as_bytes(), &Options::default()).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The Internet Archive's surt package, tests/test_surt.py, where both canonicalizations agree.
    #[test]
    fn internet_archive_cases() {
        assert_eq!(key("http://www.archive.org/"), "org,archive)/");
        assert_eq!(key("http://archive.org/goo/"), "org,archive)/goo");
        assert_eq!(key("http://archive.org/goo/?"), "org,archive)/goo");
        assert_eq!(key("http://archive.org/goo/?b&a"), "org,archive)/goo?a&b");
        assert_eq!(
            key("http://archive.org/goo/?a=2&b&a=1"),
            "org,archive)/goo?a=1&a=2&b"
        );
        assert_eq!(key("http://archive.org/index.php?PHPSESSID=0123456789abcdefghijklemopqrstuv&action=profile;u=4221"), "org,archive)/index.php?action=profile;u=4221");
        assert_eq!(key("mailto:foo@example.com"), "mailto:foo@example.com");
    }

    #[test]
    fn hosts_ports_and_case() {
        assert_eq!(
            key("HTTPS://User:pw@Example.COM:8080/A/B?X=Y#f"),
            "com,example:8080)/a/b?x=y"
        );
        assert_eq!(key("http://127.0.0.1:8000/x"), "127.0.0.1:8000)/x");
        assert_eq!(key("http://[::1]/x"), "[::1])/x");
        assert_eq!(key("http://example.com./"), "com,example)/");
        assert_eq!(key("https://www.xn--a.com/"), "com,xn--a)/");
        assert_eq!(key("foo://Host/A"), "host)/a");
    }
}
