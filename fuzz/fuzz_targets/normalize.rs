//! normalize(): no panic; an output is ASCII and its own normal form.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| url_normalize_fuzz::check_normalize(data));
