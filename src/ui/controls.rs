//! Keeps the controls in step with the scenario: every slider's value,
//! range and words, the choices checked, the tabs selected, the presets
//! pressed, and the strategy's own lines (summary, explanation).

use leptos::prelude::*;
use web_sys::Element;

use super::dom::{self, all, attr, find, hide, slot, text};
use super::effect;
use super::state::Lab;
use crate::sim::{Place, Preset, Strategy, KNOBS};
use crate::vm::controls;
use crate::vm::skeleton::{summary, tab_names};
use crate::vm::text::T;

/// The explanation's paragraphs and its "in production" line for `s`.
pub fn explain(s: Strategy) -> [T; 3] {
    match s {
        Strategy::Local => [T::ExplainLocal1, T::ExplainLocal2, T::ProdLocal],
        Strategy::Split => [T::ExplainSplit1, T::ExplainSplit2, T::ProdSplit],
        Strategy::Sync => [T::ExplainSync1, T::ExplainSync2, T::ProdSync],
        Strategy::Edge => [T::ExplainEdge1, T::ExplainEdge2, T::ProdEdge],
        Strategy::GetSet => [T::ExplainGetSet1, T::ExplainGetSet2, T::ProdGetSet],
        Strategy::Incr => [T::ExplainIncr1, T::ExplainIncr2, T::ProdIncr],
        Strategy::Lua => [T::ExplainLua1, T::ExplainLua2, T::ProdLua],
    }
}

/// Binds the controls under `root`.
pub fn bind(lab: Lab, root: &Element) {
    let sliders: Vec<(Element, &'static crate::sim::Knob)> = all(root, "input[data-knob]")
        .into_iter()
        .filter_map(|el| {
            let name = el.get_attribute("data-knob")?;
            let knob = KNOBS.iter().copied().find(|k| k.name == name)?;
            Some((el, knob))
        })
        .collect();
    let choices = all(root, "input[data-choice]");
    let tabs = all(root, "[role=\"tab\"]");
    let presets = all(root, "[data-act=\"preset\"]");
    let panel = find(root, ".rll-panel");
    let slots: Vec<Option<Element>> = [
        "seed",
        "limit-line",
        "traffic",
        "tab-name",
        "summary",
        "explain-1",
        "explain-2",
        "explain-3",
        "redis-settings",
        "redis",
        "timeline",
    ]
    .iter()
    .map(|n| slot(root, n))
    .collect();
    let unused = find(root, "[data-legend=\"unused\"]");
    effect(move || {
        let s = lab.scenario.get();
        let m = lab.m();
        let t = &m.texts;
        for (el, knob) in &sliders {
            if knob.name == "traffic" {
                dom::set_value(el, &s.traffic.to_string());
                continue;
            }
            let v = controls::slider(knob, &s, t);
            dom::set_value(el, &v.value);
            attr(el, "max", &v.max);
            attr(el, "aria-valuetext", &v.shown);
            let Some(box_) = el.closest(".rll-slider").ok().flatten() else {
                continue;
            };
            hide(&box_, v.hidden);
            dom::class(&box_, "rll-slider--dimmed", v.note.is_some());
            if let Some(out) = find(&box_, "output") {
                text(&out, &v.shown);
            }
            if let Some(note) = find(&box_, ".rll-slider__note") {
                text(&note, v.note.as_deref().unwrap_or(""));
                hide(&note, v.note.is_none());
                match v.note {
                    Some(_) => attr(el, "aria-describedby", &note.id()),
                    None => {
                        let _ = el.remove_attribute("aria-describedby");
                    }
                }
            }
        }
        for el in &choices {
            let value = dom::value(el);
            let on = match el.get_attribute("data-choice").as_deref() {
                Some("lb") => value == s.lb.as_str(),
                Some("redis") => value == s.redis.as_str(),
                Some("fail") => value == s.fail.as_str(),
                _ => false,
            };
            dom::check(el, on);
        }
        for el in &tabs {
            let on = el.get_attribute("data-value").as_deref() == Some(s.strategy.as_str());
            attr(el, "aria-selected", if on { "true" } else { "false" });
            attr(el, "tabindex", if on { "0" } else { "-1" });
            dom::class(el, "rll-tabs__tab--selected", on);
            if on {
                if let Some(p) = &panel {
                    attr(p, "aria-labelledby", &el.id());
                }
            }
        }
        let preset = Preset::matching(&s);
        for el in &presets {
            let on = preset
                .is_some_and(|p| el.get_attribute("data-value").as_deref() == Some(p.as_str()));
            attr(el, "aria-pressed", if on { "true" } else { "false" });
        }
        let [ex1, ex2, ex3] = explain(s.strategy);
        let texts = [
            t.fill(T::Seed, &[("n", &s.seed.to_string())]),
            controls::limit_line(&s, t),
            controls::traffic(&s, t),
            t.get(tab_names(s.strategy).0).to_string(),
            t.get(summary(s.strategy)).to_string(),
            t.get(ex1).to_string(),
            t.get(ex2).to_string(),
            t.get(ex3).to_string(),
        ];
        for (el, s) in slots.iter().zip(&texts) {
            if let Some(el) = el {
                text(el, s);
            }
        }
        let [redis_settings, redis, timeline] = [&slots[8], &slots[9], &slots[10]];
        if let Some(el) = redis_settings {
            hide(el, !s.strategy.uses_redis());
        }
        if let Some(el) = redis {
            hide(el, !s.strategy.uses_redis());
        }
        if let Some(el) = timeline {
            hide(el, s.strategy.place() != Place::Redis);
        }
        if let Some(el) = &unused {
            hide(el, s.strategy != Strategy::Split);
        }
    });
}
