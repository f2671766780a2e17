//! Keeps the controls in step with the scenario: every slider's value,
//! range and words, the choices checked, the tabs selected, the presets
//! pressed, and the strategy's own lines (summary, explanation).

use super::prelude::*;
use web_sys::Element;

use super::dom::{self, all, attr, find, hide, slot, Kept};
use super::effect;
use super::state::Lab;
use crate::sim::{Knob, Preset, Strategy, TRAFFIC};
use crate::vm::controls;
use crate::vm::names::{Act, Class, Data, Slot};
use crate::vm::text::Text;

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
    /// The round trip's mini chart, shown (and empty until the charts,
    /// in the second module, draw it) for the strategies that wait for
    /// Redis: its room is kept from the first screen on.
    mini: Option<(Element, Option<bool>)>,
}

impl Slider {
    fn find(input: Element) -> Option<Self> {
        let name = input.get_attribute(Data::Knob.as_str())?;
        let knob = Knob::named(&name)?;
        let row = input.closest(Class::Slider.selector()).ok().flatten();
        let output = row.as_ref().and_then(|r| find(r, "output")).map(Kept::new);
        let note = row
            .as_ref()
            .and_then(|r| find(r, Class::SliderNote.selector()))
            .map(|n| (Kept::new(n.clone()), n));
        let mini = row.as_ref().and_then(|r| slot(r, Slot::RttMini));
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
            mini: mini.map(|m| (m, None)),
        })
    }

    fn write(&mut self, s: &crate::sim::Scenario, t: &crate::vm::text::Texts) {
        if *self.knob == TRAFFIC {
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
        if let Some((mini, shown)) = &mut self.mini {
            let on = crate::vm::chart::mini_shown(s.strategy);
            if *shown != Some(on) {
                hide(mini, !on);
                *shown = Some(on);
            }
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

/// The elements the controls write, found once under the root.
struct Controls {
    sliders: Vec<Slider>,
    /// Each choice with its kind and the value it stands for.
    choices: Vec<(Element, String, String)>,
    /// Each tab with its strategy and its id.
    tabs: Vec<(Element, String, String)>,
    /// Each preset button with its preset.
    presets: Vec<(Element, String)>,
    panel: Option<Element>,
    /// The seed, limit and traffic lines, then the strategy's name,
    /// summary and explanation ([`SLOTS`]).
    slots: Vec<Option<Kept>>,
    redis_parts: Vec<Option<Element>>,
    legend: Vec<Element>,
    algos: Vec<Element>,
    only: Vec<Element>,
}

/// The lines [`Controls::slots`] holds, in order: three that follow every
/// setting, five that follow the strategy.
const SLOTS: [Slot; 8] = [
    Slot::Seed,
    Slot::LimitLine,
    Slot::Traffic,
    Slot::TabName,
    Slot::Summary,
    Slot::Explain1,
    Slot::Explain2,
    Slot::Explain3,
];

/// Every element under `root` matching `selector`, with two attributes
/// of it read once (`""` where one is missing; `id` reads the id).
fn with_attrs(root: &Element, selector: &str, a: &str, b: &str) -> Vec<(Element, String, String)> {
    all(root, selector)
        .into_iter()
        .map(|el| {
            let read = |name: &str| match name {
                "id" => el.id(),
                "value" => dom::value(&el),
                _ => el.get_attribute(name).unwrap_or_default(),
            };
            let (x, y) = (read(a), read(b));
            (el, x, y)
        })
        .collect()
}

impl Controls {
    fn find(root: &Element) -> Controls {
        Controls {
            sliders: all(root, concat!("input", data!([Knob])))
                .into_iter()
                .filter_map(Slider::find)
                .collect(),
            choices: with_attrs(
                root,
                concat!("input", data!([Choice])),
                Data::Choice.as_str(),
                "value",
            ),
            tabs: with_attrs(root, "[role=\"tab\"]", Data::Value.as_str(), "id"),
            presets: with_attrs(root, Act::Preset.selector(), Data::Value.as_str(), "")
                .into_iter()
                .map(|(el, value, _)| (el, value))
                .collect(),
            panel: find(root, Class::Panel.selector()),
            slots: SLOTS
                .iter()
                .map(|n| slot(root, *n).map(Kept::new))
                .collect(),
            redis_parts: [Slot::RedisSettings, Slot::Redis]
                .into_iter()
                .map(|n| slot(root, n))
                .collect(),
            legend: all(root, Data::Legend.selector()),
            algos: all(root, Data::Algo.selector()),
            only: all(root, Data::AlgoOnly.selector()),
        }
    }

    /// What follows every setting: the sliders, the choices checked, and
    /// the seed, limit and traffic lines.
    fn write_settings(&mut self, s: &crate::sim::Scenario, t: &crate::vm::text::Texts) {
        for slider in &mut self.sliders {
            slider.write(s, t);
        }
        for (el, kind, value) in &self.choices {
            let on = match kind.as_str() {
                "lb" => value == s.lb.as_str(),
                "redis" => value == s.redis.as_str(),
                "fail" => value == s.fail.as_str(),
                "algo" => value == s.algo().as_str(),
                _ => false,
            };
            dom::check(el, on);
        }
        let texts = [
            t.fill(Text::Seed, &[("n", &s.seed.to_string())]),
            controls::limit_line(s, t),
            controls::traffic(s, t),
        ];
        for (el, s) in self.slots.iter_mut().zip(&texts) {
            if let Some(el) = el {
                el.text(s);
            }
        }
    }

    /// What follows the strategy, the way it keeps its count and the
    /// preset: the tabs and presets selected, the strategy's own lines, the
    /// Redis parts, the ways of keeping the count it takes, the legend.
    fn write_strategy(
        &mut self,
        s: &crate::sim::Scenario,
        preset: Option<Preset>,
        t: &crate::vm::text::Texts,
    ) {
        for (el, value, id) in &self.tabs {
            let on = value == s.strategy.as_str();
            attr(el, "aria-selected", if on { "true" } else { "false" });
            attr(el, "tabindex", if on { "0" } else { "-1" });
            dom::class(el, "rll-tabs__tab--selected", on);
            if let (true, Some(p)) = (on, &self.panel) {
                attr(p, "aria-labelledby", id);
            }
        }
        for (el, value) in &self.presets {
            let on = preset.is_some_and(|p| value == p.as_str());
            attr(el, "aria-pressed", if on { "true" } else { "false" });
        }
        let (name, line, [ex1, ex2, ex3]) = crate::vm::strategy::words(s);
        for (el, w) in self.slots[3..].iter_mut().zip([name, line, ex1, ex2, ex3]) {
            if let Some(el) = el {
                el.text(t.get(w));
            }
        }
        for (el, shown) in self
            .redis_parts
            .iter()
            .zip(controls::redis_parts(s.strategy))
        {
            if let Some(el) = el {
                hide(el, !shown);
            }
        }
        // The ways of keeping the count this strategy takes; the sentence
        // for those that keep a fixed window only.
        let takes = s.strategy.algos();
        for el in &self.algos {
            let name = el.get_attribute(Data::Algo.as_str()).unwrap_or_default();
            hide(el, !takes.iter().any(|a| a.as_str() == name));
        }
        let fixed_only = crate::vm::windows::only_fixed(s.strategy);
        for el in &self.only {
            hide(
                el,
                el.get_attribute(Data::AlgoOnly.as_str()).as_deref() != fixed_only,
            );
        }
        for el in &self.legend {
            let name = el.get_attribute(Data::Legend.as_str()).unwrap_or_default();
            hide(el, !crate::vm::cards::legend_shows(&name, s.strategy));
        }
    }
}

/// Binds the controls under `root`.
pub fn bind(lab: Lab, root: &Element) {
    let mut parts = Controls::find(root);
    let root = root.clone();
    // The explanation's paragraphs are read later ([`super::later`]):
    // fetched once they come near the screen (far below the first
    // screen, on a phone and a desktop alike), written once they are here.
    let explain_later = !crate::vm::text::later_ready();
    let mut found_below = false;
    // The strategy, its way of keeping the count, the preset and whether
    // the later texts were here, as last drawn, so a slider's drag leaves
    // the tabs, presets and strategy lines alone.
    let mut drawn: Option<(Strategy, crate::sim::Algo, Option<Preset>, bool)> = None;
    effect(move || {
        // The settings after the cards and the explanation are written
        // after the first frame (`Lab::below`): found then, and written.
        if !found_below && lab.below.get() {
            found_below = true;
            parts = Controls::find(&root);
            drawn = None;
            let group = slot(&root, Slot::Explain1).and_then(|p| p.parent_element());
            if let (true, Some(group)) = (explain_later, group) {
                super::later::want_when_near(lab.later, &group);
            }
        }
        let s = lab.scenario.get();
        let m = lab.mounted();
        parts.write_settings(&s, &m.texts);
        let preset = Preset::matching(&s);
        let here = !explain_later || lab.later.get() == super::later::READY;
        if drawn == Some((s.strategy, s.algo(), preset, here)) {
            return;
        }
        drawn = Some((s.strategy, s.algo(), preset, here));
        parts.write_strategy(&s, preset, &m.texts);
    });
}
