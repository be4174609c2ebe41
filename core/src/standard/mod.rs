//! Stage 2, the URL Standard's parse: the `url` crate, corrected by [`fixups`] where the
//! crate (2.5.8) is behind the current standard, and a per-thread cache of host
//! conversions ([`host_cache`]) so that the crate runs IDNA on no host twice.

mod fixups;
pub(crate) mod host;
pub(crate) mod host_cache;
mod parsed_url;
mod url_host;

/// The standard's path state on a raw path: its dot segments removed.
pub(crate) mod path;
pub(crate) mod port;
pub(crate) mod serialized;
pub(crate) use parsed_url::{ParseFailure, ParsedUrl};
pub(crate) use url_host::UrlHost;

use crate::input::{layout, HostSource};
use fixups::ascii_domains::parse_ascii_domain;
use fixups::relative_slashes::follow_relative_slashes;
use parsed_url::PLACEHOLDER_HOST;
use url::Url;

/// Parses a stripped absolute URL.
pub(crate) fn parse(input: &str) -> Result<ParsedUrl, ParseFailure> {
    let layout = layout(input, None);
    let input = fixups::before_crate(&layout, None, input)?;
    parse_with(None, &input, &layout.host)
}

/// Resolves a stripped `href` against `base`, as a browser does for a link.
pub(crate) fn join(base: &ParsedUrl, href: &str) -> Result<ParsedUrl, ParseFailure> {
    let href = follow_relative_slashes(base, href);
    let layout = layout(&href, Some(&base.url));
    let href = fixups::before_crate(&layout, Some(&base.url), &href)?;
    parse_with(Some(base), &href, &layout.host)
}

/// The crate parses `input`, with the host `layout` found in it (the fixups before the
/// crate rewrite only what follows the host).
fn parse_with(
    base: Option<&ParsedUrl>,
    input: &str,
    host: &HostSource,
) -> Result<ParsedUrl, ParseFailure> {
    match parse_with_cached_host(base, input, host) {
        Some(parsed) => Ok(parsed),
        None => parse_with_crate_host(base, input, host),
    }
}

/// Parses with the host's ASCII form from [`host_cache`], so the crate runs no IDNA: it
/// reads the placeholder, and the real host stays beside it as in fixup 1. `None` when the
/// host needs no IDNA, is not a domain, or the input is a `file:` URL. Then the crate's own
/// path answers, and reports any error as before.
fn parse_with_cached_host(
    base: Option<&ParsedUrl>,
    input: &str,
    host: &HostSource,
) -> Option<ParsedUrl> {
    let HostSource::Own(Some(range)) = host else {
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
    kept.then(|| ParsedUrl::finish(url, Some(ascii.to_string())))
}

/// The crate parses the input as written (IDNA included).
fn parse_with_crate_host(
    base: Option<&ParsedUrl>,
    input: &str,
    host: &HostSource,
) -> Result<ParsedUrl, ParseFailure> {
    let parsed = match base {
        None => Url::parse(input),
        Some(base) => base.url.join(input),
    };
    match parsed {
        Ok(url) => {
            let inherited = base.and_then(|b| b.ascii_host.clone());
            let ascii_host = inherited.filter(|_| *host == HostSource::Inherited);
            Ok(ParsedUrl::finish(url, ascii_host))
        }
        Err(url::ParseError::IdnaError) => parse_ascii_domain(base, input, host),
        Err(err) => Err(ParseFailure {
            kind: err.into(),
            host: raw_host(input, host),
        }),
    }
}

fn raw_host(input: &str, host: &HostSource) -> Option<String> {
    match host {
        HostSource::Own(Some(range)) => Some(input[range.clone()].to_owned()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    #[test]
    fn cached_hosts_parse_as_the_crate_parses_them() {
        let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/urls");
        let text = std::fs::read_to_string(data.join("idn-sample.txt")).expect("idn-sample.txt");
        let base = parse("https://bücher.example/a/b").expect("valid base");
        let mut cached = 0;
        for line in text.lines() {
            let input = crate::input::strip(line);
            let Ok(absolute) = crate::input::with_default_scheme(&input, "https") else {
                continue;
            };
            let read = layout(&absolute, None);
            let input = fixups::before_crate(&read, None, &absolute).expect("no fixup fails");
            let via_cache = parse_with_cached_host(None, &input, &read.host);
            cached += usize::from(via_cache.is_some());
            if let Some(via_cache) = via_cache {
                let via_crate =
                    parse_with_crate_host(None, &input, &read.host).map(|u| u.serialize());
                assert_eq!(Ok(via_cache.serialize()), via_crate, "{line}");
            }
            let host = layout(line, Some(&base.url)).host;
            if let Some(via_cache) = parse_with_cached_host(Some(&base), line, &host) {
                let via_crate =
                    parse_with_crate_host(Some(&base), line, &host).map(|u| u.serialize());
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
