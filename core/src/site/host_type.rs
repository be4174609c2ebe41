//! `host_type()`: what kind of host a URL names once normalized.

use crate::error::{Operation, UrlError};
use crate::normalize::read_input;
use crate::options::Options;

/// The type of the URL's host after normalization: `domain`, `ipv4`, `ipv6`, `opaque` (the
/// host of a non-special URL, kept as written) or `empty` (no host, or an empty one). The URL
/// is read as [`crate::normalize()`] reads it; the options' policies do not judge it here.
///
/// # Examples
///
/// ```
/// use url_normalize_core::{host_type, Options};
/// let options = Options::default();
/// assert_eq!(host_type(b"https://example.com/", &options)?, "domain");
/// assert_eq!(host_type(b"http://0x7f.1/", &options)?, "ipv4");
/// assert_eq!(host_type(b"http://[::ffff:7f00:1]/", &options)?, "ipv6");
/// assert_eq!(host_type(b"ssh://git@github.com/x", &options)?, "opaque");
/// assert_eq!(host_type(b"mailto:a@b.c", &options)?, "empty");
/// # Ok::<(), url_normalize_core::UrlError>(())
/// ```
///
/// # Errors
///
/// As [`crate::normalize()`], except for the policies: the input is not a URL, or is longer
/// than `max_length`.
pub fn host_type(input: &[u8], options: &Options) -> Result<&'static str, UrlError> {
    read_input(input, options, Operation::HostType).map(|url| url.host_of().type_name())
}
