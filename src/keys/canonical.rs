//! `canonicalize()`: one key per page, for de-duplication. The input is normalized first, then
//! the transforms chosen by [`Flags`] run once each, in the order of the flags.
//!
//! The result is idempotent because one pass reaches the fixed point, in time linear in the
//! URL's length:
//! - each transform runs to its own fixed point in one linear step: every leading `www.`, every
//!   directory index and trailing slash at the end of the path (`/index.html/index.html`),
//!   every plain fragment (`#a#/#b`), and an escape that decoding forms (`%%34%31` → `%41`)
//!   are all removed or rewritten at once;
//! - no transform creates work for one before it: the components are independent (scheme,
//!   host, path, query, fragment), and within the path, dot segments that a removed session
//!   parameter uncovers are resolved before the later path rules run. Removals never join two
//!   pieces into a new `%XX` escape, since what follows a removal is `/`, `;`, `&` or the end.
//!
//! tests/properties.rs checks idempotence for every flag and preset, also on long repetitions
//! of these shapes; tests/large_inputs.rs and php-tests/LargeInputTest.php bound the time.

use super::escapes::rewrite_escapes;
use super::sessions::{is_session_pair, remove_path_sessions};
use crate::error::{Operation, UrlError};
use crate::keys::flags::Flags;
use crate::keys::query::{self, matches_any, Pair};
use crate::normalize::parse_input;
use crate::options::Options;
use crate::standard::ParsedUrl;
use std::borrow::Cow;

/// Canonicalizes a URL: normalizes it, then applies `flags` in their fixed order (see
/// [`Flags`]); a second call changes nothing. Names listed in the
/// `remove_query_parameters` option are removed whatever the flags.
///
/// # Examples
///
/// ```
/// use url_normalize::{canonicalize, Flags, Options};
/// let options = Options::default();
/// let key = |url: &str| canonicalize(url.as_bytes(), Flags::USUALLY_SAFE, &options);
/// assert_eq!(key("http://www.example.com:80/index.html?")?, "http://www.example.com/");
/// assert_eq!(key("HTTP://www.Example.com/%7euser/?b=2&utm_source=x&a=1#top")?,
///            "http://www.example.com/~user/?a=1&b=2");
/// # Ok::<(), url_normalize::UrlError>(())
/// ```
///
/// # Errors
///
/// As [`crate::normalize`], with the operation named `canonicalize`.
pub fn canonicalize(input: &[u8], flags: Flags, options: &Options) -> Result<String, UrlError> {
    canonical_url(input, flags, options).map(|url| url.serialize())
}

/// Whether two URLs have the same canonical form under `flags`, so the same
/// de-duplication key: `http://www.example.com:80/index.html?` and `http://www.example.com/`
/// are equivalent under [`Flags::USUALLY_SAFE`].
///
/// # Examples
///
/// ```
/// use url_normalize::{equivalent, Flags, Options};
/// let options = Options::default();
/// assert!(equivalent(b"http://www.example.com:80/index.html?", b"http://www.example.com/", Flags::USUALLY_SAFE, &options)?);
/// assert!(!equivalent(b"http://example.com/", b"https://example.com/", Flags::USUALLY_SAFE, &options)?);
/// assert!(equivalent(b"http://example.com/", b"https://www.example.com/", Flags::AGGRESSIVE, &options)?);
/// # Ok::<(), url_normalize::UrlError>(())
/// ```
///
/// # Errors
///
/// As [`canonicalize`], for the first of the two inputs that is not a URL.
pub fn equivalent(a: &[u8], b: &[u8], flags: Flags, options: &Options) -> Result<bool, UrlError> {
    let a = canonicalize(a, flags, options)?;
    Ok(a == canonicalize(b, flags, options)?)
}

/// Normalizes a URL and removes the query parameters whose names match `names` (globs such
/// as `utm_*`, case-insensitive). Nothing else changes; a query left empty is dropped.
///
/// # Examples
///
/// ```
/// use url_normalize::{remove_query_parameters, Options};
/// let url = remove_query_parameters(b"https://a.com/?a=1&a=2&b=3", &["a".into()], &Options::default())?;
/// assert_eq!(url, "https://a.com/?b=3");
/// # Ok::<(), url_normalize::UrlError>(())
/// ```
///
/// # Errors
///
/// As [`crate::normalize`].
pub fn remove_query_parameters(
    input: &[u8],
    names: &[String],
    options: &Options,
) -> Result<String, UrlError> {
    let mut url = parse_input(input, options, Operation::Normalize)?;
    filter_query(&mut url, |pair| !matches_any(&pair.key(), names), |_| {});
    Ok(url.serialize())
}

/// The canonical URL, before serialization (for [`crate::surt`]).
pub(crate) fn canonical_url(
    input: &[u8],
    flags: Flags,
    options: &Options,
) -> Result<ParsedUrl, UrlError> {
    let mut url = parse_input(input, options, Operation::Canonicalize)?;
    Pass { flags, options }.apply(&mut url);
    Ok(url)
}

/// Every chosen transform, once each (see the module documentation for why once is enough).
struct Pass<'a> {
    flags: Flags,
    options: &'a Options,
}

impl Pass<'_> {
    fn has(&self, flag: Flags) -> bool {
        self.flags.contains(flag)
    }

    /// Applies every chosen transform once, in the order of the flags.
    ///
    /// The two transforms that change the scheme or the host, FORCE_HTTPS and REMOVE_WWW, are
    /// skipped where the options' policies would refuse their result (`allowed_schemes`
    /// without `https`, an `allowed_hosts` without the name after `www.`): a canonical form
    /// is always a URL the same normalizer accepts, so canonicalizing it again gives it back.
    fn apply(&self, url: &mut ParsedUrl) {
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
        if self.has(Flags::REMOVE_EMPTY_QUERY) && url.url.query() == Some("") {
            url.url.set_query(None);
        }
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
        let original = url.url.path();
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
        if path != original {
            let path = path.into_owned();
            url.url.set_path(&path);
        }
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
        filter_query(url, keep, |pairs| {
            if self.has(Flags::REMOVE_DUPLICATE_QUERY_PARAMETERS) {
                query::dedupe(pairs);
            }
            if self.has(Flags::SORT_QUERY_PARAMETERS) {
                query::sort_by_key(pairs);
            }
        });
    }

    fn rewrite_fragment(&self, url: &mut ParsedUrl) {
        let Some(fragment) = url.url.fragment() else {
            return;
        };
        let kept = if self.has(Flags::REMOVE_FRAGMENTS) {
            None
        } else if self.has(Flags::REMOVE_FRAGMENT) {
            match without_plain_fragments(fragment) {
                Some(kept) if kept.len() == fragment.len() => return,
                kept => kept.map(str::to_owned),
            }
        } else {
            return;
        };
        url.url.set_fragment(kept.as_deref());
    }
}

/// Filters the query's pairs with `keep`, then lets `arrange` reorder them. A query that
/// loses all its pairs is dropped with its `?`.
fn filter_query(
    url: &mut ParsedUrl,
    keep: impl Fn(&Pair<'_>) -> bool,
    arrange: impl FnOnce(&mut Vec<Pair<'_>>),
) {
    let Some(original) = url.url.query() else {
        return;
    };
    let mut pairs = query::pairs(original);
    pairs.retain(|pair| keep(pair));
    // `?` alone is one empty pair: removing it is REMOVE_EMPTY_QUERY's decision, not a filter's.
    if pairs.is_empty() && !original.is_empty() {
        url.url.set_query(None);
        return;
    }
    arrange(&mut pairs);
    let rewritten = query::join(&pairs);
    if rewritten != original {
        url.url.set_query(Some(&rewritten));
    }
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
