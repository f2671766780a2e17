//! The seeded generator. PCG-32 (`rand_pcg`) gives the same stream on
//! x86_64 and wasm32, and every draw goes through `rand` with a fixed-width
//! type (`u32`), never `usize`, whose width differs between the two: so a
//! seed means the same burst natively and in the browser.

use rand::seq::SliceRandom;
use rand::{RngExt as _, SeedableRng};
use rand_pcg::Pcg32;

/// A portable, seeded random generator.
#[derive(Clone, Debug)]
pub struct Rng(Pcg32);

impl Rng {
    /// A generator whose whole stream is fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(Pcg32::seed_from_u64(seed))
    }

    /// A value uniform over `0..bound`; 0 when `bound` is 0.
    pub fn below(&mut self, bound: u32) -> u32 {
        if bound == 0 {
            return 0;
        }
        self.0.random_range(0..bound)
    }

    /// `count` distinct values uniform over `0..bound`, in increasing order.
    /// `count` is capped at `bound`.
    ///
    /// The set is that of the first `count` distinct values of the
    /// generator's stream (rejection of repeats), which is a uniformly
    /// random subset. It draws the missing number in batches: each batch is
    /// sorted on its own (a radix sort, linear in the batch) and merged
    /// into the values so far, repeats removed. That consumes the stream in
    /// the same order as one draw at a time would, without shifting a
    /// vector on every insert, and after the first batch of `count` each
    /// later one is a handful of values merged in one pass.
    pub fn distinct_sorted(&mut self, count: u32, bound: u32) -> Vec<u32> {
        let count = count.min(bound) as usize;
        let mut picked: Vec<u32> = Vec::new();
        while picked.len() < count {
            // Each batch draws exactly the number still missing, so at most
            // its last draw could complete the set: never a draw too many.
            let mut batch: Vec<u32> = (picked.len()..count).map(|_| self.below(bound)).collect();
            super::sort::sort_keys(&mut batch);
            picked = if picked.is_empty() {
                batch
            } else {
                super::sort::merge_by_key(&picked, &batch, |&v| v)
            };
            picked.dedup();
        }
        picked
    }

    /// Shuffles `items` in place (Fisher–Yates through `rand`, whose index
    /// draws are `u32` for slices this short, so the same on every target).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        items.shuffle(&mut self.0);
    }
}
