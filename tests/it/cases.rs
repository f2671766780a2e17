//! Small scenarios whose every number a reader can check by hand.
//!
//! Each case is one call to [`check`]: a scenario and the numbers expected
//! from it as `key=value` words. Only the keys written are compared, so a
//! case states just what can be worked out on paper. Keys:
//!
//! - per server, comma separated in server order: `received`, `ok`
//!   (allowed), `429` (refused), `quota` (`-` where a server has none);
//!   `spread`: what the servers received, largest first (for sticky
//!   sessions, where which server the user lands on is drawn);
//!   `reached`: requests that reached a server at all;
//! - totals: `allowed`, `refused`, `allowance`, `over`, `under` (refused
//!   while fewer than L had been allowed), `regular` (of L requests sent
//!   alone), `gateway` (refused at the gateway), `fail` (decided by the
//!   fail rule), `calls` (Redis commands), `per-request` (calls per
//!   request), `counter` (final Redis counter, `-` without Redis), `lost`
//!   (lost updates), `latency` (added latency `median/max` in µs), `end`
//!   (the last event, µs), `verdicts` (every verdict, most important first);
//! - the cost of sharing at the scenario's traffic: `ops` (Redis
//!   operations a second), `nodes` (Redis nodes at 100,000 ops/s each).
//!
//! Unless a case says otherwise the scenario is the default: 4 servers, 40
//! requests in 40 ms, limit 10 per 1 s window, 2 ms round trip, random
//! spread, Redis up, 50 ms timeout, fail open, sync every 10 ms, 50,000
//! requests a second of traffic, seed 2026. Where a number depends on the
//! seed's draws (which server, when), a case states only what follows from
//! the rules whatever the draws, or computes it from the report's own
//! arrivals and says how.

use ratelimit_lab::sim::{
    self, Algo, AllRefusedWhy, Command, Fail, Health, LoadBalancer, Preset, Report, Scenario,
    Strategy, Verdict,
};

use Health::{Down, Slow};
use LoadBalancer::{Random, RoundRobin, Sticky};
use Strategy::{Edge, GetSet, Incr, Local, Lua, Split, Sync};

/// The default scenario with `strategy`.
fn with(strategy: Strategy) -> Scenario {
    Scenario::default().with_strategy(strategy)
}

/// A verdict as `check` writes it: `all-refused` says why.
fn verdict_name(v: Verdict) -> String {
    match v {
        Verdict::AllRefused(AllRefusedWhy::FailClosed) => "all-refused:fail-closed".into(),
        Verdict::AllRefused(AllRefusedWhy::NoQuota) => "all-refused:no-quota".into(),
        v => v.as_str().into(),
    }
}

/// Every number `check` can compare, by key.
fn summary(r: &Report) -> Vec<(&'static str, String)> {
    let per_server = |f: &dyn Fn(&sim::ServerReport) -> String| {
        r.servers.iter().map(f).collect::<Vec<_>>().join(",")
    };
    let mut spread: Vec<u32> = r.servers.iter().map(|s| s.received).collect();
    spread.sort_unstable_by(|a, b| b.cmp(a));
    let list = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
    let hundredths = r.calls_per_request_hundredths();
    vec![
        ("received", per_server(&|s| s.received.to_string())),
        ("ok", per_server(&|s| s.allowed.to_string())),
        ("429", per_server(&|s| s.refused.to_string())),
        (
            "quota",
            per_server(&|s| s.quota.map_or("-".to_string(), |q| q.to_string())),
        ),
        ("spread", list(&spread)),
        ("reached", spread.iter().sum::<u32>().to_string()),
        ("allowed", r.allowed.to_string()),
        ("refused", r.refused.to_string()),
        ("allowance", r.allowance.to_string()),
        ("over", r.over.to_string()),
        ("under", r.refused_under_limit.to_string()),
        ("regular", r.regular_user.to_string()),
        ("gateway", r.gateway_refused.to_string()),
        ("fail", r.fail_decided.to_string()),
        ("calls", r.redis_calls.to_string()),
        (
            "per-request",
            format!("{}.{:02}", hundredths / 100, hundredths % 100),
        ),
        (
            "counter",
            r.final_counter.map_or("-".to_string(), |c| c.to_string()),
        ),
        ("lost", r.lost_updates().to_string()),
        (
            "latency",
            format!("{}/{}", r.latency_median_us, r.latency_max_us),
        ),
        ("end", r.end_us.to_string()),
        (
            "verdicts",
            r.verdicts()
                .into_iter()
                .map(verdict_name)
                .collect::<Vec<_>>()
                .join(","),
        ),
        ("ops", r.ops_per_second().to_string()),
        ("nodes", r.redis_nodes().to_string()),
    ]
}

/// Runs `scenario` and compares the keys named in `expected`.
#[track_caller]
fn check(scenario: Scenario, expected: &str) -> Report {
    let report = sim::run(&scenario);
    let actual = summary(&report);
    let mut got = Vec::new();
    let mut wrong = Vec::new();
    for word in expected.split_whitespace() {
        let Some((key, want)) = word.split_once('=') else {
            panic!("expected `key=value`, got {word:?}");
        };
        let Some((_, value)) = actual.iter().find(|(k, _)| *k == key) else {
            let keys: Vec<&str> = actual.iter().map(|(k, _)| *k).collect();
            panic!("unknown key {key:?}; known keys: {keys:?}");
        };
        got.push(format!("{key}={value}"));
        if want != value {
            wrong.push(key);
        }
    }
    assert!(
        wrong.is_empty(),
        "\nscenario: {scenario:?}\nexpected: {expected}\nactual:   {}\nwrong:    {wrong:?}\n",
        got.join(" ")
    );
    report
}

/// The burst's arrival times (they depend only on the seed, the burst and
/// the span, not on the strategy or the load balancer).
fn arrivals(s: Scenario) -> Vec<u64> {
    sim::run(&s.with_strategy(Edge))
        .requests
        .iter()
        .map(|q| q.arrival_us)
        .collect()
}

// Local counters.

#[test]
fn local_round_robin_spreads_evenly_and_each_server_allows_its_share() {
    // 40 requests over 8 servers in turn: 5 each, all under 10, all allowed.
    // A regular user's 10 requests: at most 2 a server, all allowed.
    check(
        with(Local).with_servers(8).with_lb(RoundRobin),
        "received=5,5,5,5,5,5,5,5 ok=5,5,5,5,5,5,5,5 429=0,0,0,0,0,0,0,0 \
         allowed=40 refused=0 allowance=10 over=30 under=0 regular=10 calls=0 \
         counter=- latency=0/0 verdicts=not-enforced ops=0 nodes=0",
    );
}

#[test]
fn local_gives_the_user_n_times_the_limit() {
    // 100 requests over 4 servers in turn: 25 each; each allows its first
    // 10. The first refusal is request 41 (server 1's 11th), by which time
    // 40 had been allowed: none refused under the limit.
    check(
        with(Local).with_burst(100).with_lb(RoundRobin),
        "received=25,25,25,25 ok=10,10,10,10 429=15,15,15,15 quota=-,-,-,- \
         allowed=40 refused=60 over=30 under=0 verdicts=not-enforced",
    );
}

#[test]
fn local_with_one_server_is_exact() {
    // "It passes every test on a laptop": one server sees everything.
    check(
        with(Local).with_servers(1),
        "received=40 ok=10 429=30 allowed=10 refused=30 over=0 under=0 \
         regular=10 calls=0 latency=0/0 verdicts=enforced",
    );
    check(
        with(Local).with_servers(1).with_burst(500).with_limit(200),
        "received=500 ok=200 429=300 allowed=200 over=0 under=0 verdicts=enforced",
    );
}

#[test]
fn local_with_a_burst_under_the_limit_allows_it_all() {
    // 5 requests: no server can see more than 5, and 5 < 10.
    check(
        with(Local).with_burst(5),
        "allowed=5 refused=0 over=0 under=0 regular=10 verdicts=enforced",
    );
}

#[test]
fn local_ends_at_the_last_arrival() {
    // Decided and answered at arrival: nothing happens after the last one.
    let s = with(Local);
    let last = *arrivals(s).last().unwrap();
    check(s, &format!("end={last} latency=0/0"));
}

// Sticky sessions.

#[test]
fn sticky_without_a_move_lets_local_counters_enforce_the_limit() {
    // Every request goes to the one server drawn for the user: one counter
    // sees the whole burst, as on a laptop.
    check(
        with(Local).with_lb(Sticky),
        "spread=40,0,0,0 allowed=10 refused=30 over=0 under=0 regular=10 verdicts=enforced",
    );
    check(
        with(Local)
            .with_lb(Sticky)
            .with_servers(16)
            .with_burst(500)
            .with_limit(200),
        "spread=500,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 allowed=200 refused=300 verdicts=enforced",
    );
    // Fewer requests than the limit: all of them.
    check(
        with(Local).with_lb(Sticky).with_burst(7),
        "allowed=7 verdicts=enforced",
    );
}

#[test]
fn a_move_at_the_start_is_no_move_at_all() {
    // Every arrival is at or after 0 ms: all go to the second server.
    check(
        with(Local).with_lb(Sticky).with_move_ms(Some(0)),
        "spread=40,0,0,0 allowed=10 refused=30 verdicts=enforced",
    );
}

#[test]
fn a_move_gives_local_counters_a_second_limit() {
    // Requests arriving before the move go to the user's server, the rest
    // to another one, each with its own count: min(before, L) +
    // min(after, L) get through. `before` is counted from the arrivals.
    for (servers, move_ms) in [(4, 20), (4, 5), (4, 39), (16, 20), (2, 30)] {
        let s = with(Local)
            .with_servers(servers)
            .with_lb(Sticky)
            .with_move_ms(Some(move_ms));
        let before = arrivals(s)
            .iter()
            .filter(|&&a| a < u64::from(move_ms) * 1000)
            .count() as u32;
        let after = 40 - before;
        let mut spread = vec![before.max(after), before.min(after)];
        spread.resize(servers as usize, 0);
        let spread: Vec<String> = spread.iter().map(u32::to_string).collect();
        let allowed = before.min(10) + after.min(10);
        check(
            s,
            &format!(
                "spread={} allowed={allowed} refused={}",
                spread.join(","),
                40 - allowed
            ),
        );
    }
    // Halfway through the default burst both halves exceed the limit: the
    // user gets twice it.
    let s = with(Local).with_lb(Sticky).with_move_ms(Some(20));
    let before = arrivals(s).iter().filter(|&&a| a < 20_000).count();
    assert!(
        (10..=30).contains(&before),
        "{before} arrivals before 20 ms"
    );
    check(s, "allowed=20 over=10 verdicts=not-enforced");
}

#[test]
fn a_lone_server_that_restarts_forgets_its_count() {
    // One server: the move is a restart, and its memory is empty after it.
    for move_ms in [10, 20, 30] {
        let s = with(Local)
            .with_servers(1)
            .with_lb(Sticky)
            .with_move_ms(Some(move_ms));
        let before = arrivals(s)
            .iter()
            .filter(|&&a| a < u64::from(move_ms) * 1000)
            .count() as u32;
        let allowed = before.min(10) + (40 - before).min(10);
        check(s, &format!("received=40 allowed={allowed}"));
    }
}

#[test]
fn sticky_sessions_do_not_change_the_exact_strategies() {
    // The edge and INCR never looked at which server a request reached.
    check(
        with(Edge).with_lb(Sticky).with_move_ms(Some(20)),
        "allowed=10 gateway=30 reached=10 verdicts=enforced",
    );
    check(
        with(Incr).with_lb(Sticky).with_move_ms(Some(20)),
        "allowed=10 calls=41 counter=40 verdicts=enforced",
    );
}

#[test]
fn sticky_split_gives_the_user_one_servers_share() {
    // Limit 8 over 4 servers: every quota is 2. All 8 of a regular user's
    // requests reach one server: 2 allowed, 6 refused while only 2 of 8
    // had been allowed.
    check(
        with(Split).with_limit(8).with_lb(Sticky),
        "quota=2,2,2,2 spread=40,0,0,0 allowed=2 refused=38 under=38 regular=2 \
         verdicts=refused-under-limit",
    );
}

// Local counters with limit ÷ N.

#[test]
fn split_quotas_sum_to_the_limit() {
    // 10 = 4·2 + 2: the first two servers get 3, the others 2. Round-robin
    // sends requests 1–10 as 3, 3, 2, 2: all allowed, reaching 10 before
    // the first refusal (request 11, server 3's third).
    check(
        with(Split).with_lb(RoundRobin),
        "quota=3,3,2,2 received=10,10,10,10 ok=3,3,2,2 429=7,7,8,8 \
         allowed=10 refused=30 over=0 under=0 regular=10 calls=0 counter=- \
         latency=0/0 verdicts=enforced",
    );
    // 7 = 3·2 + 1.
    check(with(Split).with_servers(3).with_limit(7), "quota=3,2,2");
    // 200 = 16·12 + 8.
    check(
        with(Split).with_servers(16).with_limit(200),
        "quota=13,13,13,13,13,13,13,13,12,12,12,12,12,12,12,12",
    );
}

#[test]
fn split_with_more_servers_than_the_limit_leaves_some_with_nothing() {
    // 10 = 16·0 + 10: servers 1–10 get quota 1, servers 11–16 quota 0.
    // Round-robin: 40 = 16·2 + 8, so servers 1–8 receive 3, 9–16 receive 2.
    // Requests 1–10 reach servers 1–10 first: 10 allowed before any refusal.
    check(
        with(Split).with_servers(16).with_lb(RoundRobin),
        "quota=1,1,1,1,1,1,1,1,1,1,0,0,0,0,0,0 \
         received=3,3,3,3,3,3,3,3,2,2,2,2,2,2,2,2 \
         ok=1,1,1,1,1,1,1,1,1,1,0,0,0,0,0,0 \
         429=2,2,2,2,2,2,2,2,1,1,2,2,2,2,2,2 \
         allowed=10 refused=30 over=0 under=0 regular=10 verdicts=enforced",
    );
}

#[test]
fn split_planned_for_4_but_running_on_10_lets_26_through() {
    // An autoscale nobody re-planned: servers 5–10 repeat the planned
    // quotas 3, 3, 2, 2, so the total is 3+3+2+2+3+3+2+2+3+3 = 26 at L = 10.
    // Round-robin sends 4 to each; each allows min(4, quota).
    check(
        with(Split)
            .with_servers(10)
            .with_plan(Some(4))
            .with_lb(RoundRobin),
        "quota=3,3,2,2,3,3,2,2,3,3 received=4,4,4,4,4,4,4,4,4,4 \
         ok=3,3,2,2,3,3,2,2,3,3 429=1,1,2,2,1,1,2,2,1,1 \
         allowed=26 refused=14 over=16 under=0 verdicts=not-enforced",
    );
    // Planned for 4 and running on 4: the ordinary split.
    check(
        with(Split).with_plan(Some(4)).with_lb(RoundRobin),
        "quota=3,3,2,2 allowed=10 verdicts=enforced",
    );
}

#[test]
fn split_planned_for_16_but_running_on_4_turns_the_user_away() {
    // A scale-in nobody re-planned: P = 16 gives floor(10/16) = 0, plus 1
    // for servers 1–10; only servers 1–4 exist, so 4 in total. Every one of
    // the 36 refusals came with at most 4 allowed, under the limit of 10.
    check(
        with(Split).with_plan(Some(16)).with_lb(RoundRobin),
        "quota=1,1,1,1 ok=1,1,1,1 allowed=4 refused=36 under=36 regular=4 \
         verdicts=refused-under-limit",
    );
}

#[test]
fn split_servers_with_quota_zero_refuse_everything_whatever_the_spread() {
    for seed in 0..50 {
        let r = sim::run(&with(Split).with_servers(16).with_seed(seed));
        for (s, card) in r.servers.iter().enumerate() {
            let quota = u32::from(s < 10);
            assert_eq!(card.quota, Some(quota), "server {s}, seed {seed}");
            assert_eq!(
                card.allowed,
                card.received.min(quota),
                "server {s}, seed {seed}"
            );
        }
    }
}

#[test]
fn split_with_one_request_on_a_server_without_quota_refuses_everything() {
    // Limit 1 over 2 servers: quotas 1 and 0. Sticky: the user's one
    // request reaches one of them. On server 2 it is refused: every
    // request refused, because of a quota of zero.
    let mut seen = [false; 2];
    for seed in 0..20 {
        let s = with(Split)
            .with_servers(2)
            .with_limit(1)
            .with_burst(1)
            .with_lb(Sticky)
            .with_seed(seed);
        let server = sim::run(&s).requests[0].server.expect("a server");
        seen[server as usize] = true;
        if server == 1 {
            check(
                s,
                "quota=1,0 received=0,1 allowed=0 under=1 \
                 verdicts=all-refused:no-quota,refused-under-limit",
            );
        } else {
            check(
                s,
                "quota=1,0 received=1,0 allowed=1 under=0 verdicts=enforced",
            );
        }
    }
    assert_eq!(seen, [true, true], "20 seeds land on both servers");
}

#[test]
fn split_refuses_real_requests_while_the_user_is_under_the_limit() {
    // A regular user: 10 requests, limit 10, so never over the limit. Each
    // server allows min(received, quota) of what the random spread sent it;
    // any refusal leaves the total below 10, so every refusal is under the
    // limit. Over 50 seeds the spread is uneven often.
    let mut turned_away = 0;
    for seed in 0..50 {
        let r = sim::run(&with(Split).with_burst(10).with_seed(seed));
        let allowed: u32 = r
            .servers
            .iter()
            .map(|c| c.received.min(c.quota.unwrap()))
            .sum();
        assert_eq!(r.allowed, allowed, "seed {seed}");
        assert_eq!(r.refused_under_limit, r.refused, "seed {seed}");
        assert_eq!(r.regular_user, r.allowed, "seed {seed}: burst = L");
        turned_away += u32::from(r.refused > 0);
    }
    assert!(
        turned_away >= 25,
        "only {turned_away} of 50 bursts turned a request away"
    );
    // The teaching claim on the first view (not by hand: it depends on the
    // default seed's spread): ÷ N turns a regular user away.
    let r = sim::run(&with(Split));
    assert!(r.regular_user < 10, "{}", r.regular_user);
}

#[test]
fn refused_under_the_limit_counts_every_refusal_before_the_total_reaches_l() {
    // ÷ N at 16 servers, random spread: quota 1 on servers 1–10, 0 on the
    // rest. Decisions are made at arrival, so walk the requests in arrival
    // order, counting the allowed; a refusal counts while fewer than 10
    // had been allowed. The old measure, max(0, min(B, L) − allowed),
    // misses refusals made early by a burst that later reached L.
    for seed in [2026, 0, 1, 2, 3] {
        let r = sim::run(&with(Split).with_servers(16).with_seed(seed));
        let mut allowed = 0;
        let mut under = 0;
        for q in &r.requests {
            if q.allowed {
                allowed += 1;
            } else if allowed < 10 {
                under += 1;
            }
        }
        assert_eq!(r.refused_under_limit, under, "seed {seed}");
        assert!(under >= 10u32.saturating_sub(r.allowed), "seed {seed}");
    }
}

#[test]
fn split_round_robin_under_the_limit_allows_it_all() {
    // 6 requests in turn: 2,2,1,1, each within its quota 3,3,2,2.
    check(
        with(Split).with_burst(6).with_lb(RoundRobin),
        "received=2,2,1,1 ok=2,2,1,1 allowed=6 refused=0 over=0 under=0 verdicts=enforced",
    );
}

// Limit at the edge.

#[test]
fn the_edge_lets_exactly_the_limit_through_without_redis() {
    // The gateway forwards the first 10 requests and refuses the other 30
    // itself: they reach no server card. The servers allow what reaches them.
    check(
        with(Edge),
        "reached=10 429=0,0,0,0 allowed=10 refused=30 gateway=30 over=0 under=0 \
         regular=10 calls=0 counter=- latency=0/0 verdicts=enforced ops=0 nodes=0",
    );
    // Round-robin: the 10 forwarded go 3, 3, 2, 2.
    check(
        with(Edge).with_lb(RoundRobin),
        "received=3,3,2,2 ok=3,3,2,2 429=0,0,0,0 gateway=30",
    );
    // 200 of 500 over 16 servers: 200 = 16·12 + 8.
    check(
        with(Edge)
            .with_servers(16)
            .with_burst(500)
            .with_limit(200)
            .with_lb(RoundRobin),
        "received=13,13,13,13,13,13,13,13,12,12,12,12,12,12,12,12 allowed=200 gateway=300",
    );
    // Under the limit: everything is forwarded.
    check(with(Edge).with_burst(5), "allowed=5 gateway=0 reached=5");
}

#[test]
fn the_edge_forwards_the_first_requests_in_arrival_order() {
    let r = sim::run(&with(Edge));
    for (k, q) in r.requests.iter().enumerate() {
        assert_eq!(q.allowed, k < 10, "request {k}");
        assert_eq!(q.server.is_some(), k < 10, "request {k}");
        assert_eq!((q.decided_us, q.answer_us), (q.arrival_us, q.arrival_us));
    }
}

// Redis GET then SET.

#[test]
fn getset_with_a_zero_round_trip_is_exact() {
    // Arrivals are distinct and with rtt 0 a request's GET, reply and SET
    // all run at its arrival, before the next request: one counter,
    // checked in turn. 10 allowed (GET + SET), 30 refused (GET only).
    check(
        with(GetSet).with_rtt_us(0),
        "allowed=10 refused=30 over=0 under=0 regular=10 calls=50 counter=10 lost=0 \
         latency=0/0 verdicts=enforced",
    );
    check(
        with(GetSet)
            .with_rtt_us(0)
            .with_burst(500)
            .with_limit(200)
            .with_servers(16),
        "allowed=200 refused=300 calls=700 counter=200 latency=0/0 verdicts=enforced",
    );
}

#[test]
fn getset_with_a_round_trip_as_long_as_the_burst_lets_everything_through() {
    // Arrivals in [0, 1000) µs, rtt 1000 µs: every GET runs before 1500 µs,
    // every SET at 1500 µs or later. So every GET reads 0, every request is
    // allowed, and every SET writes 1: 40 allowed, counter 1, 39 updates
    // lost. The last event is the last SET's reply, 2 rtt after the last
    // arrival.
    let s = with(GetSet).with_span_ms(1).with_rtt_us(1_000);
    let last = *arrivals(s).last().unwrap();
    check(
        s,
        &format!(
            "allowed=40 refused=0 over=30 under=0 regular=10 calls=80 counter=1 lost=39 \
             latency=2000/2000 end={} verdicts=not-enforced",
            last + 2_000
        ),
    );
    check(
        with(GetSet).with_span_ms(1).with_rtt_us(20_000),
        "allowed=40 calls=80 counter=1 latency=40000/40000 verdicts=not-enforced",
    );
}

#[test]
fn getset_with_a_burst_under_the_limit_allows_it_all() {
    // A GET reads at most the number of SETs run before it, at most 4 < 10.
    check(
        with(GetSet).with_burst(5),
        "allowed=5 refused=0 over=0 under=0 calls=10 latency=4000/4000 verdicts=enforced",
    );
}

#[test]
fn the_median_latency_is_the_lower_middle() {
    // Limit 1, two requests, the second arriving more than 2 ms after the
    // first: its GET runs after the first one's SET and reads 1. The first
    // is allowed (answered after its SET, 4 ms), the second refused (2 ms):
    // latencies 2 and 4 ms, whose lower middle is 2 ms.
    let s = (0..)
        .map(|seed| with(GetSet).with_burst(2).with_limit(1).with_seed(seed))
        .find(|&s| {
            let a = arrivals(s);
            a[1] > a[0] + 2_000
        })
        .expect("a burst with a gap");
    check(s, "allowed=1 refused=1 latency=2000/4000");
}

#[test]
fn getset_loses_updates_on_the_default_scenario() {
    // Not by hand: the teaching claim on the first view. With a 2 ms round
    // trip, requests read the same value, so more than the limit get
    // through and the counter ends lower than the number allowed.
    let r = sim::run(&with(GetSet));
    let counter = r.final_counter.expect("getset has a counter");
    assert!(r.allowed > r.limit, "{} allowed", r.allowed);
    assert!(
        counter < r.allowed,
        "counter {counter}, {} allowed",
        r.allowed
    );
    assert_eq!(r.lost_updates(), r.allowed - counter);
    assert_eq!(r.verdict(), Verdict::NotEnforced);
}

/// A call as `(command, sent, run, reply, value)`.
type Leg = (Command, u64, Option<u64>, Option<u64>, u32);

/// Each call for request `k`.
fn calls_of(r: &Report, k: usize) -> Vec<Leg> {
    r.calls_for(k as u32)
        .map(|c| (c.command, c.sent_us, c.executed_us, c.replied_us, c.value))
        .collect()
}

#[test]
fn getset_trace_of_a_single_request() {
    // GET sent at a, run at a + rtt/2, reads 0; its reply at a + rtt allows
    // it and sends SET 1, run at a + 1.5·rtt; answered at a + 2·rtt.
    let r = sim::run(&with(GetSet).with_burst(1));
    let a = r.requests[0].arrival_us;
    assert_eq!(
        calls_of(&r, 0),
        [
            (Command::Get, a, Some(a + 1_000), Some(a + 2_000), 0),
            (Command::Set, a + 2_000, Some(a + 3_000), Some(a + 4_000), 1),
        ]
    );
    assert_eq!(r.redis_log, [0, 1]);
    let q = r.requests[0];
    assert!(q.allowed);
    assert_eq!((q.decided_us, q.answer_us), (a + 2_000, a + 4_000));
}

#[test]
fn getset_trace_of_every_request() {
    // rtt 2 ms. Allowed: GET run at a+1000 reads v < 10, SET v+1 run at
    // a+3000, answer at a+4000. Refused: GET reads v ≥ 10, answer at a+2000.
    let r = sim::run(&with(GetSet));
    let (mut allowed, mut refused) = (0, 0);
    for (k, q) in r.requests.iter().enumerate() {
        let a = q.arrival_us;
        let calls = calls_of(&r, k);
        let v = calls[0].4;
        let get = (Command::Get, a, Some(a + 1_000), Some(a + 2_000), v);
        if q.allowed {
            allowed += 1;
            assert!(v < 10, "request {k}");
            let set = (
                Command::Set,
                a + 2_000,
                Some(a + 3_000),
                Some(a + 4_000),
                v + 1,
            );
            assert_eq!(calls, [get, set], "request {k}");
            assert_eq!(q.answer_us, a + 4_000, "request {k}");
        } else {
            refused += 1;
            assert!(v >= 10, "request {k}");
            assert_eq!(calls, [get], "request {k}");
            assert_eq!(q.answer_us, a + 2_000, "request {k}");
        }
    }
    assert!(allowed > 0 && refused > 0, "the default shows both");
}

/// The slower the round trip, the wider the window between GET and SET,
/// and the more requests slip through. Averaged over many seeds, what
/// GET/SET lets through grows with the round trip.
#[test]
fn getset_lets_more_through_as_the_round_trip_grows() {
    let mean_allowed = |rtt_us: u32| {
        let seeds = 300u64;
        let total: u64 = (0..seeds)
            .map(|seed| {
                u64::from(sim::allowed(
                    &with(GetSet).with_rtt_us(rtt_us).with_seed(seed),
                ))
            })
            .sum();
        total as f64 / seeds as f64
    };
    let means: Vec<f64> = [0, 250, 500, 1_000, 2_000, 5_000]
        .into_iter()
        .map(mean_allowed)
        .collect();
    assert_eq!(means[0], 10.0, "a zero round trip leaves no window");
    for pair in means.windows(2) {
        assert!(
            pair[1] > pair[0] || pair[0] == 40.0,
            "more gets through as the round trip grows, until the whole burst does: {means:?}"
        );
    }
    // With a 5 ms round trip a GET that reads v runs at least 5 ms after
    // one that read v − 1 (that one's SET runs 5 ms after its GET). A read
    // of 10 would come at least 50 ms after the first GET (at 2.5 ms or
    // later), past the last GET (before 42.5 ms): all 40 get through.
    assert_eq!(means[5], 40.0, "{means:?}");
}

// Redis INCR.

#[test]
fn incr_allows_exactly_the_limit() {
    // INCR returns 1, 2, …, 40 in arrival order; 1–10 are allowed. 40 INCRs
    // and one EXPIRE; every request waits one round trip.
    check(
        with(Incr),
        "allowed=10 refused=30 over=0 under=0 regular=10 calls=41 counter=40 \
         latency=2000/2000 verdicts=enforced",
    );
    check(
        with(Incr).with_rtt_us(0),
        "allowed=10 refused=30 calls=41 counter=40 latency=0/0 verdicts=enforced",
    );
    check(
        with(Incr)
            .with_servers(16)
            .with_burst(500)
            .with_limit(200)
            .with_rtt_us(20_000),
        "allowed=200 refused=300 over=0 under=0 calls=501 counter=500 \
         latency=20000/20000 verdicts=enforced",
    );
}

#[test]
fn incr_with_a_burst_under_the_limit_allows_it_all() {
    check(
        with(Incr).with_burst(5),
        "allowed=5 refused=0 over=0 under=0 calls=6 counter=5 latency=2000/2000 \
         verdicts=enforced",
    );
}

#[test]
fn incr_trace() {
    // rtt 2 ms. Request k (in arrival order) has one INCR run at a+1000,
    // which returns k+1; allowed iff k+1 ≤ 10; answered at a+2000. The
    // request that got 1 sends one EXPIRE on that reply, run at a0 + 3000.
    let r = sim::run(&with(Incr));
    for (k, q) in r.requests.iter().enumerate() {
        let a = q.arrival_us;
        let incr = (
            Command::Incr,
            a,
            Some(a + 1_000),
            Some(a + 2_000),
            k as u32 + 1,
        );
        let calls = calls_of(&r, k);
        assert_eq!(calls[0], incr, "request {k}");
        assert_eq!(calls.len(), if k == 0 { 2 } else { 1 }, "request {k}");
        assert_eq!(q.allowed, k < 10, "request {k}");
        assert_eq!(q.answer_us, a + 2_000, "request {k}");
    }
    let a0 = r.requests[0].arrival_us;
    let expire = r.calls_for(0).nth(1).expect("an EXPIRE");
    assert_eq!(
        (expire.command, expire.sent_us, expire.executed_us),
        (Command::Expire, a0 + 2_000, Some(a0 + 3_000))
    );
    // EXPIRE leaves the counter as the INCRs run before it left it: one
    // for each arrival up to 2 ms after a0.
    let before = arrivals(with(Incr))
        .iter()
        .filter(|&&a| a + 1_000 <= a0 + 3_000)
        .count();
    assert_eq!(expire.counter_after, before as u32);
}

// Redis Lua token bucket.

#[test]
fn the_token_bucket_lets_exactly_10_through_the_gatepass_burst() {
    // 10 tokens, refilled at 10 a second: one every 100 ms. The burst lasts
    // under 40 ms, so no whole token comes back between the first and the
    // last script run: allowance 10, and the bucket ends empty.
    let s = Preset::Gatepass.apply(with(Lua));
    check(
        s,
        "allowed=10 refused=30 allowance=10 over=0 under=0 regular=10 calls=40 \
         per-request=1.00 counter=0 latency=2000/2000 verdicts=enforced",
    );
}

#[test]
fn the_token_bucket_lets_101_through_the_per_minute_burst() {
    // 100 tokens a minute: one token every 0.6 s. 400 requests over 1 s, in
    // turn over 4 servers: the first 100 script runs take the 100 tokens;
    // the first run 0.6 s or more after the first finds the refilled one;
    // the next token would take until 1.2 s. The allowance counts that
    // token: 101 allowed is the bucket working as designed, not over.
    let s = Preset::PerMinute.apply(with(Lua));
    let r = check(
        s,
        "received=100,100,100,100 allowed=101 refused=299 allowance=101 over=0 under=0 \
         regular=100 calls=400 counter=0 latency=2000/2000 verdicts=enforced",
    );
    let runs: Vec<u64> = r.calls.iter().map(|c| c.executed_us.unwrap()).collect();
    let (x0, refill) = (runs[0], runs[0] + 600_000);
    assert!(runs[99] < refill, "the first 100 come before the refill");
    let first_after = runs
        .iter()
        .position(|&x| x >= refill)
        .expect("runs past 0.6 s");
    let allowed: Vec<usize> = (0..400).filter(|&k| r.requests[k].allowed).collect();
    let expected: Vec<usize> = (0..100).chain([first_after]).collect();
    assert_eq!(allowed, expected, "first run at {x0} µs");
}

#[test]
fn the_token_bucket_trace_of_a_single_request() {
    // One script call: sent at a, run at a + 1 ms (allows, 9 tokens left),
    // reply at a + 2 ms decides and answers.
    let r = sim::run(&with(Lua).with_burst(1));
    let a = r.requests[0].arrival_us;
    assert_eq!(
        calls_of(&r, 0),
        [(Command::EvalSha, a, Some(a + 1_000), Some(a + 2_000), 1)]
    );
    assert_eq!(r.calls[0].counter_after, 9);
    check(
        with(Lua).with_burst(1),
        "allowed=1 counter=9 latency=2000/2000",
    );
}

#[test]
fn a_bucket_that_refills_while_full_still_enforces_the_limit() {
    // Limit 3 a second, 6 requests over 1 s: a token every 1/3 s. The
    // allowance counts every token the clock refilled between the first
    // and the last script run, but a full bucket holds no more than 3: a
    // refill that comes while it is full is lost, and then fewer than
    // min(B, allowance) get through. Nothing went over and nobody was
    // refused under the limit: the verdict is "enforced" (the model reads
    // the verdict as nothing over the allowance and at least min(B, L)).
    let mut seen = 0;
    for seed in 0..60 {
        let s = with(Lua)
            .with_limit(3)
            .with_span_ms(1000)
            .with_burst(6)
            .with_seed(seed);
        let r = sim::run(&s);
        if r.allowed < r.allowance.min(6) {
            seen += 1;
            assert_eq!((r.over, r.refused_under_limit), (0, 0), "seed {seed}");
            assert!(r.allowed >= 3, "seed {seed}");
            assert_eq!(r.verdicts(), [Verdict::Enforced], "seed {seed}");
        }
    }
    assert!(seen > 0, "no burst lost a refill");
}

// Redis down: the fail rule.

#[test]
fn redis_down_fail_open_lets_everything_through() {
    // No command runs and no reply comes: every call is given up at
    // arrival + 50 ms and the request allowed. No SET, no EXPIRE follows.
    for (strategy, counter) in [(GetSet, "0"), (Incr, "0"), (Lua, "10")] {
        let s = with(strategy).with_redis(Down);
        let last = *arrivals(s).last().unwrap();
        check(
            s,
            &format!(
                "allowed=40 refused=0 fail=40 over=30 under=0 regular=10 calls=40 \
                 counter={counter} latency=50000/50000 end={} verdicts=not-enforced",
                last + 50_000
            ),
        );
    }
}

#[test]
fn redis_down_fail_closed_lets_nothing_through() {
    // Every request refused at arrival + 50 ms, while nothing had been
    // allowed: all 40 refused under the limit.
    for strategy in [GetSet, Incr, Lua] {
        check(
            with(strategy).with_redis(Down).with_fail(Fail::Closed),
            "allowed=0 refused=40 fail=40 over=0 under=40 regular=0 calls=40 \
             latency=50000/50000 verdicts=all-refused:fail-closed,refused-under-limit",
        );
    }
}

// Redis slow: 100 ms late, and the timeout.

/// Checks that every request of `r` was decided and answered by the fail
/// rule `wait_us` after it arrived.
#[track_caller]
fn decided_by_the_fail_rule(r: &Report, wait_us: u64) {
    for (k, q) in r.requests.iter().enumerate() {
        let at = q.arrival_us + wait_us;
        assert!(q.by_fail_rule, "request {k}");
        assert_eq!((q.decided_us, q.answer_us), (at, at), "request {k}");
    }
}

#[test]
fn redis_slow_with_a_50_ms_timeout_decides_by_the_fail_rule() {
    // A reply would come at a + 2 ms + 100 ms, past the 50 ms timeout: every
    // GET, INCR and script call is given up at a + 50 ms and its request
    // decided by the rule. The commands still run, at a + 101 ms: the
    // INCRs all count (counter 40), the GETs change nothing (0), the
    // scripts empty the bucket (0). The last event is the last one to run.
    for (strategy, counter) in [(GetSet, "0"), (Incr, "40"), (Lua, "0")] {
        let s = with(strategy).with_redis(Slow);
        let last = *arrivals(s).last().unwrap();
        let r = check(
            s,
            &format!(
                "allowed=40 fail=40 calls=40 counter={counter} latency=50000/50000 end={}",
                last + 101_000
            ),
        );
        decided_by_the_fail_rule(&r, 50_000);
        let r = check(
            s.with_fail(Fail::Closed),
            "allowed=0 fail=40 under=40 verdicts=all-refused:fail-closed,refused-under-limit",
        );
        decided_by_the_fail_rule(&r, 50_000);
    }
}

#[test]
fn redis_slow_with_a_200_ms_timeout_counts_correctly_100_ms_later() {
    // Replies come at a + 102 ms, within 200 ms: INCR and the script count
    // exactly as when Redis is quick, with 100 ms more latency.
    check(
        with(Incr).with_redis(Slow).with_timeout_ms(200),
        "allowed=10 refused=30 fail=0 calls=41 counter=40 latency=102000/102000 \
         verdicts=enforced",
    );
    check(
        with(Lua).with_redis(Slow).with_timeout_ms(200),
        "allowed=10 refused=30 fail=0 calls=40 counter=0 latency=102000/102000 \
         verdicts=enforced",
    );
    // GET then SET: every GET runs (at a + 101 ms, before 141 ms) before
    // the first SET (at a + 203 ms, 203 ms or later): all read 0.
    check(
        with(GetSet).with_redis(Slow).with_timeout_ms(200),
        "allowed=40 fail=0 calls=80 counter=1 latency=204000/204000 verdicts=not-enforced",
    );
}

#[test]
fn a_reply_exactly_at_the_timeout_is_in_time() {
    // Slow: the reply comes 2 + 100 = 102 ms after the call.
    check(
        with(Incr).with_redis(Slow).with_timeout_ms(102),
        "allowed=10 fail=0 latency=102000/102000",
    );
    let r = check(
        with(Incr).with_redis(Slow).with_timeout_ms(101),
        "allowed=40 fail=40 latency=101000/101000",
    );
    decided_by_the_fail_rule(&r, 101_000);
}

#[test]
fn a_round_trip_longer_than_the_timeout_fails_even_when_redis_is_up() {
    // rtt 20 ms, timeout 10 ms: every reply is late.
    let r = check(
        with(Incr).with_rtt_us(20_000).with_timeout_ms(10),
        "allowed=40 fail=40 calls=40 counter=40 latency=10000/10000",
    );
    decided_by_the_fail_rule(&r, 10_000);
}

// Local counters with batched sync.

#[test]
fn sync_sends_one_batch_per_server_per_interval() {
    // Interval 10 ms over 4 servers: phases 0, 2.5, 5 and 7.5 ms, then every
    // 10 ms while below 40 ms: 4 syncs each, 16 calls, whatever the burst.
    // Decisions are local: no added latency.
    let r = check(
        with(Sync),
        "calls=16 per-request=0.40 latency=0/0 under=0 fail=0 ops=20000 nodes=1",
    );
    let mut sent: Vec<(u32, u64)> = r.calls.iter().map(|c| (c.server, c.sent_us)).collect();
    sent.sort_unstable();
    let expected: Vec<(u32, u64)> = (0..4u32)
        .flat_map(|s| (0..4u64).map(move |k| (s, u64::from(s) * 2_500 + k * 10_000)))
        .collect();
    assert_eq!(sent, expected);
    // 1 ms: 40 syncs a server.
    check(with(Sync).with_sync_ms(1), "calls=160 per-request=4.00");
}

#[test]
fn sync_with_an_interval_far_longer_than_the_burst_is_local_counting() {
    // Interval 1 s over 4 servers: phases 0, 250, 500 and 750 ms. Only
    // server 1 syncs inside the 40 ms burst, once, at 0 ms, with what it
    // had allowed by then; no count reaches another server. Each server
    // decides as local counters do: same seed, same cards.
    let s = with(Sync).with_sync_ms(1000);
    let local = sim::run(&s.with_strategy(Local));
    let r = check(s, "calls=1");
    assert_eq!(r.servers, local.servers);
    assert_eq!(r.allowed, local.allowed);
}

#[test]
fn sync_every_millisecond_stays_within_a_few_requests_of_the_limit() {
    // Interval I = 1 ms, rtt 2 ms. A count allowed at u is sent by u + I,
    // runs by u + I + rtt/2; every other server syncs within I after that
    // and hears back rtt later: by u + 2I + rtt = u + 4 ms every server
    // knows it. A server never counts more than was allowed, so it refuses
    // only once L were allowed: at least L get through. Once the L-th was
    // allowed (at T), every decision after T + 4 ms sees L: what gets past
    // the limit arrived in (T, T + 4 ms].
    for seed in 0..50 {
        let s = with(Sync).with_sync_ms(1).with_seed(seed);
        let r = sim::run(&s);
        let mut allowed_at: Vec<u64> = r
            .requests
            .iter()
            .filter(|q| q.allowed)
            .map(|q| q.decided_us)
            .collect();
        allowed_at.sort_unstable();
        assert!(r.allowed >= 10, "seed {seed}");
        let t = allowed_at[9];
        let window = r
            .requests
            .iter()
            .filter(|q| q.arrival_us > t && q.arrival_us <= t + 4_000)
            .count();
        assert!(
            r.over as usize <= window,
            "seed {seed}: over {} > {window}",
            r.over
        );
        // 40 requests in 40 ms: a 4 ms window holds a few of them.
        assert!(r.over <= 8, "seed {seed}: over {}", r.over);
    }
}

#[test]
fn sync_with_redis_down_is_local_counting() {
    // No sync ever comes back: each server knows only its own counts. The
    // fail rule does not apply (decisions are local), nothing is added to
    // latency, and the servers keep sending their 16 batches.
    for (redis, timeout) in [(Down, 50), (Slow, 50)] {
        let s = with(Sync).with_redis(redis).with_timeout_ms(timeout);
        let local = sim::run(&s.with_strategy(Local));
        let r = check(s, "calls=16 fail=0 latency=0/0");
        assert_eq!(r.servers, local.servers, "{redis:?}");
        assert_eq!(r.allowed, local.allowed, "{redis:?}");
    }
    check(with(Sync).with_redis(Down), "counter=0");
}

#[test]
fn sync_trace_adds_each_servers_batch() {
    // One server, a 10 ms interval: syncs at 0, 10, 20 and 30 ms, each
    // sending what was allowed since the last. With one server what it
    // knows is only its own count, so it allows exactly 10, and Redis ends
    // with what was sent by the last sync (30 ms).
    let s = with(Sync).with_servers(1);
    let r = check(s, "allowed=10 refused=30 calls=4 verdicts=enforced");
    let allowed_by = |t: u64| {
        r.requests
            .iter()
            .filter(|q| q.allowed && q.arrival_us <= t)
            .count() as u32
    };
    let mut sent_so_far = 0;
    for (k, c) in r.calls.iter().enumerate() {
        let t = k as u64 * 10_000;
        assert_eq!(
            (c.command, c.sent_us, c.request),
            (Command::IncrBy, t, None)
        );
        assert_eq!(c.arg, allowed_by(t) - sent_so_far, "sync at {t} µs");
        sent_so_far += c.arg;
        assert_eq!(c.value, sent_so_far, "the total after the sync at {t} µs");
    }
    assert_eq!(r.final_counter, Some(allowed_by(30_000)));
}

#[test]
fn a_request_arriving_at_a_sync_time_is_in_that_sync() {
    // At equal times the arrivals come first. One server, a burst of 1 ms:
    // its only sync is at 0 ms. A request arriving at exactly 0 is counted
    // before that sync sends its batch: INCRBY 1. Otherwise the batch is 0.
    let s = |seed| {
        with(Sync)
            .with_servers(1)
            .with_span_ms(1)
            .with_burst(500)
            .with_seed(seed)
    };
    let at_zero = (0..)
        .find(|&seed| arrivals(s(seed))[0] == 0)
        .expect("a burst from 0 µs");
    let r = check(s(at_zero), "calls=1 counter=1");
    assert_eq!((r.calls[0].sent_us, r.calls[0].arg), (0, 1));
    let later = (0..)
        .find(|&seed| arrivals(s(seed))[0] > 0)
        .expect("a burst after 0 µs");
    check(s(later), "calls=1 counter=0");
}

// The regular user: the same scenario with burst = L.

#[test]
fn a_regular_user_gets_everything_except_under_split_quotas() {
    // 10 requests at a limit of 10: nobody has reason to refuse any, except
    // a split quota on a server the spread favoured.
    for strategy in [Local, Sync, Edge, GetSet, Incr, Lua] {
        check(with(strategy), "regular=10");
    }
    let regular = sim::run(&with(Split).with_burst(10));
    let expected: u32 = regular
        .servers
        .iter()
        .map(|c| c.received.min(c.quota.unwrap()))
        .sum();
    check(with(Split), &format!("regular={expected}"));
    // Failing closed on a Redis that is down, nobody gets anything.
    check(
        with(Incr).with_redis(Down).with_fail(Fail::Closed),
        "regular=0",
    );
}

// The cost of sharing.

#[test]
fn the_cost_of_sharing_is_traffic_times_calls_per_request() {
    // INCR: 41 calls for 40 requests, 1.025 a request (shown 1.03).
    // 50,000 × 1.025 = 51,250 ops/s: one node; 1,000,000 × 1.025 =
    // 1,025,000: eleven nodes of 100,000.
    check(with(Incr), "calls=41 per-request=1.03 ops=51250 nodes=1");
    check(with(Incr).with_traffic(1_000_000), "ops=1025000 nodes=11");
    // GET then SET at rtt 0: 50 calls for 40, 1.25 a request. 80,000 × 1.25
    // is exactly 100,000: one node; 1,000,000 × 1.25 needs 13.
    let getset = with(GetSet).with_rtt_us(0);
    check(getset, "calls=50 per-request=1.25 ops=62500 nodes=1");
    check(getset.with_traffic(80_000), "ops=100000 nodes=1");
    check(getset.with_traffic(1_000_000), "ops=1250000 nodes=13");
    // One script call a request: ops = traffic.
    check(with(Lua).with_traffic(100_000), "ops=100000 nodes=1");
    check(with(Lua).with_traffic(100_001), "ops=100001 nodes=2");
    // Batched sync: 16 calls for 40 requests, 0.4 a request.
    check(with(Sync).with_traffic(1_000_000), "ops=400000 nodes=4");
    // The nodes come from the exact rate, not the rounded one shown:
    // 97,561 × 1.025 = 100,000.025 ops a second, shown as 100,000, is just
    // over what one node does: two nodes.
    check(with(Incr).with_traffic(97_561), "ops=100000 nodes=2");
    check(with(Incr).with_traffic(97_560), "ops=99999 nodes=1");
    // No Redis, no cost, at any traffic.
    for strategy in [Local, Split, Edge] {
        check(
            with(strategy).with_traffic(1_000_000),
            "calls=0 per-request=0.00 ops=0 nodes=0",
        );
    }
}

// Verdicts.

#[test]
fn verdicts() {
    check(with(Local), "verdicts=not-enforced");
    check(with(Incr), "verdicts=enforced");
    check(
        with(Split).with_burst(10).with_lb(Sticky),
        "verdicts=refused-under-limit",
    );
    // Both at once. Limit 4 over 2 servers: quotas 2 and 2. A sticky user
    // moves at 20 ms: the first server allows 2 and refuses the rest of
    // what arrives before the move while only 2 of 4 are allowed; the
    // second allows 2 more. Exactly 4 got through, and real requests were
    // turned away under the limit.
    let s = with(Split)
        .with_servers(2)
        .with_limit(4)
        .with_lb(Sticky)
        .with_move_ms(Some(20));
    let before = arrivals(s).iter().filter(|&&a| a < 20_000).count();
    assert!(before >= 3 && 40 - before >= 2, "{before} before the move");
    check(
        s,
        &format!(
            "allowed=4 under={} verdicts=enforced,refused-under-limit",
            before - 2
        ),
    );
    assert_eq!(Verdict::NotEnforced.as_str(), "not-enforced");
    assert_eq!(Verdict::Enforced.as_str(), "enforced");
    assert_eq!(Verdict::RefusedUnderLimit.as_str(), "refused-under-limit");
    assert_eq!(
        Verdict::AllRefused(AllRefusedWhy::NoQuota).as_str(),
        "all-refused"
    );
}

#[test]
fn round_robin_random_and_sticky_differ_only_in_the_spread() {
    // Same arrivals: they come from the seed before any server is drawn.
    let spread = |lb| -> Vec<u64> {
        sim::run(&with(Local).with_lb(lb))
            .requests
            .iter()
            .map(|q| q.arrival_us)
            .collect()
    };
    assert_eq!(spread(Random), spread(RoundRobin));
    assert_eq!(spread(Random), spread(Sticky));
}

// Windows and buckets (docs/MODEL.md, "Windows and buckets"). A window's
// edge 20 ms into the default burst: fixed windows [20 ms − 1 s, 20 ms) and
// [20 ms, 1.02 s). What lands on each side depends on the draws, so each
// case counts the sides from the report's own times.

/// How many of `times` fall before and from `edge_us`.
fn sides(times: impl Iterator<Item = u64>, edge_us: u64) -> (u32, u32) {
    let (mut before, mut after) = (0, 0);
    for t in times {
        if t < edge_us {
            before += 1;
        } else {
            after += 1;
        }
    }
    (before, after)
}

/// When each request's deciding command ran in Redis.
fn ran(r: &Report, command: Command) -> impl Iterator<Item = u64> + '_ {
    r.calls
        .iter()
        .filter(move |c| c.command == command)
        .filter_map(|c| c.executed_us)
}

#[test]
fn incr_with_the_edge_in_the_middle_lets_twice_the_limit_through() {
    // INCR runs 1 ms after each arrival (half the 2 ms round trip); every
    // INCR that runs before 20 ms counts in the first window's key, the
    // rest in the second's. Each key lets its first 10 through and gets
    // its TTL on its first INCR: 40 INCR, 2 EXPIRE.
    let s = with(Incr).with_edge_ms(Some(20));
    let r = sim::run(&s);
    let (before, after) = sides(ran(&r, Command::Incr), 20_000);
    assert!(before >= 10 && after >= 10, "{before} {after}");
    check(s, "allowed=20 allowance=10 over=10 calls=42 regular=10");
    // Without the edge: the limit, as before.
    check(with(Incr), "allowed=10 over=0 calls=41");
}

#[test]
fn each_request_names_the_window_it_counted_in() {
    let r = sim::run(&with(Incr).with_edge_ms(Some(20)));
    for c in r.calls.iter().filter(|c| c.command == Command::Incr) {
        let q = &r.requests[c.request.unwrap() as usize];
        let ran = c.executed_us.unwrap();
        assert_eq!(q.window, if ran < 20_000 { -1 } else { 0 }, "{c:?}");
    }
}

#[test]
fn the_sliding_log_lets_exactly_the_limit_through_in_any_window() {
    // The burst lasts 40 ms, far less than W = 1 s: the log holds every
    // allowed time, so the first 10 scripts to run are allowed and no
    // other, wherever the edge is (the log has no windows).
    for edge in [None, Some(0), Some(20), Some(40)] {
        let s = with(Lua).with_algo(Some(Algo::Log)).with_edge_ms(edge);
        check(s, "allowed=10 allowance=10 over=0 counter=10 calls=40");
    }
    // A burst smaller than the limit is let through whole: min(B, L).
    check(
        with(Lua).with_algo(Some(Algo::Log)).with_burst(7),
        "allowed=7",
    );
}

#[test]
fn the_bucket_lets_the_limit_plus_its_refill() {
    // Over 1 s (the per-minute preset spread over W = 1 s instead): 400
    // requests round-robin over 1000 ms, limit 100 per 1 s. The bucket
    // starts full (100) and refills 100 per second of the time between its
    // first and last run: 100 + floor(span × 100 / 1 s).
    let s = Preset::PerMinute
        .apply(with(Lua))
        .with_window_s(1)
        .with_edge_ms(Some(500));
    let r = sim::run(&s);
    let runs: Vec<u64> = ran(&r, Command::EvalSha).collect();
    let refill = (runs[runs.len() - 1] - runs[0]) * 100 / 1_000_000;
    assert_eq!(r.allowance, 100 + refill as u32);
    assert!(
        r.allowed <= r.allowance && r.allowed + 1 >= r.allowance,
        "{r:?}",
        r = r.allowed
    );
}

#[test]
fn the_sliding_counter_lets_about_the_limit_through() {
    // Before the edge, window −1 (its previous window is empty) allows 10.
    // After it, the previous window's 10 weigh (W − e)/W of their count:
    // allowed while 10·(W − e) + c·W < 10·W, that is c < 10·e/W. With e at
    // most 20 ms that is c < 0.2: one more request (c = 0, e > 0). The
    // estimate's error is bounded by the previous window's count times the
    // share of it the weight gets wrong: here 1 of 10.
    let s = with(Lua)
        .with_algo(Some(Algo::Counter))
        .with_edge_ms(Some(20));
    let r = sim::run(&s);
    let (before, after) = sides(ran(&r, Command::EvalSha), 20_000);
    assert!(before >= 10 && after >= 1, "{before} {after}");
    check(s, "allowed=11 allowance=10 over=1");
    // Without an edge it is the fixed window: the limit.
    check(
        with(Lua).with_algo(Some(Algo::Counter)),
        "allowed=10 over=0",
    );
}

#[test]
fn local_fixed_windows_with_an_edge_let_up_to_2nl_through() {
    // 160 requests in 40 ms, round-robin over 4 servers: each server gets
    // 40, about 20 each side of the edge, and allows 10 a window: 2 × 4 ×
    // 10 = 80, where a burst inside one window gets N × L = 40.
    let s = with(Local)
        .with_burst(160)
        .with_lb(RoundRobin)
        .with_edge_ms(Some(20));
    let r = sim::run(&s);
    for server in 0..4 {
        let mine = r.requests.iter().filter(|q| q.server == Some(server));
        let (before, after) = sides(mine.map(|q| q.arrival_us), 20_000);
        assert!(before >= 10 && after >= 10, "{server}: {before} {after}");
    }
    check(s, "allowed=80 ok=20,20,20,20 over=70");
    check(s.with_edge_ms(None), "allowed=40 ok=10,10,10,10");
}

#[test]
fn the_opening_story_eight_servers_each_with_a_bucket_let_80_a_second() {
    // The booking service: a token bucket of 10 per user per second in
    // each of eight servers' memory. A script sends 80 requests over one
    // second, round-robin: each server sees 10, its bucket holds 10, so
    // not one is refused, where the user's own limit is 10 plus the
    // refill over the second.
    let s = Preset::Booking.apply(Scenario::default());
    assert_eq!(
        (s.strategy, s.algo(), s.servers, s.burst),
        (Local, Algo::Bucket, 8, 80)
    );
    let r = check(s, "allowed=80 refused=0 ok=10,10,10,10,10,10,10,10");
    assert!(r.allowance < 20, "{}", r.allowance);
}
