//! Replays every saved fuzz input, `fuzz/regressions/<target>/<name>`, through the invariant
//! check of its target (`fuzz/src/checks.rs`, the very code the fuzz targets run), so a crash
//! found by `cargo fuzz` stays a test of `cargo test`, without nightly or libFuzzer.
//!
//! Inputs that still fail, because the defect is known and being fixed, are listed in
//! `fuzz/regressions/known-failures.txt` (`<target>/<name>`, a tab, the reason). The list is
//! checked both ways: a listed input that passes is an error ("remove it from the list"), and
//! so is a listed name without a file.

#[path = "../../fuzz/src/checks.rs"]
mod checks;

use std::collections::BTreeMap;
use std::fs;
use std::panic;
use std::path::{Path, PathBuf};

type Check = fn(&[u8]);

const TARGETS: &[(&str, Check)] = &[
    ("normalize", checks::check_normalize),
    ("resolve", checks::check_resolve),
    ("canonicalize", checks::check_canonicalize),
    ("robots", checks::check_robots),
    ("urlpattern", checks::check_urlpattern),
];

fn regressions() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/regressions")
}

/// `<target>/<name>` → reason, from known-failures.txt (`#` starts a comment line).
fn known_failures() -> BTreeMap<String, String> {
    let text = fs::read_to_string(regressions().join("known-failures.txt")).unwrap_or_default();
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let (name, reason) = line.split_once('\t').unwrap_or((line, ""));
            (name.trim().to_owned(), reason.trim().to_owned())
        })
        .collect()
}

/// Runs `check` on `data`; the panic message if it panicked.
fn failure(check: Check, data: &[u8]) -> Option<String> {
    let outcome = panic::catch_unwind(|| check(data)).err()?;
    let message = outcome
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| {
            outcome
                .downcast_ref::<&str>()
                .map(|text| (*text).to_owned())
        })
        .unwrap_or_else(|| "a panic without a message".to_owned());
    Some(message)
}

#[test]
fn every_saved_fuzz_input_holds_its_target_invariants() {
    let mut known = known_failures();
    let mut problems = Vec::new();
    let mut replayed = 0;
    // The expected failures would each print a panic message: keep the output to the summary.
    let hook = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    for (target, check) in TARGETS {
        let dir = regressions().join(target);
        let mut files: Vec<PathBuf> = fs::read_dir(&dir)
            .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
            .map(|entry| entry.expect("a readable directory entry").path())
            .filter(|path| path.is_file())
            .collect();
        files.sort();
        for path in files {
            let file = path.file_name().expect("a file name").to_string_lossy();
            let name = format!("{target}/{file}");
            let data = fs::read(&path).expect("a readable regression input");
            replayed += 1;
            match (failure(*check, &data), known.remove(&name)) {
                (Some(message), None) => problems.push(format!("{name}: {message}")),
                (None, Some(reason)) => problems.push(format!(
                    "{name} passes now: remove it from known-failures.txt ({reason})"
                )),
                _ => {}
            }
        }
    }
    panic::set_hook(hook);
    problems.extend(
        known
            .keys()
            .map(|name| format!("{name} is in known-failures.txt but has no file")),
    );
    assert!(replayed >= TARGETS.len(), "only {replayed} inputs replayed");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
