//! Stage 4, transforms and keys: `canonicalize()` and its flags, query parameters, SURT
//! keys and fingerprints, all computed on the URL `normalize()` reads.

pub(crate) mod canonical;
mod canonical_fast;
mod escapes;
pub(crate) mod fingerprint;
pub(crate) mod flags;
mod pass;
pub(crate) mod query;
mod sessions;
pub(crate) mod surt;
