//! UrlPattern: no panic; test and exec agree; a scope of the pattern agrees with test.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| url_normalize_fuzz::check_urlpattern(data));
