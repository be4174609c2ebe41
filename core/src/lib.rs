//! The core of url_normalize: normalize, resolve and canonicalize URLs found in the wild.
//!
//! Plain Rust on the `url`, `idna` and `percent-encoding` crates, with no PHP in it: the
//! extension crate (the workspace's top level) binds this API to PHP. The modules are the
//! stages a URL goes through, each using only the ones before it (scripts/check-layers.py
//! holds that): `input` reads the bytes and where the parts of a URL are, `error` names what
//! failed, `standard` is the URL Standard's parse (the crate and its fixups), `options` the
//! settings every later stage reads, `normalize` the URL a browser requests (with the fast
//! paths and `resolve`), `keys` the canonical forms and keys, `site` the Public Suffix List,
//! the host's kind and the display, and `crawl` the URL layer of a crawler (robots.txt,
//! URLPattern, crawl scopes).
//!
//! The feature `test-hooks` makes the fast and full paths public, for the differential tests,
//! the fuzz targets and the benchmarks; they are not an API.

// Every public item is documented; `cargo clippy -- -D warnings` (scripts/test) enforces it.
#![warn(missing_docs)]

mod crawl;
mod error;
mod input;
mod keys;
mod normalize;
mod options;
mod site;
mod standard;

pub use crawl::pattern::{
    ComponentMatch, Components, MatchInput, PatternError, PatternInput, PatternMatch, UrlPattern,
    COMPONENTS as URL_PATTERN_COMPONENTS,
};
pub use crawl::robots::lines::PARSE_LIMIT as ROBOTS_PARSE_LIMIT;
pub use crawl::robots::{
    is_product_token, InvalidAgent, MatchedRule, RobotsError, RobotsTxt, UnusableStatus,
};
#[cfg(feature = "test-hooks")]
pub use crawl::robots::{robots_lines, robots_path, robots_rule_form};
pub use crawl::scope::{
    CrawlScope, Entry as ScopeEntry, EntryError, SitemapMode, Verdict, KINDS as SCOPE_ENTRY_KINDS,
};
pub use error::{printable, ErrorKind, Operation, UrlError};
pub use input::redact::redact_credentials;
pub use keys::canonical::{canonicalize, equivalent, remove_query_parameters};
#[cfg(feature = "test-hooks")]
pub use keys::canonical::{canonicalize_fast_path, canonicalize_full_path};
pub use keys::fingerprint::{fingerprint, fingerprint_with, KeyBits, UnknownKeyBits, KEY_VERSION};
pub use keys::flags::{Flags, UnknownFlags};
pub use keys::surt::surt;
pub use normalize::explain::{explain, Change, Explanation, ValidationError};
pub use normalize::fast::simd;
pub use normalize::resolve::{resolve, resolve_against_directory, Base};
pub use normalize::{is_normal_form, normalize, normalize_cow};
#[cfg(feature = "test-hooks")]
pub use normalize::{normalize_fast_path, normalize_full_path};
pub use options::{
    OptionError, OptionValue, Options, PublicSuffixes, DEFAULT_DIRECTORY_INDEXES,
    DEFAULT_MAX_LENGTH, DEFAULT_TRACKING_PARAMETERS,
};
pub use site::display::{escape_for_display, to_display};
pub use site::host_type::host_type;
pub use site::psl::{
    public_suffix, registrable_domain, same_site, PUBLIC_SUFFIX_LIST_RULES,
    PUBLIC_SUFFIX_LIST_VERSION,
};
pub use standard::host::IDNA_UNICODE_VERSION;
