//! Checks the PHP the extension is built against, before anything compiles.
//!
//! The binding reads the engine's class table directly (`CG(class_table)`, in
//! src/php/exception.rs), which is only valid in a non-thread-safe (NTS) PHP; on a ZTS build
//! it would read the wrong memory. Stop here with a clear message instead. Also emits the
//! `php81`, `php82`, ... cfgs (ext-php-rs-build) so code can follow the PHP version.

use ext_php_rs_build::{
    emit_check_cfg, emit_php_cfg_flags, emit_rerun_if_env_changed, find_php, ApiVersion, PHPInfo,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    emit_rerun_if_env_changed();
    emit_check_cfg();
    let php = find_php()?;
    let info = PHPInfo::get(&php)?;
    if info.thread_safety()? {
        return Err(format!(
            "{} is a thread-safe (ZTS) PHP {}; url_normalize supports NTS PHP only \
             (set PHP and PHP_CONFIG to an NTS build)",
            php.display(),
            info.version()?
        )
        .into());
    }
    let version: ApiVersion = info.zend_version()?.try_into()?;
    emit_php_cfg_flags(version);
    Ok(())
}
