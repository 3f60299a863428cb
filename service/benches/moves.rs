//! One move end to end with 100,000 running games (issue 29), on SQLite and on PostgreSQL in
//! the same run: the latency of a move (p50, p99) and moves per second with 1, 2 and 4 OS
//! processes playing at once.
//!
//! A move is [`Service::handle`] with `Command::Move`, the entry the chat front ends call,
//! timed from the call to the reply: the settings reads (server and user language, board
//! view), loading the game (its row, and its moves replayed and checked when it is not in the
//! process's cache, which it never is here: every move is in another game), the rules, the
//! write transaction (the game row at its version, the move, the premove and AI checks; on
//! PostgreSQL `SERIALIZABLE`, retried on a conflict) and the reply's text. Pictures are off
//! (`Config::images = false`): no board is drawn or encoded. Nothing is sent anywhere.
//!
//! The games are the shared 100,000 running 1-day correspondence games of `shared/`, with
//! 100,000 delivered notices and 1,000 due ones; the PostgreSQL database is a scratch copy
//! of the SQLite one on the server `AKRON_TEST_POSTGRES` names, dropped at the end (without
//! it only SQLite is measured, with a note).
//!
//! Why not divan: throughput across processes needs several processes started together, and
//! divan times closures in one process. This is a `harness = false` bench that prints a
//! table. Each process is this binary run again (`AKRON_BENCH_CHILD` set) with its own
//! service and connection pool, playing one move at a time, each in another game of its own
//! slice; the parent starts them all at once when every one has opened its service and
//! played a few untimed moves (so that connections and prepared statements exist), and
//! counts the moves in the database afterwards.
//!
//! `AKRON_TEST_POSTGRES=postgres://akron@127.0.0.1:55433/postgres cargo bench -p akron-service --bench moves`
//! `AKRON_BENCH_MOVES=N` changes the moves per process (1,000 by default),
//! `AKRON_BENCH_PROCESSES="1 2"` the runs, and `AKRON_BENCH_WRAP="strace -c -f"` runs each
//! process under a tool.
//!
//! `AKRON_BENCH_PGBENCH=postgres://akron@127.0.0.1:55433/pgbench` (a database that
//! `pgbench -i -s 10` filled on the same server) runs, after each PostgreSQL run with N
//! processes, PostgreSQL's own TPC-B benchmark with as many clients,
//! `pgbench -n -c N -j N -T 30` (`AKRON_BENCH_PGBENCH_SECONDS` changes the 30), and prints
//! its transactions per second beside the moves per second (issue 45: a move should cost no
//! more than a TPC-B transaction).
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

mod shared;

use akron_service::db::{self, Db};
use akron_service::service::{Command, Config, ManualClock, Request, Service};
use shared::{Fill, ACTIVE, LINE, NOW, OVERDUE, PLAYED};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command as Process, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Untimed moves each process plays first.
const WARM_UP: usize = 20;

fn main() {
    if std::env::var_os("AKRON_BENCH_CHILD").is_some() {
        child();
    } else {
        parent();
    }
}

/// Which games a process plays in: `count` games from `first`, each at ply `ply`.
#[derive(Clone, Copy, Debug)]
struct Slice {
    first: usize,
    count: usize,
    ply: usize,
}

/// Hands out games not yet played at the current ply (the overdue ones are left alone).
struct Cursor {
    next: usize,
    ply: usize,
}

impl Cursor {
    fn new() -> Cursor {
        Cursor {
            next: OVERDUE,
            ply: PLAYED,
        }
    }

    fn take(&mut self, count: usize) -> Slice {
        assert!(count <= ACTIVE - OVERDUE, "more moves than games");
        if self.next + count > ACTIVE {
            self.next = OVERDUE;
            self.ply += 1;
            assert!(self.ply < LINE, "the benchmark ran out of prepared moves");
        }
        let slice = Slice {
            first: self.next,
            count,
            ply: self.ply,
        };
        self.next += count;
        slice
    }
}

/// One database under test: how a child opens it, and the parent's own handle on it.
struct Target {
    name: &'static str,
    setting: String,
    db: Db,
    cursor: Cursor,
    /// Moves stored so far.
    moves: usize,
}

/// What one run measured.
struct Run {
    /// Every timed move's latency.
    latencies: Vec<Duration>,
    /// From the start signal to the last process's last move.
    wall: Duration,
}

impl Run {
    fn moves(&self) -> usize {
        self.latencies.len()
    }

    fn per_second(&self) -> f64 {
        self.moves() as f64 / self.wall.as_secs_f64()
    }

    fn percentile(&self, p: f64) -> Duration {
        let mut sorted = self.latencies.clone();
        sorted.sort();
        let at = ((sorted.len() as f64 * p) as usize).min(sorted.len() - 1);
        sorted[at]
    }
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".to_string())
}

fn parent() {
    let per_process: usize = std::env::var("AKRON_BENCH_MOVES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let dir = tempfile::tempdir().expect("temp dir");
    let started = Instant::now();
    let path = shared::sqlite_file(dir.path(), "moves.db", Fill { notices: true });
    let sqlite = Db::open(&path).expect("db");
    let (scratch, postgres) = match shared::postgres_server() {
        Some(server) => {
            let (scratch, db) = shared::postgres_copy(&server, &sqlite);
            (Some(scratch), Some(db))
        }
        None => (None, None),
    };
    println!(
        "{ACTIVE} running games stored in {:.0} s; load average {}",
        started.elapsed().as_secs_f64(),
        load()
    );
    let mut targets = vec![Target {
        name: "SQLite",
        setting: path.display().to_string(),
        moves: count_moves(&sqlite),
        db: sqlite,
        cursor: Cursor::new(),
    }];
    if let (Some(scratch), Some(db)) = (&scratch, postgres) {
        targets.push(Target {
            name: "PostgreSQL",
            setting: scratch_url(scratch),
            moves: count_moves(&db),
            db,
            cursor: Cursor::new(),
        });
    }
    println!();
    let pgbench = std::env::var("AKRON_BENCH_PGBENCH").ok();
    println!(
        "| database | processes | moves | p50 | p99 | max | moves/s | pgbench TPC-B tps, as many clients | load average |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    let counts: Vec<usize> = std::env::var("AKRON_BENCH_PROCESSES")
        .unwrap_or_else(|_| "1 2 4".to_string())
        .split_whitespace()
        .map(|n| n.parse().expect("a number of processes"))
        .collect();
    for processes in counts {
        // The databases take turns at each process count, so that both see the same load.
        for target in &mut targets {
            let run = run(target, processes, per_process);
            let tps = match (&pgbench, target.name) {
                (Some(database), "PostgreSQL") => tpc_b(database, processes),
                _ => "-".to_string(),
            };
            println!(
                "| {} | {processes} | {} | {:.2} ms | {:.2} ms | {:.2} ms | {:.0} | {tps} | {} |",
                target.name,
                run.moves(),
                run.percentile(0.50).as_secs_f64() * 1e3,
                run.percentile(0.99).as_secs_f64() * 1e3,
                run.percentile(1.0).as_secs_f64() * 1e3,
                run.per_second(),
                load()
            );
        }
    }
    drop(targets);
    // The scratch PostgreSQL database is dropped here.
    drop(scratch);
}

/// `pgbench`'s TPC-B transactions per second with `clients` clients (and as many threads)
/// on `database`, right after the moves' run, on the same server.
fn tpc_b(database: &str, clients: usize) -> String {
    let seconds = std::env::var("AKRON_BENCH_PGBENCH_SECONDS").unwrap_or_else(|_| "30".into());
    let clients = clients.to_string();
    let output = Process::new("pgbench")
        .args([
            "-n", "-c", &clients, "-j", &clients, "-T", &seconds, database,
        ])
        .output()
        .expect("pgbench runs (is it on the PATH?)");
    let text = String::from_utf8_lossy(&output.stdout);
    text.lines()
        .find_map(|line| {
            let rest = line.strip_prefix("tps = ")?;
            Some(rest.split_whitespace().next()?.to_string())
        })
        .unwrap_or_else(|| {
            format!(
                "pgbench failed: {}",
                String::from_utf8_lossy(&output.stderr)
            )
        })
}

/// The scratch database's address for a child (with its password, if the server's has one).
fn scratch_url(scratch: &db::ScratchDatabase) -> String {
    let server = std::env::var("AKRON_TEST_POSTGRES").expect("set");
    let (base, query) = match server.find('?') {
        Some(q) => server.split_at(q),
        None => (server.as_str(), ""),
    };
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let authority_end = base[scheme_end..]
        .find('/')
        .map_or(base.len(), |i| scheme_end + i);
    format!("{}/{}{query}", &base[..authority_end], scratch.name())
}

fn count_moves(db: &Db) -> usize {
    db.read(|c| db::count_rows(c, "moves")).expect("counts")
}

/// Runs `processes` children at once, each playing `per_process` timed moves in its own
/// games, and checks that every move was stored.
fn run(target: &mut Target, processes: usize, per_process: usize) -> Run {
    struct Running {
        child: Child,
        stdin: ChildStdin,
        stdout: BufReader<ChildStdout>,
    }
    let exe = std::env::current_exe().expect("this bench");
    let mut children: Vec<Running> = (0..processes)
        .map(|_| {
            let slice = target.cursor.take(WARM_UP + per_process);
            // `AKRON_BENCH_WRAP="strace -c -f"` runs each process under a tool.
            let wrap = std::env::var("AKRON_BENCH_WRAP").unwrap_or_default();
            let mut words = wrap.split_whitespace();
            let mut child = match words.next() {
                Some(tool) => {
                    let mut process = Process::new(tool);
                    process.args(words).arg(&exe);
                    process
                }
                None => Process::new(&exe),
            };
            let mut child = child
                .env("AKRON_BENCH_CHILD", "1")
                .env("AKRON_BENCH_DB", &target.setting)
                .env(
                    "AKRON_BENCH_SLICE",
                    format!("{} {} {} {WARM_UP}", slice.first, slice.count, slice.ply),
                )
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .expect("starts a child");
            let stdin = child.stdin.take().expect("stdin");
            let stdout = BufReader::new(child.stdout.take().expect("stdout"));
            Running {
                child,
                stdin,
                stdout,
            }
        })
        .collect();
    for running in &mut children {
        let mut line = String::new();
        running.stdout.read_line(&mut line).expect("reads");
        assert_eq!(line.trim(), "ready", "a child failed to start");
    }
    let started = Instant::now();
    for running in &mut children {
        writeln!(running.stdin, "go").expect("starts");
    }
    let mut latencies = Vec::new();
    let mut wall = Duration::ZERO;
    for mut running in children {
        let mut line = String::new();
        running.stdout.read_line(&mut line).expect("reads");
        wall = wall.max(started.elapsed());
        latencies.extend(
            line.split_whitespace()
                .map(|n| Duration::from_nanos(n.parse().expect("a latency"))),
        );
        assert!(running.child.wait().expect("ends").success());
    }
    assert_eq!(
        latencies.len(),
        processes * per_process,
        "a child stopped early"
    );
    target.moves += processes * (WARM_UP + per_process);
    assert_eq!(
        count_moves(&target.db),
        target.moves,
        "every move is stored once"
    );
    Run { latencies, wall }
}

/// A child: opens its own service on `AKRON_BENCH_DB`, plays the untimed moves, says
/// `ready`, waits for `go`, plays the timed ones and prints their latencies in nanoseconds.
fn child() {
    let setting = std::env::var("AKRON_BENCH_DB").expect("AKRON_BENCH_DB");
    let slice: Vec<usize> = std::env::var("AKRON_BENCH_SLICE")
        .expect("AKRON_BENCH_SLICE")
        .split_whitespace()
        .map(|n| n.parse().expect("a number"))
        .collect();
    let [first, count, ply, warm_up] = slice[..] else {
        panic!("AKRON_BENCH_SLICE is 'first count ply warm_up'")
    };
    let mut config = Config::default();
    config.set_database(setting.as_ref());
    config.images = false;
    let service = Service::with_clock(config, Arc::new(ManualClock::new(NOW))).expect("opens");
    let play = |game: usize| -> Duration {
        let mut request = Request::new(
            shared::mover(ply),
            shared::channel(game),
            Command::Move(shared::line()[ply].to_string()),
        );
        request.server = Some(shared::server());
        let started = Instant::now();
        let reply = service.handle(&request);
        let took = started.elapsed();
        assert!(
            !reply.ephemeral,
            "game {game} ply {ply}: refused: {}",
            reply.text
        );
        took
    };
    for game in first..first + warm_up {
        play(game);
    }
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "ready").expect("writes");
    stdout.flush().expect("writes");
    let mut go = String::new();
    std::io::stdin().read_line(&mut go).expect("reads");
    let latencies: Vec<String> = (first + warm_up..first + count)
        .map(|game| play(game).as_nanos().to_string())
        .collect();
    writeln!(stdout, "{}", latencies.join(" ")).expect("writes");
}
