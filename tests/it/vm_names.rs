//! The contract between the markup and the view (`vm::names`): the markup
//! for every strategy and every shaping a course author can ask for holds
//! every name the binders look up whenever its block is shown, and only
//! names the view knows. A rename on one side only fails here, not only in
//! a browser.

use std::path::Path;

use ratelimit_lab::sim::{params, Strategy};
use ratelimit_lab::vm::chart;
use ratelimit_lab::vm::names::{expected, Act, Block, Class, Data, Hook, Mark, Slot};
use ratelimit_lab::vm::page::{self, Section};
use ratelimit_lab::vm::quiz::{builtin, order};
use ratelimit_lab::vm::skeleton::{skeleton, Part};
use ratelimit_lab::vm::{totals, tour};

use crate::vm_support::{attrs, english};

/// Every shaping: nothing asked, each section hidden, all of them hidden,
/// compact, embedded, one tab, tabs whose places mix, a notice, a
/// prediction first.
fn shapings() -> Vec<String> {
    let mut out: Vec<String> = ["", "compact=1", "compact=1&hide=controls,totals", "embed=1"]
        .map(String::from)
        .into();
    out.extend(Section::ALL.map(|s| format!("hide={}", s.as_str())));
    let all: Vec<&str> = Section::ALL.iter().map(|s| s.as_str()).collect();
    out.push(format!("hide={}", all.join(",")));
    out.extend(
        [
            "tabs=incr",
            "tabs=local,incr,split",
            "servers=999",
            "predict=1",
            "hide=timeline,charts&compact=0",
        ]
        .map(String::from),
    );
    out
}

/// Whether `html` has an element `selector` finds (`[k="v"]`, `[k]` or
/// `.class`).
fn has(html: &str, selector: &str) -> bool {
    if let Some(class) = selector.strip_prefix('.') {
        return attrs(html, "class")
            .iter()
            .any(|c| c.split_whitespace().any(|w| w == class));
    }
    if !selector.contains('=') {
        let k = selector.trim_matches(['[', ']']);
        return !attrs(html, k).is_empty();
    }
    let (k, v) = selector
        .trim_matches(['[', ']'])
        .split_once("=\"")
        .expect("an attribute selector");
    attrs(html, k).contains(&v.trim_end_matches('"'))
}

#[test]
fn every_name_the_view_binds_is_in_the_markup_for_every_strategy_and_shaping() {
    let quiz = builtin();
    let o = order(&quiz, 7);
    let mut seen: Vec<&str> = Vec::new();
    for query in shapings() {
        for s in Strategy::ALL {
            let q = format!("{query}&strategy={}", s.as_str());
            let p = page::parse(&params::pairs(&q), &english());
            for url_state in [true, false] {
                let html = skeleton(&p, &english(), "rll1", url_state, &quiz, &o, Part::All);
                for sel in expected(&p, url_state) {
                    assert!(
                        has(&html, sel),
                        "{q} (url_state {url_state}): the view binds {sel}; the markup has none"
                    );
                }
                for name in attrs(&html, "data-slot") {
                    let slot = Slot::parse(name).unwrap_or_else(|| {
                        panic!("{q}: data-slot={name:?} is no slot the view knows")
                    });
                    assert!(
                        slot.block().shown(&p, url_state),
                        "{q}: {name} is written where its block ({:?}) is not",
                        slot.block()
                    );
                }
                for name in attrs(&html, "data-act") {
                    assert!(
                        Act::parse(name).is_some(),
                        "{q}: data-act={name:?} is no act the click handler knows"
                    );
                }
                for sel in expected(&p, url_state) {
                    if !seen.contains(&sel) {
                        seen.push(sel);
                    }
                }
            }
        }
    }
    // No name of the contract is dead: each is required by some shaping
    // (or, offered by the content, written by the default page).
    let default = skeleton(
        &page::parse(&params::pairs(""), &english()),
        &english(),
        "rll1",
        true,
        &quiz,
        &o,
        Part::All,
    );
    let names = Slot::ALL
        .iter()
        .map(|n| (n.selector(), n.block(), format!("Slot::{n:?}")))
        .chain(
            Act::ALL
                .iter()
                .map(|n| (n.selector(), n.block(), format!("Act::{n:?}"))),
        )
        .chain(
            Hook::ALL
                .iter()
                .map(|n| (n.selector(), n.block(), format!("Hook::{n:?}"))),
        )
        .chain(
            Mark::ALL
                .iter()
                .map(|n| (n.selector(), n.block(), format!("Mark::{n:?}"))),
        )
        .chain(
            Class::ALL
                .iter()
                .map(|n| (n.selector(), n.block(), format!("Class::{n:?}"))),
        )
        .chain(
            Data::ALL
                .iter()
                .map(|n| (n.selector(), n.block(), format!("Data::{n:?}"))),
        );
    // The lesson's panel is drawn by `vm::tour` while a step runs.
    let t = english();
    let panel = tour::panel(&tour::builtin(&t), 1, &t, "rll1", 2);
    let recap = tour::recap(7, 7, true, &t, "rll1", 2);
    let waiting = tour::waiting(true, &t, "rll1");
    // The figures under the totals, which the view writes, each where it
    // applies: every strategy at the end, with and without a window's edge.
    let figures: String = Strategy::ALL
        .iter()
        .flat_map(|s| ["", "&edge=0"].map(|q| format!("strategy={}{q}", s.as_str())))
        .map(|q| {
            let r = ratelimit_lab::sim::run(&params::parse(params::pairs(&q)).scenario);
            let m = r.at(u64::MAX);
            let (head, stats, cost) = (
                totals::head_html(&r, &m, true, &t),
                totals::stats_html(&r, &m, true, &t),
                totals::cost_html(&r, &m, &t),
            );
            head.into_string() + &stats.into_string() + &cost.into_string()
        })
        .collect();
    // A server's card is added by the view, one per server.
    let card = ratelimit_lab::vm::cards::shell(3, 1, &t);
    // A chart's SVG is added by the view when it comes into view; the
    // gateway's refusals are named by the view.
    let charts = [
        chart::svg(Hook::ChartServers, 7, 7 * 16, true),
        chart::svg(Hook::ChartRtt, 3, 3 * 21, true),
        chart::svg(Hook::RttMini, 1, 21, false),
    ]
    .map(|h| h.into_string())
    .concat();
    // What the view adds from other templates: the timeline's rows and
    // the windows' strip and the code for every strategy, and the embed
    // snippet.
    let added: String = Strategy::ALL
        .iter()
        .map(|s| {
            let q = format!("strategy={}&edge=100", s.as_str());
            let r = ratelimit_lab::sim::run(&params::parse(params::pairs(&q)).scenario);
            let tl = ratelimit_lab::vm::timeline::timeline(
                &r,
                &ratelimit_lab::vm::reads::shared_reads(&r),
            );
            let rows = ratelimit_lab::vm::timeline::rows_markup(&tl, &t).into_string();
            let code = ratelimit_lab::vm::code::markup(
                *s,
                r.scenario.algo.unwrap_or(ratelimit_lab::sim::Algo::Fixed),
                "rll1",
            );
            rows + &ratelimit_lab::vm::windows::strip(&r, u64::MAX, &t).into_string()
                + code.as_str()
        })
        .collect::<String>()
        + &ratelimit_lab::vm::html::embed_code("u", "t");
    let view = view_lines();
    for (sel, block, name) in names {
        if block == Block::TourPanel {
            assert!(has(&panel, sel), "{sel} is not in the lesson's panel");
        } else if block == Block::TourRecap {
            assert!(has(&recap, sel), "{sel} is not in the lesson's recap");
        } else if block == Block::TourWaiting {
            assert!(has(&waiting, sel), "{sel} is not in the lesson's wait");
        } else if block == Block::Figures {
            assert!(has(&figures, sel), "{sel} is in no strategy's figures");
        } else if block == Block::Card {
            assert!(has(&card, sel), "{sel} is not in a server's card");
        } else if block == Block::Chart {
            assert!(has(&charts, sel), "{sel} is not in a chart's SVG");
        } else if block == Block::Added {
            // The snippet's script finds the frames by selector.
            let found = has(&added, sel) || added.contains(sel);
            assert!(found, "{sel} is in nothing the view adds");
        } else if block == Block::Edge || block == Block::View {
            let set = view.iter().any(|(_, l)| l.contains(&name));
            assert!(set, "{name} ({sel}) is set by no binder");
        } else if block == Block::Offered {
            assert!(has(&default, sel), "{sel} is never written");
        } else {
            assert!(seen.contains(&sel), "{sel} is required by no shaping");
        }
    }
}

#[test]
fn hiding_a_section_drops_its_slots_and_keeps_the_others() {
    let quiz = builtin();
    let o = order(&quiz, 7);
    let full = page::parse(&params::pairs(""), &english());
    let less = page::parse(&params::pairs("hide=charts,log"), &english());
    let html = skeleton(&less, &english(), "rll1", true, &quiz, &o, Part::All);
    for s in [Slot::Charts, Slot::ChartNote, Slot::Log, Slot::LogEmpty] {
        assert!(s.block().shown(&full, true));
        assert!(!s.block().shown(&less, true), "{s:?}");
        assert!(!has(&html, s.selector()), "{s:?}");
    }
    for s in [Slot::Timeline, Slot::Redis, Slot::Cards, Slot::QuizScore] {
        assert!(has(&html, s.selector()), "{s:?}");
    }
}

/// The non-comment lines of the view's sources (`src/ui/`), with their
/// place (`charts.rs:12`).
fn view_lines() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui");
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).expect("src/ui") {
        let path = e.expect("an entry").path();
        let text = std::fs::read_to_string(&path).expect("a source file");
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        for (k, line) in text.lines().enumerate() {
            if !line.trim_start().starts_with("//") {
                out.push((format!("{file}:{}", k + 1), line.to_string()));
            }
        }
    }
    out
}

#[test]
fn the_view_looks_names_up_through_the_contract_not_by_literal() {
    let mut spelled = Vec::new();
    // A slot or an act as a selector; a test hook anyhow (as a selector,
    // or set on an element: the view writes `Hook::KEY`); a class as a
    // selector (alone or with more after it), or bare (a class list).
    let classes = Class::ALL.iter().flat_map(|c| {
        [
            format!("\".{}\"", c.as_str()),
            format!("\"{}\"", c.as_str()),
            // The class with more to the selector: `[tabindex]`, `:hover`.
            format!("\".{}[", c.as_str()),
            format!("\".{}:", c.as_str()),
        ]
    });
    let words: Vec<String> = ["[data-slot=", "[data-act=", "data-testid"]
        .map(String::from)
        .into_iter()
        .chain(classes)
        .collect();
    for (file, line) in view_lines() {
        for w in &words {
            if line.contains(w.as_str()) {
                spelled.push(format!("src/ui/{file}: {}", line.trim()));
            }
        }
    }
    assert!(
        spelled.is_empty(),
        "names spelled out in the view:\n{}",
        spelled.join("\n")
    );
}

#[test]
fn a_notice_after_mounting_is_written_as_the_mounted_one() {
    // The view adds a notice later (`t` past the end) with the same
    // markup the skeleton writes for one known at mount.
    let quiz = builtin();
    let p = page::parse(&params::pairs("servers=999"), &english());
    assert_eq!(p.notices.len(), 1);
    let html = skeleton(
        &p,
        &english(),
        "rll1",
        true,
        &quiz,
        &order(&quiz, 7),
        Part::All,
    );
    let body = ratelimit_lab::vm::skeleton::notice_body(&english(), &p.notices);
    assert!(
        html.contains(&format!(
            r#"<div class="rll-notice" role="status" data-testid="notice">{body}</div>"#
        )),
        "{body}"
    );
    assert!(body.contains(r#"<button type="button" class="rll-button rll-button--small" data-act="dismiss">Dismiss</button>"#));
    assert_eq!(
        ratelimit_lab::vm::skeleton::notice_item("a < b"),
        "<li>a &lt; b</li>"
    );
}

#[test]
fn a_hook_the_view_sets_is_the_attribute_the_markup_writes() {
    // What the browser tests and a course author's page look up.
    assert_eq!(Hook::KEY, "data-testid");
    for h in Hook::ALL {
        assert_eq!(
            h.attr().to_string(),
            format!(" {}=\"{}\"", Hook::KEY, h.as_str())
        );
        assert_eq!(h.selector(), format!("[{}=\"{}\"]", Hook::KEY, h.as_str()));
    }
    for m in Mark::ALL {
        assert_eq!(
            m.attr().to_string(),
            format!(" {}=\"{}\"", Hook::KEY, m.as_str())
        );
        assert_eq!(m.selector(), format!("[{}=\"{}\"]", Hook::KEY, m.as_str()));
        assert!(Hook::parse(m.as_str()).is_none(), "{m:?} is a Hook too");
    }
    assert_eq!(
        Hook::EdgeRefused.selector(),
        r#"[data-testid="edge-refused"]"#
    );
}

/// `(line, name)` for each name of the contract that `text` spells as a
/// whole literal attribute (`data-testid="quiz"`, `data-act="tour-next"`,
/// `data-slot="tour-done"`) rather than taking it from `vm::names`. A name
/// made from an item's own (`data-testid="strategy-{}"`) is the item's.
fn literal_names(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("//") {
            continue;
        }
        for attr in ["data-testid", "data-act", "data-slot"] {
            let needle = format!("{attr}=\"");
            for (at, _) in line.match_indices(&needle) {
                let rest = &line[at + needle.len()..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-')
                    .collect();
                if !name.is_empty() && rest[name.len()..].starts_with('"') {
                    found.push((i + 1, format!("{attr}={name}")));
                }
            }
        }
    }
    found
}

#[test]
fn the_view_model_writes_the_names_through_the_contract_not_by_literal() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/vm");
    let mut spelled = Vec::new();
    let mut files = 0;
    for e in std::fs::read_dir(dir).expect("src/vm") {
        let path = e.expect("an entry").path();
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        if file == "names.rs" {
            continue;
        }
        files += 1;
        let text = std::fs::read_to_string(&path).expect("a source file");
        for (line, name) in literal_names(&text) {
            spelled.push(format!("src/vm/{file}:{line}: {name}"));
        }
    }
    assert!(files > 10, "only {files} files read");
    assert!(
        spelled.is_empty(),
        "names of the contract spelled out in the view-model (write them with vm::names):\n{}",
        spelled.join("\n")
    );
}

#[test]
fn the_literal_check_catches_what_it_is_meant_to() {
    let code = [
        r##"r#"<p data-testid="quiz" data-act="tour-next">"#"##,
        r#"// a comment may say data-testid="quiz""#,
        r##"r#"<b data-testid="strategy-{}" data-act="{}" data-slot="tour-done">"#"##,
        r##"r#"<i data-testid="{}" data-value="x">"#"##,
    ]
    .join("\n");
    assert_eq!(
        literal_names(&code),
        [
            (1, "data-testid=quiz".to_string()),
            (1, "data-act=tour-next".to_string()),
            (3, "data-slot=tour-done".to_string()),
        ]
    );
}

/// `(line, literal)` for each literal of `source` (a string, raw or
/// not, byte string or char) that holds `data-`, outside attributes and
/// doc comments: a `data-*` name not taken from `vm::names::Data`. Markup
/// in Leptos's `view!` is tokens, not a literal, and the SSR test reads it.
fn data_literals(source: &str) -> Vec<(usize, String)> {
    let mut found = super::vm_support::literals(source);
    found.retain(|(_, text)| text.contains("data-"));
    found
}

#[test]
fn no_source_file_spells_a_data_attribute_outside_the_contract() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = super::tidy::rust_files(&root.join("src"));
    assert!(files.len() > 40, "only {} files read", files.len());
    let mut spelled = Vec::new();
    for path in files {
        if path.ends_with("src/vm/names.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a source file");
        for (line, lit) in data_literals(&text) {
            let file = path.strip_prefix(root).unwrap_or(&path).display();
            spelled.push(format!("{file}:{line}: {lit}"));
        }
    }
    assert!(
        spelled.is_empty(),
        "{} data-* names spelled as literals (take them from vm::names::Data, or data!(…) in a template):\n{}",
        spelled.len(),
        spelled.join("\n")
    );
}

#[test]
fn the_data_literal_check_catches_what_it_is_meant_to() {
    let code = r##"
/// A comment may say `data-knob`.
#[doc = "data-x"]
fn f() {
    // data-y
    let a = "[data-knob]";
    let b = concat!(r#"<p class="x""#, data!(Knob), r#" data-part="note">"#);
    let c = view! { <div data-ratelimit-lab=""></div> };
}
"##;
    assert_eq!(
        data_literals(code),
        [
            (6, "\"[data-knob]\"".to_string()),
            (7, "r#\" data-part=\"note\">\"#".to_string()),
        ]
    );
}

#[test]
fn every_data_name_is_a_data_attribute_once() {
    for (i, d) in Data::ALL.iter().enumerate() {
        assert!(d.as_str().starts_with(Data::PREFIX), "{d:?}");
        assert_eq!(d.selector(), format!("[{}]", d.as_str()));
        assert!(
            Data::ALL[..i].iter().all(|e| e.as_str() != d.as_str()),
            "{d:?} twice"
        );
    }
    assert_eq!(Hook::KEY, Data::Testid.as_str());
}
