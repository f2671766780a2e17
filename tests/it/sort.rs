//! The crate's sorts (`sim::sort`) against the standard library's: the
//! merge sort against its stable sort (the same order, ties kept as
//! given), the radix sort against its unstable sort on any integers,
//! short and long, the radix select against a sorted copy, and the merge
//! of two sorted lists against a stable sort of the two one after the
//! other.

use proptest::prelude::*;
use ratelimit_lab::sim::sort::{merge_by_key, nth_key, sort, sort_by_key, sort_keys};

proptest! {
    #[test]
    fn sorts_like_the_standard_library_and_keeps_ties_in_order(v in proptest::collection::vec((0u8..8, any::<u32>()), 0..300)) {
        let mut ours = v.clone();
        sort_by_key(&mut ours, |e| e.0);
        let mut std_ = v.clone();
        std_.sort_by_key(|e| e.0);
        prop_assert_eq!(ours, std_);
    }

    #[test]
    fn sorts_numbers_ascending(v in proptest::collection::vec(any::<u64>(), 0..500)) {
        let mut ours = v.clone();
        sort(&mut ours);
        let mut std_ = v;
        std_.sort_unstable();
        prop_assert_eq!(ours, std_);
    }

    #[test]
    fn radix_sorts_any_integers_ascending(
        wide in proptest::collection::vec(any::<u64>(), 0..700),
        times in proptest::collection::vec(0u64..40_000, 0..700),
        few in proptest::collection::vec(prop::sample::select(vec![0u64, 2000, 4000, 1 << 40]), 0..300),
    ) {
        for v in [wide, few] {
            let mut ours = v.clone();
            sort_keys(&mut ours);
            let mut std_ = v;
            std_.sort_unstable();
            prop_assert_eq!(ours, std_);
        }
        let mut ours = times.clone();
        sort_keys(&mut ours);
        let mut std_ = times;
        std_.sort_unstable();
        prop_assert_eq!(ours, std_);
    }

    #[test]
    fn selects_what_a_sort_puts_at_each_place(
        wide in proptest::collection::vec(any::<u64>(), 0..300),
        times in proptest::collection::vec(0u64..40_000, 0..300),
        few in proptest::collection::vec(prop::sample::select(vec![0u64, 2000, 4000, 1 << 40]), 0..300),
    ) {
        for v in [wide, times, few] {
            let mut sorted = v.clone();
            sorted.sort_unstable();
            for (k, &want) in sorted.iter().enumerate() {
                prop_assert_eq!(nth_key(&v, k), want);
            }
            // Past the end: 0, not a panic.
            prop_assert_eq!(nth_key(&v, v.len()), 0);
        }
    }

    #[test]
    fn merges_like_a_stable_sort_of_both(
        a in proptest::collection::vec((0u8..20, any::<u32>()), 0..100),
        b in proptest::collection::vec((0u8..20, any::<u32>()), 0..100),
    ) {
        let (mut a, mut b) = (a, b);
        a.sort_by_key(|e| e.0);
        b.sort_by_key(|e| e.0);
        let mut want = [a.clone(), b.clone()].concat();
        want.sort_by_key(|e| e.0);
        prop_assert_eq!(merge_by_key(&a, &b, |e| e.0), want);
    }
}
