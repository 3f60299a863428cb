//! The operator's command line, run as the real binary (issue 38 points 6, 7, 8, 11, 16;
//! issue 41 points 2 and 4): refusals that say what is wrong, and logs fit for a file.
#![cfg(unix)]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn akron(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_akron"))
        .args(args)
        .current_dir(dir)
        .env_remove("AKRON_DB")
        .env_remove("DISCORD_TOKEN")
        .env_remove("AKRON_LOG_FORMAT")
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .output()
        .expect("akron runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn replay_of_a_missing_file_says_there_is_no_such_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = akron(&["replay", "game.txt", "-o", "game.gif"], dir.path());
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("there is no file game.txt, and it is not a position code either"),
        "{err}"
    );
    assert!(!dir.path().join("game.gif").exists());
}

#[test]
fn db_copy_from_a_source_that_does_not_exist_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = akron(
        &["db", "copy", "--from", "srcc.db", "--to", "copy2.db"],
        dir.path(),
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("there is no database srcc.db"), "{err}");
    assert!(out.stdout.is_empty(), "nothing is said to be copied");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn db_copy_of_an_empty_source_is_refused_unless_allow_empty() {
    let dir = tempfile::tempdir().unwrap();
    // A database the bot made, holding nothing.
    let seed = tempfile::tempdir().unwrap();
    drop(akron_service::db::Db::open(&seed.path().join("empty.db")).unwrap());
    std::fs::copy(seed.path().join("empty.db"), dir.path().join("empty.db")).unwrap();
    let out = akron(
        &["db", "copy", "--from", "empty.db", "--to", "copy.db"],
        dir.path(),
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--allow-empty"), "{err}");
    assert!(!dir.path().join("copy.db").exists());
    let out = akron(
        &[
            "db",
            "copy",
            "--from",
            "empty.db",
            "--to",
            "copy.db",
            "--allow-empty",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("0 games replayed"));
}

#[test]
fn db_check_and_backup_of_a_database_report_what_they_did() {
    let dir = tempfile::tempdir().unwrap();
    drop(akron_service::db::Db::open(&dir.path().join("akron.db")).unwrap());
    let out = akron(&["db", "check", "--db", "akron.db"], dir.path());
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{said}{}", stderr(&out));
    assert!(said.contains("akron.db: no problem found"), "{said}");
    let out = akron(
        &["db", "backup", "--db", "akron.db", "--to", "b.db"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(dir.path().join("b.db").is_file());
    let out = akron(
        &["db", "backup", "--db", "akron.db", "--to", "b.db"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("exists already"), "{}", stderr(&out));
    let out = akron(&["db", "check", "--db", "missing.db"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("there is no such file"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn worker_with_a_missing_or_empty_token_file_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = akron(
        &["worker", "--token-file", "missing-token", "--db", "w.db"],
        dir.path(),
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("reading the token file missing-token"),
        "{err}"
    );
    std::fs::write(dir.path().join("empty-token"), "\n").unwrap();
    let out = akron(
        &["worker", "--token-file", "empty-token", "--db", "w.db"],
        dir.path(),
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("the token file empty-token is empty"), "{err}");
    assert!(
        !dir.path().join("w.db").exists(),
        "the worker did not start"
    );
}

#[test]
fn web_with_a_missing_database_says_it_does_not_exist() {
    let dir = tempfile::tempdir().unwrap();
    let out = akron(
        &["web", "--db", "missing.db", "--listen", "127.0.0.1:0"],
        dir.path(),
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("there is no such file"), "{err}");
    assert!(!err.contains("writable"), "{err}");
    assert!(!dir.path().join("missing.db").exists());
}

/// Runs `akron worker` with its standard error in a file until it has logged that it
/// started, and returns the file's text.
fn worker_log(dir: &Path, extra: &[&str], env: &[(&str, &str)]) -> String {
    let log = dir.join(format!("worker-{}.log", extra.len() + env.len()));
    let file = std::fs::File::create(&log).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_akron"));
    command
        .args(extra)
        .args(["worker", "--db", "w.db"])
        .current_dir(dir)
        .env_remove("AKRON_DB")
        .env_remove("DISCORD_TOKEN")
        .env_remove("AKRON_LOG_FORMAT")
        .env_remove("NO_COLOR")
        .env("RUST_LOG", "info")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(file);
    for (key, value) in env {
        command.env(key, value);
    }
    let mut child = command.spawn().unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    let text = loop {
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        if text.contains("starting the worker") || Instant::now() > deadline {
            break text;
        }
        if let Ok(Some(status)) = child.try_wait() {
            panic!("the worker stopped ({status}): {text}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let _ = child.kill();
    let _ = child.wait();
    assert!(text.contains("starting the worker"), "{text}");
    text
}

#[test]
fn logs_redirected_to_a_file_carry_no_colour_escapes() {
    let dir = tempfile::tempdir().unwrap();
    let text = worker_log(dir.path(), &[], &[]);
    assert!(!text.contains('\x1b'), "{text:?}");
    assert!(text.contains("INFO"), "{text}");
    let text = worker_log(dir.path(), &[], &[("NO_COLOR", "1"), ("RUST_LOG", "debug")]);
    assert!(!text.contains('\x1b'), "{text:?}");
}

#[test]
fn log_format_json_writes_one_json_object_a_line() {
    let dir = tempfile::tempdir().unwrap();
    for (extra, env) in [
        (&["--log-format", "json"][..], &[][..]),
        (&[][..], &[("AKRON_LOG_FORMAT", "json")][..]),
    ] {
        let text = worker_log(dir.path(), extra, env);
        let mut started = false;
        for line in text.lines() {
            let value: serde_json::Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
            assert!(value.get("level").is_some(), "{line}");
            started |= value["fields"]["message"]
                .as_str()
                .is_some_and(|m| m.starts_with("starting the worker"));
        }
        assert!(started, "{text}");
    }
    let out = akron(&["--log-format", "xml", "worker"], dir.path());
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

/// Issue 41 point 5: the unit files in `deploy/systemd` pass `systemd-analyze verify` (with
/// `ExecStart` pointed at this build's binary) and carry the usual hardening.
#[test]
fn systemd_units_pass_systemd_analyze_verify() {
    let units = Path::new(env!("CARGO_MANIFEST_DIR")).join("../deploy/systemd");
    let names = [
        "akron-bot.service",
        "akron-worker.service",
        "akron-web.service",
    ];
    let dir = tempfile::tempdir().unwrap();
    for name in names {
        let text = std::fs::read_to_string(units.join(name)).unwrap();
        for key in [
            "DynamicUser=yes",
            "ProtectSystem=strict",
            "StateDirectory=akron",
            "NoNewPrivileges=yes",
            "Restart=on-failure",
            "ExecStart=/usr/local/bin/akron",
        ] {
            assert!(text.contains(key), "{name} lacks {key}");
        }
        let text = text.replace("/usr/local/bin/akron", env!("CARGO_BIN_EXE_akron"));
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let run = Command::new("systemd-analyze")
        .arg("verify")
        .args(names.iter().map(|name| dir.path().join(name)))
        .stdin(Stdio::null())
        .output();
    let out = match run {
        Ok(out) => out,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && std::env::var_os("CI").is_none() => {
            eprintln!(
                "note: systemd_units_pass_systemd_analyze_verify skipped: no systemd-analyze"
            );
            return;
        }
        Err(e) => panic!("cannot run systemd-analyze: {e}"),
    };
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(
        err.trim().is_empty(),
        "systemd-analyze warns about the units: {err}"
    );
}
