//! What the model says for URL-style parameters, as JSON, so the browser
//! tests can check the page against the native model:
//!
//! ```text
//! cargo run --release --example expect -- "strategy=getset&servers=8&seed=7"
//! cargo run --release --example expect -- "strategy=getset&servers=8" t=3.2
//! ```
//!
//! The optional second argument `t=<ms>` (or a `t` inside the query, as in
//! the page's own URL; the argument wins) adds `moment`: the run as it stood
//! at that moment, as `Report::at` computes it (t in whole µs, rounded down).

use ratelimit_lab::sim::{self, params, AllRefusedWhy, Moment, Report, Verdict};
use serde::Serialize;

/// One server card, 1-based like `data-server`.
#[derive(Serialize)]
struct Card {
    server: usize,
    received: u32,
    allowed: u32,
    refused: u32,
}

/// The run at one moment (`?t=`).
#[derive(Serialize)]
struct MomentJson {
    t_us: u64,
    cards: Vec<Card>,
    allowed: u32,
    refused: u32,
    gateway_refused: u32,
    counter: Option<u32>,
    calls: u32,
}

/// Everything the page shows as numbers, by the names of its test hooks.
#[derive(Serialize)]
struct Expected {
    cards: Vec<Card>,
    allowed: u32,
    limit: u32,
    allowance: u32,
    over: u32,
    refused_under_limit: u32,
    /// Refused that a correct limiter would have let through:
    /// max(0, min(B, L) − allowed) (`wrongly-refused`).
    wrongly_refused: u32,
    regular_user: u32,
    gateway_refused: u32,
    redis_calls: u32,
    redis_calls_per_request: f64,
    final_counter: Option<u32>,
    latency_median_ms: f64,
    latency_max_ms: f64,
    redis_ops_per_second: u64,
    redis_nodes: u64,
    end_us: u64,
    /// `Verdict::as_str` of every verdict that holds, most important first.
    verdicts: Vec<&'static str>,
    /// Why every request was refused, when that verdict holds:
    /// `fail-closed` or `no-quota`.
    all_refused_why: Option<&'static str>,
    /// Where "step" and "step back" stop, in µs.
    event_times: Vec<u64>,
    seed: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    moment: Option<MomentJson>,
}

fn card(i: usize, received: u32, allowed: u32, refused: u32) -> Card {
    Card {
        server: i + 1,
        received,
        allowed,
        refused,
    }
}

fn moment(m: Moment) -> MomentJson {
    MomentJson {
        t_us: m.t_us,
        cards: (m.servers.iter().enumerate())
            .map(|(i, s)| card(i, s.received, s.allowed, s.refused))
            .collect(),
        allowed: m.allowed,
        refused: m.refused,
        gateway_refused: m.gateway_refused,
        counter: m.counter,
        calls: m.calls,
    }
}

/// A moment written in milliseconds (`3.2`), in whole µs rounded down;
/// `None` if it is not a number, 0 if it is negative.
fn moment_us(text: &str) -> Option<u64> {
    let d = params::parse_decimal(text.trim())?;
    // Thousandths of a millisecond are microseconds; the parser drops
    // further digits, which rounds a positive value down.
    Some(d.milli.max(0) as u64)
}

fn expected(r: &Report, t_us: Option<u64>) -> Expected {
    let verdicts = r.verdicts();
    Expected {
        cards: (r.servers.iter().enumerate())
            .map(|(i, s)| card(i, s.received, s.allowed, s.refused))
            .collect(),
        allowed: r.allowed,
        limit: r.limit,
        allowance: r.allowance,
        over: r.over,
        refused_under_limit: r.refused_under_limit,
        wrongly_refused: r.wrongly_refused(),
        regular_user: r.regular_user,
        gateway_refused: r.gateway_refused,
        redis_calls: r.redis_calls,
        redis_calls_per_request: r.calls_per_request(),
        final_counter: r.final_counter,
        latency_median_ms: r.latency_median_us as f64 / 1000.0,
        latency_max_ms: r.latency_max_us as f64 / 1000.0,
        redis_ops_per_second: r.ops_per_second(),
        redis_nodes: r.redis_nodes(),
        end_us: r.end_us,
        verdicts: verdicts.iter().map(|v| v.as_str()).collect(),
        all_refused_why: verdicts.iter().find_map(|v| match v {
            Verdict::AllRefused(AllRefusedWhy::FailClosed) => Some("fail-closed"),
            Verdict::AllRefused(AllRefusedWhy::NoQuota) => Some("no-quota"),
            _ => None,
        }),
        event_times: r.event_times(),
        seed: r.scenario.seed,
        moment: t_us.map(|t| moment(r.at(t))),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let query = args.first().map_or("", String::as_str);
    let pairs = params::pairs(query);
    let t = match args.get(1) {
        Some(arg) => match arg.strip_prefix("t=") {
            Some(v) => Some(v),
            None => {
                eprintln!("expected `t=<ms>` as the second argument, got {arg:?}");
                std::process::exit(2);
            }
        },
        None => params::last(&pairs, "t"),
    };
    let t_us = match t.map(|v| (v, moment_us(v))) {
        Some((v, None)) => {
            eprintln!("`t={v}` is not a number of milliseconds");
            std::process::exit(2);
        }
        Some((_, us)) => us,
        None => None,
    };
    let report = sim::run(&params::parse(pairs).scenario);
    let json = serde_json::to_string(&expected(&report, t_us)).expect("plain data serialises");
    println!("{json}");
}
