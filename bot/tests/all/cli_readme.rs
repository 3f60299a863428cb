//! Regression (issue 17): the README's command table left out `play`, `render` and `discord`.
//! It must list exactly the commands `akron --help` names, including any added later.
//!
//! Regression (issue 26): the README's own `akron replay CODE C3 B2 C2 -o line.gif --speed
//! slow` failed, because the move list swallowed the options after it. Every `akron` command
//! in the README's code blocks is run here as it is written.

use akron_bot::record::Record;
use akron_rules::{Game, GameOptions, Move};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const README: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"));

/// The subcommands `akron --help` lists, without clap's own `help`.
fn commands_in_help() -> BTreeSet<String> {
    let output = match Command::new(env!("CARGO_BIN_EXE_akron"))
        .arg("--help")
        .output()
    {
        Ok(output) => output,
        Err(e) => panic!("cannot run akron: {e}"),
    };
    assert!(output.status.success());
    let help = String::from_utf8_lossy(&output.stdout).into_owned();
    let Some((_, list)) = help.split_once("Commands:\n") else {
        panic!("no command list in:\n{help}");
    };
    list.lines()
        .take_while(|line| !line.trim().is_empty())
        // A command's line is indented by two spaces; wrapped descriptions by more.
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(String::from)
        .collect()
}

/// The commands in the table of the README's "The command line" section: rows that start
/// with `` | `akron NAME``.
fn commands_in_readme() -> BTreeSet<String> {
    let Some((_, section)) = README.split_once("\n## The command line\n") else {
        panic!("the README has no \"The command line\" section");
    };
    let section = section.split("\n## ").next().unwrap_or_default();
    section
        .lines()
        .filter_map(|line| line.strip_prefix("| `akron "))
        .filter_map(|rest| rest.split([' ', '`']).next())
        .map(String::from)
        .collect()
}

#[test]
fn the_readme_table_lists_every_command_of_the_binary() {
    let help = commands_in_help();
    let readme = commands_in_readme();
    assert!(help.len() >= 8, "the help lists the commands: {help:?}");
    let missing: Vec<&String> = help.difference(&readme).collect();
    assert!(
        missing.is_empty(),
        "the README's command table lacks {missing:?}"
    );
    let unknown: Vec<&String> = readme.difference(&help).collect();
    assert!(
        unknown.is_empty(),
        "the README's command table lists {unknown:?}, which akron --help does not"
    );
}

/// The README's fenced code blocks: (language, lines).
fn code_blocks() -> Vec<(String, Vec<String>)> {
    let mut blocks = Vec::new();
    let mut open: Option<(String, Vec<String>)> = None;
    for line in README.lines() {
        match (line.strip_prefix("```"), open.take()) {
            (Some(language), None) => open = Some((language.trim().to_string(), Vec::new())),
            (Some(_), Some(block)) => blocks.push(block),
            (None, Some((language, mut lines))) => {
                lines.push(line.to_string());
                open = Some((language, lines));
            }
            (None, None) => {}
        }
    }
    blocks
}

/// A folder to run the examples in, with `game.txt`: the record of a random 8 × 8 game of
/// at least 60 moves, as `export` writes one.
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("temp dir: {e}"));
    let mut rng = SmallRng::seed_from_u64(26);
    let moves = loop {
        let Ok(mut game) = Game::new(GameOptions::default()) else {
            panic!("the default game");
        };
        while !game.is_over() && game.moves().len() < 80 {
            let moves: Vec<Move> = game
                .legal_moves()
                .into_iter()
                .filter(|m| *m != Move::Swap)
                .collect();
            let Some(&mv) = moves.get(rng.random_range(0..moves.len().max(1))) else {
                break;
            };
            if game.play(mv).is_err() {
                break;
            }
        }
        if game.moves().len() >= 60 {
            break game.moves().to_vec();
        }
    };
    let record = Record {
        tags: vec![
            ("Event".to_string(), "Akron".to_string()),
            ("Black".to_string(), "alice".to_string()),
            ("White".to_string(), "bob".to_string()),
        ],
        moves,
    };
    std::fs::write(dir.path().join("game.txt"), record.write())
        .unwrap_or_else(|e| panic!("writes game.txt: {e}"));
    dir
}

/// Runs `script` with `sh` in `dir`, `akron` on the `PATH` and no bot configured, feeding
/// `input` on standard input.
fn shell(dir: &Path, script: &str, input: &str) -> Output {
    let akron = Path::new(env!("CARGO_BIN_EXE_akron"));
    let folder = akron.parent().unwrap_or(Path::new("."));
    let path = format!(
        "{}:{}",
        folder.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(script)
        .current_dir(dir)
        .env("PATH", path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for secret in [
        "DISCORD_TOKEN",
        "MATRIX_HOMESERVER",
        "MATRIX_USER",
        "MATRIX_PASSWORD",
        "MATRIX_ACCESS_TOKEN",
        "AKRON_DB",
        "AKRON_RULES_URL",
    ] {
        command.env_remove(secret);
    }
    let output = command.spawn().and_then(|mut child| {
        if let Some(mut stdin) = child.stdin.take() {
            stdin.write_all(input.as_bytes())?;
        }
        child.wait_with_output()
    });
    output.unwrap_or_else(|e| panic!("cannot run sh: {e}"))
}

#[test]
fn every_readme_example_command_runs_as_written() {
    let dir = workspace();
    let mut commands = 0;
    for (language, lines) in code_blocks() {
        if language == "sh" && lines.iter().any(|l| l.starts_with("$ ")) {
            // A transcript: each `$ akron ...` line with the output it prints.
            let mut at = 0;
            while at < lines.len() {
                let Some(command) = lines[at].strip_prefix("$ ") else {
                    at += 1;
                    continue;
                };
                let expected: Vec<&str> = lines[at + 1..]
                    .iter()
                    .take_while(|l| !l.starts_with("$ "))
                    .map(String::as_str)
                    .collect();
                at += 1 + expected.len();
                let out = shell(dir.path(), command, "");
                let printed = format!(
                    "{}{}",
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(&out.stderr)
                );
                let printed: Vec<&str> = printed.lines().collect();
                assert_eq!(printed, expected, "`{command}` prints what the README says");
                let fails = expected.iter().any(|l| l.starts_with("error: "));
                assert_eq!(out.status.success(), !fails, "`{command}`");
                commands += 1;
            }
        } else if language == "sh" {
            // Commands: every `akron` line (and the variables they use), in order.
            let script: Vec<&str> = lines
                .iter()
                .map(String::as_str)
                .filter(|l| {
                    *l == "akron"
                        || l.starts_with("akron ")
                        || l.split_once('=').is_some_and(|(name, _)| {
                            !name.is_empty() && name.chars().all(|c| c.is_ascii_uppercase())
                        })
                })
                .collect();
            for line in &script {
                let run = format!(
                    "set -e\n{}\n{line}",
                    script
                        .iter()
                        .filter(|l| !l.starts_with("akron"))
                        .copied()
                        .collect::<Vec<_>>()
                        .join("\n")
                );
                let out = shell(dir.path(), &run, "");
                assert!(
                    out.status.success(),
                    "`{line}` failed: {}{}",
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(&out.stderr)
                );
                commands += usize::from(line.starts_with("akron"));
            }
        } else if language == "text" && lines.iter().any(|l| console_input(l).is_some()) {
            // A console session: the typed lines in, each printed line found in the output.
            let input: String = lines
                .iter()
                .filter_map(|l| console_input(l))
                .map(|l| format!("{l}\n"))
                .collect();
            let out = shell(dir.path(), "akron play --db session.db", &input);
            let printed = String::from_utf8_lossy(&out.stdout);
            assert!(out.status.success(), "{printed}");
            for line in lines.iter().filter(|l| console_input(l).is_none()) {
                let shown = line.trim_end_matches("...").trim_end();
                assert!(
                    printed.contains(shown),
                    "the README's console session shows `{shown}`, akron play printed:\n{printed}"
                );
            }
            commands += 1;
        }
    }
    assert!(commands >= 13, "{commands} example commands found");
}

/// The typed part of a console transcript line such as `alice> move C3`.
fn console_input(line: &str) -> Option<&str> {
    let (name, typed) = line.split_once("> ")?;
    (!name.is_empty() && name.chars().all(char::is_alphanumeric)).then_some(typed)
}
