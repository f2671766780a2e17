//! The snippets: each file of `snippets/` the code view shows, read at
//! build time (the Node test `tests/browser/snippets.test.mjs` runs exactly
//! these files against a real redis-server). Which of them a strategy
//! shows is its description's ([`super::strategy::About::files`]).

/// One file of a snippet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct File {
    /// Its name in `snippets/`.
    pub name: &'static str,
    /// Its text, as in the repository.
    pub text: &'static str,
}

const fn file(name: &'static str, text: &'static str) -> File {
    File { name, text }
}

pub const LOCAL: File = file("local.js", include_str!("../../snippets/local.js"));
pub const SPLIT: File = file("split.js", include_str!("../../snippets/split.js"));
pub const SYNC: File = file("sync.js", include_str!("../../snippets/sync.js"));
pub const EDGE: File = file("edge.js", include_str!("../../snippets/edge.js"));
pub const GETSET: File = file("getset.js", include_str!("../../snippets/getset.js"));
pub const INCR: File = file("incr.js", include_str!("../../snippets/incr.js"));
pub const LUA: File = file("lua.js", include_str!("../../snippets/lua.js"));
pub const BUCKET: File = file("bucket.lua", include_str!("../../snippets/bucket.lua"));
pub const LOG: File = file("log.js", include_str!("../../snippets/log.js"));
pub const LOG_LUA: File = file("log.lua", include_str!("../../snippets/log.lua"));
pub const COUNTER: File = file("counter.js", include_str!("../../snippets/counter.js"));
pub const COUNTER_LUA: File = file("counter.lua", include_str!("../../snippets/counter.lua"));
