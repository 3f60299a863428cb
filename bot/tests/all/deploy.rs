//! Issue 41 point 5: the container files in `deploy/container`. No container runs in the
//! tests (the CI machine has no container registry to pull a base image from, and its
//! sandbox cannot start one: docs/operating.md says what was tried), so what can be checked
//! without one is: the Containerfile is a multi-stage build of this binary that runs as a
//! user without privileges and ships only the binary; the compose file runs PostgreSQL, two
//! bot shards, a worker and the web companion, and every command and setting it gives the
//! binary is one the binary accepts.

use std::path::{Path, PathBuf};
use std::process::Command;

fn deploy(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../deploy/container")
        .join(name)
}

fn read(name: &str) -> String {
    std::fs::read_to_string(deploy(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn the_containerfile_builds_this_binary_in_two_stages_and_runs_it_as_a_user() {
    let text = read("Containerfile");
    let stages: Vec<&str> = text
        .lines()
        .filter(|line| line.starts_with("FROM "))
        .collect();
    assert_eq!(
        stages.len(),
        2,
        "a build stage and a small run stage: {stages:?}"
    );
    assert!(stages[0].ends_with(" AS build"), "{}", stages[0]);
    assert!(
        text.contains("cargo build --release --locked -p akron-bot --bin akron"),
        "it builds the binary package's binary"
    );
    let run_stage = text
        .split("\nFROM ")
        .nth(2)
        .unwrap_or_else(|| panic!("a run stage"));
    let copies: Vec<&str> = run_stage
        .lines()
        .filter(|line| line.starts_with("COPY"))
        .collect();
    assert_eq!(
        copies,
        ["COPY --from=build /out/akron /usr/local/bin/akron"],
        "only the binary is carried over"
    );
    let user = run_stage
        .lines()
        .find_map(|line| line.strip_prefix("USER "))
        .unwrap_or_else(|| panic!("the run stage names a user"));
    assert!(
        !user.starts_with('0') && !user.starts_with("root"),
        "not root: {user}"
    );
    assert!(run_stage.contains("ENTRYPOINT [\"/usr/local/bin/akron\"]"));
    assert!(run_stage.contains("STOPSIGNAL SIGTERM"));
}

#[test]
fn the_compose_file_runs_postgres_two_shards_a_worker_and_the_web_with_options_the_binary_accepts()
{
    let text = read("compose.yaml");
    for service in ["postgres:", "bot-0:", "bot-1:", "worker:", "web:"] {
        assert!(
            text.lines()
                .any(|line| line.trim_end() == format!("  {service}")),
            "compose.yaml runs {service}"
        );
    }
    // Each command is one line, a JSON list (which YAML reads as the same list).
    let commands: Vec<Vec<String>> = text
        .lines()
        .filter_map(|line| line.trim().strip_prefix("command: "))
        .map(|list| {
            serde_json::from_str(list).unwrap_or_else(|e| panic!("{list} is a list of words: {e}"))
        })
        .collect();
    assert_eq!(commands.len(), 4, "{commands:?}");
    let shards: Vec<&Vec<String>> = commands
        .iter()
        .filter(|words| words.iter().any(|word| word == "--shards"))
        .collect();
    assert_eq!(shards.len(), 2, "two bot shards");
    for words in &commands {
        // The binary's own parser reads the words; `--help` after them prints the help
        // (exit 0) only if every word before it is one it knows.
        let out = Command::new(env!("CARGO_BIN_EXE_akron"))
            .args(words)
            .arg("--help")
            .output()
            .unwrap_or_else(|e| panic!("akron runs: {e}"));
        let help = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "akron {} is refused: {}",
            words.join(" "),
            String::from_utf8_lossy(&out.stderr)
        );
        // The settings the file gives every process are ones the binary reads.
        for setting in ["AKRON_ADMIN_LISTEN", "AKRON_STOP_TIMEOUT", "AKRON_DB"] {
            assert!(text.contains(&format!("{setting}:")));
            assert!(
                help.contains(setting),
                "akron {} --help names {setting}",
                words.join(" ")
            );
        }
    }
    let example = read("akron.env.example");
    assert!(example.contains("DISCORD_TOKEN="));
}
