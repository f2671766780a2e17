//! Scenarios run over K seeds, real beside model: per strategy the mean
//! allowed, how many seeds gave the model's every decision, the counter
//! left in Redis and the calls Redis counted; and, for every seed where
//! real and model differ, where the first difference came from.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use ratelimit_lab::sim::{params, run, Algo, Command, Health, Report, Scenario, Strategy};

use crate::clock::Spread;
use crate::real::{RealRun, SyncRecord};
use crate::{scenario, Harness};

/// A run is disturbed when a wait ended, or a Redis command took on
/// loopback, more than this (wall clock): the machine stalled the harness
/// or redis-server for a moment.
pub const DISTURBED: Duration = Duration::from_millis(5);

/// Attempts per seed: a disturbed run is played again, up to this many
/// times in all, and the last attempt is kept whatever it found. The rule
/// looks at the timers only, never at the result.
pub const ATTEMPTS: u32 = 2;

/// One scenario of the table.
#[derive(Clone, Debug)]
pub struct Row {
    /// What it shows.
    pub title: String,
    /// Its URL-style parameters.
    pub query: String,
    /// The strategies run on it.
    pub strategies: Vec<Strategy>,
    /// How many times slower than the model it runs.
    pub scale: u32,
}

impl Row {
    /// A row running every strategy.
    pub fn new(title: &str, query: &str, scale: u32) -> Row {
        Row {
            title: title.to_string(),
            query: query.to_string(),
            strategies: Strategy::ALL.to_vec(),
            scale,
        }
    }

    /// The same row, with only `strategies`.
    pub fn only(self, strategies: &[Strategy]) -> Row {
        Row {
            strategies: strategies.to_vec(),
            ..self
        }
    }

    /// The same row, with only the strategies that talk to Redis.
    pub fn redis_only(self) -> Row {
        Row {
            strategies: Strategy::ALL
                .into_iter()
                .filter(|s| s.uses_redis())
                .collect(),
            ..self
        }
    }
}

/// The table `scripts/proof` prints, every scenario at `scale` except the
/// per-minute preset, whose 1 s burst runs at `slow_scale`.
pub fn default_rows(scale: u32, slow_scale: u32) -> Vec<Row> {
    vec![
        Row::new(
            "Gatepass, round trip 0.5 ms",
            "preset=gatepass&rtt=0.5",
            scale,
        ),
        Row::new("Gatepass, round trip 2 ms", "preset=gatepass", scale),
        Row::new("Gatepass, round trip 5 ms", "preset=gatepass&rtt=5", scale),
        Row::new(
            "8 servers x 80 requests",
            "preset=gatepass&servers=8&burst=80",
            scale,
        ),
        Row::new("Per-minute preset", "preset=per-minute", slow_scale),
        Row::new(
            "A window's edge in the middle of the burst",
            "preset=gatepass&edge=20",
            scale,
        ),
        Row::new(
            "Sliding log, the edge in the middle",
            "preset=gatepass&edge=20&strategy=lua&algo=log",
            scale,
        )
        .only(&[Strategy::Lua]),
        Row::new(
            "Sliding-window counter, the edge in the middle",
            "preset=gatepass&edge=20&strategy=lua&algo=counter",
            scale,
        )
        .only(&[Strategy::Lua]),
        Row::new(
            "Fixed window in Lua, the edge in the middle",
            "preset=gatepass&edge=20&strategy=lua&algo=fixed",
            scale,
        )
        .only(&[Strategy::Lua]),
        Row::new(
            "The booking story: a bucket in each of 8 servers",
            "preset=booking",
            slow_scale,
        )
        .only(&[Strategy::Local, Strategy::Lua]),
        Row::new(
            "Redis down, fail open",
            "preset=gatepass&redis=down&fail=open",
            scale,
        )
        .redis_only(),
        Row::new(
            "Redis down, fail closed",
            "preset=gatepass&redis=down&fail=closed",
            scale,
        )
        .redis_only(),
    ]
}

/// One strategy of a row: the model's report and the real run, per seed.
pub struct Cell {
    pub strategy: Strategy,
    pub runs: Vec<(Report, RealRun)>,
    /// `lua`: the script replayed at the model's times, every seed: replies
    /// equal to the model's, and calls.
    pub replay: Option<(usize, usize)>,
    /// Attempts played again because they were disturbed.
    pub retried: usize,
    /// The lateness of those discarded attempts.
    pub discarded_lateness: Vec<Duration>,
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = values.fold((0.0, 0u32), |(s, n), v| (s + v, n + 1));
    if n == 0 {
        0.0
    } else {
        sum / f64::from(n)
    }
}

impl Cell {
    /// The model's mean allowed.
    pub fn model_mean(&self) -> f64 {
        mean(self.runs.iter().map(|(m, _)| f64::from(m.allowed)))
    }
    /// The real mean allowed.
    pub fn real_mean(&self) -> f64 {
        mean(self.runs.iter().map(|(_, r)| f64::from(r.allowed())))
    }
    /// Seeds on which every request got the model's decision.
    pub fn same_decisions(&self) -> usize {
        self.runs
            .iter()
            .filter(|(m, r)| r.same_decisions(m))
            .count()
    }
    /// Undisturbed runs (see [`DISTURBED`]), and how many of them gave every
    /// request the model's decision.
    pub fn undisturbed_same(&self) -> (usize, usize) {
        let quiet: Vec<_> = self
            .runs
            .iter()
            .filter(|(_, r)| r.worst_delay() <= DISTURBED)
            .collect();
        let same = quiet.iter().filter(|(m, r)| r.same_decisions(m)).count();
        (same, quiet.len())
    }

    /// Seeds on which as many requests were allowed as in the model.
    pub fn same_count(&self) -> usize {
        self.runs
            .iter()
            .filter(|(m, r)| r.allowed() == m.allowed)
            .count()
    }
    /// Every wait's lateness, over all seeds.
    pub fn lateness(&self) -> Vec<Duration> {
        self.runs
            .iter()
            .flat_map(|(_, r)| r.lateness.iter().copied())
            .collect()
    }
}

/// One row's results.
pub struct RowResult {
    pub row: Row,
    pub scenario: Scenario,
    pub seeds: u32,
    pub cells: Vec<Cell>,
    pub took: Duration,
}

/// Runs `row` for `seeds` seeds from the scenario's own, every strategy,
/// on `harness`. `progress` hears of each strategy as it starts.
pub fn run_row(
    harness: &Harness,
    row: &Row,
    seeds: u32,
    mut progress: impl FnMut(&str),
) -> Result<RowResult, String> {
    let base = scenario(&row.query)?;
    let start = Instant::now();
    let mut cells = Vec::new();
    for &strategy in &row.strategies {
        progress(strategy.as_str());
        let mut runs = Vec::new();
        let mut replay = None;
        let mut retried = 0;
        let mut discarded_lateness = Vec::new();
        for k in 0..u64::from(seeds) {
            let s = base.with_strategy(strategy).with_seed(base.seed + k);
            let model = run(&s);
            let mut attempt = 1;
            let real = loop {
                let real = harness.run(&s, row.scale)?;
                if !real.complete {
                    return Err(format!(
                        "{} seed {}: the run was cut off",
                        row.query, s.seed
                    ));
                }
                if real.worst_delay() <= DISTURBED || attempt == ATTEMPTS {
                    break real;
                }
                retried += 1;
                discarded_lateness.extend(real.lateness.iter().copied());
                attempt += 1;
            };
            if strategy == Strategy::Lua && s.redis != Health::Down {
                let (equal, calls) = harness.check_script(&model)?;
                let (e, c) = replay.unwrap_or((0, 0));
                replay = Some((e + equal, c + calls));
            }
            runs.push((model, real));
        }
        cells.push(Cell {
            strategy,
            runs,
            replay,
            retried,
            discarded_lateness,
        });
    }
    Ok(RowResult {
        row: row.clone(),
        scenario: base,
        seeds,
        cells,
        took: start.elapsed(),
    })
}

fn us(d: Duration) -> String {
    let us = d.as_micros();
    if us >= 10_000 {
        format!("{:.1} ms", us as f64 / 1000.0)
    } else {
        format!("{us} µs")
    }
}

impl RowResult {
    /// The row as text: a header, one line per strategy, the timing and
    /// every difference explained.
    pub fn render(&self) -> String {
        let mut out = String::new();
        self.header(&mut out);
        self.table(&mut out);
        self.timing(&mut out);
        self.differences(&mut out);
        let _ = writeln!(out, "\n({} s for this row.)", self.took.as_secs());
        out
    }

    /// The row's title and scenario, and how much slower it ran.
    fn header(&self, out: &mut String) {
        let s = &self.scenario;
        let scale = self.row.scale;
        let _ = writeln!(out, "### {} (`{}`)", self.row.title, self.row.query);
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "{} servers, {} requests in {} ms, limit {} per {} s, {} load balancer, round trip {} ms, Redis {}{}; seeds {}-{}.",
            s.servers,
            s.burst,
            s.span_ms,
            s.limit,
            s.window_s,
            s.lb.as_str(),
            params::format_ms(s.rtt_us),
            s.redis.as_str(),
            match s.redis {
                Health::Down => format!(" (a closed loopback port), fail {}", s.fail.as_str()),
                _ => String::new(),
            },
            s.seed,
            s.seed + u64::from(self.seeds) - 1,
        );
        let _ = writeln!(
            out,
            "Run {scale}x slower than the model: the burst takes {} ms, a round trip {} ms.\n",
            u64::from(s.span_ms) * u64::from(scale),
            params::format_ms(s.rtt_us * scale),
        );
        let _ = writeln!(out);
    }

    /// One line per strategy: the model's mean beside the real one.
    fn table(&self, out: &mut String) {
        let _ = writeln!(
            out,
            "| strategy | model mean | real mean | same decisions | same count | same decisions, undisturbed runs | counter real (model) | Redis calls real (model) |"
        );
        let _ = writeln!(out, "|---|---:|---:|---:|---:|---:|---:|---:|");
        let k = self.seeds;
        for cell in &self.cells {
            let counter = counter(cell);
            let calls = calls(cell);
            let (quiet_same, quiet) = cell.undisturbed_same();
            let _ = writeln!(
                out,
                "| {} | {:.2} | {:.2} | {}/{k} | {}/{k} | {quiet_same}/{quiet} | {counter} | {calls} |",
                cell.strategy.as_str(),
                cell.model_mean(),
                cell.real_mean(),
                cell.same_decisions(),
                cell.same_count(),
            );
        }
        let _ = writeln!(out);
    }

    /// How late the timers ended, the disturbed runs, Redis on loopback.
    fn timing(&self, out: &mut String) {
        let scale = self.row.scale;
        let late = Spread::of(self.cells.iter().flat_map(Cell::lateness).collect());
        let loopback = Spread::of(
            self.cells
                .iter()
                .flat_map(|c| c.runs.iter().flat_map(|(_, r)| r.loopback.iter().copied()))
                .collect(),
        );
        let every = Spread::of(
            self.cells
                .iter()
                .flat_map(|c| {
                    c.lateness()
                        .into_iter()
                        .chain(c.discarded_lateness.iter().copied())
                })
                .collect(),
        );
        let runs: usize = self.cells.iter().map(|c| c.runs.len()).sum();
        let retried: usize = self.cells.iter().map(|c| c.retried).sum();
        let disturbed = self
            .cells
            .iter()
            .flat_map(|c| &c.runs)
            .filter(|(_, r)| r.worst_delay() > DISTURBED)
            .count();
        let _ = writeln!(
            out,
            "Timer lateness (how late each wait ended, wall clock) in the runs kept: median {}, p99 {}, max {} over {} waits; in model time {:.1} µs, {:.1} µs, {:.1} µs.\n",
            us(late.median),
            us(late.p99),
            us(late.max),
            late.count,
            late.median.as_secs_f64() * 1e6 / f64::from(scale),
            late.p99.as_secs_f64() * 1e6 / f64::from(scale),
            late.max.as_secs_f64() * 1e6 / f64::from(scale),
        );
        let _ = writeln!(
            out,
            "Disturbed runs (a wait ended, or a command took, over {} ms): {retried} played again out of {} attempts; {disturbed} of the {runs} runs kept are still disturbed (the last of {ATTEMPTS} attempts is kept whatever it found). Over every attempt the lateness was median {}, p99 {}, max {}.\n",
            DISTURBED.as_millis(),
            runs + retried,
            us(every.median),
            us(every.p99),
            us(every.max),
        );
        if loopback.count > 0 {
            let _ = writeln!(
                out,
                "Redis on loopback (send to reply, inside the held round trip): median {}, p99 {}, max {} over {} commands.\n",
                us(loopback.median),
                us(loopback.p99),
                us(loopback.max),
                loopback.count,
            );
        }
    }

    /// The script's replay, and every run whose decisions differ, explained.
    fn differences(&self, out: &mut String) {
        let scale = self.row.scale;
        for cell in &self.cells {
            if let Some((equal, calls)) = cell.replay {
                let (name, held) = match self.scenario.with_strategy(cell.strategy).algo() {
                    Algo::Bucket => ("bucket", "tokens left"),
                    Algo::Log => ("sliding log", "entries in the log"),
                    Algo::Counter => ("sliding-window counter", "the window's count"),
                    Algo::Fixed => ("fixed window", "the window's count"),
                };
                let _ = writeln!(
                    out,
                    "The {name} script replayed call by call at the model's execution times (no clock, no race): {equal} of {calls} replies (allowed, {held}) equal to the model's.\n"
                );
            }
        }
        for cell in &self.cells {
            for (model, real) in &cell.runs {
                if !real.errors.is_empty() && real.scenario.redis != Health::Down {
                    let _ = writeln!(
                        out,
                        "- {} seed {}: Redis errors: {:?}",
                        cell.strategy.as_str(),
                        model.scenario.seed,
                        real.errors
                    );
                }
                if !real.same_decisions(model) {
                    let _ = writeln!(
                        out,
                        "- {} seed {}{}: {}",
                        cell.strategy.as_str(),
                        model.scenario.seed,
                        if real.worst_delay() > DISTURBED {
                            format!(" (disturbed run: up to {} late)", us(real.worst_delay()))
                        } else {
                            String::new()
                        },
                        explain(model, real, scale)
                    );
                }
            }
        }
    }
}

/// The counter at the end, real (model), as the table writes it.
fn counter(cell: &Cell) -> String {
    if cell.runs.iter().all(|(m, _)| m.final_counter.is_none()) {
        "-".to_string()
    } else {
        let real = mean(
            cell.runs
                .iter()
                .map(|(_, r)| r.counter.map_or(f64::NAN, f64::from)),
        );
        let model = mean(
            cell.runs
                .iter()
                .map(|(m, _)| f64::from(m.final_counter.unwrap_or(0))),
        );
        if real.is_nan() {
            format!("- ({model:.1})")
        } else {
            format!("{real:.1} ({model:.1})")
        }
    }
}

/// The Redis calls, real (model), or those tried when Redis kept no count.
fn calls(cell: &Cell) -> String {
    let model_calls = mean(cell.runs.iter().map(|(m, _)| f64::from(m.redis_calls)));
    match cell.runs.iter().all(|(_, r)| r.commandstats.is_some()) {
        true => {
            let real = mean(cell.runs.iter().map(|(_, r)| r.calls().unwrap_or(0) as f64));
            format!("{real:.1} ({model_calls:.1})")
        }
        false => {
            let tried = mean(cell.runs.iter().map(|(_, r)| f64::from(r.sent)));
            format!("{tried:.1} tried ({model_calls:.1})")
        }
    }
}

/// Whether a command changes what later calls read.
fn writes(c: Command) -> bool {
    matches!(
        c,
        Command::Set | Command::Incr | Command::EvalSha | Command::IncrBy
    )
}

/// Where real and model first part on one seed, and how close the model's
/// nearest competing event was: a race the real run can lose the other way
/// only when that gap, scaled, is within the timers' noise.
pub fn explain(model: &Report, real: &RealRun, scale: u32) -> String {
    let s = &model.scenario;
    let head = format!("model {}, real {}", model.allowed, real.allowed());
    // The requests in the order the model decided them on: by the time
    // their deciding call ran in Redis, or by arrival.
    let anchor = |i: usize| -> u64 {
        model
            .calls_for(i as u32)
            .next()
            .and_then(|c| c.executed_us)
            .unwrap_or(model.requests[i].arrival_us)
    };
    if s.strategy == Strategy::Sync {
        if let Some(text) = explain_sync(model, real, scale) {
            return format!("{head}; {text}");
        }
    }
    let mut order: Vec<usize> = (0..model.requests.len()).collect();
    order.sort_by_key(|&i| (anchor(i), i));
    let first = order.into_iter().find(|&i| {
        let call = model.calls_for(i as u32).next();
        let value_differs = match (call.and_then(|c| c.executed_us), real.values[i]) {
            (Some(_), Some(v)) => call.is_some_and(|c| u64::from(c.value) != v),
            _ => false,
        };
        value_differs || real.decisions[i] != Some(model.requests[i].allowed)
    });
    let Some(i) = first else {
        return head;
    };
    let r = &model.requests[i];
    let moment = anchor(i);
    let mut text = format!(
        "{head}; first difference at request #{i} (server {}, arriving at {} µs)",
        r.server.map_or("-".to_string(), |v| v.to_string()),
        r.arrival_us
    );
    let _ = write!(text, "{}", what_happened(model, real, i, scale));
    let _ = write!(text, "; {}", noise_near(real, moment, scale));
    text
}

/// What request `i` met, real beside model: its deciding call's reply and
/// the nearest write in the model (or, for `sync`, its server's nearest
/// sync reply).
fn what_happened(model: &Report, real: &RealRun, i: usize, scale: u32) -> String {
    let s = &model.scenario;
    let r = &model.requests[i];
    let mut text = String::new();
    let decision = |d: Option<bool>| match d {
        Some(true) => "allowed",
        Some(false) => "refused",
        None => "undecided",
    };
    let own = model.calls_for(i as u32).next();
    match (own, own.and_then(|c| c.executed_us)) {
        (Some(call), Some(x)) => {
            let _ = write!(
                text,
                ": its {} returned {} (model {}), {} (model {})",
                call.command.as_str(),
                real.values[i].map_or("nothing".to_string(), |v| v.to_string()),
                call.value,
                decision(real.decisions[i]),
                decision(Some(r.allowed)),
            );
            let nearest = model
                .calls
                .iter()
                .filter(|c| c.request != Some(i as u32) && writes(c.command))
                .filter_map(|c| c.executed_us.map(|y| (x.abs_diff(y), c)))
                .min_by_key(|(gap, _)| *gap);
            if let Some((gap, c)) = nearest {
                let _ = write!(
                    text,
                    "; in the model it ran at {x} µs and the nearest {} (request #{}) {} µs {} it, {} µs on the wall clock",
                    c.command.as_str(),
                    c.request.map_or("-".to_string(), |v| v.to_string()),
                    gap,
                    if c.executed_us.unwrap_or(0) < x { "before" } else { "after" },
                    gap * u64::from(scale),
                );
            }
        }
        _ => {
            let _ = write!(
                text,
                ": {} (model {})",
                decision(real.decisions[i]),
                decision(Some(r.allowed))
            );
            if s.strategy == Strategy::Sync {
                let nearest = model
                    .calls
                    .iter()
                    .filter(|c| c.command == Command::IncrBy && Some(c.server) == r.server)
                    .filter_map(|c| c.replied_us.map(|y| (r.arrival_us.abs_diff(y), y)))
                    .min_by_key(|(gap, _)| *gap);
                if let Some((gap, y)) = nearest {
                    let _ = write!(
                        text,
                        "; its server's nearest sync reply came at {y} µs, {gap} µs {} it, {} µs on the wall clock",
                        if y < r.arrival_us { "before" } else { "after" },
                        gap * u64::from(scale),
                    );
                }
            }
        }
    }
    text
}

/// How late the run's timers were within 1 ms of model time `t_us`.
fn noise_near(real: &RealRun, t_us: u64, scale: u32) -> String {
    let at = Duration::from_micros(t_us * u64::from(scale));
    let window = Duration::from_micros(1000 * u64::from(scale));
    let worst = real
        .waits
        .iter()
        .filter(|(deadline, _)| deadline.abs_diff(at) <= window)
        .map(|(_, late)| *late)
        .max()
        .unwrap_or_default();
    format!(
        "this run's waits within 1 ms of model time {t_us} µs ended up to {} late",
        us(worst)
    )
}

/// For `sync`: the first batch (in the order Redis ran them in the model)
/// whose amount or returned total differs, and the race behind it.
fn explain_sync(model: &Report, real: &RealRun, scale: u32) -> Option<String> {
    let mut syncs: Vec<_> = model
        .calls
        .iter()
        .filter(|c| c.command == Command::IncrBy)
        .collect();
    syncs.sort_by_key(|c| (c.executed_us.unwrap_or(u64::MAX), c.sent_us));
    for c in syncs {
        let Some(&SyncRecord {
            amount: p, total, ..
        }) = real
            .syncs
            .iter()
            .find(|r| r.server == c.server && r.sent_us == c.sent_us)
        else {
            continue;
        };
        let model_total = c.replied_us.map(|_| c.value);
        if p == c.arg && total == model_total {
            continue;
        }
        let show = |v: Option<u32>| v.map_or("nothing".to_string(), |v| v.to_string());
        let mut text = format!(
            "first difference at server {}'s sync at {} µs: it sent {} (model {}) and got the total {} (model {})",
            c.server,
            c.sent_us,
            p,
            c.arg,
            show(total),
            show(model_total),
        );
        if p != c.arg {
            // Which of its requests came closest to the moment it sent.
            let nearest = model
                .requests
                .iter()
                .enumerate()
                .filter(|(_, r)| r.server == Some(c.server))
                .map(|(i, r)| (r.arrival_us.abs_diff(c.sent_us), i, r.arrival_us))
                .min();
            if let Some((gap, i, a)) = nearest {
                let _ = write!(
                    text,
                    "; its request #{i} arrived at {a} µs, {gap} µs from the sync ({} µs on the wall clock)",
                    gap * u64::from(scale)
                );
            }
        } else if let Some(x) = c.executed_us {
            let nearest = model
                .calls
                .iter()
                .filter(|o| o.command == Command::IncrBy && o.server != c.server)
                .filter_map(|o| o.executed_us.map(|y| (x.abs_diff(y), o.server)))
                .min();
            if let Some((gap, server)) = nearest {
                let _ = write!(
                    text,
                    "; server {server}'s nearest INCRBY ran {gap} µs from it ({} µs on the wall clock)",
                    gap * u64::from(scale)
                );
            }
        }
        let _ = write!(text, "; {}", noise_near(real, c.sent_us, scale));
        return Some(text);
    }
    None
}
