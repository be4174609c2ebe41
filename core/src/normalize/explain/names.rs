//! The names `explain()` reports: each change `normalize()` makes, and each of the URL
//! Standard's validation errors, with its stable name.

macro_rules! names {
    ($(#[$meta:meta])* $vis:vis enum $type:ident { $($(#[$doc:meta])* $variant:ident = $name:literal,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        $vis enum $type {
            $($(#[$doc])* $variant,)*
        }

        impl $type {
            /// Every value, in the order they are listed (and reported).
            pub const ALL: &'static [$type] = &[$($type::$variant),*];

            /// The stable name PHP code sees.
            pub fn name(self) -> &'static str {
                match self {
                    $($type::$variant => $name,)*
                }
            }
        }
    };
}

names! {
    /// A change `normalize()` makes, named as `explain()` reports it. Listed in the order
    /// they happen, which is the order of `explain()`'s list.
    pub enum Change {
        /// Bytes that are not UTF-8 were percent-encoded, each on its own.
        NonUtf8PercentEncoded = "non-utf8-percent-encoded",
        /// Leading or trailing C0 controls and spaces were removed.
        WhitespaceStripped = "whitespace-stripped",
        /// Tabs and newlines inside the input were removed.
        TabOrNewlineRemoved = "tab-or-newline-removed",
        /// The input had no scheme; the default scheme was added.
        DefaultSchemeAdded = "default-scheme-added",
        /// The scheme was lower-cased.
        SchemeLowercased = "scheme-lowercased",
        /// The slashes after a special scheme were made `//` (`http:a.com`, `https:///a.com`).
        SlashesNormalized = "slashes-normalized",
        /// `\` was read as `/` in a special URL.
        BackslashToSlash = "backslash-to-slash",
        /// Characters of the user name or password were percent-encoded.
        CredentialsPercentEncoded = "credentials-percent-encoded",
        /// An empty password or empty credentials were removed (`u:@`, `@`).
        EmptyCredentialsRemoved = "empty-credentials-removed",
        /// The host was percent-decoded (`ex%41mple.com`).
        HostPercentDecoded = "host-percent-decoded",
        /// The host went to ASCII through UTS #46 (IDN to punycode, full-width letters and
        /// dots, mapped characters).
        IdnToAscii = "idn-to-ascii",
        /// The host was lower-cased.
        HostLowercased = "host-lowercased",
        /// An IPv4 address was written in its dotted decimal form (`0x7f.1` → `127.0.0.1`).
        Ipv4Normalized = "ipv4-normalized",
        /// An IPv6 address was written in its shortest form.
        Ipv6Normalized = "ipv6-normalized",
        /// The host of a non-special URL was percent-encoded.
        HostPercentEncoded = "host-percent-encoded",
        /// `localhost` was removed from a `file:` URL.
        FileLocalhostRemoved = "file-localhost-removed",
        /// An empty port was removed (`a.com:`).
        EmptyPortRemoved = "empty-port-removed",
        /// The scheme's default port was removed.
        DefaultPortRemoved = "default-port-removed",
        /// Leading zeros were removed from the port.
        PortNormalized = "port-normalized",
        /// The slashes that start a `file:` URL's path were made one (`file:////x` → `file:///x`).
        FileSlashesCollapsed = "file-slashes-collapsed",
        /// `.` and `..` segments (`%2e` forms included) were removed from the path.
        DotSegmentsRemoved = "dot-segments-removed",
        /// An empty path of a special URL became `/`.
        RootPathAdded = "root-path-added",
        /// Characters of the path were percent-encoded.
        PathPercentEncoded = "path-percent-encoded",
        /// Characters of the query were percent-encoded.
        QueryPercentEncoded = "query-percent-encoded",
        /// Characters of the fragment were percent-encoded.
        FragmentPercentEncoded = "fragment-percent-encoded",
    }
}

names! {
    /// A validation error of the URL Standard, by the name the standard gives it (the same
    /// cases as PHP 8.5's `Uri\WhatWg\UrlValidationErrorType`, but `domain-to-Unicode`, which
    /// only ToUnicode reports).
    /// <https://url.spec.whatwg.org/#writing>
    pub enum ValidationError {
        /// A code point that is not a URL code point, or a `%` without two hex digits; also
        /// leading or trailing C0 controls and spaces, and tabs and newlines.
        InvalidUrlUnit = "invalid-URL-unit",
        /// The input has no scheme (the standard then fails; `normalize()` adds one).
        MissingSchemeNonRelativeUrl = "missing-scheme-non-relative-URL",
        /// A special scheme not followed by exactly `//`.
        SpecialSchemeMissingFollowingSolidus = "special-scheme-missing-following-solidus",
        /// Credentials in the URL.
        InvalidCredentials = "invalid-credentials",
        /// No host where one is needed.
        HostMissing = "host-missing",
        /// UTS #46 ToASCII failed, or gave the empty string.
        DomainToAscii = "domain-to-ASCII",
        /// A forbidden domain code point in a domain, after ToASCII.
        DomainInvalidCodePoint = "domain-invalid-code-point",
        /// A forbidden host code point in an opaque host.
        HostInvalidCodePoint = "host-invalid-code-point",
        /// An IPv4 address that ends in a dot.
        Ipv4EmptyPart = "IPv4-empty-part",
        /// An IPv4 address of more than four parts.
        Ipv4TooManyParts = "IPv4-too-many-parts",
        /// A part of an IPv4 address that is not a number.
        Ipv4NonNumericPart = "IPv4-non-numeric-part",
        /// A part of an IPv4 address in hexadecimal or octal.
        Ipv4NonDecimalPart = "IPv4-non-decimal-part",
        /// A part of an IPv4 address above 255.
        Ipv4OutOfRangePart = "IPv4-out-of-range-part",
        /// An IPv6 address without its `]`.
        Ipv6Unclosed = "IPv6-unclosed",
        /// An IPv6 address that starts with a single `:`.
        Ipv6InvalidCompression = "IPv6-invalid-compression",
        /// An IPv6 address of more than eight pieces.
        Ipv6TooManyPieces = "IPv6-too-many-pieces",
        /// An IPv6 address with `::` twice.
        Ipv6MultipleCompression = "IPv6-multiple-compression",
        /// A code point that has no place in an IPv6 address.
        Ipv6InvalidCodePoint = "IPv6-invalid-code-point",
        /// An IPv6 address of fewer than eight pieces and no `::`.
        Ipv6TooFewPieces = "IPv6-too-few-pieces",
        /// An IPv4 address inside an IPv6 address after more than six pieces.
        Ipv4InIpv6TooManyPieces = "IPv4-in-IPv6-too-many-pieces",
        /// A code point that has no place in the IPv4 part of an IPv6 address.
        Ipv4InIpv6InvalidCodePoint = "IPv4-in-IPv6-invalid-code-point",
        /// A part above 255 in the IPv4 part of an IPv6 address.
        Ipv4InIpv6OutOfRangePart = "IPv4-in-IPv6-out-of-range-part",
        /// Fewer than four parts in the IPv4 part of an IPv6 address.
        Ipv4InIpv6TooFewParts = "IPv4-in-IPv6-too-few-parts",
        /// A port that is not a number.
        PortInvalid = "port-invalid",
        /// A port above 65535.
        PortOutOfRange = "port-out-of-range",
        /// `\` in a special URL.
        InvalidReverseSolidus = "invalid-reverse-solidus",
        /// A `file:` host that is a Windows drive letter (`file://C|/`).
        FileInvalidWindowsDriveLetterHost = "file-invalid-Windows-drive-letter-host",
    }
}
