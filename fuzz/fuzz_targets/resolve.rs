//! resolve() and resolve_against_directory(): no panic; an output is an absolute, normal URL.
//! Input: `href`, then a 0xFF byte, then `base` (no 0xFF: the whole input is `href`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| url_normalize_fuzz::check_resolve(data));
