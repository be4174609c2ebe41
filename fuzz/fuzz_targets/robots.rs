//! RobotsTxt: no panic; is_allowed and matched_rule agree; matching stays linear.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| url_normalize_fuzz::check_robots(data));
