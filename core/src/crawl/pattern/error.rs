//! Why a URL pattern cannot be built, or a match not asked, in the standard's terms.

use super::input::{input_text, PatternInput};
use crate::error::UrlError;
use std::fmt;

/// A pattern that is not valid, or a match input that is not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PatternError {
    /// The pattern breaks the standard's grammar; the text says where and why.
    Invalid {
        /// The pattern as given.
        pattern: String,
        /// The standard's reason.
        reason: String,
    },
    /// A relative pattern string without a base URL.
    BaseUrlRequired(String),
    /// The base URL is not a URL, as normalize() reads one.
    BaseUrl(UrlError),
    /// The standard's processing of the pattern against its base URL failed.
    BaseUrlRejected(String),
    /// Components were given with a separate base URL (put it in `baseURL`).
    BaseUrlWithComponents,
    /// The pattern uses something the regular expression engine does not offer.
    Unsupported(String),
}

impl PatternError {
    pub(crate) fn from_crate(
        input: &PatternInput<'_>,
        has_base: bool,
        err: urlpattern::Error,
    ) -> Self {
        use urlpattern::Error as E;
        let pattern = input_text(input);
        match err {
            E::BaseUrlRequired => Self::BaseUrlRequired(pattern),
            E::BaseUrlWithInit => Self::BaseUrlWithComponents,
            E::Url(err) if has_base => Self::BaseUrlRejected(err.to_string()),
            E::Url(url::ParseError::RelativeUrlWithoutBase) => Self::BaseUrlRequired(pattern),
            E::RegExp(()) => Self::Invalid {
                pattern,
                reason: "a regular expression group is not valid (the syntax of the Rust `regex` \
                         crate, which has no look-around and no backreferences)"
                    .to_owned(),
            },
            other => Self::Invalid {
                pattern,
                reason: other.to_string(),
            },
        }
    }
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = |text: &str| crate::error::printable(text.as_bytes());
        match self {
            Self::Invalid { pattern, reason } => {
                write!(f, "Invalid URL pattern `{}`: {reason}", shown(pattern))
            }
            Self::BaseUrlRequired(pattern) => write!(
                f,
                "Invalid URL pattern `{}`: a relative pattern needs a base URL",
                shown(pattern)
            ),
            Self::BaseUrl(err) => write!(f, "Invalid base URL for a URL pattern: {err}"),
            Self::BaseUrlRejected(reason) => {
                write!(f, "Invalid base URL for a URL pattern: {reason}")
            }
            Self::BaseUrlWithComponents => f.write_str(
                "A base URL cannot be given beside components: put it in their `baseURL`",
            ),
            Self::Unsupported(pattern) => write!(
                f,
                "Invalid URL pattern `{}`: it cannot be compiled",
                shown(pattern)
            ),
        }
    }
}

impl std::error::Error for PatternError {}
