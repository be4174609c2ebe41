//! The public conformance suites of ../shared/conformance through the core, with the same
//! case names and the same list of known differences (tests/known-differences.tsv) as the
//! PHPUnit suites in php-tests/Conformance. A listed case that passes, and a listed name
//! that never ran, fail the run: the list cannot go stale.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use url_normalize::{normalize, resolve, Options};

fn conformance_dir() -> PathBuf {
    std::env::var_os("URL_NORMALIZE_CONFORMANCE").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance"),
        PathBuf::from,
    )
}

fn read(file: &str) -> String {
    let path = conformance_dir().join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Marks a `\uD800`–`\uDFFF` escape that is not half of a pair. Such a string cannot exist
/// in UTF-8, and serde_json (like PHP's json_decode) rejects the whole file for it.
const LONE_SURROGATE: &str = "<lone surrogate>";

fn read_json(file: &str) -> Vec<Value> {
    let text = read(file);
    let mut cleaned = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(at) = rest.find("\\u") {
        cleaned.push_str(&rest[..at]);
        let unit = |s: &str| s.get(2..6).and_then(|h| u16::from_str_radix(h, 16).ok());
        let escape = &rest[at..];
        match unit(escape) {
            Some(0xD800..=0xDBFF)
                if matches!(escape.get(6..).and_then(unit), Some(0xDC00..=0xDFFF)) =>
            {
                cleaned.push_str(&escape[..12]);
                rest = &escape[12..];
            }
            Some(0xD800..=0xDFFF) => {
                cleaned.push_str(LONE_SURROGATE);
                rest = &escape[6..];
            }
            _ => {
                cleaned.push_str(&escape[..2]);
                rest = &escape[2..];
            }
        }
    }
    cleaned.push_str(rest);
    serde_json::from_str(&cleaned).expect("valid JSON once lone surrogates are marked")
}

/// Writes controls as `\xHH`, so every name is one printable line (same rule in PHP).
fn printable(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\0'..='\x1f' | '\x7f' => format!("\\x{:02X}", c as u32),
            c => c.to_string(),
        })
        .collect()
}

/// One suite's results, checked against the known differences at the end.
struct Suite {
    name: &'static str,
    known: BTreeMap<String, String>,
    occurrences: BTreeMap<String, usize>,
    ran: BTreeSet<String>,
    passed: usize,
    failures: Vec<String>,
}

impl Suite {
    fn new(name: &'static str) -> Self {
        let list = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/known-differences.tsv"
        ))
        .expect("tests/known-differences.tsv");
        let known = list
            .lines()
            .filter(|line| !line.starts_with('#') && !line.is_empty())
            .filter_map(|line| {
                let mut cells = line.splitn(3, '\t');
                let (suite, case, reason) = (cells.next()?, cells.next()?, cells.next()?);
                (suite == name).then(|| (case.to_owned(), reason.to_owned()))
            })
            .collect();
        Self {
            name,
            known,
            occurrences: BTreeMap::new(),
            ran: BTreeSet::new(),
            passed: 0,
            failures: Vec::new(),
        }
    }

    /// Names repeat in some files; the second occurrence gets ` #2`, and so on.
    fn unique(&mut self, name: String) -> String {
        let count = self.occurrences.entry(name.clone()).or_insert(0);
        *count += 1;
        let unique = if *count == 1 {
            name
        } else {
            format!("{name} #{count}")
        };
        self.ran.insert(unique.clone());
        unique
    }

    fn check(&mut self, name: String, expected: Option<&str>, got: Result<String, String>) {
        let name = self.unique(name);
        let passes = got.as_deref().ok() == expected;
        match (self.known.contains_key(&name), passes) {
            (false, true) => self.passed += 1,
            (true, false) => {}
            (false, false) => self
                .failures
                .push(format!("{name}: expected {expected:?}, got {got:?}")),
            (true, true) => self.failures.push(format!(
                "{name}: passes now; remove it from known-differences.tsv"
            )),
        }
    }

    fn finish(self) {
        let stale: Vec<&String> = self
            .known
            .keys()
            .filter(|k| !self.ran.contains(*k))
            .collect();
        println!(
            "{}: {} of {} pass, {} known differences",
            self.name,
            self.passed,
            self.ran.len(),
            self.known.len()
        );
        assert!(
            stale.is_empty(),
            "{}: listed but never ran: {stale:?}",
            self.name
        );
        assert!(
            self.failures.is_empty(),
            "{}: {} failures:\n{}",
            self.name,
            self.failures.len(),
            self.failures.join("\n")
        );
    }
}

fn strict() -> Options {
    Options {
        strict: true,
        ..Options::default()
    }
}

fn has_scheme(input: &str) -> bool {
    let stripped: String = input
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !"\t\n\r".contains(*c))
        .collect();
    let scheme = stripped.split(':').next().unwrap_or("");
    stripped.contains(':')
        && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
}

#[test]
fn wpt_urltestdata() {
    let mut suite = Suite::new("wpt-urltestdata");
    for case in read_json("wpt-urltestdata.json")
        .iter()
        .filter(|c| c.is_object())
    {
        let input = case["input"].as_str().expect("input");
        let expected = match case["failure"].as_bool() {
            Some(true) => None,
            _ => case["href"].as_str(),
        };
        match case["base"].as_str() {
            Some(base) => {
                let got = resolve(input.as_bytes(), base.as_bytes()).map_err(|e| e.to_string());
                suite.check(
                    format!("<{}> against <{}>", printable(input), printable(base)),
                    expected,
                    got,
                );
            }
            None if has_scheme(input) => {
                let got = normalize(input.as_bytes(), &strict()).map_err(|e| e.to_string());
                suite.check(format!("<{}>", printable(input)), expected, got);
            }
            None => {} // a scheme-less input with no base gets https:// here, not a failure
        }
    }
    suite.finish();
}

/// WPT's url/IdnaTestV2.window.js and toascii.window.js: `new URL("https://" + input + "/x")`,
/// with `: / ? # \` percent-encoded so they reach the host parser; the empty input is skipped
/// there too ("cannot test empty string input through new URL()").
fn host_suite(name: &'static str, file: &str) {
    let mut suite = Suite::new(name);
    let mut dropped = 0;
    for case in read_json(file).iter().filter(|c| c.is_object()) {
        let input = case["input"].as_str().expect("input");
        if input.contains(LONE_SURROGATE) {
            dropped += 1;
            continue;
        }
        if input.is_empty() {
            continue;
        }
        let encoded: String = input
            .chars()
            .map(|c| match c {
                ':' | '/' | '?' | '#' | '\\' => format!("%{:02X}", c as u32),
                c => c.to_string(),
            })
            .collect();
        let url = format!("https://{encoded}/x");
        let expected = case["output"]
            .as_str()
            .map(|host| format!("https://{host}/x"));
        let got = normalize(url.as_bytes(), &strict()).map_err(|e| e.to_string());
        suite.check(
            format!("ToASCII({})", printable(input)),
            expected.as_deref(),
            got,
        );
    }
    if dropped > 0 {
        println!("{name}: dropped {dropped} cases whose input is a lone UTF-16 surrogate");
    }
    suite.finish();
}

#[test]
fn wpt_toascii() {
    host_suite("wpt-toascii", "wpt-toascii.json");
}

#[test]
fn wpt_idna_test_v2() {
    host_suite("wpt-IdnaTestV2", "wpt-IdnaTestV2.json");
}

#[test]
fn rfc3986_resolution_examples() {
    let mut suite = Suite::new("rfc3986");
    for line in read("rfc3986-resolution-examples.tsv").lines().skip(1) {
        let cells: Vec<&str> = line.split('\t').collect();
        let (base, reference, expected) = (cells[1], cells[2], cells[3]);
        let got = resolve(reference.as_bytes(), base.as_bytes()).map_err(|e| e.to_string());
        suite.check(
            format!("<{reference}> against <{base}>"),
            Some(expected),
            got,
        );
    }
    suite.finish();
}
