//! A parsed URL's host as the URL Standard's host parser gave it: a domain, an IP address,
//! an opaque host, or none. The host policy, `hostType()` and `explain()` judge it.

use super::parsed_url::ParsedUrl;
use crate::input::is_special_scheme;
use std::net::{Ipv4Addr, Ipv6Addr};
use url::Host;

/// A URL's host, as the URL Standard's host parser gave it; the text is its serialization.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum UrlHost<'a> {
    /// No host, or an empty one (`mailto:`, `file:///`, `foo:///x`).
    Empty,
    /// A domain of a special URL, in ASCII.
    Domain(&'a str),
    /// An IPv4 address, and its serialization.
    Ipv4(Ipv4Addr, &'a str),
    /// An IPv6 address, and its serialization in brackets.
    Ipv6(Ipv6Addr, &'a str),
    /// The host of a non-special URL, kept as written (percent-encoded).
    Opaque(&'a str),
}

impl<'a> UrlHost<'a> {
    /// `domain`, `ipv4`, `ipv6`, `opaque` or `empty`: the names of `hostType()`.
    pub(crate) fn type_name(self) -> &'static str {
        match self {
            Self::Empty => "empty",
            Self::Domain(_) => "domain",
            Self::Ipv4(..) => "ipv4",
            Self::Ipv6(..) => "ipv6",
            Self::Opaque(_) => "opaque",
        }
    }

    /// The host as the URL shows it, for messages; `None` when there is none.
    pub(crate) fn shown(self) -> Option<&'a str> {
        match self {
            Self::Empty => None,
            Self::Domain(text) | Self::Ipv4(_, text) | Self::Ipv6(_, text) | Self::Opaque(text) => {
                Some(text)
            }
        }
    }
}

impl ParsedUrl {
    /// The URL's host, as the policy judges it.
    pub(crate) fn host_of(&self) -> UrlHost<'_> {
        let text = self.url.host_str().unwrap_or("");
        match self.url.host() {
            Some(Host::Ipv4(address)) => UrlHost::Ipv4(address, text),
            Some(Host::Ipv6(address)) => UrlHost::Ipv6(address, text),
            Some(Host::Domain(_)) if !is_special_scheme(self.url.scheme()) => match text {
                "" => UrlHost::Empty,
                opaque => UrlHost::Opaque(opaque),
            },
            // A special URL's domain; the real one when the crate holds a placeholder.
            Some(Host::Domain(_)) => match self.domain() {
                Some(domain) if !domain.is_empty() => UrlHost::Domain(domain),
                _ => UrlHost::Empty,
            },
            None => UrlHost::Empty,
        }
    }
}
