//! Issue 22's rules of layout that live in the markup: each choice group
//! declares the width it needs for one row (so CSS keeps it whole or
//! stacks it, never breaks it), the line under the tabs holds every
//! offered summary unseen (so a tab change moves nothing below it), the
//! replay's icons are four shapes, each question carries its number as
//! text (a printed column loses list markers), and the snippet "Copy
//! embed code" gives is the one docs/EMBEDDING.md shows.

use std::collections::BTreeSet;

use ratelimit_lab::sim::params;
use ratelimit_lab::vm::html::{embed_code, FRAME_SCRIPT};
use ratelimit_lab::vm::page;
use ratelimit_lab::vm::quiz::{builtin, order};
use ratelimit_lab::vm::skeleton::{fit_class, skeleton, summary, Part, FIT_STEPS};

use crate::vm_support::english;

fn markup(query: &str) -> String {
    let quiz = builtin();
    skeleton(
        &page::parse(&params::pairs(query), &english()),
        &english(),
        "rll1",
        true,
        &quiz,
        &order(&quiz, 2026),
        Part::All,
    )
    .into_string()
}

/// The text of each element of `class` in `html` (elements without
/// children of their own).
fn texts_of(html: &str, class: &str) -> Vec<String> {
    let needle = format!(r#"class="{class}""#);
    html.match_indices(&needle)
        .map(|(i, _)| {
            let rest = &html[i..];
            let start = rest.find('>').unwrap() + 1;
            let end = rest[start..].find('<').unwrap();
            rest[start..start + end].to_string()
        })
        .collect()
}

#[test]
fn a_choice_group_asks_for_a_step_at_least_as_wide_as_its_labels() {
    // Three radios of 6, 11 and 6 characters: 23 × 0.66 + 3 × 1.5 + 1.5
    // of gaps = 21.2 em, so the step of 24 em.
    assert_eq!(
        fit_class(["random", "round-robin", "sticky"].into_iter(), 1.5),
        24
    );
    // Two short ones fit the smallest step.
    assert_eq!(fit_class(["up", "down"].into_iter(), 1.5), 8);
    // Longer labels (a translation) never get a narrower step.
    let mut last = 0;
    for n in 1..60 {
        let label = "x".repeat(n);
        let step = fit_class([label.as_str(), "y"].into_iter(), 1.5);
        assert!(step >= last, "{n} characters: step {step} after {last}");
        assert!(FIT_STEPS.contains(&step));
        last = step;
    }
    assert_eq!(last, 40, "the widest step caps it");
}

#[test]
fn every_choice_group_wraps_its_options_in_one_box_with_a_step() {
    let html = markup("");
    let groups = html.matches(r#"<fieldset class="rll-choice">"#).count();
    assert_eq!(groups, 4, "load balancer, scenario, Redis, fail");
    let boxes: Vec<&str> = html
        .match_indices(r#"class="rll-choice__options rll-fit-"#)
        .map(|(i, _)| &html[i..i + 50])
        .collect();
    assert_eq!(boxes.len(), groups, "each group has its one box");
    for b in boxes {
        let n: u32 = b["class=\"rll-choice__options rll-fit-".len()..]
            .split('"')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(FIT_STEPS.contains(&n), "{b}");
    }
    // The stylesheet has a rule for every step.
    let css = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/style/30-controls.css"
    ))
    .unwrap();
    for n in FIT_STEPS {
        assert!(
            css.contains(&format!(".rll-fit-{n} {{ --fit: {n}em; }}")),
            "no rule for rll-fit-{n}"
        );
    }
}

#[test]
fn the_summary_line_holds_every_offered_summary_unseen() {
    let t = english();
    let html = markup("");
    let sizers = texts_of(&html, "rll-panel__sizer");
    let want: Vec<String> = ratelimit_lab::sim::Strategy::ALL
        .iter()
        .map(|s| t.get(summary(*s)).to_string())
        .collect();
    assert_eq!(sizers.len(), want.len());
    for w in &want {
        let w = ratelimit_lab::vm::html::esc(w).into_string();
        assert!(sizers.contains(&w), "missing sizer {w}");
    }
    assert!(html.contains(r#"<span class="rll-panel__sizer" aria-hidden="true">"#));
    // Only the strategies offered.
    let two = texts_of(&markup("tabs=local,incr"), "rll-panel__sizer");
    assert_eq!(two.len(), 2);
}

#[test]
fn the_replay_icons_are_four_shapes() {
    let html = markup("");
    let icon = |testid: &str| -> BTreeSet<String> {
        let at = html.find(&format!(r#"data-testid="{testid}""#)).unwrap();
        let end = at + html[at..].find("</button>").unwrap();
        html[at..end]
            .match_indices(r#"<span aria-hidden="true">"#)
            .map(|(i, m)| {
                let s = &html[at + i + m.len()..];
                s[..s.find('<').unwrap()].trim().to_string()
            })
            .collect()
    };
    let play = icon("play");
    let (back, step) = (icon("step-back"), icon("step"));
    assert_eq!(play, BTreeSet::from(["▶".to_string(), "❚❚".to_string()]));
    let all: Vec<&String> = play.iter().chain(&back).chain(&step).collect();
    let distinct: BTreeSet<&String> = all.iter().copied().collect();
    assert_eq!(
        all.len(),
        distinct.len(),
        "play, pause, back and step each have their own icon: {all:?}"
    );
}

#[test]
fn each_question_carries_its_number_as_text() {
    let html = markup("");
    let numbers = texts_of(&html, "rll-question__n");
    let want: Vec<String> = (1..=builtin().len()).map(|n| format!("{n}.")).collect();
    assert_eq!(numbers, want);
}

#[test]
fn copy_embed_code_gives_the_guides_snippet() {
    let guide =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/EMBEDDING.md")).unwrap();
    let at = guide.find("<!-- snippet: iframe -->").unwrap();
    let snippet = &guide[at..];
    let snippet = &snippet[snippet.find("```html\n").unwrap() + 8..];
    let snippet = &snippet[..snippet.find("```").unwrap()];
    assert!(
        snippet.trim_end().ends_with(FRAME_SCRIPT),
        "the guide's iframe snippet ends with the widget's script"
    );
    let code = embed_code("https://example.org/lab/?a=1&b=\"2\"", "Rate <Lab>");
    assert!(code.starts_with(r#"<iframe src="https://example.org/lab/?a=1&amp;b=&quot;2&quot;" title="Rate &lt;Lab&gt;""#), "{code}");
    assert!(code.ends_with(FRAME_SCRIPT));
    // The script sizes the frame for a print and back.
    for needle in ["beforeprint", "afterprint", "d.print"] {
        assert!(FRAME_SCRIPT.contains(needle), "{needle}");
    }
}

#[test]
fn the_strict_iframe_file_runs_the_same_lines_as_the_inline_snippet() {
    // public/ratelimit-frame.js is the snippet's script as a file, for a
    // host whose policy forbids inline script: the two must not drift.
    let file = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/public/ratelimit-frame.js"
    ))
    .unwrap();
    let body = FRAME_SCRIPT
        .trim_start_matches("<script>\n")
        .trim_end_matches("</script>");
    for line in body.lines().filter(|l| !l.trim().is_empty()) {
        let line = line.strip_prefix("  ").unwrap_or(line);
        assert!(
            file.lines().any(|l| l == line),
            "ratelimit-frame.js lacks: {line}"
        );
    }
}
