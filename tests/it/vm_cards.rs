//! The server cards (`vm::cards`): one per server, with its counts and one
//! mark per request that reached it, in arrival order, then its unused
//! quota; and the sentence a screen reader hears (`Card::heard`).
//!
//! A card is written `received/allowed/refused [quota q] marks`, a mark a
//! letter: `o` allowed, `+` allowed beyond the limit, `x` refused, `u`
//! refused while the user was under the limit, `.` waiting for its answer,
//! `_` a slot of unused quota.

use ratelimit_lab::sim::{Report, Strategy};
use ratelimit_lab::vm::cards::{cards, legend_shows, Card, Mark};

use crate::vm_support::{english, report};

fn letter(m: &Mark) -> char {
    match m {
        Mark::Ok => 'o',
        Mark::Over => '+',
        Mark::No => 'x',
        Mark::Under => 'u',
        Mark::Waiting => '.',
        Mark::Unused => '_',
    }
}

fn show(c: &Card) -> String {
    let quota = c.quota.map_or(String::new(), |q| format!(" quota {q}"));
    let marks: String = c.marks.iter().map(letter).collect();
    format!("{}/{}/{}{quota} {marks}", c.received, c.allowed, c.refused)
        .trim_end()
        .to_string()
}

/// The cards of `query` at `t_us` against `expected`, one card a line.
#[track_caller]
fn check(query: &str, t_us: u64, expected: &str) {
    let got: Vec<String> = cards(&report(query), t_us).iter().map(show).collect();
    let want: Vec<&str> = expected
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(got, want, "\n{query} at {t_us} µs:\n{}\n", got.join("\n"));
}

#[test]
fn local_counters_at_the_end() {
    // local-default.snap: server 1 gets 3, server 2 10, server 3 14,
    // server 4 13. Each allows its own first 10; request 11 of the burst
    // (10.878 ms, server 3) is the eleventh allowed overall, so from there
    // every allowed request is beyond the limit.
    let r = report("strategy=local");
    let c = cards(&r, u64::MAX);
    let got: Vec<String> = c
        .iter()
        .map(|c| format!("{}/{}/{}", c.received, c.allowed, c.refused))
        .collect();
    assert_eq!(got, ["3/3/0", "10/10/0", "14/10/4", "13/10/3"]);
    assert_eq!(c.iter().map(|c| c.beyond).sum::<u32>(), 23);
    // The first ten allowed in the burst are plain dots, the rest diamonds.
    let order: String = (r.requests.iter())
        .filter(|q| q.allowed)
        .map(|q| if q.beyond { '+' } else { 'o' })
        .collect();
    assert_eq!(order, format!("{}{}", "o".repeat(10), "+".repeat(23)));
}

#[test]
fn the_request_past_the_limit_is_a_diamond_on_its_card() {
    // 11 requests in turn over 2 servers: server 1 gets requests 1, 3, …,
    // 11, server 2 gets 2, 4, …, 10; each is under its own 10, so all are
    // allowed, and request 11 is the eleventh allowed: beyond the limit.
    check(
        "strategy=local&servers=2&lb=round-robin&burst=11",
        u64::MAX,
        "
        6/6/0 ooooo+
        5/5/0 ooooo
        ",
    );
    // 21 requests on one server: 10 allowed, 11 refused, none under.
    check(
        "strategy=local&servers=1&burst=21",
        u64::MAX,
        &format!("21/10/11 {}{}", "o".repeat(10), "x".repeat(11)),
    );
}

#[test]
fn round_robin_split_shares_are_used_exactly() {
    // 12 requests in turn over 4 servers, quotas 3, 3, 2, 2 (10 ÷ 4): each
    // server gets 3. Servers 3 and 4 refuse their third (requests 11 and
    // 12), by which time 10 had been allowed: plain refusals.
    check(
        "strategy=split&lb=round-robin&burst=12",
        u64::MAX,
        "
        3/3/0 quota 3 ooo
        3/3/0 quota 3 ooo
        3/2/1 quota 2 oox
        3/2/1 quota 2 oox
        ",
    );
}

#[test]
fn a_sticky_user_under_split_is_refused_while_other_shares_sit_unused() {
    // Issue 11: under ÷ N the cards draw each server's unused quota. A
    // sticky user's 10 requests all reach one server, which allows its
    // share and refuses the rest while fewer than 10 had been allowed:
    // every refusal is under the limit, and the other shares are unused.
    let r = report("strategy=split&lb=sticky&burst=10");
    let c = cards(&r, u64::MAX);
    let (busy, idle): (Vec<&Card>, Vec<&Card>) = c.iter().partition(|c| c.received > 0);
    assert_eq!(busy.len(), 1);
    let q = busy[0].quota.unwrap();
    assert_eq!(
        show(busy[0]),
        format!(
            "10/{q}/{} quota {q} {}{}",
            10 - q,
            "o".repeat(q as usize),
            "u".repeat(10 - q as usize)
        )
    );
    for card in idle {
        let q = card.quota.unwrap();
        assert_eq!(
            show(card),
            format!("0/0/0 quota {q} {}", "_".repeat(q as usize))
        );
        assert_eq!(card.unused, q);
    }
    assert_eq!(r.refused_under_limit, 10 - q);
}

#[test]
fn split_at_the_defaults_refuses_on_one_card_while_another_has_room() {
    // At the defaults ÷ N lets exactly 10 through, all shares used by the
    // end; but at the moment of the first refusal under the limit, another
    // server's share still had room.
    let r = report("strategy=split");
    let first = r
        .requests
        .iter()
        .find(|q| q.refused_under_limit)
        .expect("a refusal under the limit");
    let c = cards(&r, first.answer_us);
    let at = first.server.unwrap() as usize;
    assert_eq!(c[at].marks.last(), Some(&Mark::Under), "{}", show(&c[at]));
    assert!(
        c.iter().any(|c| c.unused > 0),
        "{:?}",
        c.iter().map(show).collect::<Vec<_>>()
    );
    // At the end: every share used, 16 refusals under the limit in all.
    let c = cards(&r, u64::MAX);
    assert_eq!(c.iter().map(|c| c.under).sum::<u32>(), 16);
    for card in &c {
        assert_eq!(card.unused, card.quota.unwrap() - card.allowed);
    }
}

#[test]
fn while_replaying_requests_wait_for_their_answer() {
    // getset-default.snap: request 0 (server 2) arrives at 271 µs and is
    // answered at 4271; request 1 (server 1) at 280 and 4280; requests 2
    // and 3 reach server 3 at 3335 and 4230.
    check(
        "strategy=getset",
        271,
        "
        0/0/0
        1/0/0 .
        0/0/0
        0/0/0
        ",
    );
    check(
        "strategy=getset",
        4271,
        "
        1/0/0 .
        1/1/0 o
        2/0/0 ..
        0/0/0
        ",
    );
    check(
        "strategy=getset",
        4280,
        "
        1/1/0 o
        1/1/0 o
        2/0/0 ..
        0/0/0
        ",
    );
    // Before anything arrives, a split card shows its whole quota unused.
    check(
        "strategy=split",
        0,
        "
        0/0/0 quota 3 ___
        0/0/0 quota 3 ___
        0/0/0 quota 2 __
        0/0/0 quota 2 __
        ",
    );
}

#[test]
fn the_cards_agree_with_the_report_at_the_end_and_with_the_moment_at_every_event() {
    for s in Strategy::ALL {
        for q in [
            "",
            "&servers=1",
            "&rtt=20",
            "&servers=16&burst=200",
            "&lb=sticky&move=20",
            "&redis=down&fail=closed",
        ] {
            let q = format!("strategy={}{q}", s.as_str());
            let r = report(&q);
            let at_end = cards(&r, u64::MAX);
            for (card, server) in at_end.iter().zip(&r.servers) {
                assert_eq!(
                    (card.received, card.allowed, card.refused, card.quota),
                    (
                        server.received,
                        server.allowed,
                        server.refused,
                        server.quota
                    ),
                    "{q}"
                );
                assert!(!card.marks.contains(&Mark::Waiting), "{q}");
            }
            assert_eq!(
                at_end.iter().map(|c| c.beyond).sum::<u32>(),
                beyond(&r),
                "{q}"
            );
            assert_eq!(
                at_end.iter().map(|c| c.under).sum::<u32>(),
                r.refused_under_limit,
                "{q}"
            );
            for t in r.event_times() {
                let m = r.at(t);
                for (card, sm) in cards(&r, t).iter().zip(&m.servers) {
                    assert_eq!(
                        (card.received, card.allowed, card.refused),
                        (sm.received, sm.allowed, sm.refused),
                        "{q} at {t}"
                    );
                    marks_add_up(card, &q);
                }
            }
        }
    }
}

/// Allowed requests beyond the allowance that reached a server.
fn beyond(r: &Report) -> u32 {
    r.requests
        .iter()
        .filter(|q| q.beyond && q.server.is_some())
        .count() as u32
}

#[track_caller]
fn marks_add_up(c: &Card, q: &str) {
    let n = |m: Mark| c.marks.iter().filter(|x| **x == m).count() as u32;
    assert_eq!(n(Mark::Ok) + n(Mark::Over), c.allowed, "{q}: {}", show(c));
    assert_eq!(n(Mark::No) + n(Mark::Under), c.refused, "{q}: {}", show(c));
    assert_eq!(n(Mark::Over), c.beyond, "{q}: {}", show(c));
    assert_eq!(n(Mark::Under), c.under, "{q}: {}", show(c));
    assert_eq!(n(Mark::Unused), c.unused, "{q}: {}", show(c));
    assert_eq!(
        c.received,
        c.allowed + c.refused + n(Mark::Waiting),
        "{q}: {}",
        show(c)
    );
    // Requests first, in arrival order; the unused slots last.
    let first_unused = c
        .marks
        .iter()
        .position(|m| *m == Mark::Unused)
        .unwrap_or(c.marks.len());
    assert!(
        c.marks[first_unused..].iter().all(|m| *m == Mark::Unused),
        "{q}: {}",
        show(c)
    );
}

#[test]
fn the_gateways_refusals_reach_no_card() {
    // edge-default.snap: 10 allowed at servers, 30 refused at the gateway.
    let c = cards(&report("strategy=edge"), u64::MAX);
    assert_eq!(c.iter().map(|c| c.received).sum::<u32>(), 10);
    assert!(c.iter().all(|c| c.refused == 0));
}

#[test]
fn a_card_is_heard_as_a_sentence() {
    let t = english();
    let card = |received, beyond, under, unused| Card {
        received,
        beyond,
        under,
        unused,
        ..Card::default()
    };
    assert_eq!(
        Card {
            received: 4,
            allowed: 1,
            refused: 3,
            ..Card::default()
        }
        .heard(&t),
        "received 4: 1 allowed, 3 refused (429 Too Many Requests)",
        "the counts in words, not \"3 429\""
    );
    assert_eq!(
        card(0, 0, 0, 0).heard(&t),
        "received 0: 0 allowed, 0 refused (429 Too Many Requests)"
    );
    assert_eq!(
        card(14, 4, 0, 0).heard(&t),
        "received 14: 0 allowed, 0 refused (429 Too Many Requests), 4 allowed beyond the limit"
    );
    assert_eq!(
        card(6, 0, 3, 0).heard(&t),
        "received 6: 0 allowed, 0 refused (429 Too Many Requests), 3 refused while under the limit"
    );
    assert_eq!(
        card(0, 0, 0, 2).heard(&t),
        "received 0: 0 allowed, 0 refused (429 Too Many Requests), 2 of its quota unused"
    );
    assert_eq!(
        card(9, 1, 2, 3).heard(&t),
        "received 9: 0 allowed, 0 refused (429 Too Many Requests), 1 allowed beyond the limit, 2 refused while under the limit, 3 of its quota unused"
    );
    // From a run: split's sticky user.
    let r = report("strategy=split&lb=sticky&burst=10");
    for c in cards(&r, u64::MAX) {
        let heard = c.heard(&t);
        if c.received > 0 {
            assert!(heard.contains("refused while under the limit"), "{heard}");
        } else {
            assert!(heard.ends_with("of its quota unused"), "{heard}");
        }
    }
}

#[test]
fn the_legend_explains_only_marks_a_card_can_carry() {
    // Issue 22: every legend item shown can happen in the strategy shown.
    let shown = |s: Strategy| -> Vec<&str> {
        ["ok", "over", "no", "under", "unused"]
            .into_iter()
            .filter(|name| legend_shows(name, s))
            .collect()
    };
    assert_eq!(
        shown(Strategy::Split),
        ["ok", "over", "no", "under", "unused"]
    );
    for s in [Strategy::GetSet, Strategy::Incr, Strategy::Lua] {
        assert_eq!(shown(s), ["ok", "over", "no", "under"], "{s:?}");
    }
    for s in [Strategy::Local, Strategy::Sync] {
        assert_eq!(shown(s), ["ok", "over", "no"], "{s:?}");
    }
    assert_eq!(shown(Strategy::Edge), ["ok"]);
    // A mark whose item is left out never appears on a card.
    let item = |m: &Mark| match m {
        Mark::Ok | Mark::Waiting => "ok",
        Mark::Over => "over",
        Mark::No => "no",
        Mark::Under => "under",
        Mark::Unused => "unused",
    };
    for (q, r) in crate::vm_support::spread() {
        for c in cards(&r, r.end_us) {
            for m in &c.marks {
                assert!(legend_shows(item(m), r.scenario.strategy), "{q}: {m:?}");
            }
        }
    }
}

#[test]
fn a_server_no_request_has_reached_is_shown_idle() {
    let idle = Card::default();
    assert_eq!(idle.class(), "rll-card rll-card--idle");
    let reached = Card {
        received: 1,
        ..Card::default()
    };
    assert_eq!(reached.class(), "rll-card");
}

#[test]
fn an_empty_card_has_its_name_at_its_level_counts_quota_sentence_and_canvas() {
    assert_eq!(
        ratelimit_lab::vm::cards::shell(3, 2, &ratelimit_lab::vm::text::Texts::english()),
        "<li data-testid=\"server-card\" data-server=\"2\">\
         <h3 class=\"rll-card__name\">Server 2</h3><p class=\"rll-card__count\" aria-hidden=\"true\">\
         <span class=\"rll-card__ok\"></span> · <span class=\"rll-card__no\"></span></p>\
         <p class=\"rll-card__quota\"></p><p class=\"rll-sr-only\"></p>\
         <canvas class=\"rll-card__marks\" aria-hidden=\"true\"></canvas></li>"
    );
}
