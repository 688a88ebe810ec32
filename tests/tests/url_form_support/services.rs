//! Services a test starts itself (a `redis-server`, a `chromedriver`) and files it reads (the
//! accessibility checker): found on `PATH` or where their script installs them, or the test is
//! skipped, saying why, unless `ELICIT_REQUIRE_SERVICES=1` (which `.ci/run` sets, so
//! that CI cannot pass by skipping them) makes a missing one a failure.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The program `name` on `PATH`; `None` (the test is then skipped, and says so) when it is
/// missing and services are not required. `test` names the test for the message.
pub fn require(name: &str, package: &str, test: &str) -> Option<PathBuf> {
    let found = std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|candidate| candidate.is_file())
    });
    if found.is_none() {
        skip(&format!(
            "{test}: `{name}` is not on PATH (Debian package `{package}`; scripts/services.sh installs it)"
        ));
    }
    found
}

/// The file at `path` of the repository, which `script` installs; `None` (the test is then
/// skipped, and says so) when it is missing and services are not required.
pub fn require_file(path: &str, script: &str, test: &str) -> Option<PathBuf> {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path);
    if file.is_file() {
        return Some(file);
    }
    skip(&format!(
        "{test}: {path} is missing (`bash {script}` installs it)"
    ));
    None
}

/// Says why a test is skipped, or fails it if services are required.
fn skip(why: &str) {
    assert!(
        std::env::var("ELICIT_REQUIRE_SERVICES").as_deref() != Ok("1"),
        "{why}, and ELICIT_REQUIRE_SERVICES=1 requires it"
    );
    // Written to the process's stderr directly: the test harness captures `eprintln!`
    // of a passing test, and a skip must be seen.
    let _ = std::io::Write::write_all(
        &mut std::io::stderr(),
        format!("skipped: {why}\n").as_bytes(),
    );
}

/// A free TCP port on 127.0.0.1 (free when asked: the service binds it right after).
pub fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind a free port");
    listener.local_addr().expect("local address").port()
}

/// Waits until something listens on `port`, or fails after `limit`.
pub fn wait_for_port(port: u16, limit: Duration, what: &str) {
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < limit,
            "{what} did not listen on port {port} within {limit:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A fresh directory under the system's temporary one, removed with its `TempDir`.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(what: &str) -> Self {
        static COUNTER: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("elicit-{what}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create a temporary directory");
        Self(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A child process killed (and reaped) when dropped.
pub struct Service {
    child: Child,
    pub port: u16,
    pub dir: TempDir,
}

impl Drop for Service {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A `redis-server` of its own on a free port, persisting nothing, in a temporary directory;
/// `None` when skipped (see [`require`]).
pub fn redis_server(test: &str) -> Option<Service> {
    redis_server_with(test, &[])
}

/// As [`redis_server`], with more of `redis-server`'s arguments (`--maxmemory-policy …`).
pub fn redis_server_with(test: &str, extra: &[&str]) -> Option<Service> {
    let program = require("redis-server", "redis-server", test)?;
    let dir = TempDir::new("redis");
    let port = free_port();
    let child = Command::new(program)
        .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
        .args(["--save", "", "--appendonly", "no"])
        .args(extra)
        .arg("--dir")
        .arg(&dir.0)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start redis-server");
    let service = Service { child, port, dir };
    wait_for_port(port, Duration::from_secs(10), "redis-server");
    Some(service)
}

/// A `chromedriver` on a free port (the browser it starts gets its own profile, see
/// `browser`); `None` when skipped.
pub fn chromedriver(test: &str) -> Option<Service> {
    let program = require("chromedriver", "chromium-driver", test)?;
    require("chromium", "chromium", test)?;
    let dir = TempDir::new("chromedriver");
    let port = free_port();
    let child = Command::new(program)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromedriver");
    let service = Service { child, port, dir };
    wait_for_port(port, Duration::from_secs(20), "chromedriver");
    Some(service)
}
