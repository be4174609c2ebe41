//! Query strings as `&`-separated pairs that keep their original encoding: filtering,
//! de-duplicating and sorting never decode a value, so `?q=%26&r=%3D` stays exactly that.
//! <https://url.spec.whatwg.org/#urlencoded-parsing>

use percent_encoding::percent_decode_str;
use std::borrow::Cow;

/// One `key=value` piece of a query, as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Pair<'a> {
    raw: &'a str,
}

impl<'a> Pair<'a> {
    /// The key, percent-decoded (`+` is a space, as in forms), for matching and sorting only.
    pub(crate) fn key(&self) -> Cow<'a, str> {
        let key = self.raw.split('=').next().unwrap_or("");
        if !key.contains(['%', '+']) {
            return Cow::Borrowed(key);
        }
        let spaced = key.replace('+', " ");
        Cow::Owned(percent_decode_str(&spaced).decode_utf8_lossy().into_owned())
    }

    /// The value as written; empty for `a`, `a=` and an empty piece.
    pub(crate) fn raw_value(&self) -> &'a str {
        self.raw.split_once('=').map_or("", |(_, value)| value)
    }
}

/// Splits a query (without its `?`) into pairs; `a&&b` has an empty pair in the middle.
pub(crate) fn pairs(query: &str) -> Vec<Pair<'_>> {
    query.split('&').map(|raw| Pair { raw }).collect()
}

/// Joins pairs back into a query.
pub(crate) fn join(pairs: &[Pair<'_>]) -> String {
    let mut query = String::new();
    for (index, pair) in pairs.iter().enumerate() {
        if index > 0 {
            query.push('&');
        }
        query.push_str(pair.raw);
    }
    query
}

/// Keeps the first of each set of identical pairs.
pub(crate) fn dedupe(pairs: &mut Vec<Pair<'_>>) {
    let mut seen = std::collections::HashSet::new();
    pairs.retain(|pair| seen.insert(pair.raw));
}

/// Sorts by key, ASCII-case-insensitively; pairs with the same key keep their order,
/// since the order of a key's values can carry meaning (`?sort=price&sort=name`).
pub(crate) fn sort_by_key(pairs: &mut [Pair<'_>]) {
    pairs.sort_by_cached_key(|pair| {
        let key = pair.key();
        // Most keys are lowercase already: no copy for them (a query can hold 500,000 pairs).
        match key.bytes().any(|b| b.is_ascii_uppercase()) {
            true => Cow::Owned(key.to_ascii_lowercase()),
            false => key,
        }
    });
}

/// A case-insensitive glob: `*` matches any run of characters, everything else itself.
///
/// # Examples (internal)
///
/// `utm_*` matches `utm_source` and `UTM_Medium`; `sid` matches only `sid`.
pub(crate) fn glob_matches(pattern: &str, name: &str) -> bool {
    let (pattern, name) = (pattern.as_bytes(), name.as_bytes());
    // Iterative wildcard matching with one backtrack point: linear in practice, and never
    // exponential on hostile patterns such as `*a*a*a*b`.
    let (mut p, mut n) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while n < name.len() {
        if p < pattern.len() && pattern[p] == b'*' {
            star = Some((p, n));
            p += 1;
        } else if p < pattern.len() && pattern[p].eq_ignore_ascii_case(&name[n]) {
            p += 1;
            n += 1;
        } else if let Some((star_p, star_n)) = star {
            p = star_p + 1;
            n = star_n + 1;
            star = Some((star_p, star_n + 1));
        } else {
            return false;
        }
    }
    pattern[p..].iter().all(|&b| b == b'*')
}

/// True when `name` matches one of the globs.
pub(crate) fn matches_any<S: AsRef<str>>(name: &str, globs: &[S]) -> bool {
    globs.iter().any(|glob| glob_matches(glob.as_ref(), name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_keep_their_encoding() {
        let query = "q=%26&r=%3D&s=a=b&&t";
        let parsed = pairs(query);
        assert_eq!(parsed.len(), 5);
        assert_eq!(parsed[0].key(), "q");
        assert_eq!(parsed[0].raw_value(), "%26");
        assert_eq!(parsed[2].raw_value(), "a=b");
        assert_eq!(parsed[3], Pair { raw: "" });
        assert_eq!(parsed[4].raw_value(), "");
        assert_eq!(join(&parsed), query);
    }

    #[test]
    fn keys_are_decoded_for_matching() {
        assert_eq!(pairs("utm%5Fsource=x")[0].key(), "utm_source");
        assert_eq!(pairs("a+b=1")[0].key(), "a b");
        assert_eq!(pairs("%FF=1")[0].key(), "\u{fffd}");
    }

    #[test]
    fn sorting_is_case_insensitive_and_stable() {
        let mut parsed = pairs("b=2&c=3&a=0&A=1&a=4");
        sort_by_key(&mut parsed);
        assert_eq!(join(&parsed), "a=0&A=1&a=4&b=2&c=3");
    }

    #[test]
    fn dedupe_keeps_the_first() {
        let mut parsed = pairs("c=4&a=1&a=2&b=3&a=1");
        dedupe(&mut parsed);
        assert_eq!(join(&parsed), "c=4&a=1&a=2&b=3");
    }

    #[test]
    fn globs() {
        assert!(glob_matches("utm_*", "utm_source"));
        assert!(glob_matches("UTM_*", "utm_"));
        assert!(glob_matches("aspsessionid*", "ASPSESSIONIDQQGGGNCU"));
        assert!(glob_matches("*id", "fbclid"));
        assert!(glob_matches("a*b*c", "aXbYc"));
        assert!(!glob_matches("utm_*", "xutm_source"));
        assert!(!glob_matches("sid", "sids"));
        assert!(glob_matches("*", ""));
        assert!(!glob_matches("*a*a*a*a*b", &"a".repeat(200)));
    }
}
