//! `UrlNormalize\UrlPattern`: the WHATWG URLPattern. See stubs/url_normalize.stub.php.

#![allow(non_snake_case)]

use crate::args::debug_type;
use crate::args::{ArrayArg, UrlArg, UrlOrArray, UrlOrArrayArg};
use crate::construct::unconstructed_this;
use crate::crawl_args::{components, type_error, utf8, PatternArg};
use crate::exception::{invalid_argument, url_exception, OrThrow, ToException};
use crate::options::entries;
use crate::zstring::StringArg;
use ext_php_rs::boxed::ZBox;
use ext_php_rs::exception::PhpException;
use ext_php_rs::prelude::*;
use ext_php_rs::types::{ZendHashTable, Zval};
use std::sync::Arc;
use url_normalize_core::{MatchInput, PatternError, PatternInput, URL_PATTERN_COMPONENTS};

/// A compiled URL pattern.
#[php_class]
#[php(name = "UrlNormalize\\UrlPattern")]
#[php(flags = ext_php_rs::flags::ClassFlags::Final)]
pub struct UrlPattern {
    pub(crate) inner: Arc<url_normalize_core::UrlPattern>,
}

/// A base URL that is no URL is the API's usual `InvalidUrlException` (with its kind and
/// input); any other pattern error is an `\InvalidArgumentException` with the standard's reason.
impl ToException for PatternError {
    fn to_exception(self) -> PhpException {
        match &self {
            PatternError::BaseUrl(url_error) => url_exception(self.to_string(), url_error),
            _ => invalid_argument(self.to_string()),
        }
    }
}

/// The `ignoreCase` of an options array.
fn ignore_case(options: &ArrayArg<'_>) -> PhpResult<bool> {
    let mut ignore_case = false;
    for (key, value) in options.0.into_iter().flat_map(entries) {
        match (key.str(), value.dereference().bool()) {
            (Some("ignoreCase"), Some(flag)) => ignore_case = flag,
            (Some("ignoreCase"), None) => {
                return Err(invalid_argument(format!(
                    "The option ignoreCase must be a bool, {} given",
                    debug_type(value)
                )))
            }
            _ => {
                return Err(invalid_argument(format!(
                    "Unknown URL pattern option {}: the one option is ignoreCase",
                    key.str()
                        .map_or_else(|| "key".to_owned(), |k| format!("`{k}`"))
                )))
            }
        }
    }
    Ok(ignore_case)
}

/// Compiles a pattern from the constructor's arguments (also used by `CrawlScope`).
pub(crate) fn compile(
    method: &str,
    pattern: &Zval,
    baseUrl: Option<&[u8]>,
    ignore_case: bool,
) -> PhpResult<url_normalize_core::UrlPattern> {
    let base = baseUrl.map(|b| utf8(b, "The base URL")).transpose()?;
    let given = PatternArg::from_zval(pattern);
    let input = match &given {
        Some(PatternArg::String(text)) => {
            PatternInput::String(utf8(text.bytes(), "A URL pattern")?)
        }
        Some(PatternArg::Components(array)) => PatternInput::Components(components(array)?),
        None => return Err(type_error(method, 1, "pattern", pattern)),
    };
    // Components are owned; the string borrows `pattern`, which outlives the call.
    url_normalize_core::UrlPattern::new(input, base, ignore_case).or_throw()
}

/// The `$baseUrl` parameter (position 2) of the constructor, `test()` and `exec()`.
fn base_url<'a>(baseUrl: Option<&UrlArg<'a>>) -> PhpResult<Option<StringArg<'a>>> {
    match baseUrl {
        Some(url) => url.read_nullable(2),
        None => Ok(None),
    }
}

/// The core's view of a read input. A URL's text is borrowed from `input`.
fn match_input<'a>(input: &'a UrlOrArray<'_>) -> PhpResult<MatchInput<'a>> {
    Ok(match input {
        UrlOrArray::Url(url) => MatchInput::Url(url.bytes()),
        UrlOrArray::Array(array) => MatchInput::Components(components(array)?),
    })
}

#[php_impl]
impl UrlPattern {
    #[php(defaults(options = ArrayArg::EMPTY))]
    pub fn __construct(
        pattern: &Zval,
        baseUrl: Option<UrlArg<'_>>,
        options: ArrayArg<'_>,
    ) -> PhpResult<Self> {
        unconstructed_this::<Self>()?;
        let ignore_case = ignore_case(&options)?;
        let base = base_url(baseUrl.as_ref())?;
        let compiled = compile(
            "UrlNormalize\\UrlPattern::__construct",
            pattern,
            base.as_ref().map(StringArg::bytes),
            ignore_case,
        )?;
        Ok(Self {
            inner: Arc::new(compiled),
        })
    }

    #[php(getter)]
    pub fn get_protocol(&self) -> String {
        self.inner.component(0).to_owned()
    }

    #[php(getter)]
    pub fn get_username(&self) -> String {
        self.inner.component(1).to_owned()
    }

    #[php(getter)]
    pub fn get_password(&self) -> String {
        self.inner.component(2).to_owned()
    }

    #[php(getter)]
    pub fn get_hostname(&self) -> String {
        self.inner.component(3).to_owned()
    }

    #[php(getter)]
    pub fn get_port(&self) -> String {
        self.inner.component(4).to_owned()
    }

    #[php(getter)]
    pub fn get_pathname(&self) -> String {
        self.inner.component(5).to_owned()
    }

    #[php(getter)]
    pub fn get_search(&self) -> String {
        self.inner.component(6).to_owned()
    }

    #[php(getter)]
    pub fn get_hash(&self) -> String {
        self.inner.component(7).to_owned()
    }

    #[php(getter)]
    pub fn get_has_reg_exp_groups(&self) -> bool {
        self.inner.has_regexp_groups()
    }

    pub fn test(&self, input: UrlOrArrayArg<'_>, baseUrl: Option<UrlArg<'_>>) -> PhpResult<bool> {
        let input = input.read(1)?;
        let base = base_url(baseUrl.as_ref())?;
        let base = base.as_ref().map(StringArg::bytes);
        // A URL goes straight to the matching: the common call, and one that cannot fail.
        if let UrlOrArray::Url(url) = &input {
            return Ok(self.inner.test_url(url.bytes(), base));
        }
        self.inner.test(&match_input(&input)?, base).or_throw()
    }

    pub fn exec(
        &self,
        input: UrlOrArrayArg<'_>,
        baseUrl: Option<UrlArg<'_>>,
    ) -> PhpResult<Option<ZBox<ZendHashTable>>> {
        let read = input.read(1)?;
        let base = base_url(baseUrl.as_ref())?;
        let given = match_input(&read)?;
        let Some(found) = self
            .inner
            .exec(&given, base.as_ref().map(StringArg::bytes))
            .or_throw()?
        else {
            return Ok(None);
        };
        let mut result = ZendHashTable::with_capacity(9);
        // The inputs as matched: an array as given, a URL as its text (a `Stringable`'s
        // `__toString()`).
        let mut inputs = ZendHashTable::with_capacity(2);
        match &read {
            UrlOrArray::Url(url) => inputs.push(url.zval().shallow_clone())?,
            UrlOrArray::Array(_) => inputs.push(input.zval().shallow_clone())?,
        }
        if let Some(base) = &base {
            inputs.push(base.zval().shallow_clone())?;
        }
        result.insert("inputs", inputs)?;
        for (name, component) in URL_PATTERN_COMPONENTS.iter().zip(found.components) {
            let mut groups = ZendHashTable::with_capacity(component.groups.len() as u32);
            for (group, value) in component.groups {
                // Unnamed groups are `0`, `1`...: integer keys, as PHP makes of "0".
                match group.parse::<i64>() {
                    Ok(index) if index.to_string() == group => {
                        groups.insert_at_index(index, value)?
                    }
                    _ => groups.insert(group.as_str(), value)?,
                }
            }
            let mut entry = ZendHashTable::with_capacity(2);
            entry.insert("input", component.input)?;
            entry.insert("groups", groups)?;
            result.insert(*name, entry)?;
        }
        Ok(Some(result))
    }
}
