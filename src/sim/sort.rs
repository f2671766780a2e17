//! The crate's sorts: one small stable merge sort for anything, a radix
//! sort for the model's integers (sparse arrival times, event times), and
//! a radix select for the latencies' median on every run.
//!
//! The standard library's sorts are fast, but each type they are used with
//! brings its own copy of several sorting routines into the wasm: six uses
//! cost about 27 KB of code before optimisation and several kilobytes of
//! the download (docs/DECISIONS.md). The merge sort is one routine per
//! type and serves the few short lists outside the model. The model sorts
//! hundreds of integers per run, thousands of times for a chart, and the
//! merge sort made every run three times slower (issue 38): its integers
//! go through [`sort_keys`], a byte-at-a-time radix sort that is linear
//! in the items and small in code, or for one value, [`nth_key`].

use std::cmp::Ordering;

/// Sorts `v` by `cmp`, stably: items that compare equal keep their order.
pub fn sort_by<T: Copy>(v: &mut [T], cmp: impl Fn(&T, &T) -> Ordering) {
    let n = v.len();
    if n < 2 {
        return;
    }
    let mut a: Vec<T> = v.to_vec();
    let mut b: Vec<T> = v.to_vec();
    let mut width = 1;
    while width < n {
        let mut start = 0;
        while start < n {
            let mid = (start + width).min(n);
            let end = (start + 2 * width).min(n);
            let (mut l, mut r) = (start, mid);
            for slot in &mut b[start..end] {
                // Ties take the left run's item first: the sort is stable.
                let left = r >= end || (l < mid && cmp(&a[l], &a[r]) != Ordering::Greater);
                if left {
                    *slot = a[l];
                    l += 1;
                } else {
                    *slot = a[r];
                    r += 1;
                }
            }
            start = end;
        }
        std::mem::swap(&mut a, &mut b);
        width *= 2;
    }
    v.copy_from_slice(&a);
}

/// Sorts `v` by the key `key` gives each item, stably.
pub fn sort_by_key<T: Copy, K: Ord>(v: &mut [T], key: impl Fn(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `v` in ascending order.
pub fn sort<T: Copy + Ord>(v: &mut [T]) {
    sort_by(v, T::cmp);
}

/// Below this many items, [`sort_keys`] sorts by insertion: a radix pass
/// costs its 256 counters whatever the length.
const SHORT: usize = 32;

/// Sorts the integers `v` in ascending order: least significant byte
/// first, one counting pass per byte in which the items differ (times in
/// µs below 2²⁴ differ in at most three), so O(n) per byte.
/// One type only (`u64`): each type a sort is used with is another copy
/// of its code in the wasm.
pub fn sort_keys(v: &mut [u64]) {
    if v.len() <= SHORT {
        insertion(v);
        return;
    }
    let (mut any, mut all) = (0u64, u64::MAX);
    for &x in v.iter() {
        any |= x;
        all &= x;
    }
    // The bits in which some items differ; bytes without any are skipped.
    let differ = any ^ all;
    if differ == 0 {
        return;
    }
    let mut other: Vec<u64> = v.to_vec();
    let mut in_v = true;
    for shift in (0..64).step_by(8).filter(|&s| (differ >> s) & 0xff != 0) {
        if in_v {
            radix_pass(v, &mut other, shift);
        } else {
            radix_pass(&other, v, shift);
        }
        in_v = !in_v;
    }
    if !in_v {
        v.copy_from_slice(&other);
    }
}

/// The `k`-th smallest (0-based) of the integers `v`, or 0 if there are
/// not that many: what `sort_keys` would put at `v[k]`, without sorting.
/// Most significant byte first, one counting pass per byte in which the
/// items differ, each counting only the items that agree with the bytes
/// chosen so far: O(n) per byte, nothing written but 256 counters. The
/// latencies' median (every run of the model) reads it.
pub fn nth_key(v: &[u64], k: usize) -> u64 {
    if k >= v.len() {
        return 0;
    }
    let (mut any, mut all) = (0u64, u64::MAX);
    for &x in v {
        any |= x;
        all &= x;
    }
    // The bytes in which no two items differ are `all`'s; the others are
    // chosen one at a time, from the top.
    let differ = any ^ all;
    let (mut k, mut chosen, mut mask) = (k, 0u64, 0u64);
    for shift in (0..64)
        .step_by(8)
        .rev()
        .filter(|&s| (differ >> s) & 0xff != 0)
    {
        let mut count = [0u32; 256];
        for &x in v {
            if x & mask == chosen {
                count[(x >> shift) as u8 as usize] += 1;
            }
        }
        // The byte whose items hold the k-th: the k items before it are
        // in the smaller bytes. There is one, as k is below the count.
        let mut byte = 0;
        while byte < 255 && k >= count[byte] as usize {
            k -= count[byte] as usize;
            byte += 1;
        }
        chosen |= (byte as u64) << shift;
        mask |= 0xff << shift;
    }
    chosen | (all & !mask)
}

/// One stable counting pass: `from` into `to`, by the byte at `shift`.
fn radix_pass(from: &[u64], to: &mut [u64], shift: u32) {
    let mut next = [0u32; 256];
    for &x in from {
        next[(x >> shift) as u8 as usize] += 1;
    }
    let mut sum = 0;
    for slot in next.iter_mut() {
        (*slot, sum) = (sum, sum + *slot);
    }
    for &x in from {
        let slot = &mut next[(x >> shift) as u8 as usize];
        to[*slot as usize] = x;
        *slot += 1;
    }
}

/// Insertion sort, for a few items.
fn insertion(v: &mut [u64]) {
    for i in 1..v.len() {
        let x = v[i];
        let mut j = i;
        while j > 0 && v[j - 1] > x {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = x;
    }
}

/// The items of `a` and `b`, each already in order by `key`, in order by
/// `key`: at equal keys `a`'s items first, each list's in its own order
/// (what a stable sort of `a` followed by `b` gives), in O(a + b).
pub fn merge_by_key<T: Copy, K: Ord>(a: &[T], b: &[T], key: impl Fn(&T) -> K) -> Vec<T> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if key(&b[j]) < key(&a[i]) {
            out.push(b[j]);
            j += 1;
        } else {
            out.push(a[i]);
            i += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}
