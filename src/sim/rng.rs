//! The seeded generator. PCG-32 (via `rand_pcg`) gives the same stream on
//! x86_64 and wasm32, so a seed means the same burst natively and in the
//! browser.

use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg32;

/// A portable, seeded random generator.
pub struct Rng(Pcg32);

impl Rng {
    /// A generator whose whole stream is fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(Pcg32::seed_from_u64(seed))
    }

    /// A value uniform over `0..bound` (`bound > 0`), without modulo bias
    /// (Lemire's multiply-and-reject).
    pub fn below(&mut self, bound: u32) -> u32 {
        debug_assert!(bound > 0);
        let bound = bound.max(1);
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let product = u64::from(self.0.next_u32()) * u64::from(bound);
            if (product as u32) >= threshold {
                return (product >> 32) as u32;
            }
        }
    }

    /// `count` distinct values uniform over `0..bound`, in increasing order
    /// (Floyd's sampling: exactly `count` draws). `count` must not exceed
    /// `bound`; it is capped there.
    pub fn distinct_sorted(&mut self, count: u32, bound: u32) -> Vec<u32> {
        let count = count.min(bound);
        let mut picked: Vec<u32> = Vec::with_capacity(count as usize);
        for j in (bound - count)..bound {
            let t = self.below(j + 1);
            let value = match picked.binary_search(&t) {
                Ok(_) => j,
                Err(_) => t,
            };
            // Floyd's choice is never already picked; keeping the vector
            // sorted makes the membership test above a binary search.
            if let Err(at) = picked.binary_search(&value) {
                picked.insert(at, value);
            }
        }
        picked
    }
}
