//! What Redis saw: the commands in the order Redis ran them (up to a
//! moment), each with a note that spells the race out. A run of GETs that
//! read the same count becomes one line ("#2 to #12 all read 0").

use crate::sim::{Command, Report};

use super::format;
use super::text::{Texts, T};

/// How many lines the log shows before "show all".
pub const SHOWN: usize = 12;

/// One line of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// When Redis ran it ("2.35 ms", or "2.1–4.3 ms" for a run of GETs).
    pub at: String,
    /// Whose command ("#3 via server 2", "server 2, batch", "#2 to #12").
    pub who: String,
    /// The command and what it returned ("GET → 7", "SET 8", "GET → 0 ×11").
    pub command: String,
    /// What it means.
    pub note: String,
    /// Part of the race: a shared read or a lost update.
    pub warn: bool,
    /// Whose command: the request's number, 1-based (0 for a batch), and
    /// the last request of a run of GETs (else the same number).
    pub request: u32,
    pub to: u32,
}

/// What the log says while Redis has run nothing by `t_us`: that the
/// first commands are still on their way, when some sent by then will
/// run; else that nothing reached it. `None` once a command has run.
pub fn empty_note(r: &Report, t_us: u64) -> Option<T> {
    let ran = |c: &crate::sim::Call| c.executed_us.is_some_and(|x| x <= t_us);
    if r.calls.iter().any(ran) {
        return None;
    }
    let coming = r
        .calls
        .iter()
        .any(|c| c.sent_us <= t_us && c.executed_us.is_some());
    Some(if coming { T::LogNotYet } else { T::LogNothing })
}

/// The log up to `t_us` (all of it past the end), at most `max` lines.
/// `shared` is [`super::reads::shared_reads`] of the same report.
pub fn lines(
    r: &Report,
    shared: &[Option<u32>],
    t_us: u64,
    max: usize,
    texts: &Texts,
) -> Vec<Line> {
    let limit = r.limit;
    let mut out: Vec<Line> = Vec::new();
    // The run of shared GETs the last line holds: (group, first request,
    // last request, count, first time).
    let mut run: Option<(u32, u32, u32, u32, u64)> = None;
    let mut counter = r.initial_counter().unwrap_or(0);
    let num = |n: u32| (n + 1).to_string();
    for &i in &r.redis_log {
        let c = &r.calls[i as usize];
        let Some(at) = c.executed_us.filter(|&x| x <= t_us) else {
            break;
        };
        let req = c.request.unwrap_or(0);
        let group = shared[i as usize];
        // A further GET of the same run: widen the last line.
        if let (Some(g), Some((rg, first, _, n, since))) = (group, run) {
            if g == rg {
                let n = n + 1;
                run = Some((rg, first, req, n, since));
                if let Some(line) = out.last_mut() {
                    line.at = format!(
                        "{}–{}",
                        texts.num(&format::ms(since)),
                        texts.fill(T::Ms, &[("n", &texts.num(&format::ms(at)))])
                    );
                    line.who = format!("#{} – #{}", num(first), num(req));
                    line.to = req + 1;
                    line.command = format!("GET → {} ×{n}", c.value);
                    // The group's first reader, which may be earlier than
                    // this run's first line.
                    let gf = r.calls[g as usize].request.unwrap_or(0);
                    line.note = texts.fill(
                        T::LogSameReads,
                        &[
                            ("first", &num(gf)),
                            ("last", &num(req)),
                            ("v", &c.value.to_string()),
                        ],
                    );
                }
                counter = c.counter_after;
                continue;
            }
        }
        if out.len() == max {
            break;
        }
        run = group.map(|g| (g, req, req, 1, at));
        let late = c.abandoned_us.is_some_and(|a| a <= at);
        let (command, mut note, mut warn) = match c.command {
            Command::Get => {
                let will = if c.value < limit {
                    T::LogWillAllow
                } else {
                    T::LogWillRefuse
                };
                match group {
                    Some(g) if g != i => {
                        let first = r.calls[g as usize].request.unwrap_or(0);
                        (
                            format!("GET → {}", c.value),
                            texts.fill(
                                T::LogSameReads,
                                &[
                                    ("first", &num(first)),
                                    ("last", &num(req)),
                                    ("v", &c.value.to_string()),
                                ],
                            ),
                            true,
                        )
                    }
                    Some(_) => (
                        format!("GET → {}", c.value),
                        texts.get(will).to_string(),
                        true,
                    ),
                    None => (
                        format!("GET → {}", c.value),
                        texts.get(will).to_string(),
                        false,
                    ),
                }
            }
            Command::Set => {
                let lost = c.value <= counter;
                let note = if lost {
                    texts.fill(T::LogLost, &[("v", &counter.to_string())])
                } else {
                    String::new()
                };
                (format!("SET {}", c.value), note, lost)
            }
            Command::Incr => {
                let t = if c.value <= limit {
                    T::LogAllow
                } else {
                    T::LogRefuse
                };
                (
                    format!("INCR → {}", c.value),
                    texts.get(t).to_string(),
                    false,
                )
            }
            Command::Expire => (
                "EXPIRE".to_string(),
                texts.get(T::LogExpire).to_string(),
                false,
            ),
            Command::EvalSha => {
                let note = if c.value == 1 {
                    texts.fill(
                        T::LogBucketOk,
                        &[(
                            "k",
                            &texts.count(c.counter_after.into(), T::TokenOne, T::TokenMany),
                        )],
                    )
                } else {
                    texts.get(T::LogBucketNo).to_string()
                };
                (format!("EVALSHA → {}", c.value), note, false)
            }
            Command::IncrBy => (
                format!("INCRBY {}", c.arg),
                texts.fill(
                    T::LogBatch,
                    &[("p", &c.arg.to_string()), ("v", &c.value.to_string())],
                ),
                false,
            ),
        };
        if late {
            if matches!(c.command, Command::Get | Command::Incr | Command::EvalSha) {
                note.clear();
                warn = false;
            }
            if !note.is_empty() {
                note.push_str("; ");
            }
            note.push_str(texts.get(T::LogLate));
        }
        let who = match c.request {
            Some(_) => texts.fill(
                T::LogVia,
                &[("r", &num(req)), ("s", &(c.server + 1).to_string())],
            ),
            None => texts.fill(T::LogSync, &[("s", &(c.server + 1).to_string())]),
        };
        out.push(Line {
            at: texts.fill(T::Ms, &[("n", &texts.num(&format::ms(at)))]),
            who,
            command,
            note,
            warn,
            request: c.request.map_or(0, |q| q + 1),
            to: c.request.map_or(0, |q| q + 1),
        });
        counter = c.counter_after;
    }
    out
}
