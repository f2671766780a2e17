//! The crate's one sort (`sim::sort`) against the standard library's
//! stable sort, on any input: the same order, ties kept as given.

use proptest::prelude::*;
use ratelimit_lab::sim::sort::{sort, sort_by_key};

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
}
