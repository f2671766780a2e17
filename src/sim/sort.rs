//! One small stable sort for the whole crate.
//!
//! The standard library's sorts are faster on large inputs, but each type
//! they are used with brings its own copy of several sorting routines into
//! the wasm: six uses cost about 27 KB of code before optimisation and
//! several kilobytes of the download (docs/DECISIONS.md). Every slice
//! sorted here holds at most a few thousand items of a `Copy` type, for
//! which a plain bottom-up merge sort is quick enough.

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
