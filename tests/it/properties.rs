//! What must hold on the whole parameter space (docs/MODEL.md), checked
//! with proptest on scenarios from [`crate::fixtures::gen`]: every
//! strategy, load balancer, move, plan, sync interval, Redis health,
//! timeout, fail rule, window and seed. Each property is something the
//! model could get wrong; identities that the report's construction makes
//! true on their own are left out. Every property runs the model on what
//! the generator draws, so together they are also the check that no
//! scenario in range panics; `out_of_range_scenarios_are_clamped_not_a_panic`
//! covers the rest.

use std::collections::BTreeSet;

use proptest::prelude::*;
// `Strategy` the trait (proptest) and `Strategy` the enum (model) share a
// name; here the model's enum is `Model`.
use ratelimit_lab::sim::Strategy as Model;
use ratelimit_lab::sim::{
    self, AllRefusedWhy, Command, Fail, Health, LoadBalancer, Moment, Report, Scenario, Verdict,
    SLOW_EXTRA_US,
};

use crate::fixtures::gen::{healthy, scenario};
use crate::oracle;

fn config() -> ProptestConfig {
    ProptestConfig::with_cases(256)
}

/// Runs `s` after checking it is in range (the generator's own contract).
fn run(s: &Scenario) -> Report {
    assert_eq!(
        *s,
        s.clamped(),
        "the generator made an out-of-range scenario"
    );
    sim::run(s)
}

/// How much later a command runs and its reply comes because Redis is slow.
fn extra_us(s: &Scenario) -> u64 {
    if s.redis == Health::Slow {
        SLOW_EXTRA_US
    } else {
        0
    }
}

/// Whether a reply comes back within the timeout (the same for every call).
fn in_time(s: &Scenario) -> bool {
    s.redis != Health::Down && u64::from(s.rtt_us) + extra_us(s) <= u64::from(s.timeout_ms) * 1000
}

/// The strategies whose every request waits for Redis (and so for the
/// fail rule when Redis does not answer).
fn waiting() -> impl Strategy<Value = Model> {
    prop::sample::select(vec![Model::GetSet, Model::Incr, Model::Lua])
}

/// The sticky user's lone server restarts at the move (one server, a move).
fn restarts(s: &Scenario) -> bool {
    s.lb == LoadBalancer::Sticky && s.move_ms.is_some() && s.servers == 1
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn the_cards_count_what_reached_each_server(s in scenario()) {
        let r = run(&s);
        prop_assert_eq!(r.scenario, s);
        prop_assert_eq!(r.requests.len(), s.burst as usize);
        prop_assert_eq!(r.servers.len(), s.servers as usize);
        for (i, card) in r.servers.iter().enumerate() {
            let here: Vec<_> = r.requests.iter().filter(|q| q.server == Some(i as u32)).collect();
            prop_assert_eq!(card.received, here.len() as u32, "server {}", i);
            prop_assert_eq!(card.allowed, here.iter().filter(|q| q.allowed).count() as u32);
            prop_assert_eq!(card.received, card.allowed + card.refused, "server {}", i);
        }
        // Only the gateway refuses without a server: the requests after the
        // first L.
        let gateway = if s.strategy == Model::Edge { s.burst - s.burst.min(s.limit) } else { 0 };
        prop_assert_eq!(r.gateway_refused, gateway);
        prop_assert_eq!(r.requests.iter().filter(|q| q.server.is_none()).count() as u32, gateway);
        prop_assert!(r.requests.iter().all(|q| q.server.is_some() || !q.allowed));
        prop_assert_eq!(r.servers.iter().map(|c| c.received).sum::<u32>(), s.burst - gateway);
        prop_assert_eq!(r.allowed, r.requests.iter().filter(|q| q.allowed).count() as u32);
    }

    #[test]
    fn arrivals_are_distinct_increasing_and_inside_the_span(s in scenario()) {
        let r = run(&s);
        let arrivals: Vec<u64> = r.requests.iter().map(|q| q.arrival_us).collect();
        prop_assert!(arrivals.windows(2).all(|w| w[0] < w[1]), "{:?}", arrivals);
        prop_assert!(arrivals.iter().all(|&t| t < u64::from(s.span_ms) * 1000));
        // The arrivals are drawn first: the rest of the scenario does not move them.
        let other = run(&Scenario { strategy: Model::Incr, lb: LoadBalancer::RoundRobin, ..s });
        prop_assert!(other.requests.iter().map(|q| q.arrival_us).eq(arrivals));
    }

    #[test]
    fn the_load_balancer_sends_each_request_where_it_says(s in scenario()) {
        let r = run(&s);
        let n = s.servers;
        let servers: Vec<Option<u32>> = r.requests.iter().map(|q| q.server).collect();
        prop_assert!(servers.iter().flatten().all(|&i| i < n));
        match s.lb {
            LoadBalancer::Random => {}
            LoadBalancer::RoundRobin => {
                for (k, server) in servers.iter().enumerate() {
                    if let Some(i) = server {
                        prop_assert_eq!(*i, k as u32 % n, "request {}", k);
                    }
                }
            }
            LoadBalancer::Sticky => {
                let (before, _) = oracle::before_and_after_move(&r);
                let (b, a) = servers.split_at(before as usize);
                let first: BTreeSet<u32> = b.iter().flatten().copied().collect();
                let second: BTreeSet<u32> = a.iter().flatten().copied().collect();
                prop_assert!(first.len() <= 1 && second.len() <= 1, "{:?} {:?}", first, second);
                if s.move_ms.is_none() || n == 1 {
                    prop_assert!(first.is_empty() || second.is_empty() || first == second);
                } else {
                    // The user moves to another server.
                    prop_assert!(first.is_disjoint(&second), "{:?} {:?}", first, second);
                }
            }
        }
    }

    #[test]
    fn local_counters_allow_the_limit_on_each_server(s in scenario()) {
        let s = s.with_strategy(Model::Local);
        let r = run(&s);
        if restarts(&s) {
            let (before, after) = oracle::before_and_after_move(&r);
            prop_assert_eq!(r.allowed, before.min(s.limit) + after.min(s.limit));
        } else {
            for (i, card) in r.servers.iter().enumerate() {
                prop_assert_eq!(card.allowed, card.received.min(s.limit), "server {}", i);
                prop_assert_eq!(card.quota, None);
                // Each server allows its first L requests, in arrival order.
                let decisions: Vec<bool> = r.requests.iter()
                    .filter(|q| q.server == Some(i as u32)).map(|q| q.allowed).collect();
                let first_refused = decisions.iter().position(|a| !a).unwrap_or(decisions.len());
                prop_assert!(decisions[first_refused..].iter().all(|a| !a));
            }
        }
        prop_assert_eq!(r.redis_calls, 0);
        prop_assert_eq!(r.final_counter, None);
        prop_assert!(r.requests.iter().all(|q| q.answer_us == q.arrival_us));
    }

    #[test]
    fn sticky_local_counters_enforce_the_limit_per_stay(s in scenario()) {
        // Without a move one server sees everything; a move starts a
        // second count on another server (or on the restarted one).
        let s = s.with_strategy(Model::Local).with_lb(LoadBalancer::Sticky);
        let r = run(&s);
        let (before, after) = oracle::before_and_after_move(&r);
        prop_assert_eq!(r.allowed, before.min(s.limit) + after.min(s.limit));
    }

    #[test]
    fn split_servers_allow_at_most_their_quota(s in scenario()) {
        let s = s.with_strategy(Model::Split);
        let r = run(&s);
        let p = s.plan.unwrap_or(s.servers) as usize;
        // The quotas, read from the cards rather than recomputed: each
        // planned server's, then again for a server beyond the plan.
        let quotas: Vec<u32> = r.servers.iter().map(|c| c.quota.unwrap_or(u32::MAX)).collect();
        let planned = &quotas[..p.min(quotas.len())];
        // What "the limit ÷ P, the remainder to the first servers" means,
        // said without the formula: over the P planned servers they add up
        // to the limit, differ by at most one, and never grow down the list.
        if quotas.len() >= p {
            prop_assert_eq!(planned.iter().sum::<u32>(), s.limit);
        }
        if let (Some(hi), Some(lo)) = (planned.iter().max(), planned.iter().min()) {
            prop_assert!(hi - lo <= 1, "{:?}", planned);
        }
        prop_assert!(planned.windows(2).all(|w| w[0] >= w[1]), "{:?}", planned);
        for (i, card) in r.servers.iter().enumerate() {
            if i >= p {
                prop_assert_eq!(card.quota, Some(quotas[i % p]), "server {}", i);
            }
            if !restarts(&s) {
                prop_assert_eq!(card.allowed, card.received.min(quotas[i]), "server {}", i);
            }
        }
        if s.plan.is_none_or(|p| p == s.servers) && !restarts(&s) {
            prop_assert!(r.allowed <= s.limit);
        }
    }

    #[test]
    fn the_edge_forwards_the_first_l_requests_and_no_more(s in scenario()) {
        let s = s.with_strategy(Model::Edge);
        let r = run(&s);
        prop_assert_eq!(r.allowed, s.burst.min(s.limit));
        for (k, q) in r.requests.iter().enumerate() {
            prop_assert_eq!(q.allowed, (k as u32) < s.limit, "request {}", k);
            prop_assert_eq!(q.server.is_none(), !q.allowed, "request {}", k);
        }
        prop_assert!(r.servers.iter().all(|c| c.refused == 0));
        prop_assert_eq!(r.redis_calls, 0);
        prop_assert_eq!(r.final_counter, None);
        prop_assert_eq!((r.over, r.refused_under_limit), (0, 0));
    }

    #[test]
    fn incr_never_exceeds_the_limit_while_redis_answers_in_time(s in healthy()) {
        let s = s.with_strategy(Model::Incr);
        let r = run(&s);
        let rtt = u64::from(s.rtt_us);
        prop_assert_eq!(r.allowed, s.burst.min(s.limit));
        prop_assert_eq!((r.over, r.refused_under_limit, r.fail_decided), (0, 0, 0));
        prop_assert_eq!(r.final_counter, Some(s.burst));
        // One INCR a request, one EXPIRE after the reply 1.
        prop_assert_eq!(r.redis_calls, s.burst + 1);
        for (k, q) in r.requests.iter().enumerate() {
            prop_assert_eq!(q.allowed, (k as u32) < s.limit, "request {}", k);
            prop_assert_eq!(q.answer_us, q.arrival_us + rtt);
        }
        prop_assert_eq!(r.verdicts(), vec![Verdict::Enforced]);
    }

    #[test]
    fn fail_closed_never_allows_while_redis_is_down(s in scenario(), strategy in waiting()) {
        let s = s.with_strategy(strategy).with_redis(Health::Down).with_fail(Fail::Closed);
        let r = run(&s);
        prop_assert_eq!(r.allowed, 0);
        prop_assert_eq!(r.fail_decided, s.burst);
        // Nothing was ever allowed, so every refusal was under the limit.
        prop_assert_eq!(r.refused_under_limit, s.burst);
        prop_assert_eq!(r.verdict(), Verdict::AllRefused(AllRefusedWhy::FailClosed));
        prop_assert!(r.calls.iter().all(|c| c.executed_us.is_none()));
    }

    #[test]
    fn fail_open_allows_everything_while_redis_is_down(s in scenario(), strategy in waiting()) {
        let s = s.with_strategy(strategy).with_redis(Health::Down).with_fail(Fail::Open);
        let r = run(&s);
        prop_assert_eq!(r.allowed, s.burst);
        prop_assert_eq!(r.fail_decided, s.burst);
        // One call a request, given up at the timeout; nothing follows it.
        prop_assert_eq!(r.redis_calls, s.burst);
        let timeout = u64::from(s.timeout_ms) * 1000;
        prop_assert!(r.requests.iter().all(|q| q.answer_us == q.arrival_us + timeout));
    }

    #[test]
    fn sync_decides_like_local_counters_when_no_reply_comes_in_time(s in scenario()) {
        let s = s.with_strategy(Model::Sync);
        // Redis down, or slow (100 ms late) with a timeout under 100 ms.
        for away in [
            s.with_redis(Health::Down),
            s.with_redis(Health::Slow).with_timeout_ms(s.timeout_ms.min(99)),
        ] {
            prop_assert!(!in_time(&away));
            let sync = run(&away);
            let local = run(&away.with_strategy(Model::Local));
            prop_assert_eq!(&sync.servers, &local.servers);
            prop_assert!(sync.requests.iter().zip(&local.requests).all(|(a, b)| a.allowed == b.allowed));
        }
    }

    #[test]
    fn sync_never_refuses_under_the_limit_and_counts_its_batches(s in scenario()) {
        let s = s.with_strategy(Model::Sync);
        let r = run(&s);
        // A server refuses only when what it knows, has in flight and has
        // pending reaches L, and all of that was allowed.
        prop_assert!(r.allowed >= s.burst.min(s.limit));
        prop_assert_eq!(r.refused_under_limit, 0);
        let batches: u32 = r.calls.iter().filter(|c| c.executed_us.is_some()).map(|c| c.arg).sum();
        prop_assert_eq!(r.final_counter, Some(batches));
        prop_assert!(r.calls.iter().all(|c| c.command == Command::IncrBy && c.request.is_none()));
        let syncs: usize = (0..s.servers).map(|i| oracle::sync_times(&r, i).len()).sum();
        prop_assert_eq!(r.redis_calls as usize, syncs);
        if in_time(&s) {
            // Every batch counted once; the tail after the last sync is not in Redis yet.
            prop_assert!(batches <= r.allowed);
        }
    }

    #[test]
    fn getset_never_counts_more_than_it_allowed(s in scenario()) {
        let s = s.with_strategy(Model::GetSet);
        let r = run(&s);
        let counter = r.final_counter.expect("getset has a counter");
        // Each SET writes what its GET read plus one.
        prop_assert!(counter <= r.allowed, "counter {} > allowed {}", counter, r.allowed);
        if in_time(&s) {
            prop_assert!(r.allowed >= s.burst.min(s.limit));
            prop_assert_eq!(r.redis_calls, s.burst + r.allowed);
            prop_assert_eq!(r.refused_under_limit, 0);
        }
    }

    #[test]
    fn the_token_bucket_allows_no_more_than_its_allowance(s in scenario()) {
        let s = s.with_strategy(Model::Lua);
        let r = run(&s);
        prop_assert_eq!(r.allowance, oracle::lua_allowance(&r));
        let by_script = r.requests.iter().filter(|q| q.allowed && !q.by_fail_rule).count() as u32;
        prop_assert!(by_script <= r.allowance, "{} > {}", by_script, r.allowance);
        if in_time(&s) {
            // The bucket starts full: the first L runs all find a token.
            prop_assert!(r.allowed >= s.burst.min(s.limit));
            prop_assert_eq!(r.over, 0);
            prop_assert_eq!(r.redis_calls, s.burst);
        }
    }

    #[test]
    fn every_time_in_the_trace_follows_the_timing_rules(s in scenario()) {
        let r = run(&s);
        let rtt = u64::from(s.rtt_us);
        let extra = extra_us(&s);
        let timeout = u64::from(s.timeout_ms) * 1000;
        for q in &r.requests {
            prop_assert!(q.arrival_us <= q.decided_us && q.decided_us <= q.answer_us, "{:?}", q);
            let wait = match (s.strategy.waits_for_redis(), in_time(&s)) {
                (false, _) => 0,
                (true, true) => rtt + extra,
                (true, false) => timeout,
            };
            prop_assert_eq!(q.decided_us, q.arrival_us + wait, "{:?}", q);
            prop_assert_eq!(q.by_fail_rule, s.strategy.waits_for_redis() && !in_time(&s));
        }
        for c in &r.calls {
            let ran = (s.redis != Health::Down).then_some(c.sent_us + rtt / 2 + extra);
            prop_assert_eq!(c.executed_us, ran, "{:?}", c);
            if in_time(&s) {
                prop_assert_eq!((c.replied_us, c.abandoned_us), (Some(c.sent_us + rtt + extra), None));
            } else {
                prop_assert_eq!((c.replied_us, c.abandoned_us), (None, Some(c.sent_us + timeout)));
            }
            let sent_at = match (c.command, c.request) {
                (Command::IncrBy, None) => {
                    prop_assert!(oracle::sync_times(&r, c.server).contains(&c.sent_us));
                    continue;
                }
                (_, Some(k)) => &r.requests[k as usize],
                (_, None) => return Err(TestCaseError::fail(format!("{c:?} has no request"))),
            };
            prop_assert_eq!(Some(c.server), sent_at.server);
            match c.command {
                // Sent at arrival.
                Command::Get | Command::Incr | Command::EvalSha => {
                    prop_assert_eq!(c.sent_us, sent_at.arrival_us);
                }
                // Sent when the deciding reply came.
                Command::Set | Command::Expire => prop_assert_eq!(c.sent_us, sent_at.decided_us),
                Command::IncrBy => prop_assert!(false, "INCRBY for a request: {:?}", c),
            }
        }
        if s.strategy == Model::GetSet && in_time(&s) {
            for q in r.requests.iter().filter(|q| q.allowed) {
                // Answered when the SET's reply comes.
                prop_assert_eq!(q.answer_us, q.decided_us + rtt + extra);
            }
        }
    }

    #[test]
    fn replaying_the_redis_log_reproduces_every_reply(s in scenario()) {
        let r = run(&s);
        // Redis runs one command at a time, in time order, each once.
        let ran: Vec<u64> = r.redis_log.iter().map(|&i| r.calls[i as usize].executed_us.unwrap_or(0)).collect();
        prop_assert!(ran.windows(2).all(|w| w[0] <= w[1]), "{:?}", ran);
        let logged: BTreeSet<u32> = r.redis_log.iter().copied().collect();
        let executed: BTreeSet<u32> = (0..r.calls.len() as u32)
            .filter(|&i| r.calls[i as usize].executed_us.is_some()).collect();
        prop_assert_eq!(logged.len(), r.redis_log.len());
        prop_assert_eq!(&logged, &executed);
        for reply in oracle::replay(&r) {
            let c = &r.calls[reply.call as usize];
            prop_assert_eq!((c.value, c.counter_after), (reply.value, reply.counter_after), "{:?}", c);
        }
        prop_assert_eq!(r.final_counter, oracle::counter_at(&r, u64::MAX));
        prop_assert_eq!(r.redis_calls as usize, r.calls.len());
        if !s.strategy.uses_redis() {
            prop_assert!(r.calls.is_empty());
        }
    }

    #[test]
    fn refused_under_the_limit_follows_the_decisions_in_time_order(s in scenario()) {
        let r = run(&s);
        let (least, most) = oracle::refused_under_limit_bounds(&r);
        prop_assert!(
            (least..=most).contains(&r.refused_under_limit),
            "{} not in {}..={}", r.refused_under_limit, least, most
        );
        // Every request's decision has its own time (a fixed delay after
        // its distinct arrival), so the order is never in doubt.
        prop_assert_eq!(least, most);
        let flagged = r.requests.iter().filter(|q| q.refused_under_limit).count() as u32;
        prop_assert_eq!(flagged, r.refused_under_limit);
        prop_assert!(r.requests.iter().all(|q| !q.refused_under_limit || !q.allowed));
        if r.allowed < s.burst.min(s.limit) {
            // The total never reached L: every refusal came under it.
            prop_assert_eq!(r.refused_under_limit, r.refused);
        }
    }

    #[test]
    fn beyond_marks_what_was_allowed_past_the_allowance(s in scenario()) {
        let r = run(&s);
        let mut allowed: Vec<_> = r.requests.iter().filter(|q| q.allowed).collect();
        allowed.sort_by_key(|q| q.decided_us);
        let beyond: Vec<bool> = allowed.iter().map(|q| q.beyond).collect();
        let expected: Vec<bool> = (0..allowed.len()).map(|k| k as u32 >= r.allowance).collect();
        prop_assert_eq!(beyond, expected);
        prop_assert_eq!(r.over, r.allowed.saturating_sub(r.allowance));
        prop_assert!(r.requests.iter().all(|q| !q.beyond || q.allowed));
    }

    #[test]
    fn verdicts_always_say_something_and_never_contradict(s in scenario()) {
        let r = run(&s);
        let v = r.verdicts();
        prop_assert!(!v.is_empty());
        prop_assert_eq!(r.verdict(), v[0]);
        prop_assert!(!(v.contains(&Verdict::Enforced) && v.contains(&Verdict::NotEnforced)));
        prop_assert_eq!(v.contains(&Verdict::NotEnforced), r.allowed > r.allowance);
        let all_refused = v.iter().any(|x| matches!(x, Verdict::AllRefused(_)));
        prop_assert_eq!(all_refused, r.allowed == 0);
        if r.allowed == 0 && s.strategy == Model::Split {
            prop_assert!(v.contains(&Verdict::AllRefused(AllRefusedWhy::NoQuota)));
        }
    }

    #[test]
    fn the_state_at_the_end_is_the_end_report(s in scenario()) {
        let r = run(&s);
        let m = r.at(r.end_us);
        let cards: Vec<(u32, u32, u32)> = r.servers.iter().map(|c| (c.received, c.allowed, c.refused)).collect();
        let at_end: Vec<(u32, u32, u32)> = m.servers.iter().map(|c| (c.received, c.allowed, c.refused)).collect();
        prop_assert_eq!(cards, at_end);
        prop_assert_eq!((m.arrived, m.allowed, m.refused), (s.burst, r.allowed, r.refused));
        prop_assert_eq!(m.gateway_refused, r.gateway_refused);
        prop_assert_eq!(m.counter, r.final_counter);
        prop_assert_eq!(m.calls, r.redis_calls);
        prop_assert_eq!(r.at(u64::MAX), Moment { t_us: u64::MAX, ..m });
    }

    #[test]
    fn the_state_at_a_moment_agrees_with_the_trace_and_only_grows(
        s in scenario(),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 1..12),
    ) {
        let r = run(&s);
        let times = r.event_times();
        // Event times, the moment just before each, and ones in between.
        let mut ts: Vec<u64> = picks.iter().flat_map(|i| {
            let t = times[i.index(times.len())];
            [t.saturating_sub(1), t, t + 1]
        }).collect();
        ts.sort_unstable();
        let mut last: Option<Moment> = None;
        for t in ts {
            let m = r.at(t);
            prop_assert_eq!(&m, &oracle::moment(&r, t), "t = {}", t);
            if let Some(p) = &last {
                prop_assert!(p.arrived <= m.arrived && p.allowed <= m.allowed && p.refused <= m.refused);
                prop_assert!(p.calls <= m.calls && p.gateway_refused <= m.gateway_refused);
                for (a, b) in p.servers.iter().zip(&m.servers) {
                    prop_assert!(a.received <= b.received && a.allowed <= b.allowed && a.refused <= b.refused);
                }
            }
            last = Some(m);
        }
    }

    #[test]
    fn event_times_are_every_moment_something_happens(s in scenario()) {
        let r = run(&s);
        let times = r.event_times();
        prop_assert!(times.windows(2).all(|w| w[0] < w[1]));
        prop_assert_eq!(times.last().copied(), Some(r.end_us));
        let mut expected = BTreeSet::new();
        for q in &r.requests {
            expected.extend([q.arrival_us, q.decided_us, q.answer_us]);
        }
        for c in &r.calls {
            expected.insert(c.sent_us);
            expected.extend(c.executed_us.into_iter().chain(c.replied_us).chain(c.abandoned_us));
        }
        prop_assert_eq!(times, expected.into_iter().collect::<Vec<_>>());
    }

    #[test]
    fn latency_summary_matches_the_trace(s in scenario()) {
        let r = run(&s);
        let mut added: Vec<u64> = r.requests.iter().map(|q| q.answer_us - q.arrival_us).collect();
        added.sort_unstable();
        prop_assert_eq!(r.latency_median_us, added[(added.len() - 1) / 2]);
        prop_assert_eq!(r.latency_max_us, *added.last().unwrap());
    }

    #[test]
    fn a_regular_user_is_turned_away_only_by_split_quotas_or_failing_closed(s in scenario()) {
        let r = run(&s);
        let failing_closed = s.strategy.waits_for_redis() && !in_time(&s) && s.fail == Fail::Closed;
        let expected = match (s.strategy, failing_closed) {
            (_, true) => 0,
            // Sending exactly L, nobody else can refuse under the limit.
            (Model::Split, false) => {
                let regular = run(&s.with_burst(s.limit));
                prop_assert!(r.regular_user <= s.limit);
                regular.allowed
            }
            (_, false) => s.limit,
        };
        prop_assert_eq!(r.regular_user, expected);
    }

    #[test]
    fn the_sweeps_count_agrees_with_the_full_run(s in scenario()) {
        prop_assert_eq!(sim::allowed(&s), run(&s).allowed);
    }

    #[test]
    fn arrivals_drawn_once_give_every_scenario_of_that_seed_its_own_count(
        s in scenario(),
        other in scenario(),
    ) {
        // `other` on s's seed, burst and span: the start drawn for s fits.
        let start = sim::Start::new(&s);
        let t = other.with_seed(s.seed).with_burst(s.burst).with_span_ms(s.span_ms);
        prop_assert_eq!(sim::allowed_from(&t, &start), run(&t).allowed);
        // A start that does not fit is ignored, never misused.
        prop_assert_eq!(sim::allowed_from(&other, &start), run(&other).allowed);
    }

    #[test]
    fn settings_matter_only_where_they_apply(s in scenario()) {
        let r = run(&s);
        let d = Scenario::default();
        let mut plain = s;
        if s.lb != LoadBalancer::Sticky {
            plain.move_ms = None;
        }
        if s.strategy != Model::Split {
            plain.plan = None;
        }
        if s.strategy != Model::Sync {
            plain.sync_ms = d.sync_ms;
        }
        if !s.strategy.uses_redis() {
            plain = plain.with_redis(d.redis).with_timeout_ms(d.timeout_ms);
        }
        if !s.strategy.waits_for_redis() {
            plain = plain.with_fail(d.fail).with_rtt_us(if s.strategy.uses_redis() { s.rtt_us } else { d.rtt_us });
        }
        if s.strategy != Model::Lua {
            plain = plain.with_window_s(d.window_s);
        }
        let p = run(&plain);
        prop_assert_eq!(Report { scenario: s, ..p }, r);
    }

    #[test]
    fn same_scenario_same_report(s in scenario()) {
        prop_assert_eq!(run(&s), run(&s));
    }

    #[test]
    fn out_of_range_scenarios_are_clamped_not_a_panic(
        s in scenario(),
        servers in prop_oneof![Just(0u32), Just(17), Just(u32::MAX), any::<u32>()],
        burst in prop_oneof![Just(0u32), Just(501), Just(u32::MAX), any::<u32>()],
        rtt_us in prop_oneof![Just(50u32), Just(20_001), Just(u32::MAX), any::<u32>()],
        limit in prop_oneof![Just(0u32), Just(201), Just(u32::MAX), any::<u32>()],
        window_s in prop_oneof![Just(0u32), Just(3601), Just(u32::MAX), any::<u32>()],
        span_ms in prop_oneof![Just(0u32), Just(1001), Just(u32::MAX), any::<u32>()],
        move_ms in prop::option::of(prop_oneof![Just(u32::MAX), any::<u32>()]),
        plan in prop::option::of(prop_oneof![Just(0u32), Just(17), any::<u32>()]),
        sync_ms in prop_oneof![Just(0u32), Just(1001), any::<u32>()],
        timeout_ms in prop_oneof![Just(0u32), Just(1001), any::<u32>()],
        traffic in prop_oneof![Just(0u32), Just(1_000_001), Just(u32::MAX)],
    ) {
        let wild = Scenario {
            servers, burst, rtt_us, limit, window_s, span_ms, move_ms, plan, sync_ms,
            timeout_ms, traffic, ..s
        };
        let c = wild.clamped();
        prop_assert!((1..=16).contains(&c.servers));
        prop_assert!((1..=500).contains(&c.burst));
        prop_assert!(c.rtt_us <= 20_000 && c.rtt_us.is_multiple_of(100));
        prop_assert!((1..=200).contains(&c.limit));
        prop_assert!((1..=3600).contains(&c.window_s));
        prop_assert!((1..=1000).contains(&c.span_ms));
        prop_assert!(c.move_ms.is_none_or(|m| m < c.span_ms));
        prop_assert_eq!(c.move_ms.is_some(), move_ms.is_some());
        prop_assert!(c.plan.is_none_or(|p| (1..=16).contains(&p)));
        prop_assert!((1..=1000).contains(&c.sync_ms));
        prop_assert!((1..=1000).contains(&c.timeout_ms));
        prop_assert!((1..=1_000_000).contains(&c.traffic));
        prop_assert_eq!(c.clamped(), c);
        let r = sim::run(&wild);
        prop_assert_eq!(r.scenario, c);
        prop_assert_eq!(r, sim::run(&c));
    }
}

#[test]
fn named_out_of_range_scenarios() {
    let base = Scenario::default();
    for (s, clamped) in [
        (Scenario { servers: 0, ..base }, base.with_servers(1)),
        (
            Scenario {
                servers: 1000,
                ..base
            },
            base.with_servers(16),
        ),
        (Scenario { burst: 0, ..base }, base.with_burst(1)),
        (
            Scenario {
                burst: 100_000,
                ..base
            },
            base.with_burst(500),
        ),
        (Scenario { limit: 0, ..base }, base.with_limit(1)),
        (Scenario { span_ms: 0, ..base }, base.with_span_ms(1)),
        (
            Scenario {
                rtt_us: u32::MAX,
                ..base
            },
            base.with_rtt_us(20_000),
        ),
        (
            Scenario {
                rtt_us: 149,
                ..base
            },
            base.with_rtt_us(100),
        ),
        (
            Scenario {
                window_s: 0,
                ..base
            },
            base.with_window_s(1),
        ),
        (Scenario { sync_ms: 0, ..base }, base.with_sync_ms(1)),
        (
            Scenario {
                timeout_ms: 0,
                ..base
            },
            base.with_timeout_ms(1),
        ),
        (Scenario { traffic: 0, ..base }, base.with_traffic(1)),
        (
            Scenario {
                plan: Some(0),
                ..base
            },
            base.with_plan(Some(1)),
        ),
        // A move at or after the end of the burst is its last millisecond.
        (
            Scenario {
                move_ms: Some(40),
                ..base
            },
            base.with_move_ms(Some(39)),
        ),
        (
            Scenario {
                move_ms: Some(500),
                span_ms: 0,
                ..base
            },
            base.with_span_ms(1).with_move_ms(Some(0)),
        ),
    ] {
        for strategy in Model::ALL {
            for lb in LoadBalancer::ALL {
                let (s, clamped) = (
                    s.with_strategy(strategy).with_lb(lb),
                    clamped.with_strategy(strategy).with_lb(lb),
                );
                assert_eq!(s.clamped(), clamped, "{s:?}");
                assert_eq!(sim::run(&s), sim::run(&clamped), "{s:?}");
            }
        }
    }
}
