//! The learner's input, in one delegated handler per event kind on the
//! widget's root: every control carries what it does in its attributes
//! (`data-act`, `data-knob`, `data-choice`, `data-input`), so one handler
//! serves every tab, slider, button and quiz option.

use super::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

use super::clock;
use super::dom::{self, closest, listen};
use super::state::{Lab, Predict};
use crate::sim::params;
use crate::sim::{Fail, Health, Knob, LoadBalancer, Preset, Strategy, TRAFFIC};
use crate::vm::controls;
use crate::vm::names::{Act, Class, Data, Hook, Slot};
use crate::vm::text::Text;

/// Binds the root's handlers.
pub fn bind(lab: Lab, root: &Element) {
    let r = root.clone();
    listen(root, "click", move |ev| {
        super::highlight::tap(lab, &ev);
        if let Some(el) = closest(&ev, Data::Act.selector()) {
            click(lab, &r, &el);
        }
    });
    listen(root, "input", move |ev| {
        let Some(el) = closest(&ev, "input") else {
            return;
        };
        if let Some(k) = el.get_attribute(Data::Knob.as_str()) {
            if let Some(k) = Knob::named(&k).filter(|k| **k != TRAFFIC) {
                knob(lab, k, &dom::value(&el));
            }
        } else if el.get_attribute(Data::Input.as_str()).as_deref() == Some("time") {
            if let Some(d) = params::parse_decimal(&dom::value(&el)) {
                seek(lab, Some(d.milli.max(0) as u64));
            }
        }
    });
    listen(root, "change", move |ev| {
        let Some(el) = closest(&ev, "input, select") else {
            return;
        };
        if let Some(name) = el.get_attribute(Data::Choice.as_str()) {
            choose(lab, &name, &dom::value(&el));
        } else if el.get_attribute(Data::Knob.as_str()).as_deref() == Some(TRAFFIC.name) {
            knob(lab, &TRAFFIC, &dom::value(&el));
        } else if el.get_attribute(Data::Input.as_str()).as_deref() == Some("speed") {
            lab.speed.set(dom::value(&el).parse().unwrap_or(1));
        }
    });
    let r = root.clone();
    listen(root, "keydown", move |ev| keydown(lab, &r, &ev));
    let r = root.clone();
    listen(root, "submit", move |ev| submit(lab, &r, &ev));
    listen(root, "focusin", move |ev| {
        if let Some(input) = closest(&ev, concat!("input[type=\"range\"]", data!([Knob]))) {
            dom::keep_in_view(&input);
        }
        super::highlight::focus(lab, &ev, true);
        super::charts::readout(&ev);
    });
    listen(root, "mouseover", move |ev| super::charts::readout(&ev));
}

/// A key was pressed: handed to the control it was pressed on, each kind
/// of which has keys of its own (tabs, the time slider, the traffic
/// field, quiz options, charts) or, in the prediction, Escape.
fn keydown(lab: Lab, root: &Element, ev: &web_sys::Event) {
    let Some(key) = ev.dyn_ref::<web_sys::KeyboardEvent>().map(|k| k.key()) else {
        return;
    };
    if let Some(tab) = closest(ev, "[role=\"tab\"]") {
        tab_key(lab, root, &tab, &key, ev);
    } else if key == "Escape" && closest(ev, Slot::Predict.selector()).is_some() {
        cancel_prediction(lab, root);
    } else if let Some(time) = closest(ev, data!([Input = "time"])) {
        time_key(lab, &time, &key, ev);
    } else if let Some(input) = closest(ev, Data::Knob.selector())
        .filter(|i| i.get_attribute(Data::Knob.as_str()).as_deref() == Some(TRAFFIC.name))
    {
        traffic_key(lab, &input, &key, ev);
    } else if let Some(option) = closest(ev, "[role=\"radio\"]") {
        super::quiz::key(&option, &key, ev);
    } else if let Some(svg) = closest(ev, &format!("{}[tabindex]", Class::ChartSvg.selector())) {
        super::charts::key(&svg, &key, ev);
    }
}

/// A form was sent: the prediction's guess, which starts the replay
/// towards the reveal.
fn submit(lab: Lab, root: &Element, ev: &web_sys::Event) {
    ev.prevent_default();
    if let Some(form) = closest(ev, Slot::Predict.selector()) {
        let guess = dom::find(&form, "input")
            .map(|i| dom::value(&i))
            .unwrap_or_default();
        let burst = lab.scenario.with_untracked(|s| s.burst);
        let g = guess.trim().parse::<u32>().unwrap_or(0).min(burst);
        lab.predict.set(Predict::Replaying(g));
        lab.time.set(Some(0));
        clock::play(lab);
        // The form hides: the focus goes to the replay's Pause, the
        // control of what now runs (not to the page's start).
        if let Some(play) = dom::find(root, Hook::Play.selector()) {
            dom::focus(&play);
        }
    }
}

/// A button (or link) with `data-act` was pressed.
fn click(lab: Lab, root: &Element, el: &Element) {
    let read = |k: Data| el.get_attribute(k.as_str());
    let value = || read(Data::Value).unwrap_or_default();
    let num = |k: Data| read(k).and_then(|v| v.parse::<usize>().ok()).unwrap_or(0);
    let Some(act) = read(Data::Act).and_then(|a| Act::parse(&a)) else {
        return;
    };
    match act {
        Act::Tab => {
            if let Some(s) = Strategy::parse(&value()) {
                choose_tab(lab, s);
            }
        }
        Act::Preset => {
            if let Some(p) = Preset::parse(&value()) {
                lab.update(|sc| p.apply(sc));
            }
        }
        Act::Reroll => lab.update(|sc| sc.with_seed(sc.next_seed())),
        Act::Reset => reset(lab),
        Act::Play => {
            if lab.playing.get_untracked() {
                lab.playing.set(false);
            } else {
                clock::play(lab);
            }
        }
        Act::Step => step(lab, 1),
        Act::Back => step(lab, -1),
        Act::Predict => {
            lab.playing.set(false);
            lab.time.set(Some(0));
            lab.predict.set(Predict::Asking);
            // Shown now (the effect would show it a moment later), so the
            // guess can take the focus the hidden button had.
            if let Some(form) = dom::find(root, Slot::Predict.selector()) {
                dom::hide(&form, false);
            }
            if let Some(input) = dom::find(root, Hook::PredictGuess.selector()) {
                dom::focus(&input);
            }
        }
        Act::PredictCancel => cancel_prediction(lab, root),
        Act::LogAll => lab.log_all.update(|a| *a = !*a),
        Act::ShowMe => {
            if let Some(q) = read(Data::Query) {
                show_me(lab, root, &q);
            }
        }
        Act::CopyLink => {
            super::embed::copy_to(lab, root, Text::Link, super::embed::share_url(lab, false))
        }
        Act::CopyEmbed => {
            let code = crate::vm::html::embed_code(
                &super::embed::share_url(lab, true),
                &lab.t(Text::FrameTitle),
            );
            super::embed::copy_to(lab, root, Text::EmbedCode, code)
        }
        Act::QuizPick => super::quiz::pick(lab, num(Data::Q), num(Data::I)),
        Act::QuizShow => super::quiz::reveal(lab, root, num(Data::Q)),
        Act::QuizReset => super::quiz::reset(lab, root),
        a @ (Act::TourStart
        | Act::TourNext
        | Act::TourBack
        | Act::TourExit
        | Act::TourHint
        | Act::TourAll
        | Act::TourQuiz
        | Act::TourClose) => super::tour::act(lab, root, a),
        Act::Dismiss => {
            if let Ok(Some(n)) = el.closest(Hook::Notice.selector()) {
                dom::hide(&n, true);
            }
        }
    }
}

/// Moves the replay `n` events on (back when negative), paused: Step, Step
/// back, and the time slider's arrow keys (PageUp and PageDown: ten).
/// Stepping on from the end starts again at the first event.
fn step(lab: Lab, n: i32) {
    let end = lab.report.with_untracked(|r| r.end_us);
    let t = if lab.at_end.get_untracked() {
        None
    } else {
        lab.time.get_untracked()
    };
    let to = lab
        .report
        .with_untracked(|r| controls::step(&r.event_times(), end, t, n));
    seek(lab, to);
}

/// Keys on the time slider: an event at a time, ten with PageUp and
/// PageDown, the start and the end with Home and End (the browser's own
/// step is a hundredth of a millisecond: thousands of presses a run).
fn time_key(lab: Lab, _time: &Element, key: &str, ev: &web_sys::Event) {
    match key {
        "ArrowRight" | "ArrowUp" => step(lab, 1),
        "ArrowLeft" | "ArrowDown" => step(lab, -1),
        "PageUp" => step(lab, 10),
        "PageDown" => step(lab, -10),
        "Home" => seek(lab, Some(0)),
        "End" => seek(lab, None),
        _ => return,
    }
    ev.prevent_default();
}

/// The arrow keys on the site's traffic: to the next round thousand up or
/// down (PageUp and PageDown: ten thousand), so any typed number stays
/// valid (the field's step is 1) and a press is a useful change.
fn traffic_key(lab: Lab, input: &Element, key: &str, ev: &web_sys::Event) {
    let by: i64 = match key {
        "ArrowUp" => 1_000,
        "ArrowDown" => -1_000,
        "PageUp" => 10_000,
        "PageDown" => -10_000,
        _ => return,
    };
    ev.prevent_default();
    let now = lab.scenario.with_untracked(|s| s.traffic);
    let next = controls::traffic_step(now, by).to_string();
    dom::set_value(input, &next);
    knob(lab, &TRAFFIC, &next);
}

/// The prediction is called off (Cancel, or Escape in its form): the
/// outcome shows again and the focus returns to "Predict first".
fn cancel_prediction(lab: Lab, root: &Element) {
    if lab.predict.get_untracked() != Predict::Asking {
        return;
    }
    lab.predict.set(Predict::Off);
    lab.time.set(None);
    if let Some(start) = dom::find(root, Hook::PredictStart.selector()) {
        dom::hide(&start, false);
        dom::focus(&start);
    }
}

/// Moves the replay to `t` (µs), paused; past the end, the end state.
fn seek(lab: Lab, t: Option<u64>) {
    lab.playing.set(false);
    let end = lab.report.with_untracked(|r| r.end_us);
    lab.time.set(t.filter(|&t| t < end));
}

/// A slider (or the traffic input) moved.
fn knob(lab: Lab, knob: &Knob, text: &str) {
    if let Some(next) = lab
        .scenario
        .with_untracked(|s| controls::read(knob, s, text))
    {
        lab.update(|_| next);
    }
}

/// A radio button was chosen.
fn choose(lab: Lab, name: &str, value: &str) {
    match name {
        "lb" => {
            if let Some(lb) = LoadBalancer::parse(value) {
                lab.update(|s| s.with_lb(lb));
            }
        }
        "redis" => {
            if let Some(h) = Health::parse(value) {
                lab.update(|s| s.with_redis(h));
            }
        }
        "fail" => {
            if let Some(f) = Fail::parse(value) {
                lab.update(|s| s.with_fail(f));
            }
        }
        "algo" => {
            if let Some(a) = crate::sim::Algo::parse(value) {
                lab.update(|s| s.with_algo(Some(a)));
            }
        }
        _ => {}
    }
}

/// Back to what the page was opened with: its scenario, seed included, and
/// its moment (`t`), if the burst lasts that long.
pub(super) fn reset(lab: Lab) {
    let m = lab.mounted();
    let opened = &m.opened;
    let mut start = opened.scenario;
    if !m.page.tabs.contains(&start.strategy) {
        start = start.with_strategy(m.page.tabs[0]);
    }
    lab.update(|_| start);
    let end = lab.report.with_untracked(|r| r.end_us);
    lab.time.set(opened.t_us.filter(|t| *t < end));
}

/// A strategy chosen with its tab: its burst replays from the start, so
/// the learner sees it happen; not under reduced motion, nor on a page
/// opened at a moment (`t`), nor while a guess is asked for (those show
/// the end state, as a slider change does).
fn choose_tab(lab: Lab, s: Strategy) {
    let same = lab.strategy.get_untracked() == s;
    lab.update(|sc| sc.with_strategy(s));
    let m = lab.mounted();
    if !same
        && !clock::reduced_motion()
        && m.page.t_us.is_none()
        && lab.predict.get_untracked() != Predict::Asking
    {
        clock::replay(lab);
    }
}

/// Arrow keys, Home and End on a tab: move to the next offered tab and
/// select it (automatic activation).
fn tab_key(lab: Lab, root: &Element, tab: &Element, key: &str, ev: &web_sys::Event) {
    let offered = lab.mounted().page.tabs.clone();
    let current = Strategy::parse(&tab.get_attribute(Data::Value.as_str()).unwrap_or_default());
    let Some(s) = controls::tab_after(&offered, current, key) else {
        return;
    };
    ev.prevent_default();
    choose_tab(lab, s);
    if let Some(t) = dom::find(
        root,
        &format!(
            concat!("{}", data!([Value =]), "{}\"]"),
            Act::Tab.selector(),
            s.as_str()
        ),
    ) {
        dom::focus(&t);
    }
}

/// Sets the widget to a "show me" scenario and brings the picture into view.
pub fn show_me(lab: Lab, root: &Element, query: &str) {
    let s = params::parse(params::pairs(query)).scenario;
    let offered = lab.mounted().page.tabs.clone();
    let s = if offered.contains(&s.strategy) {
        s
    } else {
        s.with_strategy(offered[0])
    };
    lab.update(|_| s);
    if let Some(el) = dom::find(root, Hook::Topology.selector()) {
        let opts = web_sys::ScrollIntoViewOptions::new();
        opts.set_block(web_sys::ScrollLogicalPosition::Center);
        el.scroll_into_view_with_scroll_into_view_options(&opts);
        // The focus goes with the view: the next Tab is the replay's Play,
        // not the link far below.
        dom::focus(&el);
    }
}

/// Adds a sentence to the notice (after mounting: `t` past the end).
pub fn add_notice(root: &Element, texts: &crate::vm::text::Texts, text: &str) {
    let Some(notice) = dom::find(root, Hook::Notice.selector()) else {
        return;
    };
    match dom::find(&notice, "ul") {
        Some(ul) => {
            let li = crate::vm::skeleton::notice_item(text);
            dom::append_html(&ul, &li);
        }
        None => {
            let body = crate::vm::skeleton::notice_body(texts, &[text.to_string()]);
            dom::set_html(&notice, &body);
        }
    }
    dom::hide(&notice, false);
}
