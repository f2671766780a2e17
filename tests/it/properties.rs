//! What must hold on the whole parameter space (SPEC §3), checked with
//! proptest over every strategy, both load balancers and any seed.

use proptest::prelude::*;
// `Strategy` the trait (proptest) and `Strategy` the enum (model) share a
// name; here the model's enum is `Model`.
use ratelimit_lab::sim::Strategy as Model;
use ratelimit_lab::sim::{self, Command, LoadBalancer, Report, Scenario};

/// Any in-range scenario: servers 1–16, burst 1–500, rtt 0–20 ms in steps of
/// 0.1 ms, limit 1–200, span 1–1000 ms, either load balancer, any seed,
/// any strategy.
pub fn scenario() -> impl Strategy<Value = Scenario> {
    (
        prop::sample::select(Model::ALL.to_vec()),
        1u32..=16,
        1u32..=500,
        0u32..=200,
        1u32..=200,
        1u32..=1000,
        prop::bool::ANY,
        any::<u64>(),
    )
        .prop_map(
            |(strategy, servers, burst, rtt_steps, limit, span_ms, rr, seed)| Scenario {
                strategy,
                servers,
                burst,
                rtt_us: rtt_steps * 100,
                limit,
                span_ms,
                lb: if rr {
                    LoadBalancer::RoundRobin
                } else {
                    LoadBalancer::Random
                },
                seed,
            },
        )
}

fn config() -> ProptestConfig {
    ProptestConfig::with_cases(256)
}

/// Runs `s` after checking it is in range (the generator's own contract).
fn run(s: &Scenario) -> Report {
    assert_eq!(
        *s,
        s.clamped(),
        "generator produced an out-of-range scenario"
    );
    sim::run(s)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn counts_add_up(s in scenario()) {
        let r = run(&s);
        prop_assert_eq!(r.scenario, s);
        prop_assert_eq!(r.servers.len(), s.servers as usize);
        prop_assert_eq!(r.requests.len(), s.burst as usize);
        prop_assert_eq!(r.servers.iter().map(|c| c.received).sum::<u32>(), s.burst);
        for (i, c) in r.servers.iter().enumerate() {
            prop_assert_eq!(c.allowed + c.refused, c.received, "server {}", i);
            let here = r.requests.iter().filter(|q| q.server as usize == i);
            prop_assert_eq!(here.clone().count() as u32, c.received);
            prop_assert_eq!(here.filter(|q| q.allowed).count() as u32, c.allowed);
        }
        prop_assert_eq!(r.servers.iter().map(|c| c.allowed).sum::<u32>(), r.allowed);
        prop_assert_eq!(r.allowed + r.refused, s.burst);
        prop_assert_eq!(r.limit, s.limit);
    }

    #[test]
    fn over_and_refused_under_limit_follow_their_formulas(s in scenario()) {
        let r = run(&s);
        prop_assert_eq!(i64::from(r.over), (i64::from(r.allowed) - i64::from(s.limit)).max(0));
        prop_assert_eq!(
            i64::from(r.refused_under_limit),
            (i64::from(s.burst.min(s.limit)) - i64::from(r.allowed)).max(0)
        );
        prop_assert!(r.over == 0 || r.refused_under_limit == 0);
        let verdict = match (r.over > 0, r.refused_under_limit > 0) {
            (true, _) => sim::Verdict::NotEnforced,
            (_, true) => sim::Verdict::RefusedUnderLimit,
            _ => sim::Verdict::Enforced,
        };
        prop_assert_eq!(r.verdict(), verdict);
        prop_assert_eq!(r.redis_calls as usize, r.redis_log.len());
        prop_assert_eq!(r.redis_calls_per_request, f64::from(r.redis_calls) / f64::from(s.burst));
    }

    #[test]
    fn arrivals_are_distinct_increasing_and_inside_the_span(s in scenario()) {
        let r = run(&s);
        let arrivals: Vec<u64> = r.requests.iter().map(|q| q.arrival_us).collect();
        prop_assert!(arrivals.windows(2).all(|w| w[0] < w[1]), "{:?}", arrivals);
        prop_assert!(arrivals.iter().all(|&t| t < u64::from(s.span_ms) * 1000));
    }

    #[test]
    fn the_load_balancer_picks_a_server_in_range(s in scenario()) {
        let r = run(&s);
        for (k, q) in r.requests.iter().enumerate() {
            prop_assert!(q.server < s.servers);
            if s.lb == LoadBalancer::RoundRobin {
                prop_assert_eq!(q.server, k as u32 % s.servers, "request {}", k);
            }
        }
    }

    #[test]
    fn local_allows_up_to_the_limit_on_each_server(s in scenario()) {
        let r = run(&s.with_strategy(Model::Local));
        for c in &r.servers {
            prop_assert_eq!(c.allowed, c.received.min(s.limit));
            prop_assert_eq!(c.quota, None);
        }
        // Each server allows its first L requests in arrival order.
        for (i, _) in r.servers.iter().enumerate() {
            let decisions: Vec<bool> = r.requests.iter()
                .filter(|q| q.server as usize == i).map(|q| q.allowed).collect();
            let first_refused = decisions.iter().position(|a| !a).unwrap_or(decisions.len());
            prop_assert!(decisions[first_refused..].iter().all(|a| !a));
        }
        prop_assert_eq!(r.redis_calls, 0);
        prop_assert_eq!(r.final_counter, None);
        prop_assert_eq!((r.latency_median_us, r.latency_max_us), (0, 0));
        prop_assert!(r.requests.iter().all(|q| q.answer_us == q.arrival_us));
    }

    #[test]
    fn split_quotas_sum_to_the_limit_and_bound_each_server(s in scenario()) {
        let r = run(&s.with_strategy(Model::Split));
        let quotas: Vec<u32> = r.servers.iter().map(|c| c.quota.expect("split has quotas")).collect();
        prop_assert_eq!(quotas.iter().sum::<u32>(), s.limit);
        let (lo, hi) = (s.limit / s.servers, s.limit.div_ceil(s.servers));
        prop_assert!(quotas.iter().all(|&q| q == lo || q == hi), "{:?}", quotas);
        prop_assert!(quotas.windows(2).all(|w| w[0] >= w[1]), "{:?}", quotas);
        for c in &r.servers {
            prop_assert_eq!(c.allowed, c.received.min(c.quota.unwrap_or(0)));
        }
        prop_assert!(r.allowed <= s.limit);
        prop_assert_eq!(r.over, 0);
        prop_assert_eq!(r.redis_calls, 0);
        prop_assert_eq!(r.final_counter, None);
        prop_assert_eq!((r.latency_median_us, r.latency_max_us), (0, 0));
        if s.lb == LoadBalancer::RoundRobin {
            // Round-robin fills servers in the same order the quotas favour.
            prop_assert_eq!(r.allowed, s.burst.min(s.limit));
        }
    }

    #[test]
    fn incr_is_exact(s in scenario()) {
        let r = run(&s.with_strategy(Model::Incr));
        let rtt = u64::from(s.rtt_us);
        prop_assert_eq!(r.allowed, s.burst.min(s.limit));
        prop_assert_eq!(r.final_counter, Some(s.burst));
        prop_assert_eq!(r.redis_calls, s.burst + 1);
        prop_assert_eq!(r.over, 0);
        prop_assert_eq!(r.refused_under_limit, 0);
        for (k, q) in r.requests.iter().enumerate() {
            prop_assert_eq!(q.answer_us, q.arrival_us + rtt);
            prop_assert_eq!(q.allowed, k < s.limit as usize);
        }
        prop_assert_eq!((r.latency_median_us, r.latency_max_us), (rtt, rtt));
        let expires: Vec<_> = r.redis_log.iter().filter(|op| op.command == Command::Expire).collect();
        prop_assert_eq!(expires.len(), 1);
        prop_assert_eq!(expires[0].request, 0);
        prop_assert_eq!(expires[0].at_us, r.requests[0].arrival_us + rtt + rtt / 2);
    }

    #[test]
    fn getset_allows_at_least_the_limit_and_loses_updates(s in scenario()) {
        let r = run(&s.with_strategy(Model::GetSet));
        let rtt = u64::from(s.rtt_us);
        let counter = r.final_counter.expect("getset has a counter");
        prop_assert!(r.allowed >= s.burst.min(s.limit));
        prop_assert_eq!(r.refused_under_limit, 0);
        prop_assert_eq!(r.redis_calls, s.burst + r.allowed);
        prop_assert!(counter >= 1);
        prop_assert!(counter <= r.allowed);
        for (k, q) in r.requests.iter().enumerate() {
            let ops: Vec<_> = r.ops_for(k as u32).collect();
            prop_assert_eq!(ops[0].command, Command::Get);
            prop_assert_eq!(ops[0].at_us, q.arrival_us + rtt / 2);
            prop_assert_eq!(q.allowed, ops[0].value < s.limit);
            if q.allowed {
                prop_assert_eq!(ops.len(), 2);
                prop_assert_eq!(ops[1].command, Command::Set);
                prop_assert_eq!(ops[1].at_us, q.arrival_us + rtt + rtt / 2);
                prop_assert_eq!(ops[1].value, ops[0].value + 1);
                prop_assert_eq!(q.answer_us, q.arrival_us + 2 * rtt);
            } else {
                prop_assert_eq!(ops.len(), 1);
                prop_assert_eq!(q.answer_us, q.arrival_us + rtt);
            }
        }
        if rtt == 0 {
            prop_assert_eq!(r.allowed, s.burst.min(s.limit));
            prop_assert_eq!(counter, r.allowed);
        }
    }

    #[test]
    fn redis_runs_one_command_at_a_time_in_time_order(s in scenario()) {
        let r = run(&s);
        prop_assert!(r.redis_log.windows(2).all(|w| w[0].at_us <= w[1].at_us));
        // Replaying the log reproduces the values Redis reported.
        let mut counter = 0u32;
        for op in &r.redis_log {
            match op.command {
                Command::Get | Command::Expire => prop_assert_eq!(op.value, counter),
                Command::Set => counter = op.value,
                Command::Incr => { counter += 1; prop_assert_eq!(op.value, counter); }
            }
        }
        if s.strategy.uses_redis() {
            prop_assert_eq!(r.final_counter, Some(counter));
        } else {
            prop_assert!(r.redis_log.is_empty());
        }
    }

    #[test]
    fn latency_summary_matches_the_trace(s in scenario()) {
        let r = run(&s);
        let mut added: Vec<u64> = r.requests.iter().map(|q| q.answer_us - q.arrival_us).collect();
        added.sort_unstable();
        prop_assert_eq!(r.latency_median_us, added[(added.len() - 1) / 2]);
        prop_assert_eq!(r.latency_max_us, *added.last().unwrap());
    }

    #[test]
    fn same_scenario_same_report(s in scenario()) {
        prop_assert_eq!(run(&s), run(&s));
    }

    #[test]
    fn out_of_range_scenarios_are_clamped_not_a_panic(
        strategy in prop::sample::select(Model::ALL.to_vec()),
        servers in prop_oneof![Just(0u32), Just(17), Just(1000), Just(u32::MAX), any::<u32>()],
        burst in prop_oneof![Just(0u32), Just(501), Just(u32::MAX), any::<u32>()],
        rtt_us in prop_oneof![Just(50u32), Just(20_001), Just(u32::MAX), any::<u32>()],
        limit in prop_oneof![Just(0u32), Just(201), Just(u32::MAX), any::<u32>()],
        span_ms in prop_oneof![Just(0u32), Just(1001), Just(u32::MAX), any::<u32>()],
        rr in prop::bool::ANY,
        seed in any::<u64>(),
    ) {
        let lb = if rr { LoadBalancer::RoundRobin } else { LoadBalancer::Random };
        let s = Scenario { strategy, servers, burst, rtt_us, limit, span_ms, lb, seed };
        let c = s.clamped();
        prop_assert!((1..=16).contains(&c.servers));
        prop_assert!((1..=500).contains(&c.burst));
        prop_assert!(c.rtt_us <= 20_000 && c.rtt_us.is_multiple_of(100));
        prop_assert!((1..=200).contains(&c.limit));
        prop_assert!((1..=1000).contains(&c.span_ms));
        prop_assert_eq!(c.clamped(), c);
        let r = sim::run(&s);
        prop_assert_eq!(r.scenario, c);
        prop_assert_eq!(r, sim::run(&c));
    }
}

#[test]
fn named_out_of_range_scenarios() {
    let base = Scenario::default();
    for (s, clamped) in [
        (Scenario { servers: 0, ..base }, base.with_servers(1)),
        (
            Scenario {
                servers: 1000,
                ..base
            },
            base.with_servers(16),
        ),
        (Scenario { burst: 0, ..base }, base.with_burst(1)),
        (
            Scenario {
                burst: 100_000,
                ..base
            },
            base.with_burst(500),
        ),
        (Scenario { limit: 0, ..base }, base.with_limit(1)),
        (Scenario { span_ms: 0, ..base }, base.with_span_ms(1)),
        (
            Scenario {
                rtt_us: u32::MAX,
                ..base
            },
            base.with_rtt_us(20_000),
        ),
        (
            Scenario {
                rtt_us: 149,
                ..base
            },
            base.with_rtt_us(100),
        ),
    ] {
        for strategy in Model::ALL {
            let (s, clamped) = (s.with_strategy(strategy), clamped.with_strategy(strategy));
            assert_eq!(s.clamped(), clamped, "{s:?}");
            assert_eq!(sim::run(&s), sim::run(&clamped), "{s:?}");
        }
    }
}
