//! What each server counts in its own memory (`vm::own`), the heart of the
//! lesson on counters in memory: the picture's boxes say "3/10" for one
//! server while beside the user it says "33/10". Checked against the trace
//! by hand-countable rules, not by the function's own arithmetic.

use ratelimit_lab::sim::Strategy;
use ratelimit_lab::vm::own::{box_line, label, own_counts, user_line};

use crate::vm_support::{end, english, report, strategies};

#[test]
fn local_counters_each_count_only_what_they_saw_and_never_pass_the_limit() {
    for query in [
        "strategy=local",
        "strategy=local&servers=8&burst=200&seed=7",
        "strategy=local&servers=1",
    ] {
        let r = report(query);
        let own = own_counts(&r, r.end_us);
        let cards = end(&r).servers;
        assert_eq!(own.len(), r.scenario.servers as usize, "{query}");
        for (i, (o, c)) in own.iter().zip(&cards).enumerate() {
            assert_eq!(
                o.count,
                c.allowed,
                "{query}: server {} counts what its card allowed",
                i + 1
            );
            assert_eq!(o.cap, r.scenario.limit);
            assert!(
                o.count <= o.cap,
                "{query}: a server never passes its own limit"
            );
            assert_eq!(o.known, None);
        }
        assert_eq!(
            own.iter().map(|o| o.count).sum::<u32>(),
            r.allowed,
            "{query}: the user's total is every server's count added up"
        );
    }
    // The lesson in one run: every server within its limit, the user far over.
    let r = report("strategy=local");
    assert!(own_counts(&r, r.end_us).iter().all(|o| o.count <= 10) && r.allowed > 10);
}

#[test]
fn before_the_first_decision_every_count_is_zero_and_they_grow_with_time() {
    let r = report("strategy=local&servers=4");
    assert!(own_counts(&r, 0).iter().all(|o| o.count == 0) || r.requests[0].decided_us == 0);
    let mut last = vec![0; 4];
    for q in &r.requests {
        let now: Vec<u32> = own_counts(&r, q.decided_us)
            .iter()
            .map(|o| o.count)
            .collect();
        for (a, b) in last.iter().zip(&now) {
            assert!(b >= a, "counts never go down under local counters");
        }
        last = now;
    }
}

#[test]
fn limit_split_counts_against_each_servers_share() {
    let r = report("strategy=split&servers=4");
    let own = own_counts(&r, r.end_us);
    // 10 ÷ 4: shares of 3, 3, 2, 2 (the first L mod N servers get one more).
    assert_eq!(own.iter().map(|o| o.cap).collect::<Vec<_>>(), [3, 3, 2, 2]);
    for o in &own {
        assert!(o.count <= o.cap);
    }
    assert_eq!(own.iter().map(|o| o.count).sum::<u32>(), r.allowed);
}

#[test]
fn with_batched_sync_one_server_knows_exactly_what_it_allowed() {
    // One server: the total Redis gives back is what it sent, so what it
    // knows plus what it has not yet seen counted is everything it allowed.
    let r = report("strategy=sync&servers=1&burst=40&sync=5");
    for q in &r.requests {
        let t = q.decided_us;
        let own = own_counts(&r, t)[0];
        let allowed = r
            .requests
            .iter()
            .filter(|p| p.allowed && p.decided_us <= t)
            .count() as u32;
        assert_eq!(own.known.unwrap() + own.count, allowed, "at {t} µs");
    }
}

#[test]
fn with_batched_sync_what_is_not_yet_in_redis_is_what_the_servers_still_hold() {
    let r = report("strategy=sync&servers=4&sync=10");
    let own = own_counts(&r, r.end_us);
    let held: u32 = own.iter().map(|o| o.count).sum();
    assert_eq!(
        held,
        r.allowed - r.final_counter.unwrap(),
        "allowed {}, in Redis {:?}",
        r.allowed,
        r.final_counter
    );
    assert!(own.iter().all(|o| o.known.is_some()));
}

#[test]
fn the_servers_keep_no_count_of_their_own_at_the_edge_or_with_redis() {
    for s in strategies() {
        let r = report(&format!("strategy={}", s.as_str()));
        let empty = own_counts(&r, r.end_us).is_empty();
        let counts = matches!(s, Strategy::Local | Strategy::Split | Strategy::Sync);
        assert_eq!(empty, !counts, "{s:?}");
    }
}

#[test]
fn the_boxes_the_user_and_the_words_say_the_counts() {
    let r = report("strategy=local");
    let own = own_counts(&r, r.end_us);
    assert_eq!(
        box_line("S1", own.first(), 3, 0, false),
        format!("S1  {}/10 ✗0", own[0].count)
    );
    assert_eq!(box_line("S2", None, 6, 4, false), "S2  ✓6 ✗4");
    assert_eq!(user_line(33, 10), "33/10");
    let t = english();
    let words = label(Strategy::Local, &own, 10, &t);
    let list: Vec<String> = own.iter().map(|o| o.count.to_string()).collect();
    assert_eq!(
        words,
        format!(
            ". Each server counts only the requests it saw: {}, each against a limit of 10",
            list.join(", ")
        )
    );
    let s = report("strategy=split");
    assert!(label(Strategy::Split, &own_counts(&s, s.end_us), 10, &t).contains(" / 3"));
    let y = report("strategy=sync");
    let sync = own_counts(&y, y.end_us);
    assert!(box_line("S1", sync.first(), 0, 0, false).contains('+'));
    // A narrow box drops the refusals, never the count.
    assert_eq!(
        box_line("S1", own.first(), 3, 2, true),
        format!("S1 {}/10", own[0].count)
    );
    assert!(label(Strategy::Sync, &sync, 10, &t).contains(" + "));
    assert_eq!(label(Strategy::Incr, &[], 10, &t), "");
}
