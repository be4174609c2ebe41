//! url_normalize: normalize, resolve and canonicalize URLs found in the wild, for PHP.
//!
//! The core (every module but `php`) is plain Rust on the `url`, `idna` and
//! `percent-encoding` crates; `php` is the binding that ext-php-rs loads into PHP.

// Every public item is documented; `cargo clippy -- -D warnings` (scripts/test) enforces it.
#![warn(missing_docs)]

mod canonical;
mod display;
mod dot_segments;
mod error;
mod explain;
mod fast;
mod fingerprint;
mod flags;
mod host;
mod host_cache;
mod host_policy;
mod input;
mod layout;
mod normalize;
mod options;
mod parse;
mod query;
mod redact;
mod resolve;
mod site;
mod spoof_checks;
mod surt;

pub use canonical::{canonicalize, equivalent, remove_query_parameters};
pub use display::{escape_for_display, to_display};
pub use error::{ErrorKind, Operation, UrlError};
pub use explain::{explain, Change, Explanation, ValidationError};
pub use fingerprint::{fingerprint, fingerprint_with, KeyBits, UnknownKeyBits, KEY_VERSION};
pub use flags::{Flags, UnknownFlags};
pub use host_policy::host_type;
pub use normalize::{is_normal_form, normalize, normalize_cow, normalize_full_path};
pub use options::{
    OptionError, OptionValue, Options, DEFAULT_DIRECTORY_INDEXES, DEFAULT_MAX_LENGTH,
    DEFAULT_TRACKING_PARAMETERS,
};
pub use redact::redact_credentials;
pub use resolve::{resolve, resolve_against_directory, Base};
pub use site::{public_suffix, registrable_domain, same_site, PublicSuffixes};
pub use surt::surt;

/// The PHP binding; its `#[php_module]` is the extension's entry point.
mod php;
