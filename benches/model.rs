//! How long the model takes on the largest scenario, per strategy, and how
//! that time grows with the work.
//!
//! ```text
//! cargo bench --bench model             # the largest scenario
//! cargo bench --bench model -- growth   # 1/4/16 servers × 40/160/500 requests, and the charts
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
//! `growth` times the same runs at 1, 4 and 16 servers × 40, 160 and 500
//! requests (one `GROWTH {json}` line each), then the charts' full refresh:
//! both sweeps (`Sweep::complete`, servers and round trip, from the default
//! scenario, as the widget starts), one `REFRESH {json}` line.
//! `scripts/bench-compare` runs the first mode of two builds side by side.
//!
//! `cargo bench` builds with the bench profile, which inherits `release`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use ratelimit_lab::sim::sweep::{Axis, Sweep};
use ratelimit_lab::sim::{self, Scenario, Strategy};

const WARM_UP: Duration = Duration::from_millis(200);
const MEASURE: Duration = Duration::from_millis(600);

/// The growth table's sizes: servers, then requests.
const SERVERS: [u32; 3] = [1, 4, 16];
const REQUESTS: [u32; 3] = [40, 160, 500];

struct Timing {
    median_us: f64,
    p95_us: f64,
    runs: usize,
}

/// The largest scenario the widget offers, with `strategy`, at `seed`.
fn largest(strategy: Strategy, seed: u64) -> Scenario {
    Scenario::largest(strategy).with_seed(seed)
}

/// Times `sim::run` on `scenario` at seed 0, 1, 2, …: `warm_up`, then
/// single runs until `measure` has passed.
fn time_runs(scenario: Scenario, warm_up: Duration, measure: Duration) -> Timing {
    let mut seed: u64 = 0;
    let start = Instant::now();
    while start.elapsed() < warm_up {
        black_box(sim::run(black_box(&scenario.with_seed(seed))));
        seed = seed.wrapping_add(1);
    }
    let mut samples_ns: Vec<u64> = Vec::with_capacity(1 << 16);
    let start = Instant::now();
    while start.elapsed() < measure {
        let scenario = scenario.with_seed(seed);
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
        median_us: at(0.5),
        p95_us: at(0.95),
        runs: samples_ns.len(),
    }
}

/// The largest scenario, `strategy`.
fn largest_scenario(strategy: Strategy, filters: &[String]) -> Option<(Strategy, Timing)> {
    let wanted = filters.is_empty()
        || filters
            .iter()
            .any(|f| strategy.as_str().contains(f.as_str()));
    wanted.then(|| (strategy, time_runs(largest(strategy, 0), WARM_UP, MEASURE)))
}

fn largest_table(filters: &[String]) {
    let timings: Vec<(Strategy, Timing)> = Strategy::ALL
        .into_iter()
        .filter_map(|s| largest_scenario(s, filters))
        .collect();
    for (s, t) in &timings {
        println!(
            "model/{:<7} 16x500  median {:.1} µs  p95 {:.1} µs  ({} runs)",
            s.as_str(),
            t.median_us,
            t.p95_us,
            t.runs
        );
    }
    for (s, t) in &timings {
        println!(
            "BENCH {{\"strategy\":\"{}\",\"median_us\":{:.1},\"p95_us\":{:.1}}}",
            s.as_str(),
            t.median_us,
            t.p95_us
        );
    }
}

/// The growth table, then the charts' full refresh.
fn growth() {
    let (warm_up, measure) = (Duration::from_millis(100), Duration::from_millis(300));
    for strategy in Strategy::ALL {
        for servers in SERVERS {
            for burst in REQUESTS {
                let s = Scenario::default()
                    .with_strategy(strategy)
                    .with_servers(servers)
                    .with_burst(burst);
                let t = time_runs(s, warm_up, measure);
                println!(
                    "GROWTH {{\"strategy\":\"{}\",\"servers\":{servers},\"requests\":{burst},\"median_us\":{:.2}}}",
                    strategy.as_str(),
                    t.median_us
                );
            }
        }
    }
    let mut samples_ms: Vec<f64> = (0..7)
        .map(|_| {
            let t = Instant::now();
            for axis in [Axis::Servers, Axis::Rtt] {
                black_box(Sweep::complete(axis, black_box(&Scenario::default())));
            }
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    samples_ms.sort_by(f64::total_cmp);
    println!(
        "REFRESH {{\"sweeps\":\"servers+rtt\",\"median_ms\":{:.2},\"runs\":{}}}",
        samples_ms[samples_ms.len() / 2],
        samples_ms.len()
    );
}

fn main() {
    // `cargo bench` passes `--bench`; a filter word picks strategies, and
    // `growth` asks for the growth table instead.
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    if filters.iter().any(|f| f == "growth") {
        growth();
    } else {
        largest_table(&filters);
    }
}
