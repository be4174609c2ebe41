//! Fixups 7 and 8: what the standard rejects in a non-special authority and the crate
//! accepts.
//!
//! 7. The standard's port state: a non-special URL's port ends only at `/ ? #` or the end,
//!    so `foo://h:80\x` is an invalid port. The crate (2.5.8) ends the port at `\`.
//!    <https://url.spec.whatwg.org/#port-state>
//! 8. The standard's authority and host states: credentials or a port followed by no host
//!    (`foo://@`, `foo://u@:1/`) are a host-missing failure, in a non-special URL too. The
//!    crate reads an empty host.
//!    <https://url.spec.whatwg.org/#authority-state>
//!
//! Delete each when the crate fails these inputs.

use crate::error::ErrorKind;
use crate::input::split_authority;

/// What the standard's authority and port states reject in a non-special URL and the
/// crate accepts: no host after credentials or before a port, and a `\` in the port.
/// <https://url.spec.whatwg.org/#authority-state>
pub(super) fn non_special_authority_failure(authority: &str) -> Option<ErrorKind> {
    let parts = split_authority(authority.as_bytes());
    if parts.host.is_empty() && !authority.is_empty() {
        return Some(ErrorKind::EmptyHost);
    }
    let port = parts.port.map_or("", |range| &authority[range]);
    port.contains('\\').then_some(ErrorKind::InvalidPort)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{href, joined};
    use crate::error::ErrorKind;

    #[test]
    fn non_special_authorities_fail_where_the_standard_fails() {
        assert_eq!(href("foo://h:80\\x"), Err(ErrorKind::InvalidPort));
        assert_eq!(href("foo://[::1]:80\\x/y"), Err(ErrorKind::InvalidPort));
        assert_eq!(href("foo://@"), Err(ErrorKind::EmptyHost));
        assert_eq!(href("foo://u:p@/x"), Err(ErrorKind::EmptyHost));
        assert_eq!(href("foo://u@:1/x"), Err(ErrorKind::EmptyHost));
        // The host state reads on to the end here: the host is `[::1]\x`, no port follows.
        assert_eq!(href("foo://[::1]\\x"), Err(ErrorKind::InvalidIpv6Address));
        assert_eq!(
            href("foo://u@a[b:c]\\x"),
            Err(ErrorKind::ForbiddenHostCodePoint)
        );
        assert_eq!(
            joined("foo://a/b", "//h:80\\x"),
            Err(ErrorKind::InvalidPort)
        );
        assert_eq!(joined("foo://a/b", "//@"), Err(ErrorKind::EmptyHost));
        assert_eq!(href("foo://"), Ok("foo://".into()));
        assert_eq!(href("foo:///x"), Ok("foo:///x".into()));
        assert_eq!(href("foo://h:80/\\x"), Ok("foo://h:80/\\x".into()));
    }
}
