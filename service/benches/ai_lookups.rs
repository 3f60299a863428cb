//! The database look-ups of the AI features with 100,000 running games (three moves each,
//! all positions different) and 10,000 games against the AI, 5,000 of them waiting for the
//! AI's move: the fairness check of `analyze` (is this code a running game's current
//! position?), found and not found, and the AI worker's queue (the longest waiting first).
//!
//! `cargo bench -p akron-bot --bench ai_lookups`.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use akron_rules::{Game, GameOptions, Position};
use akron_service::db::{self, Db, MoveRow};
use akron_service::model::{GameRecord, Phase, Play, Players};
use akron_service::service::{ChannelId, User, UserId};
use std::path::PathBuf;
use std::sync::OnceLock;

const ACTIVE: usize = 100_000;
const AI_GAMES: usize = 10_000;
const NOW: i64 = 1_800_000_000;

fn main() {
    divan::main();
}

fn player(name: &str) -> User {
    User::new(UserId::new("bench", name), name)
}

/// The database, and the current position of one game in the middle. Built once.
fn prepared() -> &'static (tempfile::TempDir, PathBuf, String) {
    static PREPARED: OnceLock<(tempfile::TempDir, PathBuf, String)> = OnceLock::new();
    PREPARED.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("ai.db");
        let db = Db::open(&path).expect("db");
        let start = Position::start(8, 32).expect("start");
        let mut middle = String::new();
        db.write(|c| {
            for i in 0..ACTIVE {
                let mut record = GameRecord::challenge(
                    ChannelId::new("bench", &i.to_string()),
                    player("alice").id,
                    Players {
                        black: player("alice"),
                        white: player("bob"),
                    },
                    &start,
                    akron_rules::WinRule::Delayed,
                    NOW - 100,
                );
                record.phase = Phase::Playing(Play::new(NOW - 100));
                let id = db::insert_game(c, &record)?;
                // Three placements chosen from the game's number: all positions differ.
                let mut game = Game::new(GameOptions::default()).expect("options");
                let mut rest = i;
                for ply in 0..3 {
                    let moves = game.legal_moves();
                    let mv = moves[rest % moves.len()];
                    rest /= moves.len();
                    game.play(mv).expect("legal");
                    db::insert_move(
                        c,
                        id,
                        &MoveRow {
                            ply,
                            notation: mv.to_string(),
                            code: game.position().code(),
                            played_at: NOW - 50,
                        },
                    )?;
                }
                if i == ACTIVE / 2 {
                    middle = game.position().code();
                }
                if i < AI_GAMES {
                    let waiting = (i % 2 == 0).then_some(NOW - i64::try_from(i).unwrap_or(0));
                    db::insert_ai_game(c, id, 3, waiting)?;
                }
            }
            Ok::<_, db::DbError>(())
        })
        .expect("seeded");
        (dir, path, middle)
    })
}

fn connection() -> Db {
    Db::open(&prepared().1).expect("opens")
}

#[divan::bench]
fn fairness_check_finds_a_running_games_position(bencher: divan::Bencher) {
    let conn = connection();
    let code = prepared().2.clone();
    bencher.bench_local(|| {
        let found = conn
            .read(|tx| db::active_game_at(tx, &code))
            .expect("reads");
        assert!(found.is_some());
    });
}

#[divan::bench]
fn fairness_check_of_a_position_no_game_has(bencher: divan::Bencher) {
    let conn = connection();
    let code = "8:w:31,32:8/8/8/8/8/8/8/7b".to_string();
    bencher.bench_local(|| {
        let found = conn
            .read(|tx| db::active_game_at(tx, &code))
            .expect("reads");
        assert!(found.is_none());
    });
}

/// A position after the first move: in the history of about one game in 60 (1,700 of them
/// here), the current position of none.
#[divan::bench]
fn fairness_check_of_an_opening_position_in_many_histories(bencher: divan::Bencher) {
    let conn = connection();
    let mut game = Game::new(GameOptions::default()).expect("options");
    let first = game.legal_moves()[0];
    game.play(first).expect("legal");
    let code = game.position().code();
    let in_history: i64 = conn
        .read(|tx| {
            tx.query_one(
                "SELECT count(*) FROM moves WHERE code = ?1",
                akron_service::params![code],
                |r| r.get(0),
            )
        })
        .expect("reads");
    assert!(in_history > 1_000, "{in_history}");
    bencher.bench_local(|| {
        let found = conn
            .read(|tx| db::active_game_at(tx, &code))
            .expect("reads");
        assert!(found.is_none());
    });
}

#[divan::bench]
fn ai_queue_longest_waiting_first(bencher: divan::Bencher) {
    let conn = connection();
    bencher.bench_local(|| {
        let jobs = conn.read(|tx| db::ai_waiting(tx, 8)).expect("reads");
        assert_eq!(jobs.len(), 8);
    });
}
