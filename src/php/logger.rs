//! The PSR-3 logger a `UrlNormalizer` was given, and the two calls it makes on it.

use super::args::ObjectArg;
use super::exception::invalid_argument;
use ext_php_rs::binary::Binary;
use ext_php_rs::exception::PhpResult;
use ext_php_rs::types::{ZendCallable, ZendHashTable, Zval};

/// A PHP object with `debug()` and `warning()` methods (or `__call`), kept alive by the
/// `[$logger, 'debug']` and `[$logger, 'warning']` callables the normalizer holds.
pub(crate) struct Logger {
    debug: Zval,
    warning: Zval,
}

impl Logger {
    /// Takes a reference to the logger after checking it can receive PSR-3 calls.
    pub(crate) fn new(logger: ObjectArg<'_>) -> PhpResult<Self> {
        let zval = logger.0.shallow_clone();
        let is_callable = ZendCallable::try_from_name("is_callable")?;
        let method = |name: &str| -> PhpResult<Zval> {
            let callable = callable(&zval, name)?;
            if is_callable.try_call(vec![&callable])?.bool() != Some(true) {
                let class = zval
                    .object()
                    .and_then(|o| o.get_class_name().ok())
                    .unwrap_or_default();
                return Err(invalid_argument(format!(
                    "The logger `{class}` has no {name}() method: pass a Psr\\Log\\LoggerInterface"
                )));
            }
            Ok(callable)
        };
        Ok(Self {
            debug: method("debug")?,
            warning: method("warning")?,
        })
    }

    /// `$logger->debug($message, $context)`. An exception the logger throws propagates.
    pub(crate) fn debug(&self, message: &str, context: &[(&str, &[u8])]) -> PhpResult<()> {
        log(&self.debug, message, context)
    }

    /// `$logger->warning($message, $context)`. An exception the logger throws propagates.
    pub(crate) fn warning(&self, message: &str, context: &[(&str, &[u8])]) -> PhpResult<()> {
        log(&self.warning, message, context)
    }
}

/// `[$object, $method]`: calling through it reaches `__call` and reports a thrown
/// exception, which `ZendObject::try_call_method` does not.
fn callable(object: &Zval, method: &str) -> PhpResult<Zval> {
    let mut pair = ZendHashTable::new();
    pair.push(object.shallow_clone())?;
    pair.push(method)?;
    let mut zval = Zval::new();
    zval.set_hashtable(pair);
    Ok(zval)
}

fn log(method: &Zval, message: &str, context: &[(&str, &[u8])]) -> PhpResult<()> {
    let mut array = ZendHashTable::with_capacity(context.len() as u32);
    for (key, value) in context {
        // Binary: the value may hold the caller's bytes unchanged, UTF-8 or not.
        array.insert(*key, Binary::from(value.to_vec()))?;
    }
    ZendCallable::new(method)?.try_call(vec![&message, &array])?;
    Ok(())
}
