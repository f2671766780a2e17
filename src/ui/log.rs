//! What Redis saw (see [`crate::vm::log`]): the commands in the order Redis
//! ran them, up to the replay's moment, the first few or all of them.
//!
//! The list items are kept across updates and only rewritten where they
//! changed: no parsing, no new nodes on a drag step.

use super::prelude::*;

use super::dom::Kept;
use super::state::{Lab, Words};
use crate::vm::log::{empty_note, lines, Line, SHELL, SHOWN};
use crate::vm::names::{self, Act, Data};
use crate::vm::text::Text;

/// One list item of the log, kept across updates, and the line it shows.
struct Slot {
    li: web_sys::Element,
    /// At, who, command, note (the parts of [`SHELL`]).
    parts: [Kept; 4],
    shown: Option<Line>,
}

impl Slot {
    fn new(document: &web_sys::Document) -> Option<Slot> {
        let li = document.create_element("li").ok()?;
        // Reached by the keyboard, to follow its request across the views.
        let _ = li.set_attribute("tabindex", "0");
        super::dom::set_html(&li, &crate::vm::html::Html::lit(SHELL));
        let part = |k: u32| li.children().item(k).map(Kept::new);
        Some(Slot {
            parts: [part(0)?, part(1)?, part(2)?, part(3)?],
            li,
            shown: None,
        })
    }

    fn fill(&mut self, line: &Line, hl: u32) {
        super::highlight::mark(hl, &self.li);
        if self.shown.as_ref() == Some(line) {
            return;
        }
        if self
            .shown
            .as_ref()
            .is_none_or(|o| (o.request, o.to) != (line.request, line.to))
        {
            // Whose it is, to be followed across the views (a batch is no
            // one request's), by mouse, touch or keyboard.
            if line.request > 0 {
                let _ = self
                    .li
                    .set_attribute(Data::Request.as_str(), &line.request.to_string());
                let _ = self
                    .li
                    .set_attribute(Data::To.as_str(), &line.to.to_string());
                let _ = self.li.set_attribute("tabindex", "0");
            } else {
                for k in [Data::Request.as_str(), Data::To.as_str(), "tabindex"] {
                    let _ = self.li.remove_attribute(k);
                }
            }
        }
        if self.shown.as_ref().is_none_or(|o| o.warn != line.warn) {
            let _ = self.li.set_attribute("class", line.class());
        }
        let texts = [&line.at, &line.who, &line.command, &line.note];
        for (part, text) in self.parts.iter_mut().zip(texts) {
            part.text(text);
        }
        self.shown = Some(line.clone());
        super::highlight::mark(hl, &self.li);
    }
}

/// Binds the Redis log under `root`.
pub fn bind(lab: Lab, root: &web_sys::Element) {
    let Some(section) = super::dom::slot(root, names::Slot::Log) else {
        return;
    };
    let Some(ol) = super::dom::find(&section, "ol") else {
        return;
    };
    let empty = super::dom::slot(root, names::Slot::LogEmpty);
    let mut empty_words = empty.clone().map(super::dom::Kept::new);
    let button = super::dom::find(&section, Act::LogAll.selector());
    let held = StoredValue::new_local(Vec::<Slot>::new());
    let lazy = super::canvas::Lazy::new(&section, lab.printing);
    super::effect(move || {
        let hiding = lab.hiding();
        super::dom::hide(&section, hiding);
        // Off screen: written after a drag, or when it comes into view.
        if !lazy.now() {
            return;
        }
        let Some(document) = ol.owner_document() else {
            return;
        };
        let all = lab.log_all.get();
        let max = if all { usize::MAX } else { SHOWN };
        let t = lab.words(Words::Log).with(|m| m.t_us);
        let hl = lab.highlight.get();
        let m = lab.mounted();
        let (shown, ran) = lab.report.with(|r| {
            let ran = r
                .redis_log
                .iter()
                .filter(|&&i| r.calls[i as usize].executed_us.is_some_and(|x| x <= t))
                .count();
            (lab.shared.with(|s| lines(r, s, t, max, &m.texts)), ran)
        });
        held.update_value(|held| {
            while held.len() > shown.len() {
                if let Some(slot) = held.pop() {
                    slot.li.remove();
                }
            }
            while held.len() < shown.len() {
                let Some(slot) = Slot::new(&document) else {
                    return;
                };
                let _ = ol.append_child(&slot.li);
                held.push(slot);
            }
            for (slot, line) in held.iter_mut().zip(&shown) {
                slot.fill(line, hl);
            }
        });
        if let (Some(e), Some(words)) = (&empty, &mut empty_words) {
            let note = lab.report.with(|r| empty_note(r, t));
            super::dom::hide(e, note.is_none());
            if let Some(k) = note {
                words.text(m.texts.get(k));
            }
        }
        if let Some(b) = &button {
            super::dom::hide(b, ran <= SHOWN);
            super::dom::attr(b, "aria-expanded", if all { "true" } else { "false" });
            let words = if all {
                m.texts
                    .fill(Text::LogShowFewer, &[("n", &SHOWN.to_string())])
            } else {
                m.texts.fill(Text::LogShowAll, &[("n", &ran.to_string())])
            };
            super::dom::text(b, &words);
        }
    });
}
