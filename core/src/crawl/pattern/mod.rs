//! `URLPattern` (WHATWG URL Pattern Standard): a pattern per URL component, compiled once,
//! matched against URLs.
//!
//! The patterns are compiled by Deno's `urlpattern` crate (on the `url` crate and the
//! `regex` crate, whose matching is linear in the input, so no pattern can make matching
//! slow). What this module adds is how URLs are read: a string is read as
//! [`crate::normalize()`] reads it (`コーヒー.jp/*` and `https://xn--tck2c4fb.jp/*` are one
//! URL), and its components are sliced from the normal form, with no second parse.

mod ascii_dfa;
mod error;
mod input;
mod matching;

pub use error::PatternError;
pub use input::{Components, MatchInput, PatternInput, COMPONENTS};
pub use matching::{ComponentMatch, PatternMatch};

use crate::crawl::parts::{NormalUrl, Parts};
use input::input_text;
use matching::Step;
use urlpattern::quirks::StringOrInit;

/// A compiled URL pattern.
///
/// # Examples
///
/// ```
/// use url_normalize_core::{MatchInput, PatternInput, UrlPattern};
/// let pattern = UrlPattern::new(PatternInput::String("https://コーヒー.jp/shop/:item"), None, false)?;
/// assert_eq!(pattern.hostname(), "xn--tck2c4fb.jp");
/// let url = MatchInput::Url(b"https://xn--tck2c4fb.jp/shop/beans");
/// let found = pattern.exec(&url, None)?.expect("a match");
/// assert_eq!(found.components[5].groups, [("item".to_owned(), Some("beans".to_owned()))]);
/// # Ok::<(), url_normalize_core::PatternError>(())
/// ```
#[derive(Debug)]
pub struct UrlPattern {
    inner: urlpattern::UrlPattern,
    /// With `ignoreCase`, the case-insensitive form of the components it applies to (the
    /// pathname, the search and the hash). The crate compiles them with the `regex` crate,
    /// which ignores the `i` flag it passes, and compares their literal parts exactly.
    folded: [Option<regex::Regex>; 8],
    /// The components `test()` asks, in the order it asks them, each with how it decides
    /// (a regular expression as a full DFA where one applies).
    plan: Vec<Step>,
}

impl UrlPattern {
    /// Compiles a pattern; a relative pattern string is resolved against `base_url`.
    /// `ignore_case` is URLPattern's `ignoreCase` option: the path, the query and the
    /// fragment match whatever the case of letters.
    ///
    /// # Errors
    ///
    /// [`PatternError`], with the standard's reason, when the pattern is not valid, and for
    /// components given with a separate base URL (it belongs in their `baseURL`).
    pub fn new(
        input: PatternInput<'_>,
        base_url: Option<&str>,
        ignore_case: bool,
    ) -> Result<Self, PatternError> {
        let (init, base) = match &input {
            PatternInput::String(pattern) => {
                let base = match base_url {
                    Some(base) => Some(
                        NormalUrl::read(base.as_bytes())
                            .map_err(PatternError::BaseUrl)?
                            .as_str()
                            .to_owned(),
                    ),
                    None => None,
                };
                (StringOrInit::String((*pattern).into()), base)
            }
            PatternInput::Components(_) if base_url.is_some() => {
                return Err(PatternError::BaseUrlWithComponents);
            }
            PatternInput::Components(components) => {
                let mut init = components.to_init();
                if let Some(base) = init.base_url.take() {
                    let read = NormalUrl::read(base.as_bytes()).map_err(PatternError::BaseUrl)?;
                    init.base_url = Some(read.as_str().to_owned());
                }
                (StringOrInit::Init(init), None)
            }
        };
        let options = urlpattern::UrlPatternOptions {
            ignore_case,
            ..Default::default()
        };
        let has_base = base.is_some();
        let compiled = std::panic::catch_unwind(|| {
            let init = urlpattern::quirks::process_construct_pattern_input(init, base.as_deref())?;
            urlpattern::UrlPattern::parse(init, options)
        });
        let inner = match compiled {
            Ok(Ok(inner)) => inner,
            Ok(Err(err)) => return Err(PatternError::from_crate(&input, has_base, err)),
            Err(_) => return Err(PatternError::Unsupported(input_text(&input))),
        };
        let mut folded: [Option<regex::Regex>; 8] = Default::default();
        for (slot, component) in folded.iter_mut().zip(matching::components(&inner)) {
            if component.matcher.ignore_case {
                let Ok(regexp) = &component.regexp else {
                    continue;
                };
                let built = regex::RegexBuilder::new(regexp.as_str())
                    .case_insensitive(true)
                    .build()
                    .map_err(|_| PatternError::Unsupported(input_text(&input)))?;
                *slot = Some(built);
            }
        }
        let plan = matching::plan(&inner, &folded);
        Ok(Self {
            inner,
            folded,
            plan,
        })
    }

    /// The pattern of a component, by its index in [`COMPONENTS`].
    pub fn component(&self, index: usize) -> &str {
        match index {
            0 => self.inner.protocol(),
            1 => self.inner.username(),
            2 => self.inner.password(),
            3 => self.inner.hostname(),
            4 => self.inner.port(),
            5 => self.inner.pathname(),
            6 => self.inner.search(),
            _ => self.inner.hash(),
        }
    }

    /// The scheme's pattern.
    pub fn protocol(&self) -> &str {
        self.inner.protocol()
    }

    /// The host's pattern.
    pub fn hostname(&self) -> &str {
        self.inner.hostname()
    }

    /// The path's pattern.
    pub fn pathname(&self) -> &str {
        self.inner.pathname()
    }

    /// Whether a component has a regular expression group (`/(\\d+)`).
    pub fn has_regexp_groups(&self) -> bool {
        self.inner.has_regexp_groups()
    }

    /// Whether `input` matches; a URL is resolved against `base` first. A string that is
    /// not a URL matches nothing.
    ///
    /// # Errors
    ///
    /// [`PatternError::BaseUrlWithComponents`] for components with a separate base URL.
    pub fn test(&self, input: &MatchInput<'_>, base: Option<&[u8]>) -> Result<bool, PatternError> {
        match input {
            MatchInput::Url(url) => Ok(self.test_url(url, base)),
            MatchInput::Components(_) => Ok(self.exec(input, base)?.is_some()),
        }
    }

    /// [`UrlPattern::test`] for a URL, which cannot fail: a string that is not a URL matches
    /// nothing.
    pub fn test_url(&self, url: &[u8], base: Option<&[u8]>) -> bool {
        input::read_url(url, base).is_some_and(|url| {
            matching::test_url(&self.inner, &self.folded, &self.plan, &url.parts())
        })
    }

    /// The groups each component captured when `input` matches, or `None`.
    ///
    /// # Errors
    ///
    /// As [`UrlPattern::test`].
    pub fn exec(
        &self,
        input: &MatchInput<'_>,
        base: Option<&[u8]>,
    ) -> Result<Option<PatternMatch>, PatternError> {
        matching::exec(&self.inner, &self.folded, input, base)
    }

    /// The pattern written as one string, for logs: `https://*.example.com/blog/*`. The
    /// query and fragment are shown when they are not `*`, the port when it is neither `*`
    /// nor empty, and the credentials when either is not `*`.
    pub fn describe(&self) -> String {
        let [protocol, username, password, hostname, port, pathname, search, hash] =
            std::array::from_fn(|i| self.component(i));
        let mut text = format!("{protocol}://");
        if username != "*" || password != "*" {
            text.push_str(&format!("{username}:{password}@"));
        }
        text.push_str(hostname);
        if !port.is_empty() && port != "*" {
            text.push_str(&format!(":{port}"));
        }
        text.push_str(pathname);
        if search != "*" {
            text.push_str(&format!("?{search}"));
        }
        if hash != "*" {
            text.push_str(&format!("#{hash}"));
        }
        text
    }

    /// Whether the components of a URL in normal form match: the fast path for scopes,
    /// which slice a URL once for all their entries.
    pub(crate) fn test_parts(&self, parts: &Parts<'_>) -> bool {
        matching::test_url(&self.inner, &self.folded, &self.plan, parts)
    }
}

#[cfg(test)]
mod tests;
