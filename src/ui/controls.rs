//! Keeps the controls in step with the scenario: every slider's value,
//! range and words, the choices checked, the tabs selected, the presets
//! pressed, and the strategy's own lines (summary, explanation).

use super::prelude::*;
use web_sys::Element;

use super::dom::{self, all, attr, find, hide, slot, Kept};
use super::effect;
use super::state::Lab;
use crate::sim::{Preset, Strategy, KNOBS};
use crate::vm::controls;
use crate::vm::names::{Act, Class, Slot};
use crate::vm::text::T;

/// A slider and its parts, with what was last written to each.
struct Slider {
    knob: &'static crate::sim::Knob,
    input: Element,
    max: Kept,
    valuetext: Kept,
    described: Option<bool>,
    note_id: String,
    row: Option<(Element, Option<bool>, Option<bool>)>,
    output: Option<Kept>,
    note: Option<(Kept, Element)>,
}

impl Slider {
    fn find(input: Element) -> Option<Self> {
        let name = input.get_attribute("data-knob")?;
        let knob = KNOBS.iter().copied().find(|k| k.name == name)?;
        let row = input.closest(Class::Slider.selector()).ok().flatten();
        let output = row.as_ref().and_then(|r| find(r, "output")).map(Kept::new);
        let note = row
            .as_ref()
            .and_then(|r| find(r, Class::SliderNote.selector()))
            .map(|n| (Kept::new(n.clone()), n));
        Some(Self {
            knob,
            max: Kept::new(input.clone()),
            valuetext: Kept::new(input.clone()),
            described: None,
            note_id: note.as_ref().map(|n| n.1.id()).unwrap_or_default(),
            input,
            row: row.map(|r| (r, None, None)),
            output,
            note,
        })
    }

    fn write(&mut self, s: &crate::sim::Scenario, t: &crate::vm::text::Texts) {
        if self.knob.name == "traffic" {
            dom::set_value(&self.input, &s.traffic.to_string());
            return;
        }
        let v = controls::slider(self.knob, s, t);
        dom::set_value(&self.input, &v.value);
        self.max.attr("max", &v.max);
        self.valuetext.attr("aria-valuetext", &v.shown);
        if let Some((row, hidden, dimmed)) = &mut self.row {
            if *hidden != Some(v.hidden) {
                hide(row, v.hidden);
                *hidden = Some(v.hidden);
            }
            let dim = v.note.is_some();
            if *dimmed != Some(dim) {
                dom::class(row, "rll-slider--dimmed", dim);
                *dimmed = Some(dim);
            }
        }
        if let Some(out) = &mut self.output {
            out.text(&v.shown);
        }
        if let Some((note, el)) = &mut self.note {
            note.text(v.note.as_deref().unwrap_or(""));
            let on = v.note.is_some();
            if self.described != Some(on) {
                hide(el, !on);
                if on {
                    attr(&self.input, "aria-describedby", &self.note_id);
                } else {
                    let _ = self.input.remove_attribute("aria-describedby");
                }
                self.described = Some(on);
            }
        }
    }
}

/// Binds the controls under `root`.
pub fn bind(lab: Lab, root: &Element) {
    let mut sliders: Vec<Slider> = all(root, "input[data-knob]")
        .into_iter()
        .filter_map(Slider::find)
        .collect();
    // Each choice with the value it stands for, read once.
    let choices: Vec<(Element, String, String)> = all(root, "input[data-choice]")
        .into_iter()
        .map(|el| {
            let kind = el.get_attribute("data-choice").unwrap_or_default();
            let value = dom::value(&el);
            (el, kind, value)
        })
        .collect();
    let tabs: Vec<(Element, String, String)> = all(root, "[role=\"tab\"]")
        .into_iter()
        .map(|el| {
            let value = el.get_attribute("data-value").unwrap_or_default();
            let id = el.id();
            (el, value, id)
        })
        .collect();
    let presets: Vec<(Element, String)> = all(root, Act::Preset.selector())
        .into_iter()
        .map(|el| {
            let value = el.get_attribute("data-value").unwrap_or_default();
            (el, value)
        })
        .collect();
    let panel = find(root, Class::Panel.selector());
    // The explanation's paragraphs are read later ([`super::later`]):
    // fetched once they come near the screen (far below the first
    // screen, on a phone and a desktop alike), written once they are here.
    let explain_later = !crate::vm::text::later_ready();
    if explain_later {
        if let Some(group) = slot(root, Slot::Explain1).and_then(|p| p.parent_element()) {
            super::later::want_when_near(lab.later, &group);
        }
    }
    let mut slots: Vec<Option<Kept>> = [
        Slot::Seed,
        Slot::LimitLine,
        Slot::Traffic,
        Slot::TabName,
        Slot::Summary,
        Slot::Explain1,
        Slot::Explain2,
        Slot::Explain3,
    ]
    .into_iter()
    .map(|n| slot(root, n).map(Kept::new))
    .collect();
    let redis_parts: Vec<Option<Element>> = [Slot::RedisSettings, Slot::Redis]
        .into_iter()
        .map(|n| slot(root, n))
        .collect();
    let legend = super::dom::all(root, "[data-legend]");
    let algos = super::dom::all(root, "[data-algo]");
    let only = super::dom::all(root, "[data-algo-only]");
    // The strategy, its way of keeping the count, the preset and whether
    // the later texts were here, as last drawn, so a slider's drag leaves
    // the tabs, presets and strategy lines alone.
    let mut drawn: Option<(Strategy, crate::sim::Algo, Option<Preset>, bool)> = None;
    effect(move || {
        let s = lab.scenario.get();
        let m = lab.m();
        let t = &m.texts;
        for slider in &mut sliders {
            slider.write(&s, t);
        }
        for (el, kind, value) in &choices {
            let on = match kind.as_str() {
                "lb" => value == s.lb.as_str(),
                "redis" => value == s.redis.as_str(),
                "fail" => value == s.fail.as_str(),
                "algo" => value == s.algo().as_str(),
                _ => false,
            };
            dom::check(el, on);
        }
        let preset = Preset::matching(&s);
        let texts = [
            t.fill(T::Seed, &[("n", &s.seed.to_string())]),
            controls::limit_line(&s, t),
            controls::traffic(&s, t),
        ];
        for (el, s) in slots.iter_mut().zip(&texts) {
            if let Some(el) = el {
                el.text(s);
            }
        }
        let here = !explain_later || lab.later.get() == super::later::READY;
        if drawn == Some((s.strategy, s.algo(), preset, here)) {
            return;
        }
        drawn = Some((s.strategy, s.algo(), preset, here));
        for (el, value, id) in &tabs {
            let on = value == s.strategy.as_str();
            attr(el, "aria-selected", if on { "true" } else { "false" });
            attr(el, "tabindex", if on { "0" } else { "-1" });
            dom::class(el, "rll-tabs__tab--selected", on);
            if on {
                if let Some(p) = &panel {
                    attr(p, "aria-labelledby", id);
                }
            }
        }
        for (el, value) in &presets {
            let on = preset.is_some_and(|p| value == p.as_str());
            attr(el, "aria-pressed", if on { "true" } else { "false" });
        }
        let (name, line, [ex1, ex2, ex3]) = crate::vm::strategy::words(&s);
        let words = [name, line, ex1, ex2, ex3];
        for (el, w) in slots[3..].iter_mut().zip(words) {
            if let Some(el) = el {
                el.text(t.get(w));
            }
        }
        for (el, shown) in redis_parts.iter().zip(controls::redis_parts(s.strategy)) {
            if let Some(el) = el {
                hide(el, !shown);
            }
        }
        // The ways of keeping the count this strategy takes; the sentence
        // for those that keep a fixed window only.
        let takes = s.strategy.algos();
        for el in &algos {
            let name = el.get_attribute("data-algo").unwrap_or_default();
            hide(el, !takes.iter().any(|a| a.as_str() == name));
        }
        let fixed_only = crate::vm::windows::only_fixed(s.strategy);
        for el in &only {
            hide(
                el,
                el.get_attribute("data-algo-only").as_deref() != fixed_only,
            );
        }
        for el in &legend {
            let name = el.get_attribute("data-legend").unwrap_or_default();
            hide(el, !crate::vm::cards::legend_shows(&name, s.strategy));
        }
    });
}
