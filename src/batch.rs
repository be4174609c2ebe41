//! The shape of the batch methods (`normalizeMany`, `canonicalizeMany`, `resolveMany`). The
//! result is a copy of the caller's array with the same keys in the same order, where each
//! value may be replaced.
//!
//! The copy is PHP's own `zend_array_dup`. It keeps every key exactly, including integer
//! keys, string keys that are not UTF-8, and the packed layout of a list, and it shares each
//! value with one reference more. An element that needs no change (the fast path's answer)
//! costs nothing more. The elements are visited in place, in order. ext-php-rs's iterator
//! would build a Rust `String` for every string key, and it panics on a key that is not
//! UTF-8.

use ext_php_rs::boxed::ZBox;
use ext_php_rs::exception::PhpResult;
use ext_php_rs::flags::DataType;
use ext_php_rs::types::{ZendHashTable, Zval};
use std::fmt;
use url_normalize_core::printable;

/// `HASH_FLAG_PACKED` of Zend/zend_hash.h: the values are a plain `zval` array whose index
/// is the key (PHP 8.2+), not `Bucket`s.
const HASH_FLAG_PACKED: u32 = 1 << 2;

/// The key of an array element, for messages: `3` or `"name"`.
pub(crate) enum Key<'a> {
    Index(u64),
    Name(&'a [u8]),
}

impl fmt::Display for Key<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Key::Index(index) => write!(f, "{}", *index as i64),
            Key::Name(name) => write!(f, "\"{}\"", printable(name)),
        }
    }
}

/// A copy of `array` where `each` sees every element in order and may return its new value
/// (`None` keeps the element as it is). The first error stops the walk and is returned;
/// the copy is then freed.
///
/// An element that is a PHP reference (`[&$url]`; the copy keeps those) is replaced by its
/// value before `each` sees it. So no element of the result, and no log context built from
/// one, aliases the caller's variable, and the string `each` borrows is held by the copy: a
/// logger that reassigns the variable cannot free it.
pub(crate) fn map_values(
    array: &ZendHashTable,
    mut each: impl FnMut(Key<'_>, &Zval) -> PhpResult<Option<Zval>>,
) -> PhpResult<ZBox<ZendHashTable>> {
    let mut copy = array.to_owned();
    let table: *mut ZendHashTable = &mut *copy;
    // SAFETY: `copy` is a fresh array of refcount 1 that only this function holds. Slots below
    // nNumUsed are initialized zvals, or IS_UNDEF for deleted ones (skipped). `each` gets
    // a shared borrow of one slot and cannot reach the array. A slot is replaced in place;
    // the assignment drops (releases) the old value.
    unsafe {
        let packed = (*table).u.flags & HASH_FLAG_PACKED != 0;
        for position in 0..(*table).nNumUsed as usize {
            let (key, slot) = if packed {
                let slot = (*table).__bindgen_anon_1.arPacked.add(position);
                (Key::Index(position as u64), slot)
            } else {
                let bucket = (*table).__bindgen_anon_1.arData.add(position);
                let key = match (*bucket).key.as_ref() {
                    Some(name) => Key::Name(name.as_bytes()),
                    None => Key::Index((*bucket).h),
                };
                (key, &raw mut (*bucket).val)
            };
            if (*slot).get_type() == DataType::Undef {
                continue;
            }
            if (*slot).is_reference() {
                // The value gains a reference before the slot drops its hold on the PHP reference.
                let value = (*slot).dereference().shallow_clone();
                *slot = value;
            }
            if let Some(value) = each(key, &*slot)? {
                *slot = value;
            }
        }
    }
    Ok(copy)
}
