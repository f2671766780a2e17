//! What Redis saw: the commands in the order Redis ran them (up to a
//! moment), each with a note that spells the race out. A run of GETs that
//! read the same count becomes one line ("#2 to #12 all read 0").

use crate::sim::{Call, Command, Report};

use super::format;
use super::text::{Text, Texts};

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
pub fn empty_note(r: &Report, t_us: u64) -> Option<Text> {
    let ran = |c: &crate::sim::Call| c.executed_us.is_some_and(|x| x <= t_us);
    if r.calls.iter().any(ran) {
        return None;
    }
    let coming = r
        .calls
        .iter()
        .any(|c| c.sent_us <= t_us && c.executed_us.is_some());
    Some(if coming {
        Text::LogNotYet
    } else {
        Text::LogNothing
    })
}

/// The markup inside each line's list item, for the view to fill: when,
/// whose, the command and the note, in that order.
pub const SHELL: &str = r#"<span class="rll-log__at"></span><span class="rll-log__who"></span><code class="rll-log__cmd"></code><span class="rll-log__note"></span>"#;

impl Line {
    /// The list item's classes: a line of the race stands out.
    pub fn class(&self) -> &'static str {
        if self.warn {
            "rll-log__line rll-log__line--warn"
        } else {
            "rll-log__line"
        }
    }
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
    let mut out: Vec<Line> = Vec::new();
    // The run of shared GETs the last line holds.
    let mut run: Option<Run> = None;
    let mut counter = r.initial_counter().unwrap_or(0);
    for &i in &r.redis_log {
        let c = &r.calls[i as usize];
        let Some(at) = c.executed_us.filter(|&x| x <= t_us) else {
            break;
        };
        let group = shared[i as usize];
        let same = run.as_mut().filter(|run| group == Some(run.group));
        if let (Some(run), Some(line)) = (same, out.last_mut()) {
            run.widen(line, r, c, at, texts);
        } else {
            if out.len() == max {
                break;
            }
            run = group.map(|g| Run {
                group: g,
                first: c.request.unwrap_or(0),
                count: 1,
                since_us: at,
            });
            out.push(line(r, i, group, counter, at, texts));
        }
        counter = c.counter_after;
    }
    out
}

/// A run of GETs, one after another, that read the same count: one line.
struct Run {
    /// The shared read's group (its first reader's command).
    group: u32,
    /// The run's first request, 0-based.
    first: u32,
    /// How many GETs it holds.
    count: u32,
    /// When Redis ran the first.
    since_us: u64,
}

impl Run {
    /// Adds GET `c`, run at `at`, to the run and to its `line`.
    fn widen(&mut self, line: &mut Line, r: &Report, c: &Call, at: u64, texts: &Texts) {
        let req = c.request.unwrap_or(0);
        self.count += 1;
        line.at = format!(
            "{}–{}",
            texts.num(&format::ms(self.since_us)),
            ms(at, texts)
        );
        line.who = format!("#{} – #{}", num(self.first), num(req));
        line.to = req + 1;
        line.command = format!("GET → {} ×{}", c.value, self.count);
        // The group's first reader, which may be earlier than this run's
        // first line.
        let first = r.calls[self.group as usize].request.unwrap_or(0);
        line.note = same_reads(first, req, c.value, texts);
    }
}

/// The line of command `i` alone, run at `at`: `group` is its shared
/// read's, `counter` Redis's counter before it.
fn line(r: &Report, i: u32, group: Option<u32>, counter: u32, at: u64, texts: &Texts) -> Line {
    let c = &r.calls[i as usize];
    let (command, note, warn) = says(r, i, group, counter, texts);
    let (note, warn) = if c.abandoned_us.is_some_and(|a| a <= at) {
        late(c.command, note, warn, texts)
    } else {
        (note, warn)
    };
    let s = (c.server + 1).to_string();
    let who = match c.request {
        Some(q) => texts.fill(Text::LogVia, &[("r", &num(q)), ("s", &s)]),
        None => texts.fill(Text::LogSync, &[("s", &s)]),
    };
    let request = c.request.map_or(0, |q| q + 1);
    Line {
        at: ms(at, texts),
        who,
        command,
        note,
        warn,
        request,
        to: request,
    }
}

/// What command `i` says and what it means: the command and its reply,
/// the note, and whether it is part of the race.
fn says(
    r: &Report,
    i: u32,
    group: Option<u32>,
    counter: u32,
    texts: &Texts,
) -> (String, String, bool) {
    let c = &r.calls[i as usize];
    let word = |t: Text| texts.get(t).to_string();
    match c.command {
        Command::Get => (
            format!("GET → {}", c.value),
            read_note(r, i, group, texts),
            group.is_some(),
        ),
        Command::Set => {
            let lost = c.value <= counter;
            let note = if lost {
                texts.fill(Text::LogLost, &[("v", &counter.to_string())])
            } else {
                String::new()
            };
            (format!("SET {}", c.value), note, lost)
        }
        Command::Incr => {
            let t = if c.value <= r.limit {
                Text::LogAllow
            } else {
                Text::LogRefuse
            };
            (format!("INCR → {}", c.value), word(t), false)
        }
        Command::Expire => ("EXPIRE".to_string(), word(Text::LogExpire), false),
        Command::EvalSha => {
            let note = if c.value == 1 {
                let k = texts.count(c.counter_after.into(), Text::TokenOne, Text::TokenMany);
                texts.fill(Text::LogBucketOk, &[("k", &k)])
            } else {
                word(Text::LogBucketNo)
            };
            (format!("EVALSHA → {}", c.value), note, false)
        }
        Command::IncrBy => {
            let (p, v) = (c.arg.to_string(), c.value.to_string());
            let note = texts.fill(Text::LogBatch, &[("p", &p), ("v", &v)]);
            (format!("INCRBY {}", c.arg), note, false)
        }
    }
}

/// What GET `i`'s reading means: that others read the same count (its
/// shared read's `group`), or what its server will decide.
fn read_note(r: &Report, i: u32, group: Option<u32>, texts: &Texts) -> String {
    let c = &r.calls[i as usize];
    match group {
        Some(g) if g != i => {
            let first = r.calls[g as usize].request.unwrap_or(0);
            same_reads(first, c.request.unwrap_or(0), c.value, texts)
        }
        _ if c.value < r.limit => texts.get(Text::LogWillAllow).to_string(),
        _ => texts.get(Text::LogWillRefuse).to_string(),
    }
}

/// The note of a command Redis ran after its server had stopped waiting:
/// a read or a decision no one waits for any more says only that.
fn late(command: Command, mut note: String, mut warn: bool, texts: &Texts) -> (String, bool) {
    if matches!(command, Command::Get | Command::Incr | Command::EvalSha) {
        note.clear();
        warn = false;
    }
    if !note.is_empty() {
        note.push_str("; ");
    }
    note.push_str(texts.get(Text::LogLate));
    (note, warn)
}

/// "#1 to #12 all read 0": requests `first` to `last` (0-based) read `v`.
fn same_reads(first: u32, last: u32, v: u32, texts: &Texts) -> String {
    texts.fill(
        Text::LogSameReads,
        &[
            ("first", &num(first)),
            ("last", &num(last)),
            ("v", &v.to_string()),
        ],
    )
}

/// A 0-based request's number as the log writes it, 1-based.
fn num(n: u32) -> String {
    (n + 1).to_string()
}

/// "2.35 ms".
fn ms(us: u64, texts: &Texts) -> String {
    texts.fill(Text::Ms, &[("n", &texts.num(&format::ms(us)))])
}
