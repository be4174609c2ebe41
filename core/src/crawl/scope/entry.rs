//! One entry of a crawl scope: a URL pattern, a site, a host or a URL prefix.
//!
//! Written as text, an entry names its kind before a colon, so that no entry can be read
//! two ways: `site:example.co.uk`, `site:https://example.co.uk` (that scheme only),
//! `host:www.example.com`, `prefix:https://example.com/docs/`,
//! `pattern:https://*.example.com/blog/*`.

use crate::crawl::parts::{NormalUrl, Parts};
use crate::crawl::pattern::{PatternError, PatternInput, UrlPattern};
use crate::error::UrlError;
use crate::input::is_special_scheme;
use crate::options::PublicSuffixes;
use crate::site::psl::registrable_domain_of_host;
use std::fmt;
use std::sync::Arc;

/// The kinds of entries, by the name written before the colon.
pub const KINDS: [&str; 4] = ["pattern", "site", "host", "prefix"];

/// A scope entry.
#[derive(Debug)]
pub enum Entry {
    /// URLs the pattern matches.
    Pattern(Arc<UrlPattern>),
    /// URLs whose host is in the site: every host of a registrable domain (or the host
    /// itself, for an IP address or a public suffix), of `scheme` only when there is one.
    Site {
        /// The registrable domain, in ASCII.
        site: String,
        /// The scheme, for a schemeful site.
        scheme: Option<String>,
    },
    /// URLs on the host, whatever their scheme and port.
    Host(String),
    /// URLs whose normal form starts with this one.
    Prefix(String),
}

/// An entry that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EntryError {
    /// No known kind before the colon.
    Kind(String),
    /// The value is not a URL or a host.
    Url(UrlError),
    /// The value has no host to take a site or a host from.
    NoHost(String),
    /// The URL pattern is not valid.
    Pattern(PatternError),
}

impl fmt::Display for EntryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Kind(text) => write!(
                f,
                "A scope entry starts with its kind, `pattern:`, `site:`, `host:` or `prefix:`; \
                 `{}` does not",
                crate::error::printable(text.as_bytes())
            ),
            Self::Url(err) => err.fmt(f),
            Self::NoHost(text) => write!(
                f,
                "The scope entry `{}` names no host",
                crate::error::printable(text.as_bytes())
            ),
            Self::Pattern(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for EntryError {}

impl Entry {
    /// Reads an entry written as `kind:value`.
    ///
    /// # Errors
    ///
    /// [`EntryError`] for an unknown kind, or a value of the wrong shape.
    pub fn parse(text: &str) -> Result<Self, EntryError> {
        let Some((kind, value)) = text.split_once(':') else {
            return Err(EntryError::Kind(text.to_owned()));
        };
        Self::of_kind(kind, value).ok_or_else(|| EntryError::Kind(text.to_owned()))?
    }

    /// Reads the value of an entry of a kind (one of [`KINDS`]); `None` for another kind.
    pub fn of_kind(kind: &str, value: &str) -> Option<Result<Self, EntryError>> {
        Some(match kind {
            "pattern" => UrlPattern::new(PatternInput::String(value), None, false)
                .map(|p| Entry::Pattern(Arc::new(p)))
                .map_err(EntryError::Pattern),
            "site" => Self::site(value),
            "host" => Self::host(value),
            "prefix" => NormalUrl::read(value.as_bytes())
                .map(|url| Entry::Prefix(url.as_str().to_owned()))
                .map_err(EntryError::Url),
            _ => return None,
        })
    }

    /// The site of `value`: a host (`www.example.co.uk`: the site `example.co.uk`) or a
    /// URL, whose scheme makes the site schemeful.
    pub fn site(value: &str) -> Result<Self, EntryError> {
        let url = NormalUrl::read(value.as_bytes()).map_err(EntryError::Url)?;
        let parts = url.parts();
        if parts.host.is_empty() || !is_special_scheme(parts.scheme) {
            return Err(EntryError::NoHost(value.to_owned()));
        }
        let scheme = value.contains("://").then(|| parts.scheme.to_owned());
        Ok(Entry::Site {
            site: site_of(parts.host).to_owned(),
            scheme,
        })
    }

    /// The host of `value`, a host or a URL.
    pub fn host(value: &str) -> Result<Self, EntryError> {
        let url = NormalUrl::read(value.as_bytes()).map_err(EntryError::Url)?;
        let host = url.parts().host;
        if host.is_empty() {
            return Err(EntryError::NoHost(value.to_owned()));
        }
        Ok(Entry::Host(host.to_owned()))
    }

    /// Whether the entry holds `url` (a URL in normal form, with its `parts`).
    pub(crate) fn matches(&self, url: &NormalUrl<'_>, parts: &Parts<'_>) -> bool {
        match self {
            Entry::Pattern(pattern) => pattern.test_parts(parts),
            Entry::Host(host) => parts.host == host,
            Entry::Site { site, scheme } => {
                scheme.as_deref().is_none_or(|s| s == parts.scheme)
                    && is_special_scheme(parts.scheme)
                    && !parts.host.is_empty()
                    && site_of(parts.host) == site
            }
            Entry::Prefix(prefix) => url.as_str().starts_with(prefix.as_str()),
        }
    }
}

/// What a host's site is: its registrable domain, or the host itself when it has none (an
/// IP address, `localhost`, a public suffix).
pub(crate) fn site_of(host: &str) -> &str {
    registrable_domain_of_host(host, PublicSuffixes::All).unwrap_or(host)
}
