//! The tests' source of random inputs: xorshift64, deterministic, so that a failing input
//! comes back from the same seed. Here, in the first stage, so that every stage's tests may
//! use it.

/// A xorshift64 generator from a nonzero seed.
pub(crate) struct Xorshift(pub(crate) u64);

impl Xorshift {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `bound` (not 0).
    pub(crate) fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }
}
