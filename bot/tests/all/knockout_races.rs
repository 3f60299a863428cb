//! A knockout's race between processes (issue 43): two `akron play` processes on one
//! database, SQLite file and PostgreSQL (when `AKRON_TEST_POSTGRES` is set). One plays the
//! last result of round 1, which pairs the final; the other withdraws a finalist at the same
//! moment. Whichever lands first, the other finalist wins the tournament exactly once and
//! nothing fails; akron-service's `knockout` tests run the same race between threads and
//! between two pools.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::casual_races::{backends, db_arg};
use crate::tournament_races::{console, output};

const RUNS: usize = 8;

#[test]
fn a_finalists_withdrawal_racing_the_pairing_of_the_final_in_two_processes_has_one_outcome() {
    for run in 0..RUNS {
        for database in backends() {
            let dir = tempfile::tempdir().unwrap();
            let db = db_arg(&database);
            // Four players, seeded in the order they joined: ana v dani and ben v cleo.
            let mut setup = String::from(
                "in lobby\nas org\n\
                 tournament create Race Cup format:single best-of:1 time:1d size:3\n",
            );
            for player in ["ana", "ben", "cleo", "dani"] {
                setup.push_str(&format!("as {player}\ntournament join\n"));
            }
            setup.push_str("as org\ntournament start\nin game-1\nas dani\nresign\n");
            let set = output(console(&db, dir.path(), &setup));
            assert!(set.contains("ana beats @dani"), "{set}");
            // ana is through to the final; ben wins the other semi-final while ana withdraws.
            let (result, withdrawal) = (
                console(&db, dir.path(), "in game-2\nas cleo\nresign\n"),
                console(&db, dir.path(), "in lobby\nas ana\ntournament withdraw\n"),
            );
            let (result, withdrawal) = (output(result), output(withdrawal));
            assert!(
                withdrawal.contains("ana withdrew from Race Cup"),
                "run {run}: {withdrawal}"
            );
            // Whatever is still to tell goes out, and the standings are asked for.
            let after = output(console(
                &db,
                dir.path(),
                "in lobby\nas org\ntournament standings\n",
            ));
            let all = format!("{set}{result}{withdrawal}{after}");
            // One final, paired once: a game ana loses when the withdrawal came second,
            // announced once; a walkover when it came first, which opens no match and is
            // told by the tournament's end alone. And one champion.
            let paired_first = all.contains("game #3");
            assert_eq!(
                all.matches("» notice in #lobby:\nRace Cup, final (best of 1):")
                    .count(),
                usize::from(paired_first),
                "run {run}: {all}"
            );
            assert_eq!(
                all.matches("🏆 Race Cup is over: ben wins it.").count(),
                1,
                "run {run}: {all}"
            );
            assert!(
                after.contains("Final places:\n1. ben (2)\n2. ana (1, withdrew)"),
                "run {run}: {after}"
            );
            assert!(!all.contains("went wrong"), "run {run}: {all}");
            let order = if paired_first {
                "the final paired first"
            } else {
                "the withdrawal first"
            };
            eprintln!("run {run}, {}: {order}", db.split(':').next().unwrap_or(""));
        }
    }
}

/// A check-in racing the start (issue 43): one process confirms the last entrant while the
/// organiser's process closes the check-in and starts. Either the confirmation counted and
/// the entrant is in the draw, or it is refused because the tournament started and the
/// entrant is dropped: never counted and dropped, never refused and drawn.
#[test]
fn a_check_in_racing_the_start_in_two_processes_is_drawn_exactly_when_it_counted() {
    let mut seen = [0_usize; 2];
    for run in 0..RUNS {
        for database in backends() {
            let dir = tempfile::tempdir().unwrap();
            let db = db_arg(&database);
            let mut setup = String::from(
                "in lobby\nas org\n\
                 tournament create Check Cup format:single time:1d size:3 check-in:30m\n",
            );
            for player in ["ana", "ben", "cleo"] {
                setup.push_str(&format!("as {player}\ntournament join\n"));
            }
            setup.push_str("as org\ntournament check-in\nas ana\ntournament confirm\n");
            setup.push_str("as ben\ntournament confirm\n");
            let set = output(console(&db, dir.path(), &setup));
            assert!(
                set.contains("ben checked in to Check Cup (2 of 3)"),
                "{set}"
            );
            let (confirm, start) = (
                console(&db, dir.path(), "in lobby\nas cleo\ntournament confirm\n"),
                console(&db, dir.path(), "in lobby\nas org\ntournament start\n"),
            );
            let (confirm, start) = (output(confirm), output(start));
            let pairings = output(console(
                &db,
                dir.path(),
                "in lobby\nas org\ntournament pairings round:1\n",
            ));
            let both = format!("{confirm}\n--\n{start}\n--\n{pairings}");
            assert!(start.contains("Check Cup starts"), "run {run}: {both}");
            let drawn = pairings.contains("cleo");
            if confirm.contains("cleo checked in to Check Cup (3 of 3)") {
                seen[0] += 1;
                assert!(drawn, "run {run}: counted, so drawn: {both}");
                assert!(!start.contains("Dropped"), "run {run}: {both}");
            } else {
                seen[1] += 1;
                assert!(
                    confirm.contains("Check Cup has started: the check-in is over."),
                    "run {run}: refused for the real reason: {both}"
                );
                assert!(!drawn, "run {run}: refused, so not drawn: {both}");
                assert!(
                    start.contains("Dropped for not checking in: cleo."),
                    "run {run}: {both}"
                );
            }
        }
    }
    eprintln!("counted {}, refused {}", seen[0], seen[1]);
}
