//! url_normalize: normalize, resolve and canonicalize URLs found in the wild, for PHP.
//!
//! The core (every module but `php`) is plain Rust on the `url`, `idna` and
//! `percent-encoding` crates; `php` is the binding that ext-php-rs loads into PHP.

// Every public item is documented; `cargo clippy -- -D warnings` (scripts/test) enforces it.
#![warn(missing_docs)]

mod error;
mod host;
mod input;
mod normalize;
mod options;
mod parse;
mod resolve;

pub use error::{ErrorKind, Operation, UrlError};
pub use normalize::normalize;
pub use options::{OptionError, OptionValue, Options};
pub use resolve::{resolve, resolve_against_directory};

/// The PHP binding; its `#[php_module]` is the extension's entry point.
mod php;
