//! Stage 5, site and display: the Public Suffix List and same-site, the kind of host, and
//! the URL as a person should read it (with the spoof checks that guard it).

pub(crate) mod display;
pub(crate) mod host_type;
pub(crate) mod psl;
pub(crate) mod spoof_checks;
