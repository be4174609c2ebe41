//! Matching a compiled pattern: each of the eight components against its value.
//!
//! `test()` asks each component's matcher only whether it matches (the regular expression's
//! `is_match`, no captures, no allocation), the path and the host first since they decide
//! most often; `exec()` collects the groups in the order the pattern names them.

use super::ascii_dfa::AsciiDfa;
use super::error::PatternError;
use super::input::{self, MatchInput, Values};
use crate::crawl::parts::{in_pattern_order, Parts};
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
    value: &str,
) -> bool {
    if let Some(folded) = folded {
        return folded.is_match(value);
    }
    let matcher = &component.matcher;
    match &matcher.inner {
        InnerMatcher::RegExp { .. } => component
            .regexp
            .as_ref()
            .is_ok_and(|regexp| regexp.is_match(value)),
        _ => matcher.matches(value).is_some(),
    }
}

/// The order in which `test()` asks the components: pathname, hostname, then the rest.
const TEST_ORDER: [usize; 8] = [5, 3, 0, 4, 6, 1, 2, 7];

/// How `test()` decides one component, chosen when the pattern is compiled so that a call
/// does no dispatch on the `urlpattern` crate's matcher.
#[derive(Debug)]
enum Check {
    /// A fixed string (prefix, literal and suffix together): one comparison.
    Exact(Box<str>),
    /// A fixed prefix and suffix around one wildcard (`*.example.com`, `/blog/:slug`): the
    /// value between them is not empty unless `allow_empty`, and lacks `filter`.
    Capture {
        prefix: Box<str>,
        suffix: Box<str>,
        filter: Option<char>,
        allow_empty: bool,
    },
    /// A regular expression as a DFA over ASCII; other values ask [`component_matches`].
    Dfa(Box<AsciiDfa>),
    /// Anything else: [`component_matches`].
    Matcher,
}

/// One component `test()` asks, and how.
#[derive(Debug)]
pub(crate) struct Step {
    component: usize,
    check: Check,
}

/// The components `test()` must ask, in [`TEST_ORDER`], each with its [`Check`]. A
/// component whose pattern is a bare `*` matches every value and is left out.
pub(crate) fn plan(pattern: &urlpattern::UrlPattern, folded: &Folded) -> Vec<Step> {
    let components = components(pattern);
    TEST_ORDER
        .iter()
        .filter_map(|&i| {
            let component = components[i];
            let matcher = &component.matcher;
            let plain = folded[i].is_none() && !matcher.ignore_case;
            let check = match &matcher.inner {
                InnerMatcher::SingleCapture {
                    filter: None,
                    allow_empty: true,
                } if plain && matcher.prefix.is_empty() && matcher.suffix.is_empty() => {
                    return None;
                }
                InnerMatcher::SingleCapture {
                    filter,
                    allow_empty,
                } if plain => Check::Capture {
                    prefix: matcher.prefix.as_str().into(),
                    suffix: matcher.suffix.as_str().into(),
                    filter: *filter,
                    allow_empty: *allow_empty,
                },
                InnerMatcher::Literal { literal } if plain => {
                    Check::Exact(format!("{}{literal}{}", matcher.prefix, matcher.suffix).into())
                }
                InnerMatcher::RegExp { .. } => dfa(component, folded[i].is_some()),
                _ if folded[i].is_some() => dfa(component, true),
                _ => Check::Matcher,
            };
            Some(Step {
                component: i,
                check,
            })
        })
        .collect()
}

/// A component's regular expression as a DFA, when one applies.
fn dfa(component: &Component<regex::Regex>, ignore_case: bool) -> Check {
    component
        .regexp
        .as_ref()
        .ok()
        .and_then(|regexp| AsciiDfa::build(regexp.as_str(), ignore_case))
        .map_or(Check::Matcher, |dfa| Check::Dfa(Box::new(dfa)))
}

/// `a == b`, with no `memcmp` call when either is empty. An empty `String` or `Box<str>`
/// points at no memory (address 1), and glibc's AVX-512 `memcmp` reads a short operand with
/// a masked load even for zero bytes: at an unmapped address the CPU finishes that load in a
/// microcode assist of some hundreds of cycles, which doubled the time of `test()` on a
/// pattern with an empty port.
fn equal(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && (a.is_empty() || a == b)
}

/// Whether `value` is `prefix`, a wildcard's capture, then `suffix` (see [`Check::Capture`]).
fn captures(
    value: &str,
    prefix: &str,
    suffix: &str,
    filter: Option<char>,
    allow_empty: bool,
) -> bool {
    let Some(length) = value.len().checked_sub(prefix.len() + suffix.len()) else {
        return false;
    };
    let end = prefix.len() + length;
    let bytes = value.as_bytes();
    equal(&bytes[..prefix.len()], prefix.as_bytes())
        && equal(&bytes[end..], suffix.as_bytes())
        && (allow_empty || length > 0)
        // Whole strings at both ends leave the capture on character boundaries.
        && value
            .get(prefix.len()..end)
            .is_some_and(|inner| filter.is_none_or(|c| !inner.contains(c)))
}

/// Whether the components of a URL in normal form match, asked as `plan` says.
pub(crate) fn test_url(
    pattern: &urlpattern::UrlPattern,
    folded: &Folded,
    plan: &[Step],
    parts: &Parts<'_>,
) -> bool {
    let values = in_pattern_order(parts);
    plan.iter().all(|step| {
        let value = values[step.component];
        let decided = match &step.check {
            Check::Exact(text) => Some(equal(value.as_bytes(), text.as_bytes())),
            Check::Capture {
                prefix,
                suffix,
                filter,
                allow_empty,
            } => Some(captures(value, prefix, suffix, *filter, *allow_empty)),
            Check::Dfa(dfa) => dfa.is_match(value),
            Check::Matcher => None,
        };
        decided.unwrap_or_else(|| {
            component_matches(
                components(pattern)[step.component],
                folded[step.component].as_ref(),
                value,
            )
        })
    })
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
