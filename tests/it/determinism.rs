//! Same scenario, same report: digests of fixed scenarios equal constants
//! that the wasm build must reproduce too (see `fixtures.rs`).

use ratelimit_lab::sim;

use crate::fixtures::{digest, mismatches, scenarios, EXPECTED};

#[test]
fn digests_match_the_recorded_table() {
    let wrong = mismatches();
    assert!(
        wrong.is_empty(),
        "digests changed (name, expected, actual): {wrong:#x?}\n\
         if the model change is intended, paste this over EXPECTED in fixtures.rs:\n{}",
        table()
    );
}

#[test]
fn digest_is_fnv1a_64() {
    // FNV-1a reference values: "" and "a".
    assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    let report = sim::run(&sim::Scenario::default());
    assert_eq!(digest(&report), fnv1a(format!("{report:?}").as_bytes()));
}

#[test]
fn digests_tell_the_scenarios_apart() {
    let mut digests: Vec<u64> = EXPECTED.iter().map(|(_, d)| *d).collect();
    digests.sort_unstable();
    digests.dedup();
    assert_eq!(digests.len(), EXPECTED.len());
}

#[test]
fn running_twice_gives_the_same_digest() {
    for (name, scenario) in scenarios() {
        assert_eq!(
            digest(&sim::run(&scenario)),
            digest(&sim::run(&scenario)),
            "{name}"
        );
    }
}

/// The table to paste over `EXPECTED` in `fixtures.rs`, printed by the
/// failing assertion when a model change is intended.
fn table() -> String {
    let mut out = format!(
        "pub const EXPECTED: [(&str, u64); {}] = [\n",
        scenarios().len()
    );
    for (name, scenario) in scenarios() {
        out.push_str(&format!(
            "    ({name:?}, {:#018x}),\n",
            digest(&sim::run(&scenario))
        ));
    }
    out.push_str("];");
    out
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}
