//! Independent recomputations of what the model reports, from its trace
//! and the model's rules (docs/MODEL.md), written without looking at how
//! `src/sim/` computes them: a little Redis that replays the log, the state
//! at a moment counted request by request, refused-under-the-limit from the
//! decisions in time order, the token bucket's allowance from the script's
//! run times.

use ratelimit_lab::sim::{Command, Moment, Report, ServerMoment, Strategy};

/// What a call returned, as the little Redis computes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The call's index in `Report::calls`.
    pub call: u32,
    /// What Redis returned.
    pub value: u32,
    /// The counter after it ran (the bucket's whole tokens for the script).
    pub counter_after: u32,
}

/// Replays every call of the Redis log, in the log's order, on a Redis of
/// our own: a counter (GET, SET, INCR, INCRBY, EXPIRE) and the token bucket
/// script (full at its first run, refilled at L per window in exact
/// integer units of 1/W token).
pub fn replay(r: &Report) -> Vec<Reply> {
    let s = &r.scenario;
    let w = s.window_us();
    let limit = u64::from(s.limit);
    let mut counter: u32 = 0;
    // (units, last run) once the script has run.
    let mut bucket: Option<(u64, u64)> = None;
    let mut out = Vec::new();
    for &id in &r.redis_log {
        let c = &r.calls[id as usize];
        let x = c.executed_us.expect("a call in the log has run");
        let (value, counter_after) = match c.command {
            Command::Get => (counter, counter),
            Command::Set => {
                counter = c.arg;
                (counter, counter)
            }
            Command::Incr => {
                counter += 1;
                (counter, counter)
            }
            Command::IncrBy => {
                counter += c.arg;
                (counter, counter)
            }
            Command::Expire => (1, counter),
            Command::EvalSha => {
                let (units, last) = bucket.unwrap_or((limit * w, x));
                let mut units = (units + (x - last) * limit).min(limit * w);
                let allowed = units >= w;
                if allowed {
                    units -= w;
                }
                bucket = Some((units, x));
                (u32::from(allowed), (units / w) as u32)
            }
        };
        out.push(Reply {
            call: id,
            value,
            counter_after,
        });
    }
    out
}

/// Whether `strategy` keeps a counter in Redis that the widget shows.
pub fn has_counter(strategy: Strategy) -> bool {
    strategy.uses_redis()
}

/// The counter before anything ran: 0, or a full bucket of L tokens.
pub fn initial_counter(r: &Report) -> Option<u32> {
    let s = &r.scenario;
    has_counter(s.strategy).then_some(if s.strategy == Strategy::Lua {
        s.limit
    } else {
        0
    })
}

/// The counter after every command that ran at or before `t_us`.
pub fn counter_at(r: &Report, t_us: u64) -> Option<u32> {
    let start = initial_counter(r)?;
    let ran: Vec<Reply> = replay(r)
        .into_iter()
        .filter(|reply| {
            r.calls[reply.call as usize]
                .executed_us
                .is_some_and(|x| x <= t_us)
        })
        .collect();
    Some(ran.last().map_or(start, |reply| reply.counter_after))
}

/// The run at `t_us`, counted request by request: arrived once its arrival
/// time has come, answered once its answer time has; calls sent by then.
pub fn moment(r: &Report, t_us: u64) -> Moment {
    let mut m = Moment {
        t_us,
        servers: vec![ServerMoment::default(); r.servers.len()],
        ..Moment::default()
    };
    for q in r.requests.iter().filter(|q| q.arrival_us <= t_us) {
        m.arrived += 1;
        let answered = q.answer_us <= t_us;
        match q.server {
            Some(s) => {
                let card = &mut m.servers[s as usize];
                card.received += 1;
                card.allowed += u32::from(answered && q.allowed);
                card.refused += u32::from(answered && !q.allowed);
            }
            None => m.gateway_refused += u32::from(answered),
        }
        m.allowed += u32::from(answered && q.allowed);
        m.refused += u32::from(answered && !q.allowed);
    }
    m.calls = r.calls.iter().filter(|c| c.sent_us <= t_us).count() as u32;
    m.counter = counter_at(r, t_us);
    m
}

/// The fewest and the most requests that can have been refused while
/// fewer than L had been allowed, going through the decisions in time
/// order. Decisions at the same time could have come in either order (the
/// trace does not say), so ties are taken allowed-first for the least and
/// refused-first for the most; without ties the two are equal.
pub fn refused_under_limit_bounds(r: &Report) -> (u32, u32) {
    let limit = r.scenario.limit;
    let mut decisions: Vec<(u64, bool)> = r
        .requests
        .iter()
        .map(|q| (q.decided_us, q.allowed))
        .collect();
    let count = |refused_first: bool, decisions: &mut Vec<(u64, bool)>| {
        // At equal times the key `false` comes first: the refused when
        // `refused_first`, the allowed otherwise.
        decisions.sort_by_key(|&(t, allowed)| (t, allowed == refused_first));
        let mut allowed_so_far = 0;
        let mut under = 0;
        for &(_, allowed) in decisions.iter() {
            if allowed {
                allowed_so_far += 1;
            } else if allowed_so_far < limit {
                under += 1;
            }
        }
        under
    };
    let least = count(false, &mut decisions);
    let most = count(true, &mut decisions);
    (least, most)
}

/// The token bucket's allowance: L plus the whole tokens refilled between
/// the script's first and last run, from the calls' run times.
pub fn lua_allowance(r: &Report) -> u32 {
    let s = &r.scenario;
    let runs: Vec<u64> = r
        .calls
        .iter()
        .filter(|c| c.command == Command::EvalSha)
        .filter_map(|c| c.executed_us)
        .collect();
    match (runs.iter().min(), runs.iter().max()) {
        (Some(first), Some(last)) => {
            s.limit + ((last - first) * u64::from(s.limit) / s.window_us()) as u32
        }
        _ => s.limit,
    }
}

/// Requests that arrive before the sticky user's move, and at or after it
/// (all before when there is no move).
pub fn before_and_after_move(r: &Report) -> (u32, u32) {
    let move_us = r.scenario.move_ms.map_or(u64::MAX, |m| u64::from(m) * 1000);
    let before = r.requests.iter().filter(|q| q.arrival_us < move_us).count() as u32;
    (before, r.scenario.burst - before)
}

/// The times server `s` (0-based) syncs: φ + k·I below the span, with
/// φ = floor(s·I / N).
pub fn sync_times(r: &Report, server: u32) -> Vec<u64> {
    let sc = &r.scenario;
    let interval = u64::from(sc.sync_ms) * 1000;
    let phase = u64::from(server) * interval / u64::from(sc.servers);
    let span = u64::from(sc.span_ms) * 1000;
    (0..)
        .map(|k| phase + k * interval)
        .take_while(|&t| t < span)
        .collect()
}
