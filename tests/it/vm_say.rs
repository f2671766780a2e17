//! What the replay says to a screen reader (`vm::say`): after Step, what
//! happened at that moment (which requests arrived, which Redis commands
//! ran, which requests were allowed or refused, which got their answer),
//! then the totals so far; over a stretch of Play, everything in it; on
//! pause, where and the totals; at the end, the outcome.

use ratelimit_lab::vm::say::{moment, numbers, outcome, paused, span};

use crate::vm_support::{english, report};

#[test]
fn request_numbers_read_as_runs() {
    let t = english();
    assert_eq!(numbers(&[], &t), "");
    assert_eq!(numbers(&[2], &t), "3");
    assert_eq!(numbers(&[2, 3], &t), "3 and 4");
    assert_eq!(numbers(&[0, 1, 2, 3, 6], &t), "1 to 4 and 7");
    assert_eq!(numbers(&[0, 2, 4], &t), "1, 3 and 5");
    assert_eq!(numbers(&[0, 1, 2, 5, 6, 7], &t), "1 to 3 and 6 to 8");
}

/// GET then SET, the default burst: requests 1 and 2 arrive 0.27 and
/// 0.28 ms in, both GETs read 0 a millisecond later, both are let through,
/// both SETs write 1: the race, told one event at a time.
#[test]
fn each_step_says_what_happened_at_that_moment() {
    let r = report("strategy=getset");
    let t = english();
    let said: Vec<String> = r
        .event_times()
        .into_iter()
        .take(10)
        .map(|x| moment(&r, x, &t))
        .collect();
    assert_eq!(
        said[..8],
        [
            "t = 0.27 ms: request 1 arrives. Answered so far: 0 allowed, 0 refused, Redis counter 0.",
            "t = 0.28 ms: request 2 arrives. Answered so far: 0 allowed, 0 refused, Redis counter 0.",
            "t = 1.27 ms: Redis runs GET for request 1. Answered so far: 0 allowed, 0 refused, Redis counter 0.",
            "t = 1.28 ms: Redis runs GET for request 2. Answered so far: 0 allowed, 0 refused, Redis counter 0.",
            "t = 2.27 ms: request 1 allowed. Answered so far: 0 allowed, 0 refused, Redis counter 0.",
            "t = 2.28 ms: request 2 allowed. Answered so far: 0 allowed, 0 refused, Redis counter 0.",
            "t = 3.27 ms: Redis runs SET for request 1. Answered so far: 0 allowed, 0 refused, Redis counter 1.",
            "t = 3.28 ms: Redis runs SET for request 2. Answered so far: 0 allowed, 0 refused, Redis counter 1.",
        ]
    );
    // Request 3 arrives at 3.335 ms, between the SETs and the answers.
    assert!(
        said[8].starts_with("t = 3.34 ms: request 3 arrives."),
        "{}",
        said[8]
    );
    // Its answer comes after the SET: only then is it counted.
    assert!(
        moment(&r, 4271, &t).contains("request 1 gets its answer. Answered so far: 1 allowed"),
        "{}",
        moment(&r, 4271, &t)
    );
    // Every event says something, never an empty list.
    for x in r.event_times() {
        let s = moment(&r, x, &t);
        assert!(!s.contains(": .") && !s.contains("{"), "{s}");
    }
}

#[test]
fn a_stretch_of_play_says_everything_in_it_and_the_totals() {
    let r = report("strategy=getset");
    let t = english();
    let half = r.end_us / 2;
    assert_eq!(
        span(&r, None, half, &t),
        "t = 20.72 ms: requests 1 to 18 arrive; Redis runs 34 commands; requests 1 to 17 allowed; \
         requests 1 to 15 get their answers. Answered so far: 15 allowed, 0 refused, Redis counter 6."
    );
    // Two stretches back to back say every request once.
    let (a, b) = (span(&r, None, half, &t), span(&r, Some(half), r.end_us, &t));
    assert!(b.contains("requests 19 to 40 arrive"), "{b}");
    assert!(
        !a.contains("refused;") && b.contains("refused"),
        "{a} / {b}"
    );
    assert_eq!(
        paused(&r, half, &t),
        "Paused at t = 20.72 ms. Answered so far: 15 allowed, 0 refused, Redis counter 6."
    );
    assert_eq!(
        outcome(&r, &t),
        "GET, then SET: End of the burst: 24 allowed, 16 refused. \
         Limit not enforced: 14 requests got through beyond the limit."
    );
}

#[test]
fn the_token_bucket_counts_tokens_and_local_counters_have_no_redis() {
    let t = english();
    let r = report("strategy=lua");
    let x = r.event_times()[3];
    assert!(
        moment(&r, x, &t).contains(", Redis bucket "),
        "{}",
        moment(&r, x, &t)
    );
    let r = report("strategy=local");
    let x = r.event_times()[0];
    let s = moment(&r, x, &t);
    assert!(!s.contains("Redis"), "{s}");
    assert!(s.contains("allowed"), "{s}");
}
