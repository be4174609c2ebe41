//! robots.txt, as RFC 9309 defines it: may a crawler fetch a URL?
//!
//! [`RobotsTxt::parse`] reads a file ([`lines`]: byte order mark, line endings, comments,
//! the 500 KiB limit) into groups ([`groups`]) of compiled rules ([`rule`]);
//! [`RobotsTxt::for_status`] stands for a file that could not be fetched. A URL is read as
//! [`crate::normalize()`] reads it, and its path and query are compared with the rules in
//! the form [`escape`] describes. The crawler names itself with a product token
//! ([`agent`]).

mod agent;
mod escape;
mod groups;
pub(crate) mod lines;
mod rule;

pub use agent::{is_product_token, InvalidAgent};

use crate::crawl::parts::{default_options, NormalUrl};
use crate::error::UrlError;
use crate::input::{strip_web_prefix, SchemeCase};
use crate::normalize::resolve::resolve;
use groups::{Groups, Selection};
use std::fmt;

/// A parsed robots.txt: what a crawler may fetch from one origin.
///
/// # Examples
///
/// ```
/// use url_normalize_core::RobotsTxt;
/// let robots = RobotsTxt::parse(
///     b"User-agent: *\nDisallow: /private/\nAllow: /private/press/\nSitemap: /sitemap.xml\n",
///     b"https://example.com/robots.txt",
/// )?;
/// assert!(!robots.is_allowed(b"https://example.com/private/x", "ExampleBot")?);
/// assert!(robots.is_allowed(b"https://example.com/private/press/", "ExampleBot")?);
/// assert_eq!(robots.sitemaps(), ["https://example.com/sitemap.xml"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct RobotsTxt {
    groups: Groups,
    sitemaps: Vec<String>,
    /// The HTTP status this stands for, when it was made by [`RobotsTxt::for_status`].
    status: Option<u16>,
}

/// Why a question could not be answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RobotsError {
    /// The URL is not one ([`crate::normalize()`] fails on it).
    Url(UrlError),
    /// The user agent is no product token.
    Agent(InvalidAgent),
}

impl fmt::Display for RobotsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Url(err) => err.fmt(f),
            Self::Agent(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for RobotsError {}

impl From<UrlError> for RobotsError {
    fn from(err: UrlError) -> Self {
        Self::Url(err)
    }
}

impl From<InvalidAgent> for RobotsError {
    fn from(err: InvalidAgent) -> Self {
        Self::Agent(err)
    }
}

/// A status code that [`RobotsTxt::for_status`] does not stand for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnusableStatus(pub i64);

impl fmt::Display for UnusableStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            200..=299 => write!(
                f,
                "status {} means the file was fetched: parse its body (RFC 9309 §2.3.1.1)",
                self.0
            ),
            300..=399 => write!(
                f,
                "status {} is a redirect: follow it, up to 5 times, and use what the last \
                 location answers (RFC 9309 §2.3.1.2)",
                self.0
            ),
            _ => write!(
                f,
                "status {} is not an HTTP status code: give 400 to 599, or 0 when there was no \
                 answer",
                self.0
            ),
        }
    }
}

impl std::error::Error for UnusableStatus {}

/// The rule that decided, for logs ([`RobotsTxt::matched_rule`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchedRule<'a> {
    /// `Allow` (true) or `Disallow`.
    pub allow: bool,
    /// The rule's path as written.
    pub pattern: &'a str,
    /// Its line in the file, from 1; `None` for the rule a status stands for.
    pub line: Option<u32>,
    /// The user-agent lines of its group, as written.
    pub agents: &'a [Box<str>],
}

impl MatchedRule<'_> {
    /// The rule as a line: `Disallow: /private/`.
    pub fn text(&self) -> String {
        format!(
            "{}: {}",
            if self.allow { "Allow" } else { "Disallow" },
            self.pattern
        )
    }
}

impl RobotsTxt {
    /// Parses a robots.txt body fetched from `robots_url` (the URL it was requested at,
    /// before redirects: its rules apply to that URL's origin, RFC 9309 §2.3.1.2). Every
    /// byte string is a body; lines that cannot be read are skipped.
    ///
    /// # Errors
    ///
    /// [`UrlError`] when `robots_url` is not a URL.
    pub fn parse(body: &[u8], robots_url: &[u8]) -> Result<Self, UrlError> {
        let base = NormalUrl::read(robots_url)?;
        let groups = Groups::build(lines::lines(body));
        let options = default_options();
        let mut sitemaps: Vec<String> = Vec::new();
        for value in &groups.sitemaps {
            if value.is_empty() {
                continue;
            }
            if let Ok(url) = resolve(value, base.as_str().as_bytes(), options) {
                // A sitemap is fetched over HTTP (sitemaps.org); a value that resolves to
                // another scheme (`sitemap.xml:1`, `ftp:…`) names none.
                let web = strip_web_prefix(url.as_bytes(), SchemeCase::Serialized).is_some();
                if web && !sitemaps.contains(&url) {
                    sitemaps.push(url);
                }
            }
        }
        Ok(Self {
            groups,
            sitemaps,
            status: None,
        })
    }

    /// What a crawler may fetch when the robots.txt request got no file: a 4xx status means
    /// the file is unavailable and everything is allowed (RFC 9309 §2.3.1.3); a 5xx status,
    /// or 0 for no answer at all (DNS, connection, timeout), means it is unreachable and
    /// nothing is (§2.3.1.4).
    ///
    /// # Errors
    ///
    /// [`UnusableStatus`] for a 2xx (parse the body), a 3xx (follow it) or any other number.
    pub fn for_status(status: i64) -> Result<Self, UnusableStatus> {
        let groups = match status {
            400..=499 => Groups::default(),
            0 | 500..=599 => Groups::build(lines::lines(b"User-agent: *\nDisallow: /")),
            _ => return Err(UnusableStatus(status)),
        };
        Ok(Self {
            groups,
            sitemaps: Vec::new(),
            status: Some(status as u16),
        })
    }

    /// The status [`RobotsTxt::for_status`] was given.
    pub fn status(&self) -> Option<u16> {
        self.status
    }

    /// Whether the crawler whose product token is `agent` may fetch `url`.
    ///
    /// # Errors
    ///
    /// [`RobotsError`] when `url` is not a URL or `agent` no product token.
    pub fn is_allowed(&self, url: &[u8], agent: &str) -> Result<bool, RobotsError> {
        let decided = self.decide(url, agent, &mut 0)?;
        Ok(decided.is_none_or(|index| self.groups.rules[index].allow))
    }

    /// The rule that decides whether `agent` may fetch `url`, or `None` when no rule matches
    /// (the URL is allowed).
    ///
    /// # Errors
    ///
    /// As [`RobotsTxt::is_allowed`].
    pub fn matched_rule(
        &self,
        url: &[u8],
        agent: &str,
    ) -> Result<Option<MatchedRule<'_>>, RobotsError> {
        Ok(self.decide(url, agent, &mut 0)?.map(|index| {
            let rule = &self.groups.rules[index];
            let group = self.groups.rule_group[index] as usize;
            MatchedRule {
                allow: rule.allow,
                pattern: &rule.written,
                line: self.status.is_none().then_some(rule.line),
                agents: &self.groups.groups[group].agents,
            }
        }))
    }

    /// The `crawl-delay` of the groups that apply to `agent`, in seconds (the largest when
    /// several do), or `None`. Not part of RFC 9309; many sites write it.
    ///
    /// # Errors
    ///
    /// [`InvalidAgent`] when `agent` is no product token.
    pub fn crawl_delay(&self, agent: &str) -> Result<Option<f64>, InvalidAgent> {
        let token = agent::product_token(agent)?;
        let selection = self.groups.select(token);
        Ok(selection
            .groups
            .iter()
            .filter_map(|&g| self.groups.groups[g as usize].crawl_delay)
            .reduce(f64::max))
    }

    /// The sitemap URLs of the file, resolved against the robots.txt URL and normalized,
    /// each once, in order; lines whose value is no `http` or `https` URL are left out.
    pub fn sitemaps(&self) -> &[String] {
        &self.sitemaps
    }

    /// The index of the rule that decides, counting the steps of the matching in `steps`.
    pub(crate) fn decide(
        &self,
        url: &[u8],
        agent: &str,
        steps: &mut u64,
    ) -> Result<Option<usize>, RobotsError> {
        let token = agent::product_token(agent)?;
        let url = NormalUrl::read(url)?;
        let parts = url.parts();
        let path_and_query = match parts.path_and_query {
            "" => "/",
            path => path,
        };
        let path = escape::canonical_url(path_and_query);
        // RFC 9309 §2.2.2: "The /robots.txt URI is implicitly allowed."
        if *path == *b"/robots.txt" {
            return Ok(None);
        }
        Ok(self.first_match(self.groups.select(token), &path, steps))
    }

    /// The steps [`RobotsTxt::is_allowed`] takes for `url` and `agent` (bytes compared or
    /// searched), and the bound the matching keeps to: for each rule it tries, twice the
    /// path's length and the rule's, plus a constant. Public for the fuzz target, which holds
    /// every input to the bound.
    #[cfg(feature = "test-hooks")]
    pub fn matching_steps(&self, url: &[u8], agent: &str) -> Result<(u64, u64), RobotsError> {
        let mut steps = 0;
        self.decide(url, agent, &mut steps)?;
        let token = agent::product_token(agent)?;
        let read = NormalUrl::read(url)?;
        let path = escape::canonical_url(read.parts().path_and_query);
        let path_length = path.len().max(1) as u64;
        let bound = self
            .groups
            .select(token)
            .rules
            .iter()
            .map(|&r| 2 * (path_length + u64::from(self.groups.rules[r as usize].specificity)) + 8)
            .sum();
        Ok((steps, bound))
    }

    fn first_match(&self, selection: &Selection, path: &[u8], steps: &mut u64) -> Option<usize> {
        let mut pairs = None;
        selection
            .rules
            .iter()
            .map(|&r| r as usize)
            .find(|&r| self.groups.rules[r].matches(path, &mut pairs, steps))
    }
}

/// The path and query of `url` in the form rules are compared with ([`escape`]). Public for
/// the conformance tests only.
#[cfg(feature = "test-hooks")]
pub fn robots_path(url: &[u8]) -> Result<String, UrlError> {
    let url = NormalUrl::read(url)?;
    let path = match url.parts().path_and_query {
        "" => "/",
        path => path,
    };
    Ok(String::from_utf8_lossy(&escape::canonical_url(path)).into_owned())
}

/// A rule's path in the compared form, `*` and `$` included. Public for the conformance
/// tests only.
#[cfg(feature = "test-hooks")]
pub fn robots_rule_form(value: &[u8]) -> String {
    let mut out = Vec::new();
    let mut part = escape::Part::Path;
    let (body, anchored) = match value.strip_suffix(b"$") {
        Some(body) => (body, true),
        None => (value, false),
    };
    for (i, piece) in body.split(|&b| b == b'*').enumerate() {
        if i > 0 {
            out.push(b'*');
        }
        part = escape::push_canonical(&mut out, piece, part);
    }
    if anchored {
        out.push(b'$');
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The `key: value` lines of a body: each line's number, and whether its key is one of
/// `user-agent`, `allow`, `disallow` and `sitemap`. Public for the conformance tests only.
#[cfg(feature = "test-hooks")]
pub fn robots_lines(body: &[u8]) -> impl Iterator<Item = (u32, bool)> + '_ {
    use lines::Key;
    lines::lines(body).map(|line| {
        let known = matches!(
            line.key,
            Key::UserAgent | Key::Allow | Key::Disallow | Key::Sitemap
        );
        (line.number, known)
    })
}

#[cfg(test)]
mod tests;
