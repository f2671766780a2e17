//! What the model says for URL-style parameters, as JSON, so the browser
//! tests can check the page against the native model:
//!
//! ```text
//! cargo run --release --example expect -- "strategy=getset&servers=8&seed=7"
//! ```

use ratelimit_lab::sim::{self, params};

fn main() {
    let query = std::env::args().nth(1).unwrap_or_default();
    let query = query.trim_start_matches('?');
    let pairs: Vec<(&str, &str)> = query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| p.split_once('=').unwrap_or((p, "")))
        .collect();
    let r = sim::run(&params::parse(pairs).scenario);
    let cards: Vec<String> = r
        .servers
        .iter()
        .enumerate()
        .map(|(i, s)| {
            format!(
                r#"{{"server":{},"received":{},"allowed":{},"refused":{}}}"#,
                i + 1,
                s.received,
                s.allowed,
                s.refused
            )
        })
        .collect();
    println!(
        r#"{{"cards":[{}],"allowed":{},"limit":{},"over":{},"refused_under_limit":{},"redis_calls":{},"redis_calls_per_request":{},"final_counter":{},"seed":{}}}"#,
        cards.join(","),
        r.allowed,
        r.limit,
        r.over,
        r.refused_under_limit,
        r.redis_calls,
        r.redis_calls_per_request,
        r.final_counter
            .map_or("null".to_string(), |c| c.to_string()),
        r.scenario.seed
    );
}
