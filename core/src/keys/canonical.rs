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

use super::canonical_fast::canonical_fast;
use super::flags::Flags;
use super::pass::{filter_query, Pass};
use super::query::matches_any;
use crate::error::{Operation, UrlError};
use crate::normalize::{normalize_fast, parse_input, within_max_length};
use crate::options::Options;
use crate::standard::ParsedUrl;

/// Canonicalizes a URL: normalizes it, then applies `flags` in their fixed order (see
/// [`Flags`]); a second call changes nothing. Names listed in the
/// `remove_query_parameters` option are removed whatever the flags.
///
/// # Examples
///
/// ```
/// use url_normalize_core::{canonicalize, Flags, Options};
/// let options = Options::default();
/// let key = |url: &str| canonicalize(url.as_bytes(), Flags::USUALLY_SAFE, &options);
/// assert_eq!(key("http://www.example.com:80/index.html?")?, "http://www.example.com/");
/// assert_eq!(key("HTTP://www.Example.com/%7euser/?b=2&utm_source=x&a=1#top")?,
///            "http://www.example.com/~user/?a=1&b=2");
/// # Ok::<(), url_normalize_core::UrlError>(())
/// ```
///
/// # Errors
///
/// As [`crate::normalize()`], with the operation named `canonicalize`.
pub fn canonicalize(input: &[u8], flags: Flags, options: &Options) -> Result<String, UrlError> {
    match canonicalize_fast_path(input, flags, options) {
        Some(canonical) => Ok(canonical),
        None => canonicalize_full_path(input, flags, options),
    }
}

/// The fast path's answer for [`canonicalize`] (`src/keys/canonical_fast.rs`), or `None` when
/// only the full path knows. Exported with the feature `test-hooks`, so that the differential
/// test and the fuzz target hold it against [`canonicalize_full_path`].
pub fn canonicalize_fast_path(input: &[u8], flags: Flags, options: &Options) -> Option<String> {
    let normal = normalize_fast(input, options)?;
    let canonical = canonical_fast(normal, &Pass { flags, options })?;
    // A key longer than max_length is refused by the full path, which says so.
    options
        .check_result_length(canonical.len())
        .is_ok()
        .then(|| canonical.into_owned())
}

/// [`canonicalize`] without the fast path: the input parsed, then every chosen transform.
/// Exported with the feature `test-hooks`.
pub fn canonicalize_full_path(
    input: &[u8],
    flags: Flags,
    options: &Options,
) -> Result<String, UrlError> {
    let key = canonical_url(input, flags, options)?.serialize();
    within_max_length(key, input, options, Operation::Canonicalize)
}

/// Whether two URLs have the same canonical form under `flags`, so the same
/// de-duplication key: `http://www.example.com:80/index.html?` and `http://www.example.com/`
/// are equivalent under [`Flags::USUALLY_SAFE`].
///
/// # Examples
///
/// ```
/// use url_normalize_core::{equivalent, Flags, Options};
/// let options = Options::default();
/// assert!(equivalent(b"http://www.example.com:80/index.html?", b"http://www.example.com/", Flags::USUALLY_SAFE, &options)?);
/// assert!(!equivalent(b"http://example.com/", b"https://example.com/", Flags::USUALLY_SAFE, &options)?);
/// assert!(equivalent(b"http://example.com/", b"https://www.example.com/", Flags::AGGRESSIVE, &options)?);
/// # Ok::<(), url_normalize_core::UrlError>(())
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
/// use url_normalize_core::{remove_query_parameters, Options};
/// let url = remove_query_parameters(b"https://a.com/?a=1&a=2&b=3", &["a".into()], &Options::default())?;
/// assert_eq!(url, "https://a.com/?b=3");
/// # Ok::<(), url_normalize_core::UrlError>(())
/// ```
///
/// # Errors
///
/// As [`crate::normalize()`].
pub fn remove_query_parameters(
    input: &[u8],
    names: &[String],
    options: &Options,
) -> Result<String, UrlError> {
    let mut url = parse_input(input, options, Operation::Normalize)?;
    filter_query(&mut url, |pair| !matches_any(&pair.key(), names), |_| {});
    within_max_length(url.serialize(), input, options, Operation::Normalize)
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
