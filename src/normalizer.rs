//! `UrlNormalize\UrlNormalizer`: converts PHP values, calls the core, logs, and throws.

// Parameter names are PHP's (camelCase): with named arguments they are part of the API.
#![allow(non_snake_case)]

use crate::args::{url_element, ArrayArg, ObjectArg, Param, UrlArg};
use crate::batch::{map_values, Key};
use crate::construct::unconstructed_this;
use crate::exception::{invalid_argument, invalid_url_at, OrThrow, ToException};
use crate::interface::PhpInterfaceUrlNormalizerInterface;
use crate::logger::{declare_property, Logger};
use crate::options::{options_from_array, options_to_array, string_list};
use crate::zstring::{PhpString, StringArg};
use ext_php_rs::boxed::ZBox;
use ext_php_rs::exception::PhpException;
use ext_php_rs::prelude::*;
use ext_php_rs::types::{ZendClassObject, ZendHashTable, Zval};
use ext_php_rs::zend::ce;
use std::borrow::Cow;
use url_normalize_core::{Base, ErrorKind, Flags, KeyBits, Options, UrlError};

/// Normalizes, resolves and canonicalizes URLs. See stubs/url_normalize.stub.php.
#[php_class]
#[php(name = "UrlNormalize\\UrlNormalizer")]
#[php(flags = ext_php_rs::flags::ClassFlags::Final)]
#[php(modifier = declare_property)]
#[php(implements(PhpInterfaceUrlNormalizerInterface))]
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
    pub const KEY_VERSION: i64 = url_normalize_core::KEY_VERSION;
    pub const PUBLIC_SUFFIX_LIST_VERSION: &'static str =
        url_normalize_core::PUBLIC_SUFFIX_LIST_VERSION;

    #[php(defaults(options = ArrayArg::EMPTY))]
    pub fn __construct(
        logger: Param<'_, Option<ObjectArg<'_>>>,
        options: Param<'_, ArrayArg<'_>>,
    ) -> PhpResult<Self> {
        let (logger, options) = (logger.read(1)?, options.read(2)?);
        let this = unconstructed_this::<Self>()?;
        let options = options_from_array(options)?;
        if let Some(logger) = logger {
            Logger::store(this, logger)?;
        }
        Ok(Self { options })
    }

    pub fn get_options(&self) -> PhpResult<ZBox<ZendHashTable>> {
        options_to_array(&self.options)
    }

    pub fn normalize(self_: &This, url: UrlArg<'_>) -> PhpResult<PhpString> {
        let url = url.read(1)?;
        let answer = normalize_one(self_, &url, ToException::to_exception)?;
        Ok(answer.unwrap_or_else(|| url.returned()))
    }

    pub fn normalize_many(
        self_: &This,
        urls: Param<'_, &ZendHashTable>,
    ) -> PhpResult<ZBox<ZendHashTable>> {
        each_url(urls.read(1)?, |key, url| {
            normalize_one(self_, url, |err| invalid_url_at("normalizeMany", key, err))
        })
    }

    // The parameter is named as PHP callers write it: `resolve($h, $b, baseIsDirectory: true)`.
    #[php(defaults(baseIsDirectory = false))]
    pub fn resolve(
        &self,
        href: UrlArg<'_>,
        base: UrlArg<'_>,
        baseIsDirectory: Param<'_, bool>,
    ) -> PhpResult<String> {
        let (href, base) = (href.read(1)?, base.read(2)?);
        let resolved = if baseIsDirectory.read(3)? {
            url_normalize_core::resolve_against_directory(href.bytes(), base.bytes(), &self.options)
        } else {
            url_normalize_core::resolve(href.bytes(), base.bytes(), &self.options)
        };
        resolved.or_throw()
    }

    #[php(defaults(baseIsDirectory = false))]
    pub fn resolve_many(
        &self,
        hrefs: Param<'_, &ZendHashTable>,
        base: UrlArg<'_>,
        baseIsDirectory: Param<'_, bool>,
    ) -> PhpResult<ZBox<ZendHashTable>> {
        let (hrefs, base) = (hrefs.read(1)?, base.read(2)?);
        // Parsed once for every link; an invalid base is reported with each link, as by resolve().
        let page = match baseIsDirectory.read(3)? {
            true => Base::new_directory(base.bytes(), &self.options),
            false => Base::new(base.bytes(), &self.options),
        };
        each_url(hrefs, |key, href| {
            let resolved = page.resolve(href.bytes());
            let url = resolved.map_err(|err| invalid_url_at("resolveMany", key, err))?;
            Ok((url.as_bytes() != href.bytes()).then(|| PhpString::new(url.as_bytes())))
        })
    }

    pub fn canonicalize(
        self_: &This,
        url: UrlArg<'_>,
        flags: Param<'_, Option<i64>>,
    ) -> PhpResult<PhpString> {
        let (url, flags) = (url.read(1)?, flags_or_default(flags.read(2)?)?);
        canonical(self_, &url, flags)
    }

    pub fn canonicalize_many(
        self_: &This,
        urls: Param<'_, &ZendHashTable>,
        flags: Param<'_, Option<i64>>,
    ) -> PhpResult<ZBox<ZendHashTable>> {
        let (urls, flags) = (urls.read(1)?, flags_or_default(flags.read(2)?)?);
        each_url(urls, |key, url| {
            let canonical = url_normalize_core::canonicalize(url.bytes(), flags, &self_.options);
            lenient(self_, url.bytes(), canonical.map(Cow::Owned), |err| {
                invalid_url_at("canonicalizeMany", key, err)
            })
        })
    }

    #[php(defaults(bits = 64))]
    pub fn fingerprint(
        self_: &This,
        url: UrlArg<'_>,
        flags: Param<'_, Option<i64>>,
        bits: Param<'_, i64>,
    ) -> PhpResult<String> {
        let (url, flags, bits) = (url.read(1)?, flags.read(2)?, bits.read(3)?);
        let bits = KeyBits::try_from(bits).map_err(|err| {
            PhpException::new(
                format!("UrlNormalize\\UrlNormalizer::fingerprint(): Argument #3 ($bits) {err}"),
                0,
                ce::value_error(),
            )
        })?;
        let canonical = canonical(self_, &url, flags_or_default(flags)?)?;
        Ok(url_normalize_core::fingerprint_with(
            canonical.bytes(),
            bits,
        ))
    }

    pub fn surt(self_: &This, url: UrlArg<'_>) -> PhpResult<PhpString> {
        let url = url.read(1)?;
        let surt = url_normalize_core::surt(url.bytes(), &self_.options);
        let answer = lenient(
            self_,
            url.bytes(),
            surt.map(Cow::Owned),
            ToException::to_exception,
        )?;
        Ok(answer.unwrap_or_else(|| url.returned()))
    }

    pub fn remove_query_parameters(
        self_: &This,
        url: UrlArg<'_>,
        names: Param<'_, &ZendHashTable>,
    ) -> PhpResult<PhpString> {
        let (url, names) = (url.read(1)?, names.read(2)?);
        let names = string_list(names).ok_or_else(|| {
            invalid_argument(
                "removeQueryParameters(): $names must be a list of strings (globs such as utm_*)",
            )
        })?;
        let result =
            url_normalize_core::remove_query_parameters(url.bytes(), &names, &self_.options);
        let answer = lenient(
            self_,
            url.bytes(),
            result.map(Cow::Owned),
            ToException::to_exception,
        )?;
        Ok(answer.unwrap_or_else(|| url.returned()))
    }

    pub fn registrable_domain(self_: &This, url: UrlArg<'_>) -> PhpResult<Option<String>> {
        let url = url.read(1)?;
        let result = url_normalize_core::registrable_domain(url.bytes(), &self_.options);
        result.or_else(|err| warn_or_throw(self_, err, url.bytes()).map(|()| None))
    }

    pub fn public_suffix(self_: &This, url: UrlArg<'_>) -> PhpResult<Option<String>> {
        let url = url.read(1)?;
        let result = url_normalize_core::public_suffix(url.bytes(), &self_.options);
        result.or_else(|err| warn_or_throw(self_, err, url.bytes()).map(|()| None))
    }

    #[php(defaults(schemeful = false))]
    pub fn same_site(
        self_: &This,
        a: UrlArg<'_>,
        b: UrlArg<'_>,
        schemeful: Param<'_, bool>,
    ) -> PhpResult<bool> {
        let (a, b, schemeful) = (a.read(1)?, b.read(2)?, schemeful.read(3)?);
        let result = url_normalize_core::same_site(a.bytes(), b.bytes(), schemeful, &self_.options);
        result.or_else(|err| {
            let a_fails = || {
                url_normalize_core::same_site(a.bytes(), a.bytes(), false, &self_.options).is_err()
            };
            warn_or_throw_for_pair(self_, err, &a, &b, a_fails).map(|()| false)
        })
    }

    pub fn equivalent(
        self_: &This,
        a: UrlArg<'_>,
        b: UrlArg<'_>,
        flags: Param<'_, Option<i64>>,
    ) -> PhpResult<bool> {
        let (a, b, flags) = (a.read(1)?, b.read(2)?, flags.read(3)?);
        let flags = flags_or_default(flags)?;
        let result = url_normalize_core::equivalent(a.bytes(), b.bytes(), flags, &self_.options);
        result.or_else(|err| {
            let a_fails =
                || url_normalize_core::canonicalize(a.bytes(), flags, &self_.options).is_err();
            warn_or_throw_for_pair(self_, err, &a, &b, a_fails).map(|()| false)
        })
    }

    /// Never throws for a bad URL: the array says why it is one.
    pub fn explain(&self, url: UrlArg<'_>) -> PhpResult<ZBox<ZendHashTable>> {
        let url = url.read(1)?;
        let explained = url_normalize_core::explain(url.bytes(), &self.options);
        let names = |names: Vec<&str>| -> PhpResult<Zval> {
            let mut list = ZendHashTable::with_capacity(names.len() as u32);
            for name in names {
                list.push(name)?;
            }
            let mut zval = Zval::new();
            zval.set_hashtable(list);
            Ok(zval)
        };
        let mut array = ZendHashTable::with_capacity(7);
        // As a log record shows it: the input's password hidden unless `log_credentials`.
        match self.options.loggable(url.bytes()) {
            Cow::Borrowed(_) => array.insert("input", url.zval().shallow_clone())?,
            Cow::Owned(hidden) => array.insert("input", PhpString::new(&hidden).into_zval())?,
        }
        array.insert("result", explained.result)?;
        array.insert("valid", explained.reason.is_none())?;
        array.insert(
            "changes",
            names(explained.changes.iter().map(|c| c.name()).collect())?,
        )?;
        array.insert(
            "errors",
            names(explained.errors.iter().map(|e| e.name()).collect())?,
        )?;
        array.insert("host_type", explained.host_type)?;
        array.insert("reason", explained.reason)?;
        Ok(array)
    }

    /// Throws for an invalid URL in both modes, as resolve() does: no type is the answer.
    pub fn host_type(&self, url: UrlArg<'_>) -> PhpResult<&'static str> {
        let url = url.read(1)?;
        url_normalize_core::host_type(url.bytes(), &self.options).or_throw()
    }

    pub fn to_display(self_: &This, url: UrlArg<'_>) -> PhpResult<PhpString> {
        let url = url.read(1)?;
        match url_normalize_core::to_display(url.bytes(), &self_.options) {
            Ok(shown) if shown.as_bytes() == url.bytes() => Ok(url.returned()),
            Ok(shown) => Ok(PhpString::new(shown.as_bytes())),
            // Lenient: what is no URL is shown escaped, never raw (a look-alike host, U+202E).
            Err(err) => warn_or_throw(self_, err, url.bytes()).map(|()| {
                PhpString::new(url_normalize_core::escape_for_display(url.bytes()).as_bytes())
            }),
        }
    }
}

impl UrlNormalizer {
    /// The options it was built with.
    pub(super) fn options(&self) -> &Options {
        &self.options
    }
}

/// canonicalize() of one URL, as the caller's own string when it is its own key.
fn canonical(this: &This, url: &StringArg<'_>, flags: Flags) -> PhpResult<PhpString> {
    let canonical = url_normalize_core::canonicalize(url.bytes(), flags, &this.options);
    let answer = lenient(
        this,
        url.bytes(),
        canonical.map(Cow::Owned),
        ToException::to_exception,
    )?;
    Ok(answer.unwrap_or_else(|| url.returned()))
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

/// normalize() of one URL: `None` when the answer is the caller's own string (already
/// normal, or invalid in lenient mode), else the new string, logged at debug level.
fn normalize_one(
    this: &This,
    url: &StringArg<'_>,
    to_exception: impl FnOnce(UrlError) -> PhpException,
) -> PhpResult<Option<PhpString>> {
    let normalized = url_normalize_core::normalize_cow(url.bytes(), &this.options);
    let answer = lenient(this, url.bytes(), normalized, to_exception)?;
    // The logger is looked up only for a changed URL: the fast path's answer costs nothing more.
    let logged = answer
        .as_ref()
        .and_then(|new| Some((new, Logger::of(&this.std)?)));
    if let Some((new, logger)) = logged {
        // Shared as they are, unless a password must be hidden: then a redacted copy.
        let original_redacted = redacted(this, url.bytes());
        let new_redacted = redacted(this, new.bytes());
        logger.debug(
            "URL normalized for HTTP request",
            &[
                ("original", original_redacted.as_ref().unwrap_or(url.zval())),
                ("normalized", new_redacted.as_ref().unwrap_or(new.zval())),
            ],
        )?;
    }
    Ok(answer)
}

/// A new string holding `url` with its password hidden, when it has one and the
/// `log_credentials` option does not ask to show it.
fn redacted(this: &This, url: &[u8]) -> Option<Zval> {
    match this.options.loggable(url) {
        Cow::Borrowed(_) => None,
        Cow::Owned(hidden) => Some(PhpString::new(&hidden).into_zval()),
    }
}

/// A batch method's walk: a copy of `array` with each element's answer (`None` keeps the
/// element). An element that is no URL is PHP's `\\TypeError` for the array parameter
/// (always the first), naming its key.
fn each_url(
    array: &ZendHashTable,
    mut answer: impl FnMut(&Key<'_>, &StringArg<'_>) -> PhpResult<Option<PhpString>>,
) -> PhpResult<ZBox<ZendHashTable>> {
    map_values(array, |key, value| {
        let url = url_element(value, 1, &key)?;
        // An element given as an object becomes its string, even where that is the answer.
        let kept = || (!value.is_string()).then(|| url.returned());
        Ok(answer(&key, &url)?.or_else(kept).map(PhpString::into_zval))
    })
}

/// The answer to one input: `None` keeps the caller's string, which is the answer when the
/// result equals it (no new string, no copy), and, in lenient mode, when it is an error
/// (logged as a warning). In strict mode an error becomes `to_exception(err)`.
fn lenient(
    this: &This,
    input: &[u8],
    result: Result<Cow<'_, str>, UrlError>,
    to_exception: impl FnOnce(UrlError) -> PhpException,
) -> PhpResult<Option<PhpString>> {
    let err = match result {
        Ok(Cow::Borrowed(_)) => return Ok(None),
        Ok(Cow::Owned(url)) if url.as_bytes() == input => return Ok(None),
        Ok(Cow::Owned(url)) => return Ok(Some(PhpString::new(url.as_bytes()))),
        Err(err) => err,
    };
    if this.options.strict() {
        return Err(to_exception(err));
    }
    warn(this, err, input)?;
    Ok(None)
}

/// Strict: throw the error. Lenient: log it as a warning, and let the caller answer.
fn warn_or_throw(this: &This, err: UrlError, input: &[u8]) -> PhpResult<()> {
    if this.options.strict() {
        return Err(err.to_exception());
    }
    warn(this, err, input)
}

/// [`warn_or_throw`] for a method of two URLs: the error names the input at fault, the first
/// of the two that is not a URL, and the warning's context holds that one. `a_fails` runs the
/// method on `a` alone (only here, on the error path): comparing the error's text with the
/// inputs could not tell two inputs apart that differ only in bytes that are not UTF-8.
fn warn_or_throw_for_pair(
    this: &This,
    err: UrlError,
    a: &StringArg<'_>,
    b: &StringArg<'_>,
    a_fails: impl FnOnce() -> bool,
) -> PhpResult<()> {
    warn_or_throw(this, err, if a_fails() { a.bytes() } else { b.bytes() })
}

/// A lenient failure, logged as a warning with the message and context keys of the userland
/// UrlNormalizerService (parse_url + idn_to_ascii) it replaces.
fn warn(this: &This, err: UrlError, input: &[u8]) -> PhpResult<()> {
    if let Some(logger) = Logger::of(&this.std) {
        let reason = err.to_string();
        let input = &this.options.loggable(input);
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
    Ok(())
}
