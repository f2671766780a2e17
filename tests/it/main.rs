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
//!   ambient randomness.
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
mod sweeps;
mod tidy;
