//! The race on one clock (`vm::timeline`): the first eight requests, each
//! a row from arrival to answer with the Redis commands run for it, times
//! in µs after the first arrival.
//!
//! A row is written `#number sN arrival→answer ok|429 [ops] [gap a–b]
//! [shared] [fail-rule]`, ops as `GET@1000=0` (what ran when, and the
//! value). The numbers come from the fixed runs in `snapshots/`: in
//! `getset-default.snap` request 0 arrives at 271 µs (the axis' zero) on
//! server 2, its GET runs at 1271 (1000 on the axis) and reads 0, its
//! SET(1) runs at 3271 (3000) and it is answered at 4271 (4000).

use ratelimit_lab::sim::{Command, Report};
use ratelimit_lab::vm::reads::shared_reads;
use ratelimit_lab::vm::timeline::{timeline, Row, Timeline, ROWS};

use crate::vm_support::report;

fn of(r: &Report) -> Timeline {
    timeline(r, &shared_reads(r))
}

fn show(row: &Row) -> String {
    let mut s = format!(
        "#{} s{} {}→{} {}",
        row.number,
        row.server,
        row.arrival,
        row.answer,
        if row.allowed { "ok" } else { "429" }
    );
    for (c, t, v) in &row.ops {
        s.push_str(&format!(" {}@{t}={v}", c.as_str()));
    }
    if let Some((a, b)) = row.gap {
        s.push_str(&format!(" gap {a}–{b}"));
    }
    if row.shared {
        s.push_str(" shared");
    }
    if row.by_fail_rule {
        s.push_str(" fail-rule");
    }
    s
}

/// The rows for `query` against `expected` (one row a line), and the
/// axis' length.
#[track_caller]
fn check(query: &str, span: u64, expected: &str) {
    let tl = of(&report(query));
    let want: Vec<&str> = expected
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let got: Vec<String> = tl.rows.iter().map(show).collect();
    assert_eq!(got, want, "\n{query}:\n{}\n", got.join("\n"));
    assert_eq!(tl.span, span, "{query}");
}

#[test]
fn get_then_set_shades_each_request_from_its_get_to_its_set() {
    // getset-default.snap, less 271 µs. Requests 1–2 read 0 together,
    // 3–5 read 1, 6–8 read 2: every row shares its read.
    check(
        "strategy=getset",
        10_190,
        "
        #1 s2 0→4000 ok GET@1000=0 SET@3000=1 gap 1000–3000 shared
        #2 s1 9→4009 ok GET@1009=0 SET@3009=1 gap 1009–3009 shared
        #3 s3 3064→7064 ok GET@4064=1 SET@6064=2 gap 4064–6064 shared
        #4 s3 3959→7959 ok GET@4959=1 SET@6959=2 gap 4959–6959 shared
        #5 s2 4033→8033 ok GET@5033=1 SET@7033=2 gap 5033–7033 shared
        #6 s2 5253→9253 ok GET@6253=2 SET@8253=3 gap 6253–8253 shared
        #7 s2 6184→10184 ok GET@7184=2 SET@9184=3 gap 7184–9184 shared
        #8 s4 6190→10190 ok GET@7190=2 SET@9190=3 gap 7190–9190 shared
        ",
    );
}

#[test]
fn a_refused_request_is_shaded_from_its_get_to_its_answer() {
    // Limit 2: a request whose GET reads 2 is refused and sends no SET, so
    // its stretch runs from the GET to its answer.
    let tl = of(&report("strategy=getset&limit=2"));
    let refused: Vec<&Row> = tl.rows.iter().filter(|r| !r.allowed).collect();
    assert!(!refused.is_empty());
    for row in refused {
        assert_eq!(row.ops.len(), 1, "{}", show(row));
        let (c, get, _) = row.ops[0];
        assert_eq!(c, Command::Get);
        assert_eq!(row.gap, Some((get, row.answer)), "{}", show(row));
    }
}

#[test]
fn with_a_zero_round_trip_nothing_overlaps() {
    // GET and SET run the instant the request arrives: the stretch is
    // empty and no read is shared.
    check(
        "strategy=getset&rtt=0",
        6190,
        "
        #1 s2 0→0 ok GET@0=0 SET@0=1 gap 0–0
        #2 s1 9→9 ok GET@9=1 SET@9=2 gap 9–9
        #3 s3 3064→3064 ok GET@3064=2 SET@3064=3 gap 3064–3064
        #4 s3 3959→3959 ok GET@3959=3 SET@3959=4 gap 3959–3959
        #5 s2 4033→4033 ok GET@4033=4 SET@4033=5 gap 4033–4033
        #6 s2 5253→5253 ok GET@5253=5 SET@5253=6 gap 5253–5253
        #7 s2 6184→6184 ok GET@6184=6 SET@6184=7 gap 6184–6184
        #8 s4 6190→6190 ok GET@6190=7 SET@6190=8 gap 6190–6190
        ",
    );
}

#[test]
fn incr_has_one_command_a_request_and_no_stretch() {
    // incr-default-rtt-20.snap: INCR runs 10 ms after arrival, the reply
    // lands 10 ms later; the EXPIRE sent for request 1 is not drawn.
    check(
        "strategy=incr&rtt=20",
        26_190,
        "
        #1 s2 0→20000 ok INCR@10000=1
        #2 s1 9→20009 ok INCR@10009=2
        #3 s3 3064→23064 ok INCR@13064=3
        #4 s3 3959→23959 ok INCR@13959=4
        #5 s2 4033→24033 ok INCR@14033=5
        #6 s2 5253→25253 ok INCR@15253=6
        #7 s2 6184→26184 ok INCR@16184=7
        #8 s4 6190→26190 ok INCR@16190=8
        ",
    );
}

#[test]
fn with_redis_down_every_row_waits_for_the_fail_rule() {
    // incr-redis-down-fail-closed.snap: no command runs; each request is
    // refused 50 ms after it arrived.
    let tl = of(&report("strategy=incr&redis=down&fail=closed"));
    assert_eq!(show(&tl.rows[0]), "#1 s2 0→50000 429 fail-rule");
    assert_eq!(show(&tl.rows[7]), "#8 s4 6190→56190 429 fail-rule");
    let tl = of(&report("strategy=getset&redis=down"));
    assert!(tl
        .rows
        .iter()
        .all(|r| r.ops.is_empty() && r.gap.is_none() && r.by_fail_rule && r.allowed));
}

#[test]
fn strategies_without_a_call_per_request_draw_only_arrivals_and_answers() {
    for q in [
        "strategy=local",
        "strategy=split",
        "strategy=edge",
        "strategy=sync",
    ] {
        let r = report(q);
        let tl = of(&r);
        assert_eq!(tl.rows.len(), ROWS, "{q}");
        for (row, req) in tl.rows.iter().zip(&r.requests) {
            assert!(
                row.ops.is_empty() && row.gap.is_none() && !row.shared,
                "{q}: {}",
                show(row)
            );
            // Decided and answered on arrival.
            assert_eq!(row.arrival, row.answer, "{q}: {}", show(row));
            assert_eq!(row.arrival + tl.t0, req.arrival_us);
        }
    }
}

#[test]
fn a_request_the_gateway_refused_has_no_server() {
    // Edge with a limit of 2: the gateway refuses from the third request.
    check(
        "strategy=edge&limit=2",
        6190,
        "
        #1 s2 0→0 ok
        #2 s1 9→9 ok
        #3 s0 3064→3064 429
        #4 s0 3959→3959 429
        #5 s0 4033→4033 429
        #6 s0 5253→5253 429
        #7 s0 6184→6184 429
        #8 s0 6190→6190 429
        ",
    );
}

#[test]
fn a_short_burst_has_one_row_a_request() {
    for burst in [1, 2, 7, 8, 9, 500] {
        let tl = of(&report(&format!("strategy=getset&burst={burst}")));
        assert_eq!(tl.rows.len(), (burst as usize).min(ROWS), "burst {burst}");
        let numbers: Vec<u32> = tl.rows.iter().map(|r| r.number).collect();
        assert_eq!(numbers, (1..=tl.rows.len() as u32).collect::<Vec<_>>());
    }
    assert_eq!(ROWS, 8);
    // One request answered on arrival: the axis is still 1 µs long.
    let tl = of(&report("strategy=local&burst=1"));
    assert_eq!(tl.span, 1);
}

#[test]
fn the_axis_runs_to_the_last_thing_drawn() {
    for q in [
        "strategy=getset",
        "strategy=getset&rtt=20",
        "strategy=incr&redis=slow&timeout=200",
        "strategy=lua&rtt=7",
        "strategy=local",
    ] {
        let tl = of(&report(q));
        let last = (tl.rows.iter())
            .flat_map(|r| std::iter::once(r.answer).chain(r.ops.iter().map(|o| o.1)))
            .max()
            .unwrap();
        assert_eq!(tl.span, last.max(1), "{q}");
        assert_eq!(tl.rows[0].arrival, 0, "{q}");
        for row in &tl.rows {
            assert!(row.arrival <= row.answer, "{q}: {}", show(row));
            if let Some((a, b)) = row.gap {
                assert!(
                    row.arrival <= a && a <= b && b <= tl.span,
                    "{q}: {}",
                    show(row)
                );
            }
        }
    }
}

#[test]
fn the_cursor_is_on_the_axis_only_inside_it() {
    // getset-default: the axis starts at the first arrival (271 µs) and
    // is 10,190 µs long.
    let tl = of(&report("strategy=getset"));
    assert_eq!(tl.t0, 271);
    for (t, want) in [
        (0, None),
        (270, None),
        (271, Some(0)),
        (5271, Some(5000)),
        (10_461, Some(10_190)),
        (10_462, None),
    ] {
        assert_eq!(tl.cursor(t), want, "t = {t} µs");
    }
}

#[test]
fn the_caption_names_the_strategy_unless_redis_is_down_or_instant() {
    use ratelimit_lab::sim::{Health, Scenario, Strategy};
    use ratelimit_lab::vm::text::Text;
    use ratelimit_lab::vm::timeline::caption;
    let s = |st| Scenario::default().with_strategy(st);
    assert_eq!(caption(&s(Strategy::GetSet)), Text::TimelineGetSet);
    assert_eq!(caption(&s(Strategy::Lua)), Text::TimelineLua);
    assert_eq!(caption(&s(Strategy::Incr)), Text::TimelineIncr);
    assert_eq!(caption(&s(Strategy::Local)), Text::TimelineIncr);
    let instant = s(Strategy::GetSet).with_rtt_us(0);
    assert_eq!(caption(&instant), Text::TimelineRtt0);
    // Down says so even with a zero round trip.
    assert_eq!(
        caption(&instant.with_redis(Health::Down)),
        Text::TimelineDown
    );
    assert_eq!(
        caption(&s(Strategy::Lua).with_redis(Health::Slow)),
        Text::TimelineLua
    );
}

#[test]
fn the_key_lists_the_marks_the_strategy_draws() {
    use ratelimit_lab::sim::Strategy;
    use ratelimit_lab::vm::text::Texts;
    use ratelimit_lab::vm::timeline::key;
    let t = Texts::english();
    assert_eq!(
        key(Strategy::GetSet, &t),
        "<li><i class=\"rll-tl__swatch rll-tl__swatch--get\"></i> GET (value read)</li>\
         <li><i class=\"rll-tl__swatch rll-tl__swatch--set\"></i> SET (value written)</li>\
         <li><i class=\"rll-tl__swatch rll-tl__swatch--gap\"></i> read, not yet written back</li>\
         <li>ok / 429: the answer</li>"
    );
    assert_eq!(
        key(Strategy::Lua, &t),
        "<li><i class=\"rll-tl__swatch rll-tl__swatch--incr\"></i> \
         script: 1 = allowed, 0 = refused</li><li>ok / 429: the answer</li>"
    );
    assert_eq!(
        key(Strategy::Incr, &t),
        "<li><i class=\"rll-tl__swatch rll-tl__swatch--incr\"></i> \
         INCR (count returned)</li><li>ok / 429: the answer</li>"
    );
}
