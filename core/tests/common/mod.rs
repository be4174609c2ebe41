//! Inputs shared by the property tests: a deterministic generator of hostile URL-shaped
//! bytes, the real URL lists of testdata/urls, and the conformance suites of
//! testdata/conformance.

#![allow(dead_code)] // each test binary uses part of this module

use std::path::PathBuf;

mod option_matrix;
#[allow(unused_imports)] // as the rest of this module, used by some test binaries only
pub use option_matrix::option_matrix;

// The generator the core's unit tests use too.
#[path = "../../src/input/random_inputs.rs"]
mod random_inputs;
pub use random_inputs::Rng;

pub const PIECES: &[&[u8]] = &[
    b"https:",
    b"http:",
    b"HTTP:",
    b"file:",
    b"mailto:",
    b"foo:",
    b"//",
    b"/",
    b"\\",
    b"///",
    b"example.com",
    b"xn--",
    b"xn--a",
    b"XN--zca",
    b"\xE4\xBE\x8B",
    b"\xC3\x9F",
    b"\xE2\x80\x8D",
    b"\xD9\x8A",
    b"\xFF",
    b"\xC3",
    b"%",
    b"%2e",
    b"%2E%2e",
    b"%FF",
    b"%zz",
    b"@",
    b":",
    b":80",
    b":99999",
    b"[",
    b"]",
    b"[::1]",
    b"1.2.3.4",
    b"0x1f",
    b".",
    b"..",
    b"?",
    b"#",
    b"&",
    b"=",
    b" ",
    b"\t",
    b"\n",
    b"\0",
    b"^",
    b"|",
    b"\x7f",
    b"a",
    b"Z",
    b"0",
    b"\xF0\x9F\x98\x80",
    // Shapes the canonical rules act on: host-less `/.//` paths, session and index segments.
    b"/.//",
    b"www.",
    b"index.html",
    b";jsessionid=1",
    b"(S(aaaaaaaaaaaaaaaaaaaaaaaa))",
    b"utm_source=",
    b"%7E",
    b"%2e",
    b"#/",
];

pub fn random_input(rng: &mut Rng) -> Vec<u8> {
    let mut input = Vec::new();
    for _ in 0..rng.below(12) {
        if rng.below(4) == 0 {
            input.push(rng.next() as u8);
        } else {
            input.extend_from_slice(PIECES[rng.below(PIECES.len())]);
        }
    }
    input
}

/// The folder of the conformance suites: testdata/conformance, or $URL_NORMALIZE_CONFORMANCE.
pub fn conformance_dir() -> PathBuf {
    std::env::var_os("URL_NORMALIZE_CONFORMANCE").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/conformance"),
        PathBuf::from,
    )
}

/// The URL lists to run over: kasztp.txt and idn-sample.txt (testdata/urls), and userbait.txt
/// when $URL_NORMALIZE_USERBAIT names a folder that holds it (its licence keeps it out of the
/// repository).
pub fn data_sets() -> Vec<&'static str> {
    let mut files = vec!["kasztp.txt", "idn-sample.txt"];
    if std::env::var_os("URL_NORMALIZE_USERBAIT").is_some() {
        files.push("userbait.txt");
    } else {
        eprintln!("userbait.txt left out: URL_NORMALIZE_USERBAIT is not set");
    }
    files
}

/// The lines of one of `data_sets()`, without `\r\n`: from testdata/urls (or
/// $URL_NORMALIZE_DATA), userbait.txt from $URL_NORMALIZE_USERBAIT.
pub fn data_urls(file: &str) -> Vec<String> {
    let variable = if file == "userbait.txt" {
        "URL_NORMALIZE_USERBAIT"
    } else {
        "URL_NORMALIZE_DATA"
    };
    let dir = std::env::var_os(variable).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/urls"),
        PathBuf::from,
    );
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(|line| line.trim_end_matches('\r').to_owned())
        .collect()
}

/// Every string literal of a JSON or JSONL text, decoded; a lone surrogate (which no UTF-8
/// string can hold) becomes U+FFFD. Keys come along too, which does no harm here.
pub fn json_strings(text: &str) -> Vec<String> {
    let mut strings = Vec::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '"' {
            continue;
        }
        let mut units: Vec<u16> = Vec::new();
        while let Some(c) = chars.next() {
            match c {
                '"' => break,
                '\\' => match chars.next() {
                    Some('u') => {
                        let hex: String = chars.by_ref().take(4).collect();
                        units.push(u16::from_str_radix(&hex, 16).unwrap_or(0xFFFD));
                    }
                    Some('n') => units.push(u16::from(b'\n')),
                    Some('t') => units.push(u16::from(b'\t')),
                    Some('r') => units.push(u16::from(b'\r')),
                    Some('b') => units.push(8),
                    Some('f') => units.push(12),
                    Some(other) => units.extend(other.encode_utf16(&mut [0; 2]).iter()),
                    None => break,
                },
                other => units.extend(other.encode_utf16(&mut [0; 2]).iter()),
            }
        }
        strings.push(String::from_utf16_lossy(&units));
    }
    strings
}

/// Every input of the conformance files: JSON string literals, TSV fields, and the
/// `;`-separated fields of IdnaTestV2.txt.
pub fn conformance_inputs() -> Vec<String> {
    let dir = conformance_dir();
    let mut inputs = Vec::new();
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("readable directory").path();
        let text = std::fs::read_to_string(&path).expect("UTF-8 conformance file");
        match path.extension().and_then(|e| e.to_str()) {
            Some("json" | "jsonl") => inputs.extend(json_strings(&text)),
            Some("tsv") => {
                inputs.extend(text.lines().flat_map(|l| l.split('\t').map(str::to_owned)))
            }
            Some("txt") => inputs.extend(
                text.lines()
                    .filter(|l| !l.starts_with('#'))
                    .flat_map(|l| l.split(';').map(|f| f.trim().to_owned())),
            ),
            _ => {}
        }
    }
    assert!(
        inputs.len() > 10_000,
        "conformance files not found in {}",
        dir.display()
    );
    inputs
}
