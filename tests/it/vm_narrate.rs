//! The narration under the picture (`vm::narrate`): one sentence for the
//! moment shown, naming the requests by number, their server, the command
//! and the value, different at every event (even a microsecond apart);
//! one sentence for the whole run at its end; and the replay's slowing
//! down through a race.

use ratelimit_lab::sim::{self, Report};
use ratelimit_lab::vm::narrate::{advance, at, races, say, summary, Heard, Say};
use ratelimit_lab::vm::reads::shared_reads;

use crate::vm_support::{english, report, scenario};

/// The narration at every event of `r`, in order.
fn told(r: &Report) -> Vec<String> {
    let shared = shared_reads(r);
    let t = english();
    r.event_times()
        .into_iter()
        .filter(|&x| x < r.end_us)
        .map(|x| at(r, &shared, Some(x), &t))
        .collect()
}

/// Every strategy, and Redis slow and down (failing open and closed).
const RUNS: [&str; 11] = [
    "strategy=local",
    "strategy=split",
    "strategy=sync",
    "strategy=edge",
    "strategy=getset",
    "strategy=incr",
    "strategy=lua",
    "strategy=getset&redis=slow",
    "strategy=incr&redis=slow",
    "strategy=incr&redis=down&fail=open",
    "strategy=getset&redis=down&fail=closed",
];

#[test]
fn each_strategy_tells_requests_servers_commands_and_values() {
    let cases: [(&str, &str); 11] = [
        ("strategy=local", "t = 4.23 ms: request 4 reaches server 3, whose own count is 1 of 10: allowed."),
        ("strategy=split", "t = 6.455 ms: request 7 reaches server 2, whose own count is 3 of 3: refused with 429."),
        ("strategy=sync", "t = 5.524 ms: request 6 reaches server 2, which counts 1 from Redis plus 1 of its own, of 10: allowed."),
        ("strategy=sync", "t = 3.5 ms: Redis runs INCRBY 1 from server 2 and the count is now 1."),
        ("strategy=edge", "t = 10.878 ms: request 11 reaches the gateway, which has let 10 of 10 through: refused with 429."),
        ("strategy=getset", "t = 1.28 ms: Redis runs GET for request 2 and answers 0, the same count request 1 was given."),
        ("strategy=getset", "t = 3.28 ms: Redis runs SET 1 for request 2 and the count is now 1, the value request 1 wrote: one count is lost."),
        ("strategy=incr", "t = 2.28 ms: server 1 gets 2 back from INCR for request 2: allowed."),
        ("strategy=lua", "t = 1.28 ms: Redis runs the bucket script for request 2: 8 tokens left."),
        ("strategy=incr&redis=down&fail=open", "server 2 gives up waiting for INCR for request 1: it fails open, allowed"),
        ("strategy=getset&redis=down&fail=closed", "server 2 gives up waiting for GET for request 1: it fails closed, refused with 429"),
    ];
    for (query, sentence) in cases {
        let said = told(&report(query));
        assert!(
            said.iter().any(|s| s.contains(sentence)),
            "{query}: no “{sentence}” in\n{}",
            said.join("\n")
        );
    }
    // Redis slow: the same commands, 100 ms later.
    let said = told(&report("strategy=incr&redis=slow"));
    assert!(
        said.iter()
            .any(|s| s.starts_with("t = 101.271 ms: Redis runs INCR for request 1")),
        "{}",
        said.join("\n")
    );
}

#[test]
fn the_first_race_names_both_requests() {
    let said = told(&report("strategy=getset"));
    assert_eq!(
        said[..6],
        [
            "t = 0.271 ms: request 1 reaches server 2, which sends GET to Redis.",
            "t = 0.28 ms: request 2 reaches server 1, which sends GET to Redis.",
            "t = 1.271 ms: Redis runs GET for request 1 and answers 0.",
            "t = 1.28 ms: Redis runs GET for request 2 and answers 0, the same count request 1 was given.",
            "t = 2.271 ms: server 2 gets 0 back from GET for request 1, the same count request 2 was given: allowed; server 2 sends SET 1 for request 1 to Redis.",
            "t = 2.28 ms: server 1 gets 0 back from GET for request 2, the same count request 1 was given: allowed; server 1 sends SET 1 for request 2 to Redis.",
        ]
    );
    // A moment between two events tells the last one, so the sentence
    // holds while the picture moves on.
    let r = report("strategy=getset");
    let shared = shared_reads(&r);
    assert_eq!(at(&r, &shared, Some(2_900), &english()), said[5]);
    assert!(
        at(&r, &shared, Some(0), &english()).starts_with("t = 0 ms: Before the burst: 40 requests")
    );
}

#[test]
fn every_event_gets_its_own_sentence_in_every_strategy() {
    for query in RUNS {
        let said = told(&report(query));
        assert!(said.len() > 10, "{query}");
        for pair in said.windows(2) {
            assert_ne!(pair[0], pair[1], "{query}: two steps say the same");
        }
        for s in &said {
            assert!(!s.contains('{') && s.ends_with('.'), "{query}: {s}");
        }
    }
}

#[test]
fn two_events_a_microsecond_apart_read_as_two_sentences() {
    // A burst whose events include two a microsecond apart.
    let found = (0..400u64).find_map(|seed| {
        let r = sim::run(&scenario("strategy=getset").with_seed(seed));
        let ts = r.event_times();
        ts.windows(2)
            .find(|w| w[1] == w[0] + 1 && w[1] < r.end_us)
            .map(|w| (r.clone(), w[0], w[1]))
    });
    let (r, a, b) = found.expect("some seed has two events 1 µs apart");
    let shared = shared_reads(&r);
    let (x, y) = (
        at(&r, &shared, Some(a), &english()),
        at(&r, &shared, Some(b), &english()),
    );
    assert_ne!(x, y);
    let ms = |us: u64| ratelimit_lab::vm::format::ms_exact(us);
    assert!(x.starts_with(&format!("t = {} ms:", ms(a))), "{x}");
    assert!(y.starts_with(&format!("t = {} ms:", ms(b))), "{y}");
}

#[test]
fn the_end_sums_up_the_run() {
    let t = english();
    let cases = [
        (
            "strategy=local",
            "Local counters: 33 of 40 requests got through, 23 more than the limit of 10 allows.",
        ),
        (
            "strategy=incr",
            "INCR: 10 of 40 requests got through, and the limit of 10 held.",
        ),
        (
            "strategy=incr&redis=down&fail=closed",
            "INCR: only 0 of 40 requests got through, fewer than the limit of 10 allows.",
        ),
    ];
    for (query, sentence) in cases {
        let r = report(query);
        assert_eq!(summary(&r, &t), sentence);
        assert_eq!(at(&r, &shared_reads(&r), None, &t), sentence);
        assert_eq!(at(&r, &shared_reads(&r), Some(r.end_us), &t), sentence);
    }
}

/// At normal speed (the run in 8 s), the replay takes at least a second
/// over the first race of the default GET then SET burst, between the
/// second GET's answer and the first SET.
#[test]
fn the_replay_slows_down_through_a_race() {
    let r = report("strategy=getset");
    let w = races(&r, &shared_reads(&r));
    assert_eq!(w[0], (2_280, 3_271));
    assert!(races(&report("strategy=incr"), &[]).is_empty());
    let rate = r.end_us as f64 / 8_000.0;
    let (mut t, mut inside, mut total) = (0u64, 0.0, 0.0);
    while t < r.end_us {
        let next = advance(t, 16.0, rate, &w, 1_500.0);
        if t >= w[0].0 && t < w[0].1 {
            inside += 16.0;
        }
        total += 16.0;
        assert!(next > t);
        t = next;
    }
    assert!(inside >= 1_000.0, "{inside} ms in the race");
    // Elsewhere, the usual pace: the whole run in 8 s plus the races.
    assert!(total < 8_000.0 + 1_600.0 * w.len() as f64, "{total}");
    // Without races, exactly the usual pace.
    assert_eq!(advance(1_000, 100.0, 5.0, &[], 1_500.0), 1_500);
}

#[test]
fn the_voice_waits_for_presses_and_settings_to_stop_but_not_after_a_pause() {
    use ratelimit_lab::vm::narrate::say_after;
    // Paused or reached the end: at once, whatever else changed.
    assert_eq!(say_after(true, true), 0);
    assert_eq!(say_after(true, false), 0);
    // A setting (or a guess just made): once it settles.
    assert_eq!(say_after(false, true), 600);
    // Step, Step back, the slider: once the presses stop.
    assert_eq!(say_after(false, false), 250);
}

#[test]
fn while_playing_the_voice_speaks_every_few_seconds_or_sooner_for_a_race() {
    use ratelimit_lab::vm::narrate::due_while_playing;
    assert!(!due_while_playing(2_499.0, false));
    assert!(due_while_playing(2_500.0, false));
    assert!(!due_while_playing(999.0, true));
    assert!(due_while_playing(1_000.0, true));
    assert!(!due_while_playing(1_000.0, false));
}

/// What the voice does as `was` becomes `now` at `clock` ms, for the
/// narration under the picture, in a run with one race (1,000–2,000 µs)
/// when `race`.
fn voice(said: &mut (Option<u64>, f64), was: Heard, now: Heard, clock: f64, race: bool) -> Say {
    let races = || {
        if race {
            vec![(1_000, 2_000)]
        } else {
            Vec::new()
        }
    };
    say(Some(was), now, true, said, clock, races)
}

#[test]
fn the_voice_says_the_moment_at_a_listeners_pace_and_nothing_while_a_guess_is_asked() {
    let (s, other) = (scenario("strategy=getset"), scenario("strategy=incr"));
    let heard = |playing, time, hiding| Heard {
        scenario: s,
        playing,
        time,
        hiding,
    };
    let (end, paused, playing) = (
        heard(false, None, false),
        heard(false, Some(1_500), false),
        |t| heard(true, Some(t), false),
    );
    let mut said = (None, 0.0);
    // Opening: the narration says the page; the hidden announcer waits.
    assert_eq!(
        say(None, end, true, &mut said, 0.0, Vec::new),
        Say::Moment(0)
    );
    assert_eq!(
        say(None, end, false, &mut said, 0.0, Vec::new),
        Say::Nothing
    );
    // A guess is asked for: silence.
    assert_eq!(
        voice(&mut said, end, heard(false, Some(0), true), 0.0, false),
        Say::Hush
    );
    // Play pressed: the moment it starts from, at once, remembered.
    assert_eq!(
        voice(
            &mut said,
            heard(false, Some(0), false),
            playing(0),
            1_000.0,
            false
        ),
        Say::Moment(0)
    );
    assert_eq!(said, (Some(0), 1_000.0));
    // No race: 2.4 s later, not yet; at 2.5 s, the moment reached.
    assert_eq!(
        voice(&mut said, playing(0), playing(500), 3_400.0, false),
        Say::Nothing
    );
    assert_eq!(
        voice(&mut said, playing(500), playing(900), 3_500.0, false),
        Say::Moment(0)
    );
    assert_eq!(said, (Some(900), 3_500.0));
    // Into the race 0.9 s after speaking: not yet; 1 s after: at once;
    // inside the race already said: only at 2.5 s.
    assert_eq!(
        voice(&mut said, playing(900), playing(1_100), 4_400.0, true),
        Say::Nothing
    );
    assert_eq!(
        voice(&mut said, playing(1_100), playing(1_200), 4_500.0, true),
        Say::Moment(0)
    );
    assert_eq!(
        voice(&mut said, playing(1_200), playing(1_500), 5_500.0, true),
        Say::Nothing
    );
    // Another scenario while playing (a tab's replay): at once.
    let replay = Heard {
        scenario: other,
        ..playing(0)
    };
    assert_eq!(
        voice(&mut said, playing(1_500), replay, 5_600.0, true),
        Say::Moment(0)
    );
    // Paused: at once, and what was said while playing is forgotten.
    assert_eq!(
        voice(&mut said, playing(1_500), paused, 5_700.0, true),
        Say::Moment(0)
    );
    assert_eq!(said, (None, 0.0));
    // A step: after 250 ms; a setting, or a guess just made: after 600 ms;
    // nothing changed: nothing.
    assert_eq!(
        voice(
            &mut said,
            paused,
            heard(false, Some(1_600), false),
            0.0,
            false
        ),
        Say::Moment(250)
    );
    let setting = Heard {
        scenario: other,
        ..paused
    };
    assert_eq!(
        voice(&mut said, paused, setting, 0.0, false),
        Say::Moment(600)
    );
    assert_eq!(
        voice(
            &mut said,
            heard(false, Some(1_500), true),
            paused,
            0.0,
            false
        ),
        Say::Moment(600)
    );
    assert_eq!(voice(&mut said, paused, paused, 0.0, false), Say::Nothing);
}
