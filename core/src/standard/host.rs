//! The rules of the URL Standard's host parser that the fixups, `explain()` and the checks of
//! a host need beside the crate's own parser, and the Unicode version of the IDNA tables.

/// The Unicode version of the data UTS #46 (IDNA) runs on: the `idna` crate's ICU4X back end
/// (`icu_normalizer_data` 2.4.0). tests/data_versions.rs holds it to Cargo.lock.
pub const IDNA_UNICODE_VERSION: &str = "18.0.0";

/// What the opaque-host parser refuses.
/// <https://url.spec.whatwg.org/#forbidden-host-code-point>
pub(crate) fn is_forbidden_host_code_point(b: u8) -> bool {
    matches!(
        b,
        0 | b'\t'
            | b'\n'
            | b'\r'
            | b' '
            | b'#'
            | b'/'
            | b':'
            | b'<'
            | b'>'
            | b'?'
            | b'@'
            | b'['
            | b'\\'
            | b']'
            | b'^'
            | b'|'
    )
}

/// What a domain may not hold after UTS #46: the forbidden host code points, C0 controls,
/// `%` and DEL. <https://url.spec.whatwg.org/#forbidden-domain-code-point>
pub(crate) fn is_forbidden_domain_code_point(b: u8) -> bool {
    is_forbidden_host_code_point(b) || b <= 0x1f || b == b'%' || b == 0x7f
}

/// A byte of a plain domain's label: an ASCII letter or digit, `-` or `_`.
pub(crate) const fn is_plain_label_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'_'
}

/// A domain the host parser keeps as written but for ASCII case: labels of
/// [`is_plain_label_byte`]s, none empty (no trailing dot), none starting with `xn--` (whose
/// Punycode UTS #46 must check), and a last label that does not start with a digit (which
/// could make the host a number, an IPv4 address). Any other host is UTS #46's to convert.
pub(crate) fn is_plain_domain(host: &[u8]) -> bool {
    let mut start = 0;
    loop {
        let label = &host[start..];
        let length = label
            .iter()
            .position(|&b| !is_plain_label_byte(b))
            .unwrap_or(label.len());
        if length == 0 || label[..length.min(4)].eq_ignore_ascii_case(b"xn--") {
            return false;
        }
        match label.get(length) {
            None => return !label[0].is_ascii_digit(),
            Some(b'.') => start += length + 1,
            Some(_) => return false,
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_domains() {
        for plain in [
            "a",
            "example.com",
            "a-b_c.d9",
            "EXAMPLE.com",
            "x.xn-",
            "9.a",
        ] {
            assert!(is_plain_domain(plain.as_bytes()), "{plain}");
        }
        for other in [
            "",
            ".",
            "a.",
            ".a",
            "a..b",
            "xn--a.com",
            "a.XN--b",
            "1.2.3.4",
            "a.9b",
            "a b.c",
            "a%2e.c",
            "bücher.de",
            "a:b",
        ] {
            assert!(!is_plain_domain(other.as_bytes()), "{other}");
        }
    }

    #[test]
    fn the_forbidden_code_points_are_the_standards_lists() {
        let host: &[u8] = b"\0\t\n\r #/:<>?@[\\]^|";
        for b in 0..=255u8 {
            assert_eq!(
                is_forbidden_host_code_point(b),
                host.contains(&b),
                "{b:#04x}"
            );
            let domain = host.contains(&b) || b <= 0x1f || b == b'%' || b == 0x7f;
            assert_eq!(is_forbidden_domain_code_point(b), domain, "{b:#04x}");
        }
    }
}
