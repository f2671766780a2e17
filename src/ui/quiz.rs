//! Keeps the quiz in step (see [`crate::vm::quiz`] and
//! [`crate::vm::quiz_view`]): the learner's picks, the options marked, the
//! feedback, the score, and the messages to a host page. The question's
//! elements are updated in place, so keyboard focus stays on the option.

use super::prelude::*;
use web_sys::Element;

use super::dom::{all, attr, find, hide, slot, text};
use super::embed;
use super::later;
use super::state::Lab;
use crate::vm::names::{Act, Data, Hook, Slot};
use crate::vm::quiz::{score, Answer};
use crate::vm::quiz_view::view;
use crate::vm::text::Text;

/// Option `i` of question `q` was picked.
pub fn pick(lab: Lab, q: usize, i: usize) {
    let m = lab.mounted();
    let Some(question) = m.quiz.get(q) else {
        return;
    };
    let mut first = false;
    lab.answers.update(|a| {
        if let Some(a) = a.get_mut(q) {
            first = a.pick(question, i);
        }
    });
    if first {
        let s = lab.answers.with_untracked(|a| score(&m.quiz, a));
        embed::post_quiz(
            lab,
            &embed::QuizMessage {
                answered: s.answered,
                correct: s.correct,
                total: s.total,
                question: q + 1,
                prompt: &question.prompt,
                option: &question.options[i].text,
                right: question.options[i].correct,
            },
        );
        if s.answered == s.total && m.graded {
            embed::post_completed(lab, s.correct, s.total);
        }
    }
}

/// The learner asked for the answer to question `q`. "Show answer" hides
/// itself, so the focus moves to the answer, now checked.
pub fn reveal(lab: Lab, root: &Element, q: usize) {
    let m = lab.mounted();
    if let Some(question) = m.quiz.get(q) {
        lab.answers.update(|a| {
            if let Some(a) = a.get_mut(q) {
                a.reveal(question);
            }
        });
        let right = question.right();
        if let Some(b) = find(
            root,
            &format!(
                concat!("{}", data!([Q =]), "{}\"]", data!([I =]), "{}\"]"),
                Act::QuizPick.selector(),
                q,
                right
            ),
        ) {
            super::dom::focus(&b);
        }
    }
}

/// "Try again": every answer forgotten. The button hides itself, so the
/// focus moves to the first question's options.
pub fn reset(lab: Lab, root: &Element) {
    let n = lab.mounted().quiz.len();
    lab.answers.set(vec![Answer::default(); n]);
    if let Some(b) = find(
        root,
        &format!(concat!("{}", data!([Q = "0"])), Act::QuizPick.selector()),
    ) {
        super::dom::focus(&b);
    }
}

/// Arrow keys, Home and End within a question's options move the focus
/// (the options are a radio group: one Tab stop); Space or Enter picks.
/// Moving does not pick: the first pick counts, so it must be meant.
pub fn key(option: &Element, key: &str, ev: &web_sys::Event) {
    let Some(group) = option.closest("[role=\"radiogroup\"]").ok().flatten() else {
        return;
    };
    let options = all(&group, "[role=\"radio\"]");
    let n = options.len();
    let Some(at) = options.iter().position(|o| o == option) else {
        return;
    };
    let next = match key {
        "ArrowDown" | "ArrowRight" => (at + 1) % n,
        "ArrowUp" | "ArrowLeft" => (at + n - 1) % n,
        "Home" => 0,
        "End" => n - 1,
        _ => return,
    };
    ev.prevent_default();
    for (i, o) in options.iter().enumerate() {
        attr(o, "tabindex", if i == next { "0" } else { "-1" });
    }
    super::dom::focus(&options[next]);
}

/// Binds the quiz under `root`.
pub fn bind(lab: Lab, root: &Element) {
    let items = all(root, Hook::QuizQuestion.selector());
    if items.is_empty() {
        return;
    }
    let status = slot(root, Slot::QuizScore);
    let again = find(root, Act::QuizReset.selector());
    let shown = StoredValue::new_local(Vec::<Answer>::new());
    // The built-in quiz's feedback (why, and what "show me" shows) is read
    // later ([`super::later`]): fetched once the quiz comes near the
    // screen, or at the first pick; until then a pick's verdict shows
    // with a loading line, and its why once the words are here.
    let reword = lab.mounted().builtin_quiz && !crate::vm::text::later_ready();
    if reword {
        if let Some(quiz) = items.first().and_then(|li| li.parent_element()) {
            later::want_when_near(lab.later, &quiz);
        }
    }
    let mut worded: Option<Vec<crate::vm::quiz::Question>> = None;
    let mut words_shown = later::READY;
    super::effect(move || {
        let answers = lab.answers.get();
        let m = lab.mounted();
        let mut before = shown.get_value();
        let mut words = later::READY;
        if reword {
            words = lab.later.get();
            let picked = before != answers && answers.iter().any(|a| a.last.is_some());
            if picked && (words == later::IDLE || words == later::FAILED) {
                later::want(lab.later);
                words = later::LOADING;
            }
            if words == later::READY && worded.is_none() {
                worded = Some(crate::vm::quiz::builtin_in(&m.texts));
            }
            if words != words_shown {
                // Every question with feedback is written again.
                words_shown = words;
                before.clear();
            }
        }
        let quiz = worded.as_deref().unwrap_or(&m.quiz);
        for (q, li) in items.iter().enumerate() {
            let (Some(question), Some(a)) = (quiz.get(q), answers.get(q)) else {
                continue;
            };
            if before.get(q) == Some(a) {
                continue;
            }
            write_question(
                li,
                question,
                &m.order[q],
                a,
                &m.texts,
                words,
                worded.is_some(),
            );
        }
        shown.set_value(answers.clone());
        let s = score(&m.quiz, &answers);
        if let Some(st) = &status {
            text(st, &score_line(&s, &m.texts));
        }
        if let Some(b) = &again {
            hide(b, s.answered == 0);
        }
    });
}

/// Writes question `li` as answered `a`: its options' state and notes,
/// its feedback (with a line while its why is on its way, `words` not
/// ready), and its "show the answer" and "show me" buttons; `worded`: the
/// words read later are here, so "show me" names its scenario.
fn write_question(
    li: &Element,
    question: &crate::vm::quiz::Question,
    order: &[usize],
    a: &Answer,
    texts: &crate::vm::text::Texts,
    words: u8,
    worded: bool,
) {
    let mut v = view(question, order, a, texts);
    if words != later::READY && a.last.is_some() {
        let wait = if words == later::FAILED {
            Text::QuizNotLoaded
        } else {
            Text::QuizLoading
        };
        crate::html!(v.feedback, " {}", crate::vm::html::esc(texts.get(wait)));
    }
    for (button, o) in all(li, Act::QuizPick.selector()).iter().zip(&v.options) {
        attr(button, "class", o.class);
        attr(
            button,
            "aria-checked",
            if o.checked { "true" } else { "false" },
        );
        attr(button, "tabindex", if o.tab_stop { "0" } else { "-1" });
        if let Some(note) = find(button, data!([Part = "note"])) {
            text(&note, &o.note);
        }
        match o.correct {
            Some(c) => attr(
                button,
                Data::Correct.as_str(),
                if c { "true" } else { "false" },
            ),
            None => {
                let _ = button.remove_attribute(Data::Correct.as_str());
            }
        }
    }
    if let Some(f) = find(li, Hook::QuizFeedback.selector()) {
        super::dom::set_html(&f, &v.feedback);
    }
    if let Some(b) = find(li, Act::QuizShow.selector()) {
        hide(&b, !v.offer_answer);
    }
    if let Some(b) = find(li, Act::ShowMe.selector()) {
        // Offered once it can name its scenario: a built-in question's
        // label is among the words read later.
        let named = question.show.as_ref().is_some_and(|s| !s.label.is_empty());
        hide(&b, !(v.offer_show_me && named));
        if let (true, Some(show)) = (worded, &question.show) {
            text(&b, &texts.fill(Text::ShowMe, &[("label", &show.label)]));
        }
    }
}

/// The line above the quiz: how to start, the score so far, or the result.
fn score_line(s: &crate::vm::quiz::Score, t: &crate::vm::text::Texts) -> String {
    let (a, c, n) = (
        s.answered.to_string(),
        s.correct.to_string(),
        s.total.to_string(),
    );
    if s.answered == 0 {
        t.fill(Text::QuizIntro, &[("n", &n)])
    } else if s.answered == s.total {
        t.fill(Text::QuizDone, &[("n", &n), ("c", &c)])
    } else {
        t.fill(Text::QuizScore, &[("c", &c), ("a", &a), ("n", &n)])
    }
}
