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

    /// `count` distinct values uniform over `0..bound`, in increasing order.
    /// `count` is capped at `bound`.
    ///
    /// The set is that of the first `count` distinct values of the
    /// generator's stream (rejection of repeats), which is a uniformly
    /// random subset. Drawing the missing number in batches, then sorting
    /// and removing repeats, consumes the stream in the same order as one
    /// draw at a time would, without shifting a vector on every insert.
    pub fn distinct_sorted(&mut self, count: u32, bound: u32) -> Vec<u32> {
        let count = count.min(bound) as usize;
        let mut picked: Vec<u32> = Vec::with_capacity(count);
        while picked.len() < count {
            // Each batch draws exactly the number still missing, so at most
            // its last draw could complete the set: never a draw too many.
            for _ in picked.len()..count {
                let v = self.below(bound);
                picked.push(v);
            }
            picked.sort_unstable();
            picked.dedup();
        }
        picked
    }
}
