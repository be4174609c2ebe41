//! `resolve()`: a link in a page, made absolute the way a browser does it.

use super::fast;
use super::join::JoinableBase;
use super::rebuild::rebuild;
use crate::error::{ErrorKind, Operation, UrlError};
use crate::input::{bytes_to_str, strip, strip_web_prefix, SchemeCase};
use crate::options::Options;
use crate::standard::{join, parse, ParsedUrl};
use std::borrow::Cow;
use std::cell::OnceCell;
use url::Position;

/// Resolves `href` against `base` as a browser resolves a link, and returns the
/// normalized result (see [`crate::normalize()`]).
///
/// `base` must be an absolute URL: the address of the page after redirects.
/// Leading and trailing spaces and every tab or newline in `href` are ignored, and `\`
/// is read as `/` for the special schemes (`http`, `https`, `ws`, `wss`, `ftp`, `file`).
///
/// # Notes
///
/// * A trailing slash is significant: against `https://a.com/core/quickstart` the link
///   `../x` gives `https://a.com/x`, because `quickstart` is a document and its directory
///   is `/core/`. Use [`resolve_against_directory`] when the page was served at `.../quickstart/`.
///
/// Of the `options`, `max_length` applies to `href` and `base` each, and `allowed_schemes`
/// to the resolved URL; the others concern inputs without a scheme, which a base never is.
///
/// # Examples
///
/// ```
/// use url_normalize_core::{resolve, Options};
/// let base = b"https://docs.crawl4ai.com/core/quickstart";
/// let options = Options::default();
/// assert_eq!(resolve(b"../docker-deployment", base, &options)?, "https://docs.crawl4ai.com/docker-deployment");
/// assert_eq!(resolve(b"  //cdn.example/a b  ", base, &options)?, "https://cdn.example/a%20b");
/// assert_eq!(resolve(b"?page=2", base, &options)?, "https://docs.crawl4ai.com/core/quickstart?page=2");
/// # Ok::<(), url_normalize_core::UrlError>(())
/// ```
///
/// # Errors
///
/// [`UrlError`] when `base` is not an absolute URL or is longer than `max_length` (its
/// operation says `in_base`), or when `href` is longer than `max_length`, or when the resolved
/// URL is invalid (a bad host or port in `href`) or its scheme is not one of `allowed_schemes`.
pub fn resolve(href: &[u8], base: &[u8], options: &Options) -> Result<String, UrlError> {
    Base::new(base, options).resolve(href)
}

/// Like [`resolve`], but reads the base's last path segment as a directory, as if the base
/// ended in `/`. The query and fragment of the base are not touched.
///
/// # Examples
///
/// ```
/// use url_normalize_core::{resolve_against_directory, Options};
/// let base = b"https://docs.crawl4ai.com/core/quickstart";
/// let url = resolve_against_directory(b"../docker-deployment", base, &Options::default())?;
/// assert_eq!(url, "https://docs.crawl4ai.com/core/docker-deployment");
/// # Ok::<(), url_normalize_core::UrlError>(())
/// ```
///
/// # Errors
///
/// As for [`resolve`].
pub fn resolve_against_directory(
    href: &[u8],
    base: &[u8],
    options: &Options,
) -> Result<String, UrlError> {
    Base::new_directory(base, options).resolve(href)
}

/// A base URL parsed once, to resolve many links against it: all the links of one page.
/// [`Base::resolve`] gives what [`resolve`] gives for the same base, errors included.
///
/// # Examples
///
/// ```
/// use url_normalize_core::{Base, Options};
/// let options = Options::default();
/// let page = Base::new(b"https://docs.crawl4ai.com/core/quickstart", &options);
/// assert_eq!(page.resolve(b"../x")?, "https://docs.crawl4ai.com/x");
/// assert_eq!(page.resolve(b"#top")?, "https://docs.crawl4ai.com/core/quickstart#top");
/// # Ok::<(), url_normalize_core::UrlError>(())
/// ```
pub struct Base<'a> {
    base: &'a [u8],
    options: &'a Options,
    directory: bool,
    /// The parsed base, or why it is not one (reported by every `resolve`); parsed when a
    /// link first needs it, which may be never.
    parsed: OnceCell<Result<ParsedUrl, (ErrorKind, Option<String>)>>,
    /// The base in normal form, when links can be joined onto it directly ([`super::join`])
    /// and whatever they resolve to passes the options as the base does.
    joinable: Option<JoinableBase<'a>>,
}

impl<'a> Base<'a> {
    /// Reads `base`, the absolute URL of a page after redirects: a base in normal form is
    /// kept as it is, any other is parsed; a kept base is parsed only if a link needs it.
    pub fn new(base: &'a [u8], options: &'a Options) -> Self {
        Self::with(base, options, false)
    }

    /// Reads `base` as [`Base::new`] does, its last path segment as a directory, as
    /// [`resolve_against_directory`] does.
    pub fn new_directory(base: &'a [u8], options: &'a Options) -> Self {
        Self::with(base, options, true)
    }

    fn with(base: &'a [u8], options: &'a Options, directory: bool) -> Self {
        let mut this = Self {
            base,
            options,
            directory,
            parsed: OnceCell::new(),
            joinable: None,
        };
        if options.check_length(base).is_err() {
            return this;
        }
        // A base in normal form needs no parse to have links joined onto it.
        if let Some(normal) = fast::normal_form(base) {
            if options.admits_fast_answer(base, normal.scheme, normal.host, normal.url) {
                this.joinable = JoinableBase::new(Cow::Borrowed(normal.url))
                    .and_then(|joinable| joinable.into_directory(directory));
                return this;
            }
        }
        if let Ok(url) = this.parsed_base() {
            let allowed = options.check_scheme(url).is_ok() && options.check_host(url).is_ok();
            if allowed {
                this.joinable = JoinableBase::new(Cow::Owned(url.serialize()));
            }
        }
        this
    }

    /// The base, parsed (and made a directory) on first use.
    fn parsed_base(&self) -> &Result<ParsedUrl, (ErrorKind, Option<String>)> {
        self.parsed.get_or_init(|| {
            self.options
                .check_length(self.base)
                .map_err(|kind| (kind, None))?;
            let mut url = parse(&strip(&bytes_to_str(self.base)))
                .map_err(|failure| (failure.kind, failure.host))?;
            if self.directory {
                make_directory(&mut url);
            }
            Ok(url)
        })
    }

    /// Resolves `href` against this base, as [`resolve`] does.
    ///
    /// # Errors
    ///
    /// As for [`resolve`]: an invalid base is reported with each `href`.
    pub fn resolve(&self, href: &[u8]) -> Result<String, UrlError> {
        if let Some(url) = self.fast_answer(href) {
            return Ok(url);
        }
        self.full_answer(href)
    }

    /// [`Base::fast_answer`], exported with the feature `test-hooks` for the differential
    /// test and the fuzz target.
    #[cfg(feature = "test-hooks")]
    pub fn resolve_fast_path(&self, href: &[u8]) -> Option<String> {
        self.fast_answer(href)
    }

    /// [`Base::full_answer`], exported with the feature `test-hooks` for the differential
    /// test and the fuzz target.
    ///
    /// # Errors
    ///
    /// As for [`resolve`].
    #[cfg(feature = "test-hooks")]
    pub fn resolve_full_path(&self, href: &[u8]) -> Result<String, UrlError> {
        self.full_answer(href)
    }

    /// The fast path's answer for `href`, or `None` when only the full path knows: a link
    /// joined onto a base in normal form ([`super::join`]), or an absolute or scheme-relative
    /// `http(s)` link in or near its normal form (as `normalize()`'s fast path). The
    /// differential test and the fuzz target hold it against [`Base::full_answer`].
    pub(crate) fn fast_answer(&self, href: &[u8]) -> Option<String> {
        // A link longer than max_length is refused by the full path, whatever it resolves to.
        self.options.check_length(href).ok()?;
        let url = self.join_fast(href)?;
        // A URL longer than max_length is refused by the full path, which says so.
        self.options
            .check_result_length(url.len())
            .is_ok()
            .then_some(url)
    }

    /// [`Base::fast_answer`] before the result's length is judged.
    fn join_fast(&self, href: &[u8]) -> Option<String> {
        let joinable = self.joinable.as_ref()?;
        let absolute = if strip_web_prefix(href, SchemeCase::Any).is_some() {
            Cow::Borrowed(href)
        } else if href.starts_with(b"//") && !matches!(href.get(2), Some(b'/' | b'\\')) {
            // A scheme-relative link takes the base's scheme, then reads as absolute: the
            // relative slash state goes on to the authority as the scheme's `//` does.
            Cow::Owned([joinable.scheme().as_bytes(), b":", href].concat())
        } else {
            return joinable.join(href);
        };
        let allowed = |scheme: &str, host: &str, url: &str| {
            self.options.admits_fast_answer(href, scheme, host, url)
        };
        if let Some(normal) = fast::normal_form(&absolute) {
            return allowed(normal.scheme, normal.host, normal.url).then(|| normal.url.to_owned());
        }
        let rebuilt = rebuild(&absolute, "")?;
        allowed(rebuilt.scheme, rebuilt.host(), &rebuilt.url).then_some(rebuilt.url)
    }

    /// [`Base::resolve`] without the fast path: the base parsed, the link joined by the
    /// URL Standard's parser.
    pub(crate) fn full_answer(&self, href: &[u8]) -> Result<String, UrlError> {
        let fail = |in_base: bool, kind, host| {
            let operation = Operation::Resolve {
                base: String::from_utf8_lossy(self.base).into_owned(),
                in_base,
            };
            UrlError::new(kind, operation, href)
                .with_host(host)
                .showing_credentials(self.options.log_credentials())
        };
        // The order of resolve()'s checks: the base's length, the link's, then the base.
        let parsed = self.parsed_base();
        if let Err((kind @ ErrorKind::InputTooLong { .. }, _)) = parsed {
            return Err(fail(true, *kind, None));
        }
        self.options
            .check_length(href)
            .map_err(|kind| fail(false, kind, None))?;
        let base_url = match parsed {
            Ok(url) => url,
            Err((kind, host)) => return Err(fail(true, *kind, host.clone())),
        };
        let url = join(base_url, &strip(&bytes_to_str(href)))
            .map_err(|failure| fail(false, failure.kind, failure.host))?;
        self.options
            .check_scheme(&url)
            .map_err(|kind| fail(false, kind, None).with_scheme(url.url.scheme()))?;
        self.options
            .check_host(&url)
            .map_err(|(kind, host)| fail(false, kind, host))?;
        let url = url.into_serialization();
        self.options
            .check_result_length(url.len())
            .map_err(|kind| fail(false, kind, None))?;
        Ok(url)
    }
}

/// Makes the last path segment of `url` a directory: every hierarchical path, with a host or
/// without (`foo:/p/q`, `file:///dir/page`). The slash is added to the serialization, which
/// is parsed again: set_path would drop the `/.` that keeps a host-less `//a` path from
/// reading as a host (`foo:/.//a`). An opaque path (`mailto:x`) has no directories; the
/// join reports it.
fn make_directory(url: &mut ParsedUrl) {
    if url.url.cannot_be_a_base() || url.url.path().ends_with('/') {
        return;
    }
    let serialized = url.serialize();
    let after_path = url.url[Position::AfterPath..].len();
    let (before, after) = serialized.split_at(serialized.len() - after_path);
    if let Ok(directory) = parse(&format!("{before}/{after}")) {
        *url = directory;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    const BASE: &[u8] = b"https://docs.crawl4ai.com/core/quickstart";
    static OPTIONS: std::sync::LazyLock<Options> = std::sync::LazyLock::new(Options::default);

    fn res(href: &str, base: &str) -> String {
        resolve(href.as_bytes(), base.as_bytes(), &OPTIONS).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn base_is_directory_both_ways() {
        assert_eq!(
            resolve(b"../docker-deployment", BASE, &OPTIONS).unwrap(),
            "https://docs.crawl4ai.com/docker-deployment"
        );
        assert_eq!(
            resolve_against_directory(b"../docker-deployment", BASE, &OPTIONS).unwrap(),
            "https://docs.crawl4ai.com/core/docker-deployment"
        );
        // Unlike the proposed fix's `base_url + '/'`, the slash goes on the path, not after the query.
        let with_query = b"https://a.com/core/quickstart?lang=en";
        assert_eq!(
            resolve_against_directory(b"x", with_query, &OPTIONS).unwrap(),
            "https://a.com/core/quickstart/x"
        );
        assert_eq!(
            resolve_against_directory(b"", with_query, &OPTIONS).unwrap(),
            "https://a.com/core/quickstart/?lang=en"
        );
        assert_eq!(
            resolve_against_directory(b"x", b"https://a.com/dir/", &OPTIONS).unwrap(),
            "https://a.com/dir/x"
        );
    }

    #[test]
    fn a_directory_base_need_not_have_a_host() {
        let directory = |href: &[u8], base: &[u8]| {
            resolve_against_directory(href, base, &OPTIONS).unwrap_or_else(|e| panic!("{e}"))
        };
        assert_eq!(directory(b"g", b"foo:/p/q"), "foo:/p/q/g");
        assert_eq!(directory(b"g", b"file:///dir/page"), "file:///dir/page/g");
        assert_eq!(
            directory(b"g?x", b"file:///dir/page?q#f"),
            "file:///dir/page/g?x"
        );
        assert_eq!(directory(b"../g", b"foo:/.//a/b"), "foo:/.//a/g");
        assert_eq!(directory(b"g", b"https://xn--a/d/e"), "https://xn--a/d/e/g");
        assert_eq!(directory(b"#x", b"mailto:a@b.c"), "mailto:a@b.c#x");
        let err = resolve_against_directory(b"g", b"mailto:a@b.c", &OPTIONS).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::BaseWithOpaquePath);
    }

    #[test]
    fn browser_rules() {
        let base = "https://a.com/b/c/d?q#f";
        assert_eq!(res("./x", base), "https://a.com/b/c/x");
        assert_eq!(res("../../../../x", base), "https://a.com/x");
        assert_eq!(res("//other.org/p", base), "https://other.org/p");
        assert_eq!(res("?y", base), "https://a.com/b/c/d?y");
        assert_eq!(res("#g", base), "https://a.com/b/c/d?q#g");
        assert_eq!(res("", base), "https://a.com/b/c/d?q");
        assert_eq!(res("http://x.org/", base), "http://x.org/");
        assert_eq!(res(" \t/a\n/b\\c ", base), "https://a.com/a/b/c");
        assert_eq!(
            res("/café colombia", "https://나나커피로스터스.com/x"),
            "https://xn--910ba870d2ola729pxvdzqk.com/caf%C3%A9%20colombia"
        );
        assert_eq!(res("mailto:x@a.com", base), "mailto:x@a.com");
        assert_eq!(res("#top", "mailto:x@a.com"), "mailto:x@a.com#top");
    }

    #[test]
    fn non_special_bases_and_drive_letter_shaped_segments() {
        assert_eq!(
            res("/\\evil.com/x", "foo://authority/path/to/x"),
            "foo://authority/\\evil.com/x"
        );
        assert_eq!(
            res("../../admin", "https://good.com/public/C|/x"),
            "https://good.com/admin"
        );
        let kind = |href: &str| {
            resolve(href.as_bytes(), b"foo://a/b", &OPTIONS)
                .unwrap_err()
                .kind()
        };
        assert_eq!(kind("//h:80\\x"), ErrorKind::InvalidPort);
        assert_eq!(kind("//@"), ErrorKind::EmptyHost);
        assert_eq!(kind("foo://@"), ErrorKind::EmptyHost);
    }

    #[test]
    fn failures_say_which_input_is_at_fault() {
        let err = resolve(b"x", b"example.com/page", &OPTIONS).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::RelativeReference);
        assert_eq!(
            err.operation(),
            &Operation::Resolve {
                base: "example.com/page".into(),
                in_base: true
            }
        );
        let err = resolve(b"//exa mple.com/", BASE, &OPTIONS).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::ForbiddenHostCodePoint);
        assert!(matches!(
            err.operation(),
            Operation::Resolve { in_base: false, .. }
        ));
        assert_eq!(
            resolve(b"x", b"mailto:a@b.c", &OPTIONS).unwrap_err().kind(),
            ErrorKind::BaseWithOpaquePath
        );
        assert_eq!(
            resolve(b"x", b"", &OPTIONS).unwrap_err().kind(),
            ErrorKind::RelativeReference
        );
    }

    #[test]
    fn invalid_utf8_in_href_is_kept_as_escapes() {
        assert_eq!(
            resolve(b"caf\xe9?\xff", BASE, &OPTIONS).unwrap(),
            "https://docs.crawl4ai.com/core/caf%E9?%FF"
        );
    }

    #[test]
    fn options_limit_both_inputs_and_the_resolved_scheme() {
        let mut options = Options::default();
        options
            .set("max_length", crate::OptionValue::Int(30))
            .unwrap();
        let err = resolve(b"x", BASE, &options).unwrap_err();
        assert!(matches!(
            err.kind(),
            ErrorKind::InputTooLong {
                length: 41,
                max_length: 30
            }
        ));
        assert!(matches!(
            err.operation(),
            Operation::Resolve { in_base: true, .. }
        ));
        let err = resolve(&[b'a'; 31], b"https://a.com/", &options).unwrap_err();
        assert!(matches!(
            err.operation(),
            Operation::Resolve { in_base: false, .. }
        ));

        let mut options = Options::default();
        let schemes = vec!["http".to_string(), "https".to_string()];
        options
            .set("allowed_schemes", crate::OptionValue::List(schemes))
            .unwrap();
        assert_eq!(
            resolve(b"../x", BASE, &options).unwrap(),
            "https://docs.crawl4ai.com/x"
        );
        let err = resolve(b"javascript:void(0)", BASE, &options).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::DisallowedScheme);
        assert_eq!(
            err.to_string(),
            "Cannot resolve `javascript:void(0)` against `https://docs.crawl4ai.com/core/quickstart`: the scheme is not one of allowed_schemes (scheme `javascript`)"
        );
        // The resolved URL counts: a link inherits the base's scheme.
        assert_eq!(
            resolve(b"#top", b"mailto:a@b.c", &options)
                .unwrap_err()
                .kind(),
            ErrorKind::DisallowedScheme
        );
    }

    #[test]
    fn a_base_parsed_once_resolves_as_resolve_does() {
        let options = Options::default();
        let hrefs: [&[u8]; 6] = [
            b"../x",
            b"//cdn.example/a b",
            b"?q",
            b"#f",
            b"//exa mple.com/",
            b"caf\xe9",
        ];
        for base in [
            BASE,
            b"https://xn--a/d/e",
            b"mailto:a@b.c",
            b"example.com/page",
            b"",
        ] {
            let page = Base::new(base, &options);
            let directory = Base::new_directory(base, &options);
            for href in hrefs {
                assert_eq!(page.resolve(href), resolve(href, base, &options));
                assert_eq!(
                    directory.resolve(href),
                    resolve_against_directory(href, base, &options)
                );
            }
        }
    }
}
