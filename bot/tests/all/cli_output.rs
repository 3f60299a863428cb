//! Regression (issue 17): `akron spans|perft|selfplay` panicked (exit 101) when standard
//! output failed; so did `bestmove`, `solve`, `arena` and `puzzles check` (issue 26). Every
//! command reports a failed write as one line, `error: cannot write to standard output: ...`,
//! and exits with 2.
#![cfg(unix)]

use std::fs::File;
use std::process::{Command, Output, Stdio};

const START: &str = "3:b:4,4:3/3/3";

/// Every command that prints on standard output, with arguments that make it print.
fn printing_commands() -> Vec<Vec<&'static str>> {
    vec![
        vec!["moves", START],
        vec!["apply", START, "B2"],
        vec!["spans", START],
        vec!["perft", START, "2"],
        vec![
            "selfplay",
            "--games",
            "2",
            "--size",
            "3",
            "--seed",
            "1",
            "--max-plies",
            "20",
        ],
        vec!["bestmove", START, "--playouts", "50"],
        vec!["solve", START, "--depth", "1"],
        vec![
            "arena",
            "--a",
            "1",
            "--b",
            "1",
            "--games",
            "2",
            "--time-ms",
            "10",
            "--size",
            "3",
        ],
        vec!["puzzles", "check"],
        vec!["--help"],
        vec!["--version"],
    ]
}

/// Runs `akron ARGS` with standard output sent to `stdout`.
fn run(args: &[&str], stdout: Stdio) -> Output {
    match Command::new(env!("CARGO_BIN_EXE_akron"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .output()
    {
        Ok(output) => output,
        Err(e) => panic!("cannot run akron: {e}"),
    }
}

fn assert_reported(args: &[&str], out: &Output, why: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "akron {args:?} {why}: {stderr}");
    assert!(
        stderr.starts_with("error: cannot write"),
        "akron {args:?} {why}: {stderr}"
    );
    assert!(
        !stderr.contains("panicked"),
        "akron {args:?} {why}: {stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "akron {args:?} {why}: {stderr}");
}

#[test]
fn a_full_disk_is_an_error_not_a_panic() -> std::io::Result<()> {
    for args in printing_commands() {
        let out = run(&args, Stdio::from(File::create("/dev/full")?));
        assert_reported(&args, &out, "> /dev/full");
    }
    Ok(())
}

#[test]
fn a_closed_pipe_is_an_error_not_a_panic() -> std::io::Result<()> {
    // A pipe whose reading end is closed before akron starts, so every write fails with
    // EPIPE: a FIFO opened for reading and writing, a second writer, then the reader closed.
    let dir = tempfile::tempdir()?;
    let fifo = dir.path().join("pipe");
    for args in printing_commands() {
        let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
        let script = format!(
            "rm -f '{fifo}' && mkfifo '{fifo}' && exec 3<>'{fifo}' 4>'{fifo}' && exec 3<&- \
             && exec '{akron}' {args} >&4",
            fifo = fifo.display(),
            akron = env!("CARGO_BIN_EXE_akron"),
            args = quoted.join(" ")
        );
        let out = match Command::new("sh")
            .arg("-c")
            .arg(&script)
            .stdin(Stdio::null())
            .output()
        {
            Ok(output) => output,
            Err(e) => panic!("cannot run sh: {e}"),
        };
        assert_reported(&args, &out, "| (closed pipe)");
    }
    Ok(())
}

#[test]
fn the_console_reports_a_full_disk() -> std::io::Result<()> {
    let dir = tempfile::tempdir()?;
    let db = dir.path().join("a.db");
    let boards = dir.path().join("boards");
    let args = [
        "play",
        "--db",
        &db.to_string_lossy(),
        "--out",
        &boards.to_string_lossy(),
    ]
    .map(String::from);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = run(&args, Stdio::from(File::create("/dev/full")?));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    Ok(())
}
