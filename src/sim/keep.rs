//! How a count is kept over time (`docs/MODEL.md`, "Windows and buckets"):
//! the fixed windows' grid, and one keeper of one user's count under each
//! algorithm, the same code for a server's memory, the gateway and Redis.
//!
//! Integer µs throughout, so the model and a script given the same times
//! agree exactly.

use super::scenario::{Algo, Scenario};

/// Where the fixed windows fall: [b + kW, b + (k+1)W) with b the edge. With
/// no edge the whole burst is in window 0, whatever its length.
#[derive(Clone, Copy, Debug)]
pub struct Grid {
    edge_us: Option<u64>,
    w: u64,
}

impl Grid {
    /// The grid of `s` (clamped).
    pub fn of(s: &Scenario) -> Grid {
        Grid {
            edge_us: s.edge_us(),
            w: s.window_us().max(1),
        }
    }

    /// The window's length in µs.
    pub fn w(&self) -> u64 {
        self.w
    }

    /// The window a decision at `x` counts in.
    pub fn window(&self, x: u64) -> i64 {
        match self.edge_us {
            None => 0,
            Some(b) => (x as i64 - b as i64).div_euclid(self.w as i64),
        }
    }

    /// How far into its window `x` is, in µs (with no edge, window 0 starts
    /// with the burst).
    pub fn into_window(&self, x: u64) -> u64 {
        match self.edge_us {
            None => x,
            Some(b) => (x as i64 - b as i64).rem_euclid(self.w as i64) as u64,
        }
    }

    /// When window `k` starts, in µs from the burst's start (negative
    /// before it).
    pub fn start(&self, k: i64) -> i64 {
        self.edge_us.unwrap_or(0) as i64 + k * self.w as i64
    }
}

/// "No window seen yet": far below any window a run can reach, with room
/// to subtract one.
const NONE_YET: i64 = i64::MIN / 2;

/// The token bucket in exact integers: one token is W units, so it holds
/// up to A·W units and refills A units a µs (A the allowance).
#[derive(Clone, Copy, Debug, Default)]
pub struct Bucket {
    units: u64,
    last_us: u64,
    /// The first and the latest time it was used, once it has been.
    pub runs: Option<(u64, u64)>,
}

impl Bucket {
    /// Refills up to `now` (full at its first use), then takes a token if
    /// there is a whole one.
    pub fn take(&mut self, now: u64, allowance: u32, w: u64) -> bool {
        let capacity = u64::from(allowance) * w;
        let (first, _) = self.runs.unwrap_or((now, now));
        if self.runs.is_none() {
            self.units = capacity;
            self.last_us = now;
        }
        self.units = capacity.min(self.units + (now - self.last_us) * u64::from(allowance));
        self.last_us = now;
        self.runs = Some((first, now));
        let allowed = self.units >= w;
        if allowed {
            self.units -= w;
        }
        allowed
    }

    /// Whole tokens left.
    pub fn tokens(&self, w: u64) -> u32 {
        (self.units / w) as u32
    }
}

/// One user's count as one place keeps it: a fixed window's count and the
/// window's before it (`fixed`, `counter`, and Redis's per-window keys), the
/// allowed requests' times (`log`), or a bucket.
#[derive(Clone, Debug)]
pub struct Keeper {
    /// The latest window seen.
    k: i64,
    /// Its count.
    count: u32,
    /// The count of window `k - 1`.
    before: u32,
    /// `log`: the allowed requests' times, oldest first; those before
    /// `head` have left the last W.
    times: Vec<u64>,
    head: usize,
    /// `bucket`.
    pub bucket: Bucket,
}

impl Default for Keeper {
    fn default() -> Self {
        Keeper {
            k: NONE_YET,
            count: 0,
            before: 0,
            times: Vec::new(),
            head: 0,
            bucket: Bucket::default(),
        }
    }
}

impl Keeper {
    /// Window `k`'s count, to read or change; `None` for a window older
    /// than the one before the latest (its key has gone). A later window
    /// moves the keeper on: the latest becomes the one before (if adjacent).
    pub fn window(&mut self, k: i64) -> Option<&mut u32> {
        if k > self.k {
            self.before = if k == self.k + 1 { self.count } else { 0 };
            self.count = 0;
            self.k = k;
        }
        match self.k - k {
            0 => Some(&mut self.count),
            1 => Some(&mut self.before),
            _ => None,
        }
    }

    /// Whether a request decided at `x` is allowed with an allowance of
    /// `allowance` (then it is counted).
    pub fn allow(&mut self, algo: Algo, grid: &Grid, x: u64, allowance: u32) -> bool {
        let w = grid.w();
        match algo {
            Algo::Fixed => match self.window(grid.window(x)) {
                Some(c) => {
                    let allowed = *c < allowance;
                    *c += u32::from(allowed);
                    allowed
                }
                None => false,
            },
            Algo::Counter => {
                self.window(grid.window(x));
                let e = grid.into_window(x).min(w);
                let weighted = u64::from(self.before) * (w - e) + u64::from(self.count) * w;
                let allowed = weighted < u64::from(allowance) * w;
                self.count += u32::from(allowed);
                allowed
            }
            Algo::Log => {
                while self.head < self.times.len() && self.times[self.head] + w <= x {
                    self.head += 1;
                }
                let allowed = self.times.len() - self.head < allowance as usize;
                if allowed {
                    self.times.push(x);
                }
                allowed
            }
            Algo::Bucket => self.bucket.take(x, allowance, w),
        }
    }

    /// What it holds after its latest use, as Redis would report it: the
    /// window's count (`fixed`), the log's entries, the current window's
    /// count (`counter`), the bucket's whole tokens.
    pub fn held(&self, algo: Algo, w: u64) -> u32 {
        match algo {
            Algo::Fixed | Algo::Counter => self.count,
            Algo::Log => (self.times.len() - self.head) as u32,
            Algo::Bucket => self.bucket.tokens(w),
        }
    }
}
