//! The game service end to end: one move (parse, validate, commit, render, reply) with
//! 1,000 active games in the database.
//!
//! `cargo bench -p akron-bot --bench service` runs the divan benchmark, then prints the
//! latency percentiles of single moves and the throughput of two threads.
//! `AKRON_BENCH_IMAGES=0` leaves out the board pictures.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use akron_rules::{Game, GameOptions, Move, Position};
use akron_service::db::{self, Db, MoveRow};
use akron_service::model::{GameRecord, Phase, Play, Players};
use akron_service::service::{ChannelId, Command, Config, Request, Service, User, UserId};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::thread;
use std::time::{Duration, Instant};

const GAMES: usize = 1000;
/// Moves already played in each game before measuring.
const PLAYED: usize = 10;
/// Moves available to the benchmark in each game.
const LINE: usize = 50;

struct Setup {
    _dir: tempfile::TempDir,
    service: Service,
    lines: Vec<Vec<Move>>,
    next: Vec<AtomicUsize>,
    counter: AtomicUsize,
}

fn player(i: usize) -> User {
    let name = if i % 2 == 0 { "alice" } else { "bob" };
    User::new(UserId::new("bench", name), name)
}

/// A legal line on 8 × 8 that does not end the game (restarting when play gets stuck in a
/// position where every move ends it).
fn line(seed: u64) -> Vec<Move> {
    let mut rng = SmallRng::seed_from_u64(seed);
    'again: loop {
        let mut game = Game::new(GameOptions::default()).expect("options");
        while game.moves().len() < PLAYED + LINE {
            let moves: Vec<Move> = game
                .legal_moves()
                .into_iter()
                .filter(|m| *m != Move::Swap)
                .collect();
            let mut tries = 0;
            loop {
                let m = moves[rng.random_range(0..moves.len())];
                let mut probe = game.clone();
                if probe.play(m).is_ok_and(|r| r.outcome.is_none()) {
                    game = probe;
                    break;
                }
                tries += 1;
                if tries > 100 {
                    continue 'again;
                }
            }
        }
        return game.moves().to_vec();
    }
}

fn setup() -> &'static Setup {
    static SETUP: OnceLock<Setup> = OnceLock::new();
    SETUP.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("bench.db");
        let lines: Vec<Vec<Move>> = (0..GAMES as u64).map(line).collect();
        // Store 1,000 active games with their first moves in one transaction.
        let db = Db::open(&path).expect("db");
        let start = Position::start(8, 32).expect("start");
        db.write(|c| {
            for (i, line) in lines.iter().enumerate() {
                let mut row = GameRecord::challenge(
                    ChannelId::new("bench", &i.to_string()),
                    player(0).id,
                    Players {
                        black: player(0),
                        white: player(1),
                    },
                    &start,
                    akron_rules::WinRule::Delayed,
                    0,
                );
                row.phase = Phase::Playing(Play {
                    last_move_at: Some(0),
                    ..Play::new(0)
                });
                let id = db::insert_game(c, &row)?;
                let mut game = Game::new(GameOptions::default()).expect("options");
                for (ply, &m) in line[..PLAYED].iter().enumerate() {
                    game.play(m).expect("legal");
                    db::insert_move(
                        c,
                        id,
                        &MoveRow {
                            ply,
                            notation: m.to_string(),
                            code: game.position().code(),
                            played_at: 0,
                        },
                    )?;
                }
            }
            Ok::<_, db::DbError>(())
        })
        .expect("setup");
        drop(db);
        // AKRON_BENCH_IMAGES=0 leaves out the board pictures, to see the service's own cost.
        let mut config = Config::with_db(&path);
        config.images = std::env::var("AKRON_BENCH_IMAGES").map_or(true, |v| v != "0");
        let service = Service::open(config).expect("service");
        Setup {
            _dir: dir,
            service,
            lines,
            next: (0..GAMES).map(|_| AtomicUsize::new(PLAYED)).collect(),
            counter: AtomicUsize::new(0),
        }
    })
}

/// Plays the next move of the next game in turn; returns how long `handle` took.
fn one_move(setup: &Setup) -> Duration {
    move_in(setup, setup.counter.fetch_add(1, Ordering::Relaxed) % GAMES)
}

/// Plays the next move of game `g`.
fn move_in(setup: &Setup, g: usize) -> Duration {
    let ply = setup.next[g].fetch_add(1, Ordering::Relaxed);
    assert!(
        ply < PLAYED + LINE,
        "the benchmark ran out of prepared moves"
    );
    let request = Request::new(
        player(ply),
        ChannelId::new("bench", &g.to_string()),
        Command::Move(setup.lines[g][ply].to_string()),
    );
    let started = Instant::now();
    let reply = setup.service.handle(&request);
    let took = started.elapsed();
    assert!(!reply.ephemeral, "{}", reply.text);
    divan::black_box(reply);
    took
}

/// One move end to end, round-robin over the 1,000 games.
#[divan::bench(sample_count = 2000, sample_size = 1)]
fn move_end_to_end() {
    one_move(setup());
}

fn main() {
    // Build the 1,000 games before timing anything.
    let setup = setup();
    divan::main();
    // Latency percentiles of single moves (each game gets its next move in turn).
    let mut times: Vec<Duration> = (0..5000).map(|_| one_move(setup)).collect();
    times.sort();
    let pct = |p: f64| times[((times.len() as f64 * p) as usize).min(times.len() - 1)];
    println!(
        "single thread, {} moves: p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        times.len(),
        pct(0.50).as_secs_f64() * 1e3,
        pct(0.90).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3,
        pct(1.0).as_secs_f64() * 1e3,
    );
    // Throughput with two threads.
    let per_thread = 5000;
    let started = Instant::now();
    let setup_ref: &'static Setup = setup;
    let workers: Vec<_> = (0..2)
        .map(|t| {
            // Each thread plays in its own half of the games, as two channels would.
            thread::spawn(move || {
                for i in 0..per_thread {
                    move_in(setup_ref, (2 * i + t) % GAMES);
                }
            })
        })
        .collect();
    for w in workers {
        w.join().expect("worker");
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "two threads, {} moves in {seconds:.2} s: {:.0} moves/s",
        2 * per_thread,
        (2 * per_thread) as f64 / seconds
    );
}
