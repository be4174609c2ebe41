//! `UrlNormalize\CrawlScope`: include and exclude lists. See stubs/url_normalize.stub.php.

#![allow(non_snake_case)]

use crate::args::debug_type;
use crate::args::ArrayArg;
use crate::args::UrlArg;
use crate::construct::unconstructed_this;
use crate::crawl_args::utf8;
use crate::exception::{invalid_argument, OrThrow, ToException};
use crate::options::entries;
use crate::pattern::{compile, UrlPattern};
use ext_php_rs::class::RegisteredClass;
use ext_php_rs::exception::PhpException;
use ext_php_rs::prelude::*;
use ext_php_rs::types::{ZendClassObject, ZendHashTable, Zval};
use std::sync::Arc;
use url_normalize_core::printable;
use url_normalize_core::{
    CrawlScope as Scope, EntryError, ScopeEntry, SitemapMode, SCOPE_ENTRY_KINDS,
};

/// The default mode of `forSitemap()`.
const STRICT: &str = "strict";

/// Include and exclude lists of URL patterns, sites, hosts and URL prefixes.
#[php_class]
#[php(name = "UrlNormalize\\CrawlScope")]
#[php(flags = ext_php_rs::flags::ClassFlags::Final)]
pub struct CrawlScope {
    inner: Scope,
}

impl ToException for EntryError {
    fn to_exception(self) -> PhpException {
        match self {
            EntryError::Url(err) => err.to_exception(),
            other => invalid_argument(other.to_string()),
        }
    }
}

/// One entry: `kind:value`, `[kind => value]` (a pattern may add `ignoreCase` and `baseUrl`),
/// or a `UrlPattern`.
fn entry(list: &str, position: usize, value: &Zval) -> PhpResult<(ScopeEntry, String)> {
    let value = value.dereference();
    let at = || format!("{list}[{position}]");
    if let Some(text) = value.zend_str() {
        let text = utf8(text.as_bytes(), &format!("The scope entry {}", at()))?;
        return Ok((ScopeEntry::parse(text).or_throw()?, text.to_owned()));
    }
    if let Some(object) = value.object() {
        if let Some(pattern) = ZendClassObject::<UrlPattern>::from_zend_obj(object) {
            let written = format!("pattern:{}", pattern.inner.describe());
            return Ok((ScopeEntry::Pattern(Arc::clone(&pattern.inner)), written));
        }
    }
    let Some(array) = value.array() else {
        return Err(invalid_argument(format!(
            "The scope entry {} must be a string such as `site:example.com`, an array such as \
             ['pattern' => '/blog/*'], or a {}; {} given",
            at(),
            UrlPattern::CLASS_NAME,
            debug_type(value)
        )));
    };
    array_entry(array, &at())
}

/// `['site' => 'example.com']`, `['pattern' => '...', 'ignoreCase' => true]`...
fn array_entry(array: &ZendHashTable, at: &str) -> PhpResult<(ScopeEntry, String)> {
    let mut kind: Option<(String, &Zval)> = None;
    let mut ignore_case = false;
    let mut base: Option<Vec<u8>> = None;
    for (key, value) in entries(array) {
        let name = key.str().unwrap_or_default().to_owned();
        let value = value.dereference();
        match name.as_str() {
            "ignoreCase" => {
                ignore_case = value
                    .bool()
                    .ok_or_else(|| invalid_argument(format!("{at}: ignoreCase must be a bool")))?;
            }
            "baseUrl" => {
                let url = value
                    .zend_str()
                    .ok_or_else(|| invalid_argument(format!("{at}: baseUrl must be a string")))?;
                base = Some(url.as_bytes().to_vec());
            }
            known if SCOPE_ENTRY_KINDS.contains(&known) && kind.is_none() => {
                kind = Some((name.clone(), value));
            }
            _ => {
                return Err(invalid_argument(format!(
                    "The scope entry {at} has the key `{}`: an entry has one of pattern, site, \
                     host and prefix, and a pattern may have ignoreCase and baseUrl",
                    key.zend_str().map_or_else(
                        || key.long().unwrap_or_default().to_string(),
                        |k| printable(k.as_bytes())
                    )
                )))
            }
        }
    }
    let Some((kind, value)) = kind else {
        return Err(invalid_argument(format!(
            "The scope entry {at} names no kind: pattern, site, host or prefix"
        )));
    };
    if kind == "pattern" {
        let pattern = compile(
            "UrlNormalize\\CrawlScope::__construct",
            value,
            base.as_deref(),
            ignore_case,
        )?;
        let written = match value.str() {
            Some(text) => format!("pattern:{text}"),
            None => format!("pattern:{}", pattern.describe()),
        };
        return Ok((ScopeEntry::Pattern(Arc::new(pattern)), written));
    }
    if ignore_case || base.is_some() {
        return Err(invalid_argument(format!(
            "The scope entry {at}: ignoreCase and baseUrl belong to pattern entries"
        )));
    }
    let text = value
        .zend_str()
        .ok_or_else(|| invalid_argument(format!("{at}: the {kind} must be a string")))?;
    let text = utf8(text.as_bytes(), &format!("The scope entry {at}"))?;
    let parsed = ScopeEntry::of_kind(&kind, text)
        .unwrap_or_else(|| unreachable!("a known kind"))
        .or_throw()?;
    Ok((parsed, format!("{kind}:{text}")))
}

fn list(name: &str, array: &ZendHashTable) -> PhpResult<Vec<(ScopeEntry, String)>> {
    entries(array)
        .enumerate()
        .map(|(position, (_, value))| entry(name, position, value))
        .collect()
}

#[php_impl]
impl CrawlScope {
    #[php(defaults(exclude = ArrayArg::EMPTY))]
    pub fn __construct(include: &ZendHashTable, exclude: ArrayArg<'_>) -> PhpResult<Self> {
        unconstructed_this::<Self>()?;
        let include = list("include", include)?;
        let exclude = match exclude.0 {
            Some(array) => list("exclude", array)?,
            None => Vec::new(),
        };
        Ok(Self {
            inner: Scope::new(include, exclude),
        })
    }

    #[php(defaults(mode = STRICT))]
    pub fn for_sitemap(sitemapUrl: UrlArg<'_>, mode: String) -> PhpResult<Self> {
        let sitemap_url = sitemapUrl.read(1)?;
        let mode = SitemapMode::named(&mode).ok_or_else(|| {
            invalid_argument(format!(
                "The sitemap mode is strict, host or site; `{}` is none",
                printable(mode.as_bytes())
            ))
        })?;
        Ok(Self {
            inner: Scope::for_sitemap(sitemap_url.bytes(), mode).or_throw()?,
        })
    }

    pub fn contains(&self, url: UrlArg<'_>) -> PhpResult<bool> {
        Ok(self.inner.contains(url.read(1)?.bytes()))
    }

    pub fn why(&self, url: UrlArg<'_>) -> PhpResult<String> {
        Ok(self.inner.why(url.read(1)?.bytes()))
    }
}
