//! The invariants the fuzz targets hold; `core/tests/fuzz_regressions.rs` includes `checks.rs`
//! too, so `cargo test` replays saved crashes against exactly these checks.

#[path = "checks.rs"]
mod checks;

pub use checks::{
    check_canonicalize, check_normalize, check_resolve, check_robots, check_urlpattern,
};
