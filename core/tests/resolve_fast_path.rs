//! The fast path of `resolve()`, checked differentially: wherever `Base::resolve_fast_path`
//! answers, the full path (`Base::resolve_full_path`: the base parsed, the link joined by the
//! URL Standard's parser) gives the same string. Bases: URLs of the data sets, and bases on
//! the edges of the rules (a path that ends in `/` or not, a query, a fragment, userinfo, a
//! port, an IDN host, a drive-letter-shaped segment), each read as a page and as a
//! directory. Links: every conformance string, relative forms of the data sets' URLs, and a
//! generated corpus of pieces on the edges of each rule, with single-byte mutations.

mod common;

use common::{conformance_inputs, data_sets, data_urls, option_matrix, Rng};
use url_normalize_core::{Base, OptionValue, Options};

const BASES: &[&str] = &[
    "https://a.com/b/c/d?q#f",
    "https://a.com/b/c/d/",
    "http://a.com",
    "https://a.com/",
    "https://user:pw@a.com:8080/p/q?x=1",
    "HTTPS://A.com/p/../q",
    "https://\u{b098}\u{b098}.com/x/y",
    "https://xn--a/d/e",
    "https://a.com/a:/b/c",
    "https://a.com/C|/x/",
    "https://a.com/%2e%2E/x",
    "https://a.com/a%2Fb/c?%",
    "ftp://a.com/x/y",
    "foo://a.com/x/y",
    "mailto:x@a.com",
    "not a url",
];

/// Asserts the obligation for one link against one base; returns whether the fast path
/// answered.
fn check(base: &Base<'_>, href: &[u8], base_text: &[u8]) -> bool {
    let Some(fast) = base.resolve_fast_path(href) else {
        return false;
    };
    let full = base.resolve_full_path(href);
    assert_eq!(
        full.as_deref(),
        Ok(fast.as_str()),
        "the fast path joined {:?} onto {:?}, the full path says otherwise",
        String::from_utf8_lossy(href),
        String::from_utf8_lossy(base_text),
    );
    assert_eq!(base.resolve(href).as_deref(), Ok(fast.as_str()));
    true
}

/// A base read as a page and as a directory.
struct Page<'a> {
    text: &'a [u8],
    bases: [Base<'a>; 2],
}

impl<'a> Page<'a> {
    fn new(text: &'a str, options: &'a Options) -> Self {
        let text = text.as_bytes();
        Self {
            text,
            bases: [Base::new(text, options), Base::new_directory(text, options)],
        }
    }
}

/// Against `page` as a page and as a directory, `href` and variants of it with one byte
/// replaced, inserted or removed.
fn check_with_mutations(page: &Page<'_>, href: &[u8], rng: &mut Rng) -> usize {
    const BYTES: &[u8] = b"./:%?#\\ \t^`'\"a0\xc3\xff";
    let base_text = page.text;
    let mut answered = 0;
    for base in &page.bases {
        answered += usize::from(check(base, href, base_text));
        for _ in 0..2 {
            let mut mutated = href.to_vec();
            let at = rng.below(mutated.len() + 1);
            let byte = BYTES[rng.below(BYTES.len())];
            match rng.below(3) {
                0 if at < mutated.len() => mutated[at] = byte,
                1 => mutated.insert(at, byte),
                _ if at < mutated.len() => {
                    mutated.remove(at);
                }
                _ => mutated.push(byte),
            }
            answered += usize::from(check(base, &mutated, base_text));
        }
    }
    answered
}

/// The links a page could hold for `url`: itself, its path and query, its last segment,
/// that segment one directory up, its query, its fragment.
fn relative_forms(url: &str) -> Vec<String> {
    let after_scheme = url.find("://").map_or(0, |at| at + 3);
    let path = url[after_scheme..]
        .find('/')
        .map_or("/", |at| &url[after_scheme + at..]);
    let last = path.rsplit('/').next().unwrap_or("");
    let mut forms = vec![url.to_owned(), path.to_owned(), last.to_owned()];
    forms.push(format!("../{last}"));
    if let Some(query) = url.find('?') {
        forms.push(url[query..].to_owned());
    }
    if let Some(fragment) = url.find('#') {
        forms.push(url[fragment..].to_owned());
    }
    forms
}

#[test]
fn conformance_strings_as_links() {
    let options = Options::default();
    let mut rng = Rng(0x2E50_17E5);
    let mut answered = 0;
    let pages: Vec<Page<'_>> = BASES.iter().map(|b| Page::new(b, &options)).collect();
    // Each string against three bases in turn, so every base meets every kind of string.
    for (n, input) in conformance_inputs().iter().enumerate() {
        for k in 0..3 {
            let page = &pages[(3 * n + k) % pages.len()];
            answered += check_with_mutations(page, input.as_bytes(), &mut rng);
        }
    }
    assert!(
        answered > 10_000,
        "the fast path answered only {answered} times"
    );
}

#[test]
fn data_set_urls_as_bases_and_as_links() {
    let options = Options::default();
    let mut rng = Rng(0xDA7A_11F5);
    let mut answered = 0;
    let mut links = 0;
    for file in data_sets() {
        let urls = data_urls(file);
        for (n, url) in urls.iter().enumerate().take(2_000) {
            let page = Page::new(&urls[(n * 7919) % urls.len()], &options);
            for href in relative_forms(url) {
                links += 1;
                answered += usize::from(check(&page.bases[0], href.as_bytes(), page.text));
                check_with_mutations(&page, href.as_bytes(), &mut rng);
            }
        }
    }
    // The fast path is only worth having if it answers for most real links.
    assert!(
        answered * 100 >= links * 80,
        "answered {answered} of {links}"
    );
}

#[test]
fn generated_links_on_the_edges_of_each_rule() {
    const PIECES: &[&str] = &[
        "",
        ".",
        "..",
        "./",
        "../",
        "../../",
        "/",
        "//",
        "?",
        "#",
        "a",
        "a/b",
        "b/",
        "%2e",
        "%2E%2e/",
        ".%2e",
        ".hidden",
        "..x",
        "a:b",
        ":",
        "\\",
        "x\\y",
        "/\\",
        " ",
        "\t",
        "\u{e9}",
        "a b",
        "\u{ff0e}",
        "C:/",
        "c|/..",
        "?q=1&r",
        "#f",
        "#a#b",
        "?'\"<>`",
        "#`{}",
        "^",
        "%",
        "%zz",
        "http://x.org/p",
        "HTTPS://X.org",
        "https://\u{e9}.de/../a",
        "mailto:x",
    ];
    let mut restricted = Options::default();
    // The options judge what the fast path writes, as they judge the full path's.
    let allowed = OptionValue::List(vec!["a.com".into(), "*.a.com".into()]);
    restricted
        .set("allowed_hosts", allowed)
        .expect("a host list");
    let matrix = option_matrix();
    let mut rng = Rng(0x6E4E_4A7E);
    let mut answered = 0;
    let sets = std::iter::once(&restricted).chain(matrix.iter().map(|(_, options)| options));
    for options in sets {
        let pages: Vec<Page<'_>> = BASES.iter().map(|b| Page::new(b, options)).collect();
        for _ in 0..8_000 {
            let href: String = (0..1 + rng.below(3))
                .map(|_| PIECES[rng.below(PIECES.len())])
                .collect();
            let page = &pages[rng.below(pages.len())];
            answered += check_with_mutations(page, href.as_bytes(), &mut rng);
        }
    }
    assert!(
        answered > 20_000,
        "the fast path answered only {answered} times"
    );
}
