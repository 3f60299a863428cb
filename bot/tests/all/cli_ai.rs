//! The engine commands of the `akron` binary: output formats and exit codes.

use std::process::{Command, Output};

fn akron(args: &[&str]) -> Output {
    match Command::new(env!("CARGO_BIN_EXE_akron"))
        .args(args)
        .output()
    {
        Ok(output) => output,
        Err(e) => panic!("cannot run akron: {e}"),
    }
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn bestmove_prints_the_move_its_winrate_and_the_line() {
    // Black holds A1 and A3 on 3 × 3: under the immediate rule A2 wins at once.
    let out = akron(&[
        "bestmove",
        "3:b:3,4:b2/3/b2",
        "--rule",
        "immediate",
        "--playouts",
        "50",
    ]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "A2 1.000 A2\n");
    let out = akron(&["bestmove", "5:b:12,12:5/5/5/5/5", "--playouts", "100"]);
    let text = stdout(&out);
    let fields: Vec<&str> = text.split_whitespace().collect();
    assert!(fields.len() >= 3, "{text}");
    assert_eq!(fields[0], fields[2], "the line starts with the move");
    let winrate: f64 = fields[1].parse().unwrap_or(-1.0);
    assert!((0.0..=1.0).contains(&winrate), "{text}");
}

#[test]
fn solve_prints_win_loss_or_unknown_and_the_time() {
    let out = akron(&[
        "solve",
        "3:b:3,4:b2/3/b2",
        "--rule",
        "immediate",
        "--depth",
        "1",
    ]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "win A2");
    assert!(lines[1].starts_with("time "), "{text}");
    // No legal move: a loss.
    let out = akron(&["solve", "3:b:0,3:3/1w1/3"]);
    assert_eq!(stdout(&out).lines().next(), Some("loss"));
    // A bad code is an error, exit status 2.
    let out = akron(&["solve", "3:b:0,3:3/1w1"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn arena_prints_one_line_per_game_and_the_summary() {
    let out = akron(&[
        "arena",
        "--a",
        "1",
        "--b",
        "uct",
        "--games",
        "2",
        "--time-ms",
        "5",
        "--size",
        "3",
    ]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("game 1 "));
    let summary = lines[2];
    for field in [
        "a=level1", "b=uct", "wins=", "losses=", "draws=", "elo=", "low=", "high=",
    ] {
        assert!(summary.contains(field), "{summary}");
    }
}
