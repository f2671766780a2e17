//! Sweeps for the charts: vary one setting (the servers, or the round
//! trip), and at each value run [`SEEDS`] bursts (seeds `seed`, `seed`+1,
//! …) per strategy, recording the mean, least and most allowed.
//!
//! A sweep is many thousand runs, so it can be advanced a few runs at a
//! time ([`Sweep::advance`]) and read while it is partial: the widget
//! spreads it over animation frames so a slider drag never waits for it.

use super::engine::{allowed_from, Start};
use super::scenario::{Scenario, Strategy, BURST, RTT, SERVERS};

/// Bursts per point.
pub const SEEDS: u32 = 50;

/// The setting a sweep varies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Axis {
    /// API servers, 1 to 16.
    Servers,
    /// The Redis round trip, 0 to 20 ms in steps of 1 ms (kept in µs).
    Rtt,
}

impl Axis {
    /// The values the sweep takes, in the setting's model units.
    pub fn values(self) -> Vec<u32> {
        match self {
            Axis::Servers => (SERVERS.min..=SERVERS.max).collect(),
            Axis::Rtt => (RTT.min..=RTT.max).step_by(1000).collect(),
        }
    }

    /// The strategies drawn: every one against the servers; the ones that
    /// wait for Redis on every request against the round trip.
    pub fn strategies(self) -> Vec<Strategy> {
        match self {
            Axis::Servers => Strategy::ALL.to_vec(),
            Axis::Rtt => Strategy::ALL
                .into_iter()
                .filter(|s| s.waits_for_redis())
                .collect(),
        }
    }

    /// The scenario the sweep starts from: the learner's, except that the
    /// servers chart uses a burst of at least 16 × L (within the burst's
    /// range), so that local counters' N × L ceiling shows all the way.
    pub fn base(self, s: &Scenario) -> Scenario {
        let s = s.clamped();
        match self {
            Axis::Servers => s.with_burst(s.burst.max(SERVERS.max * s.limit).min(BURST.max)),
            Axis::Rtt => s,
        }
    }

    /// `s` with the swept setting at `x`.
    pub fn apply(self, s: Scenario, x: u32) -> Scenario {
        match self {
            Axis::Servers => s.with_servers(x),
            Axis::Rtt => s.with_rtt_us(x),
        }
    }
}

/// One point of a chart: a strategy at one value of the swept setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Point {
    /// The strategy.
    pub strategy: Strategy,
    /// The swept setting's value (servers, or the round trip in µs).
    pub x: u32,
    /// Bursts run so far (up to [`SEEDS`]).
    pub runs: u32,
    /// Their allowed requests, summed.
    pub sum: u32,
    /// The fewest allowed in one burst.
    pub min: u32,
    /// The most allowed in one burst.
    pub max: u32,
}

impl Point {
    /// The mean allowed, in hundredths (the exact mean of 50 runs has at
    /// most two decimals).
    pub fn mean_hundredths(&self) -> u32 {
        (self.sum * 100 + self.runs / 2) / self.runs.max(1)
    }

    /// Whether all of its bursts have run.
    pub fn done(&self) -> bool {
        self.runs == SEEDS
    }
}

/// A sweep in progress.
#[derive(Clone, Debug)]
pub struct Sweep {
    axis: Axis,
    base: Scenario,
    points: Vec<Point>,
    /// Runs done, over all points: point `next / SEEDS`, seed `next % SEEDS`.
    next: u32,
    /// Each seed's arrivals, drawn once: every point runs the same bursts.
    starts: Vec<Option<Start>>,
}

impl Sweep {
    /// A sweep of `axis` around the learner's scenario `s`, nothing run yet.
    pub fn new(axis: Axis, s: &Scenario) -> Sweep {
        let xs = axis.values();
        let points = axis
            .strategies()
            .into_iter()
            .flat_map(|strategy| {
                xs.iter().map(move |&x| Point {
                    strategy,
                    x,
                    runs: 0,
                    sum: 0,
                    min: u32::MAX,
                    max: 0,
                })
            })
            .collect();
        Sweep {
            axis,
            base: axis.base(s),
            points,
            next: 0,
            starts: vec![None; SEEDS as usize],
        }
    }

    /// The setting it varies.
    pub fn axis(&self) -> Axis {
        self.axis
    }

    /// The scenario it varies (the burst may differ from the learner's).
    pub fn base(&self) -> &Scenario {
        &self.base
    }

    /// Runs up to `runs` more bursts; true when the sweep is complete.
    pub fn advance(&mut self, runs: u32) -> bool {
        let total = self.points.len() as u32 * SEEDS;
        let end = self.next.saturating_add(runs).min(total);
        while self.next < end {
            let point = &mut self.points[(self.next / SEEDS) as usize];
            let seed = self.base.seed.wrapping_add(u64::from(self.next % SEEDS));
            let scenario = self
                .axis
                .apply(self.base, point.x)
                .with_strategy(point.strategy)
                .with_seed(seed);
            let start = self.starts[(self.next % SEEDS) as usize]
                .get_or_insert_with(|| Start::new(&scenario));
            let n = allowed_from(&scenario, start);
            point.runs += 1;
            point.sum += n;
            point.min = point.min.min(n);
            point.max = point.max.max(n);
            self.next += 1;
        }
        self.is_done()
    }

    /// Whether every burst has run.
    pub fn is_done(&self) -> bool {
        self.next == self.points.len() as u32 * SEEDS
    }

    /// The points, strategy by strategy, each in the order of
    /// [`Axis::values`]; partial ones have `runs < SEEDS`.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The whole sweep, run to the end.
    pub fn complete(axis: Axis, s: &Scenario) -> Sweep {
        let mut sweep = Sweep::new(axis, s);
        sweep.advance(u32::MAX);
        sweep
    }
}
