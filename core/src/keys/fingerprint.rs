//! Fingerprints: short, stable keys for a key/value store.
//!
//! Keys are a storage format: a crawl keeps them for years and across machines. Their format
//! is named by [`KEY_VERSION`], and testdata/keys/ holds a list of URLs with their canonical
//! forms and both fingerprints, which the tests compare with what this build computes.

use std::fmt;

/// The version of the key format: the canonical forms [`crate::canonicalize`] gives and the
/// two fingerprints of them. It changes whenever a release changes the key of any URL that
/// had one (the tests over testdata/keys/ fail first).
pub const KEY_VERSION: i64 = 1;

/// The width of a fingerprint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyBits {
    /// XXH64 (seed 0), 16 hex digits: PHP's `hash('xxh64', ...)`. At 10⁹ URLs two of them
    /// share a key with a probability of a few percent.
    Bits64,
    /// XXH3-128 (seed 0), 32 hex digits: PHP's `hash('xxh128', ...)`. No collision in
    /// practice at any crawl size.
    Bits128,
}

/// A width other than 64 or 128.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownKeyBits(pub i64);

impl fmt::Display for UnknownKeyBits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "must be 64 or 128, {} given", self.0)
    }
}

impl std::error::Error for UnknownKeyBits {}

impl TryFrom<i64> for KeyBits {
    type Error = UnknownKeyBits;

    fn try_from(bits: i64) -> Result<Self, Self::Error> {
        match bits {
            64 => Ok(Self::Bits64),
            128 => Ok(Self::Bits128),
            other => Err(UnknownKeyBits(other)),
        }
    }
}

/// The XXH64 hash (seed 0) of `canonical`, as 16 lowercase hex digits.
///
/// XXH64 is specified (<https://github.com/Cyan4973/xxHash/blob/dev/doc/xxhash_spec.md>),
/// gives the same value on every platform and release, and is built into PHP's hash
/// extension: `fingerprint($x) === hash('xxh64', $x)`, so any PHP code can recompute a key.
///
/// # Examples
///
/// ```
/// use url_normalize_core::fingerprint;
/// assert_eq!(fingerprint(b""), "ef46db3751d8e999");
/// assert_eq!(fingerprint(b"http://www.example.com/"), fingerprint(b"http://www.example.com/"));
/// ```
pub fn fingerprint(canonical: &[u8]) -> String {
    fingerprint_with(canonical, KeyBits::Bits64)
}

/// The fingerprint of `canonical` in the given width: XXH64 as 16 lowercase hex digits, or
/// XXH3-128 as 32 (the high 64 bits first, the canonical byte order of the xxHash
/// specification, as PHP's `hash('xxh128', ...)` writes it).
///
/// # Examples
///
/// ```
/// use url_normalize_core::{fingerprint_with, KeyBits};
/// assert_eq!(fingerprint_with(b"", KeyBits::Bits128), "99aa06d3014798d86001c324468d497f");
/// assert_eq!(fingerprint_with(b"", KeyBits::Bits64), "ef46db3751d8e999");
/// ```
pub fn fingerprint_with(canonical: &[u8], bits: KeyBits) -> String {
    match bits {
        KeyBits::Bits64 => format!("{:016x}", xxhash_rust::xxh64::xxh64(canonical, 0)),
        KeyBits::Bits128 => format!("{:032x}", xxhash_rust::xxh3::xxh3_128(canonical)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reference values: the empty inputs from the xxHash specification's test vectors, the
    /// others computed with PHP's hash('xxh64', ...) and hash('xxh128', ...), an independent
    /// implementation.
    #[test]
    fn known_values() {
        assert_eq!(fingerprint(b""), "ef46db3751d8e999");
        assert_eq!(fingerprint(b"http://www.example.com/"), "a2cc26a414d9cfa3");
        assert_eq!(fingerprint(b"https://a.com/?a=1&b=2"), "dddbd03fb959e7c3");
        let wide = |input: &[u8]| fingerprint_with(input, KeyBits::Bits128);
        assert_eq!(wide(b""), "99aa06d3014798d86001c324468d497f");
        assert_eq!(
            wide(b"http://www.example.com/"),
            "546c079a27aa62fe810409a9c9e6995b"
        );
        assert_eq!(
            wide(b"https://a.com/?a=1&b=2"),
            "6861c17cc5f54685c7d6d32f32bf9192"
        );
    }

    #[test]
    fn only_64_and_128_bits() {
        assert_eq!(KeyBits::try_from(64), Ok(KeyBits::Bits64));
        assert_eq!(KeyBits::try_from(128), Ok(KeyBits::Bits128));
        for bad in [0, 32, 65, 256, -64, i64::MAX] {
            assert_eq!(KeyBits::try_from(bad), Err(UnknownKeyBits(bad)));
        }
        assert_eq!(
            UnknownKeyBits(32).to_string(),
            "must be 64 or 128, 32 given"
        );
    }
}
