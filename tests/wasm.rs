//! The model in the browser: the wasm build, run in headless Chromium by
//! wasm-bindgen-test, must give the same reports as the native build (the
//! digests in `it/fixtures.rs`, which the native tests check too).
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

#[path = "it/fixtures.rs"]
mod fixtures;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn same_seed_same_report_as_native() {
    let wrong = fixtures::mismatches();
    assert!(
        wrong.is_empty(),
        "wasm digests differ from native: {wrong:#x?}"
    );
}

#[wasm_bindgen_test]
fn every_strategy_runs_the_largest_scenario() {
    use ratelimit_lab::sim::{self, Scenario, Strategy};
    for strategy in Strategy::ALL {
        let s = Scenario::default()
            .with_strategy(strategy)
            .with_servers(16)
            .with_burst(500);
        let r = sim::run(&s);
        assert_eq!(r.allowed + r.refused, 500, "{strategy:?}");
    }
}
