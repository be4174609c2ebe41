//! The committed key-stability list (testdata/keys/keys.tsv): every URL's canonical form and
//! both fingerprints, under each flag set, are what this build computes; the list names the
//! current KEY_VERSION. php-tests/KeyStabilityTest.php checks the same list through PHP, and
//! scripts/keys.php rewrites it (see the README, "Keys").

use std::collections::HashSet;
use std::path::Path;
use url_normalize_core::{canonicalize, fingerprint_with, Flags, KeyBits, Options, KEY_VERSION};

#[test]
fn every_listed_key_is_what_this_build_computes() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/keys/keys.tsv");
    let text = std::fs::read_to_string(&path).expect("testdata/keys/keys.tsv");
    let mut strict = Options::default();
    strict
        .set("strict", url_normalize_core::OptionValue::Bool(true))
        .expect("a valid option");
    let version = format!("# KEY_VERSION {KEY_VERSION}");
    assert!(
        text.lines().any(|line| line == version),
        "the list does not name KEY_VERSION {KEY_VERSION}"
    );
    let mut urls = HashSet::new();
    let mut differ = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let [name, url, canonical, xxh64, xxh128] = fields[..] else {
            panic!("not 5 fields: {line}");
        };
        let (_, flags) = Flags::PRESETS
            .iter()
            .find(|(preset, _)| *preset == name)
            .unwrap_or_else(|| panic!("no preset {name}"));
        let computed =
            canonicalize(url.as_bytes(), *flags, &strict).unwrap_or_else(|e| panic!("{e}"));
        let keys = (
            computed.as_str(),
            fingerprint_with(computed.as_bytes(), KeyBits::Bits64),
            fingerprint_with(computed.as_bytes(), KeyBits::Bits128),
        );
        if keys != (canonical, xxh64.to_owned(), xxh128.to_owned()) {
            differ.push(format!(
                "{name} {url}: listed {canonical} {xxh64} {xxh128}, computed {keys:?}"
            ));
        }
        urls.insert(url);
    }
    assert!(
        differ.is_empty(),
        "{} keys differ:\n{}",
        differ.len(),
        differ[..differ.len().min(20)].join("\n")
    );
    assert!(urls.len() >= 1000, "only {} URLs", urls.len());
}
