//! `akron db backup` and `akron db check` (issue 41 point 2): a backup taken while moves are
//! being written restores to a database the check passes and that holds every move
//! committed before the backup began; the check finds a damaged game.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_rules::WinRule;
use akron_service::params;
use akron_service::service::check::{backup_database, check_database, BackupError};
use akron_service::service::{Command, Config};
use common::{Backend, Harness};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

const CHANNELS: usize = 4;

#[test]
fn backup_taken_while_moves_are_written_restores_with_every_move_committed_before_it() {
    if super::BACKEND != Backend::Sqlite {
        return;
    }
    let h = Harness::on(Backend::Sqlite).unwrap();
    let channels: Vec<String> = (0..CHANNELS).map(|i| format!("c{i}")).collect();
    for (i, channel) in channels.iter().enumerate() {
        h.start_in(
            channel,
            &format!("b{i}"),
            &format!("w{i}"),
            7,
            None,
            WinRule::Delayed,
        );
    }
    let games: Vec<_> = channels.iter().map(|c| h.view_in(c).id).collect();
    let stop = AtomicBool::new(false);
    let moves_made = AtomicUsize::new(0);
    // (game index, moves stored, when the move's command returned: it had committed).
    let committed: Mutex<Vec<(usize, usize, Instant)>> = Mutex::new(Vec::new());
    let dir = tempfile::tempdir().unwrap();
    let backup = dir.path().join("backup.db");
    let began = std::thread::scope(|scope| {
        for (index, channel) in channels.iter().enumerate() {
            let (h, stop, moves_made, committed) = (&h, &stop, &moves_made, &committed);
            scope.spawn(move || {
                let mut stored = 0;
                while !stop.load(Ordering::Acquire) {
                    let view = h.view_in(channel);
                    if view.game.outcome().is_some() {
                        break;
                    }
                    let legal = view.game.legal_moves();
                    let mv = legal[stored % legal.len()];
                    let who = view.players.get(view.game.turn()).name.clone();
                    let reply = h.send_in(channel, &who, Command::Move(mv.to_string()));
                    assert!(!reply.ephemeral, "{who} {mv}: {}", reply.text);
                    stored += 1;
                    committed
                        .lock()
                        .unwrap()
                        .push((index, stored, Instant::now()));
                    moves_made.fetch_add(1, Ordering::AcqRel);
                }
            });
        }
        // The backup begins while every writer is busy.
        while moves_made.load(Ordering::Acquire) < 2 * CHANNELS {
            std::thread::yield_now();
        }
        let began = Instant::now();
        let games_backed_up = backup_database(&h.config(), &backup).unwrap();
        assert_eq!(games_backed_up, CHANNELS);
        stop.store(true, Ordering::Release);
        began
    });
    let committed = committed.into_inner().unwrap();
    assert!(
        committed.iter().any(|(_, _, at)| *at > began),
        "moves were still being written during the backup"
    );

    // Restore: the file goes where a database is opened.
    let restored_dir = tempfile::tempdir().unwrap();
    let restored = restored_dir.path().join("akron.db");
    std::fs::copy(&backup, &restored).unwrap();
    let config = Config::with_db(&restored);
    let report = check_database(&config).unwrap();
    assert_eq!(report.problems, Vec::<String>::new());
    assert_eq!(report.games, CHANNELS);
    let db = config.open_db().unwrap();
    for (index, game) in games.iter().enumerate() {
        let before = committed
            .iter()
            .filter(|(i, _, at)| *i == index && *at < began)
            .map(|(_, stored, _)| *stored)
            .max()
            .unwrap_or(0);
        let kept: usize = db
            .read(|tx| {
                tx.query_one(
                    "SELECT COUNT(*) FROM moves WHERE game_id = ?1",
                    params![game.0],
                    |r| r.get(0),
                )
            })
            .unwrap();
        assert!(
            kept >= before,
            "game {game}: {before} moves committed before the backup, {kept} in it"
        );
    }
    // A backup never overwrites a file.
    let again = backup_database(&h.config(), &backup);
    assert!(matches!(again, Err(BackupError::Exists(_))), "{again:?}");
}

#[test]
fn backup_on_postgresql_says_to_use_pg_dump_or_db_copy() {
    if super::BACKEND != Backend::Postgres {
        return;
    }
    let Some(h) = Harness::on(Backend::Postgres) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let refused = backup_database(&h.config(), &dir.path().join("b.db")).unwrap_err();
    let message = refused.to_string();
    assert!(
        message.contains("pg_dump") && message.contains("akron db copy"),
        "{message}"
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn db_check_reports_a_game_that_does_not_replay() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(5, None, WinRule::Delayed);
    for _ in 0..3 {
        let mv = h.view().game.legal_moves()[0];
        h.play(mv);
    }
    let sound = check_database(&h.config()).unwrap();
    assert_eq!(sound.problems, Vec::<String>::new());
    assert_eq!(sound.games, 1);
    assert_eq!(sound.sqlite_checks, super::BACKEND == Backend::Sqlite);
    h.open_db()
        .unwrap()
        .write(|tx| {
            tx.execute(
                "UPDATE moves SET code = '5:w:1,1:5/5/5/5/5' WHERE ply = 1",
                params![],
            )
        })
        .unwrap();
    let report = check_database(&h.config()).unwrap();
    assert_eq!(report.problems.len(), 1, "{:?}", report.problems);
    assert!(
        report.problems[0].starts_with("game #1: after ply 1"),
        "{:?}",
        report.problems
    );
}
