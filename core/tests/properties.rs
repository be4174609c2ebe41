//! Properties of canonicalize() over generated and real URLs (testdata/urls/kasztp.txt and
//! idn-sample.txt): every single flag and every preset is idempotent, also on long repetitions
//! of the shapes a transform acts on, and SAFE never changes the host, the decoded path bytes
//! or the decoded query pairs.

mod common;

use common::{data_urls, random_input, Rng};
use percent_encoding::percent_decode_str;
use url_normalize_core::{canonicalize, normalize, Flags, OptionValue, Options};

fn inputs() -> Vec<Vec<u8>> {
    let mut inputs: Vec<Vec<u8>> = ["kasztp.txt", "idn-sample.txt"]
        .iter()
        .flat_map(|file| data_urls(file))
        .map(String::into_bytes)
        .collect();
    let mut rng = Rng(0xC0FF_EE00_C0FF_EE00);
    inputs.extend((0..20_000).map(|_| random_input(&mut rng)));
    inputs
}

/// Checks `canonicalize(canonicalize(u)) == canonicalize(u)` for every single flag and every
/// preset over `inputs`, and returns how many canonical forms were checked (inputs that make
/// no URL are skipped: most repetition shapes in the host position, `http://#example.com/`).
fn check_idempotence(inputs: &[Vec<u8>]) -> usize {
    check_idempotence_with(inputs, &Options::default())
}

/// [`check_idempotence`] with `options`: every canonical form is also one the same
/// normalizer accepts (canonicalizing it again does not fail).
fn check_idempotence_with(inputs: &[Vec<u8>], options: &Options) -> usize {
    let mut checked = 0;
    for (name, flags) in Flags::ALL.iter().chain(Flags::PRESETS) {
        for input in inputs {
            let Ok(once) = canonicalize(input, *flags, options) else {
                continue;
            };
            let twice = canonicalize(once.as_bytes(), *flags, options);
            assert_eq!(
                twice.as_deref(),
                Ok(once.as_str()),
                "{name} is not idempotent for {:?}",
                String::from_utf8_lossy(input)
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn every_flag_and_preset_is_idempotent() {
    let checked = check_idempotence(&inputs());
    assert!(
        checked > 1_000_000,
        "only {checked} canonical forms checked"
    );
}

/// The law holds under the policies too: `allowed_schemes` without `https` (FORCE_HTTPS is
/// then skipped), and an `allowed_hosts` that lists the data's `www.` hosts but not the names
/// without `www.` (REMOVE_WWW is then skipped), with `block_private_hosts`.
#[test]
fn every_flag_and_preset_is_idempotent_under_the_policies() {
    let inputs: Vec<Vec<u8>> = inputs().into_iter().step_by(12).collect();
    let list = |items: Vec<String>| OptionValue::List(items);
    let mut http_only = Options::default();
    http_only
        .set("allowed_schemes", list(vec!["http".into(), "ftp".into()]))
        .and_then(|()| http_only.set("default_scheme", OptionValue::String("http".into())))
        .expect("valid options");
    let www_hosts: Vec<String> = inputs
        .iter()
        .filter_map(|input| normalize(input, &Options::default()).ok())
        .filter_map(|url| {
            Some(
                url.split_once("://")?
                    .1
                    .split(['/', ':'])
                    .next()?
                    .to_owned(),
            )
        })
        .filter(|host| host.starts_with("www.") && !host.contains('@'))
        .collect();
    assert!(www_hosts.len() > 500, "only {} www. hosts", www_hosts.len());
    let mut www_only = Options::default();
    www_only
        .set("allowed_hosts", list(www_hosts))
        .and_then(|()| www_only.set("block_private_hosts", OptionValue::Bool(true)))
        .expect("valid options");
    // The data's https URLs as http ones, which http_only accepts and FORCE_HTTPS would move.
    let http: Vec<Vec<u8>> = inputs
        .iter()
        .map(|input| match input.strip_prefix(b"https://") {
            Some(rest) => [b"http://".as_slice(), rest].concat(),
            None => input.clone(),
        })
        .collect();
    let checked = check_idempotence_with(&http, &http_only);
    assert!(checked > 50_000, "only {checked} canonical forms checked");
    let checked = check_idempotence_with(&inputs, &www_only);
    assert!(checked > 5_000, "only {checked} canonical forms checked");
}

/// The law holds whatever `max_length` is: a key is never longer than the limit (percent-
/// encoding makes a URL up to three times its input, and such a key is refused, not returned),
/// so every key is one the same normalizer accepts again; normalize() too.
#[test]
fn every_flag_and_preset_is_idempotent_under_any_max_length() {
    let mut inputs: Vec<Vec<u8>> = inputs().into_iter().step_by(25).collect();
    // Inputs that grow most when encoded: non-ASCII, spaces, bytes that are not UTF-8.
    for length in [1, 10, 40, 100, 400] {
        inputs.push(format!("https://example.com/{}", "é".repeat(length)).into_bytes());
        inputs.push(
            format!(
                "example.com/{}?q={}",
                " ".repeat(length),
                "\"".repeat(length)
            )
            .into_bytes(),
        );
        inputs.push([b"https://a.com/".as_slice(), &vec![0xff; length]].concat());
    }
    let mut total = 0;
    for max_length in [1, 20, 50, 94, 100, 254, 1_000, 4_096] {
        let mut options = Options::default();
        options
            .set("max_length", OptionValue::Int(max_length))
            .expect("a valid max_length");
        let checked = check_idempotence_with(&inputs, &options);
        for input in &inputs {
            for (name, flags) in Flags::PRESETS {
                if let Ok(key) = canonicalize(input, *flags, &options) {
                    assert!(
                        key.len() as i64 <= max_length,
                        "{name}: {key} is over {max_length}"
                    );
                }
            }
            if let Ok(url) = normalize(input, &options) {
                assert!(url.len() as i64 <= max_length, "{url} is over {max_length}");
                assert_eq!(normalize(url.as_bytes(), &options).as_ref(), Ok(&url));
            }
        }
        total += checked;
    }
    assert!(total > 100_000, "only {total} canonical forms checked");
}

/// Shapes each transform acts on, repeated far beyond any small number of passes
/// (`/index.html`, `www.`, `#/` 100 times) and mixed at random.
fn repetitions() -> Vec<Vec<u8>> {
    const SHAPES: &[&str] = &[
        "/index.html",
        "/index.html/",
        "/",
        "//",
        "www.",
        "#",
        "#/",
        "#x#/",
        "?",
        "&",
        "%41",
        "%%34%31",
        "%%%33%34%%33%31",
        "%6",
        "%",
        ";jsessionid=x",
        "/(S(4hqa0555fwsecu455xqckv45))",
        "/(4hqa0555fwsecu455xqckv45)",
        "/..",
        "/.",
        "%2e",
        "utm_source=x&",
        "a=1&",
        "=",
    ];
    let mut inputs = Vec::new();
    for shape in SHAPES {
        for count in [1, 2, 3, 33, 100] {
            let repeated = shape.repeat(count);
            inputs.push(format!("http://{repeated}example.com/"));
            inputs.push(format!("http://www.example.com/a{repeated}"));
            inputs.push(format!("http://www.example.com/a/?{repeated}"));
            inputs.push(format!("http://www.example.com/a#{repeated}"));
        }
    }
    let mut rng = Rng(0x0DD5_0DD5_0DD5_0DD5);
    for _ in 0..3_000 {
        let mut input = String::from("http://www.www.example.com");
        for _ in 0..rng.below(60) {
            input.push_str(SHAPES[rng.below(SHAPES.len())]);
        }
        inputs.push(input);
    }
    inputs.into_iter().map(String::into_bytes).collect()
}

#[test]
fn every_flag_and_preset_is_idempotent_on_repetitions() {
    let checked = check_idempotence(&repetitions());
    assert!(checked > 50_000, "only {checked} canonical forms checked");
}

/// The authority, the path's bytes and the query's pairs, all percent-decoded, read off a
/// serialized URL (where `?` and `#` only ever delimit the query and the fragment).
type Meaning = (Vec<u8>, Vec<u8>, Vec<(Vec<u8>, Vec<u8>)>);

fn meaning(url: &str) -> Meaning {
    let decode = |text: &str| percent_decode_str(text).collect::<Vec<u8>>();
    let without_fragment = url.split('#').next().unwrap_or("");
    let (before_query, query) = match without_fragment.split_once('?') {
        Some((before, query)) => (before, Some(query)),
        None => (without_fragment, None),
    };
    let (authority, path) = match before_query.split_once("://") {
        Some((_, rest)) => rest.split_at(rest.find('/').unwrap_or(rest.len())),
        None => ("", before_query),
    };
    let pairs = query
        .map(|query| {
            query
                .split('&')
                .map(|pair| {
                    let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
                    (decode(key), decode(value))
                })
                .collect()
        })
        .unwrap_or_default();
    (decode(authority), decode(path), pairs)
}

#[test]
fn safe_never_changes_host_path_bytes_or_query_pairs() {
    let options = Options::default();
    let mut checked = 0;
    for input in inputs() {
        let (Ok(normalized), Ok(safe)) = (
            normalize(&input, &options),
            canonicalize(&input, Flags::SAFE, &options),
        ) else {
            continue;
        };
        assert_eq!(
            meaning(&normalized),
            meaning(&safe),
            "SAFE changed {normalized} into {safe}"
        );
        checked += 1;
    }
    assert!(checked > 45_000, "only {checked} URLs checked");
}
