use super::*;

fn entries(texts: &[&str]) -> Vec<(Entry, String)> {
    texts
        .iter()
        .map(|t| (Entry::parse(t).unwrap(), (*t).to_owned()))
        .collect()
}

fn scope(include: &[&str], exclude: &[&str]) -> CrawlScope {
    CrawlScope::new(entries(include), entries(exclude))
}

#[test]
fn entries_of_each_kind() {
    let s = scope(&["site:www.example.co.uk"], &[]);
    assert!(s.contains(b"http://shop.example.co.uk:8080/x"));
    assert!(s.contains(b"https://EXAMPLE.co.uk"));
    assert!(!s.contains(b"https://example.com/"));
    assert!(!s.contains(b"https://other.co.uk/"));

    let s = scope(&["site:https://example.co.uk"], &[]);
    assert!(s.contains(b"https://a.example.co.uk/"));
    assert!(!s.contains(b"http://a.example.co.uk/"));

    let s = scope(&["host:コーヒー.jp"], &[]);
    assert!(s.contains("https://コーヒー.jp/a".as_bytes()));
    assert!(s.contains(b"http://xn--tck2c4fb.jp:8080/"));
    assert!(!s.contains(b"https://www.xn--tck2c4fb.jp/"));

    let s = scope(&["prefix:HTTPS://Example.com/docs/"], &[]);
    assert!(s.contains(b"https://example.com/docs/a"));
    assert!(!s.contains(b"https://example.com/docs"));
    assert!(!s.contains(b"http://example.com/docs/a"));

    let s = scope(&["pattern:https://*.example.com/blog/*"], &[]);
    assert!(s.contains(b"https://www.example.com/blog/post"));
    assert!(!s.contains(b"https://example.com/blog/post"));

    let s = scope(&["site:a.github.io"], &[]);
    assert!(s.contains(b"https://a.github.io/x"));
    assert!(!s.contains(b"https://b.github.io/x"));
    let s = scope(&["site:127.0.0.1"], &[]);
    assert!(s.contains(b"http://127.0.0.1:8000/"));
}

#[test]
fn exclude_wins_and_why_says_which_entry() {
    let s = scope(
        &[
            "host:example.com",
            "site:example.com",
            "pattern:https://example.com/*",
        ],
        &[
            "pattern:https://example.com/private/*",
            "prefix:https://example.com/tmp",
        ],
    );
    assert_eq!(
        s.why(b"https://example.com/a"),
        "included by host:example.com (include 1)"
    );
    assert_eq!(
        s.why(b"https://www.example.com/a"),
        "included by site:example.com (include 2)"
    );
    assert_eq!(
        s.why(b"https://example.com/private/x"),
        "excluded by pattern:https://example.com/private/* (exclude 1)"
    );
    assert_eq!(
        s.why(b"https://example.com/tmp2"),
        "excluded by prefix:https://example.com/tmp (exclude 2)"
    );
    assert_eq!(
        s.why(b"https://example.org/"),
        "not included: no include entry matches"
    );
    assert!(s
        .why(b"https://exa mple.com/")
        .starts_with("not a URL: Cannot normalize"));
    assert!(!s.contains(b"https://exa mple.com/"));
    assert_eq!(
        scope(&[], &[]).why(b"https://a/"),
        "not included: the include list is empty"
    );
}

#[test]
fn the_first_matching_entry_decides_the_reason() {
    let s = scope(&["pattern:https://example.com/*", "host:example.com"], &[]);
    assert_eq!(
        s.why(b"https://example.com/x"),
        "included by pattern:https://example.com/* (include 1)"
    );
    assert_eq!(
        s.why(b"http://example.com/x"),
        "included by host:example.com (include 2)"
    );
}

#[test]
fn bad_entries() {
    for bad in [
        "example.com",
        "hosts:example.com",
        "site:",
        "host:/x",
        "pattern:/(",
        "pattern:/relative",
        "prefix:https://exa mple/",
    ] {
        assert!(Entry::parse(bad).is_err(), "{bad}");
    }
    assert!(Entry::parse("example.com")
        .unwrap_err()
        .to_string()
        .contains("starts with its kind"));
    assert!(Entry::parse("site:mailto:a@b.c").is_err());
}

#[test]
fn sitemaps() {
    let sitemap = b"https://example.com/catalog/sitemap.xml?x=1#y";
    let strict = CrawlScope::for_sitemap(sitemap, SitemapMode::Strict).unwrap();
    assert!(strict.contains(b"https://example.com/catalog/a.html"));
    assert!(!strict.contains(b"https://example.com/other/a.html"));
    assert!(!strict.contains(b"https://www.example.com/catalog/a.html"));
    assert!(!strict.contains(b"http://example.com/catalog/a.html"));
    assert_eq!(
        strict.why(b"https://example.com/catalog/a"),
        "included by prefix:https://example.com/catalog/ (include 1)"
    );
    let root =
        CrawlScope::for_sitemap(b"https://example.com/sitemap.xml", SitemapMode::Strict).unwrap();
    assert!(root.contains(b"https://example.com/a"));
    let bare = CrawlScope::for_sitemap(b"https://example.com", SitemapMode::Strict).unwrap();
    assert!(bare.contains(b"https://example.com/a"));

    let host = CrawlScope::for_sitemap(sitemap, SitemapMode::Host).unwrap();
    assert!(host.contains(b"http://example.com/other"));
    assert!(!host.contains(b"https://www.example.com/"));

    let site = CrawlScope::for_sitemap(sitemap, SitemapMode::Site).unwrap();
    assert!(site.contains(b"https://www.example.com/"));
    assert!(!site.contains(b"https://example.org/"));

    assert!(CrawlScope::for_sitemap(b"mailto:a@b.c", SitemapMode::Host).is_err());
    assert_eq!(SitemapMode::named("site"), Some(SitemapMode::Site));
    assert_eq!(SitemapMode::named("Site"), None);
}

#[test]
fn many_host_and_site_entries_are_one_lookup() {
    let include: Vec<String> = (0..1000).map(|i| format!("host:h{i}.example")).collect();
    let texts: Vec<&str> = include.iter().map(String::as_str).collect();
    let s = scope(&texts, &[]);
    assert_eq!(
        s.why(b"https://h999.example/"),
        "included by host:h999.example (include 1000)"
    );
}
