//! The architecture invariant of `src/sim/`: the model knows nothing about
//! the browser, the clock or ambient randomness, and never reaches up into
//! the UI. Every random draw comes from the scenario's seed, through a
//! seeded PCG in `rng.rs`, the only file that may name `rand`. Checked on
//! the source text, so a new import cannot slip in.

use std::path::{Path, PathBuf};

/// Words no code line under `src/sim/` may contain.
const FORBIDDEN: [&str; 17] = [
    "leptos",
    "web_sys",
    "wasm_bindgen",
    "js_sys",
    "gloo",
    "crate::ui",
    "std::time",
    "Instant",
    "SystemTime",
    "thread_rng",
    "rand::rng(",
    "OsRng",
    "getrandom",
    "from_entropy",
    "from_os_rng",
    "ThreadRng",
    "std::env",
];

/// Words only `src/sim/rng.rs` may contain: the one door to `rand`.
const RNG_ONLY: [&str; 3] = ["rand::", "rand_pcg", "rand_core"];

/// `(line number, word)` for every forbidden word on a code line of `text`
/// (and, unless `rng_file`, every word of [`RNG_ONLY`]). Comment lines
/// (trimmed text starting with `//`, so also `///` and `//!`) are skipped:
/// the module docs describe the invariant using these words. Everything
/// else counts, including strings and trailing comments.
fn violations(text: &str, rng_file: bool) -> Vec<(usize, &'static str)> {
    let words = FORBIDDEN
        .iter()
        .chain(if rng_file { &[][..] } else { &RNG_ONLY[..] });
    let words: Vec<&'static str> = words.copied().collect();
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("//") {
            continue;
        }
        for &word in &words {
            if line.contains(word) {
                found.push((i + 1, word));
            }
        }
    }
    found
}

/// Every `.rs` file under `dir`, recursively, in a stable order.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
    files
}

fn sim_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/sim")
}

#[test]
fn the_model_knows_nothing_about_the_browser_the_clock_or_ambient_randomness() {
    let files = rust_files(&sim_dir());
    // Not vacuous: the model's files are all there.
    for name in [
        "mod.rs",
        "engine.rs",
        "scenario.rs",
        "report.rs",
        "rng.rs",
        "params.rs",
        "queue.rs",
        "sweep.rs",
    ] {
        assert!(
            files.iter().any(|f| f.ends_with(name)),
            "src/sim/{name} not found in {files:?}"
        );
    }
    let mut report = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file)
            .unwrap_or_else(|e| panic!("reading {}: {e}", file.display()));
        for (line, word) in violations(&text, file.ends_with("rng.rs")) {
            report.push(format!("{}:{line}: `{word}`", file.display()));
        }
    }
    assert!(
        report.is_empty(),
        "src/sim/ must stay pure (no browser, clock or ambient randomness; rand only in rng.rs):\n{}",
        report.join("\n")
    );
}

#[test]
fn the_one_generator_is_a_pcg_seeded_from_the_scenario() {
    let rng = std::fs::read_to_string(sim_dir().join("rng.rs")).expect("src/sim/rng.rs");
    let code: Vec<&str> = rng
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect();
    let code = code.join("\n");
    assert!(code.contains("Pcg32::seed_from_u64(seed)"), "{code}");
}

#[test]
fn the_check_catches_what_it_is_meant_to() {
    let code = [
        "use std::time::Instant;",
        "//! docs may say wasm_bindgen",
        "let rng = rand::thread_rng(); // getrandom",
        "    /// indented docs: leptos",
        "let s = \"web_sys\";",
        "let mut g = rand::rng();",
        "use rand_pcg::Pcg32;",
    ]
    .join("\n");
    assert_eq!(
        violations(&code, false),
        [
            (1, "std::time"),
            (1, "Instant"),
            (3, "thread_rng"),
            (3, "getrandom"),
            (3, "rand::"),
            (5, "web_sys"),
            (6, "rand::rng("),
            (6, "rand::"),
            (7, "rand_pcg"),
        ]
    );
    // rng.rs may name rand, but not ambient randomness.
    assert_eq!(
        violations(&code, true),
        [
            (1, "std::time"),
            (1, "Instant"),
            (3, "thread_rng"),
            (3, "getrandom"),
            (5, "web_sys"),
            (6, "rand::rng("),
        ]
    );
    for word in FORBIDDEN {
        assert_eq!(violations(&format!("x({word});"), true), [(1, word)]);
    }
    for word in RNG_ONLY {
        assert_eq!(violations(&format!("x({word});"), false), [(1, word)]);
        assert!(violations(&format!("x({word});"), true).is_empty());
    }
}
