//! Sites: the public suffix and the registrable domain of a host, from the Public Suffix
//! List, and the HTML Standard's same-site test built on them.
//!
//! The list is the `psl` crate's, compiled in (no file to download or cache). It marks each
//! rule as ICANN or private; private rules (`github.io`, `blogspot.com`) apply unless
//! [`PublicSuffixes::Icann`] is asked for, as browsers do for same-site and cookies.
//! <https://url.spec.whatwg.org/#host-public-suffix>

use psl::{List, Psl, Type};

/// Which sections of the Public Suffix List decide where a site begins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PublicSuffixes {
    /// The whole list: `a.github.io` and `b.github.io` are different sites (browsers' rule).
    #[default]
    All,
    /// The ICANN section only: `github.io` is the registrable domain of `a.github.io`.
    Icann,
}

impl PublicSuffixes {
    /// The option value that names this choice (`'all'` or `'icann'`).
    pub fn name(self) -> &'static str {
        match self {
            Self::All => "all",
            Self::Icann => "icann",
        }
    }

    /// The choice an option value names, if any.
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "all" => Some(Self::All),
            "icann" => Some(Self::Icann),
            _ => None,
        }
    }
}

/// The public suffix of an ASCII, lowercase domain (as a parsed URL holds it), or `None`
/// when the domain has an empty label (`.com`, `a..b`), which no rule of the list can
/// describe. A trailing dot is kept, as the URL Standard keeps it.
///
/// Unlisted top-level domains are their own public suffix (the list's implicit `*` rule):
/// `localhost` is the public suffix of `localhost`.
pub(crate) fn public_suffix_of_host(domain: &str, sections: PublicSuffixes) -> Option<&str> {
    let (name, trailing_dot) = without_trailing_dot(domain);
    if name.split('.').any(str::is_empty) {
        return None;
    }
    let length = suffix_length(name, sections);
    Some(&domain[name.len() - length..name.len() + trailing_dot])
}

/// The registrable domain (eTLD+1) of an ASCII, lowercase domain: its public suffix and the
/// label before it. `None` when the domain is itself a public suffix (`co.uk`, `github.io`)
/// or has an empty label.
pub(crate) fn registrable_domain_of_host(domain: &str, sections: PublicSuffixes) -> Option<&str> {
    let (name, trailing_dot) = without_trailing_dot(domain);
    if name.split('.').any(str::is_empty) {
        return None;
    }
    let length = suffix_length(name, sections);
    let rest = name[..name.len() - length].strip_suffix('.')?;
    let start = rest.rfind('.').map_or(0, |dot| dot + 1);
    Some(&domain[start..name.len() + trailing_dot])
}

fn without_trailing_dot(domain: &str) -> (&str, usize) {
    match domain.strip_suffix('.') {
        Some(name) => (name, 1),
        None => (domain, 0),
    }
}

/// The length in bytes of the public suffix of `name` (no trailing dot, no empty label).
///
/// With [`PublicSuffixes::Icann`], a private rule's match is shortened one label at a time
/// until the list answers with an ICANN (or the implicit `*`) rule: the longest ICANN rule
/// matching `name` is always a suffix of the longest rule of either section.
fn suffix_length(name: &str, sections: PublicSuffixes) -> usize {
    let mut candidate = name;
    loop {
        let info = List.find(candidate.as_bytes().rsplit(|b| *b == b'.'));
        let found = &candidate[candidate.len() - info.len..];
        match (sections, info.typ, found.split_once('.')) {
            (PublicSuffixes::Icann, Some(Type::Private), Some((_, shorter))) => {
                candidate = shorter;
            }
            _ => return info.len,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn registrable(domain: &str) -> Option<&str> {
        registrable_domain_of_host(domain, PublicSuffixes::All)
    }

    #[test]
    fn registrable_domains_follow_the_list() {
        assert_eq!(registrable("www.example.co.uk"), Some("example.co.uk"));
        assert_eq!(registrable("co.uk"), None);
        assert_eq!(registrable("a.b.c.kobe.jp"), Some("b.c.kobe.jp"));
        assert_eq!(registrable("www.www.ck"), Some("www.ck"));
        assert_eq!(
            registrable("www.xn--85x722f.xn--55qx5d.cn"),
            Some("xn--85x722f.xn--55qx5d.cn")
        );
        assert_eq!(registrable("localhost"), None);
        assert_eq!(registrable("a.example"), Some("a.example"));
    }

    #[test]
    fn private_rules_apply_unless_only_icann_is_asked_for() {
        assert_eq!(registrable("a.github.io"), Some("a.github.io"));
        assert_eq!(registrable("github.io"), None);
        assert_eq!(
            registrable_domain_of_host("a.github.io", PublicSuffixes::Icann),
            Some("github.io")
        );
        assert_eq!(
            registrable("x.bucket.s3.amazonaws.com"),
            Some("bucket.s3.amazonaws.com")
        );
        assert_eq!(
            registrable_domain_of_host("x.bucket.s3.amazonaws.com", PublicSuffixes::Icann),
            Some("amazonaws.com")
        );
        assert_eq!(
            public_suffix_of_host("a.github.io", PublicSuffixes::All),
            Some("github.io")
        );
        assert_eq!(
            public_suffix_of_host("a.github.io", PublicSuffixes::Icann),
            Some("io")
        );
    }

    #[test]
    fn trailing_dots_are_kept_and_empty_labels_have_no_suffix() {
        assert_eq!(registrable("www.example.com."), Some("example.com."));
        assert_eq!(
            public_suffix_of_host("www.example.com.", PublicSuffixes::All),
            Some("com.")
        );
        assert_eq!(registrable(".example.com"), None);
        assert_eq!(public_suffix_of_host("a..com", PublicSuffixes::All), None);
        assert_eq!(
            public_suffix_of_host("localhost", PublicSuffixes::All),
            Some("localhost")
        );
    }
}
