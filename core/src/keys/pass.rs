//! The transforms of `canonicalize()`, each chosen by a flag, applied once each in one pass
//! (the module documentation of `canonical.rs` says why once is enough); the query, path and
//! fragment rules are also offered on their own text, for the fast path.

use super::escapes::rewrite_escapes;
use super::flags::Flags;
use super::query::{self, matches_any, Pair};
use super::sessions::{is_session_pair, remove_path_sessions};
use crate::options::Options;
use crate::standard::ParsedUrl;
use std::borrow::Cow;

/// Every chosen transform, once each (see the module documentation for why once is enough).
pub(super) struct Pass<'a> {
    pub(super) flags: Flags,
    pub(super) options: &'a Options,
}

impl Pass<'_> {
    pub(super) fn has(&self, flag: Flags) -> bool {
        self.flags.contains(flag)
    }

    /// Applies every chosen transform once, in the order of the flags.
    ///
    /// The two transforms that change the scheme or the host, FORCE_HTTPS and REMOVE_WWW, are
    /// skipped where the options' policies would refuse their result (`allowed_schemes`
    /// without `https`, an `allowed_hosts` without the name after `www.`): a canonical form
    /// is always a URL the same normalizer accepts, so canonicalizing it again gives it back.
    pub(super) fn apply(&self, url: &mut ParsedUrl) {
        self.rewrite_escapes(url);
        let force_https = self.has(Flags::FORCE_HTTPS) && self.options.allows_scheme("https");
        if force_https && url.url.scheme() == "http" {
            // Fails only for a scheme that cannot become https, which then stays as it is.
            let _ = url.url.set_scheme("https");
        }
        if self.has(Flags::REMOVE_WWW) {
            remove_www(url, |domain| self.options.allows_domain(domain));
        }
        // Path rules need a hierarchical path under a host. Without a host (`foo:/.//a`), the
        // `url` crate's set_path does not keep the `/.` that stops `//a` from reading as a host.
        if url.url.has_host() && !url.url.cannot_be_a_base() {
            self.rewrite_path(url);
        }
        self.rewrite_query(url);
        self.rewrite_fragment(url);
    }

    fn rewrite_escapes(&self, url: &mut ParsedUrl) {
        let capitalize = self.has(Flags::CAPITALIZE_PERCENT_ENCODING);
        let decode = self.has(Flags::DECODE_UNRESERVED_CHARACTERS);
        if !capitalize && !decode {
            return;
        }
        let rewrite = |text: &str| match rewrite_escapes(text, capitalize, decode) {
            Cow::Owned(new) => Some(new),
            Cow::Borrowed(_) => None,
        };
        // Setting userinfo fails only where a URL cannot have any; it then stays as it is.
        if let Some(username) = rewrite(url.url.username()) {
            let _ = url.url.set_username(&username);
        }
        if let Some(password) = url.url.password().and_then(rewrite) {
            let _ = url.url.set_password(Some(&password));
        }
        if let Some(path) = rewrite(url.url.path()) {
            url.url.set_path(&path);
        }
        if let Some(query) = url.url.query().and_then(rewrite) {
            url.url.set_query(Some(&query));
        }
        if let Some(fragment) = url.url.fragment().and_then(rewrite) {
            url.url.set_fragment(Some(&fragment));
        }
    }

    /// Session path parameters, duplicate slashes, then directory indexes and trailing
    /// slashes at the end of the path.
    fn rewrite_path(&self, url: &mut ParsedUrl) {
        if self.has(Flags::REMOVE_SESSION_IDS) {
            let without = match remove_path_sessions(Cow::Borrowed(url.url.path())) {
                Cow::Owned(without) => Some(without),
                Cow::Borrowed(_) => None,
            };
            // Setting the path resolves the dot segments a removal uncovers
            // (`/a/b/..;jsessionid=1` → `/a/`) before the rules below look at its end.
            if let Some(without) = without {
                url.url.set_path(&without);
            }
        }
        if let Some(path) = self.rewritten_path(url.url.path()) {
            url.url.set_path(&path);
        }
    }

    /// What the duplicate-slash, directory-index and trailing-slash rules make of `path`
    /// (hierarchical, in normal form): `None` when it stays as it is. Each cuts or joins
    /// segments of a normal path, which leaves it normal, so setting it changes nothing more.
    pub(super) fn rewritten_path(&self, original: &str) -> Option<String> {
        let mut path = Cow::Borrowed(original);
        if self.has(Flags::REMOVE_DUPLICATE_SLASHES) && path.contains("//") {
            let mut collapsed = String::with_capacity(path.len());
            for c in path.chars() {
                if !(c == '/' && collapsed.ends_with('/')) {
                    collapsed.push(c);
                }
            }
            path = Cow::Owned(collapsed);
        }
        let end = self.end_without_indexes_and_slashes(&path);
        if end < path.len() {
            path = Cow::Owned(path[..end].to_owned());
        }
        (path != original).then(|| path.into_owned())
    }

    /// Where `path` ends once every directory index (REMOVE_DIRECTORY_INDEX) and trailing
    /// slash (REMOVE_TRAILING_SLASH) is removed from its end, one after the other until
    /// neither is left: `/a/index.html/index.html` → `/a/` → with both flags `/a`. Each
    /// segment is looked at once before it goes, so this is linear in the path's length.
    fn end_without_indexes_and_slashes(&self, path: &str) -> usize {
        let indexes = self.has(Flags::REMOVE_DIRECTORY_INDEX);
        let slashes = self.has(Flags::REMOVE_TRAILING_SLASH);
        let mut end = path.len();
        loop {
            let before = end;
            if indexes {
                if let Some(slash) = path[..end].rfind('/') {
                    let last = &path[slash + 1..end];
                    if !last.is_empty() && self.options.is_directory_index(last) {
                        end = slash + 1;
                    }
                }
            }
            // The root `/` stays.
            if slashes && end > 1 {
                end = path[..end].trim_end_matches('/').len().max(1);
            }
            if end == before {
                return end;
            }
        }
    }

    fn rewrite_query(&self, url: &mut ParsedUrl) {
        if let Some(query) = url.url.query() {
            if let Some(rewritten) = self.rewritten_query(query) {
                url.url.set_query(rewritten.as_deref());
            }
        }
    }

    /// What the query rules make of `query`: `None` when it stays as it is, `Some(None)`
    /// when it goes with its `?`.
    pub(super) fn rewritten_query(&self, query: &str) -> Option<Option<String>> {
        let removed = self.options.removed_parameters();
        let tracking: &[String] = match self.has(Flags::REMOVE_TRACKING_PARAMETERS) {
            true => self.options.tracking_parameters(),
            false => &[],
        };
        let sessions = self.has(Flags::REMOVE_SESSION_IDS);
        let empty = self.has(Flags::REMOVE_EMPTY_QUERY_PARAMETERS);
        let keep = |pair: &Pair<'_>| {
            if empty && pair.raw_value().is_empty() {
                return false;
            }
            let key = pair.key();
            !(matches_any(&key, removed)
                || matches_any(&key, tracking)
                || (sessions && is_session_pair(&key, pair.raw_value())))
        };
        let filtered = filtered_query(query, keep, |pairs| {
            if self.has(Flags::REMOVE_DUPLICATE_QUERY_PARAMETERS) {
                query::dedupe(pairs);
            }
            if self.has(Flags::SORT_QUERY_PARAMETERS) {
                query::sort_by_key(pairs);
            }
        });
        match filtered {
            Some(Some(rest)) if rest.is_empty() && self.has(Flags::REMOVE_EMPTY_QUERY) => {
                Some(None)
            }
            None if query.is_empty() && self.has(Flags::REMOVE_EMPTY_QUERY) => Some(None),
            filtered => filtered,
        }
    }

    fn rewrite_fragment(&self, url: &mut ParsedUrl) {
        if let Some(fragment) = url.url.fragment() {
            if let Some(rewritten) = self.rewritten_fragment(fragment) {
                url.url.set_fragment(rewritten.as_deref());
            }
        }
    }

    /// What the fragment rules make of `fragment`: `None` when it stays as it is,
    /// `Some(None)` when it goes with its `#`.
    pub(super) fn rewritten_fragment(&self, fragment: &str) -> Option<Option<String>> {
        if self.has(Flags::REMOVE_FRAGMENTS) {
            return Some(None);
        }
        if !self.has(Flags::REMOVE_FRAGMENT) {
            return None;
        }
        match without_plain_fragments(fragment) {
            Some(kept) if kept.len() == fragment.len() => None,
            kept => Some(kept.map(str::to_owned)),
        }
    }
}

/// Filters the query's pairs with `keep`, then lets `arrange` reorder them. A query that
/// loses all its pairs is dropped with its `?`.
pub(super) fn filter_query(
    url: &mut ParsedUrl,
    keep: impl Fn(&Pair<'_>) -> bool,
    arrange: impl FnOnce(&mut Vec<Pair<'_>>),
) {
    if let Some(query) = url.url.query() {
        if let Some(rewritten) = filtered_query(query, keep, arrange) {
            url.url.set_query(rewritten.as_deref());
        }
    }
}

/// What [`filter_query`] makes of `query`: `None` when it stays as it is, `Some(None)` when it
/// goes with its `?`. The pairs are slices of `query`, which the parser has encoded, so the
/// rewritten query needs no encoding either.
fn filtered_query(
    query: &str,
    keep: impl Fn(&Pair<'_>) -> bool,
    arrange: impl FnOnce(&mut Vec<Pair<'_>>),
) -> Option<Option<String>> {
    let mut pairs = query::pairs(query);
    pairs.retain(|pair| keep(pair));
    // `?` alone is one empty pair: removing it is REMOVE_EMPTY_QUERY's decision, not a filter's.
    if pairs.is_empty() && !query.is_empty() {
        return Some(None);
    }
    arrange(&mut pairs);
    let rewritten = query::join(&pairs);
    (rewritten != query).then_some(Some(rewritten))
}

/// `www.www.example.com` → `example.com`: every leading `www.`, as long as at least two
/// labels remain (`www.www.com` → `www.com`), and as long as `allowed` takes the result.
fn remove_www(url: &mut ParsedUrl, allowed: impl Fn(&str) -> bool) {
    let Some(domain) = url.domain() else {
        return;
    };
    // Trailing dots (`example.com.`) are no label; trimmed once, not at every `www.`.
    let labels = domain.trim_end_matches('.');
    let mut start = 0;
    while let Some(rest) = labels[start..].strip_prefix("www.") {
        if !rest.contains('.') {
            break;
        }
        start += "www.".len();
    }
    // Each shorter name is judged: an allowed_hosts that lists `www.example.com` and
    // `*.www.example.com` keeps `www.www.example.com` at `www.example.com`.
    while start > 0 && !allowed(&domain[start..]) {
        start -= "www.".len();
    }
    if start > 0 {
        let rest = domain[start..].to_owned();
        url.set_domain(&rest);
    }
}

/// URL::Normalize's `remove_fragment`, the regex `#(?:/|[^?/]*)$` on `#fragment`, applied
/// until it no longer matches: the part of `fragment` to keep, or `None` when all of it goes
/// (`a#/#x` → `a#/` → `a` → nothing). The `#` to cut at is found from the end, after the last
/// `?` or `/`, so each byte is looked at a bounded number of times.
fn without_plain_fragments(fragment: &str) -> Option<&str> {
    let mut kept = fragment;
    loop {
        // `#/` at the end matches (the regex's `/` branch); alone, it is the whole fragment.
        if kept == "/" {
            return None;
        }
        if let Some(before) = kept.strip_suffix("#/") {
            kept = before;
            continue;
        }
        // Otherwise the leftmost `#` with no `?` or `/` after it: the fragment's own leading
        // `#` when the text has neither, else the first `#` after the last of them.
        let after_separator = kept.rfind(['?', '/'])? + 1;
        match kept[after_separator..].find('#') {
            Some(hash) => kept = &kept[..after_separator + hash],
            None => return Some(kept),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_fragments() {
        let kept = without_plain_fragments;
        assert_eq!(kept("section1"), None);
        assert_eq!(kept("/route#foo"), Some("/route"));
        assert_eq!(kept("/route"), Some("/route"));
        assert_eq!(kept("!/route"), Some("!/route"));
        assert_eq!(kept("a?b#c"), Some("a?b"));
        assert_eq!(kept("a#/#x"), None);
        assert_eq!(kept("/a#/#x"), Some("/a"));
        assert_eq!(kept("/"), None);
        assert_eq!(kept("?#/"), Some("?"));
        assert_eq!(kept(""), None);
    }
}
