//! Rate Limit Lab's proof: the model's numbers reproduced by concurrent API
//! servers racing on a real `redis-server`.
//!
//! [`server::RedisServer`] starts a throwaway redis-server on a free
//! loopback port; [`real::run`] plays one burst of the model for real (the
//! same arrivals, the same servers, each strategy's real code path against
//! Redis); [`table`] runs scenarios over many seeds and sets the real
//! results beside the model's. `docs/PROOF.md` explains it all and shows the
//! latest table.

pub mod clock;
pub mod real;
pub mod server;
pub mod table;

use ratelimit_lab::sim::{params, Command, Health, Report, Scenario};

use real::{RealRun, Target};
use server::RedisServer;

/// How many times slower than the model's the real runs go, unless told
/// otherwise: a 0.5 ms round trip takes 5 ms, a 40 ms burst 400 ms.
pub const DEFAULT_SCALE: u32 = 10;

/// Reads a scenario from URL-style parameters (`preset=gatepass&rtt=0.5`),
/// as the widget reads its URL; anything it had to adjust is an error here.
pub fn scenario(query: &str) -> Result<Scenario, String> {
    let parsed = params::parse(params::pairs(query));
    if parsed.notices.is_empty() {
        Ok(parsed.scenario)
    } else {
        Err(format!("{query:?}: {:?}", parsed.notices))
    }
}

/// The niceness the harness asks for: a higher priority than the other
/// work on the machine, so that a thread waking from a timed wait runs at
/// once instead of after whatever else is runnable. The harness sleeps
/// almost all the time (it uses a few per cent of one core), so this costs
/// the rest of the machine next to nothing.
pub const NICE: i32 = -10;

/// Where [`raise_priority`] got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Priority {
    /// The calling thread's niceness now.
    pub nice: i32,
    /// Whether the process now has a scheduling group of its own at
    /// [`NICE`] (see [`raise_priority`]).
    pub own_group: bool,
}

/// Raises the harness's priority where allowed (as root), and returns
/// what it got.
///
/// Linux groups processes by session for scheduling ("autogroups"): a
/// thread's niceness only counts within its session's group, and the
/// groups share the CPU equally. So the process first starts a session of
/// its own (it is then out of the terminal's reach: [`Harness::run`] stops
/// when the parent that started it is gone), gives that group [`NICE`],
/// and then the calling thread too. Threads and processes started
/// afterwards (the timer thread, redis-server) inherit both.
pub fn raise_priority() -> Priority {
    // SAFETY: plain system calls; failures are reported by their return
    // values and leave things as they were.
    let own_group = unsafe { libc::getsid(0) == libc::getpid() || libc::setsid() != -1 }
        && std::fs::write("/proc/self/autogroup", NICE.to_string()).is_ok();
    // SAFETY: as above, on the calling thread (who = 0).
    let nice = unsafe {
        if libc::setpriority(libc::PRIO_PROCESS, 0, NICE) == 0 {
            NICE
        } else {
            libc::getpriority(libc::PRIO_PROCESS, 0)
        }
    };
    Priority { nice, own_group }
}

/// A live redis-server and a single-threaded tokio runtime to run bursts
/// on. Dropping it stops the server.
pub struct Harness {
    redis: RedisServer,
    runtime: tokio::runtime::Runtime,
    priority: Priority,
    /// The process that started this one.
    parent: i32,
}

impl Harness {
    /// Starts a redis-server of its own, after raising the calling thread's
    /// priority where allowed (see [`raise_priority`]); the runs then go on
    /// this same thread.
    pub fn start() -> Result<Harness, String> {
        // SAFETY: getppid cannot fail.
        let parent = unsafe { libc::getppid() };
        let priority = raise_priority();
        let redis = RedisServer::start()?;
        // One thread: the servers' tasks, their waits and their sockets
        // share it, and the other core is left to redis-server.
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| e.to_string())?;
        Ok(Harness {
            redis,
            runtime,
            priority,
            parent,
        })
    }

    /// The priority the harness runs at.
    pub fn priority(&self) -> Priority {
        self.priority
    }

    /// The live server.
    pub fn redis(&self) -> &RedisServer {
        &self.redis
    }

    /// Plays `scenario`'s burst for real, `scale` times slower than the
    /// model. With `redis=down` in the scenario the servers are pointed at a
    /// loopback port nothing listens on; otherwise at the live server.
    pub fn run(&self, scenario: &Scenario, scale: u32) -> Result<RealRun, String> {
        // SAFETY: getppid cannot fail.
        if unsafe { libc::getppid() } != self.parent {
            return Err("the process that started the harness is gone".into());
        }
        let target = match scenario.redis {
            Health::Down => Target::Down(server::free_port()?),
            _ => Target::Up(self.redis.port()),
        };
        self.runtime.block_on(real::run(target, scenario, scale))
    }

    /// Replays the model's script calls in `report` (the bucket, or the
    /// scenario's other way of keeping the count) on the live server, one
    /// by one at the model's execution times, and counts how many replies
    /// (allowed, what the key holds after) equal the model's:
    /// `(equal, calls)`.
    pub fn check_script(&self, report: &Report) -> Result<(usize, usize), String> {
        let replies = self
            .runtime
            .block_on(real::replay_script(self.redis.port(), report))?;
        let expected: Vec<(u64, u64)> = report
            .redis_log
            .iter()
            .map(|&id| &report.calls[id as usize])
            .filter(|c| c.command == Command::EvalSha && c.executed_us.is_some())
            .map(|c| (u64::from(c.value), u64::from(c.counter_after)))
            .collect();
        let equal = replies
            .iter()
            .zip(&expected)
            .filter(|(a, b)| a == b)
            .count();
        if replies.len() != expected.len() {
            return Err(format!(
                "{} script replies for {} calls",
                replies.len(),
                expected.len()
            ));
        }
        Ok((equal, expected.len()))
    }
}
