//! The fast path of `canonicalize()`: the transforms run on the text of a URL in normal form,
//! with no parse.
//!
//! The input goes through `normalize()`'s fast path first; where that answers, the URL is in
//! normal form (an `http(s)` URL with a domain, no userinfo, a path, maybe a query and a
//! fragment), and each component is a slice of its text, exactly what the parsed URL's
//! getters would give. Then:
//!
//! * the rules that only cut or reorder what the parser already wrote (duplicate slashes,
//!   directory indexes and trailing slashes; query parameters removed, deduplicated,
//!   sorted; an empty query; fragments) run on the slices, with the very functions the full
//!   path runs ([`Pass::rewritten_path`], [`Pass::rewritten_query`],
//!   [`Pass::rewritten_fragment`]). What they write is made of encoded slices, so setting it
//!   on a parsed URL would change nothing more;
//! * the rules that can make the parser read the URL anew (escapes rewritten, the scheme made
//!   `https`, `www.` removed, a session id removed from the path) are only checked: where one
//!   would change the URL, the full path answers.
//!
//! **Proof obligation**: wherever [`canonical_fast`] answers, the full path gives the same
//! string. `tests/canonicalize_fast_path.rs` and the fuzz target `canonicalize` hold it.

use super::escapes::rewrite_escapes;
use super::flags::Flags;
use super::pass::Pass;
use super::sessions::remove_path_sessions;
use crate::input::{strip_web_prefix, SchemeCase};
use crate::standard::serialized::Parts;
use std::borrow::Cow;

/// The canonical form of `normal` (a URL that `normalize()`'s fast path gave), or `None`
/// when only the full path knows it.
pub(super) fn canonical_fast<'a>(normal: Cow<'a, str>, pass: &Pass<'_>) -> Option<Cow<'a, str>> {
    let (scheme, _) = strip_web_prefix(normal.as_bytes(), SchemeCase::Serialized)?;
    let parts = Parts::of(&normal);
    if !parts.path.starts_with('/') {
        return None;
    }
    let origin = &normal[..parts.path_start];
    let capitalize = pass.has(Flags::CAPITALIZE_PERCENT_ENCODING);
    let decode = pass.has(Flags::DECODE_UNRESERVED_CHARACTERS);
    if capitalize || decode {
        let components = [Some(parts.path), parts.query, parts.fragment];
        let unchanged =
            |text: &str| matches!(rewrite_escapes(text, capitalize, decode), Cow::Borrowed(_));
        if !components.into_iter().flatten().all(unchanged) {
            return None;
        }
    }
    if pass.has(Flags::FORCE_HTTPS) && pass.options.allows_scheme("https") && scheme.name == "http"
    {
        return None;
    }
    if pass.has(Flags::REMOVE_WWW) && parts.host.starts_with("www.") {
        return None;
    }
    let sessions = pass.has(Flags::REMOVE_SESSION_IDS);
    if sessions
        && matches!(
            remove_path_sessions(Cow::Borrowed(parts.path)),
            Cow::Owned(_)
        )
    {
        return None;
    }
    let path = pass.rewritten_path(parts.path);
    let query = parts.query.and_then(|query| pass.rewritten_query(query));
    let fragment = parts
        .fragment
        .and_then(|fragment| pass.rewritten_fragment(fragment));
    if path.is_none() && query.is_none() && fragment.is_none() {
        return Some(normal);
    }
    let mut url = String::with_capacity(normal.len());
    url.push_str(origin);
    url.push_str(path.as_deref().unwrap_or(parts.path));
    let query = query.unwrap_or(parts.query.map(str::to_owned));
    if let Some(query) = query {
        url.push('?');
        url.push_str(&query);
    }
    let fragment = fragment.unwrap_or(parts.fragment.map(str::to_owned));
    if let Some(fragment) = fragment {
        url.push('#');
        url.push_str(&fragment);
    }
    Some(Cow::Owned(url))
}
