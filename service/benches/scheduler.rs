//! The correspondence scheduler with 100,000 active correspondence games in the database:
//! the wake-up (finding the nearest deadline) and a start-up after downtime that settles
//! 1,000 overdue games (each a loss on time, announced through the outbox).
//!
//! `cargo bench -p akron-bot --bench scheduler`.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use akron_rules::{Game, GameOptions, Move, Position};
use akron_service::db::{self, Db, MoveRow};
use akron_service::model::{GameRecord, Phase, Play, Players, TimeControl};
use akron_service::service::{ChannelId, Config, ManualClock, Service, User, UserId};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

const ACTIVE: usize = 100_000;
const OVERDUE: usize = 1_000;
const DAY: i64 = 86_400;
/// The benchmark's "now".
const NOW: i64 = 1_800_000_000;

fn main() {
    divan::main();
}

fn player(name: &str) -> User {
    User::new(UserId::new("bench", name), name)
}

/// A database with `ACTIVE` running 1-day correspondence games, `OVERDUE` of them past their
/// deadline (two moves played, the third overdue by an hour). Built once.
fn prepared() -> &'static (tempfile::TempDir, PathBuf) {
    static PREPARED: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    PREPARED.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("scheduler.db");
        let db = Db::open(&path).expect("db");
        let start = Position::start(8, 32).expect("start");
        let mut game = Game::new(GameOptions::default()).expect("options");
        let line: [Move; 2] = ["D4".parse().expect("move"), "E5".parse().expect("move")];
        let mut codes = Vec::new();
        for mv in line {
            game.play(mv).expect("legal");
            codes.push(game.position().code());
        }
        db.write(|c| {
            for i in 0..ACTIVE {
                let overdue = i < OVERDUE;
                let last_move = if overdue {
                    NOW - DAY - 3600
                } else {
                    NOW - 3600
                };
                let mut record = GameRecord::challenge(
                    ChannelId::new("bench", &i.to_string()),
                    player("alice").id,
                    Players {
                        black: player("alice"),
                        white: player("bob"),
                    },
                    &start,
                    akron_rules::WinRule::Delayed,
                    last_move - 10,
                );
                // Reminders already sent: the timeout is what is due next.
                record.phase = Phase::Playing(Play {
                    last_move_at: Some(last_move),
                    reminders_sent: 2,
                    ..Play::new(last_move - 10)
                });
                record.deadline_at = Some(last_move + DAY);
                record.time_control = TimeControl::PerMove(DAY);
                let id = db::insert_game(c, &record)?;
                let mut saved = record;
                saved.id = id;
                db::save_game(c, &saved)?;
                if overdue {
                    for (ply, (mv, code)) in line.iter().zip(&codes).enumerate() {
                        db::insert_move(
                            c,
                            id,
                            &MoveRow {
                                ply,
                                notation: mv.to_string(),
                                code: code.clone(),
                                played_at: last_move,
                            },
                        )?;
                    }
                }
            }
            Ok::<_, db::DbError>(())
        })
        .expect("fills");
        drop(db);
        (dir, path)
    })
}

fn open(path: &Path) -> Service {
    let mut config = Config::with_db(path);
    config.images = false;
    Service::with_clock(config, Arc::new(ManualClock::new(NOW))).expect("opens")
}

/// The scheduler's wake-up: the nearest deadline among 100,000 running games, and the next
/// notice due for a platform's delivery loop.
#[divan::bench(sample_count = 200)]
fn wake_up(bencher: divan::Bencher) {
    let (_, path) = prepared();
    let service = open(path);
    bencher.bench_local(|| {
        (
            service.next_tick().expect("reads"),
            service.next_notice_due("discord").expect("reads"),
        )
    });
}

/// A start after downtime: 1,000 overdue games settled (a loss on time each, the result
/// written to the outbox), in their own transactions. Each sample works on a fresh copy of
/// the database (the copy is not timed).
#[divan::bench(sample_count = 5, sample_size = 1)]
fn settle_overdue_after_downtime(bencher: divan::Bencher) {
    let (_, path) = prepared();
    bencher
        .with_inputs(|| {
            let dir = tempfile::tempdir().expect("temp dir");
            let copy = dir.path().join("copy.db");
            std::fs::copy(path, &copy).expect("copies");
            let service = open(&copy);
            (dir, service)
        })
        .bench_local_values(|(dir, service)| {
            let tick = service.tick(NOW).expect("ticks");
            assert_eq!(tick.settled, OVERDUE);
            (dir, service)
        });
}
