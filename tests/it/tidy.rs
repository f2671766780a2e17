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
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
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

// The view-model (`src/vm/`): compiled and tested natively like the model,
// so it names nothing of the browser and never reaches up into the view.

/// Words no code line under `src/vm/` may contain.
const VM_FORBIDDEN: [&str; 6] = [
    "leptos",
    "web_sys",
    "wasm_bindgen",
    "js_sys",
    "gloo",
    "crate::ui",
];

/// `(line number, word)` for every word of [`VM_FORBIDDEN`] on a code line
/// of `text` (comment lines skipped, as for the model).
fn vm_violations(text: &str) -> Vec<(usize, &'static str)> {
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("//") {
            continue;
        }
        for word in VM_FORBIDDEN {
            if line.contains(word) {
                found.push((i + 1, word));
            }
        }
    }
    found
}

fn src_dir(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(sub)
}

#[test]
fn the_view_model_knows_nothing_about_the_browser() {
    let files = rust_files(&src_dir("vm"));
    for name in [
        "mod.rs",
        "log.rs",
        "totals.rs",
        "cards.rs",
        "skeleton.rs",
        "quiz.rs",
        "text.rs",
    ] {
        assert!(
            files.iter().any(|f| f.ends_with(name)),
            "src/vm/{name} not found in {files:?}"
        );
    }
    let mut report = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file)
            .unwrap_or_else(|e| panic!("reading {}: {e}", file.display()));
        for (line, word) in vm_violations(&text) {
            report.push(format!("{}:{line}: `{word}`", file.display()));
        }
    }
    assert!(
        report.is_empty(),
        "src/vm/ must compile natively:\n{}",
        report.join("\n")
    );
}

#[test]
fn the_view_model_check_catches_what_it_is_meant_to() {
    let code = [
        "use leptos::prelude::*;",
        "//! docs may say web_sys and crate::ui",
        "let el: web_sys::Element = x; // js_sys",
        "    /// wasm_bindgen in docs",
        "use crate::ui::state::Lab;",
        "gloo_timers::callback::Timeout::new(1, f);",
        "use crate::sim::Report; // fine",
    ]
    .join("\n");
    assert_eq!(
        vm_violations(&code),
        [
            (1, "leptos"),
            (3, "web_sys"),
            (3, "js_sys"),
            (5, "crate::ui"),
            (6, "gloo")
        ]
    );
    for word in VM_FORBIDDEN {
        assert_eq!(vm_violations(&format!("x({word});")), [(1, word)]);
    }
}

/// The modules a module's code names: `super::x` (a sibling in the same
/// directory) and `crate::ui::x` / `crate::vm::x`, braces included
/// (`use super::{a, b::C}` names `a` and `b`). Comment lines are skipped.
/// Each is returned as `dir/name`; `dir` is the module's own for `super`.
fn imports(dir: &str, code: &str) -> Vec<String> {
    let code: String = (code.lines())
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = Vec::new();
    for (prefix, target) in [
        ("super::", dir),
        ("crate::ui::", "ui"),
        ("crate::vm::", "vm"),
    ] {
        for (at, _) in code.match_indices(prefix) {
            // `crate::ui::` also contains `ui::`, never `super::`; but
            // `super::super::` names the grandparent, which is not a sibling.
            let rest = &code[at + prefix.len()..];
            if prefix == "super::"
                && (rest.starts_with("super::") || code[..at].ends_with("super::"))
            {
                continue;
            }
            if let Some(group) = rest.strip_prefix('{') {
                // Top-level items of the group, up to its closing brace.
                let mut depth = 0;
                let mut item_start = true;
                for (i, c) in group.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => break,
                        '}' => depth -= 1,
                        ',' if depth == 0 => item_start = true,
                        c if item_start && !c.is_whitespace() => {
                            item_start = false;
                            let name = ident(&group[i..]);
                            if !name.is_empty() && name != "self" {
                                out.push(format!("{target}/{name}"));
                            }
                        }
                        _ => {}
                    }
                }
            } else {
                let name = ident(rest);
                if !name.is_empty() {
                    out.push(format!("{target}/{name}"));
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// A cycle in `graph` (module → the modules it imports), as the path
/// `a → b → … → a`, if there is one.
fn find_cycle(graph: &std::collections::BTreeMap<String, Vec<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &std::collections::BTreeMap<String, Vec<String>>,
        path: &mut Vec<String>,
        done: &mut std::collections::BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = std::collections::BTreeSet::new();
    for node in graph.keys() {
        if let Some(c) = visit(node, graph, &mut Vec::new(), &mut done) {
            return Some(c);
        }
    }
    None
}

/// The import graph of `files` (`dir/name` → code): an edge for each
/// module named that is another file of the graph. `mod.rs` is the parent
/// of its directory's files, not a sibling: its items (`super::effect`)
/// and its own imports of its children are not edges.
fn import_graph(files: &[(String, String)]) -> std::collections::BTreeMap<String, Vec<String>> {
    let names: std::collections::BTreeSet<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    let mut graph = std::collections::BTreeMap::new();
    for (name, code) in files {
        let (dir, _) = name.split_once('/').expect("dir/name");
        let edges: Vec<String> = imports(dir, code)
            .into_iter()
            .filter(|t| t != name && names.contains(t.as_str()))
            .collect();
        graph.insert(name.clone(), edges);
    }
    graph
}

/// Every module file of `src/ui/` and `src/vm/` but their `mod.rs`.
fn view_modules() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for dir in ["ui", "vm"] {
        for file in rust_files(&src_dir(dir)) {
            let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
            if stem == "mod" {
                continue;
            }
            let code = std::fs::read_to_string(&file)
                .unwrap_or_else(|e| panic!("reading {}: {e}", file.display()));
            out.push((format!("{dir}/{stem}"), code));
        }
    }
    out
}

#[test]
fn the_view_and_the_view_model_import_in_one_direction_without_cycles() {
    let modules = view_modules();
    // Not vacuous: both layers are there, and the view uses the view-model.
    assert!(modules.iter().filter(|(n, _)| n.starts_with("ui/")).count() >= 10);
    assert!(modules.iter().filter(|(n, _)| n.starts_with("vm/")).count() >= 10);
    let graph = import_graph(&modules);
    let edges: usize = graph.values().map(Vec::len).sum();
    assert!(edges >= 20, "only {edges} imports found: {graph:?}");
    assert!(
        graph["ui/cards"].contains(&"vm/cards".to_string()),
        "{:?}",
        graph["ui/cards"]
    );
    // The view-model never imports the view.
    for (from, to) in &graph {
        if from.starts_with("vm/") {
            let up: Vec<&String> = to.iter().filter(|t| t.starts_with("ui/")).collect();
            assert!(up.is_empty(), "{from} imports {up:?}");
        }
    }
    if let Some(cycle) = find_cycle(&graph) {
        panic!("import cycle: {}", cycle.join(" → "));
    }
}

#[test]
fn the_import_check_finds_imports_and_cycles() {
    assert_eq!(
        imports(
            "ui",
            "use super::{canvas::{prepare, Palette}, state::Lab, dom};\n\
             // use super::commented;\n\
             use crate::vm::cards::{cards, Card};\n\
             let x = super::effect(move || crate::vm::html::esc(s));\n\
             use super::super::sim;\n\
             use super::{self as up};"
        ),
        [
            "ui/canvas",
            "ui/dom",
            "ui/effect",
            "ui/state",
            "vm/cards",
            "vm/html"
        ]
    );
    assert_eq!(
        imports("vm", "use super::text::{Texts, Text};\nuse crate::ui::x;"),
        ["ui/x", "vm/text"]
    );
    // A → B → C → A, through a group, a path and an absolute path.
    let files = |c: &str| {
        vec![
            ("ui/a".to_string(), "use super::{b, dom};".to_string()),
            ("ui/b".to_string(), "fn f() { super::c::g() }".to_string()),
            ("ui/c".to_string(), c.to_string()),
            ("vm/d".to_string(), "use super::e;".to_string()),
        ]
    };
    let cyclic = import_graph(&files("use crate::ui::a::X;"));
    assert_eq!(
        find_cycle(&cyclic),
        Some(vec![
            "ui/a".into(),
            "ui/b".into(),
            "ui/c".into(),
            "ui/a".into()
        ])
    );
    // Without the edge back, no cycle; names that are not files are no edges.
    let acyclic = import_graph(&files("use crate::vm::d::X;"));
    assert_eq!(acyclic["ui/a"], ["ui/b"]);
    assert_eq!(acyclic["ui/c"], ["vm/d"]);
    assert_eq!(find_cycle(&acyclic), None);
    // Two modules importing each other.
    let pair = import_graph(&[
        ("ui/widget".into(), "use super::cards;".into()),
        ("ui/cards".into(), "use super::widget::Heading;".into()),
    ]);
    assert_eq!(find_cycle(&pair).map(|c| c.len()), Some(3));
}

/// The markup sinks of the DOM: only `ui/dom.rs` may name them, and there
/// they take `vm::html::Html` (escaped text by construction).
const MARKUP_SINKS: [&str; 5] = [
    "set_inner_html",
    "insert_adjacent_html",
    "set_outer_html",
    "document.write",
    "create_contextual_fragment",
];

/// `(file, line, word)` for every markup sink, every call of the template
/// writer's door (`__write`) and every leaked string (a `&'static str` made
/// at run time could pass for a literal of the source) outside the one
/// file allowed each.
fn markup_violations(files: &[(String, String)]) -> Vec<(String, usize, &'static str)> {
    let mut found = Vec::new();
    for (name, text) in files {
        for (i, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            let mut flag = |word: &'static str, allowed: &str| {
                if line.contains(word) && !name.ends_with(allowed) {
                    found.push((name.clone(), i + 1, word));
                }
            };
            for sink in MARKUP_SINKS {
                flag(sink, "ui/dom.rs");
            }
            flag("__write", "vm/html.rs");
            flag("Box::leak", "-");
            flag(".leak()", "-");
        }
    }
    found
}

fn all_sources() -> Vec<(String, String)> {
    rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("source file");
            (p.to_string_lossy().replace('\\', "/"), text)
        })
        .collect()
}

#[test]
fn markup_reaches_the_page_only_as_html_through_one_door() {
    let found = markup_violations(&all_sources());
    assert!(
        found.is_empty(),
        "markup written outside src/ui/dom.rs or vm::html's template: {found:?}"
    );
    // The door itself takes the type, not a string.
    let dom = std::fs::read_to_string(src_dir("ui").join("dom.rs")).expect("dom.rs");
    assert!(dom.contains("pub fn set_html(el: &Element, h: &Html)"));
    assert_eq!(
        dom.matches("set_inner_html(").count(),
        1,
        "one markup write in dom.rs"
    );
}

#[test]
fn the_markup_check_catches_what_it_is_meant_to() {
    let files = |name: &str, code: &str| vec![(name.to_string(), code.to_string())];
    assert_eq!(
        markup_violations(&files("src/ui/tour.rs", "host.set_inner_html(&s);")).len(),
        1
    );
    assert_eq!(
        markup_violations(&files(
            "src/ui/events.rs",
            r#"ul.insert_adjacent_html("beforeend", &li)"#
        ))
        .len(),
        1
    );
    assert_eq!(
        markup_violations(&files(
            "src/vm/tour.rs",
            "o.__write(format_args!(\"{}\", s));"
        ))
        .len(),
        1
    );
    assert_eq!(
        markup_violations(&files(
            "src/vm/text.rs",
            "let s: &'static str = Box::leak(b);"
        ))
        .len(),
        1
    );
    assert!(
        markup_violations(&files("src/ui/dom.rs", "el.set_inner_html(h.as_str());")).is_empty()
    );
    assert!(
        markup_violations(&files("src/ui/dom.rs", "// set_inner_html in a comment")).is_empty()
    );
}

/// The Leptos snippets of docs/EMBEDDING.md are the examples' code, which
/// browser tests build and drive (`tests/browser/hosts.test.mjs`): every
/// line of the first is in `examples/leptos_app.rs`, of the second (an app
/// rendered on the server) in `examples/leptos_ssr.rs`.
#[test]
fn the_guides_leptos_snippets_are_the_examples_a_test_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let guide = std::fs::read_to_string(root.join("docs/EMBEDDING.md")).unwrap();
    let section = guide
        .split("## 4. In a Leptos app")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("the guide's Leptos section");
    for (k, file, least) in [
        (1, "examples/leptos_app.rs", 10),
        (2, "examples/leptos_ssr.rs", 6),
    ] {
        let example = std::fs::read_to_string(root.join(file)).unwrap();
        let snippet = section
            .split("```rust\n")
            .nth(k)
            .and_then(|s| s.split("```").next())
            .expect("a Rust snippet in the Leptos section");
        let lines: Vec<&str> = snippet
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        assert!(lines.len() >= least, "{snippet}");
        for line in lines {
            assert!(
                example.contains(line),
                "the guide's line is not in {file}: {line}"
            );
        }
    }
}

// A strategy is described once (docs/DECISIONS.md, "One description per
// strategy"): outside its description and the model's own decisions, a
// strategy's variant is named in few files, so adding one is a change to
// its description, its texts and its snippet, not to every view.

/// The files that describe the strategies or decide for them: their
/// variants may be named there as often as they need.
const DESCRIBED_IN: [&str; 4] = [
    "sim/scenario.rs",
    "sim/engine.rs",
    "sim/keep.rs",
    "vm/strategy.rs",
];

/// At most this many other files of `src` may name one variant.
const NAMED_IN_AT_MOST: usize = 3;

/// For each of `variants`, the files of `files` (path relative to `src`,
/// text) outside [`DESCRIBED_IN`] that name `Strategy::<variant>` as a
/// whole word, comments included (as `grep -rl 'Strategy::Lua\b'` counts).
fn variant_files<'a>(
    files: &'a [(String, String)],
    variants: &[&'a str],
) -> Vec<(&'a str, Vec<&'a str>)> {
    let names = |text: &str, v: &str| {
        let needle = format!("Strategy::{v}");
        text.match_indices(&needle).any(|(at, _)| {
            !text[at + needle.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
        })
    };
    variants
        .iter()
        .map(|v| {
            let found = files
                .iter()
                .filter(|(path, _)| !DESCRIBED_IN.contains(&path.as_str()))
                .filter(|(_, text)| names(text, v))
                .map(|(path, _)| path.as_str())
                .collect();
            (*v, found)
        })
        .collect()
}

#[test]
fn a_strategy_is_named_outside_its_description_in_few_files() {
    let files: Vec<(String, String)> = all_sources()
        .into_iter()
        .map(|(path, text)| {
            let at = path.rfind("/src/").expect("a file under src") + "/src/".len();
            (path[at..].to_string(), text)
        })
        .collect();
    // Not vacuous: the description and the views are there.
    for name in DESCRIBED_IN.iter().chain(&["vm/totals.rs", "vm/code.rs"]) {
        assert!(files.iter().any(|(p, _)| p == name), "src/{name} not found");
    }
    let variants: Vec<String> = ratelimit_lab::sim::Strategy::ALL
        .iter()
        .map(|s| format!("{s:?}"))
        .collect();
    let variants: Vec<&str> = variants.iter().map(String::as_str).collect();
    let mut report = Vec::new();
    for (v, found) in variant_files(&files, &variants) {
        if found.len() > NAMED_IN_AT_MOST {
            report.push(format!("Strategy::{v} in {} files: {found:?}", found.len()));
        }
    }
    assert!(
        report.is_empty(),
        "what is about one strategy belongs in its description (src/vm/strategy.rs, \
         or the model's in src/sim/scenario.rs), read by the views:\n{}",
        report.join("\n")
    );
}

#[test]
fn the_strategy_count_counts_what_it_is_meant_to() {
    let file = |p: &str, t: &str| (p.to_string(), t.to_string());
    let files = [
        file("vm/a.rs", "if s == Strategy::Lua {"),
        file("vm/b.rs", "/// `Strategy::Lua` in a doc comment counts too"),
        file("ui/c.rs", "match s { Strategy::Lua => 1, _ => 0 }"),
        file(
            "vm/d.rs",
            "Strategy::LuaLike and Strategy::Lua_x are other names",
        ),
        file("vm/strategy.rs", "about(Strategy::Lua)"),
        file("sim/engine.rs", "Strategy::Lua => self.send()"),
        file("vm/e.rs", "let x = Strategy::Incr;"),
    ];
    assert_eq!(
        variant_files(&files, &["Lua", "Incr", "Edge"]),
        [
            ("Lua", vec!["vm/a.rs", "vm/b.rs", "ui/c.rs"]),
            ("Incr", vec!["vm/e.rs"]),
            ("Edge", vec![]),
        ]
    );
    // One file more than the bound is reported.
    let mut more = files.to_vec();
    more.push(file("vm/f.rs", "Strategy::Lua)"));
    let (_, found) = &variant_files(&more, &["Lua"])[0];
    assert!(found.len() > NAMED_IN_AT_MOST, "{found:?}");
}
