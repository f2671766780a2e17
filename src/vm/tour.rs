//! The guided lesson: a few steps, each with a scenario it opens on, one
//! goal the widget detects from the model's state (the scenario, its
//! report, and whether the replay is at its end; never from which button
//! was pressed), a hint, and an explanation once the goal holds. The eight
//! built-in steps follow the course; a content file's `tour` array
//! replaces them (docs/CONTENT.md). Pure, and tested natively
//! (`tests/it/vm_tour.rs`).

use std::collections::BTreeMap;

use crate::sim::params::{self, CHOICES};
use crate::sim::{Knob, Report, Scenario, EDGE, KNOBS, RTT, SERVERS};

use super::html::{esc, Html};
use super::names::Act;
use super::text::{Text, Texts};
use crate::html;

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
    /// A setting has one of the values it has in these scenarios
    /// (`setting`).
    Setting(&'static str, Vec<Scenario>),
    /// At most this many times the limit allowed (`allowed-at-most`).
    AllowedAtMost(u32),
    /// The burst straddles a window's edge: some requests counted in the
    /// window before it, some in the one after (`edge-inside`).
    EdgeInside,
    /// Every one of these at once (`… and …`).
    All(Vec<Goal>),
    /// These in turn, each met after the one before it in the same visit
    /// of the step (`… then …`): see [`Goal::reach`].
    Then(Vec<Goal>),
}

impl Goal {
    /// Reads a goal as a content file writes it: its kind, then its
    /// parameters, separated by spaces (`allowed-at-least 3`,
    /// `exact-with 12 10`, `setting fail closed`); goals joined by `and`
    /// are met together, and parts joined by `then` one after the other
    /// (`edge-inside and allowed-at-least 1.5 then setting algo log`).
    pub fn parse(text: &str) -> Option<Goal> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let parts = |words: &[&str], by: &str, one: &dyn Fn(&[&str]) -> Option<Goal>| {
            words
                .split(|w| *w == by)
                .map(one)
                .collect::<Option<Vec<Goal>>>()
        };
        let all = |words: &[&str]| {
            let mut goals = parts(words, "and", &Goal::parse_one)?;
            Some(match goals.len() {
                1 => goals.remove(0),
                _ => Goal::All(goals),
            })
        };
        let mut phases = parts(&words, "then", &all)?;
        Some(match phases.len() {
            1 => phases.remove(0),
            _ => Goal::Then(phases),
        })
    }

    /// Reads one goal: its kind and its parameters.
    fn parse_one(words: &[&str]) -> Option<Goal> {
        let times = |w: &str| {
            params::parse_decimal(w)
                .filter(|d| d.milli > 0 && d.milli <= 1_000_000)
                .map(|d| d.milli as u32)
        };
        Some(match words {
            ["replay-end"] => Goal::ReplayEnd,
            ["allowed-at-least", k] => Goal::AllowedAtLeast(times(k)?),
            ["allowed-at-most", k] => Goal::AllowedAtMost(times(k)?),
            ["regular-user-below-limit"] => Goal::RegularUserBelowLimit,
            ["edge-inside"] => Goal::EdgeInside,
            ["exact-with", n, rtt] => Goal::ExactWith(
                n.parse().ok()?,
                params::read_value(&crate::sim::RTT, rtt)? as u32,
            ),
            ["setting", name, values @ ..] if !values.is_empty() => {
                let name = known(name)?;
                Goal::Setting(
                    name,
                    values
                        .iter()
                        .map(|v| clean(&[(name, v)]))
                        .collect::<Option<_>>()?,
                )
            }
            _ => return None,
        })
    }

    /// Whether the goal holds for scenario `s`, its report `r`, with the
    /// replay at its end or not. Parts met in turn (`then`) hold when all
    /// of them hold at once; the lesson meets them one by one
    /// ([`Goal::reach`]).
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
            Goal::Setting(name, values) => values.iter().any(|g| match *name {
                "strategy" => s.strategy == g.strategy,
                "algo" => s.algo() == g.algo(),
                "lb" => s.lb == g.lb,
                "redis" => s.redis == g.redis,
                "fail" => s.fail == g.fail,
                "seed" => s.seed == g.seed,
                _ => Knob::named(name).is_some_and(|k| (k.get)(s) == (k.get)(g)),
            }),
            Goal::EdgeInside => {
                r.requests.iter().any(|q| q.window < 0) && r.requests.iter().any(|q| q.window >= 0)
            }
            Goal::All(goals) | Goal::Then(goals) => goals.iter().all(|g| g.met(s, r, at_end)),
        }
    }

    /// The parts the learner meets in turn: those of `then`, or the goal
    /// itself.
    pub fn phases(&self) -> &[Goal] {
        match self {
            Goal::Then(goals) => goals,
            _ => std::slice::from_ref(self),
        }
    }

    /// How many of the [`Goal::phases`] are met, when `reached` were met
    /// before this state: the next ones are checked against it, in order.
    /// The goal is met once all of them are.
    pub fn reach(&self, reached: usize, s: &Scenario, r: &Report, at_end: bool) -> usize {
        let phases = self.phases();
        let mut k = reached.min(phases.len());
        while k < phases.len() && phases[k].met(s, r, at_end) {
            k += 1;
        }
        k
    }

    /// The sliders and settings the learner needs for this goal, by their
    /// URL names, besides those the step's scenario sets.
    fn uses(&self) -> Vec<&'static str> {
        match self {
            Goal::ExactWith(..) => vec![SERVERS.name, RTT.name],
            // Not a setting: the regular user's line in the totals.
            Goal::RegularUserBelowLimit => vec!["regular"],
            Goal::Setting(name, _) => vec![name],
            Goal::EdgeInside => vec![EDGE.name],
            Goal::All(goals) | Goal::Then(goals) => {
                let mut uses = Vec::new();
                for name in goals.iter().flat_map(Goal::uses) {
                    if !uses.contains(&name) {
                        uses.push(name);
                    }
                }
                uses
            }
            _ => Vec::new(),
        }
    }
}

/// The name of a setting the URL takes (`servers`, `fail`), if it is one.
fn known(name: &str) -> Option<&'static str> {
    CHOICES
        .into_iter()
        .chain(KNOBS.iter().map(|k| k.name))
        .find(|n| *n == name)
}

/// The scenario `pairs` give, if they are settings the URL takes (or
/// `predict`), each with a value read as given (none clamped, rounded or
/// ignored).
fn clean(pairs: &[(&str, &str)]) -> Option<Scenario> {
    let parsed = params::parse(pairs.iter().copied());
    (parsed.notices.is_empty()
        && pairs
            .iter()
            .all(|(n, _)| *n == "predict" || known(n).is_some()))
    .then_some(parsed.scenario)
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
    /// The scenario it opens on (written as URL parameters from the
    /// defaults).
    pub scenario: Scenario,
    /// Whether it asks for a prediction before the burst replays
    /// (`predict=1` in its scenario).
    pub predict: bool,
    /// The sliders and settings it keeps in sight (URL names): what its
    /// scenario sets (but the strategy and Redis's health, which it sets
    /// for the learner) and what its goal names; none for watching.
    pub uses: Vec<&'static str>,
}

/// A step from its words (title, text, task, hint, explanation), its why
/// not, its goal and its scenario as URL parameters.
/// None if the scenario is not [`clean`].
fn step(words: [String; 5], not: Option<String>, goal: Goal, query: &str) -> Option<Step> {
    let pairs = params::pairs(query);
    let scenario = clean(&pairs)?;
    let mut uses = goal.uses();
    if goal != Goal::ReplayEnd {
        for (name, _) in &pairs {
            if let Some(k) = Knob::named(name) {
                if !uses.contains(&k.name) {
                    uses.push(k.name);
                }
            }
        }
    }
    let [title, text, task, hint, done] = words;
    Some(Step {
        title,
        text,
        task,
        goal,
        hint,
        done,
        not,
        scenario,
        predict: pairs.contains(&("predict", "1")),
        uses,
    })
}

/// The built-in steps: the sentences' keys (title, text, task, hint,
/// explanation, why not), the goal and the opening scenario.
type Builtin = ([Text; 5], Option<Text>, &'static str, &'static str);
const BUILTIN: [Builtin; 8] = [
    (
        [
            Text::Tour1Title,
            Text::Tour1Text,
            Text::Tour1Goal,
            Text::Tour1Hint,
            Text::Tour1Done,
        ],
        None,
        "replay-end",
        "strategy=local&servers=1",
    ),
    (
        [
            Text::Tour2Title,
            Text::Tour2Text,
            Text::Tour2Goal,
            Text::Tour2Hint,
            Text::Tour2Done,
        ],
        None,
        "allowed-at-least 2.1 then setting lb sticky and allowed-at-most 1 then setting lb sticky and allowed-at-least 1.1",
        "strategy=local&servers=1",
    ),
    (
        [
            Text::Tour3Title,
            Text::Tour3Text,
            Text::Tour3Goal,
            Text::Tour3Hint,
            Text::Tour3Done,
        ],
        None,
        "regular-user-below-limit then setting strategy edge and allowed-at-most 1",
        "strategy=split&servers=1",
    ),
    (
        [
            Text::Tour4Title,
            Text::Tour4Text,
            Text::Tour4Goal,
            Text::Tour4Hint,
            Text::Tour4Done,
        ],
        None,
        "allowed-at-least 2",
        "strategy=getset&rtt=0.2&predict=1",
    ),
    (
        [
            Text::Tour5Title,
            Text::Tour5Text,
            Text::Tour5Goal,
            Text::Tour5Hint,
            Text::Tour5Done,
        ],
        None,
        "exact-with 12 10",
        "strategy=incr&rtt=8",
    ),
    (
        [
            Text::Tour6Title,
            Text::Tour6Text,
            Text::Tour6Goal,
            Text::Tour6Hint,
            Text::Tour6Done,
        ],
        None,
        "edge-inside and allowed-at-least 1.5 then edge-inside and setting algo log bucket and allowed-at-most 1",
        "strategy=lua&algo=fixed",
    ),
    (
        [
            Text::Tour7Title,
            Text::Tour7Text,
            Text::Tour7Goal,
            Text::Tour7Hint,
            Text::Tour7Done,
        ],
        Some(Text::Tour7Not),
        "setting fail closed",
        "strategy=incr&redis=down",
    ),
    (
        [
            Text::Tour8Title,
            Text::Tour8Text,
            Text::Tour8Goal,
            Text::Tour8Hint,
            Text::Tour8Done,
        ],
        None,
        "allowed-at-most 1.5",
        "strategy=sync&sync=30",
    ),
];

/// The eight built-in steps, in `t`'s words.
pub fn builtin(t: &Texts) -> Vec<Step> {
    BUILTIN
        .iter()
        .filter_map(|(keys, not, goal, query)| {
            step(
                keys.map(|k| t.get(k).to_string()),
                not.map(|k| t.get(k).to_string()),
                Goal::parse(goal).unwrap_or(Goal::ReplayEnd),
                query,
            )
        })
        .collect()
}

/// A step as a content file writes it: text fields by name.
pub type Written = BTreeMap<String, String>;

/// The fields a written step has; the first [`REQUIRED`] are required.
pub const FIELDS: [&str; 8] = [
    "title", "text", "goal", "task", "hint", "done", "not", "scenario",
];

/// How many of [`FIELDS`], from the first, a written step must have.
pub const REQUIRED: usize = 6;

/// What each of [`FIELDS`] is, in the authors' guide's words
/// (docs/CONTENT.md, "The lesson": written from these).
pub const FIELD_ABOUT: [&str; FIELDS.len()] = [
    "the step's title",
    "what the learner reads before acting: at most three short sentences",
    "what the widget checks: one of the goals below, its kind and its parameters separated by spaces",
    "the goal as the learner reads it",
    "shown when the learner asks for it, and offered after 20 seconds without the goal met",
    "the explanation once the goal is met",
    "said while the goal does not hold and the burst has been seen to its end, to say why this is not the answer",
    "the scenario the step opens on, written as URL parameters from the defaults (`strategy=getset&rtt=0.2`); `predict=1` asks the learner for a prediction first",
];

/// Every goal a written step may name, as the guide writes it (its kind,
/// then its parameters in capitals), with when it is met and an example
/// the parser reads (docs/CONTENT.md, "The lesson": written from these;
/// the test reads every example with [`Goal::parse`]).
pub const GOALS: [(&str, &str, &str); 9] = [
    ("replay-end", "the replay shows the end of the burst", "replay-end"),
    (
        "allowed-at-least K",
        "at least K × the limit is allowed",
        "allowed-at-least 1.5",
    ),
    (
        "allowed-at-most K",
        "at most K × the limit is allowed",
        "allowed-at-most 1",
    ),
    (
        "regular-user-below-limit",
        "a user sending exactly the limit is refused some of it",
        "regular-user-below-limit",
    ),
    (
        "exact-with N R",
        "at least N servers and a round trip of at least R ms, and still exactly the limit allowed (or the whole burst, if smaller)",
        "exact-with 12 10",
    ),
    (
        "setting NAME VALUE…",
        "a setting has this value (or one of these values), with the URL's names and values",
        "setting algo log bucket",
    ),
    (
        "edge-inside",
        "the burst straddles a window's edge: some requests are counted in the window before it, some in the one after",
        "edge-inside",
    ),
    (
        "GOAL and GOAL",
        "both are met at once (any number of goals may be joined by `and`)",
        "edge-inside and allowed-at-least 1.5",
    ),
    (
        "GOAL then GOAL",
        "the parts are met in turn: each is checked only once the one before it has been met in this visit of the step, and the step is done with the last (\"Part 1 of 2 done.\" in between, through `tour.part`)",
        "edge-inside and allowed-at-least 1.5 then setting algo log",
    ),
];

/// The number of sentences in `s`: words ending with `.`, `?` or `!`,
/// and the last words if they do not.
pub fn sentences(s: &str) -> usize {
    let s = s.trim();
    let end = |w: &str| w.ends_with(['.', '?', '!']);
    s.split_whitespace().filter(|w| end(w)).count() + usize::from(!s.is_empty() && !end(s))
}

/// Reads a content file's steps. A bad step is left out with a notice
/// that names it and the field at fault; the others are kept, in order.
pub fn read(written: &[Written], t: &Texts) -> (Vec<Step>, Vec<String>) {
    let mut steps = Vec::new();
    let mut bad = Vec::new();
    for (i, w) in written.iter().enumerate() {
        match read_one(w) {
            Ok(step) => steps.push(step),
            Err(name) => bad.push((i + 1, name)),
        }
    }
    // One notice, however many steps are left out.
    let notices = match &bad[..] {
        [] => Vec::new(),
        [(n, name)] => vec![t.fill(
            Text::NoticeTourStep,
            &[("n", &n.to_string()), ("name", name)],
        )],
        _ => {
            let mut list: Vec<String> = bad.iter().take(10).map(|(n, _)| n.to_string()).collect();
            if bad.len() > 10 {
                list.push("…".into());
            }
            vec![t.fill(
                Text::NoticeTourSteps,
                &[
                    ("count", &bad.len().to_string()),
                    ("list", &list.join(", ")),
                ],
            )]
        }
    };
    (steps, notices)
}

/// Reads one step, or names the field that is missing, unknown or wrong.
fn read_one(w: &Written) -> Result<Step, String> {
    if let Some(k) = w.keys().find(|k| !FIELDS.contains(&k.as_str())) {
        return Err(params::shorten(k));
    }
    let field = |name: &str| w.get(name).map(|v| v.trim()).filter(|v| !v.is_empty());
    let mut got = Vec::new();
    for name in &FIELDS[..REQUIRED] {
        got.push(field(name).ok_or(*name)?.to_string());
    }
    let goal = Goal::parse(&got[2]).ok_or("goal")?;
    if sentences(&got[1]) > 3 {
        return Err("text".into());
    }
    let query = field("scenario").unwrap_or_default();
    let [title, text, _, task, hint, done]: [String; 6] = got.try_into().unwrap_or_default();
    step(
        [title, text, task, hint, done],
        field("not").map(str::to_string),
        goal,
        query,
    )
    .ok_or("scenario".into())
}

/// The step to open at for `tour=K` (1-based) among `n` steps: 0-based,
/// clamped, with a notice when it had to be.
pub fn open_at(k: u32, n: usize, t: &Texts) -> (usize, Option<String>) {
    let n = n.max(1);
    let at = (k as usize).clamp(1, n);
    let notice = (at != k as usize).then(|| {
        t.fill(
            Text::NoticeTour,
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
        if n == 1 {
            Text::TourStartOne
        } else {
            Text::TourStart
        },
        &[
            ("n", &n.to_string()),
            ("min", &(n * 3).div_ceil(2).to_string()),
        ],
    )
}

/// The lesson panel for step `k` (0-based) of `steps`. The view fills in
/// what changes within a step: the goal's `data-done` and `data-parts`
/// (parts met of the goal's [`Goal::phases`]), the explanation,
/// the hint and Next's emphasis.
pub fn panel(steps: &[Step], k: usize, t: &Texts, id: &str, h: u8) -> Html {
    let Some(s) = steps.get(k) else {
        return Html::new();
    };
    let n = steps.len();
    let (kk, nn) = ((k + 1).to_string(), n.to_string());
    let mut o = Html::with_capacity(1500);
    html!(
        o,
        concat!(
            r#"<section class="rll-tour""#,
            mark!(Tour),
            r#" aria-labelledby="{}-tour-title"><div"#,
            mark!(TourStep),
            data!(Step = {}),
            data!(Steps = {}),
            r#"><p class="rll-tour__progress" id="{}-tour-progress""#,
            mark!(TourProgress),
            data!(Value=),
            r#"{}/{}">{}</p><h{} class="rll-tour__title" id="{}-tour-title" tabindex="-1" aria-describedby="{}-tour-progress">{}</h{}><p>{}</p><p class="rll-tour__goal""#,
            hook!(TourGoal),
            data!(Done = "false"),
            data!(Parts=),
            r#"0/{}"><span class="rll-tour__mark" aria-hidden="true"></span><strong>{}</strong> {}</p>"#
        ),
        id,
        k + 1,
        n,
        id,
        k + 1,
        n,
        esc(&t.fill(Text::TourProgress, &[("k", &kk), ("n", &nn)])),
        h,
        id,
        id,
        esc(&s.title),
        h,
        esc(&s.text),
        s.goal.phases().len(),
        esc(t.get(Text::TourGoalLabel)),
        esc(&s.task)
    );
    acts(&mut o, s, k, n, t, id);
    o
}

/// The panel's status line, its buttons and its hint.
fn acts(o: &mut Html, s: &Step, k: usize, n: usize, t: &Texts, id: &str) {
    html!(
        o,
        concat!(
            r#"<p class="rll-tour__done" role="status""#,
            slot!(TourDone),
            r#"></p><div class="rll-tour__acts"><button type="button" class="rll-button rll-button--small""#,
            mark!(TourHint),
            act!(TourHint),
            r#" aria-expanded="false" aria-controls="{}-tour-hint">{}</button><button type="button" class="rll-button rll-button--small""#,
            mark!(TourBack),
            act!(TourBack),
            r#"{}>{}</button><button type="button" class="rll-button rll-button--small""#,
            mark!(TourNext),
            act!(TourNext),
            r#">{}</button><button type="button" class="rll-button rll-button--small""#,
            mark!(TourExit),
            act!(TourExit),
            r#">{}</button><button type="button" class="rll-button rll-button--small""#,
            mark!(TourAll),
            act!(TourAll),
            r#" aria-expanded="false">{}</button></div><p class="rll-tour__hint" id="{}-tour-hint""#,
            slot!(TourHintText),
            r#" hidden>{}</p></div></section>"#
        ),
        id,
        esc(t.get(Text::TourHint)),
        if k == 0 { " disabled" } else { "" },
        esc(t.get(Text::TourBack)),
        esc(t.get(if k + 1 == n {
            Text::TourFinish
        } else {
            Text::TourNext
        })),
        esc(t.get(Text::TourExit)),
        esc(t.get(Text::TourAll)),
        id,
        esc(&s.hint)
    );
}

/// The panel while the steps' words are on their way ([`Text::TourLoading`]),
/// or, if they could not be fetched, why not with the way out of the
/// lesson. The line takes the focus (`tabindex`) while the Start button it
/// replaces is gone.
pub fn waiting(failed: bool, t: &Texts, id: &str) -> Html {
    let mut o = Html::with_capacity(400);
    html!(
        o,
        concat!(
            r#"<div class="rll-tour""#,
            mark!(TourWaiting),
            r#"><p class="rll-tour__progress" role="status""#,
            mark!(TourLoading),
            r#" tabindex="-1" id="{}-tour-loading">{}</p>"#
        ),
        id,
        esc(t.get(if failed {
            Text::TourNotLoaded
        } else {
            Text::TourLoading
        }))
    );
    if failed {
        html!(
            o,
            concat!(
                r#"<div class="rll-tour__acts"><button type="button" class="rll-button rll-button--small""#,
                mark!(TourExit),
                act!(TourExit),
                r#">{}</button></div>"#
            ),
            esc(t.get(Text::TourExit))
        );
    }
    o.push_lit("</div>");
    o
}

/// What the lesson shows after its last step: how many goals were met, its
/// four ideas (a sentence a content file sets empty is left out), the
/// quiz if the page has one, Start again and Close.
pub fn recap(met: u32, n: usize, quiz: bool, t: &Texts, id: &str, h: u8) -> Html {
    let mut o = Html::with_capacity(900);
    html!(
        o,
        concat!(
            r#"<section class="rll-tour rll-tour--recap""#,
            hook!(TourRecap),
            r#" aria-labelledby="{}-recap-title"><h{} class="rll-tour__title" id="{}-recap-title" tabindex="-1">{}</h{}><p>{}</p><ul>"#
        ),
        id,
        h,
        id,
        esc(t.get(Text::TourRecapTitle)),
        h,
        esc(&t.fill(
            Text::TourRecapMet,
            &[("met", &met.to_string()), ("n", &n.to_string())]
        ))
    );
    for key in [
        Text::TourRecap1,
        Text::TourRecap2,
        Text::TourRecap3,
        Text::TourRecap5,
        Text::TourRecap4,
    ] {
        if !t.get(key).is_empty() {
            html!(o, "<li>{}</li>", esc(t.get(key)));
        }
    }
    o.push_lit(r#"</ul><div class="rll-tour__acts">"#);
    let button = |o: &mut Html, act: Act, key: Text, primary: bool| {
        html!(
            o,
            concat!(
                r#"<button type="button" class="rll-button rll-button--small{}""#,
                "{}>{}</button>"
            ),
            if primary { " rll-button--primary" } else { "" },
            act.attr(),
            esc(t.get(key))
        );
    };
    if quiz {
        button(&mut o, Act::TourQuiz, Text::TourRecapQuiz, true);
    }
    button(&mut o, Act::TourStart, Text::TourAgain, !quiz);
    button(&mut o, Act::TourClose, Text::TourClose, false);
    o.push_lit("</div></section>");
    o
}

/// What the status line under the goal says: the explanation once the goal
/// has been met in this visit, else how many of its parts have been (a
/// goal met in turn, `then`), else why not (when the step has a why-not
/// and the learner has seen the outcome), else nothing. `reached` is the
/// number of the goal's [`Goal::phases`] met in this visit.
pub fn status(s: &Step, reached: usize, met: bool, at_end: bool, t: &Texts) -> String {
    let n = s.goal.phases().len();
    if reached >= n {
        format!("{} {}", t.get(Text::TourMet), s.done)
    } else if reached > 0 {
        t.fill(
            Text::TourPart,
            &[("k", &reached.to_string()), ("n", &n.to_string())],
        )
    } else if !met && at_end {
        s.not.clone().unwrap_or_default()
    } else {
        String::new()
    }
}
