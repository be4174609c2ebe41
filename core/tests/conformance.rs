//! The public conformance suites of testdata/conformance through the core, with the same
//! case names and the same list of known differences (tests/known-differences.tsv) as the
//! PHPUnit suites in php-tests/Conformance. A listed case that passes, and a listed name
//! that never ran, fail the run: the list cannot go stale.

mod common;

use common::conformance_dir;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use url_normalize_core::{
    canonicalize, normalize, registrable_domain, remove_query_parameters, resolve, to_display,
    Flags, Options,
};

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

/// The core always reports failures; `strict` only tells the PHP binding to throw them.
fn options() -> Options {
    Options::default()
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
                let got = resolve(input.as_bytes(), base.as_bytes(), &options())
                    .map_err(|e| e.to_string());
                suite.check(
                    format!("<{}> against <{}>", printable(input), printable(base)),
                    expected,
                    got,
                );
            }
            None if has_scheme(input) => {
                let got = normalize(input.as_bytes(), &options()).map_err(|e| e.to_string());
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
        let got = normalize(url.as_bytes(), &options()).map_err(|e| e.to_string());
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
        let got =
            resolve(reference.as_bytes(), base.as_bytes(), &options()).map_err(|e| e.to_string());
        suite.check(
            format!("<{reference}> against <{base}>"),
            Some(expected),
            got,
        );
    }
    suite.finish();
}

/// The suites' relative inputs (`/path`, `?query`) made absolute on a fixed host, for input
/// and expectation alike: canonicalize() takes URLs, and both libraries treat the path and
/// query of such an input exactly as they would under a host.
fn absolute(host: &str, url: &str) -> String {
    match url.as_bytes().first() {
        Some(b'/') => format!("{host}{url}"),
        Some(b'?') => format!("{host}/{url}"),
        _ => url.to_owned(),
    }
}

fn flag(name: &str) -> Flags {
    Flags::ALL
        .iter()
        .chain(Flags::PRESETS)
        .find(|(flag_name, _)| *flag_name == name)
        .map(|(_, flag)| *flag)
        .unwrap_or_else(|| panic!("no flag {name}"))
}

/// URL::Normalize 0.44's own test cases, each method through its constant. The module's
/// URI-based methods canonicalize implicitly (the conformance README), so they run with
/// MAKE_CANONICAL added; remove_empty_query and remove_fragment are plain regex edits.
#[test]
fn url_normalize_0_44() {
    let mut suite = Suite::new("url-normalize-0.44");
    for line in read("url-normalize-0.44-tests.jsonl").lines() {
        let case: Value = serde_json::from_str(line).expect("JSON line");
        let method = case["method"].as_str().expect("method");
        let input = absolute(
            "http://www.example.com",
            case["input"].as_str().expect("input"),
        );
        let expected = absolute(
            "http://www.example.com",
            case["expected"].as_str().expect("expected"),
        );
        let got = if method == "remove_query_parameter" {
            let names: Vec<String> = vec![case["args"][0]["args"][0]
                .as_str()
                .expect("name")
                .to_owned()];
            remove_query_parameters(input.as_bytes(), &names, &options())
        } else {
            let flags = method.split('+').fold(Flags::NONE, |flags, method| {
                let implicit = match method {
                    "remove_empty_query" | "remove_fragment" | "remove_fragments" => Flags::NONE,
                    _ => Flags::MAKE_CANONICAL,
                };
                flags | implicit | flag(&method.to_ascii_uppercase())
            });
            canonicalize(input.as_bytes(), flags, &options())
        };
        let name = format!("{method} <{}>", case["input"].as_str().expect("input"));
        suite.check(name, Some(&expected), got.map_err(|e| e.to_string()));
    }
    suite.finish();
}

/// Guzzle psr7 2.6.2's UriNormalizer cases through the nearest flags. CONVERT_EMPTY_PATH,
/// REMOVE_DEFAULT_HOST and REMOVE_DEFAULT_PORT are part of every normalization here.
#[test]
fn guzzle_psr7_normalize() {
    let mut suite = Suite::new("guzzle-psr7-normalize");
    for line in read("guzzle-psr7-2.6.2-uri-tests.jsonl").lines() {
        let case: Value = serde_json::from_str(line).expect("JSON line");
        if case["op"] != "normalize" {
            continue;
        }
        let flags =
            case["flags"]
                .as_array()
                .expect("flags")
                .iter()
                .fold(Flags::NONE, |flags, name| {
                    match name.as_str().expect("flag name") {
                        "CONVERT_EMPTY_PATH" | "REMOVE_DEFAULT_HOST" | "REMOVE_DEFAULT_PORT" => {
                            flags
                        }
                        name => flags | flag(name),
                    }
                });
        let input = absolute("http://example.org", case["input"].as_str().expect("input"));
        let expected = absolute(
            "http://example.org",
            case["expected"].as_str().expect("expected"),
        );
        let got = canonicalize(input.as_bytes(), flags, &options()).map_err(|e| e.to_string());
        let names: Vec<&str> = case["flags"]
            .as_array()
            .expect("flags")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        suite.check(
            format!(
                "{} <{}>",
                names.join("|"),
                case["input"].as_str().expect("input")
            ),
            Some(&expected),
            got,
        );
    }
    suite.finish();
}

/// The host `to_display()` shows for `https://<host>/`, or why there is none; `: / ? # \\`
/// are percent-encoded so that they reach the host parser, as in the WPT host suites.
fn displayed_host(host: &str) -> Result<String, String> {
    let encoded: String = host
        .chars()
        .map(|c| match c {
            ':' | '/' | '?' | '#' | '\\' => format!("%{:02X}", c as u32),
            c => c.to_string(),
        })
        .collect();
    let url = format!("https://{encoded}/");
    let shown = to_display(url.as_bytes(), &options()).map_err(|e| e.to_string())?;
    let rest = shown.strip_prefix("https://").expect("an https URL");
    Ok(rest[..rest.find('/').unwrap_or(rest.len())].to_owned())
}

/// Chromium's IDN spoof-check cases (`kIdnCases`) through the host of `to_display()`. A
/// `kSafe` case passes when its Unicode form is shown; a `kUnsafe` or `kInvalid` case passes
/// when no label is shown in Unicode: the host stays as written, or is no URL at all.
#[test]
fn chromium_idn_spoof_cases() {
    let mut suite = Suite::new("chromium-idn-spoof");
    let (mut safe, mut safe_shown, mut unsafe_shown, mut unsafe_listed) = (0, 0, 0, 0);
    for line in read("chromium-idn-spoof-cases.jsonl").lines() {
        let case: Value = serde_json::from_str(line).expect("JSON line");
        let ace = case["ace"].as_str().expect("ace");
        let name = format!("<{}> line {}", printable(ace), case["source_line"]);
        let got = displayed_host(ace);
        if case["display"] == "unicode" {
            let unicode = case["unicode"].as_str().expect("unicode");
            safe += 1;
            safe_shown += usize::from(got.as_deref() == Ok(unicode));
            suite.check(name, Some(unicode), got);
        } else {
            let shown = got.as_deref().is_ok_and(|host| host != ace);
            let listed = suite.known.contains_key(&name);
            unsafe_shown += usize::from(shown && !listed);
            unsafe_listed += usize::from(shown && listed);
            let got = match got {
                Ok(host) if shown => format!("shown as {host}"),
                _ => "kept in punycode".to_owned(),
            };
            suite.check(name, Some("kept in punycode"), Ok(got));
        }
    }
    println!(
        "chromium-idn-spoof: {safe_shown} of {safe} safe cases shown in Unicode; unsafe or \
         invalid cases shown in Unicode: {unsafe_shown}, and {unsafe_listed} listed \
         (Chromium's top-domain list)"
    );
    suite.finish();
    assert_eq!(
        unsafe_shown, 0,
        "an unlisted unsafe case is shown in Unicode"
    );
    assert!(
        safe_shown * 10 >= safe * 9,
        "fewer than 90% of safe cases shown"
    );
}

/// The Public Suffix List's own tests (test_psl.txt) through
/// `registrable_domain("https://" + domain + "/")`, expecting the ASCII form; a null domain
/// is the empty string, as PHP's concatenation makes it. No registrable domain and no URL
/// both answer null.
#[test]
fn psl_test_psl() {
    let mut suite = Suite::new("psl-test_psl");
    for line in read("psl-test_psl.jsonl").lines() {
        let case: Value = serde_json::from_str(line).expect("JSON line");
        let domain = case["domain"].as_str();
        let expected = case["registrable"]
            .as_str()
            .map(|d| idna::domain_to_ascii(d).expect("an ASCII form"));
        let url = format!("https://{}/", domain.unwrap_or(""));
        let got = match registrable_domain(url.as_bytes(), &options()) {
            Ok(Some(registrable)) => Ok(registrable),
            Ok(None) => Err("no registrable domain".to_owned()),
            Err(err) => Err(err.to_string()),
        };
        let name = format!("registrableDomain({})", domain.unwrap_or("null"));
        suite.check(name, expected.as_deref(), got);
    }
    suite.finish();
}

/// The extra Chromium cases: deviation characters in non-transitional processing (as the
/// URL Standard processes hosts: `fuß.de` is shown, ZWJ and ZWNJ are not), and the top-domain
/// details table, where a host stays in punycode when its spoof check fails or it matches a
/// top domain.
#[test]
fn chromium_idn_spoof_extra_cases() {
    let mut suite = Suite::new("chromium-idn-spoof-extra");
    for line in read("chromium-idn-spoof-extra-cases.jsonl").lines() {
        let case: Value = serde_json::from_str(line).expect("JSON line");
        let ace = case["ace"].as_str().expect("ace");
        let shown_in_unicode = match case["display"].as_str() {
            Some(display) => display == "unicode",
            None => {
                let passes = matches!(case["spoof_check_result"].as_str(), Some("kNone" | "kSafe"));
                passes && case["matching_top_domain"] == ""
            }
        };
        let expected = match shown_in_unicode {
            true => case["unicode"].as_str().expect("unicode"),
            false => ace,
        };
        let name = format!("{} <{}>", case["table"].as_str().expect("table"), ace);
        suite.check(name, Some(expected), displayed_host(ace));
    }
    suite.finish();
}
