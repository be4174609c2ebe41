//! PHP strings in and out without copies: a URL parameter's string kept as the caller's zval,
//! and a `string` return value that can be that same zval.
//!
//! `BinarySlice` in and `Binary` out cost a new zend_string and a copy on every call,
//! even when the answer is the input: about 40–70 ns per call on a short string, measured
//! with a million calls, which makes such a method 1.5–3× `strtolower`. With these types,
//! the fast path of `normalize()` hands back the caller's string with one reference more.

use ext_php_rs::convert::IntoZval;
use ext_php_rs::error::Result;
use ext_php_rs::flags::DataType;
use ext_php_rs::types::{ZendStr, Zval};

/// A URL parameter's text: the caller's own string, kept as its zval, or the string an object
/// gave (`__toString()`). It takes any bytes.
pub struct StringArg<'a>(Holder<'a>);

enum Holder<'a> {
    /// The caller's string.
    Caller(&'a Zval),
    /// The string an object converted to: a new string this argument owns.
    Converted(Zval),
}

impl<'a> StringArg<'a> {
    /// The caller's string, when `zval` is one.
    pub(crate) fn from_zval(zval: &'a Zval) -> Option<Self> {
        zval.is_string().then_some(StringArg(Holder::Caller(zval)))
    }

    /// A string an object converted to.
    pub(crate) fn converted(text: Zval) -> Self {
        StringArg(Holder::Converted(text))
    }

    /// The string's bytes, borrowed from PHP.
    pub(crate) fn bytes(&self) -> &[u8] {
        self.zval().zend_str().map_or(&[], |text| text.as_bytes())
    }

    /// The string's zval, to share (in a log context, say).
    pub(crate) fn zval(&self) -> &Zval {
        match &self.0 {
            Holder::Caller(zval) => zval,
            Holder::Converted(zval) => zval,
        }
    }

    /// The string as a return value: one more reference, no copy.
    pub(crate) fn returned(&self) -> PhpString {
        PhpString(self.zval().shallow_clone())
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
