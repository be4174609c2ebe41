//! The fast path's second answer: an `http(s)` input whose normal form differs from it only
//! where one pass can write it. The scheme in lower case, the host lowercased or converted
//! to ASCII (through the host cache: one UTS #46 pass per new host, none for a host seen
//! before), a default port dropped, an empty path written `/`, and the bytes the path,
//! query and fragment percent-encode sets hold written as `%XX`. The `url` crate is not
//! called, so no placeholder host goes through UTS #46 either.
//!
//! **Proof obligation**, as for [`super::fast`]: whenever [`rebuild`] answers, the full path
//! ([`crate::normalize::normalize_full_path`]) gives the same string. So it accepts only this grammar,
//! each rule one step of the URL Standard's parser and serializer:
//!
//! ```text
//! [("http" | "https", any case) "://"] host [":" digits] ["/" path] ["?" query] ["#" fragment]
//! ```
//!
//! * Nothing is stripped: the input starts with the scheme or the host, does not end with a
//!   control or a space, and holds no tab or newline anywhere.
//! * Without a scheme, the default scheme (`http` or `https`) is added, as
//!   [`crate::input::with_default_scheme`] does: the input's authority then has no port and
//!   no userinfo, so no word of it can read as a scheme, and it starts with a host label.
//! * The authority ends at the first `/ ? # \` and is split into userinfo, host and port as
//!   the layout splits every authority ([`crate::input::authority::read_authority`]). There
//!   is no userinfo; the host has no `[` (IPv6), `%` or other byte the host parser treats
//!   specially: only ASCII letters, digits, `-`, `_`, `.` and non-ASCII UTF-8. An ASCII host
//!   of non-empty labels, with no `xn--` label and a last label that does not start with a
//!   digit (it could make an IPv4 address), is only lowercased, as the host parser does. Any
//!   other host (non-ASCII, or with an `xn--` label to validate) is what
//!   [`crate::standard::host_cache::to_ascii_bytes`], the crate's own conversion, makes of it;
//!   where that has no answer, the full path reports.
//! * The port is digits only, at most 65535; written without leading zeros, dropped when it
//!   is the scheme's default or empty.
//! * The path's `\` are separators and its dot segments are removed, by the standard's
//!   path state ([`crate::standard::path::remove_dot_segments_into`]), when it has either;
//!   then its bytes are encoded with the path set
//!   (<https://url.spec.whatwg.org/#path-percent-encode-set>, with `^` as fixup 2 of
//!   `src/standard/fixups`). The query uses the special-query set, the fragment the
//!   fragment set, and holds no second `#`. Non-ASCII bytes, valid UTF-8 or not, are
//!   encoded one by one: the parser encodes a code point as its UTF-8 bytes, and an input
//!   byte that is not UTF-8 becomes `%XX` before the parser reads it.
//!
//! `tests/fast_path.rs` and the fuzz target `normalize` hold the obligation.

use crate::input::{read_authority, strip_web_prefix, web_scheme, SchemeCase};
use crate::standard::host::{is_plain_domain, is_plain_label_byte};
use crate::standard::host_cache;
use crate::standard::path::{may_start_dot_segment, remove_dot_segments_into};
use crate::standard::port::port_number;

/// A URL the fast path wrote: the normal form of its input.
pub(crate) struct Rebuilt {
    /// The normal form.
    pub(crate) url: String,
    /// `http` or `https`.
    pub(crate) scheme: &'static str,
    /// Where the host is in `url`.
    host: std::ops::Range<usize>,
}

impl Rebuilt {
    /// The host: an ASCII domain, never an IP address.
    pub(crate) fn host(&self) -> &str {
        &self.url[self.host.clone()]
    }
}

/// The normal form of `input` when the grammar of this module holds; `None` means "not
/// known", and the full path answers.
pub(crate) fn rebuild(input: &[u8], default_scheme: &str) -> Option<Rebuilt> {
    let (scheme, rest, default_port) =
        http_scheme(input).or_else(|| without_scheme(input, default_scheme))?;
    if input.last().is_some_and(|&b| b <= b' ') {
        return None;
    }
    let mut url = String::with_capacity(capacity_for(input.len()));
    url.push_str(scheme);
    url.push_str("://");
    let (authority_end, parts) = read_authority(rest, true);
    let authority = &rest[..authority_end];
    if parts.userinfo.is_some() {
        return None;
    }
    let host_start = url.len();
    push_host(&mut url, &authority[parts.host])?;
    let host = host_start..url.len();
    if let Some(port) = parts.port {
        push_port(&mut url, &authority[port], default_port)?;
    }
    let tail = &rest[authority.len()..];
    let (path_length, needs_path_state) = scan_path(tail)?;
    match &tail[..path_length] {
        [] => url.push('/'),
        path => push_path(&mut url, path, needs_path_state)?,
    }
    push_query_and_fragment(&mut url, &tail[path_length..])?;
    Some(Rebuilt { url, scheme, host })
}

/// The room to reserve for the normal form of `length` bytes: every byte written as `%XX`
/// for a URL of usual length, so the string is never reallocated while written (10% of the
/// instructions of an IDN URL); half as much again for a longer input, which grows the string
/// if it needs more. (Three times a large input made each thread's malloc arena keep more
/// pages: scripts/threads saw the process grow after its warm-up.)
pub(super) fn capacity_for(length: usize) -> usize {
    const USUAL_LENGTH: usize = 2048;
    match length <= USUAL_LENGTH {
        true => 3 * length + 1,
        false => length + length / 2 + 1,
    }
}

/// `http://` or `https://` in any case: the scheme, what follows, and the default port.
fn http_scheme(input: &[u8]) -> Option<(&'static str, &[u8], &'static [u8])> {
    let (special, rest) = strip_web_prefix(input, SchemeCase::Any)?;
    Some((special.name, rest, special.default_port?.as_bytes()))
}

/// A scheme-less input that [`crate::input::with_default_scheme`] gives `default_scheme://`:
/// no `:` before the first `/ ? #`, and a first byte that can start a host label.
fn without_scheme<'a>(
    input: &'a [u8],
    default_scheme: &str,
) -> Option<(&'static str, &'a [u8], &'static [u8])> {
    let special = web_scheme(default_scheme)?;
    let (scheme, default_port) = (special.name, special.default_port?.as_bytes());
    // A port or a userinfo would need has_scheme()'s reading of the word before the colon.
    let parts = read_authority(input, true).1;
    let starts_a_label = input
        .first()
        .is_some_and(|&b| b.is_ascii_alphanumeric() || b >= 0x80);
    (starts_a_label && parts.port.is_none() && parts.userinfo.is_none()).then_some((
        scheme,
        input,
        default_port,
    ))
}

/// The host, lowercased or converted to ASCII; `None` outside this module's grammar.
fn push_host(url: &mut String, raw: &[u8]) -> Option<()> {
    // One pass over the bytes for what they are: none outside the grammar, and any non-ASCII.
    let seen = raw
        .iter()
        .fold(0, |seen, &b| seen | HOST_BYTES[usize::from(b)]);
    if raw.is_empty() || seen & OUTSIDE_HOSTS != 0 {
        return None;
    }
    if seen & NON_ASCII != 0 {
        // Never a plain domain; the cache, keyed by the bytes, checks UTF-8 on a miss only.
        url.push_str(&host_cache::to_ascii_bytes(raw)?);
        return Some(());
    }
    if is_plain_domain(raw) {
        url.extend(raw.iter().map(|&b| char::from(b.to_ascii_lowercase())));
        return Some(());
    }
    // Empty labels, a trailing dot, a number at the end: rare, and the full path's.
    let last_label = raw.rsplit(|&b| b == b'.').next().unwrap_or(raw);
    if !raw.split(|&b| b == b'.').all(|label| !label.is_empty()) || last_label[0].is_ascii_digit() {
        return None;
    }
    url.push_str(&host_cache::to_ascii_bytes(raw)?);
    Some(())
}

/// A byte [`push_host`] does not take: any but ASCII letters, digits, `-`, `_`, `.` and
/// non-ASCII bytes.
const OUTSIDE_HOSTS: u8 = 1;
/// A non-ASCII byte.
const NON_ASCII: u8 = 2;

/// What each byte is to [`push_host`].
static HOST_BYTES: [u8; 256] = {
    let mut classes = [0; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        classes[b] = if byte >= 0x80 {
            NON_ASCII
        } else if is_plain_label_byte(byte) || byte == b'.' {
            0
        } else {
            OUTSIDE_HOSTS
        };
        b += 1;
    }
    classes
};

/// The port's digits: dropped when empty or the default, otherwise written as a number.
fn push_port(url: &mut String, digits: &[u8], default_port: &[u8]) -> Option<()> {
    if let Some(port) = port_number(digits).ok()? {
        let port = port.to_string();
        if port.as_bytes() != default_port {
            url.push(':');
            url.push_str(&port);
        }
    }
    Some(())
}

/// Where a special URL's path ends in `tail` (at `?`, `#` or the end), and whether the path
/// state must read it (it has a `\\`, or a segment that could be a dot segment: only one
/// that starts with `.` or `%` can be, `.`, `..`, `%2e`, `.%2E`...). `None` for a tab or
/// newline, which the parser removes before it reads segments (`.\t` is `.` to it).
pub(super) fn scan_path(tail: &[u8]) -> Option<(usize, bool)> {
    #[cfg(target_arch = "x86_64")]
    if tail.len() >= 16 {
        return scan_path_sse2(tail);
    }
    scan_path_bytes(tail)
}

/// [`scan_path`] byte by byte.
fn scan_path_bytes(tail: &[u8]) -> Option<(usize, bool)> {
    let mut needs_path_state = false;
    for (at, &b) in tail.iter().enumerate() {
        let class = ENCODE[usize::from(b)];
        if class & (ENDS_PATH | REMOVED | BACKSLASH | SLASH) == 0 {
            continue;
        }
        if class & ENDS_PATH != 0 {
            return Some((at, needs_path_state));
        }
        if class & REMOVED != 0 {
            return None;
        }
        needs_path_state |= class & BACKSLASH != 0 || may_start_dot_segment(tail.get(at + 1));
    }
    Some((tail.len(), needs_path_state))
}

/// [`scan_path`] 16 bytes at a time with SSE2, for a tail of 16 bytes or more: the chunks from
/// the start, then the last 16 bytes, of which those already read are shifted out.
#[cfg(target_arch = "x86_64")]
fn scan_path_sse2(tail: &[u8]) -> Option<(usize, bool)> {
    use std::arch::x86_64::{_mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8};
    let mut needs_path_state = false;
    // Whether the byte before `at` is a separator, whose segment may start a dot segment.
    let mut separator_before = false;
    let mut at = 0;
    loop {
        let start = at.min(tail.len() - 16);
        let chunk = &tail[start..start + 16];
        // SAFETY: SSE2 is part of the x86_64 baseline; the load reads the 16 bytes of `chunk`.
        let v = unsafe { _mm_loadu_si128(chunk.as_ptr().cast()) };
        // Bit `i` for byte `at + i` of the tail: the bytes before `at` are shifted out.
        let skip = at - start;
        let mask = |bytes: &[u8]| {
            let hits = bytes.iter().fold(0, |hits, &byte| {
                // SAFETY: SSE2 is part of the x86_64 baseline, so these intrinsics always exist.
                let equal = unsafe { _mm_cmpeq_epi8(v, _mm_set1_epi8(byte as i8)) };
                // SAFETY: as above.
                hits | unsafe { _mm_movemask_epi8(equal) } as u32
            });
            hits >> skip
        };
        let fresh = 16 - skip;
        let ends = mask(b"?#");
        let end = (ends.trailing_zeros() as usize).min(fresh);
        // The bytes before the path's end (all fresh ones when it does not end here), and
        // each one's next byte.
        let inside = (1u32 << end) - 1;
        let separators = mask(b"/\\");
        if mask(b"\t\n\r") & inside != 0 {
            return None;
        }
        let after_separators = (separators & inside) << 1 | u32::from(separator_before);
        needs_path_state |= mask(b"\\") & inside != 0 || after_separators & mask(b".%") != 0;
        if end < fresh {
            return Some((at + end, needs_path_state));
        }
        separator_before = separators >> (fresh - 1) & 1 != 0;
        at = start + 16;
        if at == tail.len() {
            return Some((at, needs_path_state));
        }
    }
}

/// A path (it starts with `/`, and [`scan_path`] found it), through the path state of a
/// special URL when `needs_path_state` (`\\` read as `/`, dot segments removed), then
/// encoded: the kept segments are encoded straight into `url`, with no string between.
pub(super) fn push_path(url: &mut String, path: &[u8], needs_path_state: bool) -> Option<()> {
    if !needs_path_state {
        return push_until::<PATH, 0>(url, path).map(drop);
    }
    // An encoded segment holds no `/`: the path state's pops stay right.
    remove_dot_segments_into(url, path, true, |url, segment| {
        push_until::<PATH, 0>(url, segment).map(drop)
    })
}

/// `rest` from the path's end: `?query`, then `#fragment`, each encoded with its set; `None`
/// for a second `#` (left to the full path) or a tab or newline.
pub(super) fn push_query_and_fragment(url: &mut String, rest: &[u8]) -> Option<()> {
    let mut at = 0;
    if rest.first() == Some(&b'?') {
        url.push('?');
        at = 1 + push_until::<QUERY, HASH>(url, &rest[1..])?;
    }
    if rest.get(at) == Some(&b'#') {
        url.push('#');
        let fragment = &rest[at + 1..];
        if push_until::<FRAGMENT, HASH>(url, fragment)? < fragment.len() {
            return None;
        }
    }
    Some(())
}

/// `bytes` up to the first byte of class `STOPS` (or the end), each byte of the component's
/// percent-encode set (`SET`) written `%XX`: where it stopped, or `None` for a tab or
/// newline, which the parser removes. A run of bytes that need no encoding is copied as it is
/// found ([`push_plain_run`]); the bytes that do are written one by one.
fn push_until<const SET: u8, const STOPS: u8>(url: &mut String, bytes: &[u8]) -> Option<usize> {
    // SAFETY: only ASCII is written into the string's bytes: a byte outside `SET` is ASCII
    // (every byte below 0x20 or above 0x7E is in every set) and an escape is `%` and two hex
    // digits. A `None` leaves the string valid too; the caller then drops it.
    let out = unsafe { url.as_mut_vec() };
    out.reserve(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        at += push_plain_run::<SET, STOPS>(out, &bytes[at..]);
        while let Some(&b) = bytes.get(at) {
            let class = ENCODE[usize::from(b)];
            if class & (SET | STOPS) == 0 {
                break;
            } else if class & STOPS != 0 {
                return Some(at);
            } else if class & REMOVED != 0 {
                return None;
            }
            out.extend_from_slice(&ESCAPES[usize::from(b)]);
            at += 1;
        }
    }
    Some(bytes.len())
}

/// Copies the run of bytes at the start of `bytes` that are of neither class `SET` nor `STOPS`
/// to `out`, and says how long it is. 16 bytes at a time with SSE2 (where there are 16 left):
/// each chunk is stored whole where `out` has the room, and only its run counted, so a short
/// run between two escapes costs no `memcpy` call; then byte by byte.
fn push_plain_run<const SET: u8, const STOPS: u8>(out: &mut Vec<u8>, bytes: &[u8]) -> usize {
    // Only the SSE2 loop moves it; elsewhere the byte walk starts at 0.
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
    let mut at = 0;
    #[cfg(target_arch = "x86_64")]
    while let Some(chunk) = bytes.get(at..at + 16) {
        let chunk: &[u8; 16] = chunk.try_into().expect("16 bytes");
        let attention = attention::<SET, STOPS>(chunk);
        let run = match attention {
            0 => 16,
            _ => attention.trailing_zeros() as usize,
        };
        if out.capacity() - out.len() >= 16 {
            // SAFETY: `out` has room for the 16 bytes past its length; only the run's bytes,
            // which are initialized, are counted in.
            unsafe {
                let end = out.as_mut_ptr().add(out.len());
                std::ptr::copy_nonoverlapping(chunk.as_ptr(), end, 16);
                out.set_len(out.len() + run);
            }
        } else {
            out.extend_from_slice(&chunk[..run]);
        }
        at += run;
        if attention != 0 {
            return at;
        }
    }
    let plain = |&b: &u8| ENCODE[usize::from(b)] & (SET | STOPS) == 0;
    let run = bytes[at..].iter().take_while(|b| plain(b)).count();
    out.extend_from_slice(&bytes[at..at + run]);
    at + run
}

/// The printable ASCII bytes (`!` to `~`) of class `classes`, and how many there are: every
/// other byte is in every percent-encode set.
#[cfg(target_arch = "x86_64")]
const fn printable_of(classes: u8) -> ([u8; 94], usize) {
    let mut bytes = [0; 94];
    let mut count = 0;
    let mut b = b'!';
    while b <= b'~' {
        if ENCODE_CLASSES[b as usize] & classes != 0 {
            bytes[count] = b;
            count += 1;
        }
        b += 1;
    }
    (bytes, count)
}

/// The bits of the bytes of `chunk` that are of class `SET` or `STOPS`, with SSE2: those
/// outside printable ASCII, and the printable ones of the classes, one comparison each.
#[cfg(target_arch = "x86_64")]
fn attention<const SET: u8, const STOPS: u8>(chunk: &[u8; 16]) -> u32 {
    use std::arch::x86_64::{
        _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_cmplt_epi8, _mm_loadu_si128, _mm_movemask_epi8,
        _mm_or_si128, _mm_set1_epi8,
    };
    let (listed_bytes, count) = const { printable_of(SET | STOPS) };
    // SAFETY: SSE2 is part of the x86_64 baseline; the load reads the 16 bytes of `chunk`.
    unsafe {
        let v = _mm_loadu_si128(chunk.as_ptr().cast());
        // Printable ASCII: 0x21..=0x7E (bytes >= 0x80 are negative as i8).
        let printable = _mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(0x20)))
            & _mm_movemask_epi8(_mm_cmplt_epi8(v, _mm_set1_epi8(0x7f)));
        let mut listed = _mm_cmpeq_epi8(v, _mm_set1_epi8(listed_bytes[0] as i8));
        let mut k = 1;
        while k < count {
            let byte = _mm_set1_epi8(listed_bytes[k] as i8);
            listed = _mm_or_si128(listed, _mm_cmpeq_epi8(v, byte));
            k += 1;
        }
        (!printable as u32 & 0xffff) | _mm_movemask_epi8(listed) as u32
    }
}

/// `%XX` for every byte, upper-case hex as the URL Standard writes it.
static ESCAPES: [[u8; 3]; 256] = escapes();

const fn escapes() -> [[u8; 3]; 256] {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut escapes = [[0u8; 3]; 256];
    let mut b = 0;
    while b < 256 {
        escapes[b] = [b'%', HEX[b >> 4], HEX[b & 15]];
        b += 1;
    }
    escapes
}

/// Encoded in a path: the path percent-encode set, and `^` (fixup 2).
/// <https://url.spec.whatwg.org/#path-percent-encode-set>
pub(super) const PATH: u8 = 1;
/// Encoded in a special URL's query. <https://url.spec.whatwg.org/#special-query-percent-encode-set>
pub(super) const QUERY: u8 = 2;
/// Encoded in a fragment. <https://url.spec.whatwg.org/#fragment-percent-encode-set>
pub(super) const FRAGMENT: u8 = 4;
/// A tab or newline: the parser removes it, which this module does not do.
const REMOVED: u8 = 8;
/// `?` or `#`: the end of a path.
const ENDS_PATH: u8 = 16;
/// `#`: the end of a query; a second one in a fragment.
pub(super) const HASH: u8 = 32;
/// `\\`: a separator in a special URL's path.
pub(super) const BACKSLASH: u8 = 64;
/// `/`: a segment starts after it.
const SLASH: u8 = 128;

/// What each byte is in each component.
static ENCODE: [u8; 256] = ENCODE_CLASSES;

/// [`ENCODE`], for `const` code.
const ENCODE_CLASSES: [u8; 256] = encode_classes();

/// Whether `b` is in the C0 control percent-encode set: controls and every byte above `~`.
/// <https://url.spec.whatwg.org/#c0-control-percent-encode-set>
pub(super) const fn in_c0_control_set(b: u8) -> bool {
    b < 0x20 || b > 0x7E
}

/// Whether `b` is in `set` ([`PATH`], [`QUERY`] or [`FRAGMENT`]), for the code that checks a
/// component rather than writing it.
pub(super) fn in_encode_set(b: u8, set: u8) -> bool {
    ENCODE[usize::from(b)] & set != 0
}

/// Whether `b` is in a query's percent-encode set: [`QUERY`]'s, the special-query set, in a
/// special URL, and the same less `'` in any other.
/// <https://url.spec.whatwg.org/#query-percent-encode-set>
pub(super) fn in_query_set(b: u8, special: bool) -> bool {
    in_encode_set(b, QUERY) && (special || b != b'\'')
}

/// The percent-encode sets and delimiters as bits of each byte (the fast path reads what it
/// keeps from them too).
pub(super) const fn encode_classes() -> [u8; 256] {
    let mut classes = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        let mut class = if in_c0_control_set(byte) {
            PATH | QUERY | FRAGMENT
        } else {
            0
        };
        if matches!(byte, b' ' | b'"' | b'<' | b'>') {
            class |= PATH | QUERY | FRAGMENT;
        }
        if matches!(byte, b'#' | b'?' | b'`' | b'{' | b'}' | b'^') {
            class |= PATH;
        }
        if matches!(byte, b'#' | b'\'') {
            class |= QUERY;
        }
        if byte == b'`' {
            class |= FRAGMENT;
        }
        if matches!(byte, b'\t' | b'\n' | b'\r') {
            // A control, so in every set already: the encoding loop sees it there.
            class |= REMOVED;
        }
        if matches!(byte, b'?' | b'#') {
            class |= ENDS_PATH;
        }
        if byte == b'#' {
            class |= HASH;
        }
        if byte == b'\\' {
            class |= BACKSLASH;
        }
        if byte == b'/' {
            class |= SLASH;
        }
        classes[b] = class;
        b += 1;
    }
    classes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::random_inputs::Rng;

    fn rebuilt(input: &str) -> Option<String> {
        rebuild(input.as_bytes(), "https").map(|r| r.url)
    }

    #[test]
    fn writes_what_the_serializer_writes() {
        for (input, normal) in [
            (
                "HTTPS://Example.COM/a b?c d#e f",
                "https://example.com/a%20b?c%20d#e%20f",
            ),
            ("https://example.com", "https://example.com/"),
            ("http://example.com:80?q", "http://example.com/?q"),
            ("https://example.com:0443/#x", "https://example.com/#x"),
            ("https://example.com:08080/", "https://example.com:8080/"),
            ("https://example.com:/x", "https://example.com/x"),
            (
                "https://faß.de/café?é#é",
                "https://xn--fa-hia.de/caf%C3%A9?%C3%A9#%C3%A9",
            ),
            (
                "https://나나커피로스터스.com/products/ethiopia",
                "https://xn--910ba870d2ola729pxvdzqk.com/products/ethiopia",
            ),
            (
                "https://a.com/\"<>`{}^?\"'<>`#\"<>`{}",
                "https://a.com/%22%3C%3E%60%7B%7D%5E?%22%27%3C%3E`#%22%3C%3E%60{}",
            ),
            ("https://a.com/%zz%2F?%41", "https://a.com/%zz%2F?%41"),
            (
                "https://a.com/a/./b/../c\\d/%2e%2E?x#y",
                "https://a.com/a/c/?x#y",
            ),
            ("https://a.com/..", "https://a.com/"),
            ("bücher.de/x y", "https://xn--bcher-kva.de/x%20y"),
            ("https://BÜCHER.De/x", "https://xn--bcher-kva.de/x"),
            ("https://a.XN--BCHER-KVA.de/", "https://a.xn--bcher-kva.de/"),
            ("example.com?q=a:b", "https://example.com/?q=a:b"),
        ] {
            assert_eq!(rebuilt(input).as_deref(), Some(normal), "{input}");
            let full =
                crate::normalize::normalize_full_path(input.as_bytes(), &crate::Options::default());
            assert_eq!(full.as_deref(), Ok(normal), "{input}");
        }
        let invalid_utf8 = rebuild(b"https://a.com/caf\xe9?\xff", "https").map(|r| r.url);
        assert_eq!(invalid_utf8.as_deref(), Some("https://a.com/caf%E9?%FF"));
    }

    /// The 16-byte scan says "needs attention" for exactly the bytes the table puts in the
    /// set or the stops, in every lane.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_sixteen_byte_run_scan_agrees_with_the_table() {
        fn check<const SET: u8, const STOPS: u8>() {
            for b in 0..=255u8 {
                for lane in 0..16 {
                    let mut chunk = [b'a'; 16];
                    chunk[lane] = b;
                    let listed = ENCODE[usize::from(b)] & (SET | STOPS) != 0;
                    let expected = if listed { 1 << lane } else { 0 };
                    assert_eq!(
                        attention::<SET, STOPS>(&chunk),
                        expected,
                        "{b:#x} at {lane}"
                    );
                }
            }
        }
        check::<PATH, 0>();
        check::<QUERY, HASH>();
        check::<FRAGMENT, HASH>();
    }

    /// push_until against the byte-by-byte encoding, on inputs that put escapes, stops and
    /// removed bytes on both sides of each 16-byte boundary.
    #[test]
    fn runs_copied_at_once_encode_as_byte_by_byte() {
        fn byte_by_byte(bytes: &[u8], set: u8, stops: u8) -> Option<(String, usize)> {
            let mut out = String::new();
            for (at, &b) in bytes.iter().enumerate() {
                let class = ENCODE[usize::from(b)];
                if class & stops != 0 {
                    return Some((out, at));
                } else if class & set == 0 {
                    out.push(char::from(b));
                } else if class & REMOVED != 0 {
                    return None;
                } else {
                    out.push_str(std::str::from_utf8(&ESCAPES[usize::from(b)]).unwrap());
                }
            }
            Some((out, bytes.len()))
        }
        fn check<const SET: u8, const STOPS: u8>(bytes: &[u8]) {
            let mut out = String::from("x");
            let at = push_until::<SET, STOPS>(&mut out, bytes);
            let expected = byte_by_byte(bytes, SET, STOPS);
            match expected {
                Some((text, stop)) => {
                    assert_eq!((&out[1..], at), (&*text, Some(stop)), "{bytes:?}")
                }
                None => assert_eq!(at, None, "{bytes:?}"),
            }
        }
        let specials = [
            b'#', b'?', b' ', b'\'', b'`', b'{', b'^', b'\t', 0xc3, 0xff, b'%',
        ];
        for length in 0..50 {
            for at in 0..length {
                for special in specials {
                    let mut bytes = vec![b'a'; length];
                    bytes[at] = special;
                    if at + 2 < length {
                        bytes[at + 2] = 0xa9;
                    }
                    check::<PATH, 0>(&bytes);
                    check::<QUERY, HASH>(&bytes);
                    check::<FRAGMENT, HASH>(&bytes);
                }
            }
        }
    }

    /// The 16-byte path scan against the byte walk, with each byte the scan looks for (and
    /// pairs of them) at every position of tails up to 70 bytes, so that each lands on both
    /// sides of a chunk boundary and in the last, overlapping load; then random tails.
    #[test]
    fn the_path_scan_agrees_with_the_byte_walk() {
        let specials: &[&[u8]] = &[
            b"?",
            b"#",
            b"\t",
            b"\n",
            b"\r",
            b"\\",
            b"/",
            b".",
            b"%",
            b"/.",
            b"/%",
            b"\\.",
            b"\\%",
            b"/?",
            b"/#",
            b"?\t",
            b"#\n",
            b"/\t",
            b"\xc3\xa9",
            b"\xff",
            b"a",
        ];
        let mut checked = 0;
        for length in 0..70 {
            let base = vec![b'a'; length];
            let mut check = |tail: &[u8]| {
                assert_eq!(
                    scan_path(tail),
                    scan_path_bytes(tail),
                    "{:?}",
                    String::from_utf8_lossy(tail)
                );
                checked += 1;
            };
            check(&base);
            for at in 0..length {
                for special in specials {
                    let mut tail = base.clone();
                    let end = (at + special.len()).min(length);
                    tail[at..end].copy_from_slice(&special[..end - at]);
                    check(&tail);
                    for second in [b"/".as_slice(), b".", b"?", b"\n"] {
                        let mut tail = tail.clone();
                        let at = (at * 7 + 3) % length;
                        tail[at] = second[0];
                        check(&tail);
                    }
                }
            }
        }
        let alphabet = b"aaaaaaaaaaaa/././%?#\\\t\n\r";
        let mut random = Rng(0x2545_F491_4F6C_DD1D_u64);
        for _ in 0..100_000 {
            let length = random.below(80);
            let tail: Vec<u8> = (0..length)
                .map(|_| alphabet[random.below(alphabet.len())])
                .collect();
            assert_eq!(scan_path(&tail), scan_path_bytes(&tail), "{tail:?}");
            checked += 1;
        }
        assert!(checked > 200_000, "{checked}");
    }

    #[test]
    fn leaves_the_rest_to_the_full_path() {
        for other in [
            " https://a.com/",
            "https://a.com/ ",
            "https://a.com/a\tb",
            "https://u@a.com/",
            "https://[::1]/",
            "https://a%41.com/",
            "https://1.2.3.4/",
            "https://a..com/",
            "https://a.com./",
            "https://xn--a.com/",
            "https://a\u{200d}.com/",
            "https://a.com:65536/",
            "https://a.com:8o/",
            "https://a.com/#a#b",
            "https://a.com/a/.\t/..",
            "example.com:8080/x",
            "./x",
            "/x",
            "?q",
            "user:pw@example.com/x",
            "https:/a.com/",
            "ftp://a.com/",
        ] {
            assert_eq!(rebuilt(other), None, "{other}");
        }
        // A host that is not UTF-8 (the cache's miss and then its hit).
        for _ in 0..2 {
            for host in [&b"caf\xe9.de"[..], b"\xff", b"a.\xc3"] {
                let input = [b"https://", host, b"/x"].concat();
                assert!(rebuild(&input, "https").is_none(), "{input:?}");
            }
        }
    }
}
