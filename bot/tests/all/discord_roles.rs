//! Process roles for several processes on one database (issue 29). `akron discord --shards
//! A-B --shard-total N` runs shards A to B, both included: serenity's `start_shard_range`
//! takes the last shard as the end of its range (`4..7` starts 4, 5, 6 and 7); the fake
//! Discord records which shard each Identify names. `akron discord --chat-only` answers
//! commands and leaves the scheduler, the AI and the delivery to `akron worker`.

use crate::fake_discord;

use akron_bot::discord::{self, Settings, Shards};
use akron_bot::service::{Config, Service};
use akron_service::testing::{Backend, TestDatabase};
use fake_discord::payloads::{self, TestUser, ALICE, BOT_USER_ID, MEMBER_PERMISSIONS};
use fake_discord::{FakeDiscord, CHANNEL_ID, GUILD_ID};
use std::sync::Arc;
use std::time::Duration;

type Error = Box<dyn std::error::Error + Send + Sync>;

#[test]
fn a_shard_range_reads_first_and_last_both_included() {
    assert_eq!(
        Shards::parse("2-5", 8),
        Ok(Shards {
            first: 2,
            last: 5,
            total: 8
        })
    );
    assert_eq!(
        Shards::parse("3", 4),
        Ok(Shards {
            first: 3,
            last: 3,
            total: 4
        })
    );
    for bad in ["5-2", "0-8", "x-1", "", "1-"] {
        assert!(Shards::parse(bad, 8).is_err(), "{bad}");
    }
}

/// Starts the real client on `shards` against the fake and returns the shards it identified
/// as, once `expected` have; with `then_wait`, also any that came in that long after.
async fn identified(
    shards: Shards,
    expected: usize,
    then_wait: Option<Duration>,
) -> Result<Vec<Option<(u64, u64)>>, Error> {
    let fake = FakeDiscord::start().await?;
    let dir = tempfile::tempdir()?;
    let service = Arc::new(Service::open(Config::with_db(dir.path().join("akron.db")))?);
    let settings = Settings {
        token: "fake-token".into(),
        dev_guild: Some(GUILD_ID),
        api_url: None,
        http_client: Some(fake.http_client()?),
    };
    let mut client = discord::chat_client(&settings, service).await?;
    let manager = client.shard_manager.clone();
    let task = tokio::spawn(async move {
        client
            .start_shard_range(shards.serenity_range(), shards.total)
            .await
    });
    let mut seen = fake.wait_identified_shards(expected).await;
    if let (Ok(_), Some(wait)) = (&seen, then_wait) {
        // Serenity boots one shard every 5 seconds: a shard past the range would come in
        // this long after the last one expected.
        tokio::time::sleep(wait).await;
        seen = fake.wait_identified_shards(expected).await;
    }
    manager.shutdown_all().await;
    task.abort();
    Ok(seen?)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shard_range_starts_its_last_shard_too() -> Result<(), Error> {
    let two = identified(Shards::parse("1-2", 4)?, 2, None).await?;
    assert_eq!(two, vec![Some((1, 4)), Some((2, 4))]);
    // One shard, and none after it.
    let one = identified(Shards::parse("3-3", 4)?, 1, Some(Duration::from_secs(7))).await?;
    assert_eq!(one, vec![Some((3, 4))]);
    Ok(())
}

/// The bot as a user to pick in the `opponent` option.
const THE_BOT: TestUser = TestUser {
    id: BOT_USER_ID,
    name: "akron",
    permissions: MEMBER_PERMISSIONS,
};

/// Starts `akron ARGS` against the fake Discord on the database `db`, logging to `log`.
fn spawn(
    args: &[&str],
    db: &str,
    token: &std::path::Path,
    fake: &FakeDiscord,
    log: &std::path::Path,
) -> Result<tokio::process::Child, Error> {
    Ok(tokio::process::Command::new(env!("CARGO_BIN_EXE_akron"))
        .args(args)
        .arg("--token-file")
        .arg(token)
        .args(["--db", db, "--api-url", &fake.api_url()])
        .env_remove("DISCORD_TOKEN")
        .env_remove("AKRON_DB")
        .env("NO_COLOR", "1")
        .stdout(std::process::Stdio::null())
        .stderr(std::fs::File::create(log)?)
        .kill_on_drop(true)
        .spawn()?)
}

/// A chat-only Discord process and a worker on one PostgreSQL database: the chat process
/// answers the challenge and leaves the AI's move waiting; the worker plays it and posts it
/// over the REST API, with no gateway of its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chat_only_process_leaves_the_ai_and_the_notices_to_the_worker() -> Result<(), Error> {
    let Some(database) = TestDatabase::new(Backend::Postgres) else {
        return Ok(());
    };
    let url = database
        .config()
        .postgres
        .ok_or("a PostgreSQL database")?
        .to_string();
    let fake = FakeDiscord::start().await?;
    let dir = tempfile::tempdir()?;
    let token = dir.path().join("token");
    std::fs::write(&token, "fake-token\n")?;
    let guild = GUILD_ID.to_string();
    let mut chat = spawn(
        &["discord", "--chat-only", "--dev-guild", &guild],
        &url,
        &token,
        &fake,
        &dir.path().join("chat.log"),
    )?;
    let logs = |dir: &std::path::Path| {
        ["chat.log", "worker.log"]
            .iter()
            .map(|name| std::fs::read_to_string(dir.join(name)).unwrap_or_default())
            .collect::<Vec<_>>()
            .join("\n---\n")
    };
    fake.wait_connected(1)
        .await
        .map_err(|e| format!("{e}: {}", logs(dir.path())))?;
    fake.wait_commands().await?;
    let challenge = payloads::slash(
        &ALICE,
        CHANNEL_ID,
        "akron",
        Some("challenge"),
        vec![
            payloads::user_option("opponent", &THE_BOT),
            payloads::integer_option("size", 4),
            payloads::integer_option("colour", 1),
        ],
    );
    let started = fake.interact_and_wait(&challenge).await?;
    assert!(
        started.content().contains("plays the AI"),
        "{}",
        started.content()
    );
    // The chat process neither thinks nor delivers: the AI's move waits in the database.
    let db = database.open()?;
    let waiting: i64 = db.read(|tx| {
        tx.query_one(
            "SELECT COUNT(*) FROM ai_games WHERE waiting_since IS NOT NULL",
            &[],
            |r| r.get(0),
        )
    })?;
    assert_eq!(waiting, 1, "the AI's opening waits for a worker");
    let mut worker = spawn(
        &["worker"],
        &url,
        &token,
        &fake,
        &dir.path().join("worker.log"),
    )?;
    let opened = fake
        .wait_channel(
            CHANNEL_ID,
            "the AI's opening move from the worker",
            |messages| {
                messages
                    .iter()
                    .any(|m| m.to_string().contains("(Black) placed"))
            },
        )
        .await;
    chat.start_kill()?;
    worker.start_kill()?;
    chat.wait().await?;
    worker.wait().await?;
    opened.map_err(|e| format!("{e}: {}", logs(dir.path())))?;
    let (identifies, _) = fake.identifies_and_resumes();
    assert_eq!(identifies, 1, "the worker opens no gateway connection");
    Ok(())
}

/// Runs `akron matrix` for `@akron:test` on `db` against a homeserver that is not there.
fn matrix_process(db: &std::path::Path) -> Result<std::process::Output, Error> {
    Ok(std::process::Command::new(env!("CARGO_BIN_EXE_akron"))
        .args([
            "matrix",
            "--homeserver",
            "http://127.0.0.1:9",
            "--user",
            "@akron:test",
        ])
        .arg("--db")
        .arg(db)
        .env("MATRIX_PASSWORD", "not-used")
        .env_remove("MATRIX_ACCESS_TOKEN")
        .env_remove("AKRON_DB")
        .env("NO_COLOR", "1")
        .output()?)
}

/// The leases on the Matrix account in `db`.
fn account_leases(db: &akron_service::db::Db) -> Result<i64, Error> {
    Ok(db.read(|tx| {
        tx.query_one(
            "SELECT COUNT(*) FROM leases WHERE name = 'matrix:@akron:test'",
            &[],
            |r| r.get(0),
        )
    })?)
}

/// `akron matrix` stays one process per account: while another process holds the account's
/// lease, a second one refuses to start and says why; a process gives the lease up when it
/// stops (here, failing to reach the homeserver).
#[test]
fn a_second_matrix_process_on_one_account_is_refused() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("akron.db");
    let db = akron_service::db::Db::open(&path)?;
    let alone = matrix_process(&path)?;
    let said = String::from_utf8_lossy(&alone.stderr);
    assert!(!alone.status.success());
    assert!(!said.contains("another akron process"), "{said}");
    assert_eq!(account_leases(&db)?, 0, "given up when it stopped");
    // Another process holds the account.
    db.write(|tx| {
        tx.execute(
            "INSERT INTO leases (name, owner, lease_until) \
             VALUES ('matrix:@akron:test', 'another-process', 99999999999)",
            &[],
        )
    })?;
    let second = matrix_process(&path)?;
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(!second.status.success());
    assert!(
        said.contains("another akron process is running the Matrix account @akron:test"),
        "{said}"
    );
    assert!(
        !said.contains("starting the Matrix bot"),
        "refused before connecting: {said}"
    );
    assert_eq!(account_leases(&db)?, 1, "the holder's lease is left alone");
    Ok(())
}
