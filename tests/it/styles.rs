//! The class names the view sets or looks for (`rll-…` in `src/ui/`) are
//! the stylesheet's (`style/`) or the markup's (written in `src/vm/`), and
//! the colours it reads are custom properties the stylesheet defines: a
//! name renamed on one side only, which no compiler sees, fails here with
//! the file and the name.

use std::path::Path;

/// Every `rll-` class name spelled in `text`'s code lines (not comments),
/// with its line. A name built by `format!` (`rll-s-{}`, `rll-chart__{what}`)
/// is cut where the placeholder starts and left out.
fn class_names(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let code = line.trim_start();
        if code.starts_with("//") {
            continue;
        }
        let mut rest = code;
        while let Some(at) = rest.find("rll-") {
            let tail = &rest[at..];
            let end = tail
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
                .unwrap_or(tail.len());
            let name = &tail[..end];
            let built = tail[end..].starts_with('{');
            let before = rest[..at].chars().last();
            // A word that merely contains "rll-" (an id prefix such as
            // `rll1`, or `"rll-{}"`-style ids) is not a class.
            if !built && !before.is_some_and(|c| c.is_ascii_alphanumeric()) {
                out.push((k + 1, name.to_string()));
            }
            rest = &tail[end..];
        }
    }
    out
}

fn read_dir(dir: &str, ext: &str) -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .expect("a source folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            (name, std::fs::read_to_string(&p).expect("a text file"))
        })
        .collect();
    files.sort();
    files
}

/// Whether `css` has a selector on class `name` (not a longer one).
fn styled(css: &str, name: &str) -> bool {
    let dotted = format!(".{name}");
    css.match_indices(&dotted).any(|(at, _)| {
        css[at + dotted.len()..]
            .chars()
            .next()
            .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
    })
}

/// Whether `text` spells `name` whole (not as part of a longer name).
fn spelled(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(at, _)| {
        let word = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
        !text[..at].chars().last().is_some_and(word)
            && !text[at + name.len()..].chars().next().is_some_and(word)
    })
}

#[test]
fn every_class_the_view_sets_or_finds_is_styled_or_written_by_the_markup() {
    let css: String = read_dir("style", "css")
        .into_iter()
        .map(|(_, t)| t)
        .collect();
    let vm: String = read_dir("src/vm", "rs")
        .into_iter()
        .map(|(_, t)| t)
        .collect();
    let mut missing = Vec::new();
    let mut seen = 0;
    for (file, text) in read_dir("src/ui", "rs") {
        for (line, name) in class_names(&text) {
            seen += 1;
            let line_text = text.lines().nth(line - 1).unwrap_or_default();
            let known = if line_text.contains(&format!("--{name}")) {
                // A colour the canvas reads: a custom property defined.
                css.contains(&format!("--{name}:"))
            } else {
                styled(&css, &name) || spelled(&vm, &name)
            };
            if !known {
                missing.push(format!("src/ui/{file}:{line}: .{name}"));
            }
        }
    }
    assert!(
        seen > 10,
        "only {seen} class names found in src/ui: the scan is broken"
    );
    assert!(
        missing.is_empty(),
        "names the view uses that neither style/ nor the markup in src/vm/ has:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_scan_finds_a_class_and_skips_comments_ids_and_built_names() {
    let text = "dom::class(el, \"rll-hl\", on);\n// \"rll-gone\"\nformat!(\"rll-s-{}\", s);\nlet id = \"rll1-tab\";\nfind(\".rll-tl__rows\")";
    let names: Vec<_> = class_names(text).into_iter().map(|(_, n)| n).collect();
    assert_eq!(names, ["rll-hl", "rll-tl__rows"]);
    assert!(styled(".rll-hl { color: red }", "rll-hl"));
    assert!(!styled(".rll-hl-more { color: red }", "rll-hl"));
    assert!(spelled(r#"class="rll-verdict__text""#, "rll-verdict__text"));
    assert!(!spelled(
        r#"class="rll-verdict__text2""#,
        "rll-verdict__text"
    ));
}
