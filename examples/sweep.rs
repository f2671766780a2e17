//! The charts' points for URL-style parameters, as JSON, so the browser
//! tests can check the drawn points against the native sweep:
//!
//! ```text
//! cargo run --release --example sweep -- "limit=5&burst=200&lb=round-robin&seed=7" servers
//! cargo run --release --example sweep -- "strategy=getset" rtt
//! cargo run --release --example sweep -- ""              # both axes
//! ```
//!
//! Each point is written as the chart writes its `circle`'s attributes:
//! `strategy` (`data-strategy`), `x` (`data-x`: servers, or the round trip
//! in ms), `mean` (`data-mean`, to the hundredth without trailing zeros),
//! `min` and `max` (`data-min`, `data-max`). `burst` is the burst the sweep
//! ran (the servers chart uses at least 16 × L).

use ratelimit_lab::sim::params;
use ratelimit_lab::sim::sweep::{Axis, Sweep};
use ratelimit_lab::vm::format;
use serde::Serialize;

#[derive(Serialize)]
struct PointJson {
    strategy: &'static str,
    x: String,
    mean: String,
    min: u32,
    max: u32,
}

#[derive(Serialize)]
struct SweepJson {
    axis: &'static str,
    burst: u32,
    points: Vec<PointJson>,
}

fn sweep(axis: Axis, query: &str) -> SweepJson {
    let scenario = params::parse(params::pairs(query)).scenario;
    let sweep = Sweep::complete(axis, &scenario);
    let points = sweep
        .points()
        .iter()
        .map(|p| PointJson {
            strategy: p.strategy.as_str(),
            x: match axis {
                Axis::Servers => p.x.to_string(),
                Axis::Rtt => format::ms(u64::from(p.x)),
            },
            mean: format::hundredths(u64::from(p.mean_hundredths())),
            min: p.min,
            max: p.max,
        })
        .collect();
    SweepJson {
        axis: match axis {
            Axis::Servers => "servers",
            Axis::Rtt => "rtt",
        },
        burst: sweep.base().burst,
        points,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let query = args
        .first()
        .map_or("", String::as_str)
        .trim_start_matches('?');
    let json = match args.get(1).map(String::as_str) {
        Some("servers") => serde_json::to_string(&sweep(Axis::Servers, query)),
        Some("rtt") => serde_json::to_string(&sweep(Axis::Rtt, query)),
        None => serde_json::to_string(&serde_json::json!({
            "servers": sweep(Axis::Servers, query),
            "rtt": sweep(Axis::Rtt, query),
        })),
        Some(other) => {
            eprintln!("expected the axis `servers` or `rtt`, got {other:?}");
            std::process::exit(2);
        }
    };
    println!("{}", json.expect("plain data serialises"));
}
