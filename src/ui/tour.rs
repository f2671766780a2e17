//! The guided lesson in the widget: the offer above the tabs, the panel
//! while a step runs ([`crate::vm::tour::panel`]), the step's scenario set
//! on entry, its goal checked from the state on every change, the message
//! when a goal is first met. While in the lesson the widget's root carries
//! `rll--tour` and the names of the controls the step uses
//! (`data-tour-uses`): the stylesheet folds away the rest until the
//! learner asks for everything (`rll--tour-all`).

use super::prelude::*;
use crate::vm::names::{Act, Block, Data, Hook, Slot};
use web_sys::Element;

use super::dom::{self, find, slot};
use super::state::{Lab, Mount, Predict};
use crate::vm::tour;

/// How long (ms) a step runs without its goal met before the hint is
/// offered (its button becomes the suggested one).
const HINT_MS: u32 = 20_000;

thread_local! {
    /// Whether the next panel drawn takes the focus (a step entered by
    /// the learner, not by the address).
    static FOCUS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Whether the lesson was left by its last step's Finish: the next
    /// panel drawn is the recap.
    static FINISHED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The status line's next words, waiting for the narration to speak.
    static SAY: std::cell::Cell<Option<gloo_timers::callback::Timeout>> = const { std::cell::Cell::new(None) };
}

/// Opens step `k` (0-based): its scenario, then the burst from its start,
/// or the prediction first.
fn enter(lab: Lab, k: usize) {
    let step = lab
        .mounted()
        .steps
        .borrow()
        .get(k)
        .map(|st| (st.scenario, st.predict));
    let Some((s, predict)) = step else {
        return;
    };
    lab.update(|_| s);
    lab.tour.set(Some(k));
    if predict {
        lab.time.set(Some(0));
        lab.predict.set(Predict::Asking);
    } else {
        lab.predict.set(Predict::Off);
        super::clock::replay(lab);
    }
}

/// A lesson button was pressed.
pub fn act(lab: Lab, root: &Element, act: Act) {
    let at = lab.tour.get_untracked();
    let n = lab.mounted().steps.borrow().len();
    let go = |to: Option<usize>| {
        FOCUS.set(true);
        match to {
            Some(k) => enter(lab, k),
            None => lab.tour.set(None),
        }
    };
    match (act, at) {
        (Act::TourStart, _) => {
            // After words that could not come, starting again fetches again.
            if lab.later.get_untracked() == super::later::FAILED {
                lab.later.set(super::later::IDLE);
            }
            go(Some(0))
        }
        (Act::TourNext, Some(k)) if k + 1 < n => go(Some(k + 1)),
        (Act::TourBack, Some(k)) if k > 0 => go(Some(k - 1)),
        (Act::TourNext, Some(_)) => {
            FINISHED.set(true);
            go(None)
        }
        (Act::TourExit, Some(_)) => go(None),
        (Act::TourClose, None) => {
            if let Some(host) = slot(root, Slot::Tour) {
                dom::clear(&host);
            }
            if let Some(o) = slot(root, Slot::TourOffer) {
                dom::hide(&o, false);
            }
            if let Some(b) = find(root, Hook::TourStart.selector()) {
                dom::focus(&b);
            }
        }
        (Act::TourQuiz, None) => {
            if let Some(h) = find(root, &format!("#{}", lab.id("quiz-title"))) {
                dom::attr(&h, "tabindex", "-1");
                dom::focus(&h);
            }
        }
        (Act::TourHint, _) => {
            if let (Some(b), Some(h)) = (
                find(root, Act::TourHint.selector()),
                slot(root, Slot::TourHintText),
            ) {
                let open = h.has_attribute("hidden");
                dom::hide(&h, !open);
                dom::attr(&b, "aria-expanded", if open { "true" } else { "false" });
            }
        }
        (Act::TourAll, _) => {
            let all = !root.class_list().contains("rll--tour-all");
            dom::class(root, "rll--tour-all", all);
            if let Some(b) = find(root, Act::TourAll.selector()) {
                dom::attr(&b, "aria-expanded", if all { "true" } else { "false" });
            }
        }
        _ => {}
    }
}

/// Whether a step lacks words: the built-in steps are worded from texts
/// read later ([`super::later`]), empty until they arrive (an author's
/// steps never have an empty field); meanwhile a step shows a loading line.
fn wordless(steps: &[tour::Step]) -> bool {
    steps.iter().any(|s| {
        [&s.title, &s.text, &s.task, &s.hint, &s.done]
            .iter()
            .any(|w| w.is_empty())
    })
}

/// Binds the offer and the panel, and opens at `tour=K` if asked.
pub fn bind(lab: Lab, root: &Element) {
    let m = lab.mounted();
    let n = m.steps.borrow().len();
    let wordless = wordless(&m.steps.borrow());
    if let Some(b) = find(root, Hook::TourStart.selector()) {
        dom::text(&b, &tour::offer(n, &m.texts));
    }
    // No lesson in a compact widget: it has no room for one.
    let Some(host) = slot(root, Slot::Tour) else {
        return;
    };
    // `tour=K`, checked against the steps at mount.
    if let Some(k) = m.page.tour {
        enter(lab, k.saturating_sub(1) as usize);
    }
    let (offer, root) = (slot(root, Slot::TourOffer), root.clone());
    let h = if m.url_state { 2 } else { 3 };
    let quiz = !m.quiz.is_empty() && Block::Quiz.shown(&m.page, m.url_state);
    drop(m);
    // Per visit of a step: which step the panel shows, whether its goal
    // has been met; over the whole lesson, the steps met (for messages).
    let mut shown: Option<(Option<usize>, u8)> = None;
    let mut reached = 0;
    let timer = StoredValue::new_local(None::<gloo_timers::callback::Timeout>);
    super::effect(move || {
        let k = lab.tour.get();
        let m = lab.mounted();
        let words = step_words(lab, &m, k, wordless);
        if shown == Some((k, words)) {
            if words == super::later::READY {
                update(lab, &root, k, &mut reached);
            }
            return;
        };
        let entered = shown.is_none_or(|(was, _)| was != k);
        shown = Some((k, words));
        if entered {
            reached = 0;
        }
        let recap = k.is_none() && FINISHED.replace(false);
        mark_root(&root, offer.as_ref(), &m, k, recap);
        if let (Some(_), false) = (k, words == super::later::READY) {
            show_waiting(&host, &m, words);
            return;
        }
        dom::set_html(
            &host,
            &match k {
                Some(k) => tour::panel(&m.steps.borrow(), k, &m.texts, &m.id, h),
                None if recap => {
                    let met = lab.tour_met.get_untracked().count_ones();
                    tour::recap(met, n, quiz, &m.texts, &m.id, h)
                }
                None => crate::vm::html::Html::new(),
            },
        );
        if FOCUS.replace(false) {
            focus_panel(&root, &host, k.is_some() || recap);
        }
        timer.set_value(k.map(|_| hint_timer(&root)));
        update(lab, &root, k, &mut reached);
    });
}

/// Whether step `k`'s words are here ([`super::later`]'s states): the
/// built-in steps' texts are read later, asked for on entering the lesson
/// and, once here, the steps worded again with them (tracks `later`).
fn step_words(lab: Lab, m: &Mount, k: Option<usize>, wordless: bool) -> u8 {
    let mut words = super::later::READY;
    if k.is_some() && wordless {
        if lab.later.get_untracked() == super::later::IDLE {
            super::later::want(lab.later);
        }
        words = lab.later.get();
        let mut steps = m.steps.borrow_mut();
        if words == super::later::READY && self::wordless(&steps) {
            *steps = tour::builtin(&m.texts);
        }
    }
    words
}

/// Marks the widget's root for the stylesheet: in the lesson or not
/// (folded, not yet all shown), the controls step `k` uses; and hides the
/// offer while a step or the recap shows.
fn mark_root(root: &Element, offer: Option<&Element>, m: &Mount, k: Option<usize>, recap: bool) {
    // The recap stands where the panel was: no offer to start again
    // beside it (it has its own Start again) until it is closed.
    if let Some(o) = offer {
        dom::hide(o, k.is_some() || recap);
    }
    dom::class(root, "rll--tour", k.is_some());
    dom::class(root, "rll--tour-all", false);
    let uses = k.and_then(|k| m.steps.borrow().get(k).map(|s| s.uses.join(" ")));
    dom::attr(root, Data::TourUses.as_str(), uses.as_deref().unwrap_or(""));
}

/// The words are on their way (or could not come): the line says so, and
/// holds the focus the Start button had.
fn show_waiting(host: &Element, m: &Mount, words: u8) {
    let failed = words == super::later::FAILED;
    dom::set_html(host, &tour::waiting(failed, &m.texts, &m.id));
    if let Some(line) = find(host, "p") {
        if FOCUS.with(|f| f.get()) {
            dom::focus(&line);
        }
    }
}

/// Moves the focus a learner's press asked for: to the panel's (or the
/// recap's) heading, or, on leaving, back to the offer or the tab.
fn focus_panel(root: &Element, host: &Element, panel: bool) {
    let to = if panel {
        find(host, "h2, h3")
    } else {
        find(root, Hook::TourStart.selector())
            .or_else(|| find(root, "[role=\"tab\"][aria-selected=\"true\"]"))
    };
    if let Some(el) = to {
        dom::focus(&el);
    }
}

/// After [`HINT_MS`] in a step whose goal is still open, the hint's button
/// becomes the suggested one.
fn hint_timer(root: &Element) -> gloo_timers::callback::Timeout {
    let r = root.clone();
    gloo_timers::callback::Timeout::new(HINT_MS, move || {
        let goal = find(&r, Hook::TourGoal.selector());
        let open =
            goal.is_some_and(|g| g.get_attribute(Data::Done.as_str()).as_deref() == Some("false"));
        if let (true, Some(b)) = (open, find(&r, Act::TourHint.selector())) {
            dom::class(&b, "rll-button--primary", true);
        }
    })
}

/// Checks the step's goal against the state and shows what follows: the
/// parts of it met so far (`reached`, in this visit), the goal marked done,
/// the explanation (or why not), Next suggested; the message when the goal
/// is first met in the lesson.
fn update(lab: Lab, root: &Element, k: Option<usize>, reached: &mut usize) {
    let Some(k) = k else { return };
    let m = lab.mounted();
    // Borrowed throughout: effects run after this returns, never inside it.
    let steps = m.steps.borrow();
    let (Some(step), n) = (steps.get(k), steps.len()) else {
        return;
    };
    let at_end = lab.at_end.get();
    let (met, now) = lab.scenario.with(|s| {
        lab.report.with(|r| {
            (
                step.goal.met(s, r, at_end),
                step.goal.reach(*reached, s, r, at_end),
            )
        })
    });
    let phases = step.goal.phases().len();
    let was_done = *reached >= phases;
    *reached = now;
    let done = *reached >= phases;
    if done && !was_done {
        let bit = 1u64 << k.min(63);
        let ever = lab.tour_met.get_untracked();
        if ever & bit == 0 {
            lab.tour_met.set(ever | bit);
            super::embed::post_tour(lab, k + 1, n, (ever | bit).count_ones() as usize);
        }
    }
    if let Some(g) = find(root, Hook::TourGoal.selector()) {
        dom::attr(&g, Data::Done.as_str(), if done { "true" } else { "false" });
        dom::attr(&g, Data::Parts.as_str(), &format!("{}/{phases}", *reached));
    }
    if let Some(s) = slot(root, Slot::TourDone) {
        say(root, s, tour::status(step, *reached, met, at_end, &m.texts));
    }
    if let Some(b) = find(root, Act::TourNext.selector()) {
        dom::class(&b, "rll-button--primary", done);
    }
    if done {
        if let Some(b) = find(root, Act::TourHint.selector()) {
            dom::class(&b, "rll-button--primary", false);
        }
    }
}

/// Writes the status line once the narration has said the value that met
/// the goal (a setting's is said when it stops changing), so "Done." is
/// heard after it; then the
/// focused control, pushed down by the line, is brought back into view.
fn say(root: &Element, line: Element, text: String) {
    if line.text_content().unwrap_or_default() == text {
        return;
    }
    let root = root.clone();
    let write = move || {
        dom::text(&line, &text);
        if let Some(el) = find(&root, ":focus") {
            dom::keep_in_view(&el);
        }
    };
    let ms = crate::vm::narrate::SETTING_SAY_MS + 150;
    SAY.set(None);
    SAY.set(Some(gloo_timers::callback::Timeout::new(ms, write)));
}
