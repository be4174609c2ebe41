//! `block_private_hosts` against IANA's IPv4 and IPv6 Special-Purpose Address Registries
//! (testdata/iana/), read here on their own, apart from the generator that writes the policy's
//! table: every block the registries call not globally reachable is refused at its first and
//! last address, every globally reachable one is let through, and the IPv6 forms that reach
//! an IPv4 address are judged by it.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::path::PathBuf;
use url_normalize_core::{normalize, ErrorKind, OptionValue, Options};

/// One registry row: its blocks and its "Globally Reachable" cell without footnotes.
struct Row {
    blocks: Vec<(IpAddr, u32)>,
    name: String,
    reachable: String,
}

/// RFC 4180 records: quoted cells may hold commas, doubled quotes and line breaks.
fn csv_records(text: &str) -> Vec<Vec<String>> {
    let (mut records, mut record, mut cell) = (Vec::new(), Vec::new(), String::new());
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => cell.push(c),
            (false, '"') => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut cell)),
            (false, '\r') => {}
            (false, '\n') => {
                record.push(std::mem::take(&mut cell));
                records.push(std::mem::take(&mut record));
            }
            (false, c) => cell.push(c),
        }
    }
    if !cell.is_empty() || !record.is_empty() {
        record.push(cell);
        records.push(record);
    }
    records
}

/// `text` without IANA's footnote marks (`False [1]`, `192.0.0.0/24 [2]`).
fn without_footnotes(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find(" [") {
        let close = rest[open..].find(']').map(|at| open + at + 1);
        let is_mark = close.is_some_and(|close| {
            rest[open + 2..close - 1]
                .bytes()
                .all(|b| b.is_ascii_digit())
        });
        match (is_mark, close) {
            (true, Some(close)) => {
                out.push_str(&rest[..open]);
                rest = &rest[close..];
            }
            _ => {
                out.push_str(&rest[..open + 2]);
                rest = &rest[open + 2..];
            }
        }
    }
    out.push_str(rest);
    out.trim().to_owned()
}

fn registry(file: &str) -> Vec<Row> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../testdata/iana")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let records = csv_records(&text);
    assert_eq!(records[0][0], "Address Block", "{file}: the header");
    assert_eq!(records[0][8], "Globally Reachable", "{file}: the header");
    records[1..]
        .iter()
        .map(|record| Row {
            blocks: without_footnotes(&record[0])
                .split(',')
                .map(|block| {
                    let (address, length) = block.trim().split_once('/').expect("a prefix");
                    (
                        address.parse().expect("an address"),
                        length.parse().expect("a length"),
                    )
                })
                .collect(),
            name: record[1].clone(),
            reachable: without_footnotes(&record[8]),
        })
        .collect()
}

/// The first and the last address of a block.
fn ends(address: IpAddr, length: u32) -> [IpAddr; 2] {
    match address {
        IpAddr::V4(v4) => {
            let host_bits = u32::MAX.checked_shr(length).unwrap_or(0);
            let first = u32::from(v4) & !host_bits;
            [first, first | host_bits].map(|a| IpAddr::V4(Ipv4Addr::from(a)))
        }
        IpAddr::V6(v6) => {
            let host_bits = u128::MAX.checked_shr(length).unwrap_or(0);
            let first = u128::from(v6) & !host_bits;
            [first, first | host_bits].map(|a| IpAddr::V6(Ipv6Addr::from(a)))
        }
    }
}

fn url(address: IpAddr) -> String {
    match address {
        IpAddr::V4(v4) => format!("http://{v4}/"),
        IpAddr::V6(v6) => format!("http://[{v6}]/"),
    }
}

fn blocking() -> Options {
    let mut options = Options::default();
    options
        .set("block_private_hosts", OptionValue::Bool(true))
        .unwrap();
    options
}

fn refused(address: IpAddr) -> bool {
    match normalize(url(address).as_bytes(), &blocking()) {
        Ok(_) => false,
        Err(err) => {
            assert_eq!(err.kind(), ErrorKind::PrivateHost, "{}", url(address));
            true
        }
    }
}

/// The IPv6 blocks that reach the IPv4 address inside them, and the bit it starts at.
const EMBEDDING: &[(&str, u32)] = &[("64:ff9b::", 96), ("2002::", 16)];

/// `address` with the IPv4 address `v4` written into its 32 bits from bit `at`.
fn with_ipv4(address: IpAddr, at: u32, v4: Ipv4Addr) -> IpAddr {
    let IpAddr::V6(v6) = address else {
        panic!("{address} is no IPv6 address")
    };
    let shift = 96 - at;
    let cleared = u128::from(v6) & !(u128::from(u32::MAX) << shift);
    IpAddr::V6(Ipv6Addr::from(
        cleared | (u128::from(u32::from(v4)) << shift),
    ))
}

#[test]
fn every_block_that_is_not_globally_reachable_is_refused_at_both_ends() {
    let mut checked = 0;
    for file in [
        "iana-ipv4-special-registry-1.csv",
        "iana-ipv6-special-registry-1.csv",
    ] {
        let rows = registry(file);
        assert!(rows.len() >= 20, "{file}: {} rows", rows.len());
        for row in rows
            .iter()
            .filter(|r| matches!(r.reachable.as_str(), "False" | ""))
        {
            for &(address, length) in &row.blocks {
                for end in ends(address, length) {
                    assert!(
                        refused(end),
                        "{} ({}, {address}/{length})",
                        url(end),
                        row.name
                    );
                    checked += 1;
                }
            }
        }
    }
    // 21 IPv4 blocks (one row lists two) and 14 IPv6 blocks, both ends of each.
    assert_eq!(checked, 2 * (21 + 14));
}

#[test]
fn every_globally_reachable_block_passes_unless_it_reaches_a_private_ipv4_address() {
    let public = Ipv4Addr::new(8, 8, 8, 8);
    let loopback = Ipv4Addr::new(127, 0, 0, 1);
    for file in [
        "iana-ipv4-special-registry-1.csv",
        "iana-ipv6-special-registry-1.csv",
    ] {
        for row in registry(file).iter().filter(|r| r.reachable == "True") {
            for &(address, length) in &row.blocks {
                let embedded = EMBEDDING
                    .iter()
                    .find(|(prefix, _)| address == prefix.parse::<IpAddr>().unwrap());
                match embedded {
                    None => {
                        for end in ends(address, length) {
                            assert!(!refused(end), "{} ({})", url(end), row.name);
                        }
                    }
                    Some(&(_, at)) => {
                        assert!(!refused(with_ipv4(address, at, public)), "{}", row.name);
                        assert!(refused(with_ipv4(address, at, loopback)), "{}", row.name);
                    }
                }
            }
        }
    }
}

#[test]
fn the_blocks_whose_reachability_is_not_applicable_are_decided() {
    let teredo = registry("iana-ipv6-special-registry-1.csv")
        .into_iter()
        .filter(|row| row.reachable == "N/A")
        .map(|row| (row.name, row.blocks[0]))
        .collect::<Vec<_>>();
    let names: Vec<&str> = teredo.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, ["TEREDO", "6to4"], "the rows a decision covers");
    // Teredo whole, whatever it holds; 6to4 by the IPv4 address in bits 16 to 47.
    let (_, (address, length)) = teredo[0];
    for end in ends(address, length) {
        assert!(refused(end), "{}", url(end));
    }
    let (_, (address, _)) = teredo[1];
    assert!(!refused(with_ipv4(address, 16, Ipv4Addr::new(8, 8, 8, 8))));
    assert!(refused(with_ipv4(address, 16, Ipv4Addr::new(10, 0, 0, 1))));
}

#[test]
fn the_ipv6_forms_of_ipv4_addresses_and_multicast_are_refused() {
    for form in [
        "::ffff:8.8.8.8",   // IPv4-mapped
        "::8.8.8.8",        // IPv4-compatible
        "::ffff:0:808:808", // IPv4-translated
        "::ffff:0:7f00:1",  // IPv4-translated, loopback
        "ff0e::1",          // multicast
        "fec0::1",          // site-local
    ] {
        assert!(refused(form.parse().unwrap()), "{form}");
    }
    for multicast in ["224.0.0.1", "239.255.255.255"] {
        assert!(refused(multicast.parse().unwrap()), "{multicast}");
    }
    for public in ["8.8.8.8", "2606:4700::1111", "2001:4860:4860::8888"] {
        assert!(!refused(public.parse().unwrap()), "{public}");
    }
}
