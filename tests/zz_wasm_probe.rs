#![cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test;
#[path = "it/fixtures.rs"]
mod fixtures;
#[wasm_bindgen_test]
fn digests() {
    assert_eq!(fixtures::mismatches(), vec![]);
}
