//! `akron db copy` (issue 29): SQLite to PostgreSQL and back gives the same games, moves and
//! ratings; a target that holds anything is refused; ids made after a copy follow the
//! copied ones. It needs both databases, so it runs once, under `postgres::`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_rules::WinRule;
use akron_service::db::Db;
use akron_service::params;
use akron_service::service::copy::{copy_database, CopyError};
use akron_service::service::{Challenge, Command, Service};
use common::{Backend, Harness, TestDatabase};

/// What must survive a copy, as text: games, moves and ratings, in order.
fn contents(db: &Db) -> Vec<String> {
    db.read(|tx| {
        let mut all = tx.query(
            "SELECT id, status, black_id, white_id, winner_id, reason, current_code, version, \
             rated FROM games ORDER BY id",
            params![],
            |r| {
                Ok(format!(
                    "game {} {} {} {} {:?} {:?} {:?} {} {}",
                    r.get::<i64>(0)?,
                    r.get::<String>(1)?,
                    r.get::<String>(2)?,
                    r.get::<String>(3)?,
                    r.get::<Option<String>>(4)?,
                    r.get::<Option<String>>(5)?,
                    r.get::<Option<String>>(6)?,
                    r.get::<i64>(7)?,
                    r.get::<i64>(8)?,
                ))
            },
        )?;
        all.extend(tx.query(
            "SELECT game_id, ply, notation, code, played_at FROM moves ORDER BY game_id, ply",
            params![],
            |r| {
                Ok(format!(
                    "move {} {} {} {} {}",
                    r.get::<i64>(0)?,
                    r.get::<i64>(1)?,
                    r.get::<String>(2)?,
                    r.get::<String>(3)?,
                    r.get::<i64>(4)?,
                ))
            },
        )?);
        all.extend(tx.query(
            "SELECT user_id, scope, rating, deviation, volatility, games, version FROM ratings \
             ORDER BY user_id, scope",
            params![],
            |r| {
                Ok(format!(
                    "rating {} {} {} {} {} {} {}",
                    r.get::<String>(0)?,
                    r.get::<String>(1)?,
                    r.get::<f64>(2)?,
                    r.get::<f64>(3)?,
                    r.get::<f64>(4)?,
                    r.get::<i64>(5)?,
                    r.get::<i64>(6)?,
                ))
            },
        )?);
        Ok::<_, akron_service::db::DbError>(all)
    })
    .unwrap()
}

#[test]
fn sqlite_to_postgresql_and_back_keeps_games_moves_and_ratings() {
    if super::BACKEND != Backend::Postgres {
        return;
    }
    let Some(postgres) = TestDatabase::new(Backend::Postgres) else {
        return;
    };
    let h = Harness::on(Backend::Sqlite).unwrap();
    // A finished rated game, one being played, and an open challenge.
    h.start(5, None, WinRule::Delayed);
    for _ in 0..6 {
        let view = h.view();
        let mv = view.game.legal_moves()[0];
        h.play(mv);
    }
    h.ok("alice", Command::Resign);
    h.start_in("second", "carol", "dave", 6, None, WinRule::Immediate);
    let view = h.view_in("second");
    let mv = view.game.legal_moves()[1];
    let reply = h.send_in("second", "carol", Command::Move(mv.to_string()));
    assert!(!reply.ephemeral, "{}", reply.text);
    h.ok(
        "erin",
        Command::Challenge(Challenge::new(common::user("frank"))),
    );
    let original = contents(&h.open_db().unwrap());
    assert!(original.iter().any(|line| line.starts_with("rating")));

    let copied = copy_database(&h.config(), &postgres.config()).unwrap();
    assert_eq!(copied.games_replayed, 3);
    assert_eq!(contents(&postgres.open().unwrap()), original);

    let back = TestDatabase::new(Backend::Sqlite).unwrap();
    copy_database(&postgres.config(), &back.config()).unwrap();
    assert_eq!(contents(&back.open().unwrap()), original);

    // A target that holds anything is refused, and left as it was.
    let refused = copy_database(&h.config(), &postgres.config());
    assert!(
        matches!(refused, Err(CopyError::NotEmpty { table: "games", .. })),
        "{refused:?}"
    );
    assert_eq!(contents(&postgres.open().unwrap()), original);

    // The copy goes on where the original left off: the next game gets the next number.
    let clock = h.clock.clone();
    let moved = Service::with_clock(postgres.config(), clock).unwrap();
    let reply = moved.handle(&akron_service::service::Request::new(
        common::user("gina"),
        common::channel_id("third"),
        Command::Challenge(Challenge::new(common::user("hal"))),
    ));
    assert!(!reply.ephemeral, "{}", reply.text);
    assert!(reply.text.contains("#4"), "{}", reply.text);
}
