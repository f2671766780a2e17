//! How much of a burst gets through, over many seeds, for each strategy.
//!
//! ```text
//! cargo run --release --example spread -- [URL-style parameters] [--seeds N] [--json]
//! cargo run --release --example spread -- preset=gatepass rtt=5 --seeds 1000
//! cargo run --release --example spread -- "redis=slow&timeout=200" --json
//! ```
//!
//! Prints, per strategy, the mean, standard deviation, minimum and maximum
//! of requests allowed, and the means of what the totals show beside them,
//! so a course author can quote the model itself ("with a 2 ms round trip
//! about N of 40 get through"). With `--json`, the same as one JSON object.

use ratelimit_lab::sim::{self, params, Strategy};
use serde::Serialize;

/// One strategy over all the seeds.
#[derive(Serialize)]
struct Row {
    strategy: &'static str,
    allowed_mean: f64,
    allowed_sd: f64,
    allowed_min: u32,
    allowed_max: u32,
    refused_under_limit_mean: f64,
    lost_updates_mean: f64,
    regular_user_mean: f64,
    redis_calls_per_request_mean: f64,
    latency_median_ms_mean: f64,
}

/// The whole table.
#[derive(Serialize)]
struct Table {
    /// The scenario as URL parameters (the seed is the first one run).
    scenario: String,
    seeds: u64,
    strategies: Vec<Row>,
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = values.fold((0.0, 0.0), |(s, n), v| (s + v, n + 1.0));
    sum / f64::max(n, 1.0)
}

fn row(base: &sim::Scenario, strategy: Strategy, seeds: u64) -> Row {
    let runs: Vec<sim::Report> = (0..seeds)
        .map(|i| {
            let seed = base.seed.wrapping_add(i);
            sim::run(&base.with_strategy(strategy).with_seed(seed))
        })
        .collect();
    let allowed = || runs.iter().map(|r| f64::from(r.allowed));
    let allowed_mean = mean(allowed());
    let allowed_sd = mean(allowed().map(|a| (a - allowed_mean).powi(2))).sqrt();
    Row {
        strategy: strategy.as_str(),
        allowed_mean,
        allowed_sd,
        allowed_min: runs.iter().map(|r| r.allowed).min().unwrap_or(0),
        allowed_max: runs.iter().map(|r| r.allowed).max().unwrap_or(0),
        refused_under_limit_mean: mean(runs.iter().map(|r| f64::from(r.refused_under_limit))),
        lost_updates_mean: mean(runs.iter().map(|r| f64::from(r.lost_updates()))),
        regular_user_mean: mean(runs.iter().map(|r| f64::from(r.regular_user))),
        redis_calls_per_request_mean: mean(runs.iter().map(|r| r.calls_per_request())),
        latency_median_ms_mean: mean(runs.iter().map(|r| r.latency_median_us as f64 / 1000.0)),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut seeds: u64 = 1000;
    let mut json = false;
    let mut pairs = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--seeds" {
            seeds = it
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap_or(seeds)
                .max(1);
        } else if a == "--json" {
            json = true;
        } else if a.contains('=') {
            pairs.extend(params::pairs(a));
        } else {
            eprintln!("ignored argument {a:?}: expected name=value, --seeds N or --json");
        }
    }
    let parsed = params::parse(pairs.iter().copied());
    for notice in &parsed.notices {
        eprintln!("note: {notice:?}");
    }
    let base = parsed.scenario;
    let table = Table {
        scenario: params::to_query(&base, &[]),
        seeds,
        strategies: Strategy::ALL
            .into_iter()
            .map(|s| row(&base, s, seeds))
            .collect(),
    };
    if json {
        let text = serde_json::to_string_pretty(&table).expect("plain data serialises");
        println!("{text}");
        return;
    }
    println!(
        "{} servers, {} requests in {} ms, limit {} per {} s, round trip {} ms, {} spread, \
         Redis {}, {} seeds from {}",
        base.servers,
        base.burst,
        base.span_ms,
        base.limit,
        base.window_s,
        params::format_ms(base.rtt_us),
        base.lb.as_str(),
        base.redis.as_str(),
        seeds,
        base.seed
    );
    println!(
        "{:<8} {:>8} {:>7} {:>5} {:>5} {:>10} {:>10} {:>8} {:>10} {:>11}",
        "strategy",
        "allowed",
        "sd",
        "min",
        "max",
        "refused<L",
        "lost upd.",
        "regular",
        "calls/req",
        "latency ms"
    );
    for r in &table.strategies {
        println!(
            "{:<8} {:>8.1} {:>7.1} {:>5} {:>5} {:>10.1} {:>10.1} {:>8.1} {:>10.2} {:>11.1}",
            r.strategy,
            r.allowed_mean,
            r.allowed_sd,
            r.allowed_min,
            r.allowed_max,
            r.refused_under_limit_mean,
            r.lost_updates_mean,
            r.regular_user_mean,
            r.redis_calls_per_request_mean,
            r.latency_median_ms_mean
        );
    }
}
