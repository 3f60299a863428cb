//! The rules commands of the `akron` binary: exact output formats and exit codes.

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

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn moves_lists_every_placement_of_the_start() {
    let out = akron(&["moves", "3:b:4,4:3/3/3"]);
    assert!(out.status.success());
    let lines: Vec<String> = stdout(&out).lines().map(String::from).collect();
    assert_eq!(
        lines,
        ["A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"]
    );
}

#[test]
fn moves_lists_steps_in_canonical_notation() {
    // Figure 5 of RULES section 7: the step E7-C6' is among Black's moves.
    let code = "8:b:5,5:3w4/3wb3/2wwb3/1bbwbb2/3w4/3w4/8/8|7/7/3b3/7/7/7/7";
    let out = akron(&["moves", code]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.lines().any(|l| l == "E7-C6'"), "{text}");
    assert!(text.lines().all(|l| l.parse::<akron_rules::Move>().is_ok()));
}

#[test]
fn apply_prints_move_code_and_status_per_move() {
    let out = akron(&["apply", "3:b:4,4:3/3/3", "b2", "A2", "swap"]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "swap after two moves from a code is illegal"
    );
    assert_eq!(
        stdout(&out),
        "B2 3:w:3,4:3/1b1/3 ongoing\nA2 3:b:3,3:3/wb1/3 ongoing\n"
    );
    assert_eq!(
        stderr(&out),
        "error: swap: swap is only possible as White's answer to the first move\n"
    );
}

#[test]
fn apply_allows_swap_from_the_empty_start() {
    let out = akron(&["apply", "3:b:4,4:3/3/3", "B2", "swap", "A1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "B2 3:w:3,4:3/1b1/3 ongoing\nswap 3:w:3,4:3/1b1/3 ongoing\nA1 3:b:3,3:3/1b1/w2 ongoing\n"
    );
}

#[test]
fn apply_reports_wins_under_both_rules() {
    let code = "4:b:5,5:w3/wbw1/wbw1/1b2|3/w2/3";
    let out = akron(&["apply", code, "B4", "D1"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let statuses: Vec<&str> = text
        .lines()
        .map(|l| l.splitn(3, ' ').nth(2).unwrap_or_default())
        .collect();
    assert_eq!(statuses, ["ongoing", "black wins connection"], "{text}");
    let out = akron(&["apply", "--rule", "immediate", code, "B4"]);
    assert!(
        stdout(&out).trim_end().ends_with("black wins connection"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn apply_rejects_bad_input_with_exit_code_2() {
    let out = akron(&["apply", "3:b:4,4:3/3/3", "B2", "Q9"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stdout(&out),
        "B2 3:w:3,4:3/1b1/3 ongoing\n",
        "lines already printed stand"
    );
    assert_eq!(
        stderr(&out),
        "error: Q9: Q9 is not on this 3 × 3 board: column Q is outside A to C and row 9 is \
         outside 1 to 3\n",
        "the message names this board's range"
    );

    let out = akron(&["apply", "3:b:4,4:3/3/3", "B2", "B2"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out), "error: B2: B2 is occupied\n");

    let out = akron(&["apply", "3:b:4,4:3/3/4", "B2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    assert!(
        stderr(&out).starts_with("error: bad position code: level 0, row 1 must have 3 points"),
        "{}",
        stderr(&out)
    );

    let out = akron(&["apply", "--rule", "sudden", "3:b:4,4:3/3/3"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn spans_names_the_connected_colour() {
    assert_eq!(stdout(&akron(&["spans", "3:w:0,0:1b1/1b1/1b1"])), "black\n");
    assert_eq!(stdout(&akron(&["spans", "3:w:0,0:3/www/3"])), "white\n");
    assert_eq!(stdout(&akron(&["spans", "3:b:4,4:3/3/3"])), "none\n");
    // A cut connection does not span.
    assert_eq!(
        stdout(&akron(&["spans", "4:w:5,5:wbw1/wbw1/wbw1/1b2|w2/ww1/3"])),
        "none\n"
    );
}

#[test]
fn perft_counts_leaves() {
    assert_eq!(stdout(&akron(&["perft", "3:b:4,4:3/3/3", "3"])), "504\n");
    assert_eq!(
        stdout(&akron(&["perft", "8:b:32,32:8/8/8/8/8/8/8/8", "2"])),
        "4032\n"
    );
}

#[test]
fn selfplay_prints_one_summary_line() {
    let out = akron(&[
        "selfplay",
        "--games",
        "20",
        "--seed",
        "5",
        "--size",
        "5",
        "--max-plies",
        "100",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1);
    let field = |name: &str| -> f64 {
        text.split_whitespace()
            .find_map(|f| f.strip_prefix(&format!("{name}=")))
            .and_then(|v| v.parse().ok())
            .unwrap_or(-1.0)
    };
    assert_eq!(field("games"), 20.0);
    assert!(field("plies") > 0.0 && field("plies") <= 2000.0);
    assert!(field("games_per_second") > 0.0);
    let outcomes: f64 = [
        "black_connection",
        "white_connection",
        "black_no_moves",
        "white_no_moves",
        "draw_repetition",
        "unfinished",
    ]
    .iter()
    .map(|k| field(k))
    .sum();
    assert_eq!(outcomes, 20.0, "{text}");
    // The same seed plays the same games.
    let again = stdout(&akron(&[
        "selfplay",
        "--games",
        "20",
        "--seed",
        "5",
        "--size",
        "5",
        "--max-plies",
        "100",
    ]));
    assert_eq!(
        again.split_whitespace().nth(1),
        text.split_whitespace().nth(1)
    );
}

/// Regression (issue 26): `akron apply CODE B2 --rule immediate` said the moves included
/// `--rule`: the move list swallowed every later argument.
#[test]
fn options_after_the_moves_are_read_as_options() {
    let out = akron(&["apply", "5:b:12,12:5/5/5/5/5", "B2", "--rule", "immediate"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "B2 5:w:11,12:5/5/5/1b3/5 ongoing\n");
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("temp dir: {e}"));
    let gif = dir.path().join("line.gif");
    let gif_arg = gif.to_string_lossy().into_owned();
    let out = akron(&[
        "replay",
        "5:b:12,12:5/5/5/5/5",
        "C3",
        "B2",
        "C2",
        "-o",
        &gif_arg,
        "--speed",
        "slow",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(gif.exists());
}
