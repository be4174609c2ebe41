//! Errors of the core: what went wrong ([`ErrorKind`]) and on which input ([`UrlError`]).
//!
//! Messages follow one shape, so callers can show them as they are:
//! ``Cannot normalize `https://exa mple.com/`: the host contains a character that is not allowed in a host``.

use crate::input::redact::redact_credentials;
use crate::input::NotAbsolute;
use std::borrow::Cow;
use std::fmt::{self, Write as _};

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
    /// The input is longer than the `max_length` option allows.
    InputTooLong {
        /// The input's length in bytes.
        length: usize,
        /// The `max_length` option.
        max_length: usize,
    },
    /// The URL the operation would return is longer than the `max_length` option allows
    /// (percent-encoding makes a URL up to three times its input), so that every URL a
    /// normalizer returns is one it accepts again.
    ResultTooLong {
        /// The result's length in bytes.
        length: usize,
        /// The `max_length` option.
        max_length: usize,
    },
    /// The URL's scheme is not one of the `allowed_schemes` option; [`UrlError::scheme`] names it.
    DisallowedScheme,
    /// The URL's host is not one of the `allowed_hosts` option (or it has none).
    DisallowedHost,
    /// The URL's host is a loopback name or an address that is not globally reachable, or the
    /// URL has no host, and the `block_private_hosts` option is set.
    PrivateHost,
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
            Self::InputTooLong { .. } => "the input is longer than max_length",
            Self::ResultTooLong { .. } => "the result would be longer than max_length",
            Self::DisallowedScheme => "the scheme is not one of allowed_schemes",
            Self::DisallowedHost => "the host is not one of allowed_hosts",
            Self::PrivateHost => {
                "the host is a loopback, private, local or otherwise non-public address, or \
                 there is none (block_private_hosts)"
            }
            Self::Invalid => "the URL is not valid",
        }
    }

    /// Every kind, in the order of their [`ErrorKind::code`]s.
    pub const ALL: [ErrorKind; 16] = [
        Self::EmptyInput,
        Self::RelativeReference,
        Self::EmptyHost,
        Self::InvalidDomain,
        Self::ForbiddenHostCodePoint,
        Self::InvalidPort,
        Self::InvalidIpv4Address,
        Self::InvalidIpv6Address,
        Self::BaseWithOpaquePath,
        Self::TooLong,
        Self::InputTooLong {
            length: 0,
            max_length: 0,
        },
        Self::DisallowedScheme,
        Self::DisallowedHost,
        Self::PrivateHost,
        Self::Invalid,
        Self::ResultTooLong {
            length: 0,
            max_length: 0,
        },
    ];

    /// The kind's stable name, the value of PHP's `UrlNormalize\ErrorKind` case
    /// (`private-host`). Names never change and are never reused.
    pub fn name(self) -> &'static str {
        match self {
            Self::EmptyInput => "empty-input",
            Self::RelativeReference => "relative-reference",
            Self::EmptyHost => "empty-host",
            Self::InvalidDomain => "invalid-domain",
            Self::ForbiddenHostCodePoint => "forbidden-host-code-point",
            Self::InvalidPort => "invalid-port",
            Self::InvalidIpv4Address => "invalid-ipv4",
            Self::InvalidIpv6Address => "invalid-ipv6",
            Self::BaseWithOpaquePath => "base-with-opaque-path",
            Self::TooLong => "too-long",
            Self::InputTooLong { .. } => "input-too-long",
            Self::DisallowedScheme => "disallowed-scheme",
            Self::DisallowedHost => "disallowed-host",
            Self::PrivateHost => "private-host",
            Self::Invalid => "invalid",
            Self::ResultTooLong { .. } => "result-too-long",
        }
    }

    /// The kind's stable code, from 1: the PHP exception's `getCode()`. A code never changes
    /// and is never reused; a new kind takes the next one.
    pub fn code(self) -> i64 {
        match self {
            Self::EmptyInput => 1,
            Self::RelativeReference => 2,
            Self::EmptyHost => 3,
            Self::InvalidDomain => 4,
            Self::ForbiddenHostCodePoint => 5,
            Self::InvalidPort => 6,
            Self::InvalidIpv4Address => 7,
            Self::InvalidIpv6Address => 8,
            Self::BaseWithOpaquePath => 9,
            Self::TooLong => 10,
            Self::InputTooLong { .. } => 11,
            Self::DisallowedScheme => 12,
            Self::DisallowedHost => 13,
            Self::PrivateHost => 14,
            Self::Invalid => 15,
            Self::ResultTooLong { .. } => 16,
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
                | Self::DisallowedHost
                | Self::PrivateHost
        )
    }
}

/// The description, with the numbers of [`ErrorKind::InputTooLong`].
impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InputTooLong { length, max_length } => {
                write!(
                    f,
                    "the input is {length} bytes, longer than max_length {max_length}"
                )
            }
            Self::ResultTooLong { length, max_length } => {
                write!(
                    f,
                    "the result would be {length} bytes, longer than max_length {max_length}"
                )
            }
            kind => f.write_str(kind.description()),
        }
    }
}

impl From<NotAbsolute> for ErrorKind {
    fn from(reason: NotAbsolute) -> Self {
        match reason {
            NotAbsolute::Empty => Self::EmptyInput,
            NotAbsolute::RelativeReference => Self::RelativeReference,
        }
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
    /// `toDisplay(input)`
    ToDisplay,
    /// `registrableDomain(input)`
    RegistrableDomain,
    /// `publicSuffix(input)`
    PublicSuffix,
    /// `sameSite(a, b)`: the input is the one of the two that is at fault.
    SameSite,
    /// `hostType(input)`
    HostType,
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
    /// The part of the input at fault: the host of a host error, the scheme of a
    /// [`ErrorKind::DisallowedScheme`]. One field, so that `Result<_, UrlError>` stays small.
    culprit: Option<String>,
    /// The message shows passwords (the `log_credentials` option); by default it shows `***`.
    show_credentials: bool,
}

impl UrlError {
    pub(crate) fn new(kind: ErrorKind, operation: Operation, input: &[u8]) -> Self {
        Self {
            kind,
            operation,
            input: String::from_utf8_lossy(input).into_owned(),
            culprit: None,
            show_credentials: false,
        }
    }

    /// Lets the message show the passwords of the inputs (`log_credentials`).
    pub(crate) fn showing_credentials(mut self, show: bool) -> Self {
        self.show_credentials = show;
        self
    }

    pub(crate) fn with_host(mut self, host: Option<String>) -> Self {
        self.culprit = host;
        self
    }

    pub(crate) fn with_scheme(mut self, scheme: &str) -> Self {
        self.culprit = Some(scheme.to_owned());
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

    /// The input (the href, for `resolve`), lossily decoded as UTF-8, password included (the
    /// message hides it).
    pub fn input(&self) -> &str {
        &self.input
    }

    /// The host as written in the input, when the error concerns the host and it could be found.
    pub fn host(&self) -> Option<&str> {
        self.culprit
            .as_deref()
            .filter(|_| self.kind.is_host_error())
    }

    /// The URL at fault (the base, when a base is invalid or has an opaque path), as a
    /// message shows it: its password hidden unless `log_credentials`, every other byte kept.
    pub fn shown_input(&self) -> Cow<'_, str> {
        let input = match &self.operation {
            Operation::Resolve { base, in_base }
                if *in_base || self.kind == ErrorKind::BaseWithOpaquePath =>
            {
                base
            }
            _ => &self.input,
        };
        if self.show_credentials {
            return Cow::Borrowed(input);
        }
        match redact_credentials(input.as_bytes()) {
            Cow::Borrowed(_) => Cow::Borrowed(input),
            Cow::Owned(redacted) => Cow::Owned(String::from_utf8_lossy(&redacted).into_owned()),
        }
    }

    /// The scheme, when the error is [`ErrorKind::DisallowedScheme`].
    pub fn scheme(&self) -> Option<&str> {
        self.culprit
            .as_deref()
            .filter(|_| self.kind == ErrorKind::DisallowedScheme)
    }
}

/// Inputs are shown in messages with control characters escaped and at most this many characters.
const MAX_SHOWN_CHARS: usize = 200;

/// Writes an input between backticks, its password replaced by `***` unless `show_credentials`.
fn write_input(f: &mut fmt::Formatter<'_>, input: &str, show_credentials: bool) -> fmt::Result {
    if show_credentials {
        return write_quoted(f, input);
    }
    match redact_credentials(input.as_bytes()) {
        Cow::Borrowed(_) => write_quoted(f, input),
        Cow::Owned(redacted) => write_quoted(f, &String::from_utf8_lossy(&redacted)),
    }
}

/// Writes `text` between backticks, escaping control characters and cutting long inputs.
fn write_quoted(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    f.write_str("`")?;
    for (index, c) in text.chars().enumerate() {
        if index == MAX_SHOWN_CHARS {
            f.write_str("…")?;
            break;
        }
        write_printable_char(f, c)?;
    }
    f.write_str("`")
}

/// `bytes` as readable text for a message, so that any PHP string can be shown: `\0` for NUL,
/// `\n`-style escapes for other control characters, `\xFF` for each byte that is not UTF-8.
/// PHP cannot throw a message that contains NUL, and a raw control character hides what it is.
pub fn printable(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            // Writing to a String cannot fail.
            let _ = write_printable_char(&mut text, c);
        }
        for byte in chunk.invalid() {
            let _ = write!(text, "\\x{byte:02X}");
        }
    }
    text
}

fn write_printable_char(out: &mut impl fmt::Write, c: char) -> fmt::Result {
    match c {
        '\0' => out.write_str("\\0"),
        c if c.is_control() => write!(out, "{}", c.escape_default()),
        c => out.write_char(c),
    }
}

impl fmt::Display for UrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.operation {
            Operation::Normalize => f.write_str("Cannot normalize ")?,
            Operation::Canonicalize => f.write_str("Cannot canonicalize ")?,
            Operation::ToDisplay => f.write_str("Cannot display ")?,
            Operation::RegistrableDomain => {
                f.write_str("Cannot find the registrable domain of ")?
            }
            Operation::PublicSuffix => f.write_str("Cannot find the public suffix of ")?,
            Operation::SameSite => f.write_str("Cannot find the site of ")?,
            Operation::HostType => f.write_str("Cannot find the host of ")?,
            Operation::Resolve { .. } => f.write_str("Cannot resolve ")?,
        }
        write_input(f, &self.input, self.show_credentials)?;
        if let Operation::Resolve { base, in_base } = &self.operation {
            f.write_str(" against ")?;
            write_input(f, base, self.show_credentials)?;
            f.write_str(": ")?;
            if *in_base {
                f.write_str("the base URL is invalid: ")?;
            }
        } else {
            f.write_str(": ")?;
        }
        write!(f, "{}", self.kind)?;
        if let Some(host) = self.host() {
            f.write_str(" (host ")?;
            write_quoted(f, host)?;
            f.write_str(")")?;
        }
        if let Some(scheme) = self.scheme() {
            f.write_str(" (scheme ")?;
            write_quoted(f, scheme)?;
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
    fn every_kind_has_its_own_name_and_code() {
        let codes: Vec<i64> = ErrorKind::ALL.iter().map(|kind| kind.code()).collect();
        assert_eq!(
            codes,
            (1..=16).collect::<Vec<_>>(),
            "codes run from 1, in ALL's order"
        );
        let mut names: Vec<&str> = ErrorKind::ALL.iter().map(|kind| kind.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ErrorKind::ALL.len());
        assert!(names.iter().all(|n| n
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b == b'-' || b.is_ascii_digit())));
    }

    #[test]
    fn the_shown_input_is_the_url_at_fault_without_its_password() {
        let err = UrlError::new(
            ErrorKind::EmptyHost,
            Operation::Normalize,
            b"https://u:pw@/x",
        );
        assert_eq!(err.shown_input(), "https://u:***@/x");
        assert_eq!(
            err.clone().showing_credentials(true).shown_input(),
            "https://u:pw@/x"
        );
        let base = Operation::Resolve {
            base: "https://u:pw@exa mple.com/".into(),
            in_base: true,
        };
        let err = UrlError::new(ErrorKind::ForbiddenHostCodePoint, base, b"../x");
        assert_eq!(err.shown_input(), "https://u:***@exa mple.com/");
    }

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

    #[test]
    fn nul_and_bytes_that_are_not_utf8_are_shown_escaped() {
        assert_eq!(
            printable(b"a\0b\xFF\xC3\n\xC3\xA9"),
            "a\\0b\\xFF\\xC3\\n\u{e9}"
        );
        let err = UrlError::new(
            ErrorKind::Invalid,
            Operation::Normalize,
            b"https://a\0b.com/",
        );
        assert_eq!(
            err.to_string(),
            "Cannot normalize `https://a\\0b.com/`: the URL is not valid"
        );
    }

    #[test]
    fn passwords_are_hidden_unless_asked_for() {
        let operation = Operation::Resolve {
            base: "https://u:base-secret@a.com/".into(),
            in_base: false,
        };
        let err = UrlError::new(
            ErrorKind::InvalidPort,
            operation,
            b"//joe:s3cret@b.com:99999/",
        );
        assert_eq!(
            err.to_string(),
            "Cannot resolve `//joe:***@b.com:99999/` against `https://u:***@a.com/`: the port \
             is not a number from 0 to 65535"
        );
        assert_eq!(err.input(), "//joe:s3cret@b.com:99999/");
        let shown = err.showing_credentials(true).to_string();
        assert!(shown.contains("joe:s3cret@") && shown.contains("u:base-secret@"));
    }

    #[test]
    fn length_and_scheme_errors_name_their_evidence() {
        let kind = ErrorKind::InputTooLong {
            length: 3_000_000,
            max_length: 2_097_152,
        };
        let err = UrlError::new(kind, Operation::Normalize, b"https://a.com/");
        assert_eq!(
            err.to_string(),
            "Cannot normalize `https://a.com/`: the input is 3000000 bytes, longer than max_length 2097152"
        );
        let err = UrlError::new(
            ErrorKind::DisallowedScheme,
            Operation::Normalize,
            b"javascript:x",
        )
        .with_scheme("javascript");
        assert_eq!(
            err.to_string(),
            "Cannot normalize `javascript:x`: the scheme is not one of allowed_schemes (scheme `javascript`)"
        );
    }
}
