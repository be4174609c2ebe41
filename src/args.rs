//! Parameters, read by each method itself so that a value of the wrong type gets PHP's own
//! `TypeError`, worded by the engine as for its own functions
//! (`UrlNormalize\UrlNormalizer::resolve(): Argument #3 ($baseIsDirectory) must be of type
//! bool, int given`). ext-php-rs would throw its own text before the method runs, so every
//! parameter type here accepts any value and checks it in `read()`.
//!
//! Values are never coerced, whatever the caller's `strict_types`: `normalize(123)` is a
//! `TypeError`, as in a file with `declare(strict_types=1)`.

use crate::exception::class_name;
use crate::zstring::StringArg;
use ext_php_rs::convert::{FromZval, StubLiteral};
use ext_php_rs::exception::{PhpException, PhpResult};
use ext_php_rs::ffi::{
    _zend_expected_type, _zend_expected_type_Z_EXPECTED_ARRAY, _zend_expected_type_Z_EXPECTED_BOOL,
    _zend_expected_type_Z_EXPECTED_LONG, _zend_expected_type_Z_EXPECTED_OBJECT, zval,
};
use ext_php_rs::flags::DataType;
use ext_php_rs::types::{ZendHashTable, Zval};
use ext_php_rs::zend::{ce, ExecutorGlobals};
use std::ffi::CStr;
use std::os::raw::c_char;

extern "C" {
    // Zend/zend_API.h, since PHP 8.0: each throws the TypeError PHP's own functions throw,
    // naming the running method and the parameter from its argument info.
    fn zend_wrong_parameter_type_error(
        num: u32,
        expected_type: _zend_expected_type,
        arg: *mut zval,
    );
    fn zend_wrong_parameter_class_or_string_error(num: u32, name: *const c_char, arg: *mut zval);
    fn zend_wrong_parameter_class_or_string_or_null_error(
        num: u32,
        name: *const c_char,
        arg: *mut zval,
    );
    fn zend_argument_type_error(arg_num: u32, format: *const c_char, ...);
}

/// The classes a URL parameter takes beside `string`: any `Stringable` (PSR-7's
/// `UriInterface`, Guzzle's `Uri`), and PHP 8.5's URL objects, which are not `Stringable`.
/// PHP splits the name at `|` when it registers the method.
macro_rules! url_classes {
    () => {
        "Stringable|Uri\\WhatWg\\Url|Uri\\Rfc3986\\Uri"
    };
}

/// [`url_classes!`] for the engine's functions.
const URL_CLASSES: &CStr = match CStr::from_bytes_with_nul(concat!(url_classes!(), "\0").as_bytes())
{
    Ok(name) => name,
    Err(_) => panic!("one NUL, at the end"),
};

/// A URL parameter's type as PHP writes it (classes first, then `string`).
pub(crate) const URL_TYPE: &str = concat!(url_classes!(), "|string");

/// In `Z_EXPECTED_TYPES` (Zend/zend_API.h) each type is followed by its `_OR_NULL` form.
const OR_NULL: _zend_expected_type = 1;

/// A parameter that PHP code may get wrong: `T` once `read()` has checked it, or the
/// default the method declares.
pub enum Param<'a, T> {
    /// The caller's value, not yet checked.
    Given(&'a Zval),
    /// The declared default, for an omitted parameter.
    Default(T),
}

/// What PHP's messages call the type a parameter expects.
pub trait Expected {
    /// The engine's name for the type (`Z_EXPECTED_BOOL`, ...).
    const EXPECTED: _zend_expected_type;
}

impl Expected for bool {
    const EXPECTED: _zend_expected_type = _zend_expected_type_Z_EXPECTED_BOOL;
}
impl Expected for i64 {
    const EXPECTED: _zend_expected_type = _zend_expected_type_Z_EXPECTED_LONG;
}
impl Expected for Option<i64> {
    const EXPECTED: _zend_expected_type = _zend_expected_type_Z_EXPECTED_LONG + OR_NULL;
}
impl Expected for &ZendHashTable {
    const EXPECTED: _zend_expected_type = _zend_expected_type_Z_EXPECTED_ARRAY;
}
impl Expected for ArrayArg<'_> {
    const EXPECTED: _zend_expected_type = _zend_expected_type_Z_EXPECTED_ARRAY;
}
impl Expected for Option<ObjectArg<'_>> {
    const EXPECTED: _zend_expected_type = _zend_expected_type_Z_EXPECTED_OBJECT + OR_NULL;
}

impl<'a, T: FromZval<'a>> FromZval<'a> for Param<'a, T> {
    const TYPE: DataType = T::TYPE;
    const NULLABLE: bool = T::NULLABLE;

    fn from_zval(zval: &'a Zval) -> Option<Self> {
        Some(Param::Given(zval))
    }

    fn from_missing() -> Option<Self> {
        T::from_missing().map(Param::Default)
    }
}

impl<'a, T: FromZval<'a> + Expected> Param<'a, T> {
    /// The value, or PHP's `TypeError` for parameter `position` (from 1) of the running method.
    pub(crate) fn read(self, position: u32) -> PhpResult<T> {
        match self {
            Param::Default(value) => Ok(value),
            Param::Given(zval) => T::from_zval(zval).ok_or_else(|| {
                // SAFETY: called from the method's handler, whose frame is the engine's current
                // one; the engine reads the value's type and does not keep the pointer.
                unsafe { zend_wrong_parameter_type_error(position, T::EXPECTED, as_mut_ptr(zval)) };
                thrown()
            }),
        }
    }
}

impl<T> From<T> for Param<'_, T> {
    fn from(default: T) -> Self {
        Param::Default(default)
    }
}

impl<T: StubLiteral> StubLiteral for Param<'_, T> {
    fn stub_literal(&self) -> String {
        match self {
            Param::Default(value) => value.stub_literal(),
            Param::Given(_) => String::new(),
        }
    }
}

/// A URL parameter: a `string`, a `Stringable`, or on PHP 8.5 a `Uri\WhatWg\Url` or
/// `Uri\Rfc3986\Uri`. Its argument info says `Stringable|Uri\WhatWg\Url|Uri\Rfc3986\Uri`; the
/// module adds `string` once the class is registered (`parameters.rs`), which ext-php-rs
/// cannot write.
pub struct UrlArg<'a>(&'a Zval);

impl<'a> FromZval<'a> for UrlArg<'a> {
    const TYPE: DataType = DataType::object(url_classes!());

    fn from_zval(zval: &'a Zval) -> Option<Self> {
        Some(UrlArg(zval))
    }
}

impl<'a> UrlArg<'a> {
    /// The URL's text, or PHP's `TypeError` for parameter `position` (from 1) of the running
    /// method. An exception thrown by the object's `__toString()` goes on as it is.
    pub(crate) fn read(&self, position: u32) -> PhpResult<StringArg<'a>> {
        url_text(self.0).ok_or_else(|| {
            if !ExecutorGlobals::has_exception() {
                // SAFETY: as in `Param::read`; the class list is a C string.
                unsafe {
                    zend_wrong_parameter_class_or_string_error(
                        position,
                        URL_CLASSES.as_ptr(),
                        as_mut_ptr(self.0),
                    );
                }
            }
            thrown()
        })
    }

    /// [`read`](Self::read) for a parameter that may be `null` (its `TypeError` says so).
    /// A missing parameter is `None` already: `Option<UrlArg>`.
    pub(crate) fn read_nullable(&self, position: u32) -> PhpResult<Option<StringArg<'a>>> {
        if self.0.dereference().is_null() {
            return Ok(None);
        }
        url_text(self.0).map(Some).ok_or_else(|| {
            if !ExecutorGlobals::has_exception() {
                // SAFETY: as in `Param::read`; the class list is a C string.
                unsafe {
                    zend_wrong_parameter_class_or_string_or_null_error(
                        position,
                        URL_CLASSES.as_ptr(),
                        as_mut_ptr(self.0),
                    );
                }
            }
            thrown()
        })
    }
}

/// A parameter that is a URL (as [`UrlArg`] takes it) or an array: `UrlPattern::test()` and
/// `exec()`, whose input may be the components of a URL. Its argument info says the URL
/// classes; the module adds `array` and `string` (`parameters.rs`).
pub struct UrlOrArrayArg<'a>(&'a Zval);

/// What a [`UrlOrArrayArg`] held.
pub(crate) enum UrlOrArray<'a> {
    Url(StringArg<'a>),
    Array(&'a ZendHashTable),
}

impl<'a> FromZval<'a> for UrlOrArrayArg<'a> {
    const TYPE: DataType = DataType::object(url_classes!());

    fn from_zval(zval: &'a Zval) -> Option<Self> {
        Some(UrlOrArrayArg(zval))
    }
}

impl<'a> UrlOrArrayArg<'a> {
    /// The array, or the URL's text, or PHP's `TypeError` for parameter `position` (from 1)
    /// of the running method.
    pub(crate) fn read(&self, position: u32) -> PhpResult<UrlOrArray<'a>> {
        if let Some(array) = self.0.dereference().array() {
            return Ok(UrlOrArray::Array(array));
        }
        url_text(self.0).map(UrlOrArray::Url).ok_or_else(|| {
            if !ExecutorGlobals::has_exception() {
                let detail = format!(
                    "must be of type {}|array|string, {} given",
                    url_classes!(),
                    debug_type(self.0)
                );
                argument_type_error(position, &detail);
            }
            thrown()
        })
    }

    /// The value as the caller gave it.
    pub(crate) fn zval(&self) -> &'a Zval {
        self.0.dereference()
    }
}

/// Throws PHP's `TypeError` for parameter `position` (from 1) of the running method:
/// `{method}(): Argument #{position} (${name}) {detail}`.
fn argument_type_error(position: u32, detail: &str) {
    let detail = detail.replace('\0', "\\0").replace('%', "%%");
    // A message with NUL cannot be thrown; the caller's text is escaped, this is the last guard.
    if let Ok(detail) = std::ffi::CString::new(detail) {
        // SAFETY: as in `Param::read`; the format is a C string without conversions (every
        // `%` doubled).
        unsafe { zend_argument_type_error(position, detail.as_ptr()) };
    }
}

/// An element of a batch method's array, read as a URL parameter is; a wrong type is PHP's
/// `TypeError` for the array parameter `position`, naming the element's key.
pub(crate) fn url_element<'a>(
    value: &'a Zval,
    position: u32,
    key: &impl std::fmt::Display,
) -> PhpResult<StringArg<'a>> {
    url_text(value).ok_or_else(|| {
        if !ExecutorGlobals::has_exception() {
            let detail = format!(
                "must contain only values of type {URL_TYPE}, {} given for key {key}",
                debug_type(value)
            );
            argument_type_error(position, &detail);
        }
        thrown()
    })
}

/// The text of a URL argument: a string as it is; `toAsciiString()` of a `Uri\WhatWg\Url`,
/// `toRawString()` of a `Uri\Rfc3986\Uri`, `__toString()` of anything else that has it.
/// `None` for any other value, and when the method called threw.
fn url_text(zval: &Zval) -> Option<StringArg<'_>> {
    let zval = zval.dereference();
    if zval.is_string() {
        return StringArg::from_zval(zval);
    }
    let object = zval.object()?;
    let method = match object.get_class_name().ok()?.as_str() {
        // Both classes are final.
        "Uri\\WhatWg\\Url" => "toAsciiString",
        "Uri\\Rfc3986\\Uri" => "toRawString",
        _ => "__toString",
    };
    let text = object.try_call_method(method, vec![]).ok()?;
    if ExecutorGlobals::has_exception() {
        return None;
    }
    text.is_string().then(|| StringArg::converted(text))
}

/// The type name PHP's `get_debug_type()` gives, for messages: of the value, not of a
/// reference to it.
pub(crate) fn debug_type(zval: &Zval) -> String {
    let zval = zval.dereference();
    if zval.is_null() {
        "null".to_owned()
    } else if zval.is_double() {
        "float".to_owned()
    } else if zval.is_long() {
        "int".to_owned()
    } else if zval.is_bool() {
        "bool".to_owned()
    } else if let Some(object) = zval.object() {
        class_name(object)
    } else {
        zval.get_type().to_string().to_ascii_lowercase()
    }
}

/// What a method returns once the engine holds an exception: `throw()` leaves a pending
/// exception in place, so the engine's own (or the user's) is the one PHP code sees.
pub(crate) fn thrown() -> PhpException {
    PhpException::new(String::new(), 0, ce::type_error())
}

/// The engine's functions take `zval *` but only read it.
fn as_mut_ptr(value: &Zval) -> *mut zval {
    std::ptr::from_ref(value).cast_mut()
}

/// An `array` parameter whose default is `[]`, which ext-php-rs can show in Reflection
/// and stubs (`Option<&ZendHashTable>` could only default to `null`).
pub struct ArrayArg<'a>(pub(crate) Option<&'a ZendHashTable>);

impl ArrayArg<'_> {
    pub(crate) const EMPTY: ArrayArg<'static> = ArrayArg(None);
}

impl<'a> FromZval<'a> for ArrayArg<'a> {
    const TYPE: DataType = DataType::Array;

    fn from_zval(zval: &'a Zval) -> Option<Self> {
        zval.array().map(|array| ArrayArg(Some(array)))
    }
}

impl StubLiteral for ArrayArg<'_> {
    fn stub_literal(&self) -> String {
        "[]".to_owned()
    }
}

/// An `object` parameter, borrowed as its zval: `shallow_clone()` then keeps the object with a
/// reference of its own (`&ZendObject` could only be kept through a `&mut` cast).
pub struct ObjectArg<'a>(pub(crate) &'a Zval);

impl<'a> FromZval<'a> for ObjectArg<'a> {
    const TYPE: DataType = DataType::ANY_OBJECT;

    fn from_zval(zval: &'a Zval) -> Option<Self> {
        zval.is_object().then_some(ObjectArg(zval))
    }
}
