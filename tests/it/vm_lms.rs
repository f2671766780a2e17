//! What a course platform is told (`vm::lms`): the score on a 0 to 100
//! scale, `passed`/`failed` against the mastery score, the rule that a
//! later attempt never lowers what is recorded, the status a launch sets,
//! and the progress line kept in `cmi.suspend_data`.

use ratelimit_lab::vm::lms::{
    self, decode, encode, grade, interaction, mastery, percent, quiz_hash, start_status, timespan,
    Grade, Progress,
};
use ratelimit_lab::vm::quiz::{builtin, score, Answer};

#[test]
fn the_score_is_a_rounded_percentage_of_right_first_answers() {
    let s = |correct, total| ratelimit_lab::vm::quiz::Score {
        answered: total,
        correct,
        total,
    };
    assert_eq!(percent(&s(14, 14)), 100);
    assert_eq!(percent(&s(13, 14)), 93);
    assert_eq!(percent(&s(11, 14)), 79);
    assert_eq!(percent(&s(1, 3)), 33);
    assert_eq!(percent(&s(2, 3)), 67);
    assert_eq!(percent(&s(0, 14)), 0);
    assert_eq!(percent(&s(0, 0)), 0);
}

#[test]
fn mastery_comes_from_the_page_then_the_platform_then_80() {
    assert_eq!(mastery(Some(60), "90"), 60);
    assert_eq!(mastery(None, "90"), 90);
    assert_eq!(mastery(None, "72.6"), 73);
    assert_eq!(mastery(None, ""), lms::DEFAULT_MASTERY);
    assert_eq!(mastery(None, "150"), 80);
    assert_eq!(mastery(None, "n/a"), 80);
}

#[test]
fn a_launch_says_incomplete_unless_a_result_is_recorded() {
    for s in ["", "not attempted", "browsed", "unknown"] {
        assert_eq!(start_status(s), Some("incomplete"), "{s:?}");
    }
    for s in ["passed", "completed", "failed", "incomplete"] {
        assert_eq!(start_status(s), None, "{s:?}");
    }
}

#[test]
fn a_grade_is_passed_at_mastery_and_failed_below() {
    assert_eq!(
        grade("incomplete", "", 80, 80),
        Grade {
            raw: Some(80),
            status: Some("passed")
        }
    );
    assert_eq!(
        grade("incomplete", "", 79, 80),
        Grade {
            raw: Some(79),
            status: Some("failed")
        }
    );
}

#[test]
fn a_worse_attempt_never_lowers_the_score_or_a_pass() {
    // 93 passed is recorded; a 50 keeps both.
    assert_eq!(
        grade("passed", "93", 50, 80),
        Grade {
            raw: None,
            status: None
        }
    );
    // A better failed attempt raises the score and stays failed.
    assert_eq!(
        grade("failed", "40", 60, 80),
        Grade {
            raw: Some(60),
            status: None
        }
    );
    // A pass after a fail.
    assert_eq!(
        grade("failed", "40", 86, 80),
        Grade {
            raw: Some(86),
            status: Some("passed")
        }
    );
    // A pass with a lower mastery later stays a pass with a worse attempt.
    assert_eq!(grade("passed", "70", 10, 80).status, None);
    // An equal score is not written again.
    assert_eq!(grade("failed", "50", 50, 80).raw, None);
    // A recorded score that passes gives passed even if this attempt fails.
    assert_eq!(grade("completed", "90", 20, 80).status, Some("passed"));
}

#[test]
fn the_quiz_is_named_by_the_content_files_id_else_builtin() {
    assert_eq!(lms::quiz_name(Some("course-7")), "course-7");
    assert_eq!(lms::quiz_name(Some("  ")), "builtin");
    assert_eq!(lms::quiz_name(None), "builtin");
}

/// Answers for the built-in quiz: some right, one wrong then right, one
/// wrong then shown, the rest unanswered.
fn some_answers() -> Vec<Answer> {
    let quiz = builtin();
    let mut answers = vec![Answer::default(); quiz.len()];
    answers[0].pick(&quiz[0], quiz[0].right());
    let wrong = |q: usize| {
        (0..quiz[q].options.len())
            .find(|i| *i != quiz[q].right())
            .unwrap()
    };
    answers[1].pick(&quiz[1], wrong(1));
    answers[1].pick(&quiz[1], quiz[1].right());
    answers[2].pick(&quiz[2], wrong(2));
    answers[2].reveal(&quiz[2]);
    answers
}

#[test]
fn progress_round_trips_through_the_suspend_data_line() {
    let quiz = builtin();
    let p = Progress {
        answers: some_answers(),
        steps: vec![1, 2, 5],
    };
    let line = encode(&quiz, &p);
    assert!(line.starts_with("rll1;h="), "{line}");
    assert!(line.len() < 200, "{} chars: {line}", line.len());
    assert_eq!(decode(&quiz, &line), Some(p.clone()));
    let s = score(&quiz, &p.answers);
    assert_eq!((s.answered, s.correct), (3, 1));
    // Nothing answered round-trips too.
    let empty = Progress {
        answers: vec![Answer::default(); quiz.len()],
        steps: vec![],
    };
    assert_eq!(decode(&quiz, &encode(&quiz, &empty)), Some(empty));
}

#[test]
fn progress_for_another_quiz_or_version_or_that_does_not_fit_is_not_restored() {
    let quiz = builtin();
    let p = Progress {
        answers: some_answers(),
        steps: vec![],
    };
    let line = encode(&quiz, &p);
    // Another quiz: one question fewer.
    let shorter = &quiz[1..];
    assert_ne!(quiz_hash(shorter), quiz_hash(&quiz));
    assert_eq!(decode(shorter, &line), None);
    // Another version.
    assert_eq!(decode(&quiz, &line.replacen("rll1", "rll2", 1)), None);
    // Garbage, empty, an option out of range, a right first pick unsolved.
    let h = quiz_hash(&quiz);
    let commas = ",".repeat(quiz.len() - 1);
    for bad in [
        "".to_string(),
        "garbage".to_string(),
        format!("rll1;h={h};a=9.9..s{}", ",".repeat(quiz.len() - 1)),
        format!(
            "rll1;h={h};a={}.{}..{}",
            quiz[0].right(),
            quiz[0].right(),
            commas
        ),
        format!("rll1;h={h};a={commas};s=x"),
    ] {
        assert_eq!(decode(&quiz, &bad), None, "{bad}");
    }
    // A field a later version adds is ignored.
    assert_eq!(decode(&quiz, &format!("{line};z=later")), Some(p));
}

#[test]
fn recorded_numbers_are_read_as_decimals_rounded() {
    assert_eq!(mastery(None, " 80 "), 80);
    assert_eq!(mastery(None, ".5"), 1);
    assert_eq!(mastery(None, "-5"), 80);
    assert_eq!(mastery(None, "."), 80);
    assert_eq!(mastery(None, "1e2"), 80);
    assert_eq!(grade("failed", "92.6", 93, 80).raw, None);
    assert_eq!(grade("failed", "92.4", 93, 80).raw, Some(93));
    assert_eq!(grade("", "garbage", 50, 80).raw, Some(50));
}

#[test]
fn the_session_time_is_a_scorm_12_timespan() {
    assert_eq!(timespan(0), "0000:00:00.00");
    assert_eq!(timespan(65_250), "0000:01:05.25");
    assert_eq!(timespan(3_600_000 * 27 + 59_999), "0027:00:59.99");
    // Four digits of hours at most.

    assert!(timespan(u64::MAX).starts_with("9999:"));
}

#[test]
fn one_interaction_per_question_names_the_response_and_the_right_one() {
    let quiz = builtin();
    let q = &quiz[1];
    let right = q.right();
    let wrong = (right + 1) % q.options.len();
    let letter = |k: usize| char::from(b'a' + k as u8).to_string();
    let fields = interaction(3, 1, q, wrong);
    let got: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        got,
        [
            ("cmi.interactions.3.id", "q2"),
            ("cmi.interactions.3.type", "choice"),
            (
                "cmi.interactions.3.student_response",
                letter(wrong).as_str()
            ),
            ("cmi.interactions.3.result", "wrong"),
            (
                "cmi.interactions.3.correct_responses.0.pattern",
                letter(right).as_str()
            ),
        ]
    );
    assert_eq!(interaction(0, 1, q, right)[3].1, "correct");
    // SCORM 1.2's limits: an identifier without spaces, a response of one
    // letter a–z for a choice.
    for (i, q) in quiz.iter().enumerate() {
        for o in 0..q.options.len() {
            let f = interaction(i, i, q, o);
            assert!(!f[0].1.contains(' ') && f[0].1.len() <= 255);
            assert!(f[2].1.len() == 1 && f[2].1.chars().all(|c| c.is_ascii_lowercase()));
        }
    }
}
