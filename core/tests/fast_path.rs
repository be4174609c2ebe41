//! The fast path's proof obligation, checked differentially. Wherever the fast path answers
//! (`normalize_fast_path`: the input kept, or the normal form written in one pass), the full
//! path (`normalize_full_path`) returns the same string; where `is_normal_form(x)` says yes,
//! that string is `x`. The inputs are
//! every line of every data set in testdata/urls, every string of every file in
//! testdata/conformance (as written, as a host, and as normalized), and a generated corpus
//! of URLs assembled from pieces that sit on the edges of the fast path's rules. Every input
//! is also tried with single-byte mutations. The fast path may decline any URL; it may never
//! answer differently from the full path, or answer where the full path rejects.

mod common;

use common::{conformance_inputs, data_sets, data_urls, option_matrix, Rng};
use std::borrow::Cow;
use url_normalize_core::{
    is_normal_form, normalize_cow, normalize_fast_path, normalize_full_path, Options,
};

/// Asserts the obligation for one input. Returns whether the fast path kept the input.
fn check(input: &[u8], options: &Options) -> bool {
    let Some(fast) = normalize_fast_path(input) else {
        assert!(!is_normal_form(input));
        return false;
    };
    let full = normalize_full_path(input, options);
    assert_eq!(
        full.as_deref(),
        Ok(&*fast),
        "the fast path answered for {:?}, the full path says otherwise",
        String::from_utf8_lossy(input)
    );
    // normalize_cow borrows exactly where the input is kept: the PHP binding relies on it.
    let kept = matches!(fast, Cow::Borrowed(_));
    assert_eq!(kept, is_normal_form(input));
    assert_eq!(
        matches!(normalize_cow(input, options), Ok(Cow::Borrowed(_))),
        kept
    );
    kept
}

/// `input` and variants of it with one byte replaced, inserted or removed, at positions and
/// with bytes drawn from `rng`: mutations of accepted URLs probe each rule's edge.
fn check_with_mutations(input: &[u8], rng: &mut Rng, options: &Options) -> usize {
    const BYTES: &[u8] = b"./:%@?#\\^`{}'\" -_aZ09xn\t\x7f\xc3";
    let mut answered = usize::from(check(input, options));
    if input.is_empty() {
        return answered;
    }
    for _ in 0..4 {
        let at = rng.below(input.len());
        let byte = BYTES[rng.below(BYTES.len())];
        let mut mutated = input.to_vec();
        match rng.below(3) {
            0 => mutated[at] = byte,
            1 => mutated.insert(at, byte),
            _ => {
                mutated.remove(at);
            }
        }
        answered += usize::from(check(&mutated, options));
    }
    answered
}

#[test]
fn every_data_set() {
    let options = Options::default();
    let mut rng = Rng(0xFA57_DA7A);
    for file in data_sets() {
        let urls = data_urls(file);
        let mut normal = 0;
        let mut answered = 0;
        let mut written = 0;
        for url in &urls {
            normal +=
                usize::from(normalize_full_path(url.as_bytes(), &options).as_deref() == Ok(url));
            answered += usize::from(check(url.as_bytes(), &options));
            written += usize::from(matches!(
                normalize_fast_path(url.as_bytes()),
                Some(Cow::Owned(_))
            ));
            check_with_mutations(url.as_bytes(), &mut rng, &options);
        }
        eprintln!(
            "{file}: {} URLs, {normal} normal, kept {answered}, written {written}",
            urls.len()
        );
        // The fast path is only worth having if it answers for nearly every normal URL.
        // And the one-pass writer for nearly every IDN URL (1,918 of 2,000 when written).
        if file == "idn-sample.txt" {
            assert!(
                written * 100 >= urls.len() * 90,
                "{file}: the fast path wrote {written} of {} URLs",
                urls.len()
            );
        } else {
            assert!(
                answered * 100 >= normal * 95,
                "{file}: the fast path answered for {answered} of {normal} normal URLs"
            );
        }
    }
}

#[test]
fn conformance_inputs_as_urls_and_as_hosts() {
    let options = Options::default();
    let mut rng = Rng(0x00C0_4F04_3A4C);
    for input in conformance_inputs() {
        for candidate in [
            input.clone(),
            format!("https://{input}/"),
            format!("http://{input}:8080/x?y#z"),
            format!("https://example.com/{input}"),
            format!("https://example.com/?{input}#{input}"),
        ] {
            check_with_mutations(candidate.as_bytes(), &mut rng, &options);
            // The full path's own output is normal: the fast path may answer for it.
            if let Ok(normalized) = normalize_full_path(candidate.as_bytes(), &options) {
                check_with_mutations(normalized.as_bytes(), &mut rng, &options);
            }
        }
    }
}

/// Pieces of URLs; the first `accepted` of each list pass the fast path's rule for that part.
struct Pieces {
    list: &'static [&'static str],
    accepted: usize,
}

impl Pieces {
    /// Half the time a piece the rule accepts, so whole URLs reach the accepting side too.
    fn pick(&self, rng: &mut Rng) -> &'static str {
        match rng.below(2) {
            0 => self.list[rng.below(self.accepted)],
            _ => self.list[rng.below(self.list.len())],
        }
    }
}

#[test]
fn generated_corpus_on_the_edges_of_each_rule() {
    let schemes = Pieces {
        list: &[
            "https://",
            "http://",
            "HTTP://",
            "https:/",
            "https:///",
            "ws://",
            "https:\\\\",
        ],
        accepted: 2,
    };
    let hosts = Pieces {
        list: &[
            "example.com",
            "a-b.c_d.e",
            "-a.b",
            "a-.b",
            "ab--c.d",
            "a",
            "localhost",
            "a.9z",
            "0.a",
            "192.168.0.1.com",
            "www.example.com",
            "a_b",
            "a.b-",
            "_.-",
            // declined
            "xn--fa-hia.de",
            "a.xn--b",
            "xn--",
            "a..b",
            "a.b.",
            ".a.b",
            "1.2.3.4",
            "a.1",
            "a.0x1f",
            "a.0X1",
            "a.09",
            "Example.com",
            "a.b%2ec",
            "a%41.com",
            "[::1]",
            "u@a.com",
            "u:p@a.com",
            "",
            "ex ample.com",
            "a.com\u{e9}",
            // for the one-pass writer: converted through the host cache, or declined
            "EXAMPLE.COM",
            "fa\u{df}.de",
            "\u{b098}\u{b098}.com",
            "\u{ff25}\u{ff38}.\u{ff43}\u{ff4f}\u{ff4d}",
            "a\u{3002}b",
            "a\u{ff0f}b.com",
            "a\u{200d}.com",
            "\u{1f600}.ws",
            "\u{e9}.1",
            "\u{e9}.0x1",
            "a.XN--FA-HIA.de",
            "xn--a.com",
            "\u{e9}..com",
            "\u{e9}.com.",
            "\u{ad}",
        ],
        accepted: 14,
    };
    let ports = Pieces {
        list: &[
            "", ":1", ":8080", ":65535", ":443", ":80", // declined, for one scheme or both:
            ":", ":0", ":00", ":08080", ":65536", ":99999", ":123456", ":8a",
        ],
        accepted: 6,
    };
    let paths = Pieces {
        list: &[
            "/",
            "/a/b",
            "//x",
            "/...",
            "/a|b",
            "/a%zz",
            "/a%2F",
            "/a%",
            "/a:/b",
            "/[a]",
            "/~u/@x;y=1,z!$&'()*+=",
            "/.well-known",
            "/a.",
            "/a..",
            // declined
            "",
            "/.",
            "/..",
            "/./a",
            "/a/.",
            "/a/..",
            "/a/../b",
            "/%2e/",
            "/%2E%2e/x",
            "/.%2e",
            "/.a",
            "/..a",
            "/a^b",
            "/a\\b",
            "/C:/../x",
            "/a:/../b",
            "/a b",
            "/a\"b",
            "/a`b",
            "/a{b}",
            "/\u{e9}",
            "/a\tb",
            "/caf\u{e9} colombia",
            "/a\u{7f}\u{1}",
            "/\u{e9}/..",
            "/\u{ff0e}\u{ff0e}/x",
        ],
        accepted: 14,
    };
    let queries = Pieces {
        list: &[
            "",
            "?",
            "?a=1&b",
            "?`{}^|\\[]",
            "?%",
            "?%zz",
            "??",
            "?a/../b",
            // declined
            "?a='",
            "?a b",
            "?\"",
            "?<",
            "?name=caf\u{e9}&x=\u{1f600}",
            "?a\u{1}b",
        ],
        accepted: 8,
    };
    let fragments = Pieces {
        list: &[
            "", "#", "#a", "#'", "#{}^|\\", "#?/", "#%zz", // declined
            "#a#b", "#`", "#a b", "#<", "#\u{e9}", "#a\u{7f}",
        ],
        accepted: 7,
    };
    let options = Options::default();
    let mut rng = Rng(0x6E4E_7A7E);
    let mut answered = 0;
    let mut written = 0;
    for _ in 0..60_000 {
        let url = [
            schemes.pick(&mut rng),
            hosts.pick(&mut rng),
            ports.pick(&mut rng),
            paths.pick(&mut rng),
            paths.pick(&mut rng),
            queries.pick(&mut rng),
            fragments.pick(&mut rng),
        ]
        .concat();
        answered += check_with_mutations(url.as_bytes(), &mut rng, &options);
        written += usize::from(matches!(
            normalize_fast_path(url.as_bytes()),
            Some(Cow::Owned(_))
        ));
    }
    // The corpus reaches the accepting side of every rule, not only the declining one.
    assert!(
        answered > 5_000 && written > 5_000,
        "the fast path kept only {answered} inputs and wrote {written}"
    );
}

/// Under every option set, `normalize()` (the fast path where it answers, with the options'
/// checks) gives what the full path gives: the same URL, or an error of the same kind.
#[test]
fn every_option_set_agrees_with_the_full_path() {
    let mut inputs: Vec<String> = data_sets()
        .into_iter()
        .flat_map(|file| data_urls(file).into_iter().take(3_000))
        .collect();
    inputs.extend(conformance_inputs());
    let mut answered_fast = 0;
    for (name, options) in option_matrix() {
        for input in &inputs {
            let input = input.as_bytes();
            let cow = normalize_cow(input, &options);
            let full = normalize_full_path(input, &options);
            answered_fast += usize::from(matches!(cow, Ok(Cow::Borrowed(_))));
            match (&cow, &full) {
                (Ok(fast), Ok(full)) => assert_eq!(
                    &**fast,
                    full.as_str(),
                    "{name}: {:?}",
                    String::from_utf8_lossy(input)
                ),
                (Err(fast), Err(full)) => assert_eq!(
                    fast.kind(),
                    full.kind(),
                    "{name}: {:?}",
                    String::from_utf8_lossy(input)
                ),
                _ => panic!(
                    "{name}: normalize gives {cow:?} and the full path {full:?} for {:?}",
                    String::from_utf8_lossy(input)
                ),
            }
        }
    }
    // The fast path must still answer under options that refuse some URLs.
    assert!(answered_fast > 10_000, "kept only {answered_fast} inputs");
}
