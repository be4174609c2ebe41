//! RobotsTxt as a whole: statuses, the rule that decides, sitemaps, and the complexity of
//! matching, measured in steps (bytes compared or searched), not in time.

use super::*;

fn robots(body: &str) -> RobotsTxt {
    RobotsTxt::parse(body.as_bytes(), b"https://example.com/robots.txt").unwrap()
}

fn steps(robots: &RobotsTxt, url: &str) -> u64 {
    let mut steps = 0;
    robots.decide(url.as_bytes(), "bot", &mut steps).unwrap();
    steps
}

#[test]
fn statuses() {
    for status in [400, 404, 429, 499] {
        let r = RobotsTxt::for_status(status).unwrap();
        assert!(r.is_allowed(b"https://example.com/x", "bot").unwrap());
        assert_eq!(
            r.matched_rule(b"https://example.com/x", "bot").unwrap(),
            None
        );
        assert_eq!(r.status(), Some(status as u16));
    }
    for status in [0, 500, 503, 599] {
        let r = RobotsTxt::for_status(status).unwrap();
        assert!(!r.is_allowed(b"https://example.com/x", "bot").unwrap());
        assert!(!r.is_allowed(b"https://example.com/", "bot").unwrap());
        assert!(r
            .is_allowed(b"https://example.com/robots.txt", "bot")
            .unwrap());
        let rule = r
            .matched_rule(b"https://example.com/x", "bot")
            .unwrap()
            .unwrap();
        assert_eq!((rule.allow, rule.pattern, rule.line), (false, "/", None));
        assert_eq!(rule.text(), "Disallow: /");
    }
    for status in [-1, 1, 100, 200, 204, 301, 399, 600, 1000, i64::MAX] {
        assert_eq!(
            RobotsTxt::for_status(status).unwrap_err(),
            UnusableStatus(status)
        );
    }
    assert!(UnusableStatus(301).to_string().contains("follow it"));
    assert!(UnusableStatus(200).to_string().contains("parse its body"));
}

#[test]
fn the_rule_that_decides() {
    let r = robots("User-agent: a\nUser-agent: b\nDisallow: /x # no\nAllow: /x/y\n");
    let rule = r
        .matched_rule(b"https://example.com/x/z", "A/2.0")
        .unwrap()
        .unwrap();
    assert_eq!(rule.text(), "Disallow: /x");
    assert_eq!(rule.line, Some(3));
    assert_eq!(rule.agents, ["a".into(), "b".into()] as [Box<str>; 2]);
    let rule = r
        .matched_rule(b"https://example.com/x/y", "b")
        .unwrap()
        .unwrap();
    assert_eq!((rule.allow, rule.line), (true, Some(4)));
    assert_eq!(r.matched_rule(b"https://example.com/z", "b").unwrap(), None);
    assert_eq!(r.matched_rule(b"https://example.com/x", "c").unwrap(), None);
}

#[test]
fn errors() {
    let r = robots("User-agent: *\nDisallow: /\n");
    assert!(matches!(
        r.is_allowed(b"https://exa mple.com/", "bot"),
        Err(RobotsError::Url(_))
    ));
    assert!(matches!(
        r.is_allowed(b"/relative", "bot"),
        Err(RobotsError::Url(_))
    ));
    assert!(matches!(
        r.is_allowed(b"https://example.com/", "My Bot"),
        Err(RobotsError::Agent(_))
    ));
    assert!(r.crawl_delay("").is_err());
    assert!(RobotsTxt::parse(b"", b"not a url at all").is_err());
}

#[test]
fn sitemaps_are_resolved_normalized_and_unique() {
    let r = robots(
        "Sitemap: /sitemap.xml\nuser-agent: *\nsitemap: https://EXAMPLE.com/sitemap.xml\n\
         Sitemap: https://コーヒー.jp/s.xml\nSitemap: http://exa mple.com/\nSitemap:\n\
         Sitemap: sitemap.xml:1\nSitemap: ftp://example.com/s.xml\n",
    );
    assert_eq!(
        r.sitemaps(),
        [
            "https://example.com/sitemap.xml",
            "https://xn--tck2c4fb.jp/s.xml"
        ]
    );
}

#[test]
fn crawl_delay_of_the_groups_that_apply() {
    let r = robots(
        "User-agent: *\nCrawl-delay: 30\nDisallow: /x\nUser-agent: a\nCrawl-delay: 2.5\nDisallow: /\n",
    );
    assert_eq!(r.crawl_delay("A").unwrap(), Some(2.5));
    assert_eq!(r.crawl_delay("b/1.0").unwrap(), Some(30.0));
    assert_eq!(robots("").crawl_delay("a").unwrap(), None);
}

#[test]
fn urls_are_read_as_normalize_reads_them() {
    let r = robots("User-agent: *\nDisallow: /caf%c3%a9\nDisallow: /~joe\n");
    assert!(!r
        .is_allowed("example.com/café/menu".as_bytes(), "bot")
        .unwrap());
    assert!(!r.is_allowed(b"HTTPS://EXAMPLE.COM/%7Ejoe", "bot").unwrap());
    assert!(r
        .is_allowed(b"https://example.com/#/caf%C3%A9", "bot")
        .unwrap());
    // Bytes that are not UTF-8, in the URL and in the file, compare as their escapes.
    let r = RobotsTxt::parse(
        b"User-agent: *\nDisallow: /b\xFCcher",
        b"https://example.com/",
    )
    .unwrap();
    assert!(!r
        .is_allowed(b"https://example.com/b\xFCcher/1", "bot")
        .unwrap());
    assert!(!r
        .is_allowed(b"https://example.com/b%FCcher/1", "bot")
        .unwrap());
    assert!(r
        .is_allowed("https://example.com/bücher/1".as_bytes(), "bot")
        .unwrap());
}

/// Matching costs O(path + rule) per rule: twice the rules cost twice the steps, a path
/// twice as long twice the steps, and the number of `*` in a rule adds its length only. The
/// rules `/*a*a…*ba` never match `/baaa…` but hold only byte pairs the path has, so each is
/// searched to the path's end.
#[test]
fn matching_is_linear_in_the_rules_and_in_the_path() {
    fn file(rules: usize, stars: usize) -> RobotsTxt {
        let mut body = String::from("User-agent: *\n");
        for _ in 0..rules {
            body.push_str("Disallow: /");
            for _ in 0..stars {
                body.push_str("*a");
            }
            body.push_str("*ba\n");
        }
        robots(&body)
    }
    let url = |length: usize| format!("https://example.com/b{}", "a".repeat(length));

    let (small, large) = (file(5_000, 10), file(10_000, 10));
    let (s1, s2) = (steps(&small, &url(1_000)), steps(&large, &url(1_000)));
    let ratio = s2 as f64 / s1 as f64;
    assert!((1.8..2.3).contains(&ratio), "rules ×2: steps ×{ratio}");

    let (s1, s2) = (steps(&large, &url(1_000)), steps(&large, &url(2_000)));
    let ratio = s2 as f64 / s1 as f64;
    assert!((1.8..2.2).contains(&ratio), "path ×2: steps ×{ratio}");

    // One rule of many stars: steps stay within a small multiple of path + rule.
    for (stars, length) in [
        (100, 2_000),
        (1_000, 2_000),
        (1_000, 20_000),
        (5_000, 20_000),
    ] {
        let r = file(1, stars);
        let s = steps(&r, &url(length));
        let bound = 4 * (length + 2 * stars + 8) as u64;
        assert!(
            s <= bound,
            "{stars} stars, path {length}: {s} steps > {bound}"
        );
    }

    // The 10,000-rule file of `*`: every rule is tried, and each costs path + rule.
    let r = file(10_000, 20);
    let s = steps(&r, &url(200));
    let rule_length = 2 * 20 + 8;
    assert!(s <= 10_000 * 4 * (200 + rule_length) as u64, "{s} steps");
}

#[test]
fn anchored_rules_with_stars_are_linear_too() {
    let body = format!("User-agent: *\nDisallow: /{}b$\n", "*a".repeat(1_000));
    let r = robots(&body);
    let s1 = steps(&r, &format!("https://example.com/{}", "a".repeat(10_000)));
    let s2 = steps(&r, &format!("https://example.com/{}", "a".repeat(20_000)));
    assert!(s1 <= 4 * 12_000 && s2 <= 4 * 22_000, "{s1} {s2}");
    let s3 = steps(&r, &format!("https://example.com/{}b", "a".repeat(20_000)));
    assert!(s3 <= 4 * 22_000, "{s3}");
    assert!(!r
        .is_allowed(
            format!("https://example.com/{}b", "a".repeat(2_000)).as_bytes(),
            "x"
        )
        .unwrap());
}
