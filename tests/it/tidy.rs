//! The architecture invariant of `src/sim/`: the model knows nothing about
//! the browser, the clock or ambient randomness, and never reaches up into
//! the UI. Checked on the source text, so a new import cannot slip in.

use std::path::{Path, PathBuf};

/// Words no code line under `src/sim/` may contain.
const FORBIDDEN: [&str; 10] = [
    "leptos",
    "web_sys",
    "wasm_bindgen",
    "js_sys",
    "std::time",
    "Instant",
    "SystemTime",
    "thread_rng",
    "getrandom",
    "crate::ui",
];

/// `(line number, word)` for every forbidden word on a code line of `text`.
/// Comment lines (trimmed text starting with `//`, so also `///` and `//!`)
/// are skipped: the module docs describe the invariant using these words.
/// Everything else counts, including strings and trailing comments.
fn violations(text: &str) -> Vec<(usize, &'static str)> {
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("//") {
            continue;
        }
        for word in FORBIDDEN {
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

#[test]
fn the_model_knows_nothing_about_the_browser_the_clock_or_ambient_randomness() {
    let sim = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/sim");
    let files = rust_files(&sim);
    // Not vacuous: the model's files are all there.
    for name in [
        "mod.rs",
        "engine.rs",
        "scenario.rs",
        "report.rs",
        "rng.rs",
        "params.rs",
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
        for (line, word) in violations(&text) {
            report.push(format!("{}:{line}: `{word}`", file.display()));
        }
    }
    assert!(
        report.is_empty(),
        "src/sim/ must stay pure (no browser, clock or ambient randomness):\n{}",
        report.join("\n")
    );
}

#[test]
fn the_check_catches_what_it_is_meant_to() {
    let code = [
        "use std::time::Instant;",
        "//! docs may say wasm_bindgen",
        "let rng = rand::thread_rng(); // getrandom",
        "    /// indented docs: leptos",
        "let s = \"web_sys\";",
    ]
    .join("\n");
    assert_eq!(
        violations(&code),
        [
            (1, "std::time"),
            (1, "Instant"),
            (3, "thread_rng"),
            (3, "getrandom"),
            (5, "web_sys"),
        ]
    );
    for word in FORBIDDEN {
        assert_eq!(violations(&format!("x({word});")), [(1, word)]);
    }
}
