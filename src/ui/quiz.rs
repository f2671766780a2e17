//! The check-yourself quiz. The first pick on each question counts for the
//! score; after that every option can still be opened to read why it is
//! right or wrong.

use leptos::prelude::*;

use super::embed;
use super::quiz_data::{Question, QUESTIONS};
use super::state::Lab;
use super::widget::Heading;

/// Per question: the first option picked, and the option whose feedback is open.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Answer {
    first: Option<usize>,
    open: Option<usize>,
}

/// The quiz section.
#[component]
pub fn Quiz() -> impl IntoView {
    let lab = Lab::expect();
    let answers = RwSignal::new(vec![Answer::default(); QUESTIONS.len()]);
    let answered =
        Memo::new(move |_| answers.with(|a| a.iter().filter(|a| a.first.is_some()).count()));
    let correct = Memo::new(move |_| {
        answers.with(|a| {
            a.iter()
                .zip(QUESTIONS)
                .filter(|(a, q)| a.first.is_some_and(|i| q.choices[i].correct))
                .count()
        })
    });
    let pick = move |q: usize, i: usize| {
        let newly = answers.with_untracked(|a| a[q].first.is_none());
        answers.update(|a| {
            a[q].open = Some(i);
            a[q].first.get_or_insert(i);
        });
        if newly && lab.mount.with_value(|m| m.framed) {
            embed::post_quiz(
                answered.get_untracked(),
                correct.get_untracked(),
                QUESTIONS.len(),
            );
        }
    };
    view! {
        <section class="rll-quiz" data-testid="quiz" aria-labelledby=lab.id("quiz-title")>
            <Heading level=1 class="rll-section-title" id=lab.id("quiz-title")>"Check yourself"</Heading>
            <p class="rll-quiz__score" role="status" data-testid="quiz-score">
                {move || {
                    let (n, c) = (answered.get(), correct.get());
                    if n == 0 {
                        format!("{} questions. Your first answer to each one counts.", QUESTIONS.len())
                    } else {
                        format!("Score: {c} of {n} answered right at the first try ({} questions).", QUESTIONS.len())
                    }
                }}
            </p>
            <ol class="rll-quiz__list">
                {QUESTIONS
                    .iter()
                    .enumerate()
                    .map(|(q, question)| {
                        let answer = Memo::new(move |_| answers.with(|a| a[q]));
                        view! { <QuizQuestion q question answer on_pick=Callback::new(move |i| pick(q, i))/> }
                    })
                    .collect_view()}
            </ol>
            <button
                type="button"
                class="rll-button"
                data-testid="quiz-reset"
                disabled=Signal::derive(move || answered.get() == 0)
                on:click=move |_| answers.set(vec![Answer::default(); QUESTIONS.len()])
            >
                "Try again"
            </button>
        </section>
    }
}

#[component]
fn QuizQuestion(
    /// Index of the question.
    q: usize,
    /// The question.
    question: &'static Question,
    /// What has been picked.
    answer: Memo<Answer>,
    /// Called with the index of the option picked.
    on_pick: Callback<usize>,
) -> impl IntoView {
    let lab = Lab::expect();
    let prompt_id = lab.id(&format!("q{q}"));
    let feedback_id = lab.id(&format!("q{q}-feedback"));
    view! {
        <li class="rll-question" data-testid="quiz-question">
            <p class="rll-question__prompt" id=prompt_id.clone()>{question.prompt}</p>
            <div class="rll-question__choices" role="group" aria-labelledby=prompt_id>
                {question
                    .choices
                    .iter()
                    .enumerate()
                    .map(|(i, choice)| {
                        let state = Signal::derive(move || {
                            let a = answer.get();
                            match (a.first == Some(i) || a.open == Some(i), choice.correct) {
                                _ if a.first.is_none() => "",
                                (true, true) => "right",
                                (true, false) => "wrong",
                                (false, true) if a.first.is_some() => "right-unpicked",
                                _ => "",
                            }
                        });
                        view! {
                            <button
                                type="button"
                                class=Signal::derive(move || match state.get() {
                                    "" => "rll-question__choice".to_string(),
                                    s => format!("rll-question__choice rll-question__choice--{s}"),
                                })
                                aria-pressed=Signal::derive(move || (answer.get().open == Some(i)).to_string())
                                aria-controls=feedback_id.clone()
                                data-correct=Signal::derive(move || {
                                    answer.get().first.is_some().then_some(choice.correct.to_string())
                                })
                                on:click=move |_| on_pick.run(i)
                            >
                                // ✓ or ✗ comes from the stylesheet, by the button's class.
                                <span class="rll-question__mark" aria-hidden="true"></span>
                                {choice.text}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <p class="rll-question__feedback" id=feedback_id aria-live="polite" data-testid="quiz-feedback">
                <strong>
                    {Signal::derive(move || {
                        answer.get().open.map_or("", |i| {
                            if question.choices[i].correct { "Correct. " } else { "Not quite. " }
                        })
                    })}
                </strong>
                {Signal::derive(move || answer.get().open.map_or("", |i| question.choices[i].feedback))}
            </p>
        </li>
    }
}
