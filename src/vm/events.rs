//! The messages the widget sends its host (their names, fields and when,
//! which the view writes and the embedding guide lists), the element's
//! methods, and what the Leptos component (`ui::RateLimitLab`) gives its
//! callbacks: the payloads of the widget's events as Rust values, and the
//! integer units its props take written as the parameters' milliseconds.
//! Plain data, so an app that also builds for the server compiles them
//! there.

/// What every message the widget sends a host names itself by, as its
/// `source`.
pub const SOURCE: &str = "ratelimit-lab";

/// What every message with [`SOURCE`] carries after its own fields: the
/// quiz it is about (the content file's `id`, or `builtin`) and the
/// widget's version.
pub const COMMON: [&str; 2] = ["quiz", "version"];

/// One message the widget sends its host: posted to the parent frame, or
/// dispatched on its element as the event `ratelimitlab:<kind>`.
#[derive(Clone, Copy, Debug)]
pub struct Message {
    /// Its `type`.
    pub kind: &'static str,
    /// Its own fields, in the order it is written (`ui::embed` writes
    /// them under these names).
    pub fields: &'static [&'static str],
    /// When it is sent, in the embedding guide's words (docs/EMBEDDING.md,
    /// "Messages the widget sends to its parent": written from these).
    pub when: &'static str,
}

/// The guide's words for `$en`, natively (the docs' tables are written
/// from them by a native test); "" in a wasm build, which never shows
/// them (about 0.6 KB gzip the page would fetch for nothing).
macro_rules! guide {
    (concat!($($p:tt)*)) => {
        guide!(@ concat!($($p)*))
    };
    ($en:literal) => {
        guide!(@ $en)
    };
    (@ $en:expr) => {
        if cfg!(target_arch = "wasm32") {
            ""
        } else {
            $en
        }
    };
}

/// Every message, in the guide's order.
pub const MESSAGES: [Message; 7] = [
    Message {
        kind: "ready",
        fields: &[],
        when: guide!("once, when the widget is mounted and bound"),
    },
    Message {
        kind: "resize",
        fields: &["height", "print"],
        when: guide!("once loaded, then whenever its height changes (a ResizeObserver, not a timer), and once more when its printed height is measured (400 ms after the height last changed); `height` and `print` in CSS pixels (`print` is 0 until first measured)"),
    },
    Message {
        kind: "quiz",
        fields: &["answered", "correct", "total", "question", "prompt", "option", "right"],
        when: guide!("after each first answer to a quiz question: how many are answered, how many first answers were right, the number of questions; then which question (1-based), its text, the option chosen and whether it was right"),
    },
    Message {
        kind: "completed",
        fields: &["score", "max"],
        when: guide!("once every question has a first answer: `score` first answers right out of `max` (again after \"Try again\", when every question is answered again); never for the built-in quiz standing in for a content file that could not be used, unless `fallback=builtin`"),
    },
    Message {
        kind: "tour",
        fields: &["step", "steps", "done"],
        when: guide!("when a lesson step's goal is first met (once per step, however often the learner meets it again): the step (1-based), the number of steps, and how many steps' goals have been met so far"),
    },
    Message {
        kind: "tour-completed",
        fields: &["steps"],
        when: guide!("right after the `tour` message of the last step's goal"),
    },
    Message {
        kind: "content-error",
        fields: &["reason", "detail"],
        when: guide!("once, right after `ready`, when a content file was asked for and could not be used: `reason` in plain words (“the server answered 404”, “it is not written the way the widget expects”), `detail` what exactly was wrong (the parser's message, for the course author)"),
    },
];

/// The message `kind`'s own fields (none for a kind that is not one).
pub fn fields(kind: &str) -> &'static [&'static str] {
    MESSAGES
        .iter()
        .find(|m| m.kind == kind)
        .map_or(&[], |m| m.fields)
}

/// The message a framed widget posts beside every `resize`, in the shape
/// Canvas (and other LTI hosts) resize a tool's frame on: its `subject`,
/// then `height`, the same as the `resize`'s; and when, in the guide's
/// words.
pub const LTI_RESIZE: (&str, &str) = (
    "lti.frameResize",
    guide!("beside every `resize`, with the same height: the message Canvas (and other LTI hosts) resize a tool's frame on"),
);

/// The methods the loader (`public/ratelimit-lab.js`) gives every
/// widget's element, and what each does, in the embedding guide's words
/// (docs/EMBEDDING.md, "The element's API": written from these; a test
/// keeps the names the loader's).
pub const API: [(&str, &str); 3] = [
    ("reset()", guide!("what the widget's Reset button does: back to the state its attributes give")),
    ("set(params)", guide!(concat!("sets parameters by the URL's names and rules: `el.set({ servers: 8, strategy: \"incr\" })` or `el.set(\"servers=8&strategy=incr\")`; it writes the attributes (`", data!(PREFIX), "*` ones on a `", data!(RatelimitLab), "` element), so Reset then returns there; unknown names are ignored"))),
    ("destroy()", guide!("removes the widget and frees everything it held; the element stays, empty")),
];

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
