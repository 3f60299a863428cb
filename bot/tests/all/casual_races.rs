//! Casual play's races between processes (issue 43): two `akron play` processes on one
//! database, SQLite file and PostgreSQL (when `AKRON_TEST_POSTGRES` is set), each accepting
//! the same open challenge, or each pressing Rematch on the same finished game. Exactly one
//! game starts each time; akron-service's `casual` tests run the same races between threads
//! and pools.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::tournament_races::{console, output};
use akron_service::testing::{Backend, TestDatabase};
use std::path::Path;

const RUNS: usize = 8;

/// The `--db` of a test database (also used by `knockout_races`).
pub(crate) fn db_arg(db: &TestDatabase) -> String {
    match db {
        TestDatabase::Sqlite(dir) => dir.path().join("akron.db").display().to_string(),
        TestDatabase::Postgres(scratch) => scratch.url().to_string(),
    }
}

/// Runs `a` and `b` in two processes at once and returns both outputs.
fn race(db: &str, out: &Path, a: &str, b: &str) -> (String, String) {
    let (first, second) = (console(db, out, a), console(db, out, b));
    (output(first), output(second))
}

/// The databases a race runs on: a SQLite file, and PostgreSQL when `AKRON_TEST_POSTGRES` is
/// set (also used by `knockout_races`).
pub(crate) fn backends() -> Vec<TestDatabase> {
    [Backend::Sqlite, Backend::Postgres]
        .into_iter()
        .filter_map(TestDatabase::new)
        .collect()
}

#[test]
fn an_open_challenge_taken_twice_at_once_by_two_processes_starts_one_game() {
    for run in 0..RUNS {
        for database in backends() {
            let dir = tempfile::tempdir().unwrap();
            let db = db_arg(&database);
            let made = output(console(&db, dir.path(), "as ann\nchallenge size:4\n"));
            assert!(made.contains("open challenge (game #1)"), "{made}");
            let (ben, cyd) = race(
                &db,
                dir.path(),
                "as ben\naccept #1\n",
                "as cyd\naccept #1\n",
            );
            let both = format!("{ben}{cyd}");
            assert_eq!(
                both.matches("Game #1 begins").count(),
                1,
                "run {run}: {both}"
            );
            assert_eq!(both.matches("Too late").count(), 1, "run {run}: {both}");
            let winner = if ben.contains("Game #1 begins") {
                "ben"
            } else {
                "cyd"
            };
            assert!(
                both.contains(&format!("Too late: {winner} took")),
                "run {run}: the loser is told who took it: {both}"
            );
        }
    }
}

#[test]
fn rematch_pressed_by_both_players_in_two_processes_starts_one_game() {
    for run in 0..RUNS {
        for database in backends() {
            let dir = tempfile::tempdir().unwrap();
            let db = db_arg(&database);
            let played = output(console(
                &db,
                dir.path(),
                "as ann\nchallenge ben size:4\nas ben\naccept\nresign\n",
            ));
            assert!(played.contains("ben resigned"), "{played}");
            let (ann, ben) = race(
                &db,
                dir.path(),
                "as ann\nrematch #1\n",
                "as ben\nrematch #1\n",
            );
            let both = format!("{ann}{ben}");
            assert_eq!(
                both.matches("Rematch of game #1").count(),
                1,
                "run {run}: {both}"
            );
            // The rematch's number: PostgreSQL's identity column leaves a gap when the
            // transaction that lost the race had drawn a number, so it is read, not assumed.
            let number = rematch_number(&both).unwrap_or_else(|| panic!("run {run}: {both}"));
            assert_eq!(
                both.matches(&format!("Game #{number} begins")).count(),
                1,
                "run {run}: {both}"
            );
            assert_eq!(
                both.matches("Game #").count(),
                1,
                "run {run}: one game: {both}"
            );
            let games = output(console(&db, dir.path(), "as ann\ngames\n"));
            assert!(
                games.contains(&format!("game #{number}")),
                "run {run}: {games}"
            );
            let others: Vec<&str> = games
                .lines()
                .filter(|l| l.starts_with("- game #"))
                .filter(|l| !l.starts_with("- game #1 ") && !l.contains(&format!("#{number} ")))
                .collect();
            assert!(others.is_empty(), "run {run}: one rematch only: {games}");
        }
    }
}

/// The number in "(game #N)" of the rematch's challenge line.
fn rematch_number(text: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.contains("(game #"))?;
    let rest = &line[line.find("(game #")? + "(game #".len()..];
    rest[..rest.find(')')?].parse().ok()
}
