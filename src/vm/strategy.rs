//! One description per strategy: what the view says about it, found from
//! its id. Its texts are the keys `<part>.<id>` (`tab.local`,
//! `explain.local.1`, `production.local`…), looked up while compiling, so
//! a strategy whose texts are missing does not build; its code is the
//! snippet files its row names. What it shows and how the view words its
//! figures follow from the model's own description of it
//! ([`Strategy::place`], [`Strategy::uses_redis`], [`Strategy::command`],
//! [`Strategy::batches`], [`Strategy::quotas`], [`Strategy::algos`]), so
//! no other file of the view matches on a strategy (checked by
//! `tests/it/tidy.rs`).
//!
//! Adding a strategy: its variant, facts and decision in `src/sim`
//! (`scenario.rs`, `engine.rs`), one `about!` row here, its texts in
//! `text.rs` (and their French), its snippet in `snippets/` and
//! `snippets.rs`. `docs/DECISIONS.md`, "Adding a strategy", has the steps.

use super::snippets::{self, File};
use super::text::Text;
use crate::sim::{Algo, Strategy};

/// What the view says about one strategy.
#[derive(Clone, Copy, Debug)]
pub struct About {
    /// Its id, as [`Strategy::as_str`] writes it (checked by a test).
    pub id: &'static str,
    /// The tab's label and its two-word hint.
    pub tab: Text,
    pub hint: Text,
    /// The line under the tabs: what the servers do.
    pub summary: Text,
    /// The note beside the Redis-calls figure.
    pub calls: Text,
    /// The explanation's two paragraphs and its "in production" line.
    pub explain: [Text; 3],
    /// The note under the code.
    pub code: Text,
    /// What the picture's key can show for it beyond what every strategy
    /// draws (see [`super::topology::key_shows`]).
    pub key: &'static [&'static str],
    /// The snippet's files the code view shows, in order.
    pub files: &'static [File],
    /// The ways of keeping the count that have words and code of their
    /// own (a script can keep a log, a sliding counter or a fixed window
    /// as well as its bucket); any other way is told with the row's own.
    pub ways: &'static [Way],
}

/// A way of keeping the count told in words and code of its own.
#[derive(Clone, Copy, Debug)]
pub struct Way {
    pub algo: Algo,
    /// The strategy's name, its summary and its explanation's two
    /// paragraphs, run that way (the "in production" line is the row's).
    pub name: Text,
    pub summary: Text,
    pub explain: [Text; 2],
    /// The files shown, and the note under them.
    pub files: &'static [File],
    pub code: Text,
}

/// A strategy's row, from its id.
macro_rules! about {
    ($id:literal, $key:expr, $files:expr) => {
        about!($id, $key, $files, &[])
    };
    ($id:literal, $key:expr, $files:expr, $ways:expr) => {
        About {
            id: $id,
            tab: Text::named(concat!("tab.", $id)),
            hint: Text::named(concat!("hint.", $id)),
            summary: Text::named(concat!("summary.", $id)),
            calls: Text::named(concat!("calls.", $id)),
            explain: [
                Text::named(concat!("explain.", $id, ".1")),
                Text::named(concat!("explain.", $id, ".2")),
                Text::named(concat!("production.", $id)),
            ],
            code: Text::named(concat!("code.", $id)),
            key: $key,
            files: $files,
            ways: $ways,
        }
    };
}

/// Every strategy's row, in [`Strategy::ALL`]'s order.
const ABOUT: [About; Strategy::ALL.len()] = [
    // Counts of their own, which can go past the limit.
    about!("local", &["over", "own"], &[snippets::LOCAL]),
    about!("split", &["over", "own"], &[snippets::SPLIT]),
    // Its own count and the synced total; batches to Redis and back.
    about!(
        "sync",
        &["command", "reply", "over", "sync"],
        &[snippets::SYNC]
    ),
    // A tally of what each server was sent; the gateway forwards exactly L.
    about!("edge", &["tally"], &[snippets::EDGE]),
    // Commands and replies; a count another request also read.
    about!(
        "getset",
        &["command", "reply", "shared", "over", "tally"],
        &[snippets::GETSET]
    ),
    // Redis's count and the EXPIRE of its first INCR.
    about!(
        "incr",
        &["command", "reply", "over", "tally", "count", "expire"],
        &[snippets::INCR]
    ),
    about!(
        "lua",
        &["command", "reply", "over", "tally"],
        &[snippets::LUA, snippets::BUCKET],
        &[
            Way {
                algo: Algo::Log,
                name: Text::NameLuaLog,
                summary: Text::SummaryLuaLog,
                explain: [Text::ExplainLuaLog1, Text::ExplainLuaLog2],
                files: &[snippets::LOG, snippets::LOG_LUA],
                code: Text::CodeLog,
            },
            Way {
                algo: Algo::Counter,
                name: Text::NameLuaCounter,
                summary: Text::SummaryLuaCounter,
                explain: [Text::ExplainLuaCounter1, Text::ExplainLuaCounter2],
                files: &[snippets::COUNTER, snippets::COUNTER_LUA],
                code: Text::CodeCounter,
            },
            // Redis's fixed window is INCR's file (the model runs it as
            // one script).
            Way {
                algo: Algo::Fixed,
                name: Text::NameLuaFixed,
                summary: Text::SummaryLuaFixed,
                explain: [Text::ExplainLuaFixed1, Text::ExplainLuaFixed2],
                files: &[snippets::INCR],
                code: Text::CodeIncr,
            },
        ]
    ),
];

/// What the view says about `s`.
pub fn about(s: Strategy) -> &'static About {
    &ABOUT[s as usize]
}

/// The way `s` keeps its count by `a`, where it has words of its own.
pub fn way(s: Strategy, a: Algo) -> Option<&'static Way> {
    about(s).ways.iter().find(|w| w.algo == a)
}

/// The strategy's name, its summary and its explanation as `s` runs it:
/// the script's own words when it keeps the count another way than a
/// bucket (a log, a sliding counter, a fixed window).
pub fn words(s: &crate::sim::Scenario) -> (Text, Text, [Text; 3]) {
    let a = about(s.strategy);
    match way(s.strategy, s.algo()) {
        Some(w) => (
            w.name,
            w.summary,
            [w.explain[0], w.explain[1], a.explain[2]],
        ),
        None => (a.tab, a.summary, a.explain),
    }
}
