//! The display form never changes where a URL points: `normalize(to_display(u)) ==
//! normalize(u)` for every URL of every data set in testdata/urls, for generated hostile
//! inputs, and for hosts made of every Chromium spoof case; and `to_display` fails exactly
//! where `normalize` fails.

mod common;

use common::{conformance_dir, data_sets, data_urls, random_input, Rng};
use url_normalize_core::{normalize, to_display, Options};

fn check_round_trip(input: &[u8], options: &Options, shown_differently: &mut usize) {
    let normalized = normalize(input, options);
    let shown = to_display(input, options);
    match (&normalized, &shown) {
        (Ok(normalized), Ok(shown)) => {
            let again = normalize(shown.as_bytes(), options);
            assert_eq!(
                again.as_ref(),
                Ok(normalized),
                "the display form {shown:?} of {:?} points elsewhere",
                String::from_utf8_lossy(input)
            );
            *shown_differently += usize::from(shown != normalized);
        }
        (Err(_), Err(_)) => {}
        _ => panic!(
            "normalize and to_display disagree on {:?}: {normalized:?} vs {shown:?}",
            String::from_utf8_lossy(input)
        ),
    }
}

#[test]
fn every_data_set_round_trips() {
    let options = Options::default();
    for file in data_sets() {
        let urls = data_urls(file);
        let mut shown_differently = 0;
        for url in &urls {
            check_round_trip(url.as_bytes(), &options, &mut shown_differently);
        }
        println!(
            "{file}: {} URLs round-trip, {shown_differently} displayed differently",
            urls.len()
        );
        assert!(!urls.is_empty());
    }
}

#[test]
fn generated_inputs_round_trip() {
    let options = Options::default();
    let mut rng = Rng(0x5EED_D15B_1A7E_0001);
    let mut shown_differently = 0;
    for _ in 0..50_000 {
        check_round_trip(&random_input(&mut rng), &options, &mut shown_differently);
    }
    println!("generated: 50000 inputs round-trip, {shown_differently} displayed differently");
}

#[test]
fn chromium_spoof_hosts_round_trip() {
    let options = Options::default();
    let path = conformance_dir().join("chromium-idn-spoof-cases.jsonl");
    let text = std::fs::read_to_string(path).expect("chromium-idn-spoof-cases.jsonl");
    let mut shown_differently = 0;
    for line in text.lines() {
        let case: serde_json::Value = serde_json::from_str(line).expect("JSON line");
        for host in [&case["ace"], &case["unicode"]]
            .into_iter()
            .filter_map(|h| h.as_str())
        {
            let url = format!("https://{host}/caf%C3%A9?q=%E4%BE%8B#%C3%A9");
            check_round_trip(url.as_bytes(), &options, &mut shown_differently);
        }
    }
    assert!(
        shown_differently > 100,
        "only {shown_differently} shown differently"
    );
}
