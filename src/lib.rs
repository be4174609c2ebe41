//! url_normalize: normalize, resolve and canonicalize URLs found in the wild, for PHP.
//!
//! This crate is the PHP binding of the core (`url_normalize_core`, in core/), and the only
//! code that uses ext-php-rs: it converts PHP values, maps core errors to exceptions, calls
//! the logger, and nothing more.

mod args;
mod batch;
mod construct;
mod crawl_args;
mod exception;
mod hot;
mod info;
mod interface;
mod logger;
mod normalizer;
mod options;
mod parameters;
mod pattern;
mod robots;
mod scope;
mod zstring;

use ext_php_rs::prelude::*;
use std::io::Write as _;

/// The PHP module: `extension=url_normalize.so` calls this to register the classes.
#[php_module]
pub fn get_module(module: ModuleBuilder) -> ModuleBuilder {
    module
        .startup_function(startup)
        .request_startup_function(request_startup)
        .info_function(info::module_info)
        .interface::<interface::PhpInterfaceUrlNormalizerInterface>()
        .class::<normalizer::UrlNormalizer>()
        .class::<robots::RobotsTxt>()
        .class::<pattern::UrlPattern>()
        .class::<scope::CrawlScope>()
}

/// MINIT: the exception class, which `#[php_class]` cannot register with `Exception`'s
/// object handler, and a panic hook. A panic never crosses into PHP (ext-php-rs turns it
/// into an `\Error`), but the default hook prints a backtrace to stderr and, with
/// `RUST_BACKTRACE=1`, keeps ~30 MB of symbol cache for the process: one line is enough.
/// The hook is this library's own: every Rust extension links its own copy of std.
unsafe extern "C" fn startup(_type: i32, _module_number: i32) -> i32 {
    install_panic_hook();
    if exception::register() && parameters::prepare() {
        0
    } else {
        1
    }
}

/// RINIT: the URL parameters' `string` type and `#[\SensitiveParameter]`, which need the
/// registered class (`parameters.rs`). A panic must not cross into PHP here: it is caught,
/// and the request goes on.
unsafe extern "C" fn request_startup(_type: i32, _module_number: i32) -> i32 {
    let _ = std::panic::catch_unwind(parameters::complete_url_parameters);
    0
}

/// One line per panic on stderr. Written with `write!`, whose error is ignored: `eprintln!`
/// panics when stderr is a closed pipe, and a panic inside the hook aborts the process.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let _ = writeln!(std::io::stderr().lock(), "url_normalize: {info}");
    }));
}

#[cfg(test)]
mod tests {
    use std::process::{Command, Stdio};

    /// Set in the child process that panics with a closed stderr.
    const CHILD: &str = "URL_NORMALIZE_PANIC_HOOK_CHILD";

    #[test]
    fn a_panic_with_stderr_closed_does_not_abort() {
        if std::env::var_os(CHILD).is_some() {
            super::install_panic_hook();
            let caught = std::panic::catch_unwind(|| panic!("caught"));
            assert!(caught.is_err());
            std::process::exit(0);
        }
        // The child's stderr is a pipe whose reading end is already closed: writing fails
        // with EPIPE (Rust ignores SIGPIPE), as when PHP's stderr reader went away.
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let status = Command::new(std::env::current_exe().expect("the test binary"))
            .args([
                "--exact",
                "tests::a_panic_with_stderr_closed_does_not_abort",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD, "1")
            .stdout(Stdio::null())
            .stderr(writer)
            .status()
            .expect("the child runs");
        assert_eq!(status.code(), Some(0), "the child ended with {status}");
    }
}
