//! `UrlNormalize\UrlPattern`: the WHATWG URLPattern. See stubs/url_normalize.stub.php.

#![allow(non_snake_case)]

use super::args::ArrayArg;
use super::construct::unconstructed_this;
use super::exception::invalid_argument;
use super::options::{debug_type, entries};
use super::url_arg::{components, type_error, utf8, UrlArg, UrlOrComponents};
use crate::{MatchInput, PatternError, PatternInput, URL_PATTERN_COMPONENTS};
use ext_php_rs::boxed::ZBox;
use ext_php_rs::convert::FromZval;
use ext_php_rs::exception::PhpException;
use ext_php_rs::prelude::*;
use ext_php_rs::types::{ZendHashTable, Zval};
use std::sync::Arc;

/// A compiled URL pattern.
#[php_class]
#[php(name = "UrlNormalize\\UrlPattern")]
#[php(flags = ext_php_rs::flags::ClassFlags::Final)]
pub struct UrlPattern {
    pub(crate) inner: Arc<crate::UrlPattern>,
}

impl From<PatternError> for PhpException {
    fn from(err: PatternError) -> Self {
        invalid_argument(err.to_string())
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
) -> PhpResult<crate::UrlPattern> {
    let base = baseUrl.map(|b| utf8(b, "The base URL")).transpose()?;
    let input = match UrlOrComponents::from_zval(pattern) {
        Some(UrlOrComponents::Url(text)) => {
            PatternInput::String(utf8(text.bytes(), "A URL pattern")?)
        }
        Some(UrlOrComponents::Components(array)) => PatternInput::Components(components(array)?),
        None => return Err(type_error(method, 1, "pattern", pattern)),
    };
    // Components are owned; the string borrows `pattern`, which outlives the call.
    Ok(crate::UrlPattern::new(input, base, ignore_case)?)
}

/// What `test()` and `exec()` are given.
fn match_input<'a>(method: &str, input: &'a Zval) -> PhpResult<MatchInput<'a>> {
    match UrlOrComponents::from_zval(input) {
        Some(UrlOrComponents::Url(url)) => Ok(MatchInput::Url(url.bytes())),
        Some(UrlOrComponents::Components(array)) => Ok(MatchInput::Components(components(array)?)),
        None => Err(type_error(method, 1, "input", input)),
    }
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
        let compiled = compile(
            "UrlNormalize\\UrlPattern::__construct",
            pattern,
            baseUrl.as_ref().map(UrlArg::bytes),
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

    pub fn test(&self, input: &Zval, baseUrl: Option<UrlArg<'_>>) -> PhpResult<bool> {
        let given = match_input("UrlNormalize\\UrlPattern::test", input)?;
        Ok(self
            .inner
            .test(&given, baseUrl.as_ref().map(UrlArg::bytes))?)
    }

    pub fn exec(
        &self,
        input: &Zval,
        baseUrl: Option<UrlArg<'_>>,
    ) -> PhpResult<Option<ZBox<ZendHashTable>>> {
        let given = match_input("UrlNormalize\\UrlPattern::exec", input)?;
        let base = baseUrl.as_ref().map(UrlArg::bytes);
        let Some(found) = self.inner.exec(&given, base)? else {
            return Ok(None);
        };
        let mut result = ZendHashTable::with_capacity(9);
        let mut inputs = ZendHashTable::with_capacity(2);
        inputs.push(input.dereference().shallow_clone())?;
        if let Some(base) = &baseUrl {
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
