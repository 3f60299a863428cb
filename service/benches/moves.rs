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
//!
//! Where the time goes: beside each run it prints the CPU time per move of the playing
//! processes (every thread, from `go` to their last move) and of the database server (the
//! postmaster and all its children, over the same span: the backends, the WAL writer, the
//! checkpointer), and the same per TPC-B transaction for `pgbench` (its own CPU, and the
//! server's while it ran). The kernel's per-thread `schedstat` is read, so these need Linux
//! and a server on this machine whose `data_directory` the bench's role may read (a
//! superuser); otherwise they print `-`. CPU time, unlike the rates, barely moves with the
//! machine's load, so it compares runs minutes apart.
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
    /// The server's CPU time, when it runs on this machine (PostgreSQL).
    server: Option<ServerCpu>,
}

/// What one run measured.
struct Run {
    /// Every timed move's latency.
    latencies: Vec<Duration>,
    /// From the start signal to the last process's last move.
    wall: Duration,
    /// CPU time of the playing processes over the timed moves, all of them together.
    client_cpu: Option<Duration>,
    /// CPU time of the database server over the same span (PostgreSQL on this machine only).
    server_cpu: Option<Duration>,
}

impl Run {
    fn moves(&self) -> usize {
        self.latencies.len()
    }

    fn per_second(&self) -> f64 {
        self.moves() as f64 / self.wall.as_secs_f64()
    }

    /// `total` divided among the run's moves, in microseconds.
    fn per_move(&self, total: Option<Duration>) -> String {
        micros_each(total, self.moves())
    }

    fn percentile(&self, p: f64) -> Duration {
        let mut sorted = self.latencies.clone();
        sorted.sort();
        let at = ((sorted.len() as f64 * p) as usize).min(sorted.len() - 1);
        sorted[at]
    }
}

/// `total` divided by `count`, in microseconds, or `-` when it was not measured.
fn micros_each(total: Option<Duration>, count: usize) -> String {
    match total {
        Some(total) if count > 0 => format!("{:.0} µs", total.as_secs_f64() * 1e6 / count as f64),
        _ => "-".to_string(),
    }
}

/// CPU time the threads of process `pid` have run, from the kernel's `schedstat` (in
/// nanoseconds, unlike `stat`'s clock ticks); `None` when the process is gone or this is not
/// Linux. A thread that ends while it is read is left out.
fn cpu_of(pid: &str) -> Option<Duration> {
    let mut total = 0_u64;
    for task in std::fs::read_dir(format!("/proc/{pid}/task")).ok()? {
        let Ok(task) = task else { continue };
        if let Ok(text) = std::fs::read_to_string(task.path().join("schedstat")) {
            total += text
                .split_whitespace()
                .next()
                .and_then(|n| n.parse::<u64>().ok())
                .unwrap_or(0);
        }
    }
    Some(Duration::from_nanos(total))
}

/// The fields of `/proc/PID/stat` after the command's name (the state is the first).
fn stat_fields(pid: &str) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest = &text[text.rfind(')')? + 1..];
    Some(rest.split_whitespace().map(str::to_string).collect())
}

/// The CPU time of a PostgreSQL server on this machine: its postmaster and every process it
/// started (backends, WAL writer, checkpointer…).
struct ServerCpu {
    postmaster: String,
}

impl ServerCpu {
    /// The server `db` is on, when it runs here and its `data_directory` can be read.
    fn find(db: &Db) -> Option<ServerCpu> {
        let directory: String = db
            .read(|c| {
                c.query_one("SELECT current_setting('data_directory')", &[], |r| {
                    r.get(0)
                })
            })
            .ok()?;
        let pid = std::fs::read_to_string(format!("{directory}/postmaster.pid")).ok()?;
        let postmaster = pid.lines().next()?.trim().to_string();
        cpu_of(&postmaster)?;
        Some(ServerCpu { postmaster })
    }

    /// The CPU time the server's processes have run so far. A backend that exits between two
    /// readings takes its time with it: the bench reads before any of its clients leaves.
    fn now(&self) -> Option<Duration> {
        let mut total = cpu_of(&self.postmaster)?;
        for entry in std::fs::read_dir("/proc").ok()? {
            let Ok(entry) = entry else { continue };
            let name = entry.file_name();
            let Some(pid) = name
                .to_str()
                .filter(|n| n.bytes().all(|b| b.is_ascii_digit()))
            else {
                continue;
            };
            if stat_fields(pid).is_some_and(|f| f.get(1) == Some(&self.postmaster)) {
                total += cpu_of(pid).unwrap_or_default();
            }
        }
        Some(total)
    }
}

/// The CPU time of this process's children that have ended and been waited for (the
/// `cutime` and `cstime` of `/proc/self/stat`, in clock ticks of 10 ms: `USER_HZ` is 100 on
/// Linux).
fn children_cpu() -> Option<Duration> {
    let fields = stat_fields("self")?;
    let ticks: u64 = fields.get(13)?.parse::<u64>().ok()? + fields.get(14)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
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
        server: None,
    }];
    if let (Some(scratch), Some(db)) = (&scratch, postgres) {
        targets.push(Target {
            name: "PostgreSQL",
            setting: scratch_url(scratch),
            moves: count_moves(&db),
            server: ServerCpu::find(&db),
            db,
            cursor: Cursor::new(),
        });
    }
    println!();
    let pgbench = std::env::var("AKRON_BENCH_PGBENCH").ok();
    println!(
        "| database | processes | moves | p50 | p99 | max | moves/s | client CPU a move | server CPU a move | pgbench TPC-B tps, as many clients | pgbench CPU a transaction | server CPU a transaction | moves/s ÷ tps | load average |"
    );
    println!(
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
    );
    let counts: Vec<usize> = std::env::var("AKRON_BENCH_PROCESSES")
        .unwrap_or_else(|_| "1 2 4".to_string())
        .split_whitespace()
        .map(|n| n.parse().expect("a number of processes"))
        .collect();
    for processes in counts {
        // The databases take turns at each process count, so that both see the same load.
        for target in &mut targets {
            let run = run(target, processes, per_process);
            let tpc_b = match (&pgbench, target.name) {
                (Some(database), "PostgreSQL") => {
                    tpc_b(database, processes, target.server.as_ref())
                }
                _ => TpcB::default(),
            };
            let share = match tpc_b.tps.parse::<f64>() {
                Ok(tps) if tps > 0.0 => format!("{:.0} %", run.per_second() / tps * 100.0),
                _ => "-".to_string(),
            };
            println!(
                "| {} | {processes} | {} | {:.2} ms | {:.2} ms | {:.2} ms | {:.0} | {} | {} | {} | {} | {} | {share} | {} |",
                target.name,
                run.moves(),
                run.percentile(0.50).as_secs_f64() * 1e3,
                run.percentile(0.99).as_secs_f64() * 1e3,
                run.percentile(1.0).as_secs_f64() * 1e3,
                run.per_second(),
                run.per_move(run.client_cpu),
                run.per_move(run.server_cpu),
                tpc_b.tps,
                micros_each(tpc_b.client_cpu, tpc_b.transactions),
                micros_each(tpc_b.server_cpu, tpc_b.transactions),
                load()
            );
        }
    }
    drop(targets);
    // The scratch PostgreSQL database is dropped here.
    drop(scratch);
}

/// What one `pgbench` run measured.
struct TpcB {
    /// Transactions per second as `pgbench` printed it, or why there is none.
    tps: String,
    /// Transactions it completed.
    transactions: usize,
    /// `pgbench`'s own CPU time.
    client_cpu: Option<Duration>,
    /// The server's CPU time while it ran.
    server_cpu: Option<Duration>,
}

impl Default for TpcB {
    fn default() -> TpcB {
        TpcB {
            tps: "-".to_string(),
            transactions: 0,
            client_cpu: None,
            server_cpu: None,
        }
    }
}

/// `pgbench`'s TPC-B transactions per second with `clients` clients (and as many threads)
/// on `database`, right after the moves' run, on the same server, with its CPU time and the
/// server's (when `server` can be read).
fn tpc_b(database: &str, clients: usize, server: Option<&ServerCpu>) -> TpcB {
    let seconds = std::env::var("AKRON_BENCH_PGBENCH_SECONDS").unwrap_or_else(|_| "30".into());
    let clients = clients.to_string();
    let (client_before, server_before) = (children_cpu(), server.and_then(ServerCpu::now));
    let output = Process::new("pgbench")
        .args([
            "-n", "-c", &clients, "-j", &clients, "-T", &seconds, database,
        ])
        .output()
        .expect("pgbench runs (is it on the PATH?)");
    let (client_after, server_after) = (children_cpu(), server.and_then(ServerCpu::now));
    let text = String::from_utf8_lossy(&output.stdout);
    let after = |prefix: &str| {
        text.lines().find_map(|line| {
            let rest = line.strip_prefix(prefix)?;
            Some(rest.split_whitespace().next()?.to_string())
        })
    };
    let Some(tps) = after("tps = ") else {
        return TpcB {
            tps: format!(
                "pgbench failed: {}",
                String::from_utf8_lossy(&output.stderr)
            ),
            ..TpcB::default()
        };
    };
    TpcB {
        tps,
        transactions: after("number of transactions actually processed: ")
            .and_then(|n| n.parse().ok())
            .unwrap_or(0),
        client_cpu: client_after
            .zip(client_before)
            .map(|(a, b)| a.saturating_sub(b)),
        server_cpu: server_after
            .zip(server_before)
            .map(|(a, b)| a.saturating_sub(b)),
    }
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
    let server_before = target.server.as_ref().and_then(ServerCpu::now);
    let started = Instant::now();
    for running in &mut children {
        writeln!(running.stdin, "go").expect("starts");
    }
    let mut latencies = Vec::new();
    let mut wall = Duration::ZERO;
    let mut client_cpu = Some(Duration::ZERO);
    for running in &mut children {
        let mut line = String::new();
        running.stdout.read_line(&mut line).expect("reads");
        wall = wall.max(started.elapsed());
        latencies.extend(
            line.split_whitespace()
                .map(|n| Duration::from_nanos(n.parse().expect("a latency"))),
        );
        let mut cpu = String::new();
        running.stdout.read_line(&mut cpu).expect("reads");
        let cpu = cpu.trim().strip_prefix("cpu ").and_then(|n| n.parse().ok());
        client_cpu = client_cpu
            .zip(cpu)
            .map(|(sum, n)| sum + Duration::from_nanos(n));
    }
    // Read while every child still holds its connections: a backend that ends takes its
    // CPU time with it.
    let server_cpu = target
        .server
        .as_ref()
        .and_then(ServerCpu::now)
        .zip(server_before)
        .map(|(after, before)| after.saturating_sub(before));
    for running in children {
        // Closing its input lets the child end.
        drop(running.stdin);
        let mut child = running.child;
        assert!(child.wait().expect("ends").success());
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
    Run {
        latencies,
        wall,
        client_cpu,
        server_cpu,
    }
}

/// A child: opens its own service on `AKRON_BENCH_DB`, plays the untimed moves, says
/// `ready`, waits for `go`, plays the timed ones and prints their latencies in nanoseconds,
/// then on a line of its own `cpu` and the CPU time they took in nanoseconds (`-` where that
/// cannot be read), and waits for its input to close.
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
    let cpu_before = cpu_of("self");
    let latencies: Vec<String> = (first + warm_up..first + count)
        .map(|game| play(game).as_nanos().to_string())
        .collect();
    let cpu = cpu_of("self")
        .zip(cpu_before)
        .map_or_else(|| "-".to_string(), |(a, b)| (a - b).as_nanos().to_string());
    writeln!(stdout, "{}", latencies.join(" ")).expect("writes");
    writeln!(stdout, "cpu {cpu}").expect("writes");
    stdout.flush().expect("writes");
    // Waits until the parent has read the server's CPU time (it closes the input): this
    // process's connections, and their backends, stay until then.
    let mut bye = String::new();
    let _ = std::io::stdin().read_line(&mut bye);
}
