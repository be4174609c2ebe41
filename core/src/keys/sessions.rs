//! Session ids, in a query and inside a path: what `REMOVE_SESSION_IDS` removes.

use super::query::matches_any;
use regex::Regex;
use std::borrow::Cow;
use std::sync::LazyLock;

/// Query parameters that carry a session (globs, case-insensitive). `sid` is matched only
/// with a token-like value (see [`is_session_pair`]), since it also means "site id".
const SESSION_PARAMETERS: &[&str] = &[
    "jsessionid",
    "phpsessid",
    "aspsessionid*",
    "asp.net_sessionid",
    "sessionid",
    "session_id",
    "sessid",
    "cfid",
    "cftoken",
    "zenid",
    "oscsid",
];

/// `sid` counts as a session id only with a token-like value (16 or more letters and digits),
/// as the Internet Archive's canonicalizer does; the other names always do.
pub(super) fn is_session_pair(key: &str, value: &str) -> bool {
    if key.eq_ignore_ascii_case("sid") {
        return value.len() >= 16 && value.bytes().all(|b| b.is_ascii_alphanumeric());
    }
    matches_any(key, SESSION_PARAMETERS)
}

/// `;jsessionid=...` inside a segment, and ASP.NET's cookieless session segments
/// `(S(xxxxxxxxxxxxxxxxxxxxxxxx))` and `(xxxxxxxxxxxxxxxxxxxxxxxx)`.
pub(super) fn remove_path_sessions(path: Cow<'_, str>) -> Cow<'_, str> {
    static JSESSIONID: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"(?i);jsessionid=[^/;]*").expect("valid pattern"));
    static ASP_NET: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)/\((?:[a-z]\([0-9a-z]{24}\))+\)|/\([0-9a-z]{24}\)").expect("valid pattern")
    });
    let mut path = path;
    if path.contains(';') {
        if let Cow::Owned(without) = JSESSIONID.replace_all(&path, "") {
            path = Cow::Owned(without);
        }
    }
    if path.contains("/(") {
        // Only whole segments: the match must be followed by `/` or the end of the path.
        let mut kept = String::with_capacity(path.len());
        let mut last = 0;
        for found in ASP_NET.find_iter(&path) {
            let whole_segment =
                path[found.end()..].is_empty() || path[found.end()..].starts_with('/');
            if whole_segment {
                kept.push_str(&path[last..found.start()]);
                last = found.end();
            }
        }
        if last > 0 {
            kept.push_str(&path[last..]);
            path = Cow::Owned(if kept.is_empty() {
                "/".to_owned()
            } else {
                kept
            });
        }
    }
    path
}
