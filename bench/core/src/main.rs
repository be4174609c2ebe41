//! The Rust core alone beside the `ada-url` crate, on the data sets of testdata/urls:
//! median ns per URL of interleaved rounds. No PHP is involved: this is the cost of the
//! work itself, without the call into PHP.
//!
//! Both sides parse and serialize. `ada::Url::parse(u)?.href()` is WHATWG parsing of an
//! absolute URL; `normalize` also does what ada does not (the scheme default, bytes that are
//! not UTF-8, the fixups of core/src/standard/fixups), and its fast path answers at once for most
//! input.
//! `normalize_full_path` is shown too, so the fast path's share is visible.
//!
//!     cd bench/core && cargo run --release -- [rounds] > core.txt
//!
//! After the tables it prints each median once more as a tab-separated line for
//! `bench/suite.php --core core.txt`, which takes the Rust core's target and table from them:
//! `core`, rounds, data set, URLs, URLs answered by the fast path, contender, median ns.

use std::hint::black_box;
use std::time::Instant;
use url_normalize_core::{
    is_normal_form, normalize_cow, normalize_fast_path, normalize_full_path, Options,
};

/// The anchor's place among the contenders.
const ADA: usize = 2;

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(9);
    let data = |variable: &str| {
        std::env::var(variable)
            .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/urls").into())
    };
    // userbait.txt's licence keeps it out of the repository: measured when its folder is named.
    let mut files = vec![("kasztp.txt", data("URL_NORMALIZE_DATA"))];
    if std::env::var_os("URL_NORMALIZE_USERBAIT").is_some() {
        files.push(("userbait.txt", data("URL_NORMALIZE_USERBAIT")));
    }
    files.push(("idn-sample.txt", data("URL_NORMALIZE_DATA")));
    let options = Options::default();
    println!("Rust core beside ada-url, median ns per URL of {rounds} interleaved rounds");
    let mut lines = Vec::new();
    for (file, dir) in files {
        let text = std::fs::read_to_string(format!("{dir}/{file}")).expect("data set");
        let urls: Vec<&str> = text.lines().collect();
        let contenders: [(&str, &dyn Fn(&str) -> usize); 4] = [
            ("url_normalize::normalize_cow", &|u| {
                normalize_cow(u.as_bytes(), &options).map_or(0, |s| s.len())
            }),
            ("url_normalize::normalize_full_path", &|u| {
                normalize_full_path(u.as_bytes(), &options).map_or(0, |s| s.len())
            }),
            ("ada_url::Url::parse(u).href()", &|u| {
                ada_url::Url::parse(u, None).map_or(0, |url| url.href().len())
            }),
            ("url_normalize::is_normal_form (the check)", &|u| {
                usize::from(is_normal_form(u.as_bytes()))
            }),
        ];
        let mut times = vec![Vec::new(); contenders.len()];
        for _ in 0..rounds {
            for (slot, (_, run)) in times.iter_mut().zip(&contenders) {
                let start = Instant::now();
                for url in &urls {
                    black_box(run(black_box(url)));
                }
                slot.push(start.elapsed().as_nanos() as f64 / urls.len() as f64);
            }
        }
        // Kept as they are or written in one pass: no parse either way.
        let fast = urls
            .iter()
            .filter(|u| normalize_fast_path(u.as_bytes()).is_some())
            .count();
        println!(
            "\n{file} ({} URLs, {fast} answered by the fast path)",
            urls.len()
        );
        let median = |t: &mut Vec<f64>| {
            t.sort_by(f64::total_cmp);
            t[t.len() / 2]
        };
        let medians: Vec<f64> = times.iter_mut().map(median).collect();
        for ((name, _), ns) in contenders.iter().zip(&medians) {
            println!("  {name:<40} {ns:>8.0} ns  {:>5.2}x ada", ns / medians[ADA]);
            lines.push(format!(
                "core\t{rounds}\t{file}\t{}\t{fast}\t{name}\t{ns:.1}",
                urls.len()
            ));
        }
    }
    println!("\nfor bench/suite.php --core FILE (core, rounds, data, URLs, fast path, contender, median ns):");
    for line in lines {
        println!("{line}");
    }
}
