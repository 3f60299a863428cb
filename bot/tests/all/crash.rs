//! The console killed with SIGKILL while moves stream in: no committed move is lost and
//! every game loads afterwards.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_rules::{Game, GameOptions, Move};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

/// A legal line of `plies` moves on 8 × 8 that does not end the game.
fn line(seed: u64, plies: usize) -> Vec<Move> {
    let mut rng = SmallRng::seed_from_u64(seed);
    'again: loop {
        let mut game = Game::new(GameOptions::default()).expect("options");
        while game.moves().len() < plies {
            let moves: Vec<Move> = game
                .legal_moves()
                .into_iter()
                .filter(|m| *m != Move::Swap)
                .filter(|&m| {
                    let mut probe = game.clone();
                    probe.play(m).is_ok_and(|r| r.outcome.is_none())
                })
                .collect();
            if moves.is_empty() {
                continue 'again;
            }
            let m = moves[rng.random_range(0..moves.len())];
            game.play(m).expect("legal");
        }
        return game.moves().to_vec();
    }
}

#[test]
fn sigkill_mid_stream_loses_no_committed_move() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("akron.db");
    let out = dir.path().join("boards");
    let lines = [line(1, 60), line(2, 60)];
    let channels = ["a", "b"];
    // The script: two games, then their moves interleaved.
    let mut script = Vec::new();
    for channel in channels {
        script.push(format!("in {channel}"));
        script.push("as alice".to_string());
        script.push("/akron challenge bob colour:black".to_string());
        script.push("as bob".to_string());
        script.push("/akron accept".to_string());
    }
    let mut order = Vec::new();
    for ply in 0..60 {
        for (g, (channel, line)) in channels.iter().zip(&lines).enumerate() {
            script.push(format!("in {channel}"));
            script.push(format!("as {}", if ply % 2 == 0 { "alice" } else { "bob" }));
            script.push(format!("/akron move {}", line[ply]));
            order.push(g);
        }
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_akron"))
        .args(["play", "--db"])
        .arg(&db)
        .arg("--out")
        .arg(&out)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawns akron");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let script = Arc::new(script);
    let writer = {
        let script = Arc::clone(&script);
        thread::spawn(move || {
            for l in script.iter() {
                if writeln!(stdin, "{l}").is_err() {
                    return; // the child is gone
                }
                if l.contains("move") {
                    thread::sleep(Duration::from_millis(2));
                }
            }
        })
    };
    let mut confirmed = 0;
    for l in BufReader::new(stdout).lines() {
        let Ok(l) = l else { break };
        assert!(!l.starts_with('!'), "a move was refused: {l}");
        if l.contains(") placed ") || l.contains(") stepped ") {
            confirmed += 1;
            if confirmed == 50 {
                child.kill().expect("SIGKILL"); // Child::kill sends SIGKILL on Unix.
                break;
            }
        }
    }
    let status = child.wait().expect("waits");
    assert!(!status.success(), "the child was killed");
    let _ = writer.join();
    assert_eq!(confirmed, 50, "the console confirmed moves before the kill");

    // Reopen: every game loads, and each holds at least its confirmed moves, in order.
    let clock = Arc::new(akron_bot::service::ManualClock::new(common::T0));
    let service = common::open(&db, &clock);
    assert_eq!(service.check_all_games().expect("every game loads"), 2);
    for (g, channel) in channels.iter().enumerate() {
        let view = service
            .channel_game(&common::channel_id_on("console", channel))
            .expect("loads")
            .expect("active");
        let confirmed_here = order[..confirmed].iter().filter(|&&x| x == g).count();
        let stored = view.game.moves();
        assert!(
            stored.len() >= confirmed_here,
            "game {channel}: {} stored, {confirmed_here} confirmed",
            stored.len()
        );
        assert_eq!(stored, &lines[g][..stored.len()]);
    }
}
