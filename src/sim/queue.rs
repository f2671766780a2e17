//! The event queue: earliest time first, and at equal times the event
//! scheduled first runs first.
//!
//! Every event the model schedules while it runs lands a fixed delay after
//! the moment it was scheduled (half a round trip, a round trip, a timeout,
//! the slow extra), and events are handled in time order, so the events
//! scheduled with one delay come out already sorted by (time, order
//! scheduled). The queue keeps one FIFO lane per delay, plus one for the
//! events known before the run (arrivals, sync times), and pops the
//! smallest head: the same order as a binary heap on (time, order
//! scheduled), at O(1) per event for the few delays a run uses. Nothing
//! is sorted here: the events known before the run come in time order.
//! `tests/it/queue.rs` checks that equivalence against `BinaryHeap`.

/// A lane: events scheduled with one delay, in (time, order scheduled)
/// order. A vector read from `head` on: nothing is ever shifted.
struct Lane<E> {
    delay: u64,
    head: usize,
    events: Vec<(u64, u64, E)>,
}

/// The queue. `E` is the event type.
pub struct Queue<E> {
    /// Lane 0 holds the events known before the run; the others one delay each.
    lanes: Vec<Lane<E>>,
    now: u64,
    seq: u64,
}

impl<E: Copy> Queue<E> {
    /// A queue holding `initial` events `(time, event)`, which must be in
    /// time order (the engine builds them so: arrivals are drawn in order,
    /// and the syncs merged in). At equal times they keep the order given,
    /// and they come before anything scheduled later.
    pub fn new(initial: Vec<(u64, E)>) -> Self {
        debug_assert!(initial.windows(2).all(|w| w[0].0 <= w[1].0));
        let events: Vec<(u64, u64, E)> = initial
            .into_iter()
            .enumerate()
            .map(|(i, (t, e))| (t, i as u64, e))
            .collect();
        let seq = events.len() as u64;
        Queue {
            lanes: vec![Lane {
                delay: 0,
                head: 0,
                events,
            }],
            now: 0,
            seq,
        }
    }

    /// The time of the last event popped.
    pub fn now(&self) -> u64 {
        self.now
    }

    /// Schedules `event` at `now + delay`.
    pub fn schedule_in(&mut self, delay: u64, event: E) {
        let entry = (self.now + delay, self.seq, event);
        self.seq += 1;
        match self.lanes[1..].iter_mut().find(|l| l.delay == delay) {
            Some(lane) => lane.events.push(entry),
            None => self.lanes.push(Lane {
                delay,
                head: 0,
                events: vec![entry],
            }),
        }
    }

    /// The earliest event, first scheduled first among equal times.
    pub fn pop(&mut self) -> Option<(u64, E)> {
        let mut best: Option<(u64, u64, usize)> = None;
        for (i, lane) in self.lanes.iter().enumerate() {
            if let Some(&(t, seq, _)) = lane.events.get(lane.head) {
                if best.is_none_or(|(bt, bs, _)| (t, seq) < (bt, bs)) {
                    best = Some((t, seq, i));
                }
            }
        }
        let (t, _, i) = best?;
        let lane = &mut self.lanes[i];
        let event = lane.events[lane.head].2;
        lane.head += 1;
        self.now = t;
        Some((t, event))
    }
}
