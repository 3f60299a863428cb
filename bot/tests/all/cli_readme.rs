//! The docs' examples run as written: every command example of the README and of every guide
//! in `docs/` (fenced `sh` blocks, `$ akron ...` transcripts with their output, and console
//! sessions such as `alice> move C3`), so that no doc example can go stale.
//!
//! Regression (issue 17): the README's command table left out `play`, `render` and `discord`.
//! The command table (now in `docs/players.md`) must list exactly the commands `akron --help`
//! names, including any added later.
//!
//! Regression (issue 26): the README's own `akron replay CODE C3 B2 C2 -o line.gif --speed
//! slow` failed, because the move list swallowed the options after it.
//!
//! Issue 42: the README became a front door and its text moved into `docs/`; every doc's
//! examples are run here, not only the README's.

use akron_bot::record::Record;
use akron_rules::{Game, GameOptions, Move};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The README, BENCHMARKS.md and every Markdown file in `docs/`: (name, text), read when the
/// test runs, so that a guide added later is covered too.
fn docs() -> Vec<(String, String)> {
    let mut files = vec![root().join("README.md"), root().join("BENCHMARKS.md")];
    let folder = root().join("docs");
    let entries = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", folder.display()));
    let mut guides: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    guides.sort();
    files.extend(guides);
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            let name = path
                .strip_prefix(root())
                .unwrap_or(&path)
                .display()
                .to_string();
            (name, text)
        })
        .collect()
}

/// One doc's text.
fn doc(name: &str) -> String {
    let path = root().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

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

/// The commands in the table of the players' guide's "The command line" section: rows that
/// start with `` | `akron NAME``.
fn commands_in_the_guide() -> BTreeSet<String> {
    let guide = doc("docs/players.md");
    let Some((_, section)) = guide.split_once("\n## The command line\n") else {
        panic!("docs/players.md has no \"The command line\" section");
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
fn the_players_guide_table_lists_every_command_of_the_binary() {
    let help = commands_in_help();
    let guide = commands_in_the_guide();
    assert!(help.len() >= 8, "the help lists the commands: {help:?}");
    let missing: Vec<&String> = help.difference(&guide).collect();
    assert!(
        missing.is_empty(),
        "the command table of docs/players.md lacks {missing:?}"
    );
    let unknown: Vec<&String> = guide.difference(&help).collect();
    assert!(
        unknown.is_empty(),
        "the command table of docs/players.md lists {unknown:?}, which akron --help does not"
    );
}

/// A doc's fenced code blocks: (language, lines). A fence may be indented (a block inside a
/// list item); its lines lose that indentation.
fn code_blocks(text: &str) -> Vec<(String, Vec<String>)> {
    let mut blocks = Vec::new();
    let mut open: Option<(String, usize, Vec<String>)> = None;
    for line in text.lines() {
        let indent = line.len() - line.trim_start().len();
        match (line.trim_start().strip_prefix("```"), open.take()) {
            (Some(language), None) => {
                open = Some((language.trim().to_string(), indent, Vec::new()));
            }
            (Some(_), Some((language, _, lines))) => blocks.push((language, lines)),
            (None, Some((language, indent, mut lines))) => {
                let cut = line.len() - line.trim_start().len();
                lines.push(line[cut.min(indent)..].to_string());
                open = Some((language, indent, lines));
            }
            (None, None) => {}
        }
    }
    blocks
}

#[test]
fn fences_inside_list_items_are_read_as_code_blocks() {
    let text = "1. Run it.\n\n   ```sh\n   akron spans X\n   ```\n\n```text\nalice> help\n```\n";
    assert_eq!(
        code_blocks(text),
        vec![
            ("sh".to_string(), vec!["akron spans X".to_string()]),
            ("text".to_string(), vec!["alice> help".to_string()]),
        ]
    );
}

/// A heading's anchor as GitHub makes it: lower case, spaces as hyphens, punctuation dropped.
fn anchor_of(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// A doc's text outside its fenced code blocks.
fn prose(text: &str) -> Vec<&str> {
    let mut fenced = false;
    text.lines()
        .filter(|line| {
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
                return false;
            }
            !fenced
        })
        .collect()
}

/// Issue 42: the README's text moved into five guides that link to each other and to the
/// README; a link to a file or a heading that is not there is a dead end for a newcomer.
#[test]
fn every_link_between_the_docs_reaches_a_file_and_a_heading() {
    let docs = docs();
    let mut checked = 0;
    let mut dead = Vec::new();
    for (name, text) in &docs {
        let folder = Path::new(name).parent().unwrap_or(Path::new(""));
        for line in prose(text) {
            for (at, _) in line.match_indices("](") {
                let target: String = line[at + 2..]
                    .chars()
                    .take_while(|c| *c != ')' && !c.is_whitespace())
                    .collect();
                if target.starts_with("http") || target.is_empty() {
                    continue;
                }
                let (file, heading) = target.split_once('#').unwrap_or((&target, ""));
                let path = if file.is_empty() {
                    root().join(name)
                } else {
                    root().join(folder).join(file)
                };
                checked += 1;
                let Ok(linked) = std::fs::read_to_string(&path) else {
                    if !path.exists() {
                        dead.push(format!("{name}: {target} (no such file)"));
                    }
                    continue;
                };
                if heading.is_empty() || !file.ends_with(".md") && !file.is_empty() {
                    continue;
                }
                let found = prose(&linked)
                    .iter()
                    .any(|l| l.starts_with('#') && anchor_of(l.trim_start_matches('#')) == heading);
                if !found {
                    dead.push(format!("{name}: {target} (no such heading)"));
                }
            }
        }
    }
    assert!(checked >= 50, "{checked} links checked");
    assert!(dead.is_empty(), "dead links: {dead:#?}");
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    assert_eq!(
        anchor_of(" The AI, analysis and puzzles"),
        "the-ai-analysis-and-puzzles"
    );
    assert_eq!(
        anchor_of("Web companion (issue 30)"),
        "web-companion-issue-30"
    );
    assert_eq!(
        anchor_of("The test build on CI's disk"),
        "the-test-build-on-cis-disk"
    );
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
fn every_doc_example_command_runs_as_written() {
    let dir = workspace();
    let mut commands = 0;
    let mut sessions = 0;
    let mut docs_with_examples = BTreeSet::new();
    for (name, text) in docs() {
        for (language, lines) in code_blocks(&text) {
            let before = commands + sessions;
            if language == "sh" && lines.iter().any(|l| l.starts_with("$ ")) {
                commands += transcript(dir.path(), &name, &lines);
            } else if language == "sh" {
                commands += script(dir.path(), &name, &lines);
            } else if language == "text" && lines.iter().any(|l| console_input(l).is_some()) {
                sessions += 1;
                console_session(dir.path(), &name, &lines, sessions);
            }
            if commands + sessions > before {
                docs_with_examples.insert(name.clone());
            }
        }
    }
    assert!(commands >= 15, "{commands} example commands found");
    assert!(sessions >= 4, "{sessions} console sessions found");
    for guide in [
        "README.md",
        "docs/players.md",
        "docs/organisers.md",
        "docs/operating.md",
    ] {
        assert!(
            docs_with_examples.contains(guide),
            "{guide} has no example the test runs: {docs_with_examples:?}"
        );
    }
}

/// A transcript: each `$ akron ...` line with the output it prints, compared line by line.
/// Returns the number of commands run.
fn transcript(dir: &Path, doc: &str, lines: &[String]) -> usize {
    let mut commands = 0;
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
        let out = shell(dir, command, "");
        let printed = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let printed: Vec<&str> = printed.lines().collect();
        assert_eq!(printed, expected, "`{command}` prints what {doc} says");
        let fails = expected.iter().any(|l| l.starts_with("error: "));
        assert_eq!(out.status.success(), !fails, "`{command}` in {doc}");
        commands += 1;
    }
    commands
}

/// Commands: every `akron` line of the block (and the variables they use), in order, each of
/// which must succeed. Lines that need a server or a token (`DISCORD_TOKEN=... akron`,
/// `cargo install`) are not `akron` lines and are left out. Returns the number run.
fn script(dir: &Path, doc: &str, lines: &[String]) -> usize {
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
    let mut commands = 0;
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
        let out = shell(dir, &run, "");
        assert!(
            out.status.success(),
            "`{line}` in {doc} failed: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        commands += usize::from(line.starts_with("akron"));
    }
    commands
}

/// A console session: the typed lines in, on a database of its own, and each printed line
/// found in the output (a trailing `...` marks a line shown in part).
fn console_session(dir: &Path, doc: &str, lines: &[String], number: usize) {
    let input: String = lines
        .iter()
        .filter_map(|l| console_input(l))
        .map(|l| format!("{l}\n"))
        .collect();
    let out = shell(
        dir,
        &format!("akron play --db session-{number}.db --out boards-{number}"),
        &input,
    );
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{doc}: {printed}");
    for line in lines.iter().filter(|l| console_input(l).is_none()) {
        let shown = line.trim_end_matches("...").trim_end();
        assert!(
            printed.contains(shown),
            "the console session of {doc} shows `{shown}`, akron play printed:\n{printed}"
        );
    }
}

/// The typed part of a console transcript line such as `alice> move C3`.
fn console_input(line: &str) -> Option<&str> {
    let (name, typed) = line.split_once("> ")?;
    (!name.is_empty() && name.chars().all(char::is_alphanumeric)).then_some(typed)
}

/// The README's test command is the one CI runs: `.ci/run` ends with it, as written.
#[test]
fn the_readmes_test_command_is_the_one_ci_runs() {
    const CI: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../.ci/run"));
    const README: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"));
    let command = README
        .lines()
        .find_map(|l| l.strip_prefix("cargo test "))
        .map(|rest| {
            format!(
                "cargo test {}",
                rest.split('#').next().unwrap_or_default().trim()
            )
        })
        .unwrap_or_else(|| panic!("the README shows the test command"));
    assert_eq!(
        CI.lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .map(str::trim),
        Some(command.as_str()),
        ".ci/run ends with the README's test command"
    );
}
