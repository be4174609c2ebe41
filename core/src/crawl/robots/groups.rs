//! Groups (RFC 9309 §2.1, §2.2.1): which user-agent lines head which rules, and for each
//! product token the rules that apply, most specific first.
//!
//! A group is one or more user-agent lines and the rules after them; a user-agent line
//! after a rule starts the next group, and no other line ends one (§2.2.4: a sitemap line
//! or an unknown one may sit between user-agent lines). Rules before the first user-agent
//! line belong to no group and are ignored. All groups that name a token are combined; a
//! crawler that no group names obeys the groups of `*`.

use super::agent::{line_agent, LineAgent};
use super::lines::{Key, Line};
use super::rule::Rule;
use std::collections::HashMap;

/// One group.
#[derive(Debug, Default)]
pub(crate) struct Group {
    /// The names of its user-agent lines as written (`*` or a token), for logs.
    pub(crate) agents: Vec<Box<str>>,
    /// Its `crawl-delay`, in seconds, when it has a valid one.
    pub(crate) crawl_delay: Option<f64>,
}

/// What applies to one crawler: the groups, and their rules in the order they win.
#[derive(Debug, Default)]
pub(crate) struct Selection {
    pub(crate) groups: Vec<u32>,
    /// Indexes into the rules: the longest (most specific) first, `Allow` before `Disallow`
    /// of the same length (§2.2.2), then in file order. The first that matches decides.
    pub(crate) rules: Vec<u32>,
}

/// The parsed file.
#[derive(Debug, Default)]
pub(crate) struct Groups {
    pub(crate) rules: Vec<Rule>,
    /// The group of each rule.
    pub(crate) rule_group: Vec<u32>,
    pub(crate) groups: Vec<Group>,
    /// Lowercase token → what applies to it.
    pub(crate) named: HashMap<Box<str>, Selection>,
    /// What applies to a crawler that no group names: the groups of `*`.
    pub(crate) any: Selection,
    /// The values of the sitemap lines, in order.
    pub(crate) sitemaps: Vec<Vec<u8>>,
}

impl Groups {
    /// Reads the groups of a file's lines.
    pub(crate) fn build<'a>(lines: impl Iterator<Item = Line<'a>>) -> Self {
        let mut built = Groups::default();
        // Per group: its lowercase tokens (each once) and whether it names `*`.
        let mut tokens: Vec<Vec<Box<str>>> = Vec::new();
        let mut any: Vec<bool> = Vec::new();
        let mut current: Option<usize> = None;
        let mut taking_agents = false;
        for line in lines {
            match line.key {
                Key::UserAgent => {
                    let group = match current {
                        Some(group) if taking_agents => group,
                        _ => {
                            built.groups.push(Group::default());
                            tokens.push(Vec::new());
                            any.push(false);
                            built.groups.len() - 1
                        }
                    };
                    current = Some(group);
                    taking_agents = true;
                    built.groups[group]
                        .agents
                        .push(String::from_utf8_lossy(line.value).into());
                    match line_agent(line.value) {
                        LineAgent::Any => any[group] = true,
                        LineAgent::Token(token) => {
                            let token: Box<str> = token.to_ascii_lowercase().into();
                            if !tokens[group].contains(&token) {
                                tokens[group].push(token);
                            }
                        }
                        LineAgent::Nothing => {}
                    }
                }
                Key::Allow | Key::Disallow => {
                    let Some(group) = current else { continue };
                    taking_agents = false;
                    if let Some(rule) = Rule::new(line.key == Key::Allow, line.number, line.value) {
                        built.rules.push(rule);
                        built.rule_group.push(group as u32);
                    }
                }
                Key::CrawlDelay => {
                    if let (Some(group), Some(delay)) = (current, crawl_delay(line.value)) {
                        let slot = &mut built.groups[group].crawl_delay;
                        *slot = Some(slot.map_or(delay, |d: f64| d.max(delay)));
                    }
                }
                Key::Sitemap => built.sitemaps.push(line.value.to_vec()),
                Key::Unknown => {}
            }
        }
        // Every group goes to the selections of its tokens (and of `*`), in file order.
        for (group, tokens) in tokens.iter().enumerate() {
            for token in tokens {
                built
                    .named
                    .entry(token.clone())
                    .or_default()
                    .groups
                    .push(group as u32);
            }
            if any[group] {
                built.any.groups.push(group as u32);
            }
        }
        // The rules, best first, by a counting sort on (specificity, allow): linear in the
        // file's size, since no rule is longer than its line.
        let order = best_first(&built.rules);
        for rule in order {
            let group = built.rule_group[rule as usize] as usize;
            for token in &tokens[group] {
                if let Some(selection) = built.named.get_mut(token) {
                    selection.rules.push(rule);
                }
            }
            if any[group] {
                built.any.rules.push(rule);
            }
        }
        built
    }

    /// What applies to the crawler whose product token is `token`.
    pub(crate) fn select(&self, token: &str) -> &Selection {
        // Most files name a few crawlers: comparing with each costs less than hashing.
        let found = if self.named.len() <= 8 {
            self.named
                .iter()
                .find(|(name, _)| name.eq_ignore_ascii_case(token))
                .map(|(_, selection)| selection)
        } else {
            let mut lower = [0u8; 64];
            if token.len() <= lower.len() {
                let lower = &mut lower[..token.len()];
                lower.copy_from_slice(token.as_bytes());
                lower.make_ascii_lowercase();
                // A token is ASCII, so its lowercase form is UTF-8.
                std::str::from_utf8(lower)
                    .ok()
                    .and_then(|lower| self.named.get(lower))
            } else {
                self.named.get(token.to_ascii_lowercase().as_str())
            }
        };
        found.unwrap_or(&self.any)
    }
}

/// The rules' indexes, most specific first, `Allow` first among equals, then in file order.
fn best_first(rules: &[Rule]) -> Vec<u32> {
    let Some(longest) = rules.iter().map(|r| r.specificity as usize).max() else {
        return Vec::new();
    };
    // Key 0 is the longest Allow, 1 the longest Disallow, 2 the next length's Allow...
    let key = |rule: &Rule| (longest - rule.specificity as usize) * 2 + usize::from(!rule.allow);
    let mut starts = vec![0u32; (longest + 1) * 2 + 1];
    for rule in rules {
        starts[key(rule) + 1] += 1;
    }
    for i in 1..starts.len() {
        starts[i] += starts[i - 1];
    }
    let mut order = vec![0u32; rules.len()];
    for (index, rule) in rules.iter().enumerate() {
        let slot = &mut starts[key(rule)];
        order[*slot as usize] = index as u32;
        *slot += 1;
    }
    order
}

/// A `crawl-delay` value in seconds: a non-negative decimal number (`10`, `0.5`).
fn crawl_delay(value: &[u8]) -> Option<f64> {
    let text = std::str::from_utf8(value).ok()?;
    let valid = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && text.bytes().filter(|&b| b == b'.').count() <= 1
        && text.bytes().any(|b| b.is_ascii_digit());
    valid
        .then(|| text.parse::<f64>().ok())
        .flatten()
        .filter(|d| d.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::crawl::robots::lines::lines;

    fn build(body: &str) -> Groups {
        Groups::build(lines(body.as_bytes()))
    }

    fn lines_of(groups: &Groups, token: &str) -> Vec<u32> {
        let selection = groups.select(token);
        selection
            .rules
            .iter()
            .map(|&r| groups.rules[r as usize].line)
            .collect()
    }

    #[test]
    fn groups_are_combined_and_ordered() {
        let body = "allow: /ignored\nuser-agent: a\nuser-agent: B\nsitemap: x\ndisallow: /x\n\
                    allow: /xy\nuser-agent: *\ndisallow: /\nuser-agent: b\nallow: /x\ndisallow: /ab\n";
        let groups = build(body);
        assert_eq!(groups.groups.len(), 3);
        assert_eq!(
            groups.groups[0].agents,
            ["a".into(), "B".into()] as [Box<str>; 2]
        );
        assert_eq!(lines_of(&groups, "A"), [6, 5]);
        assert_eq!(lines_of(&groups, "b"), [6, 11, 10, 5]);
        assert_eq!(lines_of(&groups, "other"), [8]);
        assert_eq!(groups.select("b").groups, [0, 2]);
        assert_eq!(groups.sitemaps, [b"x".to_vec()]);
    }

    #[test]
    fn crawl_delays() {
        assert_eq!(crawl_delay(b"10"), Some(10.0));
        assert_eq!(crawl_delay(b"0.5"), Some(0.5));
        assert_eq!(crawl_delay(b".5"), Some(0.5));
        for bad in [
            &b""[..],
            b"-1",
            b"1e3",
            b"1.2.3",
            b"inf",
            b"NaN",
            b".",
            b"5s",
        ] {
            assert_eq!(crawl_delay(bad), None);
        }
        let groups = build("user-agent: a\ncrawl-delay: 5\nuser-agent: b\ncrawl-delay: 10\n");
        assert_eq!(groups.groups.len(), 1);
        assert_eq!(groups.groups[0].crawl_delay, Some(10.0));
    }

    #[test]
    fn a_long_token_is_found() {
        let token = "a".repeat(100);
        let groups = build(&format!("user-agent: {token}\ndisallow: /\n"));
        assert_eq!(lines_of(&groups, &token.to_uppercase()), [2]);
    }
}
