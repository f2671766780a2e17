//! The SCORM 1.2 run-time side: launched from the package an LMS imports,
//! the widget finds the LMS's `API` object, initialises, says the lesson is
//! `incomplete`, keeps the learner's progress in `cmi.suspend_data` (and
//! restores it on the next launch), reports the quiz's score and `passed`
//! or `failed` against the mastery score, commits after each change and
//! finishes when the page goes. The rules (what to write, what to keep)
//! are [`crate::vm::lms`]; this only calls the API, through
//! `js_sys::Reflect`, so no wrapper library is loaded (docs/LMS.md says
//! why). Without an API it does nothing, silently.

use std::cell::Cell;
use std::rc::Rc;

use super::prelude::*;
use js_sys::{Function, Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::state::Lab;
use crate::vm::lms;
use crate::vm::quiz::{score, Answer, Question};

/// How many parents (and then, from the opener, how many of its parents)
/// the search climbs before giving up: the standard discovery's bound.
const MAX_DEPTH: u32 = 10;

/// A property of a JavaScript value, if it is there and readable (a
/// cross-origin window refuses: that is "not there").
fn get(o: &JsValue, key: &str) -> Option<JsValue> {
    Reflect::get(o, &JsValue::from_str(key))
        .ok()
        .filter(|v| !v.is_undefined() && !v.is_null())
}

/// The SCORM 1.2 `API` object on `win` itself, if it has one.
fn api_on(win: &JsValue) -> Option<JsValue> {
    let api = get(win, "API")?;
    get(&api, "LMSInitialize")
        .filter(JsValue::is_function)
        .map(|_| api)
}

/// Looks for the API on `win` and up its chain of parents.
fn climb(mut win: JsValue) -> Option<JsValue> {
    for _ in 0..=MAX_DEPTH {
        if let Some(api) = api_on(&win) {
            return Some(api);
        }
        let parent = get(&win, "parent")?;
        if Object::is(&parent, &win) {
            return None;
        }
        win = parent;
    }
    None
}

/// The LMS's API, found by the standard discovery: this window and its
/// parents, then the window that opened it and its parents.
pub fn find() -> Option<Scorm> {
    let win: JsValue = web_sys::window()?.into();
    climb(win.clone())
        .or_else(|| climb(get(&win, "opener")?))
        .map(|api| Scorm {
            api,
            finished: Rc::new(Cell::new(false)),
            began: Rc::new(Cell::new(0.0)),
        })
}

/// A session with the LMS's API.
#[derive(Clone)]
pub struct Scorm {
    api: JsValue,
    finished: Rc<Cell<bool>>,
    /// When `LMSInitialize` answered, for the session time.
    began: Rc<Cell<f64>>,
}

impl Scorm {
    /// Calls `name(args…)` on the API; its answer as text ("" if it threw
    /// or is missing). Nothing is called once the session has finished.
    fn call(&self, name: &str, args: &[&str]) -> String {
        if self.finished.get() {
            return String::new();
        }
        let Some(f) = get(&self.api, name).and_then(|f| f.dyn_into::<Function>().ok()) else {
            return String::new();
        };
        let arg = |i: usize| JsValue::from_str(args.get(i).copied().unwrap_or(""));
        let answer = match args.len() {
            0 | 1 => f.call1(&self.api, &arg(0)),
            _ => f.call2(&self.api, &arg(0), &arg(1)),
        };
        match answer {
            Ok(v) => v
                .as_string()
                .or_else(|| v.as_bool().map(|b| b.to_string()))
                .unwrap_or_default(),
            Err(_) => String::new(),
        }
    }

    fn value(&self, key: &str) -> String {
        self.call("LMSGetValue", &[key])
    }

    fn set(&self, key: &str, value: &str) {
        self.call("LMSSetValue", &[key, value]);
    }

    fn commit(&self) {
        self.call("LMSCommit", &[""]);
    }

    /// Ends the session once: the progress is kept for the next launch.
    fn finish(&self) {
        if self.finished.get() {
            return;
        }
        let ms = js_sys::Date::now() - self.began.get();
        self.set("cmi.core.session_time", &lms::timespan(ms.max(0.0) as u64));
        self.set("cmi.core.exit", "suspend");
        self.commit();
        self.call("LMSFinish", &[""]);
        self.finished.set(true);
    }
}

/// Starts the session for the widget `lab` (its quiz bound already):
/// initialise, `incomplete` unless a result is recorded, restore the
/// progress, then keep it and the grade up to date, and finish on leaving.
pub fn start(lab: Lab, scorm: Scorm) {
    if scorm.call("LMSInitialize", &[""]) != "true" {
        return;
    }
    scorm.began.set(js_sys::Date::now());
    let m = lab.mounted();
    restore(lab, &scorm, &m.quiz);
    scorm.commit();
    let mastery = lms::mastery(
        m.page.mastery,
        &scorm.value("cmi.student_data.mastery_score"),
    );
    let graded = m.graded;
    let session = scorm.clone();
    let mut first = true;
    // The first answers already told the platform (one interaction each),
    // and how many interactions it holds.
    let mut told: Vec<Option<usize>> = lab
        .answers
        .get_untracked()
        .iter()
        .map(|a| a.first)
        .collect();
    let mut count: usize = scorm.value("cmi.interactions._count").parse().unwrap_or(0);
    super::effect(move || {
        let answers = lab.answers.get();
        let met = lab.tour_met.get();
        if std::mem::take(&mut first) {
            return;
        }
        let m = lab.mounted();
        tell_first_answers(&session, &m.quiz, &answers, &told, &mut count);
        told = answers.iter().map(|a| a.first).collect();
        let progress = lms::Progress {
            answers,
            steps: (1..=64).filter(|k| met & 1 << (k - 1) != 0).collect(),
        };
        session.set("cmi.suspend_data", &lms::encode(&m.quiz, &progress));
        if graded {
            grade(&session, &m.quiz, &progress.answers, mastery);
        }
        session.commit();
    });
    if let Some(window) = web_sys::window() {
        let on_leave = Closure::<dyn Fn()>::new(move || scorm.finish());
        let _ =
            window.add_event_listener_with_callback("pagehide", on_leave.as_ref().unchecked_ref());
        // Lives as long as the page, like the session.
        on_leave.forget();
    }
}

/// Picks up where a session before left off: `incomplete` unless a result
/// is recorded, and the answers and lesson steps kept in
/// `cmi.suspend_data`, so nothing is asked, met or told twice.
fn restore(lab: Lab, scorm: &Scorm, quiz: &[Question]) {
    if let Some(status) = lms::start_status(&scorm.value("cmi.core.lesson_status")) {
        scorm.set("cmi.core.lesson_status", status);
    }
    let kept = lms::decode(quiz, &scorm.value("cmi.suspend_data"));
    if let Some(p) = kept {
        lab.answers.set(p.answers);
        // The lesson's steps met before: not met again, nor told again.
        let met = p.steps.iter().filter(|&&k| (1..=64).contains(&k));
        lab.tour_met.set(met.fold(0, |b, k| b | 1 << (k - 1)));
    }
}

/// Tells the platform each question's first answer not told yet (`told`),
/// as one more interaction (`count` of them so far).
fn tell_first_answers(
    session: &Scorm,
    quiz: &[Question],
    answers: &[Answer],
    told: &[Option<usize>],
    count: &mut usize,
) {
    for (i, (q, a)) in quiz.iter().zip(answers).enumerate() {
        if let (Some(f), None) = (a.first, told.get(i).copied().flatten()) {
            for (k, v) in lms::interaction(*count, i, q, f) {
                session.set(&k, &v);
            }
            *count += 1;
        }
    }
}

/// Once every question is answered: the score and `passed` or `failed`
/// against the mastery score, where they change what is recorded.
fn grade(session: &Scorm, quiz: &[Question], answers: &[Answer], mastery: u32) {
    let s = score(quiz, answers);
    if s.total > 0 && s.answered == s.total {
        let g = lms::grade(
            &session.value("cmi.core.lesson_status"),
            &session.value("cmi.core.score.raw"),
            lms::percent(&s),
            mastery,
        );
        if let Some(raw) = g.raw {
            session.set("cmi.core.score.min", "0");
            session.set("cmi.core.score.max", "100");
            session.set("cmi.core.score.raw", &raw.to_string());
        }
        if let Some(status) = g.status {
            session.set("cmi.core.lesson_status", status);
        }
    }
}
