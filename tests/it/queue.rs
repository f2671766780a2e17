//! The event queue's order (earliest first; at equal times, first
//! scheduled first; the events given before the run before anything
//! scheduled later) checked against `std`'s binary heap on
//! `(time, order scheduled)`, under the queue's one precondition: events
//! are scheduled a delay after the last popped time, which only grows.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use proptest::prelude::*;
use ratelimit_lab::sim::queue::Queue;

/// The same operations on a binary heap: `(time, sequence number, event)`.
struct Heap {
    heap: BinaryHeap<Reverse<(u64, u64, u32)>>,
    seq: u64,
    now: u64,
}

impl Heap {
    fn new(initial: &[(u64, u32)]) -> Heap {
        let mut h = Heap {
            heap: BinaryHeap::new(),
            seq: 0,
            now: 0,
        };
        for &(t, e) in initial {
            h.push(t, e);
        }
        h
    }

    fn push(&mut self, t: u64, e: u32) {
        self.heap.push(Reverse((t, self.seq, e)));
        self.seq += 1;
    }

    fn schedule_in(&mut self, delay: u64, e: u32) {
        self.push(self.now + delay, e);
    }

    fn pop(&mut self) -> Option<(u64, u32)> {
        let Reverse((t, _, e)) = self.heap.pop()?;
        self.now = t;
        Some((t, e))
    }
}

/// Events as popped: `(time, event)`.
type Popped = Vec<(u64, u32)>;

/// Pops everything from both, scheduling `plans[i]` (delays) after the
/// i-th pop, and returns both pop orders.
fn drain(initial: &[(u64, u32)], plans: &[Vec<u64>]) -> (Popped, Popped) {
    let mut queue = Queue::new(initial.to_vec());
    let mut heap = Heap::new(initial);
    let (mut got, mut want) = (Vec::new(), Vec::new());
    let mut next_event = 1_000_000;
    for i in 0.. {
        let (q, h) = (queue.pop(), heap.pop());
        assert_eq!(
            q.map(|(t, _)| t),
            q.map(|_| queue.now()),
            "now() is the last popped time"
        );
        got.extend(q);
        want.extend(h);
        if q.is_none() || h.is_none() {
            break;
        }
        for &delay in plans.get(i).map_or(&[][..], |p| p.as_slice()) {
            queue.schedule_in(delay, next_event);
            heap.schedule_in(delay, next_event);
            next_event += 1;
        }
    }
    (got, want)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn pops_in_the_same_order_as_a_binary_heap(
        times in prop::collection::vec(0u64..40, 0..30),
        plans in prop::collection::vec(
            prop::collection::vec(prop::sample::select(vec![0u64, 1, 3, 10, 25, 100]), 0..=3),
            0..120,
        ),
    ) {
        // Events given before the run, in time order (the queue's
        // precondition), with repeated times.
        let mut times = times;
        times.sort_unstable();
        let initial: Vec<(u64, u32)> = times.iter().enumerate().map(|(i, &t)| (t, i as u32)).collect();
        let (got, want) = drain(&initial, &plans);
        prop_assert_eq!(got, want);
    }
}

#[test]
fn equal_times_keep_the_order_given_then_the_order_scheduled() {
    // Given: b at 0, a at 5, c at 5. Popping b (t = 0) schedules d and e at
    // 5 (delay 5) and f at 0 (delay 0). Order: b, f (0, scheduled), then the
    // 5s: a and c (given before the run) before d and e (scheduled).
    let (got, want) = drain(&[(0, 1), (5, 0), (5, 2)], &[vec![5, 5, 0]]);
    let names = |v: &[(u64, u32)]| -> Vec<(u64, char)> {
        v.iter()
            .map(|&(t, e)| {
                let name = match e {
                    0..=2 => (b'a' + e as u8) as char,
                    e => (b'd' + (e - 1_000_000) as u8) as char,
                };
                (t, name)
            })
            .collect()
    };
    let expected = [(0, 'b'), (0, 'f'), (5, 'a'), (5, 'c'), (5, 'd'), (5, 'e')];
    assert_eq!(names(&got), expected);
    assert_eq!(names(&want), expected);
}
