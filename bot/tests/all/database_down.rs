//! Regression (issue 38, point 15): PostgreSQL out of reach in the middle of a console
//! session. Each line used to wait the busy timeout (10 s) five times over (the reader's
//! language twice, the AI, the deadlines, the delivery) and printed three internal errors in
//! English. Now one line waits the busy timeout once, gets one refusal in the reader's
//! language, and the background work only logs.
//!
//! The database is reached through a TCP proxy in the test, which then "goes down": it cuts
//! the open connections and accepts new ones without ever answering, as a server behind a
//! dead network does.

use akron_service::testing::{Backend, TestDatabase};
use std::io::{BufRead, BufReader, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

/// A proxy to `target` on a port of its own, which can be made to stop answering.
struct Proxy {
    port: u16,
    down: Arc<AtomicBool>,
    open: Arc<Mutex<Vec<TcpStream>>>,
}

impl Proxy {
    fn start(target: String) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap_or_else(|e| panic!("bind: {e}"));
        let port = listener.local_addr().map(|a| a.port()).unwrap_or(0);
        let down = Arc::new(AtomicBool::new(false));
        let open: Arc<Mutex<Vec<TcpStream>>> = Arc::default();
        let (down_in, open_in) = (Arc::clone(&down), Arc::clone(&open));
        std::thread::spawn(move || {
            // Connections accepted while down are kept, unanswered.
            let mut held = Vec::new();
            for client in listener.incoming().flatten() {
                if down_in.load(Ordering::SeqCst) {
                    held.push(client);
                    continue;
                }
                let Ok(server) = TcpStream::connect(&target) else {
                    continue;
                };
                if let (Ok(c), Ok(s)) = (client.try_clone(), server.try_clone()) {
                    if let Ok(mut open) = open_in.lock() {
                        open.push(c);
                        open.push(s);
                    }
                }
                pipe(&client, &server);
                pipe(&server, &client);
            }
        });
        Proxy { port, down, open }
    }

    /// Cuts every open connection and answers no new one.
    fn go_down(&self) {
        self.down.store(true, Ordering::SeqCst);
        if let Ok(mut open) = self.open.lock() {
            for stream in open.drain(..) {
                let _ = stream.shutdown(Shutdown::Both);
            }
        }
    }
}

/// Copies what `from` sends to `to`, on a thread of its own.
fn pipe(from: &TcpStream, to: &TcpStream) {
    let (Ok(mut from), Ok(mut to)) = (from.try_clone(), to.try_clone()) else {
        return;
    };
    std::thread::spawn(move || {
        let _ = std::io::copy(&mut from, &mut to);
        let _ = to.shutdown(Shutdown::Both);
    });
}

/// `url` with its host and port replaced by the proxy's.
fn through(url: &str, port: u16) -> String {
    let start = url
        .find('@')
        .map_or_else(|| url.find("://").map_or(0, |i| i + 3), |i| i + 1);
    let end = url[start..].find('/').map_or(url.len(), |i| start + i);
    format!("{}127.0.0.1:{port}{}", &url[..start], &url[end..])
}

/// The server's host and port in `url`.
fn target(url: &str) -> String {
    let start = url
        .find('@')
        .map_or_else(|| url.find("://").map_or(0, |i| i + 3), |i| i + 1);
    let end = url[start..].find('/').map_or(url.len(), |i| start + i);
    url[start..end].to_string()
}

#[test]
fn a_console_line_with_the_database_out_of_reach_waits_once_and_is_refused_once_in_its_language() {
    let Some(database) = TestDatabase::new(Backend::Postgres) else {
        return;
    };
    let url = database
        .config()
        .postgres
        .map(|u| u.to_string())
        .unwrap_or_else(|| panic!("a PostgreSQL database"));
    let proxy = Proxy::start(target(&url));
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("temp dir: {e}"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_akron"))
        .args(["play", "--db", &through(&url, proxy.port), "--out"])
        .arg(dir.path().join("boards"))
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("spawns: {e}"));
    let mut stdin = child.stdin.take().unwrap_or_else(|| panic!("stdin"));
    let stdout = child.stdout.take().unwrap_or_else(|| panic!("stdout"));
    let (lines, printed) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    let wait_for = |what: &str| -> Vec<String> {
        let mut seen = Vec::new();
        let until = Instant::now() + Duration::from_secs(60);
        while Instant::now() < until {
            if let Ok(line) = printed.recv_timeout(Duration::from_millis(200)) {
                let done = line.contains(what);
                seen.push(line);
                if done {
                    return seen;
                }
            }
        }
        panic!("no line with {what:?} in {seen:#?}");
    };
    // alice reads Spanish (the channel English); a challenge stands.
    writeln!(stdin, "settings language:es\nchallenge bob size:3").unwrap_or_else(|e| panic!("{e}"));
    wait_for("challenges @bob");
    proxy.go_down();
    let asked = Instant::now();
    writeln!(stdin, "games").unwrap_or_else(|e| panic!("{e}"));
    let said = wait_for("! ");
    let waited = asked.elapsed();
    // Once the busy timeout (10 s), not five times; a loaded CI machine gets some margin.
    assert!(
        waited < Duration::from_secs(16),
        "the line waited {waited:?}"
    );
    let refusal = said.last().cloned().unwrap_or_default();
    assert!(
        refusal.contains("no se cambió nada"),
        "one refusal, in Spanish: {said:#?}"
    );
    // The session ends: nothing more is said about the background work.
    drop(stdin);
    let rest: Vec<String> = printed.iter().collect();
    assert!(
        rest.iter().all(|line| !line.starts_with("! ")),
        "no second refusal and no internal error: {rest:#?}"
    );
    let status = child.wait().unwrap_or_else(|e| panic!("{e}"));
    assert!(status.success(), "{status}");
}
