//! The option sets that the differential tests and the fuzz targets run under: the defaults,
//! and each option that can refuse, change or shape an answer, alone and together. A fast
//! path must agree with its full path under every one of them.
//!
//! Compiled into `tests/common` and, by path, into the fuzz crate (`fuzz/src/checks.rs`).

use url_normalize_core::{OptionValue, Options};

fn list(items: &[&str]) -> OptionValue {
    OptionValue::List(items.iter().map(|item| (*item).to_owned()).collect())
}

fn with(settings: &[(&str, OptionValue)]) -> Options {
    let mut options = Options::default();
    for (key, value) in settings {
        options.set(key, value.clone()).expect("a valid option");
    }
    options.validate().expect("options that go together");
    options
}

/// The option sets, each with a name for messages.
pub fn option_matrix() -> Vec<(&'static str, Options)> {
    let string = |text: &str| OptionValue::String(text.to_owned());
    vec![
        ("defaults", Options::default()),
        ("strict", with(&[("strict", OptionValue::Bool(true))])),
        (
            "default_scheme http",
            with(&[("default_scheme", string("http"))]),
        ),
        (
            "allowed_schemes https",
            with(&[("allowed_schemes", list(&["https"]))]),
        ),
        (
            "allowed_schemes http ftp, default_scheme http",
            with(&[
                ("allowed_schemes", list(&["http", "ftp"])),
                ("default_scheme", string("http")),
            ]),
        ),
        (
            "allowed_hosts",
            with(&[(
                "allowed_hosts",
                list(&["*.example.com", "example.org", "xn--tck2c4fb.jp"]),
            )]),
        ),
        (
            "block_private_hosts",
            with(&[("block_private_hosts", OptionValue::Bool(true))]),
        ),
        (
            "max_length 40",
            with(&[("max_length", OptionValue::Int(40))]),
        ),
        (
            "custom lists",
            with(&[
                ("directory_indexes", list(&["a", "index.*"])),
                ("extra_tracking_parameters", list(&["x", "q*"])),
                ("remove_query_parameters", list(&["b"])),
                ("public_suffixes", string("icann")),
            ]),
        ),
        (
            "all together",
            with(&[
                ("default_scheme", string("http")),
                ("allowed_schemes", list(&["http", "https"])),
                ("allowed_hosts", list(&["*.com", "*.org", "*.de", "*.jp"])),
                ("block_private_hosts", OptionValue::Bool(true)),
                ("max_length", OptionValue::Int(120)),
                ("strict", OptionValue::Bool(true)),
            ]),
        ),
    ]
}
