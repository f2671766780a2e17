//! The discrete-event engine: a queue of events ordered by (time, order
//! scheduled), a single-threaded Redis, and the servers' decisions.

use super::report::{Command, RedisOp, Report, RequestTrace, ServerReport};
use super::rng::Rng;
use super::scenario::{LoadBalancer, Scenario, Strategy};

/// What happens at one instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Event {
    /// Request `req` reaches its server.
    Arrive { req: u32 },
    /// Redis executes `command` for `req`; `arg` is the value SET writes.
    Redis {
        req: u32,
        command: Command,
        arg: u32,
    },
    /// The reply to `req`'s GET (value `read`) reaches its server.
    GetReply { req: u32, read: u32 },
}

/// The event queue: earliest time first, and at equal times the event
/// scheduled first runs first.
///
/// Every event the model schedules lands a fixed delay after the event that
/// schedules it (half a round trip, or a whole one), and events are handled
/// in time order, so the events scheduled with one delay arrive already
/// sorted by (time, order scheduled). The queue keeps one FIFO lane per
/// delay, plus one for the arrivals, and pops the smallest head: the same
/// order as a binary heap on (time, order scheduled), at O(1) per event.
struct Queue {
    /// Lane 0 holds the arrivals; the others one delay each.
    lanes: Vec<Lane>,
    now: u64,
    seq: u64,
}

/// Events scheduled with one delay, in (time, order scheduled) order. A
/// vector read from `head` on: nothing is ever shifted.
struct Lane {
    delay: u64,
    head: usize,
    events: Vec<(u64, u64, Event)>,
}

impl Lane {
    fn front(&self) -> Option<&(u64, u64, Event)> {
        self.events.get(self.head)
    }
}

impl Queue {
    /// A queue holding the arrivals `(time, event)`, sorted by time.
    fn with_arrivals(arrivals: impl Iterator<Item = (u64, Event)>) -> Self {
        let mut seq = 0;
        let events = arrivals
            .map(|(t, e)| {
                seq += 1;
                (t, seq - 1, e)
            })
            .collect();
        let mut lanes = Vec::with_capacity(3);
        lanes.push(Lane {
            delay: 0,
            head: 0,
            events,
        });
        Queue { lanes, now: 0, seq }
    }

    /// Schedules `event` at `now + delay`.
    fn schedule_in(&mut self, delay: u64, event: Event) {
        let entry = (self.now + delay, self.seq, event);
        self.seq += 1;
        match self.lanes[1..].iter_mut().find(|l| l.delay == delay) {
            Some(lane) => lane.events.push(entry),
            None => self.lanes.push(Lane {
                delay,
                head: 0,
                events: vec![entry],
            }),
        }
    }

    /// The earliest event, first scheduled first among equal times.
    fn pop(&mut self) -> Option<(u64, Event)> {
        let mut best: Option<(u64, u64, usize)> = None;
        for (i, lane) in self.lanes.iter().enumerate() {
            if let Some(&(t, seq, _)) = lane.front() {
                if best.is_none_or(|(bt, bs, _)| (t, seq) < (bt, bs)) {
                    best = Some((t, seq, i));
                }
            }
        }
        let (t, _, i) = best?;
        let lane = &mut self.lanes[i];
        let event = lane.events[lane.head].2;
        lane.head += 1;
        self.now = t;
        Some((t, event))
    }
}

/// The whole simulated world while it runs.
struct World {
    scenario: Scenario,
    queue: Queue,
    /// Each server's count of allowed requests (local strategies).
    local_count: Vec<u32>,
    /// Each server's allowance: L, or its quota under `split`.
    allowance: Vec<u32>,
    /// The shared counter in Redis.
    counter: u32,
    requests: Vec<RequestTrace>,
    redis_log: Vec<RedisOp>,
}

impl World {
    fn new(scenario: Scenario) -> Self {
        let b = scenario.burst as usize;
        let mut rng = Rng::new(scenario.seed);
        let arrivals = rng.distinct_sorted(scenario.burst, scenario.span_ms * 1000);
        let requests = arrivals
            .iter()
            .enumerate()
            .map(|(k, &t)| RequestTrace {
                arrival_us: u64::from(t),
                server: match scenario.lb {
                    LoadBalancer::Random => rng.below(scenario.servers),
                    LoadBalancer::RoundRobin => k as u32 % scenario.servers,
                },
                allowed: false,
                answer_us: u64::from(t),
            })
            .collect::<Vec<_>>();
        let allowance = (0..scenario.servers)
            .map(|s| match scenario.strategy {
                Strategy::Split => scenario.split_quota(s),
                _ => scenario.limit,
            })
            .collect();
        let queue = Queue::with_arrivals(
            requests
                .iter()
                .enumerate()
                .map(|(k, r)| (r.arrival_us, Event::Arrive { req: k as u32 })),
        );
        World {
            scenario,
            queue,
            local_count: vec![0; scenario.servers as usize],
            allowance,
            counter: 0,
            requests,
            redis_log: Vec::with_capacity(2 * b + 1),
        }
    }

    /// Runs one event; false when nothing is left.
    fn step(&mut self) -> bool {
        let Some((now, event)) = self.queue.pop() else {
            return false;
        };
        let rtt = u64::from(self.scenario.rtt_us);
        let half = rtt / 2;
        match event {
            Event::Arrive { req } => match self.scenario.strategy {
                Strategy::Local | Strategy::Split => {
                    let server = self.requests[req as usize].server as usize;
                    let allowed = self.local_count[server] < self.allowance[server];
                    self.local_count[server] += u32::from(allowed);
                    self.decide(req, allowed, now);
                }
                Strategy::GetSet => self.queue.schedule_in(
                    half,
                    Event::Redis {
                        req,
                        command: Command::Get,
                        arg: 0,
                    },
                ),
                Strategy::Incr => self.queue.schedule_in(
                    half,
                    Event::Redis {
                        req,
                        command: Command::Incr,
                        arg: 0,
                    },
                ),
            },
            Event::Redis { req, command, arg } => {
                let value = match command {
                    Command::Get => {
                        let read = self.counter;
                        self.queue.schedule_in(half, Event::GetReply { req, read });
                        read
                    }
                    Command::Set => {
                        self.counter = arg;
                        arg
                    }
                    Command::Incr => {
                        self.counter += 1;
                        let c = self.counter;
                        self.decide(req, c <= self.scenario.limit, now + half);
                        if c == 1 {
                            // The server sees 1 and sets the window's expiry.
                            self.queue.schedule_in(
                                rtt,
                                Event::Redis {
                                    req,
                                    command: Command::Expire,
                                    arg: 0,
                                },
                            );
                        }
                        c
                    }
                    Command::Expire => self.counter,
                };
                self.redis_log.push(RedisOp {
                    at_us: now,
                    request: req,
                    command,
                    value,
                });
            }
            Event::GetReply { req, read } => {
                let allowed = read < self.scenario.limit;
                if allowed {
                    self.queue.schedule_in(
                        half,
                        Event::Redis {
                            req,
                            command: Command::Set,
                            arg: read + 1,
                        },
                    );
                    self.decide(req, true, now + rtt);
                } else {
                    self.decide(req, false, now);
                }
            }
        }
        true
    }

    fn decide(&mut self, req: u32, allowed: bool, answer_us: u64) {
        let r = &mut self.requests[req as usize];
        r.allowed = allowed;
        r.answer_us = answer_us;
    }

    fn finish(self) -> Report {
        let s = self.scenario;
        let mut servers: Vec<ServerReport> = (0..s.servers)
            .map(|i| ServerReport {
                received: 0,
                allowed: 0,
                refused: 0,
                quota: (s.strategy == Strategy::Split).then(|| s.split_quota(i)),
            })
            .collect();
        for r in &self.requests {
            let card = &mut servers[r.server as usize];
            card.received += 1;
            if r.allowed {
                card.allowed += 1;
            } else {
                card.refused += 1;
            }
        }
        let allowed: u32 = servers.iter().map(|c| c.allowed).sum();
        let refused = s.burst - allowed;
        let mut latencies: Vec<u64> = self.requests.iter().map(RequestTrace::added_us).collect();
        let lower_middle = (latencies.len() - 1) / 2;
        let latency_max_us = latencies.iter().copied().max().unwrap_or(0);
        let latency_median_us = *latencies.select_nth_unstable(lower_middle).1;
        let redis_calls = self.redis_log.len() as u32;
        Report {
            scenario: s,
            servers,
            allowed,
            refused,
            limit: s.limit,
            over: allowed.saturating_sub(s.limit),
            refused_under_limit: s.burst.min(s.limit).saturating_sub(allowed),
            redis_calls,
            redis_calls_per_request: f64::from(redis_calls) / f64::from(s.burst),
            final_counter: s.strategy.uses_redis().then_some(self.counter),
            latency_median_us,
            latency_max_us,
            requests: self.requests,
            redis_log: self.redis_log,
        }
    }
}

/// Runs the model on `scenario` (clamped into range first) and reports
/// every decision. Pure and deterministic: the same scenario gives the same
/// report, natively and in the browser.
pub fn run(scenario: &Scenario) -> Report {
    let mut world = World::new(scenario.clamped());
    while world.step() {}
    world.finish()
}
