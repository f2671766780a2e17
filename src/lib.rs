//! Rate Limit Lab: an interactive explainer of why a rate limit kept in each
//! server's memory fails behind a load balancer, and what fixes it.
//!
//! Three layers, one direction of dependency:
//! - [`sim`] is the pure model (scenario in, report out). It compiles and is
//!   tested natively, and knows nothing about the browser.
//! - [`vm`] is the view-model: everything the widget shows that has to be
//!   computed (sentences, card rows, the picture at a moment, chart
//!   geometry, the quiz, the markup itself), as plain data and text. It
//!   reads `sim` and, like it, never touches the browser.
//! - `ui` (wasm32 only) is the Leptos view: it holds the scenario in one
//!   signal, derives the report with `sim::run`, and binds what `vm`
//!   computes to the DOM. It does no model maths of its own. It finds the
//!   elements of the markup `vm::skeleton` writes by the names of
//!   [`vm::names`], the one list both sides share.
//!
//! Beside the crate, not in it:
//! - `proof/`, a workspace member of its own: concurrent servers racing on
//!   a real `redis-server` reproduce `sim`'s numbers (`scripts/proof`).
//! - `tests/it/` (native tests of `sim` and `vm`), `tests/wasm.rs` (the
//!   model in headless Chromium), `tests/browser/` (the release build
//!   driven end to end); `benches/` and `examples/` measure and explore
//!   the model.

pub mod sim;
// The names of the markup (`vm::names`), as literals for the view too.
#[macro_use]
pub mod vm;

#[cfg(target_arch = "wasm32")]
pub mod ui;

/// Natively (an app's server build, feature `leptos`): the Leptos
/// component alone, which renders the element the widget mounts in once
/// in the browser.
#[cfg(all(feature = "leptos", not(target_arch = "wasm32")))]
pub mod ui {
    #[path = "component.rs"]
    mod component;
    pub use component::{Completed, QuizAnswer, RateLimitLab, TourStep};
}
