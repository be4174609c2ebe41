//! Time guards: long inputs made of one repeated shape finish in time linear in their length,
//! through every public entry point. A transform that rescans the rest of its input at every
//! repetition takes minutes on these; a linear one a fraction of a second.
//!
//! This binary builds the crate at opt-level 0 (its dependencies at 3), where a linear pass
//! is some 20 times slower than in the release build: 200 KB and a generous bound keep the
//! run short and still fail a quadratic transform by far (`#` × 80,000 took 2.9 s released).
//! php-tests/LargeInputTest.php runs the same shapes at 1 MB against the release build.

use std::time::{Duration, Instant};
use url_normalize_core::{
    canonicalize, fingerprint, normalize, remove_query_parameters, resolve, surt, Flags, Options,
};

const SIZE: usize = 200_000;

/// Per call, at opt-level 0 on a shared machine, where the slowest call (`&` × N through
/// USUALLY_SAFE: 200,000 pairs, each matched against every tracking and session name) takes
/// about a second.
const BOUND: Duration = Duration::from_secs(10);

fn repeated(shape: &str) -> String {
    shape.repeat(SIZE / shape.len())
}

/// Each shape at the place in a URL where a transform acts on it.
fn shapes() -> Vec<(&'static str, String)> {
    let labels = vec!["a"; 10_000].join(".");
    vec![
        ("#×N", format!("https://example.com/#{}/", repeated("#"))),
        ("#/×N", format!("https://example.com/#{}", repeated("#/"))),
        ("../×N", format!("https://example.com/{}", repeated("../"))),
        ("&×N", format!("https://example.com/?{}", repeated("&"))),
        ("10,000 labels", format!("https://{labels}.com/")),
        (
            "/index.html×N",
            format!("https://example.com{}", repeated("/index.html")),
        ),
        (
            "www.×N",
            format!("https://{}example.com/", repeated("www.")),
        ),
        (
            "%41×N",
            format!(
                "https://example.com/{}?{}#{}",
                repeated("%41"),
                repeated("%41"),
                repeated("%41")
            ),
        ),
        (
            ";jsessionid=x×N",
            format!("https://example.com/a{}", repeated(";jsessionid=x")),
        ),
        ("//×N", format!("https://example.com{}", repeated("//"))),
    ]
}

fn timed<T>(what: &str, call: impl FnOnce() -> T) {
    let start = Instant::now();
    let _ = call();
    let took = start.elapsed();
    assert!(took < BOUND, "{what} took {took:?}");
}

#[test]
fn long_repetitions_take_linear_time() {
    let options = Options::default();
    let names = ["a".to_owned(), "utm_*".to_owned()];
    for (name, url) in shapes() {
        let input = url.as_bytes();
        for (preset, flags) in Flags::PRESETS {
            timed(&format!("canonicalize {preset} {name}"), || {
                canonicalize(input, *flags, &options)
            });
        }
        timed(&format!("fingerprint {name}"), || {
            canonicalize(input, Flags::USUALLY_SAFE, &options)
                .map(|key| fingerprint(key.as_bytes()))
        });
        timed(&format!("surt {name}"), || surt(input, &options));
        timed(&format!("remove_query_parameters {name}"), || {
            remove_query_parameters(input, &names, &options)
        });
        timed(&format!("normalize {name}"), || normalize(input, &options));
        timed(&format!("resolve {name} as the link"), || {
            resolve(input, b"https://example.org/a/b", &options)
        });
        timed(&format!("resolve {name} as the base"), || {
            resolve(b"../x?y#z", input, &options)
        });
    }
}
