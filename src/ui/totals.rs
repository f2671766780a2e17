//! Keeps the totals in step (see [`crate::vm::totals`]): the verdicts and
//! the outcome against the limit beside the picture; below them what a
//! regular user gets, the Redis counter, what happens if Redis is slow or
//! down, and the cost of sharing. Also the polite screen-reader summary.

use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use web_sys::Element;

use super::dom::{self, hide, slot};
use super::effect;
use super::state::Lab;
use crate::vm::page::Section;
use crate::vm::skeleton::tab_names;
use crate::vm::text::T;
use crate::vm::totals;

/// Binds the totals under `root`.
pub fn bind(lab: Lab, root: &Element) {
    let mut parts: Vec<Option<Element>> = ["totals", "stats", "cost", "down"]
        .iter()
        .map(|n| slot(root, n))
        .collect();
    parts.push(super::dom::find(root, ".rll-more"));
    let below = parts[4].as_ref().map(super::canvas::Lazy::new);
    let mut last: [String; 3] = Default::default();
    effect(move || {
        let details = below.is_none_or(|l| l.now());
        let hiding = lab.hiding();
        for el in [&parts[0], &parts[4]].into_iter().flatten() {
            hide(el, hiding);
        }
        let at_end = lab.at_end.get();
        // The figures below the cards, and the Redis note (which runs the
        // model once more), at once only while they are near the screen.
        let m = lab.m();
        let t = &m.texts;
        lab.report.with(|r| {
            lab.moment.with(|mo| {
                if let Some(el) = &parts[0] {
                    dom::html(el, totals::head_html(r, mo, at_end, t), &mut last[0]);
                }
                if details {
                    if let Some(el) = &parts[1] {
                        dom::html(el, totals::stats_html(r, mo, at_end, t), &mut last[1]);
                    }
                    if let Some(el) = &parts[2] {
                        dom::html(el, totals::cost_html(r, mo, t), &mut last[2]);
                    }
                }
            });
            if let (true, Some(el)) = (details, &parts[3]) {
                let note = lab.down.with(|d| totals::redis_note(r, d.as_ref(), t));
                dom::text(el, &note);
            }
        });
    });
}

/// A visually hidden, polite live region that reads the outcome once the
/// learner pauses, not on every step of a drag (nor every replay frame).
pub fn use_announcer(lab: Lab, root: &Element) {
    let Some(region) = slot(root, "announcer") else {
        return;
    };
    let pending = StoredValue::new_local(None::<Timeout>);
    let mut first = true;
    effect(move || {
        let m = lab.m();
        let summary = lab.report.with(|r| {
            let verdicts: Vec<String> = totals::verdicts(r, &m.texts)
                .into_iter()
                .map(|v| v.text)
                .collect();
            format!(
                "{}: {}. {}",
                m.texts.get(tab_names(r.scenario.strategy).0),
                m.texts.fill(
                    T::LabelEnd,
                    &[("a", &r.allowed.to_string()), ("r", &r.refused.to_string())]
                ),
                verdicts.join(" ")
            )
        });
        if std::mem::take(&mut first) || !lab.shows(Section::Totals) {
            // Nothing to announce on load: the page itself says it.
            return;
        }
        let region = region.clone();
        let timeout = Timeout::new(600, move || region.set_text_content(Some(&summary)));
        pending.set_value(Some(timeout));
    });
}
