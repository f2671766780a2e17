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
