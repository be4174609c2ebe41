#!/usr/bin/env python3
"""Writes core/src/options/special_addresses.rs, the address table of `block_private_hosts`, from
IANA's IPv4 and IPv6 Special-Purpose Address Registries (testdata/iana/*.csv).

  scripts/special-addresses.py           rewrite the Rust file
  scripts/special-addresses.py --check   fail when the Rust file is not what this writes

Each registry row becomes one entry, judged by its "Globally Reachable" column: True is public,
False (and a terminated row's empty cell) is refused. The two rows marked N/A are decided
below, with their reasons, as are the blocks the policy adds beside the registries. An address
takes the verdict of the longest block that holds it.
"""
import csv
import ipaddress
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
REGISTRIES = [
    ROOT / "testdata/iana/iana-ipv4-special-registry-1.csv",
    ROOT / "testdata/iana/iana-ipv6-special-registry-1.csv",
]
OUTPUT = ROOT / "core/src/options/special_addresses.rs"

# Rows whose "Globally Reachable" is N/A: the registry leaves it to the address inside.
NOT_APPLICABLE = {
    # Teredo hides the IPv4 address it reaches (inverted bits) beside a server's: no host
    # should be reached through it, so the whole block is refused.
    "2001::/32": "refused",
    # 6to4 reaches the IPv4 address in bits 16 to 47.
    "2002::/16": "ipv4 at 16",
}
# Rows marked True that reach an IPv4 address inside them: that address decides.
EMBEDS_IPV4 = {
    # NAT64's well-known prefix: the IPv4 address is the last 32 bits (RFC 6052 §2.1).
    "64:ff9b::/96": "ipv4 at 96",
}
# Blocks outside the special-purpose registries that are no public unicast host either.
EXTRA = [
    ("224.0.0.0/4", "Multicast (RFC 5771)", "refused"),
    ("ff00::/8", "Multicast (RFC 4291)", "refused"),
    ("::/96", "IPv4-compatible, deprecated (RFC 4291 §2.5.5.1)", "refused"),
    ("::ffff:0:0:0/96", "IPv4-translated (RFC 2765)", "refused"),
    ("fec0::/10", "Site-local, deprecated (RFC 3879)", "refused"),
]

FOOTNOTE = re.compile(r"\s*\[\d+\]")


def rows():
    """(block, name, verdict) for every block of both registries, then the extra ones."""
    for path in REGISTRIES:
        with path.open(newline="") as registry:
            for row in csv.DictReader(registry):
                reachable = FOOTNOTE.sub("", row["Globally Reachable"]).strip()
                name = " ".join(row["Name"].split())
                for block in FOOTNOTE.sub("", row["Address Block"]).split(","):
                    block = str(ipaddress.ip_network(block.strip()))
                    if reachable == "N/A":
                        verdict = NOT_APPLICABLE[block]
                    elif reachable == "True":
                        verdict = EMBEDS_IPV4.get(block, "public")
                    elif reachable in ("False", ""):
                        verdict = "refused"
                    else:
                        sys.exit(f"{path.name}: {block}: unknown Globally Reachable `{reachable}`")
                    yield block, name, verdict
    for block, name, verdict in EXTRA:
        yield str(ipaddress.ip_network(block)), name, verdict


def rust_verdict(verdict):
    if verdict == "public":
        return "Verdict::Public"
    if verdict == "refused":
        return "Verdict::Refused"
    return f"Verdict::EmbedsIpv4 {{ at: {int(verdict.split()[-1])} }}"


def render():
    entries = {4: [], 6: []}
    for block, name, verdict in rows():
        network = ipaddress.ip_network(block)
        entries[network.version].append((network, name, verdict))
    lines = [
        "//! The address table of `block_private_hosts`: IANA's IPv4 and IPv6 Special-Purpose",
        "//! Address Registries (testdata/iana/), and the blocks the policy adds beside them.",
        "//! Written by scripts/special-addresses.py; scripts/test checks that it is that script's",
        "//! output, so change the script or the registries, not this file.",
        "",
        "/// What an address in a block is.",
        "#[derive(Debug, Clone, Copy, PartialEq, Eq)]",
        "pub(crate) enum Verdict {",
        "    /// Globally reachable: a public host may have it.",
        "    Public,",
        "    /// Not globally reachable, or a tunnel that hides where it leads.",
        "    Refused,",
        "    /// Reaches the IPv4 address in the 32 bits from bit `at`: that address decides.",
        "    EmbedsIpv4 {",
        "        /// The first bit of the IPv4 address, counted from the left.",
        "        at: u32,",
        "    },",
        "}",
        "",
        "/// A block: its first address, its prefix length, its verdict and the registry's name.",
        "pub(crate) type Block<T> = (T, u32, Verdict, &'static str);",
        "",
    ]
    for version, kind in ((4, "u32"), (6, "u128")):
        # The longest prefix first: the first block that holds an address decides.
        ordered = sorted(entries[version], key=lambda e: (-e[0].prefixlen, int(e[0].network_address)))
        lines.append(f"/// The IPv{version} blocks, longest prefix first.")
        lines.append("#[rustfmt::skip]")
        lines.append(f"pub(crate) const IPV{version}: &[Block<{kind}>] = &[")
        for network, name, verdict in ordered:
            address = f"0x{int(network.network_address):0{8 if version == 4 else 32}x}"
            if version == 6:
                address = "0x" + "_".join(address[2:][i:i + 4] for i in range(0, 32, 4))
            else:
                address = "0x" + "_".join(address[2:][i:i + 4] for i in range(0, 8, 4))
            lines.append(f"    // {network}")
            quoted = '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'
            lines.append(f"    ({address}, {network.prefixlen}, {rust_verdict(verdict)}, {quoted}),")
        lines.append("];")
        lines.append("")
    return "\n".join(lines)


def main():
    text = render()
    if sys.argv[1:] == ["--check"]:
        if OUTPUT.read_text() != text:
            sys.exit(f"{OUTPUT.relative_to(ROOT)} is not what scripts/special-addresses.py writes: run it")
        print(f"{OUTPUT.relative_to(ROOT)} is the registries' table")
        return
    if sys.argv[1:]:
        sys.exit("usage: scripts/special-addresses.py [--check]")
    OUTPUT.write_text(text)


if __name__ == "__main__":
    main()
