//! The PHP binding: the only module that uses ext-php-rs. It converts PHP values, maps
//! core errors to exceptions, calls the logger, and nothing more.

mod args;
mod batch;
mod construct;
mod exception;
mod logger;
mod normalizer;
mod options;
mod zstring;

use ext_php_rs::prelude::*;

/// The PHP module: `extension=url_normalize.so` calls this to register the classes.
#[php_module]
pub fn get_module(module: ModuleBuilder) -> ModuleBuilder {
    module
        .startup_function(startup)
        .class::<normalizer::UrlNormalizer>()
}

/// MINIT: the exception class, which `#[php_class]` cannot register with `Exception`'s
/// object handler, and a panic hook. A panic never crosses into PHP (ext-php-rs turns it
/// into an `\Error`), but the default hook prints a backtrace to stderr and, with
/// `RUST_BACKTRACE=1`, keeps ~30 MB of symbol cache for the process: one line is enough.
/// The hook is this library's own: every Rust extension links its own copy of std.
unsafe extern "C" fn startup(_type: i32, _module_number: i32) -> i32 {
    std::panic::set_hook(Box::new(|info| eprintln!("url_normalize: {info}")));
    if exception::register() {
        0
    } else {
        1
    }
}
