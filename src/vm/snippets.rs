//! The snippets: each file of `snippets/` the code view shows, read at
//! build time (the Node test `tests/browser/snippets.test.mjs` runs exactly
//! these files against a real redis-server). Which of them a strategy
//! shows is its description's ([`super::strategy::About::files`]).
//!
//! The shipped bundle (wasm32 with the `later` feature) leaves their text
//! out, as it does the texts marked `later`: the code view is far below
//! the first screen, so its files wait in `later.json`
//! ([`crate::ui`]'s `later`), read with [`load`] when the code view first
//! comes near the screen.

use std::sync::OnceLock;

/// One file of a snippet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct File {
    /// Its name in `snippets/`.
    pub name: &'static str,
    /// Its text, as in the repository ("" in the shipped bundle: see
    /// [`File::text`]).
    built_in: &'static str,
}

impl File {
    /// Its text, as in the repository: built in, or read from
    /// `later.json` ("" until then).
    pub fn text(&self) -> &'static str {
        if !self.built_in.is_empty() {
            return self.built_in;
        }
        let at = ALL.iter().position(|f| f.name == self.name);
        match (LOADED.get(), at) {
            (Some(texts), Some(k)) => texts[k].as_str(),
            _ => "",
        }
    }
}

#[cfg(not(all(target_arch = "wasm32", feature = "later")))]
macro_rules! snippet {
    ($name:literal) => {
        File {
            name: $name,
            built_in: include_str!(concat!("../../snippets/", $name)),
        }
    };
}
#[cfg(all(target_arch = "wasm32", feature = "later"))]
macro_rules! snippet {
    ($name:literal) => {
        File {
            name: $name,
            built_in: "",
        }
    };
}

pub const LOCAL: File = snippet!("local.js");
pub const SPLIT: File = snippet!("split.js");
pub const SYNC: File = snippet!("sync.js");
pub const EDGE: File = snippet!("edge.js");
pub const GETSET: File = snippet!("getset.js");
pub const INCR: File = snippet!("incr.js");
pub const LUA: File = snippet!("lua.js");
pub const BUCKET: File = snippet!("bucket.lua");
pub const LOG: File = snippet!("log.js");
pub const LOG_LUA: File = snippet!("log.lua");
pub const COUNTER: File = snippet!("counter.js");
pub const COUNTER_LUA: File = snippet!("counter.lua");

/// Every file, in the order `later.json` holds them.
pub const ALL: [File; 12] = [
    LOCAL,
    SPLIT,
    SYNC,
    EDGE,
    GETSET,
    INCR,
    LUA,
    BUCKET,
    LOG,
    LOG_LUA,
    COUNTER,
    COUNTER_LUA,
];

/// The files' texts read from `later.json`, in [`ALL`]'s order.
static LOADED: OnceLock<Vec<String>> = OnceLock::new();

/// Whether every file's text is here: always where it is built in, in the
/// shipped bundle once [`load`] has read it.
pub fn ready() -> bool {
    !cfg!(all(target_arch = "wasm32", feature = "later")) || LOADED.get().is_some()
}

/// Reads the files' texts from `later.json` (`text(name)` gives one);
/// false, and nothing kept, if one is missing or empty.
pub fn load(text: impl Fn(&str) -> Option<String>) -> bool {
    let mut all = Vec::with_capacity(ALL.len());
    for f in ALL {
        match text(f.name) {
            Some(t) if !t.is_empty() => all.push(t),
            _ => return false,
        }
    }
    let _ = LOADED.set(all);
    true
}
