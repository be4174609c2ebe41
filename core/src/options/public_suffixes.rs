//! The `public_suffixes` option: which sections of the Public Suffix List decide where a
//! site begins.

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
