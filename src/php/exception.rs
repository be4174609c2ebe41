//! `UrlNormalize\InvalidUrlException`, and the mapping of core errors to PHP exceptions.
//!
//! The class is registered with a plain `ClassBuilder` in MINIT rather than `#[php_class]`,
//! so it keeps `Exception`'s own object handler: `getFile()`, `getLine()` and the trace
//! are filled in, and userland can `new` and extend it. An exception class made with
//! `#[php_class]` has no file, line or trace, and `new` on it fails from PHP.

use super::batch::Key;
use crate::error::printable;
use crate::{OptionError, UrlError};
use ext_php_rs::builders::ClassBuilder;
use ext_php_rs::exception::PhpException;
use ext_php_rs::ffi::{ext_php_rs_compiler_globals, zend_hash_str_find_ptr_lc};
use ext_php_rs::types::ZendObject;
use ext_php_rs::zend::{ce, ClassEntry};
use std::sync::atomic::{AtomicPtr, Ordering};

/// The PHP name of the exception class.
pub(crate) const INVALID_URL_EXCEPTION: &str = "UrlNormalize\\InvalidUrlException";

static INVALID_URL_CE: AtomicPtr<ClassEntry> = AtomicPtr::new(std::ptr::null_mut());

/// SPL's `InvalidArgumentException`. `ext_php_rs::zend::ce` has no SPL classes and
/// `ClassEntry::try_find` does not work during MINIT, so read the compiler's class table,
/// where SPL (always loaded before extensions) registered it.
fn invalid_argument_ce() -> &'static ClassEntry {
    let name = "InvalidArgumentException";
    // SAFETY: `ext_php_rs_compiler_globals()` is CG() in C: the process's compiler globals
    // under NTS, the calling thread's under ZTS (FrankenPHP, `php:*-zts`). MINIT and requests
    // run on a PHP thread, and the class table it points to holds the shared internal classes.
    let found = unsafe {
        zend_hash_str_find_ptr_lc(
            (*ext_php_rs_compiler_globals()).class_table,
            name.as_ptr().cast(),
            name.len(),
        )
    };
    // SAFETY: the class table maps names to `zend_class_entry *`, which live for the process.
    unsafe { (found as *const ClassEntry).as_ref() }
        .unwrap_or_else(|| ext_php_rs::zend::ce::exception())
}

/// Registers the exception class. Called from the module's startup function (MINIT).
pub(crate) fn register() -> bool {
    ClassBuilder::new(INVALID_URL_EXCEPTION)
        .extends((invalid_argument_ce, "\\InvalidArgumentException"))
        .registration(|ce, arg_info| {
            INVALID_URL_CE.store(ce as *mut ClassEntry, Ordering::Release);
            // The builder hands over the argument info PHP keeps pointers into.
            std::mem::forget(arg_info);
        })
        .register()
        .is_ok()
}

fn invalid_url_ce() -> &'static ClassEntry {
    // SAFETY: set once in MINIT, before any method can run; class entries live for the process.
    unsafe { INVALID_URL_CE.load(Ordering::Acquire).as_ref() }.unwrap_or_else(invalid_argument_ce)
}

impl From<UrlError> for PhpException {
    fn from(err: UrlError) -> Self {
        exception(err.to_string(), invalid_url_ce())
    }
}

/// A batch element that failed in strict mode: the single call's message, after the method
/// and the element's key (`normalizeMany(): element "a": Cannot normalize ...`).
pub(crate) fn invalid_url_at(method: &str, key: &Key<'_>, err: UrlError) -> PhpException {
    exception(
        format!("{method}(): element {key}: {err}"),
        invalid_url_ce(),
    )
}

/// A batch element that is not a string: `\TypeError`, as for a single call's argument.
pub(crate) fn not_a_string(method: &str, key: &Key<'_>, type_name: &str) -> PhpException {
    let message = format!("{method}(): element {key} must be a string, {type_name} given");
    exception(message, ce::type_error())
}

/// An argument PHP code got wrong: `\InvalidArgumentException`.
pub(crate) fn invalid_argument(message: impl Into<String>) -> PhpException {
    exception(message.into(), invalid_argument_ce())
}

/// Every exception of the binding. PHP cannot throw a message that contains NUL (it would
/// become `\Error: cannot throw ...`); the messages escape what they quote, and this is the
/// last guard.
fn exception(message: String, class: &'static ClassEntry) -> PhpException {
    PhpException::new(message.replace('\0', "\\0"), 0, class)
}

/// An object's class name for a message, escaped: an anonymous class's name contains NUL.
pub(crate) fn class_name(object: &ZendObject) -> String {
    // SAFETY: a live object's class entry and its name live at least as long as the object.
    let name = unsafe { object.ce.as_ref().and_then(|class| class.name.as_ref()) };
    name.map_or_else(|| "object".to_owned(), |name| printable(name.as_bytes()))
}

impl From<OptionError> for PhpException {
    fn from(err: OptionError) -> Self {
        invalid_argument(err.to_string())
    }
}
