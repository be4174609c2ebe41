//! explain()'s changes against normalize() itself: over the URL data sets and generated
//! hostile inputs, the list of changes is empty exactly when normalize() returns the input,
//! and an invalid input has no changes but a reason.

mod common;

use common::{conformance_inputs, data_sets, data_urls, random_input, Rng};
use url_normalize_core::{explain, normalize, Options};

fn check(inputs: impl IntoIterator<Item = Vec<u8>>) -> (usize, Vec<String>) {
    let options = Options::default();
    let mut checked = 0;
    let mut wrong = Vec::new();
    for input in inputs {
        let explained = explain(&input, &options);
        let normalized = normalize(&input, &options);
        // The result as a log shows it: a password is `***`.
        let shown = normalized
            .as_ref()
            .ok()
            .map(|url| String::from_utf8_lossy(&options.loggable(url.as_bytes())).into_owned());
        assert_eq!(explained.result, shown);
        match normalized {
            Ok(url) => {
                checked += 1;
                if explained.changes.is_empty() != (url.as_bytes() == input.as_slice()) {
                    wrong.push(format!(
                        "{:?} → {url}: {:?}",
                        String::from_utf8_lossy(&input),
                        explained.changes
                    ));
                }
            }
            Err(err) => {
                assert!(explained.changes.is_empty());
                assert_eq!(explained.reason, Some(err.to_string()));
            }
        }
    }
    (checked, wrong)
}

#[test]
fn changes_are_empty_exactly_when_normalize_keeps_the_input() {
    let data = data_sets()
        .into_iter()
        .flat_map(data_urls)
        .map(String::into_bytes);
    let (checked, wrong) = check(data);
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(30)].join("\n")
    );
    // kasztp.txt and idn-sample.txt make 50,010 lines, of which a few are invalid URLs.
    assert!(checked > 49_900, "only {checked} URLs");
}

#[test]
fn changes_are_empty_exactly_when_normalize_keeps_generated_input() {
    let mut rng = Rng(0xE7A1_A1E7_E7A1_A1E7);
    let (checked, wrong) = check((0..50_000).map(|_| random_input(&mut rng)));
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(30)].join("\n")
    );
    assert!(checked > 5_000, "only {checked} URLs");
}

#[test]
fn changes_are_empty_exactly_when_normalize_keeps_a_conformance_input() {
    // Every string of the conformance suites, and those the README's tables name.
    let named = [
        "https://@a.com/",
        "https://:@a.com/",
        "file:////server/share",
        "file:///C:/x",
    ];
    let inputs = conformance_inputs()
        .into_iter()
        .chain(named.map(String::from))
        .map(String::into_bytes);
    let (checked, wrong) = check(inputs);
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(30)].join("\n")
    );
    assert!(checked > 5_000, "only {checked} URLs");
}
