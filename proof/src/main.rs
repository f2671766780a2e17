//! `scripts/proof`: the model's numbers beside a real Redis's, for a table
//! of scenarios. `docs/PROOF.md` shows the latest output.
//!
//! Usage: proof [--seeds K] [--scale S] [--slow-scale S] [QUERY ...]
//! With QUERY (URL-style parameters, such as `preset=gatepass&rtt=1`) it
//! runs those scenarios instead of the table.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use proof::clock::Spread;
use proof::table::{default_rows, run_row, Row};
use proof::{Harness, DEFAULT_SCALE};

/// Seeds per scenario and strategy, unless told otherwise.
const DEFAULT_SEEDS: u32 = 10;
/// The per-minute preset's burst lasts 1 s; run 2x slower it takes 2 s.
const DEFAULT_SLOW_SCALE: u32 = 2;

struct Args {
    seeds: u32,
    scale: u32,
    slow_scale: u32,
    queries: Vec<String>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        seeds: DEFAULT_SEEDS,
        scale: DEFAULT_SCALE,
        slow_scale: DEFAULT_SLOW_SCALE,
        queries: Vec::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut number = |name: &str| -> Result<u32, String> {
            it.next()
                .and_then(|v| v.parse().ok())
                .filter(|v| *v >= 1)
                .ok_or(format!("{name} needs a whole number of at least 1"))
        };
        match arg.as_str() {
            "--seeds" => args.seeds = number("--seeds")?.min(1000),
            "--scale" => args.scale = number("--scale")?.min(100),
            "--slow-scale" => args.slow_scale = number("--slow-scale")?.min(100),
            "-h" | "--help" => {
                return Err(
                    "usage: proof [--seeds K] [--scale S] [--slow-scale S] [QUERY ...]".into(),
                )
            }
            q if !q.starts_with('-') => args.queries.push(q.to_string()),
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(args)
}

/// The table's heading: where Redis is, the priority and the load the
/// runs had, and how to read the columns.
fn print_header(harness: &Harness, seeds: u32) {
    println!(
        "## The model against a real redis-server (127.0.0.1:{}, persistence off)",
        harness.redis().port()
    );
    println!();
    println!(
        "The harness and redis-server run at nice {}{}; the machine's load average at the start: {}.",
        harness.priority().nice,
        if harness.priority().own_group {
            ", in a scheduling group of their own at that niceness"
        } else {
            " (in the session's scheduling group: a new one was not allowed)"
        },
        std::fs::read_to_string("/proc/loadavg")
            .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
            .unwrap_or_else(|_| "unknown".into())
    );
    println!();
    println!(
        "{} seed(s) per strategy. Same decisions: seeds where every request got the model's decision; same count: seeds with as many allowed; undisturbed runs: those in which no wait ended, and no Redis command took, more than {} ms (a disturbed run is played once more, and the second attempt kept whatever it found). Calls as Redis counted them (INFO commandstats).",
        seeds,
        proof::table::DISTURBED.as_millis()
    );
    println!();
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let rows: Vec<Row> = if args.queries.is_empty() {
        default_rows(args.scale, args.slow_scale)
    } else {
        args.queries
            .iter()
            .map(|q| Row::new("Scenario", q, args.scale))
            .collect()
    };
    let start = Instant::now();
    let harness = match Harness::start() {
        Ok(h) => h,
        Err(e) => {
            eprintln!("proof: {e}");
            return ExitCode::FAILURE;
        }
    };
    print_header(&harness, args.seeds);
    let tty = std::io::stderr().is_terminal();
    let mut lateness = Vec::new();
    for row in &rows {
        let result = run_row(&harness, row, args.seeds, |strategy| {
            if tty {
                eprint!("\x1b[2K[proof] {}: {strategy}\r", row.title);
                let _ = std::io::stderr().flush();
            }
        });
        if tty {
            eprint!("\x1b[2K");
        }
        match result {
            Ok(r) => {
                println!("{}", r.render());
                lateness.extend(r.cells.iter().flat_map(|c| c.lateness()));
            }
            Err(e) => {
                eprintln!("proof: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let all = Spread::of(lateness);
    println!(
        "Timer lateness over every row: median {} µs, p99 {} µs, max {} µs ({} waits). All rows in {} s.",
        all.median.as_micros(),
        all.p99.as_micros(),
        all.max.as_micros(),
        all.count,
        start.elapsed().as_secs()
    );
    ExitCode::SUCCESS
}
