//! The pure model: one user's burst, a load balancer, N API servers and
//! (for two strategies) one Redis node.
//!
//! ```text
//!                      ┌──────────┐  local / split: counts in memory
//!             ┌──────▶ │ server 1 │ ─┐
//!  user ──▶ load       ├──────────┤  │  getset / incr: one shared
//!  burst    balancer ─▶│ server 2 │ ─┼──▶ counter in Redis, rtt away
//!             └──────▶ │   ...    │ ─┘
//!                      └──────────┘
//! ```
//!
//! Architecture invariant: nothing here knows about the browser. No
//! `leptos`, `web_sys`, `wasm_bindgen`, clock or ambient randomness; time is
//! integer microseconds and every random draw comes from the scenario's
//! seed. `tests/it/tidy.rs` checks the imports.

mod engine;
pub mod params;
mod report;
mod rng;
mod scenario;

pub use engine::run;
pub use report::{Command, RedisOp, Report, RequestTrace, ServerReport, Verdict};
pub use rng::Rng;
pub use scenario::{
    LoadBalancer, Preset, Range, Scenario, Strategy, BURST, DEFAULT_SEED, LIMIT, RTT_STEP_US,
    RTT_US, SERVERS, SPAN_MS,
};
