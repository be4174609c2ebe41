//! A robots.txt body as lines of `key: value` (RFC 9309 §2.1 and §2.2): the byte order mark,
//! the three line endings, comments, the parse limit (§2.5), and the keys by name.
//!
//! Every byte string is a body: a line that is not `key: value` is skipped (§2.3.1.5, "MUST
//! try to parse each line"), and bytes that are not UTF-8 stay bytes.

/// How much of a body is parsed: 500 KiB, the least RFC 9309 §2.5 allows. What follows is
/// ignored, and so is the line that the limit cuts.
pub const PARSE_LIMIT: usize = 500 * 1024;

/// What a line is, by its key (case-insensitive).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Key {
    /// `user-agent` (and the common misspellings `useragent`, `user agent`).
    UserAgent,
    /// `allow`.
    Allow,
    /// `disallow` (and the misspellings `dissallow`, `dissalow`, `disalow`, `diasllow`,
    /// `disallaw`).
    Disallow,
    /// `sitemap` (and `site-map`), a record of the Sitemaps protocol (§2.2.4).
    Sitemap,
    /// `crawl-delay`, a record outside the standard (§2.2.4).
    CrawlDelay,
    /// Any other key: ignored, and it never ends a group (§2.2.4).
    Unknown,
}

impl Key {
    fn of(name: &[u8]) -> Self {
        const KEYS: &[(&[u8], Key)] = &[
            (b"user-agent", Key::UserAgent),
            (b"useragent", Key::UserAgent),
            (b"user agent", Key::UserAgent),
            (b"allow", Key::Allow),
            (b"disallow", Key::Disallow),
            (b"dissallow", Key::Disallow),
            (b"dissalow", Key::Disallow),
            (b"disalow", Key::Disallow),
            (b"diasllow", Key::Disallow),
            (b"disallaw", Key::Disallow),
            (b"sitemap", Key::Sitemap),
            (b"site-map", Key::Sitemap),
            (b"crawl-delay", Key::CrawlDelay),
        ];
        KEYS.iter()
            .find(|(known, _)| known.eq_ignore_ascii_case(name))
            .map_or(Key::Unknown, |&(_, key)| key)
    }
}

/// One `key: value` line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Line<'a> {
    /// 1 for the first line; every line ending counts, CR LF once.
    pub(crate) number: u32,
    pub(crate) key: Key,
    /// The value without the comment and the surrounding whitespace.
    pub(crate) value: &'a [u8],
}

/// The `key: value` lines of a body, in order; empty lines, comments and lines without a
/// key are left out.
pub(crate) fn lines(body: &[u8]) -> impl Iterator<Item = Line<'_>> {
    let body = without_bom(within_limit(body));
    let mut rest = body;
    let mut number = 0u32;
    std::iter::from_fn(move || loop {
        if rest.is_empty() {
            return None;
        }
        let end = rest
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .unwrap_or(rest.len());
        let line = &rest[..end];
        let mut next = end;
        if rest.get(next) == Some(&b'\r') && rest.get(next + 1) == Some(&b'\n') {
            next += 2;
        } else if next < rest.len() {
            next += 1;
        }
        rest = &rest[next..];
        number = number.saturating_add(1);
        if let Some((name, value)) = key_and_value(line) {
            return Some(Line {
                number,
                key: Key::of(name),
                value,
            });
        }
    })
}

/// The body up to the parse limit, without the line the limit cuts.
fn within_limit(body: &[u8]) -> &[u8] {
    if body.len() <= PARSE_LIMIT {
        return body;
    }
    let kept = &body[..PARSE_LIMIT];
    if matches!(body[PARSE_LIMIT], b'\n' | b'\r') {
        return kept;
    }
    match kept.iter().rposition(|&b| b == b'\n' || b == b'\r') {
        Some(end) => &kept[..end],
        None => &[],
    }
}

/// The body without a UTF-8 byte order mark, or the start of one (`EF`, `EF BB`), as
/// Google's parser skips them.
fn without_bom(body: &[u8]) -> &[u8] {
    let mut body = body;
    for byte in [0xEF, 0xBB, 0xBF] {
        match body.split_first() {
            Some((&first, rest)) if first == byte => body = rest,
            _ => break,
        }
    }
    body
}

/// `key: value`, or `key value` when the colon is missing and the line has exactly two
/// words; `None` for an empty line, a comment, or a line with no key.
fn key_and_value(line: &[u8]) -> Option<(&[u8], &[u8])> {
    let line = match line.iter().position(|&b| b == b'#') {
        Some(hash) => &line[..hash],
        None => line,
    };
    let line = line.trim_ascii();
    if line.is_empty() {
        return None;
    }
    let (name, value) = match line.iter().position(|&b| b == b':') {
        Some(colon) => (&line[..colon], &line[colon + 1..]),
        None => {
            let space = line.iter().position(|&b| b == b' ' || b == b'\t')?;
            let value = line[space..].trim_ascii();
            if value.iter().any(|&b| b == b' ' || b == b'\t') {
                return None;
            }
            (&line[..space], value)
        }
    };
    let name = name.trim_ascii();
    (!name.is_empty()).then(|| (name, value.trim_ascii()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(body: &[u8]) -> Vec<(u32, Key, &[u8])> {
        lines(body).map(|l| (l.number, l.key, l.value)).collect()
    }

    #[test]
    fn line_endings_comments_and_keys() {
        for body in [
            &b"User-Agent: foo\nAllow: /a\n\n# c\nDisallow: /b # c\n"[..],
            b"User-Agent: foo\r\nAllow: /a\r\n\r\n# c\r\nDisallow: /b # c",
            b"User-Agent: foo\rAllow: /a\r\r# c\rDisallow: /b # c\r",
        ] {
            assert_eq!(
                keys(body),
                [
                    (1, Key::UserAgent, &b"foo"[..]),
                    (2, Key::Allow, b"/a"),
                    (5, Key::Disallow, b"/b")
                ]
            );
        }
        assert_eq!(keys(b"\n\r"), []);
        assert_eq!(keys(b"a\n\rb: c"), [(3, Key::Unknown, &b"c"[..])]);
    }

    #[test]
    fn a_missing_colon_is_accepted_between_two_words_only() {
        assert_eq!(keys(b"disallow /x"), [(1, Key::Disallow, &b"/x"[..])]);
        assert_eq!(keys(b"disallow /x /y"), []);
        assert_eq!(keys(b"disallow"), []);
        assert_eq!(keys(b": /x"), []);
        assert_eq!(keys(b"user agent: x"), [(1, Key::UserAgent, &b"x"[..])]);
    }

    #[test]
    fn byte_order_marks() {
        assert_eq!(keys(b"\xEF\xBB\xBFallow: /"), [(1, Key::Allow, &b"/"[..])]);
        assert_eq!(keys(b"\xEF\xBBallow: /"), [(1, Key::Allow, &b"/"[..])]);
        assert_eq!(keys(b"\xEFallow: /"), [(1, Key::Allow, &b"/"[..])]);
        assert_eq!(keys(b"\xEF\x11\xBFallow: /")[0].1, Key::Unknown);
        assert_eq!(keys(b"a: b\n\xEF\xBB\xBFallow: /")[1].1, Key::Unknown);
    }

    #[test]
    fn the_parse_limit_drops_the_line_it_cuts_and_what_follows() {
        let line = b"disallow: /x\n";
        let mut body = line.repeat(PARSE_LIMIT / line.len());
        let whole = body.len() / line.len();
        body.extend_from_slice(b"disallow: /a-line-the-limit-cuts\ndisallow: /after\n");
        assert!(body.len() > PARSE_LIMIT);
        let read: Vec<_> = lines(&body).collect();
        assert_eq!(read.len(), whole);
        assert!(read.iter().all(|l| l.value == b"/x"));

        // A line ending right at the limit is whole.
        let mut body = vec![b'a'; PARSE_LIMIT - 8];
        body[0] = b'#';
        body.extend_from_slice(b"\nallow:/\n");
        assert_eq!(body.len(), PARSE_LIMIT + 1);
        assert_eq!(keys(&body), [(2, Key::Allow, &b"/"[..])]);
        // One line longer than the limit: nothing.
        assert_eq!(keys(&vec![b'a'; PARSE_LIMIT + 1]), []);
    }
}
