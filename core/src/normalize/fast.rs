//! The fast path: one question, asked before any parsing. Is this input already its own
//! normal form?
//!
//! Most crawled URLs are (99.6% of kasztp.txt, 94% of userbait.txt). For those, the full
//! path would parse the input, rebuild the same string and copy it back to PHP. This check
//! reads each byte once and allocates nothing. When it says yes, the caller can return the
//! input itself.
//!
//! **Proof obligation.** Whenever [`normal_form`] returns `Some`, the full path
//! ([`crate::normalize::normalize_full_path`]) returns exactly the input. The check is
//! allowed to say no to an input that is normal; it must never say yes to one that is not.
//! So it accepts only a narrow grammar, where every rule below follows one step of the URL
//! Standard's parser and serializer:
//!
//! ```text
//! ("http" | "https") "://" host [":" port] "/" path ["?" query] ["#" fragment]
//! ```
//!
//! * The scheme is lowercase, so it serializes as written and [`crate::input::scheme::has_scheme`]
//!   takes it as a scheme. Nothing is stripped, because every byte is printable ASCII.
//! * The host is made of non-empty labels of `a-z 0-9 - _`. For such a host the host
//!   parser's UTS #46 step is the identity. Excluded are a label starting with `xn--`
//!   (Punycode is validated, and fixup 1 of `src/standard/fixups` treats an invalid one
//!   specially), an empty label and a trailing dot (both kept as they are, but rare), and a
//!   last label starting with a digit (it may make the host an IPv4 address, which is
//!   re-serialized).
//!   There is no userinfo (`@`).
//! * The port has no leading zero, is at most 65535 and is not the scheme's default,
//!   which the serializer drops.
//! * The path, query and fragment contain no byte that their percent-encode set encodes.
//!   (<https://url.spec.whatwg.org/#path-percent-encode-set>, special-query and fragment
//!   sets. `^` is in the path set, as in the current standard and fixup 2 of
//!   `src/standard/fixups`.)
//!   The path has no `\` (a separator in special URLs) and no segment that could be a
//!   dot segment (`.`, `..`, `%2e` and friends, which the path state removes). The
//!   fragment has no second `#`.
//!
//! The differential test `tests/fast_path.rs` holds the obligation. It covers every data
//! set of testdata/urls, every string of every conformance file, and a generated corpus
//! that aims at each rule's edges. The fuzz target `normalize` (fuzz/src/checks.rs) checks
//! the same on its inputs.

use crate::input::{read_authority, strip_web_prefix, SchemeCase};
use crate::standard::host::{is_plain_domain, is_plain_label_byte};
use crate::standard::path::{may_be_dot_segment, may_start_dot_segment};
use crate::standard::port::port_number;

/// An input that is its own normal form, with the parts the options judge.
pub(crate) struct NormalForm<'a> {
    /// The input, as text.
    pub(crate) url: &'a str,
    /// `http` or `https`.
    pub(crate) scheme: &'static str,
    /// The host: a domain of lowercase ASCII labels, never an IP address.
    pub(crate) host: &'a str,
}

/// Returns the input as text, with its scheme and host, when it is its own normal form by
/// the rules of this module. `None` means "not known": the caller takes the full path.
pub(crate) fn normal_form(input: &[u8]) -> Option<NormalForm<'_>> {
    let (special, rest) = strip_web_prefix(input, SchemeCase::Serialized)?;
    let (scheme, default_port) = (special.name, special.default_port?.as_bytes());
    let host_end = host_length(input, input.len() - rest.len())?;
    let mut at = host_end;
    if rest.get(at) == Some(&b':') {
        at += 1 + port_length(&rest[at + 1..], default_port)?;
    }
    if rest.get(at) != Some(&b'/') {
        return None;
    }
    if !plain_tail(input, input.len() - rest.len() + at) {
        at += path_length(&rest[at..])?;
        if rest.get(at) == Some(&b'?') {
            at += 1 + run_length(&rest[at + 1..], QUERY);
        }
        if rest.get(at) == Some(&b'#') {
            at += 1 + run_length(&rest[at + 1..], FRAGMENT);
        }
        if at != rest.len() {
            return None;
        }
    }
    // SAFETY: every byte was accepted above by a class of BYTE_CLASSES or by the SSE2 scans,
    // which accept printable ASCII only (0x21..0x7E; for the table a `const` assertion below
    // `BYTE_CLASSES` checks it), so `input` is UTF-8. (from_utf8 cost a third of the check.)
    let url = unsafe { std::str::from_utf8_unchecked(input) };
    let host_start = input.len() - rest.len();
    // The host this grammar reads is the one every authority reading finds: the differential
    // tests, which run in debug builds, check it on every input the fast path takes.
    debug_assert_eq!(read_authority(rest, true).1.host, 0..host_end);
    Some(NormalForm {
        url,
        scheme,
        host: &url[host_start..host_start + host_end],
    })
}

/// The vector instructions the fast path's tail scan uses on this CPU (`php --ri url_normalize`
/// shows it): AVX2 where the CPU has it (detected once, at the first call), otherwise SSE2.
#[cfg(target_arch = "x86_64")]
pub fn simd() -> &'static str {
    match has_avx2() {
        true => "AVX2 (32 bytes at a time, detected at run time)",
        false => "SSE2 (16 bytes at a time; no AVX2 on this CPU)",
    }
}

/// The vector instructions the fast path's tail scan uses on this CPU (`php --ri url_normalize`
/// shows it).
#[cfg(not(target_arch = "x86_64"))]
pub fn simd() -> &'static str {
    "none (one byte at a time)"
}

/// Whether the CPU has AVX2: asked once, then read from a static.
#[cfg(target_arch = "x86_64")]
fn has_avx2() -> bool {
    static AVX2: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *AVX2.get_or_init(|| std::arch::is_x86_feature_detected!("avx2"))
}

/// Bytes no part of a plain tail holds: each is excluded from the path, the query or the
/// fragment, or is `\\`. (Where a part allows one of them, the byte walk still can.)
/// Only the vector scans read it; elsewhere the byte walk checks every tail.
#[cfg(target_arch = "x86_64")]
const NOT_PLAIN: &[u8] = b"\"<>\\^`{}'";

/// A quick yes for the common tail of `input` (path, query and fragment, from the path's `/`
/// at `start`), 32 bytes at a time with AVX2 where the CPU has it, otherwise 16 with SSE2.
/// Yes means: every byte is printable ASCII and not in [`NOT_PLAIN`], there is at most one
/// `#`, and no `/` is followed by `.` or `%`. Such a tail passes the byte walk of
/// [`normal_form`]: with these bytes the path, query and fragment rules only look at `?`
/// and `#`, which end the path and the query, and a dot segment starts with `.` or `%`.
/// No means "not known", and the byte walk decides; it is also the answer for a non-empty
/// tail of an input shorter than 16 bytes. Both scans give the same answer
/// (`plain_tail_bytes` in the tests spells it out byte by byte).
#[cfg(target_arch = "x86_64")]
fn plain_tail(input: &[u8], start: usize) -> bool {
    if has_avx2() {
        // SAFETY: the CPU has AVX2, asked at run time.
        unsafe { plain_tail_avx2(input, start) }
    } else {
        plain_tail_sse2(input, start)
    }
}

/// [`plain_tail`] with SSE2, 16 bytes at a time.
#[cfg(target_arch = "x86_64")]
fn plain_tail_sse2(input: &[u8], start: usize) -> bool {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_cmplt_epi8, _mm_loadu_si128,
        _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    };
    /// One 16-byte chunk: the positions that break the rules (bits), the `#` positions,
    /// and the `/` positions.
    fn scan(v: __m128i) -> (u32, u32, u32) {
        // SAFETY: SSE2 is part of the x86_64 baseline, so these intrinsics always exist.
        unsafe {
            let mask_of =
                |byte: u8| _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(byte as i8))) as u32;
            // Printable ASCII: 0x21..=0x7E (bytes >= 0x80 are negative as i8).
            let printable = _mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(0x20)))
                & _mm_movemask_epi8(_mm_cmplt_epi8(v, _mm_set1_epi8(0x7f)));
            let mut excluded = _mm_cmpeq_epi8(v, _mm_set1_epi8(NOT_PLAIN[0] as i8));
            for &byte in &NOT_PLAIN[1..] {
                excluded = _mm_or_si128(excluded, _mm_cmpeq_epi8(v, _mm_set1_epi8(byte as i8)));
            }
            let slashes = mask_of(b'/');
            let dot_segment_starts = (slashes << 1) & (mask_of(b'.') | mask_of(b'%'));
            let broken = (!printable as u32 & 0xffff)
                | _mm_movemask_epi8(excluded) as u32
                | dot_segment_starts;
            (broken, mask_of(b'#'), slashes)
        }
    }
    let load = |at: usize| {
        let chunk = &input[at..at + 16];
        // SAFETY: SSE2 is baseline; the load reads the 16 bytes of `chunk`.
        scan(unsafe { _mm_loadu_si128(chunk.as_ptr().cast()) })
    };
    let mut hashes = 0;
    let mut slash_before = 0;
    let mut at = start;
    while at + 16 <= input.len() {
        let (broken, hash, slashes) = load(at);
        // A `/` ending the previous chunk and a `.` or `%` starting this one.
        let first = u32::from(input[at] == b'.' || input[at] == b'%');
        if broken != 0 || slash_before & first != 0 {
            return false;
        }
        hashes += hash.count_ones();
        slash_before = slashes >> 15;
        at += 16;
    }
    let left = input.len() - at;
    if left > 0 {
        // The last 16 bytes of the input, overlapping what was read (an input is at least
        // 16 bytes when its tail is short: "https://" and a host); only the last `left`
        // bits count. The byte before them is inside this chunk, so `/` then `.` is seen.
        let Some(last) = input.len().checked_sub(16) else {
            return false;
        };
        let (broken, hash, _) = load(last);
        let fresh = 0xffff_u32 << (16 - left) & 0xffff;
        if broken & fresh != 0 {
            return false;
        }
        hashes += (hash & fresh).count_ones();
    }
    hashes <= 1
}

/// [`plain_tail`] with AVX2, 32 bytes at a time. Each byte's class is looked up in two
/// 16-entry tables, by its low and by its high nibble (`vpshufb`), and the two answers are
/// and-ed: a bit of the class is set when the byte is in a set that is a product of
/// low-nibble and high-nibble values, so 8 bits hold the bytes the scan looks for. Calling it
/// is `unsafe` where the caller does not have AVX2 itself: the CPU must have it.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn plain_tail_avx2(input: &[u8], start: usize) -> bool {
    use std::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8,
        _mm256_set1_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_slli_epi16,
        _mm256_srli_epi16,
    };
    /// The bits of a byte's class (the bytes of a set: `high nibbles × low nibbles`).
    /// Not printable ASCII: `0x00..=0x1F`, `0x80..=0xFF` (and `0x20`, `0x7F` below).
    const CONTROL: u8 = 0x01;
    /// Space, `"`, `'`: `2 × {0, 2, 7}`.
    const QUOTES: u8 = 0x02;
    /// `<`, `>`, `\\`, `^`: `{3, 5} × {C, E}`.
    const ANGLES: u8 = 0x04;
    /// `` ` ``: `6 × 0`.
    const BACKTICK: u8 = 0x08;
    /// `{`, `}`, DEL: `7 × {B, D, F}`.
    const BRACES: u8 = 0x10;
    /// The bits of the bytes no plain tail holds: any but printable ASCII outside [`NOT_PLAIN`].
    const BROKEN: u8 = CONTROL | QUOTES | ANGLES | BACKTICK | BRACES;
    /// `#`: `2 × 3`. (Bit 5: two shifts left make it the byte's top bit, which movemask reads.)
    const HASH: u8 = 0x20;
    /// `/`: `2 × F`. (Bit 6: one shift left.)
    const SLASH: u8 = 0x40;
    /// `.`, `%`: `2 × {E, 5}`. (Bit 7, which movemask reads.)
    const DOT_OR_PERCENT: u8 = 0x80;
    const fn by_low_nibble(low: u8) -> u8 {
        let mut class = CONTROL;
        if matches!(low, 0x0 | 0x2 | 0x7) {
            class |= QUOTES;
        }
        if matches!(low, 0xC | 0xE) {
            class |= ANGLES;
        }
        if low == 0x0 {
            class |= BACKTICK;
        }
        if matches!(low, 0xB | 0xD | 0xF) {
            class |= BRACES;
        }
        if low == 0x3 {
            class |= HASH;
        }
        if low == 0xF {
            class |= SLASH;
        }
        if matches!(low, 0x5 | 0xE) {
            class |= DOT_OR_PERCENT;
        }
        class
    }
    const fn by_high_nibble(high: u8) -> u8 {
        match high {
            0x0 | 0x1 | 0x8..=0xF => CONTROL,
            0x2 => QUOTES | HASH | SLASH | DOT_OR_PERCENT,
            0x3 | 0x5 => ANGLES,
            0x6 => BACKTICK,
            0x7 => BRACES,
            _ => 0,
        }
    }
    /// The tables by low and by high nibble; both 128-bit lanes hold the table, as
    /// `vpshufb` looks up within each lane.
    const fn tables() -> [[u8; 32]; 2] {
        let mut tables = [[0; 32]; 2];
        let mut at = 0;
        while at < 32 {
            tables[0][at] = by_low_nibble(at as u8 & 15);
            tables[1][at] = by_high_nibble(at as u8 & 15);
            at += 1;
        }
        tables
    }
    const TABLES: [[u8; 32]; 2] = tables();
    // SAFETY: unaligned loads of the 32 bytes of each array.
    let (low, high) = unsafe {
        (
            _mm256_loadu_si256(TABLES[0].as_ptr().cast()),
            _mm256_loadu_si256(TABLES[1].as_ptr().cast()),
        )
    };
    let nibble = _mm256_set1_epi8(0x0F);
    let broken_bits = _mm256_set1_epi8(BROKEN as i8);
    let zero = _mm256_setzero_si256();
    // One 32-byte chunk: the positions that break the rules (bits), the `#` positions, and
    // the `/` positions.
    let scan = |chunk: &[u8]| -> (u32, u32, u32) {
        assert_eq!(chunk.len(), 32);
        // SAFETY: an unaligned load of the 32 bytes `chunk` has (asserted above).
        let v: __m256i = unsafe { _mm256_loadu_si256(chunk.as_ptr().cast()) };
        // Bytes >= 0x80 have a high nibble of 8..F after the mask (the shift is per 16 bits,
        // the mask drops what the neighbouring byte shifted in).
        let high_nibbles = _mm256_and_si256(_mm256_srli_epi16::<4>(v), nibble);
        let class = _mm256_and_si256(
            _mm256_shuffle_epi8(low, _mm256_and_si256(v, nibble)),
            _mm256_shuffle_epi8(high, high_nibbles),
        );
        let fine = _mm256_cmpeq_epi8(_mm256_and_si256(class, broken_bits), zero);
        let broken = !(_mm256_movemask_epi8(fine) as u32);
        let dot_or_percent = _mm256_movemask_epi8(class) as u32;
        let slashes = _mm256_movemask_epi8(_mm256_slli_epi16::<1>(class)) as u32;
        let hashes = _mm256_movemask_epi8(_mm256_slli_epi16::<2>(class)) as u32;
        // A `/` then a `.` or `%` inside the chunk (across chunks: the caller).
        let dot_segment_starts = (slashes << 1) & dot_or_percent;
        (broken | dot_segment_starts, hashes, slashes)
    };
    let mut hash_seen = false;
    let mut slash_before = 0;
    let mut at = start;
    while at + 32 <= input.len() {
        let chunk = &input[at..at + 32];
        let (broken, hashes, slashes) = scan(chunk);
        // A `/` ending the previous chunk and a `.` or `%` starting this one.
        let first = u32::from(chunk[0] == b'.' || chunk[0] == b'%');
        if broken != 0 || slash_before & first != 0 {
            return false;
        }
        if hashes != 0 {
            // A second `#`, in this chunk or in an earlier one.
            if hash_seen || hashes & (hashes - 1) != 0 {
                return false;
            }
            hash_seen = true;
        }
        slash_before = slashes >> 31;
        at += 32;
    }
    let left = input.len() - at;
    if left == 0 {
        return true;
    }
    // The last 32 bytes of the input, overlapping what was read; only the last `left` bits
    // count. The byte before them is inside this chunk, so `/` then `.` is seen. An input
    // shorter than 32 bytes has read nothing yet (`at` is `start`): the SSE2 scan reads it.
    let Some(last) = input.len().checked_sub(32) else {
        return plain_tail_sse2(input, start);
    };
    let (broken, hashes, _) = scan(&input[last..]);
    let fresh = u32::MAX << (32 - left);
    let hashes = hashes & fresh;
    broken & fresh == 0 && (hashes == 0 || !hash_seen && hashes & (hashes - 1) == 0)
}

/// Elsewhere the byte walk decides alone.
#[cfg(not(target_arch = "x86_64"))]
fn plain_tail(_input: &[u8], _start: usize) -> bool {
    false
}

/// The length of the host that starts at `start` in `input`, when the host parser keeps it as
/// written: [`host_length_bytes`]'s answer, from the host's first 32 bytes at once (with AVX2
/// where the CPU has it and the input has 32 bytes, otherwise with SSE2).
#[cfg(target_arch = "x86_64")]
fn host_length(input: &[u8], start: usize) -> Option<usize> {
    let rest = &input[start..];
    let masks = match input.len() >= 32 && has_avx2() {
        // SAFETY: the CPU has AVX2, asked at run time.
        true => unsafe { host_masks_avx2(input, start) },
        false => match host_masks_sse2(input, start) {
            Some(masks) => masks,
            None => return host_length_bytes(rest),
        },
    };
    host_length_of(rest, masks)
}

/// The bits of a host scan, bit `i` for byte `i` of the host's 32 (none for a byte past the
/// input's end): the bytes of a label (`a-z 0-9 - _`), `.`, `x`, `n` and `-`.
#[cfg(target_arch = "x86_64")]
type HostMasks = [u32; 5];

/// [`host_length`]'s answer from the host scan's bits of `rest`, the input from the host on.
#[cfg(target_arch = "x86_64")]
fn host_length_of(rest: &[u8], [label, dots, x, n, dash]: HostMasks) -> Option<usize> {
    let end = (!(label | dots)).trailing_zeros() as usize;
    if end == 32 {
        // A longer host: byte by byte.
        return host_length_bytes(rest);
    }
    let inside = (1u32 << end) - 1;
    let dots = dots & inside;
    // No empty label: not empty, no dot first or last, no two dots in a row.
    if end == 0 || dots & 1 != 0 || dots >> (end - 1) & 1 != 0 || dots & dots >> 1 != 0 {
        return None;
    }
    // No label that starts with `xn--` (the bits of a label's start: the host's first byte
    // and each byte after a dot).
    let starts = (1 | dots << 1) & inside;
    if x & n >> 1 & dash >> 2 & dash >> 3 & starts != 0 {
        return None;
    }
    // The last label: one starting with a digit may end in a number (an IPv4 host).
    let last_start = 32 - dots.leading_zeros() as usize;
    (!rest[last_start].is_ascii_digit()).then_some(end)
}

/// The host scan with one 32-byte AVX2 load: the 32 bytes from `start`, or where fewer follow
/// it (most URLs: "https://" and a host are often all there is before the path), the input's
/// last 32, with the bits of the bytes before `start` shifted out. Bytes past the input's end
/// have no bit, so such a host ends at the latest with the input. The input has 32 bytes or
/// more; calling it is `unsafe` where the caller does not have AVX2 itself: the CPU must.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn host_masks_avx2(input: &[u8], start: usize) -> HostMasks {
    use std::arch::x86_64::{
        _mm256_and_si256, _mm256_cmpeq_epi8, _mm256_cmpgt_epi8, _mm256_loadu_si256,
        _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8,
    };
    let window = start.min(input.len() - 32);
    let chunk = &input[window..window + 32];
    // SAFETY: an unaligned load of the 32 bytes of `chunk`.
    let v = unsafe { _mm256_loadu_si256(chunk.as_ptr().cast()) };
    let is = |byte: u8| _mm256_cmpeq_epi8(v, _mm256_set1_epi8(byte as i8));
    // Signed comparisons: bytes >= 0x80 are negative, so in no range here.
    let within = |low: u8, high: u8| {
        let above = _mm256_cmpgt_epi8(v, _mm256_set1_epi8(low as i8 - 1));
        let below = _mm256_cmpgt_epi8(_mm256_set1_epi8(high as i8 + 1), v);
        _mm256_and_si256(above, below)
    };
    let dash = is(b'-');
    let label = _mm256_or_si256(
        _mm256_or_si256(within(b'a', b'z'), within(b'0', b'9')),
        _mm256_or_si256(dash, is(b'_')),
    );
    // `start - window` is below 32: the input is longer than `start`.
    let skip = start - window;
    [label, is(b'.'), is(b'x'), is(b'n'), dash]
        .map(|bytes| (u64::from(_mm256_movemask_epi8(bytes) as u32) >> skip) as u32)
}

/// The host scan with two 16-byte SSE2 loads that cover the 32 bytes from `start`, or where
/// fewer follow it, the input's last 32 or fewer: the loads slide back inside the input, and
/// the bits of the bytes before `start` are shifted out. `None` for an input shorter than 16
/// bytes, which the byte walk reads.
#[cfg(target_arch = "x86_64")]
fn host_masks_sse2(input: &[u8], start: usize) -> Option<HostMasks> {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_cmplt_epi8, _mm_loadu_si128,
        _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    };
    /// One 16-byte chunk's bits.
    fn masks(v: __m128i) -> HostMasks {
        // SAFETY: SSE2 is part of the x86_64 baseline, so these intrinsics always exist.
        unsafe {
            let is = |byte: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(byte as i8));
            // Signed comparisons: bytes >= 0x80 are negative, so in no range here.
            let within = |low: u8, high: u8| {
                let above = _mm_cmpgt_epi8(v, _mm_set1_epi8(low as i8 - 1));
                let below = _mm_cmplt_epi8(v, _mm_set1_epi8(high as i8 + 1));
                _mm_and_si128(above, below)
            };
            let dash = is(b'-');
            let label = _mm_or_si128(
                _mm_or_si128(within(b'a', b'z'), within(b'0', b'9')),
                _mm_or_si128(dash, is(b'_')),
            );
            [label, is(b'.'), is(b'x'), is(b'n'), dash].map(|bytes| _mm_movemask_epi8(bytes) as u32)
        }
    }
    let last = input.len().checked_sub(16)?;
    let first = start.min(last);
    let second = (start + 16).min(last);
    let load = |at: usize| {
        let chunk = &input[at..at + 16];
        // SAFETY: SSE2 is baseline; the load reads the 16 bytes of `chunk`.
        masks(unsafe { _mm_loadu_si128(chunk.as_ptr().cast()) })
    };
    let (low, high) = (load(first), load(second));
    // Bit `i` of `low` is byte `first + i`, of `high` byte `second + i`; `second - first` and
    // `start - first` are at most 16, so a u64 holds both and the shift.
    Some(std::array::from_fn(|k| {
        let both = u64::from(low[k]) | u64::from(high[k]) << (second - first);
        (both >> (start - first)) as u32
    }))
}

/// Elsewhere the byte walk.
#[cfg(not(target_arch = "x86_64"))]
fn host_length(input: &[u8], start: usize) -> Option<usize> {
    host_length_bytes(&input[start..])
}

/// The length of the host at the start of `rest`, when the host parser keeps it as written,
/// label by label.
fn host_length_bytes(rest: &[u8]) -> Option<usize> {
    // The host ends at the first byte that is neither `.` nor a lowercase label byte.
    let end = rest
        .iter()
        .position(|&b| b != b'.' && BYTE_CLASSES[usize::from(b)] & LABEL == 0)
        .unwrap_or(rest.len());
    is_plain_domain(&rest[..end]).then_some(end)
}

/// The length of the port digits at the start of `rest`, when the serializer keeps them.
fn port_length(rest: &[u8], default_port: &[u8]) -> Option<usize> {
    let length = run_length(rest, DIGIT);
    let digits = &rest[..length];
    // Written as the serializer writes it: a number, with no leading zero.
    let as_written = digits.first().is_some_and(|&digit| digit != b'0')
        && matches!(port_number(digits), Ok(Some(_)));
    (as_written && digits != default_port).then_some(length)
}

/// The length of the path at the start of `rest` (which starts with `/`), when it has no byte
/// to encode, no `\` and no segment that could be a dot segment.
fn path_length(rest: &[u8]) -> Option<usize> {
    let mut at = 0;
    while let Some(&b) = rest.get(at) {
        if BYTE_CLASSES[usize::from(b)] & PATH == 0 {
            break;
        }
        // Only a segment that starts with `.` or `%` can be a dot segment: `.`, `..`, `.%2e`,
        // `%2e.`, `%2e%2e` in any case. Longer names never are.
        if b == b'/'
            && may_start_dot_segment(rest.get(at + 1))
            && may_be_dot_segment(&rest[at + 1..])
        {
            return None;
        }
        at += 1;
    }
    Some(at)
}

/// How many bytes at the start of `bytes` are of `class` (one of the bits below).
fn run_length(bytes: &[u8], class: u8) -> usize {
    bytes
        .iter()
        .position(|&b| BYTE_CLASSES[usize::from(b)] & class == 0)
        .unwrap_or(bytes.len())
}

/// A byte of a host label: `a-z 0-9 - _`.
const LABEL: u8 = 1;
/// A byte the path state keeps as written. Also excluded: `?` and `#`, which end the path,
/// and `\`, which is a separator. <https://url.spec.whatwg.org/#path-percent-encode-set>
const PATH: u8 = 2;
/// A byte the query state of a special URL keeps as written. `#` ends the query.
/// <https://url.spec.whatwg.org/#special-query-percent-encode-set>
const QUERY: u8 = 4;
/// A byte the fragment state keeps as written. A second `#` is left to the full path.
/// <https://url.spec.whatwg.org/#fragment-percent-encode-set>
const FRAGMENT: u8 = 8;
/// A port digit.
const DIGIT: u8 = 16;

/// The classes of every byte, so that the scan costs one load per byte (a `contains` over
/// the excluded characters cost ten comparisons per byte).
static BYTE_CLASSES: [u8; 256] = byte_classes();

/// What makes [`normal_form`]'s `from_utf8_unchecked` sound, checked when the crate compiles:
/// no byte outside printable ASCII (0x21..=0x7E) has a class, so a walk that accepts only
/// bytes with a class accepts ASCII text only.
const _: () = {
    let classes = byte_classes();
    let mut b = 0;
    while b < 256 {
        assert!(classes[b] == 0 || (b >= 0x21 && b <= 0x7e));
        b += 1;
    }
};

/// What each component keeps as written is what its percent-encode set leaves alone
/// (`rebuild.rs` holds the sets once), less the delimiters the walk stops at: `#` everywhere,
/// and in the path `?` and `\` (a separator).
const fn byte_classes() -> [u8; 256] {
    use super::rebuild::{encode_classes, BACKSLASH, FRAGMENT as ENCODED_IN_FRAGMENT, HASH};
    use super::rebuild::{PATH as ENCODED_IN_PATH, QUERY as ENCODED_IN_QUERY};
    let encoded = encode_classes();
    let mut classes = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        let sets = encoded[b];
        let mut class = 0;
        // Encoded in the path: `?` and `#` end it; `\` is a separator.
        if sets & (ENCODED_IN_PATH | BACKSLASH) == 0 {
            class |= PATH;
        }
        if sets & (ENCODED_IN_QUERY | HASH) == 0 {
            class |= QUERY;
        }
        if sets & (ENCODED_IN_FRAGMENT | HASH) == 0 {
            class |= FRAGMENT;
        }
        // The serializer writes a plain domain's labels in lowercase.
        if is_plain_label_byte(byte) && !byte.is_ascii_uppercase() {
            class |= LABEL;
        }
        if byte.is_ascii_digit() {
            class |= DIGIT;
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

    fn accepts(input: &str) -> bool {
        normal_form(input.as_bytes()).is_some()
    }

    #[test]
    fn accepts_what_the_serializer_writes_as_is() {
        for normal in [
            "https://example.com/",
            "http://example.com/a/b.html?x=1&y=%2F#top",
            "https://a-b.c_d.example/@user;v=1/a,b:c=d!e$f(g)*h+i|j[k]/100%",
            "https://example.com:8080/x",
            "http://example.com:443/",
            "https://example.com:65535/",
            "https://example.com/.well-known/x",
            "https://example.com/a...b/.......?`{}^#{}^'",
            "https://www.example.com/?",
            "https://www.example.com/#",
            "https://example.c0m/",
        ] {
            assert!(accepts(normal), "{normal}");
        }
    }

    #[test]
    fn the_sixteen_byte_scan_sees_across_its_chunks() {
        // The tail starts at the path's `/`; put each rule's byte on a chunk boundary.
        let pad = |n: usize| "a".repeat(n);
        for (tail, normal) in [
            (format!("/{}/./x", pad(14)), false),
            (format!("/{}/.well-known/x", pad(14)), true),
            (format!("/{}/%2e/x", pad(14)), false),
            (format!("/{}#{}#", pad(14), pad(20)), false),
            (format!("/{}#{}?", pad(14), pad(20)), true),
            (format!("/{} ", pad(30)), false),
            (format!("/{}\u{e9}", pad(15)), false),
            (format!("/{}?'", pad(15)), false),
            (format!("/{}?`", pad(15)), true),
            (format!("/{}^", pad(31)), false),
            (format!("/{}", pad(47)), true),
        ] {
            let url = format!("https://example.com{tail}");
            assert_eq!(accepts(&url), normal, "{url}");
        }
    }

    /// The tail scans' rule, byte by byte: printable ASCII outside [`NOT_PLAIN`], at most one
    /// `#`, no `/` followed by `.` or `%`; and no for a non-empty tail of an input shorter than
    /// 16 bytes (the scans' one load, overlapping the tail, needs 16).
    #[cfg(target_arch = "x86_64")]
    fn plain_tail_bytes(input: &[u8], start: usize) -> bool {
        let tail = &input[start..];
        let plain = |b: &u8| (0x21..=0x7e).contains(b) && !NOT_PLAIN.contains(b);
        let dot_segment = |pair: &[u8]| pair[0] == b'/' && may_start_dot_segment(pair.get(1));
        (tail.is_empty() || input.len() >= 16)
            && tail.iter().all(plain)
            && tail.iter().filter(|&&b| b == b'#').count() <= 1
            && !tail.windows(2).any(dot_segment)
    }

    /// A tail scan: the input and where its tail starts.
    #[cfg(target_arch = "x86_64")]
    type TailScan = fn(&[u8], usize) -> bool;

    /// The tail scans this CPU runs, by name: SSE2, and AVX2 where the CPU has it.
    #[cfg(target_arch = "x86_64")]
    fn tail_scans() -> Vec<(&'static str, TailScan)> {
        let mut scans: Vec<(&'static str, TailScan)> = vec![("SSE2", plain_tail_sse2)];
        if has_avx2() {
            // SAFETY: the CPU has AVX2, asked at run time.
            scans.push(("AVX2", |input, start| unsafe {
                plain_tail_avx2(input, start)
            }));
        } else {
            eprintln!("no AVX2 on this CPU: its tail scan is not tested");
        }
        scans
    }

    /// Each tail scan against the byte walk, on the same inputs: every byte the rules name at
    /// every position of tails up to 100 bytes long, after hosts that put the tail's start
    /// at every offset of a 32-byte chunk, so that each rule lands on the chunk boundaries
    /// at 16 and 32 and on the last, overlapping load; then random tails.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn each_tail_scan_agrees_with_the_byte_walk() {
        let scans = tail_scans();
        let mut checked = 0;
        let mut check = |input: &[u8], start: usize| {
            let expected = plain_tail_bytes(input, start);
            for (name, scan) in &scans {
                let tail = String::from_utf8_lossy(&input[start..]);
                assert_eq!(
                    scan(input, start),
                    expected,
                    "{name}: {tail:?} from {start}"
                );
            }
            checked += 1;
        };
        let specials: &[&[u8]] = &[
            b"\"",
            b"<",
            b">",
            b"\\",
            b"^",
            b"`",
            b"{",
            b"}",
            b"'",
            b" ",
            b"\x7f",
            b"\x00",
            b"\x1f",
            b"\x80",
            b"\xff",
            b"\xc3\xa9",
            b"#",
            b"##",
            b"/.",
            b"/%",
            b"/",
            b".",
            b"%",
            b"?",
            b"~",
            b"!",
            b"/a",
            b"\x20#",
            b"x#./",
        ];
        for host in [
            "a",
            "ab",
            "example.com",
            "www.example-host.org",
            "h.io:8080",
        ] {
            for pad in 0..32 {
                let head = format!("https://{}{host}", "x".repeat(pad));
                let start = head.len();
                for length in 0..=100 {
                    let mut input = head.clone().into_bytes();
                    input.push(b'/');
                    input.resize(start + length.max(1), b'a');
                    check(&input, start);
                    if pad % 8 != 0 {
                        continue;
                    }
                    for at in 1..input.len() - start {
                        for special in specials {
                            let mut input = input.clone();
                            let at = start + at;
                            let end = (at + special.len()).min(input.len());
                            input[at..end].copy_from_slice(&special[..end - at]);
                            check(&input, start);
                        }
                    }
                }
            }
        }
        // Random tails over a small alphabet, with a second rule-breaking byte often.
        let alphabet = b"aaaaaaaa/./%#?=&\"'^`{}<>\\ \x7f\x80\xff\x00~-_9";
        let mut random = Rng(0x2545_F491_4F6C_DD1D_u64);
        let mut next = || random.next();
        for _ in 0..200_000 {
            let head = format!("http://{}.com", "h".repeat((next() % 40) as usize));
            let mut input = head.clone().into_bytes();
            input.push(b'/');
            for _ in 0..next() % 120 {
                let pick = next();
                // Mostly plain bytes, so that whole tails pass now and then.
                let byte = match pick % 16 {
                    0 => alphabet[(pick >> 8) as usize % alphabet.len()],
                    _ => b"abc/?=&-"[(pick >> 8) as usize % 8],
                };
                input.push(byte);
            }
            check(&input, head.len());
        }
        assert!(checked > 1_000_000, "{checked}");
    }

    /// The byte walk's rule for the vector scans, the other way round: a tail they accept is
    /// one [`normal_form`]'s byte walk accepts too.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn a_plain_tail_passes_the_byte_walk() {
        let alphabet = b"ab/./%#?=&\"'^`{}<>\\ \x7f~-_9!$()*+,;:@[]|";
        let mut random = Rng(0x9E37_79B9_7F4A_7C15_u64);
        let mut next = || random.next();
        let mut accepted = 0;
        for _ in 0..200_000 {
            let mut input = b"https://example.com/".to_vec();
            for _ in 0..next() % 70 {
                let pick = next();
                let byte = match pick % 8 {
                    0 => alphabet[(pick >> 8) as usize % alphabet.len()],
                    _ => b"ab/?=&"[(pick >> 8) as usize % 6],
                };
                input.push(byte);
            }
            let start = "https://example.com".len();
            if plain_tail(&input, start) {
                let rest = &input[start..];
                let mut at = path_length(rest).expect("a plain path");
                if rest.get(at) == Some(&b'?') {
                    at += 1 + run_length(&rest[at + 1..], QUERY);
                }
                if rest.get(at) == Some(&b'#') {
                    at += 1 + run_length(&rest[at + 1..], FRAGMENT);
                }
                assert_eq!(at, rest.len(), "{:?}", String::from_utf8_lossy(rest));
                accepted += 1;
            }
        }
        assert!(accepted > 10_000, "{accepted}");
    }

    #[test]
    fn declines_what_the_full_path_may_change() {
        for other in [
            "HTTPS://example.com/",
            "https://Example.com/",
            "https://example.com",
            "https://example.com:443/",
            "http://example.com:80/",
            "https://example.com:0/",
            "https://example.com:08080/",
            "https://example.com:65536/",
            "https://example.com:/",
            "https://user@example.com/",
            "https://xn--fa-hia.de/",
            "https://example..com/",
            "https://example.com./",
            "https://.example.com/",
            "https://1.2.3.4/",
            "https://example.0x1f/",
            "https://[::1]/",
            "https://example.com/a b",
            "https://example.com/a^b",
            "https://example.com/a\\b",
            "https://example.com/a/./b",
            "https://example.com/a/../b",
            "https://example.com/a/%2e/b",
            "https://example.com/a/.%2E",
            "https://example.com/?q='",
            "https://example.com/#a#b",
            "https://example.com/#`",
            "https://example.com/caf\u{e9}",
            " https://example.com/",
            "https://example.com/\t",
            "mailto:a@example.com",
            "example.com/",
            "ftp://example.com/",
        ] {
            assert!(!accepts(other), "{other}");
        }
    }

    /// Each host scan this CPU runs (SSE2, and AVX2 where the CPU has it and the input has 32
    /// bytes), and [`host_length`], against the byte walk.
    fn check_host_scans(input: &[u8], start: usize) {
        let expected = host_length_bytes(&input[start..]);
        let url = String::from_utf8_lossy(input);
        assert_eq!(host_length(input, start), expected, "{url:?} from {start}");
        #[cfg(target_arch = "x86_64")]
        {
            let rest = &input[start..];
            if let Some(masks) = host_masks_sse2(input, start) {
                assert_eq!(
                    host_length_of(rest, masks),
                    expected,
                    "SSE2: {url:?} from {start}"
                );
            }
            if input.len() >= 32 && has_avx2() {
                // SAFETY: the CPU has AVX2, asked at run time.
                let masks = unsafe { host_masks_avx2(input, start) };
                assert_eq!(
                    host_length_of(rest, masks),
                    expected,
                    "AVX2: {url:?} from {start}"
                );
            }
        }
    }

    /// The host scans against the byte walk, with every length of what follows the host, so
    /// that the loads read the host's first 32 bytes, slide back to the input's last 32, or
    /// overlap each other, and inputs shorter than 16 bytes take the walk.
    #[test]
    fn the_32_byte_host_scan_agrees_with_the_byte_walk() {
        let pieces = [
            "a", "b0", "xn--", "xn-", "x", "n", "-", "_", ".", "..", "9", "0x", "Z", "\u{e9}", ":",
            "/", "ab", "www", "xn--a", "1", "a-b",
        ];
        let mut random = Rng(0x9E37_79B9_7F4A_7C15_u64);
        let mut next = || random.next();
        let mut checked = 0;
        for _ in 0..100_000 {
            let mut host = String::new();
            for _ in 0..1 + next() % 9 {
                host.push_str(pieces[(next() % pieces.len() as u64) as usize]);
            }
            let scheme = ["https://", "http://", "", "h"][(next() % 4) as usize];
            let tail = ["/", "?", "#", ":8", "", "/\u{e9}", "-"][(next() % 7) as usize];
            let pad = "p".repeat((next() % 45) as usize);
            let input = format!("{scheme}{host}{tail}{pad}");
            let input = input.as_bytes();
            let start = scheme.len();
            check_host_scans(input, start);
            checked += 1;
        }
        // Every split of inputs up to 70 bytes, on plain hosts that end at each position.
        for length in 1..70 {
            for end in 1..=length {
                let mut input = vec![b'a'; length];
                input[end - 1] = b'c';
                if end < length {
                    input[end] = b'/';
                }
                if end > 2 {
                    input[end / 2] = b'.';
                }
                for start in 0..end {
                    check_host_scans(&input, start);
                    checked += 1;
                }
            }
        }
        assert!(checked > 150_000, "{checked}");
    }
}
