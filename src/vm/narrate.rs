//! The narration under the picture: one sentence for the moment shown,
//! naming the requests by number, their server, the command and the
//! value ("t = 2.28 ms: server 1 gets 0 back from GET for request 2:
//! allowed, the same count request 1 was given."), and one sentence for
//! the whole run at its end. The same sentences are the widget's voice
//! for a screen reader (Step, Step back, Play at a listener's pace).
//!
//! A moment between two events tells the last event at or before it, so
//! the sentence holds while the picture moves towards the next one. The
//! time is written to the microsecond, so two events a microsecond apart
//! read as two moments. Also here: where the replay slows down so that two
//! requests holding the same count stay on screen ([`races`], [`advance`]).

use super::format;
use super::own::{own_counts_in, Own};
use super::text::{Text, Texts};
use crate::sim::{Call, Command, Place, Report};

/// What the narration says at `t` (µs; `None`, or at or past the end: the
/// end state). `shared` is [`super::reads::shared_reads`] of `r`.
pub fn at(r: &Report, shared: &[Option<u32>], t: Option<u64>, tx: &Texts) -> String {
    let Some(t) = t.filter(|&t| t < r.end_us) else {
        return summary(r, tx);
    };
    let s = &r.scenario;
    // The last event at or before `t`.
    let Some(e) = r.event_times().into_iter().rev().find(|&x| x <= t) else {
        return tx.fill(
            Text::NarrAt,
            &[
                ("t", &tx.num(&format::ms_exact(t))),
                (
                    "what",
                    &tx.fill(
                        Text::NarrStart,
                        &[
                            ("b", &s.burst.to_string()),
                            ("span", &s.span_ms.to_string()),
                        ],
                    ),
                ),
            ],
        );
    };
    let what = clauses(r, shared, e, tx);
    let mut text = what.iter().take(3).cloned().collect::<Vec<_>>().join("; ");
    if what.len() > 3 {
        text.push_str(&tx.fill(Text::NarrMore, &[("n", &(what.len() - 3).to_string())]));
    }
    tx.fill(
        Text::NarrAt,
        &[("t", &tx.num(&format::ms_exact(e))), ("what", &text)],
    )
}

/// One thing that happens, before it is put in words: a sentence with
/// its values, then maybe a note naming another request, then maybe the
/// verdict.
struct Clause {
    key: Text,
    /// The request (0-based), the server (0-based).
    n: u32,
    s: u32,
    /// The command as a listener hears it ("GET for request 2").
    c: String,
    /// A value, a count, what it may allow.
    v: u32,
    k: u32,
    cap: u32,
    /// ", the same count request {m} was given" and the like.
    note: Option<(Text, u32)>,
    /// The window the count is kept in, where an edge splits the burst
    /// (" in window 2, which began at t = 20 ms"), else empty.
    win: String,
    /// "allowed", "refused with 429", "passed on to server {s}" …
    verdict: Option<Text>,
}

impl Clause {
    #[inline(never)]
    fn new(key: Text, n: u32, s: u32) -> Clause {
        Clause {
            key,
            n,
            s,
            c: String::new(),
            v: 0,
            k: 0,
            cap: 0,
            note: None,
            win: String::new(),
            verdict: None,
        }
    }

    #[inline(never)]
    fn words(&self, tx: &Texts) -> String {
        let num = |x: u32| x.to_string();
        let (n, s) = (num(self.n + 1), num(self.s + 1));
        let args = [
            ("n", n.as_str()),
            ("s", &s),
            ("c", &self.c),
            ("v", &num(self.v)),
            ("k", &num(self.k)),
            ("cap", &num(self.cap)),
        ];
        let mut what = tx.fill(self.key, &args);
        if let Some((t, m)) = self.note {
            what.push_str(&tx.fill(t, &[("m", &num(m + 1))]));
        }
        what.push_str(&self.win);
        match self.verdict {
            Some(v) => tx.fill(
                Text::NarrThen,
                &[("what", &what), ("verdict", &tx.fill(v, &args))],
            ),
            None => what,
        }
    }
}

/// A call as a listener hears it: "GET for request 2", "SET 1 for
/// request 1", "INCRBY 3". (Functions, not closures, here and below: one
/// copy of each in the download.)
#[inline(never)]
fn name(c: &Call, tx: &Texts) -> String {
    let cmd = c.command.as_str();
    let arg = if c.command == Command::Set || c.request.is_none() {
        format!("{cmd} {}", c.arg)
    } else {
        cmd.to_string()
    };
    match c.request {
        Some(q) => tx.fill(
            Text::SayCommand,
            &[("c", &arg), ("n", &(q + 1).to_string())],
        ),
        None => arg,
    }
}

/// For a GET (call `i`) that read a count another GET also read by `e`,
/// that other request.
#[inline(never)]
fn same(r: &Report, shared: &[Option<u32>], i: usize, e: u64) -> Option<(Text, u32)> {
    let first = shared.get(i).copied().flatten()?;
    let me = r.calls[i].request;
    r.calls
        .iter()
        .zip(shared)
        .find(|(c, g)| {
            **g == Some(first) && c.request != me && c.executed_us.is_some_and(|x| x <= e)
        })
        .and_then(|(c, _)| c.request)
        .map(|m| (Text::NarrSame, m))
}

/// The first call for request `q` that `f` picks.
#[inline(never)]
fn call_of(r: &Report, q: usize, f: &dyn Fn(&Call) -> bool) -> Option<usize> {
    r.calls
        .iter()
        .position(|c| c.request == Some(q as u32) && f(c))
}

/// "allowed" or "refused with 429".
fn yes(a: bool) -> Option<Text> {
    Some(if a { Text::NarrYes } else { Text::NarrNo })
}

/// Everything that happens at exactly `e` (µs), in the order a learner
/// follows it: arrivals, what Redis runs, decisions, commands sent,
/// replies, answers.
#[inline(never)]
fn clauses(r: &Report, shared: &[Option<u32>], e: u64, tx: &Texts) -> Vec<String> {
    let mut m = Telling {
        r,
        shared,
        e,
        tx,
        out: Vec::new(),
        told: Vec::new(),
        folded: Vec::new(),
    };
    m.arrivals();
    m.runs();
    m.decisions();
    m.sends();
    let answers = m.answers();
    m.replies();
    m.out.extend(answers);
    m.out.iter().map(|c| c.words(tx)).collect()
}

/// The moment `e` of run `r` being told, and what is told so far.
struct Telling<'a> {
    r: &'a Report,
    shared: &'a [Option<u32>],
    e: u64,
    tx: &'a Texts,
    out: Vec<Clause>,
    /// Requests whose decision is told.
    told: Vec<usize>,
    /// Calls told with something else.
    folded: Vec<usize>,
}

impl Telling<'_> {
    fn same(&self, i: usize) -> Option<(Text, u32)> {
        same(self.r, self.shared, i, self.e)
    }

    /// The requests that arrive: with their decision when it is taken on
    /// arrival (the gateway, a count in memory), or with the command sent.
    fn arrivals(&mut self) {
        let (r, e) = (self.r, self.e);
        // Each server's own count just before `e` (none decided before 0),
        // in the window a decision at `e` counts in.
        let k = super::windows::counting(&r.scenario, e);
        let mut own = own_counts_in(r, e.saturating_sub(1), k);
        if e == 0 {
            for o in &mut own {
                o.count = 0;
                o.known = o.known.map(|_| 0);
            }
        }
        for (q, req) in r.requests.iter().enumerate() {
            if req.arrival_us == e {
                let c = self.arrival(q, &own);
                if c.verdict.is_some() {
                    self.told.push(q);
                }
                self.out.push(c);
            }
        }
    }

    /// Request `q`'s arrival; `own` as in [`Telling::arrivals`].
    fn arrival(&mut self, q: usize, own: &[Own]) -> Clause {
        let (r, e) = (self.r, self.e);
        let req = &r.requests[q];
        let (n, sv, at_once) = (q as u32, req.server.unwrap_or(0), req.decided_us == e);
        let place = r.scenario.strategy.place();
        let mut c = Clause::new(Text::NarrArrive, n, sv);
        if place == Place::Front && at_once {
            c.key = Text::NarrGateway;
            c.v = r
                .requests
                .iter()
                .filter(|x| x.allowed && x.decided_us < e)
                .filter(|x| super::windows::counting(&r.scenario, e).is_none_or(|k| x.window == k))
                .count() as u32;
            c.cap = r.limit;
            c.verdict = Some(if req.allowed {
                Text::NarrOnTo
            } else {
                Text::NarrNo
            });
        } else if place == Place::Memory && at_once {
            let o = own.get(sv as usize).copied();
            c.v = o.map_or(0, |o| o.count);
            c.cap = o.map_or(r.limit, |o| o.cap);
            c.key = match o.and_then(|o| o.known) {
                Some(k) => {
                    c.k = k;
                    Text::NarrSync
                }
                None => Text::NarrMemory,
            };
            c.verdict = yes(req.allowed);
        } else if let Some(i) = call_of(r, q, &|x| x.sent_us == e) {
            self.folded.push(i);
            c.key = Text::NarrArriveSend;
            c.c = r.calls[i].command.as_str().to_string();
            return c;
        }
        if at_once && super::windows::names_window(&r.scenario) {
            c.win = super::windows::narrated(&r.scenario, req.window, self.tx);
        }
        c
    }

    /// What Redis runs.
    fn runs(&mut self) {
        for (i, call) in self.r.calls.iter().enumerate() {
            if call.executed_us == Some(self.e) {
                let c = self.run(i, call);
                self.out.push(c);
            }
        }
    }

    /// Call `i` run by Redis.
    fn run(&self, i: usize, call: &Call) -> Clause {
        let mut c = Clause::new(Text::NarrRun, call.request.unwrap_or(0), call.server);
        c.c = name(call, self.tx);
        c.v = call.counter_after;
        match call.command {
            Command::Get => {
                c.key = Text::NarrRunGet;
                c.v = call.value;
                c.note = self.same(i);
            }
            Command::EvalSha if self.r.scenario.algo() == crate::sim::Algo::Bucket => {
                c.key = Text::NarrRunLua
            }
            Command::EvalSha => c.key = Text::NarrRunScript,
            Command::Set => c.note = lost(self.r, call, self.e),
            _ if call.request.is_none() => {
                c.c = self.tx.fill(
                    Text::NarrBatch,
                    &[("c", &c.c), ("s", &(call.server + 1).to_string())],
                )
            }
            _ => {}
        }
        if let (Some(q), true) = (call.request, super::windows::names_window(&self.r.scenario)) {
            c.win = super::windows::narrated(
                &self.r.scenario,
                self.r.requests[q as usize].window,
                self.tx,
            );
        }
        c
    }

    /// Decisions not told with the arrival: on Redis's reply, or by the
    /// fail rule when the server stopped waiting.
    fn decisions(&mut self) {
        let (r, e) = (self.r, self.e);
        for (q, req) in r.requests.iter().enumerate() {
            if req.decided_us != e || self.told.contains(&q) {
                continue;
            }
            let mut c = Clause::new(Text::NarrRequest, q as u32, req.server.unwrap_or(0));
            c.verdict = yes(req.allowed);
            if let Some(i) = call_of(r, q, &|x| x.abandoned_us == Some(e)) {
                self.folded.push(i);
                c.key = Text::NarrTimeout;
                c.c = name(&r.calls[i], self.tx);
                c.verdict = Some(if req.allowed {
                    Text::NarrOpen
                } else {
                    Text::NarrClosed
                });
            } else if let Some(i) = call_of(r, q, &|x| x.replied_us == Some(e)) {
                self.folded.push(i);
                c.key = Text::NarrReply;
                c.c = name(&r.calls[i], self.tx);
                c.v = r.calls[i].value;
                c.note = self.same(i);
                if super::windows::names_window(&r.scenario) {
                    c.win = super::windows::narrated(&r.scenario, req.window, self.tx);
                }
            }
            self.out.push(c);
        }
    }

    /// Commands sent (other than on arrival).
    fn sends(&mut self) {
        for (i, call) in self.r.calls.iter().enumerate() {
            if call.sent_us == self.e && !self.folded.contains(&i) {
                let mut c = Clause::new(Text::NarrSend, 0, call.server);
                c.c = name(call, self.tx);
                self.out.push(c);
            }
        }
    }

    /// Answers that come after the decision (GET then SET: after the SET),
    /// told last; the reply that brings one is told with it.
    fn answers(&mut self) -> Vec<Clause> {
        let (r, e) = (self.r, self.e);
        let mut answers = Vec::new();
        for (q, req) in r.requests.iter().enumerate() {
            if req.answer_us == e && req.decided_us != e {
                if let Some(i) = call_of(r, q, &|x| {
                    x.replied_us == Some(e) || x.abandoned_us == Some(e)
                }) {
                    self.folded.push(i);
                }
                let mut c = Clause::new(Text::NarrAnswer, q as u32, 0);
                c.verdict = yes(req.allowed);
                answers.push(c);
            }
        }
        answers
    }

    /// Other replies, and calls given up on that decide nothing.
    fn replies(&mut self) {
        for (i, call) in self.r.calls.iter().enumerate() {
            let key = if call.replied_us == Some(self.e) {
                Text::NarrReply
            } else if call.abandoned_us == Some(self.e) {
                Text::NarrTimeout
            } else {
                continue;
            };
            if !self.folded.contains(&i) {
                let mut c = Clause::new(key, 0, call.server);
                c.c = name(call, self.tx);
                c.v = call.value;
                self.out.push(c);
            }
        }
    }
}

/// For a SET at `e` that writes what an earlier SET of another request
/// wrote (a lost update), that request.
fn lost(r: &Report, call: &Call, e: u64) -> Option<(Text, u32)> {
    r.calls
        .iter()
        .find(|d| {
            d.command == Command::Set
                && d.request != call.request
                && d.arg == call.arg
                && d.executed_us.is_some_and(|x| x < e)
        })
        .and_then(|d| d.request)
        .map(|m| (Text::NarrLost, m))
}

/// The whole run in one sentence: how many got through against what the
/// limit allows, and whether it held.
pub fn summary(r: &Report, tx: &Texts) -> String {
    let s = &r.scenario;
    let key = if r.over > 0 {
        Text::NarrEndOver
    } else if r.allowed < s.burst.min(r.allowance) {
        Text::NarrEndShort
    } else {
        Text::NarrEndHeld
    };
    tx.fill(
        key,
        &[
            ("name", tx.get(super::strategy::words(s).0)),
            ("a", &r.allowed.to_string()),
            ("b", &s.burst.to_string()),
            ("o", &r.over.to_string()),
            ("l", &r.allowance.to_string()),
        ],
    )
}

/// The stretches of the run (µs, in order, not overlapping) in which two
/// requests hold the same count under GET then SET: from the later of two
/// GETs' answers that read the same value to the first of their SETs. The
/// replay slows down through them.
pub fn races(r: &Report, shared: &[Option<u32>]) -> Vec<(u64, u64)> {
    let set_of = |q: Option<u32>| {
        r.calls
            .iter()
            .find(|c| c.command == Command::Set && c.request == q)
            .and_then(|c| c.executed_us)
            .unwrap_or(r.end_us)
    };
    let mut w: Vec<(u64, u64)> = Vec::new();
    for (c, g) in r.calls.iter().zip(shared) {
        let Some(first) = g.map(|f| &r.calls[f as usize]) else {
            continue;
        };
        if first.request == c.request {
            continue;
        }
        let (Some(a), Some(b)) = (c.replied_us, first.replied_us) else {
            continue;
        };
        let (from, to) = (a.max(b), set_of(c.request).min(set_of(first.request)));
        if from < to {
            w.push((from, to));
        }
    }
    crate::sim::sort::sort(&mut w);
    let mut out: Vec<(u64, u64)> = Vec::new();
    for (a, b) in w {
        match out.last_mut() {
            Some(last) if a <= last.1 => last.1 = last.1.max(b),
            _ => out.push((a, b)),
        }
    }
    out
}

/// The replay's moment `dt` ms of real time after `t` (µs), moving `rate`
/// µs a ms, except through the `races`, each of which lasts at least
/// `hold_ms`. Rounded up: a frame always moves the replay on.
pub fn advance(t: u64, dt: f64, rate: f64, races: &[(u64, u64)], hold_ms: f64) -> u64 {
    let start = t;
    let (mut t, mut dt) = (t as f64, dt);
    while dt > 0.0 {
        let here = races
            .iter()
            .find(|(a, b)| (*a as f64) <= t && t < *b as f64);
        let (speed, until) = match here {
            Some(&(a, b)) => (rate.min((b - a) as f64 / hold_ms), b as f64),
            None => (
                rate,
                races
                    .iter()
                    .map(|&(a, _)| a as f64)
                    .find(|&a| a > t)
                    .unwrap_or(f64::INFINITY),
            ),
        };
        if speed <= 0.0 {
            break;
        }
        let need = (until - t) / speed;
        if need >= dt {
            t += dt * speed;
            break;
        }
        t = until;
        dt -= need;
    }
    (t.ceil() as u64).max(start + u64::from(dt > 0.0))
}

/// After Step, Step back or a scrub, how long (ms) the voice waits for the
/// next one before speaking (a run of presses says the last).
pub const STEP_SAY_MS: u32 = 250;

/// After a setting changes, how long (ms) it waits (a drag says its end).
pub const SETTING_SAY_MS: u32 = 600;

/// How long (ms) the voice waits to say the moment once the replay is
/// not playing: at once if it just paused or ended, after
/// [`SETTING_SAY_MS`] if a setting changed (or a guess was just made),
/// else (Step, Step back, the slider) after [`STEP_SAY_MS`].
pub fn say_after(was_playing: bool, setting_changed: bool) -> u32 {
    if was_playing {
        0
    } else if setting_changed {
        SETTING_SAY_MS
    } else {
        STEP_SAY_MS
    }
}

/// While the replay plays, the least time (ms of real time) between two
/// things it says: a listener's pace, not every frame.
pub const PLAY_SAY_MS: f64 = 2_500.0;

/// While the replay plays into a race (two requests holding the same
/// count), the least time (ms) since it last spoke for it to say so at
/// once rather than wait for [`PLAY_SAY_MS`].
pub const RACE_SAY_MS: f64 = 1_000.0;

/// While the replay plays, whether the voice may speak again `since_ms`
/// after it last did: after [`PLAY_SAY_MS`], or after [`RACE_SAY_MS`]
/// when the replay has just entered a race (`race`).
pub fn due_while_playing(since_ms: f64, race: bool) -> bool {
    since_ms >= PLAY_SAY_MS || (race && since_ms >= RACE_SAY_MS)
}

/// What the widget's one voice follows: the scenario, whether the replay
/// plays, the moment shown (`None`: the end), and whether a guess is asked
/// for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Heard {
    pub scenario: crate::sim::Scenario,
    pub playing: bool,
    pub time: Option<u64>,
    pub hiding: bool,
}

/// What the voice does when what it follows changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Say {
    /// Nothing new.
    Nothing,
    /// Silence at once: a guess is asked for, and nothing may give the
    /// outcome away.
    Hush,
    /// The moment shown, after this many ms (0: at once).
    Moment(u32),
}

/// What the voice does as `was` (`None`: opening) becomes `now`, at
/// `clock` (ms of real time). `said` is the moment it last said while
/// playing and when (kept between calls); `races` gives the run's races
/// ([`races`]), asked for only while it plays. `visible`:
/// the narration under the picture, which says the page at opening (the
/// hidden announcer waits for a change: the page itself says it). While
/// playing it speaks as the replay starts, then at a listener's pace, and
/// sooner on entering a race; otherwise after [`say_after`].
pub fn say(
    was: Option<Heard>,
    now: Heard,
    visible: bool,
    said: &mut (Option<u64>, f64),
    clock: f64,
    races: impl FnOnce() -> Vec<(u64, u64)>,
) -> Say {
    if now.hiding {
        return Say::Hush;
    }
    let Some(was) = was else {
        return if visible {
            Say::Moment(0)
        } else {
            Say::Nothing
        };
    };
    let moved = was.scenario != now.scenario;
    if now.playing {
        let race = now.time.is_some_and(|t| {
            races()
                .iter()
                .any(|&(a, b)| a <= t && t < b && said.0.is_none_or(|s| s < a))
        });
        let due = due_while_playing(clock - said.1, race);
        if !was.playing || moved || (due && said.0 != now.time) {
            *said = (now.time, clock);
            return Say::Moment(0);
        }
        return Say::Nothing;
    }
    *said = (None, 0.0);
    if was == now {
        return Say::Nothing;
    }
    Say::Moment(say_after(was.playing, moved || was.hiding))
}
