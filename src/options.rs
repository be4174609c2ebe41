//! The constructor's `array $options`: PHP values to [`OptionValue`]s, checked by the core.

use crate::args::{debug_type, ArrayArg};
use crate::exception::{invalid_option, OrThrow};
use ext_php_rs::boxed::ZBox;
use ext_php_rs::convert::IntoZval;
use ext_php_rs::exception::PhpResult;
use ext_php_rs::types::{ZendHashTable, Zval};
use url_normalize_core::printable;
use url_normalize_core::{OptionValue, Options};

/// Builds [`Options`] from the PHP array, naming the key of the first wrong entry.
pub(crate) fn options_from_array(array: ArrayArg<'_>) -> PhpResult<Options> {
    let mut options = Options::default();
    for (key, value) in array.0.into_iter().flat_map(entries) {
        let Some(key) = key.zend_str() else {
            return Err(invalid_option(format!(
                "Option keys must be strings, the integer key {} given",
                key.long().unwrap_or_default()
            )));
        };
        // A key that is not UTF-8 is no option; its escaped form names it in the message.
        let key = match key.as_str() {
            Ok(key) => key.to_owned(),
            Err(_) => printable(key.as_bytes()),
        };
        options.set(&key, option_value(value)).or_throw()?;
    }
    options.validate().or_throw()?;
    Ok(options)
}

/// The options in force as the PHP array the constructor takes (`getOptions()`).
pub(crate) fn options_to_array(options: &Options) -> PhpResult<ZBox<ZendHashTable>> {
    let values = options.values();
    let mut array = ZendHashTable::with_capacity(values.len() as u32);
    for (key, value) in values {
        let zval = match value {
            OptionValue::Bool(flag) => flag.into_zval(false)?,
            OptionValue::Int(number) => number.into_zval(false)?,
            OptionValue::String(text) => text.into_zval(false)?,
            OptionValue::List(items) => items.into_zval(false)?,
            OptionValue::Other(name) => name.into_zval(false)?,
        };
        array.insert(key, zval)?;
    }
    Ok(array)
}

/// The array's keys and values. `ZendHashTable::iter` and `values` panic on a key that is not
/// UTF-8 (`Invalid array key!`); this reads each key as the zval PHP stores.
pub(crate) fn entries(array: &ZendHashTable) -> impl Iterator<Item = (Zval, &Zval)> {
    let mut iter = array.iter();
    std::iter::from_fn(move || iter.next_zval())
}

fn option_value(zval: &Zval) -> OptionValue {
    // `foreach ($options as &$value)` leaves every value a reference.
    let zval = zval.dereference();
    if let Some(flag) = zval.bool() {
        OptionValue::Bool(flag)
    } else if let Some(number) = zval.long() {
        OptionValue::Int(number)
    } else if zval.is_string() {
        match zval.str() {
            Some(text) => OptionValue::String(text.to_owned()),
            None => OptionValue::Other("a string that is not UTF-8".to_owned()),
        }
    } else if let Some(array) = zval.array() {
        string_list(array).map_or_else(
            || OptionValue::Other("an array with an element that is not a UTF-8 string".to_owned()),
            OptionValue::List,
        )
    } else {
        OptionValue::Other(debug_type(zval))
    }
}

/// The array's values as strings, or `None` when one is not a (UTF-8) string.
pub(crate) fn string_list(array: &ZendHashTable) -> Option<Vec<String>> {
    entries(array)
        .map(|(_, item)| item.str().map(str::to_owned))
        .collect()
}
