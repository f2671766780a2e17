//! How much of a burst gets through, over many seeds, for each strategy.
//!
//! ```text
//! cargo run --release --example spread -- [URL-style parameters] [--seeds N]
//! cargo run --release --example spread -- preset=gatepass rtt=5 --seeds 1000
//! ```
//!
//! Prints, per strategy, the mean, standard deviation, minimum and maximum
//! of requests allowed, so a course author can quote the model itself
//! ("with a 2 ms round trip about N of 40 get through").

use ratelimit_lab::sim::{self, params, Strategy};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut seeds: u64 = 1000;
    let mut pairs = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--seeds" {
            seeds = it
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap_or(seeds)
                .max(1);
        } else if let Some((k, v)) = a.split_once('=') {
            pairs.push((k, v));
        } else {
            eprintln!("ignored argument {a:?}: expected name=value or --seeds N");
        }
    }
    let parsed = params::parse(pairs.iter().copied());
    for notice in &parsed.notices {
        eprintln!("note: {notice}");
    }
    let base = parsed.scenario;
    println!(
        "{} servers, {} requests in {} ms, limit {}, round trip {} ms, {} spread, {} seeds from {}",
        base.servers,
        base.burst,
        base.span_ms,
        base.limit,
        params::format_ms(base.rtt_us),
        base.lb.as_str(),
        seeds,
        base.seed
    );
    println!(
        "{:<8} {:>8} {:>7} {:>5} {:>5} {:>10} {:>10}",
        "strategy", "allowed", "sd", "min", "max", "refused<L", "lost upd."
    );
    for strategy in Strategy::ALL {
        let runs: Vec<sim::Report> = (0..seeds)
            .map(|i| {
                sim::run(
                    &base
                        .with_strategy(strategy)
                        .with_seed(base.seed.wrapping_add(i)),
                )
            })
            .collect();
        let n = runs.len() as f64;
        let allowed: Vec<f64> = runs.iter().map(|r| f64::from(r.allowed)).collect();
        let mean = allowed.iter().sum::<f64>() / n;
        let sd = (allowed.iter().map(|a| (a - mean).powi(2)).sum::<f64>() / n).sqrt();
        let min = runs.iter().map(|r| r.allowed).min().unwrap_or(0);
        let max = runs.iter().map(|r| r.allowed).max().unwrap_or(0);
        let under = runs
            .iter()
            .map(|r| f64::from(r.refused_under_limit))
            .sum::<f64>()
            / n;
        let lost = runs
            .iter()
            .map(|r| f64::from(r.lost_updates()))
            .sum::<f64>()
            / n;
        println!(
            "{:<8} {:>8.1} {:>7.1} {:>5} {:>5} {:>10.1} {:>10.1}",
            strategy.as_str(),
            mean,
            sd,
            min,
            max,
            under,
            lost
        );
    }
}
