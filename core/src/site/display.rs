//! `to_display()`: a URL as a person should read it, pointing exactly where the URL points.
//!
//! Two changes to the normalized URL, both undone by [`crate::normalize()`]:
//! - each `xn--` label of the host is shown in Unicode when the IDN display policy
//!   ([`crate::site::spoof_checks`]) finds nothing it could pass for;
//! - percent-encoded UTF-8 in the path, query and fragment is decoded where the character
//!   is a letter, mark or digit that reads as itself. ASCII is never decoded (so `%2F %3F
//!   %23 %25 %26 %3D %2B` and every other delimiter keep their meaning), and neither are
//!   controls, spaces, punctuation, bidi controls, invisible characters or bytes that are
//!   not UTF-8.
//!
//! - a character whose confusable skeleton (UTS #39) holds a delimiter (`ᐟ` reads as `/`, `ꓸ`
//!   as `.`), and a combining mark right after a delimiter, stay encoded;
//! - an opaque path (`mailto:`, `data:`) is shown as the parser wrote it, except the inner URL
//!   of `blob:` and `view-source:`, which is shown as a URL: its host through the display
//!   policy (the URL Standard takes a `blob:` URL's origin from it).
//!
//! The rule: whatever is shown in Unicode has passed the display policy; anything else is
//! shown escaped. So an input that is no URL, or that the options refuse, is shown with every
//! byte outside printable ASCII percent-encoded ([`escape_for_display`]).
//!
//! The round trip `normalize(to_display(u)) == normalize(u)` holds by construction: a label
//! is shown in Unicode only when ToASCII gives back the same label, and a character is
//! decoded only from the escapes the parser writes for it (upper-case hex: `%c3%a9` stays).

use crate::error::{Operation, UrlError};
use crate::input::{is_special_scheme, layout, split_scheme, HostSource};
use crate::normalize::{parse_input, within_max_length};
use crate::options::Options;
use crate::site::spoof_checks::{check_label, TopLevelDomain};
use idna::uts46::{AsciiDenyList, Hyphens, Uts46};
use percent_encoding::{percent_decode_str, utf8_percent_encode, CONTROLS};
use std::borrow::Cow;
use unicode_normalization::char::is_combining_mark;
use url::Position;

/// The URL as a person should read it: the normalized URL with safe IDN labels in Unicode
/// and readable percent-encoded UTF-8 decoded.
///
/// # Examples
///
/// ```
/// use url_normalize_core::{to_display, Options};
/// let options = Options::default();
/// let shown = to_display("https://xn--910ba870d2ola729pxvdzqk.com/caf%C3%A9".as_bytes(), &options)?;
/// assert_eq!(shown, "https://나나커피로스터스.com/café");
/// // A Cyrillic name that passes for "apple" stays in punycode; %2F stays encoded.
/// let shown = to_display(b"https://xn--80ak6aa92e.com/a%2Fb", &options)?;
/// assert_eq!(shown, "https://xn--80ak6aa92e.com/a%2Fb");
/// # Ok::<(), url_normalize_core::UrlError>(())
/// ```
///
/// # Errors
///
/// As [`crate::normalize()`]: the input is not a URL.
pub fn to_display(input: &[u8], options: &Options) -> Result<String, UrlError> {
    let parsed = parse_input(input, options, Operation::ToDisplay)?;
    // What normalize() refuses as too long (`max_length`) is refused here too: the URL shown
    // is the one normalize() gives.
    within_max_length(parsed.serialize(), input, options, Operation::ToDisplay)?;
    let url = &parsed.url;
    let host = match parsed.domain() {
        Some(domain) if is_special_scheme(url.scheme()) => display_host(domain),
        _ => Cow::Borrowed(url.host_str().unwrap_or("")),
    };
    let mut shown = String::with_capacity(url.as_str().len() + host.len());
    shown.push_str(&url[..Position::BeforeHost]);
    shown.push_str(&host);
    shown.push_str(&url[Position::AfterHost..Position::BeforePath]);
    if url.cannot_be_a_base() {
        shown.push_str(&display_opaque_path(url.scheme(), url.path()));
    } else {
        shown.push_str(&decode_readable(url.path()));
    }
    if let Some(query) = url.query() {
        shown.push('?');
        shown.push_str(&decode_readable(query));
    }
    if let Some(fragment) = url.fragment() {
        shown.push('#');
        shown.push_str(&decode_readable(fragment));
    }
    Ok(shown)
}

/// An input shown as it is, for when it is no URL (or the options refuse it): every byte
/// outside printable ASCII percent-encoded, so no look-alike, bidi control, invisible
/// character or space is shown raw (`https://аррӏе.com:99999/` →
/// `https://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com:99999/`).
///
/// # Examples
///
/// ```
/// use url_normalize_core::escape_for_display;
/// assert_eq!(escape_for_display("https://exa mple.com/\u{202E}gpj.exe".as_bytes()),
///            "https://exa%20mple.com/%E2%80%AEgpj.exe");
/// ```
pub fn escape_for_display(input: &[u8]) -> String {
    let mut shown = String::with_capacity(input.len());
    for &byte in input {
        if byte.is_ascii_graphic() {
            shown.push(char::from(byte));
        } else {
            shown.push_str(&format!("%{byte:02X}"));
        }
    }
    shown
}

/// An opaque path as the parser wrote it, escapes and all (`mailto:` addresses hold hosts
/// too), except for the schemes whose path is a URL that browsers read as one.
fn display_opaque_path<'a>(scheme: &str, path: &'a str) -> Cow<'a, str> {
    match scheme {
        "blob" | "view-source" => display_inner_url(path),
        _ => Cow::Borrowed(path),
    }
}

/// The URL inside a `blob:` or `view-source:` path, as the opaque path holds it
/// (non-ASCII percent-encoded): its host decoded only when the display policy shows exactly
/// that text in Unicode, the rest of it decoded as a path is. A URL of another scheme, or no
/// URL, stays as written.
/// <https://url.spec.whatwg.org/#concept-url-origin>
fn display_inner_url(path: &str) -> Cow<'_, str> {
    let Some((scheme, _)) = split_scheme(path) else {
        return Cow::Borrowed(path);
    };
    let HostSource::Own(Some(range)) = layout(path, None).host else {
        return Cow::Borrowed(path);
    };
    if !is_special_scheme(scheme) || scheme.eq_ignore_ascii_case("file") {
        return Cow::Borrowed(path);
    }
    let written = &path[range.clone()];
    let host = match percent_decode_str(written).decode_utf8() {
        // Shown decoded only when encoding it again gives what the parser wrote (upper-case
        // escapes), and the policy shows this very text: the round trip holds.
        Ok(decoded)
            if !decoded.is_ascii()
                && utf8_percent_encode(&decoded, CONTROLS).to_string() == written
                && idna::domain_to_ascii_cow(decoded.as_bytes(), AsciiDenyList::URL)
                    .is_ok_and(|ascii| display_host(&ascii) == decoded) =>
        {
            decoded
        }
        _ => Cow::Borrowed(written),
    };
    let rest = decode_readable(&path[range.end..]);
    Cow::Owned([&path[..range.start], &host, &rest].concat())
}

/// An ASCII domain with every `xn--` label the policy allows in Unicode, each label judged on
/// its own as browsers do (`xn--googl-3we.한국`: the TLD is shown, the spoof is not).
pub(crate) fn display_host(ascii: &str) -> Cow<'_, str> {
    if !ascii.split('.').any(is_ace_label) {
        return Cow::Borrowed(ascii);
    }
    let tld_ascii = ascii.strip_suffix('.').unwrap_or(ascii);
    let tld_ascii = tld_ascii.rsplit('.').next().unwrap_or("");
    let tld_unicode = to_unicode(tld_ascii);
    let tld = TopLevelDomain {
        ascii: tld_ascii,
        unicode: tld_unicode.as_deref().unwrap_or(tld_ascii),
    };
    let labels: Vec<Cow<'_, str>> = ascii
        .split('.')
        .map(|label| match to_unicode(label) {
            Some(unicode) if check_label(&unicode, tld).is_ok() => Cow::Owned(unicode),
            _ => Cow::Borrowed(label),
        })
        .collect();
    let shown = labels.join(".");
    // The whole name must map back to the same ASCII (the bidi rule spans labels).
    match idna::domain_to_ascii_cow(shown.as_bytes(), AsciiDenyList::URL) {
        Ok(back) if back == ascii => Cow::Owned(shown),
        _ => Cow::Borrowed(ascii),
    }
}

fn is_ace_label(label: &str) -> bool {
    label.len() > 4 && label[..4].eq_ignore_ascii_case("xn--")
}

/// UTS #46 ToUnicode of one ACE label, when it is valid (hyphens checked, as Chromium's ICU
/// does) and ToASCII gives the same label back.
fn to_unicode(label: &str) -> Option<String> {
    if !is_ace_label(label) {
        return None;
    }
    let (unicode, result) =
        Uts46::new().to_unicode(label.as_bytes(), AsciiDenyList::URL, Hyphens::Check);
    if result.is_err() || unicode.contains('\u{FFFD}') || unicode.is_ascii() {
        return None;
    }
    let back = idna::domain_to_ascii_cow(unicode.as_bytes(), AsciiDenyList::URL).ok()?;
    (back == label).then(|| unicode.into_owned())
}

/// Decodes the runs of upper-case `%XX` escapes that form UTF-8 characters a person can read
/// for themselves (see [`is_readable`]); everything else is left as written.
pub(crate) fn decode_readable(component: &str) -> Cow<'_, str> {
    if !component.contains('%') {
        return Cow::Borrowed(component);
    }
    let bytes = component.as_bytes();
    let mut shown = String::with_capacity(component.len());
    // Whether the last character shown reads as a delimiter: a combining mark then stays
    // encoded, since it would change how the delimiter looks (`/` + U+0338 reads as `≠`-like).
    let mut after_delimiter = false;
    let mut index = 0;
    while index < bytes.len() {
        let run_end = escape_run_end(bytes, index);
        if run_end == index {
            let next = index + utf8_width(bytes[index]);
            let text = &component[index..next];
            shown.push_str(text);
            after_delimiter = text.chars().next().is_some_and(is_delimiter);
            index = next;
            continue;
        }
        let decoded: Vec<u8> = (index..run_end)
            .step_by(3)
            .map(|at| hex_value(bytes[at + 1]) << 4 | hex_value(bytes[at + 2]))
            .collect();
        push_readable(
            &mut shown,
            &decoded,
            &component[index..run_end],
            after_delimiter,
        );
        after_delimiter = false;
        index = run_end;
    }
    Cow::Owned(shown)
}

/// The end of the run of upper-case `%XX` escapes that starts at `start` (`start` if none).
fn escape_run_end(bytes: &[u8], start: usize) -> usize {
    let mut end = start;
    while let [b'%', high, low, ..] = bytes[end..] {
        if !(is_upper_hex(high) && is_upper_hex(low)) {
            break;
        }
        end += 3;
    }
    end
}

fn is_upper_hex(b: u8) -> bool {
    b.is_ascii_digit() || (b'A'..=b'F').contains(&b)
}

fn hex_value(b: u8) -> u8 {
    match b {
        b'0'..=b'9' => b - b'0',
        _ => b - b'A' + 10,
    }
}

/// The length of the UTF-8 sequence a (valid) lead byte starts.
fn utf8_width(lead: u8) -> usize {
    match lead {
        0x00..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

/// Writes the decoded bytes of one run of escapes: each readable UTF-8 character as itself,
/// every other byte as its escape (`escapes` is the run as written, three bytes per byte).
/// `after_delimiter` says whether the text before the run ends in a delimiter.
fn push_readable(shown: &mut String, decoded: &[u8], escapes: &str, after_delimiter: bool) {
    let mut after_delimiter = after_delimiter;
    let mut at = 0;
    for chunk in decoded.utf8_chunks() {
        for c in chunk.valid().chars() {
            let width = c.len_utf8();
            let decode = is_readable(c)
                && !reads_as_delimiter(c)
                && !(after_delimiter && is_combining_mark(c));
            if decode {
                shown.push(c);
            } else {
                shown.push_str(&escapes[at * 3..(at + width) * 3]);
            }
            // Neither a character shown decoded (never a look-alike) nor an escape (which ends
            // in a hex digit) reads as a delimiter.
            after_delimiter = false;
            at += width;
        }
        let invalid = chunk.invalid().len();
        shown.push_str(&escapes[at * 3..(at + invalid) * 3]);
        at += invalid;
    }
}

/// The characters that give a URL its structure, and `\`, which special URLs read as `/`.
const DELIMITERS: &[char] = &['/', '.', ':', '?', '#', '@', '&', '=', '\\'];

fn is_delimiter(c: char) -> bool {
    DELIMITERS.contains(&c)
}

/// Look-alikes of delimiters that UTS #39's confusables.txt maps to themselves: the Canadian
/// Syllabics finals `ᐟ` (U+141F, a short `/`), `ᐠ` (U+1420, a short `\\`) and `ᐧ` (U+1427, a
/// raised dot).
const EXTRA_DELIMITER_LOOKALIKES: &[char] = &['\u{141F}', '\u{1420}', '\u{1427}'];

/// A character that reads as a delimiter: its UTS #39 confusable skeleton holds one (`ꓸ`
/// U+A4F8 reads as `.`, `ꓽ` U+A4FD as `:`, `ʔ` U+0294 as `?`, `ノ` U+30CE as `/`), or it is
/// one of [`EXTRA_DELIMITER_LOOKALIKES`].
fn reads_as_delimiter(c: char) -> bool {
    !c.is_ascii()
        && (EXTRA_DELIMITER_LOOKALIKES.contains(&c)
            || unicode_security::skeleton(c.encode_utf8(&mut [0; 4])).any(is_delimiter))
}

/// Default-ignorable letters: Hangul fillers and Khmer inherent vowels render as nothing.
const INVISIBLE_LETTERS: &[char] = &[
    '\u{115F}', '\u{1160}', '\u{17B4}', '\u{17B5}', '\u{3164}', '\u{FFA0}',
];

/// A character that is safe to show decoded: not ASCII (ASCII escapes keep their meaning),
/// a letter, a mark that is part of a letter, or a number, and visible.
fn is_readable(c: char) -> bool {
    !c.is_ascii() && c.is_alphanumeric() && !INVISIBLE_LETTERS.contains(&c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(input: &str) -> String {
        to_display(input.as_bytes(), &Options::default()).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn safe_idn_labels_are_shown_in_unicode() {
        assert_eq!(
            shown("https://xn--910ba870d2ola729pxvdzqk.com/"),
            "https://나나커피로스터스.com/"
        );
        assert_eq!(shown("https://コーヒー.jp/x"), "https://コーヒー.jp/x");
        assert_eq!(shown("https://bücher.de/"), "https://bücher.de/");
        assert_eq!(shown("http://faß.de:8080/"), "http://faß.de:8080/");
    }

    #[test]
    fn spoofs_stay_in_punycode() {
        // Cyrillic "аррӏе" passes for "apple".
        assert_eq!(
            shown("https://xn--80ak6aa92e.com/"),
            "https://xn--80ak6aa92e.com/"
        );
        // Latin with a Cyrillic "е".
        assert_eq!(
            shown("https://xn--googl-3we.com/"),
            "https://xn--googl-3we.com/"
        );
        // The same Cyrillic name is at home under .ru.
        assert_eq!(shown("https://xn--80ak6aa92e.ru/"), "https://аррӏе.ru/");
    }

    #[test]
    fn readable_utf8_is_decoded_and_delimiters_are_not() {
        assert_eq!(
            shown("https://a.com/caf%C3%A9/%E4%BE%8B?q=%C3%A9%26x=%2F#%C3%A9"),
            "https://a.com/café/例?q=é%26x=%2F#é"
        );
        // Lower-case escapes, non-UTF-8 bytes, spaces, bidi and invisible characters stay.
        for kept in [
            "https://a.com/caf%c3%a9",
            "https://a.com/%E9%C3",
            "https://a.com/a%20b%C2%A0c",
            "https://a.com/%E2%80%AEtxt",
            "https://a.com/a%E2%80%8Bb",
            "https://a.com/%E3%85%A4",
            "https://a.com/%E2%88%95etc",
        ] {
            assert_eq!(shown(kept), kept);
        }
    }

    #[test]
    fn delimiter_look_alikes_stay_encoded() {
        // ᐟ (U+141F) reads as `/`, ꓸ (U+A4F8) as `.`, ꓽ (U+A4FD) as `:`, ʔ (U+0294) as `?`.
        let url =
            "https://example.com/account%E1%90%9F%E1%90%9Flogin%EA%93%B8php?next%EA%93%BD%CA%94";
        assert_eq!(shown(url), url);
        for c in [
            '\u{141F}', '\u{A4F8}', '\u{A4FD}', '\u{0294}', '\u{2215}', '\u{30CE}',
        ] {
            assert!(reads_as_delimiter(c), "{c}");
        }
        for c in ['é', '例', 'ß', 'я', 'ı'] {
            assert!(!reads_as_delimiter(c), "{c}");
        }
        // Letters around them are still decoded.
        assert_eq!(
            shown("https://example.com/caf%C3%A9%EA%93%B8php"),
            "https://example.com/café%EA%93%B8php"
        );
    }

    #[test]
    fn a_combining_mark_after_a_delimiter_stays_encoded() {
        // U+0901 (Devanagari candrabindu) is a letter-like mark: decoded after a letter, kept
        // after `/`, `.` and `=`.
        assert_eq!(
            shown("https://example.com/%E0%A4%95%E0%A4%81/%E0%A4%81.%E0%A4%81?a=%E0%A4%81"),
            "https://example.com/कँ/%E0%A4%81.%E0%A4%81?a=%E0%A4%81"
        );
    }

    #[test]
    fn the_inner_url_of_blob_and_view_source_passes_the_display_policy() {
        // The URL Standard gives this blob: URL the origin https://xn--80ak6aa92e.com.
        assert_eq!(
            shown("blob:https://аррӏе.com/550e8400"),
            "blob:https://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/550e8400"
        );
        assert_eq!(
            shown("view-source:https://аррӏе.com/"),
            "view-source:https://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/"
        );
        assert_eq!(
            shown("blob:https://bücher.de/caf%C3%A9"),
            "blob:https://bücher.de/café"
        );
        // Written with lower-case escapes, it stays as written (normalize() keeps them).
        assert_eq!(
            shown("blob:https://b%c3%bccher.de/x"),
            "blob:https://b%c3%bccher.de/x"
        );
        // Other opaque paths are shown as the parser writes them: mailto: holds a host too.
        assert_eq!(
            shown("mailto:a@аррӏе.com"),
            "mailto:a@%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com"
        );
        assert_eq!(shown("blob:foo://bücher.de/"), "blob:foo://b%C3%BCcher.de/");
    }

    #[test]
    fn what_is_no_url_is_shown_escaped() {
        assert_eq!(
            escape_for_display("https://аррӏе.com:99999/".as_bytes()),
            "https://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com:99999/"
        );
        assert_eq!(
            escape_for_display(b"https://a.com/\x00\t\xff\x7f%41"),
            "https://a.com/%00%09%FF%7F%41"
        );
    }

    #[test]
    fn userinfo_and_non_special_hosts_are_left_alone() {
        assert_eq!(
            shown("https://u%C3%A9:p@a.com/"),
            "https://u%C3%A9:p@a.com/"
        );
        assert_eq!(shown("foo://xn--bcher-kva.de/"), "foo://xn--bcher-kva.de/");
    }
}
