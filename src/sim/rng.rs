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
    /// random subset. When the values are dense in `0..bound` (a burst of
    /// hundreds within tens of ms) each draw is looked up in a bitmap of
    /// `0..bound` and the set is read out of it in order: nothing is
    /// sorted. Otherwise it draws in batches (see [`Rng::distinct_batched`]).
    /// Both use the stream exactly as one draw at a time would.
    pub fn distinct_sorted(&mut self, count: u32, bound: u32) -> Vec<u32> {
        let count = count.min(bound) as usize;
        let words = (bound as usize).div_ceil(64);
        // Reading a bitmap costs about as much per word as sorting does
        // per value: the bitmap when it has few words per value.
        if words <= 4 * count {
            self.distinct_by_bitmap(count, bound, words)
        } else {
            self.distinct_batched(count, bound)
        }
    }

    /// One draw at a time until `count` distinct values have come, each
    /// looked up and marked in a bitmap of `words` words over `0..bound`;
    /// then the marks in order.
    fn distinct_by_bitmap(&mut self, count: usize, bound: u32, words: usize) -> Vec<u32> {
        let mut seen = vec![0u64; words];
        let mut found = 0;
        while found < count {
            let v = self.below(bound);
            let (word, bit) = (&mut seen[(v / 64) as usize], 1u64 << (v % 64));
            found += usize::from(*word & bit == 0);
            *word |= bit;
        }
        // Written in place, not pushed: a push is a call in the
        // size-optimised build.
        let mut out = vec![0u32; count];
        let mut n = 0;
        for (i, &word) in seen.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                out[n] = i as u32 * 64 + rest.trailing_zeros();
                n += 1;
                rest &= rest - 1;
            }
        }
        out
    }

    /// The same set drawn in batches: each draws the number still missing,
    /// is sorted on its own (a radix sort, linear in the batch) and merged
    /// into the values so far, repeats removed. After the first batch of
    /// `count`, each later one is a handful of values merged in one pass.
    fn distinct_batched(&mut self, count: usize, bound: u32) -> Vec<u32> {
        let mut picked: Vec<u32> = Vec::new();
        while picked.len() < count {
            // Each batch draws exactly the number still missing, so at most
            // its last draw could complete the set: never a draw too many.
            let mut wide: Vec<u64> = (picked.len()..count)
                .map(|_| u64::from(self.below(bound)))
                .collect();
            super::sort::sort_keys(&mut wide);
            let batch: Vec<u32> = wide.into_iter().map(|v| v as u32).collect();
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
