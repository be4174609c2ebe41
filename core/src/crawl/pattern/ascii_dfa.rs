//! A component's regular expression compiled to a full DFA, for `test()`.
//!
//! `test()` matches the components of a URL in normal form, and a serialized URL is ASCII
//! (the host in punycode, everything else percent-encoded). On ASCII text, an ASCII pattern
//! read without Unicode classes matches exactly what it matches with them: `\d`, `\w`, `\s`,
//! `\b`, `.` and case folding differ only on other characters. So such a pattern can run on
//! a DFA over bytes, built once, which answers with one table step per byte and no search
//! cache, where the `regex` crate's engine picks a strategy and takes its lazy DFA's cache
//! from a pool on every call. A pattern that needs Unicode (`\p{L}`) or that would make a
//! large DFA keeps the `regex` crate's engine, as does a value that is not ASCII.

use regex_automata::dfa::{dense, Automaton, StartKind};
use regex_automata::nfa::thompson;
use regex_automata::util::primitives::StateID;
use regex_automata::util::{start, syntax};
use regex_automata::Anchored;

/// The largest DFA built for one component, and the most memory its construction may take:
/// a bound on a pattern's cost, whatever its counted repetitions.
const SIZE_LIMIT: usize = 256 * 1024;

/// A component pattern's full DFA, and its state at the start of a value.
#[derive(Debug)]
pub(crate) struct AsciiDfa {
    dfa: dense::DFA<Vec<u32>>,
    start: StateID,
}

impl AsciiDfa {
    /// The DFA of `pattern` (a regular expression in the `regex` crate's syntax, as the
    /// `urlpattern` crate writes a component), or `None` when it does not apply: a pattern
    /// with characters beyond ASCII or with Unicode classes, or a DFA over the size limit.
    pub(crate) fn build(pattern: &str, ignore_case: bool) -> Option<Self> {
        if !pattern.is_ascii() {
            return None;
        }
        let dfa = dense::Builder::new()
            .configure(
                dense::DFA::config()
                    .start_kind(StartKind::Anchored)
                    .dfa_size_limit(Some(SIZE_LIMIT))
                    .determinize_size_limit(Some(SIZE_LIMIT)),
            )
            .syntax(
                syntax::Config::new()
                    .unicode(false)
                    .utf8(false)
                    .case_insensitive(ignore_case),
            )
            .thompson(thompson::Config::new().utf8(false))
            .build(pattern)
            .ok()?;
        let start = dfa
            .start_state(&start::Config::new().anchored(Anchored::Yes))
            .ok()?;
        Some(Self { dfa, start })
    }

    /// Whether the pattern matches `value` from its start, or `None` for a value that is not
    /// ASCII (the caller asks the `regex` crate then).
    pub(crate) fn is_match(&self, value: &str) -> Option<bool> {
        if !value.is_ascii() {
            return None;
        }
        // One transition per byte. A match state means a match ended before this byte: any
        // match answers; the dead state means none can follow. (No byte is configured to
        // quit, and ASCII word boundaries need none; a quit state would defer to the caller.)
        let dfa = &self.dfa;
        let mut state = self.start;
        for &byte in value.as_bytes() {
            state = dfa.next_state(state, byte);
            if dfa.is_special_state(state) {
                if dfa.is_match_state(state) {
                    return Some(true);
                }
                if dfa.is_dead_state(state) {
                    return Some(false);
                }
                if dfa.is_quit_state(state) {
                    return None;
                }
            }
        }
        Some(dfa.is_match_state(dfa.next_eoi_state(state)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The DFA and the `regex` crate agree on ASCII values, with and without case folding.
    #[test]
    fn agrees_with_the_regex_crate_on_ascii() {
        let patterns = [
            r"^(?:/blog/(\d+)/([^\/#\?]+?))$",
            r"^(?:/(\w+)\s?(.*))$",
            r"^(?:/books(?:/([^\/#\?]+?))?)$",
            r"^(?:(?:.*)\.example\.com)$",
            r"^(?:/a\b(K)[s-z]+)$",
            r"^(?:/x|/books/(a$|b))",
            r"^(?:)$",
        ];
        let values = [
            "/blog/2026/post",
            "/blog/x/post",
            "/blog/12/a/b",
            "/books",
            "/books/x",
            "/books/",
            "/word rest",
            "/A K",
            "www.example.com",
            "example.com",
            "/a-Ksz",
            "/a-kSZ",
            "/ab",
            "",
        ];
        for pattern in patterns {
            for ignore_case in [false, true] {
                let dfa = AsciiDfa::build(pattern, ignore_case).expect(pattern);
                let regex = regex::RegexBuilder::new(pattern)
                    .case_insensitive(ignore_case)
                    .build()
                    .unwrap();
                for value in values {
                    assert_eq!(
                        dfa.is_match(value),
                        Some(regex.is_match(value)),
                        "{pattern} (ignore case: {ignore_case}) on {value}"
                    );
                }
            }
        }
    }

    #[test]
    fn what_it_leaves_to_the_regex_crate() {
        assert!(AsciiDfa::build(r"^(?:/(\p{L}+))$", false).is_none());
        assert!(AsciiDfa::build("^(?:/café)$", false).is_none());
        // The DFA of "an `a` 20 bytes before the end" has a state per 20-byte window.
        assert!(AsciiDfa::build(r"^(?:[ab]*a[ab]{20})$", false).is_none());
        let dfa = AsciiDfa::build(r"^(?:/(\d+))$", false).unwrap();
        assert_eq!(dfa.is_match("/٣"), None);
    }
}
