//! The replay clock: a hook over `requestAnimationFrame` that advances the
//! widget's moment while it plays, and stops when the run ends, when the
//! tab is hidden, or when the widget goes.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use super::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::state::{Lab, Predict, PLAY_MS};

/// Under reduced motion, the least time (ms) Play rests on each event.
const JUMP_MS: f64 = 200.0;

/// The least time (ms of real time) the replay takes through a race, from
/// the later of two GETs' answers that read the same count to the first
/// of their SETs, at normal speed: long enough to see and to say. Slow
/// doubles it, fast takes it in proportion (0.45 s).
const RACE_MS: f64 = 1_200.0;

pub use super::dom::reduced_motion;

/// Starts playing from the start (or from the moment shown, if paused
/// mid-run).
pub fn play(lab: Lab) {
    let end = lab.report.with_untracked(|r| r.end_us);
    match lab.time.get_untracked() {
        Some(t) if t < end => {}
        _ => lab.time.set(Some(0)),
    }
    lab.playing.set(true);
}

/// Replays the burst from its start (t = 0): what choosing a strategy
/// with its tab does, and a lesson's step on entry. Under reduced motion
/// it shows the start and waits for Play or Step.
pub fn replay(lab: Lab) {
    lab.time.set(Some(0));
    lab.playing.set(!reduced_motion());
}

/// The run is over: the end state, and a pending prediction revealed.
fn finish(lab: Lab) {
    lab.playing.set(false);
    lab.time.set(None);
    if let Predict::Replaying(g) = lab.predict.get_untracked() {
        lab.predict.set(Predict::Revealed(g));
    }
}

/// The animation frame's callback, kept to ask for the next frame with.
type Frame = Rc<RefCell<Option<Closure<dyn FnMut(f64)>>>>;

/// Owns the clock's one effect: while `playing`, one animation frame after
/// another moves the moment on; stops on the tab being hidden, and cancels
/// its frame when the widget goes.
pub fn use_clock(lab: Lab) {
    let frame: Frame = Rc::new(RefCell::new(None));
    let handle = Rc::new(Cell::new(0i32));
    let last = Rc::new(Cell::new(None::<f64>));
    let waited = Rc::new(Cell::new(0.0f64));
    let reduced = reduced_motion();
    let callback = on_frame(lab, &frame, &handle, &last, &waited, reduced);
    *frame.borrow_mut() = Some(callback);
    let start = {
        let (frame, handle, last) = (frame.clone(), handle.clone(), last.clone());
        move || {
            last.set(None);
            if let (Some(f), Some(w)) = (frame.borrow().as_ref(), web_sys::window()) {
                handle.set(
                    w.request_animation_frame(f.as_ref().unchecked_ref())
                        .unwrap_or(0),
                );
            }
        }
    };
    let stop = {
        let handle = handle.clone();
        move || {
            if let Some(w) = web_sys::window() {
                let _ = w.cancel_animation_frame(handle.get());
            }
        }
    };
    let held = send_wrapper::SendWrapper::new((start, stop.clone()));
    super::effect(move || {
        let (start, stop) = &*held;
        stop();
        if lab.playing.get() {
            start();
        }
    });
    let (document, on_hidden) = pause_when_hidden(lab);
    let gone = send_wrapper::SendWrapper::new((document, on_hidden, frame, stop));
    on_cleanup(move || {
        let (document, on_hidden, frame, stop) = gone.take();
        stop();
        if let Some(d) = document {
            let _ = d.remove_event_listener_with_callback(
                "visibilitychange",
                on_hidden.as_ref().unchecked_ref(),
            );
        }
        frame.borrow_mut().take();
    });
}

/// The animation frame's callback: while playing, moves the moment on by
/// the time since the last frame (`last`) and asks for the next frame;
/// at the run's end, finishes.
fn on_frame(
    lab: Lab,
    frame: &Frame,
    handle: &Rc<Cell<i32>>,
    last: &Rc<Cell<Option<f64>>>,
    waited: &Rc<Cell<f64>>,
    reduced: bool,
) -> Closure<dyn FnMut(f64)> {
    let (frame_in, handle_in, last_in) = (frame.clone(), handle.clone(), last.clone());
    let waited_in = waited.clone();
    Closure::new(move |now: f64| {
        if !lab.playing.try_get_untracked().unwrap_or(false) {
            return;
        }
        let end = lab.report.with_untracked(|r| r.end_us);
        let dt = last_in
            .replace(Some(now))
            .map_or(0.0, |before| (now - before).max(0.0));
        let run_ms = PLAY_MS[usize::from(lab.speed.get_untracked().min(2))];
        let now_t = lab.time.get_untracked().unwrap_or(0);
        let t = if reduced {
            jump(lab, now_t, dt, run_ms, end, &waited_in)
        } else {
            glide(lab, now_t, dt, run_ms, end)
        };
        if t >= end {
            finish(lab);
            return;
        }
        lab.time.set(Some(t));
        if let Some(f) = frame_in.borrow().as_ref() {
            if let Some(w) = web_sys::window() {
                handle_in.set(
                    w.request_animation_frame(f.as_ref().unchecked_ref())
                        .unwrap_or(0),
                );
            }
        }
    })
}

/// The next moment under reduced motion: the run's events spread over the
/// time a moving replay takes, one a beat, a beat at least [`JUMP_MS`] (a
/// long run moves several events a beat); `waited` is the time since the
/// last jump.
fn jump(lab: Lab, now_t: u64, dt: f64, run_ms: f64, end: u64, waited: &Cell<f64>) -> u64 {
    let times = lab.report.with_untracked(|r| r.event_times());
    let n = times.len().max(1) as f64;
    let beat = (run_ms / n).max(JUMP_MS);
    let per = (n * beat / run_ms).ceil().max(1.0) as usize;
    let waited_now = waited.get() + dt;
    if waited_now < beat {
        waited.set(waited_now);
        now_t
    } else {
        waited.set(0.0);
        let from = times.iter().position(|&x| x > now_t).unwrap_or(times.len());
        times.get(from + per - 1).copied().unwrap_or(end)
    }
}

/// The next moment of a moving replay: slower through a race, so that two
/// requests holding the same count stay on screen ([`RACE_MS`] at least).
fn glide(lab: Lab, now_t: u64, dt: f64, run_ms: f64, end: u64) -> u64 {
    let hold = RACE_MS * run_ms / PLAY_MS[1];
    lab.races.with_untracked(|races| {
        crate::vm::narrate::advance(now_t, dt, end as f64 / run_ms, races, hold)
    })
}

/// A hidden tab pauses the replay: the listener, added to the document,
/// both returned for the widget's cleanup to remove.
fn pause_when_hidden(lab: Lab) -> (Option<web_sys::Document>, Closure<dyn FnMut()>) {
    let on_hidden = Closure::<dyn FnMut()>::new(move || {
        let hidden = web_sys::window()
            .and_then(|w| w.document())
            .is_some_and(|d| d.hidden());
        if hidden {
            lab.playing.try_set(false);
        }
    });
    let document = web_sys::window().and_then(|w| w.document());
    if let Some(d) = &document {
        let _ = d.add_event_listener_with_callback(
            "visibilitychange",
            on_hidden.as_ref().unchecked_ref(),
        );
    }
    (document, on_hidden)
}
