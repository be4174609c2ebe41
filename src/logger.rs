//! The PSR-3 logger a `UrlNormalizer` was given, and the two calls it makes on it.
//!
//! The logger is kept in a private property of the PHP object, not in the Rust struct: the
//! cycle collector sees property slots (ext-php-rs's `get_gc` reports them) but not zvals
//! inside the struct, so a logger holding its normalizer would never be freed.

use crate::args::ObjectArg;
use crate::exception::{class_name, invalid_argument};
use ext_php_rs::binary::Binary;
use ext_php_rs::boxed::ZBox;
use ext_php_rs::builders::{ClassBuilder, ClassProperty};
use ext_php_rs::exception::PhpResult;
use ext_php_rs::ffi::{
    zend_function, zend_hash_str_find_ptr_lc, zend_property_info, ZEND_ACC_PUBLIC,
};
use ext_php_rs::flags::PropertyFlags;
use ext_php_rs::types::{ZendCallable, ZendHashTable, ZendObject, Zval};
use std::ptr;
use std::sync::OnceLock;

/// The private property that holds the logger (`null` when there is none).
const PROPERTY: &str = "logger";

/// Declares the property on the class (the `#[php_class]` modifier).
pub(crate) fn declare_property(class: ClassBuilder) -> ClassBuilder {
    class.property(ClassProperty {
        name: PROPERTY.to_owned(),
        flags: PropertyFlags::Private,
        default: Some(Box::new(|| {
            let mut null = Zval::new();
            null.set_null();
            Ok(null)
        })),
        docs: &[],
        ty: None,
        nullable: true,
        readonly: false,
        default_stub: None,
    })
}

/// A PHP object with `debug()` and `warning()` methods (or `__call`).
pub(crate) struct Logger<'a>(&'a Zval);

impl<'a> Logger<'a> {
    /// Checks that `logger` can receive PSR-3 calls, and keeps it in `object`'s property.
    /// Called once, by the constructor.
    ///
    /// The check is made from the extension's scope, where the calls are made: PHP's
    /// `is_callable()` judges from the calling code's scope, so a logger with a private
    /// `debug()` passed it when the normalizer was built inside the logger's own class, and
    /// every later call failed.
    pub(crate) fn store(object: &mut ZendObject, logger: ObjectArg<'_>) -> PhpResult<()> {
        let instance = logger
            .0
            .object()
            .ok_or_else(|| invalid_argument("The logger must be an object"))?;
        for name in ["debug", "warning"] {
            if !receives_calls_to(instance, name) {
                return Err(invalid_argument(format!(
                    "The logger `{}` has no public {name}() method: pass a Psr\\Log\\LoggerInterface",
                    class_name(instance)
                )));
            }
        }
        let slot = property_slot(object)
            .ok_or_else(|| invalid_argument("The class has no logger property"))?;
        // SAFETY: the slot is the object's own property zval; assigning drops the old value.
        unsafe { *slot = logger.0.shallow_clone() };
        Ok(())
    }

    /// The logger kept in `object`'s property, if it was given one.
    pub(crate) fn of(object: &'a ZendObject) -> Option<Self> {
        // SAFETY: the slot lies inside `object`, which the borrow keeps alive.
        let zval = unsafe { property_slot(ptr::from_ref(object).cast_mut())?.as_ref()? };
        zval.is_object().then_some(Logger(zval))
    }

    /// `$logger->debug($message, $context)`, where the context's values are PHP strings that
    /// already exist (the caller's URL and the result): they are shared, not copied, so the
    /// call costs little more than the logger's own `debug()`. An exception the logger throws
    /// propagates.
    pub(crate) fn debug(&self, message: &str, context: &[(&str, &Zval)]) -> PhpResult<()> {
        let mut array = ZendHashTable::with_capacity(context.len() as u32);
        for (key, value) in context {
            array.insert(*key, value.shallow_clone())?;
        }
        log(&callable(self.0, "debug")?, message, array)
    }

    /// `$logger->warning($message, $context)`. An exception the logger throws propagates.
    pub(crate) fn warning(&self, message: &str, context: &[(&str, &[u8])]) -> PhpResult<()> {
        let mut array = ZendHashTable::with_capacity(context.len() as u32);
        for (key, value) in context {
            // Binary: the value may hold the caller's bytes unchanged, UTF-8 or not.
            array.insert(*key, Binary::from(value.to_vec()))?;
        }
        log(&callable(self.0, "warning")?, message, array)
    }
}

/// Whether code of any scope can call `$object->$name()`: the class has a public method of
/// that name, or `__call`, which receives calls to the methods a scope cannot see.
fn receives_calls_to(object: &ZendObject, name: &str) -> bool {
    // SAFETY: a live object's class entry, its method table and the methods in it live at
    // least as long as the object; the lookup only reads them.
    unsafe {
        let Some(class) = object.ce.as_ref() else {
            return false;
        };
        let found =
            zend_hash_str_find_ptr_lc(&class.function_table, name.as_ptr().cast(), name.len());
        let method = found.cast::<zend_function>().as_ref();
        method.is_some_and(|method| method.common.fn_flags & ZEND_ACC_PUBLIC != 0)
            || !class.__call.is_null()
    }
}

/// The property's zval inside `object`, found by the offset PHP gave the declared property.
/// The offset is looked up in the class's property table once per process: the class and its
/// declared properties do not change after MINIT, and every object of it has the same layout.
fn property_slot(object: *mut ZendObject) -> Option<*mut Zval> {
    static OFFSET: OnceLock<Option<usize>> = OnceLock::new();
    // SAFETY: `object` is a live object; its class entry and the class's property table live
    // for the process, and a declared property's offset is within the object's allocation.
    unsafe {
        let offset = *OFFSET.get_or_init(|| {
            let class = (*object).ce.as_ref()?;
            let info = class.properties_info.get(PROPERTY)?;
            let info = info.ptr::<zend_property_info>()?;
            Some((*info).offset as usize)
        });
        Some(object.cast::<u8>().add(offset?).cast::<Zval>())
    }
}

/// `[$object, $method]`: calling through it reaches `__call` and reports a thrown
/// exception, which `ZendObject::try_call_method` does not. It holds a reference to the
/// logger, which keeps it alive for the call.
fn callable(object: &Zval, method: &str) -> PhpResult<Zval> {
    let mut pair = ZendHashTable::new();
    pair.push(object.shallow_clone())?;
    pair.push(method)?;
    let mut zval = Zval::new();
    zval.set_hashtable(pair);
    Ok(zval)
}

/// Calls `method` with the message and the context. The context goes in as a zval, which
/// the call shares; passed as `&ZendHashTable` it would be duplicated on every call.
fn log(method: &Zval, message: &str, context: ZBox<ZendHashTable>) -> PhpResult<()> {
    let mut context_zval = Zval::new();
    context_zval.set_hashtable(context);
    ZendCallable::new(method)?.try_call(vec![&message, &context_zval])?;
    Ok(())
}
