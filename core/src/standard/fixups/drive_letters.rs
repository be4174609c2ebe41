//! Fixup 6: dot segments (`.` and `..`), removed from a path as the URL Standard's path
//! state does ([`remove_dot_segments`](crate::standard::path::remove_dot_segments)), where
//! the crate would keep a drive-letter-shaped segment.
//!
//! The standard, "shorten a URL's path": only a `file:` URL keeps a normalized Windows
//! drive letter when `..` would pop it. The `url` crate (2.5.8) applies the Windows drive-letter rule of `file:` URLs to every
//! scheme: `..` never pops a segment such as `a:` or `C|` (`last_slash_can_be_removed` in its
//! parser.rs does not check the scheme). So `https://good.com/public/a:/../../admin` came
//! out as `https://good.com/public/a:/admin` where the standard, and the server, see
//! `https://good.com/admin`, and an allow-list on paths saw a path the server does not.
//! The parse layer removes the dot segments of such a path itself, before
//! the crate sees it; `file:` URLs keep the crate's drive-letter rule.
//! <https://url.spec.whatwg.org/#shorten-a-urls-path>
//!
//! Delete when the crate checks the scheme before keeping a drive letter.

use crate::standard::path::{is_double_dot, segments};

/// Whether the crate would answer differently from the standard for this path: a segment
/// is shaped like a Windows drive letter and a `..` segment could pop it. `path` is the
/// raw, absolute path (it starts with a slash); `special` makes `\` a separator too.
pub(crate) fn crate_keeps_drive_letters(path: &str, special: bool) -> bool {
    let mut segments = segments(path, special);
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

/// A segment the crate takes for a Windows drive letter: a letter and `:` or `|`, alone or
/// before a `\` (which is inside the segment when the scheme is not special: `c|\`).
/// <https://url.spec.whatwg.org/#windows-drive-letter>
fn is_drive_letter_shaped(segment: &str) -> bool {
    matches!(segment.as_bytes(), [letter, b':' | b'|', rest @ ..]
        if letter.is_ascii_alphabetic() && matches!(rest, [] | [b'\\', ..]))
}

#[cfg(test)]
mod tests {
    use super::super::testing::{href, joined};
    use super::*;
    use crate::standard::path::remove_dot_segments;

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
        assert_eq!(
            remove_dot_segments("/public/a:/../../admin", true),
            "/admin"
        );
        assert_eq!(
            remove_dot_segments("/public/C|/x/../../../admin", true),
            "/admin"
        );
        assert_eq!(remove_dot_segments("/y/z/C:/..", false), "/y/z/");
        assert_eq!(remove_dot_segments("/a:/./b/.", false), "/a:/b/");
        assert_eq!(remove_dot_segments("/a:\\..\\x", true), "/x");
        assert_eq!(remove_dot_segments("/a:\\..\\x", false), "/a:\\..\\x");
        assert_eq!(remove_dot_segments("/a:/../../..", true), "/");
        assert_eq!(remove_dot_segments("/a:/..//x", false), "//x");
    }
}
