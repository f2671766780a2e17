//! The discrete-event engine: the servers' decisions, a gateway, and a
//! single-threaded Redis (GET, SET, INCR, EXPIRE, INCRBY and the
//! token-bucket script), over the queue of [`super::queue`].
//!
//! Timing, in integer µs (`docs/MODEL.md` has the whole story): a command
//! sent at x runs at x + rtt/2 and its reply reaches the server at x + rtt;
//! a slow Redis runs it 100 ms later and so replies 100 ms later; a down
//! Redis runs nothing and never replies. A server gives up on a call whose reply has not come `timeout`
//! after it was sent (a reply exactly at the timeout is in time).

use super::keep::{Grid, Keeper};
use super::queue::Queue;
use super::report::{Call, Command, Report, RequestTrace, ServerReport};
use super::rng::Rng;
use super::scenario::{Algo, Fail, Health, LoadBalancer, Scenario, Strategy, SLOW_EXTRA_US};

/// What happens at one instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Event {
    /// Request `0` reaches the load balancer and its server (or the gateway).
    Arrive(u32),
    /// Server `0` sends its batch to Redis (`sync`).
    Sync(u32),
    /// Redis runs call `0`.
    Exec(u32),
    /// The reply to call `0` reaches its server.
    Reply(u32),
    /// The server gives up waiting for call `0`.
    Abandon(u32),
}

/// What one server keeps in memory. A single server that restarts (sticky,
/// one server, a move) gets a fresh one.
#[derive(Clone, Copy, Debug, Default)]
struct Memory {
    /// Requests it has allowed (`local`, `split`).
    count: u32,
    /// `sync`: the last total Redis returned.
    known: u32,
    /// `sync`: counts sent and not yet seen counted.
    in_flight: u32,
    /// `sync`: counts allowed and not yet sent.
    pending: u32,
}

/// The whole simulated world while it runs.
///
/// What has a fixed length for the whole run is a boxed slice, not a
/// vector: the size-optimised build (the wasm, and the benchmarks) inlines
/// a slice's indexing and calls a function for a vector's.
struct World {
    s: Scenario,
    queue: Queue<Event>,
    requests: Box<[RequestTrace]>,
    /// Each server's memory, then slot N: a lone server's after it restarts.
    memory: Box<[Memory]>,
    /// When a lone server restarts (sticky, one server, a move), or
    /// `u64::MAX`: from then on it uses memory slot N (see [`World::slot`]).
    restart_us: u64,
    calls: Vec<Call>,
    /// The shared counter in Redis (`sync`).
    counter: u32,
    /// The fixed windows, and how the count is kept.
    grid: Grid,
    algo: Algo,
    /// Whether the counts in memory are plain counts (a fixed window and no
    /// edge: the burst in one window), kept in [`Memory`]; otherwise each
    /// slot's count is kept by its keeper, and the gateway's by `gate`.
    plain: bool,
    keepers: Box<[Keeper]>,
    gate: Keeper,
    /// The user's key or keys in Redis (`getset`, `incr`, `lua`).
    redis_keep: Keeper,

    /// Requests the gateway let through (`edge`).
    forwarded: u32,
    /// Decisions so far that allowed, in event order.
    allowed_so_far: u32,
    /// Request indices in the order they were decided, the first
    /// `decided_n` of them (each request is decided once), written in place.
    decided: Box<[u32]>,
    decided_n: usize,
    /// Whether a reply comes within the timeout (the same for every call).
    in_time: bool,
    /// A reply's leg: from when Redis runs a call to when the reply comes.
    reply_us: u64,
    /// The latest reply written without an event (see `exec`).
    end_us: u64,
    /// The queue's lanes for a call's three events: run (half a round
    /// trip and the slow extra after it is sent), reply (the rest of the
    /// round trip after it ran) and abandon (the timeout after it is sent).
    exec_lane: usize,
    reply_lane: usize,
    abandon_lane: usize,
}

/// The part of a run that depends only on the seed, the burst and its
/// span: the arrival times, and the generator as the arrivals leave it
/// (the load balancer draws next). A sweep runs the same seed on many
/// scenarios that differ in nothing else, and draws and sorts the
/// arrivals once per seed.
#[derive(Clone, Debug)]
pub struct Start {
    key: (u64, u32, u32),
    arrivals: Vec<u32>,
    rng: Rng,
}

impl Start {
    /// The start of a run of `scenario` (clamped into range first).
    pub fn new(scenario: &Scenario) -> Start {
        Start::of(&scenario.clamped())
    }

    /// The start of a run of `s`, already clamped (a run clamps once).
    fn of(s: &Scenario) -> Start {
        let mut rng = Rng::new(s.seed);
        let arrivals = rng.distinct_sorted(s.burst, s.span_ms * 1000);
        Start {
            key: (s.seed, s.burst, s.span_ms),
            arrivals,
            rng,
        }
    }

    /// Whether this is the start of a run of the clamped scenario `s`.
    fn fits(&self, s: &Scenario) -> bool {
        self.key == (s.seed, s.burst, s.span_ms)
    }
}

/// Every server's sync times inside the burst, in time order, each a
/// `Sync(server)` event: server s syncs at φs + k·I with φs = floor(s·I / N),
/// so the servers' syncs are spread out. Every φs is below I and grows with
/// s, so round k of all servers, in server order, comes before round k + 1:
/// the order a stable sort by time gives server 0's times, then server
/// 1's, and so on (equal times only within a round, in server order).
fn sync_times(n: u32, interval: u64, span_us: u64) -> Vec<(u64, Event)> {
    let mut out = Vec::new();
    for round in (0..span_us).step_by(interval as usize) {
        for server in 0..n {
            let t = round + u64::from(server) * interval / u64::from(n);
            if t >= span_us {
                break;
            }
            out.push((t, Event::Sync(server)));
        }
    }
    out
}

/// Whether a call's reply comes within the timeout (the same for every
/// call): Redis is up and the round trip, with the slow extra, is within it.
fn in_time(s: &Scenario) -> bool {
    s.redis != Health::Down && u64::from(s.rtt_us) + extra_us(s) <= timeout_us(s)
}

fn extra_us(s: &Scenario) -> u64 {
    if s.redis == Health::Slow {
        SLOW_EXTRA_US
    } else {
        0
    }
}

fn timeout_us(s: &Scenario) -> u64 {
    u64::from(s.timeout_ms) * 1000
}

/// The run's queue, holding the arrivals (and `sync`'s syncs: each comes in
/// time order, a lane of its own, the arrivals first at an equal time), and
/// the lanes a call's events use: run, reply, abandon. Only those the run
/// uses (each costs every pop a look): none without calls to Redis, and
/// either the reply or the abandon.
fn queue(s: &Scenario, arrive: Vec<(u64, Event)>) -> (Queue<Event>, [usize; 3]) {
    let mut queue = Queue::new(arrive);
    if s.strategy == Strategy::Sync {
        let interval = u64::from(s.sync_ms) * 1000;
        queue.add_known(sync_times(s.servers, interval, u64::from(s.span_ms) * 1000));
    }
    let rtt_us = u64::from(s.rtt_us);
    let mut lane = |used: bool, delay: u64| match used && s.strategy.uses_redis() {
        true => queue.lane(delay),
        false => 0,
    };
    let lanes = [
        lane(s.redis != Health::Down, rtt_us / 2 + extra_us(s)),
        lane(in_time(s), rtt_us - rtt_us / 2),
        lane(!in_time(s), timeout_us(s)),
    ];
    (queue, lanes)
}

/// Each request's server, as the load balancer sends them: one draw per
/// request for `random`, one or two draws after the arrivals for `sticky`.
fn spread(s: &Scenario, arrivals: &[u32], rng: &mut Rng) -> Vec<u32> {
    let n = s.servers;
    match s.lb {
        LoadBalancer::Random => arrivals.iter().map(|_| rng.below(n)).collect(),
        LoadBalancer::RoundRobin => (0..s.burst).map(|k| k % n).collect(),
        LoadBalancer::Sticky => {
            let first = rng.below(n);
            let second = match s.move_ms {
                Some(_) if n > 1 => {
                    let r = rng.below(n - 1);
                    r + u32::from(r >= first)
                }
                _ => first,
            };
            let move_us = s.move_ms.map_or(u32::MAX, |m| m * 1000);
            arrivals
                .iter()
                .map(|&t| if t >= move_us { second } else { first })
                .collect()
        }
    }
}

impl World {
    fn new(s: Scenario) -> Self {
        World::from_start(s, &Start::of(&s))
    }

    /// `start` must fit `s` (see [`Start::fits`]).
    fn from_start(s: Scenario, start: &Start) -> Self {
        let n = s.servers;
        let mut rng = start.rng.clone();
        let arrivals = &start.arrivals;
        let servers = spread(&s, arrivals, &mut rng);
        // A lone server that "moves" restarts: its memory is empty from the
        // move on. It gets memory slot N.
        let restart_us = match (s.lb, s.move_ms) {
            (LoadBalancer::Sticky, Some(m)) if n == 1 => u64::from(m) * 1000,
            _ => u64::MAX,
        };
        let requests = arrivals
            .iter()
            .zip(&servers)
            .map(|(&t, &server)| RequestTrace {
                arrival_us: u64::from(t),
                server: Some(server),
                allowed: false,
                decided_us: u64::from(t),
                answer_us: u64::from(t),
                by_fail_rule: false,
                refused_under_limit: false,
                beyond: false,
                window: 0,
            })
            .collect::<Box<[_]>>();
        // As long as the queue's lane will be (a power of two), so the
        // queue takes it as it is.
        let mut arrive = Vec::with_capacity(requests.len().next_power_of_two());
        arrive.extend(
            (requests.iter().enumerate()).map(|(k, r)| (r.arrival_us, Event::Arrive(k as u32))),
        );
        let (queue, [exec_lane, reply_lane, abandon_lane]) = queue(&s, arrive);
        let algo = s.algo();
        let plain = algo == Algo::Fixed && s.edge_us().is_none();
        let memory_keepers = match (plain, s.strategy.place()) {
            (false, super::scenario::Place::Memory) => n as usize + 1,
            _ => 0,
        };
        World {
            grid: Grid::of(&s),
            algo,
            plain,
            keepers: vec![Keeper::default(); memory_keepers].into_boxed_slice(),
            gate: Keeper::default(),
            redis_keep: Keeper::default(),

            queue,
            exec_lane,
            reply_lane,
            abandon_lane,
            memory: vec![Memory::default(); n as usize + 1].into_boxed_slice(),
            restart_us,
            calls: Vec::with_capacity(2 * s.burst as usize + 1),
            counter: 0,
            forwarded: 0,
            allowed_so_far: 0,
            decided: vec![0; s.burst as usize].into_boxed_slice(),
            decided_n: 0,
            in_time: in_time(&s),
            reply_us: u64::from(s.rtt_us) - u64::from(s.rtt_us) / 2,
            end_us: 0,
            requests,
            s,
        }
    }

    /// Runs every event, in the queue's order, until none is left: one
    /// loop, not a call per event.
    fn run_all(&mut self) {
        while let Some((now, event)) = self.queue.pop() {
            match event {
                Event::Arrive(req) => self.arrive(req, now),
                Event::Sync(server) => {
                    let m = &mut self.memory[self.slot(server, now) as usize];
                    let p = std::mem::take(&mut m.pending);
                    m.in_flight += p;
                    self.send(server, None, Command::IncrBy, p);
                }
                Event::Exec(call) => self.exec(call, now),
                Event::Reply(call) => self.reply(call, now),
                Event::Abandon(call) => self.abandon(call, now),
            }
        }
    }

    /// The memory slot server `server` uses at `t`: its own, or slot N
    /// once a lone server has restarted. A pure function of the time, so
    /// neither the requests nor the calls keep their slot: a sync's reply
    /// finds its slot from the time it was sent.
    fn slot(&self, server: u32, t: u64) -> u32 {
        match t >= self.restart_us {
            true => self.s.servers,
            false => server,
        }
    }

    fn arrive(&mut self, req: u32, now: u64) {
        let i = req as usize;
        let server = self.requests[i].server.unwrap_or(0);
        let slot = self.slot(server, now);
        let limit = self.s.limit;
        // The strategies that decide in the server (or the gateway) decide
        // now, in one place; the others ask Redis.
        let allowed = match self.s.strategy {
            Strategy::Local | Strategy::Split => {
                let allowance = match self.s.strategy {
                    Strategy::Split => self.s.split_quota(server),
                    _ => limit,
                };
                let allowed = match self.plain {
                    true => {
                        let m = &mut self.memory[slot as usize];
                        let allowed = m.count < allowance;
                        m.count += u32::from(allowed);
                        allowed
                    }
                    false => {
                        self.keepers[slot as usize].allow(self.algo, &self.grid, now, allowance)
                    }
                };
                self.requests[i].window = self.grid.window(now) as i32;
                allowed
            }
            Strategy::Sync => {
                let m = &mut self.memory[slot as usize];
                let allowed = m.known + m.in_flight + m.pending < limit;
                m.pending += u32::from(allowed);
                allowed
            }
            Strategy::Edge => {
                let allowed = match self.plain {
                    true => self.forwarded < limit,
                    false => self.gate.allow(self.algo, &self.grid, now, limit),
                };
                self.forwarded += u32::from(allowed);
                self.requests[i].window = self.grid.window(now) as i32;
                if !allowed {
                    self.requests[i].server = None;
                }
                allowed
            }
            Strategy::GetSet => return self.send(server, Some(req), Command::Get, 0),
            Strategy::Incr => return self.send(server, Some(req), Command::Incr, 0),
            Strategy::Lua => return self.send(server, Some(req), Command::EvalSha, 0),
        };
        self.decide(req, allowed, now, true);
    }

    /// Sends a command: it runs half a round trip later (plus the slow
    /// extra) unless Redis is down; its reply comes a round trip later if
    /// that is within the timeout, and otherwise the server gives up at the
    /// timeout.
    fn send(&mut self, server: u32, request: Option<u32>, command: Command, arg: u32) {
        let id = self.calls.len() as u32;
        self.calls.push(Call {
            server,
            request,
            command,
            arg,
            sent_us: self.queue.now(),
            executed_us: None,
            value: 0,
            counter_after: 0,
            replied_us: None,
            abandoned_us: None,
        });
        if self.s.redis != Health::Down {
            self.queue.schedule(self.exec_lane, Event::Exec(id));
        }
        if !self.in_time {
            self.queue.schedule(self.abandon_lane, Event::Abandon(id));
        }
    }

    /// Redis runs call `id`, one command at a time, in time order.
    fn exec(&mut self, id: u32, now: u64) {
        let limit = self.s.limit;
        // The report's Redis log is the calls in order (see `finish`).
        debug_assert!(id == 0 || self.calls[id as usize - 1].executed_us.is_some());
        // One look-up of the call, kept while Redis's state changes (a
        // vector's indexing is a call in the size-optimised build).
        let c = &mut self.calls.as_mut_slice()[id as usize];
        // The window a deciding command counts in: the one it runs in (a
        // SET writes the window its GET read).
        let k = match (c.command, c.request) {
            (Command::Set | Command::Expire, Some(req)) => {
                i64::from(self.requests[req as usize].window)
            }
            _ => self.grid.window(now),
        };
        if let (Some(req), Command::Get | Command::Incr | Command::EvalSha) = (c.request, c.command)
        {
            self.requests[req as usize].window = k as i32;
        }
        let key = &mut self.redis_keep;
        let (value, after) = match c.command {
            Command::Get => {
                let v = key.window(k).map_or(0, |v| *v);
                (v, v)
            }
            Command::Set => {
                if let Some(v) = key.window(k) {
                    *v = c.arg;
                }
                (c.arg, c.arg)
            }
            Command::Incr => {
                let v = key.window(k).map_or(1, |v| {
                    *v += 1;
                    *v
                });
                (v, v)
            }
            Command::IncrBy => {
                self.counter += c.arg;
                (self.counter, self.counter)
            }
            Command::Expire => (1, key.window(k).map_or(0, |v| *v)),
            Command::EvalSha => {
                let allowed = key.allow(self.algo, &self.grid, now, limit);
                (u32::from(allowed), key.held(self.algo, self.grid.w()))
            }
        };
        c.executed_us = Some(now);
        c.value = value;
        c.counter_after = after;
        // The reply leg: the rest of the round trip (a slow Redis has
        // already added its extra before running the command).
        match c.command {
            // Sent only after a reply in time, so replied in time too. The
            // reply changes nothing but its own time and a SET's request's
            // answer: both are written now, without an event (a third of
            // getset's replies). The run ends no sooner than the last one.
            Command::Set | Command::Expire => {
                let t = now + self.reply_us;
                c.replied_us = Some(t);
                if let (Command::Set, Some(req)) = (c.command, c.request) {
                    self.requests[req as usize].answer_us = t;
                }
                self.end_us = self.end_us.max(t);
            }
            _ if self.in_time => self.queue.schedule(self.reply_lane, Event::Reply(id)),
            _ => {}
        }
    }

    /// The reply to call `id` reaches its server.
    fn reply(&mut self, id: u32, now: u64) {
        let c = &mut self.calls.as_mut_slice()[id as usize];
        c.replied_us = Some(now);
        let call = *c;
        let limit = self.s.limit;
        let req = call.request.unwrap_or(0);
        // A deciding command's reply decides its request, whether it is
        // answered now, and what the server sends next, if anything.
        let (allowed, answered, next) = match call.command {
            Command::Get => {
                // An allowed request is answered after its SET.
                let allowed = call.value < limit;
                (
                    allowed,
                    !allowed,
                    allowed.then_some((Command::Set, call.value + 1)),
                )
            }
            // The first count of the window: give the key its expiry.
            Command::Incr => (
                call.value <= limit,
                true,
                (call.value == 1).then_some((Command::Expire, 0)),
            ),
            Command::EvalSha => (call.value == 1, true, None),
            Command::IncrBy => {
                let m = &mut self.memory[self.slot(call.server, call.sent_us) as usize];
                m.known = call.value;
                m.in_flight -= call.arg;
                return;
            }
            // Replied to when they ran (see `exec`).
            Command::Set | Command::Expire => return,
        };
        self.decide(req, allowed, now, answered);
        if let Some((command, arg)) = next {
            self.send(call.server, Some(req), command, arg);
        }
    }

    /// The server gives up on call `id`: a deciding call's request is
    /// decided by the fail rule; a sync's batch goes back to pending.
    fn abandon(&mut self, id: u32, now: u64) {
        let c = &mut self.calls[id as usize];
        c.abandoned_us = Some(now);
        let call = *c;
        match call.command {
            Command::IncrBy => {
                let m = &mut self.memory[self.slot(call.server, call.sent_us) as usize];
                m.in_flight -= call.arg;
                m.pending += call.arg;
            }
            Command::Get | Command::Incr | Command::EvalSha => {
                let req = call.request.unwrap_or(0);
                self.requests[req as usize].by_fail_rule = true;
                self.decide(req, self.s.fail == Fail::Open, now, true);
            }
            // Only sent after a reply in time, so never abandoned.
            Command::Set | Command::Expire => {}
        }
    }

    /// Records a decision (and the answer, when `answered`).
    fn decide(&mut self, req: u32, allowed: bool, now: u64, answered: bool) {
        let under = !allowed && self.allowed_so_far < self.s.limit;
        self.allowed_so_far += u32::from(allowed);
        let r = &mut self.requests[req as usize];
        r.allowed = allowed;
        r.decided_us = now;
        r.refused_under_limit = under;
        if answered {
            r.answer_us = now;
        }
        // Each request is decided once, so there is always room.
        if let Some(d) = self.decided.get_mut(self.decided_n) {
            *d = req;
            self.decided_n += 1;
        }
    }

    /// What "over" counts against: L, or for a bucket L plus what it
    /// refills between its first and latest use.
    fn allowance(&self) -> u32 {
        let s = self.s;
        // A bucket's allowance is L plus what it refills between its first
        // and latest use: the script's runs in Redis, the burst's first and
        // last arrivals for the buckets in memory.
        let used = match (self.algo, s.strategy) {
            (Algo::Bucket, Strategy::Lua) => self.redis_keep.bucket.runs,
            (Algo::Bucket, _) => match (self.requests.first(), self.requests.last()) {
                (Some(a), Some(b)) => Some((a.arrival_us, b.arrival_us)),
                _ => None,
            },
            _ => None,
        };
        match used {
            Some((first, last)) => {
                let refilled = (last - first) * u64::from(s.limit) / s.window_us();
                s.limit
                    .saturating_add(refilled.min(u64::from(u32::MAX)) as u32)
            }
            None => s.limit,
        }
    }

    /// Each server's card, and the requests the gateway refused.
    fn cards(&self) -> (Vec<ServerReport>, u32) {
        let s = self.s;
        let mut servers: Vec<ServerReport> = (0..s.servers)
            .map(|i| ServerReport {
                quota: (s.strategy == Strategy::Split).then(|| s.split_quota(i)),
                ..ServerReport::default()
            })
            .collect();
        let mut gateway_refused = 0;
        for r in &self.requests {
            match r.server {
                Some(i) => {
                    let card = &mut servers[i as usize];
                    card.received += 1;
                    if r.allowed {
                        card.allowed += 1;
                    } else {
                        card.refused += 1;
                    }
                }
                None => gateway_refused += 1,
            }
        }
        (servers, gateway_refused)
    }

    /// What Redis holds for the user at the end, as the widget shows it.
    fn final_counter(&self) -> Option<u32> {
        let s = self.s;
        match s.strategy {
            Strategy::Sync => Some(self.counter),
            Strategy::GetSet | Strategy::Incr => Some(self.redis_keep.held(Algo::Fixed, 1)),
            Strategy::Lua => Some(match (self.algo, self.redis_keep.bucket.runs) {
                (Algo::Bucket, None) => s.limit,
                (algo, _) => self.redis_keep.held(algo, s.window_us()),
            }),
            _ => None,
        }
    }

    /// The run's outcome, before the regular user's.
    fn finish(mut self) -> Report {
        let s = self.s;
        let allowance = self.allowance();
        // Allowed beyond the allowance, in decision order.
        let mut seen = 0;
        for &req in &self.decided[..self.decided_n] {
            let r = &mut self.requests[req as usize];
            if r.allowed {
                seen += 1;
                r.beyond = seen > allowance;
            }
        }
        let (servers, gateway_refused) = self.cards();
        let allowed = self.requests.iter().filter(|r| r.allowed).count() as u32;
        let latencies: Vec<u64> = self.requests.iter().map(RequestTrace::added_us).collect();
        let lower_middle = latencies.len().saturating_sub(1) / 2;
        let latency_max_us = latencies.iter().copied().max().unwrap_or(0);
        // Selected by the crate's radix select, not sorted (a sort was a
        // twentieth of a run), nor `select_nth_unstable`, which brought
        // 2.5 KB of the standard library's selection code into the wasm.
        let latency_median_us = super::sort::nth_key(&latencies, lower_middle);
        let final_counter = self.final_counter();
        // Redis runs the calls in the order they were sent (every run is
        // the same delay after its send, in one FIFO lane: see `exec`), and
        // all of them unless it is down.
        let executed = match s.redis {
            Health::Down => 0,
            _ => self.calls.len() as u32,
        };
        let redis_log = (0..executed).collect();
        Report {
            scenario: s,
            servers,
            allowed,
            refused: s.burst - allowed,
            limit: s.limit,
            allowance,
            over: allowed.saturating_sub(allowance),
            refused_under_limit: self
                .requests
                .iter()
                .filter(|r| r.refused_under_limit)
                .count() as u32,
            regular_user: 0,
            gateway_refused,
            fail_decided: self.requests.iter().filter(|r| r.by_fail_rule).count() as u32,
            redis_calls: self.calls.len() as u32,
            final_counter,
            latency_median_us,
            latency_max_us,
            end_us: self.queue.now().max(self.end_us),
            requests: self.requests.into_vec(),
            calls: self.calls,
            redis_log,
        }
    }
}

/// Runs the model once on `scenario` (clamped into range first), without
/// the regular user's second run: [`run`]'s first half, never handed out
/// with `regular_user` still 0.
fn simulate(scenario: &Scenario) -> Report {
    let mut world = World::new(scenario.clamped());
    world.run_all();
    world.finish()
}

/// How many requests `scenario`'s model lets through, and nothing else:
/// the sweeps' inner loop.
pub fn allowed(scenario: &Scenario) -> u32 {
    count_allowed(World::new(scenario.clamped()))
}

/// [`allowed`], from a [`Start`] already drawn for the scenario's seed,
/// burst and span (any other start is ignored and the draw made afresh):
/// the same count, without drawing and sorting the arrivals again.
pub fn allowed_from(scenario: &Scenario, start: &Start) -> u32 {
    let s = scenario.clamped();
    count_allowed(match start.fits(&s) {
        true => World::from_start(s, start),
        false => World::new(s),
    })
}

/// Runs `world` and counts the requests it allowed.
fn count_allowed(mut world: World) -> u32 {
    world.run_all();
    world.requests.iter().filter(|r| r.allowed).count() as u32
}

/// Runs the model on `scenario` (clamped into range first) and reports
/// every decision, plus what a regular user sending exactly L gets (a
/// second, smaller run with burst = L). Pure and deterministic: the same
/// scenario gives the same report, natively and in the browser.
pub fn run(scenario: &Scenario) -> Report {
    let mut report = simulate(scenario);
    let s = report.scenario;
    // `s` is clamped, and so is it with a burst of L (every L is a burst
    // in range, checked below when compiling): no second clamp.
    report.regular_user = if s.burst == s.limit {
        report.allowed
    } else {
        count_allowed(World::new(s.with_burst(s.limit)))
    };
    report
}

// The regular user's run sends L requests: every limit is a burst in range.
const _: () = {
    use super::scenario::{BURST, LIMIT};
    assert!(BURST.min <= LIMIT.min && LIMIT.max <= BURST.max);
};
