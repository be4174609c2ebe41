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

use crate::error::{Operation, UrlError};
use crate::keys::flags::Flags;
use crate::keys::query::{self, matches_any, Pair};
use crate::normalize::parse_input;
use crate::options::Options;
use crate::standard::ParsedUrl;
use regex::Regex;
use std::borrow::Cow;
use std::sync::LazyLock;

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

/// Query parameters that carry a session (globs, case-insensitive). `sid` is matched only
/// with a token-like value (see [`is_session_pair`]), since it also means "site id".
const SESSION_PARAMETERS: &[&str] = &[
    "jsessionid",
    "phpsessid",
    "aspsessionid*",
    "asp.net_sessionid",
    "sessionid",
    "session_id",
    "sessid",
    "cfid",
    "cftoken",
    "zenid",
    "oscsid",
];

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

/// `sid` counts as a session id only with a token-like value (16 or more letters and digits),
/// as the Internet Archive's canonicalizer does; the other names always do.
fn is_session_pair(key: &str, value: &str) -> bool {
    if key.eq_ignore_ascii_case("sid") {
        return value.len() >= 16 && value.bytes().all(|b| b.is_ascii_alphanumeric());
    }
    matches_any(key, SESSION_PARAMETERS)
}

/// `;jsessionid=...` inside a segment, and ASP.NET's cookieless session segments
/// `(S(xxxxxxxxxxxxxxxxxxxxxxxx))` and `(xxxxxxxxxxxxxxxxxxxxxxxx)`.
fn remove_path_sessions(path: Cow<'_, str>) -> Cow<'_, str> {
    static JSESSIONID: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"(?i);jsessionid=[^/;]*").expect("valid pattern"));
    static ASP_NET: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)/\((?:[a-z]\([0-9a-z]{24}\))+\)|/\([0-9a-z]{24}\)").expect("valid pattern")
    });
    let mut path = path;
    if path.contains(';') {
        if let Cow::Owned(without) = JSESSIONID.replace_all(&path, "") {
            path = Cow::Owned(without);
        }
    }
    if path.contains("/(") {
        // Only whole segments: the match must be followed by `/` or the end of the path.
        let mut kept = String::with_capacity(path.len());
        let mut last = 0;
        for found in ASP_NET.find_iter(&path) {
            let whole_segment =
                path[found.end()..].is_empty() || path[found.end()..].starts_with('/');
            if whole_segment {
                kept.push_str(&path[last..found.start()]);
                last = found.end();
            }
        }
        if last > 0 {
            kept.push_str(&path[last..]);
            path = Cow::Owned(if kept.is_empty() {
                "/".to_owned()
            } else {
                kept
            });
        }
    }
    path
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

/// Rewrites `%XX` escapes: uppercase hex digits, and/or decode unreserved characters
/// (`A-Z a-z 0-9 - . _ ~`). Other text, and a `%` without two hex digits, is kept. A decoded
/// digit can complete an escape with the text before it (`%%34%31` → `%41`); that one is
/// rewritten as well, so the result needs no second pass.
/// <https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2>
fn rewrite_escapes(text: &str, capitalize: bool, decode: bool) -> Cow<'_, str> {
    let rewrite = |escape: &[u8]| -> Option<Escape> {
        let byte = hex_value(escape[1]) * 16 + hex_value(escape[2]);
        if decode && (byte.is_ascii_alphanumeric() || b"-._~".contains(&byte)) {
            Some(Escape::Decoded(char::from(byte)))
        } else if capitalize && (escape[1].is_ascii_lowercase() || escape[2].is_ascii_lowercase()) {
            Some(Escape::Capitalized(
                escape[1].to_ascii_uppercase(),
                escape[2].to_ascii_uppercase(),
            ))
        } else {
            None
        }
    };
    // Most components need nothing: find the first escape to rewrite before allocating.
    let Some(first) = escapes(text).find(|&at| rewrite(&text.as_bytes()[at..at + 3]).is_some())
    else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..first]);
    for c in text[first..].chars() {
        out.push(c);
        // Only an escape that ends with the character just written can be new; a decoded
        // character may in turn end another one (`%%34%31`), hence the loop. Each decoding
        // shortens the output, so the whole stays linear.
        while let Some(at) = out.len().checked_sub(3) {
            let tail = &out.as_bytes()[at..];
            if !is_escape(tail) {
                break;
            }
            match rewrite(tail) {
                Some(Escape::Decoded(decoded)) => {
                    out.truncate(at);
                    out.push(decoded);
                }
                Some(Escape::Capitalized(high, low)) => {
                    out.truncate(at);
                    out.push('%');
                    out.push(char::from(high));
                    out.push(char::from(low));
                    break;
                }
                None => break,
            }
        }
    }
    Cow::Owned(out)
}

/// What one `%XX` becomes.
enum Escape {
    Decoded(char),
    Capitalized(u8, u8),
}

/// The positions of the well-formed `%XX` escapes of `text`.
fn escapes(text: &str) -> impl Iterator<Item = usize> + '_ {
    let bytes = text.as_bytes();
    (0..bytes.len()).filter(move |&at| is_escape(&bytes[at..]))
}

/// True when `bytes` starts with a well-formed `%XX` escape.
fn is_escape(bytes: &[u8]) -> bool {
    matches!(bytes, [b'%', high, low, ..] if high.is_ascii_hexdigit() && low.is_ascii_hexdigit())
}

fn hex_value(digit: u8) -> u8 {
    match digit {
        b'0'..=b'9' => digit - b'0',
        _ => (digit | 0x20) - b'a' + 10,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(url: &str, flags: Flags) -> String {
        canonicalize(url.as_bytes(), flags, &Options::default()).unwrap_or_else(|e| panic!("{e}"))
    }

    fn options(settings: &[(&str, crate::OptionValue)]) -> Options {
        let mut options = Options::default();
        for (key, value) in settings {
            options
                .set(key, value.clone())
                .unwrap_or_else(|e| panic!("{e}"));
        }
        options.validate().unwrap_or_else(|e| panic!("{e}"));
        options
    }

    fn list(items: &[&str]) -> crate::OptionValue {
        crate::OptionValue::List(items.iter().map(|s| s.to_string()).collect())
    }

    #[test]
    fn scheme_and_host_transforms_stay_inside_the_policies() {
        use crate::OptionValue::String as Text;
        let http_only = options(&[
            ("allowed_schemes", list(&["http"])),
            ("default_scheme", Text("http".into())),
        ]);
        let canon_with = |url: &str, options: &Options| {
            let once = canonicalize(url.as_bytes(), Flags::AGGRESSIVE, options)
                .unwrap_or_else(|e| panic!("{e}"));
            let twice = canonicalize(once.as_bytes(), Flags::AGGRESSIVE, options);
            assert_eq!(twice.as_deref(), Ok(once.as_str()), "{url}");
            once
        };
        // FORCE_HTTPS would give https://a.com/x, which this normalizer refuses.
        assert_eq!(canon_with("http://a.com/x", &http_only), "http://a.com/x");
        let both = options(&[("allowed_schemes", list(&["http", "https"]))]);
        assert_eq!(canon_with("http://a.com/x", &both), "https://a.com/x");
        // REMOVE_WWW stops at the shortest name allowed_hosts takes.
        let www = options(&[(
            "allowed_hosts",
            list(&[
                "www.example.com",
                "*.www.example.com",
                "www.other.com",
                "*.other.com",
            ]),
        )]);
        assert_eq!(
            canon_with("http://www.www.example.com/", &www),
            "https://www.example.com/"
        );
        assert_eq!(
            canon_with("http://www.example.com/", &www),
            "https://www.example.com/"
        );
        assert_eq!(
            canon_with("http://www.other.com/", &www),
            "https://www.other.com/"
        );
        assert_eq!(
            canon_with("http://www.a.other.com/", &www),
            "https://a.other.com/"
        );
    }

    #[test]
    fn escapes() {
        assert_eq!(
            rewrite_escapes("a%c3%a9%7e%2f%", true, false),
            "a%C3%A9%7E%2F%"
        );
        assert_eq!(
            rewrite_escapes("a%c3%a9%7e%2f%", false, true),
            "a%c3%a9~%2f%"
        );
        assert_eq!(
            rewrite_escapes("a%c3%a9%7e%2F%zz", true, true),
            "a%C3%A9~%2F%zz"
        );
        assert!(matches!(
            rewrite_escapes("caf%C3%A9", true, true),
            Cow::Borrowed(_)
        ));
        assert_eq!(
            canon("http://u%7e:p%7e@a.com/%7e?%7e#%7e", Flags::MAKE_CANONICAL),
            "http://u~:p~@a.com/~?~#~"
        );
    }

    #[test]
    fn the_seed_example_meets_its_key() {
        for url in [
            "http://www.example.com/",
            "http://www.example.com:80/",
            "http://www.example.com/index.html",
            "http://www.example.com/?",
            "HTTP://WWW.EXAMPLE.COM/index.html?",
        ] {
            assert_eq!(
                canon(
                    url,
                    Flags::MAKE_CANONICAL
                        | Flags::REMOVE_DIRECTORY_INDEX
                        | Flags::REMOVE_EMPTY_QUERY
                ),
                "http://www.example.com/",
                "{url}"
            );
        }
    }

    #[test]
    fn path_rules() {
        assert_eq!(
            canon(
                "https://a.com/index.php/route",
                Flags::REMOVE_DIRECTORY_INDEX
            ),
            "https://a.com/index.php/route"
        );
        assert_eq!(
            canon(
                "https://a.com/a/INDEX.HTML?x",
                Flags::REMOVE_DIRECTORY_INDEX
            ),
            "https://a.com/a/?x"
        );
        assert_eq!(
            canon("https://a.com//a///b//", Flags::REMOVE_DUPLICATE_SLASHES),
            "https://a.com/a/b/"
        );
        assert_eq!(
            canon("https://a.com/a/b/", Flags::REMOVE_TRAILING_SLASH),
            "https://a.com/a/b"
        );
        assert_eq!(
            canon("https://a.com/", Flags::REMOVE_TRAILING_SLASH),
            "https://a.com/"
        );
        assert_eq!(
            canon(
                "https://a.com/a/index.html/",
                Flags::REMOVE_TRAILING_SLASH | Flags::REMOVE_DIRECTORY_INDEX
            ),
            "https://a.com/a"
        );
        assert_eq!(
            canon(
                "https://a.com/cart;JSESSIONID=ab12?x=1",
                Flags::REMOVE_SESSION_IDS
            ),
            "https://a.com/cart?x=1"
        );
        assert_eq!(
            canon(
                "https://a.com/(S(4hqa0555fwsecu455xqckv45))/mileg.aspx",
                Flags::REMOVE_SESSION_IDS
            ),
            "https://a.com/mileg.aspx"
        );
        assert_eq!(
            canon(
                "https://a.com/photos/36050182@N05/",
                Flags::REMOVE_SESSION_IDS
            ),
            "https://a.com/photos/36050182@N05/"
        );
    }

    #[test]
    fn query_rules() {
        assert_eq!(
            canon("https://a.com/?q=%26&b=%3D", Flags::SORT_QUERY_PARAMETERS),
            "https://a.com/?b=%3D&q=%26"
        );
        assert_eq!(
            canon("https://a.com/", Flags::REMOVE_DUPLICATE_QUERY_PARAMETERS),
            "https://a.com/"
        );
        assert_eq!(
            canon(
                "https://a.com/?a=1&b=&c&d=0",
                Flags::REMOVE_EMPTY_QUERY_PARAMETERS
            ),
            "https://a.com/?a=1&d=0"
        );
        assert_eq!(
            canon(
                "https://a.com/?utm_source=x&UTM_MEDIUM=y&fbclid=z",
                Flags::REMOVE_TRACKING_PARAMETERS
            ),
            "https://a.com/"
        );
        assert_eq!(
            canon(
                "https://a.com/?utm_source=x&id=1",
                Flags::REMOVE_TRACKING_PARAMETERS
            ),
            "https://a.com/?id=1"
        );
        assert_eq!(
            canon(
                "https://a.com/?sid=42&PHPSESSID=abc",
                Flags::REMOVE_SESSION_IDS
            ),
            "https://a.com/?sid=42"
        );
        assert_eq!(
            canon(
                "https://a.com/?sid=9682993c8daa2c5497996114facdc805&x=y",
                Flags::REMOVE_SESSION_IDS
            ),
            "https://a.com/?x=y"
        );
        assert_eq!(
            canon("https://a.com/?", Flags::REMOVE_EMPTY_QUERY),
            "https://a.com/"
        );
        assert_eq!(canon("https://a.com/?", Flags::NONE), "https://a.com/?");
    }

    #[test]
    fn fragment_rules() {
        assert_eq!(
            canon("https://a.com/#/route#x", Flags::REMOVE_FRAGMENT),
            "https://a.com/#/route"
        );
        assert_eq!(
            canon("https://a.com/#!/route", Flags::REMOVE_FRAGMENT),
            "https://a.com/#!/route"
        );
        assert_eq!(
            canon("https://a.com/#x#/", Flags::REMOVE_FRAGMENT),
            "https://a.com/"
        );
        assert_eq!(
            canon("https://a.com/#/route", Flags::REMOVE_FRAGMENTS),
            "https://a.com/"
        );
    }

    #[test]
    fn host_and_scheme_rules() {
        assert_eq!(
            canon(
                "http://www.example.com/",
                Flags::REMOVE_WWW | Flags::FORCE_HTTPS
            ),
            "https://example.com/"
        );
        assert_eq!(
            canon("http://www.com/", Flags::REMOVE_WWW),
            "http://www.com/"
        );
        assert_eq!(
            canon("http://www.xn--a.com/", Flags::REMOVE_WWW),
            "http://xn--a.com/"
        );
        assert_eq!(
            canon("http://a.com:443/", Flags::FORCE_HTTPS),
            "https://a.com/"
        );
        assert_eq!(
            canon("http://a.com:8080/", Flags::FORCE_HTTPS),
            "https://a.com:8080/"
        );
    }

    /// Repetitions that once took one pass each (and stopped after 32): one call reaches the
    /// fixed point, so a second call changes nothing.
    #[test]
    fn repetitions_reach_the_fixed_point_in_one_call() {
        let cases = [
            (
                format!("https://example.com{}", "/index.html".repeat(40)),
                Flags::AGGRESSIVE,
                "https://example.com/".to_owned(),
            ),
            (
                format!("https://example.com{}", "/index.html/".repeat(40)),
                Flags::REMOVE_DIRECTORY_INDEX | Flags::REMOVE_TRAILING_SLASH,
                "https://example.com/".to_owned(),
            ),
            (
                format!("https://example.com/a{}", "/".repeat(40)),
                Flags::REMOVE_TRAILING_SLASH,
                "https://example.com/a".to_owned(),
            ),
            (
                format!("https://{}example.com/", "www.".repeat(40)),
                Flags::REMOVE_WWW,
                "https://example.com/".to_owned(),
            ),
            (
                format!("https://{}com/", "www.".repeat(40)),
                Flags::REMOVE_WWW,
                "https://www.com/".to_owned(),
            ),
            (
                format!("https://a.com/#x{}", "#/".repeat(40)),
                Flags::REMOVE_FRAGMENT,
                "https://a.com/".to_owned(),
            ),
            (
                format!("https://a.com/#/r{}", "#/".repeat(40)),
                Flags::REMOVE_FRAGMENT,
                "https://a.com/#/r".to_owned(),
            ),
            (
                "https://a.com/a#/%%34%31%%%33%34%%33%31".to_owned(),
                Flags::DECODE_UNRESERVED_CHARACTERS,
                "https://a.com/a#/AA".to_owned(),
            ),
        ];
        for (input, flags, expected) in cases {
            assert_eq!(canon(&input, flags), expected, "{input} with {flags:?}");
        }
    }

    #[test]
    fn escapes_formed_by_decoding_are_rewritten_too() {
        assert_eq!(rewrite_escapes("%%34%31", false, true), "A");
        assert_eq!(rewrite_escapes("%%%33%34%%33%31", false, true), "A");
        assert_eq!(rewrite_escapes("%%65%33", true, true), "%E3");
        assert_eq!(rewrite_escapes("%%65%33", false, true), "%e3");
        assert_eq!(rewrite_escapes("%4%31", false, true), "A");
        assert_eq!(rewrite_escapes("%%%", true, true), "%%%");
    }

    /// URL::Normalize's regex `#(?:/|[^?/]*)$`, applied until it no longer matches.
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

    #[test]
    fn listed_parameters_go_whatever_the_flags() {
        let mut options = Options::default();
        options
            .set(
                "remove_query_parameters",
                crate::OptionValue::List(vec!["page*".into()]),
            )
            .unwrap();
        let key = canonicalize(b"https://a.com/?pageSize=5&q=x", Flags::NONE, &options).unwrap();
        assert_eq!(key, "https://a.com/?q=x");
    }

    #[test]
    fn hostless_paths_are_left_alone() {
        let session = "foo:/(S(aaaaaaaaaaaaaaaaaaaaaaaa))//x";
        assert_eq!(canon(session, Flags::REMOVE_SESSION_IDS), session);
        assert_eq!(canon("foo:/.//a", Flags::AGGRESSIVE), "foo:/.//a");
        assert_eq!(
            canon("foo://h//a/", Flags::REMOVE_DUPLICATE_SLASHES),
            "foo://h/a/"
        );
    }

    #[test]
    fn opaque_paths_keep_their_path() {
        assert_eq!(
            canon("mailto:a@b.c?subject=x&utm_source=y", Flags::AGGRESSIVE),
            "mailto:a@b.c?subject=x"
        );
    }
}
