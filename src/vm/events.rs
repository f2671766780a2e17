//! What the Leptos component (`ui::RateLimitLab`) gives its callbacks:
//! the payloads of the widget's events as Rust values, and the integer
//! units its props take written as the parameters' milliseconds. Plain
//! data, so an app that also builds for the server compiles them there.

/// A question got its first answer (`on_quiz`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QuizAnswer {
    /// The question, 1-based.
    pub question: u32,
    /// Whether that first answer was the right one.
    pub right: bool,
    /// Questions answered so far.
    pub answered: u32,
    /// First answers that were right so far.
    pub correct: u32,
    /// Questions in all.
    pub total: u32,
    /// The quiz's name: the content file's `id`, else `builtin`.
    pub quiz: String,
}

/// Every question has its first answer (`on_completed`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Completed {
    /// First answers that were right.
    pub score: u32,
    /// Questions in all.
    pub max: u32,
    /// The quiz's name.
    pub quiz: String,
}

/// A lesson step's goal was first met (`on_tour`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TourStep {
    /// The step, 1-based.
    pub step: u32,
    /// Steps in the lesson.
    pub steps: u32,
    /// Steps met so far.
    pub done: u32,
}

/// `us` microseconds as the parameters write milliseconds: `2`, `0.2`,
/// `12.345`, with no float formatting.
pub fn ms(us: u32) -> String {
    let whole = (us / 1000).to_string();
    let part = us % 1000;
    if part == 0 {
        return whole;
    }
    let digits = format!("{part:03}");
    format!("{whole}.{}", digits.trim_end_matches('0'))
}
