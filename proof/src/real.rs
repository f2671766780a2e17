//! One burst, for real: N concurrent API servers (tokio tasks, each with
//! its own connection to a real redis-server) receive the model's own
//! burst (the same arrival times, the same servers) and apply the
//! strategy's real code path against Redis.
//!
//! Each Redis call is held back by half the round trip before it is sent
//! and half after its reply arrives. The holds count on the scenario's
//! clock ([`Clock`]), run `scale` times slower than the model's: a hold
//! ends at its deadline on that clock (the previous deadline plus the
//! hold), so a wait that ends late does not push every later one back.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ratelimit_lab::sim::keep::{Grid, Keeper};
use ratelimit_lab::sim::{self, Algo, Fail, Health, LoadBalancer, Report, Scenario, Strategy};
use redis::aio::MultiplexedConnection;
use redis::{AsyncConnectionConfig, Client, FromRedisValue};
use tokio::sync::mpsc;
use tokio::task::JoinSet;

use crate::clock::Clock;

/// The token-bucket script, loaded with SCRIPT LOAD and run with EVALSHA.
pub const BUCKET_LUA: &str = include_str!("bucket.lua");
/// The other ways of keeping the count, as scripts of the same shape.
pub const FIXED_LUA: &str = include_str!("fixed.lua");
pub const LOG_LUA: &str = include_str!("log.lua");
pub const COUNTER_LUA: &str = include_str!("counter.lua");

/// The script `lua` runs for `algo`.
pub fn script(algo: Algo) -> &'static str {
    match algo {
        Algo::Bucket => BUCKET_LUA,
        Algo::Fixed => FIXED_LUA,
        Algo::Log => LOG_LUA,
        Algo::Counter => COUNTER_LUA,
    }
}

/// The script's arguments after its key for a call that runs at `now`
/// (model µs) for request `req`: the time, L, W, then what the algorithm
/// needs (the edge, or the request's id for the log), then the expiry.
pub fn script_args(s: &Scenario, now: u64, req: usize, expiry_ms: u64) -> Vec<String> {
    let mut args = vec![
        now.to_string(),
        s.limit.to_string(),
        s.window_us().to_string(),
    ];
    match s.algo() {
        Algo::Bucket => {}
        Algo::Fixed | Algo::Counter => {
            args.push(s.edge_us().map_or("-1".into(), |b| b.to_string()))
        }
        Algo::Log => args.push(req.to_string()),
    }
    args.push(expiry_ms.to_string());
    args
}

/// The one user's key: the shared counter, or the bucket.
pub const KEY: &str = "ratelimit:user:42";

/// The commands the servers send, as `INFO commandstats` names them: what
/// the model counts as Redis calls. (The script's own HMGET, HSET and
/// PEXPIRE run inside Redis and are listed by Redis apart.)
pub const DATA_COMMANDS: [&str; 6] = ["get", "set", "incr", "expire", "evalsha", "incrby"];

/// How long a server may take to open its connection before the burst.
const CONNECT_WITHIN: Duration = Duration::from_secs(2);
/// How long before model time 0 the tasks are started.
const LEAD: Duration = Duration::from_millis(50);
/// Slack on top of the longest a burst can take, before a run is cut off.
const SLACK: Duration = Duration::from_secs(5);

/// Where the servers' Redis is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A live redis-server on this loopback port.
    Up(u16),
    /// A loopback port nothing listens on: every connection is refused
    /// (Redis is down).
    Down(u16),
}

impl Target {
    fn port(self) -> u16 {
        match self {
            Target::Up(p) | Target::Down(p) => p,
        }
    }
}

/// What one real run found.
#[derive(Clone, Debug)]
pub struct RealRun {
    /// The scenario as run.
    pub scenario: Scenario,
    /// Each request's decision, in arrival order (`None`: never decided,
    /// the run was cut off).
    pub decisions: Vec<Option<bool>>,
    /// What the deciding Redis call returned, per request: GET's value,
    /// INCR's count, the script's 1 or 0 (`None` without one).
    pub values: Vec<Option<u64>>,
    /// Requests decided by the fail rule.
    pub fail_decided: u32,
    /// The counter read from Redis afterwards (the bucket's whole tokens
    /// for `lua`); `None` without Redis.
    pub counter: Option<u32>,
    /// Calls per command as Redis counted them (`INFO commandstats`);
    /// `None` when Redis is down.
    pub commandstats: Option<BTreeMap<String, u64>>,
    /// Commands the servers sent or tried to send.
    pub sent: u32,
    /// `sync`: each INCRBY, in the order the replies came.
    pub syncs: Vec<SyncRecord>,
    /// The first few errors the servers got from Redis.
    pub errors: Vec<String>,
    /// How late each wait ended, on the wall clock.
    pub lateness: Vec<Duration>,
    /// Each wait's deadline (wall-clock time since model time 0) and
    /// lateness, in the order they ended.
    pub waits: Vec<(Duration, Duration)>,
    /// How long each Redis command took on loopback, from send to reply,
    /// on the wall clock (the round trip that no hold covers).
    pub loopback: Vec<Duration>,
    /// Every task finished before the run's bound.
    pub complete: bool,
}

impl RealRun {
    /// Requests allowed.
    pub fn allowed(&self) -> u32 {
        self.decisions.iter().filter(|d| **d == Some(true)).count() as u32
    }

    /// The Redis calls the model counts, as Redis counted them.
    ///
    /// Redis counts the commands a script runs inside it too (the GET and
    /// INCR of the fixed window's and the counter's scripts), so for `lua`
    /// only the script calls are the servers'.
    pub fn calls(&self) -> Option<u64> {
        let sent: &[&str] = match self.scenario.strategy {
            Strategy::Lua => &["evalsha", "eval"],
            _ => &DATA_COMMANDS,
        };
        self.commandstats
            .as_ref()
            .map(|m| sent.iter().filter_map(|c| m.get(*c)).sum())
    }

    /// Calls of one command as Redis counted them (0 if none).
    pub fn command(&self, name: &str) -> u64 {
        self.commandstats
            .as_ref()
            .and_then(|m| m.get(name).copied())
            .unwrap_or(0)
    }

    /// The run's worst timing disturbance: the latest a wait ended, or the
    /// longest a command took on loopback (a stalled redis-server).
    pub fn worst_delay(&self) -> Duration {
        self.lateness
            .iter()
            .chain(&self.loopback)
            .copied()
            .max()
            .unwrap_or_default()
    }

    /// Whether every request got the model's decision.
    pub fn same_decisions(&self, model: &Report) -> bool {
        self.decisions.len() == model.requests.len()
            && self
                .decisions
                .iter()
                .zip(&model.requests)
                .all(|(d, r)| *d == Some(r.allowed))
    }
}

/// One batch a server sent with INCRBY (`sync`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SyncRecord {
    /// The server that sent it.
    pub server: u32,
    /// When it was sent, in model µs.
    pub sent_us: u64,
    /// The counts it carried.
    pub amount: u32,
    /// The total Redis returned; `None` if the call was abandoned.
    pub total: Option<u32>,
}

/// A server's connection, opened before the burst or, when that failed,
/// at each call (as a real server would retry).
struct Link {
    client: Client,
    conn: Mutex<Option<MultiplexedConnection>>,
}

fn config() -> AsyncConnectionConfig {
    // No timeouts of the client library's own: the server applies the
    // scenario's timeout itself.
    AsyncConnectionConfig::new()
        .set_response_timeout(None)
        .set_connection_timeout(Some(CONNECT_WITHIN))
}

async fn connect(client: &Client) -> Option<MultiplexedConnection> {
    let config = config();
    let open = client.get_multiplexed_async_connection_with_config(&config);
    tokio::time::timeout(CONNECT_WITHIN, open).await.ok()?.ok()
}

impl Link {
    async fn query<T: FromRedisValue>(&self, cmd: &redis::Cmd) -> redis::RedisResult<T> {
        let held = self.conn.lock().ok().and_then(|c| c.clone());
        let mut conn = match held {
            Some(c) => c,
            None => {
                let c = self
                    .client
                    .get_multiplexed_async_connection_with_config(&config())
                    .await?;
                if let Ok(mut slot) = self.conn.lock() {
                    *slot = Some(c.clone());
                }
                c
            }
        };
        cmd.query_async(&mut conn).await
    }
}

/// A server's memory: its counts, and for `sync` what it knows of the
/// total. Generation 1 is the memory of a lone server that restarted
/// (sticky, one server, a move).
#[derive(Clone, Debug, Default)]
struct Memory {
    count: u32,
    known: u32,
    in_flight: u32,
    pending: u32,
    /// The count kept by an algorithm, where it is not a plain count.
    keep: Keeper,
}

/// What every task of one run shares: the scenario and the run's records.
struct Shared {
    s: Scenario,
    clock: Clock,
    /// How many times slower than the model's the clock runs.
    scale: u32,
    sha: String,
    /// The burst: each request's arrival (model µs) and server.
    arrivals: Vec<u64>,
    servers: Vec<u32>,
    /// When a lone sticky server restarts (model µs), if it does.
    restart_us: Option<u64>,
    decisions: Mutex<Vec<Option<bool>>>,
    values: Mutex<Vec<Option<u64>>>,
    fail_decided: AtomicU32,
    sent: AtomicU32,
    errors: Mutex<Vec<String>>,
    loopback: Mutex<Vec<Duration>>,
    syncs: Mutex<Vec<SyncRecord>>,
}

impl Shared {
    fn decide(&self, req: usize, allowed: bool) {
        if let Ok(mut d) = self.decisions.lock() {
            d[req] = Some(allowed);
        }
    }

    fn by_fail_rule(&self, req: usize) {
        self.fail_decided.fetch_add(1, Ordering::Relaxed);
        self.decide(req, self.s.fail == Fail::Open);
    }

    fn value(&self, req: usize, v: u64) {
        if let Ok(mut values) = self.values.lock() {
            values[req] = Some(v);
        }
    }

    fn generation(&self, t_us: u64) -> usize {
        usize::from(self.restart_us.is_some_and(|r| t_us >= r))
    }

    fn rtt(&self) -> u64 {
        u64::from(self.s.rtt_us)
    }

    /// Whether counts in memory are plain counts (a fixed window, no edge).
    fn plain(&self) -> bool {
        self.s.algo() == Algo::Fixed && self.s.edge_us().is_none()
    }

    /// The user's key for a command that runs at model time `t_us`: one
    /// key per fixed window once there is an edge.
    fn key(&self, t_us: u64) -> String {
        match self.s.edge_us() {
            None => KEY.to_string(),
            Some(_) => format!("{KEY}:{}", Grid::of(&self.s).window(t_us)),
        }
    }

    /// The expiry the servers give the key, in ms of real time: the
    /// window, scaled like everything else.
    fn expiry_ms(&self) -> u64 {
        u64::from(self.s.window_s) * 1000 * u64::from(self.scale)
    }

    /// One Redis call, sent at model time `sent`: held back half a round
    /// trip, sent for real, its reply held back the other half. `None` when
    /// it was abandoned: no reply within the timeout, or an error (a
    /// refused connection when Redis is down).
    async fn exchange<T: FromRedisValue>(
        &self,
        link: &Link,
        sent: u64,
        cmd: redis::Cmd,
    ) -> Option<T> {
        self.sent.fetch_add(1, Ordering::Relaxed);
        let rtt = self.rtt();
        let timeout_us = u64::from(self.s.timeout_ms) * 1000;
        let call = async {
            self.clock.until(sent + rtt / 2).await;
            let start = Instant::now();
            let reply = link.query::<T>(&cmd).await;
            let took = start.elapsed();
            let value = match reply {
                Ok(v) => v,
                Err(e) => {
                    if let Ok(mut errors) = self.errors.lock() {
                        if errors.len() < 5 {
                            errors.push(e.to_string());
                        }
                    }
                    return None;
                }
            };
            if let Ok(mut l) = self.loopback.lock() {
                l.push(took);
            }
            self.clock.until(sent + rtt).await;
            Some(value)
        };
        let deadline = self.clock.at(sent + timeout_us);
        tokio::time::timeout_at(deadline.into(), call)
            .await
            .ok()
            .flatten()
    }
}

/// The deciding call of a request under GET then SET, INCR or the script,
/// and what follows it: the strategy's code path in a server.
async fn handle(sh: Arc<Shared>, link: Arc<Link>, req: usize) {
    let a = sh.arrivals[req];
    let rtt = sh.rtt();
    let limit = u64::from(sh.s.limit);
    match sh.s.strategy {
        Strategy::GetSet => {
            // The window is the one the GET runs in; the SET writes it.
            let key = sh.key(a + rtt / 2);
            let mut get = redis::cmd("GET");
            get.arg(&key);
            match sh.exchange::<Option<u64>>(&link, a, get).await {
                None => sh.by_fail_rule(req),
                Some(read) => {
                    let v = read.unwrap_or(0);
                    sh.value(req, v);
                    let allowed = v < limit;
                    sh.decide(req, allowed);
                    if allowed {
                        let mut set = redis::cmd("SET");
                        set.arg(&key).arg(v + 1);
                        let _ = sh.exchange::<redis::Value>(&link, a + rtt, set).await;
                    }
                }
            }
        }
        Strategy::Incr => {
            let key = sh.key(a + rtt / 2);
            let mut incr = redis::cmd("INCR");
            incr.arg(&key);
            match sh.exchange::<u64>(&link, a, incr).await {
                None => sh.by_fail_rule(req),
                Some(c) => {
                    sh.value(req, c);
                    sh.decide(req, c <= limit);
                    if c == 1 {
                        // The first count of the window gives the key its
                        // expiry; the answer does not wait for it.
                        let mut expire = redis::cmd("EXPIRE");
                        expire.arg(&key).arg(sh.expiry_ms().div_ceil(1000));
                        let _ = sh.exchange::<redis::Value>(&link, a + rtt, expire).await;
                    }
                }
            }
        }
        Strategy::Lua => {
            let mut eval = redis::cmd("EVALSHA");
            eval.arg(&sh.sha).arg(1).arg(KEY).arg(script_args(
                &sh.s,
                a + rtt / 2,
                req,
                sh.expiry_ms(),
            ));
            match sh.exchange::<(u64, u64)>(&link, a, eval).await {
                None => sh.by_fail_rule(req),
                Some((allowed, _tokens)) => {
                    sh.value(req, allowed);
                    sh.decide(req, allowed == 1);
                }
            }
        }
        _ => {}
    }
}

/// One API server: takes the requests the load balancer sends it, in
/// order, and answers each (in memory at once, or in a task of its own
/// that talks to Redis).
async fn server(
    sh: Arc<Shared>,
    id: u32,
    link: Arc<Link>,
    memory: Arc<Mutex<[Memory; 2]>>,
    mut inbox: mpsc::UnboundedReceiver<usize>,
) {
    let mut handlers = JoinSet::new();
    let limit = sh.s.limit;
    // Bounded: the load balancer closes the channel after the last request.
    while let Some(req) = inbox.recv().await {
        let generation = sh.generation(sh.arrivals[req]);
        match sh.s.strategy {
            Strategy::Local | Strategy::Split | Strategy::Sync => {
                let plain = sh.plain();
                let allowed = match memory.lock() {
                    Ok(mut m) => {
                        let m = &mut m[generation];
                        match sh.s.strategy {
                            Strategy::Sync => {
                                let allowed = m.known + m.in_flight + m.pending < limit;
                                m.pending += u32::from(allowed);
                                allowed
                            }
                            strategy => {
                                let quota = match strategy {
                                    Strategy::Split => sh.s.split_quota(id),
                                    _ => limit,
                                };
                                if !plain {
                                    let grid = Grid::of(&sh.s);
                                    let at = sh.arrivals[req];
                                    m.keep.allow(sh.s.algo(), &grid, at, quota)
                                } else {
                                    let allowed = m.count < quota;
                                    m.count += u32::from(allowed);
                                    allowed
                                }
                            }
                        }
                    }
                    Err(_) => false,
                };
                sh.decide(req, allowed);
            }
            // The gateway already refused what was over the limit.
            Strategy::Edge => sh.decide(req, true),
            Strategy::GetSet | Strategy::Incr | Strategy::Lua => {
                handlers.spawn(handle(sh.clone(), link.clone(), req));
            }
        }
    }
    while handlers.join_next().await.is_some() {}
}

/// `sync`: server `id` sends its pending counts with INCRBY at its sync
/// times and learns the total from the reply.
async fn syncer(sh: Arc<Shared>, id: u32, link: Arc<Link>, memory: Arc<Mutex<[Memory; 2]>>) {
    let n = u64::from(sh.s.servers);
    let interval = u64::from(sh.s.sync_ms) * 1000;
    let span = u64::from(sh.s.span_ms) * 1000;
    let phase = u64::from(id) * interval / n;
    let mut calls = JoinSet::new();
    for t in (phase..span).step_by(interval as usize) {
        sh.clock.until(t).await;
        let generation = sh.generation(t);
        let p = match memory.lock() {
            Ok(mut m) => {
                let m = &mut m[generation];
                let p = std::mem::take(&mut m.pending);
                m.in_flight += p;
                p
            }
            Err(_) => 0,
        };
        let (sh, link, memory) = (sh.clone(), link.clone(), memory.clone());
        calls.spawn(async move {
            let mut incrby = redis::cmd("INCRBY");
            incrby.arg(KEY).arg(p);
            let total = sh.exchange::<u32>(&link, t, incrby).await;
            if let Ok(mut log) = sh.syncs.lock() {
                log.push(SyncRecord {
                    server: id,
                    sent_us: t,
                    amount: p,
                    total,
                });
            }
            if let Ok(mut m) = memory.lock() {
                let m = &mut m[generation];
                m.in_flight -= p;
                match total {
                    Some(total) => m.known = total,
                    // Abandoned: the batch goes back to pending.
                    None => m.pending += p,
                }
            }
        });
    }
    while calls.join_next().await.is_some() {}
}

/// The load balancer (and, for `edge`, the gateway in front of it): at each
/// arrival time, refuses at the gateway or hands the request to its server.
async fn load_balancer(sh: Arc<Shared>, inboxes: Vec<mpsc::UnboundedSender<usize>>) {
    let mut forwarded = 0;
    let mut gate = Keeper::default();
    let grid = Grid::of(&sh.s);
    for req in 0..sh.arrivals.len() {
        let at = sh.arrivals[req];
        sh.clock.until(at).await;
        if sh.s.strategy == Strategy::Edge {
            let allowed = match sh.plain() {
                true => forwarded < sh.s.limit,
                false => gate.allow(sh.s.algo(), &grid, at, sh.s.limit),
            };
            if !allowed {
                sh.decide(req, false);
                continue;
            }
            forwarded += 1;
        }
        let _ = inboxes[sh.servers[req] as usize].send(req);
    }
}

/// The burst, as the model draws it: each request's arrival time and
/// server (they do not depend on the strategy, and a gateway's refusals
/// keep their server in the local-counters run), and when a lone sticky
/// server restarts, if it does.
fn burst_of(s: &Scenario) -> (Vec<u64>, Vec<u32>, Option<u64>) {
    let burst = sim::run(&s.with_strategy(Strategy::Local).with_redis(Health::Up));
    let arrivals = burst.requests.iter().map(|r| r.arrival_us).collect();
    let servers = burst
        .requests
        .iter()
        .map(|r| r.server.unwrap_or(0))
        .collect();
    let restart_us = match (s.lb, s.move_ms, s.servers) {
        (LoadBalancer::Sticky, Some(m), 1) => Some(u64::from(m) * 1000),
        _ => None,
    };
    (arrivals, servers, restart_us)
}

/// Every server's own connection, opened before the burst (when Redis is
/// down, each call tries again).
async fn links(client: &Client, s: &Scenario) -> Vec<Arc<Link>> {
    let mut links = Vec::new();
    for _ in 0..s.servers {
        let conn = if s.strategy.uses_redis() {
            connect(client).await
        } else {
            None
        };
        links.push(Arc::new(Link {
            client: client.clone(),
            conn: Mutex::new(conn),
        }));
    }
    links
}

/// A clean Redis and clean statistics, with the run's script loaded.
async fn prepare(c: &mut MultiplexedConnection, lua: &str, sha: &str) -> Result<(), String> {
    let _: () = redis::cmd("FLUSHALL")
        .query_async(c)
        .await
        .map_err(|e| e.to_string())?;
    let loaded: String = redis::cmd("SCRIPT")
        .arg("LOAD")
        .arg(lua)
        .query_async(c)
        .await
        .map_err(|e| e.to_string())?;
    if loaded != sha {
        return Err(format!("SCRIPT LOAD returned {loaded}, expected {sha}"));
    }
    redis::cmd("CONFIG")
        .arg("RESETSTAT")
        .query_async(c)
        .await
        .map_err(|e| e.to_string())
}

/// What the user's key holds after the run, as the model's final counter
/// counts it: the latest window's count (the one the last request's
/// command ran in), the log's entries, the bucket's whole tokens, the
/// sync's total; `None` for the counts in memory.
async fn read_counter(c: &mut MultiplexedConnection, sh: &Shared) -> Result<Option<u32>, String> {
    let s = &sh.s;
    let last = sh
        .arrivals
        .iter()
        .max()
        .map_or(0, |a| a + u64::from(s.rtt_us) / 2);
    let get = |key: String| redis::cmd("GET").arg(key).clone();
    let cmd = match (s.strategy, s.algo()) {
        (Strategy::GetSet | Strategy::Incr, _) | (Strategy::Lua, Algo::Fixed | Algo::Counter) => {
            get(sh.key(last))
        }
        (Strategy::Sync, _) => get(KEY.to_string()),
        (Strategy::Lua, Algo::Log) => redis::cmd("ZCARD").arg(KEY).clone(),
        (Strategy::Lua, Algo::Bucket) => {
            let units: Option<u64> = redis::cmd("HGET")
                .arg(KEY)
                .arg("units")
                .query_async(c)
                .await
                .map_err(|e| e.to_string())?;
            return Ok(Some(units.map_or(s.limit, |u| (u / s.window_us()) as u32)));
        }
        _ => return Ok(None),
    };
    let v: Option<u32> = cmd.query_async(c).await.map_err(|e| e.to_string())?;
    Ok(Some(v.unwrap_or(0)))
}

/// Starts every actor of the run on `tasks`: each server (and its syncer
/// for `sync`), then the load balancer.
fn start_actors(sh: &Arc<Shared>, links: Vec<Arc<Link>>, tasks: &mut JoinSet<()>) {
    let mut inboxes = Vec::new();
    for (id, link) in links.into_iter().enumerate() {
        let memory = Arc::new(Mutex::new(<[Memory; 2]>::default()));
        let (tx, rx) = mpsc::unbounded_channel();
        inboxes.push(tx);
        if sh.s.strategy == Strategy::Sync {
            tasks.spawn(syncer(sh.clone(), id as u32, link.clone(), memory.clone()));
        }
        tasks.spawn(server(sh.clone(), id as u32, link, memory, rx));
    }
    tasks.spawn(load_balancer(sh.clone(), inboxes));
}

/// What the run found, from what its actors recorded.
fn record(
    sh: &Shared,
    clock: &Clock,
    commandstats: Option<BTreeMap<String, u64>>,
    counter: Option<u32>,
    complete: bool,
) -> RealRun {
    let take = |m: &Mutex<Vec<Duration>>| m.lock().map(|v| v.clone()).unwrap_or_default();
    RealRun {
        scenario: sh.s,
        decisions: sh.decisions.lock().map(|d| d.clone()).unwrap_or_default(),
        values: sh.values.lock().map(|v| v.clone()).unwrap_or_default(),
        fail_decided: sh.fail_decided.load(Ordering::Relaxed),
        counter,
        commandstats,
        sent: sh.sent.load(Ordering::Relaxed),
        syncs: sh.syncs.lock().map(|v| v.clone()).unwrap_or_default(),
        errors: sh.errors.lock().map(|e| e.clone()).unwrap_or_default(),
        lateness: clock.lateness(),
        waits: clock.waits(),
        loopback: take(&sh.loopback),
        complete,
    }
}

/// Runs `scenario`'s burst for real against `target`, with the scenario's
/// clock `scale` times slower than the model's. The model's Redis health
/// is not used: `target` says whether Redis is up. A slow Redis is not
/// played (it would need a Redis stuck for 100 ms on purpose).
pub async fn run(target: Target, scenario: &Scenario, scale: u32) -> Result<RealRun, String> {
    let s = scenario.clamped();
    if s.redis == Health::Slow {
        return Err("a slow Redis is not played by the harness".into());
    }
    let (arrivals, servers, restart_us) = burst_of(&s);
    let client =
        Client::open(format!("redis://127.0.0.1:{}/", target.port())).map_err(|e| e.to_string())?;
    let lua = script(s.algo());
    let sha = redis::Script::new(lua).get_hash().to_string();
    let links = links(&client, &s).await;
    let mut control = match target {
        Target::Up(_) => Some(
            connect(&client)
                .await
                .ok_or_else(|| format!("cannot connect to Redis on {}", target.port()))?,
        ),
        Target::Down(_) => None,
    };
    if let Some(c) = control.as_mut() {
        prepare(c, lua, &sha).await?;
    }

    let b = arrivals.len();
    let clock = Clock::new(Instant::now() + LEAD, scale);
    let sh = Arc::new(Shared {
        s,
        clock: clock.clone(),
        scale: scale.max(1),
        sha,
        arrivals,
        servers,
        restart_us,
        decisions: Mutex::new(vec![None; b]),
        values: Mutex::new(vec![None; b]),
        fail_decided: AtomicU32::new(0),
        sent: AtomicU32::new(0),
        errors: Mutex::new(Vec::new()),
        loopback: Mutex::new(Vec::new()),
        syncs: Mutex::new(Vec::new()),
    });
    let mut tasks = JoinSet::new();
    start_actors(&sh, links, &mut tasks);

    // The longest a burst can take: its span, then a GET, a SET and their
    // timeouts, scaled; plus slack.
    let longest_us =
        u64::from(s.span_ms) * 1000 + 2 * (u64::from(s.rtt_us) + u64::from(s.timeout_ms) * 1000);
    let bound = LEAD + clock.span(longest_us) + SLACK;
    let complete =
        tokio::time::timeout(bound, async { while tasks.join_next().await.is_some() {} })
            .await
            .is_ok();
    tasks.abort_all();

    let (commandstats, counter) = match control.as_mut() {
        Some(c) => {
            let info: String = redis::cmd("INFO")
                .arg("commandstats")
                .query_async(c)
                .await
                .map_err(|e| e.to_string())?;
            (Some(parse_commandstats(&info)), read_counter(c, &sh).await?)
        }
        None => (None, None),
    };

    Ok(record(&sh, &clock, commandstats, counter, complete))
}

/// Runs the scenario's script on `port`'s Redis once per script call of the
/// model's `report`, in the order the model's Redis ran them and with the
/// model's execution times, one after another (no clock, no race), and
/// returns each reply (allowed, and what the key holds after: whole
/// tokens, the window's count, the log's entries): the script's
/// arithmetic checked against the model's, call by call.
pub async fn replay_script(port: u16, report: &Report) -> Result<Vec<(u64, u64)>, String> {
    let s = &report.scenario;
    let client = Client::open(format!("redis://127.0.0.1:{port}/")).map_err(|e| e.to_string())?;
    let mut c = connect(&client)
        .await
        .ok_or_else(|| format!("cannot connect to Redis on {port}"))?;
    let key = "ratelimit:replay";
    let _: () = redis::cmd("FLUSHALL")
        .query_async(&mut c)
        .await
        .map_err(|e| e.to_string())?;
    let sha: String = redis::cmd("SCRIPT")
        .arg("LOAD")
        .arg(script(s.algo()))
        .query_async(&mut c)
        .await
        .map_err(|e| e.to_string())?;
    let mut replies = Vec::new();
    for &id in &report.redis_log {
        let call = &report.calls[id as usize];
        let Some(x) = call.executed_us else { continue };
        if call.command != ratelimit_lab::sim::Command::EvalSha {
            continue;
        }
        let req = call.request.unwrap_or(0) as usize;
        let reply: (u64, u64) = redis::cmd("EVALSHA")
            .arg(&sha)
            .arg(1)
            .arg(key)
            .arg(script_args(s, x, req, 60_000))
            .query_async(&mut c)
            .await
            .map_err(|e| e.to_string())?;
        replies.push(reply);
    }
    let _: () = redis::cmd("FLUSHALL")
        .query_async(&mut c)
        .await
        .map_err(|e| e.to_string())?;
    Ok(replies)
}

/// Calls per command from `INFO commandstats` (`cmdstat_get:calls=3,…`).
pub fn parse_commandstats(info: &str) -> BTreeMap<String, u64> {
    info.lines()
        .filter_map(|line| {
            let (name, rest) = line.trim().strip_prefix("cmdstat_")?.split_once(':')?;
            let calls = rest
                .split(',')
                .find_map(|kv| kv.strip_prefix("calls="))?
                .parse()
                .ok()?;
            Some((name.to_string(), calls))
        })
        .collect()
}
