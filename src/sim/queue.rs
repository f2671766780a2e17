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

/// An event's place in the order: its time in the high 32 bits, then the
/// order it was scheduled in (29 bits), then its lane (3 bits), so one
/// integer comparison orders two events, and the smallest head names its
/// lane without a branch on which lane is next (which the processor
/// could not predict). Times stay far below 2³² µs (71 minutes): a run's
/// last event comes within a few seconds (span, timeouts and slow replies
/// are each at most a second or so); a run schedules far fewer than 2²⁹
/// events, and uses at most four of the [`LANES`] lanes.
fn key(time: u64, seq: u64, lane: usize) -> u64 {
    debug_assert!(time >> 32 == 0 && seq >> 29 == 0 && lane < LANES);
    time << 32 | seq << 3 | lane as u64
}

/// The most lanes a queue can have, known events' and delays' together.
pub const LANES: usize = 8;

/// The key of an empty lane's head: after every event.
const EMPTY: u64 = u64::MAX;

/// A lane: events scheduled with one delay, in (time, order scheduled)
/// order. A ring of a power-of-two size, read at `head` and written at
/// `tail` (both count up; masked into the ring), doubled when full: a lane
/// holds the events it has waiting, and nothing is shifted. Each slot is
/// a key and its event, side by side in one slice (one look-up, one
/// bounds check), written in place: no vector's `push` (a call, in the
/// size-optimised build, per event).
struct Lane<E> {
    delay: u64,
    head: usize,
    tail: usize,
    slots: Box<[(u64, E)]>,
}

impl<E: Copy> Lane<E> {
    /// An empty lane, for events scheduled `delay` after the moment they
    /// are scheduled.
    fn empty(delay: u64) -> Lane<E> {
        Lane {
            delay,
            head: 0,
            tail: 0,
            slots: Box::new([]),
        }
    }

    /// Adds `event`, whose key is `key`, at the tail.
    fn push(&mut self, key: u64, event: E) {
        if self.tail - self.head == self.slots.len() {
            self.grow(event);
        }
        let i = self.tail & (self.slots.len() - 1);
        self.slots[i] = (key, event);
        self.tail += 1;
    }

    /// Doubles the ring (64 at least: a run's busy lanes hold dozens),
    /// its waiting events moved to the front in order; `filler` fills the
    /// free slots. Rare, so out of the way of `push`.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, filler: E) {
        let mask = self.slots.len().wrapping_sub(1);
        let waiting = (self.head..self.tail)
            .map(|n| self.slots[n & mask])
            .collect();
        let size = (2 * self.slots.len()).max(64);
        self.slots = pad(waiting, size, (EMPTY, filler));
        (self.head, self.tail) = (0, self.tail - self.head);
    }
}

/// `v`, filled up to `size` items with `filler`.
fn pad<T: Copy>(mut v: Vec<T>, size: usize, filler: T) -> Box<[T]> {
    v.resize(size, filler);
    v.into_boxed_slice()
}

/// The queue. `E` is the event type.
///
/// The lanes and their heads are arrays of [`LANES`], the unused ones
/// empty: nothing allocated for them, and a lane named by a key's low
/// three bits needs no bounds check (a vector's indexing is a call in the
/// size-optimised build).
pub struct Queue<E> {
    /// First the lanes of events known before the run (`known` of them),
    /// then one per delay: `used` in all.
    lanes: [Lane<E>; LANES],
    known: usize,
    used: usize,
    /// Each lane's head key, or [`EMPTY`] (an unused lane's too): what
    /// `pop` compares.
    heads: [u64; LANES],
    now: u64,
    seq: u64,
}

impl<E: Copy> Queue<E> {
    /// A queue holding `initial` events `(time, event)`, which must be in
    /// time order (the engine builds them so: arrivals are drawn in order).
    /// At equal times they keep the order given, and they come before
    /// anything scheduled later.
    pub fn new(initial: Vec<(u64, E)>) -> Self {
        let mut queue = Queue {
            lanes: std::array::from_fn(|_| Lane::empty(0)),
            known: 0,
            used: 0,
            heads: [EMPTY; LANES],
            now: 0,
            seq: 0,
        };
        queue.add_known(initial);
        queue
    }

    /// More events known before the run, in time order, in a lane of their
    /// own: at equal times they come after those given so far and before
    /// anything scheduled. Two lists in order need no merge: the queue
    /// takes the smaller head. Only before anything is scheduled.
    pub fn add_known(&mut self, events: Vec<(u64, E)>) {
        debug_assert!(events.windows(2).all(|w| w[0].0 <= w[1].0));
        assert!(self.used == self.known);
        let lane = self.known;
        let mut lane_of = Lane::empty(0);
        if let Some(&(_, first)) = events.first() {
            let size = events.len().next_power_of_two();
            let seq = self.seq;
            let mut slots = events;
            for (slot, n) in slots.iter_mut().zip(seq..) {
                slot.0 = key(slot.0, n, lane);
            }
            (lane_of.tail, self.seq) = (slots.len(), seq + slots.len() as u64);
            lane_of.slots = pad(slots, size, (EMPTY, first));
        }
        let head = lane_of.slots.first().map_or(EMPTY, |s| s.0);
        self.add_lane(lane_of, head);
        self.known += 1;
    }

    /// Adds `lane`, whose head key is `head`.
    fn add_lane(&mut self, lane: Lane<E>, head: u64) {
        // The key has three bits for the lane.
        assert!(self.used < LANES);
        self.lanes[self.used] = lane;
        self.heads[self.used] = head;
        self.used += 1;
    }

    /// The time of the last event popped.
    pub fn now(&self) -> u64 {
        self.now
    }

    /// The lane for events scheduled `delay` after the moment they are
    /// scheduled, made the first time it is asked for: a handle for
    /// [`Queue::schedule`], which a run takes once per delay it uses.
    pub fn lane(&mut self, delay: u64) -> usize {
        let known = self.known;
        match self.lanes[known..self.used]
            .iter()
            .position(|l| l.delay == delay)
        {
            Some(i) => known + i,
            None => {
                self.add_lane(Lane::empty(delay), EMPTY);
                self.used - 1
            }
        }
    }

    /// Schedules `event` at `now` plus the delay of lane `lane` (from
    /// [`Queue::lane`]).
    pub fn schedule(&mut self, lane: usize, event: E) {
        let l = &mut self.lanes[lane];
        let k = key(self.now + l.delay, self.seq, lane);
        self.seq += 1;
        if l.head == l.tail {
            self.heads[lane] = k;
        }
        l.push(k, event);
    }

    /// Schedules `event` at `now + delay`.
    pub fn schedule_in(&mut self, delay: u64, event: E) {
        let lane = self.lane(delay);
        self.schedule(lane, event);
    }

    /// The earliest event, first scheduled first among equal times.
    pub fn pop(&mut self) -> Option<(u64, E)> {
        let k = self.heads[..self.used]
            .iter()
            .fold(EMPTY, |least, &h| least.min(h));
        if k == EMPTY {
            return None;
        }
        let i = (k & 7) as usize;
        let lane = &mut self.lanes[i];
        let mask = lane.slots.len() - 1;
        let (_, event) = lane.slots[lane.head & mask];
        lane.head += 1;
        self.heads[i] = match lane.head < lane.tail {
            true => lane.slots[lane.head & mask].0,
            false => EMPTY,
        };
        self.now = k >> 32;
        Some((self.now, event))
    }
}
