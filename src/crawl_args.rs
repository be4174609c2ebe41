//! How the crawl classes (`RobotsTxt`, `UrlPattern`, `CrawlScope`) read their arguments beyond
//! URLs, which they take as `UrlNormalizer` does (`args.rs`): a pattern as a string or as an
//! array of components, and UTF-8 strings.

use crate::args::debug_type;
use crate::batch::Key;
use crate::exception::invalid_argument;
use crate::options::entries;
use crate::zstring::StringArg;
use ext_php_rs::exception::{PhpException, PhpResult};
use ext_php_rs::types::{ZendHashTable, Zval};
use ext_php_rs::zend::ce;
use url_normalize_core::printable;
use url_normalize_core::Components;

/// A pattern: a string, or a `URLPatternInit`-like array of components (the `UrlPattern`
/// constructor, a pattern entry of a `CrawlScope`).
pub(crate) enum PatternArg<'a> {
    String(StringArg<'a>),
    Components(&'a ZendHashTable),
}

impl<'a> PatternArg<'a> {
    /// `None` for a value of another type: `string|array` is the method's own check
    /// (`type_error`), as ext-php-rs declares one type per parameter.
    pub(crate) fn from_zval(zval: &'a Zval) -> Option<Self> {
        let zval = zval.dereference();
        if let Some(array) = zval.array() {
            return Some(Self::Components(array));
        }
        StringArg::from_zval(zval).map(Self::String)
    }
}

/// `\TypeError` for a `string|array` argument of another type, in PHP's own words.
pub(crate) fn type_error(method: &str, position: usize, name: &str, zval: &Zval) -> PhpException {
    PhpException::new(
        format!(
            "{method}(): Argument #{position} (${name}) must be of type array|string, {} given",
            debug_type(zval)
        ),
        0,
        ce::type_error(),
    )
}

/// Reads an array of components (`['pathname' => '/books/*', 'baseURL' => ...]`).
pub(crate) fn components(array: &ZendHashTable) -> PhpResult<Components> {
    let mut components = Components::default();
    for (key, value) in entries(array) {
        let Some(name) = key.str() else {
            let shown = match key.long() {
                Some(index) => Key::Index(index as u64).to_string(),
                None => key
                    .zend_str()
                    .map_or_else(String::new, |k| printable(k.as_bytes())),
            };
            return Err(invalid_argument(format!(
                "URL pattern components are named by strings (protocol, username, password, \
                 hostname, port, pathname, search, hash, baseURL); {shown} is not one"
            )));
        };
        let Some(slot) = components.slot(name) else {
            return Err(invalid_argument(format!(
                "`{}` is not a URL pattern component: protocol, username, password, hostname, \
                 port, pathname, search, hash and baseURL are",
                printable(name.as_bytes())
            )));
        };
        let value = value.dereference();
        let Some(text) = value.str() else {
            return Err(invalid_argument(format!(
                "The URL pattern component `{name}` must be a UTF-8 string, {} given",
                debug_type(value)
            )));
        };
        *slot = Some(text.to_owned());
    }
    Ok(components)
}

/// A UTF-8 string argument (a pattern, a user agent, a mode), or `\InvalidArgumentException`
/// naming it.
pub(crate) fn utf8<'a>(bytes: &'a [u8], what: &str) -> PhpResult<&'a str> {
    std::str::from_utf8(bytes).map_err(|_| {
        invalid_argument(format!(
            "{what} must be UTF-8: `{}` is not",
            printable(bytes)
        ))
    })
}
