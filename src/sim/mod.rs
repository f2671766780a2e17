//! The pure model: one user's burst, a load balancer (or a gateway in front
//! of it), N API servers and, for the shared strategies, one Redis node.
//!
//! ```text
//!                       ┌──────────┐   local, split: counts in memory
//!                  ┌──▶ │ server 1 │ ─┐  sync: in memory, batched to Redis
//!  user ─▶ [gateway] ─▶ load  ├──────────┤  │
//!  burst   (edge)   balancer ─▶ │ server 2 │ ─┼──▶ Redis, rtt away: getset,
//!                  └──▶ │   ...    │ ─┘    incr, lua (and sync's INCRBY)
//!                       └──────────┘
//! ```
//!
//! Architecture invariant: nothing here knows about the browser. No
//! `leptos`, `web_sys`, `wasm_bindgen`, clock or ambient randomness; time is
//! integer microseconds and every random draw comes from the scenario's
//! seed. `tests/it/tidy.rs` checks the imports. `docs/MODEL.md` describes
//! the model's rules in full.

mod engine;
pub mod keep;
pub mod params;
pub mod queue;
mod report;
mod rng;
mod scenario;
pub mod sort;
pub mod sweep;

pub use engine::{allowed, allowed_from, run, Start};
pub use report::{
    AllRefusedWhy, Call, Command, Moment, Report, RequestTrace, ServerMoment, ServerReport,
    Verdict, OPS_PER_NODE,
};
pub use rng::Rng;
pub use scenario::{
    Algo, Fail, Health, Knob, LoadBalancer, Place, Preset, Scenario, Strategy, Unit, BURST,
    DEFAULT_SEED, EDGE, KNOBS, LIMIT, MOVE, PLAN, RTT, SERVERS, SLOW_EXTRA_US, SPAN, SYNC, TIMEOUT,
    TRAFFIC, WINDOW,
};
