//! The data versions the extension reports (`php --ri url_normalize`,
//! `UrlNormalizer::PUBLIC_SUFFIX_LIST_VERSION`) are those of the crates Cargo.lock builds: a
//! dependency update that changes the data fails here until the constants follow.

use std::path::{Path, PathBuf};
use url_normalize_core::{
    IDNA_UNICODE_VERSION, PUBLIC_SUFFIX_LIST_RULES, PUBLIC_SUFFIX_LIST_VERSION,
};

/// The version of `package` in Cargo.lock.
fn locked(package: &str) -> String {
    let lock = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../Cargo.lock"))
        .expect("Cargo.lock");
    let entry = format!("name = \"{package}\"\nversion = \"");
    let start = lock
        .find(&entry)
        .unwrap_or_else(|| panic!("{package} in Cargo.lock"))
        + entry.len();
    lock[start..start + lock[start..].find('"').expect("a quote")].to_owned()
}

/// The unpacked source of a crate in cargo's registry, when this machine has it.
fn registry_source(package: &str, version: &str) -> Option<PathBuf> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cargo")))?;
    std::fs::read_dir(home.join("registry/src"))
        .ok()?
        .flatten()
        .map(|index| index.path().join(format!("{package}-{version}")))
        .find(|path| path.is_dir())
}

#[test]
fn the_public_suffix_list_is_the_locked_psl_crate() {
    assert_eq!(locked("psl"), PUBLIC_SUFFIX_LIST_VERSION);
    if let Some(source) = registry_source("psl", PUBLIC_SUFFIX_LIST_VERSION) {
        let rules = std::fs::read_to_string(source.join("data/rules.txt")).expect("rules.txt");
        let count = rules
            .lines()
            .filter(|line| !line.trim().is_empty() && !line.starts_with("//"))
            .count();
        assert_eq!(count, PUBLIC_SUFFIX_LIST_RULES);
    }
}

#[test]
fn the_idna_tables_are_the_locked_icu4x_data() {
    // idna_adapter 1.2 is the ICU4X back end; its UTS #46 mapping is icu_normalizer's data.
    assert!(
        locked("idna_adapter").starts_with("1.2."),
        "{}",
        locked("idna_adapter")
    );
    let data = locked("icu_normalizer_data");
    assert_eq!(
        data, "2.4.0",
        "the Unicode version below is that of icu_normalizer_data 2.4.0"
    );
    if let Some(source) = registry_source("icu_normalizer_data", &data) {
        let readme = std::fs::read_to_string(source.join("README.md")).expect("README.md");
        assert!(
            readme.contains(&format!("Unicode version {IDNA_UNICODE_VERSION}")),
            "{readme}"
        );
    }
}
