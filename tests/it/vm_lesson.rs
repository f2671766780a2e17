//! Issue 11's corrections to what the learner reads, each checked for
//! every strategy at a zero round trip, on one server, and at a 20 ms
//! round trip (`vm_support::every_corner`), over everything the view-model
//! says about a run: the verdicts, the totals, the figures and their notes,
//! the cost of sharing, what happens if Redis is slow or down, the Redis
//! log, the cards as heard and the picture's label.

use std::collections::BTreeSet;

use ratelimit_lab::sim::{self, Report, Strategy};
use ratelimit_lab::vm::{cards, log, reads, topology, totals};

use crate::vm_support::{end, english, every_corner, scenario, text_of, value};

/// Every sentence the widget shows about `r` at its end, each with where
/// it is shown.
fn everything_said(r: &Report) -> Vec<(&'static str, String)> {
    let t = english();
    let m = end(r);
    let shared = reads::shared_reads(r);
    let down = totals::down_scenario(r).map(|s| sim::run(&s));
    let mut said = vec![
        ("head", text_of(&totals::head_html(r, &m, true, &t))),
        ("stats", text_of(&totals::stats_html(r, &m, true, &t))),
        ("cost", text_of(&totals::cost_html(r, &m, &t))),
        ("redis note", totals::redis_note(r, down.as_ref(), &t)),
        ("counter note", totals::counter_note(r, &t)),
        ("latency", totals::latency(r, &t).1),
        (
            "picture",
            topology::label(
                &r.scenario,
                &m,
                true,
                reads::shared_count(r, &shared, m.t_us),
                &t,
            ),
        ),
    ];
    for v in totals::verdicts(r, &t) {
        said.push(("verdict", v.text));
    }
    for l in log::lines(r, &shared, u64::MAX, usize::MAX, &t) {
        said.push(("log", format!("{} {} {}", l.who, l.command, l.note)));
    }
    for c in cards::cards(r, u64::MAX) {
        said.push(("card", c.heard(&t)));
    }
    said
}

/// Fails with every corner (and where) whose sentences contain `words`.
#[track_caller]
fn nowhere(words: &str, when: impl Fn(&Report) -> bool) {
    let mut found = Vec::new();
    for (q, r) in every_corner() {
        if !when(&r) {
            continue;
        }
        for (place, s) in everything_said(&r) {
            if s.contains(words) {
                found.push(format!("{q} ({place}): {s}"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "{words:?} is said in:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_corners_are_every_strategy_at_0_ms_one_server_and_20_ms() {
    let corners = every_corner();
    assert_eq!(corners.len(), 3 * Strategy::ALL.len());
    for s in Strategy::ALL {
        let of: Vec<&Report> = corners
            .iter()
            .map(|(_, r)| r)
            .filter(|r| r.scenario.strategy == s)
            .collect();
        assert_eq!(
            of.iter()
                .map(|r| (r.scenario.rtt_us, r.scenario.servers))
                .collect::<Vec<_>>(),
            [(0, 4), (2000, 1), (20_000, 4)]
        );
    }
}

#[test]
fn nothing_claims_the_decision_stays_on_the_server_beside_redis_calls() {
    nowhere("never leaves the server", |r| r.redis_calls > 0);
}

#[test]
fn get_then_set_never_says_nothing_was_lost_when_the_counter_is_short() {
    let short = |r: &Report| r.final_counter.is_some_and(|c| c < r.allowed);
    nowhere("no update lost", short);
    nowhere("nothing lost", short);
}

#[test]
fn with_one_server_nothing_speaks_of_other_servers() {
    nowhere("other server", |r| r.scenario.servers == 1);
    // The sentence shown whatever the setting says that under GET then
    // SET other requests race on one server too.
    let t = english();
    let race = t.get(ratelimit_lab::vm::text::Text::ExplainGetSet1);
    assert!(
        race.contains(
            "other requests read the same old value, on other servers and on the same one"
        ),
        "{race}"
    );
}

#[test]
fn the_log_folds_runs_of_the_same_read_so_no_note_repeats() {
    // At 20 ms the log once repeated "same value request #1 read: both
    // will allow" on eleven lines. No two lines may carry the same note
    // about a shared read, and no two lines in a row may hold reads of
    // the same count.
    let more = ["strategy=getset", "strategy=getset&burst=200&servers=16"];
    for (q, r) in every_corner()
        .into_iter()
        .chain(more.map(|q| (q.to_string(), sim::run(&scenario(q)))))
    {
        let lines = log::lines(
            &r,
            &reads::shared_reads(&r),
            u64::MAX,
            usize::MAX,
            &english(),
        );
        let all = || {
            lines
                .iter()
                .map(|l| format!("{} | {} | {} | {}", l.at, l.who, l.command, l.note))
                .collect::<Vec<_>>()
                .join("\n")
        };
        let mut seen = BTreeSet::new();
        for l in lines
            .iter()
            .filter(|l| l.command.starts_with("GET") && l.warn)
        {
            let about_a_shared_read = l.note.contains("same") || l.note.contains("all read");
            assert!(
                !about_a_shared_read || seen.insert(l.note.clone()),
                "{q}: {:?} is on more than one line:\n{}",
                l.note,
                all()
            );
        }
        let read = |l: &log::Line| {
            l.command
                .starts_with("GET")
                .then(|| l.command.split('×').next().unwrap_or("").trim().to_string())
        };
        for w in lines.windows(2) {
            let both_shared = w[0].warn && w[1].warn;
            assert!(
                !(both_shared && read(&w[0]).is_some() && read(&w[0]) == read(&w[1])),
                "{q}: {w:?}"
            );
        }
    }
}

#[test]
fn no_placeholder_is_left_unfilled_and_no_count_is_misspelt() {
    let mut found = Vec::new();
    for (q, r) in every_corner().into_iter().chain(
        [
            "strategy=sync&redis=slow",
            "strategy=incr&redis=down&burst=1",
            "strategy=lua&burst=3",
        ]
        .map(|q| (q.to_string(), sim::run(&scenario(q)))),
    ) {
        for (place, s) in everything_said(&r) {
            let bad = s.contains('{')
                || s.contains('}')
                || ["requests", "servers", "tokens", "seconds"]
                    .iter()
                    .any(|w| one_plural(&s, w));
            if bad {
                found.push(format!("{q} ({place}): {s}"));
            }
        }
    }
    assert!(found.is_empty(), "\n{}", found.join("\n"));
}

/// Whether `s` says "1 <plural>" (as a number of its own: "11 requests"
/// is fine).
fn one_plural(s: &str, plural: &str) -> bool {
    let needle = format!("1 {plural}");
    s.match_indices(&needle)
        .any(|(at, _)| !s[..at].ends_with(|c: char| c.is_ascii_digit() || c == ',' || c == '.'))
}

#[test]
fn refused_under_the_limit_is_said_when_and_as_often_as_it_happened() {
    // Issue 22: the verdict speaks of real requests lost, and gives the
    // figure that shows it: those a correct limiter would have let through
    // in this burst, else a regular user's; never early refusals that
    // later requests made up for.
    for (q, r) in every_corner() {
        let t = english();
        let said: Vec<String> = totals::verdicts(&r, &t)
            .into_iter()
            .map(|v| v.text)
            .collect();
        let under: Vec<&String> = said
            .iter()
            .filter(|s| s.starts_with("Real requests refused"))
            .collect();
        let w = r.wrongly_refused();
        if w == 0 && r.regular_user == r.limit {
            assert!(under.is_empty(), "{q}: {said:?}");
        } else if w > 0 {
            let count = if w == 1 {
                "1 request".to_string()
            } else {
                format!("{w} requests")
            };
            assert_eq!(under.len(), 1, "{q}: {said:?}");
            assert!(
                under[0].contains(&format!(
                    "{count} that a correct limiter would have let through"
                )),
                "{q}: {said:?}"
            );
        } else {
            assert_eq!(under.len(), 1, "{q}: {said:?}");
            assert!(
                under[0].contains(&format!(
                    "gets only {} of {} through",
                    r.regular_user, r.limit
                )),
                "{q}: {said:?}"
            );
        }
        let stats = totals::stats_html(&r, &end(&r), true, &t);
        assert_eq!(
            value(&stats, "refused-under-limit"),
            r.refused_under_limit.to_string(),
            "{q}"
        );
        // Every such request was refused while fewer than L had been
        // allowed: at its answer, fewer than L allowed answers had come back
        // before it was decided.
        for x in r.requests.iter().filter(|x| x.refused_under_limit) {
            let allowed_before = r
                .requests
                .iter()
                .filter(|y| y.allowed && y.decided_us < x.decided_us)
                .count();
            assert!(allowed_before < r.limit as usize, "{q}: {x:?}");
        }
    }
}

#[test]
fn a_regular_user_is_shown_for_every_strategy_and_corner() {
    for (q, r) in every_corner() {
        let alone = sim::run(&scenario(&q).with_burst(r.limit));
        assert_eq!(r.regular_user, alone.allowed, "{q}");
        let head = totals::head_html(&r, &end(&r), true, &english());
        assert_eq!(
            value(&head, "regular-user"),
            alone.allowed.to_string(),
            "{q}"
        );
        assert!(r.regular_user <= r.limit, "{q}");
    }
    // The point of ÷ N: at the defaults it is "enforced" and still turns a
    // regular user away.
    let r = sim::run(&scenario("strategy=split"));
    let kinds: Vec<&str> = totals::verdicts(&r, &english())
        .iter()
        .map(|v| v.kind)
        .collect();
    assert_eq!(kinds, ["enforced", "refused-under-limit"]);
    assert!(r.regular_user < r.limit);
}
