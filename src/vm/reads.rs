//! The one rule for "these requests read the same count" under GET then
//! SET, shared by the picture, the timeline and the Redis log.
//!
//! Two GETs share a read when they return the same value and that value is
//! below the limit: both requests are allowed on the same number, and at
//! least one of their SETs will write a count that is missing the other.

use crate::sim::{Command, Report};

/// For every call (by index into `report.calls`): for a GET that shares its
/// read with at least one other GET, the index of the first GET (in the
/// order Redis ran them) that read that value; `None` for every other call.
pub fn shared_reads(report: &Report) -> Vec<Option<u32>> {
    let limit = report.limit;
    let mut first_by_value: Vec<Option<u32>> = vec![None; limit as usize];
    let mut readers: Vec<u32> = vec![0; limit as usize];
    for &i in &report.redis_log {
        let c = &report.calls[i as usize];
        if c.command == Command::Get && c.replied_us.is_some() && c.value < limit {
            let v = c.value as usize;
            first_by_value[v].get_or_insert(i);
            readers[v] += 1;
        }
    }
    report
        .calls
        .iter()
        .map(|c| {
            let v = c.value as usize;
            (c.command == Command::Get
                && c.replied_us.is_some()
                && c.value < limit
                && readers[v] > 1)
                .then(|| first_by_value[v])
                .flatten()
        })
        .collect()
}

/// How many requests read a count that another request also read (at or
/// before `t_us`, by the time Redis ran their GETs).
pub fn shared_count(report: &Report, shared: &[Option<u32>], t_us: u64) -> u32 {
    report
        .calls
        .iter()
        .zip(shared)
        .filter(|(c, s)| s.is_some() && c.executed_us.is_some_and(|x| x <= t_us))
        .count() as u32
}
