//! The invariants of the fuzz targets, one function per target, each taking the raw fuzz
//! input. A broken invariant panics with the input, escaped, in the message.
//!
//! This file is compiled twice: into the fuzz crate (the targets in `fuzz/fuzz_targets/`) and
//! into `tests/fuzz_regressions.rs`, which replays every file of `fuzz/regressions/<target>/`
//! through the same function, so a saved crash stays a test of exactly what failed.

use std::sync::LazyLock;
use url_normalize::{
    canonicalize, fingerprint, is_normal_form, normalize, normalize_full_path, resolve,
    resolve_against_directory, surt, Flags, Options,
};

/// Built once: `Options::default()` compiles the directory-index regex, which would cost more
/// than the calls under test.
static OPTIONS: LazyLock<Options> = LazyLock::new(Options::default);

/// The base of a `resolve` input that has no 0xFF separator.
pub const DEFAULT_BASE: &[u8] = b"https://example.com/dir/page?q=1#top";

/// `normalize`: no panic; an `Ok` output (what lenient mode returns) is ASCII and its own
/// normal form. The fast path (src/fast.rs) agrees with the full path: where it answers,
/// for the input and for the output, the full path gives that string back byte for byte.
pub fn check_normalize(data: &[u8]) {
    let options = &*OPTIONS;
    if let Ok(out) = normalize(data, options) {
        assert_normal("normalize", data, &out, options);
        assert_fast_path_agrees(out.as_bytes(), options);
    }
    assert_fast_path_agrees(data, options);
}

/// Wherever the fast path says `input` is its own normal form, the full path says so too.
fn assert_fast_path_agrees(input: &[u8], options: &Options) {
    if is_normal_form(input) {
        let full = normalize_full_path(input, options);
        assert!(
            full.as_deref().map(str::as_bytes) == Ok(input),
            "fast path accepted {:?}, full path gives {full:?}",
            String::from_utf8_lossy(input).escape_debug().to_string()
        );
    }
}

/// `resolve` and `resolve_against_directory`: no panic; an output is ASCII and absolute: resolved
/// again, against any base, it comes back unchanged. (Not `normalize(out) == out`: a link
/// `d:2` is the absolute URL `d:2`, as browsers read it, while `normalize()` reads a
/// scheme-less `word:digits` as `host:port` on purpose; README, Deviations.)
///
/// Input: `href`, a 0xFF byte, `base`; without 0xFF the whole input is `href` against
/// [`DEFAULT_BASE`]. (0xFF is never valid UTF-8; bases may still contain it.)
pub fn check_resolve(data: &[u8]) {
    let (href, base) = match data.iter().position(|&byte| byte == 0xFF) {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, DEFAULT_BASE),
    };
    let options = &*OPTIONS;
    if let Ok(out) = resolve(href, base, options) {
        assert_absolute("resolve", data, &out, options);
    }
    if let Ok(out) = resolve_against_directory(href, base, options) {
        assert_absolute("resolve_against_directory", data, &out, options);
    }
}

/// `canonicalize`: no panic; for every preset and for the flags named by the input, the
/// output is ASCII and `canonicalize(output) == output`. `surt` and `fingerprint`, which
/// build on the canonical URL, must not panic either.
///
/// Input: two bytes of flags (little-endian; all 16 bits are flags), then the URL.
pub fn check_canonicalize(data: &[u8]) {
    let [low, high, url @ ..] = data else {
        return;
    };
    let bits = u16::from_le_bytes([*low, *high]);
    let derived = Flags::try_from(i64::from(bits)).expect("every one of the 16 bits is a flag");
    let options = &*OPTIONS;
    let cases = Flags::PRESETS
        .iter()
        .copied()
        .chain([("the input's flags", derived)]);
    for (name, flags) in cases {
        let Ok(once) = canonicalize(url, flags, options) else {
            continue;
        };
        assert!(
            once.is_ascii(),
            "canonicalize({name} = {}) is not ASCII: {once:?} for {}",
            flags.bits(),
            data.escape_ascii()
        );
        let twice = canonicalize(once.as_bytes(), flags, options);
        assert_eq!(
            twice.as_deref(),
            Ok(once.as_str()),
            "canonicalize({name} = {}) is not idempotent for {}",
            flags.bits(),
            data.escape_ascii()
        );
        fingerprint(once.as_bytes());
    }
    let _ = surt(url, options);
}

/// `out` (produced by `operation` from `data`) is ASCII and `normalize(out) == out`.
fn assert_normal(operation: &str, data: &[u8], out: &str, options: &Options) {
    assert!(
        out.is_ascii(),
        "{operation} output is not ASCII: {out:?} for {}",
        data.escape_ascii()
    );
    let again = normalize(out.as_bytes(), options);
    assert_eq!(
        again.as_deref(),
        Ok(out),
        "{operation} output is not its own normal form, for {}",
        data.escape_ascii()
    );
}

/// `out` (produced by `operation` from `data`) is ASCII and absolute: resolving it against
/// another base gives it back unchanged.
fn assert_absolute(operation: &str, data: &[u8], out: &str, options: &Options) {
    assert!(
        out.is_ascii(),
        "{operation} output is not ASCII: {out:?} for {}",
        data.escape_ascii()
    );
    let again = resolve(out.as_bytes(), b"https://other.example/x/y", options);
    assert_eq!(
        again.as_deref(),
        Ok(out),
        "{operation} output is not absolute, for {}",
        data.escape_ascii()
    );
}
