//! The console front end, driven through a pipe as in a script.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn a_scripted_console_game_prints_boards_and_writes_pictures() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("boards");
    let mut child = Command::new(env!("CARGO_BIN_EXE_akron"))
        .args(["play", "--db"])
        .arg(dir.path().join("console.db"))
        .arg("--out")
        .arg(&out)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawns");
    let script = "/akron challenge bob size:3 colour:black\n\
                  as bob\n/akron accept #1\nas alice\n/akron move b2\n\
                  as bob\n/akron move Q9\nmove A1\nexport\nquit\nas carol\n";
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("writes");
    let output = child.wait_with_output().expect("runs");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).expect("utf-8");
    assert!(text.contains("[Accept] type: /akron accept #1"), "{text}");
    assert!(text.contains("**alice** (Black) placed **B2**."), "{text}");
    assert!(text.contains("@bob to move (White)."), "{text}");
    assert!(text.contains("   2 . x . "), "the ASCII board: {text}");
    assert!(
        text.contains("! 'Q9' is not a move") || text.contains("! Q9"),
        "{text}"
    );
    assert!(text.contains("1. B2 A1"), "the record: {text}");
    assert!(!text.contains("Now acting as carol"), "quit stops reading");
    let pictures = std::fs::read_dir(&out)
        .expect("the picture folder")
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.file_name().to_string_lossy().ends_with(".png"))
        })
        .count();
    assert_eq!(pictures, 3, "accept, B2 and A1 each drew the board");
    assert!(out.join("akron-1.txt").exists());
}

#[test]
fn the_console_waits_for_time_controls_and_plays_thread_games() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_akron"))
        .args(["play", "--db"])
        .arg(dir.path().join("console.db"))
        .arg("--out")
        .arg(dir.path().join("boards"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawns");
    let script = "challenge bob size:3 colour:black time:1d thread:on\n\
                  as bob\naccept\nas alice\nmove b2\n\
                  wait 12h\nwait 11h\nwait 1h\nwait soon\nboard\n";
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("writes");
    let output = child.wait_with_output().expect("runs");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).expect("utf-8");
    assert!(
        text.contains("thread \"Akron #1: alice vs bob\" opened: now in channel game-1"),
        "{text}"
    );
    // The move is played in the thread, where the game now lives.
    assert!(text.contains("**alice** (Black) placed **B2**."), "{text}");
    // Half time: bob is reminded (a direct message), then an hour before, then he loses.
    // (The console's clock is the system clock moved forward, so a second may pass.)
    let half = text
        .find("» notice to bob (direct message):")
        .expect("a reminder");
    assert!(
        text[half..].contains("**12 h 0 min** left")
            || text[half..].contains("**11 h 59 min** left"),
        "{text}"
    );
    assert!(
        text.contains("**1 h 0 min** left") || text.contains("**59 min** left"),
        "{text}"
    );
    assert!(text.contains("» notice in #game-1:"), "{text}");
    assert!(text.contains("bob ran out of time"), "{text}");
    assert!(text.contains("! 'soon' is not a duration"), "{text}");
    assert!(text.contains("Black (alice) won on time"), "{text}");
}
