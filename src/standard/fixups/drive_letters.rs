//! Fixup 6: dot segments (`.` and `..`), removed from a path as the URL Standard's path
//! state does, where the crate would keep a drive-letter-shaped segment.
//!
//! The standard, "shorten a URL's path": only a `file:` URL keeps a normalized Windows
//! drive letter when `..` would pop it. The `url` crate (2.5.8) applies the Windows drive-letter rule of `file:` URLs to every
//! scheme: `..` never pops a segment such as `a:` or `C|` (`last_slash_can_be_removed` in its
//! parser.rs does not check the scheme). So `https://good.com/public/a:/../../admin` came
//! out as `https://good.com/public/a:/admin` where the standard, and the server, see
//! `https://good.com/admin`, and an allow-list on paths saw a path the server does not.
//! The parse layer removes the dot segments of such a path itself, with [`remove`], before
//! the crate sees it; `file:` URLs keep the crate's drive-letter rule.
//! <https://url.spec.whatwg.org/#shorten-a-urls-path>
//!
//! Delete when the crate checks the scheme before keeping a drive letter.

/// Whether the crate would answer differently from the standard for this path: a segment
/// is shaped like a Windows drive letter and a `..` segment could pop it. `path` is the
/// raw, absolute path (it starts with a slash); `special` makes `\` a separator too.
pub(crate) fn crate_keeps_drive_letters(path: &str, special: bool) -> bool {
    let mut segments = split(path, special);
    let mut seen_drive_letter = false;
    segments.any(|segment| {
        seen_drive_letter |= is_drive_letter_shaped(segment);
        seen_drive_letter && is_double_dot(segment)
    })
}

/// Whether `path` (raw, maybe relative) has a `..` segment, in any of its spellings.
pub(crate) fn has_double_dot(path: &str, special: bool) -> bool {
    path.split(|c| c == '/' || (special && c == '\\'))
        .any(is_double_dot)
}

/// The path the standard's path state makes of `path` (raw, absolute, starting with a
/// slash), without shortening past a drive letter: `/public/a:/../../admin` → `/admin`.
/// Segments keep their raw text; the caller hands them to the crate, which encodes them.
pub(crate) fn remove(path: &str, special: bool) -> String {
    let mut kept: Vec<&str> = Vec::new();
    let mut segments = split(path, special).peekable();
    while let Some(segment) = segments.next() {
        let is_last = segments.peek().is_none();
        if is_double_dot(segment) {
            kept.pop();
        } else if !is_single_dot(segment) {
            kept.push(segment);
            continue;
        }
        // A dot segment at the end leaves an empty segment: `/a/b/..` is `/a/`.
        if is_last {
            kept.push("");
        }
    }
    let mut removed = String::with_capacity(path.len());
    for segment in kept {
        removed.push('/');
        removed.push_str(segment);
    }
    if removed.is_empty() {
        removed.push('/');
    }
    removed
}

/// The segments after the leading slash (an ASCII byte, so `get(1..)` cuts at a boundary).
fn split(path: &str, special: bool) -> impl Iterator<Item = &str> {
    let segments = path.get(1..).unwrap_or("");
    segments.split(move |c| c == '/' || (special && c == '\\'))
}

/// A segment the crate takes for a Windows drive letter: a letter and `:` or `|`, alone or
/// before a `\` (which is inside the segment when the scheme is not special: `c|\`).
/// <https://url.spec.whatwg.org/#windows-drive-letter>
fn is_drive_letter_shaped(segment: &str) -> bool {
    matches!(segment.as_bytes(), [letter, b':' | b'|', rest @ ..]
        if letter.is_ascii_alphabetic() && matches!(rest, [] | [b'\\', ..]))
}

/// <https://url.spec.whatwg.org/#single-dot-path-segment>
fn is_single_dot(segment: &str) -> bool {
    segment == "." || segment.eq_ignore_ascii_case("%2e")
}

/// <https://url.spec.whatwg.org/#double-dot-path-segment>
fn is_double_dot(segment: &str) -> bool {
    ["..", ".%2e", "%2e.", "%2e%2e"]
        .iter()
        .any(|dots| segment.eq_ignore_ascii_case(dots))
}

#[cfg(test)]
mod tests {
    use super::super::testing::{href, joined};
    use super::*;

    #[test]
    fn double_dots_pop_drive_letter_shaped_segments_outside_file() {
        assert_eq!(
            href("https://good.com/public/a:/../../admin"),
            Ok("https://good.com/admin".into())
        );
        assert_eq!(
            joined("https://good.com/public/C|/x", "../../admin"),
            Ok("https://good.com/admin".into())
        );
        assert_eq!(joined("abc://x/y/z/C:/", ".."), Ok("abc://x/y/z/".into()));
        assert_eq!(
            joined("http://h/p/q/r", "http:a:/../../x?a:/..#b"),
            Ok("http://h/p/x?a:/..#b".into())
        );
        assert_eq!(joined("foo:/p/q", "./a:/..//x"), Ok("foo:/p//x".into()));
        assert_eq!(href("foo:/a:/..//x"), Ok("foo:/.//x".into()));
        assert_eq!(href("foo://h/a:/..//x"), Ok("foo://h//x".into()));
        assert_eq!(joined("foo://h", "c|\\/.."), Ok("foo://h/".into()));
        // file: URLs keep the drive-letter rule.
        assert_eq!(href("file:///C:/../x"), Ok("file:///C:/x".into()));
    }

    #[test]
    fn only_a_drive_letter_before_a_double_dot_needs_this() {
        assert!(crate_keeps_drive_letters("/public/a:/../../admin", true));
        assert!(crate_keeps_drive_letters("/C|\\%2E%2e", true));
        assert!(!crate_keeps_drive_letters("/C|\\%2E%2e", false));
        assert!(!crate_keeps_drive_letters("/../a:/x", true));
        assert!(!crate_keeps_drive_letters("/ab:/../x", true));
        assert!(!crate_keeps_drive_letters("/a/b/../c", true));
        assert!(crate_keeps_drive_letters("/c|\\/..", false));
        assert!(!crate_keeps_drive_letters("/c|x/..", false));
    }

    #[test]
    fn removes_dots_as_the_standard_does() {
        assert_eq!(remove("/public/a:/../../admin", true), "/admin");
        assert_eq!(remove("/public/C|/x/../../../admin", true), "/admin");
        assert_eq!(remove("/y/z/C:/..", false), "/y/z/");
        assert_eq!(remove("/a:/./b/.", false), "/a:/b/");
        assert_eq!(remove("/a:\\..\\x", true), "/x");
        assert_eq!(remove("/a:\\..\\x", false), "/a:\\..\\x");
        assert_eq!(remove("/a:/../../..", true), "/");
        assert_eq!(remove("/a:/..//x", false), "//x");
    }
}
