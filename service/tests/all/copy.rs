//! `akron db copy` (issue 29): SQLite to PostgreSQL and back gives the same games, moves and
//! ratings; a target that holds anything is refused; ids made after a copy follow the
//! copied ones. It needs both databases, so it runs once, under `postgres::`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_rules::WinRule;
use akron_service::db::Db;
use akron_service::params;
use akron_service::service::copy_command::{copy_database, CopyError, CopyOptions};
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

    let copied = copy_database(&h.config(), &postgres.config(), CopyOptions::default()).unwrap();
    assert_eq!(copied.games_replayed, 3);
    assert_eq!(contents(&postgres.open().unwrap()), original);

    let back = TestDatabase::new(Backend::Sqlite).unwrap();
    copy_database(&postgres.config(), &back.config(), CopyOptions::default()).unwrap();
    assert_eq!(contents(&back.open().unwrap()), original);

    // A target that holds anything is refused, and left as it was.
    let refused = copy_database(&h.config(), &postgres.config(), CopyOptions::default());
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

/// A harness on SQLite holding one game with two moves.
fn one_game() -> Harness {
    let h = Harness::on(Backend::Sqlite).unwrap();
    h.start(5, None, WinRule::Delayed);
    for _ in 0..2 {
        let mv = h.view().game.legal_moves()[0];
        h.play(mv);
    }
    h
}

#[test]
fn copy_from_a_source_that_does_not_exist_is_refused_and_creates_nothing() {
    if super::BACKEND != Backend::Sqlite {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let from = akron_service::service::Config::with_db(dir.path().join("srcc.db"));
    let to = akron_service::service::Config::with_db(dir.path().join("copy2.db"));
    let refused = copy_database(&from, &to, CopyOptions::default());
    assert!(
        matches!(&refused, Err(CopyError::NoSource { path }) if path.ends_with("srcc.db")),
        "{refused:?}"
    );
    assert!(refused
        .unwrap_err()
        .to_string()
        .contains("there is no database"));
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing was created"
    );
}

#[test]
fn copy_from_an_empty_source_is_refused_unless_allowed() {
    let Some(source) = TestDatabase::new(super::BACKEND) else {
        return;
    };
    drop(source.open().unwrap());
    let dir = tempfile::tempdir().unwrap();
    let to = akron_service::service::Config::with_db(dir.path().join("copy.db"));
    let refused = copy_database(&source.config(), &to, CopyOptions::default());
    assert!(
        matches!(refused, Err(CopyError::EmptySource)),
        "{refused:?}"
    );
    assert!(refused.unwrap_err().to_string().contains("--allow-empty"));
    assert!(!dir.path().join("copy.db").exists(), "no target was made");
    let copied = copy_database(&source.config(), &to, CopyOptions { allow_empty: true }).unwrap();
    assert_eq!(copied.games_replayed, 0);
    assert!(copied.tables.iter().all(|(_, rows)| *rows == 0));
}

#[test]
fn copy_from_a_read_only_source_file_is_accepted() {
    if super::BACKEND != Backend::Sqlite {
        return;
    }
    let h = one_game();
    let original = contents(&h.open_db().unwrap());
    let path = h.db_path();
    let config = h.config();
    drop(h.service);
    let mut permissions = std::fs::metadata(&path).unwrap().permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(&path, permissions).unwrap();
    let modified = std::fs::metadata(&path).unwrap().modified().unwrap();
    let back = TestDatabase::new(Backend::Sqlite).unwrap();
    let copied = copy_database(&config, &back.config(), CopyOptions::default()).unwrap();
    assert_eq!(copied.games_replayed, 1);
    assert_eq!(contents(&back.open().unwrap()), original);
    assert_eq!(
        std::fs::metadata(&path).unwrap().modified().unwrap(),
        modified,
        "the source was not written"
    );
}

#[test]
fn copy_that_fails_its_check_leaves_the_target_empty() {
    let Some(target) = TestDatabase::new(super::BACKEND) else {
        return;
    };
    let h = one_game();
    // A damaged source: the position stored after the first move is not the one it gives.
    h.open_db()
        .unwrap()
        .write(|tx| {
            tx.execute(
                "UPDATE moves SET code = '5:w:1,1:5/5/5/5/5' WHERE ply = 0",
                params![],
            )
        })
        .unwrap();
    let refused = copy_database(&h.config(), &target.config(), CopyOptions::default());
    assert!(
        matches!(refused, Err(CopyError::Replay { .. })),
        "{refused:?}"
    );
    let target = target.open().unwrap();
    assert_eq!(
        akron_service::db::first_non_empty(&target).unwrap(),
        None,
        "no row of an unchecked copy is visible"
    );
}

#[test]
fn copy_to_a_postgresql_database_that_does_not_exist_says_so_at_once() {
    if super::BACKEND != Backend::Postgres {
        return;
    }
    let Some(server) = common::postgres_server("copy_to_a_missing_database") else {
        return;
    };
    let base = server
        .rsplit_once('/')
        .map_or(server.as_str(), |(base, _)| base);
    let url =
        akron_service::db::PostgresUrl::parse(&format!("{base}/akron_no_such_database")).unwrap();
    let h = one_game();
    let started = std::time::Instant::now();
    let refused = copy_database(
        &h.config(),
        &akron_service::service::Config::with_postgres(url),
        CopyOptions::default(),
    );
    let message = refused.unwrap_err().to_string();
    assert!(message.contains("does not exist"), "{message}");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(5),
        "refused after {:?}",
        started.elapsed()
    );
}
