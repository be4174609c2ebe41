//! `UrlNormalize\UrlNormalizer`: converts PHP values, calls the core, logs, and throws.

// Parameter names are PHP's (camelCase): with named arguments they are part of the API.
#![allow(non_snake_case)]

use super::logger::Logger;
use super::options::{options_from_array, ArrayArg};
use crate::{ErrorKind, Options, UrlError};
use ext_php_rs::binary::Binary;
use ext_php_rs::binary_slice::BinarySlice;
use ext_php_rs::prelude::*;
use ext_php_rs::types::ZendObject;

/// Normalizes, resolves and canonicalizes URLs. See stubs/url_normalize.stub.php.
#[php_class]
#[php(name = "UrlNormalize\\UrlNormalizer")]
#[php(flags = ext_php_rs::flags::ClassFlags::Final)]
pub struct UrlNormalizer {
    options: Options,
    logger: Option<Logger>,
}

#[php_impl]
impl UrlNormalizer {
    #[php(defaults(options = ArrayArg::EMPTY))]
    pub fn __construct(logger: Option<&ZendObject>, options: ArrayArg<'_>) -> PhpResult<Self> {
        Ok(Self {
            options: options_from_array(options)?,
            logger: logger.map(Logger::new).transpose()?,
        })
    }

    pub fn normalize(&self, url: BinarySlice<u8>) -> PhpResult<Binary<u8>> {
        let input: &[u8] = &url;
        match crate::normalize(input, &self.options) {
            Ok(normalized) => {
                if normalized.as_bytes() != input {
                    self.debug(
                        "URL normalized for HTTP request",
                        &[("original", input), ("normalized", normalized.as_bytes())],
                    )?;
                }
                Ok(Binary::from(normalized.into_bytes()))
            }
            Err(err) => self.lenient(err, input),
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
            crate::resolve_against_directory(&href, &base)
        } else {
            crate::resolve(&href, &base)
        };
        Ok(resolved?)
    }
}

impl UrlNormalizer {
    /// Strict: throw. Lenient: log a warning with the seed's message and context keys, and
    /// give the input back unchanged.
    fn lenient(&self, err: UrlError, input: &[u8]) -> PhpResult<Binary<u8>> {
        if self.options.strict {
            return Err(err.into());
        }
        if let Some(logger) = &self.logger {
            let reason = err.to_string();
            match (err.kind(), err.host()) {
                (ErrorKind::InvalidDomain | ErrorKind::ForbiddenHostCodePoint, Some(host)) => {
                    logger.warning(
                        "Failed to convert IDN to ASCII",
                        &[
                            ("host", host.as_bytes()),
                            ("url", input),
                            ("reason", reason.as_bytes()),
                        ],
                    )?
                }
                _ => logger.warning(
                    "Failed to parse URL for normalization",
                    &[("url", input), ("reason", reason.as_bytes())],
                )?,
            }
        }
        Ok(Binary::from(input.to_vec()))
    }

    fn debug(&self, message: &str, context: &[(&str, &[u8])]) -> PhpResult<()> {
        match &self.logger {
            Some(logger) => logger.debug(message, context),
            None => Ok(()),
        }
    }
}
