//! A hostile course author: a content file that puts markup into every
//! sentence of the texts table, every field of its quiz and every field of
//! its lesson steps, rendered over every strategy, shaping and moment the
//! view-model writes markup for (the same broad matrix as the byte-for-byte
//! comparison of refactors: skeletons, totals, cards, timeline, glossary,
//! code, lesson, quiz, charts, notices). Every piece of markup must show the
//! author's markup as text: the payload's tag never appears as a tag, and
//! its escaped form does appear (so the check cannot pass by dropping it).

use std::collections::BTreeMap;
use std::fmt::Display;

use ratelimit_lab::sim::sweep::{Axis, Sweep};
use ratelimit_lab::sim::{self, params, Report, Scenario, Strategy};
use ratelimit_lab::vm;
use ratelimit_lab::vm::names::Hook;
use ratelimit_lab::vm::page::{self, Section};
use ratelimit_lab::vm::quiz::{self, Answer, Question};
use ratelimit_lab::vm::text::{Text, Texts, ALL, KEYS};
use ratelimit_lab::vm::tour::Step;

/// The tag the hostile file puts everywhere, as the author wrote it and as
/// it must reach the page (escaped).
const TAG: &str = "<img src=x onerror=\"alert(1)\">";
const TAG_SHOWN: &str = "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;";

/// The kinds of record that are markup (the others are sentences the view
/// writes as text or as an attribute, where markup is inert).
const MARKUP: [&str; 20] = [
    "skeleton",
    "notice_body",
    "notice_item",
    "head_html",
    "stats_html",
    "cost_html",
    "lines_html",
    "head_skeleton",
    "cards_shell",
    "timeline_rows",
    "timeline_key",
    "glossary_section",
    "glossary_link",
    "code_markup",
    "tour_panel",
    "tour_recap",
    "quiz_question",
    "quiz_view",
    "chart_table",
    "chart_axes",
];

/// Checks each piece of markup as it is written, and counts them by kind.
struct Dump {
    counts: BTreeMap<&'static str, usize>,
    /// Records that carry the payload escaped.
    shown: usize,
    bad: Vec<String>,
}

impl Dump {
    fn rec(&mut self, kind: &'static str, input: &str, value: impl Display) {
        *self.counts.entry(kind).or_insert(0) += 1;
        if !MARKUP.contains(&kind) {
            return;
        }
        let text = value.to_string();
        if text.contains("<img") || text.contains("onerror=\"") {
            if self.bad.len() < 5 {
                let at = text.find("<img").or(text.find("onerror=\"")).unwrap_or(0);
                let from = text[..at]
                    .char_indices()
                    .rev()
                    .nth(80)
                    .map_or(0, |(i, _)| i);
                let to = text[at..]
                    .char_indices()
                    .nth(80)
                    .map_or(text.len(), |(i, _)| at + i);
                self.bad
                    .push(format!("{kind} {input}: …{}…", &text[from..to]));
            } else {
                self.bad.push(String::new());
            }
        }
        if text.contains(TAG_SHOWN) {
            self.shown += 1;
        }
    }

    fn opt(&mut self, kind: &'static str, input: &str, value: Option<impl Display>) {
        if let Some(v) = value {
            self.rec(kind, input, v)
        }
    }
}

/// One language: its name, its texts, its quiz and its lesson steps.
struct Lang {
    name: &'static str,
    texts: Texts,
    quiz: Vec<Question>,
    tour: Vec<Step>,
}

fn langs() -> Vec<Lang> {
    let json = hostile_file();
    let p = vm::content::parse(&json).expect("the hostile file parses");
    let quiz = p.quiz.clone().expect("its quiz");
    let tour = p.tour.clone().expect("its steps");
    assert!(p.notices.is_empty(), "{:?}", p.notices);
    vec![Lang {
        name: "hostile",
        quiz,
        tour,
        texts: p.texts,
    }]
}

/// The content file: [`TAG`] before every sentence (placeholders kept),
/// in every field of two quiz questions and of three lesson steps.
fn hostile_file() -> String {
    let mut text = serde_json::Map::new();
    for t in ALL {
        text.insert(
            t.key().to_string(),
            serde_json::Value::String(format!("{TAG}\"'&{}", t.english())),
        );
    }
    assert_eq!(text.len(), KEYS.len());
    let option = |right: bool| serde_json::json!({ "text": format!("{TAG} option {right}"), "correct": right, "why": format!("{TAG} why") });
    let question = serde_json::json!({
        "prompt": format!("{TAG} prompt"),
        "options": [option(false), option(true), option(false)],
        "show": { "label": format!("{TAG} label"), "query": "strategy=incr" }
    });
    let step = |goal: &str| {
        serde_json::json!({
            "title": format!("{TAG} title"), "text": format!("{TAG} text."), "goal": goal,
            "task": format!("{TAG} task"), "hint": format!("{TAG} hint"), "done": format!("{TAG} done"),
            "not": format!("{TAG} not"), "scenario": "strategy=local&servers=3"
        })
    };
    serde_json::json!({
        "id": format!("{TAG}id"),
        "lang": "en",
        "text": text,
        "quiz": [question.clone(), question],
        "tour": [step("replay-end"), step("allowed-at-least 2"), step("setting servers 4")]
    })
    .to_string()
}

/// The fixed scenarios the snapshot tests share, by name.
fn fixtures() -> Vec<(String, Scenario)> {
    crate::fixtures::scenarios()
        .into_iter()
        .map(|(n, s)| (n.to_string(), s))
        .collect()
}

/// The scenario of a query string (notices ignored).
fn scenario(query: &str) -> Scenario {
    params::parse(params::pairs(query)).scenario
}

/// The fixtures, then a spread over every strategy (tests/it/vm_support.rs
/// `corners` and `spread`, one seed): each with its run.
fn runs() -> Vec<(String, Report)> {
    let mut named = fixtures();
    let settings = [
        "&rtt=0",
        "&rtt=20",
        "&servers=1",
        "&servers=16&burst=200",
        "&redis=down&fail=closed",
        "&redis=down&fail=open",
        "&redis=slow&fail=closed",
        "&lb=sticky&move=20",
        "&lb=round-robin",
        "&servers=8&plan=2",
        "&burst=6",
        "&servers=2&lb=round-robin&burst=11",
        "&burst=10",
    ];
    for s in Strategy::ALL {
        for q in settings {
            let q = format!("strategy={}{q}&seed=3", s.as_str());
            named.push((q.clone(), scenario(&q)));
        }
    }
    named.into_iter().map(|(n, s)| (n, sim::run(&s))).collect()
}

/// The moments shown: the start, a third, the middle, just before the end,
/// the end, and past it (the widget at rest), with whether it is the end.
fn moments(r: &Report) -> Vec<(String, u64, bool)> {
    let e = r.end_us;
    vec![
        ("start".to_string(), 0, false),
        ("third".to_string(), e / 3, false),
        ("middle".to_string(), e / 2, false),
        ("before-end".to_string(), e.saturating_sub(1), false),
        ("end".to_string(), e, false),
        ("rest".to_string(), u64::MAX, true),
    ]
}

/// The page shapings the skeleton is written for.
fn shapings() -> Vec<String> {
    let mut out: Vec<String> = [
        "",
        "compact=1",
        "embed=1",
        "compact=1&embed=1",
        "predict=1",
        "predict=1&compact=1",
        "tour=1",
        "tour=3",
        "tour=yes",
        "tour=99",
        "theme=dark",
        "theme=light",
        "t=5",
        "t=1.25&predict=1",
        "compact=1&hide=controls,totals",
        "hide=timeline,charts&compact=0",
        "embed=1&hide=quiz,takeaways",
        "predict=1&tour=2&compact=1",
        "preset=gatepass",
        "preset=per-minute",
        "redis=down&fail=closed",
        "lb=sticky&move=20",
        "servers=16&burst=500",
        "mastery=80&fallback=builtin&content=/c/fr.json",
        // Tabs: one, a few, mixed places, every one reversed.
        "tabs=incr",
        "tabs=local",
        "tabs=edge",
        "tabs=local,incr,split",
        "tabs=lua,incr,split",
        "tabs=split,local",
        "tabs=getset,incr,lua",
        "tabs=local,split,sync,edge",
        "tabs=incr,local,lua",
        "tabs=lua,getset,local,edge,sync,split,incr",
        "tabs=incr,lua&hide=code,log",
        // Notices.
        "servers=999",
        "hide=bogus,code",
        "tabs=nope,incr",
        "predict=maybe",
        "t=abc",
        "burst=abc&seed=x",
        "preset=nope",
        "lb=nope&redis=maybe",
        "hide=<script>x</script>&tabs=\"><b>",
        "hide=title&servers=99",
    ]
    .map(String::from)
    .into();
    for s in Section::ALL {
        out.push(format!("hide={}", s.as_str()));
    }
    let all: Vec<&str> = Section::ALL.iter().map(|s| s.as_str()).collect();
    out.push(format!("hide={}", all.join(",")));
    out.push(format!("hide={}&compact=1", all.join(",")));
    out.push(format!("hide={}&embed=1&predict=1", all.join(",")));
    out
}

/// The pages: each shaping alone, and with each strategy.
fn queries() -> Vec<String> {
    let mut out = Vec::new();
    for shaping in shapings() {
        out.push(shaping.clone());
        for s in Strategy::ALL {
            let q = if shaping.is_empty() {
                format!("strategy={}", s.as_str())
            } else {
                format!("strategy={}&{shaping}", s.as_str())
            };
            out.push(q);
        }
    }
    out
}

fn dump_skeletons(d: &mut Dump, langs: &[Lang]) {
    let queries = queries();
    for lang in langs {
        let o = quiz::order(&lang.quiz, 2026);
        for q in &queries {
            let p = page::parse(&params::pairs(q), &lang.texts);
            for url_state in [true, false] {
                let html = vm::skeleton::skeleton(
                    &p,
                    &lang.texts,
                    "rll1",
                    url_state,
                    &lang.quiz,
                    &o,
                    vm::skeleton::Part::All,
                );
                d.rec(
                    "skeleton",
                    &format!("{q} url_state={url_state} texts={}", lang.name),
                    html.to_string(),
                );
            }
            if !p.notices.is_empty() {
                d.rec(
                    "notice_body",
                    &format!("{q} texts={}", lang.name),
                    vm::skeleton::notice_body(&lang.texts, &p.notices).to_string(),
                );
                for n in &p.notices {
                    d.rec(
                        "notice_item",
                        &format!("{q} texts={}", lang.name),
                        vm::skeleton::notice_item(n).to_string(),
                    );
                }
            }
            for embed in [false, true] {
                let pairs: Vec<String> = page::shaping(&p, embed)
                    .iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect();
                d.rec(
                    "page_shaping",
                    &format!("{q} embed={embed} texts={}", lang.name),
                    pairs.join("&"),
                );
            }
        }
        // Another id, another order of the options.
        let o7 = quiz::order(&lang.quiz, 7);
        for q in ["", "strategy=getset", "compact=1", "tabs=incr,local,lua"] {
            let p = page::parse(&params::pairs(q), &lang.texts);
            for url_state in [true, false] {
                let html = vm::skeleton::skeleton(
                    &p,
                    &lang.texts,
                    "w-2",
                    url_state,
                    &lang.quiz,
                    &o7,
                    vm::skeleton::Part::All,
                );
                d.rec(
                    "skeleton",
                    &format!(
                        "{q} id=w-2 seed=7 url_state={url_state} texts={}",
                        lang.name
                    ),
                    html.to_string(),
                );
            }
        }
        // Without a quiz.
        let p = page::parse(&params::pairs(""), &lang.texts);
        let html = vm::skeleton::skeleton(
            &p,
            &lang.texts,
            "rll1",
            true,
            &[],
            &[],
            vm::skeleton::Part::All,
        );
        d.rec(
            "skeleton",
            &format!(" quiz=none url_state=true texts={}", lang.name),
            html.to_string(),
        );
        d.rec(
            "notice_body",
            &format!("empty texts={}", lang.name),
            vm::skeleton::notice_body(&lang.texts, &[]).to_string(),
        );
    }
    for n in ["a < b", "", "\"q\" & 'a' <b>", "plain notice", "é à ü — ✓"] {
        d.rec("notice_item", n, vm::skeleton::notice_item(n).to_string());
    }
}

fn dump_totals(d: &mut Dump, langs: &[Lang], runs: &[(String, Report)]) {
    for lang in langs {
        let t = &lang.texts;
        d.rec(
            "head_skeleton",
            &format!("texts={}", lang.name),
            vm::totals::head_skeleton(t).to_string(),
        );
        for (name, r) in runs {
            let down = vm::totals::down_scenario(r).map(|s| sim::run(&s));
            let at = |what: &str| format!("{name} {what} texts={}", lang.name);
            d.rec(
                "lines_html",
                &at("verdicts"),
                vm::totals::lines_html(&vm::totals::verdicts(r, t)).to_string(),
            );
            d.rec(
                "redis_note",
                &at("-"),
                vm::totals::redis_note(r, down.as_ref(), t).to_string(),
            );
            d.rec(
                "counter_note",
                &at("-"),
                vm::totals::counter_note(r, t).to_string(),
            );
            let (median, note) = vm::totals::latency(r, t);
            d.rec("latency", &at("-"), format!("{}|{}", median, note));
            d.opt(
                "ceiling",
                &at("-"),
                vm::totals::ceiling(r, t).map(|(c, _)| c),
            );
            d.opt("under_note", &at("-"), vm::totals::under_note(r, t));
            d.rec(
                "narrate_summary",
                &at("-"),
                vm::narrate::summary(r, t).to_string(),
            );
            d.rec(
                "chart_note",
                &at("-"),
                vm::chart::note(&r.scenario, t).to_string(),
            );
            d.rec(
                "limit_line",
                &at("-"),
                vm::controls::limit_line(&r.scenario, t).to_string(),
            );
            d.rec(
                "traffic",
                &at("-"),
                vm::controls::traffic(&r.scenario, t).to_string(),
            );
            for (knob, _) in vm::skeleton::SLIDERS {
                let v = vm::controls::slider(knob, &r.scenario, t);
                d.rec(
                    "slider",
                    &at(knob.name),
                    format!(
                        "{}|{}|{}|{}|{}",
                        v.value,
                        v.max,
                        v.shown,
                        v.note.as_ref().map(|n| n.to_string()).unwrap_or_default(),
                        v.hidden
                    ),
                );
            }
            let shared = vm::reads::shared_reads(r);
            for (mname, t_us, at_end) in moments(r) {
                let m = r.at(t_us);
                let at = |what: &str| {
                    format!(
                        "{name} moment={mname} t={t_us} at_end={at_end} {what} texts={}",
                        lang.name
                    )
                };
                for end in if at_end {
                    vec![true]
                } else {
                    vec![false, true]
                } {
                    d.rec(
                        "head_html",
                        &at(&format!("head_at_end={end}")),
                        vm::totals::head_html(r, &m, end, t).to_string(),
                    );
                    d.rec(
                        "stats_html",
                        &at(&format!("stats_at_end={end}")),
                        vm::totals::stats_html(r, &m, end, t).to_string(),
                    );
                }
                d.rec(
                    "cost_html",
                    &at("-"),
                    vm::totals::cost_html(r, &m, t).to_string(),
                );
                // While replaying only (the moment then is a real time).
                if !at_end {
                    d.rec(
                        "lines_html",
                        &at("so_far"),
                        vm::totals::lines_html(&[vm::totals::so_far(r, &m, t)]).to_string(),
                    );
                }
                let shown = if at_end { None } else { Some(t_us) };
                d.rec(
                    "narrate_at",
                    &at("-"),
                    vm::narrate::at(r, &shared, shown, t).to_string(),
                );
                let k = vm::reads::shared_count(r, &shared, t_us);
                d.rec(
                    "topology_label",
                    &at("-"),
                    vm::topology::label(&r.scenario, &m, at_end, k, t).to_string(),
                );
                d.rec(
                    "redis_value",
                    &at("-"),
                    vm::topology::redis_value(&r.scenario, m.counter, t).to_string(),
                );
                let own = vm::own::own_counts(r, t_us);
                d.rec(
                    "own_label",
                    &at("-"),
                    vm::own::label(r.scenario.strategy, &own, r.limit, t).to_string(),
                );
                let here = vm::code::here(r, t_us);
                d.rec(
                    "code_at_sentence",
                    &at("-"),
                    vm::code::at_sentence(here.as_ref(), t).to_string(),
                );
                for (i, c) in vm::cards::cards(r, t_us).iter().enumerate() {
                    d.rec(
                        "card_heard",
                        &at(&format!("server={i}")),
                        format!("{}|{}", c.class(), c.heard(t)),
                    );
                }
                let lines = vm::log::lines(r, &shared, t_us, vm::log::SHOWN, t);
                let text: Vec<String> = lines
                    .iter()
                    .map(|l| {
                        format!(
                            "{} | {} | {} | {} | {}",
                            l.class(),
                            l.at,
                            l.who,
                            l.command,
                            l.note
                        )
                    })
                    .collect();
                d.rec("log_lines", &at("-"), text.join("\n"));
            }
        }
        for seconds in [1, 2, 10, 60, 61, 3600] {
            d.rec(
                "window",
                &format!("seconds={seconds} texts={}", lang.name),
                vm::totals::window(seconds, t).to_string(),
            );
        }
        for (guess, allowed) in [(0, 0), (10, 10), (9, 10), (40, 33), (1, 100)] {
            d.rec(
                "replay_result",
                &format!("guess={guess} allowed={allowed} texts={}", lang.name),
                vm::replay::result(guess, allowed, t).to_string(),
            );
        }
    }
}

fn dump_cards(d: &mut Dump, langs: &[Lang]) {
    for lang in langs {
        for level in [2u8, 3] {
            for n in 1..=16 {
                d.rec(
                    "cards_shell",
                    &format!("level={level} n={n} texts={}", lang.name),
                    vm::cards::shell(level, n, &lang.texts).to_string(),
                );
            }
        }
    }
}

fn dump_timeline(d: &mut Dump, langs: &[Lang], runs: &[(String, Report)]) {
    for lang in langs {
        for s in Strategy::ALL {
            d.rec(
                "timeline_key",
                &format!("strategy={} texts={}", s.as_str(), lang.name),
                vm::timeline::key(s, &lang.texts).to_string(),
            );
        }
        for (name, r) in runs {
            let tl = vm::timeline::timeline(r, &vm::reads::shared_reads(r));
            d.rec(
                "timeline_rows",
                &format!("{name} texts={}", lang.name),
                vm::timeline::rows_markup(&tl, &lang.texts).to_string(),
            );
        }
    }
}

fn dump_glossary(d: &mut Dump, langs: &[Lang]) {
    for lang in langs {
        let t = &lang.texts;
        for h in [2u8, 3, 4] {
            for id in ["rll1", "w-2"] {
                d.rec(
                    "glossary_section",
                    &format!("id={id} h={h} texts={}", lang.name),
                    vm::glossary::section(t, id, h).to_string(),
                );
            }
        }
        // Every sentence alone, then all of them in turn (a term linked
        // once only).
        let mut running: Vec<&'static str> = Vec::new();
        for key in ALL {
            let text = t.get(*key);
            let mut fresh = Vec::new();
            d.rec(
                "glossary_link",
                &format!("{} fresh texts={}", key.key(), lang.name),
                vm::glossary::link(text, t, &mut fresh, "rll1").to_string(),
            );
            let html = vm::glossary::link(text, t, &mut running, "rll1").to_string();
            if !fresh.is_empty() {
                d.rec(
                    "glossary_link",
                    &format!(
                        "{} running={} texts={}",
                        key.key(),
                        running.join(","),
                        lang.name
                    ),
                    html,
                );
            }
        }
        // The terms' names and definitions, run together.
        for term in &vm::glossary::TERMS {
            let text = format!(
                "{} <{}> & {}",
                t.get(term.find),
                t.get(term.name),
                t.get(term.def)
            );
            let mut fresh = Vec::new();
            d.rec(
                "glossary_link",
                &format!("term={} texts={}", term.key, lang.name),
                vm::glossary::link(&text, t, &mut fresh, "x").to_string(),
            );
        }
    }
}

fn dump_code(d: &mut Dump) {
    for s in Strategy::ALL {
        for a in s.algos() {
            for id in ["rll1", "w-2"] {
                d.rec(
                    "code_markup",
                    &format!("strategy={} algo={} id={id}", s.as_str(), a.as_str()),
                    vm::code::markup(s, *a, id).to_string(),
                );
            }
        }
    }
}

fn dump_tour(d: &mut Dump, langs: &[Lang]) {
    for lang in langs {
        let t = &lang.texts;
        let steps = &lang.tour;
        let n = steps.len();
        for h in [2u8, 3] {
            for k in 0..=n {
                d.rec(
                    "tour_panel",
                    &format!("k={k} n={n} h={h} texts={}", lang.name),
                    vm::tour::panel(steps, k, t, "rll1", h).to_string(),
                );
            }
            for met in 0..=n as u32 {
                for quiz in [true, false] {
                    d.rec(
                        "tour_recap",
                        &format!("met={met} n={n} quiz={quiz} h={h} texts={}", lang.name),
                        vm::tour::recap(met, n, quiz, t, "rll1", h).to_string(),
                    );
                }
            }
        }
        d.rec(
            "tour_panel",
            &format!("k=0 id=w-2 h=2 texts={}", lang.name),
            vm::tour::panel(steps, 0, t, "w-2", 2).to_string(),
        );
        d.rec(
            "tour_recap",
            &format!("met=2 n=2 quiz=true id=w-2 h=4 texts={}", lang.name),
            vm::tour::recap(2, 2, true, t, "w-2", 4).to_string(),
        );
        d.rec(
            "tour_panel",
            &format!("empty texts={}", lang.name),
            vm::tour::panel(&[], 0, t, "rll1", 2).to_string(),
        );
        for n in [0usize, 1, 2, 7, 10] {
            d.rec(
                "tour_offer",
                &format!("n={n} texts={}", lang.name),
                vm::tour::offer(n, t).to_string(),
            );
        }
        for k in [0u32, 1, 3, 7, 8, 99] {
            let (at, notice) = vm::tour::open_at(k, n, t);
            d.rec(
                "tour_open_at",
                &format!("k={k} n={n} texts={}", lang.name),
                format!("{at}|{}", notice.map(|x| x.to_string()).unwrap_or_default()),
            );
        }
        for (k, s) in steps.iter().enumerate() {
            for (done, met, at_end) in [
                (false, false, false),
                (false, false, true),
                (true, true, true),
                (false, true, true),
            ] {
                d.rec(
                    "tour_status",
                    &format!(
                        "k={k} done={done} met={met} at_end={at_end} texts={}",
                        lang.name
                    ),
                    vm::tour::status(s, usize::from(done) * s.goal.phases().len(), met, at_end, t)
                        .to_string(),
                );
            }
        }
    }
}

/// The answers a question can have: none, each option picked once, a wrong
/// pick then the right one, a wrong pick then "show answer", the right one
/// then another (its feedback reopened), two wrong picks.
fn answers(q: &Question) -> Vec<(String, Answer)> {
    let n = q.options.len();
    let right = q.right();
    let mut out = vec![("none".to_string(), Answer::default())];
    for i in 0..n {
        let mut a = Answer::default();
        a.pick(q, i);
        out.push((format!("pick={i}"), a));
    }
    for i in (0..n).filter(|&i| i != right) {
        let mut a = Answer::default();
        a.pick(q, i);
        a.pick(q, right);
        out.push((format!("pick={i},{right}"), a));
        let mut a = Answer::default();
        a.pick(q, i);
        a.reveal(q);
        out.push((format!("pick={i} reveal"), a));
        let mut a = Answer::default();
        a.pick(q, right);
        a.pick(q, i);
        out.push((format!("pick={right},{i}"), a));
        if let Some(j) = (0..n).find(|&j| j != right && j != i) {
            let mut a = Answer::default();
            a.pick(q, i);
            a.pick(q, j);
            out.push((format!("pick={i},{j}"), a));
        }
    }
    out
}

fn dump_quiz(d: &mut Dump, langs: &[Lang]) {
    for lang in langs {
        let t = &lang.texts;
        for seed in [2026u64, 1] {
            let order = quiz::order(&lang.quiz, seed);
            for (k, (q, o)) in lang.quiz.iter().zip(&order).enumerate() {
                for (what, a) in answers(q) {
                    let input = format!("q={k} seed={seed} {what} texts={}", lang.name);
                    d.rec(
                        "quiz_question",
                        &input,
                        vm::quiz_view::question(q, o, &a, k, "rll1", t).to_string(),
                    );
                    let v = vm::quiz_view::view(q, o, &a, t);
                    d.rec("quiz_view", &input, v.feedback);
                }
            }
        }
        // Another widget id.
        if let Some(q) = lang.quiz.first() {
            let order = quiz::order(&lang.quiz, 2026);
            d.rec(
                "quiz_question",
                &format!("q=0 id=w-2 n=5 none texts={}", lang.name),
                vm::quiz_view::question(q, &order[0], &Answer::default(), 5, "w-2", t).to_string(),
            );
        }
    }
}

fn dump_charts(d: &mut Dump, langs: &[Lang]) {
    let sweeps: Vec<(String, Sweep, Option<Sweep>)> = {
        let servers = Sweep::complete(Axis::Servers, &scenario("burst=16&limit=1"));
        let servers2 = Sweep::complete(Axis::Servers, &scenario("burst=16&limit=2"));
        let rtt = Sweep::complete(Axis::Rtt, &scenario("strategy=getset&burst=8&limit=2"));
        let mut partial = Sweep::new(Axis::Rtt, &scenario("strategy=getset&burst=9&limit=2"));
        partial.advance(sim::sweep::SEEDS * 5 + sim::sweep::SEEDS / 2);
        let mut fresh = Sweep::new(Axis::Servers, &scenario("burst=16&limit=2"));
        fresh.advance(sim::sweep::SEEDS * 3);
        vec![
            ("servers burst=16&limit=1".into(), servers.clone(), None),
            ("servers burst=16&limit=2".into(), servers2, None),
            (
                "rtt strategy=getset&burst=8&limit=2".into(),
                rtt.clone(),
                None,
            ),
            (
                "rtt partial burst=9 before=burst=8".into(),
                partial.clone(),
                Some(rtt),
            ),
            ("rtt partial burst=9 alone".into(), partial, None),
            (
                "servers partial limit=2 before=limit=1".into(),
                fresh.clone(),
                Some(servers),
            ),
            ("servers partial limit=2 alone".into(), fresh, None),
        ]
    };
    for (hook, lines, points, full) in [
        (Hook::ChartServers, 7usize, 7 * 16usize, true),
        (Hook::ChartRtt, 3, 3 * 21, true),
        (Hook::RttMini, 1, 21, false),
        (Hook::ChartServers, 0, 0, false),
        (Hook::ChartRtt, 2, 5, true),
    ] {
        d.rec(
            "chart_svg",
            &format!(
                "hook={} lines={lines} points={points} full={full}",
                hook.as_str()
            ),
            vm::chart::svg(hook, lines, points, full).to_string(),
        );
    }
    for s in Strategy::ALL {
        for part in [
            vm::names::Class::ChartBand,
            vm::names::Class::ChartLine,
            vm::names::Class::ChartDot,
        ] {
            d.rec(
                "chart_series_class",
                &format!("part={} strategy={}", part.as_str(), s.as_str()),
                vm::chart::series_class(part, s).to_string(),
            );
        }
    }
    for lang in langs {
        let t = &lang.texts;
        for (name, sweep, before) in &sweeps {
            let (title, axis_label, heres): (Text, Text, Vec<u32>) = match sweep.axis() {
                Axis::Servers => (
                    Text::ChartServers,
                    Text::ChartAxisServers,
                    vec![1, 4, 16, 40],
                ),
                Axis::Rtt => (
                    Text::ChartRtt,
                    Text::ChartAxisRtt,
                    vec![0, 2_500, 5_000, 20_000, 99_000],
                ),
            };
            let title = t.get(title).to_string();
            let axis_label = t.get(axis_label).to_string();
            for (w, h) in [(320.0, 220.0), (640.0, 260.0)] {
                for &here in &heres {
                    let c = vm::chart::chart(sweep, before.as_ref(), w, h, here);
                    let input = format!("{name} w={w} h={h} here={here} texts={}", lang.name);
                    let limit = t.fill(Text::ChartLimit, &[("l", &c.limit.to_string())]);
                    d.rec(
                        "chart_table",
                        &input,
                        vm::chart::table(&c, &title, &axis_label, t).to_string(),
                    );
                    d.rec(
                        "chart_axes",
                        &input,
                        vm::chart::axes(&c, &axis_label, &limit).to_string(),
                    );
                    d.rec(
                        "chart_summary",
                        &input,
                        vm::chart::summary(&c, &title, t).to_string(),
                    );
                    let mut geometry = Vec::new();
                    for s in &c.series {
                        geometry.push(format!(
                            "{} line={} band={} trend={}",
                            s.strategy.as_str(),
                            s.line,
                            s.band,
                            vm::chart::trend(c.axis, &s.points, t)
                        ));
                    }
                    geometry.push(format!(
                        "ceiling={}",
                        c.ceiling
                            .as_ref()
                            .map(|x| x.to_string())
                            .unwrap_or_default()
                    ));
                    for d_ in &c.dots {
                        geometry.push(format!(
                            "dot {} {} {} {} {} {} {} | {}",
                            vm::chart::dot_class(d_),
                            d_.x_text,
                            d_.mean,
                            d_.min,
                            d_.max,
                            vm::chart::px(d_.cx),
                            vm::chart::px(d_.cy),
                            vm::chart::point_label(c.axis, d_, t)
                        ));
                    }
                    d.rec("chart_geometry", &input, geometry.join("\n"));
                    if sweep.axis() == Axis::Rtt {
                        for s in Axis::Rtt.strategies() {
                            let m = vm::chart::mini(sweep, before.as_ref(), 200.0, 32.0, here, s);
                            d.rec(
                                "chart_mini_text",
                                &format!("{input} strategy={}", s.as_str()),
                                vm::chart::mini_text(&m, here, t).to_string(),
                            );
                        }
                    }
                }
            }
        }
    }
}

fn dump_misc(d: &mut Dump, langs: &[Lang]) {
    d.rec("log_shell", "-", vm::log::SHELL.to_string());
    d.rec("frame_script", "-", vm::html::FRAME_SCRIPT.to_string());
    for (url, title) in [
        (
            "https://example.com/lab/?strategy=incr&embed=1",
            "Rate Limit Lab",
        ),
        ("https://e.com/?a=\"1\"&b=<x>", "<b x=\"1\">&'Title"),
        ("", ""),
    ] {
        d.rec(
            "embed_code",
            &format!("url={url} title={title}"),
            vm::html::embed_code(url, title).to_string(),
        );
        for lang in langs {
            let title = lang.texts.get(Text::Title).to_string();
            d.rec(
                "embed_code",
                &format!("url={url} title=Text::Title texts={}", lang.name),
                vm::html::embed_code(url, &title).to_string(),
            );
        }
    }
    for s in [
        "",
        "a < b & \"c\" > 'd'",
        "<script>alert(1)</script>",
        "plain é ✓",
    ] {
        d.rec("esc", s, vm::html::esc(s).to_string());
    }
    for id in [None, Some("ratelimit-fr-1"), Some(""), Some("<b>&\"")] {
        d.rec(
            "lms_quiz_name",
            &format!("{id:?}"),
            vm::lms::quiz_name(id).to_string(),
        );
    }
}

#[test]
fn a_hostile_content_file_shows_as_text_everywhere() {
    let mut d = Dump {
        counts: BTreeMap::new(),
        shown: 0,
        bad: Vec::new(),
    };
    let langs = langs();
    let runs = runs();
    dump_skeletons(&mut d, &langs);
    dump_totals(&mut d, &langs, &runs);
    dump_cards(&mut d, &langs);
    dump_timeline(&mut d, &langs, &runs);
    dump_glossary(&mut d, &langs);
    dump_code(&mut d);
    dump_tour(&mut d, &langs);
    dump_quiz(&mut d, &langs);
    dump_charts(&mut d, &langs);
    dump_misc(&mut d, &langs);
    assert!(
        d.bad.is_empty(),
        "{} pieces of markup carry the author's tag as markup, such as:\n{}",
        d.bad.len(),
        d.bad.join("\n")
    );
    let markup: usize = MARKUP
        .iter()
        .map(|k| d.counts.get(k).copied().unwrap_or(0))
        .sum();
    assert!(markup > 5_000, "{:?}", d.counts);
    for kind in MARKUP {
        assert!(
            d.counts.get(kind).copied().unwrap_or(0) > 0,
            "no {kind} rendered"
        );
    }
    // Most pieces show the tag as text (a few, such as the code, hold no
    // sentence at all).
    assert!(
        d.shown * 10 > markup * 8,
        "{} of {markup} show the tag",
        d.shown
    );
}

#[test]
fn a_template_escapes_its_text_and_keeps_its_markup() {
    use ratelimit_lab::vm::html::{positional, Html, Lit};
    use ratelimit_lab::{html, html_of};
    let inner = html_of!("<b>{}</b>", "<i>&\"");
    assert_eq!(inner, "<b>&lt;i&gt;&amp;&quot;</b>");
    let mut out = Html::text("a < b");
    html!(
        out,
        r#"<p title="{}">{}{}</p>"#,
        String::from("\"x\""),
        inner,
        42u32
    );
    html!(out, "{}", Lit(r#"<hr class="x">"#));
    assert_eq!(
        out,
        r#"a &lt; b<p title="&quot;x&quot;"><b>&lt;i&gt;&amp;&quot;</b>42</p><hr class="x">"#
    );
    assert_eq!(
        Html::text("{all} & <x>").replace("{all}", &html_of!("<s>{}</s>", 3u8)),
        "<s>3</s> &amp; &lt;x&gt;"
    );
    // A template that would capture a value by name (and skip the escaper)
    // is refused when it compiles: this is the rule `html!` applies.
    assert!(!positional("<b>{name}</b>"));
    assert!(!positional("{_x:>3}"));
    assert!(positional("<b>{}</b>{{name}} {:>3} {0}"));
}
