//! The check-yourself quiz: its questions (built in, or a course author's
//! from a content file), the order of each question's options (shuffled
//! from the widget's seed, so a given URL always shows the same order), and
//! how answers are scored: the first pick of each question counts; a wrong
//! pick says why and the learner tries again; the right answer shows only
//! when picked or asked for.

use crate::sim::Rng;

use super::text::{Text, Texts};

/// One option of a question.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    /// What the learner picks.
    pub text: String,
    /// Whether it is the right answer (exactly one per question).
    #[serde(default)]
    pub correct: bool,
    /// Why it is right or wrong.
    pub why: String,
}

/// A link that sets the widget to a scenario that shows a point.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShowMe {
    /// What the link says after "Show me: ".
    pub label: String,
    /// The scenario, as URL parameters ("strategy=local&servers=16").
    pub query: String,
}

/// One multiple-choice question.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Question {
    /// The question.
    pub prompt: String,
    /// Its options, right one included, in any order (the widget shuffles).
    pub options: Vec<Choice>,
    /// A scenario that shows the point, offered with the feedback.
    #[serde(default)]
    pub show: Option<ShowMe>,
}

/// The fields of a [`Question`], then of each of its options ([`Choice`],
/// `options[].…`) and of its [`ShowMe`] (`show.…`), in their order, with
/// what each is, as the authors' guide describes them (docs/CONTENT.md,
/// "The quiz": `tests/it/reference.rs` writes the table from these and
/// checks the names are the ones serde reads).
pub const FIELDS: [(&str, &str); 8] = [
    ("prompt", "the question (must not be empty)"),
    (
        "options",
        "2 to 6 options, each an object with the three fields below",
    ),
    ("options[].text", "what the learner picks"),
    (
        "options[].correct",
        "`true` for the one right answer (leave it out, or write `false`, for the others)",
    ),
    (
        "options[].why",
        "the feedback shown when that option is picked (required for every option)",
    ),
    (
        "show",
        "optional: a \"show me\" link offered once the question is over, with the two fields below",
    ),
    (
        "show.label",
        "what the link says: it reads \"Show me: \" and the label, through the `show_me` key",
    ),
    (
        "show.query",
        "the scenario to open, written as URL parameters",
    ),
];

impl Question {
    /// The index of the right option.
    pub fn right(&self) -> usize {
        self.options.iter().position(|c| c.correct).unwrap_or(0)
    }
}

/// Checks a course author's quiz: every question has a prompt, two to six
/// options and exactly one right one. The error names the question.
pub fn check(questions: &[Question]) -> Result<(), String> {
    if questions.is_empty() {
        return Err("quiz: no questions".into());
    }
    for (i, q) in questions.iter().enumerate() {
        let right = q.options.iter().filter(|c| c.correct).count();
        let n = q.options.len();
        if q.prompt.trim().is_empty() {
            return Err(format!("quiz[{i}].prompt: the question is empty"));
        }
        if !(2..=6).contains(&n) {
            let options = if n == 1 { "option" } else { "options" };
            return Err(format!(
                "quiz[{i}].options: {n} {options} (2 to 6 are needed)"
            ));
        }
        if right != 1 {
            return Err(format!(
                "quiz[{i}].options: {right} options are marked correct (exactly one must be)"
            ));
        }
    }
    Ok(())
}

/// The order each question's options are shown in (indices into its
/// `options`), drawn from `seed`: stable for a given URL. Across the quiz
/// the right answer's position is spread out (positions are dealt from a
/// shuffled sequence), so it is not always in the same place.
pub fn order(questions: &[Question], seed: u64) -> Vec<Vec<usize>> {
    let mut rng = Rng::new(seed ^ 0x5155_495a);
    let mut slots: Vec<u32> = (0..questions.len() as u32).collect();
    rng.shuffle(&mut slots);
    questions
        .iter()
        .zip(slots)
        .map(|(q, slot)| {
            let n = q.options.len().max(1);
            let right = q.right();
            let mut wrong: Vec<usize> = (0..q.options.len()).filter(|&i| i != right).collect();
            rng.shuffle(&mut wrong);
            let at = slot as usize % n;
            wrong.insert(at.min(wrong.len()), right);
            wrong
        })
        .collect()
}

/// What has happened on one question.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answer {
    /// The first option picked: the one that counts for the score.
    pub first: Option<usize>,
    /// The option picked last, whose feedback is showing.
    pub last: Option<usize>,
    /// Wrong options tried so far.
    pub tried: Vec<usize>,
    /// The right option was picked.
    pub solved: bool,
    /// The learner asked for the answer.
    pub revealed: bool,
}

impl Answer {
    /// Picks option `i` of `q`; true if this was the question's first pick.
    /// Once the question is over, a pick only opens that option's feedback.
    pub fn pick(&mut self, q: &Question, i: usize) -> bool {
        if i >= q.options.len() {
            return false;
        }
        if self.done() {
            self.last = Some(i);
            return false;
        }
        let first = self.first.is_none();
        self.first.get_or_insert(i);
        self.last = Some(i);
        if q.options[i].correct {
            self.solved = true;
        } else if !self.tried.contains(&i) {
            self.tried.push(i);
        }
        first
    }

    /// Shows the right answer of `q` and why (after at least one pick).
    pub fn reveal(&mut self, q: &Question) {
        if self.first.is_some() {
            self.revealed = true;
            self.last = Some(q.right());
        }
    }

    /// Whether the question is over: solved or revealed.
    pub fn done(&self) -> bool {
        self.solved || self.revealed
    }
}

/// How a quiz stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Questions with a first answer.
    pub answered: usize,
    /// First answers that were right.
    pub correct: usize,
    /// Questions in all.
    pub total: usize,
}

/// The score of `answers` on `questions`.
pub fn score(questions: &[Question], answers: &[Answer]) -> Score {
    let mut s = Score {
        total: questions.len(),
        ..Score::default()
    };
    for (q, a) in questions.iter().zip(answers) {
        if let Some(i) = a.first {
            s.answered += 1;
            s.correct += usize::from(q.options.get(i).is_some_and(|c| c.correct));
        }
    }
    s
}

/// The built-in quiz's questions, in the order asked: the prompt, the
/// options (the right one first; the widget shuffles them), each with why,
/// and the label and scenario of its "show me". The sentences live in the
/// texts table, the scenarios here.
#[allow(clippy::type_complexity)]
const BUILTIN: [(Text, [(Text, Text); 3], Option<(Text, &str)>); 17] = [
    (
        Text::Quiz1Prompt,
        [
            (Text::Quiz1Right, Text::Quiz1RightWhy),
            (Text::Quiz1Wrong1, Text::Quiz1Wrong1Why),
            (Text::Quiz1Wrong2, Text::Quiz1Wrong2Why),
        ],
        Some((Text::Quiz1Show, "strategy=local&servers=1")),
    ),
    (
        Text::Quiz2Prompt,
        [
            (Text::Quiz2Right, Text::Quiz2RightWhy),
            (Text::Quiz2Wrong1, Text::Quiz2Wrong1Why),
            (Text::Quiz2Wrong2, Text::Quiz2Wrong2Why),
        ],
        Some((
            Text::Quiz2Show,
            "strategy=local&servers=4&burst=100&lb=round-robin",
        )),
    ),
    (
        Text::Quiz3Prompt,
        [
            (Text::Quiz3Right, Text::Quiz3RightWhy),
            (Text::Quiz3Wrong1, Text::Quiz3Wrong1Why),
            (Text::Quiz3Wrong2, Text::Quiz3Wrong2Why),
        ],
        Some((Text::Quiz3Show, "strategy=split&burst=10")),
    ),
    (
        Text::Quiz4Prompt,
        [
            (Text::Quiz4Right, Text::Quiz4RightWhy),
            (Text::Quiz4Wrong1, Text::Quiz4Wrong1Why),
            (Text::Quiz4Wrong2, Text::Quiz4Wrong2Why),
        ],
        Some((
            Text::Quiz4Show,
            "strategy=split&servers=10&plan=4&burst=200",
        )),
    ),
    (
        Text::Quiz5Prompt,
        [
            (Text::Quiz5Right, Text::Quiz5RightWhy),
            (Text::Quiz5Wrong1, Text::Quiz5Wrong1Why),
            (Text::Quiz5Wrong2, Text::Quiz5Wrong2Why),
        ],
        Some((Text::Quiz5Show, "strategy=local&lb=sticky&move=20")),
    ),
    (
        Text::Quiz6Prompt,
        [
            (Text::Quiz6Right, Text::Quiz6RightWhy),
            (Text::Quiz6Wrong1, Text::Quiz6Wrong1Why),
            (Text::Quiz6Wrong2, Text::Quiz6Wrong2Why),
        ],
        Some((Text::Quiz6Show, "preset=gatepass&strategy=getset")),
    ),
    (
        Text::Quiz7Prompt,
        [
            (Text::Quiz7Right, Text::Quiz7RightWhy),
            (Text::Quiz7Wrong1, Text::Quiz7Wrong1Why),
            (Text::Quiz7Wrong2, Text::Quiz7Wrong2Why),
        ],
        Some((Text::Quiz7Show, "strategy=getset&rtt=10")),
    ),
    (
        Text::Quiz8Prompt,
        [
            (Text::Quiz8Right, Text::Quiz8RightWhy),
            (Text::Quiz8Wrong1, Text::Quiz8Wrong1Why),
            (Text::Quiz8Wrong2, Text::Quiz8Wrong2Why),
        ],
        Some((Text::Quiz8Show, "strategy=getset&rtt=5")),
    ),
    (
        Text::Quiz9Prompt,
        [
            (Text::Quiz9Right, Text::Quiz9RightWhy),
            (Text::Quiz9Wrong1, Text::Quiz9Wrong1Why),
            (Text::Quiz9Wrong2, Text::Quiz9Wrong2Why),
        ],
        Some((Text::Quiz9Show, "strategy=incr&redis=down&fail=open")),
    ),
    (
        Text::Quiz10Prompt,
        [
            (Text::Quiz10Right, Text::Quiz10RightWhy),
            (Text::Quiz10Wrong1, Text::Quiz10Wrong1Why),
            (Text::Quiz10Wrong2, Text::Quiz10Wrong2Why),
        ],
        Some((Text::Quiz10Show, "strategy=incr&redis=down&fail=closed")),
    ),
    (
        Text::Quiz11Prompt,
        [
            (Text::Quiz11Right, Text::Quiz11RightWhy),
            (Text::Quiz11Wrong1, Text::Quiz11Wrong1Why),
            (Text::Quiz11Wrong2, Text::Quiz11Wrong2Why),
        ],
        Some((Text::Quiz11Show, "strategy=sync&sync=5")),
    ),
    (
        Text::Quiz12Prompt,
        [
            (Text::Quiz12Right, Text::Quiz12RightWhy),
            (Text::Quiz12Wrong1, Text::Quiz12Wrong1Why),
            (Text::Quiz12Wrong2, Text::Quiz12Wrong2Why),
        ],
        Some((Text::Quiz12Show, "preset=per-minute&strategy=lua")),
    ),
    (
        Text::Quiz13Prompt,
        [
            (Text::Quiz13Right, Text::Quiz13RightWhy),
            (Text::Quiz13Wrong1, Text::Quiz13Wrong1Why),
            (Text::Quiz13Wrong2, Text::Quiz13Wrong2Why),
        ],
        Some((Text::Quiz13Show, "strategy=edge")),
    ),
    (
        Text::Quiz14Prompt,
        [
            (Text::Quiz14Right, Text::Quiz14RightWhy),
            (Text::Quiz14Wrong1, Text::Quiz14Wrong1Why),
            (Text::Quiz14Wrong2, Text::Quiz14Wrong2Why),
        ],
        None,
    ),
    (
        Text::Quiz15Prompt,
        [
            (Text::Quiz15Right, Text::Quiz15RightWhy),
            (Text::Quiz15Wrong1, Text::Quiz15Wrong1Why),
            (Text::Quiz15Wrong2, Text::Quiz15Wrong2Why),
        ],
        Some((Text::Quiz15Show, "strategy=lua&algo=log&edge=20")),
    ),
    (
        Text::Quiz16Prompt,
        [
            (Text::Quiz16Right, Text::Quiz16RightWhy),
            (Text::Quiz16Wrong1, Text::Quiz16Wrong1Why),
            (Text::Quiz16Wrong2, Text::Quiz16Wrong2Why),
        ],
        Some((Text::Quiz16Show, "strategy=lua&algo=counter&edge=20")),
    ),
    (
        Text::Quiz17Prompt,
        [
            (Text::Quiz17Right, Text::Quiz17RightWhy),
            (Text::Quiz17Wrong1, Text::Quiz17Wrong1Why),
            (Text::Quiz17Wrong2, Text::Quiz17Wrong2Why),
        ],
        Some((Text::Quiz17Show, "strategy=lua&algo=bucket&span=1000")),
    ),
];

/// The built-in quiz (in the order asked), in English.
pub fn builtin() -> Vec<Question> {
    builtin_in(&Texts::english())
}

/// The built-in quiz in `texts` (a content file may translate it by key).
pub fn builtin_in(texts: &Texts) -> Vec<Question> {
    let s = |t: Text| texts.get(t).to_string();
    BUILTIN
        .iter()
        .map(|(prompt, options, show)| Question {
            prompt: s(*prompt),
            options: options
                .iter()
                .enumerate()
                .map(|(i, (text, why))| Choice {
                    text: s(*text),
                    correct: i == 0,
                    why: s(*why),
                })
                .collect(),
            show: show.map(|(label, query)| ShowMe {
                label: s(label),
                query: query.to_string(),
            }),
        })
        .collect()
}
