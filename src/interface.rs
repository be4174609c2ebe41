//! `UrlNormalize\UrlNormalizerInterface`: every public method of `UrlNormalizer` but the
//! constructor, so that code can take the interface and tests can give it a double.
//! The signatures are `UrlNormalizer`'s own (php-tests/StubTest.php holds both to the stub).

// Parameter names are PHP's (camelCase): with named arguments they are part of the API.
#![allow(non_snake_case)]

use crate::args::{Param, UrlArg};
use crate::zstring::PhpString;
use ext_php_rs::boxed::ZBox;
use ext_php_rs::exception::PhpResult;
use ext_php_rs::prelude::*;
use ext_php_rs::types::ZendHashTable;

/// The interface's methods, as PHP declares them (abstract). Nothing implements the trait
/// in Rust: `UrlNormalizer`'s methods take its PHP object, and PHP checks the implementation.
#[allow(dead_code)]
#[php_interface]
#[php(name = "UrlNormalize\\UrlNormalizerInterface")]
pub trait UrlNormalizerInterface {
    fn get_options(&self) -> PhpResult<ZBox<ZendHashTable>>;

    fn normalize(&self, url: UrlArg<'_>) -> PhpResult<PhpString>;

    fn normalize_many(&self, urls: Param<'_, &ZendHashTable>) -> PhpResult<ZBox<ZendHashTable>>;

    #[php(defaults(baseIsDirectory = false))]
    fn resolve(
        &self,
        href: UrlArg<'_>,
        base: UrlArg<'_>,
        baseIsDirectory: Param<'_, bool>,
    ) -> PhpResult<String>;

    #[php(defaults(baseIsDirectory = false))]
    fn resolve_many(
        &self,
        hrefs: Param<'_, &ZendHashTable>,
        base: UrlArg<'_>,
        baseIsDirectory: Param<'_, bool>,
    ) -> PhpResult<ZBox<ZendHashTable>>;

    fn canonicalize(&self, url: UrlArg<'_>, flags: Param<'_, Option<i64>>) -> PhpResult<PhpString>;

    fn canonicalize_many(
        &self,
        urls: Param<'_, &ZendHashTable>,
        flags: Param<'_, Option<i64>>,
    ) -> PhpResult<ZBox<ZendHashTable>>;

    #[php(defaults(bits = 64))]
    fn fingerprint(
        &self,
        url: UrlArg<'_>,
        flags: Param<'_, Option<i64>>,
        bits: Param<'_, i64>,
    ) -> PhpResult<String>;

    fn equivalent(
        &self,
        a: UrlArg<'_>,
        b: UrlArg<'_>,
        flags: Param<'_, Option<i64>>,
    ) -> PhpResult<bool>;

    fn surt(&self, url: UrlArg<'_>) -> PhpResult<PhpString>;

    fn remove_query_parameters(
        &self,
        url: UrlArg<'_>,
        names: Param<'_, &ZendHashTable>,
    ) -> PhpResult<PhpString>;

    fn registrable_domain(&self, url: UrlArg<'_>) -> PhpResult<Option<String>>;

    fn public_suffix(&self, url: UrlArg<'_>) -> PhpResult<Option<String>>;

    #[php(defaults(schemeful = false))]
    fn same_site(
        &self,
        a: UrlArg<'_>,
        b: UrlArg<'_>,
        schemeful: Param<'_, bool>,
    ) -> PhpResult<bool>;

    fn explain(&self, url: UrlArg<'_>) -> PhpResult<ZBox<ZendHashTable>>;

    fn host_type(&self, url: UrlArg<'_>) -> PhpResult<&'static str>;

    fn to_display(&self, url: UrlArg<'_>) -> PhpResult<PhpString>;
}
