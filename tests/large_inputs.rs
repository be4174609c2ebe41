//! Time guards: 1 MB inputs made of one repeated shape finish in time linear in their length,
//! through every public entry point. A transform that rescans the rest of its input at every
//! repetition takes minutes on these; a linear one a fraction of a second.
//!
//! This binary builds the crate at opt-level 0 (its dependencies at 3), so the bound is
//! generous; php-tests/LargeInputTest.php holds the release build to a tighter one.

use std::time::{Duration, Instant};
use url_normalize::{
    canonicalize, fingerprint, normalize, remove_query_parameters, resolve, surt, Flags, Options,
};

const SIZE: usize = 1_000_000;

/// Per call, at opt-level 0 on a shared machine; a linear pass over 1 MB takes well under it.
const BOUND: Duration = Duration::from_secs(8);

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
fn one_megabyte_shapes_take_linear_time() {
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
            resolve(input, b"https://example.org/a/b")
        });
        timed(&format!("resolve {name} as the base"), || {
            resolve(b"../x?y#z", input)
        });
    }
}
