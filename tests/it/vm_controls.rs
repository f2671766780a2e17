//! What the controls show for a scenario (`vm::controls`): each slider's
//! value, its largest value, the value in words with its unit, its note,
//! and whether the strategy or the load balancer uses it at all; a
//! slider's text read back into the scenario; the limit and the traffic in
//! words.

use ratelimit_lab::sim::params::write_value;
use ratelimit_lab::sim::{Knob, Scenario, BURST, MOVE, PLAN, RTT, SERVERS, SYNC, TIMEOUT};
use ratelimit_lab::vm::controls::{limit_line, read, slider, traffic, SliderView};
use ratelimit_lab::vm::skeleton::SLIDERS;

use crate::vm_support::{english, scenario};

/// `knob`'s slider for `query`, as `value/max shown [note] [hidden]`.
fn shown(knob: &Knob, query: &str) -> String {
    let SliderView {
        value,
        max,
        shown,
        note,
        hidden,
    } = slider(knob, &scenario(query), &english());
    let mut s = format!("{value}/{max} {shown}");
    if let Some(n) = note {
        s.push_str(&format!(" [{n}]"));
    }
    if hidden {
        s.push_str(" hidden");
    }
    s
}

#[track_caller]
fn check(knob: &Knob, query: &str, expected: &str) {
    assert_eq!(shown(knob, query), expected, "{} for {query:?}", knob.name);
}

#[test]
fn each_slider_shows_its_value_with_its_unit() {
    check(&SERVERS, "", "4/16 4 servers");
    check(&SERVERS, "servers=1", "1/16 1 server");
    check(&BURST, "", "40/500 40 in 40 ms");
    check(&BURST, "burst=400&span=1000", "400/500 400 in 1000 ms");
    check(&RTT, "strategy=getset", "2/20 2 ms");
    check(&RTT, "strategy=getset&rtt=2.5", "2.5/20 2.5 ms");
    check(&RTT, "strategy=incr&rtt=0", "0/20 0 ms");
    check(&SYNC, "strategy=sync", "10/1000 every 10 ms");
    check(&PLAN, "strategy=split", "4/16 4 servers");
    check(&PLAN, "strategy=split&servers=10&plan=1", "1/16 1 server");
    check(&TIMEOUT, "", "50/1000 50 ms");
}

#[test]
fn the_round_trip_is_dimmed_where_nothing_calls_redis() {
    let note = "Only the strategies that call Redis make a round trip.";
    for s in ["local", "split", "edge"] {
        check(
            &RTT,
            &format!("strategy={s}"),
            &format!("2/20 2 ms [{note}]"),
        );
    }
    for s in ["sync", "getset", "incr", "lua"] {
        check(&RTT, &format!("strategy={s}"), "2/20 2 ms");
    }
}

#[test]
fn sliders_a_strategy_or_balancer_does_not_use_are_hidden() {
    for s in ["local", "split", "sync", "edge", "getset", "incr", "lua"] {
        let q = format!("strategy={s}");
        let hidden = |k: &Knob| slider(k, &scenario(&q), &english()).hidden;
        assert_eq!(hidden(&SYNC), s != "sync", "{s}");
        assert_eq!(hidden(&PLAN), s != "split", "{s}");
        assert!(hidden(&MOVE), "{s}: the move is for sticky sessions");
        assert!(!slider(&MOVE, &scenario(&format!("{q}&lb=sticky")), &english()).hidden);
        for k in [&SERVERS, &BURST, &RTT, &TIMEOUT] {
            assert!(!hidden(k), "{s}: {}", k.name);
        }
    }
}

#[test]
fn the_move_runs_up_to_the_span_where_it_means_no_move() {
    check(&MOVE, "lb=sticky", "40/40 never");
    check(&MOVE, "lb=sticky&move=20", "20/40 20 ms");
    check(&MOVE, "lb=sticky&move=0", "0/40 0 ms");
    check(&MOVE, "lb=sticky&span=100&move=99", "99/100 99 ms");
    check(&MOVE, "lb=sticky&span=1000", "1000/1000 never");
    check(&MOVE, "lb=random&move=20", "20/40 20 ms hidden");
}

#[test]
fn a_sliders_text_is_read_back_into_the_scenario() {
    let s = scenario("strategy=split&lb=sticky");
    assert_eq!(read(&SERVERS, &s, "8").unwrap().servers, 8);
    assert_eq!(read(&SERVERS, &s, "99").unwrap().servers, 16);
    assert_eq!(read(&SERVERS, &s, "-3").unwrap().servers, 1);
    assert_eq!(read(&SERVERS, &s, "many"), None);
    assert_eq!(read(&RTT, &s, "2.5").unwrap().rtt_us, 2500);
    assert_eq!(read(&RTT, &s, "2.37").unwrap().rtt_us, 2400);
    assert_eq!(read(&BURST, &s, "120").unwrap().burst, 120);
    assert_eq!(read(&SYNC, &s, "5").unwrap().sync_ms, 5);
    assert_eq!(read(&TIMEOUT, &s, "200").unwrap().timeout_ms, 200);
    // The plan is set, even to the servers there are.
    assert_eq!(read(&PLAN, &s, "4").unwrap().plan, Some(4));
    // The move: below the span a moment, at it no move.
    assert_eq!(read(&MOVE, &s, "20").unwrap().move_ms, Some(20));
    assert_eq!(read(&MOVE, &s, "39").unwrap().move_ms, Some(39));
    assert_eq!(read(&MOVE, &s, "40").unwrap().move_ms, None);
    assert_eq!(
        read(&MOVE, &s.with_move_ms(Some(5)), "40").unwrap().move_ms,
        None
    );
    // Nothing else changes.
    let moved = read(&SERVERS, &s, "8").unwrap();
    assert_eq!(
        Scenario {
            servers: 4,
            ..moved
        },
        s
    );
}

#[test]
fn every_slider_position_reads_back_to_itself() {
    // Whatever the slider shows, reading its value back changes nothing.
    let base = scenario("strategy=sync&lb=sticky&move=20");
    let timeout = (&TIMEOUT, ratelimit_lab::vm::text::Text::SliderTimeout);
    for (knob, _) in SLIDERS.iter().chain([&timeout]) {
        for v in (knob.min..=knob.max).step_by(knob.step as usize) {
            let s = read(knob, &base, &write_value(knob, v)).unwrap();
            let view = slider(knob, &s, &english());
            assert_eq!(read(knob, &s, &view.value), Some(s), "{} at {v}", knob.name);
        }
    }
}

#[test]
fn the_limit_and_the_traffic_in_words() {
    let t = english();
    for (q, line) in [
        (
            "",
            "Limit: 10 requests per second, for one user. Every burst fits inside one window.",
        ),
        (
            "limit=1",
            "Limit: 1 request per second, for one user. Every burst fits inside one window.",
        ),
        (
            "preset=per-minute",
            "Limit: 100 requests per minute, for one user. Every burst fits inside one window.",
        ),
        (
            "window=3600",
            "Limit: 10 requests per hour, for one user. Every burst fits inside one window.",
        ),
        (
            "window=30",
            "Limit: 10 requests per 30 seconds, for one user. Every burst fits inside one window.",
        ),
    ] {
        assert_eq!(limit_line(&scenario(q), &t), line, "{q}");
    }
    assert_eq!(traffic(&scenario(""), &t), "50,000 requests a second");
    assert_eq!(
        traffic(&scenario("traffic=1000000"), &t),
        "1,000,000 requests a second"
    );
}

#[test]
fn the_sliders_ranges_are_the_models() {
    // The markup's min, max and step come from the same knobs.
    let html = ratelimit_lab::vm::skeleton::skeleton(
        &ratelimit_lab::vm::page::parse(&[], &english()),
        &english(),
        "w",
        true,
        &[],
        &[],
        ratelimit_lab::vm::skeleton::Part::All,
    );
    for (knob, _) in SLIDERS {
        let w = |v| write_value(knob, v);
        let input = format!(
            r#"id="w-{n}" data-testid="{n}" data-knob="{n}" min="{}" max="{}" step="{}">"#,
            w(knob.min),
            w(knob.max),
            w(knob.step),
            n = knob.name
        );
        assert!(html.contains(&input), "{input}");
    }
    assert!(html.contains(r#"data-knob="rtt" min="0" max="20" step="0.1""#));
}

#[test]
fn the_redis_settings_and_the_timeline_show_where_redis_is_called() {
    use ratelimit_lab::sim::Strategy::*;
    use ratelimit_lab::vm::controls::redis_parts;
    use ratelimit_lab::vm::timeline::shown;
    // [Redis settings, the box of the timeline and the log], the timeline.
    for (s, want, timeline) in [
        (Local, [false, false], false),
        (Split, [false, false], false),
        (Sync, [true, true], false),
        (Edge, [false, false], false),
        (GetSet, [true, true], true),
        (Incr, [true, true], true),
        (Lua, [true, true], true),
    ] {
        assert_eq!(redis_parts(s), want, "{s:?}");
        assert_eq!(shown(s, false), timeline, "{s:?}");
        // While a guess is asked for, the race is not shown.
        assert!(!shown(s, true), "{s:?}");
    }
}

#[test]
fn each_strategy_is_explained_in_its_own_three_sentences() {
    use ratelimit_lab::sim::Strategy;
    use ratelimit_lab::vm::controls::explain;
    use ratelimit_lab::vm::text::Text;
    let mut seen = std::collections::BTreeSet::new();
    for s in Strategy::ALL {
        for t in explain(s) {
            assert!(seen.insert(format!("{t:?}")), "{s:?}: {t:?} twice");
        }
    }
    assert_eq!(
        explain(Strategy::GetSet),
        [Text::ExplainGetSet1, Text::ExplainGetSet2, Text::ProdGetSet]
    );
    assert_eq!(
        explain(Strategy::Edge),
        [Text::ExplainEdge1, Text::ExplainEdge2, Text::ProdEdge]
    );
}

#[test]
fn step_and_step_back_move_from_event_to_event() {
    use ratelimit_lab::vm::controls::step;
    // Events at 2, 5 and 9 ms; the run ends at 12 ms.
    let (ts, end) = ([2_000, 5_000, 9_000], 12_000);
    // From the end (None), Step starts again at the first event.
    assert_eq!(step(&ts, end, None, 1), Some(2_000));
    // Between events: to the next one; ten on from there, the end.
    assert_eq!(step(&ts, end, Some(3_000), 1), Some(5_000));
    assert_eq!(step(&ts, end, Some(5_000), 1), Some(9_000));
    assert_eq!(step(&ts, end, Some(9_000), 1), Some(end));
    assert_eq!(step(&ts, end, Some(0), 10), Some(end));
    // Back: to the event before; before the first, the start.
    assert_eq!(step(&ts, end, Some(9_000), -1), Some(5_000));
    assert_eq!(step(&ts, end, None, -1), Some(9_000));
    assert_eq!(step(&ts, end, Some(2_000), -1), Some(0));
    assert_eq!(step(&ts, end, None, -10), Some(2_000));
}

#[test]
fn arrow_keys_cycle_the_offered_tabs_home_and_end_jump() {
    use ratelimit_lab::sim::Strategy::*;
    use ratelimit_lab::vm::controls::tab_after;
    let offered = [Local, Incr, Lua];
    assert_eq!(tab_after(&offered, Some(Local), "ArrowRight"), Some(Incr));
    assert_eq!(tab_after(&offered, Some(Lua), "ArrowDown"), Some(Local));
    assert_eq!(tab_after(&offered, Some(Local), "ArrowLeft"), Some(Lua));
    assert_eq!(tab_after(&offered, Some(Incr), "ArrowUp"), Some(Local));
    assert_eq!(tab_after(&offered, Some(Incr), "Home"), Some(Local));
    assert_eq!(tab_after(&offered, Some(Local), "End"), Some(Lua));
    assert_eq!(tab_after(&offered, Some(Local), "Enter"), None);
    // A tab not offered counts as the first.
    assert_eq!(tab_after(&offered, Some(Edge), "ArrowRight"), Some(Incr));
}

#[test]
fn the_traffic_arrows_go_to_the_next_round_thousand() {
    use ratelimit_lab::vm::controls::traffic_step;
    assert_eq!(traffic_step(1_234, 1_000), 2_000);
    assert_eq!(traffic_step(2_000, 1_000), 3_000);
    assert_eq!(traffic_step(1_234, -1_000), 1_000);
    assert_eq!(traffic_step(2_000, -1_000), 1_000);
    assert_eq!(traffic_step(5, 10_000), 10_000);
    assert_eq!(traffic_step(999, -1_000), 1);
    assert_eq!(traffic_step(995_000, 10_000), 1_000_000);
}
