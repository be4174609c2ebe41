//! Stage 1, reading the input: PHP's bytes become the text the URL parser reads (invalid
//! UTF-8 kept as `%XX`, the standard's stripping, the scheme-less rule and the default
//! scheme), and one scan records where its parts are for every later stage.

pub(crate) mod authority;
pub(crate) mod layout;
#[cfg(test)]
pub(crate) mod random_inputs;
pub(crate) mod redact;
pub(crate) mod scheme;
pub(crate) mod text;

pub(crate) use authority::{authority_length, read_authority, split_authority, split_userinfo};
pub(crate) use layout::{layout, HostSource, Layout};
pub(crate) use scheme::{
    is_network_scheme, is_scheme_name, is_slash, is_special_scheme, split_scheme, strip_web_prefix,
    web_scheme, with_default_scheme, NotAbsolute, SchemeCase,
};
pub(crate) use text::{bytes_to_str, strip};
