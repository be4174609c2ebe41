//! `resolve()`: a link in a page, made absolute the way a browser does it.

use crate::error::{Operation, UrlError};
use crate::input::{bytes_to_str, strip};
use crate::parse::{join, parse, ParsedUrl};

/// Resolves `href` against `base` as a browser resolves a link, and returns the
/// normalized result (see [`crate::normalize`]).
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
/// # Examples
///
/// ```
/// use url_normalize::resolve;
/// let base = b"https://docs.crawl4ai.com/core/quickstart";
/// assert_eq!(resolve(b"../docker-deployment", base)?, "https://docs.crawl4ai.com/docker-deployment");
/// assert_eq!(resolve(b"  //cdn.example/a b  ", base)?, "https://cdn.example/a%20b");
/// assert_eq!(resolve(b"?page=2", base)?, "https://docs.crawl4ai.com/core/quickstart?page=2");
/// # Ok::<(), url_normalize::UrlError>(())
/// ```
///
/// # Errors
///
/// [`UrlError`] when `base` is not an absolute URL (its operation says `in_base`), or when
/// the resolved URL is invalid (a bad host or port in `href`).
pub fn resolve(href: &[u8], base: &[u8]) -> Result<String, UrlError> {
    resolve_with(href, base, |_| {})
}

/// Like [`resolve`], but reads the base's last path segment as a directory, as if the base
/// ended in `/`. The query and fragment of the base are not touched.
///
/// # Examples
///
/// ```
/// use url_normalize::resolve_against_directory;
/// let base = b"https://docs.crawl4ai.com/core/quickstart";
/// let url = resolve_against_directory(b"../docker-deployment", base)?;
/// assert_eq!(url, "https://docs.crawl4ai.com/core/docker-deployment");
/// # Ok::<(), url_normalize::UrlError>(())
/// ```
///
/// # Errors
///
/// As for [`resolve`].
pub fn resolve_against_directory(href: &[u8], base: &[u8]) -> Result<String, UrlError> {
    resolve_with(href, base, |url| {
        // An opaque path (`mailto:x`) has no directories, and the join reports it; a host-less
        // path (`foo:/.//a`) is left as it is, since set_path does not keep its `/.` marker.
        if url.url.has_host() && !url.url.cannot_be_a_base() && !url.url.path().ends_with('/') {
            let path = format!("{}/", url.url.path());
            url.url.set_path(&path);
        }
    })
}

fn resolve_with(
    href: &[u8],
    base: &[u8],
    adjust_base: impl FnOnce(&mut ParsedUrl),
) -> Result<String, UrlError> {
    let base_text = bytes_to_str(base);
    let fail = |in_base: bool, kind, host| {
        let operation = Operation::Resolve {
            base: String::from_utf8_lossy(base).into_owned(),
            in_base,
        };
        UrlError::new(kind, operation, href).with_host(host)
    };
    let mut base_url =
        parse(&strip(&base_text)).map_err(|failure| fail(true, failure.kind, failure.host))?;
    adjust_base(&mut base_url);
    let href_text = bytes_to_str(href);
    join(&base_url, &strip(&href_text))
        .map(ParsedUrl::into_serialization)
        .map_err(|failure| fail(false, failure.kind, failure.host))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    const BASE: &[u8] = b"https://docs.crawl4ai.com/core/quickstart";

    fn res(href: &str, base: &str) -> String {
        resolve(href.as_bytes(), base.as_bytes()).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn seed_004_both_ways() {
        assert_eq!(
            resolve(b"../docker-deployment", BASE).unwrap(),
            "https://docs.crawl4ai.com/docker-deployment"
        );
        assert_eq!(
            resolve_against_directory(b"../docker-deployment", BASE).unwrap(),
            "https://docs.crawl4ai.com/core/docker-deployment"
        );
        // Unlike the seed's `base_url + '/'`, the slash goes on the path, not after the query.
        let with_query = b"https://a.com/core/quickstart?lang=en";
        assert_eq!(
            resolve_against_directory(b"x", with_query).unwrap(),
            "https://a.com/core/quickstart/x"
        );
        assert_eq!(
            resolve_against_directory(b"", with_query).unwrap(),
            "https://a.com/core/quickstart/?lang=en"
        );
        assert_eq!(
            resolve_against_directory(b"x", b"https://a.com/dir/").unwrap(),
            "https://a.com/dir/x"
        );
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
        let kind = |href: &str| resolve(href.as_bytes(), b"foo://a/b").unwrap_err().kind();
        assert_eq!(kind("//h:80\\x"), ErrorKind::InvalidPort);
        assert_eq!(kind("//@"), ErrorKind::EmptyHost);
        assert_eq!(kind("foo://@"), ErrorKind::EmptyHost);
    }

    #[test]
    fn failures_say_which_input_is_at_fault() {
        let err = resolve(b"x", b"example.com/page").unwrap_err();
        assert_eq!(err.kind(), ErrorKind::RelativeReference);
        assert_eq!(
            err.operation(),
            &Operation::Resolve {
                base: "example.com/page".into(),
                in_base: true
            }
        );
        let err = resolve(b"//exa mple.com/", BASE).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::ForbiddenHostCodePoint);
        assert!(matches!(
            err.operation(),
            Operation::Resolve { in_base: false, .. }
        ));
        assert_eq!(
            resolve(b"x", b"mailto:a@b.c").unwrap_err().kind(),
            ErrorKind::BaseWithOpaquePath
        );
        assert_eq!(
            resolve(b"x", b"").unwrap_err().kind(),
            ErrorKind::RelativeReference
        );
    }

    #[test]
    fn invalid_utf8_in_href_is_kept_as_escapes() {
        assert_eq!(
            resolve(b"caf\xe9?\xff", BASE).unwrap(),
            "https://docs.crawl4ai.com/core/caf%E9?%FF"
        );
    }
}
