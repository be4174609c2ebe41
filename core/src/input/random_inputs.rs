//! The tests' source of random inputs: xorshift64*, deterministic, so that a failing input
//! comes back from the same seed. Here, in the first stage, so that every stage's unit tests
//! may use it; the integration tests (`tests/common`) include this file.

/// A xorshift64* generator from a nonzero seed.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `bound` (not 0).
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }
}
