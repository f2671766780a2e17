//! Windows and buckets on screen (`vm::windows`, issue 34): the strip of
//! fixed windows under the picture, its counts at every moment against the
//! model's trace; the choice of how the count is kept, per strategy; the
//! edge's slider; the narration and the boxes naming a window; the cost of
//! each way; and nothing of it with no edge and the default way.

use ratelimit_lab::sim::{self, Algo, Report, Strategy, EDGE};
use ratelimit_lab::vm::controls::{limit_line, read, slider};
use ratelimit_lab::vm::narrate::at;
use ratelimit_lab::vm::reads::shared_reads;
use ratelimit_lab::vm::skeleton::{skeleton, Part};
use ratelimit_lab::vm::windows::{self, only_fixed, strip};
use ratelimit_lab::vm::{own, page, quiz, totals};

use crate::vm_support::{attrs, end, english, report, scenario, text_of, value};

/// Windowed runs of every strategy that takes an edge, and each way of
/// keeping the count.
const RUNS: [&str; 9] = [
    "strategy=incr&edge=20",
    "strategy=getset&edge=15",
    "strategy=lua&edge=20",
    "strategy=lua&edge=20&algo=log",
    "strategy=local&edge=20",
    "strategy=local&edge=0&algo=counter",
    "strategy=split&edge=30&algo=bucket",
    "strategy=edge&edge=40",
    "strategy=incr&edge=10&redis=slow",
];

/// The strip's windows at `t`, as (data-window, data-count).
fn strip_at(r: &Report, t: u64) -> Vec<(i32, u32)> {
    let html = strip(r, t, &english()).into_string();
    let k = attrs(&html, "data-window");
    let c = attrs(&html, "data-count");
    assert_eq!(k.len(), c.len());
    k.iter()
        .zip(c)
        .map(|(k, c)| (k.parse().unwrap(), c.parse().unwrap()))
        .collect()
}

#[test]
fn the_strip_counts_each_window_as_the_model_decided_it_at_every_moment() {
    for q in RUNS {
        let r = report(q);
        let mut times = r.event_times();
        times.push(u64::MAX);
        for t in times {
            let got = strip_at(&r, t);
            // From the window before the edge to the last one used.
            assert_eq!(got.first().map(|w| w.0), Some(-1), "{q}");
            let last = r.requests.iter().map(|q| q.window).max().unwrap().max(0);
            assert_eq!(got.last().map(|w| w.0), Some(last), "{q}");
            for (k, count) in got {
                let want = r
                    .requests
                    .iter()
                    .filter(|x| x.window == k && x.allowed && x.decided_us <= t)
                    .count() as u32;
                assert_eq!(count, want, "{q} at {t}: window {k}");
            }
        }
        // At the end, the windows' counts are everything allowed.
        let total: u32 = strip_at(&r, u64::MAX).iter().map(|w| w.1).sum();
        assert_eq!(total, r.allowed, "{q}");
    }
}

#[test]
fn incr_with_the_edge_in_the_middle_lets_the_limit_through_in_each_of_two_windows() {
    let r = report("strategy=incr&edge=20");
    assert_eq!(strip_at(&r, u64::MAX), [(-1, 10), (0, 10)]);
    assert_eq!(r.allowed, 20);
    // Its words: the edge, each window's name and count against the limit.
    let text = text_of(&strip(&r, u64::MAX, &english()));
    assert_eq!(
        text,
        "Windows of 1 s: the edge at t = 20 mswindow 1 10 of 10window 2 10 of 10"
    );
    // Mid-run the second window fills as its requests are decided.
    let mid = r
        .requests
        .iter()
        .filter(|q| q.window == 0 && q.allowed)
        .map(|q| q.decided_us)
        .min()
        .unwrap();
    assert_eq!(strip_at(&r, mid), [(-1, 10), (0, 1)]);
    // The log in the script lets exactly the limit through, edge or not.
    assert_eq!(report("strategy=lua&edge=20&algo=log").allowed, 10);
}

#[test]
fn with_no_edge_there_is_no_strip_no_window_named_and_nothing_new_in_the_cost() {
    for s in Strategy::ALL {
        let q = format!("strategy={}", s.as_str());
        let r = report(&q);
        assert!(strip(&r, u64::MAX, &english()).is_empty(), "{q}");
        assert!(windows::windows(&r, u64::MAX).is_empty());
        assert_eq!(windows::redis_window(&r, u64::MAX), None);
        assert!(windows::plain(&r.scenario));
        let cost = totals::cost_html(&r, &end(&r), &english()).into_string();
        assert!(!cost.contains("kept-per-user"), "{q}");
        let shared = shared_reads(&r);
        for t in r.event_times() {
            assert!(
                !at(&r, &shared, Some(t), &english()).contains("window"),
                "{q}"
            );
        }
    }
    // The batched sync keeps one count for the burst: an edge changes
    // nothing there, and shows nothing.
    let r = report("strategy=sync&edge=20");
    assert!(strip(&r, u64::MAX, &english()).is_empty());
    assert_eq!(r.allowed, report("strategy=sync").allowed);
}

#[test]
fn the_choice_offers_only_the_ways_each_strategy_takes() {
    let texts = english();
    let questions = quiz::builtin();
    let html = skeleton(
        &page::parse(&[], &texts),
        &texts,
        "rll1",
        true,
        &questions,
        &quiz::order(&questions, 2026),
        Part::All,
    )
    .into_string();
    // One radio a way in the markup, with its consequence; the view shows
    // those the strategy takes.
    assert_eq!(
        attrs(&html, "data-algo"),
        ["fixed", "log", "counter", "bucket"]
    );
    for name in ["fixed", "log", "counter", "bucket"] {
        assert!(html.contains(&format!(
            r#"data-testid="algo-{name}" data-choice="algo" value="{name}""#
        )));
    }
    assert!(text_of(&html).contains("fixed window one integer, reset at each edge: a burst across an edge can get twice the limit"));
    let names = |s: Strategy| s.algos().iter().map(|a| a.as_str()).collect::<Vec<_>>();
    assert_eq!(
        names(Strategy::Local),
        ["fixed", "log", "counter", "bucket"]
    );
    assert_eq!(names(Strategy::Lua), ["bucket", "log", "counter", "fixed"]);
    for s in [Strategy::Incr, Strategy::GetSet, Strategy::Sync] {
        assert_eq!(names(s), ["fixed"]);
    }
    // INCR says it is the fixed-window command; GET then SET and the sync
    // say they keep a fixed window; the others offer a choice.
    assert_eq!(attrs(&html, "data-algo-only"), ["incr", "fixed"]);
    assert!(text_of(&html).contains("INCR is the fixed-window command"));
    assert_eq!(only_fixed(Strategy::Incr), Some("incr"));
    assert_eq!(only_fixed(Strategy::GetSet), Some("fixed"));
    assert_eq!(only_fixed(Strategy::Sync), Some("fixed"));
    for s in [
        Strategy::Local,
        Strategy::Split,
        Strategy::Edge,
        Strategy::Lua,
    ] {
        assert_eq!(only_fixed(s), None);
    }
}

#[test]
fn the_edge_slider_starts_unset_and_runs_to_one_past_the_span() {
    let t = english();
    let v = slider(&EDGE, &scenario("strategy=incr"), &t);
    assert_eq!((v.value.as_str(), v.max.as_str()), ("41", "41"));
    assert_eq!(v.shown, "never");
    assert!(!v.hidden);
    let v = slider(&EDGE, &scenario("strategy=incr&edge=20"), &t);
    assert_eq!((v.value.as_str(), v.shown.as_str()), ("20", "20 ms"));
    assert!(slider(&EDGE, &scenario("strategy=sync"), &t).hidden);
    let s = scenario("strategy=incr");
    assert_eq!(read(&EDGE, &s, "20").unwrap().edge_ms, Some(20));
    assert_eq!(read(&EDGE, &s, "40").unwrap().edge_ms, Some(40));
    assert_eq!(read(&EDGE, &s, "41").unwrap().edge_ms, None);
    assert_eq!(read(&EDGE, &s, "0").unwrap().edge_ms, Some(0));
    // The limit's line says the burst is cut in windows.
    assert_eq!(
        limit_line(&scenario("strategy=incr&edge=20"), &t),
        "Limit: 10 requests per second, for one user, counted in windows: a new one starts 20 ms into the burst."
    );
    assert!(limit_line(&s, &t).ends_with("Every burst fits inside one window."));
}

#[test]
fn the_narration_names_the_window_a_request_counts_in() {
    let r = report("strategy=incr&edge=20");
    let shared = shared_reads(&r);
    let t = english();
    let run = |k: i32| {
        let c = r
            .calls
            .iter()
            .find(|c| {
                c.request
                    .is_some_and(|q| r.requests[q as usize].window == k)
            })
            .unwrap();
        at(&r, &shared, c.executed_us, &t)
    };
    let before = run(-1);
    assert!(
        before.contains("in window 1, which began at t = −980 ms"),
        "{before}"
    );
    let after = run(0);
    assert!(
        after.contains("the count is now 1 in window 2, which began at t = 20 ms"),
        "{after}"
    );
    // The reply that decides a request names its window too.
    let q = r.requests.iter().position(|q| q.window == 0).unwrap();
    let said = at(&r, &shared, Some(r.requests[q].decided_us), &t);
    assert!(
        said.contains(&format!(
            "back from INCR for request {} in window 2, which began at t = 20 ms: allowed",
            q + 1
        )),
        "{said}"
    );
    // One server counting in memory: its own count starts again at the
    // edge, and the sentence says so.
    let r = report("strategy=local&servers=1&edge=20");
    let shared = shared_reads(&r);
    let first = r.requests.iter().find(|q| q.window == 0).unwrap();
    let said = at(&r, &shared, Some(first.arrival_us), &t);
    assert!(
        said.contains("whose own count is 0 of 10 in window 2, which began at t = 20 ms: allowed"),
        "{said}"
    );
    let own = own::own_counts(&r, first.decided_us);
    assert_eq!(own[0].count, 1);
    assert_eq!(
        windows::tag(windows::counting(&r.scenario, first.arrival_us), &t),
        " · w2"
    );
    // A script keeping a log is not a bucket: no tokens in its words, and
    // no window named (a log's count belongs to no one window).
    let r = report("strategy=lua&algo=log&edge=20");
    let shared = shared_reads(&r);
    let c = r.calls[0].executed_us;
    let said = at(&r, &shared, c, &t);
    assert!(
        said.contains("which now keeps 1") && !said.contains("window"),
        "{said}"
    );
    let m = r.at(c.unwrap());
    let label = ratelimit_lab::vm::topology::label(&r.scenario, &m, false, 0, &t);
    assert!(
        label.contains("counter 1") && !label.contains("token"),
        "{label}"
    );
    assert_eq!(windows::redis_window(&r, u64::MAX), None);
}

#[test]
fn the_cost_says_what_each_way_keeps_per_user() {
    let t = english();
    for (q, a, shown) in [
        ("strategy=incr&edge=20", Algo::Fixed, "one integer"),
        ("strategy=lua&algo=log", Algo::Log, "up to 10 timestamps"),
        ("strategy=local&algo=counter", Algo::Counter, "two integers"),
        ("strategy=local&algo=bucket", Algo::Bucket, "two numbers"),
    ] {
        let r = report(q);
        assert_eq!(r.scenario.algo(), a);
        let cost = totals::cost_html(&r, &end(&r), &t).into_string();
        assert_eq!(value(&cost, "kept-per-user"), a.as_str(), "{q}");
        assert!(text_of(&cost).contains(shown), "{q}");
    }
    // The script's bucket is its default: nothing new.
    let r = sim::run(&scenario("strategy=lua"));
    assert!(!totals::cost_html(&r, &end(&r), &t).contains("kept-per-user"));
}
