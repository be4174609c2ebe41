//! Fixups 2 and 3: two percent-encoding rules of paths that the crate lacks.
//!
//! 2. The standard: "The path percent-encode set is the query percent-encode set and U+003F
//!    (?), U+005E (^), U+0060 (`), U+007B ({), and U+007D (})." The crate (2.5.8) keeps `^`
//!    raw in a path; here it becomes `%5E`.
//!    <https://url.spec.whatwg.org/#path-percent-encode-set>
//! 3. The standard's opaque path state writes a space as `%20` when the remaining input
//!    starts with `?` or `#`, so that it survives a round trip. The crate keeps the space;
//!    here it becomes `%20`.
//!    <https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state>
//!
//! Delete each when the crate encodes as the standard does.

use url::Url;

/// Applies the two path rules the crate lacks: `^` is in the path percent-encode set,
/// and an opaque path's space right before `?` or `#` is written `%20`.
/// <https://url.spec.whatwg.org/#path-percent-encode-set>
/// <https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state>
pub(in crate::standard) fn follow_path_encoding(url: &mut Url) {
    if url.cannot_be_a_base() {
        let before_query_or_fragment = url.query().is_some() || url.fragment().is_some();
        if before_query_or_fragment && url.path().ends_with(' ') {
            let path = format!("{}%20", &url.path()[..url.path().len() - 1]);
            url.set_path(&path);
        }
    } else if url.path().contains('^') {
        let path = url.path().replace('^', "%5E");
        url.set_path(&path);
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::href;

    #[test]
    fn caret_in_paths_is_encoded() {
        assert_eq!(
            href("https://a.com/x^y?^#^"),
            Ok("https://a.com/x%5Ey?^#^".into())
        );
        assert_eq!(href("foo://h/^"), Ok("foo://h/%5E".into()));
    }

    #[test]
    fn opaque_path_space_before_query_or_fragment_is_encoded() {
        assert_eq!(
            href("non-special:opaque  ?hi"),
            Ok("non-special:opaque %20?hi".into())
        );
        assert_eq!(
            href("non-special:opaque  #hi"),
            Ok("non-special:opaque %20#hi".into())
        );
        assert_eq!(href("non-special:a b"), Ok("non-special:a b".into()));
    }
}
