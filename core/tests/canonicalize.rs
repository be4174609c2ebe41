//! `canonicalize()`'s transforms, flag by flag, through the public API.

use url_normalize_core::{canonicalize, Flags, OptionValue, Options};

fn canon(url: &str, flags: Flags) -> String {
    canonicalize(url.as_bytes(), flags, &Options::default()).unwrap_or_else(|e| panic!("{e}"))
}

fn options(settings: &[(&str, OptionValue)]) -> Options {
    let mut options = Options::default();
    for (key, value) in settings {
        options
            .set(key, value.clone())
            .unwrap_or_else(|e| panic!("{e}"));
    }
    options.validate().unwrap_or_else(|e| panic!("{e}"));
    options
}

fn list(items: &[&str]) -> OptionValue {
    OptionValue::List(items.iter().map(|s| s.to_string()).collect())
}

#[test]
fn scheme_and_host_transforms_stay_inside_the_policies() {
    use OptionValue::String as Text;
    let http_only = options(&[
        ("allowed_schemes", list(&["http"])),
        ("default_scheme", Text("http".into())),
    ]);
    let canon_with = |url: &str, options: &Options| {
        let once = canonicalize(url.as_bytes(), Flags::AGGRESSIVE, options)
            .unwrap_or_else(|e| panic!("{e}"));
        let twice = canonicalize(once.as_bytes(), Flags::AGGRESSIVE, options);
        assert_eq!(twice.as_deref(), Ok(once.as_str()), "{url}");
        once
    };
    // FORCE_HTTPS would give https://a.com/x, which this normalizer refuses.
    assert_eq!(canon_with("http://a.com/x", &http_only), "http://a.com/x");
    let both = options(&[("allowed_schemes", list(&["http", "https"]))]);
    assert_eq!(canon_with("http://a.com/x", &both), "https://a.com/x");
    // REMOVE_WWW stops at the shortest name allowed_hosts takes.
    let www = options(&[(
        "allowed_hosts",
        list(&[
            "www.example.com",
            "*.www.example.com",
            "www.other.com",
            "*.other.com",
        ]),
    )]);
    assert_eq!(
        canon_with("http://www.www.example.com/", &www),
        "https://www.example.com/"
    );
    assert_eq!(
        canon_with("http://www.example.com/", &www),
        "https://www.example.com/"
    );
    assert_eq!(
        canon_with("http://www.other.com/", &www),
        "https://www.other.com/"
    );
    assert_eq!(
        canon_with("http://www.a.other.com/", &www),
        "https://a.other.com/"
    );
}

#[test]
fn the_seed_example_meets_its_key() {
    for url in [
        "http://www.example.com/",
        "http://www.example.com:80/",
        "http://www.example.com/index.html",
        "http://www.example.com/?",
        "HTTP://WWW.EXAMPLE.COM/index.html?",
    ] {
        assert_eq!(
            canon(
                url,
                Flags::MAKE_CANONICAL | Flags::REMOVE_DIRECTORY_INDEX | Flags::REMOVE_EMPTY_QUERY
            ),
            "http://www.example.com/",
            "{url}"
        );
    }
}

#[test]
fn path_rules() {
    assert_eq!(
        canon(
            "https://a.com/index.php/route",
            Flags::REMOVE_DIRECTORY_INDEX
        ),
        "https://a.com/index.php/route"
    );
    assert_eq!(
        canon(
            "https://a.com/a/INDEX.HTML?x",
            Flags::REMOVE_DIRECTORY_INDEX
        ),
        "https://a.com/a/?x"
    );
    assert_eq!(
        canon("https://a.com//a///b//", Flags::REMOVE_DUPLICATE_SLASHES),
        "https://a.com/a/b/"
    );
    assert_eq!(
        canon("https://a.com/a/b/", Flags::REMOVE_TRAILING_SLASH),
        "https://a.com/a/b"
    );
    assert_eq!(
        canon("https://a.com/", Flags::REMOVE_TRAILING_SLASH),
        "https://a.com/"
    );
    assert_eq!(
        canon(
            "https://a.com/a/index.html/",
            Flags::REMOVE_TRAILING_SLASH | Flags::REMOVE_DIRECTORY_INDEX
        ),
        "https://a.com/a"
    );
    assert_eq!(
        canon(
            "https://a.com/cart;JSESSIONID=ab12?x=1",
            Flags::REMOVE_SESSION_IDS
        ),
        "https://a.com/cart?x=1"
    );
    assert_eq!(
        canon(
            "https://a.com/(S(4hqa0555fwsecu455xqckv45))/mileg.aspx",
            Flags::REMOVE_SESSION_IDS
        ),
        "https://a.com/mileg.aspx"
    );
    assert_eq!(
        canon(
            "https://a.com/photos/36050182@N05/",
            Flags::REMOVE_SESSION_IDS
        ),
        "https://a.com/photos/36050182@N05/"
    );
}

#[test]
fn query_rules() {
    assert_eq!(
        canon("https://a.com/?q=%26&b=%3D", Flags::SORT_QUERY_PARAMETERS),
        "https://a.com/?b=%3D&q=%26"
    );
    assert_eq!(
        canon("https://a.com/", Flags::REMOVE_DUPLICATE_QUERY_PARAMETERS),
        "https://a.com/"
    );
    assert_eq!(
        canon(
            "https://a.com/?a=1&b=&c&d=0",
            Flags::REMOVE_EMPTY_QUERY_PARAMETERS
        ),
        "https://a.com/?a=1&d=0"
    );
    assert_eq!(
        canon(
            "https://a.com/?utm_source=x&UTM_MEDIUM=y&fbclid=z",
            Flags::REMOVE_TRACKING_PARAMETERS
        ),
        "https://a.com/"
    );
    assert_eq!(
        canon(
            "https://a.com/?utm_source=x&id=1",
            Flags::REMOVE_TRACKING_PARAMETERS
        ),
        "https://a.com/?id=1"
    );
    assert_eq!(
        canon(
            "https://a.com/?sid=42&PHPSESSID=abc",
            Flags::REMOVE_SESSION_IDS
        ),
        "https://a.com/?sid=42"
    );
    assert_eq!(
        canon(
            "https://a.com/?sid=9682993c8daa2c5497996114facdc805&x=y",
            Flags::REMOVE_SESSION_IDS
        ),
        "https://a.com/?x=y"
    );
    assert_eq!(
        canon("https://a.com/?", Flags::REMOVE_EMPTY_QUERY),
        "https://a.com/"
    );
    assert_eq!(canon("https://a.com/?", Flags::NONE), "https://a.com/?");
}

#[test]
fn fragment_rules() {
    assert_eq!(
        canon("https://a.com/#/route#x", Flags::REMOVE_FRAGMENT),
        "https://a.com/#/route"
    );
    assert_eq!(
        canon("https://a.com/#!/route", Flags::REMOVE_FRAGMENT),
        "https://a.com/#!/route"
    );
    assert_eq!(
        canon("https://a.com/#x#/", Flags::REMOVE_FRAGMENT),
        "https://a.com/"
    );
    assert_eq!(
        canon("https://a.com/#/route", Flags::REMOVE_FRAGMENTS),
        "https://a.com/"
    );
}

#[test]
fn host_and_scheme_rules() {
    assert_eq!(
        canon(
            "http://www.example.com/",
            Flags::REMOVE_WWW | Flags::FORCE_HTTPS
        ),
        "https://example.com/"
    );
    assert_eq!(
        canon("http://www.com/", Flags::REMOVE_WWW),
        "http://www.com/"
    );
    assert_eq!(
        canon("http://www.xn--a.com/", Flags::REMOVE_WWW),
        "http://xn--a.com/"
    );
    assert_eq!(
        canon("http://a.com:443/", Flags::FORCE_HTTPS),
        "https://a.com/"
    );
    assert_eq!(
        canon("http://a.com:8080/", Flags::FORCE_HTTPS),
        "https://a.com:8080/"
    );
}

/// Repetitions that once took one pass each (and stopped after 32): one call reaches the
/// fixed point, so a second call changes nothing.
#[test]
fn repetitions_reach_the_fixed_point_in_one_call() {
    let cases = [
        (
            format!("https://example.com{}", "/index.html".repeat(40)),
            Flags::AGGRESSIVE,
            "https://example.com/".to_owned(),
        ),
        (
            format!("https://example.com{}", "/index.html/".repeat(40)),
            Flags::REMOVE_DIRECTORY_INDEX | Flags::REMOVE_TRAILING_SLASH,
            "https://example.com/".to_owned(),
        ),
        (
            format!("https://example.com/a{}", "/".repeat(40)),
            Flags::REMOVE_TRAILING_SLASH,
            "https://example.com/a".to_owned(),
        ),
        (
            format!("https://{}example.com/", "www.".repeat(40)),
            Flags::REMOVE_WWW,
            "https://example.com/".to_owned(),
        ),
        (
            format!("https://{}com/", "www.".repeat(40)),
            Flags::REMOVE_WWW,
            "https://www.com/".to_owned(),
        ),
        (
            format!("https://a.com/#x{}", "#/".repeat(40)),
            Flags::REMOVE_FRAGMENT,
            "https://a.com/".to_owned(),
        ),
        (
            format!("https://a.com/#/r{}", "#/".repeat(40)),
            Flags::REMOVE_FRAGMENT,
            "https://a.com/#/r".to_owned(),
        ),
        (
            "https://a.com/a#/%%34%31%%%33%34%%33%31".to_owned(),
            Flags::DECODE_UNRESERVED_CHARACTERS,
            "https://a.com/a#/AA".to_owned(),
        ),
    ];
    for (input, flags, expected) in cases {
        assert_eq!(canon(&input, flags), expected, "{input} with {flags:?}");
    }
}

/// URL::Normalize's regex `#(?:/|[^?/]*)$`, applied until it no longer matches.
#[test]
fn listed_parameters_go_whatever_the_flags() {
    let mut options = Options::default();
    options
        .set(
            "remove_query_parameters",
            OptionValue::List(vec!["page*".into()]),
        )
        .unwrap();
    let key = canonicalize(b"https://a.com/?pageSize=5&q=x", Flags::NONE, &options).unwrap();
    assert_eq!(key, "https://a.com/?q=x");
}

#[test]
fn hostless_paths_are_left_alone() {
    let session = "foo:/(S(aaaaaaaaaaaaaaaaaaaaaaaa))//x";
    assert_eq!(canon(session, Flags::REMOVE_SESSION_IDS), session);
    assert_eq!(canon("foo:/.//a", Flags::AGGRESSIVE), "foo:/.//a");
    assert_eq!(
        canon("foo://h//a/", Flags::REMOVE_DUPLICATE_SLASHES),
        "foo://h/a/"
    );
}

#[test]
fn opaque_paths_keep_their_path() {
    assert_eq!(
        canon("mailto:a@b.c?subject=x&utm_source=y", Flags::AGGRESSIVE),
        "mailto:a@b.c?subject=x"
    );
}

#[test]
fn escapes_in_every_component() {
    assert_eq!(
        canon("http://u%7e:p%7e@a.com/%7e?%7e#%7e", Flags::MAKE_CANONICAL),
        "http://u~:p~@a.com/~?~#~"
    );
}
