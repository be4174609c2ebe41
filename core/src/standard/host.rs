//! Two rules of the URL Standard's host parser that the fixups and the checks of a host
//! need beside the crate's own parser, and the Unicode version of the IDNA tables.

/// The Unicode version of the data UTS #46 (IDNA) runs on: the `idna` crate's ICU4X back end
/// (`icu_normalizer_data` 2.4.0). tests/data_versions.rs holds it to Cargo.lock.
pub const IDNA_UNICODE_VERSION: &str = "18.0.0";

/// <https://url.spec.whatwg.org/#forbidden-domain-code-point>
pub(crate) fn is_forbidden_domain_code_point(b: u8) -> bool {
    b <= 0x20 || b == 0x7f || b"#%/:<>?@[\\]^|".contains(&b)
}

/// <https://url.spec.whatwg.org/#ends-in-a-number-checker>
pub(crate) fn ends_in_a_number(domain: &str) -> bool {
    let mut labels = domain.rsplit('.');
    let mut last = labels.next().unwrap_or("");
    if last.is_empty() {
        match labels.next() {
            Some(label) => last = label,
            None => return false,
        }
    }
    if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    let hex = last.strip_prefix("0x").or_else(|| last.strip_prefix("0X"));
    hex.is_some_and(|digits| digits.bytes().all(|b| b.is_ascii_hexdigit()))
}
