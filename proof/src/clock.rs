//! The scenario's clock, run slower than real time, and waits that hit
//! their deadlines closely, with every wait's lateness measured.
//!
//! tokio's timers tick in whole milliseconds and fire at or after the tick,
//! so a wait of 250 µs cannot be slept on them. Waits here go to one timer
//! thread of their own instead: it sleeps on the operating system's
//! high-resolution timer (with the thread's timer slack set to 1 ns) until
//! [`SPIN`] before the earliest deadline, spins (`std::hint::spin_loop`)
//! for that last stretch, then wakes the waiting task. The task records
//! how late it actually resumed. Sleeping rather than spinning in the
//! runtime leaves the CPU to redis-server and to whatever else shares the
//! machine, and a thread that sleeps is scheduled again promptly when it
//! wakes, where one that spins is preempted.

use std::collections::BinaryHeap;
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

use tokio::sync::oneshot;

/// How long before a deadline the timer thread stops sleeping and spins.
pub const SPIN: Duration = Duration::from_micros(200);

/// A deadline waiting in the timer thread: earliest first, then first come.
struct Entry {
    deadline: Instant,
    seq: u64,
    wake: oneshot::Sender<()>,
}

impl PartialEq for Entry {
    fn eq(&self, other: &Self) -> bool {
        (self.deadline, self.seq) == (other.deadline, other.seq)
    }
}
impl Eq for Entry {}
impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Entry {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        // Reversed: BinaryHeap is a max-heap.
        (other.deadline, other.seq).cmp(&(self.deadline, self.seq))
    }
}

#[derive(Default)]
struct Timers {
    heap: BinaryHeap<Entry>,
    seq: u64,
}

/// The process's timer thread, started on first use. It blocks on a
/// condition variable while nothing waits, so it costs nothing idle.
fn timers() -> &'static (Mutex<Timers>, Condvar) {
    static TIMERS: OnceLock<&'static (Mutex<Timers>, Condvar)> = OnceLock::new();
    TIMERS.get_or_init(|| {
        let shared: &'static (Mutex<Timers>, Condvar) =
            Box::leak(Box::new((Mutex::new(Timers::default()), Condvar::new())));
        std::thread::Builder::new()
            .name("proof-timer".into())
            .spawn(move || timer_thread(shared))
            .expect("cannot start the timer thread");
        shared
    })
}

fn timer_thread(shared: &'static (Mutex<Timers>, Condvar)) {
    // SAFETY: prctl with PR_SET_TIMERSLACK only sets this thread's timer
    // slack; a failure just leaves the default (50 µs).
    unsafe {
        libc::prctl(libc::PR_SET_TIMERSLACK, 1 as libc::c_ulong);
    }
    let (lock, signal) = shared;
    let Ok(mut timers) = lock.lock() else { return };
    loop {
        let Some(next) = timers.heap.peek().map(|e| e.deadline) else {
            match signal.wait(timers) {
                Ok(t) => timers = t,
                Err(_) => return,
            }
            continue;
        };
        let now = Instant::now();
        if next > now + SPIN {
            // Sleep (a new, earlier deadline wakes it) until the spin.
            match signal.wait_timeout(timers, next - now - SPIN) {
                Ok((t, _)) => timers = t,
                Err(_) => return,
            }
            continue;
        }
        // The last stretch: spin without the lock (registrations go on;
        // an earlier deadline registered meanwhile is taken up), bounded by
        // the deadline at most SPIN away.
        drop(timers);
        let mut next = next;
        while Instant::now() < next {
            std::hint::spin_loop();
            if let Ok(t) = lock.try_lock() {
                if let Some(e) = t.heap.peek() {
                    next = next.min(e.deadline);
                }
            }
        }
        let Ok(t) = lock.lock() else { return };
        timers = t;
        let now = Instant::now();
        while timers.heap.peek().is_some_and(|e| e.deadline <= now) {
            if let Some(e) = timers.heap.pop() {
                let _ = e.wake.send(());
            }
        }
    }
}

/// Resolves once `deadline` has passed, woken by the timer thread.
async fn sleep_precisely(deadline: Instant) {
    if Instant::now() >= deadline {
        return;
    }
    let (tx, rx) = oneshot::channel();
    {
        let (lock, signal) = timers();
        if let Ok(mut t) = lock.lock() {
            t.seq += 1;
            let seq = t.seq;
            t.heap.push(Entry {
                deadline,
                seq,
                wake: tx,
            });
        }
        signal.notify_one();
    }
    let _ = rx.await;
    // Whatever woke it, never return before the deadline.
    while Instant::now() < deadline {
        tokio::task::yield_now().await;
    }
}

/// The scenario's time on the wall clock: model time `t` µs is
/// `epoch + t × scale` µs.
#[derive(Clone)]
pub struct Clock {
    epoch: Instant,
    scale: u64,
    late: Arc<Mutex<Vec<(Duration, Duration)>>>,
}

impl Clock {
    /// A clock whose model time 0 is `epoch`, running `scale` times slower
    /// than the model's.
    pub fn new(epoch: Instant, scale: u32) -> Clock {
        Clock {
            epoch,
            scale: u64::from(scale.max(1)),
            late: Arc::new(Mutex::new(Vec::new())),
        }
    }

    /// The wall-clock instant of model time `model_us`.
    pub fn at(&self, model_us: u64) -> Instant {
        self.epoch + Duration::from_micros(model_us.saturating_mul(self.scale))
    }

    /// A model duration on the wall clock.
    pub fn span(&self, model_us: u64) -> Duration {
        Duration::from_micros(model_us.saturating_mul(self.scale))
    }

    /// Model time now, in µs (0 before the epoch).
    pub fn now_model_us(&self) -> u64 {
        let real = Instant::now().saturating_duration_since(self.epoch);
        (real.as_micros() / u128::from(self.scale)) as u64
    }

    /// Waits until model time `model_us`.
    pub async fn until(&self, model_us: u64) {
        self.until_instant(self.at(model_us)).await;
    }

    /// Waits until `deadline` (on the timer thread) and records how late
    /// the task resumed.
    pub async fn until_instant(&self, deadline: Instant) {
        sleep_precisely(deadline).await;
        let late = Instant::now().saturating_duration_since(deadline);
        if let Ok(mut v) = self.late.lock() {
            v.push((deadline.saturating_duration_since(self.epoch), late));
        }
    }

    /// Every wait's lateness so far.
    pub fn lateness(&self) -> Vec<Duration> {
        self.waits().into_iter().map(|(_, late)| late).collect()
    }

    /// Every wait so far: its deadline (wall-clock time since model time
    /// 0) and how late it ended.
    pub fn waits(&self) -> Vec<(Duration, Duration)> {
        self.late.lock().map(|v| v.clone()).unwrap_or_default()
    }
}

/// Median, 99th percentile and maximum of a sample (zero when empty).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Spread {
    pub median: Duration,
    pub p99: Duration,
    pub max: Duration,
    pub count: usize,
}

impl Spread {
    /// The spread of `sample` (sorted here).
    pub fn of(mut sample: Vec<Duration>) -> Spread {
        if sample.is_empty() {
            return Spread::default();
        }
        sample.sort_unstable();
        let n = sample.len();
        let rank = |q: f64| sample[((q * (n - 1) as f64).round() as usize).min(n - 1)];
        Spread {
            median: sample[(n - 1) / 2],
            p99: rank(0.99),
            max: sample[n - 1],
            count: n,
        }
    }
}

impl std::fmt::Display for Spread {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "median {} µs, p99 {} µs, max {} µs ({} samples)",
            self.median.as_micros(),
            self.p99.as_micros(),
            self.max.as_micros(),
            self.count
        )
    }
}
