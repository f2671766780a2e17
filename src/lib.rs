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
//!   computes to the DOM. It does no model maths of its own.

pub mod sim;
pub mod vm;

/// The browser build's allocator (installed by `src/main.rs` for wasm32).
pub mod heap;

#[cfg(target_arch = "wasm32")]
pub mod ui;
