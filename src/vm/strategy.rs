//! One description per strategy: what the view says about it, found from
//! its id. Its texts are the keys `<part>.<id>` (`tab.local`,
//! `explain.local.1`, `production.local`…), looked up while compiling, so
//! a strategy whose texts are missing does not build; what it shows
//! follows from the model's own description of it ([`Strategy::place`],
//! [`Strategy::uses_redis`], [`Strategy::algos`]).
//!
//! Adding a strategy: its variant, place and decision in `src/sim`
//! (`scenario.rs`, `engine.rs`), one `about!` row here, its texts in
//! `text.rs` (and their French), its snippet in `snippets/` and
//! `code.rs`. `docs/DECISIONS.md`, "Adding a strategy", has the steps.

use super::text::T;
use crate::sim::Strategy;

/// What the view says about one strategy.
#[derive(Clone, Copy, Debug)]
pub struct About {
    /// Its id, as [`Strategy::as_str`] writes it (checked by a test).
    pub id: &'static str,
    /// The tab's label and its two-word hint.
    pub tab: T,
    pub hint: T,
    /// The line under the tabs: what the servers do.
    pub summary: T,
    /// The note beside the Redis-calls figure.
    pub calls: T,
    /// The explanation's two paragraphs and its "in production" line.
    pub explain: [T; 3],
    /// The note under the code.
    pub code: T,
    /// What the picture's key can show for it beyond what every strategy
    /// draws (see [`super::topology::key_shows`]).
    pub key: &'static [&'static str],
}

/// A strategy's row, from its id.
macro_rules! about {
    ($id:literal, $key:expr) => {
        About {
            id: $id,
            tab: T::named(concat!("tab.", $id)),
            hint: T::named(concat!("hint.", $id)),
            summary: T::named(concat!("summary.", $id)),
            calls: T::named(concat!("calls.", $id)),
            explain: [
                T::named(concat!("explain.", $id, ".1")),
                T::named(concat!("explain.", $id, ".2")),
                T::named(concat!("production.", $id)),
            ],
            code: T::named(concat!("code.", $id)),
            key: $key,
        }
    };
}

/// Every strategy's row, in [`Strategy::ALL`]'s order.
const ABOUT: [About; Strategy::ALL.len()] = [
    // Counts of their own, which can go past the limit.
    about!("local", &["over", "own"]),
    about!("split", &["over", "own"]),
    // Its own count and the synced total; batches to Redis and back.
    about!("sync", &["command", "reply", "over", "sync"]),
    // A tally of what each server was sent; the gateway forwards exactly L.
    about!("edge", &["tally"]),
    // Commands and replies; a count another request also read.
    about!("getset", &["command", "reply", "shared", "over", "tally"]),
    // Redis's count and the EXPIRE of its first INCR.
    about!(
        "incr",
        &["command", "reply", "over", "tally", "count", "expire"]
    ),
    about!("lua", &["command", "reply", "over", "tally"]),
];

/// What the view says about `s`.
pub fn about(s: Strategy) -> &'static About {
    &ABOUT[s as usize]
}

/// The strategy's name, its summary and its explanation as `s` runs it:
/// the script's own words when it keeps the count another way than a
/// bucket (a log, a sliding counter, a fixed window).
pub fn words(s: &crate::sim::Scenario) -> (T, T, [T; 3]) {
    use crate::sim::Algo;
    let a = about(s.strategy);
    let production = a.explain[2];
    match (s.strategy, s.algo()) {
        (Strategy::Lua, Algo::Log) => (
            T::NameLuaLog,
            T::SummaryLuaLog,
            [T::ExplainLuaLog1, T::ExplainLuaLog2, production],
        ),
        (Strategy::Lua, Algo::Counter) => (
            T::NameLuaCounter,
            T::SummaryLuaCounter,
            [T::ExplainLuaCounter1, T::ExplainLuaCounter2, production],
        ),
        (Strategy::Lua, Algo::Fixed) => (
            T::NameLuaFixed,
            T::SummaryLuaFixed,
            [T::ExplainLuaFixed1, T::ExplainLuaFixed2, production],
        ),
        _ => (a.tab, a.summary, a.explain),
    }
}
