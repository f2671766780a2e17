//! The guided lesson (`src/vm/tour.rs`): every goal kind met and not met,
//! read from the model's state; the eight built-in steps, each opening
//! where its goal does not hold and reached by the learner's move; a
//! content file's steps, a bad one left out with its notice; `tour=K`.

use ratelimit_lab::sim::{self, Scenario};
use ratelimit_lab::vm::content;
use ratelimit_lab::vm::page;
use ratelimit_lab::vm::text::{Text, Texts};
use ratelimit_lab::vm::tour::{self, Goal, Step};

use crate::vm_support::{english, report, scenario};

/// Whether `goal` holds for the run of `query`, at the end of its replay
/// or not.
#[track_caller]
fn met(goal: &str, query: &str, at_end: bool) -> bool {
    let g = Goal::parse(goal).unwrap_or_else(|| panic!("{goal} does not parse"));
    g.met(&scenario(query), &report(query), at_end)
}

#[test]
fn every_goal_kind_is_met_and_not_met_by_the_state_alone() {
    // (goal, scenario, at the end of the replay, met), each kind both ways.
    // Local counters on 4 servers at the default seed allow 33 of 40; on
    // one server 10; INCR exactly 10; limit 10.
    let cases = [
        ("replay-end", "strategy=local", true, true),
        ("replay-end", "strategy=local", false, false),
        (
            "allowed-at-least 3",
            "strategy=local&servers=4",
            false,
            true,
        ),
        (
            "allowed-at-least 3",
            "strategy=local&servers=2",
            true,
            false,
        ),
        (
            "allowed-at-least 1",
            "strategy=local&servers=1",
            false,
            true,
        ),
        (
            "allowed-at-least 1.1",
            "strategy=local&servers=1",
            false,
            false,
        ),
        (
            "regular-user-below-limit",
            "strategy=split&servers=2",
            false,
            true,
        ),
        (
            "regular-user-below-limit",
            "strategy=split&servers=1",
            false,
            false,
        ),
        (
            "regular-user-below-limit",
            "strategy=incr&servers=16",
            false,
            false,
        ),
        (
            "exact-with 12 10",
            "strategy=incr&servers=12&rtt=10",
            false,
            true,
        ),
        (
            "exact-with 12 10",
            "strategy=incr&servers=11&rtt=20",
            false,
            false,
        ),
        (
            "exact-with 12 10",
            "strategy=incr&servers=16&rtt=9.9",
            false,
            false,
        ),
        (
            "exact-with 12 10",
            "strategy=getset&servers=12&rtt=10",
            false,
            false,
        ),
        (
            "setting fail closed",
            "strategy=incr&fail=closed",
            false,
            true,
        ),
        (
            "setting fail closed",
            "strategy=incr&fail=open",
            true,
            false,
        ),
        ("setting rtt 5", "strategy=incr&rtt=5.0", false, true),
        ("setting rtt 5", "strategy=incr&rtt=5.1", false, false),
        ("allowed-at-most 1.5", "strategy=sync&sync=5", false, true),
        ("allowed-at-most 1.5", "strategy=sync&sync=100", true, false),
        ("allowed-at-most 1", "strategy=incr", false, true),
        // The edge at 20 ms splits the burst; at 0 ms, or none, it does not.
        ("edge-inside", "strategy=incr&edge=20", false, true),
        ("edge-inside", "strategy=lua&algo=log&edge=20", false, true),
        ("edge-inside", "strategy=incr&edge=0", false, false),
        ("edge-inside", "strategy=incr", false, false),
        // Sync takes no edge: one window whatever `edge` says.
        ("edge-inside", "strategy=sync&edge=20", false, false),
        ("setting algo log bucket", "strategy=lua", false, true),
        (
            "setting algo log bucket",
            "strategy=lua&algo=log",
            false,
            true,
        ),
        (
            "setting algo log bucket",
            "strategy=lua&algo=fixed",
            false,
            false,
        ),
        ("setting algo log bucket", "strategy=incr", false, false),
        ("setting edge 20", "strategy=incr&edge=20", false, true),
        (
            "edge-inside and allowed-at-least 2",
            "strategy=incr&edge=20",
            false,
            true,
        ),
        (
            "edge-inside and allowed-at-least 2",
            "strategy=incr",
            false,
            false,
        ),
        // Parts in turn hold at once only if every part does.
        (
            "edge-inside then allowed-at-most 1",
            "strategy=lua&algo=log&edge=20",
            false,
            true,
        ),
        (
            "edge-inside then allowed-at-most 1",
            "strategy=incr&edge=20",
            false,
            false,
        ),
    ];
    for (goal, query, at_end, want) in cases {
        assert_eq!(met(goal, query, at_end), want, "{goal} on {query}");
    }
}

#[test]
fn goals_are_read_with_their_parameters_and_bad_ones_are_not() {
    assert_eq!(
        Goal::parse("allowed-at-least 2"),
        Some(Goal::AllowedAtLeast(2000))
    );
    assert_eq!(
        Goal::parse(" allowed-at-most  1.5 "),
        Some(Goal::AllowedAtMost(1500))
    );
    assert_eq!(
        Goal::parse("exact-with 12 10"),
        Some(Goal::ExactWith(12, 10_000))
    );
    assert_eq!(
        Goal::parse("exact-with 12 0.5"),
        Some(Goal::ExactWith(12, 500))
    );
    assert_eq!(
        Goal::parse("setting fail closed"),
        Some(Goal::Setting("fail", vec![scenario("fail=closed")]))
    );
    // One of several values; goals joined by `and`, parts by `then`.
    assert_eq!(
        Goal::parse("setting algo log bucket"),
        Some(Goal::Setting(
            "algo",
            vec![scenario("algo=log"), scenario("algo=bucket")]
        ))
    );
    assert_eq!(
        Goal::parse("edge-inside and allowed-at-least 1.5 then allowed-at-most 1"),
        Some(Goal::Then(vec![
            Goal::All(vec![Goal::EdgeInside, Goal::AllowedAtLeast(1500)]),
            Goal::AllowedAtMost(1000),
        ]))
    );
    for bad in [
        "",
        "replay",
        "replay-end 2",
        "allowed-at-least",
        "allowed-at-least many",
        "allowed-at-least 0",
        "allowed-at-least -1",
        "exact-with 12",
        "exact-with twelve 10",
        "setting colour red",
        "setting fail ajar",
        "setting servers 99",
        "setting algo",
        "setting algo log sliding",
        "edge-inside 20",
        "and",
        "edge-inside and",
        "then replay-end",
        "replay-end then then replay-end",
    ] {
        assert_eq!(Goal::parse(bad), None, "{bad:?}");
    }
}

/// The built-in steps, in English.
fn steps() -> Vec<Step> {
    tour::builtin(&english())
}

/// Whether step `k` (1-based) of the built-in lesson holds on `s`, with
/// the replay not at its end (as on entry).
fn holds(k: usize, s: &Scenario) -> bool {
    steps()[k - 1].goal.met(s, &sim::run(s), false)
}

/// The mean allowed over the chart's 50 seeds, from the step's own.
fn mean_allowed(s: &Scenario) -> f64 {
    let total: u32 = (0..50)
        .map(|i| sim::run(&s.with_seed(s.seed + i)).allowed)
        .sum();
    f64::from(total) / 50.0
}

#[test]
fn the_eight_steps_open_where_their_goal_does_not_hold_and_the_learners_move_reaches_it() {
    let steps = steps();
    assert_eq!(steps.len(), 8);
    for (i, s) in steps.iter().enumerate() {
        assert!(!holds(i + 1, &s.scenario), "step {} holds on entry", i + 1);
        assert!(tour::sentences(&s.text) <= 3, "step {}: {}", i + 1, s.text);
    }
    let at = |k: usize| steps[k - 1].scenario;
    // 1. One server, local counters: the limit holds; watching to the end.
    let one = at(1);
    assert_eq!(
        (one.strategy.as_str(), one.servers, one.burst),
        ("local", 1, 40)
    );
    assert_eq!(sim::run(&one).allowed, 10);
    assert!(steps[0].goal.met(&one, &sim::run(&one), true));
    // 2. Adding servers, then sticky sessions and a move; 3. split, then
    // the edge: met in parts (see their own test).
    assert_eq!(at(2).servers, 1);
    assert_eq!(steps[1].goal.phases().len(), 3);
    // 3. Split: on one server a regular user gets all 10; on two, 9.
    assert_eq!(sim::run(&at(3)).regular_user, 10);
    assert_eq!(parts(3, &[at(3), at(3).with_servers(2)]), 1);
    // 4. GET then SET at 0.2 ms: about 12 of 40 over the seeds (15 at the
    // default one), with a prediction first; 1.5 ms lets 24 through.
    let four = at(4);
    assert_eq!((four.strategy.as_str(), four.rtt_us), ("getset", 200));
    assert!(steps[3].predict);
    assert!(
        (11.0..=13.0).contains(&mean_allowed(&four)),
        "{}",
        mean_allowed(&four)
    );
    assert!(!holds(4, &four.with_rtt_us(1_000)));
    assert!(holds(4, &four.with_rtt_us(1_500)));
    // 5. INCR: exactly 10 on 12 servers at 10 ms; the step opens nearer
    // it (8 ms: 28 presses, not 88; four servers, so it fits a phone).
    assert_eq!((at(5).servers, at(5).rtt_us), (4, 8_000));
    assert!(!holds(5, &at(5).with_servers(16)));
    assert!(holds(5, &at(5).with_servers(12).with_rtt_us(10_000)));
    // 6. The window's edge: met in two parts (see its own test).
    assert_eq!(steps[5].goal.phases().len(), 2);
    // 7. Redis down: failing closed is the goal; open lets all 40 through.
    let seven = at(7);
    assert_eq!(sim::run(&seven).allowed, 40);
    assert!(holds(7, &seven.with_fail(sim::Fail::Closed)));
    assert!(steps[6].not.is_some());
    // 8. Sync every 30 ms: about 26 of 40 over the seeds (opening near
    // the goal: 21 presses, not 91); 5 ms lets 14.
    let eight = at(8);
    assert_eq!((eight.strategy.as_str(), eight.sync_ms), ("sync", 30));
    assert!(
        (22.0..=30.0).contains(&mean_allowed(&eight)),
        "{}",
        mean_allowed(&eight)
    );
    assert!(holds(8, &eight.with_sync_ms(5)));
    assert!(!holds(8, &eight.with_sync_ms(20)));
    // Only step 4 asks for a prediction.
    let predicting: Vec<usize> = (0..8).filter(|&i| steps[i].predict).collect();
    assert_eq!(predicting, [3]);
}

/// How many parts of step `k`'s goal (1-based) are met after the
/// learner's scenarios `moves`, in turn, from its opening one (as the
/// lesson counts them in one visit, the replay not at its end).
fn parts(k: usize, moves: &[Scenario]) -> usize {
    let goal = &steps()[k - 1].goal;
    let mut reached = 0;
    for s in moves {
        reached = goal.reach(reached, s, &sim::run(s), false);
    }
    reached
}

#[test]
fn step_6_the_windows_edge_is_met_in_two_parts_by_the_moves_it_names_whatever_the_seed() {
    use sim::Algo::{Bucket, Counter, Fixed, Log};
    let six = &steps()[5];
    assert_eq!(six.title, "The window's edge");
    // The Lua script keeping a fixed window, no edge: the whole burst in
    // one window, 10 through.
    let open = six.scenario;
    assert_eq!(
        (open.strategy.as_str(), open.algo(), open.edge_ms),
        ("lua", Fixed, None)
    );
    assert!(six.task.contains("window's edge"), "{}", six.task);
    // The hint names the controls as they are labelled.
    let t = Texts::english();
    for label in [Text::SliderEdge, Text::AlgoLegend] {
        let quoted = format!("“{}”", t.get(label));
        assert!(six.hint.contains(&quoted), "{quoted} in {}", six.hint);
    }
    let edge = |s: Scenario| s.with_edge_ms(Some(20));
    let algo = |s: Scenario, a| s.with_algo(Some(a));
    for seed in 0..200 {
        let s = open.with_seed(seed);
        let at = |s: &Scenario| sim::run(s).allowed;
        assert_eq!(at(&s), 10, "seed {seed}");
        assert_eq!(parts(6, &[s]), 0, "seed {seed}: nothing on entry");
        // Part 1: the edge at 20 ms, the middle of the burst: about 2L,
        // as INCR per window lets through (the same numbers).
        let across = edge(s);
        let fixed = at(&across);
        assert!((15..=20).contains(&fixed), "seed {seed}: {fixed}");
        assert_eq!(
            fixed,
            at(&edge(s.with_strategy(sim::Strategy::Incr))),
            "seed {seed}: the script's fixed window is INCR's"
        );
        assert_eq!(parts(6, &[s, across]), 1, "seed {seed}: part 1");
        // Part 2: a sliding log or a bucket, the edge still inside: L.
        for a in [Log, Bucket] {
            assert_eq!(at(&algo(across, a)), 10, "seed {seed}: {a:?}");
            assert_eq!(
                parts(6, &[s, across, algo(across, a)]),
                2,
                "seed {seed}: {a:?} meets part 2"
            );
        }
        // Not before part 1, whatever the order: the log first, then the
        // edge, is 10 through and never the 2L the step is about.
        let log = algo(s, Log);
        assert_eq!(parts(6, &[s, log, edge(log)]), 0, "seed {seed}");
        // The sliding counter lets one more through: not part 2.
        assert_eq!(at(&algo(across, Counter)), 11, "seed {seed}");
        assert_eq!(
            parts(6, &[s, across, algo(across, Counter)]),
            1,
            "seed {seed}"
        );
        // Part 2 needs the edge still inside: no edge is one window.
        assert_eq!(parts(6, &[s, across, algo(s, Log)]), 1, "seed {seed}");
        // Once met, it stays met through the visit.
        assert_eq!(
            parts(6, &[s, across, algo(across, Log), s]),
            2,
            "seed {seed}"
        );
    }
}

#[test]
fn step_2_adding_servers_then_sticky_sessions_then_a_move_each_met_by_the_move_it_names() {
    use sim::LoadBalancer::{Random, RoundRobin, Sticky};
    let two = &steps()[1];
    let open = two.scenario;
    assert_eq!(
        (open.strategy.as_str(), open.servers, open.lb, open.move_ms),
        ("local", 1, Random, None)
    );
    // The hint names the controls as they are labelled.
    let t = Texts::english();
    for label in [Text::LbLegend, Text::LbSticky, Text::SliderMove] {
        let quoted = format!("“{}”", t.get(label));
        assert!(two.hint.contains(&quoted), "{quoted} in {}", two.hint);
    }
    let at = |s: &Scenario| sim::run(s).allowed;
    for seed in 0..200 {
        let s = open.with_seed(seed);
        assert_eq!(parts(2, &[s]), 0, "seed {seed}: nothing on entry");
        // Part 1: more than 2 × the limit, which two servers can never
        // pass and three always do, whatever the spread (issue 36: the goal
        // was 3 × the limit, and three servers gave 29 when one got 9).
        assert_eq!(parts(2, &[s, s.with_servers(2)]), 0, "seed {seed}");
        let three = s.with_servers(3);
        assert_eq!(parts(2, &[s, three]), 1, "seed {seed}: part 1");
        assert_eq!(parts(2, &[s, three.with_lb(RoundRobin)]), 1, "seed {seed}");
        // Part 2: sticky sessions, whatever the servers: one server sees
        // every request, 10 through.
        for n in [1, 3, 16] {
            let sticky = three.with_servers(n).with_lb(Sticky);
            assert_eq!(at(&sticky), 10, "seed {seed}: {n} servers");
            assert_eq!(parts(2, &[s, three, sticky]), 2, "seed {seed}: part 2");
        }
        // Part 3: a deploy moves the user mid-burst: the next server (or
        // the lone one, restarted) starts from zero, more than 10 through
        // and never more than 2 × 10.
        let sticky = three.with_lb(Sticky);
        for n in [1, 3, 16] {
            for m in [10, 20, 30] {
                let moved = sticky.with_servers(n).with_move_ms(Some(m));
                assert!(
                    (11..=20).contains(&at(&moved)),
                    "seed {seed}: {n} servers, move at {m}: {}",
                    at(&moved)
                );
                assert_eq!(
                    parts(2, &[s, three, sticky, moved]),
                    3,
                    "seed {seed}: part 3"
                );
            }
        }
        // Not before: no part 3 without the move (more servers change
        // nothing), none without sticky sessions (a move means nothing
        // under a random spread), and sticky first never passes part 1.
        assert_eq!(
            parts(2, &[s, three, sticky, sticky.with_servers(16)]),
            2,
            "seed {seed}"
        );
        let moved = sticky.with_move_ms(Some(20));
        assert_eq!(
            parts(2, &[s, three, moved.with_lb(Random)]),
            1,
            "seed {seed}"
        );
        let first = s.with_lb(Sticky);
        assert_eq!(
            parts(
                2,
                &[s, first, first.with_servers(16), moved.with_servers(16)]
            ),
            0,
            "seed {seed}: sticky first"
        );
    }
}

#[test]
fn step_3_the_split_then_the_edge_each_met_by_the_move_it_names() {
    use sim::Strategy::{Edge, Incr, Local, Split};
    let three = &steps()[2];
    assert_eq!(
        (three.scenario.strategy, three.scenario.servers),
        (Split, 1)
    );
    let t = Texts::english();
    let quoted = format!("“{}”", t.get(Text::TabEdge));
    assert!(three.hint.contains(&quoted), "{quoted} in {}", three.hint);
    for seed in 0..200 {
        let s = three.scenario.with_seed(seed);
        assert_eq!(parts(3, &[s]), 0, "seed {seed}: nothing on entry");
        // At the edge first: both users get all 10, so part 1 is not met.
        let edge = s.with_strategy(Edge);
        assert_eq!(parts(3, &[s, edge]), 0, "seed {seed}: the edge first");
        // Part 1: the first server count whose shares refuse a regular
        // user some (or the next burst's).
        let split = (2..=16)
            .flat_map(|n| [seed, seed + 1000].map(|x| s.with_servers(n).with_seed(x)))
            .find(|x| parts(3, &[s, *x]) == 1)
            .unwrap_or_else(|| panic!("seed {seed}: no server count refuses the regular user"));
        // Part 2: the edge, with the servers still there: 10 for the
        // burst and 10 for the regular user.
        let edge = split.with_strategy(Edge);
        let r = sim::run(&edge);
        assert_eq!((r.allowed, r.regular_user), (10, 10), "seed {seed}");
        assert_eq!(parts(3, &[s, split, edge]), 2, "seed {seed}: part 2");
        // Another tab is not the edge.
        for other in [Local, Incr] {
            assert_eq!(
                parts(3, &[s, split, split.with_strategy(other)]),
                1,
                "seed {seed}: {other:?}"
            );
        }
    }
}

#[test]
fn each_step_keeps_in_sight_the_controls_it_needs() {
    let uses: Vec<Vec<&str>> = steps().into_iter().map(|s| s.uses).collect();
    assert_eq!(
        uses,
        [
            vec![],
            // Sticky sessions (the stylesheet shows the move with them).
            vec!["lb", "servers"],
            // The regular user's line in the totals, which step 3 is
            // about, then the tabs for the edge.
            vec!["regular", "strategy", "servers"],
            vec!["rtt"],
            vec!["servers", "rtt"],
            // The window's edge, then how the count is kept.
            vec!["edge", "algo"],
            vec!["fail"],
            vec!["sync"],
        ]
    );
}

/// A content file with `tour` as its lesson.
fn lesson(tour: &str) -> content::Content {
    content::parse(&format!(r#"{{ "tour": {tour} }}"#)).expect("the file is read")
}

const GOOD: &str = r#"{ "title": "Two servers", "text": "Two servers, one limit. Watch.", "goal": "allowed-at-least 2",
  "task": "Get 20 through.", "hint": "Add a server.", "done": "Each counts alone.", "scenario": "strategy=local&servers=1" }"#;

#[test]
fn a_content_files_steps_replace_the_built_in_ones() {
    let c = lesson(&format!("[{GOOD}, {GOOD}]"));
    let steps = c.tour.expect("two steps");
    assert_eq!(steps.len(), 2);
    assert_eq!(steps[0].title, "Two servers");
    assert_eq!(steps[0].goal, Goal::AllowedAtLeast(2000));
    assert_eq!(steps[0].scenario, scenario("strategy=local&servers=1"));
    assert!(c.notices.is_empty());
    // Without a tour, the built-in steps apply.
    assert_eq!(content::parse("{}").unwrap().tour, None);
}

#[test]
fn a_bad_step_is_left_out_with_a_notice_and_the_others_are_kept() {
    let cases = [
        (r#"{ "title": "x" }"#, "text"),
        (
            r#"{ "title": "A", "text": "B.", "goal": "win", "task": "C", "hint": "D", "done": "E" }"#,
            "goal",
        ),
        (
            r#"{ "title": "A", "text": "One. Two. Three. Four.", "goal": "replay-end", "task": "C", "hint": "D", "done": "E" }"#,
            "text",
        ),
        (
            r#"{ "title": "A", "text": "B", "goal": "replay-end", "task": "C", "hint": "D", "done": "E", "scenario": "servers=99" }"#,
            "scenario",
        ),
        (
            r#"{ "title": "A", "text": "B", "goal": "replay-end", "task": "C", "hint": "D", "done": "E", "scenario": "colour=red" }"#,
            "scenario",
        ),
        (
            r#"{ "title": "A", "text": "B", "goal": "replay-end", "task": "C", "hint": "D", "done": "E", "tip": "F" }"#,
            "tip",
        ),
    ];
    for (bad, why) in cases {
        let c = lesson(&format!("[{GOOD}, {bad}, {GOOD}]"));
        assert_eq!(c.tour.as_ref().map(Vec::len), Some(2), "{bad}");
        assert_eq!(
            c.notices,
            [format!(
                "Lesson step 2 of the content file is left out: its “{why}” is missing, unknown or not one the widget can use."
            )]
        );
    }
    // Every step bad: the built-in lesson, with the notice.
    let c = lesson(r#"[{ "title": "x" }]"#);
    assert_eq!((c.tour, c.notices.len()), (None, 1));
}

#[test]
fn sentences_are_counted_by_their_ends_not_by_decimal_points() {
    for (s, n) in [
        ("", 0),
        ("One", 1),
        ("One.", 1),
        ("At 1.5 ms, it holds. Why?", 2),
        ("A! B? C. D.", 4),
    ] {
        assert_eq!(tour::sentences(s), n, "{s}");
    }
}

#[test]
fn tour_in_the_address_opens_at_a_step_clamped_with_a_notice() {
    let t = english();
    let open = |q: &str| page::parse(&ratelimit_lab::sim::params::pairs(q), &t);
    assert_eq!(open("").tour, None);
    assert_eq!(open("tour=1").tour, Some(1));
    assert_eq!(open("tour=yes").tour, Some(1));
    assert_eq!(open("tour=4").tour, Some(4));
    assert_eq!(open("tour=0").tour, None);
    assert_eq!(open("tour=no").tour, None);
    let bad = open("tour=first");
    assert_eq!(bad.tour, None);
    assert_eq!(
        bad.notices,
        ["tour=“first” is not a step number, so the lesson is not opened."]
    );
    assert_eq!(tour::open_at(4, 7, &t), (3, None));
    assert_eq!(
        tour::open_at(9, 7, &t),
        (
            6,
            Some("tour=9 is not a step from 1 to 7, so step 7 is shown.".into())
        )
    );
    assert_eq!(tour::open_at(3, 2, &t).0, 1);
}

#[test]
fn the_offer_says_how_many_steps_and_about_how_long() {
    assert_eq!(
        tour::offer(8, &english()),
        "Start the lesson: 8 steps, about 12 min"
    );
    assert_eq!(
        tour::offer(tour::builtin(&english()).len(), &english()),
        "Start the lesson: 8 steps, about 12 min"
    );
    assert_eq!(
        tour::offer(2, &english()),
        "Start the lesson: 2 steps, about 3 min"
    );
    // One step is a step, not "1 steps".
    assert_eq!(
        tour::offer(1, &english()),
        "Start the lesson: 1 step, about 2 min"
    );
}

#[test]
fn the_panel_shows_the_step_its_progress_and_goal_open() {
    let t = english();
    let html = tour::panel(&steps(), 3, &t, "rll1", 2);
    assert!(html.contains(r#"data-step="4" data-steps="8""#));
    assert!(html.contains(r#"data-testid="tour-progress" data-value="4/8">Step 4 of 8<"#));
    assert!(html.contains(r#"data-done="false" data-parts="0/1""#));
    // A goal in two parts starts with none met.
    let six = tour::panel(&steps(), 5, &t, "rll1", 2);
    assert!(
        six.contains(r#"data-done="false" data-parts="0/2""#),
        "{six}"
    );
    assert!(
        six.contains("The window&#39;s edge</h2>") || six.contains("The window's edge</h2>"),
        "{six}"
    );
    assert!(html.contains("One counter in Redis: GET, then SET</h2>"));
    // Next on the last step finishes; Back on the first does nothing.
    assert!(tour::panel(&steps(), 7, &t, "rll1", 2).contains(">Finish<"));
    assert!(!tour::panel(&steps(), 6, &t, "rll1", 2).contains(">Finish<"));
    assert!(tour::panel(&steps(), 0, &t, "rll1", 2).contains(r#"data-act="tour-back" disabled"#));
    // The status line: the explanation once done; why not fail open once
    // the outcome has been seen with it.
    let seven = &steps()[6];
    assert!(tour::status(seven, 1, true, false, &t).starts_with("Done. Fail closed"));
    assert!(tour::status(seven, 0, false, true, &t).starts_with("Fail open lets"));
    assert_eq!(tour::status(seven, 0, false, false, &t), "");
    // A goal in two parts: its first part met says so, and only the
    // second says "Done.".
    let six = &steps()[5];
    assert_eq!(tour::status(six, 0, false, true, &t), "");
    assert_eq!(
        tour::status(six, 1, false, true, &t),
        "Part 1 of 2 done. Now the next."
    );
    assert!(tour::status(six, 2, false, true, &t).starts_with("Done. Each window's key"));
}

#[test]
fn the_french_file_translates_every_built_in_step() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/public/content/fr.json");
    let c = content::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    let fr = tour::builtin(&c.texts);
    let en = tour::builtin(&Texts::english());
    for (f, e) in fr.iter().zip(&en) {
        assert_ne!(f.title, e.title);
        assert_ne!(f.task, e.task);
        assert_eq!(f.goal, e.goal);
    }
}

#[test]
fn the_recap_counts_the_goals_met_and_says_the_five_ideas() {
    let t = english();
    let r = tour::recap(5, 8, true, &t, "rll1", 2);
    assert!(r.contains("You met 5 of 8 goals."), "{r}");
    assert!(
        r.contains("N servers let up to N × the limit through"),
        "{r}"
    );
    assert!(
        r.contains("a sticky session's user who is moved gets a fresh count"),
        "{r}"
    );
    assert!(r.contains("GET, then SET leaves a gap"), "{r}");
    assert!(r.contains("One atomic step in Redis (INCR)"), "{r}");
    assert!(
        r.contains("fail closed refuses every request and fail open"),
        "{r}"
    );
    assert!(r.contains("a limit at the edge is exact only while"), "{r}");
    assert!(
        r.contains("a burst across an edge can get twice the limit"),
        "{r}"
    );
    assert_eq!(r.matches("<li>").count(), 5);
    // The quiz first, as the suggested next thing; without a quiz, Start
    // again is.
    let quiz = r.find(r#"data-act="tour-quiz""#).expect("the quiz button");
    assert!(quiz < r.find(r#"data-act="tour-start""#).unwrap());
    assert!(
        r.contains(r#"rll-button--primary" data-act="tour-quiz""#),
        "{r}"
    );
    let alone = tour::recap(8, 8, false, &t, "rll1", 3);
    assert!(!alone.contains("tour-quiz"), "{alone}");
    assert!(
        alone.contains(r#"rll-button--primary" data-act="tour-start""#),
        "{alone}"
    );
    assert!(alone.contains(r#"<h3 class="rll-tour__title" id="rll1-recap-title""#));
}

#[test]
fn a_recap_sentence_a_content_file_leaves_empty_is_left_out() {
    let t = content::parse(r#"{"text": {"tour.recap.2": ""}}"#)
        .expect("the file is read")
        .texts;
    let r = tour::recap(1, 2, true, &t, "rll1", 2);
    assert_eq!(r.matches("<li>").count(), 4, "{r}");
    assert!(!r.contains("GET, then SET leaves a gap"), "{r}");
}
