//! Options: the settings a `UrlNormalizer` is constructed with, each checked once.

use crate::input::is_special_scheme;
use regex::Regex;
use std::fmt;

/// URL::Normalize's default directory indexes (regular expressions, matched
/// case-insensitively against the whole last path segment).
pub const DEFAULT_DIRECTORY_INDEXES: &[&str] = &[
    r"default\.aspx?",
    r"default\.html\.aspx?",
    r"default\.s?html?",
    r"home\.s?html?",
    r"index\.cgi",
    r"index\.html\.aspx?",
    r"index\.html\.php",
    r"index\.jsp",
    r"index\.php\d?",
    r"index\.pl",
    r"index\.s?html?",
    r"welcome\.s?html?",
];

/// Query parameters that only track a visit (globs, case-insensitive): analytics campaign
/// tags and the click ids of ad and social networks.
pub const DEFAULT_TRACKING_PARAMETERS: &[&str] = &[
    "utm_*",
    "fbclid",
    "gclid",
    "gclsrc",
    "dclid",
    "gbraid",
    "wbraid",
    "msclkid",
    "mc_cid",
    "mc_eid",
    "_ga",
    "_gl",
    "yclid",
    "igshid",
    "twclid",
    "ttclid",
    "li_fat_id",
    "mkt_tok",
    "_hsenc",
    "_hsmi",
    "__hstc",
    "__hssc",
    "__hsfp",
    "hsctatracking",
    "vero_id",
    "vero_conv",
    "oly_anon_id",
    "oly_enc_id",
    "rb_clickid",
    "s_cid",
    "srsltid",
    "wickedid",
    "_openstat",
];

/// The settings of a normalizer. Build with [`Options::default`], then [`Options::set`].
#[derive(Debug, Clone)]
pub struct Options {
    /// Throw instead of returning the input unchanged when it cannot be parsed.
    /// The core always returns `Result`; the PHP binding reads this to choose.
    pub strict: bool,
    /// The scheme given to an input that has none (`example.com/x`). Lowercase.
    pub default_scheme: String,
    directory_indexes: Option<Vec<String>>,
    extra_directory_indexes: Vec<String>,
    directory_index: Regex,
    tracking_parameters: Option<Vec<String>>,
    extra_tracking_parameters: Vec<String>,
    /// The effective tracking list, kept up to date by `set`, so no call rebuilds it.
    tracking: Vec<String>,
    removed_parameters: Vec<String>,
}

impl Default for Options {
    fn default() -> Self {
        let defaults = DEFAULT_DIRECTORY_INDEXES
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>();
        Self {
            strict: false,
            default_scheme: "https".to_owned(),
            directory_indexes: None,
            extra_directory_indexes: Vec::new(),
            // The default patterns are valid; a failure here is a bug caught by every test.
            directory_index: directory_index_regex(&defaults).expect("default directory indexes"),
            tracking_parameters: None,
            extra_tracking_parameters: Vec::new(),
            tracking: DEFAULT_TRACKING_PARAMETERS
                .iter()
                .map(|n| n.to_string())
                .collect(),
            removed_parameters: Vec::new(),
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
    pub const KEYS: &'static [&'static str] = &[
        "default_scheme",
        "directory_indexes",
        "extra_directory_indexes",
        "extra_tracking_parameters",
        "remove_query_parameters",
        "strict",
        "tracking_parameters",
    ];

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
    /// assert!(err.to_string().starts_with("Option `stict` is unknown; known options: default_scheme,"));
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
            "directory_indexes" | "extra_directory_indexes" => {
                let OptionValue::List(patterns) = value else {
                    return Err(wrong_type("a list of regular expressions"));
                };
                if key == "directory_indexes" {
                    self.directory_indexes = Some(patterns);
                } else {
                    self.extra_directory_indexes.extend(patterns);
                }
                let all: Vec<String> = self.directory_index_patterns().collect();
                self.directory_index = directory_index_regex(&all).map_err(|err| {
                    OptionError::new(key, format!("has an invalid regular expression: {err}"))
                })?;
            }
            "tracking_parameters" | "extra_tracking_parameters" | "remove_query_parameters" => {
                let OptionValue::List(names) = value else {
                    return Err(wrong_type(
                        "a list of parameter names (globs such as utm_*)",
                    ));
                };
                match key {
                    "tracking_parameters" => self.tracking_parameters = Some(names),
                    "extra_tracking_parameters" => self.extra_tracking_parameters.extend(names),
                    _ => self.removed_parameters.extend(names),
                }
                self.tracking = self.effective_tracking_parameters();
            }
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

impl Options {
    fn directory_index_patterns(&self) -> impl Iterator<Item = String> + '_ {
        let base: Vec<String> = match &self.directory_indexes {
            Some(patterns) => patterns.clone(),
            None => DEFAULT_DIRECTORY_INDEXES
                .iter()
                .map(|p| p.to_string())
                .collect(),
        };
        base.into_iter()
            .chain(self.extra_directory_indexes.iter().cloned())
    }

    /// True when `segment` (a last path segment) is a directory index.
    pub(crate) fn is_directory_index(&self, segment: &str) -> bool {
        self.directory_index.is_match(segment)
    }

    /// The tracking parameter globs, as `canonicalize` matches them.
    pub(crate) fn tracking_parameters(&self) -> &[String] {
        &self.tracking
    }

    /// The built-in tracking list or its replacement, plus the extras.
    fn effective_tracking_parameters(&self) -> Vec<String> {
        let base = match &self.tracking_parameters {
            Some(names) => names.clone(),
            None => DEFAULT_TRACKING_PARAMETERS
                .iter()
                .map(|n| n.to_string())
                .collect(),
        };
        base.into_iter()
            .chain(self.extra_tracking_parameters.iter().cloned())
            .collect()
    }

    /// The `remove_query_parameters` globs, which every canonicalization removes.
    pub(crate) fn removed_parameters(&self) -> &[String] {
        &self.removed_parameters
    }
}

/// One case-insensitive regular expression that matches a whole segment against any pattern;
/// an empty list matches nothing.
fn directory_index_regex(patterns: &[String]) -> Result<Regex, regex::Error> {
    if patterns.is_empty() {
        return Regex::new("[^\\s\\S]");
    }
    let alternatives: Vec<String> = patterns.iter().map(|p| format!("(?:{p})")).collect();
    Regex::new(&format!("(?i)^(?:{})$", alternatives.join("|")))
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
    fn directory_indexes_replace_or_extend_and_are_anchored() {
        let mut options = Options::default();
        assert!(options.is_directory_index("Index.PHP5"));
        assert!(!options.is_directory_index("index.php/route"));
        assert!(!options.is_directory_index("myindex.html"));
        options
            .set(
                "extra_directory_indexes",
                OptionValue::List(vec![r"start\.htm".into()]),
            )
            .unwrap();
        assert!(
            options.is_directory_index("START.htm") && options.is_directory_index("index.html")
        );
        options
            .set(
                "directory_indexes",
                OptionValue::List(vec![r"main\.html|home".into()]),
            )
            .unwrap();
        assert!(options.is_directory_index("home") && options.is_directory_index("start.htm"));
        assert!(
            !options.is_directory_index("index.html") && !options.is_directory_index("main.htmlx")
        );
        options
            .set("directory_indexes", OptionValue::List(vec![]))
            .unwrap();
        options
            .set("extra_directory_indexes", OptionValue::List(vec![]))
            .unwrap();
        assert!(options.is_directory_index("start.htm"));
        let err = options
            .set("directory_indexes", OptionValue::List(vec!["(".into()]))
            .unwrap_err();
        assert!(err
            .to_string()
            .starts_with("Option `directory_indexes` has an invalid regular expression"));
    }

    #[test]
    fn parameter_lists() {
        let mut options = Options::default();
        assert!(options
            .tracking_parameters()
            .contains(&"fbclid".to_string()));
        options
            .set(
                "extra_tracking_parameters",
                OptionValue::List(vec!["ref".into()]),
            )
            .unwrap();
        assert!(options.tracking_parameters().contains(&"ref".to_string()));
        options
            .set(
                "tracking_parameters",
                OptionValue::List(vec!["only".into()]),
            )
            .unwrap();
        assert_eq!(options.tracking_parameters(), ["only", "ref"]);
        options
            .set(
                "remove_query_parameters",
                OptionValue::List(vec!["page".into()]),
            )
            .unwrap();
        assert_eq!(options.removed_parameters(), ["page"]);
        let err = options
            .set(
                "remove_query_parameters",
                OptionValue::String("page".into()),
            )
            .unwrap_err();
        assert_eq!(err.to_string(), "Option `remove_query_parameters` must be a list of parameter names (globs such as utm_*), string given");
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
