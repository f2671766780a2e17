//! What Redis saw (`vm::log::lines`): one line per command in the order
//! Redis ran it, a run of GETs that read the same count folded into one
//! line, each with the note that spells the race out.
//!
//! A line is written `at | who | command | note`, with a trailing `!` when
//! it is part of the race (a shared read or a lost update). Every time and
//! value below can be read off the fixed runs in `snapshots/` (the
//! determinism snapshots): e.g. `getset-default.snap` has request 0 arrive
//! at 271 µs on server 2, its GET run at 1271 µs and read 0, its SET(1) run
//! at 3271 µs.

use std::path::Path;

use ratelimit_lab::sim::Report;
use ratelimit_lab::vm::log::{empty_note, lines, Line, SHELL, SHOWN};
use ratelimit_lab::vm::reads::shared_reads;
use ratelimit_lab::vm::text::Text;

use crate::vm_support::{english, report};

/// The log of `r` up to `t_us`, at most `max` lines, as text.
fn log_at(r: &Report, t_us: u64, max: usize) -> Vec<String> {
    lines(r, &shared_reads(r), t_us, max, &english())
        .iter()
        .map(show)
        .collect()
}

/// The whole log of `r`.
fn whole(r: &Report) -> Vec<Line> {
    lines(r, &shared_reads(r), u64::MAX, usize::MAX, &english())
}

fn show(l: &Line) -> String {
    let mut s = format!("{} | {} | {} | {}", l.at, l.who, l.command, l.note);
    s.truncate(s.trim_end().len());
    if l.warn {
        s.push_str(" !");
    }
    s
}

/// The first lines of the log for `query` against `expected`, one line per
/// row (surrounding spaces trimmed).
#[track_caller]
fn check(query: &str, expected: &str) {
    let want: Vec<&str> = expected
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let got = log_at(&report(query), u64::MAX, want.len());
    assert_eq!(got, want, "\n{query}:\n{}\n", got.join("\n"));
}

/// How many commands a line stands for ("GET → 0 ×11" is eleven).
fn commands_on(line: &Line) -> usize {
    line.command
        .split_once('×')
        .map_or(1, |(_, n)| n.parse().expect("a count"))
}

#[test]
fn get_then_set_reads_in_a_group_then_a_lost_update() {
    // getset-default.snap (requests counted from 0 there, from 1 here):
    // c0 GET at 1271 and c1 GET at 1280 both read 0; c2 SET(1) at 3271
    // raises the counter; c3 SET(1) at 3280 writes 1 over 1: lost. Its
    // requests 2–4 (#3–#5) read 1 at 4335, 5230 and 5304.
    check(
        "strategy=getset",
        "
        1.27–1.28 ms | #1 – #2 | GET → 0 ×2 | #1 to #2 all read 0: all will allow !
        3.27 ms | #1 via server 2 | SET 1 |
        3.28 ms | #2 via server 1 | SET 1 | counter was already 1: an update is lost !
        4.34–5.3 ms | #3 – #5 | GET → 1 ×3 | #3 to #5 all read 1: all will allow !
        6.34 ms | #3 via server 3 | SET 2 |
        6.52 ms | #6 via server 2 | GET → 2 | will allow !
        ",
    );
}

#[test]
fn at_a_20_ms_round_trip_the_first_eighteen_reads_of_0_are_one_line() {
    // Every request arriving in the first 20 ms reads 0 before the first
    // SET lands at 30.27 ms (request 1's GET runs at 10.27 ms, its SET 20
    // ms later).
    check(
        "strategy=getset&rtt=20",
        "
        10.27–29.69 ms | #1 – #18 | GET → 0 ×18 | #1 to #18 all read 0: all will allow !
        30.27 ms | #1 via server 2 | SET 1 |
        30.28 ms | #2 via server 1 | SET 1 | counter was already 1: an update is lost !
        ",
    );
}

#[test]
fn with_a_zero_round_trip_each_get_is_followed_by_its_set() {
    // Nothing overlaps: no read is shared, no update lost, and from the
    // eleventh request on every GET reads 10 and refuses.
    let got = log_at(&report("strategy=getset&rtt=0"), u64::MAX, usize::MAX);
    assert_eq!(
        got[..4],
        [
            "0.27 ms | #1 via server 2 | GET → 0 | will allow",
            "0.27 ms | #1 via server 2 | SET 1 |",
            "0.28 ms | #2 via server 1 | GET → 1 | will allow",
            "0.28 ms | #2 via server 1 | SET 2 |",
        ]
    );
    assert_eq!(
        got[20],
        "10.88 ms | #11 via server 3 | GET → 10 | will refuse"
    );
    assert_eq!(got.len(), 10 * 2 + 30);
    assert!(got.iter().all(|l| !l.ends_with('!')), "{got:#?}");
}

#[test]
fn incr_allows_up_to_the_limit_and_starts_the_window_clock() {
    // incr at 20 ms (incr-default-rtt-20.snap): INCR returns 1, 2, … in
    // arrival order; the EXPIRE is sent when the first reply arrives
    // (20.27 ms) and runs 10 ms later, after INCRs 17 and 18.
    let r = report("strategy=incr&rtt=20");
    let got = log_at(&r, u64::MAX, usize::MAX);
    assert_eq!(got[0], "10.27 ms | #1 via server 2 | INCR → 1 | allow");
    assert_eq!(got[9], "19.56 ms | #10 via server 3 | INCR → 10 | allow");
    assert_eq!(got[10], "20.88 ms | #11 via server 3 | INCR → 11 | refuse");
    let expire: Vec<&String> = got.iter().filter(|l| l.contains("EXPIRE")).collect();
    assert_eq!(
        expire,
        ["30.27 ms | #1 via server 2 | EXPIRE | start the window's clock"]
    );
    assert_eq!(got.len(), 41);
}

#[test]
fn the_lua_script_says_how_many_tokens_are_left() {
    check(
        "strategy=lua",
        "
        1.27 ms | #1 via server 2 | EVALSHA → 1 | allowed, 9 tokens left
        1.28 ms | #2 via server 1 | EVALSHA → 1 | allowed, 8 tokens left
        ",
    );
    let got = log_at(&report("strategy=lua"), u64::MAX, usize::MAX);
    assert_eq!(
        got[9],
        "10.56 ms | #10 via server 3 | EVALSHA → 1 | allowed, 0 tokens left"
    );
    assert_eq!(
        got[10],
        "11.88 ms | #11 via server 3 | EVALSHA → 0 | refused: no whole token left"
    );
}

#[test]
fn one_token_left_is_singular() {
    let got = log_at(&report("strategy=lua"), u64::MAX, usize::MAX);
    assert_eq!(
        got[8],
        "7.53 ms | #9 via server 3 | EVALSHA → 1 | allowed, 1 token left"
    );
}

#[test]
fn sync_batches_add_their_counts() {
    // sync-default.snap: c0 INCRBY(0) from server 1 runs at 1 ms, c1
    // INCRBY(1) from server 2 at 3.5 ms, c2 INCRBY(2) at 6 ms: total 3.
    check(
        "strategy=sync",
        "
        1 ms | server 1, batch | INCRBY 0 | +0: total 0
        3.5 ms | server 2, batch | INCRBY 1 | +1: total 1
        6 ms | server 3, batch | INCRBY 2 | +2: total 3
        8.5 ms | server 4, batch | INCRBY 1 | +1: total 4
        ",
    );
}

#[test]
fn a_command_that_ran_after_its_server_gave_up_says_so() {
    // Sync: the batch still landed, so its total stands.
    check(
        "strategy=sync&redis=slow&sync=1",
        "
        101 ms | server 1, batch | INCRBY 0 | +0: total 0; ran after its server gave up
        ",
    );
    // In time, nothing says so.
    for q in [
        "strategy=incr",
        "strategy=sync",
        "strategy=getset",
        "strategy=lua",
    ] {
        let r = report(q);
        assert!(whole(&r).iter().all(|l| !l.note.contains("gave up")), "{q}");
    }
}

#[test]
fn a_reply_that_came_too_late_decided_nothing() {
    // Redis slow (+100 ms) and a 20 ms timeout: every INCR runs ~80 ms
    // after its server stopped waiting, and the fail rule decided the
    // request. "allow" or "refuse" beside it would be the INCR's verdict,
    // which nobody heard: with fail closed, request #1 was refused.
    for fail in ["open", "closed"] {
        check(
            &format!("strategy=incr&redis=slow&timeout=20&fail={fail}"),
            "
            101.27 ms | #1 via server 2 | INCR → 1 | ran after its server gave up
            ",
        );
        check(
            &format!("strategy=lua&redis=slow&timeout=20&fail={fail}"),
            "
            101.27 ms | #1 via server 2 | EVALSHA → 1 | ran after its server gave up
            ",
        );
    }
}

#[test]
fn reads_that_came_back_too_late_are_not_grouped_as_a_race() {
    // Redis slow, fail closed: all 40 GETs ran after their servers gave
    // up and every request was refused by the fail rule. The log must not
    // say they "all will allow"; each line says it came too late.
    let r = report("strategy=getset&redis=slow&fail=closed");
    assert_eq!(r.allowed, 0);
    let log = whole(&r);
    assert_eq!(log.len(), 40, "{log:#?}");
    assert_eq!(
        show(&log[0]),
        "101.27 ms | #1 via server 2 | GET → 0 | ran after its server gave up"
    );
    for l in &log {
        assert_eq!(l.note, "ran after its server gave up", "{l:?}");
        assert!(!l.warn, "{l:?}");
    }
}

#[test]
fn without_redis_or_with_redis_down_the_log_is_empty() {
    for q in [
        "strategy=local",
        "strategy=split",
        "strategy=edge",
        "strategy=incr&redis=down",
        "strategy=getset&redis=down",
        "strategy=lua&redis=down&fail=closed",
        "strategy=sync&redis=down",
    ] {
        assert!(whole(&report(q)).is_empty(), "{q}");
    }
}

#[test]
fn every_command_that_ran_is_on_exactly_one_line_in_order() {
    for q in [
        "strategy=getset",
        "strategy=getset&rtt=20",
        "strategy=getset&servers=1",
        "strategy=getset&burst=500&servers=16",
        "strategy=incr&rtt=20",
        "strategy=lua&preset=per-minute",
        "strategy=sync&sync=1",
        "strategy=incr&redis=slow&timeout=20",
    ] {
        let r = report(q);
        let log = whole(&r);
        let ran = r.redis_log.len();
        assert_eq!(log.iter().map(commands_on).sum::<usize>(), ran, "{q}");
        // A GET line, folded or not, holds one value; its times never go
        // backwards down the log.
        let starts: Vec<f64> = log
            .iter()
            .map(|l| l.at.split(['–', ' ']).next().unwrap().parse().unwrap())
            .collect();
        assert!(starts.windows(2).all(|w| w[0] <= w[1]), "{q}: {starts:?}");
    }
}

#[test]
fn lost_updates_are_the_sets_that_did_not_raise_the_counter() {
    // Each lost-update line is one allowed request the counter never
    // counted, so there are as many as `Report::lost_updates`.
    for servers in [1, 4, 16] {
        for rtt in [0, 1, 2, 5, 20] {
            for seed in [1, 2026] {
                let q = format!("strategy=getset&servers={servers}&rtt={rtt}&seed={seed}&burst=60");
                let r = report(&q);
                let lost = whole(&r)
                    .iter()
                    .filter(|l| l.note.contains("update is lost"))
                    .count();
                assert_eq!(lost as u32, r.lost_updates(), "{q}");
            }
        }
    }
}

#[test]
fn the_cap_counts_lines_not_commands() {
    let r = report("strategy=getset&rtt=20");
    // One line: the run of eighteen reads, whole.
    assert_eq!(
        log_at(&r, u64::MAX, 1),
        ["10.27–29.69 ms | #1 – #18 | GET → 0 ×18 | #1 to #18 all read 0: all will allow !"]
    );
    assert!(log_at(&r, u64::MAX, 0).is_empty());
    // Capped, the log is the start of the whole log.
    let all = log_at(&r, u64::MAX, usize::MAX);
    for max in [1, 2, 5, SHOWN, 30] {
        assert_eq!(
            log_at(&r, u64::MAX, max),
            all[..max.min(all.len())],
            "max {max}"
        );
    }
    assert_eq!(SHOWN, 12);
}

#[test]
fn at_a_moment_only_the_commands_run_by_then() {
    let r = report("strategy=getset&rtt=20");
    // Before the first GET runs (10.27 ms), nothing.
    assert!(log_at(&r, 10_270, usize::MAX).is_empty());
    // At its run, one read of 0; at 15 ms, the reads of the five requests
    // that arrived in the first 5 ms.
    assert_eq!(
        log_at(&r, 10_271, usize::MAX),
        ["10.27 ms | #1 via server 2 | GET → 0 | will allow !"]
    );
    let at_15 = log_at(&r, 15_000, usize::MAX);
    assert_eq!(at_15.len(), 1);
    assert!(
        at_15[0].starts_with("10.27–14.3 ms | #1 – #5 | GET → 0 ×5 |"),
        "{at_15:?}"
    );
    // At every moment: one line per command run by then (folded runs
    // counted by their size), and the same lines as the whole log up to
    // the last, which may still be growing.
    let all = whole(&r);
    for t in r.event_times() {
        let now = lines(&r, &shared_reads(&r), t, usize::MAX, &english());
        let ran = (r.redis_log.iter())
            .filter(|&&i| r.calls[i as usize].executed_us.is_some_and(|x| x <= t))
            .count();
        assert_eq!(
            now.iter().map(commands_on).sum::<usize>(),
            ran,
            "t = {t} µs"
        );
        if let Some((_, before)) = now.split_last() {
            assert_eq!(before, &all[..before.len()], "t = {t} µs");
        }
    }
}

#[test]
fn before_the_first_command_runs_the_log_says_it_is_on_its_way() {
    // Issue 22: at 1.4 ms with a 4.8 ms round trip, GETs are in flight and
    // the log said "nothing reached it": nothing has, yet.
    let r = report("strategy=getset&rtt=4.8");
    let first_sent = r.calls.iter().map(|c| c.sent_us).min().unwrap();
    let first_run = (r.calls.iter())
        .filter_map(|c| c.executed_us)
        .min()
        .unwrap();
    assert!(
        first_sent < 1_400 && 1_400 < first_run,
        "{first_sent} {first_run}"
    );
    assert!(log_at(&r, 1_400, SHOWN).is_empty());
    assert_eq!(empty_note(&r, 1_400), Some(Text::LogNotYet));
    assert_eq!(
        english().get(Text::LogNotYet),
        "Redis has run no command yet: the first are still on their way."
    );
    // Before anything was sent, and once a command has run.
    assert_eq!(empty_note(&r, first_sent - 1), Some(Text::LogNothing));
    assert_eq!(empty_note(&r, first_run), None);
    assert_eq!(empty_note(&r, r.end_us), None);
    // Commands sent to a Redis that is down never reach it; nor does
    // anything without Redis.
    for q in [
        "strategy=incr&redis=down",
        "strategy=local",
        "strategy=edge",
    ] {
        let r = report(q);
        assert_eq!(empty_note(&r, r.end_us), Some(Text::LogNothing), "{q}");
        assert_eq!(empty_note(&r, 1_400), Some(Text::LogNothing), "{q}");
    }
    // The note and the lines agree at every moment: a note exactly while
    // there is no line.
    for q in [
        "strategy=getset&rtt=4.8",
        "strategy=sync",
        "strategy=lua&redis=slow",
    ] {
        let r = report(q);
        for t in r.event_times() {
            assert_eq!(
                empty_note(&r, t).is_some(),
                log_at(&r, t, SHOWN).is_empty(),
                "{q} at {t}"
            );
        }
    }
}

#[test]
fn a_line_of_the_race_is_marked_by_its_class_and_the_others_are_not() {
    // getset-default.snap: the first line is #1 and #2 reading 0 (the
    // race), the second #1's SET 1 (nothing shared, nothing lost).
    let log = whole(&report("strategy=getset"));
    assert!(log[0].warn && !log[1].warn);
    assert_eq!(log[0].class(), "rll-log__line rll-log__line--warn");
    assert_eq!(log[1].class(), "rll-log__line");
}

#[test]
fn each_line_holds_when_whose_the_command_and_the_note_in_that_order() {
    // The view fills the shell's four children by position: at, who,
    // command, note.
    assert_eq!(
        SHELL,
        concat!(
            r#"<span class="rll-log__at"></span>"#,
            r#"<span class="rll-log__who"></span>"#,
            r#"<code class="rll-log__cmd"></code>"#,
            r#"<span class="rll-log__note"></span>"#,
        )
    );
    // Every class the log's lines are written with has a style.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("style");
    let css: String = std::fs::read_dir(dir)
        .expect("style/")
        .map(|e| std::fs::read_to_string(e.expect("an entry").path()).expect("a style sheet"))
        .collect();
    for class in [
        "rll-log__line",
        "rll-log__line--warn",
        "rll-log__at",
        "rll-log__who",
        "rll-log__cmd",
        "rll-log__note",
    ] {
        assert!(css.contains(&format!(".{class}")), "{class} has no style");
    }
}

#[test]
fn the_view_of_the_log_writes_no_markup_and_no_class_of_its_own() {
    // Its markup and classes come from here (`SHELL`, `Line::class`).
    let view = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui/log.rs"))
        .expect("src/ui/log.rs");
    for (k, line) in view.lines().enumerate() {
        if line.trim_start().starts_with("//") {
            continue;
        }
        assert!(
            !line.contains("\"<") && !line.contains("#\"<") && !line.contains("rll-"),
            "src/ui/log.rs:{}: {}",
            k + 1,
            line.trim()
        );
    }
}
