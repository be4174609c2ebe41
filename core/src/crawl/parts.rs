//! A URL read as the crawl classes read it: normalized, then its components sliced from the
//! text ([`Parts`], the serialization's shape), with no parse.

use std::borrow::Cow;
use std::sync::LazyLock;

use crate::error::UrlError;
use crate::normalize::fast::normal_form;
use crate::normalize::normalize_cow;
use crate::options::Options;
pub(crate) use crate::standard::serialized::Parts;

/// A URL read as the rest of the API reads it: [`crate::normalize()`] with the default options.
pub(crate) struct NormalUrl<'a> {
    text: Cow<'a, str>,
    /// Where the host is, when normalize()'s fast path found it (an `http` or `https` URL
    /// that is its own normal form): its components are then sliced without a scan of the
    /// authority.
    host: Option<(usize, usize)>,
}

impl<'a> NormalUrl<'a> {
    /// Normalizes `input` (any bytes: a URL as found, with or without a scheme).
    pub(crate) fn read(input: &'a [u8]) -> Result<Self, UrlError> {
        Self::read_with(input, default_options())
    }

    /// Normalizes `input` under `options`.
    pub(crate) fn read_with(input: &'a [u8], options: &Options) -> Result<Self, UrlError> {
        if let Some(normal) = normal_form(input) {
            if options.admits_fast_answer(input, normal.scheme, normal.host, normal.url) {
                let start = normal.scheme.len() + 3;
                return Ok(Self {
                    text: Cow::Borrowed(normal.url),
                    host: Some((start, start + normal.host.len())),
                });
            }
        }
        Ok(Self {
            text: normalize_cow(input, options)?,
            host: None,
        })
    }

    /// A URL already in normal form (the answer of [`crate::normalize()`] or
    /// [`crate::resolve`]).
    pub(crate) fn from_normal(text: String) -> NormalUrl<'static> {
        NormalUrl {
            text: Cow::Owned(text),
            host: None,
        }
    }

    /// The whole URL.
    pub(crate) fn as_str(&self) -> &str {
        &self.text
    }

    /// The URL's components.
    pub(crate) fn parts(&self) -> Parts<'_> {
        match self.host {
            Some((start, end)) => Parts::with_host(&self.text, start, end),
            None => Parts::of(&self.text),
        }
    }
}

/// The eight components in URLPattern's order (protocol, username, password, hostname, port,
/// pathname, search, hash), a missing query or fragment as empty.
pub(crate) fn in_pattern_order<'a>(parts: &Parts<'a>) -> [&'a str; 8] {
    [
        parts.scheme,
        parts.username,
        parts.password,
        parts.host,
        parts.port,
        parts.path,
        parts.query.unwrap_or(""),
        parts.fragment.unwrap_or(""),
    ]
}

/// The options every URL of this stage is read with: the defaults, built once (building them
/// compiles a regular expression, which would cost more than reading a URL).
pub(crate) fn default_options() -> &'static Options {
    static DEFAULT: LazyLock<Options> = LazyLock::new(Options::default);
    &DEFAULT
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standard::serialized::tests::SERIALIZED_WITH_HOSTS;

    #[test]
    fn the_fast_path_slices_as_the_scan_does() {
        for url in SERIALIZED_WITH_HOSTS {
            let read = NormalUrl::read(url.as_bytes()).unwrap();
            assert!(read.host.is_some(), "{url}");
            assert_eq!(read.parts(), Parts::of(url), "{url}");
        }
    }

    #[test]
    fn read_normalizes() {
        let url = NormalUrl::read("コーヒー.jp/café".as_bytes()).unwrap();
        assert_eq!(url.as_str(), "https://xn--tck2c4fb.jp/caf%C3%A9");
        assert_eq!(url.parts().host, "xn--tck2c4fb.jp");
    }
}
