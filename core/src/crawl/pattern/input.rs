//! What a URL pattern is built from, and what it is matched against: a string (a URL as
//! found, read as [`crate::normalize()`] reads it) or components, as URLPattern's
//! `URLPatternInit` dictionary.

use crate::crawl::parts::{default_options, in_pattern_order, NormalUrl, Parts};
use crate::normalize::resolve::resolve;

/// The eight components, in URLPattern's order.
pub const COMPONENTS: [&str; 8] = [
    "protocol", "username", "password", "hostname", "port", "pathname", "search", "hash",
];

/// The components of a `URLPatternInit`: each is a pattern (to build) or a value (to match);
/// a missing one is `None`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Components {
    /// The scheme, without `:`.
    pub protocol: Option<String>,
    /// The username.
    pub username: Option<String>,
    /// The password.
    pub password: Option<String>,
    /// The host name.
    pub hostname: Option<String>,
    /// The port.
    pub port: Option<String>,
    /// The path.
    pub pathname: Option<String>,
    /// The query, without `?`.
    pub search: Option<String>,
    /// The fragment, without `#`.
    pub hash: Option<String>,
    /// The URL the missing components are taken from (`baseURL`).
    pub base_url: Option<String>,
}

impl Components {
    /// The component named as in URLPattern (`protocol`, ..., `hash`, `baseURL`), for a
    /// binding that reads a dictionary.
    pub fn slot(&mut self, name: &str) -> Option<&mut Option<String>> {
        Some(match name {
            "protocol" => &mut self.protocol,
            "username" => &mut self.username,
            "password" => &mut self.password,
            "hostname" => &mut self.hostname,
            "port" => &mut self.port,
            "pathname" => &mut self.pathname,
            "search" => &mut self.search,
            "hash" => &mut self.hash,
            "baseURL" => &mut self.base_url,
            _ => return None,
        })
    }

    pub(crate) fn to_init(&self) -> urlpattern::quirks::UrlPatternInit {
        urlpattern::quirks::UrlPatternInit {
            protocol: self.protocol.clone(),
            username: self.username.clone(),
            password: self.password.clone(),
            hostname: self.hostname.clone(),
            port: self.port.clone(),
            pathname: self.pathname.clone(),
            search: self.search.clone(),
            hash: self.hash.clone(),
            base_url: self.base_url.clone(),
        }
    }
}

/// What a pattern is matched against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchInput<'a> {
    /// A URL as found.
    Url(&'a [u8]),
    /// Components, with the `baseURL` of the dictionary.
    Components(Components),
}

/// The eight strings a pattern's components are matched against.
pub(crate) struct Values<'a> {
    pub(crate) values: [std::borrow::Cow<'a, str>; 8],
}

/// A URL read for matching: its normal form, or `None` when it is no URL (which then
/// matches nothing, as in URLPattern).
pub(crate) fn read_url<'a>(url: &'a [u8], base: Option<&[u8]>) -> Option<NormalUrl<'a>> {
    match base {
        None => NormalUrl::read(url).ok(),
        Some(base) => resolve(url, base, default_options())
            .ok()
            .map(NormalUrl::from_normal),
    }
}

/// The component values of a URL in normal form.
pub(crate) fn url_values<'a>(parts: &Parts<'a>) -> Values<'a> {
    Values {
        values: in_pattern_order(parts).map(std::borrow::Cow::Borrowed),
    }
}

/// What a pattern is built from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PatternInput<'a> {
    /// A constructor string (`https://*.example.com/blog/:slug`).
    String(&'a str),
    /// A pattern per component; missing ones match anything, or come from `baseURL`.
    Components(Components),
}

/// The pattern as given, for messages.
pub(crate) fn input_text(input: &PatternInput<'_>) -> String {
    match input {
        PatternInput::String(pattern) => (*pattern).to_owned(),
        PatternInput::Components(components) => {
            let mut parts = Vec::new();
            let mut copy = components.clone();
            for name in COMPONENTS.iter().chain(&["baseURL"]) {
                if let Some(Some(value)) = copy.slot(name).map(|slot| slot.take()) {
                    parts.push(format!("{name}: {value}"));
                }
            }
            format!("{{{}}}", parts.join(", "))
        }
    }
}
