//! What PHP shows of the URL parameters, beyond what ext-php-rs can write:
//!
//! - the type `string` beside `Stringable|Uri\WhatWg\Url|Uri\Rfc3986\Uri` (ext-php-rs writes a
//!   class type or a `string`, not their union), and `array` too where the parameter may be
//!   the components of a URL (`UrlPattern::test()` and `exec()`);
//! - `#[\SensitiveParameter]`, on the URL parameters and the arrays of URLs: a URL may hold a
//!   password, and PHP leaves a marked argument out of stack traces
//!   (`Object(SensitiveParameterValue)`), whatever `zend.exception_ignore_args` says.
//!
//! - the own handlers of the hot methods (`hot.rs`), installed at the same point.
//!
//! ext-php-rs registers the classes after the module's own startup function, and a
//! registered method is what these change; so they are added at the first request startup
//! after each module startup, before any PHP code of that request can see the methods.

use crate::hot;
use crate::interface::PhpInterfaceUrlNormalizerInterface;
use crate::normalizer::UrlNormalizer;
use crate::pattern::UrlPattern;
use crate::robots::RobotsTxt;
use crate::scope::CrawlScope;
use ext_php_rs::class::RegisteredClass;
use ext_php_rs::ffi::{
    zend_function, zend_string, zend_string_init_interned, HashTable, IS_ARRAY, IS_STRING,
};
use ext_php_rs::zend::ClassEntry;
use std::os::raw::c_char;
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::Mutex;

/// What a parameter holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Holds {
    /// A URL: typed `Stringable|...|string`, and sensitive.
    Url,
    /// A URL or its components: typed `Stringable|...|array|string`, and sensitive.
    UrlOrArray,
    /// An array of URLs: sensitive.
    Urls,
}

/// Methods, lowercase, with their URL parameters (position from 0).
type Methods = &'static [(&'static str, &'static [(u32, Holds)])];

/// The methods of `UrlNormalizer` and its interface. php-tests/StubTest.php holds every
/// method of every class here against the stub.
const URL_PARAMETERS: Methods = &[
    ("normalize", &[(0, Holds::Url)]),
    ("normalizemany", &[(0, Holds::Urls)]),
    ("resolve", &[(0, Holds::Url), (1, Holds::Url)]),
    ("resolvemany", &[(0, Holds::Urls), (1, Holds::Url)]),
    ("canonicalize", &[(0, Holds::Url)]),
    ("canonicalizemany", &[(0, Holds::Urls)]),
    ("fingerprint", &[(0, Holds::Url)]),
    ("surt", &[(0, Holds::Url)]),
    ("removequeryparameters", &[(0, Holds::Url)]),
    ("registrabledomain", &[(0, Holds::Url)]),
    ("publicsuffix", &[(0, Holds::Url)]),
    ("samesite", &[(0, Holds::Url), (1, Holds::Url)]),
    ("equivalent", &[(0, Holds::Url), (1, Holds::Url)]),
    ("explain", &[(0, Holds::Url)]),
    ("hosttype", &[(0, Holds::Url)]),
    ("todisplay", &[(0, Holds::Url)]),
];

/// `RobotsTxt`'s.
const ROBOTS_PARAMETERS: Methods = &[
    ("parse", &[(1, Holds::Url)]),
    ("isallowed", &[(0, Holds::Url)]),
    ("matchedrule", &[(0, Holds::Url)]),
];

/// `UrlPattern`'s: the base URLs, and the inputs matched (a pattern is no URL).
const PATTERN_PARAMETERS: Methods = &[
    ("__construct", &[(1, Holds::Url)]),
    ("test", &[(0, Holds::UrlOrArray), (1, Holds::Url)]),
    ("exec", &[(0, Holds::UrlOrArray), (1, Holds::Url)]),
];

/// `CrawlScope`'s.
const SCOPE_PARAMETERS: Methods = &[
    ("forsitemap", &[(0, Holds::Url)]),
    ("contains", &[(0, Holds::Url)]),
    ("why", &[(0, Holds::Url)]),
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

/// RINIT: completes the URL parameters of the classes and the interface, unless they are
/// complete. The check is one hash lookup; the work is done once per registration.
pub(crate) fn complete_url_parameters() {
    let name = NAME.load(Ordering::Acquire);
    let classes = [
        (class_entry::<UrlNormalizer>(), URL_PARAMETERS),
        (
            class_entry::<PhpInterfaceUrlNormalizerInterface>(),
            URL_PARAMETERS,
        ),
        (class_entry::<RobotsTxt>(), ROBOTS_PARAMETERS),
        (class_entry::<UrlPattern>(), PATTERN_PARAMETERS),
        (class_entry::<CrawlScope>(), SCOPE_PARAMETERS),
    ];
    let Some(first) = classes[0]
        .0
        .and_then(|class| method(class, URL_PARAMETERS[0].0))
    else {
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
    // SAFETY: as above; another thread may have completed them while this one waited.
    if unsafe { !(*first).common.attributes.is_null() } {
        return;
    }
    for (class, methods) in classes {
        let Some(class) = class else {
            continue;
        };
        for &(method_name, parameters) in methods {
            let Some(function) = method(class, method_name) else {
                continue;
            };
            for &(position, holds) in parameters {
                // SAFETY: an internal method registered in MINIT, with at least `position + 1`
                // parameters (the table is held against the stub); no request of any thread
                // is past its own startup (they wait on the lock above). The attribute and its
                // table are allocated persistent, as PHP's own stubs do.
                unsafe {
                    let common = &mut (*function).common;
                    if position >= common.num_args {
                        continue;
                    }
                    let type_mask = &mut (*common.arg_info.add(position as usize)).type_.type_mask;
                    match holds {
                        Holds::Url => *type_mask |= 1 << IS_STRING,
                        Holds::UrlOrArray => *type_mask |= (1 << IS_STRING) | (1 << IS_ARRAY),
                        Holds::Urls => {}
                    }
                    zend_add_attribute(
                        &mut common.attributes,
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
    // The hot methods' own handlers go in at the same point, under the same lock.
    for (class, method_name, handler, generated) in hot::METHODS {
        let class = match class {
            hot::Class::UrlNormalizer => class_entry::<UrlNormalizer>(),
            hot::Class::UrlPattern => class_entry::<UrlPattern>(),
        };
        if let Some(function) = class.and_then(|class| method(class, method_name)) {
            // SAFETY: the registered internal method the handler was written for; no request
            // runs PHP code yet.
            unsafe { hot::install(function, handler, generated) };
        }
    }
}

/// The class entry of a registered class or interface.
fn class_entry<T: RegisteredClass>() -> Option<&'static ClassEntry> {
    let metadata = T::get_metadata();
    metadata.has_ce().then(|| metadata.ce())
}

/// The `zend_function` of a method of `class`, by its lowercase name.
fn method(class: &ClassEntry, lowercase: &str) -> Option<*mut zend_function> {
    let entry = class.function_table.get(lowercase)?;
    // SAFETY: a class's function table holds `IS_PTR` zvals to its `zend_function`s.
    let function = unsafe { entry.value.ptr }.cast::<zend_function>();
    (!function.is_null()).then_some(function)
}
