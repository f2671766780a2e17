//! The replay's timing and the prediction asked before it: how fast the
//! run plays, when the words around the picture follow the moment, and
//! how close a guess came.

use super::text::{Text, Texts};

/// How long, in ms of real time, the whole run takes to play at each speed
/// (slow, normal, fast): the default burst plays in about 8 s.
pub const PLAY_MS: [f64; 3] = [16_000.0, 8_000.0, 3_000.0];

/// While the replay plays, how often (ms of real time) each group of words
/// follows the moment. The picture moves every frame; the numbers and
/// sentences around it change ten times a second, which reads as smoothly
/// and costs a frame a third of the layout and paint.
pub const WORDS_MS: f64 = 100.0;

/// While playing, the least time (ms of real time) between two changes of
/// the time slider's words (`aria-valuetext`), so a screen reader on the
/// slider is not flooded; the narration says what happens at its own pace.
pub const SLIDER_WORDS_MS: f64 = 3_000.0;

/// Whether the time slider's words change now, at `clock` (ms of real
/// time), when they last changed while playing at `said_at`: if so, what
/// `said_at` becomes (paused, they always change and the pace starts over).
pub fn slider_words(playing: bool, clock: f64, said_at: f64) -> Option<f64> {
    (!playing || clock - said_at >= SLIDER_WORDS_MS).then_some(if playing {
        clock
    } else {
        f64::NEG_INFINITY
    })
}

/// How far (µs of the run) the replay moves in [`WORDS_MS`] at `speed`
/// (0 slow, 1 normal, 2 fast; above 2 is fast) for a run that ends at
/// `end_us`: the step the words follow the moment by. `None` while paused,
/// under reduced motion (Play then jumps from event to event and the words
/// show each), or when the step would be under a µs.
pub fn words_step(end_us: u64, speed: u8, playing: bool, reduced: bool) -> Option<u64> {
    let per = PLAY_MS[usize::from(speed.min(2))];
    (playing && !reduced)
        .then(|| (end_us as f64 * WORDS_MS / per) as u64)
        .filter(|q| *q > 0)
}

/// The time group `group` of the words shows when the moment is `t`
/// (`None`: the end state): `t` rounded down to a multiple of `step`, each
/// group offset by a third of a step from the one before, so that no frame
/// rewrites every group. Without a step, `t` itself.
pub fn words_time(t: Option<u64>, step: Option<u64>, group: u64) -> Option<u64> {
    match (t, step) {
        (Some(t), Some(q)) => {
            let off = q * group / 3;
            Some(((t + off) / q * q).saturating_sub(off))
        }
        (t, _) => t,
    }
}

/// How close a guess of how many requests get through came to the
/// `allowed` that did: exact, near (off by at most a fifth of what got
/// through, and by at least one in five when few did), or far.
pub fn verdict(guess: u32, allowed: u32) -> Text {
    match guess.abs_diff(allowed) {
        0 => Text::PredictExact,
        d if d * 5 <= allowed.max(5) => Text::PredictNear,
        _ => Text::PredictFar,
    }
}

/// The sentence shown when the replay reveals the outcome of a guess.
pub fn result(guess: u32, allowed: u32, texts: &Texts) -> String {
    texts.fill(
        verdict(guess, allowed),
        &[("g", &guess.to_string()), ("n", &allowed.to_string())],
    )
}
