//! The components of a serialized URL, found by slicing its text: a serialization has a
//! fixed shape, so no parse is needed.
//!
//! `scheme ":" ["//" [userinfo "@"] host [":" port]] path ["?" query] ["#" fragment]`; in the
//! URL Standard's serialization the userinfo, the path and the query never hold a raw `/`,
//! `?` or `#` where these would end them (they are percent-encoded there), and the authority
//! is split as every authority is ([`crate::input::authority::split_authority`]).
//! <https://url.spec.whatwg.org/#concept-url-serializer>

use crate::input::{authority_length, split_authority, split_userinfo};

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
    /// Where the path starts in the URL: the scheme, `:` and the authority with its `//`
    /// come before it.
    pub(crate) path_start: usize,
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
        path_start: 0,
        path: "",
        query: None,
        fragment: None,
        path_and_query: "",
    };

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
            // A serialization writes no `\` in an authority, so `special` changes nothing.
            at += authority_length(&bytes[at..], false);
            parts.split_authority(&url[start..at]);
        }
        parts.tail(url, at);
        parts
    }

    /// The components of `scheme://host…` whose host is at `start..end` (no userinfo), as a
    /// caller that has just read the host knows it.
    pub(crate) fn with_host(url: &'a str, start: usize, end: usize) -> Self {
        let mut parts = Parts::EMPTY;
        parts.scheme = &url[..start - 3];
        parts.host = &url[start..end];
        let mut at = end;
        if url.as_bytes().get(at) == Some(&b':') {
            let length = authority_length(&url.as_bytes()[at + 1..], false);
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
        self.path_start = path_start;
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
        let split = split_authority(authority.as_bytes());
        if let Some(userinfo) = split.userinfo {
            let (username, password) = split_userinfo(&authority.as_bytes()[userinfo.clone()]);
            let userinfo = &authority[userinfo];
            self.username = &userinfo[username];
            self.password = password.map_or("", |range| &userinfo[range]);
        }
        self.host = &authority[split.host];
        self.port = split.port.map_or("", |range| &authority[range]);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn components_of_serialized_urls() {
        let url = "https://user:pa:ss@example.com:8080/a/b?c=d?e#f#g";
        let p = Parts::of(url);
        assert_eq!(p.scheme, "https");
        assert_eq!(p.username, "user");
        assert_eq!(p.password, "pa:ss");
        assert_eq!(p.host, "example.com");
        assert_eq!(p.port, "8080");
        assert_eq!(&url[p.path_start..], "/a/b?c=d?e#f#g");
        assert_eq!(p.path, "/a/b");
        assert_eq!(p.query, Some("c=d?e"));
        assert_eq!(p.fragment, Some("f#g"));
        assert_eq!(p.path_and_query, "/a/b?c=d?e");

        let p = Parts::of("https://user@example.com/");
        assert_eq!(
            (p.username, p.password, p.host),
            ("user", "", "example.com")
        );
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
        assert_eq!((p.path, p.query, p.path_start), ("", Some("q"), 19));
    }

    /// Serialized URLs of special schemes with a host, a port or not, and each optional part.
    pub(crate) const SERIALIZED_WITH_HOSTS: [&str; 5] = [
        "https://example.com/",
        "http://example.com:8080/a/b?c=d#e",
        "https://a.b.example/x?y#z?",
        "https://example.com:81/?q",
        "https://example.com/a#",
    ];

    #[test]
    fn a_known_host_slices_as_the_scan_does() {
        for url in SERIALIZED_WITH_HOSTS {
            let start = url.find("//").unwrap() + 2;
            let end = start + url[start..].find([':', '/']).unwrap();
            assert_eq!(Parts::with_host(url, start, end), Parts::of(url), "{url}");
        }
    }

    /// Where the shape breaks, the components are empty or pieces of the text, never more.
    #[test]
    fn text_that_is_no_url_slices_without_a_panic() {
        for text in [
            "", ":", "//", "a", "#", "?", "x://@:", "x://[", "x://]:", "x:?#", "x:#?",
        ] {
            let p = Parts::of(text);
            let pieces = [p.scheme, p.username, p.password, p.host, p.port, p.path];
            let total: usize = pieces.iter().map(|piece| piece.len()).sum::<usize>()
                + p.query.map_or(0, str::len)
                + p.fragment.map_or(0, str::len);
            assert!(total <= text.len(), "{text:?}: {p:?}");
            assert!(p.path_start <= text.len(), "{text:?}: {p:?}");
            assert!(text.ends_with(p.fragment.unwrap_or("")), "{text:?}: {p:?}");
        }
        assert_eq!(Parts::of("a"), Parts::EMPTY);
        assert_eq!(Parts::of("x:?#").query, Some(""));
    }
}
