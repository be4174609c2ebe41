use super::*;

fn pattern(text: &str) -> UrlPattern {
    UrlPattern::new(PatternInput::String(text), None, false).unwrap()
}

fn test(pattern: &UrlPattern, url: &str) -> bool {
    pattern
        .test(&MatchInput::Url(url.as_bytes()), None)
        .unwrap()
}

#[test]
fn urls_are_read_as_normalize_reads_them() {
    let p = pattern("https://コーヒー.jp/*");
    assert_eq!(p.hostname(), "xn--tck2c4fb.jp");
    assert!(test(&p, "https://コーヒー.jp/beans"));
    assert!(test(&p, "https://xn--tck2c4fb.jp/beans"));
    assert!(test(&p, "HTTPS://XN--TCK2C4FB.JP:443/beans"));
    assert!(test(&p, "コーヒー.jp/beans"));
    assert!(!test(&p, "https://example.jp/beans"));
    assert!(!test(&p, "https://exa mple.jp/"));
    let p = pattern("https://example.com/caf%C3%A9/*");
    assert!(test(&p, "https://example.com/café/x"));
}

#[test]
fn exec_gives_groups_in_order() {
    let p = pattern("https://:sub.example.com/:year(\\d+)/:slug?");
    let found = p
        .exec(
            &MatchInput::Url(b"https://blog.example.com/2026/hello"),
            None,
        )
        .unwrap()
        .unwrap();
    assert_eq!(found.components[3].input, "blog.example.com");
    assert_eq!(
        found.components[3].groups,
        [("sub".into(), Some("blog".into()))]
    );
    assert_eq!(
        found.components[5].groups,
        [
            ("year".into(), Some("2026".into())),
            ("slug".into(), Some("hello".into()))
        ]
    );
    let found = p
        .exec(&MatchInput::Url(b"https://blog.example.com/2026"), None)
        .unwrap()
        .unwrap();
    assert_eq!(found.components[5].groups[1], ("slug".into(), None));
    assert!(p.has_regexp_groups());
}

#[test]
fn relative_inputs_and_components() {
    let p = UrlPattern::new(
        PatternInput::String("/books/:id"),
        Some("example.com"),
        false,
    )
    .unwrap();
    assert_eq!(p.protocol(), "https");
    assert!(p
        .test(
            &MatchInput::Url(b"/books/1"),
            Some(b"https://example.com/a/")
        )
        .unwrap());
    let components = Components {
        pathname: Some("/books/*".into()),
        ..Default::default()
    };
    let p = UrlPattern::new(PatternInput::Components(components.clone()), None, true).unwrap();
    assert!(test(&p, "http://any.host/BOOKS/x"));
    assert!(p
        .test(&MatchInput::Components(components.clone()), None)
        .unwrap());
    assert_eq!(
        p.test(
            &MatchInput::Components(components.clone()),
            Some(b"https://a/")
        ),
        Err(PatternError::BaseUrlWithComponents)
    );
    assert_eq!(
        UrlPattern::new(
            PatternInput::Components(components),
            Some("https://a/"),
            false
        )
        .unwrap_err(),
        PatternError::BaseUrlWithComponents
    );
}

#[test]
fn invalid_patterns_say_why() {
    for bad in [
        "https://example.com/:",
        "https://example.com/(",
        "https://a/(?=x)",
        "https://a/:a/:a",
        "books/*",
    ] {
        let err = UrlPattern::new(PatternInput::String(bad), None, false).unwrap_err();
        assert!(
            err.to_string().starts_with("Invalid URL pattern"),
            "{bad}: {err}"
        );
    }
    let err =
        UrlPattern::new(PatternInput::String("/x"), Some("http://exa mple/"), false).unwrap_err();
    assert!(matches!(err, PatternError::BaseUrl(_)), "{err}");
}

#[test]
fn component_matchers_agree_with_the_crate() {
    // `test()` takes shortcuts; `exec()` asks the crate's matchers. They must agree.
    let patterns = [
        "https://*.example.com/*",
        "http{s}?://example.com/:a/:b?",
        "https://example.com/*.js",
        "https://example.com/:id(\\d+)",
        "*://*/*",
        "https://example.com/a/*?q=:v",
        "/x/*#*",
        // A fixed string; an empty port; a capture between a prefix and a suffix; a
        // segment (`/` filtered, not empty); an empty capture allowed or not.
        "https://example.com:8080/a",
        "https://example.com/x/*.js",
        "https://*.example.com/:slug",
        "https://example.com/:a.html",
        "https://example.com/a*",
        "https://example.com/a:b",
        "/X/:Y",
    ];
    let urls = [
        "https://a.example.com/x",
        "https://example.com/a",
        "https://example.com/a/b",
        "http://example.com/a/b/c",
        "https://example.com/x.js",
        "https://example.com/123",
        "https://example.com/12a",
        "https://example.com/a/b?q=1",
        "https://example.com/x/y#z",
        "https://example.com/",
        "mailto:a@b",
        "https://example.com/x/#",
        "https://example.com:8080/a",
        "https://example.com:8080/A",
        "https://example.com/x/y/z.js",
        "https://example.com/x/.js",
        "https://b.example.com/c",
        "https://b.example.com/c/d",
        "https://b.example.com/",
        "https://example.com/x.html",
        "https://example.com/.html",
        "https://example.com/x/y.html",
        "https://example.com/a",
        "https://example.com/abc",
        "https://example.com/X/y",
        "https://example.com/x/Y",
        "https://example.com/x/",
    ];
    for (text, ignore_case) in patterns.iter().flat_map(|p| [(p, false), (p, true)]) {
        let Ok(p) = UrlPattern::new(
            PatternInput::String(text),
            Some("https://example.com"),
            ignore_case,
        ) else {
            continue;
        };
        for url in urls {
            let input = MatchInput::Url(url.as_bytes());
            assert_eq!(
                p.test(&input, None).unwrap(),
                p.exec(&input, None).unwrap().is_some(),
                "{text} (ignore case: {ignore_case}) {url}"
            );
        }
    }
}
