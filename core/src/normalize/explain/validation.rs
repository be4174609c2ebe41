//! The URL Standard's validation errors that the parser's states report for an input as
//! written: its host (domain, IPv4, IPv6, opaque) and the code points of its other parts.
//! <https://url.spec.whatwg.org/#validation-error>

use super::names::ValidationError;
use crate::standard::host::{
    ends_in_a_number, is_forbidden_domain_code_point, is_forbidden_host_code_point,
};
use idna::uts46::AsciiDenyList;
use percent_encoding::percent_decode_str;

/// The list of errors, each once.
pub(super) struct Errors<'a>(pub(super) &'a mut Vec<ValidationError>);

impl Errors<'_> {
    pub(super) fn push(&mut self, error: ValidationError) {
        if !self.0.contains(&error) {
            self.0.push(error);
        }
    }

    /// Adds an error that makes the parse fail, and says so (true).
    pub(super) fn fail(&mut self, error: ValidationError) -> bool {
        self.push(error);
        true
    }
}

/// A code point that is not a URL code point, or a `%` not followed by two hex digits.
/// <https://url.spec.whatwg.org/#url-code-points>
pub(super) fn has_invalid_url_unit(text: &str) -> bool {
    let bytes = text.as_bytes();
    text.char_indices().any(|(at, c)| match c {
        '%' => !matches!(bytes.get(at + 1..at + 3), Some([a, b]) if a.is_ascii_hexdigit() && b.is_ascii_hexdigit()),
        c if c.is_ascii_alphanumeric() => false,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | '-' | '.' | '/' | ':' | ';' | '='
        | '?' | '@' | '_' | '~' => false,
        c => {
            let code = u32::from(c);
            // U+00A0 to U+10FFFD, without noncharacters (surrogates are no chars).
            code < 0xA0 || (0xFDD0..=0xFDEF).contains(&code) || code & 0xFFFE == 0xFFFE
        }
    })
}

/// The host parser's validation errors for a host as written; true when it fails.
/// <https://url.spec.whatwg.org/#concept-host-parser>
pub(super) fn host_errors(host: &str, special: bool, errors: &mut Errors<'_>) -> bool {
    if let Some(inside) = host.strip_prefix('[') {
        return match inside.strip_suffix(']').map(ipv6_error) {
            Some(None) => false,
            Some(Some(error)) => errors.fail(error),
            None => errors.fail(ValidationError::Ipv6Unclosed),
        };
    }
    if !special {
        // The opaque-host parser: a forbidden host code point fails; other code points are
        // checked as URL units.
        if host.bytes().any(is_forbidden_host_code_point) {
            return errors.fail(ValidationError::HostInvalidCodePoint);
        }
        if has_invalid_url_unit(host) {
            errors.push(ValidationError::InvalidUrlUnit);
        }
        return false;
    }
    let decoded: Vec<u8> = percent_decode_str(host).collect();
    let ascii = match std::str::from_utf8(&decoded) {
        Ok(text) if text.is_ascii() => text.to_ascii_lowercase(),
        Ok(text) => match idna::domain_to_ascii_cow(text.as_bytes(), AsciiDenyList::EMPTY) {
            Ok(ascii) if !ascii.is_empty() => ascii.into_owned(),
            _ => return errors.fail(ValidationError::DomainToAscii),
        },
        Err(_) => return errors.fail(ValidationError::DomainToAscii),
    };
    if ascii.bytes().any(is_forbidden_domain_code_point) {
        return errors.fail(ValidationError::DomainInvalidCodePoint);
    }
    ends_in_a_number(&ascii) && ipv4_errors(&ascii, errors)
}

/// The IPv4 parser's validation errors; true when it fails.
/// <https://url.spec.whatwg.org/#concept-ipv4-parser>
fn ipv4_errors(address: &str, errors: &mut Errors<'_>) -> bool {
    let mut parts: Vec<&str> = address.split('.').collect();
    if parts.last() == Some(&"") {
        errors.push(ValidationError::Ipv4EmptyPart);
        if parts.len() > 1 {
            parts.pop();
        }
    }
    if parts.len() > 4 {
        return errors.fail(ValidationError::Ipv4TooManyParts);
    }
    let mut numbers = Vec::new();
    for part in &parts {
        let hex = part.strip_prefix("0x").or_else(|| part.strip_prefix("0X"));
        let (digits, radix) = match hex {
            Some(hex) => (hex, 16),
            None if part.len() > 1 && part.starts_with('0') => (&part[1..], 8),
            None => (*part, 10),
        };
        let valid = !part.is_empty() && digits.chars().all(|c| c.is_digit(radix));
        if !valid {
            return errors.fail(ValidationError::Ipv4NonNumericPart);
        }
        if radix != 10 {
            errors.push(ValidationError::Ipv4NonDecimalPart);
        }
        // Digits beyond u128 are out of range as much as any number above 255.
        numbers.push(
            u128::from_str_radix(digits, radix).unwrap_or(if digits.is_empty() {
                0
            } else {
                u128::MAX
            }),
        );
    }
    if numbers.iter().any(|&number| number > 255) {
        errors.push(ValidationError::Ipv4OutOfRangePart);
    }
    let (last, rest) = numbers.split_last().unwrap_or((&0, &[]));
    rest.iter().any(|&number| number > 255) || *last >= 256u128.pow(5 - numbers.len() as u32)
}

/// The IPv6 parser's failure, if any (it reports no other error).
/// <https://url.spec.whatwg.org/#concept-ipv6-parser>
fn ipv6_error(input: &str) -> Option<ValidationError> {
    use ValidationError as E;
    let c: Vec<char> = input.chars().collect();
    let at = |pointer: usize| c.get(pointer).copied();
    let (mut pointer, mut piece, mut compress) = (0, 0, None);
    if at(0) == Some(':') {
        if at(1) != Some(':') {
            return Some(E::Ipv6InvalidCompression);
        }
        pointer = 2;
        piece = 1;
        compress = Some(1);
    }
    while at(pointer).is_some() {
        if piece == 8 {
            return Some(E::Ipv6TooManyPieces);
        }
        if at(pointer) == Some(':') {
            if compress.is_some() {
                return Some(E::Ipv6MultipleCompression);
            }
            pointer += 1;
            piece += 1;
            compress = Some(piece);
            continue;
        }
        let mut length = 0;
        while length < 4 && at(pointer).is_some_and(|c| c.is_ascii_hexdigit()) {
            pointer += 1;
            length += 1;
        }
        match at(pointer) {
            Some('.') => {
                if length == 0 {
                    return Some(E::Ipv4InIpv6InvalidCodePoint);
                }
                pointer -= length;
                if piece > 6 {
                    return Some(E::Ipv4InIpv6TooManyPieces);
                }
                let mut numbers_seen = 0;
                while at(pointer).is_some() {
                    if numbers_seen > 0 {
                        if at(pointer) == Some('.') && numbers_seen < 4 {
                            pointer += 1;
                        } else {
                            return Some(E::Ipv4InIpv6InvalidCodePoint);
                        }
                    }
                    if !at(pointer).is_some_and(|c| c.is_ascii_digit()) {
                        return Some(E::Ipv4InIpv6InvalidCodePoint);
                    }
                    let mut value: Option<u32> = None;
                    while let Some(digit) = at(pointer).and_then(|c| c.to_digit(10)) {
                        value = match value {
                            None => Some(digit),
                            Some(0) => return Some(E::Ipv4InIpv6InvalidCodePoint),
                            Some(value) => Some(value * 10 + digit),
                        };
                        if value > Some(255) {
                            return Some(E::Ipv4InIpv6OutOfRangePart);
                        }
                        pointer += 1;
                    }
                    numbers_seen += 1;
                    if numbers_seen == 2 || numbers_seen == 4 {
                        piece += 1;
                    }
                }
                if numbers_seen != 4 {
                    return Some(E::Ipv4InIpv6TooFewParts);
                }
                return (compress.is_none() && piece != 8).then_some(E::Ipv6TooFewPieces);
            }
            Some(':') => {
                pointer += 1;
                if at(pointer).is_none() {
                    return Some(E::Ipv6InvalidCodePoint);
                }
            }
            Some(_) => return Some(E::Ipv6InvalidCodePoint),
            None => {}
        }
        piece += 1;
    }
    (compress.is_none() && piece != 8).then_some(E::Ipv6TooFewPieces)
}
