//! The run as it stood at a moment (`Report::at`, the URL's `t`): every
//! strategy agrees with its own trace, counted here request by request
//! (`oracle::moment`), at the first arrival, mid-burst, between a GET and
//! its SET, at every event and just before it, and after the end; at the
//! end it is the end report.

use ratelimit_lab::sim::{
    self, Command, Fail, Health, LoadBalancer, Moment, Report, Scenario, Strategy,
};

use crate::oracle;

/// The default scenario with `strategy`.
fn with(strategy: Strategy) -> Scenario {
    Scenario::default().with_strategy(strategy)
}

/// Scenarios whose moments are checked at every event: every strategy at
/// the defaults, and the ones where the picture has something extra (the
/// gateway, a move, a slow or down Redis, a sync).
fn scenarios() -> Vec<Scenario> {
    let mut all: Vec<Scenario> = Strategy::ALL.into_iter().map(with).collect();
    all.extend([
        with(Strategy::Edge)
            .with_lb(LoadBalancer::Sticky)
            .with_move_ms(Some(20)),
        with(Strategy::Local)
            .with_servers(1)
            .with_lb(LoadBalancer::Sticky)
            .with_move_ms(Some(20)),
        with(Strategy::GetSet)
            .with_redis(Health::Slow)
            .with_timeout_ms(200),
        with(Strategy::Incr).with_redis(Health::Slow),
        with(Strategy::Lua)
            .with_redis(Health::Down)
            .with_fail(Fail::Closed),
        with(Strategy::Sync)
            .with_sync_ms(1)
            .with_redis(Health::Slow),
        with(Strategy::GetSet).with_rtt_us(0),
    ]);
    all
}

/// `at(t)` and the moment counted from the trace, compared, and the
/// keys named in `expected` (`arrived`, `allowed`, `refused`, `gateway`,
/// `calls`, `counter`, `received` as a comma list) checked by hand.
#[track_caller]
fn check_moment(r: &Report, t: u64, expected: &str) {
    let m = r.at(t);
    assert_eq!(m, oracle::moment(r, t), "t = {t} µs in {:?}", r.scenario);
    let received: Vec<String> = m.servers.iter().map(|c| c.received.to_string()).collect();
    let actual = [
        ("arrived", m.arrived.to_string()),
        ("allowed", m.allowed.to_string()),
        ("refused", m.refused.to_string()),
        ("gateway", m.gateway_refused.to_string()),
        ("calls", m.calls.to_string()),
        (
            "counter",
            m.counter.map_or("-".to_string(), |c| c.to_string()),
        ),
        ("received", received.join(",")),
    ];
    for word in expected.split_whitespace() {
        let (key, want) = word.split_once('=').expect("key=value");
        let (_, got) = actual.iter().find(|(k, _)| *k == key).expect("a known key");
        assert_eq!(got, want, "{key} at t = {t} µs in {:?}", r.scenario);
    }
}

/// Requests that have arrived by `t`.
fn arrived_by(r: &Report, t: u64) -> usize {
    r.requests.iter().filter(|q| q.arrival_us <= t).count()
}

#[test]
fn every_moment_agrees_with_the_trace() {
    for s in scenarios() {
        let r = sim::run(&s);
        for &t in &r.event_times() {
            for t in [t.saturating_sub(1), t] {
                assert_eq!(r.at(t), oracle::moment(&r, t), "t = {t} µs in {s:?}");
            }
        }
    }
}

#[test]
fn at_the_first_arrival() {
    for s in scenarios() {
        let r = sim::run(&s);
        let first = r.requests[0];
        let a0 = first.arrival_us;
        // One request has arrived, at its server.
        let mut received = vec!["0"; s.servers as usize];
        received[first
            .server
            .expect("the first request is never refused at the gateway")
            as usize] = "1";
        let received = received.join(",");
        if s.strategy == Strategy::GetSet && s.rtt_us == 0 {
            // No round trip: GET, reply, SET and answer all at arrival.
            check_moment(
                &r,
                a0,
                &format!("arrived=1 allowed=1 refused=0 calls=2 counter=1 received={received}"),
            );
        } else if s.strategy.waits_for_redis() {
            // Its call is on its way to Redis (the only one sent: only one
            // request has arrived); no answer yet.
            let counter = if s.strategy == Strategy::Lua {
                s.limit
            } else {
                0
            };
            check_moment(
                &r,
                a0,
                &format!("arrived=1 allowed=0 refused=0 gateway=0 calls=1 counter={counter} received={received}"),
            );
        } else {
            // Decided and answered at arrival: the first request is always
            // allowed here (every server's count or quota starts above 0).
            check_moment(
                &r,
                a0,
                &format!("arrived=1 allowed=1 refused=0 gateway=0 received={received}"),
            );
        }
        // Just before it, nothing had happened but syncs.
        if a0 > 0 {
            check_moment(&r, a0 - 1, "arrived=0 allowed=0 refused=0");
        }
    }
}

#[test]
fn mid_burst() {
    for s in scenarios() {
        let r = sim::run(&s);
        let t = u64::from(s.span_ms) * 1000 / 2;
        check_moment(&r, t, &format!("arrived={}", arrived_by(&r, t)));
        let m = r.at(t);
        assert!(m.allowed + m.refused <= m.arrived, "{s:?}");
    }
}

#[test]
fn getset_between_a_get_and_its_set() {
    // rtt 2 ms. The first request's GET runs at a0 + 1 ms and reads 0; its
    // reply at a0 + 2 ms allows it and sends SET 1, which runs at a0 + 3 ms;
    // the answer comes at a0 + 4 ms. Every other SET runs 3 ms after a
    // later arrival, so no SET runs before a0 + 3 ms, and no GET can read
    // 10 before then: nobody is refused that early.
    let r = sim::run(&with(Strategy::GetSet));
    let a0 = r.requests[0].arrival_us;
    let gets = |t: u64| arrived_by(&r, t);
    check_moment(
        &r,
        a0 + 1_999,
        &format!("allowed=0 refused=0 counter=0 calls={}", gets(a0 + 1_999)),
    );
    // Decided, its SET sent, not yet run, not yet answered.
    check_moment(
        &r,
        a0 + 2_000,
        &format!(
            "allowed=0 refused=0 counter=0 calls={}",
            gets(a0 + 2_000) + 1
        ),
    );
    check_moment(&r, a0 + 2_999, "allowed=0 refused=0 counter=0");
    // The SET has run: the counter is 1 (the only SET run so far).
    check_moment(&r, a0 + 3_000, "allowed=0 refused=0 counter=1");
    // Answered. No other request is: an allowed one is answered 4 ms after
    // its later arrival, and a refused one 2 ms after it, which would need
    // a GET by a0 + 3 ms reading 10 when the counter is at most 1.
    check_moment(&r, a0 + 4_000, "allowed=1 refused=0");
    // The race the picture shows: GETs that run between a0 + 1 ms and the
    // first SET all read the same 0.
    let early_gets: Vec<u32> = r
        .redis_log
        .iter()
        .map(|&i| r.calls[i as usize])
        .take_while(|c| c.command == Command::Get)
        .map(|c| c.value)
        .collect();
    assert!(early_gets.len() >= 2, "{early_gets:?}");
    assert!(early_gets.iter().all(|&v| v == 0), "{early_gets:?}");
}

#[test]
fn incr_and_lua_count_as_their_calls_run() {
    // INCR: the first runs at a0 + 1 ms and makes the counter 1; its reply
    // at a0 + 2 ms answers the request and sends the one EXPIRE.
    let r = sim::run(&with(Strategy::Incr));
    let a0 = r.requests[0].arrival_us;
    check_moment(&r, a0 + 999, "counter=0 allowed=0");
    check_moment(&r, a0 + 1_000, "counter=1 allowed=0");
    let sent = arrived_by(&r, a0 + 2_000) + 1;
    check_moment(&r, a0 + 2_000, &format!("allowed=1 refused=0 calls={sent}"));
    // The script: the bucket starts with 10 tokens; the first run takes one.
    let r = sim::run(&with(Strategy::Lua));
    let a0 = r.requests[0].arrival_us;
    check_moment(&r, a0 + 999, "counter=10");
    check_moment(&r, a0 + 1_000, "counter=9");
}

#[test]
fn after_the_end_it_is_the_end_report() {
    for s in scenarios() {
        let r = sim::run(&s);
        let end = r.at(r.end_us);
        let cards: Vec<(u32, u32, u32)> = r
            .servers
            .iter()
            .map(|c| (c.received, c.allowed, c.refused))
            .collect();
        let at_end: Vec<(u32, u32, u32)> = end
            .servers
            .iter()
            .map(|c| (c.received, c.allowed, c.refused))
            .collect();
        assert_eq!(at_end, cards, "{s:?}");
        assert_eq!(
            (
                end.arrived,
                end.allowed,
                end.refused,
                end.gateway_refused,
                end.counter,
                end.calls
            ),
            (
                s.burst,
                r.allowed,
                r.refused,
                r.gateway_refused,
                r.final_counter,
                r.redis_calls
            ),
            "{s:?}"
        );
        for later in [r.end_us + 1, r.end_us + 1_000_000, u64::MAX] {
            assert_eq!(
                r.at(later),
                Moment {
                    t_us: later,
                    ..end.clone()
                },
                "{s:?}"
            );
        }
    }
}
