//! canonicalize(): no panic; idempotent for every preset and for the flags the input names.
//! Input: two bytes of flags (little-endian), then the URL.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| url_normalize_fuzz::check_canonicalize(data));
