//! What each server counts in its own memory at a moment, against what it
//! may allow: the picture's server boxes ("S1 3/10"), the user's real
//! total beside the user ("33/10"), and the same in the picture's words.
//! This is the heart of the lesson on counters in memory: every server is
//! under its limit while the user, taken as a whole, is far over it.

use crate::sim::{Command, Place, Report, Strategy};

use super::text::{Text, Texts};

/// One server's own count at a moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Own {
    /// Requests it has allowed, as it counts them: for `sync`, those it has
    /// not yet seen counted in a total from Redis.
    pub count: u32,
    /// `sync` only: the fleet's total Redis last told it.
    pub known: Option<u32>,
    /// What it may allow: the limit, or its share under ÷ N.
    pub cap: u32,
}

/// Every server's own count at `t_us`, in server order; empty where the
/// servers keep no count of their own (the edge, and the Redis strategies,
/// whose count lives in Redis).
pub fn own_counts(r: &Report, t_us: u64) -> Vec<Own> {
    own_counts_in(r, t_us, super::windows::counting(&r.scenario, t_us))
}

/// The same, counting only what counted in fixed window `k`, where the
/// count starts again at each edge (`None`: the whole burst).
pub fn own_counts_in(r: &Report, t_us: u64, k: Option<i32>) -> Vec<Own> {
    let s = &r.scenario;
    if s.strategy.place() != Place::Memory {
        return Vec::new();
    }
    let n = s.servers as usize;
    let mut own: Vec<Own> = (0..n as u32)
        .map(|i| Own {
            count: 0,
            known: s.strategy.batches().then_some(0),
            cap: if s.strategy.quotas() {
                s.split_quota(i)
            } else {
                s.limit
            },
        })
        .collect();
    for q in &r.requests {
        let counted = q.allowed && q.decided_us <= t_us && k.is_none_or(|k| q.window == k);
        if let (Some(server), true) = (q.server, counted) {
            if let Some(o) = own.get_mut(server as usize) {
                o.count += 1;
            }
        }
    }
    if s.strategy.batches() {
        // A sync's reply tells its server the total and takes what it
        // carried off the server's own count; the latest reply wins.
        let mut last: Vec<Option<u64>> = vec![None; n];
        for c in r.calls.iter().filter(|c| c.command == Command::IncrBy) {
            let (Some(at), Some(o)) = (c.replied_us, own.get_mut(c.server as usize)) else {
                continue;
            };
            if at > t_us {
                continue;
            }
            o.count = o.count.saturating_sub(c.arg);
            let newer = last[c.server as usize].is_none_or(|l| at >= l);
            if newer {
                o.known = Some(c.value);
                last[c.server as usize] = Some(at);
            }
        }
    }
    own
}

/// What a server's box says: its name, its own count against what it may
/// allow (known + its own for sync), and its refusals; without a count of
/// its own, what it has allowed and refused. `short` leaves the refusals
/// out of a count, for a box too narrow for the whole line.
pub fn box_line(name: &str, own: Option<&Own>, allowed: u32, refused: u32, short: bool) -> String {
    let count = match own {
        Some(Own {
            count,
            known: Some(k),
            cap,
        }) => format!("{k}+{count}/{cap}"),
        Some(Own { count, cap, .. }) => format!("{count}/{cap}"),
        None => return format!("{name}  ✓{allowed} ✗{refused}"),
    };
    if short {
        format!("{name} {count}")
    } else {
        format!("{name}  {count} ✗{refused}")
    }
}

/// Beside the user: what has come back allowed against the limit.
pub fn user_line(allowed: u32, limit: u32) -> String {
    format!("{allowed}/{limit}")
}

/// The picture's words for the servers' own counts ("" where they keep
/// none): each server's count against what it may allow, in order.
pub fn label(strategy: Strategy, own: &[Own], limit: u32, texts: &Texts) -> String {
    if own.is_empty() {
        return String::new();
    }
    let list = |f: &dyn Fn(&Own) -> String| own.iter().map(f).collect::<Vec<_>>().join(", ");
    let l = limit.to_string();
    if strategy.quotas() {
        texts.fill(
            Text::LabelOwnShare,
            &[("list", &list(&|o| format!("{} / {}", o.count, o.cap)))],
        )
    } else if strategy.batches() {
        texts.fill(
            Text::LabelOwnKnown,
            &[
                (
                    "list",
                    &list(&|o| format!("{} + {}", o.known.unwrap_or(0), o.count)),
                ),
                ("l", &l),
            ],
        )
    } else {
        texts.fill(
            Text::LabelOwn,
            &[("list", &list(&|o| o.count.to_string())), ("l", &l)],
        )
    }
}
