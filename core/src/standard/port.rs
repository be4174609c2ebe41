//! The port state's rule: ASCII digits only, any number of leading zeros, a value of at most
//! 65535. <https://url.spec.whatwg.org/#port-state>

/// Why a port's text is no port.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PortError {
    /// A byte that is not an ASCII digit (port-invalid).
    NotDigits,
    /// A value above 65535 (port-out-of-range).
    OutOfRange,
}

/// The port `digits` name: `None` when empty (no port).
pub(crate) fn port_number(digits: &[u8]) -> Result<Option<u16>, PortError> {
    if !digits.iter().all(u8::is_ascii_digit) {
        return Err(PortError::NotDigits);
    }
    if digits.is_empty() {
        return Ok(None);
    }
    let significant = &digits[digits.iter().take_while(|&&b| b == b'0').count()..];
    if significant.len() > 5 {
        return Err(PortError::OutOfRange);
    }
    let value = significant
        .iter()
        .fold(0u32, |value, &digit| value * 10 + u32::from(digit - b'0'));
    u16::try_from(value)
        .map(Some)
        .map_err(|_| PortError::OutOfRange)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_leading_zeros_and_the_range() {
        assert_eq!(port_number(b""), Ok(None));
        assert_eq!(port_number(b"0"), Ok(Some(0)));
        assert_eq!(port_number(b"0000000000080"), Ok(Some(80)));
        assert_eq!(port_number(b"65535"), Ok(Some(65535)));
        assert_eq!(port_number(b"65536"), Err(PortError::OutOfRange));
        assert_eq!(port_number(b"99999999999"), Err(PortError::OutOfRange));
        assert_eq!(port_number(b"8a"), Err(PortError::NotDigits));
        assert_eq!(port_number(b"-1"), Err(PortError::NotDigits));
        assert_eq!(port_number(b" 80"), Err(PortError::NotDigits));
    }
}
