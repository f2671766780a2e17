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
use super::own::own_counts;
use super::text::{Texts, T};
use crate::sim::{Command, Report, Strategy};

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
            T::NarrAt,
            &[
                ("t", &tx.num(&format::ms_exact(t))),
                (
                    "what",
                    &tx.fill(
                        T::NarrStart,
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
        text.push_str(&tx.fill(T::NarrMore, &[("n", &(what.len() - 3).to_string())]));
    }
    tx.fill(
        T::NarrAt,
        &[("t", &tx.num(&format::ms_exact(e))), ("what", &text)],
    )
}

/// Request or server `i` (0-based) as the learner counts: from 1.
fn one(i: u32) -> String {
    (i + 1).to_string()
}

/// Everything that happens at exactly `e` (µs), in the order a learner
/// follows it: arrivals, what Redis runs, decisions, commands sent,
/// replies, answers.
fn clauses(r: &Report, shared: &[Option<u32>], e: u64, tx: &Texts) -> Vec<String> {
    let s = &r.scenario;
    let memory = matches!(
        s.strategy,
        Strategy::Local | Strategy::Split | Strategy::Sync
    );
    let verdict = |yes: bool| tx.get(if yes { T::NarrYes } else { T::NarrNo }).to_string();
    let then = |what: String, v: String| tx.fill(T::NarrThen, &[("what", &what), ("verdict", &v)]);
    // A call as a listener hears it: "GET for request 2", "SET 1 for
    // request 1", "INCRBY 3 from server 2".
    let name = |i: usize| {
        let c = &r.calls[i];
        let cmd = match c.command {
            Command::Set => format!("SET {}", c.value.max(c.arg)),
            k => k.as_str().to_string(),
        };
        match c.request {
            Some(q) => tx.fill(T::SayCommand, &[("c", &cmd), ("n", &one(q))]),
            None => format!("{cmd} {}", c.arg),
        }
    };
    // For a GET that read a count another GET also read (by `e`), that
    // other request: ", the same count request 1 was given".
    let same = |i: usize| -> String {
        let Some(first) = shared.get(i).copied().flatten() else {
            return String::new();
        };
        let me = r.calls[i].request;
        r.calls
            .iter()
            .zip(shared)
            .find(|(c, g)| {
                **g == Some(first) && c.request != me && c.executed_us.is_some_and(|x| x <= e)
            })
            .and_then(|(c, _)| c.request)
            .map_or(String::new(), |m| tx.fill(T::NarrSame, &[("m", &one(m))]))
    };
    let call_of = |q: usize, f: &dyn Fn(&crate::sim::Call) -> bool| {
        r.calls
            .iter()
            .position(|c| c.request == Some(q as u32) && f(c))
    };
    let mut out = Vec::new();
    let mut folded_sends = Vec::new();
    let mut folded_replies = Vec::new();
    let mut decided = Vec::new();
    // Arrivals (with what the server does at once).
    // Each server's own count just before `e` (none decided before 0).
    let mut own_before = own_counts(r, e.saturating_sub(1));
    if e == 0 {
        for o in &mut own_before {
            o.count = 0;
            o.known = o.known.map(|_| 0);
        }
    }
    for (q, req) in r.requests.iter().enumerate() {
        if req.arrival_us != e {
            continue;
        }
        let n = one(q as u32);
        let at_once = req.decided_us == e;
        let text = match req.server {
            _ if s.strategy == Strategy::Edge && at_once => {
                let c = r
                    .requests
                    .iter()
                    .filter(|x| x.allowed && x.decided_us < e)
                    .count();
                decided.push(q);
                let v = match (req.allowed, req.server) {
                    (true, Some(sv)) => tx.fill(T::NarrOnTo, &[("s", &one(sv))]),
                    _ => verdict(false),
                };
                then(
                    tx.fill(
                        T::NarrGateway,
                        &[
                            ("n", &n),
                            ("c", &c.to_string()),
                            ("l", &r.limit.to_string()),
                        ],
                    ),
                    v,
                )
            }
            Some(sv) if memory && at_once => {
                decided.push(q);
                let o = own_before.get(sv as usize).copied();
                let (c, cap) = o.map_or((0, r.limit), |o| (o.count, o.cap));
                let what = match o.and_then(|o| o.known) {
                    Some(k) => tx.fill(
                        T::NarrSync,
                        &[
                            ("n", &n),
                            ("s", &one(sv)),
                            ("k", &k.to_string()),
                            ("c", &c.to_string()),
                            ("cap", &cap.to_string()),
                        ],
                    ),
                    None => tx.fill(
                        T::NarrMemory,
                        &[
                            ("n", &n),
                            ("s", &one(sv)),
                            ("c", &c.to_string()),
                            ("cap", &cap.to_string()),
                        ],
                    ),
                };
                then(what, verdict(req.allowed))
            }
            Some(sv) => match call_of(q, &|c| c.sent_us == e) {
                Some(i) => {
                    folded_sends.push(i);
                    let cmd = r.calls[i].command.as_str();
                    tx.fill(T::NarrArriveSend, &[("n", &n), ("s", &one(sv)), ("c", cmd)])
                }
                None => tx.fill(T::NarrArrive, &[("n", &n), ("s", &one(sv))]),
            },
            None => then(tx.fill(T::NarrRequest, &[("n", &n)]), verdict(req.allowed)),
        };
        out.push(text);
    }
    // What Redis runs.
    for (i, c) in r.calls.iter().enumerate() {
        if c.executed_us != Some(e) {
            continue;
        }
        let text = match c.command {
            Command::Get => {
                tx.fill(
                    T::NarrRunGet,
                    &[("c", &name(i)), ("v", &c.value.to_string())],
                ) + &same(i)
            }
            Command::EvalSha => tx.fill(
                T::NarrRunLua,
                &[
                    ("n", &c.request.map_or(String::new(), one)),
                    ("v", &c.counter_after.to_string()),
                ],
            ),
            k => {
                let what = match c.request {
                    Some(_) => name(i),
                    None => tx.fill(T::NarrBatch, &[("c", &name(i)), ("s", &one(c.server))]),
                };
                let mut t = tx.fill(
                    T::NarrRun,
                    &[("c", &what), ("v", &c.counter_after.to_string())],
                );
                // A SET that writes what an earlier SET wrote: a lost update.
                if k == Command::Set {
                    let lost = r.calls.iter().find(|d| {
                        d.command == Command::Set
                            && d.request != c.request
                            && d.arg == c.arg
                            && d.executed_us.is_some_and(|x| x < e)
                    });
                    if let Some(m) = lost.and_then(|d| d.request) {
                        t.push_str(&tx.fill(T::NarrLost, &[("m", &one(m))]));
                    }
                }
                t
            }
        };
        out.push(text);
    }
    // Decisions not told with the arrival: on Redis's reply, or by the
    // fail rule when the server stopped waiting.
    for (q, req) in r.requests.iter().enumerate() {
        if req.decided_us != e || decided.contains(&q) {
            continue;
        }
        let sv = one(req.server.unwrap_or(0));
        let text = if let Some(i) = call_of(q, &|c| c.abandoned_us == Some(e)) {
            folded_replies.push(i);
            let v = tx.get(if req.allowed {
                T::NarrOpen
            } else {
                T::NarrClosed
            });
            then(
                tx.fill(T::NarrTimeout, &[("s", &sv), ("c", &name(i))]),
                v.to_string(),
            )
        } else if let Some(i) = call_of(q, &|c| c.replied_us == Some(e)) {
            folded_replies.push(i);
            let c = &r.calls[i];
            let what = tx.fill(
                T::NarrReply,
                &[("s", &sv), ("v", &c.value.to_string()), ("c", &name(i))],
            );
            then(what + &same(i), verdict(req.allowed))
        } else {
            then(
                tx.fill(T::NarrRequest, &[("n", &one(q as u32))]),
                verdict(req.allowed),
            )
        };
        out.push(text);
    }
    // Commands sent (other than on arrival).
    for (i, c) in r.calls.iter().enumerate() {
        if c.sent_us == e && !folded_sends.contains(&i) {
            out.push(tx.fill(T::NarrSend, &[("s", &one(c.server)), ("c", &name(i))]));
        }
    }
    // Answers that come after the decision (GET then SET: after the SET);
    // the reply that brings one is told with it.
    let mut answers = Vec::new();
    for (q, req) in r.requests.iter().enumerate() {
        if req.answer_us == e && req.decided_us != e {
            if let Some(i) = call_of(q, &|c| c.replied_us == Some(e) || c.abandoned_us == Some(e)) {
                folded_replies.push(i);
            }
            answers.push(then(
                tx.fill(T::NarrAnswer, &[("n", &one(q as u32))]),
                verdict(req.allowed),
            ));
        }
    }
    // Other replies, and calls given up on that decide nothing.
    for (i, c) in r.calls.iter().enumerate() {
        if folded_replies.contains(&i) {
            continue;
        }
        let sv = one(c.server);
        if c.replied_us == Some(e) {
            out.push(tx.fill(
                T::NarrReply,
                &[("s", &sv), ("v", &c.value.to_string()), ("c", &name(i))],
            ));
        } else if c.abandoned_us == Some(e) {
            out.push(tx.fill(T::NarrTimeout, &[("s", &sv), ("c", &name(i))]));
        }
    }
    out.extend(answers);
    out
}

/// The whole run in one sentence: how many got through against what the
/// limit allows, and whether it held.
pub fn summary(r: &Report, tx: &Texts) -> String {
    let s = &r.scenario;
    let key = if r.over > 0 {
        T::NarrEndOver
    } else if r.allowed < s.burst.min(r.allowance) {
        T::NarrEndShort
    } else {
        T::NarrEndHeld
    };
    tx.fill(
        key,
        &[
            ("name", tx.get(super::skeleton::tab_names(s.strategy).0)),
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
    w.sort_unstable();
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
