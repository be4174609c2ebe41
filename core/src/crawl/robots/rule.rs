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
    /// The byte pairs of the pieces after the first `*`: a path that lacks one of them cannot
    /// match, which rules out most wildcard rules without a search.
    pairs: Pairs,
}

/// The pairs of adjacent bytes a text holds, each hashed to one of 256 bits. A piece found in
/// a path has all its pairs in the path's set, so a rule whose set is not within the path's
/// cannot match it (the converse does not hold: a hash may collide, and then the search decides).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Pairs([u64; 4]);

impl Pairs {
    pub(crate) fn of(text: &[u8]) -> Self {
        let mut pairs = Self::default();
        pairs.add(text);
        pairs
    }

    fn add(&mut self, text: &[u8]) {
        for pair in text.windows(2) {
            // The top 8 bits of the 16-bit pair times an odd constant: a multiplicative hash.
            let key = (u16::from(pair[0]) << 8 | u16::from(pair[1])).wrapping_mul(0x9E37) >> 8;
            self.0[usize::from(key >> 6)] |= 1 << (key & 63);
        }
    }

    fn within(&self, other: &Pairs) -> bool {
        self.0
            .iter()
            .zip(other.0)
            .all(|(&mine, theirs)| mine & !theirs == 0)
    }
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
        let mut pairs = Pairs::default();
        let mut last_empty = false;
        for piece in pieces {
            last_empty = piece.is_empty();
            if !piece.is_empty() {
                pairs.add(&piece);
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
            pairs,
        })
    }

    /// Whether the rule matches `path` (a path and query in the compared form). `path_pairs`
    /// holds the path's byte pairs once a rule needed them (the caller starts with `None`).
    /// `steps` grows by the number of bytes compared or searched, which the complexity tests
    /// read.
    pub(crate) fn matches(
        &self,
        path: &[u8],
        path_pairs: &mut Option<Pairs>,
        steps: &mut u64,
    ) -> bool {
        *steps += self.first.len().min(path.len()) as u64 + 1;
        if !starts_with(path, &self.first) {
            return false;
        }
        let mut at = self.first.len();
        if !self.wildcard {
            return !self.anchored || path.len() == at;
        }
        let path_pairs = path_pairs.get_or_insert_with(|| {
            *steps += path.len() as u64;
            Pairs::of(path)
        });
        if !self.pairs.within(path_pairs) {
            return false;
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

/// `path.starts_with(prefix)`, compared in place for a short prefix (most rules' first piece
/// is a few bytes, and most differ from the path in the second or third).
fn starts_with(path: &[u8], prefix: &[u8]) -> bool {
    if prefix.len() > 16 || prefix.len() > path.len() {
        return path.starts_with(prefix);
    }
    prefix.iter().zip(path).all(|(a, b)| a == b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::crawl::robots::escape::canonical_url;

    fn matches(rule: &str, path: &str) -> bool {
        let rule = Rule::new(false, 1, rule.as_bytes()).unwrap();
        let path = canonical_url(path);
        rule.matches(&path, &mut None, &mut 0)
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

    /// Whether `pattern` (`*` any run of bytes, a final `$` the end) matches a prefix of
    /// `path`, by trying every split: exponential, for small cases only.
    fn reference(pattern: &[u8], path: &[u8]) -> bool {
        match pattern.split_first() {
            None => true,
            Some((b'$', [])) => path.is_empty(),
            Some((b'*', rest)) => (0..=path.len()).any(|i| reference(rest, &path[i..])),
            Some((&byte, rest)) => path.first() == Some(&byte) && reference(rest, &path[1..]),
        }
    }

    /// Every word over `alphabet` of up to `max` bytes.
    fn words(alphabet: &[u8], max: usize) -> Vec<Vec<u8>> {
        let mut all = vec![Vec::new()];
        let mut last = vec![Vec::new()];
        for _ in 0..max {
            last = last
                .iter()
                .flat_map(|word: &Vec<u8>| {
                    alphabet
                        .iter()
                        .map(move |&byte| [word.as_slice(), &[byte]].concat())
                })
                .collect();
            all.extend(last.iter().cloned());
        }
        all
    }

    #[test]
    fn the_matching_and_its_pair_filter_agree_with_trying_every_split() {
        let paths: Vec<Vec<u8>> = words(b"ab/", 6)
            .into_iter()
            .map(|w| [b"/", &w[..]].concat())
            .collect();
        for body in words(b"ab*", 5) {
            for anchored in [false, true] {
                let mut value = [b"/", &body[..]].concat();
                if anchored {
                    value.push(b'$');
                }
                let rule = Rule::new(false, 1, &value).unwrap();
                for path in &paths {
                    assert_eq!(
                        rule.matches(path, &mut None, &mut 0),
                        reference(&value, path),
                        "{} on {}",
                        String::from_utf8_lossy(&value),
                        String::from_utf8_lossy(path)
                    );
                }
            }
        }
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
