//! The exceptions and the `UrlNormalize\ErrorKind` enum, and the mapping of core errors to them.
//!
//! - `UrlNormalize\InvalidUrlException` (extends `\InvalidArgumentException`): a URL that
//!   cannot be processed, with its kind, the input at fault (password hidden), the host and
//!   the scheme, and a stable code per kind.
//! - `UrlNormalize\InvalidOptionException` (extends `\InvalidArgumentException`): a
//!   constructor option that is unknown or wrong, with the key.
//!
//! The classes are registered with a plain `ClassBuilder` in MINIT rather than `#[php_class]`,
//! so they keep `Exception`'s own object handler: `getFile()`, `getLine()` and the trace are
//! filled in, and userland can `new` and extend them. Their data sits in private properties,
//! read by the getters; an exception made by userland `new` has the defaults (kind `Invalid`).

use crate::batch::Key;
use ext_php_rs::builders::{ClassBuilder, ClassProperty, EnumBuilder, FunctionBuilder};
use ext_php_rs::convert::IntoZval;
use ext_php_rs::enum_::{Discriminant, EnumCase};
use ext_php_rs::exception::PhpException;
use ext_php_rs::ffi::{
    ext_php_rs_compiler_globals, zend_class_entry, zend_enum_get_case, zend_hash_str_find_ptr_lc,
    zend_object, zval, ZEND_ACC_FINAL,
};
use ext_php_rs::flags::{DataType, MethodFlags, PropertyFlags};
use ext_php_rs::types::{ZendObject, ZendStr, Zval};
use ext_php_rs::zend::{ClassEntry, ExecuteData};
use std::os::raw::c_char;
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::LazyLock;
use url_normalize_core::printable;
use url_normalize_core::{ErrorKind, OptionError, UrlError};

extern "C" {
    // Zend/zend_API.h: a property read and written in the scope of `scope`, which may be
    // private to it.
    fn zend_update_property(
        scope: *mut zend_class_entry,
        object: *mut zend_object,
        name: *const c_char,
        name_length: usize,
        value: *mut zval,
    );
    fn zend_read_property(
        scope: *mut zend_class_entry,
        object: *mut zend_object,
        name: *const c_char,
        name_length: usize,
        silent: bool,
        rv: *mut zval,
    ) -> *mut zval;
}

/// The PHP name of the URL exception.
pub(crate) const INVALID_URL_EXCEPTION: &str = "UrlNormalize\\InvalidUrlException";
/// The PHP name of the option exception.
pub(crate) const INVALID_OPTION_EXCEPTION: &str = "UrlNormalize\\InvalidOptionException";
/// The PHP name of the enum of error kinds.
pub(crate) const ERROR_KIND: &str = "UrlNormalize\\ErrorKind";

static INVALID_URL_CE: AtomicPtr<ClassEntry> = AtomicPtr::new(std::ptr::null_mut());
static INVALID_OPTION_CE: AtomicPtr<ClassEntry> = AtomicPtr::new(std::ptr::null_mut());
static ERROR_KIND_CE: AtomicPtr<ClassEntry> = AtomicPtr::new(std::ptr::null_mut());

/// The enum's cases, one per core kind, named after the kind (`private-host` → `PrivateHost`)
/// with the kind's name as value: the core is the one list of kinds.
static CASES: LazyLock<Vec<EnumCase>> = LazyLock::new(|| {
    ErrorKind::ALL
        .iter()
        .map(|kind| EnumCase {
            name: Box::leak(case_name(*kind).into_boxed_str()),
            discriminant: Some(Discriminant::String(kind.name())),
            docs: &[],
        })
        .collect()
});

/// `private-host` → `PrivateHost`.
fn case_name(kind: ErrorKind) -> String {
    kind.name()
        .split('-')
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_ascii_uppercase().to_string() + chars.as_str()
            })
        })
        .collect()
}

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

/// A private property of the exception classes, `null` by default.
fn private_property(name: &str, ty: DataType) -> ClassProperty {
    ClassProperty {
        name: name.to_owned(),
        flags: PropertyFlags::Private,
        default: Some(Box::new(|| Ok(Zval::null()))),
        docs: &[],
        ty: Some(ty),
        nullable: true,
        readonly: false,
        default_stub: Some("null".to_owned()),
    }
}

/// A getter's handler.
type Getter = extern "C" fn(&mut ExecuteData, &mut Zval);

/// A public getter of the exception classes.
fn getter(
    name: &str,
    handler: Getter,
    returns: DataType,
    nullable: bool,
) -> FunctionBuilder<'static> {
    FunctionBuilder::new(name, handler).returns(returns, false, nullable)
}

/// Registers the enum and the two exception classes. Called from MINIT.
pub(crate) fn register() -> bool {
    let mut kinds = EnumBuilder::new(ERROR_KIND).registration(|ce, arg_info| {
        // Final, as every enum PHP code declares (the engine's internal ones are not marked).
        ce.ce_flags |= ZEND_ACC_FINAL;
        ERROR_KIND_CE.store(ce as *mut ClassEntry, Ordering::Release);
        std::mem::forget(arg_info);
    });
    for case in CASES.iter() {
        kinds = kinds.case(case);
    }
    let url = ClassBuilder::new(INVALID_URL_EXCEPTION)
        .extends((invalid_argument_ce, "\\InvalidArgumentException"))
        .property(private_property("kind", DataType::String))
        .property(private_property("input", DataType::String))
        .property(private_property("host", DataType::String))
        .property(private_property("scheme", DataType::String))
        .method(
            getter("getKind", get_kind, DataType::object(ERROR_KIND), false),
            MethodFlags::Public,
        )
        .method(
            getter("getInput", get_input, DataType::String, false),
            MethodFlags::Public,
        )
        .method(
            getter("getHost", get_host, DataType::String, true),
            MethodFlags::Public,
        )
        .method(
            getter("getScheme", get_scheme, DataType::String, true),
            MethodFlags::Public,
        )
        .registration(|ce, arg_info| {
            INVALID_URL_CE.store(ce as *mut ClassEntry, Ordering::Release);
            // The builder hands over the argument info PHP keeps pointers into.
            std::mem::forget(arg_info);
        });
    let option = ClassBuilder::new(INVALID_OPTION_EXCEPTION)
        .extends((invalid_argument_ce, "\\InvalidArgumentException"))
        .property(private_property("optionKey", DataType::String))
        .method(
            getter("getOptionKey", get_option_key, DataType::String, true),
            MethodFlags::Public,
        )
        .registration(|ce, arg_info| {
            INVALID_OPTION_CE.store(ce as *mut ClassEntry, Ordering::Release);
            std::mem::forget(arg_info);
        });
    kinds.register().is_ok() && url.register().is_ok() && option.register().is_ok()
}

fn class(cell: &AtomicPtr<ClassEntry>) -> &'static ClassEntry {
    // SAFETY: set once in MINIT, before any method can run; class entries live for the process.
    unsafe { cell.load(Ordering::Acquire).as_ref() }.unwrap_or_else(invalid_argument_ce)
}

/// A core error as the PHP exception it is thrown as. The core's error types belong to
/// another crate, so `From` cannot be written for them: `.or_throw()?` does what `?` would.
pub(crate) trait ToException {
    /// The exception PHP sees.
    fn to_exception(self) -> PhpException;
}

/// `result?` for a core result: its error becomes its exception.
pub(crate) trait OrThrow<T> {
    /// The value, or the error's exception.
    fn or_throw(self) -> Result<T, PhpException>;
}

impl<T, E: ToException> OrThrow<T> for Result<T, E> {
    fn or_throw(self) -> Result<T, PhpException> {
        self.map_err(ToException::to_exception)
    }
}

impl ToException for UrlError {
    fn to_exception(self) -> PhpException {
        let message = self.to_string();
        url_exception(message, &self)
    }
}

/// A batch element that failed in strict mode: the single call's message, after the method
/// and the element's key (`normalizeMany(): element "a": Cannot normalize ...`).
pub(crate) fn invalid_url_at(method: &str, key: &Key<'_>, err: UrlError) -> PhpException {
    url_exception(format!("{method}(): element {key}: {err}"), &err)
}

/// `InvalidUrlException` with `message`, the error's code and its data.
pub(crate) fn url_exception(message: String, err: &UrlError) -> PhpException {
    let class = class(&INVALID_URL_CE);
    let fields: [(&str, Option<&str>); 4] = [
        ("kind", Some(err.kind().name())),
        ("input", Some(&err.shown_input())),
        ("host", err.host()),
        ("scheme", err.scheme()),
    ];
    with_fields(message, err.kind().code(), class, &fields)
}

/// An option the constructor cannot take: `InvalidOptionException`, with the key.
impl ToException for OptionError {
    fn to_exception(self) -> PhpException {
        let fields = [("optionKey", Some(self.key()))];
        with_fields(self.to_string(), 0, class(&INVALID_OPTION_CE), &fields)
    }
}

/// An options array the constructor cannot read, with no key to name (an integer key):
/// `InvalidOptionException`.
pub(crate) fn invalid_option(message: String) -> PhpException {
    with_fields(message, 0, class(&INVALID_OPTION_CE), &[])
}

/// An exception of `class`, made as `new $class($message, $code)` would make it, with its
/// private `fields` set. Falls back to a plain exception of the class if PHP refuses.
fn with_fields(
    message: String,
    code: i64,
    class: &'static ClassEntry,
    fields: &[(&str, Option<&str>)],
) -> PhpException {
    let message = message.replace('\0', "\\0");
    let mut object = ZendObject::new(class);
    let constructed = object.try_call_method("__construct", vec![&message, &code]);
    if constructed.is_err() {
        return PhpException::new(message, code as i32, class);
    }
    for (name, value) in fields {
        let Ok(mut value) = value.map(str::to_owned).into_zval(false) else {
            continue;
        };
        // SAFETY: a fresh object of `class`, which declares the property; PHP copies the value.
        unsafe {
            zend_update_property(
                std::ptr::from_ref(class).cast_mut(),
                &raw mut *object,
                name.as_ptr().cast(),
                name.len(),
                &raw mut value,
            );
        }
    }
    let mut zval = Zval::new();
    zval.set_object(&mut object);
    PhpException::new(message, code as i32, class).with_object(zval)
}

/// An argument PHP code got wrong: `\InvalidArgumentException`.
pub(crate) fn invalid_argument(message: impl Into<String>) -> PhpException {
    PhpException::new(
        message.into().replace('\0', "\\0"),
        0,
        invalid_argument_ce(),
    )
}

/// An object's class name for a message, escaped: an anonymous class's name contains NUL.
pub(crate) fn class_name(object: &ZendObject) -> String {
    // SAFETY: a live object's class entry and its name live at least as long as the object.
    let name = unsafe { object.ce.as_ref().and_then(|class| class.name.as_ref()) };
    name.map_or_else(|| "object".to_owned(), |name| printable(name.as_bytes()))
}

/// A private property of `$this` of the running getter, in the scope of `class`.
fn property(
    execute_data: &mut ExecuteData,
    class: &'static ClassEntry,
    name: &str,
) -> Option<Zval> {
    let this = execute_data.get_self()?;
    let mut rv = Zval::new();
    // SAFETY: `$this` of a method of `class` or a subclass; `silent` reads a missing property
    // as null; the value is copied out before `rv` goes.
    let value = unsafe {
        zend_read_property(
            std::ptr::from_ref(class).cast_mut(),
            &raw mut *this,
            name.as_ptr().cast(),
            name.len(),
            true,
            &raw mut rv,
        )
        .as_ref()
    }?;
    Some(value.shallow_clone())
}

/// Sets the getter's return value to the property, or to `default` when it is not a string.
fn return_string(retval: &mut Zval, value: Option<Zval>, default: Option<&str>) {
    match value {
        Some(value) if value.is_string() => *retval = value,
        _ => match default {
            Some(text) => {
                let _ = retval.set_string(text, false);
            }
            None => retval.set_null(),
        },
    }
}

extern "C" fn get_kind(execute_data: &mut ExecuteData, retval: &mut Zval) {
    let kind = property(execute_data, class(&INVALID_URL_CE), "kind");
    let name = kind
        .as_ref()
        .and_then(Zval::str)
        .and_then(|name| ErrorKind::ALL.into_iter().find(|kind| kind.name() == name))
        .unwrap_or(ErrorKind::Invalid);
    let mut case = ZendStr::new(case_name(name), false);
    // SAFETY: the enum is registered in MINIT with a case of this name; the case object lives
    // in the enum's constant table for the request, and `set_object` takes its own reference.
    unsafe {
        let object = zend_enum_get_case(
            std::ptr::from_ref(class(&ERROR_KIND_CE)).cast_mut(),
            &raw mut *case,
        );
        if let Some(object) = object.as_mut() {
            retval.set_object(object);
        }
    }
}

extern "C" fn get_input(execute_data: &mut ExecuteData, retval: &mut Zval) {
    let value = property(execute_data, class(&INVALID_URL_CE), "input");
    return_string(retval, value, Some(""));
}

extern "C" fn get_host(execute_data: &mut ExecuteData, retval: &mut Zval) {
    let value = property(execute_data, class(&INVALID_URL_CE), "host");
    return_string(retval, value, None);
}

extern "C" fn get_scheme(execute_data: &mut ExecuteData, retval: &mut Zval) {
    let value = property(execute_data, class(&INVALID_URL_CE), "scheme");
    return_string(retval, value, None);
}

extern "C" fn get_option_key(execute_data: &mut ExecuteData, retval: &mut Zval) {
    let value = property(execute_data, class(&INVALID_OPTION_CE), "optionKey");
    return_string(retval, value, None);
}
