//! The replay's timing and the prediction's score (`vm::replay`): how far
//! the run moves between two changes of the words while it plays, which
//! moment each group of words shows, and how close a guess came. Every
//! expected value is worked out by hand from the rule, not by the code.

use ratelimit_lab::vm::replay::{result, slider_words, verdict, words_step, words_time};
use ratelimit_lab::vm::text::Text;

use crate::vm_support::english;

#[test]
fn the_words_step_is_the_run_played_in_a_tenth_of_a_second() {
    // A 40 ms run plays in 16 s, 8 s or 3 s: a tenth of a second moves it
    // 250, 500 or 1,333 µs.
    assert_eq!(words_step(40_000, 0, true, false), Some(250));
    assert_eq!(words_step(40_000, 1, true, false), Some(500));
    assert_eq!(words_step(40_000, 2, true, false), Some(1_333));
    // A speed past fast plays fast.
    assert_eq!(words_step(40_000, 9, true, false), Some(1_333));
    // The default burst (about 39.45 ms) at normal speed.
    assert_eq!(words_step(39_450, 1, true, false), Some(493));
}

#[test]
fn no_words_step_when_paused_under_reduced_motion_or_under_a_microsecond() {
    assert_eq!(words_step(40_000, 1, false, false), None, "paused");
    assert_eq!(words_step(40_000, 1, true, true), None, "reduced motion");
    assert_eq!(words_step(40_000, 1, false, true), None);
    // 100 µs at slow speed moves 0.625 µs in a tenth of a second.
    assert_eq!(words_step(100, 0, true, false), None);
    assert_eq!(words_step(0, 1, true, false), None);
    // 160 µs at slow speed: exactly one.
    assert_eq!(words_step(160, 0, true, false), Some(1));
}

#[test]
fn each_group_of_words_rounds_down_a_third_of_a_step_after_the_one_before() {
    // Step 500: group 0 at multiples of 500, group 1 at 500k - 166, group 2
    // at 500k - 333.
    let at = |t, g| words_time(Some(t), Some(500), g);
    assert_eq!(at(1_234, 0), Some(1_000));
    assert_eq!(at(1_234, 1), Some(834));
    assert_eq!(at(1_234, 2), Some(1_167));
    assert_eq!(at(1_000, 0), Some(1_000));
    assert_eq!(at(999, 0), Some(500));
    assert_eq!(at(1_334, 1), Some(1_334));
    assert_eq!(at(1_333, 1), Some(834));
    // Near the start, a group that would show a time before 0 shows 0.
    assert_eq!(at(100, 0), Some(0));
    assert_eq!(at(100, 1), Some(0));
    assert_eq!(at(100, 2), Some(0));
    assert_eq!(at(200, 2), Some(167));
}

#[test]
fn without_a_step_every_group_shows_the_moment_itself() {
    for g in 0..3 {
        assert_eq!(words_time(Some(1_234), None, g), Some(1_234));
        assert_eq!(words_time(None, None, g), None, "the end state");
        assert_eq!(words_time(None, Some(500), g), None, "the end state");
    }
}

#[test]
fn a_guess_is_exact_near_within_a_fifth_or_far() {
    assert_eq!(verdict(40, 40), Text::PredictExact);
    // Off by 8 of 40 is a fifth: near; by 9, far; on either side.
    assert_eq!(verdict(32, 40), Text::PredictNear);
    assert_eq!(verdict(48, 40), Text::PredictNear);
    assert_eq!(verdict(31, 40), Text::PredictFar);
    assert_eq!(verdict(49, 40), Text::PredictFar);
    assert_eq!(verdict(100, 10), Text::PredictFar);
}

#[test]
fn when_few_get_through_a_guess_off_by_one_is_still_near() {
    // Allowed 3: a fifth of 3 is under one, but one off is near.
    assert_eq!(verdict(3, 3), Text::PredictExact);
    assert_eq!(verdict(4, 3), Text::PredictNear);
    assert_eq!(verdict(2, 3), Text::PredictNear);
    assert_eq!(verdict(5, 3), Text::PredictFar);
    assert_eq!(verdict(1, 3), Text::PredictFar);
    // None got through.
    assert_eq!(verdict(0, 0), Text::PredictExact);
    assert_eq!(verdict(1, 0), Text::PredictNear);
    assert_eq!(verdict(2, 0), Text::PredictFar);
    // Off by 2 of 10 is a fifth.
    assert_eq!(verdict(12, 10), Text::PredictNear);
    assert_eq!(verdict(13, 10), Text::PredictFar);
}

#[test]
fn the_result_says_the_guess_and_what_got_through() {
    let texts = english();
    assert_eq!(
        result(40, 40, &texts),
        "You guessed 40, and exactly 40 got through. Well reasoned."
    );
    assert_eq!(
        result(32, 40, &texts),
        "You guessed 32; 40 got through. Close."
    );
    assert_eq!(
        result(31, 40, &texts),
        "You guessed 31; 40 got through. Replay it step by step to see why."
    );
    assert_eq!(
        result(0, 0, &texts),
        "You guessed 0, and exactly 0 got through. Well reasoned."
    );
}

#[test]
fn the_time_sliders_words_change_at_most_every_three_seconds_while_playing() {
    let never = f64::NEG_INFINITY;
    // Paused: every change is said, and the pace starts over.
    assert_eq!(slider_words(false, 10_000.0, 9_000.0), Some(never));
    // Playing: the first change is said, then none for 3 s.
    assert_eq!(slider_words(true, 10_000.0, never), Some(10_000.0));
    assert_eq!(slider_words(true, 12_999.0, 10_000.0), None);
    assert_eq!(slider_words(true, 13_000.0, 10_000.0), Some(13_000.0));
}
