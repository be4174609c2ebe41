//! Options by their PHP array keys: `Options::set` checks each value as the constructor's
//! `array $options` gives it, and `Options::validate` the rules that join two keys. The PHP
//! binding (`src/options.rs` of the extension crate) only turns zvals into [`OptionValue`]s; every rule and
//! message lives here, so `cargo test` covers them without PHP.

use super::host_policy::HostPattern;
use super::{directory_index_regex, Options, PublicSuffixes};
use crate::error::printable;
use crate::input::{is_network_scheme, is_scheme_name};
use std::fmt;

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
        write!(
            f,
            "Option `{}` {}",
            printable(self.key.as_bytes()),
            self.problem
        )
    }
}

impl std::error::Error for OptionError {}

impl Options {
    /// Every key [`Options::set`] accepts.
    pub const KEYS: &'static [&'static str] = &[
        "allowed_hosts",
        "allowed_schemes",
        "block_private_hosts",
        "default_scheme",
        "directory_indexes",
        "extra_directory_indexes",
        "extra_tracking_parameters",
        "log_credentials",
        "max_length",
        "public_suffixes",
        "remove_query_parameters",
        "strict",
        "tracking_parameters",
    ];

    /// Sets one option by its PHP array key.
    ///
    /// # Examples
    ///
    /// ```
    /// use url_normalize_core::{OptionValue, Options};
    /// let mut options = Options::default();
    /// options.set("default_scheme", OptionValue::String("HTTP".into()))?;
    /// assert_eq!(options.default_scheme(), "http");
    /// let err = options.set("stict", OptionValue::Bool(true)).unwrap_err();
    /// assert!(err.to_string().starts_with("Option `stict` is unknown; did you mean `strict`? known options: allowed_hosts,"));
    /// # Ok::<(), url_normalize_core::OptionError>(())
    /// ```
    ///
    /// A rule that joins two keys (`default_scheme` within `allowed_schemes`) is checked by
    /// [`Options::validate`], once every key is set, so that the keys may come in any order.
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
            "log_credentials" => match value {
                OptionValue::Bool(show) => self.log_credentials = show,
                _ => return Err(wrong_type("a bool")),
            },
            "block_private_hosts" => match value {
                OptionValue::Bool(block) => self.host_policy.block_private = block,
                _ => return Err(wrong_type("a bool")),
            },
            "allowed_hosts" => {
                let OptionValue::List(hosts) = value else {
                    return Err(wrong_type(
                        "a list of hosts (example.com, or *.example.com for its subdomains)",
                    ));
                };
                if hosts.is_empty() {
                    return Err(OptionError::new(key, "must list at least one host"));
                }
                let patterns = hosts
                    .iter()
                    .map(|host| {
                        HostPattern::parse(host).map_err(|reason| {
                            OptionError::new(
                                key,
                                format!("lists `{}`: {reason}", printable(host.as_bytes())),
                            )
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                self.host_policy.allowed = Some(patterns);
            }
            "default_scheme" => match &value {
                OptionValue::String(scheme) if is_network_scheme(scheme) => {
                    self.default_scheme = scheme.to_ascii_lowercase();
                    self.default_scheme_set = true;
                }
                OptionValue::String(scheme) => {
                    return Err(OptionError::new(
                        key,
                        format!(
                            "must be one of http, https, ws, wss, ftp; `{}` given",
                            printable(scheme.as_bytes())
                        ),
                    ))
                }
                _ => return Err(wrong_type("a string")),
            },
            "directory_indexes" | "extra_directory_indexes" => {
                let OptionValue::List(patterns) = value else {
                    return Err(wrong_type("a list of regular expressions"));
                };
                let list = self
                    .directory_indexes
                    .with(key.starts_with("extra_"), patterns);
                // Compiled before anything is stored: a rejected value leaves the options as they were.
                self.directory_index = directory_index_regex(&list.effective()).map_err(|err| {
                    OptionError::new(key, format!("has an invalid regular expression: {err}"))
                })?;
                self.directory_indexes = list;
            }
            "tracking_parameters" | "extra_tracking_parameters" | "remove_query_parameters" => {
                let OptionValue::List(names) = value else {
                    return Err(wrong_type(
                        "a list of parameter names (globs such as utm_*)",
                    ));
                };
                if key == "remove_query_parameters" {
                    self.removed_parameters.extend(names);
                } else {
                    let list = self
                        .tracking_parameters
                        .with(key.starts_with("extra_"), names);
                    self.tracking = list.effective().into();
                    self.tracking_parameters = list;
                }
            }
            "allowed_schemes" => {
                let OptionValue::List(schemes) = value else {
                    return Err(wrong_type("a list of schemes"));
                };
                if schemes.is_empty() {
                    return Err(OptionError::new(key, "must list at least one scheme"));
                }
                if let Some(bad) = schemes.iter().find(|scheme| !is_scheme_name(scheme)) {
                    return Err(OptionError::new(
                        key,
                        format!(
                            "must list scheme names (a letter, then letters, digits, + - .); `{}` given",
                            printable(bad.as_bytes())
                        ),
                    ));
                }
                let lowercase = schemes.iter().map(|s| s.to_ascii_lowercase()).collect();
                self.allowed_schemes = Some(lowercase);
            }
            "max_length" => match value {
                OptionValue::Int(length) if length >= 1 => {
                    // Beyond the address space, no input can be longer anyway.
                    self.max_length = usize::try_from(length).unwrap_or(usize::MAX);
                }
                OptionValue::Int(length) => {
                    return Err(OptionError::new(
                        key,
                        format!("must be at least 1, {length} given"),
                    ))
                }
                _ => return Err(wrong_type("an int")),
            },
            "public_suffixes" => match &value {
                OptionValue::String(name) => {
                    self.public_suffixes = PublicSuffixes::from_name(name).ok_or_else(|| {
                        OptionError::new(
                            key,
                            format!(
                                "must be 'all' or 'icann'; `{}` given",
                                printable(name.as_bytes())
                            ),
                        )
                    })?;
                }
                _ => return Err(wrong_type("a string")),
            },
            _ => {
                let suggestion = match closest_key(key) {
                    Some(known) => format!("did you mean `{known}`? "),
                    None => String::new(),
                };
                return Err(OptionError::new(
                    key,
                    format!(
                        "is unknown; {suggestion}known options: {}",
                        Self::KEYS.join(", ")
                    ),
                ));
            }
        }
        self.fast_path = self.fast_path_checks();
        Ok(())
    }

    /// Checks the rules that join two keys: `default_scheme` must be one of `allowed_schemes`,
    /// or every scheme-less input would be rejected. Call it after the last [`Options::set`].
    ///
    /// # Examples
    ///
    /// ```
    /// use url_normalize_core::{OptionValue, Options};
    /// let mut options = Options::default();
    /// options.set("allowed_schemes", OptionValue::List(vec!["http".into()]))?;
    /// // The default `https` is not allowed: the error names the key the user set.
    /// let err = options.validate().unwrap_err();
    /// assert_eq!(err.key(), "allowed_schemes");
    /// options.set("default_scheme", OptionValue::String("http".into()))?;
    /// options.validate()?;
    /// # Ok::<(), url_normalize_core::OptionError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`OptionError`] when `default_scheme` is not one of `allowed_schemes`: keyed
    /// `default_scheme` when both were set, `allowed_schemes` when the default scheme is the
    /// built-in one the user never chose.
    pub fn validate(&self) -> Result<(), OptionError> {
        if self.allows_scheme(&self.default_scheme) {
            return Ok(());
        }
        let allowed = self
            .allowed_schemes
            .as_deref()
            .unwrap_or_default()
            .join(", ");
        if self.default_scheme_set {
            return Err(OptionError::new(
                "default_scheme",
                format!(
                    "(`{}`) must be one of allowed_schemes ({allowed})",
                    self.default_scheme
                ),
            ));
        }
        // The user set only allowed_schemes: name it, and what to do.
        Err(OptionError::new(
            "allowed_schemes",
            format!(
                "({allowed}) does not list `{}`, the default scheme given to URLs that have \
                 none: list it, or set `default_scheme` to one of them",
                self.default_scheme
            ),
        ))
    }
}

impl Options {
    /// The options in force, by their keys, with every default filled in: setting each of
    /// them on [`Options::default`] builds options that give the same answers. The `extra_*`
    /// keys are folded into the lists they extend; `allowed_schemes` and `allowed_hosts`
    /// appear only when set.
    ///
    /// # Examples
    ///
    /// ```
    /// use url_normalize_core::{OptionValue, Options};
    /// let mut options = Options::default();
    /// options.set("allowed_hosts", OptionValue::List(vec!["*.Bücher.DE".into()]))?;
    /// let values = options.values();
    /// assert!(values.contains(&("allowed_hosts", OptionValue::List(vec!["*.xn--bcher-kva.de".into()]))));
    /// assert!(values.contains(&("strict", OptionValue::Bool(false))));
    /// # Ok::<(), url_normalize_core::OptionError>(())
    /// ```
    pub fn values(&self) -> Vec<(&'static str, OptionValue)> {
        let mut values = vec![
            ("strict", OptionValue::Bool(self.strict)),
            (
                "default_scheme",
                OptionValue::String(self.default_scheme.clone()),
            ),
        ];
        if let Some(schemes) = &self.allowed_schemes {
            values.push(("allowed_schemes", OptionValue::List(schemes.clone())));
        }
        if let Some(hosts) = &self.host_policy.allowed {
            let hosts = hosts.iter().map(ToString::to_string).collect();
            values.push(("allowed_hosts", OptionValue::List(hosts)));
        }
        values.extend([
            (
                "block_private_hosts",
                OptionValue::Bool(self.host_policy.block_private),
            ),
            (
                "max_length",
                OptionValue::Int(i64::try_from(self.max_length).unwrap_or(i64::MAX)),
            ),
            (
                "directory_indexes",
                OptionValue::List(self.directory_indexes.effective()),
            ),
            (
                "tracking_parameters",
                OptionValue::List(self.tracking.to_vec()),
            ),
            (
                "remove_query_parameters",
                OptionValue::List(self.removed_parameters.clone()),
            ),
            (
                "public_suffixes",
                OptionValue::String(self.public_suffixes.name().to_owned()),
            ),
            ("log_credentials", OptionValue::Bool(self.log_credentials)),
        ]);
        values
    }
}

/// The one known key within two edits of `key` (a letter added, removed, changed, or two
/// neighbours swapped), if exactly one is that close.
fn closest_key(key: &str) -> Option<&'static str> {
    let key = key.to_ascii_lowercase();
    let mut close = Options::KEYS
        .iter()
        .filter(|known| edit_distance(&key, known) <= 2);
    match (close.next(), close.next()) {
        (Some(known), None) => Some(known),
        _ => None,
    }
}

/// The optimal string alignment distance between `a` and `b`, in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // Keys are short; an input far longer than any key is no typo of one.
    if a.len() > b.len() + 2 || b.len() > a.len() + 2 {
        return usize::MAX;
    }
    let mut rows = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

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
    fn values_build_the_same_options_again() {
        let list =
            |items: &[&str]| OptionValue::List(items.iter().map(|s| s.to_string()).collect());
        let mut options = Options::default();
        for (key, value) in [
            ("strict", OptionValue::Bool(true)),
            ("allowed_schemes", list(&["HTTP", "https"])),
            (
                "allowed_hosts",
                list(&["Example.COM", "*.bücher.de", "0x7f.1"]),
            ),
            ("block_private_hosts", OptionValue::Bool(true)),
            ("max_length", OptionValue::Int(300)),
            ("extra_directory_indexes", list(&["start\\.htm"])),
            ("extra_tracking_parameters", list(&["ref"])),
            ("remove_query_parameters", list(&["sid"])),
            ("public_suffixes", OptionValue::String("icann".into())),
            ("log_credentials", OptionValue::Bool(true)),
        ] {
            options.set(key, value).unwrap();
        }
        let mut again = Options::default();
        for (key, value) in options.values() {
            again.set(key, value).unwrap_or_else(|e| panic!("{e}"));
        }
        again.validate().unwrap();
        assert_eq!(again.values(), options.values());
        let keys: Vec<&str> = options.values().iter().map(|(key, _)| *key).collect();
        assert!(
            keys.iter().all(|key| Options::KEYS.contains(key)),
            "{keys:?}"
        );
        assert!(options.is_directory_index("start.htm") && again.is_directory_index("start.htm"));
        // Unset lists are left out, so the defaults allow every scheme and host.
        let defaults: Vec<&str> = Options::default()
            .values()
            .iter()
            .map(|(k, _)| *k)
            .collect();
        assert!(!defaults.contains(&"allowed_schemes") && !defaults.contains(&"allowed_hosts"));
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

    #[test]
    fn allowed_schemes_are_scheme_names_lowercased() {
        let mut options = Options::default();
        assert!(options.allows_scheme("javascript"));
        options
            .set(
                "allowed_schemes",
                OptionValue::List(vec!["HTTP".into(), "https".into()]),
            )
            .unwrap();
        assert_eq!(
            options.allowed_schemes(),
            Some(&["http".to_string(), "https".to_string()][..])
        );
        assert!(options.allows_scheme("http") && !options.allows_scheme("javascript"));
        options.validate().unwrap();
        let err = options
            .set("allowed_schemes", OptionValue::List(vec!["ht tp".into()]))
            .unwrap_err();
        assert_eq!(err.to_string(), "Option `allowed_schemes` must list scheme names (a letter, then letters, digits, + - .); `ht tp` given");
        for bad in [
            vec![],
            vec!["1http".to_string()],
            vec!["a\0".to_string()],
            vec![String::new()],
        ] {
            assert!(options
                .set("allowed_schemes", OptionValue::List(bad))
                .is_err());
        }
        let err = options
            .set("allowed_schemes", OptionValue::String("http".into()))
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "Option `allowed_schemes` must be a list of schemes, string given"
        );
    }

    #[test]
    fn default_scheme_must_be_allowed_whatever_the_order_of_the_keys() {
        let mut options = Options::default();
        options
            .set(
                "allowed_schemes",
                OptionValue::List(vec!["http".into(), "ftp".into()]),
            )
            .unwrap();
        let err = options.validate().unwrap_err();
        assert_eq!(err.key(), "allowed_schemes", "the key the caller set");
        assert_eq!(
            err.to_string(),
            "Option `allowed_schemes` (http, ftp) does not list `https`, the default scheme \
             given to URLs that have none: list it, or set `default_scheme` to one of them"
        );
        options
            .set("default_scheme", OptionValue::String("ftp".into()))
            .unwrap();
        options.validate().unwrap();
        options
            .set("default_scheme", OptionValue::String("wss".into()))
            .unwrap();
        let err = options.validate().unwrap_err();
        assert_eq!(err.key(), "default_scheme");
        assert_eq!(
            err.to_string(),
            "Option `default_scheme` (`wss`) must be one of allowed_schemes (http, ftp)"
        );
    }

    #[test]
    fn an_unknown_key_within_two_edits_of_one_is_suggested() {
        let message = |key: &str| {
            Options::default()
                .set(key, OptionValue::Bool(true))
                .unwrap_err()
                .to_string()
        };
        for (typo, known) in [
            ("stict", "strict"),
            ("Strict", "strict"),
            ("max_lenght", "max_length"),
            ("allowed_host", "allowed_hosts"),
            ("block_private_host", "block_private_hosts"),
            ("log_credential", "log_credentials"),
        ] {
            let expected =
                format!("Option `{typo}` is unknown; did you mean `{known}`? known options:");
            assert!(message(typo).starts_with(&expected), "{}", message(typo));
        }
        for far in ["timeout", "", "hosts", "max_length_in_bytes"] {
            assert!(!message(far).contains("did you mean"), "{}", message(far));
        }
    }

    #[test]
    fn max_length_is_a_positive_int() {
        let mut options = Options::default();
        assert_eq!(options.max_length(), 2_097_152);
        assert_eq!(options.check_length(&vec![b'a'; 1 << 20]), Ok(()));
        options.set("max_length", OptionValue::Int(10)).unwrap();
        assert_eq!(options.check_length(b"0123456789"), Ok(()));
        assert_eq!(
            options.check_length(b"0123456789a"),
            Err(ErrorKind::InputTooLong {
                length: 11,
                max_length: 10
            })
        );
        let err = options.set("max_length", OptionValue::Int(0)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "Option `max_length` must be at least 1, 0 given"
        );
        let err = options
            .set("max_length", OptionValue::String("10".into()))
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "Option `max_length` must be an int, string given"
        );
    }

    #[test]
    fn values_in_messages_are_escaped() {
        let mut options = Options::default();
        let err = options
            .set("default_scheme", OptionValue::String("ht\0tp".into()))
            .unwrap_err();
        assert!(err.to_string().ends_with("`ht\\0tp` given"), "{err}");
    }
}
