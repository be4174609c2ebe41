//! A URL as the URL Standard parses it: the crate's `Url`, and the real host beside it
//! when the crate holds a placeholder (fixup 1, and the host cache).

use super::fixups::path_encoding::follow_path_encoding;
use crate::error::ErrorKind;
use url::{Position, Url};

/// Stands in for a host the crate would reject. `.invalid` is reserved (RFC 2606), and the
/// real host is substituted by position, never by searching for this text.
pub(super) const PLACEHOLDER_HOST: &str = "placeholder.url-normalize.invalid";

/// A URL as the URL Standard parses it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ParsedUrl {
    pub(crate) url: Url,
    /// The real host when `url` holds [`PLACEHOLDER_HOST`].
    pub(super) ascii_host: Option<String>,
}

/// Why parsing failed, and the host as written when it was the host that failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ParseFailure {
    pub(crate) kind: ErrorKind,
    pub(crate) host: Option<String>,
}

impl ParsedUrl {
    /// The URL Standard's serialization: what a browser shows and requests.
    pub(crate) fn serialize(&self) -> String {
        match &self.ascii_host {
            None => self.url.as_str().to_owned(),
            Some(host) => [
                &self.url[..Position::BeforeHost],
                host,
                &self.url[Position::AfterHost..],
            ]
            .concat(),
        }
    }

    /// [`ParsedUrl::serialize`], consuming the URL: no copy when the crate's own
    /// serialization is the answer.
    pub(crate) fn into_serialization(self) -> String {
        match self.ascii_host {
            None => self.url.into(),
            Some(_) => self.serialize(),
        }
    }

    /// The host when it is a domain (not an IP address, not absent).
    pub(crate) fn domain(&self) -> Option<&str> {
        self.ascii_host.as_deref().or_else(|| self.url.domain())
    }

    /// The crate's `Url` with the path fixups 2 and 3 applied, and the real host when the
    /// crate holds the placeholder.
    pub(super) fn finish(mut url: Url, ascii_host: Option<String>) -> Self {
        follow_path_encoding(&mut url);
        Self { url, ascii_host }
    }

    /// Replaces the domain with another ASCII domain (such as the same without `www.`).
    pub(crate) fn set_domain(&mut self, domain: &str) -> bool {
        match &mut self.ascii_host {
            Some(host) => {
                *host = domain.to_owned();
                true
            }
            None => self.url.set_host(Some(domain)).is_ok(),
        }
    }
}
