//! A real `redis-server`, started on a free loopback port with persistence
//! off, and stopped when its guard is dropped (also when a panic unwinds
//! past it; and the kernel kills it if this process dies first).

use std::io::{BufRead, BufReader, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long a fresh server may take to answer its first PING.
const READY_WITHIN: Duration = Duration::from_secs(10);
/// How many ports to try before giving up (another process may take the
/// free port between our probe and the server's bind).
const ATTEMPTS: u32 = 3;

/// A running `redis-server`; dropping it kills the process and waits for it.
pub struct RedisServer {
    child: Child,
    port: u16,
    dir: PathBuf,
}

impl RedisServer {
    /// Starts `redis-server` on a free port of 127.0.0.1, with no RDB
    /// snapshots and no append-only file, in a scratch directory of its own.
    pub fn start() -> Result<RedisServer, String> {
        let mut last = String::new();
        for _ in 0..ATTEMPTS {
            match Self::try_start() {
                Ok(server) => return Ok(server),
                Err(e) => last = e,
            }
        }
        Err(last)
    }

    fn try_start() -> Result<RedisServer, String> {
        let port = free_port()?;
        let dir =
            std::env::temp_dir().join(format!("ratelimit-proof-{}-{}", std::process::id(), port));
        std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {dir:?}: {e}"))?;
        let mut command = Command::new("redis-server");
        command
            .args(["--port", &port.to_string()])
            .args(["--bind", "127.0.0.1"])
            .args(["--save", ""])
            .args(["--appendonly", "no"])
            .args(["--protected-mode", "yes"])
            .args(["--daemonize", "no"])
            .args(["--databases", "1"])
            .arg("--dir")
            .arg(&dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        kill_with_parent(&mut command);
        let child = command
            .spawn()
            .map_err(|e| format!("cannot start redis-server (is it installed?): {e}"))?;
        let mut server = RedisServer { child, port, dir };
        server.wait_ready()?;
        Ok(server)
    }

    /// The port it listens on, on 127.0.0.1.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The URL the `redis` crate connects to.
    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/", self.port)
    }

    /// Waits (bounded) until the server answers PING with PONG.
    fn wait_ready(&mut self) -> Result<(), String> {
        let start = Instant::now();
        while start.elapsed() < READY_WITHIN {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Err(format!("redis-server exited at start: {status}"));
            }
            if ping(self.port).is_ok() {
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        Err(format!(
            "redis-server did not answer PING on port {} within {READY_WITHIN:?}",
            self.port
        ))
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// One PING over a plain socket, bounded by short timeouts.
fn ping(port: u16) -> std::io::Result<()> {
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let mut stream = TcpStream::connect_timeout(&addr, Duration::from_millis(200))?;
    stream.set_read_timeout(Some(Duration::from_millis(500)))?;
    stream.set_write_timeout(Some(Duration::from_millis(500)))?;
    stream.write_all(b"PING\r\n")?;
    let mut line = String::new();
    BufReader::new(stream).read_line(&mut line)?;
    if line.starts_with("+PONG") {
        Ok(())
    } else {
        Err(std::io::Error::other(format!("unexpected reply {line:?}")))
    }
}

/// A loopback port that nothing listens on right now: the kernel picks a
/// free one for a listener that is then closed. Connecting to it is
/// refused, which is how the harness plays a Redis that is down.
pub fn free_port() -> Result<u16, String> {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .map_err(|e| format!("cannot bind a loopback port: {e}"))?;
    listener
        .local_addr()
        .map(|a| a.port())
        .map_err(|e| e.to_string())
}

/// Asks the kernel to kill the child when the thread that started it ends
/// (this process dying, above all), so an interrupted run leaves no
/// redis-server behind.
fn kill_with_parent(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    // SAFETY: between fork and exec the closure only calls prctl, which is
    // async-signal-safe, and allocates nothing.
    unsafe {
        command.pre_exec(|| {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}
