//! The robots.txt and URLPattern conformance data of testdata/conformance through the core:
//! RFC 9309's examples, Google's robotstxt tests, crawler-commons' percent-encoding cases
//! and WPT's urlpatterntestdata.json. Cases answered differently on purpose are listed in
//! tests/known-differences.tsv with the standard's answer; a listed case that passes, and a
//! listed name that never ran, fail the run (php-tests/Conformance reads the same list).

mod common;

use common::conformance_dir;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use url_normalize_core::{is_product_token, RobotsTxt};

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

    /// Names repeat; the second occurrence gets ` #2`, and so on.
    fn check(&mut self, name: String, passes: bool, detail: impl FnOnce() -> String) {
        let count = self.occurrences.entry(name.clone()).or_insert(0);
        *count += 1;
        let name = if *count == 1 {
            name
        } else {
            format!("{name} #{count}")
        };
        self.ran.insert(name.clone());
        match (self.known.contains_key(&name), passes) {
            (false, true) => self.passed += 1,
            (true, false) => {}
            (false, false) => self.failures.push(format!("{name}: {}", detail())),
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
            self.failures.is_empty() && stale.is_empty(),
            "{}: {} failures:\n{}\nlisted but never run: {stale:?}",
            self.name,
            self.failures.len(),
            self.failures.join("\n")
        );
    }
}

fn jsonl(file: &str) -> Vec<Value> {
    let path = conformance_dir().join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
        .collect()
}

fn body(case: &Value) -> Vec<u8> {
    match case.get("robots_base64").and_then(Value::as_str) {
        Some(encoded) => base64(encoded),
        None => case["robots"]
            .as_str()
            .unwrap_or_default()
            .as_bytes()
            .to_vec(),
    }
}

/// RFC 4648 base64, for the few bodies that are not UTF-8.
fn base64(text: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits = 0u32;
    let mut count = 0;
    let mut out = Vec::new();
    for byte in text.bytes().filter(|&b| b != b'=') {
        let value = ALPHABET.iter().position(|&a| a == byte).expect("base64") as u32;
        bits = bits << 6 | value;
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
        }
    }
    out
}

/// A short, printable name for a case: the test, the agent, the URL (cut at 100 chars).
fn case_name(test: &str, case: &Value) -> String {
    let url: String = case["url"]
        .as_str()
        .unwrap_or_default()
        .chars()
        .take(100)
        .collect();
    printable(&format!(
        "{test} [{}] <{url}>",
        case["agent"].as_str().unwrap_or_default()
    ))
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

/// Marks a `\uD800`–`\uDFFF` escape that is not half of a pair (as tests/conformance.rs
/// does): such a string cannot exist in UTF-8, and serde_json rejects the whole file for it.
const LONE_SURROGATE: &str = "<lone surrogate>";

fn read_json(file: &str) -> Vec<Value> {
    let path = conformance_dir().join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
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

/// The `allowed` cases of a robots.txt file: the answer, or why there is none.
fn allowed(case: &Value) -> Result<bool, String> {
    let robots = RobotsTxt::parse(&body(case), b"https://example.com/robots.txt")
        .map_err(|e| e.to_string())?;
    let url = case["url"].as_str().expect("url").as_bytes();
    robots
        .is_allowed(url, case["agent"].as_str().expect("agent"))
        .map_err(|e| e.to_string())
}

/// The cases of a file: those of the API (`allowed`, `status`, `sitemaps`) in `name`, which
/// php-tests/Conformance runs too, and those of the parser's parts in `name-parser`.
fn robots_suite(name: &'static str, parser: &'static str, file: &str, test_key: &str) {
    let mut api = Suite::new(name);
    let mut internals = Suite::new(parser);
    for case in jsonl(file) {
        let test = case[test_key].as_str().expect("test name").to_owned();
        let kind = case["kind"].as_str().expect("kind");
        let suite = match kind {
            "allowed" | "status" | "sitemaps" => &mut api,
            _ => &mut internals,
        };
        match kind {
            "allowed" => {
                let expected = case["allowed"].as_bool().expect("allowed");
                let got = allowed(&case);
                suite.check(case_name(&test, &case), got == Ok(expected), || {
                    format!("expected {expected}, got {got:?}")
                });
            }
            "status" => {
                let status = case["status"].as_i64().expect("status");
                let expected = case["allowed"].as_bool().expect("allowed");
                let got = RobotsTxt::for_status(status)
                    .map_err(|e| e.to_string())
                    .and_then(|r| {
                        r.is_allowed(case["url"].as_str().unwrap().as_bytes(), "ExampleBot")
                            .map_err(|e| e.to_string())
                    });
                suite.check(
                    format!("{test}: status {status}"),
                    got == Ok(expected),
                    || format!("expected {expected}, got {got:?}"),
                );
            }
            "report" => {
                let (directives, unknown, last) = report(&body(&case));
                let passes = case["directives"].as_u64() == Some(directives)
                    && case
                        .get("unknown")
                        .is_none_or(|u| u.as_u64() == Some(unknown))
                    && case
                        .get("last_line")
                        .is_none_or(|l| l.as_u64() == Some(last));
                suite.check(format!("{test}: lines"), passes, || {
                    format!(
                        "{case}: got {directives} directives, {unknown} unknown, last line {last}"
                    )
                });
            }
            "sitemaps" => {
                let robots = RobotsTxt::parse(&body(&case), b"http://foo.bar/robots.txt").unwrap();
                let expected: Vec<&str> = case["sitemaps"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter_map(Value::as_str)
                    .collect();
                suite.check(
                    format!("{test}: sitemaps"),
                    robots.sitemaps() == expected,
                    || format!("expected {expected:?}, got {:?}", robots.sitemaps()),
                );
            }
            "agent" => {
                let agent = case["agent"].as_str().unwrap();
                let expected = case["valid"].as_bool().unwrap();
                let got = is_product_token(agent);
                suite.check(format!("{test}: token {agent:?}"), got == expected, || {
                    format!("expected {expected}, got {got}")
                });
            }
            "path" => {
                let url = case["url"].as_str().unwrap();
                let expected = case["path"].as_str().unwrap();
                let got =
                    url_normalize_core::robots_path(url.as_bytes()).map_err(|e| e.to_string());
                suite.check(
                    format!("{test}: path of {url:?}"),
                    got.as_deref() == Ok(expected),
                    || format!("expected {expected:?}, got {got:?}"),
                );
            }
            "escape" => {
                let pattern = case["pattern"].as_str().unwrap();
                let expected = case["escaped"].as_str().unwrap();
                let got = url_normalize_core::robots_rule_form(pattern.as_bytes());
                suite.check(format!("{test}: rule {pattern:?}"), got == expected, || {
                    format!("expected {expected:?}, got {got:?}")
                });
            }
            other => panic!("unknown kind {other}"),
        }
    }
    api.finish();
    internals.finish();
}

/// Google's parse report: the user-agent, allow, disallow and sitemap lines, the other
/// `key: value` lines, and the last line number of any of them.
fn report(body: &[u8]) -> (u64, u64, u64) {
    let (mut directives, mut unknown, mut last) = (0, 0, 0);
    for line in url_normalize_core::robots_lines(body) {
        if line.1 {
            directives += 1;
        } else {
            unknown += 1;
        }
        last = u64::from(line.0);
    }
    (directives, unknown, last)
}

#[test]
fn robotstxt_rfc9309_examples() {
    robots_suite(
        "robotstxt-rfc9309",
        "robotstxt-rfc9309-parser",
        "robotstxt-rfc9309-examples.jsonl",
        "section",
    );
}

#[test]
fn robotstxt_google_tests() {
    robots_suite(
        "robotstxt-google",
        "robotstxt-google-parser",
        "robotstxt-google-tests.jsonl",
        "test",
    );
}

#[test]
fn robotstxt_crawler_commons_tests() {
    robots_suite(
        "robotstxt-crawler-commons",
        "robotstxt-crawler-commons-parser",
        "robotstxt-crawler-commons-tests.jsonl",
        "test",
    );
}

/// A `URLPatternInit` dictionary of the data as [`Components`].
fn components(dict: &serde_json::Map<String, Value>) -> url_normalize_core::Components {
    let mut components = url_normalize_core::Components::default();
    for (key, value) in dict {
        if let (Some(slot), Some(value)) = (components.slot(key), value.as_str()) {
            *slot = Some(value.to_owned());
        }
    }
    components
}

/// The pattern string WPT expects for a component the case does not list: the crate's
/// test harness rule (urlpattern 0.6, src/lib.rs), from WPT's urlpatterntestdata.js.
fn default_pattern(
    name: &str,
    input: &Value,
    base: Option<&str>,
    exactly_empty: &[Value],
) -> String {
    if exactly_empty.iter().any(|c| c == name) {
        return String::new();
    }
    if let Some(dict) = input.as_object() {
        if let Some(value) = dict.get(name).and_then(Value::as_str) {
            return value.to_owned();
        }
        let has = |key: &str| dict.contains_key(key);
        let earlier_given = match name {
            "hostname" => has("protocol"),
            "port" => has("protocol") || has("hostname"),
            "pathname" => has("protocol") || has("hostname") || has("port"),
            "search" => has("protocol") || has("hostname") || has("port") || has("pathname"),
            "hash" => {
                has("protocol")
                    || has("hostname")
                    || has("port")
                    || has("pathname")
                    || has("search")
            }
            _ => false,
        };
        if earlier_given {
            return "*".to_owned();
        }
    }
    let base = base.or_else(|| input.get("baseURL").and_then(Value::as_str));
    match base {
        Some(base) if !matches!(name, "username" | "password") => {
            let url = url::Url::parse(base).expect("the data's base URLs parse");
            match name {
                "protocol" => url.scheme().to_owned(),
                "hostname" => url::quirks::hostname(&url).to_owned(),
                "port" => url::quirks::port(&url).to_owned(),
                "pathname" => url::quirks::pathname(&url).to_owned(),
                "search" => url.query().unwrap_or_default().to_owned(),
                _ => url.fragment().unwrap_or_default().to_owned(),
            }
        }
        _ => "*".to_owned(),
    }
}

/// One case of urlpatterntestdata.json: `Ok` when it passes, else what differs.
fn urlpattern_case(case: &Value) -> Result<(), String> {
    use url_normalize_core::{MatchInput, PatternInput, UrlPattern, URL_PATTERN_COMPONENTS};
    let expected_obj = case.get("expected_obj");
    let wants_error = expected_obj.and_then(Value::as_str) == Some("error");
    let arguments = case["pattern"].as_array().expect("pattern");
    let mut input = Value::Object(Default::default());
    let mut base: Option<&str> = None;
    let mut ignore_case = false;
    for (i, argument) in arguments.iter().enumerate() {
        let is_options = argument
            .as_object()
            .is_some_and(|o| o.contains_key("ignoreCase"));
        match (i, is_options) {
            (_, true) => ignore_case = argument["ignoreCase"].as_bool().unwrap_or(false),
            (0, false) => input = argument.clone(),
            (1, false) if argument.is_string() => base = argument.as_str(),
            // A second dictionary, or a third argument: the constructor throws a TypeError.
            _ => {
                return if wants_error {
                    Ok(())
                } else {
                    Err(format!("cannot pass {argument}"))
                };
            }
        }
    }
    let built = match &input {
        Value::String(text) => UrlPattern::new(PatternInput::String(text), base, ignore_case),
        Value::Object(dict) => UrlPattern::new(
            PatternInput::Components(components(dict)),
            base,
            ignore_case,
        ),
        other => return Err(format!("pattern {other}")),
    };
    let pattern = match (built, wants_error) {
        (Err(_), true) => return Ok(()),
        (Ok(_), true) => return Err("expected the constructor to throw".to_owned()),
        (Err(err), false) => return Err(format!("constructor threw: {err}")),
        (Ok(pattern), false) => pattern,
    };
    let exactly_empty: Vec<Value> = case
        .get("exactly_empty_components")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for (index, name) in URL_PATTERN_COMPONENTS.iter().enumerate() {
        let expected = match expected_obj
            .and_then(|o| o.get(name))
            .and_then(Value::as_str)
        {
            Some(value) => value.to_owned(),
            None => default_pattern(name, &input, base, &exactly_empty),
        };
        if pattern.component(index) != expected {
            return Err(format!(
                "{name}: expected {expected:?}, got {:?}",
                pattern.component(index)
            ));
        }
    }
    let inputs = case
        .get("inputs")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let match_base = inputs.get(1).and_then(Value::as_str).map(str::as_bytes);
    let match_input = match inputs.first() {
        None => MatchInput::Components(Default::default()),
        Some(Value::String(url)) => MatchInput::Url(url.as_bytes()),
        Some(Value::Object(dict)) => MatchInput::Components(components(dict)),
        Some(other) => return Err(format!("input {other}")),
    };
    let expected_match = case.get("expected_match").unwrap_or(&Value::Null);
    let tested = pattern.test(&match_input, match_base);
    let executed = pattern.exec(&match_input, match_base);
    if expected_match.as_str() == Some("error") {
        return match (tested, executed) {
            (Err(_), Err(_)) => Ok(()),
            other => Err(format!("expected a TypeError, got {other:?}")),
        };
    }
    let (tested, executed) = match (tested, executed) {
        (Ok(t), Ok(e)) => (t, e),
        other => return Err(format!("threw: {other:?}")),
    };
    if tested == expected_match.is_null() {
        return Err(format!("test() is {tested}"));
    }
    let Some(found) = executed else {
        return if expected_match.is_null() {
            Ok(())
        } else {
            Err("exec() found no match".to_owned())
        };
    };
    if expected_match.is_null() {
        return Err("exec() found a match".to_owned());
    }
    if let Some(expected_inputs) = expected_match.get("inputs") {
        // exec() with no argument matches `{}`, and says so.
        let given = if inputs.is_empty() {
            vec![Value::Object(Default::default())]
        } else {
            inputs.clone()
        };
        if *expected_inputs != Value::Array(given) {
            return Err(format!(
                "inputs: expected {expected_inputs}, given {inputs:?}"
            ));
        }
    }
    for (index, name) in URL_PATTERN_COMPONENTS.iter().enumerate() {
        let got = &found.components[index];
        let got_groups: BTreeMap<&str, Option<&str>> = got
            .groups
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_deref()))
            .collect();
        let (expected_input, expected_groups): (&str, BTreeMap<&str, Option<&str>>) =
            match expected_match.get(name) {
                Some(component) => (
                    component["input"].as_str().unwrap_or_default(),
                    component["groups"]
                        .as_object()
                        .map(|g| g.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect())
                        .unwrap_or_default(),
                ),
                None if exactly_empty.iter().any(|c| c == name) => ("", BTreeMap::new()),
                None => ("", BTreeMap::from([("0", Some(""))])),
            };
        if got.input != expected_input || got_groups != expected_groups {
            return Err(format!(
                "{name}: expected {expected_input:?} {expected_groups:?}, got {:?} {got_groups:?}",
                got.input
            ));
        }
    }
    Ok(())
}

#[test]
fn wpt_urlpatterntestdata() {
    // URLPattern takes USVStrings: WebIDL turns a lone surrogate into U+FFFD, as PHP code
    // holding the same text in UTF-8 would have it.
    let text = serde_json::to_string(&read_json("wpt-urlpatterntestdata.json")).unwrap();
    let data: Vec<Value> = serde_json::from_str(&text.replace(LONE_SURROGATE, "\u{FFFD}")).unwrap();
    let mut suite = Suite::new("wpt-urlpatterntestdata");
    for case in &data {
        let name = printable(&format!(
            "{} {}",
            case["pattern"],
            case.get("inputs")
                .map_or_else(|| "[]".to_owned(), Value::to_string)
        ));
        let result = urlpattern_case(case);
        suite.check(name, result.is_ok(), || result.unwrap_err());
    }
    suite.finish();
}
