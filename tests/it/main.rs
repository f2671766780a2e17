#![cfg(not(target_arch = "wasm32"))]
//! The native integration tests: one crate, one binary, one link step
//! (see matklad, "Delete Cargo Integration Tests").
//!
//! - `cases`: small scenarios whose every number a reader can check by hand.
//! - `properties`: what must hold on the whole parameter space (proptest).
//! - `moments`: the run as it stood at a moment, against the trace.
//! - `sweeps`: the charts' points, against the runs they summarise.
//! - `queue`: the event queue, against a binary heap.
//! - `params`: URL parameters, presets and their notices.
//! - `determinism`: readable snapshots of fixed runs, which the wasm build
//!   must reproduce (`tests/wasm.rs`).
//! - `tidy`: the model knows nothing about the browser, the clock or
//!   ambient randomness; the view-model nothing about the browser; the
//!   view's and the view-model's modules import each other without cycles.
//! - `reference`: the guides' reference tables, written from the code's
//!   own lists and descriptions, and the content guide's JSON examples.
//! - `styles`: every class name the view sets or looks for is the
//!   stylesheet's or the markup's, every colour it reads a defined property.
//! - `vm_*`: the view-model (`src/vm/`), everything the widget shows that
//!   is computed: the Redis log (`vm_log`), the shared-read rule
//!   (`vm_reads`), the timeline (`vm_timeline`), the totals and verdicts
//!   (`vm_totals`), the server cards (`vm_cards`), issue 11's corrections
//!   for every strategy (`vm_lesson`), the quiz (`vm_quiz`), page options
//!   (`vm_page`), content files (`vm_content`), the sentences and number
//!   formats (`vm_text`), the markup (`vm_skeleton`) and its contract with
//!   the view (`vm_names`), the sliders
//!   (`vm_controls`), the picture (`vm_topology`) and the charts
//!   (`vm_chart`), the replay's timing and the prediction's score
//!   (`vm_replay`). `vm_support` holds what they share.
//!
//! `fixtures` holds what the native and wasm tests share (and the proptest
//! generators); `oracle` recomputes the model's outputs from its trace,
//! independently of `src/sim/`.

mod cases;
mod determinism;
mod fixtures;
mod moments;
mod oracle;
mod params;
mod properties;
mod queue;
mod reference;
mod sizes;
mod sort;
mod styles;
mod sweeps;
mod tidy;
mod vm_cards;
mod vm_chart;
mod vm_code;
mod vm_content;
mod vm_controls;
mod vm_hostile;
mod vm_layout;
mod vm_lesson;
mod vm_lms;
mod vm_log;
mod vm_names;
mod vm_narrate;
mod vm_own;
mod vm_page;
mod vm_quiz;
mod vm_reads;
mod vm_replay;
mod vm_skeleton;
mod vm_strategy;
mod vm_support;
mod vm_text;
mod vm_timeline;
mod vm_topology;
mod vm_totals;
mod vm_tour;
mod vm_windows;
mod windows;
