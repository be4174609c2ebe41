//! `UrlNormalize\RobotsTxt`: a parsed robots.txt (RFC 9309). See stubs/url_normalize.stub.php.

#![allow(non_snake_case)]

use crate::args::UrlArg;
use crate::crawl_args::utf8;
use crate::exception::{invalid_argument, OrThrow, ToException};
use ext_php_rs::binary_slice::BinarySlice;
use ext_php_rs::boxed::ZBox;
use ext_php_rs::exception::PhpException;
use ext_php_rs::prelude::*;
use ext_php_rs::types::ZendHashTable;
use url_normalize_core::{RobotsError, RobotsTxt as Robots};

/// What a crawler may fetch from one origin.
#[php_class]
#[php(name = "UrlNormalize\\RobotsTxt")]
#[php(flags = ext_php_rs::flags::ClassFlags::Final)]
pub struct RobotsTxt {
    inner: Robots,
}

impl ToException for RobotsError {
    fn to_exception(self) -> PhpException {
        match self {
            RobotsError::Url(err) => err.to_exception(),
            RobotsError::Agent(err) => invalid_argument(err.to_string()),
        }
    }
}

fn agent<'a>(userAgent: &'a BinarySlice<'a, u8>) -> PhpResult<&'a str> {
    utf8(userAgent, "The user agent")
}

#[php_impl]
impl RobotsTxt {
    pub fn parse(body: BinarySlice<u8>, robotsUrl: UrlArg<'_>) -> PhpResult<Self> {
        let robots_url = robotsUrl.read(2)?;
        Ok(Self {
            inner: Robots::parse(&body, robots_url.bytes()).or_throw()?,
        })
    }

    pub fn for_status(status: i64) -> PhpResult<Self> {
        let inner = Robots::for_status(status).map_err(|err| invalid_argument(err.to_string()))?;
        Ok(Self { inner })
    }

    pub fn is_allowed(&self, url: UrlArg<'_>, userAgent: BinarySlice<u8>) -> PhpResult<bool> {
        let url = url.read(1)?;
        self.inner
            .is_allowed(url.bytes(), agent(&userAgent)?)
            .or_throw()
    }

    pub fn matched_rule(
        &self,
        url: UrlArg<'_>,
        userAgent: BinarySlice<u8>,
    ) -> PhpResult<Option<ZBox<ZendHashTable>>> {
        let url = url.read(1)?;
        let Some(rule) = self
            .inner
            .matched_rule(url.bytes(), agent(&userAgent)?)
            .or_throw()?
        else {
            return Ok(None);
        };
        let mut group = ZendHashTable::with_capacity(rule.agents.len() as u32);
        for name in rule.agents {
            group.push(name.as_ref())?;
        }
        let mut array = ZendHashTable::with_capacity(4);
        array.insert("allowed", rule.allow)?;
        array.insert("rule", rule.text())?;
        array.insert("line", rule.line.map(i64::from))?;
        array.insert("group", group)?;
        Ok(Some(array))
    }

    pub fn crawl_delay(&self, userAgent: BinarySlice<u8>) -> PhpResult<Option<f64>> {
        self.inner
            .crawl_delay(agent(&userAgent)?)
            .map_err(|err| invalid_argument(err.to_string()))
    }

    pub fn sitemaps(&self) -> Vec<String> {
        self.inner.sitemaps().to_vec()
    }
}
