//! `akron discord` without a token refuses to start and says which variable to set; `akron`
//! alone without a token is the console game.

use std::process::Command;

#[test]
fn without_a_token_it_exits_non_zero_naming_discord_token() -> Result<(), std::io::Error> {
    let dir = std::env::temp_dir();
    let output = Command::new(env!("CARGO_BIN_EXE_akron"))
        .arg("discord")
        .env_remove("DISCORD_TOKEN")
        .current_dir(dir)
        .output()?;
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("DISCORD_TOKEN"), "{stderr}");
    Ok(())
}

#[test]
fn without_a_command_or_a_token_it_is_the_console_game() -> Result<(), std::io::Error> {
    use std::io::Write;
    let dir = tempfile::tempdir()?;
    let mut child = Command::new(env!("CARGO_BIN_EXE_akron"))
        .env_remove("DISCORD_TOKEN")
        .env_remove("AKRON_DB")
        .current_dir(dir.path())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()?;
    if let Some(mut input) = child.stdin.take() {
        input.write_all(b"challenge bob size:4\nquit\n")?;
    }
    let output = child.wait_with_output()?;
    assert!(output.status.success());
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("DISCORD_TOKEN is not set"), "{stderr}");
    assert!(stdout.contains("Akron console on akron.db"), "{stdout}");
    assert!(stdout.contains("challenges @bob"), "{stdout}");
    // The default database and picture folder, in the working directory.
    assert!(dir.path().join("akron.db").exists());
    assert!(dir.path().join("akron-boards").is_dir());
    Ok(())
}
