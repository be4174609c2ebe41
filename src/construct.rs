//! The `$this` of a constructor. ext-php-rs hands `__construct` its arguments only, and it runs
//! a second `$object->__construct(...)` on a live object like the first: it drops the Rust
//! value, with everything a running method borrows from it (a logger calling back into its
//! normalizer then runs on freed memory), and stores a new one, so an immutable object changes.

use ext_php_rs::class::RegisteredClass;
use ext_php_rs::exception::{PhpException, PhpResult};
use ext_php_rs::types::{ZendClassObject, ZendObject};
use ext_php_rs::zend::{ce, ExecutorGlobals};

/// The object `__construct` runs on, when it is not constructed yet; otherwise `\Error`, and
/// nothing changes.
///
/// Only for a `#[php_impl]` `__construct` of `T`: the engine's current frame is then that
/// constructor's, and its `$this` outlives the call.
pub(crate) fn unconstructed_this<'a, T: RegisteredClass>() -> PhpResult<&'a mut ZendObject> {
    let frame = ExecutorGlobals::get().current_execute_data;
    // SAFETY: during an internal function call the engine points EG(current_execute_data) at
    // that call's frame, which lives until the call returns. Only its `This` slot is borrowed,
    // through a pointer to that field: the arguments, which the caller holds borrowed, are
    // other slots of the same frame, so no reference to the whole frame is made.
    let this = (!frame.is_null())
        .then(|| unsafe { &mut *std::ptr::addr_of_mut!((*frame).This) })
        .and_then(|this| this.object_mut());
    let this =
        this.ok_or_else(|| error(format!("{}::__construct() needs an object", T::CLASS_NAME)))?;
    if ZendClassObject::<T>::from_zend_obj(this).is_some() {
        return Err(error(format!(
            "Cannot call {}::__construct() on a constructed object: it is immutable",
            T::CLASS_NAME
        )));
    }
    Ok(this)
}

fn error(message: String) -> PhpException {
    PhpException::new(message, 0, ce::error())
}
