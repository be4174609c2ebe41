//! Argument types ext-php-rs does not offer: an `array` defaulting to `[]`, and an `object`
//! that can be kept without casting a shared reference to a mutable one.

use ext_php_rs::convert::{FromZval, StubLiteral};
use ext_php_rs::flags::DataType;
use ext_php_rs::types::{ZendHashTable, Zval};

/// An `array` parameter whose default is `[]`, which ext-php-rs can show in Reflection
/// and stubs (`Option<&ZendHashTable>` could only default to `null`).
pub struct ArrayArg<'a>(pub(crate) Option<&'a ZendHashTable>);

impl ArrayArg<'_> {
    pub(crate) const EMPTY: ArrayArg<'static> = ArrayArg(None);
}

impl<'a> FromZval<'a> for ArrayArg<'a> {
    const TYPE: DataType = DataType::Array;

    fn from_zval(zval: &'a Zval) -> Option<Self> {
        zval.array().map(|array| ArrayArg(Some(array)))
    }
}

impl StubLiteral for ArrayArg<'_> {
    fn stub_literal(&self) -> String {
        "[]".to_owned()
    }
}

/// An `object` parameter, borrowed as its zval: `shallow_clone()` then keeps the object with a
/// reference of its own (`&ZendObject` could only be kept through a `&mut` cast).
pub struct ObjectArg<'a>(pub(crate) &'a Zval);

impl<'a> FromZval<'a> for ObjectArg<'a> {
    const TYPE: DataType = DataType::ANY_OBJECT;

    fn from_zval(zval: &'a Zval) -> Option<Self> {
        zval.is_object().then_some(ObjectArg(zval))
    }
}
