//! The URL Standard's rules for path segments, in one place: what a dot segment is, what a
//! Windows drive letter is, and the path state's removal of dot segments. The parse (through
//! its fixups), the fast paths and `explain()` all read them here.

/// `.` or `%2e` in any case. <https://url.spec.whatwg.org/#single-dot-path-segment>
pub(crate) fn is_single_dot(segment: impl AsRef<[u8]>) -> bool {
    let segment = segment.as_ref();
    segment == b"." || segment.eq_ignore_ascii_case(b"%2e")
}

/// `..`, `.%2e`, `%2e.` or `%2e%2e` in any case.
/// <https://url.spec.whatwg.org/#double-dot-path-segment>
pub(crate) fn is_double_dot(segment: impl AsRef<[u8]>) -> bool {
    let segment = segment.as_ref();
    [b"..".as_slice(), b".%2e", b"%2e.", b"%2e%2e"]
        .iter()
        .any(|dots| segment.eq_ignore_ascii_case(dots))
}

/// A single-dot or a double-dot segment.
pub(crate) fn is_dot_segment(segment: impl AsRef<[u8]>) -> bool {
    let segment = segment.as_ref();
    is_single_dot(segment) || is_double_dot(segment)
}

/// Whether a segment that starts with `first` can be a dot segment: every spelling starts with
/// `.` or `%`. The fast paths scan bytes and leave such a path to the path state.
pub(crate) fn may_start_dot_segment(first: Option<&u8>) -> bool {
    matches!(first, Some(b'.' | b'%'))
}

/// Whether the segment at the start of `rest` (up to the next `/`, `?` or `#`) may be a dot
/// segment: at most 6 bytes (`%2e%2e`), starting with `.` or `%2e` in any case. A cheap test
/// that is never wrong when it says no: the fast path's check leaves the rest to the path state.
pub(crate) fn may_be_dot_segment(rest: &[u8]) -> bool {
    let length = rest
        .iter()
        .take(7)
        .take_while(|&&b| !matches!(b, b'/' | b'?' | b'#'))
        .count();
    let dotted = rest.starts_with(b".")
        || rest
            .get(..3)
            .is_some_and(|start| start.eq_ignore_ascii_case(b"%2e"));
    length <= 6 && dotted
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
    let mut removed = String::with_capacity(path.len());
    // Segments of a `str` cut at ASCII separators are UTF-8: the conversion borrows them.
    let copy = |out: &mut String, segment: &[u8]| {
        out.push_str(&String::from_utf8_lossy(segment));
        Some(())
    };
    let _ = remove_dot_segments_into(&mut removed, path.as_bytes(), special, copy);
    removed
}

/// [`remove_dot_segments`] written after what `out` holds, with no string between: `/` and
/// what `push_segment` writes of each segment kept (its raw bytes; it must write no `/`, so
/// that a `..` removes what it wrote by going back to the last `/`). `None` when
/// `push_segment` says `None`.
pub(crate) fn remove_dot_segments_into(
    out: &mut String,
    path: &[u8],
    special: bool,
    mut push_segment: impl FnMut(&mut String, &[u8]) -> Option<()>,
) -> Option<()> {
    let start = out.len();
    let after_slash = path.get(1..).unwrap_or_default();
    let mut segments = after_slash.split(|&b| b == b'/' || (special && b == b'\\'));
    let mut next = segments.next();
    while let Some(segment) = next {
        next = segments.next();
        // Every dot segment is at most 6 bytes and starts with `.` or `%`.
        let dotted = segment.len() <= 6 && may_start_dot_segment(segment.first());
        if dotted && is_double_dot(segment) {
            // Back to the `/` that started the last segment kept, if there is one.
            let last = out.as_bytes()[start..].iter().rposition(|&b| b == b'/');
            out.truncate(start + last.unwrap_or(0));
        } else if !dotted || !is_single_dot(segment) {
            out.push('/');
            push_segment(out, segment)?;
            continue;
        }
        // A dot segment at the end leaves an empty segment: `/a/b/..` is `/a/`.
        if next.is_none() {
            out.push('/');
        }
    }
    if out.len() == start {
        out.push('/');
    }
    Some(())
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

    /// No dot segment, whatever follows it, is ever passed over by the cheap test; and it
    /// says no to longer names and other first bytes.
    #[test]
    fn the_cheap_test_never_misses_a_dot_segment() {
        let spellings = [
            ".", "%2e", "%2E", "..", ".%2e", ".%2E", "%2e.", "%2E.", "%2e%2e", "%2E%2e", "%2e%2E",
            "%2E%2E",
        ];
        for dot in spellings {
            assert!(is_dot_segment(dot), "{dot}");
            for tail in ["", "/", "/x", "?q", "#f", "/../.."] {
                let rest = format!("{dot}{tail}");
                assert!(may_be_dot_segment(rest.as_bytes()), "{rest}");
            }
        }
        for other in [".abcdef", "%2eabcd/", "a", "%41", "%2", "x/.", "abc?.."] {
            assert!(!may_be_dot_segment(other.as_bytes()), "{other}");
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
