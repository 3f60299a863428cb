//! Regression (issue 26): tournament sign-up racing `tournament start`.
//!
//! `start` read the entrants before its write transaction, so a `leave` landing in between
//! was paired anyway (and every tick failed from then on: "player 4 is not an entrant"), a
//! `join` landing in between got no game and no bye, and a losing second `start` was told
//! "Something went wrong storing the game". Each test runs the race many times, with
//! several threads on one service and with several `akron play` processes on one file, and
//! checks what every player was told against what round 1 holds. This is the race between
//! `akron play` processes on one file; akron-service's `tournament_races` runs it between
//! threads on one service.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing::sign_up_race::{
    entrants_and_round_one, started_count, Told, JOINERS, LEAVERS,
};
use std::ffi::OsStr;
use std::io::Write;
use std::path::Path;
use std::process::{Child, Stdio};

/// Starts `akron play` on `db` with `script` on its standard input.
/// (`db` is a file or a PostgreSQL address; also used by `casual_races`.)
pub(crate) fn console(db: impl AsRef<OsStr>, out: &Path, script: impl AsRef<str>) -> Child {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_akron"))
        .args(["play", "--db"])
        .arg(db)
        .arg("--out")
        .arg(out)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawns akron play");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_ref().as_bytes())
        .expect("writes the script");
    child
}

/// Waits for a console and returns its standard output; its standard error must be empty
/// (nothing failed inside).
pub(crate) fn output(child: Child) -> String {
    let output = child.wait_with_output().expect("runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}{stderr}");
    assert!(stderr.is_empty(), "nothing fails inside: {stderr}");
    stdout
}

#[test]
fn leaves_and_joins_during_start_are_paired_exactly_as_told_processes() {
    for run in 0..12 {
        let dir = tempfile::tempdir().unwrap();
        let (db, out) = (dir.path().join("t.db"), dir.path().join("b"));
        let mut setup =
            "in t\nas org\ntournament create T format:swiss size:4 time:1d\n".to_string();
        for player in ["p0", "p1", "p2", "p3", "p4"] {
            setup.push_str(&format!("as {player}\ntournament join\n"));
        }
        let text = output(console(&db, &out, setup));
        assert!(text.contains("Entrants (5)"), "{text}");
        let mut told = Told {
            entered: ["p0", "p1", "p2", "p3", "p4"]
                .into_iter()
                .map(String::from)
                .collect(),
            ..Told::default()
        };
        let mut racers: Vec<(&str, &str, Child)> = Vec::new();
        for player in LEAVERS {
            let script = format!("in t\nas {player}\ntournament leave\n");
            racers.push((player, "leave", console(&db, &out, script)));
        }
        for player in JOINERS {
            let script = format!("in t\nas {player}\ntournament join\n");
            racers.push((player, "join", console(&db, &out, script)));
        }
        for _ in 0..2 {
            let script = "in t\nas org\ntournament start\n".to_string();
            racers.push(("org", "start", console(&db, &out, script)));
        }
        for (who, what, child) in racers {
            let text = output(child);
            // Whatever notices the console printed too, exactly one answer to the command.
            let (done, refused) = match what {
                "leave" => ("Entrants (", "! The tournament has started"),
                "join" => ("Entrants (", "! T has started; sign-up is closed"),
                _ => ("T starts: ", "! The tournament has already started."),
            };
            match (text.contains(done), text.contains(refused)) {
                (true, false) if what == "leave" => {
                    told.left.insert(who.to_string());
                }
                (true, false) if what == "join" => {
                    told.entered.insert(who.to_string());
                }
                (true, false) => {
                    told.starts += 1;
                    told.started_with = started_count(&text);
                }
                (false, true) => {}
                _ => panic!("run {run}: {who} {what} got neither answer: {text}"),
            }
        }
        let (entrants, paired) =
            entrants_and_round_one(&akron_service::db::Db::open(&db).expect("opens"));
        told.check(&entrants, &paired, run);
        // Days later: every round-1 game times out, round 2 is paired, nothing fails.
        let later = output(console(
            &db,
            &out,
            "in t\nwait 2d\nwait 2d\nwait 2d\ntournament standings\n",
        ));
        assert!(
            !later.contains("could not settle") && !later.contains("Something went wrong"),
            "run {run}: {later}"
        );
        assert!(later.contains("standings after"), "run {run}: {later}");
    }
}
