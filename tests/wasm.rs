//! The model in the browser: the wasm build, run in headless Chromium by
//! wasm-bindgen-test, must render every fixed run exactly as the native
//! build recorded it in `it/snapshots/` (see `it/determinism.rs`).
#![cfg(target_arch = "wasm32")]

use ratelimit_lab::sim;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

#[path = "it/fixtures.rs"]
mod fixtures;

wasm_bindgen_test_configure!(run_in_browser);

/// `(name, snapshot file)` for each name; `include_str!` needs literals.
macro_rules! recorded {
    ($($name:literal),* $(,)?) => {
        [$(($name, include_str!(concat!("it/snapshots/", $name, ".snap")))),*]
    };
}

/// Every snapshot, in the order of `fixtures::scenarios` (the native test
/// `every_snapshot_belongs_to_a_fixed_run_and_the_wasm_test_checks_it`
/// checks that this list names them all).
const RECORDED: [(&str, &str); 19] = recorded![
    "local-default",
    "local-16x500-limit-200-span-1000-seed-max",
    "local-sticky-move-20",
    "local-sticky-one-server-restarts",
    "split-default-seed-1",
    "split-round-robin-planned-for-4-on-10",
    "sync-default",
    "sync-1ms-redis-slow",
    "edge-default",
    "edge-sticky-move-10",
    "getset-default",
    "getset-rtt-0",
    "getset-16x500-round-robin",
    "getset-redis-slow-timeout-50-fail-closed",
    "incr-default-rtt-20",
    "incr-redis-slow-timeout-200",
    "incr-redis-down-fail-closed",
    "lua-per-minute",
    "lua-redis-down-fail-open",
];

/// A snapshot's text without insta's header (the lines between the first
/// two `---`).
fn body(snap: &str) -> &str {
    let rest = snap.strip_prefix("---\n").expect("an insta header");
    let end = rest.find("\n---\n").expect("the end of the header");
    rest[end + "\n---\n".len()..].trim_end()
}

#[wasm_bindgen_test]
fn every_fixed_run_renders_in_the_browser_as_recorded_natively() {
    let scenarios = fixtures::scenarios();
    let names: Vec<&str> = scenarios.iter().map(|(n, _)| *n).collect();
    let recorded: Vec<&str> = RECORDED.iter().map(|(n, _)| *n).collect();
    assert_eq!(recorded, names, "RECORDED must follow fixtures::scenarios");
    for ((name, snap), (_, scenario)) in RECORDED.iter().zip(&scenarios) {
        let want = body(snap);
        let text = fixtures::render(&sim::run(scenario));
        let got = text.trim_end();
        if got != want {
            let (line, (w, g)) = want
                .lines()
                .map(Some)
                .chain(std::iter::repeat(None))
                .zip(got.lines().map(Some).chain(std::iter::repeat(None)))
                .enumerate()
                .find(|(_, (w, g))| w != g)
                .expect("texts differ somewhere");
            panic!(
                "{name}: line {} differs\nnative: {w:?}\nwasm:   {g:?}",
                line + 1
            );
        }
    }
}
