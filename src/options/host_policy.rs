//! The host policy: which hosts a URL may name (`allowed_hosts`), and whether private,
//! loopback and other local addresses are refused (`block_private_hosts`).
//!
//! The policy judges the host of the URL as it was parsed, the one `normalize()` returns:
//! `0x7f.1`, `2130706433` and `127.1` are `127.0.0.1` by then, `[::ffff:7f00:1]` is
//! `[::ffff:7f00:1]`, `bücher.de` is `xn--bcher-kva.de`, and `https://a.com\@b.com` names
//! `a.com`. So the host judged is the host a browser, and an HTTP client given the
//! normalized URL, connects to. Names are not resolved: a domain whose DNS points to a private
//! address passes (the HTTP client must pin and check the address it connects to).

use crate::standard::{parse, UrlHost};
use std::net::{Ipv4Addr, Ipv6Addr};
use url::Host;

/// One entry of `allowed_hosts`: a host exactly, or (`*.example.com`) its subdomains.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HostPattern {
    /// The host as a URL serializes it: ASCII, lowercase, IPv6 in brackets.
    host: String,
    /// `*.`: the subdomains of `host`, not `host` itself.
    subdomains: bool,
}

impl HostPattern {
    /// Reads an `allowed_hosts` entry with the URL parser's host rules, so it is compared with
    /// hosts in the form URLs give them: `Bücher.DE` is `xn--bcher-kva.de`, `0x7f.1` is
    /// `127.0.0.1`.
    ///
    /// # Errors
    ///
    /// Why the entry is no host: a port, a path or userinfo, a wildcard anywhere but a
    /// leading `*.` or on an IP address, or a host the parser rejects.
    pub(crate) fn parse(pattern: &str) -> Result<Self, String> {
        let (subdomains, host) = match pattern.strip_prefix("*.") {
            Some(rest) => (true, rest),
            None => (false, pattern),
        };
        let bracketed = host.starts_with('[') && host.ends_with(']');
        if host.is_empty()
            || host.contains(['*', '/', '\\', '?', '#', '@'])
            || host.chars().any(|c| c.is_whitespace() || c.is_control())
            || (host.contains(':') && !bracketed)
        {
            return Err(
                "a host is a name or an address, without scheme, port, path or `*` \
                        other than a leading `*.`"
                    .to_owned(),
            );
        }
        let url = parse(&format!("https://{host}/"))
            .map_err(|failure| format!("it is not a valid host: {}", failure.kind.description()))?;
        let (text, is_domain) = match url.host_of() {
            UrlHost::Domain(domain) => (domain.to_owned(), true),
            UrlHost::Ipv4(_, text) | UrlHost::Ipv6(_, text) => (text.to_owned(), false),
            _ => return Err("it is not a valid host".to_owned()),
        };
        if subdomains && !is_domain {
            return Err("`*.` applies to domain names, not to IP addresses".to_owned());
        }
        Ok(Self {
            host: text,
            subdomains,
        })
    }

    /// Whether `host` (a URL's host, lowercase for a domain) is this host or, for `*.`, one of
    /// its subdomains.
    fn matches(&self, host: &str) -> bool {
        if !self.subdomains {
            return host.eq_ignore_ascii_case(&self.host);
        }
        host.len() > self.host.len() + 1
            && host.is_char_boundary(host.len() - self.host.len() - 1)
            && {
                let (sub, parent) = host.split_at(host.len() - self.host.len());
                sub.ends_with('.') && parent.eq_ignore_ascii_case(&self.host)
            }
    }
}

/// The entry as the option takes it back: `*.` and the host in URL form.
impl std::fmt::Display for HostPattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.subdomains {
            true => write!(f, "*.{}", self.host),
            false => f.write_str(&self.host),
        }
    }
}

/// Why the policy refuses a host.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// Not in `allowed_hosts` (or no host at all, while the option is set).
    NotAllowed,
    /// A loopback, private, link-local, unique-local, unspecified, multicast, reserved or
    /// IPv4-mapped address, or `localhost` (`block_private_hosts`).
    Private,
}

/// The policy of the options `allowed_hosts` and `block_private_hosts`.
#[derive(Debug, Clone, Default)]
pub(crate) struct HostPolicy {
    pub(crate) allowed: Option<Vec<HostPattern>>,
    pub(crate) block_private: bool,
}

impl HostPolicy {
    /// Whether the policy has anything to check.
    pub(crate) fn is_set(&self) -> bool {
        self.allowed.is_some() || self.block_private
    }

    /// Judges a URL's host.
    pub(crate) fn check(&self, host: UrlHost<'_>) -> Result<(), Refusal> {
        if let Some(allowed) = &self.allowed {
            let text = match host {
                UrlHost::Empty => return Err(Refusal::NotAllowed),
                UrlHost::Domain(text)
                | UrlHost::Ipv4(_, text)
                | UrlHost::Ipv6(_, text)
                | UrlHost::Opaque(text) => text,
            };
            if !allowed.iter().any(|pattern| pattern.matches(text)) {
                return Err(Refusal::NotAllowed);
            }
        }
        if self.block_private && is_private(host) {
            return Err(Refusal::Private);
        }
        Ok(())
    }
}

/// Whether `host` is `localhost` (or under it), or an address that is not public.
fn is_private(host: UrlHost<'_>) -> bool {
    match host {
        UrlHost::Empty => false,
        UrlHost::Domain(domain) => is_localhost(domain),
        UrlHost::Ipv4(address, _) => is_private_ipv4(address),
        UrlHost::Ipv6(address, _) => is_private_ipv6(address),
        // Not an address for the URL Standard, but read as the host of a special URL, as an
        // HTTP client might read it: `foo://127.0.0.1/`, `foo://localhost/`.
        UrlHost::Opaque(opaque) => match Host::parse(opaque) {
            Ok(Host::Domain(domain)) => is_localhost(&domain),
            Ok(Host::Ipv4(address)) => is_private_ipv4(address),
            Ok(Host::Ipv6(address)) => is_private_ipv6(address),
            Err(_) => false,
        },
    }
}

/// `localhost` and its subdomains, which resolve to a loopback address (RFC 6761 §6.3).
fn is_localhost(domain: &str) -> bool {
    let domain = domain.trim_end_matches('.').to_ascii_lowercase();
    domain == "localhost" || domain.ends_with(".localhost")
}

/// IPv4 blocks that are not public unicast (IANA IPv4 special-purpose registry, RFC 6890):
/// the address and the prefix length.
const PRIVATE_IPV4: &[([u8; 4], u32)] = &[
    ([0, 0, 0, 0], 8),       // "this network", the unspecified address 0.0.0.0
    ([10, 0, 0, 0], 8),      // private (RFC 1918)
    ([100, 64, 0, 0], 10),   // shared address space, carrier-grade NAT (RFC 6598)
    ([127, 0, 0, 0], 8),     // loopback
    ([169, 254, 0, 0], 16),  // link-local, cloud metadata (169.254.169.254)
    ([172, 16, 0, 0], 12),   // private (RFC 1918)
    ([192, 0, 0, 0], 24),    // IETF protocol assignments
    ([192, 0, 2, 0], 24),    // documentation (TEST-NET-1)
    ([192, 88, 99, 0], 24),  // 6to4 relay anycast (deprecated)
    ([192, 168, 0, 0], 16),  // private (RFC 1918)
    ([198, 18, 0, 0], 15),   // benchmarking
    ([198, 51, 100, 0], 24), // documentation (TEST-NET-2)
    ([203, 0, 113, 0], 24),  // documentation (TEST-NET-3)
    ([224, 0, 0, 0], 4),     // multicast
    ([240, 0, 0, 0], 4),     // reserved, and the broadcast address 255.255.255.255
];

fn is_private_ipv4(address: Ipv4Addr) -> bool {
    let bits = u32::from(address);
    PRIVATE_IPV4.iter().any(|&(network, length)| {
        let mask = u32::MAX << (32 - length);
        bits & mask == u32::from(Ipv4Addr::from(network))
    })
}

/// IPv6 blocks that are not public unicast (IANA IPv6 special-purpose registry), as the
/// address and the prefix length. Blocks that embed an IPv4 address are judged by it, below.
const PRIVATE_IPV6: &[(u128, u32)] = &[
    (0, 96),                      // ::/96: unspecified, loopback, IPv4-compatible
    (0xffff_0000_0000, 96),       // ::ffff:0:0/96: IPv4-mapped, all of them
    (0x0064_ff9b_0001 << 80, 48), // 64:ff9b:1::/48: local-use NAT64
    (0x0100 << 112, 64),          // 100::/64: discard-only
    (0x2001_0002 << 96, 48),      // 2001:2::/48: benchmarking
    (0x2001_0db8 << 96, 32),      // 2001:db8::/32: documentation
    (0x3fff << 112, 20),          // 3fff::/20: documentation
    (0xfc00 << 112, 7),           // fc00::/7: unique local
    (0xfe80 << 112, 10),          // fe80::/10: link-local
    (0xfec0 << 112, 10),          // fec0::/10: site-local (deprecated)
    (0xff00 << 112, 8),           // ff00::/8: multicast
];

fn is_private_ipv6(address: Ipv6Addr) -> bool {
    let bits = u128::from(address);
    let in_block = |network: u128, length: u32| bits >> (128 - length) == network >> (128 - length);
    if PRIVATE_IPV6
        .iter()
        .any(|&(network, length)| in_block(network, length))
    {
        return true;
    }
    // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) reach the IPv4 address they embed.
    if in_block(0x0064_ff9b << 96, 96) {
        return is_private_ipv4(Ipv4Addr::from(bits as u32));
    }
    if in_block(0x2002 << 112, 16) {
        return is_private_ipv4(Ipv4Addr::from((bits >> 80) as u32));
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standard::ParsedUrl;

    fn host(url: &str) -> ParsedUrl {
        parse(url).unwrap_or_else(|f| panic!("{url}: {:?}", f.kind))
    }

    fn policy(allowed: &[&str], block_private: bool) -> HostPolicy {
        HostPolicy {
            allowed: (!allowed.is_empty()).then(|| {
                allowed
                    .iter()
                    .map(|p| HostPattern::parse(p).unwrap_or_else(|e| panic!("{p}: {e}")))
                    .collect()
            }),
            block_private,
        }
    }

    #[test]
    fn hosts_have_one_of_five_types() {
        for (url, name) in [
            ("https://example.com/", "domain"),
            ("https://xn--a.com/", "domain"),
            ("https://bücher.de/", "domain"),
            ("http://0x7f.1/", "ipv4"),
            ("http://[::1]/", "ipv6"),
            ("foo://Example.com/", "opaque"),
            ("mailto:a@b.c", "empty"),
            ("file:///etc/hosts", "empty"),
            ("foo:///x", "empty"),
        ] {
            assert_eq!(host(url).host_of().type_name(), name, "{url}");
        }
    }

    #[test]
    fn patterns_are_read_as_urls_read_hosts() {
        let read = |p: &str| HostPattern::parse(p).map(|p| (p.host, p.subdomains));
        assert_eq!(read("Bücher.DE"), Ok(("xn--bcher-kva.de".into(), false)));
        assert_eq!(read("*.bücher.de"), Ok(("xn--bcher-kva.de".into(), true)));
        assert_eq!(read("0x7f.1"), Ok(("127.0.0.1".into(), false)));
        assert_eq!(read("[0:0::1]"), Ok(("[::1]".into(), false)));
        assert_eq!(
            read("trusted。example"),
            Ok(("trusted.example".into(), false))
        );
        for bad in [
            "",
            "*.",
            "*",
            "a.*.com",
            "**.a.com",
            "a.com:443",
            "https://a.com",
            "a.com/x",
            "u@a.com",
            "exa mple.com",
            "*.127.0.0.1",
            "*.[::1]",
            "a.com\\x",
            "xn--a.1",
        ] {
            assert!(HostPattern::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn allowed_hosts_match_exactly_or_subdomains_only() {
        let policy = policy(
            &["example.com", "*.trusted.example", "10.0.0.1", "[::1]"],
            false,
        );
        let judged = |url: &str| policy.check(host(url).host_of());
        for ok in [
            "https://example.com/",
            "https://EXAMPLE.com/",
            "https://a.trusted.example/",
            "https://a.b.trusted.example/",
            "http://10.0.0.1/",
            "http://0xa.1/",
            "http://[0::1]/",
        ] {
            assert_eq!(judged(ok), Ok(()), "{ok}");
        }
        for refused in [
            "https://www.example.com/",
            "https://example.com./",
            "https://trusted.example/",
            "https://xtrusted.example/",
            "https://trusted.example.evil.example/",
            "http://10.0.0.2/",
            "mailto:a@example.com",
            "file:///x",
        ] {
            assert_eq!(judged(refused), Err(Refusal::NotAllowed), "{refused}");
        }
    }

    #[test]
    fn private_hosts_in_every_form_are_refused() {
        let policy = policy(&[], true);
        let judged = |url: &str| policy.check(host(url).host_of());
        for private in [
            "http://127.0.0.1/",
            "http://0x7f.1/",
            "http://2130706433/",
            "http://127.1/",
            "http://0177.0.0.1/",
            "http://127.0.0.1./",
            "http://0/",
            "http://10.1.2.3/",
            "http://172.31.255.255/",
            "http://192.168.1.1/",
            "http://169.254.169.254/",
            "http://100.64.0.1/",
            "http://224.0.0.1/",
            "http://255.255.255.255/",
            "http://[::]/",
            "http://[::1]/",
            "http://[::ffff:7f00:1]/",
            "http://[::ffff:8.8.8.8]/",
            "http://[::127.0.0.1]/",
            "http://[64:ff9b::a00:1]/",
            "http://[2002:c0a8:101::1]/",
            "http://[fc00::1]/",
            "http://[fd12:3456::1]/",
            "http://[fe80::1]/",
            "http://[ff02::1]/",
            "http://localhost/",
            "http://LOCALHOST./",
            "http://a.b.localhost/",
            "foo://127.0.0.1/",
            "foo://localhost:80/",
            "foo://[::1]/",
        ] {
            assert_eq!(judged(private), Err(Refusal::Private), "{private}");
        }
        for public in [
            "http://8.8.8.8/",
            "http://172.32.0.1/",
            "http://[2606:4700::1111]/",
            "http://[64:ff9b::808:808]/",
            "http://[2002:808:808::1]/",
            "https://example.com/",
            "https://localhost.example/",
            "https://notlocalhost/",
            "mailto:a@127.0.0.1",
            "file:///etc/passwd",
            "foo://example.com/",
        ] {
            assert_eq!(judged(public), Ok(()), "{public}");
        }
    }
}
