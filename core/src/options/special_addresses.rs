//! The address table of `block_private_hosts`: IANA's IPv4 and IPv6 Special-Purpose
//! Address Registries (testdata/iana/), and the blocks the policy adds beside them.
//! Written by scripts/special-addresses.py; scripts/test checks that it is that script's
//! output, so change the script or the registries, not this file.

/// What an address in a block is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Globally reachable: a public host may have it.
    Public,
    /// Not globally reachable, or a tunnel that hides where it leads.
    Refused,
    /// Reaches the IPv4 address in the 32 bits from bit `at`: that address decides.
    EmbedsIpv4 {
        /// The first bit of the IPv4 address, counted from the left.
        at: u32,
    },
}

/// A block: its first address, its prefix length, its verdict and the registry's name.
pub(crate) type Block<T> = (T, u32, Verdict, &'static str);

/// The IPv4 blocks, longest prefix first.
#[rustfmt::skip]
pub(crate) const IPV4: &[Block<u32>] = &[
    // 0.0.0.0/32
    (0x0000_0000, 32, Verdict::Refused, "\"This host on this network\""),
    // 192.0.0.8/32
    (0xc000_0008, 32, Verdict::Refused, "IPv4 dummy address"),
    // 192.0.0.9/32
    (0xc000_0009, 32, Verdict::Public, "Port Control Protocol Anycast"),
    // 192.0.0.10/32
    (0xc000_000a, 32, Verdict::Public, "Traversal Using Relays around NAT Anycast"),
    // 192.0.0.170/32
    (0xc000_00aa, 32, Verdict::Refused, "NAT64/DNS64 Discovery"),
    // 192.0.0.171/32
    (0xc000_00ab, 32, Verdict::Refused, "NAT64/DNS64 Discovery"),
    // 192.88.99.2/32
    (0xc058_6302, 32, Verdict::Refused, "6a44-relay anycast address"),
    // 255.255.255.255/32
    (0xffff_ffff, 32, Verdict::Refused, "Limited Broadcast"),
    // 192.0.0.0/29
    (0xc000_0000, 29, Verdict::Refused, "IPv4 Service Continuity Prefix"),
    // 192.0.0.0/24
    (0xc000_0000, 24, Verdict::Refused, "IETF Protocol Assignments"),
    // 192.0.2.0/24
    (0xc000_0200, 24, Verdict::Refused, "Documentation (TEST-NET-1)"),
    // 192.31.196.0/24
    (0xc01f_c400, 24, Verdict::Public, "AS112-v4"),
    // 192.52.193.0/24
    (0xc034_c100, 24, Verdict::Public, "AMT"),
    // 192.88.99.0/24
    (0xc058_6300, 24, Verdict::Refused, "Deprecated (6to4 Relay Anycast)"),
    // 192.175.48.0/24
    (0xc0af_3000, 24, Verdict::Public, "Direct Delegation AS112 Service"),
    // 198.51.100.0/24
    (0xc633_6400, 24, Verdict::Refused, "Documentation (TEST-NET-2)"),
    // 203.0.113.0/24
    (0xcb00_7100, 24, Verdict::Refused, "Documentation (TEST-NET-3)"),
    // 169.254.0.0/16
    (0xa9fe_0000, 16, Verdict::Refused, "Link Local"),
    // 192.168.0.0/16
    (0xc0a8_0000, 16, Verdict::Refused, "Private-Use"),
    // 198.18.0.0/15
    (0xc612_0000, 15, Verdict::Refused, "Benchmarking"),
    // 172.16.0.0/12
    (0xac10_0000, 12, Verdict::Refused, "Private-Use"),
    // 100.64.0.0/10
    (0x6440_0000, 10, Verdict::Refused, "Shared Address Space"),
    // 0.0.0.0/8
    (0x0000_0000, 8, Verdict::Refused, "\"This network\""),
    // 10.0.0.0/8
    (0x0a00_0000, 8, Verdict::Refused, "Private-Use"),
    // 127.0.0.0/8
    (0x7f00_0000, 8, Verdict::Refused, "Loopback"),
    // 224.0.0.0/4
    (0xe000_0000, 4, Verdict::Refused, "Multicast (RFC 5771)"),
    // 240.0.0.0/4
    (0xf000_0000, 4, Verdict::Refused, "Reserved"),
];

/// The IPv6 blocks, longest prefix first.
#[rustfmt::skip]
pub(crate) const IPV6: &[Block<u128>] = &[
    // ::/128
    (0x0000_0000_0000_0000_0000_0000_0000_0000, 128, Verdict::Refused, "Unspecified Address"),
    // ::1/128
    (0x0000_0000_0000_0000_0000_0000_0000_0001, 128, Verdict::Refused, "Loopback Address"),
    // 2001:1::1/128
    (0x2001_0001_0000_0000_0000_0000_0000_0001, 128, Verdict::Public, "Port Control Protocol Anycast"),
    // 2001:1::2/128
    (0x2001_0001_0000_0000_0000_0000_0000_0002, 128, Verdict::Public, "Traversal Using Relays around NAT Anycast"),
    // 2001:1::3/128
    (0x2001_0001_0000_0000_0000_0000_0000_0003, 128, Verdict::Public, "DNS-SD Service Registration Protocol Anycast"),
    // ::/96
    (0x0000_0000_0000_0000_0000_0000_0000_0000, 96, Verdict::Refused, "IPv4-compatible, deprecated (RFC 4291 §2.5.5.1)"),
    // ::ffff:0:0/96
    (0x0000_0000_0000_0000_0000_ffff_0000_0000, 96, Verdict::Refused, "IPv4-mapped Address"),
    // ::ffff:0:0:0/96
    (0x0000_0000_0000_0000_ffff_0000_0000_0000, 96, Verdict::Refused, "IPv4-translated (RFC 2765)"),
    // 64:ff9b::/96
    (0x0064_ff9b_0000_0000_0000_0000_0000_0000, 96, Verdict::EmbedsIpv4 { at: 96 }, "IPv4-IPv6 Translat."),
    // 100::/64
    (0x0100_0000_0000_0000_0000_0000_0000_0000, 64, Verdict::Refused, "Discard-Only Address Block"),
    // 100:0:0:1::/64
    (0x0100_0000_0000_0001_0000_0000_0000_0000, 64, Verdict::Refused, "Dummy IPv6 Prefix"),
    // 64:ff9b:1::/48
    (0x0064_ff9b_0001_0000_0000_0000_0000_0000, 48, Verdict::Refused, "IPv4-IPv6 Translat."),
    // 2001:2::/48
    (0x2001_0002_0000_0000_0000_0000_0000_0000, 48, Verdict::Refused, "Benchmarking"),
    // 2001:4:112::/48
    (0x2001_0004_0112_0000_0000_0000_0000_0000, 48, Verdict::Public, "AS112-v6"),
    // 2620:4f:8000::/48
    (0x2620_004f_8000_0000_0000_0000_0000_0000, 48, Verdict::Public, "Direct Delegation AS112 Service"),
    // 2001::/32
    (0x2001_0000_0000_0000_0000_0000_0000_0000, 32, Verdict::Refused, "TEREDO"),
    // 2001:3::/32
    (0x2001_0003_0000_0000_0000_0000_0000_0000, 32, Verdict::Public, "AMT"),
    // 2001:db8::/32
    (0x2001_0db8_0000_0000_0000_0000_0000_0000, 32, Verdict::Refused, "Documentation"),
    // 2001:10::/28
    (0x2001_0010_0000_0000_0000_0000_0000_0000, 28, Verdict::Refused, "Deprecated (previously ORCHID)"),
    // 2001:20::/28
    (0x2001_0020_0000_0000_0000_0000_0000_0000, 28, Verdict::Public, "ORCHIDv2"),
    // 2001:30::/28
    (0x2001_0030_0000_0000_0000_0000_0000_0000, 28, Verdict::Public, "Drone Remote ID Protocol Entity Tags (DETs) Prefix"),
    // 2001::/23
    (0x2001_0000_0000_0000_0000_0000_0000_0000, 23, Verdict::Refused, "IETF Protocol Assignments"),
    // 3fff::/20
    (0x3fff_0000_0000_0000_0000_0000_0000_0000, 20, Verdict::Refused, "Documentation"),
    // 2002::/16
    (0x2002_0000_0000_0000_0000_0000_0000_0000, 16, Verdict::EmbedsIpv4 { at: 16 }, "6to4"),
    // 5f00::/16
    (0x5f00_0000_0000_0000_0000_0000_0000_0000, 16, Verdict::Refused, "Segment Routing (SRv6) SIDs"),
    // fe80::/10
    (0xfe80_0000_0000_0000_0000_0000_0000_0000, 10, Verdict::Refused, "Link-Local Unicast"),
    // fec0::/10
    (0xfec0_0000_0000_0000_0000_0000_0000_0000, 10, Verdict::Refused, "Site-local, deprecated (RFC 3879)"),
    // ff00::/8
    (0xff00_0000_0000_0000_0000_0000_0000_0000, 8, Verdict::Refused, "Multicast (RFC 4291)"),
    // fc00::/7
    (0xfc00_0000_0000_0000_0000_0000_0000_0000, 7, Verdict::Refused, "Unique-Local"),
];
