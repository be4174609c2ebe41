//! `UrlNormalize\UrlNormalizer`: converts PHP values, calls the core, logs, and throws.

// Parameter names are PHP's (camelCase): with named arguments they are part of the API.
#![allow(non_snake_case)]

use super::args::{ArrayArg, ObjectArg};
use super::construct::unconstructed_this;
use super::exception::invalid_argument;
use super::logger::{declare_property, Logger};
use super::options::{options_from_array, string_list};
use crate::{ErrorKind, Flags, Options, UrlError};
use ext_php_rs::binary::Binary;
use ext_php_rs::binary_slice::BinarySlice;
use ext_php_rs::prelude::*;
use ext_php_rs::types::{ZendClassObject, ZendHashTable};

/// Normalizes, resolves and canonicalizes URLs. See stubs/url_normalize.stub.php.
#[php_class]
#[php(name = "UrlNormalize\\UrlNormalizer")]
#[php(flags = ext_php_rs::flags::ClassFlags::Final)]
#[php(modifier = declare_property)]
pub struct UrlNormalizer {
    options: Options,
}

/// The PHP object, which holds the logger (see `logger.rs`) beside this struct.
type This = ZendClassObject<UrlNormalizer>;

/// A flag's value as a PHP int constant.
const fn constant(flags: Flags) -> i64 {
    flags.bits() as i64
}

#[php_impl]
impl UrlNormalizer {
    pub const MAKE_CANONICAL: i64 = constant(Flags::MAKE_CANONICAL);
    pub const SAFE: i64 = constant(Flags::SAFE);
    pub const USUALLY_SAFE: i64 = constant(Flags::USUALLY_SAFE);
    pub const AGGRESSIVE: i64 = constant(Flags::AGGRESSIVE);
    pub const CAPITALIZE_PERCENT_ENCODING: i64 = constant(Flags::CAPITALIZE_PERCENT_ENCODING);
    pub const DECODE_UNRESERVED_CHARACTERS: i64 = constant(Flags::DECODE_UNRESERVED_CHARACTERS);
    pub const REMOVE_DOT_SEGMENTS: i64 = constant(Flags::REMOVE_DOT_SEGMENTS);
    pub const FORCE_HTTPS: i64 = constant(Flags::FORCE_HTTPS);
    pub const REMOVE_WWW: i64 = constant(Flags::REMOVE_WWW);
    pub const REMOVE_SESSION_IDS: i64 = constant(Flags::REMOVE_SESSION_IDS);
    pub const REMOVE_DUPLICATE_SLASHES: i64 = constant(Flags::REMOVE_DUPLICATE_SLASHES);
    pub const REMOVE_DIRECTORY_INDEX: i64 = constant(Flags::REMOVE_DIRECTORY_INDEX);
    pub const REMOVE_TRAILING_SLASH: i64 = constant(Flags::REMOVE_TRAILING_SLASH);
    pub const REMOVE_TRACKING_PARAMETERS: i64 = constant(Flags::REMOVE_TRACKING_PARAMETERS);
    pub const REMOVE_EMPTY_QUERY_PARAMETERS: i64 = constant(Flags::REMOVE_EMPTY_QUERY_PARAMETERS);
    pub const REMOVE_DUPLICATE_QUERY_PARAMETERS: i64 =
        constant(Flags::REMOVE_DUPLICATE_QUERY_PARAMETERS);
    pub const SORT_QUERY_PARAMETERS: i64 = constant(Flags::SORT_QUERY_PARAMETERS);
    pub const REMOVE_EMPTY_QUERY: i64 = constant(Flags::REMOVE_EMPTY_QUERY);
    pub const REMOVE_FRAGMENT: i64 = constant(Flags::REMOVE_FRAGMENT);
    pub const REMOVE_FRAGMENTS: i64 = constant(Flags::REMOVE_FRAGMENTS);

    #[php(defaults(options = ArrayArg::EMPTY))]
    pub fn __construct(logger: Option<ObjectArg<'_>>, options: ArrayArg<'_>) -> PhpResult<Self> {
        let this = unconstructed_this::<Self>()?;
        let options = options_from_array(options)?;
        if let Some(logger) = logger {
            Logger::store(this, logger)?;
        }
        Ok(Self { options })
    }

    pub fn normalize(self_: &This, url: BinarySlice<u8>) -> PhpResult<Binary<u8>> {
        let input: &[u8] = &url;
        match crate::normalize(input, &self_.options) {
            Ok(normalized) => {
                if normalized.as_bytes() != input {
                    debug(
                        self_,
                        "URL normalized for HTTP request",
                        &[("original", input), ("normalized", normalized.as_bytes())],
                    )?;
                }
                Ok(Binary::from(normalized.into_bytes()))
            }
            Err(err) => lenient(self_, err, input),
        }
    }

    // The parameter is named as PHP callers write it: `resolve($h, $b, baseIsDirectory: true)`.
    #[php(defaults(baseIsDirectory = false))]
    pub fn resolve(
        &self,
        href: BinarySlice<u8>,
        base: BinarySlice<u8>,
        baseIsDirectory: bool,
    ) -> PhpResult<String> {
        let resolved = if baseIsDirectory {
            crate::resolve_against_directory(&href, &base, &self.options)
        } else {
            crate::resolve(&href, &base, &self.options)
        };
        Ok(resolved?)
    }

    pub fn canonicalize(
        self_: &This,
        url: BinarySlice<u8>,
        flags: Option<i64>,
    ) -> PhpResult<Binary<u8>> {
        let flags = flags_or_default(flags)?;
        lenient_result(
            self_,
            crate::canonicalize(&url, flags, &self_.options),
            &url,
        )
    }

    pub fn fingerprint(
        self_: &This,
        url: BinarySlice<u8>,
        flags: Option<i64>,
    ) -> PhpResult<String> {
        let canonical = Self::canonicalize(self_, url, flags)?;
        Ok(crate::fingerprint(&canonical))
    }

    pub fn surt(self_: &This, url: BinarySlice<u8>) -> PhpResult<Binary<u8>> {
        lenient_result(self_, crate::surt(&url, &self_.options), &url)
    }

    pub fn remove_query_parameters(
        self_: &This,
        url: BinarySlice<u8>,
        names: &ZendHashTable,
    ) -> PhpResult<Binary<u8>> {
        let names = string_list(names).ok_or_else(|| {
            invalid_argument(
                "removeQueryParameters(): $names must be a list of strings (globs such as utm_*)",
            )
        })?;
        let result = crate::remove_query_parameters(&url, &names, &self_.options);
        lenient_result(self_, result, &url)
    }
}

/// `null` means the default preset, USUALLY_SAFE.
fn flags_or_default(flags: Option<i64>) -> PhpResult<Flags> {
    match flags {
        None => Ok(Flags::USUALLY_SAFE),
        Some(bits) => {
            Flags::try_from(bits).map_err(|err| invalid_argument(format!("$flags: {err}")))
        }
    }
}

/// The result's bytes, or the lenient answer to its error.
fn lenient_result(
    this: &This,
    result: Result<String, UrlError>,
    input: &[u8],
) -> PhpResult<Binary<u8>> {
    match result {
        Ok(url) => Ok(Binary::from(url.into_bytes())),
        Err(err) => lenient(this, err, input),
    }
}

/// Strict: throw. Lenient: log a warning with the seed's message and context keys, and
/// give the input back unchanged.
fn lenient(this: &This, err: UrlError, input: &[u8]) -> PhpResult<Binary<u8>> {
    if this.options.strict() {
        return Err(err.into());
    }
    if let Some(logger) = Logger::of(&this.std) {
        let reason = err.to_string();
        match (err.kind(), err.host()) {
            (ErrorKind::InvalidDomain | ErrorKind::ForbiddenHostCodePoint, Some(host)) => logger
                .warning(
                    "Failed to convert IDN to ASCII",
                    &[
                        ("host", host.as_bytes()),
                        ("url", input),
                        ("reason", reason.as_bytes()),
                    ],
                )?,
            _ => logger.warning(
                "Failed to parse URL for normalization",
                &[("url", input), ("reason", reason.as_bytes())],
            )?,
        }
    }
    Ok(Binary::from(input.to_vec()))
}

fn debug(this: &This, message: &str, context: &[(&str, &[u8])]) -> PhpResult<()> {
    match Logger::of(&this.std) {
        Some(logger) => logger.debug(message, context),
        None => Ok(()),
    }
}
