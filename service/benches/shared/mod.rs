//! The database the issue-29 benches share (`claims`, `scheduler`, `moves`): 100,000 running
//! 1-day correspondence games, the same on SQLite and, copied by `akron db copy`'s code, on a
//! scratch PostgreSQL database.
//!
//! Every game is between `alice` (black) and `bob` (white) in its own channel `bench:<i>` on
//! the server `bench:guild`, and has the first two moves of [`line`] played; the first
//! [`OVERDUE`] of them are past their deadline by an hour, the others moved an hour before
//! [`NOW`]. With [`Fill::notices`], each game also has one delivered notice and the first
//! [`PENDING`] one due notice each.
//!
//! Each bench uses a part of this module, so the rest is dead code in it.
#![allow(dead_code)]

use akron_rules::{Game, GameOptions, Move, Position};
use akron_service::db::{self, Db, MoveRow, ScratchDatabase};
use akron_service::model::{Destination, GameRecord, Phase, Play, Players, TimeControl};
use akron_service::service::{ChannelId, ServerId, User, UserId};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::Duration;

/// Running games.
pub const ACTIVE: usize = 100_000;
/// Of which past their deadline (the first ones).
pub const OVERDUE: usize = 1_000;
/// Due notices waiting, beside `ACTIVE` delivered ones.
pub const PENDING: usize = 1_000;
pub const DAY: i64 = 86_400;
/// The benches' "now".
pub const NOW: i64 = 1_800_000_000;
/// Moves played in every game when it is stored.
pub const PLAYED: usize = 2;
/// Moves of [`line`] in all.
pub const LINE: usize = 120;

/// What to store beside the games.
#[derive(Clone, Copy, Debug)]
pub struct Fill {
    /// One delivered notice per game and `PENDING` due ones.
    pub notices: bool,
}

pub fn player(name: &str) -> User {
    User::new(UserId::new("bench", name), name)
}

/// The player who plays ply `ply` (black moves first, and no line swaps).
pub fn mover(ply: usize) -> User {
    player(if ply % 2 == 0 { "alice" } else { "bob" })
}

pub fn channel(game: usize) -> ChannelId {
    ChannelId::new("bench", &game.to_string())
}

pub fn server() -> ServerId {
    ServerId::new("bench", "guild")
}

/// One legal line of `LINE` moves on 8 × 8 that does not end the game (no swap), the same
/// every run: every game follows it, so a game at ply `p` plays `line()[p]` next.
pub fn line() -> &'static [Move] {
    static LINE_MOVES: std::sync::OnceLock<Vec<Move>> = std::sync::OnceLock::new();
    LINE_MOVES.get_or_init(|| {
        let mut rng = SmallRng::seed_from_u64(29);
        'again: loop {
            let mut game = Game::new(GameOptions::default()).expect("options");
            while game.moves().len() < LINE {
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
    })
}

/// Stores the games (and notices) in `db`, in one transaction.
pub fn fill(db: &Db, fill: Fill) {
    let start = Position::start(8, 32).expect("start");
    let mut game = Game::new(GameOptions::default()).expect("options");
    let mut codes = Vec::new();
    for &mv in &line()[..PLAYED] {
        game.play(mv).expect("legal");
        codes.push(game.position().code());
    }
    db.write(|c| {
        for i in 0..ACTIVE {
            let last_move = if i < OVERDUE {
                NOW - DAY - 3600
            } else {
                NOW - 3600
            };
            let mut record = GameRecord::challenge(
                channel(i),
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
            record.server = Some(server());
            let id = db::insert_game(c, &record)?;
            let mut saved = record;
            saved.id = id;
            db::save_game(c, &saved)?;
            for (ply, (mv, code)) in line().iter().zip(&codes).enumerate() {
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
            if fill.notices {
                let to = Destination::Channel(channel(i));
                let notice = db::push_notice(c, &to, Some(id), "{}", NOW - 7200)?;
                db::mark_delivered(c, notice, "bench", NOW - 7100)?;
                if i < PENDING {
                    db::push_notice(c, &to, Some(id), "{}", NOW - 60)?;
                }
            }
        }
        Ok::<_, db::DbError>(())
    })
    .expect("fills");
}

/// A SQLite file in `dir` filled as [`fill`] says.
pub fn sqlite_file(dir: &std::path::Path, name: &str, what: Fill) -> std::path::PathBuf {
    let path = dir.join(name);
    let db = Db::open(&path).expect("db");
    fill(&db, what);
    path
}

/// The PostgreSQL server the benches use (`AKRON_TEST_POSTGRES`), or `None` with a note.
pub fn postgres_server() -> Option<String> {
    match std::env::var("AKRON_TEST_POSTGRES") {
        Ok(server) => Some(server),
        Err(_) => {
            eprintln!(
                "note: AKRON_TEST_POSTGRES is not set: the PostgreSQL benches measure nothing"
            );
            None
        }
    }
}

/// A fresh database on `server` holding a copy of `from` (analysed, so that the planner
/// knows its 100,000 games); dropped with the returned [`ScratchDatabase`].
pub fn postgres_copy(server: &str, from: &Db) -> (ScratchDatabase, Db) {
    let scratch = ScratchDatabase::create(server).expect("a bench database");
    let db = Db::open_postgres(scratch.url(), Duration::from_secs(10)).expect("opens");
    db.write(|c| db::copy_tables(from, c)).expect("copies");
    db.write(|c| c.batch("ANALYZE")).expect("analyzes");
    (scratch, db)
}
