//! Crawl scopes: is a URL one the crawl should follow? Include and exclude lists of
//! [`entry::Entry`], exclude first; and the scope a sitemap may speak for.
//!
//! Host and site entries are found with one lookup each, whatever their number; patterns
//! and prefixes are tried in order. A URL is read once, as [`crate::normalize()`] reads it.

pub(crate) mod entry;

pub use entry::{Entry, EntryError, KINDS};

use crate::crawl::parts::{NormalUrl, Parts};
use crate::error::UrlError;
use crate::input::is_special_scheme;
use std::collections::HashMap;
use std::fmt;

/// One list (include or exclude), indexed.
#[derive(Debug, Default)]
struct List {
    entries: Vec<Entry>,
    /// The entries as given, for [`CrawlScope::why`].
    written: Vec<String>,
    /// Host → the first host entry naming it.
    hosts: HashMap<String, usize>,
    /// Site → the first schemeless site entry naming it.
    sites: HashMap<String, usize>,
    /// The other entries (patterns, prefixes, schemeful sites), in order.
    others: Vec<usize>,
}

impl List {
    fn new(entries: Vec<(Entry, String)>) -> Self {
        let mut list = List::default();
        for (index, (entry, written)) in entries.into_iter().enumerate() {
            match &entry {
                Entry::Host(host) => {
                    list.hosts.entry(host.clone()).or_insert(index);
                }
                Entry::Site { site, scheme: None } => {
                    list.sites.entry(site.clone()).or_insert(index);
                }
                _ => list.others.push(index),
            }
            list.entries.push(entry);
            list.written.push(written);
        }
        list
    }

    /// The first entry that holds `url`, whose components are `parts`.
    fn first_match(&self, url: &NormalUrl<'_>, parts: &Parts<'_>) -> Option<usize> {
        let mut best = self.hosts.get(parts.host).copied();
        if !self.sites.is_empty() && is_special_scheme(parts.scheme) && !parts.host.is_empty() {
            if let Some(&site) = self.sites.get(entry::site_of(parts.host)) {
                best = Some(best.map_or(site, |b| b.min(site)));
            }
        }
        for &index in &self.others {
            if best.is_some_and(|b| b < index) {
                break;
            }
            if self.entries[index].matches(url, parts) {
                best = Some(best.map_or(index, |b| b.min(index)));
                break;
            }
        }
        best
    }
}

/// How far a sitemap speaks for URLs ([`CrawlScope::for_sitemap`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SitemapMode {
    /// The sitemaps.org rule: the sitemap's scheme, host and port, and paths under the
    /// sitemap's folder (`https://example.com/catalog/sitemap.xml`: `https://example.com/catalog/…`).
    Strict,
    /// Every URL on the sitemap's host.
    Host,
    /// Every URL on a host of the sitemap's site (registrable domain): `www.example.com`
    /// and `shop.example.com` for `https://example.com/sitemap.xml`.
    Site,
}

impl SitemapMode {
    /// The mode named `strict`, `host` or `site`.
    pub fn named(name: &str) -> Option<Self> {
        match name {
            "strict" => Some(Self::Strict),
            "host" => Some(Self::Host),
            "site" => Some(Self::Site),
            _ => None,
        }
    }
}

/// Include and exclude lists: a URL is in scope when an include entry holds it and no
/// exclude entry does.
///
/// # Examples
///
/// ```
/// use url_normalize_core::{CrawlScope, ScopeEntry};
/// let scope = CrawlScope::new(
///     vec![(ScopeEntry::parse("site:example.co.uk")?, "site:example.co.uk".into())],
///     vec![(ScopeEntry::parse("pattern:https://*.example.co.uk/private/*")?, "pattern:…".into())],
/// );
/// assert!(scope.contains(b"https://shop.example.co.uk/a"));
/// assert!(!scope.contains(b"https://www.example.co.uk/private/x"));
/// assert!(!scope.contains(b"https://example.com/"));
/// # Ok::<(), url_normalize_core::EntryError>(())
/// ```
#[derive(Debug)]
pub struct CrawlScope {
    include: List,
    exclude: List,
}

/// The answer of [`CrawlScope::decide`], which [`CrawlScope::why`] puts in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// In scope, by the include entry at this index.
    Included(usize),
    /// Out of scope, by the exclude entry at this index.
    Excluded(usize),
    /// Out of scope: no include entry holds the URL.
    NotIncluded,
    /// Out of scope: the input is not a URL.
    NotAUrl(UrlError),
}

impl CrawlScope {
    /// A scope of these entries, each with its text for [`CrawlScope::why`].
    pub fn new(include: Vec<(Entry, String)>, exclude: Vec<(Entry, String)>) -> Self {
        Self {
            include: List::new(include),
            exclude: List::new(exclude),
        }
    }

    /// The scope a sitemap at `sitemap_url` speaks for, in `mode`.
    ///
    /// # Errors
    ///
    /// [`EntryError`] when the sitemap URL is not a URL or has no host.
    pub fn for_sitemap(sitemap_url: &[u8], mode: SitemapMode) -> Result<Self, EntryError> {
        let url = NormalUrl::read(sitemap_url).map_err(EntryError::Url)?;
        let parts = url.parts();
        let shown = || String::from_utf8_lossy(sitemap_url).into_owned();
        if parts.host.is_empty() {
            return Err(EntryError::NoHost(shown()));
        }
        let entry = match mode {
            SitemapMode::Strict => {
                let text = url.as_str();
                let path_start = parts.path_start;
                let folder_end = path_start + parts.path.rfind('/').map_or(0, |slash| slash + 1);
                let prefix = format!(
                    "{}{}",
                    &text[..path_start],
                    if folder_end == path_start {
                        "/"
                    } else {
                        &text[path_start..folder_end]
                    }
                );
                (Entry::Prefix(prefix.clone()), format!("prefix:{prefix}"))
            }
            SitemapMode::Host => (
                Entry::Host(parts.host.to_owned()),
                format!("host:{}", parts.host),
            ),
            SitemapMode::Site => {
                let site = entry::site_of(parts.host).to_owned();
                let written = format!("site:{site}");
                (Entry::Site { site, scheme: None }, written)
            }
        };
        Ok(Self::new(vec![entry], Vec::new()))
    }

    /// Whether `url` is in scope. What is not a URL is not.
    pub fn contains(&self, url: &[u8]) -> bool {
        matches!(self.decide(url), Verdict::Included(_))
    }

    /// Which entry decides for `url`.
    pub fn decide(&self, url: &[u8]) -> Verdict {
        let url = match NormalUrl::read(url) {
            Ok(url) => url,
            Err(err) => return Verdict::NotAUrl(err),
        };
        let parts = url.parts();
        if let Some(index) = self.exclude.first_match(&url, &parts) {
            return Verdict::Excluded(index);
        }
        match self.include.first_match(&url, &parts) {
            Some(index) => Verdict::Included(index),
            None => Verdict::NotIncluded,
        }
    }

    /// Why `url` is in scope or not, for logs: `included by site:example.com (include 1)`.
    pub fn why(&self, url: &[u8]) -> String {
        self.decide(url).to_string_in(self)
    }
}

impl Verdict {
    fn to_string_in(&self, scope: &CrawlScope) -> String {
        match self {
            Verdict::Included(i) => {
                format!(
                    "included by {} (include {})",
                    scope.include.written[*i],
                    i + 1
                )
            }
            Verdict::Excluded(i) => {
                format!(
                    "excluded by {} (exclude {})",
                    scope.exclude.written[*i],
                    i + 1
                )
            }
            Verdict::NotIncluded if scope.include.entries.is_empty() => {
                "not included: the include list is empty".to_owned()
            }
            Verdict::NotIncluded => "not included: no include entry matches".to_owned(),
            Verdict::NotAUrl(err) => format!("not a URL: {err}"),
        }
    }
}

impl fmt::Display for SitemapMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Strict => "strict",
            Self::Host => "host",
            Self::Site => "site",
        })
    }
}

#[cfg(test)]
mod tests;
