//! Claims on shared work (issue 29) with 100,000 running games, on SQLite and on PostgreSQL in
//! the same run: claiming (and releasing) a batch of due deadlines, claiming a batch of due
//! notices among 100,000 delivered ones, and the scheduler's wake-up (the nearest deadline).
//!
//! PostgreSQL: the server `AKRON_TEST_POSTGRES` names (a fresh database is made on it and
//! filled by `akron db copy`'s code from the SQLite one); without it those benches measure
//! nothing and say so. `cargo bench -p akron-service --bench claims`.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use akron_rules::{Game, GameOptions, Move, Position};
use akron_service::db::{self, Db, MoveRow, ScratchDatabase};
use akron_service::model::{Destination, GameRecord, Phase, Play, Players, TimeControl};
use akron_service::service::{ChannelId, User, UserId};
use std::sync::OnceLock;
use std::time::Duration;

const ACTIVE: usize = 100_000;
const OVERDUE: usize = 1_000;
/// Due notices waiting, beside `ACTIVE` delivered ones.
const PENDING: usize = 1_000;
const DAY: i64 = 86_400;
const NOW: i64 = 1_800_000_000;
/// A tick's batch, and a delivery loop's.
const TICK_BATCH: usize = 256;
const NOTICE_BATCH: usize = 64;

fn main() {
    divan::main();
}

fn player(name: &str) -> User {
    User::new(UserId::new("bench", name), name)
}

/// The SQLite database: `ACTIVE` running 1-day correspondence games, `OVERDUE` of them past
/// their deadline, and `ACTIVE` delivered notices plus `PENDING` due ones. Built once.
fn sqlite() -> &'static (tempfile::TempDir, Db) {
    static PREPARED: OnceLock<(tempfile::TempDir, Db)> = OnceLock::new();
    PREPARED.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = Db::open(&dir.path().join("claims.db")).expect("db");
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
                let channel = ChannelId::new("bench", &i.to_string());
                let mut record = GameRecord::challenge(
                    channel.clone(),
                    player("alice").id,
                    Players {
                        black: player("alice"),
                        white: player("bob"),
                    },
                    &start,
                    akron_rules::WinRule::Delayed,
                    last_move - 10,
                );
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
                let to = Destination::Channel(channel);
                let notice = db::push_notice(c, &to, Some(id), "{}", NOW - 7200)?;
                db::mark_delivered(c, notice, "bench", NOW - 7100)?;
                if i < PENDING {
                    db::push_notice(c, &to, Some(id), "{}", NOW - 60)?;
                }
            }
            Ok::<_, db::DbError>(())
        })
        .expect("fills");
        (dir, db)
    })
}

/// The same on a fresh PostgreSQL database, copied from the SQLite one; `None` without a
/// server.
fn postgres() -> Option<&'static Db> {
    static PREPARED: OnceLock<Option<(ScratchDatabase, Db)>> = OnceLock::new();
    PREPARED
        .get_or_init(|| {
            let Ok(server) = std::env::var("AKRON_TEST_POSTGRES") else {
                eprintln!(
                    "note: AKRON_TEST_POSTGRES is not set: the PostgreSQL benches measure nothing"
                );
                return None;
            };
            let scratch = ScratchDatabase::create(&server).expect("a bench database");
            let db = Db::open_postgres(scratch.url(), Duration::from_secs(10)).expect("opens");
            db::copy_tables(&sqlite().1, &db).expect("copies");
            db.write(|c| c.batch("ANALYZE")).expect("analyzes");
            Some((scratch, db))
        })
        .as_ref()
        .map(|(_, db)| db)
}

/// One tick's claim: the 256 nearest due games of 100,000, claimed and then released.
fn claim_deadlines(db: &Db) -> usize {
    db.claim(|c| {
        let claimed = db::claim_due_games(c, "bench", NOW, NOW + 60, TICK_BATCH)?;
        db::release_claims(c, db::ClaimKind::Deadline, &claimed, "bench")?;
        Ok::<_, db::DbError>(claimed.len())
    })
    .expect("claims")
}

/// One delivery loop's claim: the 64 oldest due notices among 101,000 (with a lease that
/// ends now, so that every sample finds the same ones due).
fn claim_notices(db: &Db) -> usize {
    db.claim(|c| db::claim_notices(c, "bench", "bench", NOW, NOW, NOTICE_BATCH))
        .expect("claims")
        .len()
}

#[divan::bench(sample_count = 100)]
fn deadlines_sqlite(bencher: divan::Bencher) {
    let db = &sqlite().1;
    bencher.bench_local(|| assert_eq!(claim_deadlines(db), TICK_BATCH));
}

#[divan::bench(sample_count = 100)]
fn deadlines_postgres(bencher: divan::Bencher) {
    let Some(db) = postgres() else { return };
    bencher.bench_local(|| assert_eq!(claim_deadlines(db), TICK_BATCH));
}

#[divan::bench(sample_count = 100)]
fn notices_sqlite(bencher: divan::Bencher) {
    let db = &sqlite().1;
    bencher.bench_local(|| assert_eq!(claim_notices(db), NOTICE_BATCH));
}

#[divan::bench(sample_count = 100)]
fn notices_postgres(bencher: divan::Bencher) {
    let Some(db) = postgres() else { return };
    bencher.bench_local(|| assert_eq!(claim_notices(db), NOTICE_BATCH));
}

#[divan::bench(sample_count = 200)]
fn wake_up_sqlite(bencher: divan::Bencher) {
    let db = &sqlite().1;
    bencher.bench_local(|| db.read(db::next_deadline).expect("reads"));
}

#[divan::bench(sample_count = 200)]
fn wake_up_postgres(bencher: divan::Bencher) {
    let Some(db) = postgres() else { return };
    bencher.bench_local(|| db.read(db::next_deadline).expect("reads"));
}
