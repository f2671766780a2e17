//! What the tests share.
//!
//! - [`scenarios`] and [`render`]: the fixed runs whose readable text the
//!   native tests snapshot (`determinism.rs`, files in `snapshots/`) and the
//!   wasm test (`tests/wasm.rs`, which includes this file with
//!   `#[path = "it/fixtures.rs"]`) renders again in the browser: the two
//!   builds must give the same text. Only `ratelimit_lab` and std here, so
//!   it compiles for both targets.
//! - [`gen`] (native only): the proptest generators over the whole
//!   parameter space, used by `properties.rs`, `params.rs` and `moments.rs`.

#![allow(dead_code)]

use std::fmt::Write as _;

use ratelimit_lab::sim::params;
use ratelimit_lab::sim::{
    AllRefusedWhy, Call, Fail, Health, LoadBalancer, Report, RequestTrace, Scenario, Strategy,
    Verdict,
};

/// The fixed scenarios, by name (the name is the snapshot's file name):
/// every strategy, every load balancer (sticky with and without a move),
/// Redis slow and down with both fail rules, the largest size
/// (16 servers × 500 requests), and round trips of 0 and 20 ms.
pub fn scenarios() -> Vec<(&'static str, Scenario)> {
    use LoadBalancer::{RoundRobin, Sticky};
    use Strategy::{Edge, GetSet, Incr, Local, Lua, Split, Sync};
    let d = Scenario::default();
    let with = |s: Strategy| d.with_strategy(s);
    vec![
        ("local-default", d),
        (
            "local-16x500-limit-200-span-1000-seed-max",
            Scenario::largest(Local)
                .with_limit(200)
                .with_span_ms(1000)
                .with_seed(u64::MAX),
        ),
        (
            "local-sticky-move-20",
            with(Local).with_lb(Sticky).with_move_ms(Some(20)),
        ),
        (
            "local-sticky-one-server-restarts",
            with(Local)
                .with_servers(1)
                .with_lb(Sticky)
                .with_move_ms(Some(15)),
        ),
        ("split-default-seed-1", with(Split).with_seed(1)),
        (
            "split-round-robin-planned-for-4-on-10",
            with(Split)
                .with_servers(10)
                .with_plan(Some(4))
                .with_lb(RoundRobin),
        ),
        ("sync-default", with(Sync)),
        (
            "sync-1ms-redis-slow",
            with(Sync).with_sync_ms(1).with_redis(Health::Slow),
        ),
        ("edge-default", with(Edge)),
        (
            "edge-sticky-move-10",
            with(Edge).with_lb(Sticky).with_move_ms(Some(10)),
        ),
        ("getset-default", with(GetSet)),
        ("getset-rtt-0", with(GetSet).with_rtt_us(0)),
        (
            "getset-16x500-round-robin",
            Scenario::largest(GetSet).with_lb(RoundRobin),
        ),
        (
            "getset-redis-slow-timeout-50-fail-closed",
            with(GetSet)
                .with_redis(Health::Slow)
                .with_fail(Fail::Closed),
        ),
        ("incr-default-rtt-20", with(Incr).with_rtt_us(20_000)),
        (
            "incr-redis-slow-timeout-200",
            with(Incr).with_redis(Health::Slow).with_timeout_ms(200),
        ),
        (
            "incr-redis-down-fail-closed",
            with(Incr).with_redis(Health::Down).with_fail(Fail::Closed),
        ),
        (
            "lua-per-minute",
            ratelimit_lab::sim::Preset::PerMinute.apply(with(Lua)),
        ),
        (
            "lua-redis-down-fail-open",
            with(Lua).with_redis(Health::Down).with_timeout_ms(5),
        ),
    ]
}

/// A report as text a reader can follow: the scenario as its URL, the
/// totals, the cards, one line per request with the Redis calls made for
/// it, one line per batched sync, and the order Redis ran the calls in.
/// Every field of the report is in it, so two builds that render the same
/// text computed the same report.
pub fn render(r: &Report) -> String {
    let s = &r.scenario;
    let mut out = String::new();
    let o = &mut out;
    let opt = |v: Option<u32>| v.map_or("-".to_string(), |v| v.to_string());
    let _ = writeln!(o, "scenario  ?{}", params::to_query(s, &[]));
    let _ = writeln!(
        o,
        "totals    allowed {} · refused {} · limit {} · allowance {} · over {} · \
         refused under the limit {}",
        r.allowed, r.refused, r.limit, r.allowance, r.over, r.refused_under_limit
    );
    let _ = writeln!(
        o,
        "          regular user {} of {} · refused at the gateway {} · decided by the fail rule {}",
        r.regular_user, s.limit, r.gateway_refused, r.fail_decided
    );
    let _ = writeln!(
        o,
        "redis     {} calls ({}.{:02} per request) · final counter {} · lost updates {}",
        r.redis_calls,
        r.calls_per_request_hundredths() / 100,
        r.calls_per_request_hundredths() % 100,
        opt(r.final_counter),
        r.lost_updates()
    );
    let _ = writeln!(
        o,
        "latency   median {} µs · max {} µs · last event at {} µs",
        r.latency_median_us, r.latency_max_us, r.end_us
    );
    let _ = writeln!(
        o,
        "cost      {} requests/s → {} Redis ops/s → {} node(s)",
        s.traffic,
        r.ops_per_second(),
        r.redis_nodes()
    );
    let verdicts: Vec<String> = (r.verdicts().into_iter())
        .map(|v| match v {
            Verdict::AllRefused(AllRefusedWhy::FailClosed) => "all-refused (fail-closed)".into(),
            Verdict::AllRefused(AllRefusedWhy::NoQuota) => "all-refused (no-quota)".into(),
            v => v.as_str().to_string(),
        })
        .collect();
    let _ = writeln!(o, "verdicts  {}", verdicts.join(", "));
    let _ = writeln!(o, "servers   received  ok  429  quota");
    for (i, c) in r.servers.iter().enumerate() {
        let _ = writeln!(
            o,
            "  {:>2}      {:>5} {:>5} {:>4}  {:>5}",
            i + 1,
            c.received,
            c.allowed,
            c.refused,
            opt(c.quota)
        );
    }
    let _ = writeln!(
        o,
        "requests  (times in µs; server 1-based; d decided, a answered; \
         a call is sent → run → reply, `-` never run, `gave up` at the timeout)"
    );
    for (k, q) in r.requests.iter().enumerate() {
        let _ = write!(o, "  {k:>3} {}", request(q));
        for (id, c) in r.calls.iter().enumerate() {
            if c.request == Some(k as u32) {
                let _ = write!(o, " | c{id} {}", call(c));
            }
        }
        let _ = writeln!(o);
    }
    let syncs: Vec<(usize, &Call)> = (r.calls.iter().enumerate())
        .filter(|(_, c)| c.request.is_none())
        .collect();
    if !syncs.is_empty() {
        let _ = writeln!(o, "syncs");
        for (id, c) in syncs {
            let _ = writeln!(o, "  c{id} server {} {}", c.server + 1, call(c));
        }
    }
    let _ = writeln!(o, "redis log (calls in the order Redis ran them)");
    for row in r.redis_log.chunks(20) {
        let ids: Vec<String> = row.iter().map(|id| format!("c{id}")).collect();
        let _ = writeln!(o, "  {}", ids.join(" "));
    }
    out
}

/// One request: arrival, server, decision, decision and answer times, and
/// its flags.
fn request(q: &RequestTrace) -> String {
    let server = q
        .server
        .map_or("gateway".to_string(), |s| format!("s{}", s + 1));
    let mut line = format!(
        "{:>7} {:<7} {:<3} d {:>7} a {:>7}",
        q.arrival_us,
        server,
        if q.allowed { "ok" } else { "429" },
        q.decided_us,
        q.answer_us
    );
    for (flag, name) in [
        (q.by_fail_rule, "fail-rule"),
        (q.refused_under_limit, "under"),
        (q.beyond, "beyond"),
    ] {
        if flag {
            line.push(' ');
            line.push_str(name);
        }
    }
    line
}

/// One Redis call: `GET 271 → 1271 → 2271 = 0`, with the counter after it
/// where that is not the value returned (EXPIRE, the script).
fn call(c: &Call) -> String {
    let name = match c.command.as_str() {
        n @ ("SET" | "INCRBY") => format!("{n}({})", c.arg),
        n => n.to_string(),
    };
    let ran = c.executed_us.map_or("-".to_string(), |t| t.to_string());
    let back = match (c.replied_us, c.abandoned_us) {
        (Some(t), None) => t.to_string(),
        (None, Some(t)) => format!("gave up {t}"),
        (None, None) => "no reply".to_string(),
        (Some(t), Some(u)) => format!("{t}, gave up {u}"),
    };
    let mut text = format!("{name} {} → {ran} → {back} = {}", c.sent_us, c.value);
    if c.value != c.counter_after {
        let _ = write!(text, " (counter {})", c.counter_after);
    }
    text
}

/// The proptest generators: one [`gen::scenario`] over the whole parameter
/// space.
#[cfg(not(target_arch = "wasm32"))]
pub mod gen {
    use proptest::prelude::*;
    use proptest::sample::select;
    use ratelimit_lab::sim::{Algo, Fail, Health, LoadBalancer, Scenario, Strategy as Model};

    /// Any in-range scenario: all 7 strategies; servers 1–16; burst 1–500;
    /// round trip 0–20 ms in steps of 0.1 ms; limit 1–200; window 1–3600 s;
    /// span 1–1000 ms; all 3 load balancers, with or without a move below
    /// the span; with or without a plan (1–16); sync 1–1000 ms; Redis up,
    /// slow or down; timeout 1–1000 ms; fail open or closed; traffic
    /// 1–1,000,000; any seed. Small values and the boundaries that change
    /// the behaviour (a timeout near the round trip or near a slow Redis's
    /// 100 ms) are drawn more often than a uniform draw would.
    pub fn scenario() -> impl Strategy<Value = Scenario> {
        let choices = (
            select(Model::ALL.to_vec()),
            select(LoadBalancer::ALL.to_vec()),
            select(Health::ALL.to_vec()),
            select(Fail::ALL.to_vec()),
            any::<u64>(),
        );
        let sizes = (
            1u32..=16,
            prop_oneof![1u32..=60, 1u32..=500],
            prop_oneof![Just(0u32), 0u32..=200],
            prop_oneof![1u32..=20, 1u32..=200],
            prop_oneof![Just(1u32), Just(60), 1u32..=3600],
            prop_oneof![1u32..=60, 1u32..=1000],
        );
        let extras = (
            prop::option::of(any::<u32>()),
            prop::option::of(1u32..=16),
            prop_oneof![1u32..=20, 1u32..=1000],
            prop_oneof![1u32..=25, 95u32..=125, 1u32..=1000],
            1u32..=1_000_000,
        );
        (choices, sizes, extras).prop_map(
            |(
                (strategy, lb, redis, fail, seed),
                (servers, burst, rtt_steps, limit, window_s, span_ms),
                (move_any, plan, sync_ms, timeout_ms, traffic),
            )| Scenario {
                strategy,
                servers,
                burst,
                rtt_us: rtt_steps * 100,
                limit,
                window_s,
                span_ms,
                edge_ms: None,
                algo: None,
                lb,
                move_ms: move_any.map(|m| m % span_ms),
                plan,
                sync_ms,
                redis,
                timeout_ms,
                fail,
                traffic,
                seed,
            },
        )
    }

    /// [`scenario`] with a window's edge somewhere in the burst (or none)
    /// and any way of keeping the count the strategy takes.
    pub fn windowed() -> impl Strategy<Value = Scenario> {
        (
            scenario(),
            prop::option::of(any::<u32>()),
            select(Algo::ALL.to_vec()),
        )
            .prop_map(|(s, edge, algo)| {
                s.with_edge_ms(edge.map(|e| e % (s.span_ms + 1)))
                    .with_algo(Some(algo))
            })
    }

    /// [`scenario`] with Redis up and every reply within the timeout: the
    /// conditions under which the shared strategies count exactly.
    pub fn healthy() -> impl Strategy<Value = Scenario> {
        scenario().prop_map(|s| {
            let timeout = s.timeout_ms.max(s.rtt_us.div_ceil(1000));
            s.with_redis(Health::Up).with_timeout_ms(timeout)
        })
    }
}
