//! Shared by the native tests (`tests/it/determinism.rs`) and the wasm test
//! (`#[path = "it/fixtures.rs"] mod fixtures;` in `tests/wasm.rs`): a fixed list of
//! scenarios and the digest of each report. Depends only on `ratelimit_lab`
//! and std, so it compiles for both targets.
//!
//! The point: the model must give the same report natively and in the
//! browser, so the wasm build must reproduce these constants exactly.
//!
//! To regenerate after an intended change to the model (then review why
//! every digest moved, and commit native and wasm together):
//!
//! run `cargo test --test it determinism`: the failing assertion prints the
//! new table to paste over [`EXPECTED`].

#![allow(dead_code)]

use ratelimit_lab::sim::{LoadBalancer, Report, Scenario, Strategy};

/// The fixed scenarios, by name: every strategy, both load balancers, the
/// largest size (16 servers × 500 requests), round trips of 0 and 20 ms.
pub fn scenarios() -> Vec<(&'static str, Scenario)> {
    let d = Scenario::default();
    let largest = d.with_servers(16).with_burst(500);
    vec![
        ("local-default", d),
        (
            "local-16x500-random-seed-max",
            largest
                .with_limit(200)
                .with_span_ms(1000)
                .with_seed(u64::MAX),
        ),
        (
            "split-default-seed-1",
            d.with_strategy(Strategy::Split).with_seed(1),
        ),
        (
            "split-16x500-round-robin-rtt-0",
            largest
                .with_strategy(Strategy::Split)
                .with_lb(LoadBalancer::RoundRobin)
                .with_rtt_us(0),
        ),
        ("getset-default", d.with_strategy(Strategy::GetSet)),
        (
            "getset-16x500-random-rtt-20",
            largest
                .with_strategy(Strategy::GetSet)
                .with_rtt_us(20_000)
                .with_limit(200)
                .with_span_ms(1000)
                .with_seed(0),
        ),
        (
            "getset-16x500-round-robin",
            largest
                .with_strategy(Strategy::GetSet)
                .with_lb(LoadBalancer::RoundRobin),
        ),
        (
            "incr-16x500-round-robin-rtt-0",
            largest
                .with_strategy(Strategy::Incr)
                .with_lb(LoadBalancer::RoundRobin)
                .with_rtt_us(0)
                .with_seed(42),
        ),
        (
            "incr-default-rtt-20",
            d.with_strategy(Strategy::Incr).with_rtt_us(20_000),
        ),
    ]
}

/// FNV-1a (64-bit) over the report's `Debug` text: every field, every
/// request and every Redis command, in order.
pub fn digest(report: &Report) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    format!("{report:?}")
        .bytes()
        .fold(OFFSET, |h, b| (h ^ u64::from(b)).wrapping_mul(PRIME))
}

/// `digest(&run(scenario))` for each of [`scenarios`], by name, as computed
/// natively.
pub const EXPECTED: [(&str, u64); 9] = [
    ("local-default", 0xbc33e32066803a3f),
    ("local-16x500-random-seed-max", 0x84d41e0a896e661f),
    ("split-default-seed-1", 0x80a8847f3d3da91d),
    ("split-16x500-round-robin-rtt-0", 0x9d06584395f80505),
    ("getset-default", 0x88b01822782c6417),
    ("getset-16x500-random-rtt-20", 0x758c3a546b937cf6),
    ("getset-16x500-round-robin", 0xd8832988c0bc06b7),
    ("incr-16x500-round-robin-rtt-0", 0x6e386da2c5b2f9a5),
    ("incr-default-rtt-20", 0x0ffa8574778d9eac),
];

/// Every scenario whose digest differs from [`EXPECTED`], as
/// `(name, expected, actual)`; empty when the model reproduces the table.
pub fn mismatches() -> Vec<(&'static str, u64, u64)> {
    let table = scenarios();
    assert_eq!(
        table.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
        EXPECTED.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
        "scenarios() and EXPECTED must list the same names in the same order"
    );
    table
        .iter()
        .zip(EXPECTED)
        .filter_map(|((name, scenario), (_, expected))| {
            let actual = digest(&ratelimit_lab::sim::run(scenario));
            (actual != expected).then_some((*name, expected, actual))
        })
        .collect()
}
