//! The URL Standard's rules for path segments, in one place: what a dot segment is, what a
//! Windows drive letter is, and the path state's removal of dot segments. The parse (through
//! its fixups), the fast paths and `explain()` all read them here.

/// `.` or `%2e` in any case. <https://url.spec.whatwg.org/#single-dot-path-segment>
pub(crate) fn is_single_dot(segment: &str) -> bool {
    segment == "." || segment.eq_ignore_ascii_case("%2e")
}

/// `..`, `.%2e`, `%2e.` or `%2e%2e` in any case.
/// <https://url.spec.whatwg.org/#double-dot-path-segment>
pub(crate) fn is_double_dot(segment: &str) -> bool {
    ["..", ".%2e", "%2e.", "%2e%2e"]
        .iter()
        .any(|dots| segment.eq_ignore_ascii_case(dots))
}

/// A single-dot or a double-dot segment.
pub(crate) fn is_dot_segment(segment: &str) -> bool {
    is_single_dot(segment) || is_double_dot(segment)
}

/// Whether a segment that starts with `first` can be a dot segment: every spelling starts with
/// `.` or `%`. The fast paths scan bytes and leave such a path to the path state.
pub(crate) fn may_start_dot_segment(first: Option<&u8>) -> bool {
    matches!(first, Some(b'.' | b'%'))
}

/// An ASCII letter, then `:` or `|`. <https://url.spec.whatwg.org/#windows-drive-letter>
pub(crate) fn is_windows_drive_letter(text: &str) -> bool {
    matches!(text.as_bytes(), [letter, b':' | b'|'] if letter.is_ascii_alphabetic())
}

/// The path the standard's path state makes of `path` (raw, absolute, starting with a slash;
/// `special` makes `\` a separator too), without shortening past a drive letter:
/// `/public/a:/../../admin` → `/admin`. Segments keep their raw text: the caller encodes
/// them.
pub(crate) fn remove_dot_segments(path: &str, special: bool) -> String {
    let mut kept: Vec<&str> = Vec::new();
    let mut segments = segments(path, special).peekable();
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

/// The segments of an absolute path after its leading slash (an ASCII byte, so `get(1..)`
/// cuts at a boundary); `special` makes `\` a separator too.
pub(crate) fn segments(path: &str, special: bool) -> impl Iterator<Item = &str> {
    let segments = path.get(1..).unwrap_or("");
    segments.split(move |c| c == '/' || (special && c == '\\'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_segments_in_every_spelling() {
        for dot in [".", "%2e", "%2E"] {
            assert!(is_single_dot(dot) && is_dot_segment(dot) && !is_double_dot(dot));
        }
        for dots in ["..", ".%2e", "%2E.", "%2e%2E"] {
            assert!(is_double_dot(dots) && is_dot_segment(dots) && !is_single_dot(dots));
        }
        for other in ["", "...", ".a", "%2f", "%2e%2e%2e", "a."] {
            assert!(!is_dot_segment(other), "{other}");
            // Every dot segment starts with a byte the fast paths stop at.
        }
        for dot in [".", "%2e", "..", "%2E%2e"] {
            assert!(may_start_dot_segment(dot.as_bytes().first()));
        }
    }

    #[test]
    fn the_path_state_removes_dot_segments() {
        assert_eq!(remove_dot_segments("/a/./b/../c", true), "/a/c");
        assert_eq!(remove_dot_segments("/a/b/..", true), "/a/");
        assert_eq!(remove_dot_segments("/..", true), "/");
        assert_eq!(remove_dot_segments("/a\\%2e%2E\\b", true), "/b");
        assert_eq!(remove_dot_segments("/a\\..\\b", false), "/a\\..\\b");
        assert_eq!(
            remove_dot_segments("/public/a:/../../admin", true),
            "/admin"
        );
    }

    #[test]
    fn windows_drive_letters() {
        assert!(is_windows_drive_letter("C:") && is_windows_drive_letter("z|"));
        assert!(!is_windows_drive_letter("1:") && !is_windows_drive_letter("C:\\"));
    }
}
