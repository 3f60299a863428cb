//! The web companion against one hostile client, over real sockets on loopback: a thousand
//! slow-header connections from one address leave every page to another address; live
//! streams are shared out per address; a request's headers and a silent connection have a
//! time limit; a trusted proxy's forwarding header names the visitor; `akron web` with few
//! file descriptors runs out of them and carries on.
//!
//! 127.0.0.1 is the hostile client; the others (127.0.0.2, 127.0.0.3) are on the same
//! loopback interface on Linux. Every loop is bounded in count and time.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::web::{server, user, World};
use akron_bot::service::Command;
use akron_bot::web::Limits;
use akron_service::model::WebAccess;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// The hostile address and two well-behaved ones.
const HOSTILE: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 1);
const VISITOR: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 2);
const OTHER: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 3);

/// The server's socket address.
fn address(w: &World) -> SocketAddr {
    w.base.trim_start_matches("http://").parse().unwrap()
}

/// A connection to the server from `from`.
async fn connect_from(from: Ipv4Addr, to: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(IpAddr::V4(from), 0))?;
    socket.connect(to).await
}

/// An HTTP client whose connections come from `from`.
fn client_from(from: Ipv4Addr) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(IpAddr::V4(from))
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap()
}

/// Reads until the server closes `stream` (or `limit` passes); whether it closed.
async fn closed_within(stream: &mut TcpStream, limit: Duration) -> bool {
    let deadline = tokio::time::Instant::now() + limit;
    let mut buffer = [0_u8; 1024];
    loop {
        match tokio::time::timeout_at(deadline, stream.read(&mut buffer)).await {
            Err(_) => return false,
            Ok(Ok(0) | Err(_)) => return true,
            Ok(Ok(_)) => {}
        }
    }
}

/// Every kind of page of a public server with a running game and a tournament.
async fn pages(w: &World) -> Vec<String> {
    w.set_web(WebAccess::Public);
    let id = w.start("g1", &user("alice"), &user("bobby"), None);
    w.play("g1", "C3");
    w.play("g1", "B2");
    w.send(&user("bobby"), "g1", false, Command::Resign);
    let game = w.game_path(id);
    let players: Vec<_> = ["carol", "dave", "erin", "frank"]
        .iter()
        .map(|n| user(n))
        .collect();
    let tournament = w.tournament_path(w.swiss(&players, 2));
    let site = w.service.web_site(&server()).unwrap().expect("a site");
    vec![
        "/".to_string(),
        "/static/style.css".to_string(),
        "/static/app.js".to_string(),
        game.clone(),
        format!("{game}/board/1"),
        tournament,
        site.path(akron_service::service::WebPage::Server),
        site.path(akron_service::service::WebPage::Player(&user("alice").id)),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_slow_header_connections_from_one_address_starve_no_other() {
    let w = World::with_limits(Limits {
        burst: 0,
        poll_interval: Duration::from_millis(50),
        ..Limits::default()
    })
    .await;
    let paths = pages(&w).await;
    let to = address(&w);
    // A thousand connections, each with a request's first line and half a header: a client
    // that would send the rest a byte every few seconds.
    let mut slow = Vec::new();
    for _ in 0..1000 {
        if let Ok(mut stream) = connect_from(HOSTILE, to).await {
            let _ = stream
                .write_all(b"GET / HTTP/1.1\r\nHost: a\r\nX-Slow: ")
                .await;
            slow.push(stream);
        }
    }
    assert!(
        slow.len() >= 900,
        "the kernel took {} connections",
        slow.len()
    );
    let visitor = client_from(VISITOR);
    for path in &paths {
        let started = Instant::now();
        let response = visitor
            .get(format!("{}{path}", w.base))
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        let _ = response.bytes().await.unwrap();
        let took = started.elapsed();
        assert_eq!(status, 200, "{path}");
        assert!(took < Duration::from_secs(1), "{path} took {took:?}");
    }
    let open = w.web.open_connections();
    assert!(
        open <= Limits::default().connections_per_address + 2,
        "the hostile address holds its share, not more: {open} open"
    );
    // The refused ones were told and closed, not left hanging.
    let mut closed = 0;
    for stream in slow.iter_mut().rev().take(50) {
        if closed_within(stream, Duration::from_secs(2)).await {
            closed += 1;
        }
    }
    assert_eq!(closed, 50, "the last fifty (past the share) were closed");
}

#[tokio::test]
async fn slow_headers_and_silent_connections_are_closed() {
    let w = World::with_limits(Limits {
        burst: 0,
        header_timeout: Duration::from_millis(300),
        idle_timeout: Duration::from_millis(600),
        ..Limits::default()
    })
    .await;
    let to = address(&w);
    let mut slow = connect_from(VISITOR, to).await.unwrap();
    slow.write_all(b"GET / HTTP/1.1\r\nHo").await.unwrap();
    assert!(
        closed_within(&mut slow, Duration::from_secs(5)).await,
        "headers not finished in time close the connection"
    );
    let mut silent = connect_from(VISITOR, to).await.unwrap();
    assert!(
        closed_within(&mut silent, Duration::from_secs(5)).await,
        "a connection that says nothing is closed"
    );
    let mut kept = connect_from(VISITOR, to).await.unwrap();
    kept.write_all(b"GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        .await
        .unwrap();
    let mut answer = vec![0_u8; 64];
    let read = kept.read(&mut answer).await.unwrap();
    assert!(answer[..read].starts_with(b"HTTP/1.1 200"));
    assert!(
        closed_within(&mut kept, Duration::from_secs(5)).await,
        "a kept-alive connection waiting for its next request is closed too"
    );
    for _ in 0..50 {
        if w.web.open_connections() == 0 {
            break;
        }
        tokio::task::yield_now().await;
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(w.web.open_connections(), 0, "every slot was given back");
}

#[tokio::test]
async fn one_address_cannot_take_every_live_stream() {
    let w = World::with_limits(Limits {
        burst: 0,
        max_streams: 10,
        streams_per_address: 3,
        poll_interval: Duration::from_millis(50),
        ..Limits::default()
    })
    .await;
    w.set_web(WebAccess::Link);
    let id = w.start("g1", &user("alice"), &user("bobby"), None);
    let live = format!("{}{}/live", w.base, w.game_path(id));
    let hostile = client_from(HOSTILE);
    let mut held = Vec::new();
    let mut refused = None;
    for attempt in 0..20 {
        let response = hostile.get(&live).send().await.unwrap();
        if response.status().as_u16() == 200 {
            held.push(response);
        } else {
            refused = Some((attempt, response.status().as_u16()));
            break;
        }
    }
    assert_eq!(refused, Some((3, 503)), "refused past its share");
    let response = client_from(VISITOR).get(&live).send().await.unwrap();
    assert_eq!(
        response.status().as_u16(),
        200,
        "another address still gets one"
    );
    assert_eq!(w.web.open_streams(), 4);
    drop(held);
}

#[tokio::test]
async fn a_trusted_proxys_forwarded_address_gets_its_own_share() {
    let w = World::with_limits(Limits {
        burst: 0,
        max_streams: 10,
        streams_per_address: 1,
        trusted_proxies: vec![IpAddr::V4(HOSTILE)],
        poll_interval: Duration::from_millis(50),
        ..Limits::default()
    })
    .await;
    w.set_web(WebAccess::Link);
    let id = w.start("g1", &user("alice"), &user("bobby"), None);
    let live = format!("{}{}/live", w.base, w.game_path(id));
    let proxy = client_from(HOSTILE);
    let through = |visitor: &str| proxy.get(&live).header("x-forwarded-for", visitor).send();
    let first = through("203.0.113.1").await.unwrap();
    assert_eq!(first.status().as_u16(), 200);
    let again = through("203.0.113.1").await.unwrap();
    assert_eq!(
        again.status().as_u16(),
        503,
        "the same visitor past its share"
    );
    let second = through("203.0.113.2").await.unwrap();
    assert_eq!(
        second.status().as_u16(),
        200,
        "another visitor behind the proxy"
    );
    // An untrusted address's header is not believed: it is one visitor whatever it says.
    let other = client_from(OTHER);
    let forged = |visitor: &str| other.get(&live).header("x-forwarded-for", visitor).send();
    let held = forged("198.51.100.1").await.unwrap();
    assert_eq!(held.status().as_u16(), 200);
    assert_eq!(forged("198.51.100.2").await.unwrap().status().as_u16(), 503);
    drop((first, second, held));
}

/// `GET /` over a plain socket: the response's status line, or the error.
fn status_line(to: SocketAddr) -> std::io::Result<String> {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect_timeout(&to, Duration::from_secs(2))?;
    stream.set_read_timeout(Some(Duration::from_secs(2)))?;
    stream.write_all(b"GET / HTTP/1.1\r\nHost: akron.test\r\nConnection: close\r\n\r\n")?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response)?;
    let text = String::from_utf8_lossy(&response);
    Ok(text.lines().next().unwrap_or_default().to_string())
}

/// Polls `GET /` until it answers 200, for at most `limit`.
fn answers_within(to: SocketAddr, limit: Duration) -> bool {
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        if status_line(to).is_ok_and(|line| line.contains(" 200 ")) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

/// The accept loop runs out of file descriptors (EMFILE) and carries on: `akron web` in a
/// child process limited to 64 of them (`ulimit -n`, never the test process's own limit)
/// is held by more connections than it may open; once they close, it answers again.
#[test]
fn the_accept_loop_survives_running_out_of_file_descriptors() {
    use std::process::{Command as Process, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("akron.db");
    drop(akron_bot::service::Service::open(akron_bot::service::Config::with_db(&db)).unwrap());
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let to = SocketAddr::new(IpAddr::V4(HOSTILE), port);
    let log = dir.path().join("web.log");
    let mut child = Process::new("sh")
        .arg("-c")
        .arg("ulimit -n 64 && exec \"$0\" web --db \"$1\" --listen \"$2\" --requests-per-second 0")
        .arg(env!("CARGO_BIN_EXE_akron"))
        .arg(&db)
        .arg(to.to_string())
        .env("RUST_LOG", "info")
        .env_remove("AKRON_LOG_FORMAT")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    let kill = |child: &mut std::process::Child| {
        let _ = child.kill();
        let _ = child.wait();
    };
    if !answers_within(to, Duration::from_secs(20)) {
        kill(&mut child);
        panic!(
            "akron web did not answer: {}",
            std::fs::read_to_string(&log).unwrap_or_default()
        );
    }
    // More connections than the server has descriptors for, held open without a request.
    let held: Vec<std::net::TcpStream> = (0..100)
        .filter_map(|_| std::net::TcpStream::connect_timeout(&to, Duration::from_secs(1)).ok())
        .collect();
    let deadline = Instant::now() + Duration::from_secs(10);
    let out_of_files = loop {
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        if text.contains("accepting a web connection failed") {
            break true;
        }
        if Instant::now() > deadline {
            break false;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    if !out_of_files {
        kill(&mut child);
        panic!(
            "the server never ran out of descriptors ({} connections held): {text}",
            held.len()
        );
    }
    assert!(text.contains("Too many open files"), "{text}");
    drop(held);
    let answered = answers_within(to, Duration::from_secs(10));
    let running = child.try_wait().unwrap().is_none();
    kill(&mut child);
    assert!(running, "the server stopped: {text}");
    assert!(
        answered,
        "no answer once the connections closed: {}",
        std::fs::read_to_string(&log).unwrap_or_default()
    );
}
