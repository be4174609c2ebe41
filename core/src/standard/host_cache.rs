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
//! The cache is per thread (`thread_local!`), so there is no lock; under ZTS each PHP thread
//! has its own. One thread's cache holds at most about 1.3 MB for typical IDN hosts and 2 MB
//! for any hosts (tests/host_cache_memory.rs measures them): the byte bound keeps long hosts
//! from filling 2 × 4,096 entries, which at 512 bytes a host would take 9.3 MB.

use crate::standard::host::ends_in_a_number;
use hashbrown::HashTable;
use percent_encoding::percent_decode_str;
use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::rc::Rc;

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

/// A host as written, and its conversion.
type Entry = (Box<str>, Conversion);

/// Two generations of entries, found by the host's hash, which is computed once per lookup
/// (a miss looks in both generations, then inserts: one hash, not three). The hasher is
/// std's keyed SipHash: hosts come from the wild, and a fixed hash would let anyone send
/// hosts that collide.
#[derive(Default)]
struct Generations {
    hasher: RandomState,
    current: HashTable<Entry>,
    /// The host text `current` holds, against [`GENERATION_BYTES`].
    current_bytes: usize,
    previous: HashTable<Entry>,
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
    if raw_host.len() > MAX_HOST_LENGTH {
        return convert(raw_host);
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
            Err(_) => convert(raw_host),
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
            assert!(cache.current.iter().any(|(raw, _)| **raw == *old));
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
