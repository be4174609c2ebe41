//! The transforms `canonicalize()` can apply, one bit each, and the presets that combine them.
//!
//! The bits are listed in the order `canonicalize()` applies them; `MAKE_CANONICAL` and the
//! presets are unions of bits. The PHP class constants have the same names and values.

use std::fmt;
use std::ops::BitOr;

/// A set of canonicalization transforms.
///
/// # Examples
///
/// ```
/// use url_normalize_core::Flags;
/// let flags = Flags::MAKE_CANONICAL | Flags::SORT_QUERY_PARAMETERS;
/// assert!(flags.contains(Flags::DECODE_UNRESERVED_CHARACTERS));
/// assert_eq!(Flags::try_from(1 << 30).unwrap_err().to_string(),
///            "unknown flag bits 0x40000000: combine the UrlNormalizer constants");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Flags(pub(crate) u32);

macro_rules! flags {
    ($($(#[$doc:meta])* $name:ident = $value:expr;)*) => {
        impl Flags {
            $($(#[$doc])* pub const $name: Flags = Flags($value);)*

            /// Every single-transform flag with its name, in the order they are applied.
            pub const ALL: &'static [(&'static str, Flags)] = &[$((stringify!($name), Flags::$name)),*];
        }
    };
}

flags! {
    /// `%c3%a9` → `%C3%A9`, in userinfo, path, query and fragment (RFC 3986 §6.2.2.1).
    CAPITALIZE_PERCENT_ENCODING = 1 << 0;
    /// `%7E` → `~`: escapes of unreserved characters (`A-Z a-z 0-9 - . _ ~`) are decoded (RFC 3986 §6.2.2.2).
    DECODE_UNRESERVED_CHARACTERS = 1 << 1;
    /// `/a/./b/../c` → `/a/c`, `%2e` forms included. Always in effect: the URL Standard's
    /// parser, which runs first, already does it. The bit exists for URL::Normalize's method.
    REMOVE_DOT_SEGMENTS = 1 << 2;
    /// `http:` → `https:`, for a key that merges both.
    FORCE_HTTPS = 1 << 3;
    /// `www.www.example.com` → `example.com`: every leading `www.`, as long as at least two
    /// labels remain (`www.com` stays).
    REMOVE_WWW = 1 << 4;
    /// Session ids: query parameters (`jsessionid`, `phpsessid`, `aspsessionid*`, `cfid`, ...),
    /// `;jsessionid=` path parameters and ASP.NET `(S(...))` path segments.
    REMOVE_SESSION_IDS = 1 << 5;
    /// `/a//b` → `/a/b`, in the path only.
    REMOVE_DUPLICATE_SLASHES = 1 << 6;
    /// `/a/index.html` → `/a/`: the last path segment, when it is a directory index.
    REMOVE_DIRECTORY_INDEX = 1 << 7;
    /// `/a//` → `/a`: every trailing slash; the root `/` stays. With `REMOVE_DIRECTORY_INDEX`,
    /// indexes and slashes go until neither is left (`/a/index.html/index.html` → `/a`).
    REMOVE_TRAILING_SLASH = 1 << 8;
    /// `utm_*`, `fbclid`, `gclid`, ... (the `tracking_parameters` option).
    REMOVE_TRACKING_PARAMETERS = 1 << 9;
    /// `?a=1&b=&c` → `?a=1`: parameters without a value.
    REMOVE_EMPTY_QUERY_PARAMETERS = 1 << 10;
    /// `?a=1&b=2&a=1` → `?a=1&b=2`: repeated identical pairs.
    REMOVE_DUPLICATE_QUERY_PARAMETERS = 1 << 11;
    /// `?b=2&a=1` → `?a=1&b=2`: by key, case-insensitively; repeated keys keep their order.
    SORT_QUERY_PARAMETERS = 1 << 12;
    /// `/x?` → `/x`.
    REMOVE_EMPTY_QUERY = 1 << 13;
    /// `#section` goes, route-like `#/a` and `#!/a` stay (URL::Normalize's `remove_fragment`).
    REMOVE_FRAGMENT = 1 << 14;
    /// Every fragment goes.
    REMOVE_FRAGMENTS = 1 << 15;
}

impl Flags {
    /// No transform: the normalized URL.
    pub const NONE: Flags = Flags(0);

    /// URL::Normalize's `make_canonical`: capitalize escapes and decode unreserved ones
    /// (scheme and host are lowercased and a default port dropped by every normalization).
    pub const MAKE_CANONICAL: Flags =
        Flags(Self::CAPITALIZE_PERCENT_ENCODING.0 | Self::DECODE_UNRESERVED_CHARACTERS.0);

    /// Changes nothing a server could tell apart: equivalent escapes (RFC 3986 §6.2.2), and
    /// fragments, which never reach the server (route-like ones are kept for single-page apps).
    pub const SAFE: Flags =
        Flags(Self::MAKE_CANONICAL.0 | Self::REMOVE_DOT_SEGMENTS.0 | Self::REMOVE_FRAGMENT.0);

    /// The default: SAFE plus what almost every server treats as the same page: directory
    /// indexes, duplicate slashes, tracking and session parameters, an empty query, repeated
    /// pairs, and the order of different keys.
    pub const USUALLY_SAFE: Flags = Flags(
        Self::SAFE.0
            | Self::REMOVE_SESSION_IDS.0
            | Self::REMOVE_DUPLICATE_SLASHES.0
            | Self::REMOVE_DIRECTORY_INDEX.0
            | Self::REMOVE_TRACKING_PARAMETERS.0
            | Self::REMOVE_DUPLICATE_QUERY_PARAMETERS.0
            | Self::SORT_QUERY_PARAMETERS.0
            | Self::REMOVE_EMPTY_QUERY.0,
    );

    /// USUALLY_SAFE plus merges that can join different pages: `http`/`https`, `www.`, the
    /// trailing slash, empty parameters and every fragment.
    pub const AGGRESSIVE: Flags = Flags(
        Self::USUALLY_SAFE.0
            | Self::FORCE_HTTPS.0
            | Self::REMOVE_WWW.0
            | Self::REMOVE_TRAILING_SLASH.0
            | Self::REMOVE_EMPTY_QUERY_PARAMETERS.0
            | Self::REMOVE_FRAGMENTS.0,
    );

    /// The presets with their names.
    pub const PRESETS: &'static [(&'static str, Flags)] = &[
        ("MAKE_CANONICAL", Self::MAKE_CANONICAL),
        ("SAFE", Self::SAFE),
        ("USUALLY_SAFE", Self::USUALLY_SAFE),
        ("AGGRESSIVE", Self::AGGRESSIVE),
    ];

    const KNOWN: u32 = (1 << 16) - 1;

    /// True when every bit of `other` is set.
    pub fn contains(self, other: Flags) -> bool {
        self.0 & other.0 == other.0
    }

    /// The bits as an integer, the value of the PHP constant.
    pub const fn bits(self) -> u32 {
        self.0
    }
}

impl BitOr for Flags {
    type Output = Flags;

    fn bitor(self, other: Flags) -> Flags {
        Flags(self.0 | other.0)
    }
}

/// An integer with bits that are no flag (or a negative one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownFlags(i64);

impl fmt::Display for UnknownFlags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unknown = self.0 & !i64::from(Flags::KNOWN);
        write!(
            f,
            "unknown flag bits {unknown:#x}: combine the UrlNormalizer constants"
        )
    }
}

impl std::error::Error for UnknownFlags {}

impl TryFrom<i64> for Flags {
    type Error = UnknownFlags;

    fn try_from(bits: i64) -> Result<Self, Self::Error> {
        match u32::try_from(bits) {
            Ok(bits) if bits & !Self::KNOWN == 0 => Ok(Flags(bits)),
            _ => Err(UnknownFlags(bits)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_are_distinct_powers_of_two_in_order() {
        for (index, (name, flag)) in Flags::ALL.iter().enumerate() {
            assert_eq!(flag.bits(), 1 << index, "{name}");
        }
        assert_eq!(Flags::ALL.len(), 16);
    }

    #[test]
    fn presets_nest() {
        assert!(Flags::USUALLY_SAFE.contains(Flags::SAFE));
        assert!(Flags::AGGRESSIVE.contains(Flags::USUALLY_SAFE));
        assert!(!Flags::SAFE.contains(Flags::SORT_QUERY_PARAMETERS));
    }

    #[test]
    fn integers_outside_the_flags_are_refused() {
        assert_eq!(Flags::try_from(0), Ok(Flags::NONE));
        assert_eq!(
            Flags::try_from(i64::from(Flags::AGGRESSIVE.bits())),
            Ok(Flags::AGGRESSIVE)
        );
        assert!(Flags::try_from(-1).is_err());
        assert!(Flags::try_from(1 << 16).is_err());
        assert!(Flags::try_from(i64::MAX).is_err());
        let message = Flags::try_from(1 << 20).unwrap_err().to_string();
        assert_eq!(
            message,
            "unknown flag bits 0x100000: combine the UrlNormalizer constants"
        );
        assert!((Flags::SAFE | Flags::FORCE_HTTPS).contains(Flags::REMOVE_FRAGMENT));
    }
}
