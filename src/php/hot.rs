//! Handlers of the project's own for the hottest calls, in front of the ones ext-php-rs
//! generates.
//!
//! A generated handler checks the argument count, converts every argument, enters
//! `zend_try` (a `setjmp`) and `catch_unwind`, and sets the return value through a generic
//! conversion: on a call that does a few hundred nanoseconds of work, that is a quarter of
//! its time. The common call, one string argument, needs none of it: the work is plain Rust,
//! which cannot bail out to PHP, and only a panic must be stopped at the border. So the
//! handler here answers that call itself and hands every other call (other argument types,
//! a second argument, an error to throw) to the generated handler, which keeps PHP's exact
//! argument errors, the `Stringable` inputs and the exceptions. The registered method, with
//! its arginfo, stays as it is: only its handler changes.

use super::pattern::UrlPattern;
use ext_php_rs::ffi::{zend_execute_data, zend_function, zval};
use ext_php_rs::types::Zval;
use ext_php_rs::zend::ExecuteData;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicPtr, Ordering};

/// A method handler, as PHP calls it.
type Handler = unsafe extern "C" fn(*mut zend_execute_data, *mut zval);

/// The generated handler of `UrlPattern::test()`, for the calls the one here hands on.
static GENERATED_TEST: AtomicPtr<()> = AtomicPtr::new(std::ptr::null_mut());

/// Puts the handler of `UrlPattern::test()` in front of the generated one. Called once per
/// registration of the class, before any request runs PHP code.
///
/// # Safety
///
/// `function` is the registered `zend_function` of `UrlPattern::test()`, an internal function,
/// and no request is running PHP code.
pub(crate) unsafe fn install_test(function: *mut zend_function) {
    // SAFETY: the caller's contract; `internal_function` is the member an internal method uses.
    let handler = unsafe { &mut (*function).internal_function.handler };
    let Some(generated) = *handler else {
        return;
    };
    if generated as usize == test as Handler as usize {
        return;
    }
    GENERATED_TEST.store(generated as *mut (), Ordering::Release);
    *handler = Some(test);
}

/// `UrlPattern::test($url)` with `$url` a string; any other call goes to the generated handler.
unsafe extern "C" fn test(execute_data: *mut zend_execute_data, return_value: *mut zval) {
    // SAFETY: PHP calls a handler with its current frame and the slot for the return value.
    let answered = unsafe { test_string(&mut *execute_data.cast::<ExecuteData>()) };
    match answered {
        // SAFETY: as above; a bool needs no release of what the slot held (it is undefined).
        Some(found) => unsafe { (*return_value.cast::<Zval>()).set_bool(found) },
        None => {
            let generated = GENERATED_TEST.load(Ordering::Acquire);
            // SAFETY: stored by `install_test` before this handler was installed, from a value
            // of the same type.
            let generated: Handler = unsafe { std::mem::transmute(generated) };
            unsafe { generated(execute_data, return_value) }
        }
    }
}

/// The answer for one string argument, or `None` when the call is another (or panicked: the
/// generated handler then runs it again and turns the panic into PHP's `\Error`).
fn test_string(frame: &mut ExecuteData) -> Option<bool> {
    // SAFETY: `u2` of a call frame's `This` is its argument count.
    if unsafe { frame.This.u2.num_args } != 1 {
        return None;
    }
    // SAFETY: the frame has one argument.
    let bytes = unsafe { frame.zend_call_arg(0) }?
        .dereference()
        .zend_str()?
        .as_bytes();
    let pattern = &frame.get_object::<UrlPattern>()?.inner;
    catch_unwind(AssertUnwindSafe(|| pattern.test_url(bytes, None))).ok()
}
