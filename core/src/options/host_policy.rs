//! The host policy: which hosts a URL may name (`allowed_hosts`), and whether private,
//! loopback and other local addresses are refused (`block_private_hosts`).
//!
//! The policy judges the host of the URL as it was parsed, the one `normalize()` returns:
//! `0x7f.1`, `2130706433` and `127.1` are `127.0.0.1` by then, `[::ffff:7f00:1]` is
//! `[::ffff:7f00:1]`, `bücher.de` is `xn--bcher-kva.de`, and `https://a.com\@b.com` names
//! `a.com`. So the host judged is the host a browser, and an HTTP client given the
//! normalized URL, connects to. Names are not resolved: a domain whose DNS points to a private
//! address passes (the HTTP client must pin and check the address it connects to).
//!
//! An address is public when IANA's special-purpose registries call it globally reachable, or
//! do not list it (`special_addresses.rs`, written from them). Of the IPv6 forms of IPv4
//! addresses, NAT64's `64:ff9b::/96` and 6to4's `2002::/16` are judged by the IPv4 address
//! they reach; IPv4-mapped, -compatible and -translated addresses, which no public IPv6 host
//! has, are refused whatever they hold, as is Teredo, which hides where it leads.

use super::special_addresses::{Block, Verdict, IPV4, IPV6};
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
    /// An address that is not globally reachable, a loopback name, or no host at all
    /// (`block_private_hosts`).
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

/// Whether `host` is a loopback name or an address that is not public, or is missing: a URL
/// without a host (`file:///etc/passwd`, `mailto:`) reaches no public server either.
fn is_private(host: UrlHost<'_>) -> bool {
    match host {
        UrlHost::Empty => true,
        UrlHost::Domain(domain) => is_loopback_name(domain),
        UrlHost::Ipv4(address, _) => is_private_ipv4(address),
        UrlHost::Ipv6(address, _) => is_private_ipv6(address),
        // Not an address for the URL Standard, but read as the host of a special URL, as an
        // HTTP client might read it: `foo://127.0.0.1/`, `foo://localhost/`.
        UrlHost::Opaque(opaque) => match Host::parse(opaque) {
            Ok(Host::Domain(domain)) => is_loopback_name(&domain),
            Ok(Host::Ipv4(address)) => is_private_ipv4(address),
            Ok(Host::Ipv6(address)) => is_private_ipv6(address),
            Err(_) => false,
        },
    }
}

/// Names that resolve to a loopback address beside `localhost` and its subdomains (RFC 6761
/// §6.3): those of the `/etc/hosts` that Debian and Docker containers ship.
const LOOPBACK_NAMES: &[&str] = &[
    "ip6-localhost",
    "ip6-loopback",
    "localhost.localdomain",
    "localhost6",
    "localhost6.localdomain6",
];

/// `localhost`, its subdomains, or one of [`LOOPBACK_NAMES`], with or without a final dot.
fn is_loopback_name(domain: &str) -> bool {
    let domain = domain
        .strip_suffix('.')
        .unwrap_or(domain)
        .to_ascii_lowercase();
    domain == "localhost"
        || domain.ends_with(".localhost")
        || LOOPBACK_NAMES.contains(&domain.as_str())
}

/// The verdict of the longest block of `blocks` (longest first) that holds `address`, an
/// address of `width` bits; an address in no block is public.
fn verdict<T: Copy + Into<u128>>(address: u128, width: u32, blocks: &[Block<T>]) -> Verdict {
    blocks
        .iter()
        .find(|&&(network, length, ..)| {
            (address ^ network.into())
                .checked_shr(width - length)
                .unwrap_or(0)
                == 0
        })
        .map_or(Verdict::Public, |&(_, _, verdict, _)| verdict)
}

fn is_private_ipv4(address: Ipv4Addr) -> bool {
    verdict(u32::from(address).into(), 32, IPV4) != Verdict::Public
}

fn is_private_ipv6(address: Ipv6Addr) -> bool {
    let bits = u128::from(address);
    match verdict(bits, 128, IPV6) {
        Verdict::Public => false,
        Verdict::Refused => true,
        Verdict::EmbedsIpv4 { at } => is_private_ipv4(Ipv4Addr::from((bits >> (96 - at)) as u32)),
    }
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
            "http://ip6-localhost/",
            "http://ip6-loopback./",
            "http://localhost.localdomain/",
            "http://LOCALHOST6/",
            "http://localhost6.localdomain6/",
            "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
            "http://[2001::1]/",
            "http://[::ffff:0:7f00:1]/",
            "http://[5f00::1]/",
            "http://[100:0:0:1::1]/",
            "http://[64:ff9b:1::808:808]/",
            "http://[2002:7f00:1::]/",
            "file://localhost/etc/passwd",
            "file:///etc/passwd",
            "mailto:a@127.0.0.1",
            "data:text/plain,x",
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
            "https://ip6-localhost.example/",
            "http://192.0.0.9/",
            "http://[2001:1::1]/",
            "http://[2001:4:112::1]/",
            "foo://example.com/",
            "file://fileserver.example/share",
        ] {
            assert_eq!(judged(public), Ok(()), "{public}");
        }
    }
}
