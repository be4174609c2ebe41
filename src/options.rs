//! Options: the settings a `UrlNormalizer` is constructed with, each checked once.

use crate::input::is_special_scheme;
use std::fmt;

/// The settings of a normalizer. Build with [`Options::default`], then [`Options::set`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Throw instead of returning the input unchanged when it cannot be parsed.
    /// The core always returns `Result`; the PHP binding reads this to choose.
    pub strict: bool,
    /// The scheme given to an input that has none (`example.com/x`). Lowercase.
    pub default_scheme: String,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            strict: false,
            default_scheme: "https".to_owned(),
        }
    }
}

/// An option value as the caller gave it, before it is checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionValue {
    /// A boolean.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A (UTF-8) string.
    String(String),
    /// A list of strings.
    List(Vec<String>),
    /// Anything else, named by its type (`float`, `null`, `object`, ...), for the message.
    Other(String),
}

impl OptionValue {
    fn type_name(&self) -> &str {
        match self {
            Self::Bool(_) => "bool",
            Self::Int(_) => "int",
            Self::String(_) => "string",
            Self::List(_) => "array",
            Self::Other(name) => name,
        }
    }
}

/// An option that does not exist or has a value of the wrong type or range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionError {
    key: String,
    problem: String,
}

impl OptionError {
    fn new(key: &str, problem: impl Into<String>) -> Self {
        Self {
            key: key.to_owned(),
            problem: problem.into(),
        }
    }

    /// The key that was rejected.
    pub fn key(&self) -> &str {
        &self.key
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Option `{}` {}", self.key, self.problem)
    }
}

impl std::error::Error for OptionError {}

impl Options {
    /// Every key [`Options::set`] accepts.
    pub const KEYS: &'static [&'static str] = &["default_scheme", "strict"];

    /// Sets one option by its PHP array key.
    ///
    /// # Examples
    ///
    /// ```
    /// use url_normalize::{OptionValue, Options};
    /// let mut options = Options::default();
    /// options.set("default_scheme", OptionValue::String("HTTP".into()))?;
    /// assert_eq!(options.default_scheme, "http");
    /// let err = options.set("stict", OptionValue::Bool(true)).unwrap_err();
    /// assert_eq!(err.to_string(), "Option `stict` is unknown; known options: default_scheme, strict");
    /// # Ok::<(), url_normalize::OptionError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`OptionError`] naming the key, for an unknown key or a value of the wrong type.
    pub fn set(&mut self, key: &str, value: OptionValue) -> Result<(), OptionError> {
        let wrong_type = |expected: &str| {
            OptionError::new(
                key,
                format!("must be {expected}, {} given", value.type_name()),
            )
        };
        match key {
            "strict" => match value {
                OptionValue::Bool(strict) => self.strict = strict,
                _ => return Err(wrong_type("a bool")),
            },
            "default_scheme" => match &value {
                OptionValue::String(scheme) if is_fetchable_scheme(scheme) => {
                    self.default_scheme = scheme.to_ascii_lowercase();
                }
                OptionValue::String(scheme) => {
                    return Err(OptionError::new(
                        key,
                        format!("must be one of http, https, ws, wss, ftp; `{scheme}` given"),
                    ))
                }
                _ => return Err(wrong_type("a string")),
            },
            _ => {
                return Err(OptionError::new(
                    key,
                    format!("is unknown; known options: {}", Self::KEYS.join(", ")),
                ))
            }
        }
        Ok(())
    }
}

/// A special scheme with a network host: what a scheme-less crawler URL can default to.
fn is_fetchable_scheme(scheme: &str) -> bool {
    is_special_scheme(scheme) && !scheme.eq_ignore_ascii_case("file")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrong_types_name_the_key_and_both_types() {
        let mut options = Options::default();
        let err = options.set("strict", OptionValue::Int(1)).unwrap_err();
        assert_eq!(err.to_string(), "Option `strict` must be a bool, int given");
        assert_eq!(err.key(), "strict");
        let err = options
            .set("default_scheme", OptionValue::Other("null".into()))
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "Option `default_scheme` must be a string, null given"
        );
    }

    #[test]
    fn default_scheme_must_be_a_network_scheme() {
        let mut options = Options::default();
        for bad in ["file", "mailto", "", "ht tp"] {
            assert!(
                options
                    .set("default_scheme", OptionValue::String(bad.into()))
                    .is_err(),
                "{bad}"
            );
        }
        options
            .set("default_scheme", OptionValue::String("WSS".into()))
            .unwrap();
        assert_eq!(options.default_scheme, "wss");
    }
}
