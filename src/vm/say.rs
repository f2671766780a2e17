//! What the replay says to a screen reader: one sentence for a stretch of
//! the burst (what happened in it, then the totals so far), one when the
//! replay pauses, and one for the end. The view's announcer speaks only
//! what these return, at a listener's pace; a richer narration of the
//! picture can replace [`span`] without touching the view.

use super::format;
use super::text::{Texts, T};
use crate::sim::{Report, Strategy};

/// Request numbers (0-based indices, ascending) as a listener hears them:
/// runs of three or more as "1 to 8", the last joined by "and":
/// [0, 1, 2, 3, 6] → "1 to 4 and 7".
pub fn numbers(ix: &[u32], t: &Texts) -> String {
    let mut runs: Vec<String> = Vec::new();
    let mut i = 0;
    while i < ix.len() {
        let mut j = i;
        while j + 1 < ix.len() && ix[j + 1] == ix[j] + 1 {
            j += 1;
        }
        let (a, b) = ((ix[i] + 1).to_string(), (ix[j] + 1).to_string());
        if j >= i + 2 {
            runs.push(t.fill(T::SayRange, &[("a", &a), ("b", &b)]));
        } else {
            runs.push(a);
            if j > i {
                runs.push(b);
            }
        }
        i = j + 1;
    }
    match runs.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{}{}{last}", rest.join(", "), t.get(T::SayAnd)),
    }
}

/// "request 3 arrives" or "requests 3 and 4 arrive": `one` or `many` with
/// the numbers filled.
fn part(ix: &[u32], one: T, many: T, t: &Texts) -> Option<String> {
    (!ix.is_empty()).then(|| {
        t.fill(
            if ix.len() == 1 { one } else { many },
            &[("n", &numbers(ix, t))],
        )
    })
}

/// The totals at `to` (µs): "So far 3 allowed, 2 refused", and the Redis
/// counter when there is one.
fn so_far(r: &Report, to: u64, t: &Texts) -> String {
    let mo = r.at(to);
    let mut s = t.fill(
        T::SaySoFar,
        &[
            ("a", &mo.allowed.to_string()),
            ("r", &mo.refused.to_string()),
        ],
    );
    if let Some(c) = mo.counter {
        let key = if r.scenario.strategy == Strategy::Lua {
            T::LabelTokens
        } else {
            T::LabelCounter
        };
        s.push_str(&t.fill(key, &[("c", &c.to_string())]));
    }
    s
}

/// What happened after `from` up to and including `to` (µs; `from`
/// `None`: from the very start), then the totals at `to`: "t = 0.4 ms:
/// requests 1 to 3 arrive; Redis runs GET for request 1; request 2
/// allowed. So far 1 allowed, 0 refused, Redis counter 1."
pub fn span(r: &Report, from: Option<u64>, to: u64, t: &Texts) -> String {
    let within = |x: u64| from.is_none_or(|f| x > f) && x <= to;
    let pick = |f: &dyn Fn(&crate::sim::RequestTrace) -> bool| -> Vec<u32> {
        (0..r.requests.len() as u32)
            .filter(|&i| f(&r.requests[i as usize]))
            .collect()
    };
    let arrived = pick(&|q| within(q.arrival_us));
    let allowed = pick(&|q| q.allowed && within(q.decided_us));
    let refused = pick(&|q| !q.allowed && within(q.decided_us));
    let answered = pick(&|q| q.answer_us != q.decided_us && within(q.answer_us));
    let mut parts: Vec<String> = Vec::new();
    parts.extend(part(&arrived, T::SayArriveOne, T::SayArriveMany, t));
    let ran: Vec<String> = r
        .calls
        .iter()
        .filter(|c| c.executed_us.is_some_and(within))
        .map(|c| match c.request {
            Some(q) => t.fill(
                T::SayCommand,
                &[("c", c.command.as_str()), ("n", &(q + 1).to_string())],
            ),
            None => c.command.as_str().to_string(),
        })
        .collect();
    match ran.len() {
        0 => {}
        1..=3 => parts.push(t.fill(T::SayRedis, &[("c", &ran.join(", "))])),
        n => parts.push(t.fill(T::SayRedisMany, &[("n", &n.to_string())])),
    }
    parts.extend(part(&allowed, T::SayAllowedOne, T::SayAllowedMany, t));
    parts.extend(part(&refused, T::SayRefusedOne, T::SayRefusedMany, t));
    parts.extend(part(&answered, T::SayAnsweredOne, T::SayAnsweredMany, t));
    if parts.is_empty() {
        parts.push(t.get(T::SayWaiting).to_string());
    }
    t.fill(
        T::SayAt,
        &[
            ("t", &t.num(&format::moment(to))),
            ("what", &parts.join("; ")),
            ("so_far", &so_far(r, to, t)),
        ],
    )
}

/// What happens at exactly `at` (µs): the stretch since the event before
/// it. What Step and Step back say.
pub fn moment(r: &Report, at: u64, t: &Texts) -> String {
    let before = r.event_times().into_iter().rev().find(|&x| x < at);
    span(r, before, at, t)
}

/// The replay paused at `at` (µs): "Paused at t = 1.2 ms. So far …".
pub fn paused(r: &Report, at: u64, t: &Texts) -> String {
    t.fill(
        T::SayPaused,
        &[
            ("t", &t.num(&format::moment(at))),
            ("so_far", &so_far(r, at, t)),
        ],
    )
}

/// The outcome of the whole burst: "GET then SET: End of the burst: 14
/// allowed, 6 refused. …" with the verdicts. Said when a setting changes
/// (once the learner pauses) and when the replay reaches the end.
pub fn outcome(r: &Report, t: &Texts) -> String {
    let verdicts: Vec<String> = super::totals::verdicts(r, t)
        .into_iter()
        .map(|v| v.text)
        .collect();
    format!(
        "{}: {}. {}",
        t.get(super::skeleton::tab_names(r.scenario.strategy).0),
        t.fill(
            T::LabelEnd,
            &[("a", &r.allowed.to_string()), ("r", &r.refused.to_string())]
        ),
        verdicts.join(" ")
    )
}
