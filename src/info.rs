//! `php --ri url_normalize` and phpinfo(): what this build carries, for a bug report or for
//! code that stores answers which change with the data (`registrableDomain()`'s, keys).

use ext_php_rs::zend::ModuleEntry;
use ext_php_rs::{info_table_end, info_table_row, info_table_start};

/// The module's section of phpinfo().
pub(crate) extern "C" fn module_info(_module: *mut ModuleEntry) {
    let rules = format!(
        "{} (psl crate), {} rules",
        url_normalize_core::PUBLIC_SUFFIX_LIST_VERSION,
        url_normalize_core::PUBLIC_SUFFIX_LIST_RULES
    );
    let thread_safety = if cfg!(php_zts) { "ZTS" } else { "NTS" };
    info_table_start!();
    info_table_row!("url_normalize support", "enabled");
    info_table_row!("version", env!("CARGO_PKG_VERSION"));
    info_table_row!(
        "key version (KEY_VERSION)",
        url_normalize_core::KEY_VERSION.to_string()
    );
    info_table_row!("Public Suffix List", rules);
    info_table_row!(
        "IDNA tables (UTS #46), Unicode",
        url_normalize_core::IDNA_UNICODE_VERSION
    );
    info_table_row!("thread safety", thread_safety);
    info_table_row!("SIMD", url_normalize_core::simd());
    info_table_end!();
}
