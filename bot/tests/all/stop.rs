//! Stopping cleanly: SIGTERM to the real `akron worker` while it plays the AI's moves and
//! delivers their notices to the fake Discord, one of them held in flight. The worker
//! finishes that notice, gives back every claim, and exits within the bound; a second
//! worker then delivers the rest at once. Nothing is lost, nothing is sent twice.

use crate::fake_discord::{payloads::ALICE, FakeDiscord, GUILD_ID};
use akron_ai::Level;
use akron_bot::service::{
    Challenge, ChannelId, ColourChoice, Command, Config, Request, Service, User, UserId,
};
use std::path::Path;
use std::time::{Duration, Instant};

type Error = Box<dyn std::error::Error + Send + Sync>;

/// Games against the AI, each in a channel of its own: one AI move and one notice each.
const GAMES: u64 = 12;

/// The bound the worker is given to stop in.
const BOUND: Duration = Duration::from_secs(10);

/// Starts `akron worker` on `db`, delivering through `fake`, logging to `log`.
fn worker(
    fake: &FakeDiscord,
    dir: &Path,
    db: &Path,
    log: &Path,
) -> Result<tokio::process::Child, Error> {
    let token = dir.join("token");
    std::fs::write(&token, "fake-token\n")?;
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log)?;
    Ok(tokio::process::Command::new(env!("CARGO_BIN_EXE_akron"))
        .arg("worker")
        .arg("--token-file")
        .arg(&token)
        .arg("--db")
        .arg(db)
        .args(["--api-url", &fake.api_url()])
        .args(["--stop-timeout", &BOUND.as_secs().to_string()])
        .env_remove("DISCORD_TOKEN")
        .env_remove("AKRON_DB")
        .env_remove("AKRON_CLOCK_FILE")
        .env("RUST_LOG", "info,serenity=warn")
        .env("NO_COLOR", "1")
        .stdout(std::process::Stdio::null())
        .stderr(log)
        .kill_on_drop(true)
        .spawn()?)
}

/// Sends SIGTERM to `child`.
fn terminate(child: &tokio::process::Child) -> Result<(), Error> {
    let pid = child.id().ok_or("the worker has a process id")?;
    let status = std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()?;
    assert!(status.success(), "kill -TERM {pid}");
    Ok(())
}

/// Polls `check` until it holds, for at most `within`.
async fn until(within: Duration, what: &str, mut check: impl FnMut() -> bool) -> Result<(), Error> {
    let started = Instant::now();
    while !check() {
        if started.elapsed() > within {
            return Err(format!("timed out waiting for {what}").into());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Ok(())
}

/// Waits for `child` to exit within `within`; returns how long it took.
async fn exits(child: &mut tokio::process::Child, within: Duration) -> Result<Duration, Error> {
    let started = Instant::now();
    let status = tokio::time::timeout(within, child.wait())
        .await
        .map_err(|_| format!("the worker did not exit within {within:?}"))??;
    assert!(
        status.success(),
        "the worker exits 0 after SIGTERM: {status}"
    );
    Ok(started.elapsed())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_mid_delivery_finishes_the_notice_gives_back_every_claim_and_exits_in_time(
) -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let dir = tempfile::tempdir()?;
    let db = dir.path().join("akron.db");
    let log = dir.path().join("worker.log");
    let channels: Vec<u64> = (0..GAMES).map(|n| 4_100_000_000_000 + n).collect();
    fake.add_guild(GUILD_ID, &channels);

    let service = Service::open(Config::with_db(&db))?;
    let alice = User::new(UserId::new("discord", &ALICE.id.to_string()), "alice");
    for channel in &channels {
        let mut challenge = Challenge::new(User::ai(Level::new(1).ok_or("level 1")?));
        challenge.size = Some(3);
        challenge.colour = Some(ColourChoice::White);
        let request = Request::new(
            alice.clone(),
            ChannelId::new("discord", &channel.to_string()),
            Command::Challenge(challenge),
        );
        let reply = service.handle(&request);
        assert!(!reply.ephemeral, "the game starts: {}", reply.text);
    }
    assert_eq!(service.backlog()?.ai_jobs_waiting, GAMES as i64);

    // The first notice Discord receives is held: its answer comes only after SIGTERM.
    fake.hold("POST", "/channels/*/messages");
    let mut first = worker(&fake, dir.path(), &db, &log)?;
    fake.wait_held(1).await?;
    terminate(&first)?;
    let read_log = || std::fs::read_to_string(&log).unwrap_or_default();
    until(BOUND, "the worker to start stopping", || {
        read_log().contains("stopping: taking no new work")
    })
    .await?;
    // The notice in flight is answered only now: the worker waits for it, and marks it.
    fake.release();
    let took = exits(&mut first, BOUND + Duration::from_secs(5)).await?;
    assert!(took < BOUND, "stopped in {took:?}, within {BOUND:?}");
    let text = read_log();
    assert!(text.contains("stopped: every claim given back"), "{text}");

    let held = service.held_by_anyone()?;
    assert_eq!(
        held,
        akron_service::db::Held::default(),
        "no claim is left: {text}"
    );
    let delivered_first = fake.all_messages().len();
    assert!(delivered_first >= 1, "the notice in flight was delivered");
    let backlog = service.backlog()?;
    assert_eq!(
        backlog.notices_waiting + backlog.ai_jobs_waiting + delivered_first as i64,
        GAMES as i64,
        "each game's AI move is waiting, or played with its notice waiting or sent"
    );
    assert_eq!(
        played(&service, &channels)?,
        GAMES as i64 - backlog.ai_jobs_waiting,
        "no AI move was played twice"
    );

    // A second worker takes over at once, not after the leases: everything is done.
    let mut second = worker(&fake, dir.path(), &db, &log)?;
    let done = || {
        service
            .backlog()
            .is_ok_and(|b| b.notices_waiting == 0 && b.ai_jobs_waiting == 0)
            && fake.all_messages().len() >= GAMES as usize
    };
    until(Duration::from_secs(30), "the second worker to finish", done).await?;
    terminate(&second)?;
    exits(&mut second, BOUND + Duration::from_secs(5)).await?;
    assert_eq!(played(&service, &channels)?, GAMES as i64);
    for channel in &channels {
        let messages = fake.channel_messages(*channel);
        assert_eq!(
            messages.len(),
            1,
            "one AI move, one notice, sent once, in channel {channel}: {}",
            read_log()
        );
    }
    assert_eq!(
        service.held_by_anyone()?,
        akron_service::db::Held::default()
    );
    Ok(())
}

/// How many moves the games hold in all (each game's channel has its game).
fn played(service: &Service, channels: &[u64]) -> Result<i64, Error> {
    let mut played = 0;
    for channel in channels {
        let game = service
            .channel_game(&ChannelId::new("discord", &channel.to_string()))?
            .ok_or("the channel's game")?;
        let moves = game.game.moves().len();
        assert!(moves <= 1, "one AI move at most in channel {channel}");
        played += i64::try_from(moves)?;
    }
    Ok(played)
}

/// `akron play` stops on SIGTERM while it waits for its next line: at once, with status 0,
/// and the command it answered is in the database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_console_between_commands() -> Result<(), Error> {
    use tokio::io::AsyncWriteExt;
    let dir = tempfile::tempdir()?;
    let db = dir.path().join("console.db");
    let printed = dir.path().join("printed");
    let mut console = tokio::process::Command::new(env!("CARGO_BIN_EXE_akron"))
        .arg("play")
        .arg("--db")
        .arg(&db)
        .arg("--out")
        .arg(dir.path().join("boards"))
        .args(["--stop-timeout", &BOUND.as_secs().to_string()])
        .env_remove("AKRON_DB")
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::fs::File::create(&printed)?)
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()?;
    let mut input = console.stdin.take().ok_or("the console's input")?;
    input
        .write_all(b"/akron challenge bob size:3 colour:black\n")
        .await?;
    input.flush().await?;
    until(BOUND, "the challenge's answer", || {
        std::fs::read_to_string(&printed).is_ok_and(|text| text.contains("#1"))
    })
    .await?;
    terminate(&console)?;
    let took = exits(&mut console, BOUND + Duration::from_secs(5)).await?;
    assert!(took < BOUND, "stopped in {took:?}");
    drop(input);
    let service = Service::open(Config::with_db(&db))?;
    assert_eq!(
        service.held_by_anyone()?,
        akron_service::db::Held::default()
    );
    Ok(())
}
