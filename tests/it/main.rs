#![cfg(not(target_arch = "wasm32"))]
//! The native integration tests: one crate, one binary, one link step
//! (see matklad, "Delete Cargo Integration Tests").
//!
//! - `cases`: small scenarios whose every number a reader can check by hand.
//! - `properties`: what must hold on the whole parameter space (proptest).
//! - `params`: URL parameters, presets and their notices.
//! - `tidy`: the model knows nothing about the browser, the clock or
//!   ambient randomness.
//! - `determinism`: fixed digests that the wasm build must reproduce.
//!
//! `fixtures` holds what the native and wasm tests share; it depends only
//! on `ratelimit_lab` and std.

mod cases;
mod determinism;
mod fixtures;
mod params;
mod properties;
mod tidy;
