//! Windows and buckets over the whole parameter space (docs/MODEL.md,
//! "Windows and buckets"): scenarios from [`crate::fixtures::gen::windowed`],
//! any edge in the burst and any way of keeping the count the strategy
//! takes, whatever the servers, round trip, Redis health and fail rule.

use proptest::prelude::*;
use ratelimit_lab::sim::Strategy as Model;
use ratelimit_lab::sim::{self, Algo, Command, Fail, LoadBalancer, Report, Scenario};

use crate::fixtures::gen::{scenario, windowed};

fn config() -> ProptestConfig {
    ProptestConfig::with_cases(256)
}

/// The times at which the requests allowed were decided by the algorithm
/// (not by the fail rule), per keeper: by server slot for the counts in
/// memory (all one for the gateway), all one for Redis; for Redis the time
/// is when the deciding command ran.
fn allowed_times(r: &Report) -> Vec<Vec<u64>> {
    let s = r.scenario;
    match s.strategy {
        Model::Local | Model::Split => (0..s.servers)
            .map(|i| {
                r.requests
                    .iter()
                    .filter(|q| q.allowed && q.server == Some(i))
                    .map(|q| q.decided_us)
                    .collect()
            })
            .collect(),
        Model::Edge => vec![r
            .requests
            .iter()
            .filter(|q| q.allowed)
            .map(|q| q.decided_us)
            .collect()],
        _ => {
            let mut times: Vec<u64> = r
                .calls
                .iter()
                .filter(|c| matches!(c.command, Command::EvalSha | Command::Incr))
                .filter_map(|c| {
                    let q = &r.requests[c.request? as usize];
                    (q.allowed && !q.by_fail_rule).then_some(c.executed_us?)
                })
                .collect();
            times.sort_unstable();
            vec![times]
        }
    }
}

/// The most `times` (sorted) hold in any window (x − W, x].
fn most_in_any_window(times: &[u64], w: u64) -> usize {
    let mut most = 0;
    let mut start = 0;
    for (i, &x) in times.iter().enumerate() {
        while times[start] + w <= x {
            start += 1;
        }
        most = most.max(i + 1 - start);
    }
    most
}

/// What a keeper may allow: its server's quota under `split`, L otherwise.
fn allowance(s: &Scenario, keeper: usize) -> u32 {
    match s.strategy {
        Model::Split => s.split_quota(keeper as u32),
        _ => s.limit,
    }
}

/// A lone sticky server that restarts gets a fresh memory mid-burst.
fn restarts(s: &Scenario) -> bool {
    s.lb == LoadBalancer::Sticky && s.move_ms.is_some() && s.servers == 1
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn the_log_never_lets_more_than_l_through_in_any_window(s in windowed(), redis_kept in any::<bool>()) {
        let s = match redis_kept {
            true => s.with_strategy(Model::Lua),
            false => s,
        };
        prop_assume!(s.algo.is_some() && s.strategy.algos().contains(&Algo::Log) && !restarts(&s));
        let s = s.with_algo(Some(Algo::Log));
        let r = sim::run(&s);
        for (k, times) in allowed_times(&r).iter().enumerate() {
            let most = most_in_any_window(times, s.window_us());
            prop_assert!(most <= allowance(&s, k) as usize, "{most} in one window: {s:?}");
        }
        // Failing closed, nothing but the log lets a request through.
        if s.fail == Fail::Closed || s.strategy != Model::Lua {
            let total: usize = allowed_times(&r).iter().map(Vec::len).sum();
            prop_assert_eq!(total as u32, r.allowed);
        }
    }

    #[test]
    fn fixed_windows_and_the_counter_allow_at_most_the_limit_in_each_window(s in windowed(), incr in any::<bool>()) {
        let s = match incr {
            true => s.with_strategy(Model::Incr),
            false => s,
        };
        let algo = s.algo();
        prop_assume!(matches!(algo, Algo::Fixed | Algo::Counter) && s.strategy != Model::GetSet && s.strategy != Model::Sync && !restarts(&s));
        let r = sim::run(&s);
        let keepers = match s.strategy {
            Model::Local | Model::Split => s.servers as usize,
            _ => 1,
        };
        for keeper in 0..keepers {
            let mut per_window = std::collections::BTreeMap::<i32, u32>::new();
            for q in r.requests.iter().filter(|q| q.allowed && !q.by_fail_rule) {
                let mine = match s.strategy {
                    Model::Local | Model::Split => q.server == Some(keeper as u32),
                    _ => true,
                };
                if mine {
                    *per_window.entry(q.window).or_default() += 1;
                }
            }
            for (k, n) in per_window {
                prop_assert!(n <= allowance(&s, keeper), "window {k}: {n} ({s:?})");
            }
        }
    }

    #[test]
    fn an_edge_after_every_decision_in_memory_changes_nothing(s in scenario()) {
        // With the edge at the end of the burst every arrival is in the
        // window before it: the same decisions as no edge at all, by the
        // keepers' code rather than the plain counts'.
        prop_assume!(matches!(s.strategy, Model::Local | Model::Split | Model::Edge));
        let plain = sim::run(&s);
        let late = sim::run(&s.with_edge_ms(Some(s.span_ms)).with_algo(Some(Algo::Fixed)));
        let verdicts = |r: &Report| r.requests.iter().map(|q| q.allowed).collect::<Vec<_>>();
        prop_assert_eq!(verdicts(&plain), verdicts(&late));
        prop_assert!(late.requests.iter().all(|q| q.window == -1));
    }

    #[test]
    fn the_default_way_of_keeping_the_count_is_todays(s in scenario()) {
        // Naming the strategy's default changes no report, bit for bit.
        let named = s.with_algo(Some(s.strategy.algos()[0]));
        let mut report = sim::run(&named);
        prop_assert_eq!(report.scenario.algo, named.algo);
        report.scenario = s;
        prop_assert_eq!(sim::run(&s), report);
    }

    #[test]
    fn a_bucket_in_memory_allows_no_more_than_its_capacity_and_refill(
        s in windowed(),
        strategy in prop::sample::select(vec![Model::Local, Model::Split, Model::Edge]),
    ) {
        let s = s.with_strategy(strategy).with_algo(Some(Algo::Bucket));
        prop_assume!(!restarts(&s));
        let r = sim::run(&s);
        for (k, times) in allowed_times(&r).iter().enumerate() {
            let (Some(first), Some(last)) = (times.first(), times.last()) else { continue };
            let a = u64::from(allowance(&s, k));
            let most = a + (last - first) * a / s.window_us();
            prop_assert!(times.len() as u64 <= most, "{} > {most}", times.len());
        }
    }

    #[test]
    fn windowed_runs_are_deterministic_and_never_panic(s in windowed()) {
        prop_assert_eq!(sim::run(&s), sim::run(&s));
    }
}
