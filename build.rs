//! One name for the shipped bundle's split (docs/DECISIONS.md, "The wasm
//! in two"): `cfg(split)` holds in a release build for wasm32 with the
//! feature `split`, where the parts below the first screen come in a
//! second module. A debug build (`trunk serve`, linked without the
//! relocations the split reads) and an app's own build keep one module.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(split)");
    println!("cargo::rerun-if-changed=build.rs");
    let feature = std::env::var_os("CARGO_FEATURE_SPLIT").is_some();
    let wasm32 = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "wasm32");
    let debug = std::env::var_os("CARGO_CFG_DEBUG_ASSERTIONS").is_some();
    if feature && wasm32 && !debug {
        println!("cargo::rustc-cfg=split");
    }
}
