//! Sites: the public suffix and the registrable domain of a host, from the Public Suffix
//! List, and the HTML Standard's same-site test built on them.
//!
//! The list is the `psl` crate's, compiled in (no file to download or cache). It marks each
//! rule as ICANN or private; private rules (`github.io`, `blogspot.com`) apply unless
//! [`PublicSuffixes::Icann`] is asked for, as browsers do for same-site and cookies.
//! <https://url.spec.whatwg.org/#host-public-suffix>

use crate::error::{Operation, UrlError};
use crate::input::{is_network_scheme, is_special_scheme};
use crate::normalize::parse_input;
use crate::options::{Options, PublicSuffixes};
use crate::standard::{parse, ParsedUrl};
use psl::{List, Psl, Type};
use std::borrow::Cow;

/// The Public Suffix List compiled in: the version of the `psl` crate that carries it, which
/// changes with every update of the list. Store it beside `registrable_domain()` answers, as
/// they change with the list. tests/data_versions.rs holds it to Cargo.lock.
pub const PUBLIC_SUFFIX_LIST_VERSION: &str = "2.1.247";

/// How many rules that list has (ICANN and private sections).
pub const PUBLIC_SUFFIX_LIST_RULES: usize = 10_397;

/// The registrable domain (eTLD+1) of the URL's host after normalization, in ASCII.
///
/// `None` for an IP address, a host that is itself a public suffix (`co.uk`, `github.io`,
/// `localhost`), and a URL without a domain (`mailto:`, and non-special schemes, whose
/// hosts are opaque). Private rules of the list apply unless [`Options::public_suffixes`]
/// is [`PublicSuffixes::Icann`].
///
/// # Examples
///
/// ```
/// use url_normalize_core::{registrable_domain, Options};
/// let options = Options::default();
/// let domain = registrable_domain("https://www.bbc.co.uk/news".as_bytes(), &options)?;
/// assert_eq!(domain.as_deref(), Some("bbc.co.uk"));
/// let domain = registrable_domain("https://食狮.公司.cn/".as_bytes(), &options)?;
/// assert_eq!(domain.as_deref(), Some("xn--85x722f.xn--55qx5d.cn"));
/// assert_eq!(registrable_domain(b"https://github.io/", &options)?, None);
/// # Ok::<(), url_normalize_core::UrlError>(())
/// ```
///
/// # Errors
///
/// As [`crate::normalize()`]: the input is not a URL.
pub fn registrable_domain(input: &[u8], options: &Options) -> Result<Option<String>, UrlError> {
    let url = parse_input(input, options, Operation::RegistrableDomain)?;
    let sections = options.public_suffixes();
    Ok(domain_of(&url)
        .and_then(|domain| registrable_domain_of_host(domain, sections).map(str::to_owned)))
}

/// The public suffix of the URL's host after normalization, in ASCII: `co.uk` for
/// `https://www.bbc.co.uk/`, `github.io` for `https://a.github.io/`. An unlisted top-level
/// domain is its own suffix (`localhost`). `None` where [`registrable_domain`] has no host
/// to look at, and for a host with an empty label (`a..com`).
///
/// # Examples
///
/// ```
/// use url_normalize_core::{public_suffix, OptionValue, Options};
/// let mut options = Options::default();
/// assert_eq!(public_suffix(b"https://a.github.io/", &options)?.as_deref(), Some("github.io"));
/// options.set("public_suffixes", OptionValue::String("icann".into())).unwrap();
/// assert_eq!(public_suffix(b"https://a.github.io/", &options)?.as_deref(), Some("io"));
/// # Ok::<(), url_normalize_core::UrlError>(())
/// ```
///
/// # Errors
///
/// As [`crate::normalize()`]: the input is not a URL.
pub fn public_suffix(input: &[u8], options: &Options) -> Result<Option<String>, UrlError> {
    let url = parse_input(input, options, Operation::PublicSuffix)?;
    let sections = options.public_suffixes();
    Ok(domain_of(&url)
        .and_then(|domain| public_suffix_of_host(domain, sections).map(str::to_owned)))
}

/// The HTML Standard's site tests on the URLs' origins. Without `schemeful`, *schemelessly
/// same site*: both hosts have the same registrable domain or, where there is none (an IP
/// address, `localhost`), are the same host; ports never matter. With `schemeful`, *same
/// site*: schemelessly same site and the same scheme (`http` and `https` differ). A `blob:`
/// URL has the origin of the URL inside it when that is `http:` or `https:`, as in the URL
/// Standard. A URL whose origin is opaque (`mailto:`, `file:`, `data:`, non-special schemes,
/// any other `blob:`) is same site with nothing.
/// <https://html.spec.whatwg.org/multipage/browsers.html#schemelessly-same-site>
/// <https://html.spec.whatwg.org/multipage/browsers.html#same-site>
/// <https://url.spec.whatwg.org/#concept-url-origin>
///
/// # Examples
///
/// ```
/// use url_normalize_core::{same_site, Options};
/// let options = Options::default();
/// assert!(same_site(b"https://www.example.co.uk/", b"http://shop.example.co.uk:8080/", false, &options)?);
/// assert!(!same_site(b"https://www.example.co.uk/", b"http://shop.example.co.uk/", true, &options)?);
/// assert!(!same_site(b"https://a.github.io/", b"https://b.github.io/", false, &options)?);
/// assert!(same_site(b"blob:https://a.com/x", b"https://a.com/", true, &options)?);
/// # Ok::<(), url_normalize_core::UrlError>(())
/// ```
///
/// # Errors
///
/// As [`crate::normalize()`], for the first of the two inputs that is not a URL.
pub fn same_site(a: &[u8], b: &[u8], schemeful: bool, options: &Options) -> Result<bool, UrlError> {
    let a = parse_input(a, options, Operation::SameSite)?;
    let b = parse_input(b, options, Operation::SameSite)?;
    let (Some(a), Some(b)) = (tuple_origin(&a), tuple_origin(&b)) else {
        return Ok(false);
    };
    let sections = options.public_suffixes();
    let same = match (site_of(&a, sections), site_of(&b, sections)) {
        (Some(site_a), Some(site_b)) => site_a == site_b,
        _ => false,
    };
    Ok(same && (!schemeful || a.url.scheme() == b.url.scheme()))
}

/// The URL whose scheme and host make `url`'s origin, when that origin is a tuple: `url`
/// itself for `http:`, `https:`, `ws:`, `wss:` and `ftp:`, and for `blob:` the URL its path
/// holds when that is `http:` or `https:`. `None` for an opaque origin.
/// <https://url.spec.whatwg.org/#concept-url-origin>
pub(crate) fn tuple_origin(url: &ParsedUrl) -> Option<Cow<'_, ParsedUrl>> {
    let scheme = url.url.scheme();
    if is_network_scheme(scheme) {
        return Some(Cow::Borrowed(url));
    }
    if scheme != "blob" {
        return None;
    }
    let inner = parse(url.url.path()).ok()?;
    matches!(inner.url.scheme(), "http" | "https").then_some(Cow::Owned(inner))
}

/// The host of a URL when it is a domain: special schemes only, whose hosts went through
/// the host parser (a non-special URL's host is opaque).
fn domain_of(url: &ParsedUrl) -> Option<&str> {
    url.domain().filter(|_| is_special_scheme(url.url.scheme()))
}

/// What same-site compares: the registrable domain, or else the host itself.
fn site_of(url: &ParsedUrl, sections: PublicSuffixes) -> Option<String> {
    if !is_network_scheme(url.url.scheme()) {
        return None;
    }
    if let Some(domain) = url.domain() {
        if let Some(registrable) = registrable_domain_of_host(domain, sections) {
            return Some(registrable.to_owned());
        }
        return Some(domain.to_owned());
    }
    url.url.host_str().map(str::to_owned)
}

/// The public suffix of an ASCII, lowercase domain (as a parsed URL holds it), or `None`
/// when the domain has an empty label (`.com`, `a..b`), which no rule of the list can
/// describe. A trailing dot is kept, as the URL Standard keeps it.
///
/// Unlisted top-level domains are their own public suffix (the list's implicit `*` rule):
/// `localhost` is the public suffix of `localhost`.
pub(crate) fn public_suffix_of_host(domain: &str, sections: PublicSuffixes) -> Option<&str> {
    let (name, trailing_dot) = without_trailing_dot(domain);
    if name.split('.').any(str::is_empty) {
        return None;
    }
    let length = suffix_length(name, sections);
    Some(&domain[name.len() - length..name.len() + trailing_dot])
}

/// The registrable domain (eTLD+1) of an ASCII, lowercase domain: its public suffix and the
/// label before it. `None` when the domain is itself a public suffix (`co.uk`, `github.io`)
/// or has an empty label.
pub(crate) fn registrable_domain_of_host(domain: &str, sections: PublicSuffixes) -> Option<&str> {
    let (name, trailing_dot) = without_trailing_dot(domain);
    if name.split('.').any(str::is_empty) {
        return None;
    }
    let length = suffix_length(name, sections);
    let rest = name[..name.len() - length].strip_suffix('.')?;
    let start = rest.rfind('.').map_or(0, |dot| dot + 1);
    Some(&domain[start..name.len() + trailing_dot])
}

fn without_trailing_dot(domain: &str) -> (&str, usize) {
    match domain.strip_suffix('.') {
        Some(name) => (name, 1),
        None => (domain, 0),
    }
}

/// The length in bytes of the public suffix of `name` (no trailing dot, no empty label).
///
/// With [`PublicSuffixes::Icann`], a private rule's match is shortened one label at a time
/// until the list answers with an ICANN (or the implicit `*`) rule: the longest ICANN rule
/// matching `name` is always a suffix of the longest rule of either section.
fn suffix_length(name: &str, sections: PublicSuffixes) -> usize {
    let mut candidate = name;
    loop {
        let info = List.find(candidate.as_bytes().rsplit(|b| *b == b'.'));
        let found = &candidate[candidate.len() - info.len..];
        match (sections, info.typ, found.split_once('.')) {
            (PublicSuffixes::Icann, Some(Type::Private), Some((_, shorter))) => {
                candidate = shorter;
            }
            _ => return info.len,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn registrable(domain: &str) -> Option<&str> {
        registrable_domain_of_host(domain, PublicSuffixes::All)
    }

    #[test]
    fn registrable_domains_follow_the_list() {
        assert_eq!(registrable("www.example.co.uk"), Some("example.co.uk"));
        assert_eq!(registrable("co.uk"), None);
        assert_eq!(registrable("a.b.c.kobe.jp"), Some("b.c.kobe.jp"));
        assert_eq!(registrable("www.www.ck"), Some("www.ck"));
        assert_eq!(
            registrable("www.xn--85x722f.xn--55qx5d.cn"),
            Some("xn--85x722f.xn--55qx5d.cn")
        );
        assert_eq!(registrable("localhost"), None);
        assert_eq!(registrable("a.example"), Some("a.example"));
    }

    #[test]
    fn private_rules_apply_unless_only_icann_is_asked_for() {
        assert_eq!(registrable("a.github.io"), Some("a.github.io"));
        assert_eq!(registrable("github.io"), None);
        assert_eq!(
            registrable_domain_of_host("a.github.io", PublicSuffixes::Icann),
            Some("github.io")
        );
        assert_eq!(
            registrable("x.bucket.s3.amazonaws.com"),
            Some("bucket.s3.amazonaws.com")
        );
        assert_eq!(
            registrable_domain_of_host("x.bucket.s3.amazonaws.com", PublicSuffixes::Icann),
            Some("amazonaws.com")
        );
        assert_eq!(
            public_suffix_of_host("a.github.io", PublicSuffixes::All),
            Some("github.io")
        );
        assert_eq!(
            public_suffix_of_host("a.github.io", PublicSuffixes::Icann),
            Some("io")
        );
    }

    fn site(a: &str, b: &str, schemeful: bool) -> bool {
        same_site(a.as_bytes(), b.as_bytes(), schemeful, &Options::default()).unwrap()
    }

    #[test]
    fn same_site_compares_registrable_domains_then_hosts() {
        assert!(site(
            "https://a.example.co.uk/x",
            "http://b.example.co.uk:81/",
            false
        ));
        assert!(!site(
            "https://a.example.co.uk/",
            "http://b.example.co.uk/",
            true
        ));
        assert!(!site(
            "https://example.co.uk/",
            "https://example.com/",
            false
        ));
        assert!(!site("https://a.github.io/", "https://b.github.io/", false));
        assert!(site(
            "https://a.b.github.io/",
            "https://b.github.io/",
            false
        ));
        assert!(site(
            "http://localhost:3000/",
            "http://localhost:8080/",
            false
        ));
        assert!(!site("http://localhost/", "http://127.0.0.1/", false));
        assert!(site("http://[::1]/", "ws://[::1]:9/", false));
        assert!(site(
            "http://コーヒー.jp/",
            "https://www.xn--tck2c4fb.jp/",
            false
        ));
        // Opaque origins are same-site with nothing, not even themselves.
        assert!(!site("mailto:a@b.com", "mailto:a@b.com", false));
        assert!(!site("file:///a", "file:///a", false));
        assert!(!site("foo://example.com/", "foo://example.com/", false));
    }

    #[test]
    fn a_blob_url_has_the_origin_of_its_inner_url() {
        assert!(site("blob:https://a.com/x", "https://a.com/", false));
        assert!(site("blob:https://a.com/x", "https://a.com/", true));
        assert!(!site("blob:https://a.com/x", "http://a.com/", true));
        assert!(site(
            "blob:https://www.a.co.uk/x",
            "https://b.a.co.uk/",
            false
        ));
        assert!(site(
            "blob:https://аррӏе.com/1",
            "https://xn--80ak6aa92e.com/",
            false
        ));
        // Inner URLs of other schemes, and no URL, give an opaque origin.
        assert!(!site("blob:ws://a.com/x", "ws://a.com/", false));
        assert!(!site("blob:file:///a", "file:///a", false));
        assert!(!site("blob:nothing", "blob:nothing", false));
    }

    #[test]
    fn icann_only_joins_private_suffixes() {
        let mut options = Options::default();
        options
            .set(
                "public_suffixes",
                crate::OptionValue::String("icann".into()),
            )
            .unwrap();
        assert!(same_site(
            b"https://a.github.io/",
            b"https://b.github.io/",
            false,
            &options
        )
        .unwrap());
        let err = options
            .set(
                "public_suffixes",
                crate::OptionValue::String("private".into()),
            )
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "Option `public_suffixes` must be 'all' or 'icann'; `private` given"
        );
    }

    #[test]
    fn urls_without_a_domain_have_no_suffix() {
        let options = Options::default();
        for url in [
            "https://192.168.0.1/",
            "https://[::1]/",
            "mailto:a@example.com",
            "foo://example.com/",
        ] {
            assert_eq!(
                registrable_domain(url.as_bytes(), &options),
                Ok(None),
                "{url}"
            );
            assert_eq!(public_suffix(url.as_bytes(), &options), Ok(None), "{url}");
        }
        let err = registrable_domain(b"https://exa mple.com/", &options).unwrap_err();
        assert!(err
            .to_string()
            .starts_with("Cannot find the registrable domain of `https://exa mple.com/`"));
    }

    #[test]
    fn trailing_dots_are_kept_and_empty_labels_have_no_suffix() {
        assert_eq!(registrable("www.example.com."), Some("example.com."));
        assert_eq!(
            public_suffix_of_host("www.example.com.", PublicSuffixes::All),
            Some("com.")
        );
        assert_eq!(registrable(".example.com"), None);
        assert_eq!(public_suffix_of_host("a..com", PublicSuffixes::All), None);
        assert_eq!(
            public_suffix_of_host("localhost", PublicSuffixes::All),
            Some("localhost")
        );
    }
}
