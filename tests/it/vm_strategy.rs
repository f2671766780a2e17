//! The one description per strategy (`src/vm/strategy.rs`).

use ratelimit_lab::sim::Strategy;
use ratelimit_lab::vm::strategy::about;

#[test]
fn each_strategys_row_is_its_own_and_its_texts_are_keyed_by_its_id() {
    for s in Strategy::ALL {
        let a = about(s);
        assert_eq!(a.id, s.as_str());
        let id = s.as_str();
        assert_eq!(a.tab.key(), format!("tab.{id}"));
        assert_eq!(a.hint.key(), format!("hint.{id}"));
        assert_eq!(a.summary.key(), format!("summary.{id}"));
        assert_eq!(a.calls.key(), format!("calls.{id}"));
        assert_eq!(
            a.explain.map(|t| t.key()),
            [
                format!("explain.{id}.1"),
                format!("explain.{id}.2"),
                format!("production.{id}"),
            ]
        );
        assert_eq!(a.code.key(), format!("code.{id}"));
    }
}

#[test]
fn the_script_keeping_a_log_or_a_counter_is_not_called_a_bucket() {
    use ratelimit_lab::sim::{Algo, Scenario};
    use ratelimit_lab::vm::strategy::words;
    use ratelimit_lab::vm::text::Texts;
    let t = Texts::english();
    for a in [Algo::Log, Algo::Counter, Algo::Fixed] {
        let s = Scenario::default()
            .with_strategy(Strategy::Lua)
            .with_algo(Some(a));
        let (name, summary, explain) = words(&s);
        for key in [name, summary, explain[0], explain[1]] {
            assert!(!t.get(key).contains("bucket"), "{a:?}: {}", t.get(key));
        }
    }
    // The bucket keeps the strategy's own words.
    let bucket = Scenario::default().with_strategy(Strategy::Lua);
    assert_eq!(words(&bucket).1, about(Strategy::Lua).summary);
}

#[test]
fn a_way_with_words_of_its_own_is_one_the_strategy_takes_and_not_its_default() {
    use ratelimit_lab::vm::code::files;
    use ratelimit_lab::vm::strategy::way;
    let mut ways = 0;
    for s in Strategy::ALL {
        let a = about(s);
        assert!(!a.files.is_empty(), "{s:?} shows no code");
        // The default way is told with the row's own words and files.
        assert!(way(s, s.algos()[0]).is_none(), "{s:?}");
        assert_eq!(files(s, s.algos()[0]), a.files, "{s:?}");
        for w in a.ways {
            ways += 1;
            assert!(
                s.algos().contains(&w.algo),
                "{s:?} never keeps {:?}",
                w.algo
            );
            assert!(!w.files.is_empty(), "{s:?} {:?} shows no code", w.algo);
            assert_eq!(files(s, w.algo), w.files);
        }
    }
    // Not vacuous: the script's log, sliding counter and fixed window.
    assert_eq!(ways, 3);
}
