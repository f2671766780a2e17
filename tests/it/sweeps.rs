//! The charts' sweeps: each point is the mean, least and most allowed over
//! the seeds `seed` … `seed + 49`, recomputed here run by run, and a sweep
//! advanced a few runs at a time ends where a complete one does.

use ratelimit_lab::sim::sweep::{Axis, Point, Sweep, SEEDS};
use ratelimit_lab::sim::{self, LoadBalancer, Scenario, Strategy};

/// The point for `strategy` at `x` in `sweep`.
fn point(sweep: &Sweep, strategy: Strategy, x: u32) -> Point {
    *sweep
        .points()
        .iter()
        .find(|p| p.strategy == strategy && p.x == x)
        .unwrap_or_else(|| panic!("no point for {strategy:?} at {x}"))
}

/// `(sum, least, most)` of what `scenario` lets through over the 50 seeds
/// from its own, each run through the full model.
fn over_seeds(scenario: Scenario) -> (u32, u32, u32) {
    let allowed: Vec<u32> = (0..50)
        .map(|i| sim::run(&scenario.with_seed(scenario.seed + i)).allowed)
        .collect();
    let sum = allowed.iter().sum();
    (
        sum,
        allowed.iter().copied().min().unwrap(),
        allowed.iter().copied().max().unwrap(),
    )
}

#[track_caller]
fn check_point(p: Point, scenario: Scenario) {
    let (sum, min, max) = over_seeds(scenario);
    assert_eq!(
        (p.runs, p.sum, p.min, p.max),
        (50, sum, min, max),
        "{scenario:?}"
    );
    // 50 runs: the mean in hundredths is exactly twice the sum.
    assert_eq!(p.mean_hundredths(), 2 * sum, "{scenario:?}");
    assert!(p.done());
}

#[test]
fn a_sweep_is_fifty_seeds_per_point() {
    assert_eq!(SEEDS, 50);
    assert_eq!(Axis::Servers.values(), (1..=16).collect::<Vec<u32>>());
    assert_eq!(
        Axis::Rtt.values(),
        (0..=20).map(|ms| ms * 1000).collect::<Vec<u32>>()
    );
    assert_eq!(Axis::Servers.strategies(), Strategy::ALL.to_vec());
    assert_eq!(
        Axis::Rtt.strategies(),
        [Strategy::GetSet, Strategy::Incr, Strategy::Lua]
    );
}

#[test]
fn the_servers_chart_uses_a_burst_that_shows_the_n_times_l_ceiling() {
    // The larger of the burst and 16 × L, at most 500.
    let base = |burst, limit| {
        let s = Scenario::default().with_burst(burst).with_limit(limit);
        Axis::Servers.base(&s).burst
    };
    assert_eq!(base(40, 10), 160);
    assert_eq!(base(300, 10), 300);
    assert_eq!(base(40, 40), 500);
    assert_eq!(
        Axis::Rtt.base(&Scenario::default().with_burst(40)).burst,
        40
    );
}

#[test]
fn servers_points_are_the_mean_least_and_most_over_the_seeds() {
    let s = Scenario::default().with_seed(7);
    let sweep = Sweep::complete(Axis::Servers, &s);
    assert!(sweep.is_done());
    assert_eq!(sweep.points().len(), 7 * 16);
    let base = s.with_burst(160);
    for (strategy, n) in [
        (Strategy::Local, 3),
        (Strategy::Split, 16),
        (Strategy::Sync, 8),
        (Strategy::Edge, 5),
        (Strategy::GetSet, 4),
        (Strategy::Lua, 1),
    ] {
        let p = point(&sweep, strategy, n);
        check_point(p, base.with_strategy(strategy).with_servers(n));
    }
}

#[test]
fn round_trip_points_are_the_mean_least_and_most_over_the_seeds() {
    let s = Scenario::default().with_seed(u64::MAX - 100);
    let sweep = Sweep::complete(Axis::Rtt, &s);
    assert_eq!(sweep.points().len(), 3 * 21);
    for (strategy, rtt_us) in [
        (Strategy::GetSet, 0),
        (Strategy::GetSet, 5_000),
        (Strategy::Incr, 20_000),
        (Strategy::Lua, 2_000),
    ] {
        let p = point(&sweep, strategy, rtt_us);
        check_point(p, s.with_strategy(strategy).with_rtt_us(rtt_us));
    }
    // The seeds wrap around u64::MAX rather than overflow.
    let last = s.with_strategy(Strategy::GetSet).with_rtt_us(0);
    let wrapped: u32 = (0..50u64)
        .map(|i| sim::run(&last.with_seed(last.seed.wrapping_add(i))).allowed)
        .sum();
    assert_eq!(point(&sweep, Strategy::GetSet, 0).sum, wrapped);
}

#[test]
fn local_counters_under_round_robin_reach_exactly_n_times_the_limit() {
    // Round-robin gives each server floor(B/N) or one more; each allows up
    // to L, so the user gets min(B, N × L) whatever the seed.
    for (burst, limit) in [(40, 3), (40, 10), (500, 200)] {
        let s = Scenario::default()
            .with_burst(burst)
            .with_limit(limit)
            .with_lb(LoadBalancer::RoundRobin);
        let b = burst.max(16 * limit).min(500);
        let mut sweep = Sweep::new(Axis::Servers, &s);
        // Only the local counters' points: the first 16 × 50 runs.
        sweep.advance(16 * SEEDS);
        for n in 1..=16 {
            let p = point(&sweep, Strategy::Local, n);
            let expected = b.min(n * limit);
            assert_eq!(
                (p.runs, p.min, p.max, p.sum),
                (50, expected, expected, 50 * expected),
                "B = {b}, L = {limit}, N = {n}"
            );
            assert_eq!(p.mean_hundredths(), 100 * expected);
        }
    }
}

#[test]
fn advancing_a_few_runs_at_a_time_gives_the_same_points() {
    let s = Scenario::default()
        .with_burst(20)
        .with_limit(5)
        .with_seed(3);
    for axis in [Axis::Servers, Axis::Rtt] {
        let complete = Sweep::complete(axis, &s);
        let mut sweep = Sweep::new(axis, &s);
        assert!(sweep.points().iter().all(|p| p.runs == 0));
        // 60 runs: the first point is done, the second has 10 of its 50.
        assert!(!sweep.advance(60));
        let runs: Vec<u32> = sweep.points().iter().map(|p| p.runs).take(3).collect();
        assert_eq!(runs, [50, 10, 0]);
        // Then 7 at a time: the last call finishes it and says so.
        let mut calls = 0;
        loop {
            calls += 1;
            if sweep.advance(7) {
                break;
            }
        }
        let total = sweep.points().len() as u32 * SEEDS;
        assert_eq!(calls, (total - 60).div_ceil(7), "{axis:?}");
        assert!(sweep.is_done());
        assert_eq!(sweep.points(), complete.points(), "{axis:?}");
        // Nothing is left to run.
        assert!(sweep.advance(1));
        assert_eq!(sweep.points(), complete.points());
    }
}
