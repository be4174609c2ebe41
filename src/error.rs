//! Errors of the core: what went wrong ([`ErrorKind`]) and on which input ([`UrlError`]).
//!
//! Messages follow one shape, so callers can show them as they are:
//! ``Cannot normalize `https://exa mple.com/`: the host contains a character that is not allowed in a host``.

use std::fmt;

/// Why a URL was rejected. Each kind has one fixed phrase, see [`ErrorKind::description`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Nothing is left once leading and trailing spaces and control characters are removed.
    EmptyInput,
    /// A relative reference such as `/path` or `../x`: there is no host to put it on.
    RelativeReference,
    /// A URL of a special scheme (`http`, `https`, `ws`, `wss`, `ftp`) whose host is empty, or
    /// credentials or a port with no host after them (`foo://u@/x`, `foo://:1`).
    EmptyHost,
    /// The host failed UTS #46 processing (IDNA), e.g. a bidi or joiner rule, or a disallowed code point.
    InvalidDomain,
    /// The host contains a forbidden host code point such as a space, `<` or `^`.
    ForbiddenHostCodePoint,
    /// The port is not a number from 0 to 65535.
    InvalidPort,
    /// The host ends in a number but is not a valid IPv4 address.
    InvalidIpv4Address,
    /// The host is written in brackets but is not a valid IPv6 address.
    InvalidIpv6Address,
    /// The base URL has an opaque path (`mailto:`, `data:`), so only a fragment can be resolved against it.
    BaseWithOpaquePath,
    /// The URL is longer than 4 GiB, the limit of the `url` crate.
    TooLong,
    /// The parser rejected the URL for a reason this version does not know by name.
    Invalid,
}

impl ErrorKind {
    /// A lower-case phrase without a final period, meant to follow a colon.
    pub fn description(self) -> &'static str {
        match self {
            Self::EmptyInput => "the input is empty",
            Self::RelativeReference => "it is a relative reference, without a scheme or a host",
            Self::EmptyHost => "the host is empty",
            Self::InvalidDomain => "the host is not a valid domain name (UTS #46 / IDNA)",
            Self::ForbiddenHostCodePoint => {
                "the host contains a character that is not allowed in a host"
            }
            Self::InvalidPort => "the port is not a number from 0 to 65535",
            Self::InvalidIpv4Address => "the host ends in a number but is not an IPv4 address",
            Self::InvalidIpv6Address => "the host is not a valid IPv6 address",
            Self::BaseWithOpaquePath => {
                "the base URL has an opaque path (like mailto: or data:), so only a fragment resolves against it"
            }
            Self::TooLong => "the URL is longer than 4 GiB",
            Self::Invalid => "the URL is not valid",
        }
    }

    /// True for the kinds that concern the host. Their [`UrlError::host`] names it.
    pub fn is_host_error(self) -> bool {
        matches!(
            self,
            Self::EmptyHost
                | Self::InvalidDomain
                | Self::ForbiddenHostCodePoint
                | Self::InvalidIpv4Address
                | Self::InvalidIpv6Address
        )
    }
}

impl From<url::ParseError> for ErrorKind {
    fn from(err: url::ParseError) -> Self {
        use url::ParseError as E;
        match err {
            E::EmptyHost => Self::EmptyHost,
            E::IdnaError => Self::InvalidDomain,
            E::InvalidPort => Self::InvalidPort,
            E::InvalidIpv4Address => Self::InvalidIpv4Address,
            E::InvalidIpv6Address => Self::InvalidIpv6Address,
            E::InvalidDomainCharacter => Self::ForbiddenHostCodePoint,
            E::RelativeUrlWithoutBase => Self::RelativeReference,
            E::RelativeUrlWithCannotBeABaseBase | E::SetHostOnCannotBeABaseUrl => {
                Self::BaseWithOpaquePath
            }
            E::Overflow => Self::TooLong,
            // `url::ParseError` is non-exhaustive: a variant added later is still a failed parse.
            _ => Self::Invalid,
        }
    }
}

/// The operation that failed, with the inputs it was given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Operation {
    /// `normalize(input)`
    Normalize,
    /// `canonicalize(input)`
    Canonicalize,
    /// `resolve(href, base)`; `in_base` tells which of the two is at fault.
    Resolve {
        /// The base URL as given.
        base: String,
        /// True when the base, not the href, is invalid.
        in_base: bool,
    },
}

/// A URL that could not be processed: the operation, the input, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UrlError {
    kind: ErrorKind,
    operation: Operation,
    input: String,
    host: Option<String>,
}

impl UrlError {
    pub(crate) fn new(kind: ErrorKind, operation: Operation, input: &[u8]) -> Self {
        Self {
            kind,
            operation,
            input: String::from_utf8_lossy(input).into_owned(),
            host: None,
        }
    }

    pub(crate) fn with_host(mut self, host: Option<String>) -> Self {
        self.host = host;
        self
    }

    /// Why the URL was rejected.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The operation and, for `resolve`, the base.
    pub fn operation(&self) -> &Operation {
        &self.operation
    }

    /// The input (the href, for `resolve`), lossily decoded as UTF-8.
    pub fn input(&self) -> &str {
        &self.input
    }

    /// The host as written in the input, when the error concerns the host and it could be found.
    pub fn host(&self) -> Option<&str> {
        self.host.as_deref()
    }
}

/// Inputs are shown in messages with control characters escaped and at most this many characters.
const MAX_SHOWN_CHARS: usize = 200;

/// Writes `text` between backticks, escaping control characters and cutting long inputs.
fn write_quoted(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    f.write_str("`")?;
    for (index, c) in text.chars().enumerate() {
        if index == MAX_SHOWN_CHARS {
            f.write_str("…")?;
            break;
        }
        if c.is_control() {
            write!(f, "{}", c.escape_default())?;
        } else {
            write!(f, "{c}")?;
        }
    }
    f.write_str("`")
}

impl fmt::Display for UrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.operation {
            Operation::Normalize => f.write_str("Cannot normalize ")?,
            Operation::Canonicalize => f.write_str("Cannot canonicalize ")?,
            Operation::Resolve { .. } => f.write_str("Cannot resolve ")?,
        }
        write_quoted(f, &self.input)?;
        if let Operation::Resolve { base, in_base } = &self.operation {
            f.write_str(" against ")?;
            write_quoted(f, base)?;
            f.write_str(": ")?;
            if *in_base {
                f.write_str("the base URL is invalid: ")?;
            }
        } else {
            f.write_str(": ")?;
        }
        f.write_str(self.kind.description())?;
        if let (true, Some(host)) = (self.kind.is_host_error(), &self.host) {
            f.write_str(" (host ")?;
            write_quoted(f, host)?;
            f.write_str(")")?;
        }
        Ok(())
    }
}

impl std::error::Error for UrlError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn message_names_the_input_and_the_reason() {
        let err = UrlError::new(
            ErrorKind::InvalidDomain,
            Operation::Normalize,
            b"https://a\xffb.com/",
        )
        .with_host(Some("a\u{fffd}b.com".into()));
        assert_eq!(
            err.to_string(),
            "Cannot normalize `https://a\u{fffd}b.com/`: the host is not a valid domain name \
             (UTS #46 / IDNA) (host `a\u{fffd}b.com`)"
        );
    }

    #[test]
    fn resolve_message_names_both_inputs_and_blames_the_base() {
        let operation = Operation::Resolve {
            base: "example.com/a".into(),
            in_base: true,
        };
        let err = UrlError::new(ErrorKind::RelativeReference, operation, b"../x");
        assert_eq!(
            err.to_string(),
            "Cannot resolve `../x` against `example.com/a`: the base URL is invalid: it is a \
             relative reference, without a scheme or a host"
        );
    }

    #[test]
    fn long_inputs_are_cut_and_controls_escaped() {
        let input = format!("https://a.com/\n{}", "x".repeat(500));
        let err = UrlError::new(
            ErrorKind::EmptyInput,
            Operation::Normalize,
            input.as_bytes(),
        );
        let message = err.to_string();
        assert!(message.contains("https://a.com/\\n"));
        assert!(message.contains("x…`"));
        assert!(message.len() < 300);
    }
}
