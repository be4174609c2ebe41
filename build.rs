//! Emits the `php81`, `php82`, ... cfgs (ext-php-rs-build) so code can follow the PHP version
//! the extension is built against (`PHP`, `PHP_CONFIG`, or the `php` on the PATH), and
//! `php_zts` for a thread-safe PHP.
//!
//! Thread-safe (ZTS) and non-thread-safe (NTS) PHPs are both supported: ext-php-rs itself
//! reads `php -i` and compiles for the one found, and the binding reaches the engine's globals
//! only through ext-php-rs's ZTS-aware accessors (src/exception.rs).

use ext_php_rs_build::{
    emit_check_cfg, emit_php_cfg_flags, emit_rerun_if_env_changed, find_php, ApiVersion, PHPInfo,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    emit_rerun_if_env_changed();
    emit_check_cfg();
    let php = find_php()?;
    let info = PHPInfo::get(&php)?;
    let version: ApiVersion = info.zend_version()?.try_into()?;
    emit_php_cfg_flags(version);
    // For `php --ri url_normalize` (src/info.rs); ext-php-rs sets the cfg for itself only.
    if info.thread_safety()? {
        println!("cargo:rustc-cfg=php_zts");
    }
    Ok(())
}
