//! Same scenario, same report: each fixed run of `fixtures::scenarios` is
//! recorded as readable text in `snapshots/<name>.snap` (insta). When the
//! model changes on purpose, the diff shows which requests and calls moved;
//! review it, then accept with `INSTA_UPDATE=always cargo test --test it
//! determinism` (or `cargo insta review`). `tests/wasm.rs` renders the same
//! runs in the browser and compares them with these files, so the wasm
//! build must reproduce every line.

use std::collections::BTreeSet;
use std::path::Path;

use ratelimit_lab::sim;

use crate::fixtures::{render, scenarios};

fn snapshot_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/snapshots")
}

#[test]
fn every_fixed_run_renders_as_recorded() {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.set_snapshot_path(snapshot_dir());
    settings.bind(|| {
        for (name, scenario) in scenarios() {
            insta::assert_snapshot!(name, render(&sim::run(&scenario)));
        }
    });
}

#[test]
fn every_snapshot_belongs_to_a_fixed_run_and_the_wasm_test_checks_it() {
    let names: Vec<&str> = scenarios().iter().map(|(n, _)| *n).collect();
    let unique: BTreeSet<&str> = names.iter().copied().collect();
    assert_eq!(unique.len(), names.len(), "names must differ: {names:?}");
    // No stale file left behind by a renamed scenario.
    let files: BTreeSet<String> = std::fs::read_dir(snapshot_dir())
        .expect("tests/it/snapshots")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".snap"))
        .collect();
    let expected: BTreeSet<String> = names.iter().map(|n| format!("{n}.snap")).collect();
    assert_eq!(files, expected);
    // tests/wasm.rs includes each file by name (include_str! needs a
    // literal), so its list must name every one, in the same order.
    let wasm = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wasm.rs"))
        .expect("tests/wasm.rs");
    let mut at = 0;
    for name in &names {
        let quoted = format!("\"{name}\"");
        let found = wasm[at..].find(&quoted);
        assert!(
            found.is_some(),
            "tests/wasm.rs does not list {quoted} (in order)"
        );
        at += found.unwrap_or(0) + quoted.len();
    }
}

#[test]
fn the_rendering_shows_what_a_reader_checks_first() {
    // A small run a reader can follow: one request, GET then SET.
    let r = sim::run(
        &sim::Scenario::default()
            .with_strategy(sim::Strategy::GetSet)
            .with_burst(1),
    );
    let a = r.requests[0].arrival_us;
    let s = r.requests[0].server.unwrap() + 1;
    let text = render(&r);
    let line = format!(
        "    0 {a:>7} {:<7} ok  d {:>7} a {:>7} | c0 GET {a} → {} → {} = 0 | c1 SET(1) {} → {} → {} = 1",
        format!("s{s}"),
        a + 2_000,
        a + 4_000,
        a + 1_000,
        a + 2_000,
        a + 2_000,
        a + 3_000,
        a + 4_000,
    );
    assert!(
        text.lines().any(|l| l == line),
        "no line {line:?} in\n{text}"
    );
    assert!(
        text.starts_with("scenario  ?strategy=getset&servers=4&burst=1&"),
        "{text}"
    );
    assert!(text.contains("\n  c0 c1\n"), "{text}");
}
