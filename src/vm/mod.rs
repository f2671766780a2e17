//! The view-model: everything the widget shows that has to be computed
//! (card rows and marks, the picture's moving parts, timeline rows, Redis
//! log lines and their notes, verdicts and every other sentence, chart
//! geometry, the quiz's order and scoring, page options), as plain data.
//!
//! Architecture invariant: like [`crate::sim`], this compiles and is tested
//! natively; no `leptos`, `web_sys` or `wasm_bindgen` here (checked by
//! `tests/it/tidy.rs`). `ui`, the wasm-only view, holds no components of
//! its own: it takes the markup from [`skeleton`] and, with Leptos's
//! reactive core (signals, memos and effects), binds these values into it
//! and the learner's input back into state; its one Leptos component,
//! `ui::RateLimitLab` (feature `leptos`), is for host apps and mounts that
//! same widget. So what the learner reads is covered by native tests
//! (`tests/it/vm*.rs`).

// First, so that its literal macros (`hook!`, `act!`, `slot!`) are in
// scope for the modules that write markup.
#[macro_use]
pub mod names;

pub mod cards;
pub mod chart;
pub mod code;
pub mod content;
pub mod controls;
pub mod events;
pub mod format;
pub mod glossary;
pub mod html;
pub mod lms;
pub mod log;
pub mod narrate;
pub mod own;
pub mod page;
pub mod quiz;
pub mod quiz_view;
pub mod reads;
pub mod replay;
pub mod skeleton;
pub mod snippets;
pub mod strategy;
pub mod text;
pub mod timeline;
pub mod topology;
pub mod totals;
pub mod tour;
pub mod windows;

/// Below this width, in CSS pixels, the figures with a column of names or
/// axis labels beside their drawing (the timeline, the charts) are laid out
/// tighter.
pub const NARROW_FIGURE: f64 = 520.0;

/// Below this width the picture of the servers is laid out tighter. Its
/// labels sit inside its boxes, so it keeps its wide layout down to a
/// phone's column, where the figures with a label column have long
/// tightened.
pub const NARROW_PICTURE: f64 = 420.0;
