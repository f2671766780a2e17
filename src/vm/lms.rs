//! What a course platform records, as rules (the view's `ui::lms` talks to
//! the SCORM 1.2 API and calls these): which quiz a message is about, the
//! score on a 0 to 100 scale, the status against the mastery score, the
//! rule that a later attempt never lowers what is recorded, and the small
//! versioned format the learner's progress is kept in (`cmi.suspend_data`).
//!
//! The progress format, version 1, is one line of `key=value` fields split
//! by `;`, starting with `rll1`:
//!
//! ```text
//! rll1;h=3f2a9c1e;a=2.2..s,,0.1.0-3.sr;s=
//! ```
//!
//! - `h`: a short hash of the quiz's questions (prompts and options), so
//!   answers are only restored onto the quiz they were given to;
//! - `a`: one item per question, split by `,`: empty if not answered yet,
//!   else `first.last.tried.flags` (option indices as the content lists
//!   them; `tried` the wrong options picked, split by `-`; `flags` `s` if
//!   solved, `r` if the answer was shown);
//! - `s`: the lesson's steps met, numbers split by `,` (kept as they are
//!   read, so a later lesson can fill it).
//!
//! Fields a later version adds are ignored by this one; a line that does
//! not start with `rll1`, is for another quiz or does not fit it is not
//! restored (the learner starts afresh).

use super::quiz::{Answer, Question, Score};

/// The mastery score when neither the page nor the platform gives one.
pub const DEFAULT_MASTERY: u32 = 80;

/// The version tag the progress line starts with.
pub const PROGRESS_VERSION: &str = "rll1";

/// What the learner has done, as kept between launches.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// The quiz's answers, one per question.
    pub answers: Vec<Answer>,
    /// The lesson's steps met.
    pub steps: Vec<u32>,
}

/// A short, stable hash of the quiz's questions and options (FNV-1a, 32
/// bits, in hex).
pub fn quiz_hash(quiz: &[Question]) -> String {
    let mut h: u32 = 0x811c_9dc5;
    let mut eat = |s: &str| {
        for b in s.bytes().chain([0u8]) {
            h ^= u32::from(b);
            h = h.wrapping_mul(0x0100_0193);
        }
    };
    for q in quiz {
        eat(&q.prompt);
        for o in &q.options {
            eat(&o.text);
            eat(if o.correct { "1" } else { "0" });
        }
    }
    // Eight hex digits, written by hand (no formatting machinery).
    (0..8)
        .rev()
        .map(|i| char::from(b"0123456789abcdef"[(h >> (i * 4)) as usize & 15]))
        .collect()
}

/// Writes `progress` for `quiz` as one progress line.
pub fn encode(quiz: &[Question], progress: &Progress) -> String {
    let mut out = String::with_capacity(32 + 8 * progress.answers.len());
    out.push_str(PROGRESS_VERSION);
    out.push_str(";h=");
    out.push_str(&quiz_hash(quiz));
    out.push_str(";a=");
    for (i, a) in progress.answers.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let Some(first) = a.first else { continue };
        out.push_str(&first.to_string());
        out.push('.');
        out.push_str(&a.last.unwrap_or(first).to_string());
        out.push('.');
        for (k, t) in a.tried.iter().enumerate() {
            if k > 0 {
                out.push('-');
            }
            out.push_str(&t.to_string());
        }
        out.push('.');
        if a.solved {
            out.push('s');
        }
        if a.revealed {
            out.push('r');
        }
    }
    out.push_str(";s=");
    for (i, step) in progress.steps.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&step.to_string());
    }
    out
}

/// Reads a progress line for `quiz`; `None` if it is not one this version
/// writes, is for another quiz, or does not fit this one.
pub fn decode(quiz: &[Question], line: &str) -> Option<Progress> {
    let mut fields = line.trim().split(';');
    if fields.next()? != PROGRESS_VERSION {
        return None;
    }
    let (mut hash, mut answers, mut steps) = (None, None, Vec::new());
    for field in fields {
        let (k, v) = field.split_once('=')?;
        match k {
            "h" => hash = Some(v),
            "a" => answers = Some(v),
            "s" => {
                for s in v.split(',').filter(|s| !s.is_empty()) {
                    steps.push(s.parse().ok()?);
                }
            }
            _ => {}
        }
    }
    if hash? != quiz_hash(quiz) {
        return None;
    }
    let items: Vec<&str> = answers?.split(',').collect();
    if items.len() != quiz.len() {
        return None;
    }
    let mut out = Vec::with_capacity(quiz.len());
    for (q, item) in quiz.iter().zip(items) {
        out.push(answer(q, item)?);
    }
    Some(Progress {
        answers: out,
        steps,
    })
}

/// One question's answer from its item, checked against the question.
fn answer(q: &Question, item: &str) -> Option<Answer> {
    if item.is_empty() {
        return Some(Answer::default());
    }
    let n = q.options.len();
    let index = |s: &str| s.parse::<usize>().ok().filter(|i| *i < n);
    let mut parts = item.split('.');
    let first = index(parts.next()?)?;
    let last = index(parts.next()?)?;
    let tried = parts.next()?;
    let flags = parts.next()?;
    if parts.next().is_some() {
        return None;
    }
    let mut wrong = Vec::new();
    for t in tried.split('-').filter(|t| !t.is_empty()) {
        let i = index(t)?;
        if q.options[i].correct || wrong.contains(&i) {
            return None;
        }
        wrong.push(i);
    }
    let solved = flags.contains('s');
    let revealed = flags.contains('r');
    if flags.chars().any(|c| c != 's' && c != 'r') {
        return None;
    }
    // A right first pick means the question was solved then.
    if q.options[first].correct && !solved {
        return None;
    }
    Some(Answer {
        first: Some(first),
        last: Some(last),
        tried: wrong,
        solved,
        revealed,
    })
}

/// The score on the 0 to 100 scale the platform is given (`score.min` 0,
/// `score.max` 100): the share of first answers that were right, rounded
/// to the nearest whole percent.
pub fn percent(s: &Score) -> u32 {
    if s.total == 0 {
        return 0;
    }
    ((s.correct * 200 + s.total) / (s.total * 2)) as u32
}

/// The mastery score that applies: the page's `mastery` if given, else the
/// platform's (`cmi.student_data.mastery_score`, from the package's
/// manifest) if it is a number from 0 to 100, else [`DEFAULT_MASTERY`].
pub fn mastery(page: Option<u32>, platform: &str) -> u32 {
    page.or_else(|| decimal(platform).filter(|m| *m <= 100))
        .unwrap_or(DEFAULT_MASTERY)
}

/// A decimal number as the platform writes it ("93", "72.6"), rounded to
/// a whole number (halves up); `None` if it is not one, is negative or has
/// a sign or an exponent (SCORM 1.2's CMIDecimal has neither). Read by the
/// model's own decimal reader ([`crate::sim::params::parse_decimal`]):
/// the standard library's float parser would add kilobytes to the wasm.
fn decimal(text: &str) -> Option<u32> {
    let text = text.trim();
    if !text.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    let d = crate::sim::params::parse_decimal(text)?;
    if d.milli < 0 {
        return None;
    }
    u32::try_from((d.milli + 500) / 1000).ok()
}

/// The status to set when the widget starts: `incomplete`, unless the
/// platform already holds a result (`passed`, `completed` or `failed`),
/// which a new launch does not take away.
pub fn start_status(recorded: &str) -> Option<&'static str> {
    match recorded.trim() {
        "passed" | "completed" | "failed" | "incomplete" => None,
        _ => Some("incomplete"),
    }
}

/// What to write after a finished attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grade {
    /// The new `score.raw`, or `None` to keep the recorded one (it is as
    /// good or better).
    pub raw: Option<u32>,
    /// The new `lesson_status`, or `None` to keep the recorded one.
    pub status: Option<&'static str>,
}

/// The grade for an attempt scoring `percent` against `mastery`, given what
/// is recorded (`recorded_status`, `recorded_raw` as the platform holds
/// them): the best score is kept, and `passed` once reached stays.
pub fn grade(recorded_status: &str, recorded_raw: &str, percent: u32, mastery: u32) -> Grade {
    // A recorded 92.6 counts as 93: as good as a new 93, which is then
    // not written again.
    let before = decimal(recorded_raw);
    let raw = match before {
        Some(b) if b >= percent => None,
        _ => Some(percent),
    };
    let best = before.map_or(percent, |b| b.max(percent));
    let recorded = recorded_status.trim();
    let status = if recorded == "passed" || best >= mastery {
        "passed"
    } else {
        "failed"
    };
    Grade {
        raw,
        status: (status != recorded).then_some(status),
    }
}

/// SCORM 1.2's `CMITimespan` for `ms` milliseconds, `HHHH:MM:SS.SS`
/// (hours held at 9999, the most four digits say): the session time
/// written on leaving.
pub fn timespan(ms: u64) -> String {
    let cs = ms / 10;
    let (h, m, s) = ((cs / 360_000).min(9999), cs / 6000 % 60, cs / 100 % 60);
    format!("{h:04}:{m:02}:{s:02}.{:02}", cs % 100)
}

/// The `cmi.interactions.n` fields (element, value), in the order they are
/// written, for question `i` (0-based) of the quiz first answered with
/// option `first`: the id `q1`, `q2`, …, type `choice`, the response and
/// the right one as letters (`a` is the first option as the content lists
/// them; a question has at most six), and `correct` or `wrong`.
pub fn interaction(n: usize, i: usize, q: &Question, first: usize) -> [(String, String); 5] {
    let key = |f: &str| format!("cmi.interactions.{n}.{f}");
    let letter = |k: usize| char::from(b'a' + (k % 26) as u8).to_string();
    let result = if q.options.get(first).is_some_and(|o| o.correct) {
        "correct"
    } else {
        "wrong"
    };
    [
        (key("id"), format!("q{}", i + 1)),
        (key("type"), "choice".into()),
        (key("student_response"), letter(first)),
        (key("result"), result.into()),
        (key("correct_responses.0.pattern"), letter(q.right())),
    ]
}

/// The name messages give a quiz: the content file's `id` if it has one,
/// else `"builtin"` (the built-in quiz, or a content file that could not
/// be used).
pub fn quiz_name(id: Option<&str>) -> String {
    match id.map(str::trim) {
        Some(id) if !id.is_empty() => id.to_string(),
        _ => "builtin".to_string(),
    }
}
