//! `akron discord` without a token refuses to start and says which variable to set.

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
