//! The widget's one source of truth and what is derived from it, handed
//! to every binder as a [`Lab`] (a copy of handles).

use std::rc::Rc;

use super::prelude::*;

use super::memo;
use crate::sim::{self, Moment, Report, Scenario, Strategy};
use crate::vm::page::{Page, Section};
use crate::vm::quiz::{Answer, Question};
use crate::vm::text::{Text, Texts};
use crate::vm::{reads, replay, totals};

/// The replay's speeds, defined in the view-model with the words' timing
/// (the clock plays by them).
pub use crate::vm::replay::PLAY_MS;

/// A group of words that follows the replay on a beat of its own
/// ([`Lab::words`]): the totals, the picture's caption and the replay's
/// controls (every place that writes the moment, so they agree); the
/// server cards; the Redis log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Words {
    Totals,
    Cards,
    Log,
}

/// How one widget was mounted and what it starts from.
pub struct Mount {
    /// Prefix for every element id, unique on the page (`rll1`, `rll2`, …).
    pub id: String,
    /// Whether this widget reads and writes the page's URL.
    pub url_state: bool,
    /// Whether the page is inside a frame (posts messages to the parent).
    pub framed: bool,
    /// The element a script-tag or custom-element widget lives in: its
    /// messages are also DOM events there (`ratelimitlab:<type>`).
    pub host: Option<web_sys::HtmlElement>,
    /// What the URL or the attributes asked for.
    pub page: Page,
    /// What the page was opened with, where Reset returns: the same as
    /// [`Mount::page`], except after a reload of an address the widget
    /// rewrote, where it is still the address first opened.
    pub opened: Page,
    /// That first address's query, as written (the page's own widget
    /// keeps it in the history entry's state, so a reload finds it).
    pub opened_search: String,
    /// The sentences (built-in, or a course author's).
    pub texts: Texts,
    /// The quiz (built-in, or a course author's).
    pub quiz: Vec<Question>,
    /// Whether the quiz is the built-in one, whose feedback ("why" and
    /// "show me") is read later ([`super::later`]).
    pub builtin_quiz: bool,
    /// The order each question's options are shown in.
    pub order: Vec<Vec<usize>>,
    /// The quiz's name in messages: the content file's `id`, else
    /// `"builtin"`.
    pub quiz_id: String,
    /// Whether finishing the quiz is reported as a grade: not when a
    /// content file was asked for and could not be used, unless the author
    /// allows the built-in quiz (`fallback=builtin`).
    pub graded: bool,
    /// The picture as drawn last, for the pointer to find a request in.
    pub frame: std::cell::RefCell<crate::vm::topology::Frame>,
    /// The guided lesson's steps (built-in, or a course author's). The
    /// built-in ones are worded again once their texts arrive
    /// ([`super::later`]).
    pub steps: std::cell::RefCell<Vec<crate::vm::tour::Step>>,
}

/// A prediction, when the learner is asked for one before the reveal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Predict {
    /// Not predicting: everything shows.
    Off,
    /// Waiting for the guess; the outcome is hidden.
    Asking,
    /// Replaying towards the reveal, with the guess.
    Replaying(u32),
    /// Revealed, with the guess.
    Revealed(u32),
}

/// The widget's state. Copy: every field is a handle.
#[derive(Clone, Copy)]
pub struct Lab {
    /// The scenario: the one piece of state the model depends on.
    pub scenario: RwSignal<Scenario>,
    /// The model's report for the scenario.
    pub report: Memo<Report>,
    /// The strategy shown (the one memo every binder reads).
    pub strategy: Memo<Strategy>,
    /// Which GETs share a read ([`reads::shared_reads`]).
    pub shared: Memo<Vec<Option<u32>>>,
    /// When two requests hold the same count ([`narrate::races`]), read
    /// by the replay's clock and its voice on every frame while it plays:
    /// worked out once per run, not per frame.
    pub races: Memo<Vec<(u64, u64)>>,
    /// The same scenario with Redis down, for the availability note while
    /// Redis is healthy ([`totals::down_scenario`]).
    pub down: Memo<Option<Report>>,
    /// The replay's moment in µs; `None` shows the end state.
    pub time: RwSignal<Option<u64>>,
    /// Whether the moment shown is the end state.
    pub at_end: Memo<bool>,
    /// Whether the replay is playing.
    pub playing: RwSignal<bool>,
    /// The replay's speed: 0 slow, 1 normal, 2 fast.
    pub speed: RwSignal<u8>,
    /// The prediction, if one was asked for.
    pub predict: RwSignal<Predict>,
    /// The run as it stood at the shown moment (the end state by default).
    pub moment: Memo<Moment>,
    /// The moment the words show, for each [`Words`] group, in its order:
    /// the shown moment, except while the replay plays, when each group
    /// follows it every [`replay::WORDS_MS`], the groups a third of that
    /// apart ([`Lab::words`]).
    group_words: [Memo<Moment>; 3],
    /// The time each group of words shows (`None`: the end state).
    group_times: [Memo<Option<u64>>; 3],
    /// The quiz's answers.
    pub answers: RwSignal<Vec<Answer>>,
    /// Whether the Redis log shows every command.
    pub log_all: RwSignal<bool>,
    /// The request followed across the views (1-based), 0 for none (a
    /// signal type the widget already has: each new one costs the download).
    pub highlight: RwSignal<u32>,
    /// How this widget was mounted.
    pub mount: StoredValue<Rc<Mount>, LocalStorage>,
    /// Bumped when the page switches between light and dark: canvases
    /// re-read their colours.
    pub scheme: RwSignal<u32>,
    /// Whether the page is being printed ([`super::canvas::use_print`]).
    pub printing: RwSignal<bool>,
    /// Whether what lies below the first screen is written: after the
    /// first frame (`ui::write_below`). A binder of the first screen that
    /// also keeps a part below (the settings after the cards) finds it
    /// then.
    pub below: RwSignal<bool>,
    /// The colours last read, and the scheme they were read under.
    pub palette: StoredValue<Option<(u32, super::canvas::Palette)>, LocalStorage>,
    /// The lesson step shown (0-based); `None` outside the lesson.
    pub tour: RwSignal<Option<usize>>,
    /// The lesson's steps whose goal has been met (bit k: step k + 1), in
    /// this visit or, under a course platform, a session before.
    pub tour_met: RwSignal<u64>,
    /// Whether the texts read later are here ([`super::later`]'s states).
    pub later: RwSignal<u8>,
}

impl Lab {
    /// Creates the state for `mount` and provides it to the current owner.
    pub fn provide(mount: Mount) -> Lab {
        let scenario = RwSignal::new(mount.page.scenario);
        let report = super::memo_new(move || scenario.with(sim::run));
        let strategy = memo(move || scenario.with(|s| s.strategy));
        let shared = memo(move || report.with(reads::shared_reads));
        let races = memo(move || report.with(|r| shared.with(|s| crate::vm::narrate::races(r, s))));
        let down = super::memo_new(move || {
            report.with(|r| totals::down_scenario(r).map(|s| sim::run(&s)))
        });
        let time = RwSignal::new(None::<u64>);
        let at_end = memo(move || {
            let end = report.with(|r| r.end_us);
            time.get().is_none_or(|t| t >= end)
        });
        let moment = memo(move || {
            let t = time.get();
            report.with(|r| r.at(t.unwrap_or(r.end_us)))
        });
        let playing = RwSignal::new(false);
        let speed = RwSignal::new(1u8);
        // While playing, how far the run moves in WORDS_MS. Under reduced
        // motion Play jumps from event to event, and the words show each.
        let jumps = super::dom::reduced_motion();
        let step = memo(move || {
            let end = report.with(|r| r.end_us);
            replay::words_step(end, speed.get(), playing.get(), jumps)
        });
        let words_time: [Memo<Option<u64>>; 3] = std::array::from_fn(|g| {
            memo(move || replay::words_time(time.get(), step.get(), g as u64))
        });
        let words = words_time.map(|shown| {
            memo(move || {
                let t = shown.get();
                report.with(|r| r.at(t.unwrap_or(r.end_us)))
            })
        });
        let predict = RwSignal::new(if mount.page.predict {
            Predict::Asking
        } else {
            Predict::Off
        });
        let answers = RwSignal::new(vec![Answer::default(); mount.quiz.len()]);
        let lab = Lab {
            scenario,
            report,
            strategy,
            shared,
            races,
            down,
            time,
            at_end,
            playing,
            speed,
            predict,
            moment,
            group_words: words,
            group_times: words_time,
            answers,
            log_all: RwSignal::new(false),
            highlight: RwSignal::new(0),
            mount: StoredValue::new_local(Rc::new(mount)),
            scheme: super::canvas::use_scheme(),
            printing: super::canvas::use_print(),
            below: RwSignal::new(false),
            palette: StoredValue::new_local(None),
            tour: RwSignal::new(None),
            tour_met: RwSignal::new(0),
            later: RwSignal::new(super::later::start()),
        };
        provide_context(lab);
        lab
    }

    /// The moment the words of `group` show.
    pub fn words(&self, group: Words) -> Memo<Moment> {
        self.group_words[group as usize]
    }

    /// The time the words of `group` show (`None`: the end state).
    pub fn words_time(&self, group: Words) -> Memo<Option<u64>> {
        self.group_times[group as usize]
    }

    /// The mount, to read without tracking.
    pub fn mounted(&self) -> Rc<Mount> {
        self.mount.get_value()
    }

    /// An element id unique on the page: `rll1-<suffix>`.
    pub fn id(&self, suffix: &str) -> String {
        format!("{}-{suffix}", self.mounted().id)
    }

    /// A sentence.
    pub fn t(&self, t: Text) -> String {
        self.mounted().texts.get(t).to_string()
    }

    /// A sentence with its placeholders filled.
    pub fn fill(&self, t: Text, args: &[(&str, &str)]) -> String {
        self.mounted().texts.fill(t, args)
    }

    /// Whether `section` is shown (not in `hide`).
    pub fn shows(&self, section: Section) -> bool {
        !self.mounted().page.hide.contains(&section)
    }

    /// Changes the scenario with `f`; the replay goes back to the end state
    /// (a change shows its outcome at once). A guess replaying or revealed
    /// ends: its result was about the burst it was made for, not this one.
    pub fn update(&self, f: impl FnOnce(Scenario) -> Scenario) {
        self.playing.set(false);
        self.time.set(None);
        if matches!(
            self.predict.get_untracked(),
            Predict::Replaying(_) | Predict::Revealed(_)
        ) {
            self.predict.set(Predict::Off);
        }
        self.scenario.update(|s| *s = f(*s));
    }

    /// Whether the outcome is hidden, waiting for a prediction (tracked).
    pub fn hiding(&self) -> bool {
        self.predict.get() == Predict::Asking
    }

    /// The widget's colours as they apply to `el`, read once per colour
    /// scheme (reading computed style after a DOM change forces a style
    /// pass, so a drag step never does it). Tracks the scheme.
    pub fn palette(&self, el: &web_sys::Element) -> super::canvas::Palette {
        let epoch = self.scheme.get();
        if let Some(p) = self.palette.with_value(|p| {
            p.as_ref()
                .filter(|(e, _)| *e == epoch)
                .map(|(_, p)| p.clone())
        }) {
            return p;
        }
        match super::canvas::Palette::read(el) {
            Some(p) => {
                self.palette.set_value(Some((epoch, p.clone())));
                p
            }
            None => super::canvas::Palette::fallback(),
        }
    }
}
