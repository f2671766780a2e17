//! The totals panel (`vm::totals`): the verdicts and their sentences, the
//! line shown while replaying, the numbers against the limit (markup with
//! the hooks the browser tests read), the Redis counter and what it
//! means, the added latency, what happens if Redis is slow or down, and
//! the cost of sharing.
//!
//! Numbers come from the fixed runs in `snapshots/` (e.g.
//! `local-default.snap`: 33 allowed of 40, so 23 beyond a limit of 10) or
//! are worked out in the comment beside them.

use ratelimit_lab::sim::{self, Fail, Health, Report, Strategy};
use ratelimit_lab::vm::text::Texts;
use ratelimit_lab::vm::totals::{
    ceiling, cost_html, counter_note, head_html, latency, numbers, redis_note, so_far, stats_html,
    verdicts, window,
};

use crate::vm_support::{end, english, report, scenario, snapshot, tag, text_of, value};

/// The verdicts of `query` as `kind icon sentence`, one a line.
#[track_caller]
fn check_verdicts(query: &str, expected: &str) {
    let got: Vec<String> = verdicts(&report(query), &english())
        .iter()
        .map(|v| format!("{} {} {}", v.kind, v.icon, v.text))
        .collect();
    let want: Vec<&str> = expected
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(got, want, "{query}");
}

/// What happens if Redis is slow or down, for `query`, as the widget
/// computes it (with the same run, Redis down, while Redis is healthy).
fn note(query: &str) -> String {
    let r = report(query);
    redis_note(&r, down(&r).as_ref(), &english())
}

fn down(r: &Report) -> Option<Report> {
    ratelimit_lab::vm::totals::down_scenario(r).map(|s| sim::run(&s))
}

#[test]
fn each_verdict_has_its_sentence() {
    // local-default.snap: 33 allowed, 23 beyond the limit.
    check_verdicts(
        "strategy=local",
        "not-enforced ▲ Limit not enforced: 23 requests got through beyond the limit.",
    );
    // One beyond, singular: 11 requests in turn over 2 servers, 6 and 5,
    // each under its own 10: all 11 allowed, 1 beyond the limit.
    check_verdicts(
        "strategy=local&servers=2&lb=round-robin&burst=11",
        "not-enforced ▲ Limit not enforced: 1 request got through beyond the limit.",
    );
    check_verdicts(
        "strategy=local&servers=1",
        "enforced ✓ Limit enforced: exactly 10 got through.",
    );
    check_verdicts(
        "strategy=incr&burst=5",
        "enforced ✓ Limit enforced: the whole burst fits under the limit.",
    );
    check_verdicts(
        "strategy=incr&burst=10",
        "enforced ✓ Limit enforced: the whole burst fits under the limit.",
    );
    // lua-per-minute.snap: 101 allowed of a limit of 100, one token refilled.
    check_verdicts(
        "strategy=lua&preset=per-minute",
        "enforced ✓ Limit enforced: 101 got through, 1 of them on tokens the bucket refilled during the burst.",
    );
    check_verdicts(
        "strategy=incr&redis=down&fail=closed",
        "
        all-refused ✕ Every request refused: Redis did not answer in time and the servers fail closed.
        refused-under-limit ▼ Real requests refused: 10 requests that a correct limiter would have let through.
        ",
    );
}

#[test]
fn a_server_without_a_share_refuses_everything_and_says_why() {
    // Limit 1 on 2 servers: quotas 1 and 0. A sticky user's one request
    // lands on server 2 for some seeds.
    let seed = (0..50)
        .find(|seed| {
            report(&format!(
                "strategy=split&servers=2&limit=1&burst=1&lb=sticky&seed={seed}"
            ))
            .requests[0]
                .server
                == Some(1)
        })
        .expect("a seed that lands on server 2");
    check_verdicts(
        &format!("strategy=split&servers=2&limit=1&burst=1&lb=sticky&seed={seed}"),
        "
        all-refused ✕ Every request refused: each reached a server whose share of the limit is zero.
        refused-under-limit ▼ Real requests refused: 1 request that a correct limiter would have let through.
        ",
    );
}

#[test]
fn limit_divided_by_n_is_enforced_and_still_refuses_a_regular_user() {
    // Issue 11: at the defaults ÷ N lets exactly 10 through, and refuses
    // requests while fewer than 10 had been allowed; a regular user
    // sending exactly 10 gets fewer than 10 through.
    let r = report("strategy=split");
    let kinds: Vec<&str> = verdicts(&r, &english()).iter().map(|v| v.kind).collect();
    assert_eq!(kinds, ["enforced", "refused-under-limit"]);
    assert!(r.regular_user < r.limit, "{}", r.regular_user);
    let head = head_html(&r, &end(&r), true, &english());
    assert_eq!(value(&head, "regular-user"), r.regular_user.to_string());
    assert!(text_of(&head).contains(&format!(
        "A regular user {} of 10 get through",
        r.regular_user
    )));
}

#[test]
fn refusals_under_the_limit_never_sit_beside_a_verdict_that_denies_them() {
    // Issue 22: under ÷ N the green "exactly 10" sat beside "16 real
    // requests turned away" in a burst of 40, where 30 must be refused
    // anyway; with Redis down and failing closed, "40 turned away while
    // under the limit" where a correct limiter refuses 30 of them.
    let t = english();
    // ÷ N at the defaults: exactly 10, the early refusals made up for; the
    // lesson is the regular user's.
    let r = report("strategy=split");
    assert_eq!((r.allowed, r.wrongly_refused()), (10, 0));
    assert!(r.refused_under_limit > 0 && r.regular_user < 10);
    check_verdicts(
        "strategy=split",
        &format!(
            "
            enforced ✓ Limit enforced: exactly 10 got through.
            refused-under-limit ▼ Real requests refused: a regular user who sends exactly the limit gets only {} of 10 through.
            ",
            r.regular_user
        ),
    );
    let stats = stats_html(&r, &end(&r), true, &t);
    assert_eq!(
        value(&stats, "refused-under-limit"),
        r.refused_under_limit.to_string()
    );
    assert_eq!(value(&stats, "wrongly-refused"), "0");
    assert!(
        text_of(&stats).contains(&format!(
            "Refused while under the limit{} refused early: later requests took their place",
            r.refused_under_limit
        )),
        "{}",
        text_of(&stats)
    );
    // Redis down, failing closed: all 40 refused while under the limit,
    // 10 of them a correct limiter would have let through.
    let r = report("strategy=incr&redis=down&fail=closed");
    assert_eq!((r.refused_under_limit, r.wrongly_refused()), (40, 10));
    let stats = stats_html(&r, &end(&r), true, &t);
    assert_eq!(value(&stats, "wrongly-refused"), "10");
    assert!(text_of(&stats).contains(
        "Refused while under the limit40 a correct limiter would have let 10 of them through"
    ));
    // While replaying, the figure counts what was answered, and the note
    // (an end-of-burst reckoning) waits for the end.
    let stats = stats_html(&r, &r.at(r.end_us / 2), false, &t);
    assert!(!stats.contains("wrongly-refused"), "{stats}");
    // Everywhere: the verdict holds exactly when real requests were lost
    // (in this burst, or for a regular user), and its sentence gives the
    // figure that shows it.
    for (q, r) in crate::vm_support::spread() {
        let w = r.wrongly_refused();
        assert_eq!(
            w,
            r.scenario.burst.min(r.limit).saturating_sub(r.allowed),
            "{q}"
        );
        assert!(w <= r.refused_under_limit, "{q}");
        let lines = verdicts(&r, &t);
        let under = lines.iter().find(|l| l.kind == "refused-under-limit");
        assert_eq!(under.is_some(), w > 0 || r.regular_user < r.limit, "{q}");
        if let Some(l) = under {
            if w > 0 {
                assert!(l.text.contains(&format!("{w} request")), "{q}: {}", l.text);
            } else {
                assert!(
                    l.text
                        .contains(&format!(" {} of {} ", r.regular_user, r.limit)),
                    "{q}: {}",
                    l.text
                );
            }
        }
        // "Enforced" never sits beside a count of lost requests.
        if lines.iter().any(|l| l.kind == "enforced") {
            assert_eq!(w, 0, "{q}");
        }
        let stats = stats_html(&r, &end(&r), true, &t);
        assert_eq!(value(&stats, "wrongly-refused"), w.to_string(), "{q}");
    }
}

#[test]
fn a_regular_user_is_the_same_run_with_a_burst_of_the_limit() {
    for s in Strategy::ALL {
        for q in [
            "",
            "&servers=1",
            "&rtt=20",
            "&servers=16&lb=round-robin",
            "&redis=down&fail=closed",
        ] {
            let q = format!("strategy={}{q}", s.as_str());
            let r = report(&q);
            let alone = sim::run(&scenario(&q).with_burst(r.limit));
            let head = head_html(&r, &end(&r), true, &english());
            assert_eq!(
                value(&head, "regular-user"),
                alone.allowed.to_string(),
                "{q}"
            );
        }
    }
}

#[test]
fn while_replaying_one_line_says_how_it_stands() {
    let t = english();
    // local-default.snap: by 5 ms requests 0–4 had arrived and been
    // allowed; request 10 (10.878 ms) is the first beyond the limit.
    let r = report("strategy=local");
    let at = |t_us: u64| {
        let v = so_far(&r, &r.at(t_us), &t);
        format!("{} {} {}", v.kind, v.icon, v.text)
    };
    assert_eq!(at(0), "so-far … t = 0 ms: 0 allowed, 0 refused");
    assert_eq!(at(5000), "so-far … t = 5 ms: 5 allowed, 0 refused");
    assert_eq!(at(10_877), "so-far … t = 10.88 ms: 10 allowed, 0 refused");
    assert_eq!(
        at(10_878),
        "not-enforced ▲ t = 10.88 ms: 11 allowed, 0 refused"
    );
    // Split at the defaults: the first refusal under the limit turns the
    // line; counted only once that request is answered.
    let r = report("strategy=split");
    let first_under = r
        .requests
        .iter()
        .find(|q| q.refused_under_limit)
        .unwrap()
        .answer_us;
    assert_eq!(so_far(&r, &r.at(first_under - 1), &t).kind, "so-far");
    let v = so_far(&r, &r.at(first_under), &t);
    assert_eq!((v.kind, v.icon), ("refused-under-limit", "▼"));
}

#[test]
fn the_numbers_at_a_moment_count_what_was_answered_by_then() {
    for q in [
        "strategy=local",
        "strategy=split",
        "strategy=getset&rtt=20",
        "strategy=edge",
        "strategy=lua",
    ] {
        let r = report(q);
        for t in r.event_times() {
            let m = r.at(t);
            let n = numbers(&r, &m);
            assert_eq!(n.allowed, m.allowed, "{q} at {t}");
            assert_eq!(n.over, m.allowed.saturating_sub(r.allowance), "{q} at {t}");
            let under = (r.requests.iter())
                .filter(|x| x.refused_under_limit && x.answer_us <= t)
                .count() as u32;
            assert_eq!(n.under, under, "{q} at {t}");
            assert_eq!(
                (n.calls, n.counter, n.gateway),
                (m.calls, m.counter, m.gateway_refused)
            );
        }
        let n = numbers(&r, &end(&r));
        assert_eq!(
            (n.allowed, n.over, n.under),
            (r.allowed, r.over, r.refused_under_limit),
            "{q}"
        );
    }
}

#[test]
fn the_head_shows_allowed_of_sent_against_the_limit_with_a_bar() {
    let t = english();
    // local-default: 33 of 40; the bar is 1000 units for 40 requests, 25 a
    // request: 250 within the limit, 825 − 250 = 575 beyond, tick at 250.
    let r = report("strategy=local");
    let head = head_html(&r, &end(&r), true, &t);
    assert_eq!(value(&head, "allowed-total"), "33");
    assert_eq!(value(&head, "limit"), "10");
    assert!(
        text_of(&head).contains("Allowed33of 40 sent; the limit is 10"),
        "{}",
        text_of(&head)
    );
    assert!(head.contains(r#"data-part="ok" width="250"/>"#), "{head}");
    assert!(
        head.contains(r#"data-part="over" x="250" width="575"/>"#),
        "{head}"
    );
    assert!(head.contains(r#"data-part="tick" x="250"/>"#), "{head}");
    assert_eq!(
        tag(&head, "verdict"),
        r#"<div class="rll-verdicts" data-testid="verdict" data-part="verdicts">"#
    );
    assert!(head.contains(r#"data-kind="not-enforced""#));
    // At 5 ms while replaying: 5 allowed, 125 units, the line for the moment.
    let head = head_html(&r, &r.at(5000), false, &t);
    assert_eq!(value(&head, "allowed-total"), "5");
    assert!(head.contains(r#"data-kind="so-far""#));
    assert!(head.contains(r#"data-part="ok" width="125""#), "{head}");
    // A burst under the limit: the tick stays inside the bar.
    let r = report("strategy=incr&burst=5");
    let head = head_html(&r, &end(&r), true, &t);
    assert!(head.contains(r#"data-part="tick" x="994"/>"#), "{head}");
}

#[test]
fn local_counters_show_the_users_real_ceiling() {
    let t = english();
    // (scenario, the line, whether it is above the limit): one count a
    // server the user can reach; under sticky sessions one, and two once a
    // deploy moves the user (issue 36: it said "4 servers × 10 = 40" there,
    // in red even where the limit holds).
    for (q, line, over) in [
        (
            "servers=4",
            "This user's real ceiling: 4 servers × 10 = 40",
            true,
        ),
        (
            "servers=16",
            "This user's real ceiling: 16 servers × 10 = 160",
            true,
        ),
        (
            "servers=1",
            "This user's real ceiling: 1 server × 10 = 10",
            false,
        ),
        (
            "servers=4&lb=round-robin",
            "This user's real ceiling: 4 servers × 10 = 40",
            true,
        ),
        (
            "servers=4&lb=sticky",
            "This user's real ceiling: 1 server × 10 = 10",
            false,
        ),
        (
            "servers=4&lb=sticky&move=20",
            "This user's real ceiling: 2 servers × 10 = 20",
            true,
        ),
        (
            "servers=1&lb=sticky&move=20",
            "This user's real ceiling: 1 server that restarts, 2 × 10 = 20",
            true,
        ),
    ] {
        let r = report(&format!("strategy=local&{q}"));
        assert_eq!(ceiling(&r, &t), Some((line.to_string(), over)), "{q}");
        let head = head_html(&r, &end(&r), true, &t);
        assert!(
            head.contains(&format!(
                r#"data-part="ceiling" data-over="{over}">{line}</p>"#
            )),
            "{head}"
        );
        // Never below what got through.
        let c: u32 = line.rsplit(' ').next().unwrap().parse().unwrap();
        assert!(r.allowed <= c, "{q}: {} allowed", r.allowed);
    }
    for s in Strategy::ALL.into_iter().filter(|s| *s != Strategy::Local) {
        let r = report(&format!("strategy={}", s.as_str()));
        assert_eq!(ceiling(&r, &t), None, "{s:?}");
        assert!(head_html(&r, &end(&r), true, &t).contains(r#"data-part="ceiling" hidden>"#));
    }
}

#[test]
fn the_figures_under_the_verdicts_carry_their_hooks() {
    let t = english();
    // local: beyond and refused-under only.
    let r = report("strategy=local");
    let stats = stats_html(&r, &end(&r), true, &t);
    assert_eq!(
        (value(&stats, "over"), value(&stats, "refused-under-limit")),
        ("23", "0")
    );
    assert!(!stats.contains("gateway-refused") && !stats.contains("final-counter"));
    // edge: and the gateway's refusals (edge-default.snap: 30).
    let r = report("strategy=edge");
    let stats = stats_html(&r, &end(&r), true, &t);
    assert_eq!(value(&stats, "gateway-refused"), "30");
    // getset: the counter, with its meaning only at the end.
    let r = report("strategy=getset");
    let stats = stats_html(&r, &end(&r), true, &t);
    assert_eq!(value(&stats, "final-counter"), "10");
    assert_eq!(
        text_of(&stats),
        "Beyond the limit14 Refused while under the limit0 Redis counter at the end10 \
         though 24 were allowed: 14 requests lost, because each SET wrote what its server had read, plus one"
    );
    let stats = stats_html(&r, &r.at(5000), false, &t);
    assert!(
        text_of(&stats).ends_with("Redis counter now1 "),
        "{}",
        text_of(&stats)
    );
    // lua: the bucket's tokens.
    let r = report("strategy=lua");
    let stats = stats_html(&r, &end(&r), true, &t);
    assert!(text_of(&stats).contains(
        "Tokens left in the bucket0 whole tokens left; the bucket refills 10 per second"
    ));
}

#[test]
fn the_counter_note_says_what_the_counter_counts() {
    let t = english();
    let c = |q: &str| counter_note(&report(q), &t);
    // getset-default.snap: 24 allowed, counter 10.
    assert_eq!(
        c("strategy=getset"),
        "though 24 were allowed: 14 requests lost, because each SET wrote what its server had read, plus one"
    );
    assert_eq!(
        c("strategy=getset&rtt=0"),
        "one count for each allowed request: no update lost"
    );
    assert_eq!(
        c("strategy=incr"),
        "one count for every request that reached Redis, allowed or not"
    );
    // sync-default.snap: 16 allowed, the syncs added 16.
    assert_eq!(
        c("strategy=sync"),
        "what the syncs added: every allowed request is in Redis"
    );
    // Syncing once a second, what the servers allowed since their last
    // sync is not in Redis when the burst ends; the note counts it.
    let r = report("strategy=sync&sync=1000");
    let missing = r.allowed - r.final_counter.unwrap();
    assert!(missing > 0);
    assert_eq!(
        counter_note(&r, &t),
        format!("what the syncs added; {missing} allowed since a server's last sync are not in Redis yet")
    );
    assert_eq!(
        c("strategy=lua"),
        "whole tokens left; the bucket refills 10 per second"
    );
    assert_eq!(
        c("strategy=lua&preset=per-minute"),
        "whole tokens left; the bucket refills 100 per minute"
    );
    for s in ["local", "split", "edge"] {
        assert_eq!(c(&format!("strategy={s}")), "", "{s}");
    }
}

#[test]
fn get_then_set_never_says_nothing_was_lost_when_the_counter_is_short() {
    // Issue 11: the note once said "nothing lost" after 40 requests,
    // comparing the counter with the requests rather than the allowed.
    let t = english();
    for servers in [1, 2, 4, 16] {
        for rtt in [0, 1, 2, 5, 20] {
            for seed in [7, 2026] {
                let q = format!("strategy=getset&servers={servers}&rtt={rtt}&seed={seed}");
                let r = report(&q);
                let note = counter_note(&r, &t);
                let counter = r.final_counter.unwrap();
                if counter < r.allowed {
                    assert!(!note.contains("no update lost"), "{q}: {note}");
                    assert!(
                        note.contains(&format!("though {} were allowed", r.allowed)),
                        "{q}: {note}"
                    );
                } else {
                    assert_eq!(
                        note, "one count for each allowed request: no update lost",
                        "{q}"
                    );
                }
            }
        }
    }
}

#[test]
fn with_no_set_run_the_counter_note_does_not_blame_lost_sets() {
    // Redis down (or too slow to answer in time), fail open: every request
    // was allowed by the fail rule and no SET ever ran. The counter is 0
    // because nothing reached Redis, not because SETs overwrote each other.
    let t = english();
    for q in ["strategy=getset&redis=down", "strategy=getset&redis=slow"] {
        let r = report(q);
        assert!(
            r.calls.iter().all(|c| c.command != sim::Command::Set),
            "{q}"
        );
        // The note names the fail rule, with the allowed it accounts for.
        let by_rule = r
            .requests
            .iter()
            .filter(|q| q.allowed && q.by_fail_rule)
            .count();
        assert!(by_rule > 0, "{q}");
        assert_eq!(
            counter_note(&r, &t),
            format!(
                "though {} were allowed: {by_rule} of them by the fail rule, which counts nothing",
                r.allowed
            ),
            "{q}"
        );
    }
}

#[test]
fn the_window_in_words() {
    let t = english();
    for (s, w) in [
        (1, "second"),
        (60, "minute"),
        (3600, "hour"),
        (30, "30 seconds"),
        (2, "2 seconds"),
    ] {
        assert_eq!(window(s, &t), w);
    }
}

#[test]
fn added_latency_is_the_median_with_a_note() {
    let t = english();
    let l = |q: &str| latency(&report(q), &t);
    // getset-default.snap: every request waits two round trips, 4 ms.
    assert_eq!(
        l("strategy=getset"),
        ("4 ms".into(), "median, 4 ms at most".into())
    );
    assert_eq!(
        l("strategy=incr&rtt=2.5"),
        ("2.5 ms".into(), "median, 2.5 ms at most".into())
    );
    assert_eq!(
        l("strategy=incr&redis=down"),
        ("50 ms".into(), "median, 50 ms at most".into())
    );
    assert_eq!(
        l("strategy=local"),
        (
            "0 ms".into(),
            "median: the decision never leaves the server".into()
        )
    );
    assert_eq!(
        l("strategy=sync"),
        (
            "0 ms".into(),
            "median: decisions stay local; the syncs run in the background".into()
        )
    );
}

#[test]
fn at_the_edge_the_cost_card_says_the_gateway_decides() {
    // Issue 22: "the decision never leaves the server" where the gateway
    // decides, before any server.
    let t = english();
    for q in [
        "strategy=edge",
        "strategy=edge&servers=1",
        "strategy=edge&burst=5",
    ] {
        let r = report(q);
        let cost = text_of(&cost_html(&r, &end(&r), &t));
        assert!(!cost.contains("never leaves the server"), "{q}: {cost}");
        assert!(
            cost.contains("0 ms median: the gateway decides in its own memory, before any server"),
            "{q}: {cost}"
        );
    }
    // Local counters and ÷ N do decide on the server.
    for q in ["strategy=local", "strategy=split"] {
        let r = report(q);
        assert_eq!(
            latency(&r, &t).1,
            "median: the decision never leaves the server",
            "{q}"
        );
    }
}

#[test]
fn at_a_zero_round_trip_a_redis_strategy_does_not_claim_to_stay_on_the_server() {
    // Issue 11: "never leaves the server" beside 1.25 Redis calls per
    // request. The median is 0 ms, but each decision is a call to Redis.
    let t = english();
    for s in [Strategy::GetSet, Strategy::Incr, Strategy::Lua] {
        let r = report(&format!("strategy={}&rtt=0", s.as_str()));
        assert!(r.redis_calls > 0);
        let (median, note) = latency(&r, &t);
        assert_eq!(median, "0 ms", "{s:?}");
        let asks =
            "median: with a zero round trip Redis adds no time, though every request still asks it";
        assert_eq!(note, asks, "{s:?}");
        let cost = text_of(&cost_html(&r, &end(&r), &t));
        assert!(cost.contains(&format!("0 ms {asks}")), "{s:?}: {cost}");
    }
}

#[test]
fn the_cost_of_sharing_has_its_hooks() {
    let t = english();
    // incr-default-rtt-20.snap: 41 calls for 40 requests (1.03 a request,
    // 1.025 exactly), 50,000 requests a second → 51,250 operations → 1 node.
    let r = report("strategy=incr&rtt=20");
    let cost = cost_html(&r, &end(&r), &t);
    assert_eq!(value(&cost, "latency-median"), "20");
    assert_eq!(value(&cost, "redis-calls-per-request"), "1.03");
    assert_eq!(value(&cost, "redis-calls"), "41");
    assert_eq!(value(&cost, "redis-ops-per-second"), "51250");
    assert_eq!(value(&cost, "redis-nodes"), "1");
    assert_eq!(
        text_of(&cost),
        "Added latency per request20 ms median, 20 ms at most\
         Redis calls per request1.03 (41 in all): one INCR per request, plus one EXPIRE for the window\
         Redis operations a second at this traffic51,250 \
         Redis nodes, at about 100,000 operations a second each1 "
    );
    // While replaying, the calls sent so far: at 1 ms, the INCRs of the
    // two requests that had arrived (at 271 and 280 µs).
    let cost = cost_html(&r, &r.at(1000), &t);
    assert_eq!(value(&cost, "redis-calls"), "2");
    // getset at 160,000 requests a second: 1.6 calls each → 256,000
    // operations → 3 nodes.
    let r = report("strategy=getset&traffic=160000");
    let cost = cost_html(&r, &end(&r), &t);
    assert_eq!(value(&cost, "redis-calls-per-request"), "1.6");
    assert_eq!(value(&cost, "redis-ops-per-second"), "256000");
    assert_eq!(value(&cost, "redis-nodes"), "3");
    // No Redis: no load.
    let r = report("strategy=split");
    let cost = text_of(&cost_html(&r, &end(&r), &t));
    assert!(
        cost.contains("Redis operations a second at this traffic0 no Redis call, so no Redis load"),
        "{cost}"
    );
}

#[test]
fn what_happens_if_redis_is_slow_or_down() {
    // Strategies without Redis.
    for s in ["local", "split"] {
        assert_eq!(
            note(&format!("strategy={s}&redis=down")),
            "Nothing changes: this strategy never talks to Redis. It also never enforces one limit for the whole fleet."
        );
    }
    assert_eq!(
        note("strategy=edge"),
        "Nothing changes here: the gateway counts in its own memory. If the gateway itself fails, traffic either stops or bypasses the limit."
    );
    // Healthy: what would happen, from a run with Redis down.
    assert_eq!(
        note("strategy=incr"),
        "If Redis went down, each request would wait 50 ms, then be allowed (fail open): 40 of 40 would get through and the limit would be gone."
    );
    assert_eq!(
        note("strategy=lua&fail=closed&timeout=20"),
        "If Redis went down, each request would wait 20 ms, then be refused (fail closed): 0 of 40 would get through, and real users would be turned away."
    );
    // Slow but within the timeout.
    assert_eq!(
        note("strategy=getset&redis=slow&timeout=200"),
        "Redis is slow: every answer came 100 ms late, but within the 200 ms timeout, so the count holds and every request waits 100 ms longer."
    );
    // Slow past the timeout, and down: what happened.
    assert_eq!(
        note("strategy=incr&redis=slow&fail=closed"),
        "Redis is slow: 40 requests waited 50 ms for an answer that did not come in time, and were refused by the fail rule. 0 of 40 got through."
    );
    assert_eq!(
        note("strategy=getset&redis=down"),
        "Redis is down: 40 requests waited 50 ms for an answer that did not come in time, and were allowed by the fail rule. 40 of 40 got through."
    );
}

#[test]
fn with_one_request_decided_by_the_fail_rule_the_note_is_singular() {
    let n = note("strategy=incr&redis=down&burst=1");
    assert!(
        n.starts_with("Redis is down: 1 request waited 50 ms"),
        "{n}"
    );
}

#[test]
fn sync_with_redis_down_decides_as_local_counters_do() {
    // The sentence claims "as with local counters": check it against the
    // local counters' own run, for several seeds and sizes.
    for q in [
        "",
        "&servers=1",
        "&servers=16&burst=200",
        "&seed=5&lb=round-robin",
        "&sync=1",
    ] {
        let sync = report(&format!("strategy=sync{q}"));
        let local = report(&format!("strategy=local{q}"));
        assert_eq!(
            note(&format!("strategy=sync{q}")),
            format!(
                "If Redis went down, decisions would stay local and each server would keep counting on its own: {} of {} would get through, as with local counters.",
                local.allowed, sync.scenario.burst
            ),
            "{q}"
        );
    }
}

#[test]
fn sync_with_redis_slow_compares_with_local_counters() {
    // Every sync timed out: decisions stayed local. The sentence names the
    // local counters' figure; no placeholder may be left unfilled.
    let local = report("strategy=local").allowed;
    let r = report("strategy=sync&redis=slow&sync=1");
    let syncs = r.calls.len();
    assert_eq!(
        note("strategy=sync&redis=slow&sync=1"),
        format!(
            "Redis is slow: {syncs} of {syncs} syncs got no answer in time. Decisions stay local, so {} of 40 got through, against {local} with local counters alone.",
            r.allowed
        )
    );
}

#[test]
fn every_redis_note_is_a_finished_sentence() {
    // Every strategy, every health, both fail rules: no placeholder left,
    // and a snapshot a reader can scan.
    let mut table = String::new();
    for s in Strategy::ALL {
        for h in Health::ALL {
            for f in Fail::ALL {
                let q = format!(
                    "strategy={}&redis={}&fail={}",
                    s.as_str(),
                    h.as_str(),
                    f.as_str()
                );
                let n = note(&q);
                table.push_str(&format!("{q}\n  {n}\n"));
            }
        }
    }
    snapshot("redis-note-every-setting", &table);
    assert!(!table.contains('{') && !table.contains('}'), "{table}");
}

#[test]
fn the_totals_of_every_strategy_read_as_recorded() {
    // The whole panel as the learner reads it, at the default scenario.
    let t = english();
    let mut out = String::new();
    for s in Strategy::ALL {
        let r = report(&format!("strategy={}", s.as_str()));
        let m = end(&r);
        out.push_str(&format!("== {}\n", s.as_str()));
        for part in [
            head_html(&r, &m, true, &t),
            stats_html(&r, &m, true, &t),
            cost_html(&r, &m, &t),
        ] {
            // One line per paragraph or figure.
            let spaced = part
                .as_str()
                .replace("</p>", "</p>\n")
                .replace("</div><div", "</div>\n<div");
            for line in spaced.lines() {
                let line = text_of(line);
                if !line.trim().is_empty() {
                    out.push_str(&format!("  {}\n", line.trim()));
                }
            }
        }
        out.push_str(&format!("  {}\n", redis_note(&r, down(&r).as_ref(), &t)));
    }
    snapshot("totals-every-strategy", &out);
}

#[test]
fn every_sentence_of_the_panel_is_escaped() {
    // A course author's replacement with markup in it shows as text.
    let t = Texts::with(vec![
        (
            ratelimit_lab::vm::text::Text::VerdictOver,
            "<b>{n}</b> & more".into(),
        ),
        (
            ratelimit_lab::vm::text::Text::StatAllowed,
            "<i>Allowed</i>".into(),
        ),
        (
            ratelimit_lab::vm::text::Text::StatBeyond,
            "\"beyond\"".into(),
        ),
        (
            ratelimit_lab::vm::text::Text::CostOps,
            "<script>x</script>".into(),
        ),
    ]);
    let r = report("strategy=local");
    let m = end(&r);
    let all = [
        head_html(&r, &m, true, &t),
        stats_html(&r, &m, true, &t),
        cost_html(&r, &m, &t),
    ]
    .map(|h| h.into_string())
    .concat();
    assert!(
        all.contains("&lt;b&gt;23 requests&lt;/b&gt; &amp; more"),
        "{all}"
    );
    assert!(all.contains("&lt;i&gt;Allowed&lt;/i&gt;"));
    assert!(all.contains("&quot;beyond&quot;"));
    assert!(!all.contains("<script") && !all.contains("<b>") && !all.contains("<i>"));
}
