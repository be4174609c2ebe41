//! Options: the settings a `UrlNormalizer` is constructed with, each checked once, and read
//! by every stage of the pipeline.

mod by_key;
mod defaults;
pub(crate) mod host_policy;
mod public_suffixes;
mod special_addresses;

pub use by_key::{OptionError, OptionValue};
pub use defaults::{DEFAULT_DIRECTORY_INDEXES, DEFAULT_TRACKING_PARAMETERS};
pub use public_suffixes::PublicSuffixes;

use crate::error::ErrorKind;
use crate::input::redact::redact_credentials;
use crate::standard::{ParsedUrl, UrlHost};
use host_policy::{HostPolicy, Refusal};
use regex::Regex;
use std::borrow::Cow;
use std::sync::{Arc, LazyLock};

/// The settings of a normalizer. Build with [`Options::default`], then [`Options::set`],
/// which checks every value: an `Options` is always valid.
#[derive(Debug, Clone)]
pub struct Options {
    strict: bool,
    default_scheme: String,
    /// Whether `default_scheme` was given, so a conflict with `allowed_schemes` names the key
    /// the caller set.
    default_scheme_set: bool,
    directory_indexes: ListOption,
    /// Compiled from `directory_indexes` whenever it changes.
    directory_index: Regex,
    tracking_parameters: ListOption,
    /// The effective `tracking_parameters`, kept so that no call rebuilds it; the default
    /// list is built once per process and shared.
    tracking: Arc<[String]>,
    removed_parameters: Vec<String>,
    /// Lowercase; `None` allows every scheme.
    allowed_schemes: Option<Vec<String>>,
    max_length: usize,
    public_suffixes: PublicSuffixes,
    /// Show passwords in log records and messages (`log_credentials`, for debugging).
    log_credentials: bool,
    /// `allowed_hosts` and `block_private_hosts`.
    host_policy: HostPolicy,
    /// What a fast-path answer must pass under the fields above, kept up to date by every
    /// change ([`Options::fast_path_checks`]).
    fast_path: FastPathChecks,
}

/// The checks a fast path's answer (`normalize()`'s, and the keys' built on it) must pass
/// before it stands; the lengths are always checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FastPathChecks {
    /// `allowed_schemes` is set.
    scheme: bool,
    /// `allowed_hosts` or `block_private_hosts` is set.
    host: bool,
}

impl FastPathChecks {
    /// The default options': the lengths only.
    const NONE: Self = Self {
        scheme: false,
        host: false,
    };
}

/// The default `max_length`: 2 MiB, about what browsers accept in a URL.
pub const DEFAULT_MAX_LENGTH: usize = 2 * 1024 * 1024;

/// A list with a built-in default that one option replaces and another extends, whatever
/// order the two keys come in.
#[derive(Debug, Clone)]
struct ListOption {
    defaults: &'static [&'static str],
    replacement: Option<Vec<String>>,
    extra: Vec<String>,
}

impl ListOption {
    fn new(defaults: &'static [&'static str]) -> Self {
        Self {
            defaults,
            replacement: None,
            extra: Vec::new(),
        }
    }

    /// A copy with `values` replacing the list or extending it.
    fn with(&self, extend: bool, values: Vec<String>) -> Self {
        let mut list = self.clone();
        match extend {
            true => list.extra.extend(values),
            false => list.replacement = Some(values),
        }
        list
    }

    /// The default or its replacement, then the extras.
    fn effective(&self) -> Vec<String> {
        let base = match &self.replacement {
            Some(values) => values.clone(),
            None => self
                .defaults
                .iter()
                .map(|value| value.to_string())
                .collect(),
        };
        base.into_iter().chain(self.extra.iter().cloned()).collect()
    }
}

/// The default patterns, compiled once: compiling takes far longer than the rest of a
/// constructor (about 0.3 ms), and a clone shares the compiled form.
static DEFAULT_DIRECTORY_INDEX: LazyLock<Regex> = LazyLock::new(|| {
    let patterns: Vec<String> = DEFAULT_DIRECTORY_INDEXES
        .iter()
        .map(|p| p.to_string())
        .collect();
    // The default patterns are valid; a failure here is a bug caught by every test.
    directory_index_regex(&patterns).expect("default directory indexes")
});

/// The default tracking list as `canonicalize` matches it, built once: every `Options`
/// without a tracking option shares it, so a constructor allocates no copy of 33 names.
static DEFAULT_TRACKING: LazyLock<Arc<[String]>> = LazyLock::new(|| {
    ListOption::new(DEFAULT_TRACKING_PARAMETERS)
        .effective()
        .into()
});

impl Default for Options {
    fn default() -> Self {
        let directory_indexes = ListOption::new(DEFAULT_DIRECTORY_INDEXES);
        let tracking_parameters = ListOption::new(DEFAULT_TRACKING_PARAMETERS);
        Self {
            strict: false,
            default_scheme: "https".to_owned(),
            default_scheme_set: false,
            directory_index: DEFAULT_DIRECTORY_INDEX.clone(),
            directory_indexes,
            tracking: Arc::clone(&DEFAULT_TRACKING),
            tracking_parameters,
            removed_parameters: Vec::new(),
            allowed_schemes: None,
            max_length: DEFAULT_MAX_LENGTH,
            public_suffixes: PublicSuffixes::All,
            log_credentials: false,
            host_policy: HostPolicy::default(),
            fast_path: FastPathChecks::NONE,
        }
    }
}

impl Options {
    /// The schemes a URL may have (`allowed_schemes`, lowercase), or `None` for any.
    pub fn allowed_schemes(&self) -> Option<&[String]> {
        self.allowed_schemes.as_deref()
    }

    /// [`ErrorKind::DisallowedScheme`] when `allowed_schemes` does not list the URL's scheme.
    pub(crate) fn check_scheme(&self, url: &ParsedUrl) -> Result<(), ErrorKind> {
        match self.allows_scheme(url.url.scheme()) {
            true => Ok(()),
            false => Err(ErrorKind::DisallowedScheme),
        }
    }

    /// [`ErrorKind::DisallowedHost`] or [`ErrorKind::PrivateHost`], with the host, when the
    /// host policy (`allowed_hosts`, `block_private_hosts`) refuses the URL's host.
    pub(crate) fn check_host(&self, url: &ParsedUrl) -> Result<(), (ErrorKind, Option<String>)> {
        if !self.host_policy.is_set() {
            return Ok(());
        }
        let host = url.host_of();
        self.host_policy.check(host).map_err(|refusal| {
            let kind = match refusal {
                Refusal::NotAllowed => ErrorKind::DisallowedHost,
                Refusal::Private => ErrorKind::PrivateHost,
            };
            (kind, host.shown().map(str::to_owned))
        })
    }

    /// What a fast path must check under these options. Every field takes a side here: the
    /// destructuring names them all, so an option added later does not compile until it says
    /// whether it can refuse or change a fast-path answer.
    pub(crate) fn fast_path_checks(&self) -> FastPathChecks {
        let Options {
            // How an error is reported or logged, never which URL is the answer.
            strict: _,
            log_credentials: _,
            // The scheme of an input written without one: the fast path's writer takes it
            // as an argument ([`Options::default_scheme`]).
            default_scheme: _,
            default_scheme_set: _,
            // Read by the keys' own passes and by the site functions, after normalization.
            directory_indexes: _,
            directory_index: _,
            tracking_parameters: _,
            tracking: _,
            removed_parameters: _,
            public_suffixes: _,
            // Limits on every answer: always checked.
            max_length: _,
            // Refuse some answers: checked when set.
            allowed_schemes,
            host_policy,
            fast_path: _,
        } = self;
        FastPathChecks {
            scheme: allowed_schemes.is_some(),
            host: host_policy.is_set(),
        }
    }

    /// Whether a fast path's answer `url` (with `scheme` and the special-scheme domain
    /// `host`) for `input` stands under these options; `false` leaves the input to the full
    /// path, which says why it refuses it.
    // Inlined into the fast path's glue (`normalize_cow`): a few comparisons.
    #[inline(always)]
    pub(crate) fn admits_fast_answer(
        &self,
        input: &[u8],
        scheme: &str,
        host: &str,
        url: &str,
    ) -> bool {
        let checks = self.fast_path;
        self.check_length(input).is_ok()
            && self.check_result_length(url.len()).is_ok()
            && (!checks.scheme || self.allows_scheme(scheme))
            && (!checks.host || self.allows_domain(host))
    }

    /// True when the host policy lets a URL of the special-scheme domain `domain` through.
    pub(crate) fn allows_domain(&self, domain: &str) -> bool {
        !self.host_policy.is_set() || self.host_policy.check(UrlHost::Domain(domain)).is_ok()
    }

    /// True when `allowed_schemes` lets a URL with `scheme` (lowercase) through.
    pub(crate) fn allows_scheme(&self, scheme: &str) -> bool {
        self.allowed_schemes
            .as_ref()
            .is_none_or(|allowed| allowed.iter().any(|s| s == scheme))
    }

    /// Which sections of the Public Suffix List decide where a site begins
    /// (`public_suffixes`: `'all'`, the default, or `'icann'`).
    pub fn public_suffixes(&self) -> PublicSuffixes {
        self.public_suffixes
    }

    /// The longest input accepted, and the longest URL returned, in bytes (`max_length`).
    pub fn max_length(&self) -> usize {
        self.max_length
    }

    /// [`ErrorKind::InputTooLong`] when `input` is longer than `max_length`.
    pub(crate) fn check_length(&self, input: &[u8]) -> Result<(), ErrorKind> {
        if input.len() > self.max_length {
            return Err(ErrorKind::InputTooLong {
                length: input.len(),
                max_length: self.max_length,
            });
        }
        Ok(())
    }

    /// [`ErrorKind::ResultTooLong`] when a URL of `length` bytes is longer than `max_length`:
    /// what a normalizer returns, it accepts again.
    pub(crate) fn check_result_length(&self, length: usize) -> Result<(), ErrorKind> {
        if length > self.max_length {
            return Err(ErrorKind::ResultTooLong {
                length,
                max_length: self.max_length,
            });
        }
        Ok(())
    }

    /// Whether log records and messages show a URL's password (`log_credentials`); by default
    /// it is replaced by `***`.
    pub fn log_credentials(&self) -> bool {
        self.log_credentials
    }

    /// A URL (or any input) as a log record may show it: its password replaced by `***`
    /// unless `log_credentials` is set (see [`crate::redact_credentials`]).
    pub fn loggable<'a>(&self, url: &'a [u8]) -> Cow<'a, [u8]> {
        match self.log_credentials {
            true => Cow::Borrowed(url),
            false => redact_credentials(url),
        }
    }

    /// Throw instead of returning the input unchanged when it cannot be parsed (`strict`).
    /// The core always returns `Result`; the PHP binding reads this to choose.
    pub fn strict(&self) -> bool {
        self.strict
    }

    /// The scheme given to an input that has none (`default_scheme`), lowercase.
    pub fn default_scheme(&self) -> &str {
        &self.default_scheme
    }

    /// True when `segment` (a last path segment) is a directory index.
    pub(crate) fn is_directory_index(&self, segment: &str) -> bool {
        self.directory_index.is_match(segment)
    }

    /// The tracking parameter globs, as `canonicalize` matches them.
    pub(crate) fn tracking_parameters(&self) -> &[String] {
        &self.tracking
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
