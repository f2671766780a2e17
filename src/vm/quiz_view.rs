//! One quiz question as the learner sees it: its markup (written once) and
//! its state after each pick (which options are marked, the feedback), so
//! the view updates the same elements and keyboard focus stays put.

use super::html::{esc, Html};
use super::quiz::{Answer, Question};
use super::text::{Text, Texts};
use crate::{html, html_of};

/// How one option shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionView {
    /// The button's classes.
    pub class: &'static str,
    /// Whether it is the option picked last (its feedback is the one
    /// showing): the radio that is checked.
    pub checked: bool,
    /// Whether it is the group's one Tab stop (the checked option, else
    /// the first).
    pub tab_stop: bool,
    /// What a screen reader hears after its text once it is known to be
    /// right or wrong ("(the answer)", "(not right)"), else empty.
    pub note: String,
    /// Once the question is over: whether it is the right one.
    pub correct: Option<bool>,
}

/// How one question shows, in the order its options are shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuestionView {
    pub options: Vec<OptionView>,
    /// The feedback, as markup.
    pub feedback: Html,
    /// "Show answer" is offered (a wrong pick, not over yet).
    pub offer_answer: bool,
    /// "Show me" is offered (the question is over).
    pub offer_show_me: bool,
}

/// The state of question `q` after `a`, its options in `order`.
pub fn view(q: &Question, order: &[usize], a: &Answer, t: &Texts) -> QuestionView {
    let right = q.right();
    let stop = a.last.unwrap_or(order.first().copied().unwrap_or(0));
    let options = order
        .iter()
        .map(|&i| OptionView {
            class: if i == right && a.done() {
                "rll-question__choice rll-question__choice--right"
            } else if a.tried.contains(&i) {
                "rll-question__choice rll-question__choice--wrong"
            } else {
                "rll-question__choice"
            },
            checked: a.last == Some(i),
            tab_stop: i == stop,
            note: if i == right && a.done() {
                format!(" {}", t.get(Text::QuizMarkRight))
            } else if a.tried.contains(&i) {
                format!(" {}", t.get(Text::QuizMarkWrong))
            } else {
                String::new()
            },
            correct: a.done().then_some(i == right),
        })
        .collect();
    let text = |i: usize| q.options.get(i).map_or("", |o| o.text.as_str());
    let feedback = match a.last {
        None => Html::new(),
        Some(i) => {
            // In words: what was picked, whether it is right, and (once
            // the learner asked) what the answer is.
            let verdict = match a.first {
                Some(f) if a.revealed && !a.solved && i == right => {
                    t.fill(Text::QuizRevealed, &[("o", text(f)), ("a", text(right))])
                }
                _ => t.fill(
                    if i == right {
                        Text::QuizRight
                    } else {
                        Text::QuizWrong
                    },
                    &[("o", text(i))],
                ),
            };
            let mut s = html_of!(
                "<strong>{}</strong>{}",
                esc(&verdict),
                esc(&q.options[i].why)
            );
            if !a.done() {
                html!(s, " {}", esc(t.get(Text::QuizTryOther)));
            }
            s
        }
    };
    QuestionView {
        options,
        feedback,
        offer_answer: a.first.is_some() && !a.done(),
        offer_show_me: a.done() && q.show.is_some(),
    }
}

/// The markup of question `q` (number `n`, 0-based) in widget `id`.
pub fn question(q: &Question, order: &[usize], a: &Answer, n: usize, id: &str, t: &Texts) -> Html {
    let v = view(q, order, a, t);
    let mut s = html_of!(
        r#"<span class="rll-question__n">{}.</span><p class="rll-question__prompt" id="{}-q{}">{}</p><div class="rll-question__choices" role="radiogroup" aria-labelledby="{}-q{}">"#,
        n + 1,
        id,
        n,
        esc(&q.prompt),
        id,
        n
    );
    for (&i, o) in order.iter().zip(&v.options) {
        html!(
            s,
            concat!(
                r#"<button type="button" role="radio" class="{}""#,
                act!(QuizPick),
                data!(Q = {}),
                data!(I = {}),
                r#" aria-checked="{}" tabindex="{}" aria-controls="{}-q{}-fb"><span class="rll-question__mark" aria-hidden="true"></span>{}<span class="rll-sr-only""#,
                data!(Part = "note"),
                ">{}</span></button>"
            ),
            o.class,
            n,
            i,
            o.checked,
            if o.tab_stop { 0 } else { -1 },
            id,
            n,
            esc(&q.options[i].text),
            esc(&o.note)
        );
    }
    html!(
        s,
        concat!(
            r#"</div><div class="rll-question__feedback" id="{}-q{}-fb" aria-live="polite""#,
            hook!(QuizFeedback),
            r#">{}</div><div class="rll-question__more"><button type="button" class="rll-link""#,
            mark!(QuizShow),
            act!(QuizShow),
            data!(Q = {}),
            " hidden>{}</button>"
        ),
        id,
        n,
        v.feedback,
        n,
        esc(t.get(Text::QuizShowAnswer))
    );
    if let Some(show) = &q.show {
        html!(
            s,
            concat!(
                r#"<button type="button" class="rll-link""#,
                mark!(ShowMe),
                act!(ShowMe),
                data!(Query = {}),
                " hidden>{}</button>"
            ),
            esc(&show.query),
            esc(&t.fill(Text::ShowMe, &[("label", &show.label)]))
        );
    }
    s.push_lit("</div>");
    s
}
