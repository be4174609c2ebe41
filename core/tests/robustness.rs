//! Arbitrary input never panics and never loses bytes: random byte strings, and URL-shaped
//! strings spliced from pieces that exercise every branch (schemes, slashes, hosts,
//! escapes, invalid UTF-8), through every public entry point. Deterministic (fixed seed).

mod common;

use common::{random_input, Rng};
use url_normalize_core::{
    escape_for_display, explain, host_type, normalize, redact_credentials, resolve,
    resolve_against_directory, Options,
};

#[test]
fn arbitrary_bytes_never_panic_and_results_are_stable() {
    let mut rng = Rng(0x5EED_5EED_5EED);
    let options = Options::default();
    for _ in 0..200_000 {
        let input = random_input(&mut rng);
        let base = random_input(&mut rng);
        if let Ok(normalized) = normalize(&input, &options) {
            // The serialization is a fixed point: normalizing it again changes nothing.
            assert_eq!(
                normalize(normalized.as_bytes(), &options).as_deref(),
                Ok(normalized.as_str()),
                "not idempotent for {input:?}"
            );
        }
        // Redaction replaces one password, nothing else: no `@` or `:` is lost or gained
        // outside it, and an input without `@` comes back as it is.
        let redacted = redact_credentials(&input);
        if !input.contains(&b'@') {
            assert_eq!(&*redacted, &input[..]);
        }
        let count = |bytes: &[u8], b: u8| bytes.iter().filter(|&&c| c == b).count();
        assert!(count(&redacted, b'@') <= count(&input, b'@'));
        assert!(escape_for_display(&input)
            .bytes()
            .all(|b| b.is_ascii_graphic()));
        let explained = explain(&input, &options);
        assert_eq!(explained.host_type, host_type(&input, &options).ok());
        let _ = resolve(&input, &base, &options);
        let _ = resolve_against_directory(&input, &base, &options);
        let _ = resolve(&input, b"https://example.com/a/b?q#f", &options);
    }
}
