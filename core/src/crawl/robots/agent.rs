//! Product tokens (RFC 9309 §2.2.1): the crawler's name, and the names in user-agent lines.

use std::fmt;

/// Whether `byte` may be in a product token: letters, `_` and `-`.
fn is_token_byte(byte: u8) -> bool {
    byte.is_ascii_alphabetic() || byte == b'_' || byte == b'-'
}

/// The crawler's product token, from what the caller passes: a token (`ExampleBot`),
/// optionally followed by `/` and a version, as in a User-Agent header's first product
/// (`ExampleBot/1.2`).
///
/// # Errors
///
/// [`InvalidAgent`] for anything else: an empty string, characters other than letters, `_`
/// and `-` (`Foo Bar`, `Foobot*`), or a whole User-Agent header, whose first product is often
/// not the crawler's (`Mozilla/5.0 (compatible; ExampleBot/0.1)`).
pub(crate) fn product_token(agent: &str) -> Result<&str, InvalidAgent> {
    let end = agent
        .bytes()
        .position(|b| !is_token_byte(b))
        .unwrap_or(agent.len());
    let (token, rest) = agent.split_at(end);
    let version_ok = rest.is_empty()
        || (rest.starts_with('/')
            && !rest
                .bytes()
                .any(|b| b.is_ascii_whitespace() || b.is_ascii_control()));
    if token.is_empty() || !version_ok {
        return Err(InvalidAgent(agent.to_owned()));
    }
    Ok(token)
}

/// Whether `agent` is a product token by itself (Google's `IsValidUserAgentToObey`).
pub fn is_product_token(agent: &str) -> bool {
    !agent.is_empty() && agent.bytes().all(is_token_byte)
}

/// What a user-agent line names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LineAgent<'a> {
    /// `*`: the group for crawlers that no group names.
    Any,
    /// A product token: the line's value up to the first character that cannot be in one
    /// (`FooBot/2.1` and `FooBot Images` name `FooBot`).
    Token(&'a str),
    /// A value that starts with no token character: the line names no crawler.
    Nothing,
}

/// Reads a user-agent line's value. `*` followed by nothing or by a space is `*`.
pub(crate) fn line_agent(value: &[u8]) -> LineAgent<'_> {
    if value.first() == Some(&b'*') && value.get(1).is_none_or(u8::is_ascii_whitespace) {
        return LineAgent::Any;
    }
    let end = value
        .iter()
        .position(|&b| !is_token_byte(b))
        .unwrap_or(value.len());
    match std::str::from_utf8(&value[..end]) {
        Ok(token) if !token.is_empty() => LineAgent::Token(token),
        _ => LineAgent::Nothing,
    }
}

/// A user agent that is no product token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidAgent(String);

impl fmt::Display for InvalidAgent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the user agent must be a product token, letters, `_` and `-` only (RFC 9309 \
             §2.2.1), optionally followed by `/` and a version, as in `ExampleBot` or \
             `ExampleBot/1.2`; `{}` is not",
            crate::error::printable(self.0.as_bytes())
        )
    }
}

impl std::error::Error for InvalidAgent {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_crawlers_token() {
        assert_eq!(product_token("ExampleBot"), Ok("ExampleBot"));
        assert_eq!(
            product_token("Example_Bot-2"),
            Err(InvalidAgent("Example_Bot-2".into()))
        );
        assert_eq!(product_token("ExampleBot/1.2"), Ok("ExampleBot"));
        assert_eq!(product_token("UnhipBot/0.1"), Ok("UnhipBot"));
        for bad in [
            "",
            "Foo Bar",
            "Foobot*",
            " Foobot",
            "/1.0",
            "ツ",
            "Bot/1 (x)",
            "Mozilla/5.0 (compatible; ExampleBot/0.1)",
        ] {
            assert!(product_token(bad).is_err(), "{bad}");
        }
        assert!(InvalidAgent("a\0b".into()).to_string().contains("`a\\0b`"));
    }

    #[test]
    fn the_lines_token() {
        assert_eq!(line_agent(b"*"), LineAgent::Any);
        assert_eq!(line_agent(b"* any"), LineAgent::Any);
        assert_eq!(line_agent(b"*foo"), LineAgent::Nothing);
        assert_eq!(line_agent(b"FooBot/2.1"), LineAgent::Token("FooBot"));
        assert_eq!(line_agent(b"Foo Bar"), LineAgent::Token("Foo"));
        assert_eq!(line_agent(b"\xE3\x83\x84"), LineAgent::Nothing);
        assert_eq!(line_agent(b""), LineAgent::Nothing);
    }
}
