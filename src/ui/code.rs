//! The code beside the picture (see [`crate::vm::code`]): the files of the
//! strategy shown, and, while the replay is paused or stepping, the line
//! its latest actor is on (`data-current-line`).

use super::prelude::*;

use super::state::Lab;
use crate::vm::code::{at_sentence, here, markup, note, waiting};
use crate::vm::names::{Data, Slot};

/// Binds the code view under `root`.
pub fn bind(lab: Lab, root: &web_sys::Element) {
    let Some(host) = super::dom::slot(root, Slot::Code) else {
        return;
    };
    let at = super::dom::slot(root, Slot::CodeAt);
    let note_el = super::dom::slot(root, Slot::CodeNote);
    let id = lab.mounted().id.clone();
    // The files come with the texts read later ([`super::later`]), once
    // the code view comes near the screen; a line says so meanwhile.
    let waits = !super::later::ready();
    if waits {
        super::later::want_when_near(lab.later, &host);
    }
    // The files change with the strategy and the algorithm it runs.
    let shown = super::memo(move || lab.scenario.with(|s| (s.strategy, s.algo())));
    {
        let host = host.clone();
        let mut last = crate::vm::html::Html::new();
        super::effect(move || {
            let (s, a) = shown.get();
            let words = if waits {
                lab.later.get()
            } else {
                super::later::READY
            };
            let h = match words {
                super::later::READY => markup(s, a, &id),
                w => waiting(w == super::later::FAILED, &lab.mounted().texts),
            };
            super::dom::html(&host, h, &mut last);
            if let Some(n) = &note_el {
                super::dom::text(n, &lab.t(note(s, a)));
            }
        });
    }
    // The moment, while paused or stepping; `None` while playing or at the
    // end. A memo, so the frames of a replay do not re-run the effect.
    let paused = super::memo(move || {
        if lab.playing.get() || lab.at_end.get() {
            None
        } else {
            lab.time.get()
        }
    });
    let mut marked: Option<web_sys::Element> = None;
    super::effect(move || {
        shown.track();
        // Once the files are here, the line is marked in them.
        if waits {
            lab.later.track();
        }
        let h = paused
            .get()
            .and_then(|t| lab.report.with(|r| here(r, t)))
            .filter(|h| h.line > 0);
        if let Some(old) = marked.take() {
            super::dom::class(&old, "rll-code__line--now", false);
            let _ = old.remove_attribute("aria-current");
        }
        match &h {
            Some(h) => {
                super::dom::attr(&host, Data::CurrentLine.as_str(), &h.line.to_string());
                if let Some(line) =
                    super::dom::find(&host, &format!(concat!(data!([Line =]), "{}\"]"), h.line))
                {
                    super::dom::class(&line, "rll-code__line--now", true);
                    let _ = line.set_attribute("aria-current", "true");
                    marked = Some(line);
                }
            }
            None => {
                let _ = host.remove_attribute(Data::CurrentLine.as_str());
            }
        }
        if let Some(at) = &at {
            super::dom::text(at, &at_sentence(h.as_ref(), &lab.mounted().texts));
        }
    });
}
