//! The host cache's memory per thread (src/standard/host_cache.rs is `thread_local!`, so under ZTS
//! each PHP thread holds its own): the heap one thread's full cache keeps, measured through
//! `normalize()` with an allocator that counts each thread's live bytes as glibc's malloc
//! rounds them. Prints the figures docs/threads.md quotes (`cargo test --test host_cache_memory
//! -- --nocapture`) and holds them to the bounds stated there.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use url_normalize_core::{normalize, Options};

struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
}

/// A glibc malloc chunk on x86_64: the size plus an 8-byte header, rounded up to 16, at least 32.
fn chunk(size: usize) -> isize {
    ((size + 8 + 15) & !15).max(32) as isize
}

// SAFETY: every call is forwarded to the system allocator unchanged; only a counter moves.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = LIVE.try_with(|live| live.set(live.get() + chunk(layout.size())));
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        let _ = LIVE.try_with(|live| live.set(live.get() - chunk(layout.size())));
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Distinct hosts each measurement feeds a thread: three generations of 4,096, so that the
/// cache fills both of its generations and turns over more than once.
const HOSTS: usize = 3 * 4096;

/// The most heap a fresh thread keeps between calls while it normalizes a URL on each of
/// `HOSTS` distinct hosts (results dropped): the cache's, as nothing else in the core keeps
/// memory per thread.
fn cache_bytes(host: fn(usize) -> String) -> isize {
    std::thread::spawn(move || {
        let options = Options::default();
        // Anything lazily built on first use (the parser's tables) is counted before.
        normalize("https://bücher.example/".as_bytes(), &options).expect("a valid URL");
        let before = LIVE.with(Cell::get);
        let mut most = 0;
        for n in 0..HOSTS {
            let url = format!("https://{}/", host(n));
            let _ = normalize(url.as_bytes(), &options);
            most = most.max(LIVE.with(Cell::get) - before);
        }
        most
    })
    .join()
    .expect("the measuring thread")
}

#[test]
fn one_threads_cache_is_bounded() {
    // A shop's or a crawl's IDN host (the README's 나나커피로스터스.com is 29 bytes).
    let typical = cache_bytes(|n| format!("bücher-{n}.example.de"));
    // 64 bytes as written and about as many in ASCII.
    let medium = cache_bytes(|n| format!("ü{n:0>6}{}.example.de", "a".repeat(64 - 19)));
    // The longest host the cache keeps (512 bytes as written), ASCII but for one letter.
    let longest = cache_bytes(|n| format!("ü{n:0>6}{}", "a".repeat(512 - 8)));
    println!(
        "host cache per thread, at most: {typical} bytes for typical IDN hosts, {medium} for \
         64-byte hosts, {longest} for the longest"
    );
    // Two full generations: hash tables of 8,192 slots, and each host's two strings.
    assert!(typical < 1_400_000, "typical hosts: {typical} bytes");
    // The byte bound: at most 2 × 512 KiB of host text, whatever the hosts' length.
    assert!(medium < 2_100_000, "64-byte hosts: {medium} bytes");
    assert!(longest < 2_100_000, "the longest hosts: {longest} bytes");
}
