//! The URL Standard's parser: the `url` crate, plus the places where the crate (2.5.8) is
//! behind the current standard.
//!
//! 1. An all-ASCII domain is only lowercased ([`crate::host`]); the crate rejects `xn--`
//!    labels that are not valid Punycode. Such a URL is parsed with a placeholder host and
//!    keeps its real host beside the crate's [`Url`].
//! 2. `^` in a path is percent-encoded (`%5E`); the crate keeps it raw.
//! 3. An opaque path's space right before `?` or `#` is written `%20`.
//! 4. `///host` against a special base names `host`; the crate reports an empty host.
//! 5. `\` starting a link against a non-special base, or following its first `/`, is a path
//!    character; the crate reads it as `/`, so `/\evil.com/x` named the host `evil.com`.
//! 6. A `..` segment pops a segment shaped like a Windows drive letter (`a:`, `C|`) outside
//!    `file:` URLs; the crate never pops one ([`crate::dot_segments`]).
//! 7. In a non-special authority `\` does not end the port (`foo://h:80\x` is an invalid
//!    port); the crate ends the port there.
//! 8. Credentials or a port followed by no host (`foo://@`, `foo://u@:1/`) are an error in a
//!    non-special URL too; the crate reads an empty host.
//!
//! Not a gap but a cost: a host that needs IDNA is converted once per process
//! ([`crate::host_cache`]) and handed to the crate as the placeholder of gap 1.

use crate::dot_segments;
use crate::error::ErrorKind;
use crate::host::{ascii_domain, find_host, HostSource};
use crate::host_cache;
use crate::input::{is_slash, is_special_scheme, split_scheme};
use crate::layout::layout;
use std::borrow::Cow;
use url::{Position, Url};

/// Stands in for a host the crate would reject. `.invalid` is reserved (RFC 2606), and the
/// real host is substituted by position, never by searching for this text.
const PLACEHOLDER_HOST: &str = "placeholder.url-normalize.invalid";

/// A URL as the URL Standard parses it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ParsedUrl {
    pub(crate) url: Url,
    /// The real host when `url` holds [`PLACEHOLDER_HOST`].
    ascii_host: Option<String>,
}

/// Why parsing failed, and the host as written when it was the host that failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ParseFailure {
    pub(crate) kind: ErrorKind,
    pub(crate) host: Option<String>,
}

impl ParsedUrl {
    /// The URL Standard's serialization: what a browser shows and requests.
    pub(crate) fn serialize(&self) -> String {
        match &self.ascii_host {
            None => self.url.as_str().to_owned(),
            Some(host) => [
                &self.url[..Position::BeforeHost],
                host,
                &self.url[Position::AfterHost..],
            ]
            .concat(),
        }
    }

    /// [`ParsedUrl::serialize`], consuming the URL: no copy when the crate's own
    /// serialization is the answer.
    pub(crate) fn into_serialization(self) -> String {
        match self.ascii_host {
            None => self.url.into(),
            Some(_) => self.serialize(),
        }
    }

    /// The host when it is a domain (not an IP address, not absent).
    pub(crate) fn domain(&self) -> Option<&str> {
        self.ascii_host.as_deref().or_else(|| self.url.domain())
    }

    /// Replaces the domain with another ASCII domain (such as the same without `www.`).
    pub(crate) fn set_domain(&mut self, domain: &str) -> bool {
        match &mut self.ascii_host {
            Some(host) => {
                *host = domain.to_owned();
                true
            }
            None => self.url.set_host(Some(domain)).is_ok(),
        }
    }
}

/// Parses a stripped absolute URL.
pub(crate) fn parse(input: &str) -> Result<ParsedUrl, ParseFailure> {
    let input = follow_standard(None, input)?;
    parse_with(None, &input)
}

/// Resolves a stripped `href` against `base`, as a browser does for a link.
pub(crate) fn join(base: &ParsedUrl, href: &str) -> Result<ParsedUrl, ParseFailure> {
    let href = prepare_href(base, href);
    let href = follow_standard(Some(&base.url), &href)?;
    parse_with(Some(base), &href)
}

/// Closes gaps 6 to 8 before the crate reads `input`: rejects what the standard rejects in
/// a non-special authority, and removes the dot segments of a path the crate would
/// shorten differently. The path is rewritten as `/.` and the standard's path (`/.` keeps
/// a path that starts with `//` or `/\` from reading as an authority), so the crate
/// has no dot segment left to remove.
fn follow_standard<'a>(base: Option<&Url>, input: &'a str) -> Result<Cow<'a, str>, ParseFailure> {
    let layout = layout(input, base);
    if let (Some(authority), false) = (&layout.authority, layout.special) {
        if let Some(kind) = non_special_authority_failure(&input[authority.clone()]) {
            return Err(ParseFailure { kind, host: None });
        }
    }
    let Some(range) = layout.path else {
        return Ok(Cow::Borrowed(input));
    };
    let written = &input[range.clone()];
    let (replaced_from, path) = match (layout.path_is_relative, base) {
        (true, Some(base)) => {
            let base_path = base.path();
            let directory = base_path
                .rfind('/')
                .map_or("/", |slash| &base_path[..=slash]);
            (0, Cow::Owned(format!("{directory}{written}")))
        }
        _ => (range.start, Cow::Borrowed(written)),
    };
    if !dot_segments::crate_keeps_drive_letters(&path, layout.special) {
        return Ok(Cow::Borrowed(input));
    }
    let path = dot_segments::remove(&path, layout.special);
    let (before, after) = (&input[..replaced_from], &input[range.end..]);
    Ok(Cow::Owned(format!("{before}/.{path}{after}")))
}

/// What the standard's authority and port states reject in a non-special URL and the
/// crate accepts: no host after credentials or before a port, and a `\` in the port.
/// <https://url.spec.whatwg.org/#authority-state>
fn non_special_authority_failure(authority: &str) -> Option<ErrorKind> {
    let host_and_port = authority
        .rsplit_once('@')
        .map_or(authority, |(_, after)| after);
    let host_end = match host_and_port.strip_prefix('[') {
        Some(inside) => inside.find(']').map_or(host_and_port.len(), |end| end + 2),
        None => host_and_port.find(':').unwrap_or(host_and_port.len()),
    };
    let (host, port) = host_and_port.split_at(host_end);
    if host.is_empty() && !authority.is_empty() {
        return Some(ErrorKind::EmptyHost);
    }
    port.contains('\\').then_some(ErrorKind::InvalidPort)
}

fn parse_with(base: Option<&ParsedUrl>, input: &str) -> Result<ParsedUrl, ParseFailure> {
    match parse_with_cached_host(base, input) {
        Some(parsed) => Ok(parsed),
        None => parse_with_crate_host(base, input),
    }
}

/// Parses with the host's ASCII form from [`host_cache`], so the crate runs no IDNA: it
/// reads the placeholder, and the real host stays beside it as in gap 1. `None` when the
/// host needs no IDNA, is not a domain, or the input is a `file:` URL. Then the crate's own
/// path answers, and reports any error as before.
fn parse_with_cached_host(base: Option<&ParsedUrl>, input: &str) -> Option<ParsedUrl> {
    let HostSource::Own(Some(range)) = find_host(input, base.map(|b| b.url.scheme())) else {
        return None;
    };
    let raw = &input[range.clone()];
    if !host_cache::needs_idna(raw) {
        return None;
    }
    let ascii = host_cache::to_ascii(raw)?;
    let replaced = [&input[..range.start], PLACEHOLDER_HOST, &input[range.end..]].concat();
    let url = match base {
        None => Url::parse(&replaced),
        Some(base) => base.url.join(&replaced),
    }
    .ok()?;
    let kept = url.scheme() != "file" && url.host_str() == Some(PLACEHOLDER_HOST);
    kept.then(|| finish(url, Some(ascii.to_string())))
}

/// The crate parses the input as written (IDNA included).
fn parse_with_crate_host(base: Option<&ParsedUrl>, input: &str) -> Result<ParsedUrl, ParseFailure> {
    let parsed = match base {
        None => Url::parse(input),
        Some(base) => base.url.join(input),
    };
    let base_scheme = base.map(|b| b.url.scheme());
    let source = || find_host(input, base_scheme);
    match parsed {
        Ok(url) => {
            let inherited = base.and_then(|b| b.ascii_host.clone());
            let ascii_host = inherited.filter(|_| source() == HostSource::Inherited);
            Ok(finish(url, ascii_host))
        }
        Err(url::ParseError::IdnaError) => parse_ascii_domain(base, input, source()),
        Err(err) => Err(ParseFailure {
            kind: err.into(),
            host: raw_host(input, source()),
        }),
    }
}

/// Retries a URL whose host the crate rejected with IDNA, when the standard accepts it
/// as an ASCII domain.
fn parse_ascii_domain(
    base: Option<&ParsedUrl>,
    input: &str,
    source: HostSource,
) -> Result<ParsedUrl, ParseFailure> {
    let HostSource::Own(Some(range)) = source else {
        return Err(ParseFailure {
            kind: ErrorKind::InvalidDomain,
            host: None,
        });
    };
    let raw = &input[range.clone()];
    let fail = |kind| ParseFailure {
        kind,
        host: Some(raw.to_owned()),
    };
    let host = ascii_domain(raw).map_err(fail)?;
    let replaced = [&input[..range.start], PLACEHOLDER_HOST, &input[range.end..]].concat();
    let url = match base {
        None => Url::parse(&replaced),
        Some(base) => base.url.join(&replaced),
    }
    .map_err(|err| fail(err.into()))?;
    if url.host_str() != Some(PLACEHOLDER_HOST) {
        return Err(fail(ErrorKind::InvalidDomain));
    }
    Ok(finish(url, Some(host)))
}

fn raw_host(input: &str, source: HostSource) -> Option<String> {
    match source {
        HostSource::Own(Some(range)) => Some(input[range].to_owned()),
        _ => None,
    }
}

/// Applies the two path rules the crate lacks: `^` is in the path percent-encode set,
/// and an opaque path's space right before `?` or `#` is written `%20`.
/// <https://url.spec.whatwg.org/#path-percent-encode-set>
/// <https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state>
fn finish(mut url: Url, ascii_host: Option<String>) -> ParsedUrl {
    if url.cannot_be_a_base() {
        let before_query_or_fragment = url.query().is_some() || url.fragment().is_some();
        if before_query_or_fragment && url.path().ends_with(' ') {
            let path = format!("{}%20", &url.path()[..url.path().len() - 1]);
            url.set_path(&path);
        }
    } else if url.path().contains('^') {
        let path = url.path().replace('^', "%5E");
        url.set_path(&path);
    }
    ParsedUrl { url, ascii_host }
}

/// Rewrites the kinds of relative links the crate reads differently from the standard:
/// `///host/p` against a special base (the standard skips every slash before the host,
/// "special authority ignore slashes state"; the crate reads an empty host), and a `\`
/// that starts a link against a non-special base or follows its first `/` (a path
/// character there, "relative slash state"; `./` and `/.` keep it one).
fn prepare_href<'a>(base: &ParsedUrl, href: &'a str) -> Cow<'a, str> {
    if split_scheme(href).is_some() {
        return Cow::Borrowed(href);
    }
    let scheme = base.url.scheme();
    if !is_special_scheme(scheme) {
        return match href.as_bytes() {
            [b'\\', ..] => Cow::Owned(format!("./{href}")),
            [b'/', b'\\', ..] => Cow::Owned(format!("/.{href}")),
            _ => Cow::Borrowed(href),
        };
    }
    let slashes = href.bytes().take_while(|b| is_slash(*b)).count();
    if slashes > 2 && scheme != "file" {
        Cow::Owned(format!("//{}", &href[slashes..]))
    } else {
        Cow::Borrowed(href)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn href(input: &str) -> Result<String, ErrorKind> {
        parse(input).map(|u| u.serialize()).map_err(|f| f.kind)
    }

    fn joined(base: &str, input: &str) -> Result<String, ErrorKind> {
        let base = parse(base).expect("valid base");
        join(&base, input)
            .map(|u| u.serialize())
            .map_err(|f| f.kind)
    }

    #[test]
    fn ascii_domains_with_invalid_punycode_are_kept() {
        assert_eq!(
            href("http://a.b.c.XN--pokxncvks"),
            Ok("http://a.b.c.xn--pokxncvks/".into())
        );
        assert_eq!(
            href("https://u:p@xn--/p?q#f"),
            Ok("https://u:p@xn--/p?q#f".into())
        );
        assert_eq!(href("https://xn--a.ß/"), Err(ErrorKind::InvalidDomain));
        assert_eq!(href("https://xn--a.1/"), Err(ErrorKind::InvalidIpv4Address));
    }

    #[test]
    fn a_base_with_a_kept_host_lends_it_to_relative_links() {
        assert_eq!(
            joined("https://xn--a/d/e", "../f?g"),
            Ok("https://xn--a/f?g".into())
        );
        assert_eq!(
            joined("https://xn--a/d/e", "//b.com/"),
            Ok("https://b.com/".into())
        );
        assert_eq!(
            joined("https://a.com/", "//xn--a/x"),
            Ok("https://xn--a/x".into())
        );
        let literal = format!("//{PLACEHOLDER_HOST}/");
        assert_eq!(
            joined("https://xn--a/", &literal),
            Ok(format!("https:{literal}"))
        );
    }

    #[test]
    fn caret_in_paths_is_encoded() {
        assert_eq!(
            href("https://a.com/x^y?^#^"),
            Ok("https://a.com/x%5Ey?^#^".into())
        );
        assert_eq!(href("foo://h/^"), Ok("foo://h/%5E".into()));
    }

    #[test]
    fn opaque_path_space_before_query_or_fragment_is_encoded() {
        assert_eq!(
            href("non-special:opaque  ?hi"),
            Ok("non-special:opaque %20?hi".into())
        );
        assert_eq!(
            href("non-special:opaque  #hi"),
            Ok("non-special:opaque %20#hi".into())
        );
        assert_eq!(href("non-special:a b"), Ok("non-special:a b".into()));
    }

    #[test]
    fn three_slashes_name_a_host_against_a_special_base() {
        assert_eq!(
            joined("http://example.org/", "///test"),
            Ok("http://test/".into())
        );
        assert_eq!(
            joined("http://example.org/", "///\\//\\//test"),
            Ok("http://test/".into())
        );
        assert_eq!(
            joined("http://example.org/", "///example.org/../path"),
            Ok("http://example.org/path".into())
        );
    }

    #[test]
    fn backslash_is_a_path_character_in_non_special_urls() {
        assert_eq!(joined("foo://foo/a", "\\a"), Ok("foo://foo/\\a".into()));
        assert_eq!(joined("foo://foo/a", "\\\\a"), Ok("foo://foo/\\\\a".into()));
        assert_eq!(joined("http://foo/a", "\\b"), Ok("http://foo/b".into()));
    }

    #[test]
    fn slash_backslash_is_a_path_against_a_non_special_base() {
        let evil = "/\\evil.com/x";
        for (base, expected) in [
            ("foo://authority/path/to/x", "foo://authority/\\evil.com/x"),
            ("foo:/p", "foo:/\\evil.com/x"),
            ("git://", "git:///\\evil.com/x"),
            ("ssh://u@h:22/", "ssh://u@h:22/\\evil.com/x"),
            ("foo:///p", "foo:///\\evil.com/x"),
        ] {
            assert_eq!(joined(base, evil), Ok(expected.into()), "against {base}");
        }
        assert_eq!(joined("foo://a/b", "/\\/x"), Ok("foo://a/\\/x".into()));
        assert_eq!(joined("http://a/b", evil), Ok("http://evil.com/x".into()));
    }

    #[test]
    fn double_dots_pop_drive_letter_shaped_segments_outside_file() {
        assert_eq!(
            href("https://good.com/public/a:/../../admin"),
            Ok("https://good.com/admin".into())
        );
        assert_eq!(
            joined("https://good.com/public/C|/x", "../../admin"),
            Ok("https://good.com/admin".into())
        );
        assert_eq!(joined("abc://x/y/z/C:/", ".."), Ok("abc://x/y/z/".into()));
        assert_eq!(
            joined("http://h/p/q/r", "http:a:/../../x?a:/..#b"),
            Ok("http://h/p/x?a:/..#b".into())
        );
        assert_eq!(joined("foo:/p/q", "./a:/..//x"), Ok("foo:/p//x".into()));
        assert_eq!(href("foo:/a:/..//x"), Ok("foo:/.//x".into()));
        assert_eq!(href("foo://h/a:/..//x"), Ok("foo://h//x".into()));
        assert_eq!(joined("foo://h", "c|\\/.."), Ok("foo://h/".into()));
        // file: URLs keep the drive-letter rule.
        assert_eq!(href("file:///C:/../x"), Ok("file:///C:/x".into()));
    }

    #[test]
    fn non_special_authorities_fail_where_the_standard_fails() {
        assert_eq!(href("foo://h:80\\x"), Err(ErrorKind::InvalidPort));
        assert_eq!(href("foo://[::1]:80\\x/y"), Err(ErrorKind::InvalidPort));
        assert_eq!(href("foo://@"), Err(ErrorKind::EmptyHost));
        assert_eq!(href("foo://u:p@/x"), Err(ErrorKind::EmptyHost));
        assert_eq!(href("foo://u@:1/x"), Err(ErrorKind::EmptyHost));
        assert_eq!(
            joined("foo://a/b", "//h:80\\x"),
            Err(ErrorKind::InvalidPort)
        );
        assert_eq!(joined("foo://a/b", "//@"), Err(ErrorKind::EmptyHost));
        assert_eq!(href("foo://"), Ok("foo://".into()));
        assert_eq!(href("foo:///x"), Ok("foo:///x".into()));
        assert_eq!(href("foo://h:80/\\x"), Ok("foo://h:80/\\x".into()));
    }

    #[test]
    fn cached_hosts_parse_as_the_crate_parses_them() {
        let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/urls");
        let text = std::fs::read_to_string(data.join("idn-sample.txt")).expect("idn-sample.txt");
        let base = parse("https://bücher.example/a/b").expect("valid base");
        let mut cached = 0;
        for line in text.lines() {
            let input = crate::input::strip(line);
            let Ok(absolute) = crate::input::with_default_scheme(&input, "https") else {
                continue;
            };
            let input = follow_standard(None, &absolute).expect("no fixup fails here");
            let via_cache = parse_with_cached_host(None, &input);
            cached += usize::from(via_cache.is_some());
            if let Some(via_cache) = via_cache {
                let via_crate = parse_with_crate_host(None, &input).map(|u| u.serialize());
                assert_eq!(Ok(via_cache.serialize()), via_crate, "{line}");
            }
            if let Some(via_cache) = parse_with_cached_host(Some(&base), line) {
                let via_crate = parse_with_crate_host(Some(&base), line).map(|u| u.serialize());
                assert_eq!(Ok(via_cache.serialize()), via_crate, "{line} as a link");
            }
        }
        assert!(cached > 1500, "only {cached} hosts went through the cache");
    }

    #[test]
    fn host_failures_name_the_host() {
        let failure = parse("https://exa mple.com/").unwrap_err();
        assert_eq!(failure.kind, ErrorKind::ForbiddenHostCodePoint);
        assert_eq!(failure.host.as_deref(), Some("exa mple.com"));
    }
}
