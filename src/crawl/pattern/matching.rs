//! Matching a compiled pattern: each of the eight components against its value.
//!
//! `test()` asks each component's matcher only whether it matches (the regular expression's
//! `is_match`, no captures, no allocation), the path and the host first since they decide
//! most often; `exec()` collects the groups in the order the pattern names them.

use super::ascii_dfa::AsciiDfa;
use super::error::PatternError;
use super::input::{self, MatchInput, Values};
use crate::crawl::parts::Parts;
use urlpattern::component::Component;
use urlpattern::matcher::InnerMatcher;
use urlpattern::quirks::StringOrInit;

/// What one component matched: its value and its groups, in the pattern's order (a group
/// that took no part in the match is `None`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComponentMatch {
    /// The value the component was matched against.
    pub input: String,
    /// The groups: `(name, value)`; unnamed groups are named `0`, `1`, ...
    pub groups: Vec<(String, Option<String>)>,
}

/// A match: one [`ComponentMatch`] per component, in URLPattern's order (protocol to hash).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternMatch {
    /// The components.
    pub components: [ComponentMatch; 8],
}

pub(crate) fn components(pattern: &urlpattern::UrlPattern) -> [&Component<regex::Regex>; 8] {
    [
        &pattern.protocol,
        &pattern.username,
        &pattern.password,
        &pattern.hostname,
        &pattern.port,
        &pattern.pathname,
        &pattern.search,
        &pattern.hash,
    ]
}

/// Whether one component matches `value`, without collecting its groups.
fn component_matches(
    component: &Component<regex::Regex>,
    folded: Option<&regex::Regex>,
    dfa: Option<&AsciiDfa>,
    value: &str,
) -> bool {
    if let Some(found) = dfa.and_then(|dfa| dfa.is_match(value)) {
        return found;
    }
    if let Some(folded) = folded {
        return folded.is_match(value);
    }
    let matcher = &component.matcher;
    match &matcher.inner {
        InnerMatcher::RegExp { .. } => component
            .regexp
            .as_ref()
            .is_ok_and(|regexp| regexp.is_match(value)),
        InnerMatcher::SingleCapture {
            filter,
            allow_empty,
        } if !matcher.ignore_case => {
            let Some(inner) = value
                .strip_prefix(matcher.prefix.as_str())
                .and_then(|rest| rest.strip_suffix(matcher.suffix.as_str()))
                .filter(|_| value.len() >= matcher.prefix.len() + matcher.suffix.len())
            else {
                return false;
            };
            (*allow_empty || !inner.is_empty()) && filter.is_none_or(|c| !inner.contains(c))
        }
        _ => matcher.matches(value).is_some(),
    }
}

/// The order in which `test()` asks the components: pathname, hostname, then the rest.
const TEST_ORDER: [usize; 8] = [5, 3, 0, 4, 6, 1, 2, 7];

/// Whether a URL in normal form matches.
pub(crate) fn test_url(
    pattern: &urlpattern::UrlPattern,
    folded: &Folded,
    dfas: &Dfas,
    active: &[usize],
    parts: &Parts<'_>,
) -> bool {
    let components = components(pattern);
    active.iter().all(|&i| {
        component_matches(
            components[i],
            folded[i].as_ref(),
            dfas[i].as_ref(),
            value(parts, i),
        )
    })
}

/// The full DFAs of the components that a regular expression decides: those whose matcher
/// is one, and those that `ignoreCase` folds.
pub(crate) type Dfas = [Option<AsciiDfa>; 8];

pub(crate) fn dfas(pattern: &urlpattern::UrlPattern, folded: &Folded) -> Dfas {
    let components = components(pattern);
    std::array::from_fn(|i| {
        let component = components[i];
        let by_regexp = matches!(component.matcher.inner, InnerMatcher::RegExp { .. });
        if !by_regexp && folded[i].is_none() {
            return None;
        }
        let regexp = component.regexp.as_ref().ok()?;
        AsciiDfa::build(regexp.as_str(), folded[i].is_some())
    })
}

/// The components `test()` must ask, in [`TEST_ORDER`]: a component whose pattern is a bare
/// `*` matches every value and is left out.
pub(crate) fn active_components(pattern: &urlpattern::UrlPattern, folded: &Folded) -> Vec<usize> {
    let components = components(pattern);
    TEST_ORDER
        .iter()
        .copied()
        .filter(|&i| {
            let matcher = &components[i].matcher;
            let matches_all = folded[i].is_none()
                && matcher.prefix.is_empty()
                && matcher.suffix.is_empty()
                && matches!(
                    matcher.inner,
                    InnerMatcher::SingleCapture {
                        filter: None,
                        allow_empty: true
                    }
                );
            !matches_all
        })
        .collect()
}

/// A URL's value for the component at `index` (URLPattern's order).
fn value<'a>(parts: &Parts<'a>, index: usize) -> &'a str {
    match index {
        0 => parts.scheme,
        1 => parts.username,
        2 => parts.password,
        3 => parts.host,
        4 => parts.port,
        5 => parts.path,
        6 => parts.query.unwrap_or(""),
        _ => parts.fragment.unwrap_or(""),
    }
}

/// The case-insensitive regular expressions of `ignoreCase`, per component.
pub(crate) type Folded = [Option<regex::Regex>; 8];

/// The match of `input`, with its groups.
pub(crate) fn exec(
    pattern: &urlpattern::UrlPattern,
    folded: &Folded,
    input: &MatchInput<'_>,
    base: Option<&[u8]>,
) -> Result<Option<PatternMatch>, PatternError> {
    match input {
        MatchInput::Components(_) if base.is_some() => Err(PatternError::BaseUrlWithComponents),
        MatchInput::Url(url) => {
            let Some(url) = input::read_url(url, base) else {
                return Ok(None);
            };
            Ok(exec_values(
                pattern,
                folded,
                &input::url_values(&url.parts()),
            ))
        }
        MatchInput::Components(given) => {
            let processed =
                urlpattern::quirks::process_match_input(StringOrInit::Init(given.to_init()), None)
                    .map_err(|_| PatternError::BaseUrlWithComponents)?;
            let Some((match_input, _)) = processed else {
                return Ok(None);
            };
            let Some(values) = urlpattern::quirks::parse_match_input(match_input) else {
                return Ok(None);
            };
            let values = Values {
                values: [
                    values.protocol.into(),
                    values.username.into(),
                    values.password.into(),
                    values.hostname.into(),
                    values.port.into(),
                    values.pathname.into(),
                    values.search.into(),
                    values.hash.into(),
                ],
            };
            Ok(exec_values(pattern, folded, &values))
        }
    }
}

fn exec_values(
    pattern: &urlpattern::UrlPattern,
    folded: &Folded,
    values: &Values<'_>,
) -> Option<PatternMatch> {
    let components = components(pattern);
    let mut found: Vec<ComponentMatch> = Vec::with_capacity(8);
    for ((component, value), folded) in components.iter().zip(&values.values).zip(folded) {
        let captures: Vec<Option<&str>> = match folded {
            Some(folded) => folded
                .captures(value)?
                .iter()
                .skip(1)
                .map(|c| c.map(|m| m.as_str()))
                .collect(),
            None => component.matcher.matches(value)?,
        };
        let groups = component
            .group_name_list
            .iter()
            .zip(captures)
            .map(|(name, capture)| (name.clone(), capture.map(str::to_owned)))
            .collect();
        found.push(ComponentMatch {
            input: value.to_string(),
            groups,
        });
    }
    let components: [ComponentMatch; 8] = found.try_into().ok()?;
    Some(PatternMatch { components })
}
