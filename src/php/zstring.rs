//! PHP strings in and out without copies: a `string` parameter kept as the caller's zval,
//! and a `string` return value that can be that same zval.
//!
//! `BinarySlice` in and `Binary` out cost a new zend_string and a copy on every call,
//! even when the answer is the input: about 40–70 ns per call on a short string, measured
//! with a million calls, which makes such a method 1.5–3× `strtolower`. With these types,
//! the fast path of `normalize()` hands back the caller's string with one reference more.

use ext_php_rs::convert::{FromZval, IntoZval};
use ext_php_rs::error::Result;
use ext_php_rs::flags::DataType;
use ext_php_rs::types::{ZendStr, Zval};

/// A `string` parameter. Like `BinarySlice<u8>` it takes any bytes and no other type
/// (no coercion: `normalize(123)` is a `TypeError`), and it also keeps the zval.
pub struct StringArg<'a> {
    zval: &'a Zval,
    bytes: &'a [u8],
}

impl<'a> StringArg<'a> {
    /// The string's bytes, borrowed from PHP.
    pub(crate) fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The caller's zval, to share (in a log context, say).
    pub(crate) fn zval(&self) -> &'a Zval {
        self.zval
    }

    /// The caller's own string, as a return value: one more reference, no copy.
    pub(crate) fn returned(&self) -> PhpString {
        PhpString(self.zval.shallow_clone())
    }
}

impl<'a> FromZval<'a> for StringArg<'a> {
    const TYPE: DataType = DataType::String;

    fn from_zval(zval: &'a Zval) -> Option<Self> {
        let bytes = zval.zend_str()?.as_bytes();
        Some(StringArg { zval, bytes })
    }
}

/// A `string` return value: the caller's zval, or a new string.
pub struct PhpString(Zval);

impl PhpString {
    /// A new PHP string holding `bytes` (one allocation and one copy).
    pub(crate) fn new(bytes: &[u8]) -> Self {
        let mut zval = Zval::new();
        zval.set_zend_string(ZendStr::new(bytes, false));
        PhpString(zval)
    }

    /// The string as a zval, to share.
    pub(crate) fn zval(&self) -> &Zval {
        &self.0
    }

    /// The string's bytes.
    pub(crate) fn bytes(&self) -> &[u8] {
        self.0.zend_str().map_or(&[], |s| s.as_bytes())
    }

    /// The string as a zval, to store in an array.
    pub(crate) fn into_zval(self) -> Zval {
        self.0
    }
}

impl IntoZval for PhpString {
    const TYPE: DataType = DataType::String;
    const NULLABLE: bool = false;

    fn set_zval(self, zv: &mut Zval, _persistent: bool) -> Result<()> {
        *zv = self.0;
        Ok(())
    }
}
