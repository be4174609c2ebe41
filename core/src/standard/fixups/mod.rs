//! The places where the `url` crate (2.5.8) is behind the current URL Standard, each
//! corrected here, in one file or two, with the standard's rule it follows and the crate
//! behaviour it corrects, so that each can be deleted when the crate catches up:
//!
//! 1. an all-ASCII domain is lowercased, not validated as Punycode ([`ascii_domains`]);
//! 2. `^` in a path is percent-encoded ([`path_encoding`]);
//! 3. an opaque path's space right before `?` or `#` is `%20` ([`path_encoding`]);
//! 4. `///host` against a special base names `host` ([`relative_slashes`]);
//! 5. `\` starting a link against a non-special base, or following its first `/`, is a
//!    path character ([`relative_slashes`]);
//! 6. `..` pops a segment shaped like a Windows drive letter outside `file:`
//!    ([`drive_letters`]);
//! 7. in a non-special authority `\` does not end the port ([`non_special_authority`]);
//! 8. credentials or a port followed by no host fail in a non-special URL too
//!    ([`non_special_authority`]).
//!
//! Fixups 4 and 5 rewrite a link, 6 to 8 run on the layout before the crate, 2 and 3 on the
//! crate's `Url` after it, and 1 when the crate has refused a host. `canaries.rs` asserts the
//! crate's answer that each corrects, so a test fails when one can be deleted.

pub(super) mod ascii_domains;
#[cfg(test)]
mod canaries;
pub(super) mod drive_letters;
mod non_special_authority;
pub(super) mod path_encoding;
pub(super) mod relative_slashes;

use super::parsed_url::ParseFailure;
use super::path::remove_dot_segments;
use crate::input::Layout;
use non_special_authority::non_special_authority_failure;
use std::borrow::Cow;
use url::Url;

/// Fixups 6 to 8, before the crate reads `input`: rejects what the standard rejects in
/// a non-special authority, and removes the dot segments of a path the crate would
/// shorten differently. The path is rewritten as `/.` and the standard's path (`/.` keeps
/// a path that starts with `//` or `/\` from reading as an authority), so the crate
/// has no dot segment left to remove.
pub(super) fn before_crate<'a>(
    layout: &Layout,
    base: Option<&Url>,
    input: &'a str,
) -> Result<Cow<'a, str>, ParseFailure> {
    if let (Some(authority), false) = (&layout.authority, layout.special) {
        if let Some(kind) = non_special_authority_failure(&input[authority.clone()]) {
            return Err(ParseFailure { kind, host: None });
        }
    }
    let Some(range) = layout.path.clone() else {
        return Ok(Cow::Borrowed(input));
    };
    let written = &input[range.clone()];
    // A `..` can pop a drive letter only where the link writes one: the base's path has
    // none left. Most paths have none, and need no joined path built to know it.
    if !drive_letters::has_double_dot(written, layout.special) {
        return Ok(Cow::Borrowed(input));
    }
    let (replaced_from, path) = match (layout.path_is_relative, base) {
        (true, Some(base)) => {
            let base_path = base.path();
            let directory = base_path
                .rfind('/')
                .map_or("/", |slash| &base_path[..=slash]);
            (0, Cow::Owned(format!("{directory}{written}")))
        }
        _ => (range.start, Cow::Borrowed(written)),
    };
    if !drive_letters::crate_keeps_drive_letters(&path, layout.special) {
        return Ok(Cow::Borrowed(input));
    }
    let path = remove_dot_segments(&path, layout.special);
    let (before, after) = (&input[..replaced_from], &input[range.end..]);
    Ok(Cow::Owned(format!("{before}/.{path}{after}")))
}

#[cfg(test)]
pub(super) mod testing {
    use super::super::{join, parse};
    use crate::error::ErrorKind;

    /// The serialization of a parsed absolute URL, or the failure's kind.
    pub(in crate::standard) fn href(input: &str) -> Result<String, ErrorKind> {
        parse(input).map(|u| u.serialize()).map_err(|f| f.kind)
    }

    /// The serialization of `input` resolved against `base`, or the failure's kind.
    pub(in crate::standard) fn joined(base: &str, input: &str) -> Result<String, ErrorKind> {
        let base = parse(base).expect("valid base");
        join(&base, input)
            .map(|u| u.serialize())
            .map_err(|f| f.kind)
    }
}
