//! The components of a URL in its normal form (what [`crate::normalize()`] returns), found by
//! slicing its text: a serialized URL has a fixed shape, so no parse is needed.
//!
//! `scheme ":" ["//" [userinfo "@"] host [":" port]] path ["?" query] ["#" fragment]`; in the
//! URL Standard's serialization the userinfo, the path and the query never hold a raw `/`,
//! `?` or `#` where these would end them (they are percent-encoded there).

use std::borrow::Cow;
use std::sync::LazyLock;

use crate::error::UrlError;
use crate::normalize::fast::normal_form;
use crate::normalize::normalize_cow;
use crate::options::Options;

/// A URL read as the rest of the API reads it: [`crate::normalize()`] with the default options.
pub(crate) struct NormalUrl<'a> {
    text: Cow<'a, str>,
    /// Where the host is, when normalize()'s fast path found it (an `http` or `https` URL
    /// that is its own normal form): its components are then sliced without a scan of the
    /// authority.
    host: Option<(usize, usize)>,
}

impl<'a> NormalUrl<'a> {
    /// Normalizes `input` (any bytes: a URL as found, with or without a scheme).
    pub(crate) fn read(input: &'a [u8]) -> Result<Self, UrlError> {
        Self::read_with(input, default_options())
    }

    /// Normalizes `input` under `options`.
    pub(crate) fn read_with(input: &'a [u8], options: &Options) -> Result<Self, UrlError> {
        if let Some(normal) = normal_form(input) {
            if options.admits_fast_answer(input, normal.scheme, normal.host, normal.url) {
                let start = normal.scheme.len() + 3;
                return Ok(Self {
                    text: Cow::Borrowed(normal.url),
                    host: Some((start, start + normal.host.len())),
                });
            }
        }
        Ok(Self {
            text: normalize_cow(input, options)?,
            host: None,
        })
    }

    /// A URL already in normal form (the answer of [`crate::normalize()`] or
    /// [`crate::resolve`]).
    pub(crate) fn from_normal(text: String) -> NormalUrl<'static> {
        NormalUrl {
            text: Cow::Owned(text),
            host: None,
        }
    }

    /// The whole URL.
    pub(crate) fn as_str(&self) -> &str {
        &self.text
    }

    /// The URL's components.
    pub(crate) fn parts(&self) -> Parts<'_> {
        match self.host {
            Some((start, end)) => Parts::with_host(&self.text, start, end),
            None => Parts::of(&self.text),
        }
    }
}

/// The options every URL of this stage is read with: the defaults, built once (building them
/// compiles a regular expression, which would cost more than reading a URL).
pub(crate) fn default_options() -> &'static Options {
    static DEFAULT: LazyLock<Options> = LazyLock::new(Options::default);
    &DEFAULT
}

/// The components of a serialized URL, as slices of it. Each is the URL Standard's (and
/// URLPattern's) component: `scheme` without its `:`, `query` without `?`, `fragment`
/// without `#`; `port` is empty for the scheme's default port (the serialization drops it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Parts<'a> {
    pub(crate) scheme: &'a str,
    pub(crate) username: &'a str,
    pub(crate) password: &'a str,
    pub(crate) host: &'a str,
    pub(crate) port: &'a str,
    pub(crate) path: &'a str,
    pub(crate) query: Option<&'a str>,
    pub(crate) fragment: Option<&'a str>,
    /// The path and the query with its `?`: what robots.txt rules match (RFC 9309 §2.2.2).
    pub(crate) path_and_query: &'a str,
}

impl<'a> Parts<'a> {
    const EMPTY: Parts<'static> = Parts {
        scheme: "",
        username: "",
        password: "",
        host: "",
        port: "",
        path: "",
        query: None,
        fragment: None,
        path_and_query: "",
    };

    /// The eight components in URLPattern's order (protocol, username, password, hostname,
    /// port, pathname, search, hash), a missing query or fragment as empty.
    pub(crate) fn in_pattern_order(&self) -> [&'a str; 8] {
        [
            self.scheme,
            self.username,
            self.password,
            self.host,
            self.port,
            self.path,
            self.query.unwrap_or(""),
            self.fragment.unwrap_or(""),
        ]
    }

    /// Slices a serialized URL in one pass over its bytes. Text that is no serialization
    /// gives empty components where its shape breaks, never a panic.
    pub(crate) fn of(url: &'a str) -> Self {
        let bytes = url.as_bytes();
        let mut parts = Parts::EMPTY;
        let Some(colon) = memchr::memchr(b':', bytes) else {
            return parts;
        };
        parts.scheme = &url[..colon];
        let mut at = colon + 1;
        if bytes[at..].starts_with(b"//") {
            at += 2;
            let start = at;
            // The authority ends at the path, the query or the fragment.
            at += memchr::memchr3(b'/', b'?', b'#', &bytes[at..]).unwrap_or(bytes.len() - at);
            parts.split_authority(&url[start..at]);
        }
        parts.tail(url, at);
        parts
    }

    /// The components of `scheme://host…` whose host is at `start..end` (no userinfo).
    fn with_host(url: &'a str, start: usize, end: usize) -> Self {
        let mut parts = Parts::EMPTY;
        parts.scheme = &url[..start - 3];
        parts.host = &url[start..end];
        let mut at = end;
        if url.as_bytes().get(at) == Some(&b':') {
            let digits = &url.as_bytes()[at + 1..];
            let length = memchr::memchr3(b'/', b'?', b'#', digits).unwrap_or(digits.len());
            parts.port = &url[at + 1..at + 1 + length];
            at += 1 + length;
        }
        parts.tail(url, at);
        parts
    }

    /// The path, the query and the fragment, from `at`.
    fn tail(&mut self, url: &'a str, mut at: usize) {
        let bytes = url.as_bytes();
        let path_start = at;
        at += memchr::memchr2(b'?', b'#', &bytes[at..]).unwrap_or(bytes.len() - at);
        self.path = &url[path_start..at];
        if bytes.get(at) == Some(&b'?') {
            let query_start = at + 1;
            let rest = &bytes[query_start..];
            at = query_start + memchr::memchr(b'#', rest).unwrap_or(rest.len());
            self.query = Some(&url[query_start..at]);
        }
        self.path_and_query = &url[path_start..at];
        if at < bytes.len() {
            self.fragment = Some(&url[at + 1..]);
        }
    }

    /// `[userinfo "@"] host [":" port]`, the host an IPv6 address in brackets or not.
    fn split_authority(&mut self, authority: &'a str) {
        let bytes = authority.as_bytes();
        let host_port = match bytes.iter().rposition(|&b| b == b'@') {
            Some(at) => {
                let userinfo = &authority[..at];
                match userinfo.split_once(':') {
                    Some((user, pass)) => {
                        self.username = user;
                        self.password = pass;
                    }
                    None => self.username = userinfo,
                }
                &authority[at + 1..]
            }
            None => authority,
        };
        let bytes = host_port.as_bytes();
        let search_from = match bytes.first() {
            Some(b'[') => bytes.iter().position(|&b| b == b']').unwrap_or(0),
            _ => 0,
        };
        match bytes[search_from..].iter().rposition(|&b| b == b':') {
            Some(offset) => {
                self.host = &host_port[..search_from + offset];
                self.port = &host_port[search_from + offset + 1..];
            }
            None => self.host = host_port,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_of_serialized_urls() {
        let p = Parts::of("https://user:pa:ss@example.com:8080/a/b?c=d?e#f#g");
        assert_eq!(p.scheme, "https");
        assert_eq!(p.username, "user");
        assert_eq!(p.password, "pa:ss");
        assert_eq!(p.host, "example.com");
        assert_eq!(p.port, "8080");
        assert_eq!(p.path, "/a/b");
        assert_eq!(p.query, Some("c=d?e"));
        assert_eq!(p.fragment, Some("f#g"));
        assert_eq!(p.path_and_query, "/a/b?c=d?e");

        let p = Parts::of("http://[::1]:81/");
        assert_eq!((p.host, p.port, p.path), ("[::1]", "81", "/"));
        let p = Parts::of("http://[::1]/x");
        assert_eq!((p.host, p.port), ("[::1]", ""));

        let p = Parts::of("mailto:joe@example.com?subject=x");
        assert_eq!(
            (p.scheme, p.host, p.path),
            ("mailto", "", "joe@example.com")
        );
        assert_eq!(p.query, Some("subject=x"));

        let p = Parts::of("https://example.com?q");
        assert_eq!((p.path, p.query), ("", Some("q")));
    }

    #[test]
    fn text_that_is_no_url_gives_empty_parts() {
        for text in ["", ":", "//", "a", "#", "?", "x://@:", "x://[", "x://]:"] {
            let _ = Parts::of(text);
        }
    }

    #[test]
    fn the_fast_path_slices_as_the_scan_does() {
        for url in [
            "https://example.com/",
            "http://example.com:8080/a/b?c=d#e",
            "https://a.b.example/x?y#z?",
            "https://example.com:81/?q",
            "https://example.com/a#",
        ] {
            let read = NormalUrl::read(url.as_bytes()).unwrap();
            assert!(read.host.is_some(), "{url}");
            assert_eq!(read.parts(), Parts::of(url), "{url}");
        }
    }

    #[test]
    fn read_normalizes() {
        let url = NormalUrl::read("コーヒー.jp/café".as_bytes()).unwrap();
        assert_eq!(url.as_str(), "https://xn--tck2c4fb.jp/caf%C3%A9");
        assert_eq!(url.parts().host, "xn--tck2c4fb.jp");
    }
}
