//! What the view-model tests share: a run from a URL's query string, the
//! built-in English, the moment at the end, the scenarios issue 11 names
//! (every strategy at a zero round trip, on one server and at 20 ms), a
//! small reader of the markup the view-model writes, and insta snapshots
//! kept apart from the model's own (`snapshots/vm/`).

#![allow(dead_code)]

use std::path::Path;

use ratelimit_lab::sim::{self, params, Moment, Report, Scenario, Strategy};
use ratelimit_lab::vm::text::Texts;

/// The scenario a URL's query string asks for, like the widget reads it
/// (`"strategy=getset&rtt=20"`). Panics on a notice: a test's own query is
/// meant to be clean.
#[track_caller]
pub fn scenario(query: &str) -> Scenario {
    let parsed = params::parse(params::pairs(query));
    assert!(parsed.notices.is_empty(), "{query}: {:?}", parsed.notices);
    parsed.scenario
}

/// The run the widget shows for `query`.
#[track_caller]
pub fn report(query: &str) -> Report {
    sim::run(&scenario(query))
}

/// The built-in English.
pub fn english() -> Texts {
    Texts::english()
}

/// The run as it stood at its end (the widget's state when not replaying).
pub fn end(r: &Report) -> Moment {
    r.at(u64::MAX)
}

/// Every strategy's URL name.
pub fn strategies() -> impl Iterator<Item = Strategy> {
    Strategy::ALL.into_iter()
}

/// Issue 11's three settings for `strategy`: a zero round trip, one
/// server, a 20 ms round trip (the rest at the defaults).
pub fn corners(strategy: Strategy) -> [(String, Scenario); 3] {
    let s = strategy.as_str();
    [
        format!("strategy={s}&rtt=0"),
        format!("strategy={s}&servers=1"),
        format!("strategy={s}&rtt=20"),
    ]
    .map(|q| {
        let sc = scenario(&q);
        (q, sc)
    })
}

/// Every corner of every strategy, run.
pub fn every_corner() -> Vec<(String, Report)> {
    strategies()
        .flat_map(corners)
        .map(|(q, s)| (q, sim::run(&s)))
        .collect()
}

/// The values of attribute `name` in `html`, in document order.
pub fn attrs<'a>(html: &'a str, name: &str) -> Vec<&'a str> {
    let needle = format!(" {name}=\"");
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find(&needle) {
        let after = &rest[at + needle.len()..];
        let close = after.find('"').expect("a closing quote");
        out.push(&after[..close]);
        rest = &after[close..];
    }
    out
}

/// The element that carries `data-testid="testid"`: its opening tag.
#[track_caller]
pub fn tag<'a>(html: &'a str, testid: &str) -> &'a str {
    let needle = format!("data-testid=\"{testid}\"");
    let at = html
        .find(&needle)
        .unwrap_or_else(|| panic!("no data-testid={testid:?} in {html}"));
    let open = html[..at].rfind('<').expect("an opening tag");
    let close = at + html[at..].find('>').expect("the tag's end");
    &html[open..=close]
}

/// The `data-value` of the element with `data-testid="testid"`.
#[track_caller]
pub fn value<'a>(html: &'a str, testid: &str) -> &'a str {
    attrs(tag(html, testid), "data-value")
        .first()
        .copied()
        .unwrap_or_else(|| panic!("{testid} has no data-value"))
}

/// `html` with its tags removed: the text a reader sees.
pub fn text_of(html: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for c in html.chars() {
        match c {
            '<' => inside = true,
            '>' => inside = false,
            c if !inside => out.push(c),
            _ => {}
        }
    }
    out
}

/// Compares `text` with `snapshots/vm/<name>.snap` (insta). Review a change
/// with `cargo insta review`, or accept it with `INSTA_UPDATE=always`.
#[track_caller]
pub fn snapshot(name: &str, text: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.set_snapshot_path(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/snapshots/vm"));
    settings.bind(|| insta::assert_snapshot!(name, text));
}

/// A wide spread of scenarios for rules that must hold everywhere: every
/// strategy, at the defaults and at the settings that change what can
/// happen (one server, many, a slow round trip, Redis slow or down either
/// way, a sticky move, round-robin, an unplanned autoscale, a burst under
/// the limit), over a few seeds.
pub fn spread() -> Vec<(String, Report)> {
    let settings = [
        "",
        "&servers=1",
        "&servers=16&burst=200",
        "&rtt=20",
        "&redis=down&fail=closed",
        "&redis=down&fail=open",
        "&redis=slow&fail=closed",
        "&lb=sticky&move=20",
        "&lb=round-robin",
        "&servers=8&plan=2",
        "&burst=6",
    ];
    let mut out = Vec::new();
    for s in strategies() {
        for q in settings {
            for seed in 1..=4 {
                let q = format!("strategy={}{q}&seed={seed}", s.as_str());
                let r = report(&q);
                out.push((q, r));
            }
        }
    }
    out
}

/// The string literals of a Rust source, each with its line, as written
/// (`"servers"`), outside attributes and doc comments.
pub fn literals(source: &str) -> Vec<(usize, String)> {
    fn walk(ts: proc_macro2::TokenStream, out: &mut Vec<(usize, String)>) {
        let mut attr = false;
        for tt in ts {
            match tt {
                proc_macro2::TokenTree::Punct(p) => {
                    attr = p.as_char() == '#' || (attr && p.as_char() == '!')
                }
                proc_macro2::TokenTree::Group(g) => {
                    let skip = attr && g.delimiter() == proc_macro2::Delimiter::Bracket;
                    attr = false;
                    if !skip {
                        walk(g.stream(), out);
                    }
                }
                proc_macro2::TokenTree::Literal(l) => {
                    attr = false;
                    out.push((l.span().start().line, l.to_string()));
                }
                proc_macro2::TokenTree::Ident(_) => attr = false,
            }
        }
    }
    let mut out = Vec::new();
    walk(source.parse().expect("Rust tokens"), &mut out);
    out
}
