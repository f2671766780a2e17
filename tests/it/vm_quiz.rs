//! The quiz (`vm::quiz`): the order each question's options are shown in,
//! drawn from the widget's seed; how picks are scored (the first pick
//! counts, a wrong pick says why and the learner tries again, the right
//! answer shows only when picked or asked for); the checks on a course
//! author's quiz; the built-in questions. And one question as the learner
//! sees it (`vm::quiz_view`): the state of its options, the feedback, and
//! its markup with the hooks the view binds to.

use std::collections::BTreeSet;

use ratelimit_lab::sim::params;
use ratelimit_lab::vm::quiz::{
    builtin, check, order, score, Answer, Choice, Question, Score, ShowMe,
};
use ratelimit_lab::vm::quiz_view::{question, view};
use ratelimit_lab::vm::text::{Text, Texts};

use crate::vm_support::{attrs, english};

/// A question whose options are named `a`, `b`, …, with `right` the right
/// one (its index); each option's feedback is "why <name>".
fn q(n: usize, right: usize) -> Question {
    Question {
        prompt: format!("{n} options, {right} right"),
        options: (0..n)
            .map(|i| {
                let name = char::from(b'a' + i as u8).to_string();
                Choice {
                    why: format!("why {name}"),
                    text: name,
                    correct: i == right,
                }
            })
            .collect(),
        show: None,
    }
}

/// Where the right answer of each question is shown.
fn right_positions(quiz: &[Question], seed: u64) -> Vec<usize> {
    order(quiz, seed)
        .iter()
        .zip(quiz)
        .map(|(o, q)| o.iter().position(|&i| i == q.right()).unwrap())
        .collect()
}

#[test]
fn the_order_is_stable_for_a_seed_and_differs_across_seeds() {
    let quiz = builtin();
    assert_eq!(order(&quiz, 2026), order(&quiz, 2026));
    let orders: BTreeSet<Vec<Vec<usize>>> = (0..100).map(|seed| order(&quiz, seed)).collect();
    assert!(
        orders.len() >= 95,
        "only {} orders in 100 seeds",
        orders.len()
    );
    assert_ne!(order(&quiz, 1), order(&quiz, 2));
}

#[test]
fn every_option_is_shown_exactly_once() {
    let quiz: Vec<Question> = (2..=6).flat_map(|n| (0..n).map(move |r| q(n, r))).collect();
    for seed in 0..200 {
        for (o, question) in order(&quiz, seed).iter().zip(&quiz) {
            let mut sorted = o.clone();
            sorted.sort_unstable();
            assert_eq!(
                sorted,
                (0..question.options.len()).collect::<Vec<_>>(),
                "seed {seed}"
            );
        }
    }
    for seed in 0..1000 {
        for (o, question) in order(&builtin(), seed).iter().zip(builtin()) {
            let mut sorted = o.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..question.options.len()).collect::<Vec<_>>());
        }
    }
}

#[test]
fn the_right_answer_moves_around_across_questions_for_every_seed() {
    // Issue 11: the right answer was the first option of every question.
    // For every seed, each position holds the right answer about as often
    // as the others (the built-in questions all have three options).
    let quiz = builtin();
    assert!(quiz.iter().all(|q| q.options.len() == 3));
    let mut first_everywhere = 0;
    for seed in 0..1000 {
        let at = right_positions(&quiz, seed);
        let count = |p: usize| at.iter().filter(|&&x| x == p).count();
        let (lo, hi) = (
            (0..3).map(count).min().unwrap(),
            (0..3).map(count).max().unwrap(),
        );
        assert!(hi - lo <= 1, "seed {seed}: right answers at {at:?}");
        first_everywhere += usize::from(at[0] == 0);
    }
    // The first question's right answer is not always first either.
    assert!(
        (250..=420).contains(&first_everywhere),
        "{first_everywhere} of 1000"
    );
}

#[test]
fn a_question_with_its_right_answer_anywhere_is_shuffled_the_same_way() {
    // Where the author put the right answer does not give it away.
    for seed in 0..50 {
        let quiz: Vec<Question> = (0..4).map(|r| q(4, r)).collect();
        let at = right_positions(&quiz, seed);
        assert!(at.iter().all(|&p| p < 4));
    }
}

#[test]
fn the_first_pick_counts_and_a_wrong_pick_lets_the_learner_try_again() {
    let question = q(3, 1);
    let mut a = Answer::default();
    // A wrong first pick: counted, recorded, not over.
    assert!(a.pick(&question, 2));
    assert_eq!(
        a,
        Answer {
            first: Some(2),
            last: Some(2),
            tried: vec![2],
            solved: false,
            revealed: false
        }
    );
    assert!(!a.done());
    // The same wrong pick again: recorded once.
    assert!(!a.pick(&question, 2));
    assert_eq!(a.tried, [2]);
    // Another wrong one.
    assert!(!a.pick(&question, 0));
    assert_eq!(
        (a.first, a.last, a.tried.clone()),
        (Some(2), Some(0), vec![2, 0])
    );
    // The right one ends it.
    assert!(!a.pick(&question, 1));
    assert!(a.solved && a.done());
    assert_eq!((a.first, a.last), (Some(2), Some(1)));
    // Once over, a pick only opens that option's feedback.
    assert!(!a.pick(&question, 0));
    assert_eq!(
        a,
        Answer {
            first: Some(2),
            last: Some(0),
            tried: vec![2, 0],
            solved: true,
            revealed: false
        }
    );
    // Out of range: nothing.
    let before = a.clone();
    assert!(!a.pick(&question, 3));
    assert_eq!(a, before);
}

#[test]
fn a_right_first_pick_is_over_at_once() {
    let question = q(3, 0);
    let mut a = Answer::default();
    assert!(a.pick(&question, 0));
    assert_eq!(
        a,
        Answer {
            first: Some(0),
            last: Some(0),
            tried: vec![],
            solved: true,
            revealed: false
        }
    );
}

#[test]
fn the_answer_is_shown_on_request_only_after_a_pick() {
    let question = q(3, 2);
    let mut a = Answer::default();
    a.reveal(&question);
    assert_eq!(
        a,
        Answer::default(),
        "nothing to reveal before a first answer"
    );
    a.pick(&question, 0);
    a.reveal(&question);
    assert!(a.revealed && a.done() && !a.solved);
    assert_eq!(a.last, Some(2));
    // Picking after it is over counts for nothing.
    assert!(!a.pick(&question, 1));
    assert_eq!(a.tried, [0]);
}

#[test]
fn the_score_counts_first_picks() {
    let quiz = vec![q(3, 0), q(3, 1), q(3, 2), q(2, 1)];
    let mut answers = vec![Answer::default(); 4];
    assert_eq!(
        score(&quiz, &answers),
        Score {
            answered: 0,
            correct: 0,
            total: 4
        }
    );
    answers[0].pick(&quiz[0], 0); // right at once
    answers[1].pick(&quiz[1], 0); // wrong, then right
    answers[1].pick(&quiz[1], 1);
    answers[2].pick(&quiz[2], 1); // wrong, then revealed
    answers[2].reveal(&quiz[2]);
    assert_eq!(
        score(&quiz, &answers),
        Score {
            answered: 3,
            correct: 1,
            total: 4
        }
    );
    answers[3].pick(&quiz[3], 1);
    assert_eq!(
        score(&quiz, &answers),
        Score {
            answered: 4,
            correct: 2,
            total: 4
        }
    );
    // Fewer answers than questions (a quiz swapped under the answers).
    assert_eq!(
        score(&quiz, &answers[..1]),
        Score {
            answered: 1,
            correct: 1,
            total: 4
        }
    );
}

#[test]
fn a_course_authors_quiz_is_checked() {
    let err = |quiz: Vec<Question>| check(&quiz).unwrap_err();
    assert_eq!(err(vec![]), "quiz: no questions");
    let mut blank = q(3, 0);
    blank.prompt = "  ".into();
    assert_eq!(
        err(vec![q(3, 0), blank]),
        "quiz[1].prompt: the question is empty"
    );
    assert_eq!(
        err(vec![q(1, 0)]),
        "quiz[0].options: 1 option (2 to 6 are needed)"
    );
    assert_eq!(
        err(vec![q(3, 0), q(3, 0), q(7, 0)]),
        "quiz[2].options: 7 options (2 to 6 are needed)"
    );
    let mut none = q(3, 0);
    none.options[0].correct = false;
    assert_eq!(
        err(vec![none]),
        "quiz[0].options: 0 options are marked correct (exactly one must be)"
    );
    let mut two = q(3, 0);
    two.options[2].correct = true;
    assert_eq!(
        err(vec![two]),
        "quiz[0].options: 2 options are marked correct (exactly one must be)"
    );
    assert_eq!(check(&[q(2, 1), q(6, 5)]), Ok(()));
}

#[test]
fn the_built_in_quiz_is_complete() {
    let quiz = builtin();
    assert!(quiz.len() >= 9, "{} questions", quiz.len());
    assert_eq!(check(&quiz), Ok(()));
    let prompts: BTreeSet<&str> = quiz.iter().map(|q| q.prompt.as_str()).collect();
    assert_eq!(prompts.len(), quiz.len(), "two questions ask the same");
    for q in &quiz {
        assert_eq!(
            q.options.iter().filter(|c| c.correct).count(),
            1,
            "{}",
            q.prompt
        );
        for c in &q.options {
            assert!(
                !c.text.trim().is_empty() && !c.why.trim().is_empty(),
                "{}: {c:?}",
                q.prompt
            );
        }
        // Every "show me" is a clean scenario.
        if let Some(show) = &q.show {
            let parsed = params::parse(params::pairs(&show.query));
            assert!(
                parsed.notices.is_empty(),
                "{}: {:?}",
                show.query,
                parsed.notices
            );
            assert!(!show.label.trim().is_empty());
        }
    }
}

#[test]
fn the_built_in_quiz_covers_what_the_course_text_teaches() {
    // Issue 11's four missing points: Gatepass's GET then SET (fixed by
    // INCR or a Lua script; adding replicas is the tempting wrong answer),
    // why the in-memory limiter passes every test, autoscaling from 4 to
    // 10 servers under ÷ N, and the shared counter's new risk.
    let quiz = builtin();
    let asks = |words: &[&str]| {
        quiz.iter().any(|q| {
            let all = format!(
                "{} {}",
                q.prompt,
                q.options
                    .iter()
                    .map(|c| format!("{} {}", c.text, c.why))
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            words.iter().all(|w| all.contains(w))
        })
    };
    assert!(asks(&["Gatepass", "Lua script", "replicas"]));
    assert!(asks(&["passed every test", "laptop"]));
    assert!(asks(&["Autoscaling", "10 servers", "÷ 4"]));
    assert!(asks(&["new risk"]));
    // The Gatepass question's right answer names both fixes; replicas is wrong.
    let gatepass = quiz.iter().find(|q| q.prompt.contains("Gatepass")).unwrap();
    let right = &gatepass.options[gatepass.right()].text;
    assert!(right.contains("INCR") && right.contains("Lua"), "{right}");
    assert!(gatepass
        .options
        .iter()
        .any(|c| !c.correct && c.text.contains("replicas")));
}

#[test]
fn before_any_pick_nothing_gives_the_answer_away() {
    let t = english();
    let quiz = builtin();
    for seed in [0, 1, 2026, u64::MAX] {
        let orders = order(&quiz, seed);
        for (n, (question_, o)) in quiz.iter().zip(&orders).enumerate() {
            let v = view(question_, o, &Answer::default(), &t);
            assert!(v.options.iter().all(|o| o.class == "rll-question__choice"
                && !o.checked
                && o.correct.is_none()
                && o.note.is_empty()));
            // One Tab stop per question: the first option shown.
            assert_eq!(
                v.options.iter().map(|o| o.tab_stop).collect::<Vec<_>>(),
                (0..o.len()).map(|k| k == 0).collect::<Vec<_>>()
            );
            assert_eq!(v.feedback, "");
            assert!(!v.offer_answer && !v.offer_show_me);
            let html = question(question_, o, &Answer::default(), n, "rll1", &t);
            assert!(
                !html.contains("data-correct") && !html.contains("--right"),
                "{html}"
            );
            assert_eq!(attrs(&html, "aria-checked"), vec!["false"; o.len()]);
            assert_eq!(attrs(&html, "role"), {
                let mut r = vec!["radiogroup"];
                r.extend(vec!["radio"; o.len()]);
                r
            });
            let mut stops = vec!["-1"; o.len()];
            stops[0] = "0";
            assert_eq!(attrs(&html, "tabindex"), stops);
        }
    }
}

#[test]
fn a_wrong_pick_says_why_and_offers_the_answer_without_showing_it() {
    let t = english();
    let question_ = q(3, 1);
    let o = [2, 0, 1];
    let mut a = Answer::default();
    a.pick(&question_, 0);
    let v = view(&question_, &o, &a, &t);
    let classes: Vec<&str> = v.options.iter().map(|o| o.class).collect();
    assert_eq!(
        classes,
        [
            "rll-question__choice",
            "rll-question__choice rll-question__choice--wrong",
            "rll-question__choice"
        ]
    );
    assert_eq!(
        v.options.iter().map(|o| o.checked).collect::<Vec<_>>(),
        [false, true, false]
    );
    assert_eq!(
        v.options.iter().map(|o| o.tab_stop).collect::<Vec<_>>(),
        [false, true, false],
        "the Tab stop follows the pick"
    );
    assert_eq!(
        v.options
            .iter()
            .map(|o| o.note.as_str())
            .collect::<Vec<_>>(),
        ["", " (not right)", ""]
    );
    assert!(
        v.options.iter().all(|o| o.correct.is_none()),
        "the right answer stays hidden"
    );
    assert_eq!(
        v.feedback,
        "<strong>You picked “a”: not right. </strong>why a Try another option."
    );
    assert!(v.offer_answer && !v.offer_show_me);
}

#[test]
fn once_over_every_option_says_whether_it_was_right() {
    let t = english();
    let mut question_ = q(3, 1);
    question_.show = Some(ShowMe {
        label: "one server".into(),
        query: "strategy=local&servers=1".into(),
    });
    let o = [2, 0, 1];
    // Right at the second try.
    let mut a = Answer::default();
    a.pick(&question_, 0);
    a.pick(&question_, 1);
    let v = view(&question_, &o, &a, &t);
    assert_eq!(
        v.options.iter().map(|o| o.correct).collect::<Vec<_>>(),
        [Some(false), Some(false), Some(true)]
    );
    assert_eq!(
        v.options[2].class,
        "rll-question__choice rll-question__choice--right"
    );
    assert_eq!(
        v.options[1].class,
        "rll-question__choice rll-question__choice--wrong"
    );
    assert_eq!(v.feedback, "<strong>You picked “b”: right. </strong>why b");
    assert_eq!(
        v.options
            .iter()
            .map(|o| o.note.as_str())
            .collect::<Vec<_>>(),
        ["", " (not right)", " (the answer)"]
    );
    assert!(!v.offer_answer && v.offer_show_me);
    // Revealed: the right option's feedback shows.
    let mut a = Answer::default();
    a.pick(&question_, 2);
    a.reveal(&question_);
    let v = view(&question_, &o, &a, &t);
    assert_eq!(
        v.options.iter().map(|o| o.checked).collect::<Vec<_>>(),
        [false, false, true]
    );
    // Never "right" for an answer the learner did not find: it says what
    // was picked, that it was wrong, and what the answer is.
    assert_eq!(
        v.feedback,
        "<strong>You picked “c” first, which is not right. The answer is “b”. </strong>why b"
    );
    assert!(v.offer_show_me);
    // Over, without a scenario to show.
    let mut a = Answer::default();
    a.pick(&q(3, 1), 1);
    assert!(!view(&q(3, 1), &o, &a, &t).offer_show_me);
}

#[test]
fn the_markup_carries_the_hooks_in_the_order_shown() {
    let t = english();
    let mut question_ = q(4, 3);
    question_.show = Some(ShowMe {
        label: "a & b".into(),
        query: "strategy=local&servers=16".into(),
    });
    let o = [3, 1, 0, 2];
    let html = question(&question_, &o, &Answer::default(), 5, "rll7", &t);
    assert_eq!(
        attrs(&html, "data-act"),
        [
            "quiz-pick",
            "quiz-pick",
            "quiz-pick",
            "quiz-pick",
            "quiz-show",
            "show-me"
        ]
    );
    assert_eq!(attrs(&html, "data-q"), ["5", "5", "5", "5", "5"]);
    assert_eq!(attrs(&html, "data-i"), ["3", "1", "0", "2"]);
    assert_eq!(attrs(&html, "aria-controls"), vec!["rll7-q5-fb"; 4]);
    assert_eq!(attrs(&html, "id"), ["rll7-q5", "rll7-q5-fb"]);
    assert_eq!(attrs(&html, "aria-labelledby"), ["rll7-q5"]);
    assert_eq!(
        attrs(&html, "data-testid"),
        ["quiz-feedback", "quiz-show", "show-me"]
    );
    assert_eq!(
        attrs(&html, "data-query"),
        ["strategy=local&amp;servers=16"]
    );
    assert!(html.contains(">Show me: a &amp; b</button>"), "{html}");
    // The buttons' text, in the order shown.
    let texts: Vec<&str> = html
        .split("aria-hidden=\"true\"></span>")
        .skip(1)
        .map(|s| &s[..1])
        .collect();
    assert_eq!(texts, ["d", "b", "a", "c"]);
    // "Show answer" and "Show me" start hidden; the view reveals them.
    assert_eq!(html.matches(" hidden>").count(), 2);
}

#[test]
fn every_piece_of_a_question_is_escaped() {
    let t = Texts::with(vec![
        (Text::QuizWrong, "<em>No</em>".into()),
        (Text::QuizShowAnswer, "\"answer\"".into()),
    ]);
    let evil = Question {
        prompt: "<script>alert(1)</script>".into(),
        options: vec![
            Choice {
                text: "<b>bold</b>".into(),
                correct: true,
                why: "a & b".into(),
            },
            Choice {
                text: "x\"y".into(),
                correct: false,
                why: "<img src=x>".into(),
            },
        ],
        show: Some(ShowMe {
            label: "<i>".into(),
            query: "a=\"1\"&b=<2>".into(),
        }),
    };
    let mut a = Answer::default();
    a.pick(&evil, 1);
    let html = question(&evil, &[0, 1], &a, 0, "rll1", &t);
    for raw in [
        "<script", "<b>", "<img", "<i>", "<em>", "x\"y", "a=\"1\"", "<2>",
    ] {
        assert!(!html.contains(raw), "{raw} in {html}");
    }
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(
        html.contains(
            "<strong>&lt;em&gt;No&lt;/em&gt;</strong>&lt;img src=x&gt; Try another option."
        ),
        "{html}"
    );
    assert!(
        html.contains(r#"data-query="a=&quot;1&quot;&amp;b=&lt;2&gt;""#),
        "{html}"
    );
    assert!(html.contains("&quot;answer&quot;"));
}

#[test]
fn the_built_in_quiz_is_in_the_texts_table_and_a_content_file_translates_it_by_key() {
    // Its English is the table's: the first question's prompt, right
    // answer (listed first) and "show me" label.
    let quiz = builtin();
    assert_eq!(quiz.len(), 17);
    assert_eq!(quiz[0].prompt, english().get(Text::Quiz1Prompt));
    assert_eq!(
        quiz[0].options[0].text,
        "On the laptop one server saw every request"
    );
    assert!(quiz[0].options[0].correct && !quiz[0].options[1].correct);
    assert_eq!(
        quiz[0].show.as_ref().unwrap().query,
        "strategy=local&servers=1"
    );
    assert!(quiz[13].show.is_none());
    // The French example's keys say what its own quiz says, question by
    // question, so the two translations cannot drift apart.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/public/content/fr.json");
    let fr = ratelimit_lab::vm::content::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(
        ratelimit_lab::vm::quiz::builtin_in(&fr.texts),
        fr.quiz.expect("the French example has its quiz")
    );
}

/// The built-in question whose right answer is `right`, as the texts table
/// says it.
fn asking(right: Text) -> Question {
    let text = english().get(right).to_string();
    builtin()
        .into_iter()
        .find(|q| q.options[q.right()].text == text)
        .unwrap_or_else(|| panic!("no question answers {text}"))
}

/// What the model lets through at the scenario `query` says.
fn through(query: &str) -> u32 {
    crate::vm_support::report(query).allowed
}

#[test]
fn which_way_of_keeping_the_count_for_which_need_agrees_with_the_model() {
    // 15. Exact in any second: the sliding log. Its "show me" lets exactly
    // the limit through with the edge mid-burst, where a fixed window
    // (INCR, or the script keeping one) lets the prompt's 20 and a sliding
    // counter the 11 its feedback says.
    let exact = asking(Text::Quiz15Right);
    assert!(exact.options[exact.right()]
        .text
        .starts_with("A sliding log"));
    let show = exact.show.as_ref().expect("a show me");
    assert_eq!(show.query, "strategy=lua&algo=log&edge=20");
    assert_eq!(through(&show.query), 10);
    assert!(exact.prompt.contains("let 20 through in 40 ms"));
    assert_eq!(through("strategy=incr&edge=20"), 20);
    assert_eq!(through("strategy=lua&algo=fixed&edge=20"), 20);
    assert!(exact
        .options
        .iter()
        .any(|c| c.why.contains("lets 11 through")));
    assert_eq!(through("strategy=lua&algo=counter&edge=20"), 11);
    // And wherever the edge falls, in 40 ms or a whole second, the log
    // lets the limit through over 200 seeds.
    for seed in 0..200 {
        for edge in [5, 20, 35] {
            let q = format!("strategy=lua&algo=log&edge={edge}&seed={seed}");
            assert_eq!(through(&q), 10, "{q}");
        }
        let q = format!("strategy=lua&algo=log&span=1000&edge=500&seed={seed}");
        assert!(through(&q) <= 10, "{q}");
    }
    // 16. Little memory and close: the sliding counter, two integers. Its
    // "show me" is one over the limit across the edge, where the fixed
    // window, one integer, is twice it; the log keeps a timestamp per
    // allowed request (the limit's worth, 10, in Redis after the burst).
    let small = asking(Text::Quiz16Right);
    assert!(small.options[small.right()]
        .text
        .starts_with("A sliding counter"));
    let show = small.show.as_ref().expect("a show me");
    assert_eq!(show.query, "strategy=lua&algo=counter&edge=20");
    for seed in 0..200 {
        let q = format!("{}&seed={seed}", show.query);
        assert_eq!(through(&q), 11, "{q}");
        let fixed = through(&format!("strategy=lua&algo=fixed&edge=20&seed={seed}"));
        assert!(fixed >= 15, "seed {seed}: {fixed}");
    }
    assert_eq!(
        crate::vm_support::report("strategy=lua&algo=log&edge=20").final_counter,
        Some(10)
    );
    // 17. The limit at once, then a steady refill: the token bucket. Its
    // "show me", 40 requests over one second, lets about 10 + 10 through;
    // the log and the fixed window, the limit only (nothing comes back
    // within the second).
    let bursts = asking(Text::Quiz17Right);
    assert!(bursts.options[bursts.right()]
        .text
        .starts_with("A token bucket"));
    let show = bursts.show.as_ref().expect("a show me");
    assert_eq!(show.query, "strategy=lua&algo=bucket&span=1000");
    // (10 at once, then one per 100 ms between the first request and the
    // last, which random arrivals put a little under a second apart.)
    let mut sum = 0;
    for seed in 0..200 {
        let q = format!("{}&seed={seed}", show.query);
        sum += through(&q);
        assert!((15..=20).contains(&through(&q)), "{q}: {}", through(&q));
        for other in ["log", "fixed"] {
            let q = format!("strategy=lua&algo={other}&span=1000&seed={seed}");
            assert_eq!(through(&q), 10, "{q}");
        }
    }
    assert!((3700..=4000).contains(&sum), "{} on average", sum / 200);
}
