//! The fast path of `canonicalize()`, checked differentially: wherever
//! `canonicalize_fast_path` answers, the full path (`canonicalize_full_path`: the input
//! parsed, then every chosen transform on the parsed URL) gives the same string. Inputs:
//! every data-set URL and conformance string under a flag set chosen in turn (every flag
//! alone, every preset, combinations), and a generated corpus aimed at each transform, also
//! under options that change what the transforms may do.

mod common;

use common::{conformance_inputs, data_sets, data_urls, option_matrix, Rng};
use url_normalize_core::{
    canonicalize, canonicalize_fast_path, canonicalize_full_path, Flags, OptionValue, Options,
};

/// Every flag alone, every preset, and a few unions.
fn flag_sets() -> Vec<Flags> {
    let mut sets: Vec<Flags> = Flags::ALL.iter().map(|(_, flags)| *flags).collect();
    sets.extend(Flags::PRESETS.iter().map(|(_, flags)| *flags));
    sets.push(any_flags(0xFFFF));
    sets.push(Flags::REMOVE_DIRECTORY_INDEX | Flags::REMOVE_TRAILING_SLASH);
    sets.push(
        Flags::SORT_QUERY_PARAMETERS
            | Flags::REMOVE_EMPTY_QUERY_PARAMETERS
            | Flags::REMOVE_EMPTY_QUERY,
    );
    sets
}

/// The flags of the low 16 bits of `bits` (every one of them is a flag).
fn any_flags(bits: u64) -> Flags {
    Flags::try_from((bits & 0xFFFF) as i64).expect("16 bits of flags")
}

/// Asserts the obligation for one input; returns whether the fast path answered.
fn check(input: &[u8], flags: Flags, options: &Options) -> bool {
    let Some(fast) = canonicalize_fast_path(input, flags, options) else {
        return false;
    };
    let full = canonicalize_full_path(input, flags, options);
    assert_eq!(
        full.as_deref(),
        Ok(fast.as_str()),
        "the fast path canonicalized {:?} with {flags:?}, the full path says otherwise",
        String::from_utf8_lossy(input)
    );
    assert_eq!(
        canonicalize(input, flags, options).as_deref(),
        Ok(fast.as_str())
    );
    true
}

#[test]
fn data_sets_and_conformance_strings_under_every_flag() {
    let options = Options::default();
    let sets = flag_sets();
    let mut answered = 0;
    let mut tried = 0;
    for file in data_sets() {
        for (n, url) in data_urls(file).iter().enumerate() {
            for k in 0..2 {
                tried += 1;
                answered += usize::from(check(
                    url.as_bytes(),
                    sets[(2 * n + k) % sets.len()],
                    &options,
                ));
            }
        }
    }
    // The fast path is only worth having if it answers for most real URLs.
    assert!(
        answered * 100 >= tried * 85,
        "answered {answered} of {tried}"
    );
    for (n, input) in conformance_inputs().iter().enumerate() {
        for candidate in [
            input.clone(),
            format!("https://example.com/{input}?{input}#{input}"),
        ] {
            check(candidate.as_bytes(), sets[n % sets.len()], &options);
        }
    }
}

#[test]
fn generated_corpus_on_the_edges_of_each_transform() {
    const ORIGINS: &[&str] = &[
        "https://example.com",
        "http://example.com",
        "HTTP://WWW.Example.com",
        "https://www.a.com",
        "https://www.www.a.com",
        "http://www.com:8080",
        "https://a.com:443",
        "https://\u{e9}.de",
        "https://a.b.example.co.uk",
    ];
    const PATHS: &[&str] = &[
        "",
        "/",
        "/a",
        "/a/",
        "//a//b//",
        "/index.html",
        "/a/index.php",
        "/a/default.asp/",
        "/a/index.html/index.html",
        "/%7euser",
        "/%7Euser",
        "/%41%2f",
        "/a;jsessionid=1/b",
        "/(S(aaaaaaaaaaaaaaaaaaaaaaaa))/x",
        "/a/b/..;jsessionid=1",
        "/caf\u{e9}",
        "/a b",
        "/a/./b",
    ];
    const QUERIES: &[&str] = &[
        "",
        "?",
        "?a=1",
        "?b=2&a=1",
        "?a=1&a=1",
        "?a=&b=1",
        "?utm_source=x&a=1",
        "?utm_source=x",
        "?sid=0123456789abcdef0123",
        "?sid=1",
        "?PHPSESSID=1&x",
        "?&",
        "?&&a",
        "?a=%7e",
        "?q=a b",
        "?x=1&fbclid=2&x=1",
    ];
    const FRAGMENTS: &[&str] = &["", "#", "#top", "#/", "#a#/", "#!/route", "#a?b#c", "#%7e"];
    let mut restricted = Options::default();
    restricted
        .set("allowed_schemes", OptionValue::List(vec!["http".into()]))
        .expect("a scheme list");
    restricted
        .set("default_scheme", OptionValue::String("http".into()))
        .expect("a scheme");
    restricted
        .set(
            "allowed_hosts",
            OptionValue::List(vec!["*.a.com".into(), "www.com".into()]),
        )
        .expect("a host list");
    let mut listed = Options::default();
    listed
        .set(
            "remove_query_parameters",
            OptionValue::List(vec!["x".into()]),
        )
        .expect("a parameter list");
    listed
        .set("directory_indexes", OptionValue::List(vec!["a".into()]))
        .expect("an index list");
    let sets = flag_sets();
    let mut rng = Rng(0xCA40_F457);
    let mut answered = 0;
    let own = [("restricted", restricted), ("listed", listed)];
    for (_, options) in own.into_iter().chain(option_matrix()) {
        for _ in 0..6_000 {
            let url = [
                ORIGINS[rng.below(ORIGINS.len())],
                PATHS[rng.below(PATHS.len())],
                QUERIES[rng.below(QUERIES.len())],
                FRAGMENTS[rng.below(FRAGMENTS.len())],
            ]
            .concat();
            let flags = match rng.below(2) {
                0 => sets[rng.below(sets.len())],
                _ => any_flags(rng.next()),
            };
            answered += usize::from(check(url.as_bytes(), flags, &options));
        }
    }
    assert!(
        answered > 4_000,
        "the fast path answered only {answered} times"
    );
}
