//! Small scenarios whose every number a reader can check by hand.
//!
//! Each case is one call to [`check`]: a scenario and the numbers expected
//! from it as `key=value` words. Only the keys written are compared, so a
//! case states just what can be worked out on paper. Keys:
//!
//! - per server, comma separated in server order: `received`, `ok`
//!   (allowed), `429` (refused), `quota` (`-` where a server has none);
//! - totals: `allowed`, `refused`, `over`, `under` (refused while under the
//!   limit), `calls` (Redis commands), `counter` (final Redis counter, `-`
//!   without Redis), `latency` (added latency `median/max` in µs), `verdict`.
//!
//! Unless a case says otherwise the scenario is the default: 4 servers, 40
//! requests in 40 ms, limit 10, 2 ms round trip, random spread, seed 2026.

use ratelimit_lab::sim::{self, Command, LoadBalancer, Report, Scenario, Strategy, Verdict};

use LoadBalancer::{Random, RoundRobin};
use Strategy::{GetSet, Incr, Local, Split};

/// The default scenario with `strategy`.
fn with(strategy: Strategy) -> Scenario {
    Scenario::default().with_strategy(strategy)
}

/// Every number `check` can compare, by key.
fn summary(r: &Report) -> Vec<(&'static str, String)> {
    let per_server = |f: &dyn Fn(&sim::ServerReport) -> String| {
        r.servers.iter().map(f).collect::<Vec<_>>().join(",")
    };
    vec![
        ("received", per_server(&|s| s.received.to_string())),
        ("ok", per_server(&|s| s.allowed.to_string())),
        ("429", per_server(&|s| s.refused.to_string())),
        (
            "quota",
            per_server(&|s| s.quota.map_or("-".to_string(), |q| q.to_string())),
        ),
        ("allowed", r.allowed.to_string()),
        ("refused", r.refused.to_string()),
        ("over", r.over.to_string()),
        ("under", r.refused_under_limit.to_string()),
        ("calls", r.redis_calls.to_string()),
        (
            "counter",
            r.final_counter.map_or("-".to_string(), |c| c.to_string()),
        ),
        (
            "latency",
            format!("{}/{}", r.latency_median_us, r.latency_max_us),
        ),
        ("verdict", r.verdict().as_str().to_string()),
    ]
}

/// Runs `scenario` and compares the keys named in `expected`.
#[track_caller]
fn check(scenario: Scenario, expected: &str) {
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
}

// Local counters.

#[test]
fn local_round_robin_spreads_evenly_and_each_server_allows_its_share() {
    // 40 requests over 8 servers in turn: 5 each, all under 10, all allowed.
    check(
        with(Local).with_servers(8).with_lb(RoundRobin),
        "received=5,5,5,5,5,5,5,5 ok=5,5,5,5,5,5,5,5 429=0,0,0,0,0,0,0,0 \
         allowed=40 refused=0 over=30 under=0 calls=0 counter=- latency=0/0 \
         verdict=not-enforced",
    );
}

#[test]
fn local_gives_the_user_n_times_the_limit() {
    // 100 requests over 4 servers in turn: 25 each; each allows 10.
    check(
        with(Local).with_burst(100).with_lb(RoundRobin),
        "received=25,25,25,25 ok=10,10,10,10 429=15,15,15,15 quota=-,-,-,- \
         allowed=40 refused=60 over=30 under=0 verdict=not-enforced",
    );
}

#[test]
fn local_with_one_server_is_exact() {
    // "It passes every test on a laptop": one server sees everything.
    check(
        with(Local).with_servers(1),
        "received=40 ok=10 429=30 allowed=10 refused=30 over=0 under=0 \
         calls=0 latency=0/0 verdict=enforced",
    );
    check(
        with(Local).with_servers(1).with_burst(500).with_limit(200),
        "received=500 ok=200 429=300 allowed=200 over=0 under=0 verdict=enforced",
    );
}

#[test]
fn local_with_a_burst_under_the_limit_allows_it_all() {
    // 5 requests: no server can see more than 5, and 5 < 10.
    check(
        with(Local).with_burst(5),
        "allowed=5 refused=0 over=0 under=0 verdict=enforced",
    );
}

// Local counters with limit ÷ N.

#[test]
fn split_quotas_sum_to_the_limit() {
    // 10 = 4·2 + 2: the first two servers get 3, the others 2.
    // Round-robin sends 10 to each, so each allows exactly its quota.
    check(
        with(Split).with_lb(RoundRobin),
        "quota=3,3,2,2 received=10,10,10,10 ok=3,3,2,2 429=7,7,8,8 \
         allowed=10 refused=30 over=0 under=0 calls=0 counter=- latency=0/0 \
         verdict=enforced",
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
    check(
        with(Split).with_servers(16).with_lb(RoundRobin),
        "quota=1,1,1,1,1,1,1,1,1,1,0,0,0,0,0,0 \
         received=3,3,3,3,3,3,3,3,2,2,2,2,2,2,2,2 \
         ok=1,1,1,1,1,1,1,1,1,1,0,0,0,0,0,0 \
         429=2,2,2,2,2,2,2,2,1,1,2,2,2,2,2,2 \
         allowed=10 refused=30 over=0 under=0 verdict=enforced",
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
fn split_refuses_real_requests_when_the_spread_is_uneven() {
    // 10 requests, limit 10: the user is never over the limit. The random
    // spread (seed 2026) sends 5 to server 4, whose quota is 2: 3 real
    // requests refused. Given `received`, each server allows
    // min(received, quota).
    check(
        with(Split).with_burst(10),
        "quota=3,3,2,2 received=2,2,1,5 ok=2,2,1,2 429=0,0,0,3 \
         allowed=7 refused=3 over=0 under=3 verdict=refused-under-limit",
    );
}

#[test]
fn split_round_robin_under_the_limit_allows_it_all() {
    // 6 requests in turn: 2,2,1,1, each within its quota 3,3,2,2.
    check(
        with(Split).with_burst(6).with_lb(RoundRobin),
        "received=2,2,1,1 ok=2,2,1,1 allowed=6 refused=0 over=0 under=0 verdict=enforced",
    );
}

// Redis GET then SET.

#[test]
fn getset_with_a_zero_round_trip_is_exact() {
    // Arrivals are distinct and with rtt 0 a request's GET, reply and SET
    // all run at its arrival, before the next request: one counter,
    // checked in turn. 10 allowed (GET + SET), 30 refused (GET only).
    check(
        with(GetSet).with_rtt_us(0),
        "allowed=10 refused=30 over=0 under=0 calls=50 counter=10 latency=0/0 \
         verdict=enforced",
    );
    check(
        with(GetSet)
            .with_rtt_us(0)
            .with_burst(500)
            .with_limit(200)
            .with_servers(16),
        "allowed=200 refused=300 calls=700 counter=200 latency=0/0 verdict=enforced",
    );
}

#[test]
fn getset_with_a_round_trip_as_long_as_the_burst_lets_everything_through() {
    // Arrivals in [0, 1000) µs, rtt 1000 µs: every GET runs before 1500 µs,
    // every SET at 1500 µs or later. So every GET reads 0, every request is
    // allowed, and every SET writes 1: 40 allowed, counter 1, 39 updates lost.
    check(
        with(GetSet).with_span_ms(1).with_rtt_us(1_000),
        "allowed=40 refused=0 over=30 under=0 calls=80 counter=1 latency=2000/2000 \
         verdict=not-enforced",
    );
    check(
        with(GetSet).with_span_ms(1).with_rtt_us(20_000),
        "allowed=40 calls=80 counter=1 latency=40000/40000 verdict=not-enforced",
    );
}

#[test]
fn getset_with_a_burst_under_the_limit_allows_it_all() {
    // Every GET reads at most the number of SETs so far, at most 4 < 10.
    check(
        with(GetSet).with_burst(5),
        "allowed=5 refused=0 over=0 under=0 calls=10 latency=4000/4000 verdict=enforced",
    );
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

#[test]
fn getset_trace_of_a_single_request() {
    // GET at arrival + rtt/2 reads 0; allowed; SET 1 at arrival + 1.5·rtt;
    // answered at arrival + 2·rtt.
    let r = sim::run(&with(GetSet).with_burst(1));
    let a = r.requests[0].arrival_us;
    let log: Vec<(u64, Command, u32)> = r
        .redis_log
        .iter()
        .map(|op| (op.at_us, op.command, op.value))
        .collect();
    assert_eq!(
        log,
        [(a + 1_000, Command::Get, 0), (a + 3_000, Command::Set, 1)]
    );
    assert!(r.requests[0].allowed);
    assert_eq!(r.requests[0].answer_us, a + 4_000);
}

#[test]
fn getset_trace_of_every_request() {
    // rtt 2 ms. Allowed: GET at a+1000 reads v < 10, SET v+1 at a+3000,
    // answer at a+4000. Refused: GET at a+1000 reads v ≥ 10, answer at a+2000.
    let r = sim::run(&with(GetSet));
    let (mut allowed, mut refused) = (0, 0);
    for (k, req) in r.requests.iter().enumerate() {
        let a = req.arrival_us;
        let ops: Vec<(u64, Command, u32)> = r
            .ops_for(k as u32)
            .map(|op| (op.at_us, op.command, op.value))
            .collect();
        let v = ops[0].2;
        if req.allowed {
            allowed += 1;
            assert!(v < 10, "request {k}");
            assert_eq!(
                ops,
                [
                    (a + 1_000, Command::Get, v),
                    (a + 3_000, Command::Set, v + 1)
                ]
            );
            assert_eq!(req.answer_us, a + 4_000, "request {k}");
        } else {
            refused += 1;
            assert!(v >= 10, "request {k}");
            assert_eq!(ops, [(a + 1_000, Command::Get, v)]);
            assert_eq!(req.answer_us, a + 2_000, "request {k}");
        }
    }
    assert!(allowed > 0 && refused > 0, "the default shows both");
}

// Redis INCR.

#[test]
fn incr_allows_exactly_the_limit() {
    // INCR returns 1, 2, …, 40 in arrival order; 1–10 are allowed. 40 INCRs
    // and one EXPIRE; every request waits one round trip.
    check(
        with(Incr),
        "allowed=10 refused=30 over=0 under=0 calls=41 counter=40 latency=2000/2000 \
         verdict=enforced",
    );
    check(
        with(Incr).with_rtt_us(0),
        "allowed=10 refused=30 calls=41 counter=40 latency=0/0 verdict=enforced",
    );
    check(
        with(Incr)
            .with_servers(16)
            .with_burst(500)
            .with_limit(200)
            .with_rtt_us(20_000),
        "allowed=200 refused=300 over=0 under=0 calls=501 counter=500 \
         latency=20000/20000 verdict=enforced",
    );
}

#[test]
fn incr_with_a_burst_under_the_limit_allows_it_all() {
    check(
        with(Incr).with_burst(5),
        "allowed=5 refused=0 over=0 under=0 calls=6 counter=5 latency=2000/2000 \
         verdict=enforced",
    );
}

#[test]
fn incr_trace() {
    // rtt 2 ms. Request k (in arrival order) has one INCR at a+1000 which
    // returns k+1; allowed iff k+1 ≤ 10; answered at a+2000. The server that
    // saw 1 sends one EXPIRE, which Redis runs at a0 + 3000.
    let r = sim::run(&with(Incr));
    for (k, req) in r.requests.iter().enumerate() {
        let a = req.arrival_us;
        let ops: Vec<(u64, Command, u32)> = r
            .ops_for(k as u32)
            .filter(|op| op.command != Command::Expire)
            .map(|op| (op.at_us, op.command, op.value))
            .collect();
        assert_eq!(
            ops,
            [(a + 1_000, Command::Incr, k as u32 + 1)],
            "request {k}"
        );
        assert_eq!(req.allowed, k < 10, "request {k}");
        assert_eq!(req.answer_us, a + 2_000, "request {k}");
    }
    let expires: Vec<(usize, u32, u64, u32)> = r
        .redis_log
        .iter()
        .enumerate()
        .filter(|(_, op)| op.command == Command::Expire)
        .map(|(i, op)| (i, op.request, op.at_us, op.value))
        .collect();
    assert_eq!(expires.len(), 1, "{expires:?}");
    let (position, request, at, value) = expires[0];
    assert_eq!(request, 0);
    assert_eq!(at, r.requests[0].arrival_us + 3_000);
    // It sees the counter as left by the INCRs Redis ran before it.
    assert_eq!(value, position as u32);
    assert!(r.redis_log[..position].iter().all(|op| op.at_us <= at));
    assert!(r.redis_log[position + 1..].iter().all(|op| op.at_us >= at));
}

// Verdicts.

#[test]
fn verdicts() {
    check(with(Local), "verdict=not-enforced");
    check(with(Incr), "verdict=enforced");
    check(with(Split).with_burst(10), "verdict=refused-under-limit");
    assert_eq!(Verdict::NotEnforced.as_str(), "not-enforced");
    assert_eq!(Verdict::Enforced.as_str(), "enforced");
    assert_eq!(Verdict::RefusedUnderLimit.as_str(), "refused-under-limit");
}

#[test]
fn round_robin_and_random_differ_only_in_the_spread() {
    // Same arrivals (they come from the seed before any server is drawn).
    let random = sim::run(&with(Local).with_lb(Random));
    let turn = sim::run(&with(Local).with_lb(RoundRobin));
    let arrivals = |r: &Report| r.requests.iter().map(|q| q.arrival_us).collect::<Vec<_>>();
    assert_eq!(arrivals(&random), arrivals(&turn));
}

/// SPEC section 2, fact 6: the slower the round trip, the wider the window
/// between GET and SET, and the more requests slip through. Averaged over
/// many seeds, what GET/SET lets through grows with the round trip.
#[test]
fn getset_lets_more_through_as_the_round_trip_grows() {
    let mean_allowed = |rtt_us: u32| {
        let seeds = 300u64;
        let total: u64 = (0..seeds)
            .map(|seed| {
                let s = with(Strategy::GetSet).with_rtt_us(rtt_us).with_seed(seed);
                u64::from(sim::run(&s).allowed)
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
    // With a 5 ms round trip so many reads overlap each write that the
    // counter never climbs to 10 while the burst lasts: all 40 get through.
    assert_eq!(means[5], 40.0, "{means:?}");
}
