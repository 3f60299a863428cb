//! `akron doctor` against the fake Discord: the token, the registered commands, and a
//! channel where the bot lacks Create Public Threads, found from the server's roles and the
//! channel's overwrites as Discord returns them; the database's state.

use crate::discord_e2e;
use crate::fake_discord::payloads::{CREATE_PUBLIC_THREADS, GUILD_ID, OTHER_CHANNEL_ID};
use crate::fake_discord::FakeDiscord;
use akron_bot::service::{Config, Service};
use std::path::Path;

type Error = Box<dyn std::error::Error + Send + Sync>;

/// Runs `akron doctor` on `db` against `fake`: its exit code and standard output.
async fn doctor(fake: &FakeDiscord, dir: &Path, db: &Path) -> Result<(i32, String), Error> {
    let token = dir.join("token");
    std::fs::write(&token, "fake-token\n")?;
    let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_akron"))
        .arg("doctor")
        .arg("--db")
        .arg(db)
        .arg("--token-file")
        .arg(&token)
        .args(["--api-url", &fake.api_url()])
        .args(["--dev-guild", &GUILD_ID.to_string()])
        .env_remove("DISCORD_TOKEN")
        .env_remove("AKRON_DB")
        .env_remove("AKRON_WEB_URL")
        .env_remove("MATRIX_HOMESERVER")
        .env("NO_COLOR", "1")
        .output()
        .await?;
    Ok((
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned()
            + String::from_utf8_lossy(&output.stderr).as_ref(),
    ))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn doctor_reports_a_channel_missing_create_public_threads_and_passes_when_all_is_well(
) -> Result<(), Error> {
    let (fake, bot, dir) = discord_e2e::setup().await?;
    let db = dir.path().join("akron.db");

    let (code, text) = doctor(&fake, dir.path(), &db).await?;
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("ok: the token is valid"), "{text}");
    assert!(
        text.contains(&format!(
            "ok: the slash commands are registered in server {GUILD_ID}"
        )),
        "{text}"
    );
    assert!(text.contains("holds the invite's permissions"), "{text}");
    assert!(text.contains("is at this akron's schema"), "{text}");
    assert!(text.contains("no problem found"), "{text}");

    fake.deny_bot(OTHER_CHANNEL_ID, CREATE_PUBLIC_THREADS);
    let (code, text) = doctor(&fake, dir.path(), &db).await?;
    assert_eq!(code, 2, "{text}");
    let line = text
        .lines()
        .find(|line| line.starts_with("problem:") && line.contains(&OTHER_CHANNEL_ID.to_string()))
        .ok_or_else(|| format!("no problem names the channel: {text}"))?;
    assert!(line.contains("Create Public Threads"), "{line}");
    assert!(
        !line.contains("Send Messages"),
        "only what is missing: {line}"
    );
    assert!(
        text.contains("  fix: give the bot Create Public Threads"),
        "{text}"
    );
    assert!(text.contains("1 problem found"), "{text}");
    discord_e2e::stop_bot(bot).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn doctor_says_when_commands_are_not_registered_and_the_database_is_behind(
) -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let dir = tempfile::tempdir()?;
    let db = dir.path().join("akron.db");
    drop(Service::open(Config::with_db(&db))?);
    let behind = akron_service::db::Db::open(&db)?;
    behind.write(|c| c.execute("PRAGMA user_version = 1", &[]).map(drop))?;
    drop(behind);
    let (code, text) = doctor(&fake, dir.path(), &db).await?;
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains("problem: slash commands not registered"),
        "{text}"
    );
    assert!(text.contains("start `akron discord` once"), "{text}");
    assert!(
        text.contains("problem: the database") && text.contains("start the bot once"),
        "{text}"
    );
    Ok(())
}

/// `akron doctor` with the Matrix settings, against the real Synapse of the Matrix tests.
async fn doctor_matrix(
    synapse: &crate::matrix::Synapse,
    user: &str,
    password: &str,
    dir: &Path,
) -> Result<(i32, String), Error> {
    let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_akron"))
        .arg("doctor")
        .arg("--db")
        .arg(dir.join("akron.db"))
        .env_remove("DISCORD_TOKEN")
        .env_remove("AKRON_DB")
        .env_remove("AKRON_WEB_URL")
        .env_remove("MATRIX_ACCESS_TOKEN")
        .env_remove("MATRIX_RECOVERY_KEY")
        .env("MATRIX_HOMESERVER", &synapse.url)
        .env("MATRIX_USER", user)
        .env("MATRIX_PASSWORD", password)
        .env("NO_COLOR", "1")
        .current_dir(dir)
        .output()
        .await?;
    Ok((
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned()
            + String::from_utf8_lossy(&output.stderr).as_ref(),
    ))
}

/// A new Matrix account logs in but has no cross-signing identity: reported with the fix.
/// Once `akron matrix` has run (it makes the identity and signs its device), the doctor
/// finds the bot's device cross-signed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn doctor_checks_the_matrix_login_and_cross_signing_on_synapse() -> Result<(), Error> {
    let Some(synapse) = crate::matrix::synapse() else {
        return Ok(());
    };
    let (bot, password) = crate::matrix::register(&synapse, &crate::matrix::unique("doctor")).await;
    let dir = tempfile::tempdir()?;
    drop(Service::open(Config::with_db(dir.path().join("akron.db")))?);

    let (code, text) = doctor_matrix(&synapse, bot.as_str(), &password, dir.path()).await?;
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains(&format!("ok: Matrix: {bot} logs in")),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "problem: Matrix: {bot} has no cross-signing identity"
        )),
        "{text}"
    );
    assert!(
        text.contains("  fix: start `akron matrix` with the recovery key"),
        "{text}"
    );

    let log = dir.path().join("matrix.log");
    let mut running = tokio::process::Command::new(env!("CARGO_BIN_EXE_akron"))
        .arg("matrix")
        .arg("--db")
        .arg(dir.path().join("akron.db"))
        .arg("--recovery-key-file")
        .arg(dir.path().join("recovery-key"))
        .env_remove("MATRIX_ACCESS_TOKEN")
        .env_remove("MATRIX_RECOVERY_KEY")
        .env_remove("DISCORD_TOKEN")
        .env("MATRIX_HOMESERVER", &synapse.url)
        .env("MATRIX_USER", bot.as_str())
        .env("MATRIX_PASSWORD", &password)
        .env("NO_COLOR", "1")
        .current_dir(dir.path())
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::fs::File::create(&log)?)
        .kill_on_drop(true)
        .spawn()?;
    let started = std::time::Instant::now();
    while !std::fs::read_to_string(&log)
        .unwrap_or_default()
        .contains("connected to Matrix")
    {
        assert!(
            started.elapsed() < crate::matrix::PATIENCE,
            "the bot connects: {}",
            std::fs::read_to_string(&log).unwrap_or_default()
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let pid = running.id().ok_or("the bot's process id")?;
    std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()?;
    tokio::time::timeout(crate::matrix::PATIENCE, running.wait()).await??;

    let (code, text) = doctor_matrix(&synapse, bot.as_str(), &password, dir.path()).await?;
    assert!(
        text.contains("ok: Matrix: the device") && text.contains("is cross-signed by"),
        "{text}"
    );
    assert_eq!(code, 0, "{text}");
    Ok(())
}
