//! Stage 6, the URL layer of a crawler: may this URL be fetched ([`robots`], RFC 9309), and is
//! it in scope ([`pattern`], the WHATWG URLPattern, and [`scope`], include and exclude lists
//! built on it and on the earlier stages' hosts and sites). Every URL given to them is read
//! as [`crate::normalize()`] reads it; [`parts`] finds the components of the normal form.

pub(crate) mod parts;
pub(crate) mod pattern;
pub(crate) mod robots;
pub(crate) mod scope;
