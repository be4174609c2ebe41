//! One canary per fixup: each asserts the `url` crate's own answer that its fixup corrects.
//! When the crate catches up with the standard, the canary fails and names the fixup that can
//! go. (`Cargo.toml` holds the crate to the minor version these answers describe.)

use url::Url;

/// The crate's answer: its serialization, or its error.
fn crate_reads(input: &str) -> Result<String, url::ParseError> {
    Url::parse(input).map(String::from)
}

fn crate_joins(base: &str, link: &str) -> Result<String, url::ParseError> {
    Url::parse(base)
        .and_then(|base| base.join(link))
        .map(String::from)
}

/// The message of a canary that has died: the crate now gives `standard`.
fn caught_up(fixup: &str) -> String {
    format!("the url crate now follows the URL Standard here: {fixup} can be deleted")
}

#[test]
fn fixup_1_ascii_domains() {
    // The standard: `http://a.b.c.xn--pokxncvks/` (invalid Punycode kept as written).
    assert_eq!(
        crate_reads("http://a.b.c.XN--pokxncvks"),
        Err(url::ParseError::IdnaError),
        "{}",
        caught_up("fixup 1 (ascii_domains.rs)")
    );
}

#[test]
fn fixup_2_caret_in_a_path() {
    // The standard: `https://x/a%5Eb`.
    assert_eq!(
        crate_reads("https://x/a^b").as_deref(),
        Ok("https://x/a^b"),
        "{}",
        caught_up("fixup 2 (path_encoding.rs)")
    );
}

#[test]
fn fixup_3_space_before_query_in_an_opaque_path() {
    // The standard: `a:b%20?d` and `a:b%20#d`.
    assert_eq!(
        crate_reads("a:b ?d").as_deref(),
        Ok("a:b ?d"),
        "{}",
        caught_up("fixup 3 (path_encoding.rs)")
    );
    assert_eq!(crate_reads("a:b #d").as_deref(), Ok("a:b #d"));
}

#[test]
fn fixup_4_slashes_before_a_special_host() {
    // The standard: `https://host/p`.
    assert_eq!(
        crate_joins("https://base/x", "///host/p"),
        Err(url::ParseError::EmptyHost),
        "{}",
        caught_up("fixup 4 (relative_slashes.rs)")
    );
}

#[test]
fn fixup_5_backslash_in_a_non_special_link() {
    // The standard: `foo://base/\evil.com/x` for both.
    assert_eq!(
        crate_joins("foo://base/x", "/\\evil.com/x").as_deref(),
        Ok("foo://evil.com/x"),
        "{}",
        caught_up("fixup 5 (relative_slashes.rs)")
    );
    assert_eq!(
        crate_joins("foo://base/x", "\\evil.com/x").as_deref(),
        Ok("foo://base/evil.com/x"),
        "{}",
        caught_up("fixup 5 (relative_slashes.rs)")
    );
}

#[test]
fn fixup_6_drive_letters_outside_file() {
    // The standard: `https://good.com/admin`.
    assert_eq!(
        crate_reads("https://good.com/public/a:/../../admin").as_deref(),
        Ok("https://good.com/public/a:/admin"),
        "{}",
        caught_up("fixup 6 (drive_letters.rs)")
    );
}

#[test]
fn fixup_7_backslash_in_a_non_special_port() {
    // The standard: an invalid port.
    assert_eq!(
        crate_reads("foo://h:80\\x").as_deref(),
        Ok("foo://h:80/\\x"),
        "{}",
        caught_up("fixup 7 (non_special_authority.rs)")
    );
}

#[test]
fn fixup_8_credentials_without_a_host() {
    // The standard: a missing host.
    assert_eq!(
        crate_reads("foo://@").as_deref(),
        Ok("foo://"),
        "{}",
        caught_up("fixup 8 (non_special_authority.rs)")
    );
}
