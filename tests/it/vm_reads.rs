//! The one rule for "these requests read the same count" (`vm::reads`),
//! on logs written by hand, and the three places that show it (the
//! picture, the timeline, the Redis log) agreeing with it.
//!
//! A log is written as Redis ran it: `GET=0` is a GET that read 0, `SET=1`
//! a SET that wrote 1, `INCR=3` an INCR that returned 3; a trailing `~`
//! marks a command that ran after its server gave up waiting (its answer
//! never reached the server), a trailing `!` one that never ran (Redis
//! down). The expected column names, for each command in the same order,
//! the first GET (by its position, `c0`, `c1`, …) that read the same count,
//! or `-` where the command shares no read.

use ratelimit_lab::sim::{self, Call, Command, Report, Scenario, Strategy};
use ratelimit_lab::vm::{log, reads, timeline, topology};

use crate::vm_support::{english, report};

/// A GET then SET run whose calls are replaced by `commands` (one request
/// each, on server 1, sent 1 ms apart, run and answered in order), with
/// limit `limit`.
fn redis_saw(limit: u32, commands: &str) -> Report {
    let mut r = sim::run(
        &Scenario::default()
            .with_strategy(Strategy::GetSet)
            .with_limit(limit),
    );
    r.calls.clear();
    r.redis_log.clear();
    for (k, word) in commands.split_whitespace().enumerate() {
        let (late, never) = (word.ends_with('~'), word.ends_with('!'));
        let word = word.trim_end_matches(['~', '!']);
        let (name, value) = word.split_once('=').expect("COMMAND=value");
        let command = match name {
            "GET" => Command::Get,
            "SET" => Command::Set,
            "INCR" => Command::Incr,
            "EXPIRE" => Command::Expire,
            "EVALSHA" => Command::EvalSha,
            "INCRBY" => Command::IncrBy,
            other => panic!("unknown command {other}"),
        };
        let value: u32 = value.parse().expect("a number");
        let t = 1000 * k as u64;
        let run = (!never).then_some(t + 500);
        r.calls.push(Call {
            server: 0,
            request: Some(k as u32),
            command,
            arg: if command == Command::Set { value } else { 0 },
            sent_us: t,
            executed_us: run,
            value: if never { 0 } else { value },
            counter_after: value,
            replied_us: (!late && !never).then_some(t + 1000),
            abandoned_us: (late || never).then_some(t + 200),
        });
        if !never {
            r.redis_log.push(k as u32);
        }
    }
    r
}

/// The shared reads of `commands` (see the module doc) against `expected`.
#[track_caller]
fn check(limit: u32, commands: &str, expected: &str) {
    let r = redis_saw(limit, commands);
    let got: Vec<String> = reads::shared_reads(&r)
        .iter()
        .map(|s| s.map_or("-".to_string(), |i| format!("c{i}")))
        .collect();
    assert_eq!(got.join(" "), expected, "limit {limit}: {commands}");
}

#[test]
fn two_gets_that_read_the_same_count_under_the_limit_share_it() {
    // Both read 0: both requests are allowed on the same number.
    check(10, "GET=0 GET=0", "c0 c0");
    // A lone read shares nothing; a SET is never a read.
    check(10, "GET=0 SET=1 GET=1 SET=2", "- - - -");
    // The third read of 1 points at the first one, not at the one before.
    check(10, "GET=0 SET=1 GET=1 GET=1 SET=2 GET=1", "- - c2 c2 - c2");
    // Two runs of the same value apart still make one group.
    check(10, "GET=3 GET=3 SET=4 GET=3", "c0 c0 - c0");
    // Several groups side by side.
    check(10, "GET=0 GET=0 GET=1 GET=1 GET=2", "c0 c0 c2 c2 -");
}

#[test]
fn reads_at_or_over_the_limit_are_refusals_not_a_race() {
    // At 10 of 10 every reader refuses: nothing was allowed twice.
    check(10, "GET=10 GET=10 GET=11 GET=11", "- - - -");
    check(2, "GET=1 GET=1 GET=2 GET=2", "c0 c0 - -");
    // The last count under the limit still counts.
    check(1, "GET=0 GET=0 GET=1", "c0 c0 -");
}

#[test]
fn only_gets_share_reads() {
    check(
        10,
        "INCR=1 INCR=1 EXPIRE=1 EVALSHA=1 EVALSHA=1 INCRBY=1 INCRBY=1",
        "- - - - - - -",
    );
}

#[test]
fn a_get_that_never_ran_reads_nothing() {
    // Redis down: the value is 0 only because nothing was returned.
    check(10, "GET=0! GET=0! GET=0!", "- - -");
    check(10, "GET=0 GET=0!", "- -");
}

#[test]
fn a_get_whose_answer_came_after_its_server_gave_up_is_not_a_shared_read() {
    // Redis slow: the GETs ran, but after their servers had stopped
    // waiting; the fail rule decided those requests, not the value read,
    // so no two requests were "allowed on the same number".
    check(10, "GET=0~ GET=0~ GET=0~", "- - -");
    check(10, "GET=0 GET=0~", "- -");
}

#[test]
fn the_first_reader_is_the_first_in_the_order_redis_ran_them() {
    // Call 0 was sent first but ran second.
    let mut r = redis_saw(10, "GET=0 GET=0 GET=0");
    r.redis_log = vec![1, 0, 2];
    assert_eq!(reads::shared_reads(&r), [Some(1), Some(1), Some(1)]);
}

#[test]
fn shared_count_counts_the_readers_by_the_time_redis_ran_them() {
    // Run at 0.5, 1.5, 2.5 and 3.5 ms: the first two read 0 together, the
    // last reads 1 alone.
    let r = redis_saw(10, "GET=0 GET=0 SET=1 GET=1");
    let shared = reads::shared_reads(&r);
    for (t, want) in [(0, 0), (500, 1), (1499, 1), (1500, 2), (10_000, 2)] {
        assert_eq!(reads::shared_count(&r, &shared, t), want, "t = {t} µs");
    }
}

#[test]
fn no_strategy_but_get_then_set_has_shared_reads() {
    for s in Strategy::ALL {
        for rtt in [0, 2, 20] {
            let r = report(&format!("strategy={}&rtt={rtt}", s.as_str()));
            let shared = reads::shared_reads(&r);
            assert_eq!(shared.len(), r.calls.len());
            let any = shared.iter().any(Option::is_some);
            assert_eq!(any, s == Strategy::GetSet && rtt > 0, "{s:?} at {rtt} ms");
        }
    }
}

#[test]
fn the_picture_the_timeline_and_the_log_flag_the_same_reads() {
    let texts = english();
    for q in [
        "strategy=getset",
        "strategy=getset&rtt=20",
        "strategy=getset&servers=1&rtt=5",
        "strategy=getset&burst=200&lb=round-robin",
    ] {
        let r = report(q);
        let shared = reads::shared_reads(&r);
        // The timeline: a row is shared when its GET is.
        let tl = timeline::timeline(&r, &shared);
        for row in &tl.rows {
            let k = row.number - 1;
            let get = r
                .calls
                .iter()
                .position(|c| c.request == Some(k) && c.command == Command::Get);
            assert_eq!(
                row.shared,
                get.is_some_and(|g| shared[g].is_some()),
                "{q} #{}",
                row.number
            );
        }
        // The log: a GET line warns exactly when its read is shared.
        let lines = log::lines(&r, &shared, u64::MAX, usize::MAX, &texts);
        let get_lines: Vec<&log::Line> = lines
            .iter()
            .filter(|l| l.command.starts_with("GET"))
            .collect();
        let warned: usize = get_lines
            .iter()
            .filter(|l| l.warn)
            .map(|l| gets_on(l))
            .sum();
        let flagged = shared.iter().filter(|s| s.is_some()).count();
        assert_eq!(warned, flagged, "{q}");
        // The picture: at every moment, the replies on their way back
        // marked as a race are exactly the shared ones in flight.
        let l = topology::layout(r.scenario.strategy, r.scenario.servers, 600.0, 240.0);
        for t in r.event_times() {
            let f = topology::frame(&r, &l, &shared, t, true);
            let marked = f.packets.iter().filter(|p| p.back && p.warn).count();
            let in_flight = (r.calls.iter().zip(&shared))
                .filter(|(c, s)| {
                    s.is_some()
                        && c.executed_us.is_some_and(|x| x <= t)
                        && c.replied_us.is_some_and(|b| t < b)
                })
                .count();
            assert_eq!(marked, in_flight, "{q} at t = {t} µs");
        }
    }
}

/// How many GETs a log line stands for ("GET → 0 ×11" is eleven).
fn gets_on(line: &log::Line) -> usize {
    line.command
        .split_once('×')
        .map_or(1, |(_, n)| n.parse().expect("a count"))
}
