//! The proof as a test: small bursts played by concurrent servers on a real
//! redis-server (each test starts its own on a free loopback port),
//! asserting only what does not depend on how punctual the timers were.
//! Needs `redis-server` on the PATH (`scripts/setup` installs it).

use proof::real::RealRun;
use proof::{scenario, Harness, DEFAULT_SCALE};
use ratelimit_lab::sim::{run, Report, Strategy};

/// Seeds per strategy: enough to vary the burst, few enough to be quick.
const SEEDS: u64 = 3;

/// The Gatepass defaults with a 1 s timeout on Redis calls instead of
/// 50 ms. The model's numbers are the same (the round trip is far below
/// either), but a machine that stalls the test for over 500 ms (50 ms run
/// 10x slower) would otherwise make real servers time out and fail open.
const GATEPASS: &str = "preset=gatepass&timeout=1000";

fn harness() -> Harness {
    Harness::start().unwrap_or_else(|e| panic!("cannot start redis-server: {e}"))
}

/// Plays `query` with `strategy` for `seeds` seeds, model beside real.
fn play(
    h: &Harness,
    query: &str,
    strategy: Strategy,
    seeds: u64,
    scale: u32,
) -> Vec<(Report, RealRun)> {
    let base = scenario(query).unwrap();
    (0..seeds)
        .map(|k| {
            let s = base.with_strategy(strategy).with_seed(base.seed + k);
            let real = h.run(&s, scale).unwrap();
            assert!(
                real.complete,
                "{query} {strategy:?} seed {}: cut off",
                s.seed
            );
            assert!(
                real.decisions.iter().all(Option::is_some),
                "{query} {strategy:?} seed {}: undecided requests",
                s.seed
            );
            (run(&s), real)
        })
        .collect()
}

#[test]
fn local_counters_let_n_times_l_through_and_the_others_hold_the_limit() {
    let h = harness();
    // 4 servers, round-robin, 60 requests: 15 per server, 10 allowed each.
    let q = "preset=gatepass&timeout=1000&lb=round-robin&burst=60";
    for (model, real) in play(&h, q, Strategy::Local, SEEDS, DEFAULT_SCALE) {
        assert_eq!(real.allowed(), 4 * 10);
        assert_eq!(real.allowed(), model.allowed);
        assert!(real.same_decisions(&model));
        assert_eq!(real.calls(), Some(0), "local counters never call Redis");
    }
    for (model, real) in play(&h, q, Strategy::Split, SEEDS, DEFAULT_SCALE) {
        assert_eq!(real.allowed(), 10);
        assert!(real.same_decisions(&model));
    }
    for strategy in [Strategy::Edge] {
        for (model, real) in play(&h, GATEPASS, strategy, SEEDS, DEFAULT_SCALE) {
            assert!(real.allowed() <= 10, "edge let {} through", real.allowed());
            assert_eq!(real.allowed(), model.allowed);
            assert_eq!(real.calls(), Some(0));
        }
    }
}

#[test]
fn per_minute_preset_with_local_counters_lets_all_400_through() {
    let h = harness();
    // A 1 s burst: run at the model's own speed (timing does not matter here).
    for (_, real) in play(&h, "preset=per-minute&timeout=1000", Strategy::Local, 1, 1) {
        assert_eq!(real.decisions.len(), 400);
        assert_eq!(real.allowed(), 400);
    }
}

#[test]
fn incr_and_the_lua_bucket_give_exactly_the_models_count() {
    let h = harness();
    for (model, real) in play(&h, GATEPASS, Strategy::Incr, SEEDS, DEFAULT_SCALE) {
        assert_eq!(real.allowed(), model.allowed);
        assert_eq!(real.allowed(), 10);
        // Every INCR counted, and exactly one EXPIRE (on the reply of 1).
        assert_eq!(real.counter, Some(40));
        assert_eq!(real.command("incr"), 40);
        assert_eq!(real.command("expire"), 1);
        assert_eq!(real.calls(), Some(u64::from(model.redis_calls)));
    }
    for (model, real) in play(&h, GATEPASS, Strategy::Lua, SEEDS, DEFAULT_SCALE) {
        assert_eq!(real.allowed(), model.allowed);
        assert_eq!(real.command("evalsha"), 40, "one script call per request");
        assert_eq!(real.command("eval"), 0);
        assert_eq!(real.counter, model.final_counter);
    }
}

#[test]
fn the_bucket_script_computes_exactly_what_the_model_does() {
    let h = harness();
    // Call by call at the model's execution times: the per-minute preset
    // refills (101 of 400 get through), Gatepass empties the bucket.
    for query in [
        "preset=per-minute&strategy=lua",
        "preset=gatepass&strategy=lua",
        "preset=gatepass&strategy=lua&limit=3&window=1&span=1000&burst=100",
    ] {
        let model = run(&scenario(query).unwrap());
        let (equal, calls) = h.check_script(&model).unwrap();
        assert_eq!(calls, model.scenario.burst as usize, "{query}");
        assert_eq!(equal, calls, "{query}: script and model disagree");
    }
}

#[test]
fn get_then_set_at_a_2_ms_round_trip_loses_updates_for_real() {
    let h = harness();
    for (model, real) in play(&h, GATEPASS, Strategy::GetSet, 2, DEFAULT_SCALE) {
        let counter = real.counter.unwrap();
        assert!(
            real.allowed() > 10,
            "seed {}: only {} allowed",
            model.scenario.seed,
            real.allowed()
        );
        assert!(
            counter < real.allowed(),
            "seed {}: counter {counter}, allowed {}",
            model.scenario.seed,
            real.allowed()
        );
    }
}

#[test]
fn with_redis_down_fail_open_allows_everything_and_fail_closed_nothing() {
    let h = harness();
    for strategy in [Strategy::GetSet, Strategy::Incr, Strategy::Lua] {
        let open = play(
            &h,
            "preset=gatepass&redis=down&fail=open",
            strategy,
            1,
            DEFAULT_SCALE,
        );
        for (model, real) in open {
            assert_eq!(real.allowed(), 40, "{strategy:?} fail open");
            assert_eq!(real.fail_decided, 40);
            assert_eq!(model.allowed, 40);
        }
        let closed = play(
            &h,
            "preset=gatepass&redis=down&fail=closed",
            strategy,
            1,
            DEFAULT_SCALE,
        );
        for (model, real) in closed {
            assert_eq!(real.allowed(), 0, "{strategy:?} fail closed");
            assert_eq!(real.fail_decided, 40);
            assert_eq!(model.allowed, 0);
        }
    }
}

#[test]
fn every_way_of_keeping_the_count_in_lua_computes_exactly_what_the_model_does() {
    let h = harness();
    // Call by call at the model's execution times, each algorithm's script
    // against the model's keeper, with the edge in the middle, at the start
    // and absent, and over a whole second (the log forgets, the counter's
    // weight moves).
    for algo in ["fixed", "log", "counter", "bucket"] {
        for extra in [
            "&edge=20",
            "&edge=0",
            "",
            "&span=1000&burst=100&limit=3&edge=400",
        ] {
            let query = format!("preset=gatepass&strategy=lua&algo={algo}{extra}");
            let model = run(&scenario(&query).unwrap());
            let (equal, calls) = h.check_script(&model).unwrap();
            assert_eq!(calls, model.scenario.burst as usize, "{query}");
            assert_eq!(equal, calls, "{query}: script and model disagree");
        }
    }
}

#[test]
fn incr_across_a_windows_edge_lets_twice_the_limit_through_for_real() {
    let h = harness();
    let q = "preset=gatepass&timeout=1000&edge=20";
    for (model, real) in play(&h, q, Strategy::Incr, SEEDS, DEFAULT_SCALE) {
        // Two windows' keys, each with its own first INCR and EXPIRE.
        assert_eq!(real.allowed(), model.allowed);
        assert!(
            real.allowed() > 10,
            "only {} across the edge",
            real.allowed()
        );
        assert!(real.allowed() <= 20);
        assert_eq!(real.command("expire"), 2);
        assert_eq!(real.counter, model.final_counter);
        assert!(real.same_decisions(&model));
    }
}

#[test]
fn the_sliding_log_holds_the_limit_across_the_edge_for_real() {
    let h = harness();
    for algo in ["log", "counter"] {
        let q = format!("preset=gatepass&timeout=1000&edge=20&algo={algo}");
        for (model, real) in play(&h, &q, Strategy::Lua, SEEDS, DEFAULT_SCALE) {
            assert_eq!(real.allowed(), model.allowed, "{algo}");
            assert!(real.same_decisions(&model), "{algo}");
            assert_eq!(real.counter, model.final_counter, "{algo}");
            if algo == "log" {
                assert_eq!(real.allowed(), 10);
            }
        }
    }
}
