//! Handlers of the project's own for the hottest calls, in front of the ones ext-php-rs
//! generates.
//!
//! A generated handler checks the argument count, converts every argument, enters
//! `zend_try` (a `setjmp`) and `catch_unwind`, and sets the return value through a generic
//! conversion: on a call that does a few hundred nanoseconds of work, that is a quarter of
//! its time. The common call (string arguments only, the defaults for the rest, an answer
//! that needs no log record and no exception) needs none of it: the work is plain Rust,
//! which cannot bail out to PHP, and only a panic must be stopped at the border. So a
//! handler here answers that call itself and hands every other call to the generated
//! handler, which keeps PHP's exact argument errors, the `Stringable` inputs, the logger and
//! the exceptions. The registered method, with its arginfo, stays as it is: only its
//! handler changes.
//!
//! A handler here gives the same answer as the generated one for every call it takes
//! (php-tests/HotHandlersTest.php holds them against each other).

use crate::logger::Logger;
use crate::normalizer::UrlNormalizer;
use crate::pattern::UrlPattern;
use crate::zstring::PhpString;
use ext_php_rs::ffi::{zend_execute_data, zend_function, zval};
use ext_php_rs::types::Zval;
use ext_php_rs::zend::ExecuteData;
use std::borrow::Cow;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicPtr, Ordering};
use url_normalize_core::{Flags, KeyBits};

/// A method handler, as PHP calls it.
type Handler = unsafe extern "C" fn(*mut zend_execute_data, *mut zval);

/// The classes whose methods have a handler here.
#[derive(Clone, Copy)]
pub(crate) enum Class {
    UrlNormalizer,
    UrlPattern,
}

/// What a handler here answers: the caller's first argument (one more reference, no copy),
/// a new string, or a bool.
enum Answer {
    FirstArgument,
    Text(String),
    Bool(bool),
}

/// Defines a method's handler: it asks `$answer` for the call, and hands the call to the
/// generated handler (kept in `$generated` when installed) when that says `None` or panics.
macro_rules! own_handler {
    ($handler:ident, $generated:ident, $answer:path) => {
        static $generated: AtomicPtr<()> = AtomicPtr::new(std::ptr::null_mut());

        unsafe extern "C" fn $handler(
            execute_data: *mut zend_execute_data,
            return_value: *mut zval,
        ) {
            // SAFETY: PHP calls a handler with its current frame and its return value's slot.
            let frame = unsafe { &mut *execute_data.cast::<ExecuteData>() };
            match catch_unwind(AssertUnwindSafe(|| $answer(frame))) {
                // SAFETY: PHP's slot for this call; a `FirstArgument` answer was read from the
                // call's first argument (`strings`).
                Ok(Some(answer)) => unsafe { give(answer, frame, return_value) },
                // SAFETY: stored by `install` before this handler went in.
                _ => unsafe { hand_on(&$generated, execute_data, return_value) },
            }
        }
    };
}

own_handler!(normalize, GENERATED_NORMALIZE, answer_normalize);
own_handler!(resolve, GENERATED_RESOLVE, answer_resolve);
own_handler!(canonicalize, GENERATED_CANONICALIZE, answer_canonicalize);
own_handler!(fingerprint, GENERATED_FINGERPRINT, answer_fingerprint);
own_handler!(test, GENERATED_TEST, answer_test);

/// The methods with a handler here: class, lowercase name, handler, and where the generated
/// handler is kept.
pub(crate) const METHODS: [(Class, &str, Handler, &AtomicPtr<()>); 5] = [
    (
        Class::UrlNormalizer,
        "normalize",
        normalize,
        &GENERATED_NORMALIZE,
    ),
    (Class::UrlNormalizer, "resolve", resolve, &GENERATED_RESOLVE),
    (
        Class::UrlNormalizer,
        "canonicalize",
        canonicalize,
        &GENERATED_CANONICALIZE,
    ),
    (
        Class::UrlNormalizer,
        "fingerprint",
        fingerprint,
        &GENERATED_FINGERPRINT,
    ),
    (Class::UrlPattern, "test", test, &GENERATED_TEST),
];

/// Puts `handler` in front of the generated handler of `function`, keeping that in
/// `generated`. Called once per registration of the class, before any request runs PHP code.
///
/// # Safety
///
/// `function` is the registered internal method that `handler` was written for, and no
/// request is running PHP code.
pub(crate) unsafe fn install(
    function: *mut zend_function,
    handler: Handler,
    generated: &AtomicPtr<()>,
) {
    // SAFETY: the caller's contract; `internal_function` is the member an internal method uses.
    let slot = unsafe { &mut (*function).internal_function.handler };
    let Some(current) = *slot else {
        return;
    };
    if current as usize == handler as usize {
        return;
    }
    generated.store(current as *mut (), Ordering::Release);
    *slot = Some(handler);
}

/// Runs the generated handler kept in `generated`.
///
/// # Safety
///
/// `generated` was stored by [`install`], and the arguments are PHP's for this call.
unsafe fn hand_on(generated: &AtomicPtr<()>, execute_data: *mut zend_execute_data, ret: *mut zval) {
    // SAFETY: a `Handler` was stored there (the caller's contract).
    let generated: Handler = unsafe { std::mem::transmute(generated.load(Ordering::Acquire)) };
    unsafe { generated(execute_data, ret) }
}

/// Sets the return value.
///
/// # Safety
///
/// `return_value` is the slot PHP gave the handler of `frame`'s call, and an answer of kind
/// [`Answer::FirstArgument`] was read from that call's first argument.
#[inline(always)]
unsafe fn give(answer: Answer, frame: &ExecuteData, return_value: *mut zval) {
    let value = match answer {
        Answer::Bool(value) => {
            let mut zval = Zval::new();
            zval.set_bool(value);
            zval
        }
        Answer::Text(text) => PhpString::new(text.as_bytes()).into_zval(),
        // SAFETY: the caller's contract: the call has a first argument.
        Answer::FirstArgument => unsafe { argument(frame, 0) }.dereference().shallow_clone(),
    };
    // SAFETY: the caller's contract. PHP sets the slot to `null` before it calls an internal
    // function, so it holds nothing to release, and writing over it (rather than assigning,
    // which drops the old value through a call) loses nothing.
    unsafe { std::ptr::write(return_value.cast::<Zval>(), value) };
}

/// Where a call's arguments start after its frame, in zvals: `ZEND_CALL_FRAME_SLOT`
/// (Zend/zend_compile.h), the frame's size rounded up to whole zvals, both sizes first aligned
/// as the engine's allocator aligns them (`ZEND_MM_ALIGNED_SIZE`, 8 bytes).
const FRAME_SLOT: usize = {
    const fn aligned(size: usize) -> usize {
        (size + 7) & !7
    }
    let zval = aligned(std::mem::size_of::<zval>());
    aligned(std::mem::size_of::<zend_execute_data>()).div_ceil(zval)
};

/// The call's argument `n` (from 0), as `ZEND_CALL_ARG` finds it. (ext-php-rs's
/// `zend_call_arg` does the same out of line: a call and a check more on every argument.)
///
/// # Safety
///
/// `frame` is a call's frame with more than `n` arguments, and the argument is not used after
/// the call (it lives as long as the call, which the lifetime cannot say).
unsafe fn argument<'a>(frame: &ExecuteData, n: usize) -> &'a Zval {
    let first = std::ptr::from_ref(frame).cast::<Zval>();
    // SAFETY: the caller's contract; the engine puts the arguments in the slots after the frame.
    unsafe { &*first.add(FRAME_SLOT + n) }
}

/// The call's arguments when they are exactly `N` strings.
fn strings<'a, const N: usize>(frame: &ExecuteData) -> Option<[&'a [u8]; N]> {
    // SAFETY: `u2` of a call frame's `This` is its argument count.
    if unsafe { frame.This.u2.num_args } as usize != N {
        return None;
    }
    let mut found: [&[u8]; N] = [&[]; N];
    for (position, slot) in found.iter_mut().enumerate() {
        // SAFETY: the frame has `N` arguments; the caller's strings outlive the call.
        let argument = unsafe { argument(frame, position) };
        *slot = argument.dereference().zend_str()?.as_bytes();
    }
    Some(found)
}

/// The answer of a method that hands back the caller's string when the result is that string
/// (`normalize()`, `canonicalize()`): an error is the generated handler's to report. Inlined,
/// as [`give`] is: the common answer, the caller's string, then costs a few instructions.
#[inline(always)]
fn same_or_new(
    input: &[u8],
    result: Result<Cow<'_, str>, url_normalize_core::UrlError>,
) -> Option<Answer> {
    match result.ok()? {
        Cow::Borrowed(_) => Some(Answer::FirstArgument),
        Cow::Owned(url) if url.as_bytes() == input => Some(Answer::FirstArgument),
        Cow::Owned(url) => Some(Answer::Text(url)),
    }
}

/// `normalize($url)`. A changed URL with a logger is logged by the generated handler.
fn answer_normalize(frame: &mut ExecuteData) -> Option<Answer> {
    let [url] = strings::<1>(frame)?;
    let this = frame.get_object::<UrlNormalizer>()?;
    let answer = same_or_new(url, url_normalize_core::normalize_cow(url, this.options()))?;
    match answer {
        Answer::Text(_) if Logger::of(&this.std).is_some() => None,
        answer => Some(answer),
    }
}

/// `resolve($href, $base)`.
fn answer_resolve(frame: &mut ExecuteData) -> Option<Answer> {
    let [href, base] = strings::<2>(frame)?;
    let this = frame.get_object::<UrlNormalizer>()?;
    url_normalize_core::resolve(href, base, this.options())
        .ok()
        .map(Answer::Text)
}

/// `canonicalize($url)`: the default flags.
fn answer_canonicalize(frame: &mut ExecuteData) -> Option<Answer> {
    let [url] = strings::<1>(frame)?;
    let this = frame.get_object::<UrlNormalizer>()?;
    let canonical = url_normalize_core::canonicalize(url, Flags::USUALLY_SAFE, this.options());
    same_or_new(url, canonical.map(Cow::Owned))
}

/// `fingerprint($url)`: the default flags and 64 bits.
fn answer_fingerprint(frame: &mut ExecuteData) -> Option<Answer> {
    let [url] = strings::<1>(frame)?;
    let this = frame.get_object::<UrlNormalizer>()?;
    let canonical =
        url_normalize_core::canonicalize(url, Flags::USUALLY_SAFE, this.options()).ok()?;
    let bits = KeyBits::try_from(64).ok()?;
    Some(Answer::Text(url_normalize_core::fingerprint_with(
        canonical.as_bytes(),
        bits,
    )))
}

/// `UrlPattern::test($url)`.
fn answer_test(frame: &mut ExecuteData) -> Option<Answer> {
    let [url] = strings::<1>(frame)?;
    let pattern = &frame.get_object::<UrlPattern>()?.inner;
    Some(Answer::Bool(pattern.test_url(url, None)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`argument`] finds each argument where ext-php-rs's `zend_call_arg` does.
    #[test]
    fn arguments_are_where_the_engine_puts_them() {
        // A zeroed frame and its argument slots (a zeroed zval is `undef`), 8-byte aligned.
        let slots = vec![0u64; 64];
        // SAFETY: the buffer holds a frame and more than 3 argument slots after it.
        let frame = unsafe { &*slots.as_ptr().cast::<ExecuteData>() };
        for n in 0..3 {
            // SAFETY: as above; each reference is made a pointer at once.
            let ours = std::ptr::from_ref(unsafe { argument(frame, n) });
            // SAFETY: as above.
            let theirs = unsafe { frame.zend_call_arg(n) }.map(std::ptr::from_mut);
            assert_eq!(
                Some(ours),
                theirs.map(<*mut Zval>::cast_const),
                "argument {n}"
            );
        }
        #[cfg(target_pointer_width = "64")]
        assert_eq!(FRAME_SLOT, 5, "a 72-byte frame in 16-byte zvals");
    }
}
