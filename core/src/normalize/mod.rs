//! Stage 3, the URL a browser would request: `normalize()` (with its fast path), `resolve()`
//! for links, and `explain()`, which says what `normalize()` changed.

pub(crate) mod explain;
pub(crate) mod fast;
mod join;
mod rebuild;
pub(crate) mod resolve;

use crate::error::{ErrorKind, Operation, UrlError};
use crate::input::{bytes_to_str, strip, with_default_scheme};
use crate::options::Options;
use crate::standard::{parse, ParsedUrl};
use std::borrow::Cow;

/// Normalizes a URL into the form a browser would request.
///
/// A scheme-less input gets [`Options::default_scheme`]. The host goes to ASCII
/// (UTS #46, non-transitional). Path, query and fragment are percent-encoded only where
/// the URL Standard requires it; existing `%XX` stay as they are, and `@ , ; : = ! $ ' ( ) * +`
/// stay raw wherever the standard keeps them. Bytes that are not UTF-8 are percent-encoded
/// one by one.
///
/// # Examples
///
/// ```
/// use url_normalize_core::{normalize, Options};
/// let options = Options::default();
/// let url = normalize("faß.de/café colombia".as_bytes(), &options)?;
/// assert_eq!(url, "https://xn--fa-hia.de/caf%C3%A9%20colombia");
/// // Already encoded: kept, never encoded twice; sub-delimiters stay raw.
/// let url = normalize(b"https://example.com/caf%C3%A9/@user;v=1?a=%26", &options)?;
/// assert_eq!(url, "https://example.com/caf%C3%A9/@user;v=1?a=%26");
/// # Ok::<(), url_normalize_core::UrlError>(())
/// ```
///
/// # Errors
///
/// [`UrlError`] with the [`crate::ErrorKind`] of the failure: an invalid host
/// (`InvalidDomain`, `ForbiddenHostCodePoint`, ...), an invalid port, an empty input, a
/// relative reference such as `/path`, which has no host, an input longer than
/// [`Options::max_length`] (`InputTooLong`), or a scheme outside
/// [`Options::allowed_schemes`] (`DisallowedScheme`).
pub fn normalize(input: &[u8], options: &Options) -> Result<String, UrlError> {
    normalize_cow(input, options).map(Cow::into_owned)
}

/// [`normalize`], borrowing the input when it is already its own normal form: the PHP
/// binding then hands the caller's own string back, with no parse, no new string and no copy.
///
/// `Cow::Borrowed` means the fast path recognized the input (see `src/normalize/fast.rs`,
/// and [`is_normal_form`]); `Cow::Owned` is the answer of the fast path's one-pass writer
/// (`src/normalize/rebuild.rs`) or of the full path, and may still equal the input.
///
/// # Examples
///
/// ```
/// use std::borrow::Cow;
/// use url_normalize_core::{normalize_cow, Options};
/// let options = Options::default();
/// let kept = normalize_cow(b"https://example.com/a?b#c", &options)?;
/// assert!(matches!(kept, Cow::Borrowed("https://example.com/a?b#c")));
/// let changed = normalize_cow(b"HTTPS://example.com/a b", &options)?;
/// assert_eq!(changed, "https://example.com/a%20b");
/// # Ok::<(), url_normalize_core::UrlError>(())
/// ```
///
/// # Errors
///
/// As for [`normalize`].
// Inlined, with the fast path's glue under it: a caller that matches on the answer (the PHP
// binding's own handler) then tests the fast path's result where it is, instead of getting
// the whole `Result`, room for an error included, moved through memory by three calls.
#[inline(always)]
pub fn normalize_cow<'a>(input: &'a [u8], options: &Options) -> Result<Cow<'a, str>, UrlError> {
    match normalize_fast(input, options) {
        Some(normal) => Ok(normal),
        None => normalize_full_path(input, options).map(Cow::Owned),
    }
}

/// The fast path's answer for `input` under `options`: the input itself when it is its own
/// normal form, the normal form written in one pass, or `None` when only the full path knows
/// (or the options' limits and policies refuse the input: the full path reports why).
// Inlined: see `normalize_cow`.
#[inline(always)]
pub(crate) fn normalize_fast<'a>(input: &'a [u8], options: &Options) -> Option<Cow<'a, str>> {
    let allowed =
        |scheme: &str, host: &str, url: &str| options.admits_fast_answer(input, scheme, host, url);
    match fast_path(input, options.default_scheme())? {
        FastAnswer::Kept(normal) if allowed(normal.scheme, normal.host, normal.url) => {
            Some(Cow::Borrowed(normal.url))
        }
        FastAnswer::Rebuilt(rebuilt) if allowed(rebuilt.scheme, rebuilt.host(), &rebuilt.url) => {
            Some(Cow::Owned(rebuilt.url))
        }
        _ => None,
    }
}

/// What the fast path knows of an input.
enum FastAnswer<'a> {
    /// The input is its own normal form ([`fast`]).
    Kept(fast::NormalForm<'a>),
    /// The normal form, written in one pass ([`rebuild`]).
    Rebuilt(rebuild::Rebuilt),
}

// Inlined: see `normalize_cow`.
#[inline(always)]
fn fast_path<'a>(input: &'a [u8], default_scheme: &str) -> Option<FastAnswer<'a>> {
    match fast::normal_form(input) {
        Some(normal) => Some(FastAnswer::Kept(normal)),
        None => rebuild::rebuild(input, default_scheme).map(FastAnswer::Rebuilt),
    }
}

/// Whether the fast path recognizes `input` as its own normal form, by one pass over its
/// bytes. `false` means "not known". Wherever it is `true`, [`normalize`] returns `input`
/// unchanged; `tests/fast_path.rs` and the fuzz target check this.
pub fn is_normal_form(input: &[u8]) -> bool {
    fast::normal_form(input).is_some()
}

/// The fast path's answer for `input`, with the default options: the input itself
/// (`Cow::Borrowed`), the normal form it wrote in one pass (`Cow::Owned`), or `None` when
/// only the full path knows. Exported with the feature `test-hooks`, so that the differential
/// test and the fuzz target hold it against [`normalize_full_path`].
#[cfg(feature = "test-hooks")]
pub fn normalize_fast_path(input: &[u8]) -> Option<Cow<'_, str>> {
    match fast_path(input, "https")? {
        FastAnswer::Kept(normal) => Some(Cow::Borrowed(normal.url)),
        FastAnswer::Rebuilt(rebuilt) => Some(Cow::Owned(rebuilt.url)),
    }
}

/// [`normalize`] without the fast path: parse, then serialize. Exported with the feature
/// `test-hooks`, so that the differential test and the fuzz target hold the fast path against
/// it.
pub fn normalize_full_path(input: &[u8], options: &Options) -> Result<String, UrlError> {
    let url = parse_input(input, options, Operation::Normalize)?.into_serialization();
    within_max_length(url, input, options, Operation::Normalize)
}

/// `url`, the result of `operation` on `input`, unless it is longer than `max_length`
/// ([`ErrorKind::ResultTooLong`]).
pub(crate) fn within_max_length(
    url: String,
    input: &[u8],
    options: &Options,
    operation: Operation,
) -> Result<String, UrlError> {
    match options.check_result_length(url.len()) {
        Ok(()) => Ok(url),
        Err(kind) => Err(error(kind, None, input, options, operation)),
    }
}

/// Reads an input the way [`normalize`] does, and applies the options' policies
/// (`allowed_schemes`, `allowed_hosts`, `block_private_hosts`); `operation` names the caller
/// in errors.
pub(crate) fn parse_input(
    input: &[u8],
    options: &Options,
    operation: Operation,
) -> Result<ParsedUrl, UrlError> {
    let url = read_input(input, options, operation.clone())?;
    check_policies(&url, input, options, operation)?;
    Ok(url)
}

/// Reads an input the way [`normalize`] does, without judging its scheme or host: the URL
/// a policy judges (for `hostType()` and `explain()`).
pub(crate) fn read_input(
    input: &[u8],
    options: &Options,
    operation: Operation,
) -> Result<ParsedUrl, UrlError> {
    let fail = |kind, host| error(kind, host, input, options, operation.clone());
    options
        .check_length(input)
        .map_err(|kind| fail(kind, None))?;
    let text = bytes_to_str(input);
    let stripped = strip(&text);
    let absolute = with_default_scheme(&stripped, options.default_scheme())
        .map_err(|reason| fail(reason.into(), None))?;
    parse(&absolute).map_err(|failure| fail(failure.kind, failure.host))
}

/// The options' policies on a URL read from `input`: its scheme, then its host.
pub(crate) fn check_policies(
    url: &ParsedUrl,
    input: &[u8],
    options: &Options,
    operation: Operation,
) -> Result<(), UrlError> {
    options.check_scheme(url).map_err(|kind| {
        error(kind, None, input, options, operation.clone()).with_scheme(url.url.scheme())
    })?;
    options
        .check_host(url)
        .map_err(|(kind, host)| error(kind, host, input, options, operation))
}

fn error(
    kind: ErrorKind,
    host: Option<String>,
    input: &[u8],
    options: &Options,
    operation: Operation,
) -> UrlError {
    UrlError::new(kind, operation, input)
        .with_host(host)
        .showing_credentials(options.log_credentials())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn norm(input: &str) -> String {
        normalize(input.as_bytes(), &Options::default()).unwrap_or_else(|e| panic!("{e}"))
    }

    fn kind(input: &[u8]) -> ErrorKind {
        normalize(input, &Options::default()).unwrap_err().kind()
    }

    #[test]
    fn userland_service_examples() {
        assert_eq!(
            norm("https://나나커피로스터스.com/products/ethiopia"),
            "https://xn--910ba870d2ola729pxvdzqk.com/products/ethiopia"
        );
        assert_eq!(
            norm("https://コーヒー.jp/products/natural"),
            "https://xn--tck2c4fb.jp/products/natural"
        );
        assert_eq!(
            norm("https://example.com/café colombia"),
            "https://example.com/caf%C3%A9%20colombia"
        );
        assert_eq!(
            norm("https://example.com/caf%C3%A9"),
            "https://example.com/caf%C3%A9"
        );
        assert_eq!(
            norm("https://example.com/product?id=123&name=café"),
            "https://example.com/product?id=123&name=caf%C3%A9"
        );
        assert_eq!(
            norm("https://example.com:8080/products"),
            "https://example.com:8080/products"
        );
        assert_eq!(
            norm("https://example.com/products#section"),
            "https://example.com/products#section"
        );
    }

    #[test]
    fn scheme_less_inputs_get_https() {
        assert_eq!(norm("example.com/products"), "https://example.com/products");
        assert_eq!(norm("//example.com/x"), "https://example.com/x");
        assert_eq!(norm("example.com:8080/x"), "https://example.com:8080/x");
        assert_eq!(norm("localhost:3000"), "https://localhost:3000/");
        assert_eq!(norm("  faß.de  "), "https://xn--fa-hia.de/");
    }

    #[test]
    fn host_like_words_before_a_colon_are_not_schemes() {
        assert_eq!(
            norm("user:pw@example.com/x"),
            "https://user:pw@example.com/x"
        );
        assert_eq!(
            norm("user:pw@sub.example.co.uk/é/a b"),
            "https://user:pw@sub.example.co.uk/%C3%A9/a%20b"
        );
        assert_eq!(norm("example.com:"), "https://example.com/");
        assert_eq!(norm("example.com:/x"), "https://example.com/x");
        assert_eq!(norm("localhost:"), "https://localhost/");
        // A dotted host of any visible characters: UTS #46 decides (the URL Standard's
        // reference, whatwg-url, gives the same for `https://` + the input).
        assert_eq!(norm("u:p@😀.ws:443/#é"), "https://u:p@xn--e28h.ws/#%C3%A9");
        for bad_port in [
            "example.com:123456/x",
            "example.com:abc",
            "localhost:abc",
            "u:p@ex%41mple.com:65536/x",
        ] {
            assert_eq!(
                kind(bad_port.as_bytes()),
                ErrorKind::InvalidPort,
                "{bad_port}"
            );
        }
        for kept in [
            "mailto:a@b.c",
            "tel:911",
            "urn:isbn:0451450523",
            "data:,x",
            "javascript:void(0)",
            "http://a.com/",
            "ftp://a.com/",
            "sc://example.com:8080/x",
            "acct:joe@example.com",
            "tag:joe@example.org,2001:foo/bar",
        ] {
            assert_eq!(norm(kept), kept);
        }
    }

    #[test]
    fn real_schemes_are_kept() {
        assert_eq!(norm("http://example.com/x"), "http://example.com/x");
        assert_eq!(norm("ftp://example.com/x"), "ftp://example.com/x");
        assert_eq!(
            norm("mailto:someone@example.com"),
            "mailto:someone@example.com"
        );
        assert_eq!(norm("data:text/plain,hi there"), "data:text/plain,hi there");
    }

    #[test]
    fn encodes_what_must_be_encoded_and_nothing_else() {
        // Sub-delimiters and `@ :` stay raw in paths: `/@user` is not `/%40user`.
        assert_eq!(
            norm("https://a.com/@user/a,b;c:d=e!f$g'h(i)j*k+l"),
            "https://a.com/@user/a,b;c:d=e!f$g'h(i)j*k+l"
        );
        // Encoded delimiters keep their meaning: no decoding of %2F %26 %2B %3D.
        assert_eq!(
            norm("https://a.com/a%2Fb?q=%26%2B%3D"),
            "https://a.com/a%2Fb?q=%26%2B%3D"
        );
        // Lower-case escapes are kept as written; a stray % is not encoded.
        assert_eq!(
            norm("https://a.com/%c3%a9/100%"),
            "https://a.com/%c3%a9/100%"
        );
        // The standard encodes ' in a special-scheme query, and " < > ` { } in paths.
        assert_eq!(
            norm("https://a.com/\"<>`{}?'\""),
            "https://a.com/%22%3C%3E%60%7B%7D?%27%22"
        );
        assert_eq!(
            norm("https://a.com/x#frag ment`"),
            "https://a.com/x#frag%20ment%60"
        );
    }

    #[test]
    fn userinfo_ports_and_case() {
        assert_eq!(
            norm("HTTPS://User:Pw@EXAMPLE.com:443/P"),
            "https://User:Pw@example.com/P"
        );
        assert_eq!(norm("http://example.com:80/"), "http://example.com/");
    }

    #[test]
    fn invalid_utf8_is_encoded_byte_for_byte() {
        let url = normalize(b"https://a.com/caf\xe9?q=\xff#\xfe", &Options::default()).unwrap();
        assert_eq!(url, "https://a.com/caf%E9?q=%FF#%FE");
        assert_eq!(kind(b"https://a\xff.com/"), ErrorKind::InvalidDomain);
    }

    #[test]
    fn failures_have_kinds() {
        assert_eq!(kind(b""), ErrorKind::EmptyInput);
        assert_eq!(kind(b"  \t "), ErrorKind::EmptyInput);
        assert_eq!(kind(b"/relative/path"), ErrorKind::RelativeReference);
        assert_eq!(
            kind(b"https://exa mple.com/"),
            ErrorKind::ForbiddenHostCodePoint
        );
        assert_eq!(kind(b"https://a.com:99999/"), ErrorKind::InvalidPort);
        assert_eq!(kind(b"https:///"), ErrorKind::EmptyHost);
        assert_eq!(
            kind("https://\u{200d}.example/".as_bytes()),
            ErrorKind::InvalidDomain
        );
        let err = normalize(b"https://a\xff.com/x", &Options::default()).unwrap_err();
        assert_eq!(err.host(), Some("a%FF.com"));
    }

    #[test]
    fn options_limit_the_length_and_the_scheme() {
        let mut options = Options::default();
        let long = format!("https://a.com/{}", "x".repeat(1 << 20));
        assert!(normalize(long.as_bytes(), &options).is_ok());
        options
            .set("max_length", crate::OptionValue::Int(20))
            .unwrap();
        let err = normalize(b"https://example.com/abcdef", &options).unwrap_err();
        assert_eq!(
            err.kind(),
            ErrorKind::InputTooLong {
                length: 26,
                max_length: 20
            }
        );
        let mut options = Options::default();
        let schemes = vec!["http".to_string(), "https".to_string()];
        options
            .set("allowed_schemes", crate::OptionValue::List(schemes))
            .unwrap();
        assert_eq!(
            norm_with("example.com/x", &options),
            "https://example.com/x"
        );
        assert_eq!(norm_with("HTTP://a.com/", &options), "http://a.com/");
        let err = normalize(b"JavaScript:alert(1)", &options).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::DisallowedScheme);
        assert_eq!(err.scheme(), Some("javascript"));
        assert_eq!(
            err.to_string(),
            "Cannot normalize `JavaScript:alert(1)`: the scheme is not one of allowed_schemes (scheme `javascript`)"
        );
    }

    #[test]
    fn the_fast_path_keeps_the_options_limits() {
        let url = b"https://example.com/abcdef";
        let mut options = Options::default();
        options
            .set("max_length", crate::OptionValue::Int(20))
            .unwrap();
        assert!(matches!(
            normalize_cow(url, &options).unwrap_err().kind(),
            ErrorKind::InputTooLong { .. }
        ));
        let mut options = Options::default();
        let schemes = vec!["http".to_string()];
        options
            .set("allowed_schemes", crate::OptionValue::List(schemes))
            .unwrap();
        options
            .set("default_scheme", crate::OptionValue::String("http".into()))
            .unwrap();
        let err = normalize_cow(url, &options).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::DisallowedScheme);
        assert!(matches!(
            normalize_cow(b"http://example.com/", &options),
            Ok(Cow::Borrowed("http://example.com/"))
        ));
    }

    fn norm_with(input: &str, options: &Options) -> String {
        normalize(input.as_bytes(), options).unwrap_or_else(|e| panic!("{e}"))
    }
}
