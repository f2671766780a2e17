//! The guided lesson: a few steps, each with a scenario it opens on, one
//! goal the widget detects from the model's state (the scenario, its
//! report, and whether the replay is at its end; never from which button
//! was pressed), a hint, and an explanation once the goal holds. The seven
//! built-in steps follow the course; a content file's `tour` array
//! replaces them (docs/CONTENT.md). Pure, and tested natively
//! (`tests/it/vm_tour.rs`).

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::sim::params::{self, CHOICES};
use crate::sim::{Report, Scenario, KNOBS};

use super::html::esc;
use super::text::{Texts, T};

/// What a step asks the learner to reach. Multiples of the limit are in
/// thousandths (1.5 × is 1500).
#[derive(Clone, Debug, PartialEq)]
pub enum Goal {
    /// The replay shows the end of the burst (`replay-end`).
    ReplayEnd,
    /// At least this many times the limit allowed (`allowed-at-least`).
    AllowedAtLeast(u32),
    /// A user sending exactly the limit is refused some of it
    /// (`regular-user-below-limit`).
    RegularUserBelowLimit,
    /// At least this many servers and this round trip (µs), and still
    /// exactly min(burst, allowance) allowed (`exact-with`).
    ExactWith(u32, u32),
    /// A setting has this value, as the URL writes it (`setting`).
    Setting(&'static str, String),
    /// At most this many times the limit allowed (`allowed-at-most`).
    AllowedAtMost(u32),
}

impl Goal {
    /// Reads a goal as a content file writes it: its kind, then its
    /// parameters, separated by spaces (`allowed-at-least 3`,
    /// `exact-with 12 10`, `setting fail closed`).
    pub fn parse(text: &str) -> Option<Goal> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let times = |w: &str| {
            params::parse_decimal(w)
                .filter(|d| d.milli > 0 && d.milli <= 1_000_000)
                .map(|d| d.milli as u32)
        };
        Some(match words[..] {
            ["replay-end"] => Goal::ReplayEnd,
            ["allowed-at-least", k] => Goal::AllowedAtLeast(times(k)?),
            ["allowed-at-most", k] => Goal::AllowedAtMost(times(k)?),
            ["regular-user-below-limit"] => Goal::RegularUserBelowLimit,
            ["exact-with", n, rtt] => Goal::ExactWith(
                n.parse().ok()?,
                params::read_value(&crate::sim::RTT, rtt)? as u32,
            ),
            ["setting", name, value] => {
                let name = CHOICES
                    .into_iter()
                    .chain(KNOBS.iter().map(|k| k.name))
                    .find(|n| *n == name)?;
                let parsed = params::parse([(name, value)]);
                let written = params::to_pairs(&parsed.scenario)
                    .into_iter()
                    .find(|(n, _)| *n == name)?
                    .1;
                (parsed.notices.is_empty()).then_some(Goal::Setting(name, written))?
            }
            _ => return None,
        })
    }

    /// Whether the goal holds for scenario `s`, its report `r`, with the
    /// replay at its end or not.
    pub fn met(&self, s: &Scenario, r: &Report, at_end: bool) -> bool {
        let times = |k: u32| u64::from(k) * u64::from(r.limit);
        let allowed = u64::from(r.allowed) * 1000;
        match self {
            Goal::ReplayEnd => at_end,
            Goal::AllowedAtLeast(k) => allowed >= times(*k),
            Goal::AllowedAtMost(k) => allowed <= times(*k),
            Goal::RegularUserBelowLimit => r.regular_user < r.limit,
            Goal::ExactWith(n, rtt) => {
                s.servers >= *n && s.rtt_us >= *rtt && r.allowed == s.burst.min(r.allowance)
            }
            Goal::Setting(name, value) => params::to_pairs(s)
                .iter()
                .any(|(n, v)| n == name && v == value),
        }
    }

    /// The sliders and settings the learner needs for this goal, by their
    /// URL names, besides those the step's scenario sets.
    fn uses(&self) -> Vec<&'static str> {
        match self {
            Goal::ExactWith(..) => vec!["servers", "rtt"],
            Goal::Setting(name, _) => vec![name],
            _ => Vec::new(),
        }
    }
}

/// One step of the lesson.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// Its title.
    pub title: String,
    /// What the learner reads before acting: at most three short sentences.
    pub text: String,
    /// The goal, as the learner reads it.
    pub task: String,
    /// The goal, as the widget checks it.
    pub goal: Goal,
    /// A hint, on request.
    pub hint: String,
    /// The explanation once the goal holds.
    pub done: String,
    /// Said while the goal does not hold and the replay is at its end (the
    /// learner has seen the outcome): why this is not the answer.
    pub not: Option<String>,
    /// The scenario it opens on, as URL parameters from the defaults
    /// (`predict=1` asks for a prediction first).
    pub query: String,
}

impl Step {
    /// The scenario the step opens on.
    pub fn scenario(&self) -> Scenario {
        params::parse(params::pairs(&self.query)).scenario
    }

    /// Whether the step asks for a prediction before the burst replays.
    pub fn predict(&self) -> bool {
        params::pairs(&self.query).contains(&("predict", "1"))
    }

    /// The sliders and settings the step needs in sight (URL names): what
    /// its scenario sets (but the strategy and Redis's health, which it
    /// sets for the learner) and what its goal names; none for watching.
    pub fn uses(&self) -> Vec<&'static str> {
        if self.goal == Goal::ReplayEnd {
            return Vec::new();
        }
        let mut out = self.goal.uses();
        for (name, _) in params::pairs(&self.query) {
            if let Some(k) = KNOBS.iter().find(|k| k.name == name) {
                if !out.contains(&k.name) {
                    out.push(k.name);
                }
            }
        }
        out
    }
}

/// The built-in steps: the sentences' keys (title, text, task, hint,
/// explanation, why not), the goal and the opening scenario.
type Builtin = ([T; 5], Option<T>, &'static str, &'static str);
const BUILTIN: [Builtin; 7] = [
    (
        [
            T::Tour1Title,
            T::Tour1Text,
            T::Tour1Goal,
            T::Tour1Hint,
            T::Tour1Done,
        ],
        None,
        "replay-end",
        "strategy=local&servers=1",
    ),
    (
        [
            T::Tour2Title,
            T::Tour2Text,
            T::Tour2Goal,
            T::Tour2Hint,
            T::Tour2Done,
        ],
        None,
        "allowed-at-least 3",
        "strategy=local&servers=1",
    ),
    (
        [
            T::Tour3Title,
            T::Tour3Text,
            T::Tour3Goal,
            T::Tour3Hint,
            T::Tour3Done,
        ],
        None,
        "regular-user-below-limit",
        "strategy=split&servers=1",
    ),
    (
        [
            T::Tour4Title,
            T::Tour4Text,
            T::Tour4Goal,
            T::Tour4Hint,
            T::Tour4Done,
        ],
        None,
        "allowed-at-least 2",
        "strategy=getset&rtt=0.2&predict=1",
    ),
    (
        [
            T::Tour5Title,
            T::Tour5Text,
            T::Tour5Goal,
            T::Tour5Hint,
            T::Tour5Done,
        ],
        None,
        "exact-with 12 10",
        "strategy=incr",
    ),
    (
        [
            T::Tour6Title,
            T::Tour6Text,
            T::Tour6Goal,
            T::Tour6Hint,
            T::Tour6Done,
        ],
        Some(T::Tour6Not),
        "setting fail closed",
        "strategy=incr&redis=down",
    ),
    (
        [
            T::Tour7Title,
            T::Tour7Text,
            T::Tour7Goal,
            T::Tour7Hint,
            T::Tour7Done,
        ],
        None,
        "allowed-at-most 1.5",
        "strategy=sync&sync=100",
    ),
];

/// The seven built-in steps, in `t`'s words.
pub fn builtin(t: &Texts) -> Vec<Step> {
    BUILTIN
        .iter()
        .map(|(keys, not, goal, query)| {
            let [title, text, task, hint, done] = keys.map(|k| t.get(k).to_string());
            Step {
                title,
                text,
                task,
                goal: Goal::parse(goal).unwrap_or(Goal::ReplayEnd),
                hint,
                done,
                not: not.map(|k| t.get(k).to_string()),
                query: query.to_string(),
            }
        })
        .collect()
}

/// A step as a content file writes it: text fields by name.
pub type Written = BTreeMap<String, String>;

/// The fields a written step has; the first six are required.
const FIELDS: [&str; 8] = [
    "title", "text", "goal", "task", "hint", "done", "not", "scenario",
];

/// The number of sentences in `s`: each ends with `.`, `?` or `!` before a
/// space or the end.
pub fn sentences(s: &str) -> usize {
    let s = s.trim();
    let b: Vec<char> = s.chars().collect();
    (0..b.len())
        .filter(|&i| {
            matches!(b[i], '.' | '?' | '!') && b.get(i + 1).is_none_or(|c| c.is_whitespace())
        })
        .count()
        .max(usize::from(!s.is_empty()))
}

/// Reads a content file's steps. A bad step is left out with a notice
/// that names it and says why; the others are kept, in order.
pub fn read(written: &[Written], t: &Texts) -> (Vec<Step>, Vec<String>) {
    let mut steps = Vec::new();
    let mut notices = Vec::new();
    for (i, w) in written.iter().enumerate() {
        match read_one(w, t) {
            Ok(step) => steps.push(step),
            Err(why) => notices.push(t.fill(
                T::NoticeTourStep,
                &[("n", &(i + 1).to_string()), ("why", &why)],
            )),
        }
    }
    (steps, notices)
}

fn read_one(w: &Written, t: &Texts) -> Result<Step, String> {
    if let Some(k) = w.keys().find(|k| !FIELDS.contains(&k.as_str())) {
        return Err(t.fill(T::TourBadField, &[("name", &params::shorten(k))]));
    }
    let field = |name: &str| {
        w.get(name)
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
    };
    let mut got = Vec::new();
    for name in &FIELDS[..6] {
        got.push(field(name).ok_or_else(|| t.fill(T::TourBadMissing, &[("name", name)]))?);
    }
    let [title, text, goal, task, hint, done]: [String; 6] = got.try_into().unwrap_or_default();
    if sentences(&text) > 3 {
        return Err(t.get(T::TourBadLong).to_string());
    }
    let goal = Goal::parse(&goal)
        .ok_or_else(|| t.fill(T::TourBadGoal, &[("given", &params::shorten(&goal))]))?;
    let query = field("scenario").unwrap_or_default();
    let pairs = params::pairs(&query);
    let known = |n: &str| {
        n == "predict" || n == "preset" || CHOICES.contains(&n) || KNOBS.iter().any(|k| k.name == n)
    };
    if pairs.iter().any(|(n, _)| !known(n)) || !params::parse(pairs).notices.is_empty() {
        return Err(t.fill(T::TourBadScenario, &[("given", &params::shorten(&query))]));
    }
    Ok(Step {
        title,
        text,
        task,
        goal,
        hint,
        done,
        not: field("not"),
        query,
    })
}

/// The step to open at for `tour=K` (1-based) among `n` steps: 0-based,
/// clamped, with a notice when it had to be.
pub fn open_at(k: u32, n: usize, t: &Texts) -> (usize, Option<String>) {
    let n = n.max(1);
    let at = (k as usize).clamp(1, n);
    let notice = (at != k as usize).then(|| {
        t.fill(
            T::NoticeTour,
            &[
                ("given", &k.to_string()),
                ("n", &n.to_string()),
                ("k", &at.to_string()),
            ],
        )
    });
    (at - 1, notice)
}

/// The offer's button label: how many steps, and roughly how long (about
/// a minute and a half a step).
pub fn offer(n: usize, t: &Texts) -> String {
    t.fill(
        T::TourStart,
        &[
            ("n", &n.to_string()),
            ("min", &(n * 3).div_ceil(2).to_string()),
        ],
    )
}

/// The lesson panel for step `k` (0-based) of `steps`. The view fills in
/// what changes within a step: the goal's `data-done`, the explanation,
/// the hint and Next's emphasis.
pub fn panel(steps: &[Step], k: usize, t: &Texts, id: &str, h: u8) -> String {
    let Some(s) = steps.get(k) else {
        return String::new();
    };
    let n = steps.len();
    let mut o = String::with_capacity(1500);
    let _ = write!(
        o,
        r#"<section class="rll-tour" data-testid="tour" aria-labelledby="{id}-tour-title"><div data-testid="tour-step" data-step="{}" data-steps="{n}"><p class="rll-tour__progress" data-testid="tour-progress" data-value="{}/{n}">{}</p><h{h} class="rll-tour__title" id="{id}-tour-title" tabindex="-1">{}</h{h}><p>{}</p><p class="rll-tour__goal" data-testid="tour-goal" data-done="false"><span class="rll-tour__mark" aria-hidden="true"></span><strong>{}</strong> {}</p>"#,
        k + 1,
        k + 1,
        esc(&t.fill(
            T::TourProgress,
            &[("k", &(k + 1).to_string()), ("n", &n.to_string())]
        )),
        esc(&s.title),
        esc(&s.text),
        esc(t.get(T::TourGoalLabel)),
        esc(&s.task),
    );
    let _ = write!(
        o,
        r#"<p class="rll-tour__done" role="status" data-slot="tour-done"></p><p class="rll-tour__hint" id="{id}-tour-hint" data-slot="tour-hint-text" hidden>{}</p><div class="rll-tour__acts"><button type="button" class="rll-button rll-button--small" data-testid="tour-hint" data-act="tour-hint" aria-expanded="false" aria-controls="{id}-tour-hint">{}</button><button type="button" class="rll-button rll-button--small" data-testid="tour-back" data-act="tour-back"{}>{}</button><button type="button" class="rll-button rll-button--small" data-testid="tour-next" data-act="tour-next">{}</button><button type="button" class="rll-button rll-button--small" data-testid="tour-exit" data-act="tour-exit">{}</button><button type="button" class="rll-button rll-button--small" data-testid="tour-all" data-act="tour-all" aria-expanded="false">{}</button></div></div></section>"#,
        esc(&s.hint),
        esc(t.get(T::TourHint)),
        if k == 0 { " disabled" } else { "" },
        esc(t.get(T::TourBack)),
        esc(t.get(if k + 1 == n {
            T::TourFinish
        } else {
            T::TourNext
        })),
        esc(t.get(T::TourExit)),
        esc(t.get(T::TourAll)),
    );
    o
}

/// What the status line under the goal says: the explanation once the goal
/// has been met in this visit, else why not (when the step has a why-not
/// and the learner has seen the outcome), else nothing.
pub fn status(s: &Step, done: bool, met: bool, at_end: bool, t: &Texts) -> String {
    if done {
        format!("{} {}", t.get(T::TourMet), s.done)
    } else if !met && at_end {
        s.not.clone().unwrap_or_default()
    } else {
        String::new()
    }
}
