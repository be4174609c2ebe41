//! A bounded per-thread cache of host → ASCII conversions.
//!
//! UTS #46 ToASCII is most of the cost of an IDN URL. A crawler sees the same hosts over and
//! over, so the parse layer asks here first, and the `url` crate parses a placeholder host
//! instead of running IDNA again. The conversion is the crate's own
//! (`Host::parse_cow` in url 2.5.8): percent-decode, then `idna::domain_to_ascii_from_cow`
//! with the URL deny list. A host the crate would not keep as a domain is cached as
//! "no answer", so the caller takes the crate's path and reports the crate's error. That
//! covers an IDNA error, an empty result, and a result that ends in a number (an IPv4
//! address).
//!
//! Bounds: hosts longer than [`MAX_HOST_LENGTH`] bytes are not cached. The cache keeps two
//! generations of at most [`GENERATION_CAPACITY`] hosts and [`GENERATION_BYTES`] bytes of
//! host text each. When the current generation is full it becomes the previous one and the
//! oldest is dropped, and a host found in the previous generation moves back to the current
//! one. A working set that fits keeps hitting.
//!
//! Hosts are keyed by their bytes as written, and only a miss checks that they are UTF-8 (a
//! host that is not has no conversion, and is cached as such): a lookup reads the host once,
//! for its hash, and once more to compare it.
//!
//! The cache is per thread (`thread_local!`), so there is no lock; under ZTS each PHP thread
//! has its own. One thread's cache holds at most about 1.3 MB for typical IDN hosts and 2 MB
//! for any hosts (tests/host_cache_memory.rs measures them): the byte bound keeps long hosts
//! from filling 2 × 4,096 entries, which at 512 bytes a host would take 9.3 MB.

use crate::standard::host::ends_in_a_number;
use foldhash::fast::SeedableRandomState;
use foldhash::SharedSeed;
use hashbrown::HashTable;
use percent_encoding::percent_decode_str;
use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::rc::Rc;
use std::sync::OnceLock;

/// Hosts per generation.
const GENERATION_CAPACITY: usize = 4096;

/// Bytes of host text (as written, plus the ASCII form) per generation: room for 4,096
/// hosts of 64 bytes each way, and for fewer longer ones.
const GENERATION_BYTES: usize = GENERATION_CAPACITY * 2 * 64;

/// Longer raw hosts are converted every time (a DNS name has at most 253 ASCII bytes; its
/// Unicode form, percent-encoded or in UTF-8, can be a few times longer).
const MAX_HOST_LENGTH: usize = 512;

/// The ASCII form of a host, or `None` when the crate's own path must answer.
type Conversion = Option<Rc<str>>;

/// A host's bytes as written, and its conversion.
type Entry = (Box<[u8]>, Conversion);

/// Two generations of entries, found by the host's hash, which is computed once per lookup
/// (a miss looks in both generations, then inserts: one hash, not three).
///
/// The hash is keyed: hosts come from the wild, and a fixed hash would let anyone send hosts
/// that collide, which would make every lookup walk them. It is foldhash, a folded multiply of
/// the bytes with the keys: a few dozen instructions for a host, where std's SipHash-1-3 took
/// about 200 (a sixteenth of a warm URL). foldhash's own random seed is made of addresses and
/// the time, so the keys come from std's `RandomState` instead, which the operating system
/// seeds: a process-wide 64-bit seed, which foldhash expands, and one per thread. foldhash is
/// weaker than SipHash against an attacker who can watch hash values; no hash leaves the
/// process, so colliding hosts must be chosen without the keys, and a generation holds at most
/// 4,096 hosts.
struct Generations {
    hasher: SeedableRandomState,
    current: HashTable<Entry>,
    /// The host text `current` holds, against [`GENERATION_BYTES`].
    current_bytes: usize,
    previous: HashTable<Entry>,
}

impl Default for Generations {
    fn default() -> Self {
        /// 64 bits no one outside the process can know: a constant hashed with std's keys.
        fn secret() -> u64 {
            RandomState::new().hash_one(0x5eed_u64)
        }
        static SHARED: OnceLock<SharedSeed> = OnceLock::new();
        let shared = SHARED.get_or_init(|| SharedSeed::from_u64(secret()));
        Generations {
            hasher: SeedableRandomState::with_seed(secret(), shared),
            current: HashTable::default(),
            current_bytes: 0,
            previous: HashTable::default(),
        }
    }
}

thread_local! {
    static CACHE: RefCell<Generations> = RefCell::new(Generations::default());
}

/// Whether `raw_host` (as written in the input) needs UTS #46 processing beyond ASCII
/// lowercasing: it has non-ASCII bytes, a `%` escape, or an `xn--` label to validate.
pub(crate) fn needs_idna(raw_host: &str) -> bool {
    let bytes = raw_host.as_bytes();
    !bytes.is_ascii()
        || bytes.contains(&b'%')
        || bytes.windows(4).any(|w| w.eq_ignore_ascii_case(b"xn--"))
}

/// The ASCII domain the URL Standard's host parser makes of `raw_host`, from the cache when
/// it has been seen. `None`: the host is not a valid domain (or is an IPv4 address), and the
/// crate's own path must run and report.
pub(crate) fn to_ascii(raw_host: &str) -> Option<Rc<str>> {
    to_ascii_bytes(raw_host.as_bytes())
}

/// [`to_ascii`] of the bytes `raw_host`, which are UTF-8 or have no conversion (`None`).
pub(crate) fn to_ascii_bytes(raw_host: &[u8]) -> Option<Rc<str>> {
    if raw_host.len() > MAX_HOST_LENGTH {
        return convert_bytes(raw_host);
    }
    CACHE.with(|cache| {
        let cache = &mut *cache.borrow_mut();
        let hash = cache.hasher.hash_one(raw_host);
        let same = |(raw, _): &Entry| **raw == *raw_host;
        if let Some((_, found)) = cache.current.find(hash, same) {
            return found.clone();
        }
        let conversion = match cache.previous.find_entry(hash, same) {
            Ok(found) => found.remove().0 .1,
            Err(_) => convert_bytes(raw_host),
        };
        let bytes = raw_host.len() + conversion.as_ref().map_or(0, |ascii| ascii.len());
        if cache.current.len() >= GENERATION_CAPACITY
            || cache.current_bytes + bytes > GENERATION_BYTES
        {
            // Full size at once: a generation that grows by doubling rehashes every host.
            let fresh = HashTable::with_capacity(GENERATION_CAPACITY);
            cache.previous = std::mem::replace(&mut cache.current, fresh);
            cache.current_bytes = 0;
        }
        let hasher = &cache.hasher;
        let entry = (raw_host.into(), conversion.clone());
        cache
            .current
            .insert_unique(hash, entry, |(raw, _)| hasher.hash_one(&**raw));
        cache.current_bytes += bytes;
        conversion
    })
}

/// [`convert`] of bytes that may not be UTF-8, which have no conversion.
fn convert_bytes(raw_host: &[u8]) -> Conversion {
    convert(std::str::from_utf8(raw_host).ok()?)
}

/// The crate's host parser, as far as a domain goes.
fn convert(raw_host: &str) -> Conversion {
    let decoded: Cow<'_, [u8]> = percent_decode_str(raw_host).into();
    let ascii = idna::domain_to_ascii_from_cow(decoded, idna::AsciiDenyList::URL).ok()?;
    (!ascii.is_empty() && !ends_in_a_number(&ascii)).then(|| Rc::from(&*ascii))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_as_the_url_crate_does() {
        assert_eq!(to_ascii("faß.de").as_deref(), Some("xn--fa-hia.de"));
        assert_eq!(to_ascii("Fa%C3%9F.DE").as_deref(), Some("xn--fa-hia.de"));
        assert_eq!(
            to_ascii("ＥＸＡＭＰＬＥ。ｃｏｍ").as_deref(),
            Some("example.com")
        );
        assert_eq!(to_ascii("xn--fa-hia.de").as_deref(), Some("xn--fa-hia.de"));
        // The crate's path answers these: an IDNA error, an IPv4 address, nothing at all.
        assert_eq!(to_ascii("a\u{200d}.com"), None);
        assert_eq!(to_ascii("xn--a.com"), None);
        assert_eq!(to_ascii("１.２.３.４"), None);
        assert_eq!(to_ascii("%C2%AD"), None);
    }

    /// The cache's key is the host's bytes: a host that is not UTF-8 has no conversion, as a
    /// miss and as a hit, and hosts that differ in case only are two entries with one answer.
    #[test]
    fn keyed_by_the_bytes_as_written() {
        let entries = || CACHE.with(|cache| cache.borrow().current.len());
        for invalid in [
            &b"caf\xe9.de"[..],
            b"\xc3\x28.de",
            b"a.\xff",
            b"\xed\xa0\x80.com",
        ] {
            assert_eq!(to_ascii_bytes(invalid), None, "{invalid:?}");
            assert_eq!(to_ascii_bytes(invalid), None, "{invalid:?}, cached");
        }
        let before = entries();
        for host in ["BÜCHER.de", "bücher.de", "Bücher.DE", "BÜCHER.de"] {
            assert_eq!(
                to_ascii(host).as_deref(),
                Some("xn--bcher-kva.de"),
                "{host}"
            );
        }
        assert_eq!(entries(), before + 3);
        // A valid host that shares an invalid one's prefix is its own entry.
        assert_eq!(to_ascii("café.de").as_deref(), Some("xn--caf-dma.de"));
        assert_eq!(to_ascii_bytes(b"caf\xe9.de"), None);
    }

    /// Each cache has its own keys: the same host hashes differently in two of them.
    #[test]
    fn the_hash_is_keyed() {
        let (one, other) = (Generations::default(), Generations::default());
        let host: &[u8] = b"example.com";
        assert_ne!(one.hasher.hash_one(host), other.hasher.hash_one(host));
    }

    #[test]
    fn needs_idna_only_where_ascii_lowercasing_is_not_enough() {
        assert!(needs_idna("faß.de") && needs_idna("a%41.com") && needs_idna("a.XN--b"));
        assert!(!needs_idna("Example.COM") && !needs_idna("a-b.c_d"));
    }

    #[test]
    fn stays_bounded_and_keeps_a_working_set() {
        for n in 0..3 * GENERATION_CAPACITY {
            to_ascii(&format!("ü{n}.de"));
        }
        CACHE.with(|cache| {
            let cache = cache.borrow();
            assert!(cache.current.len() <= GENERATION_CAPACITY);
            assert!(cache.previous.len() <= GENERATION_CAPACITY);
        });
        // A host of the previous generation moves back to the current one.
        let old = format!("ü{}.de", GENERATION_CAPACITY + 1);
        to_ascii(&old);
        CACHE.with(|cache| {
            let cache = cache.borrow();
            assert!(cache
                .current
                .iter()
                .any(|(raw, _)| **raw == *old.as_bytes()));
        });

        // Hosts that are not UTF-8 count against the bounds too.
        for n in 0..3 * GENERATION_CAPACITY {
            let mut host = format!("\u{fc}{n}.de").into_bytes();
            host[1] = 0xff;
            assert_eq!(to_ascii_bytes(&host), None);
        }
        CACHE.with(|cache| {
            let cache = cache.borrow();
            assert!(cache.current.len() <= GENERATION_CAPACITY);
            assert!(cache.previous.len() <= GENERATION_CAPACITY);
        });

        // Long hosts fill a generation by bytes long before its count.
        for n in 0..3 * GENERATION_CAPACITY {
            to_ascii(&format!("ü{n:0>6}{}", "a".repeat(MAX_HOST_LENGTH - 8)));
        }
        CACHE.with(|cache| {
            let cache = cache.borrow();
            let text = |generation: &HashTable<Entry>| -> usize {
                let ascii = |c: &Conversion| c.as_ref().map_or(0, |a| a.len());
                generation.iter().map(|(raw, c)| raw.len() + ascii(c)).sum()
            };
            assert!(cache.current.len() < GENERATION_CAPACITY / 4);
            assert_eq!(text(&cache.current), cache.current_bytes);
            assert!(cache.current_bytes <= GENERATION_BYTES);
            assert!(text(&cache.previous) <= GENERATION_BYTES);
        });
    }
}
