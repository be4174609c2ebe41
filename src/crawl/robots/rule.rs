//! One `allow` or `disallow` rule, compiled: its path in the compared form
//! ([`super::escape`]), cut at each `*`, and matched in time linear in the URL's length and
//! the rule's, whatever its wildcards.
//!
//! A pattern `s0*s1*…*sk` matches a path that starts with `s0` and then holds `s1` to `sk` in
//! order. Taking each `si` at its first occurrence after the previous one is never worse than
//! a later one (it leaves the most room for the rest), so one left-to-right pass decides, with
//! a substring search that is linear itself (`memchr::memmem`, Two-Way). With `$` the last
//! piece must end the path: it is checked there, and the pieces between are searched before
//! it. The per-rule cost is thus O(path + rule), never the O(path × rule) of matching the
//! pattern position by position, nor the exponential cost of backtracking.

use super::escape::{push_canonical, Part};
use memchr::memmem::Finder;

/// A compiled rule.
#[derive(Debug)]
pub(crate) struct Rule {
    /// `Allow` (true) or `Disallow`.
    pub(crate) allow: bool,
    /// Its line in the file (1 for the first); 0 for the rule of [`super::RobotsTxt::for_status`].
    pub(crate) line: u32,
    /// The value as written, for logs.
    pub(crate) written: Box<str>,
    /// How specific the rule is: the length of its compared form, `*` and `$` included
    /// (RFC 9309 §2.2.2: "the match that has the most octets").
    pub(crate) specificity: u32,
    /// The piece before the first `*`: a prefix of every path the rule matches.
    first: Box<[u8]>,
    /// The pieces after each `*`, empty ones left out.
    rest: Box<[Finder<'static>]>,
    /// The piece after the last `*` is at the end of the path (`$`).
    anchored: bool,
    /// The rule has a `*`.
    wildcard: bool,
}

impl Rule {
    /// Compiles a rule's value; `None` for an empty value, which matches nothing (an empty
    /// `Disallow:` allows everything).
    pub(crate) fn new(allow: bool, line: u32, value: &[u8]) -> Option<Self> {
        if value.is_empty() {
            return None;
        }
        let (body, anchored) = match value.strip_suffix(b"$") {
            Some(body) => (body, true),
            None => (value, false),
        };
        let mut part = Part::Path;
        let mut pieces: Vec<Vec<u8>> = Vec::new();
        for raw in body.split(|&b| b == b'*') {
            let mut piece = Vec::with_capacity(raw.len());
            part = push_canonical(&mut piece, raw, part);
            pieces.push(piece);
        }
        let wildcard = pieces.len() > 1;
        let stars = pieces.len() - 1;
        let length: usize =
            pieces.iter().map(Vec::len).sum::<usize>() + stars + usize::from(anchored);
        let mut pieces = pieces.into_iter();
        let first = pieces.next().unwrap_or_default().into_boxed_slice();
        let mut rest: Vec<Finder<'static>> = Vec::new();
        let mut last_empty = false;
        for piece in pieces {
            last_empty = piece.is_empty();
            if !piece.is_empty() {
                rest.push(Finder::new(&piece).into_owned());
            }
        }
        // `/a*$` ends with an empty piece: anything may follow `/a`.
        let anchored = anchored && !(wildcard && last_empty);
        Some(Rule {
            allow,
            line,
            written: String::from_utf8_lossy(value).into(),
            specificity: u32::try_from(length).unwrap_or(u32::MAX),
            first,
            rest: rest.into_boxed_slice(),
            anchored,
            wildcard,
        })
    }

    /// Whether the rule matches `path` (a path and query in the compared form). `steps`
    /// grows by the number of bytes compared or searched, which the complexity tests read.
    pub(crate) fn matches(&self, path: &[u8], steps: &mut u64) -> bool {
        *steps += self.first.len().min(path.len()) as u64 + 1;
        if !path.starts_with(&self.first) {
            return false;
        }
        let mut at = self.first.len();
        if !self.wildcard {
            return !self.anchored || path.len() == at;
        }
        let (middle, end) = match (self.anchored, self.rest.split_last()) {
            (true, Some((last, middle))) => {
                let needle = last.needle();
                *steps += needle.len() as u64;
                if path.len() < at + needle.len() || !path.ends_with(needle) {
                    return false;
                }
                (middle, path.len() - needle.len())
            }
            _ => (&self.rest[..], path.len()),
        };
        for piece in middle {
            let window = &path[at..end];
            match piece.find(window) {
                Some(found) => {
                    let after = found + piece.needle().len();
                    *steps += (after + piece.needle().len()) as u64;
                    at += after;
                }
                None => {
                    *steps += (window.len() + piece.needle().len()) as u64;
                    return false;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::crawl::robots::escape::canonical_url;

    fn matches(rule: &str, path: &str) -> bool {
        let rule = Rule::new(false, 1, rule.as_bytes()).unwrap();
        rule.matches(&canonical_url(path), &mut 0)
    }

    #[test]
    fn prefixes_wildcards_and_anchors() {
        assert!(matches("/fish", "/fish.html"));
        assert!(!matches("/fish", "/Fish"));
        assert!(matches("/fish*", "/fishheads"));
        assert!(matches("/*.php", "/folder/filename.php?parameters"));
        assert!(matches("/*.php$", "/folder/filename.php"));
        assert!(!matches("/*.php$", "/filename.php?p"));
        assert!(!matches("/*.php$", "/filename.php/"));
        assert!(matches("/fish*.php", "/fishheads/catfish.php?parameters"));
        assert!(matches("*.gif$", "/a/b.gif"));
        assert!(matches("/$", "/"));
        assert!(!matches("/$", "/a"));
        assert!(matches("/a*$", "/a/b"));
        assert!(matches("/a**b", "/ab"));
        assert!(matches("/this/*/exactly", "/this//exactly"));
        assert!(!matches("/this/*/exactly", "/this/exactly"));
        assert!(!matches("/a*bc$", "/abc/bc/b"));
        assert!(matches("/a*bc$", "/abc/bc/bc"));
        assert!(!matches("/a*b*b$", "/ab"));
        assert!(matches("/a*b*b$", "/abb"));
        assert!(matches("/a$b", "/a$b"));
        assert!(matches("/a$b", "/a%24b"));
    }

    #[test]
    fn specificity_is_the_compared_length() {
        let rule = |value: &str| Rule::new(true, 1, value.as_bytes()).unwrap().specificity;
        assert_eq!(rule("/"), 1);
        assert_eq!(rule("/*.html$"), 8);
        assert_eq!(rule("/ツ"), 10);
        assert_eq!(rule("/%62"), 2);
        assert!(Rule::new(true, 1, b"").is_none());
    }
}
