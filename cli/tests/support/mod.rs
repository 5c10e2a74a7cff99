//! The real `polodesk` binary for the command tests: a `serve --demo` on a loopback port with
//! an administrator's API token, commands against it (`--server`) or against a stopped store
//! (`--data`), and what they printed and exited with.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)] // Each test file uses its own part.

pub mod console;

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

pub const ADMIN: &str = "admin@polodesk.test";
pub const ADMIN_PASSWORD: &str = "polodesk-admin";

/// `polodesk ARGS`, blind to the environment's server, token and data folder.
pub fn polodesk(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_polodesk"));
    command
        .args(args)
        .env_remove("POLODESK_TOKEN")
        .env_remove("POLODESK_SERVER")
        .env_remove("POLODESK_DATA");
    command
}

/// A loopback port nothing listens on (once this returns).
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `serve --demo` on a data folder (the demo loads only into an empty store) until stopped or
/// dropped; its URL and an administrator's API token.
pub struct Server {
    child: Child,
    pub url: String,
    pub token: String,
}

impl Server {
    /// Started and answered once the administrator can sign in.
    pub fn start(data: &Path) -> Server {
        Server::start_at(data, &format!("127.0.0.1:{}", free_port()))
    }

    /// `start` on a given address, so a restarted server is where its clients left it.
    pub fn start_at(data: &Path, addr: &str) -> Server {
        Server::start_with(data, addr, &[])
    }

    /// `start_at` with more arguments to `serve`.
    pub fn start_with(data: &Path, addr: &str, more: &[&str]) -> Server {
        let mut server = Server::spawn(data, addr, more);
        let deadline = Instant::now() + Duration::from_secs(90);
        loop {
            let out = server.run(
                &["token", "--email", ADMIN, "--password", ADMIN_PASSWORD],
                None,
            );
            if out.status.success() {
                server.token = stdout(&out).trim().to_owned();
                return server;
            }
            assert!(Instant::now() < deadline, "the server did not come up");
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    /// `serve --demo` started, not waited for, without a token: held from here, so a failed
    /// start still stops the child (`Drop`).
    pub fn spawn(data: &Path, addr: &str, more: &[&str]) -> Server {
        let child = polodesk(&["serve", "--demo", "--addr", addr, "--data"])
            .arg(data)
            .args(more)
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        Server {
            child,
            url: format!("http://{addr}"),
            token: String::new(),
        }
    }

    /// `polodesk ARGS --server URL`, with `token` in POLODESK_TOKEN.
    pub fn run(&self, args: &[&str], token: Option<&str>) -> Output {
        let mut command = polodesk(args);
        command.args(["--server", &self.url]);
        if let Some(token) = token {
            command.env("POLODESK_TOKEN", token);
        }
        command.output().unwrap()
    }

    /// `polodesk ARGS --server URL` as the administrator.
    pub fn admin(&self, args: &[&str]) -> Output {
        self.run(args, Some(&self.token))
    }

    /// `kill -9`: what was answered is on disk already.
    pub fn stop(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `polodesk ARGS --data DIR`.
pub fn on_store(data: &Path, args: &[&str]) -> Output {
    polodesk(args).arg("--data").arg(data).output().unwrap()
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Asserts the exit code, showing what the command printed when it differs.
#[track_caller]
pub fn exit(out: &Output, code: i32) {
    assert_eq!(
        out.status.code(),
        Some(code),
        "stdout: {}\nstderr: {}",
        stdout(out),
        stderr(out)
    );
}
