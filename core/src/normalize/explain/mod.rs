//! `explain()`: why did this URL change? What `normalize()` changed, in the order it happens,
//! and which of the URL Standard's validation errors the input has.
//!
//! Both lists come from reading the input as the parser reads it (the same scheme-less rule,
//! stripping and host parsing) and comparing each part as written with the URL `normalize()`
//! returns. tests/explain.rs holds the changes against `normalize()` itself: over every URL of
//! the data sets, `changes` is empty exactly when `normalize()` returns the input.
//! <https://url.spec.whatwg.org/#validation-error>

mod names;
mod validation;

pub use names::{Change, ValidationError};

use crate::error::Operation;
use crate::input::{bytes_to_str, is_special_scheme, split_scheme, strip, with_default_scheme};
use crate::input::{layout, split_authority, HostSource};
use crate::normalize::rebuild::{in_c0_control_set, in_encode_set, in_query_set, FRAGMENT, PATH};
use crate::normalize::{normalize_cow, read_input};
use crate::options::Options;
use crate::standard::path::{is_dot_segment, is_windows_drive_letter};
use crate::standard::port::{port_number, PortError};
use crate::standard::ParsedUrl;
use crate::standard::UrlHost;
use percent_encoding::percent_decode_str;
use validation::{has_invalid_url_unit, host_errors, Errors};

/// What `normalize()` did to an input, and what the URL Standard says about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// `normalize()`'s result (its password hidden unless `log_credentials`), or `None` when
    /// the input is invalid or the options refuse it.
    pub result: Option<String>,
    /// The message `normalize()` throws in strict mode, when the input is invalid (its
    /// password hidden unless `log_credentials`).
    pub reason: Option<String>,
    /// What `normalize()` changed, each once, in the order it happens ([`Change::ALL`]);
    /// empty when it returns the input, and when the input is invalid (nothing is changed).
    pub changes: Vec<Change>,
    /// The URL Standard's validation errors of the input, each once, in the order of the parts
    /// of the URL. A valid URL may have some (`http:a.com`); an invalid one has the one that
    /// made parsing fail, unless the reason is none of the standard's (`max_length`, the
    /// options' policies).
    pub errors: Vec<ValidationError>,
    /// The type of the host, as [`crate::host_type`] gives it, when the input is a URL (even
    /// one the options refuse).
    pub host_type: Option<&'static str>,
}

/// Explains what [`crate::normalize()`] does with `input`; never fails.
///
/// # Examples
///
/// ```
/// use url_normalize_core::{explain, Options};
/// let explained = explain("HTTP://Bücher.de:80/a/../b c".as_bytes(), &Options::default());
/// assert_eq!(explained.result.as_deref(), Some("http://xn--bcher-kva.de/b%20c"));
/// let changes: Vec<&str> = explained.changes.iter().map(|c| c.name()).collect();
/// assert_eq!(changes, ["scheme-lowercased", "idn-to-ascii", "default-port-removed",
///                      "dot-segments-removed", "path-percent-encoded"]);
/// let errors: Vec<&str> = explained.errors.iter().map(|e| e.name()).collect();
/// assert_eq!(errors, ["invalid-URL-unit"]);
/// assert_eq!(explained.host_type, Some("domain"));
/// ```
pub fn explain(input: &[u8], options: &Options) -> Explanation {
    let normalized = normalize_cow(input, options);
    let read = read_input(input, options, Operation::Normalize);
    let mut explanation = Explanation {
        result: normalized
            .as_ref()
            .ok()
            .map(|url| String::from_utf8_lossy(&options.loggable(url.as_bytes())).into_owned()),
        reason: normalized.as_ref().err().map(ToString::to_string),
        changes: Vec::new(),
        errors: Vec::new(),
        host_type: read.as_ref().ok().map(|url| url.host_of().type_name()),
    };
    let mut errors = Errors(&mut explanation.errors);
    let mut changes = Vec::new();

    let text = bytes_to_str(input);
    let stripped = strip(&text);
    let bytes = text.as_bytes();
    let trimmed =
        bytes.first().is_some_and(|&b| b <= b' ') || bytes.last().is_some_and(|&b| b <= b' ');
    let inner_tab_or_newline = text
        .trim_matches(|c: char| c <= ' ')
        .contains(['\t', '\n', '\r']);
    if text.len() != input.len() {
        changes.push(Change::NonUtf8PercentEncoded);
    }
    if trimmed {
        changes.push(Change::WhitespaceStripped);
    }
    if inner_tab_or_newline {
        changes.push(Change::TabOrNewlineRemoved);
    }
    if trimmed || inner_tab_or_newline {
        errors.push(ValidationError::InvalidUrlUnit);
    }
    let absolute = match with_default_scheme(&stripped, options.default_scheme()) {
        Ok(absolute) => absolute,
        Err(_) => {
            errors.push(ValidationError::MissingSchemeNonRelativeUrl);
            return explanation;
        }
    };
    if absolute.len() != stripped.len() {
        changes.push(Change::DefaultSchemeAdded);
        errors.push(ValidationError::MissingSchemeNonRelativeUrl);
    }
    let Some(parts) = Parts::of(&absolute) else {
        return explanation;
    };
    parts.validation_errors(&mut errors);
    if let (Ok(_), Ok(url)) = (&normalized, &read) {
        parts.changes(url, &mut changes);
        explanation.changes = changes;
    }
    explanation
}

/// An absolute input (stripped, with a scheme) split as the parser's states split it, each
/// part as written.
struct Parts<'a> {
    scheme: &'a str,
    special: bool,
    file: bool,
    /// The separators between `scheme:` and the authority (special URLs: every `/` and `\`).
    slashes: &'a str,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<&'a str>,
    path: &'a str,
    opaque: bool,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl<'a> Parts<'a> {
    fn of(input: &'a str) -> Option<Self> {
        let (scheme, rest) = split_scheme(input)?;
        let special = is_special_scheme(scheme);
        let file = scheme.eq_ignore_ascii_case("file");
        // `#` ends every part before the fragment, `?` every part before the query.
        let (rest, fragment) = match rest.split_once('#') {
            Some((before, fragment)) => (before, Some(fragment)),
            None => (rest, None),
        };
        let (rest, query) = match rest.split_once('?') {
            Some((before, query)) => (before, Some(query)),
            None => (rest, None),
        };
        // Where the authority is: the layout's reading, which every other stage shares. A
        // `file:` URL's authority is its host.
        let after_scheme = scheme.len() + 1;
        let path_end = after_scheme + rest.len();
        let found = layout(input, None);
        let authority = match found.host {
            HostSource::Own(Some(host)) if file => Some(host),
            _ if file => None,
            _ => found.authority,
        };
        let (slashes, authority, path) = match authority {
            Some(range) => (
                &input[after_scheme..range.start],
                Some(&input[range.clone()]),
                &input[range.end..path_end],
            ),
            None => ("", None, &input[after_scheme..path_end]),
        };
        let (mut userinfo, mut host, mut port) = (None, None, None);
        if let Some(authority) = authority {
            if file {
                host = Some(authority);
            } else {
                let split = split_authority(authority.as_bytes());
                userinfo = split.userinfo.map(|range| &authority[range]);
                host = Some(&authority[split.host]);
                port = split.port.map(|range| &authority[range]);
            }
        }
        Some(Self {
            scheme,
            special,
            file,
            slashes,
            userinfo,
            host,
            port,
            path,
            opaque: !special && authority.is_none() && !path.starts_with('/'),
            query,
            fragment,
        })
    }

    /// What `normalize()` changed, comparing each part with the parsed URL.
    fn changes(&self, parsed: &ParsedUrl, changes: &mut Vec<Change>) {
        let url = &parsed.url;
        if self.scheme != url.scheme() {
            changes.push(Change::SchemeLowercased);
        }
        if self.special && self.slashes.len() != 2 {
            changes.push(Change::SlashesNormalized);
        }
        if self.special && (self.slashes.contains('\\') || self.path.contains('\\')) {
            changes.push(Change::BackslashToSlash);
        }
        if let Some(written) = self.userinfo {
            let shown = match url.password() {
                Some(password) => format!("{}:{password}", url.username()),
                None => url.username().to_owned(),
            };
            // Without a user name or password the result has no `@` either (`https://@a.com/`).
            if written != shown || shown.is_empty() {
                changes.push(match written.trim_end_matches(':') == shown {
                    true => Change::EmptyCredentialsRemoved,
                    false => Change::CredentialsPercentEncoded,
                });
            }
        }
        self.host_changes(parsed.host_of(), changes);
        if let Some(port) = self.port {
            match url.port() {
                _ if port.is_empty() => changes.push(Change::EmptyPortRemoved),
                None => changes.push(Change::DefaultPortRemoved),
                Some(number) if number.to_string() != port => changes.push(Change::PortNormalized),
                Some(_) => {}
            }
        }
        self.path_changes(changes);
        if self
            .query
            .is_some_and(|query| query.bytes().any(|b| in_query_set(b, self.special)))
        {
            changes.push(Change::QueryPercentEncoded);
        }
        if self
            .fragment
            .is_some_and(|fragment| fragment.bytes().any(|b| in_encode_set(b, FRAGMENT)))
        {
            changes.push(Change::FragmentPercentEncoded);
        }
    }

    fn host_changes(&self, parsed: UrlHost<'_>, changes: &mut Vec<Change>) {
        let Some(written) = self.host else {
            return;
        };
        if parsed.shown().unwrap_or("") == written {
            return;
        }
        match parsed {
            UrlHost::Ipv4(..) => changes.push(Change::Ipv4Normalized),
            UrlHost::Ipv6(..) => changes.push(Change::Ipv6Normalized),
            UrlHost::Opaque(_) => changes.push(Change::HostPercentEncoded),
            UrlHost::Empty => changes.push(Change::FileLocalhostRemoved),
            UrlHost::Domain(domain) => {
                if written.contains('%') {
                    changes.push(Change::HostPercentDecoded);
                }
                let decoded = percent_decode_str(written).decode_utf8_lossy();
                if decoded.to_ascii_lowercase() != domain {
                    changes.push(Change::IdnToAscii);
                } else if decoded != domain {
                    changes.push(Change::HostLowercased);
                }
            }
        }
    }

    fn path_changes(&self, changes: &mut Vec<Change>) {
        if self.opaque {
            // The C0 control percent-encode set, and a space right before `?` or `#`.
            let before_more = self.query.is_some() || self.fragment.is_some();
            if self.path.bytes().any(in_c0_control_set) || (before_more && self.path.ends_with(' '))
            {
                changes.push(Change::PathPercentEncoded);
            }
            return;
        }
        let is_separator = |c: char| c == '/' || (self.special && c == '\\');
        if self.file
            && self.path.starts_with(is_separator)
            && self.path[1..].starts_with(is_separator)
        {
            changes.push(Change::FileSlashesCollapsed);
        }
        // Without a host, a path that starts with `//` is serialized after `/.`, which keeps it
        // from reading as a host: that `/.` stays.
        let marker = self.host.is_none() && self.path.starts_with("/.//");
        let path = if marker { &self.path[2..] } else { self.path };
        if path.split(is_separator).any(is_dot_segment) {
            changes.push(Change::DotSegmentsRemoved);
        }
        if self.special && self.path.is_empty() {
            changes.push(Change::RootPathAdded);
        }
        if self.path.bytes().any(|b| in_encode_set(b, PATH)) {
            changes.push(Change::PathPercentEncoded);
        }
    }

    /// The URL Standard's validation errors, part by part, up to the first failure.
    fn validation_errors(&self, errors: &mut Errors<'_>) {
        // Anything but `//` (a `\\` too) is this error in the special authority slashes states;
        // in a `file:` URL a `\\` there is also invalid-reverse-solidus (file slash state).
        if self.special && self.slashes != "//" {
            errors.push(ValidationError::SpecialSchemeMissingFollowingSolidus);
        }
        if self.file && self.slashes.contains('\\') {
            errors.push(ValidationError::InvalidReverseSolidus);
        }
        if self.userinfo.is_some() {
            errors.push(ValidationError::InvalidCredentials);
        }
        let failed = match self.host {
            // The drive letter is read again as the path, where `|` is no URL unit.
            Some(host) if self.file && is_windows_drive_letter(host) => {
                errors.push(ValidationError::FileInvalidWindowsDriveLetterHost);
                if has_invalid_url_unit(host) {
                    errors.push(ValidationError::InvalidUrlUnit);
                }
                false
            }
            Some("") if self.special && !self.file => errors.fail(ValidationError::HostMissing),
            Some("") if self.userinfo.is_some() || self.port.is_some() => {
                errors.fail(ValidationError::HostMissing)
            }
            Some("") | None => false,
            Some(host) => host_errors(host, self.special, errors),
        };
        let port_failed = !failed
            && match self.port.map(|port| port_number(port.as_bytes())) {
                Some(Err(PortError::NotDigits)) => errors.fail(ValidationError::PortInvalid),
                Some(Err(PortError::OutOfRange)) => errors.fail(ValidationError::PortOutOfRange),
                _ => false,
            };
        // A failure ends the parse: nothing after it is read.
        if failed || port_failed {
            return;
        }
        if self.special && self.path.contains('\\') {
            errors.push(ValidationError::InvalidReverseSolidus);
        }
        // In a special URL `\\` is a separator, reported above.
        let path = match self.special {
            true => self.path.replace('\\', "/"),
            false => self.path.to_owned(),
        };
        let parts = [Some(path.as_str()), self.query, self.fragment];
        let fragment_hash = self.fragment.is_some_and(|fragment| fragment.contains('#'));
        if fragment_hash || parts.into_iter().flatten().any(has_invalid_url_unit) {
            errors.push(ValidationError::InvalidUrlUnit);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(input: &str) -> (Vec<&'static str>, Vec<&'static str>) {
        let explained = explain(input.as_bytes(), &Options::default());
        (
            explained.changes.iter().map(|c| c.name()).collect(),
            explained.errors.iter().map(|e| e.name()).collect(),
        )
    }

    #[test]
    fn changes_are_named_in_the_order_they_happen() {
        for (input, expected) in [
            ("https://example.com/", vec![]),
            (
                "  example.com/a\tb ",
                vec![
                    "whitespace-stripped",
                    "tab-or-newline-removed",
                    "default-scheme-added",
                ],
            ),
            (
                "HTTP://EXAMPLE.com:80",
                vec![
                    "scheme-lowercased",
                    "host-lowercased",
                    "default-port-removed",
                    "root-path-added",
                ],
            ),
            ("http:\\\\a.com\\b", vec!["backslash-to-slash"]),
            (
                "http:/\\\\a.com/",
                vec!["slashes-normalized", "backslash-to-slash"],
            ),
            ("https:a.com/", vec!["slashes-normalized"]),
            ("https://u:@a.com/", vec!["empty-credentials-removed"]),
            ("https://u:p:q@a.com/", vec!["credentials-percent-encoded"]),
            (
                "https://ex%41mple.com/",
                vec!["host-percent-decoded", "host-lowercased"],
            ),
            ("https://Bücher.de/", vec!["idn-to-ascii"]),
            ("https://a。com/", vec!["idn-to-ascii"]),
            ("http://0x7f.1/", vec!["ipv4-normalized"]),
            ("http://[0:0::1]/", vec!["ipv6-normalized"]),
            ("foo://ü/", vec!["host-percent-encoded"]),
            ("https://a.com:/", vec!["empty-port-removed"]),
            ("https://a.com:0443/", vec!["default-port-removed"]),
            ("https://a.com:08080/", vec!["port-normalized"]),
            ("https://a.com/a/./b/%2E%2e/c", vec!["dot-segments-removed"]),
            (
                "https://a.com/é?é#é",
                vec![
                    "path-percent-encoded",
                    "query-percent-encoded",
                    "fragment-percent-encoded",
                ],
            ),
            ("https://a.com/?'", vec!["query-percent-encoded"]),
            ("foo://a.com/?'", vec![]),
            ("mailto:é@a.com", vec!["path-percent-encoded"]),
            ("https://a.com/caf\u{e9}", vec!["path-percent-encoded"]),
            ("https://exa mple.com/", vec![]),
        ] {
            assert_eq!(names(input).0, expected, "{input}");
        }
        let non_utf8 = explain(b"https://a.com/caf\xE9", &Options::default());
        assert_eq!(non_utf8.changes, [Change::NonUtf8PercentEncoded]);
    }

    #[test]
    fn validation_errors_have_the_standards_names() {
        for (input, expected) in [
            ("https://example.com/", vec![]),
            (" https://a.com/", vec!["invalid-URL-unit"]),
            ("example.com", vec!["missing-scheme-non-relative-URL"]),
            ("/relative", vec!["missing-scheme-non-relative-URL"]),
            (
                "http:evil.example",
                vec!["special-scheme-missing-following-solidus"],
            ),
            (
                "https:\\\\evil.example",
                vec!["special-scheme-missing-following-solidus"],
            ),
            ("https://u:p@a.com/", vec!["invalid-credentials"]),
            (
                "https:///x",
                vec!["special-scheme-missing-following-solidus"],
            ),
            ("https://", vec!["host-missing"]),
            ("https://exa mple.com/", vec!["domain-invalid-code-point"]),
            ("https://\u{200D}.example/", vec!["domain-to-ASCII"]),
            ("foo://exa mple.com/", vec!["host-invalid-code-point"]),
            ("http://0x7f.1/", vec!["IPv4-non-decimal-part"]),
            ("http://0177.0.0.1/", vec!["IPv4-non-decimal-part"]),
            ("http://127.0.0.1./", vec!["IPv4-empty-part"]),
            ("http://2130706433/", vec!["IPv4-out-of-range-part"]),
            ("http://1.2.3.4.5/", vec!["IPv4-too-many-parts"]),
            ("http://1.2.3.09/", vec!["IPv4-non-numeric-part"]),
            ("http://[::1/", vec!["IPv6-unclosed"]),
            ("http://[:1]/", vec!["IPv6-invalid-compression"]),
            ("http://[1:2:3:4:5:6:7:8:9]/", vec!["IPv6-too-many-pieces"]),
            ("http://[1::2::3]/", vec!["IPv6-multiple-compression"]),
            ("http://[1:2:3:4:5:6:7:x]/", vec!["IPv6-invalid-code-point"]),
            ("http://[1:2:3]/", vec!["IPv6-too-few-pieces"]),
            (
                "http://[1:2:3:4:5:6:7:1.2.3.4]/",
                vec!["IPv4-in-IPv6-too-many-pieces"],
            ),
            (
                "http://[::1.2.x.4]/",
                vec!["IPv4-in-IPv6-invalid-code-point"],
            ),
            (
                "http://[::1.2.3.256]/",
                vec!["IPv4-in-IPv6-out-of-range-part"],
            ),
            ("http://[::1.2.3]/", vec!["IPv4-in-IPv6-too-few-parts"]),
            ("https://a.com:99999/", vec!["port-out-of-range"]),
            ("https://a.com:8x/", vec!["port-invalid"]),
            ("https://a.com/a\\b", vec!["invalid-reverse-solidus"]),
            ("https://a.com/a b", vec!["invalid-URL-unit"]),
            ("https://a.com/%zz", vec!["invalid-URL-unit"]),
            ("https://a.com/#a#b", vec!["invalid-URL-unit"]),
            ("https://a.com/é", vec![]),
            (
                "file://C|/x",
                vec!["file-invalid-Windows-drive-letter-host", "invalid-URL-unit"],
            ),
        ] {
            assert_eq!(names(input).1, expected, "{input}");
        }
    }

    #[test]
    fn an_invalid_url_has_a_reason_and_no_changes() {
        let explained = explain(b" https://exa mple.com/", &Options::default());
        assert_eq!(explained.result, None);
        assert!(explained.changes.is_empty());
        assert_eq!(explained.host_type, None);
        assert_eq!(
            explained.reason.as_deref(),
            Some("Cannot normalize ` https://exa mple.com/`: the host contains a character that is not allowed in a host (host `exa mple.com`)")
        );
        let mut refusing = Options::default();
        refusing
            .set("block_private_hosts", crate::OptionValue::Bool(true))
            .unwrap();
        let explained = explain(b"http://0x7f.1/", &refusing);
        assert_eq!(explained.result, None);
        assert_eq!(explained.host_type, Some("ipv4"));
        assert_eq!(explained.errors, [ValidationError::Ipv4NonDecimalPart]);
        assert!(explained.reason.unwrap().ends_with("(host `127.0.0.1`)"));
    }

    #[test]
    fn names_are_unique() {
        let mut seen = std::collections::HashSet::new();
        assert!(Change::ALL.iter().all(|c| seen.insert(c.name())));
        assert!(ValidationError::ALL.iter().all(|e| seen.insert(e.name())));
    }
}
