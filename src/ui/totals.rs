//! Keeps the totals in step (see [`crate::vm::totals`]): the verdicts and
//! the outcome against the limit beside the picture; below them what a
//! regular user gets, the Redis counter, what happens if Redis is slow or
//! down, and the cost of sharing. Also the polite screen-reader summary.

use super::prelude::*;
use gloo_timers::callback::Timeout;
use web_sys::Element;

use super::dom::{self, hide, slot, Kept};
use super::effect;
use super::state::{Lab, Words};
use crate::vm::names::{Class, Data, Slot};
use crate::vm::narrate;
use crate::vm::page::Section;
use crate::vm::totals;

/// The totals box's parts (see [`totals::head_skeleton`]), each with what
/// was last written to it.
struct HeadParts {
    verdicts: Verdicts,
    allowed: (Kept, Kept),
    of: (Kept, Kept),
    limit: (Kept, Kept),
    ok: Kept,
    over: (Kept, Kept),
    tick: Kept,
    ceiling: (Kept, Kept, Element),
    regular: (Kept, Kept, Kept),
}

/// The verdict lines: written whole when their kinds change, else only
/// their sentences (a replay changes the sentence, not the kind).
struct Verdicts {
    el: Element,
    shapes: Option<Vec<(&'static str, &'static str)>>,
    texts: Vec<Kept>,
}

impl Verdicts {
    fn write(&mut self, lines: &[totals::VerdictLine]) {
        let shapes: Vec<_> = lines.iter().map(|l| (l.kind, l.icon)).collect();
        if self.shapes.as_ref() != Some(&shapes) {
            let h = totals::lines_html(lines);
            // The prerendered first screen's lines, kept if the same.
            if self.shapes.is_some() || self.el.inner_html() != h.as_str() {
                dom::set_html(&self.el, &h);
            }
            self.texts = dom::all(&self.el, ".rll-verdict__text")
                .into_iter()
                .map(Kept::new)
                .collect();
            self.shapes = Some(shapes);
        }
        for (kept, line) in self.texts.iter_mut().zip(lines) {
            kept.text(&line.text);
        }
    }
}

impl HeadParts {
    fn find(root: &Element) -> Option<Self> {
        let p = |n: &str| dom::find(root, &format!(concat!(data!([Part =]), "{}\"]"), n));
        let k = |n: &str| p(n).map(Kept::new);
        let two = |n: &str| p(n).map(|e| (Kept::new(e.clone()), Kept::new(e)));
        let ceiling = p("ceiling")?;
        Some(Self {
            verdicts: Verdicts {
                el: p("verdicts")?,
                shapes: None,
                texts: Vec::new(),
            },
            allowed: two("allowed")?,
            of: (k("of1")?, k("of2")?),
            limit: two("limit")?,
            ok: k("ok")?,
            over: two("over")?,
            tick: k("tick")?,
            ceiling: (
                Kept::new(ceiling.clone()),
                Kept::new(ceiling.clone()),
                ceiling,
            ),
            regular: {
                let (a, b) = two("regular")?;
                (a, b, k("regular-of")?)
            },
        })
    }

    fn write(&mut self, h: &totals::Head) {
        self.verdicts.write(&h.lines);
        let a = h.allowed.to_string();
        self.allowed.0.text(&a);
        self.allowed.1.attr(Data::Value.as_str(), &a);
        self.of.0.text(&h.of.0);
        self.of.1.text(&h.of.1);
        let l = h.limit.to_string();
        self.limit.0.text(&l);
        self.limit.1.attr(Data::Value.as_str(), &l);
        let (within, beyond, tick) = h.bar;
        self.ok.attr("width", &within.to_string());
        self.over.0.attr("x", &within.to_string());
        self.over.1.attr("width", &beyond.to_string());
        self.tick.attr("x", &tick.to_string());
        let (ceiling, over) = h
            .ceiling
            .as_ref()
            .map_or(("", false), |(c, o)| (c.as_str(), *o));
        self.ceiling.0.text(ceiling);
        self.ceiling
            .1
            .attr(Data::Over.as_str(), if over { "true" } else { "false" });
        hide(&self.ceiling.2, h.ceiling.is_none());
        let k = h.regular.0.to_string();
        self.regular.0.text(&k);
        self.regular.1.attr(Data::Value.as_str(), &k);
        self.regular.2.text(&h.regular.1);
    }
}

/// Binds the totals box under `root`, beside the picture.
pub fn bind(lab: Lab, root: &Element) {
    let box_ = slot(root, Slot::Totals);
    let mut head = box_.as_ref().and_then(HeadParts::find);
    let mut last_head: Option<totals::Head> = None;
    let mut hidden = None;
    effect(move || {
        let hiding = lab.hiding();
        if let (Some(el), false) = (&box_, hidden == Some(hiding)) {
            hide(el, hiding);
        }
        hidden = Some(hiding);
        let at_end = lab.at_end.get();
        let m = lab.mounted();
        lab.report.with(|r| {
            lab.words(Words::Totals).with(|mo| {
                if let Some(parts) = &mut head {
                    let h = totals::head(r, mo, at_end, &m.texts);
                    if last_head.as_ref() != Some(&h) {
                        parts.write(&h);
                        last_head = Some(h);
                    }
                }
            });
        });
    });
}

/// Binds the figures below the server cards under `root`: what a regular
/// user gets, the Redis counter, the cost of sharing, and what happens if
/// Redis is slow or down.
pub fn bind_more(lab: Lab, root: &Element) {
    let mut parts: Vec<Option<Element>> = [Slot::Stats, Slot::Cost, Slot::Down]
        .into_iter()
        .map(|n| slot(root, n))
        .collect();
    let more = dom::find(root, Class::More.selector());
    let below = more
        .as_ref()
        .map(|el| super::canvas::Lazy::new(el, lab.printing));
    let mut last: [crate::vm::html::Html; 2] = Default::default();
    let mut hidden = None;
    // The Redis note's words are read later ([`super::later`]): fetched
    // once it nears the screen, written once they are here.
    let note_waits = !super::later::ready();
    if let (true, Some(el)) = (note_waits, &parts[2]) {
        super::later::want_when_near(lab.later, el);
    }
    effect(move || {
        let details = below.is_none_or(|l| l.now());
        let hiding = lab.hiding();
        if let (Some(el), false) = (&more, hidden == Some(hiding)) {
            hide(el, hiding);
        }
        hidden = Some(hiding);
        let at_end = lab.at_end.get();
        // The figures, and the Redis note (which runs the model once more),
        // at once only while they are near the screen.
        let m = lab.mounted();
        let t = &m.texts;
        lab.report.with(|r| {
            if details {
                lab.words(Words::Totals).with(|mo| {
                    if let Some(el) = &parts[0] {
                        dom::html(el, totals::stats_html(r, mo, at_end, t), &mut last[0]);
                    }
                    if let Some(el) = &parts[1] {
                        dom::html(el, totals::cost_html(r, mo, t), &mut last[1]);
                    }
                });
            }
            let worded = !note_waits || lab.later.get() == super::later::READY;
            if let (true, true, Some(el)) = (details, worded, &mut parts[2]) {
                let note = lab.down.with(|d| totals::redis_note(r, d.as_ref(), t));
                dom::text(el, &note);
            }
        });
    });
}

/// The widget's one voice: the narration under the picture
/// (`data-testid="narration"`, a polite live region), or, where the page
/// hides the picture, the visually hidden announcer. It says what
/// [`narrate::at`] tells of the moment shown, at a listener's pace: after
/// Step, Step back and the time slider, once the presses stop; while Play
/// runs, every few seconds and on entering a race; where it paused; the
/// run's summary at the end and once a setting stops changing. Only one
/// of the two regions ever speaks.
pub fn use_announcer(lab: Lab, root: &Element) {
    let Some(region) = slot(root, Slot::Narration)
        .filter(|_| lab.shows(Section::Picture))
        .or_else(|| slot(root, Slot::Announcer))
    else {
        return;
    };
    let visible =
        region.get_attribute(Data::Slot.as_str()).as_deref() == Some(Slot::Narration.as_str());
    let pending = StoredValue::new_local(None::<Timeout>);
    // At the end state the narration's summary is for the ear: the
    // verdict beside the picture shows it (`data-end`, visually hidden).
    let write = move |region: &Element, text: &str, end: bool| {
        region.set_text_content(Some(text));
        dom::attr(
            region,
            Data::End.as_str(),
            if end { "true" } else { "false" },
        );
    };
    let speak = move |text: String, ms: u32| {
        let region = region.clone();
        let end = lab.at_end.get_untracked();
        if ms == 0 {
            pending.set_value(None);
            write(&region, &text, end);
            return;
        }
        let timeout = Timeout::new(ms, move || write(&region, &text, end));
        pending.set_value(Some(timeout));
    };
    let mut seen: Option<narrate::Heard> = None;
    // The moment said last while playing (`None`: none yet) and when (ms).
    let mut said: (Option<u64>, f64) = (None, 0.0);
    effect(move || {
        let now = narrate::Heard {
            scenario: lab.scenario.get(),
            playing: lab.playing.get(),
            time: lab.time.get(),
            hiding: lab.hiding(),
        };
        let was = seen.replace(now);
        let clock = js_sys::Date::now();
        let races = || lab.races.get_untracked();
        match narrate::say(was, now, visible, &mut said, clock, races) {
            narrate::Say::Nothing => {}
            narrate::Say::Hush => speak(String::new(), 0),
            narrate::Say::Moment(ms) => {
                let m = lab.mounted();
                let text = lab.report.with_untracked(|r| {
                    lab.shared
                        .with_untracked(|shared| narrate::at(r, shared, now.time, &m.texts))
                });
                speak(text, ms);
            }
        }
    });
}
