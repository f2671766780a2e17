//! How long the model takes on the largest scenario, per strategy.
//!
//! ```text
//! cargo bench --bench model
//! ```
//!
//! No criterion, to keep dependencies light: for each strategy it warms up,
//! then times single runs of the largest scenario (`Scenario::largest`: 16
//! servers × 500 requests, everything else at its default: round trip 2 ms,
//! limit 10, span 40 ms, random spread, sync every 10 ms), each a full
//! `sim::run` including the regular user's second run, a different seed
//! each run so no single path gets cached, until at least half a second
//! has been spent.
//! It prints one line per strategy for people, then one `BENCH {json}` line
//! per strategy for scripts:
//!
//! ```text
//! model/local   16x500  median 12.3 µs  p95 14.0 µs  (40000 runs)
//! BENCH {"strategy":"local","median_us":12.3,"p95_us":14.0}
//! ```
//!
//! `cargo bench` builds with the bench profile, which inherits `release`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use ratelimit_lab::sim::{self, Scenario, Strategy};

const WARM_UP: Duration = Duration::from_millis(200);
const MEASURE: Duration = Duration::from_millis(600);

struct Timing {
    strategy: Strategy,
    median_us: f64,
    p95_us: f64,
    runs: usize,
}

/// The largest scenario the widget offers, with `strategy`, at `seed`.
fn largest(strategy: Strategy, seed: u64) -> Scenario {
    Scenario::largest(strategy).with_seed(seed)
}

fn measure(strategy: Strategy) -> Timing {
    let mut seed: u64 = 0;
    let start = Instant::now();
    while start.elapsed() < WARM_UP {
        black_box(sim::run(black_box(&largest(strategy, seed))));
        seed = seed.wrapping_add(1);
    }
    let mut samples_ns: Vec<u64> = Vec::with_capacity(1 << 16);
    let start = Instant::now();
    while start.elapsed() < MEASURE {
        let scenario = largest(strategy, seed);
        seed = seed.wrapping_add(1);
        let t = Instant::now();
        let report = sim::run(black_box(&scenario));
        let elapsed = t.elapsed();
        black_box(report);
        samples_ns.push(elapsed.as_nanos() as u64);
    }
    samples_ns.sort_unstable();
    let at = |q: f64| {
        let i = ((samples_ns.len() - 1) as f64 * q).round() as usize;
        samples_ns[i] as f64 / 1000.0
    };
    Timing {
        strategy,
        median_us: at(0.5),
        p95_us: at(0.95),
        runs: samples_ns.len(),
    }
}

fn main() {
    // `cargo bench` passes `--bench`; a filter word picks strategies.
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let timings: Vec<Timing> = Strategy::ALL
        .into_iter()
        .filter(|s| filters.is_empty() || filters.iter().any(|f| s.as_str().contains(f.as_str())))
        .map(measure)
        .collect();
    for t in &timings {
        println!(
            "model/{:<7} 16x500  median {:.1} µs  p95 {:.1} µs  ({} runs)",
            t.strategy.as_str(),
            t.median_us,
            t.p95_us,
            t.runs
        );
    }
    for t in &timings {
        println!(
            "BENCH {{\"strategy\":\"{}\",\"median_us\":{:.1},\"p95_us\":{:.1}}}",
            t.strategy.as_str(),
            t.median_us,
            t.p95_us
        );
    }
}
