//! `#[\SensitiveParameter]` on every URL parameter: a URL may hold a password, and PHP leaves
//! a marked argument out of stack traces (`Object(SensitiveParameterValue)`), whatever
//! `zend.exception_ignore_args` says.
//!
//! ext-php-rs registers the classes after the module's own startup function, and an internal
//! function's parameter attributes can only be added once it is registered; so the attribute
//! is added at the first request startup after each module startup, before any PHP code of
//! that request can call a method.

use super::normalizer::UrlNormalizer;
use ext_php_rs::class::RegisteredClass;
use ext_php_rs::ffi::{zend_function, zend_string, zend_string_init_interned, HashTable};
use std::os::raw::c_char;
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::Mutex;

/// The methods of `UrlNormalizer` and the positions of their URL parameters.
const URL_PARAMETERS: &[(&str, &[u32])] = &[
    ("normalize", &[0]),
    ("normalizemany", &[0]),
    ("resolve", &[0, 1]),
    ("resolvemany", &[0, 1]),
    ("canonicalize", &[0]),
    ("canonicalizemany", &[0]),
    ("fingerprint", &[0]),
    ("surt", &[0]),
    ("removequeryparameters", &[0]),
    ("registrabledomain", &[0]),
    ("publicsuffix", &[0]),
    ("samesite", &[0, 1]),
    ("equivalent", &[0, 1]),
    ("explain", &[0]),
    ("hosttype", &[0]),
    ("todisplay", &[0]),
];

/// `ZEND_ATTRIBUTE_PERSISTENT`: the attribute of an internal function outlives requests.
const PERSISTENT: u32 = 1;

extern "C" {
    // Zend/zend_attributes.h, the same from PHP 8.1 on; `offset` is the parameter's position
    // plus one (0 is the function itself).
    fn zend_add_attribute(
        attributes: *mut *mut HashTable,
        name: *mut zend_string,
        argc: u32,
        flags: u32,
        offset: u32,
        lineno: u32,
    ) -> *mut std::ffi::c_void;
}

/// `SensitiveParameter` as an interned string, made at module startup: an interned string is
/// immutable, so threads share it without touching a reference count.
static NAME: AtomicPtr<zend_string> = AtomicPtr::new(std::ptr::null_mut());

/// Serializes the first request startups of threads that start together.
static ADDING: Mutex<()> = Mutex::new(());

/// MINIT: makes the attribute's name, a permanent interned string. Returns false when PHP
/// cannot make one.
pub(crate) fn prepare() -> bool {
    const TEXT: &str = "SensitiveParameter";
    // SAFETY: during MINIT `zend_string_init_interned` makes permanent interned strings; the
    // text outlives the call.
    let name = unsafe {
        match zend_string_init_interned {
            Some(init) => init(TEXT.as_ptr().cast::<c_char>(), TEXT.len(), true),
            None => std::ptr::null_mut(),
        }
    };
    NAME.store(name, Ordering::Release);
    !name.is_null()
}

/// RINIT: marks the URL parameters, unless the class already has its marks. The check is one
/// hash lookup; the marks are added once per registration of the class.
pub(crate) fn mark_url_parameters() {
    let name = NAME.load(Ordering::Acquire);
    let Some(first) = method(URL_PARAMETERS[0].0) else {
        return;
    };
    // SAFETY: `first` points into the registered class's function table, which lives until
    // the module shuts down; attributes are only written below, under the lock.
    if name.is_null() || unsafe { !(*first).common.attributes.is_null() } {
        return;
    }
    let _adding = ADDING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    // SAFETY: as above; another thread may have added them while this one waited.
    if unsafe { !(*first).common.attributes.is_null() } {
        return;
    }
    for &(method_name, positions) in URL_PARAMETERS {
        let Some(function) = method(method_name) else {
            continue;
        };
        for &position in positions {
            // SAFETY: an internal function of a class registered in MINIT, no request of any
            // thread running yet past its own startup (they wait on the lock above); the
            // attribute and its table are allocated persistent, as PHP's own stubs do.
            unsafe {
                zend_add_attribute(
                    &mut (*function).common.attributes,
                    name,
                    0,
                    PERSISTENT,
                    position + 1,
                    0,
                );
            }
        }
    }
}

/// The `zend_function` of a method of `UrlNormalizer`, by its lowercase name.
fn method(lowercase: &str) -> Option<*mut zend_function> {
    let metadata = UrlNormalizer::get_metadata();
    if !metadata.has_ce() {
        return None;
    }
    let entry = metadata.ce().function_table.get(lowercase)?;
    // SAFETY: a class's function table holds `IS_PTR` zvals to its `zend_function`s.
    let function = unsafe { entry.value.ptr }.cast::<zend_function>();
    (!function.is_null()).then_some(function)
}
