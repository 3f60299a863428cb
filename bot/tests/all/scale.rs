//! Several `akron` processes on one PostgreSQL database against the fake Discord (issue 29).
//!
//! - The fake sends a guild's events only to the shard `(guild_id >> 22) % shards` and direct
//!   messages to shard 0, as Discord does; two bots on two shards each answer their own
//!   guild's commands and never the other's.
//! - The load: two `akron discord --chat-only` shard ranges and one `akron worker` on a
//!   throwaway PostgreSQL cluster of the test's own, playing thousands of moves in hundreds
//!   of games across many guilds (correspondence games whose deadlines fall due, games
//!   against the AI at level 1), while processes are killed with SIGKILL at random moments
//!   (the seed is printed; `AKRON_TEST_SEED=N` replays it) and restarted, and PostgreSQL is
//!   restarted once. Afterwards every move landed once, every notice was posted once (the
//!   fake's messages counted per nonce, which is the notice's id), every timeout was settled
//!   once, every AI move was played once and every game replays.
//!
//! Time is the file `AKRON_CLOCK_FILE` names, which the test rewrites to move it (the
//! processes wake when it changes): deadlines and leases fall due without waiting.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::fake_discord;

use akron_bot::discord::{self, Settings, Shards};
use akron_bot::service::{Config, Service};
use akron_service::model::ChannelId;
use fake_discord::payloads::{self, TestUser, ALICE, BOB, BOT_USER_ID, MEMBER_PERMISSIONS};
use fake_discord::{FakeDiscord, Reply};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

type Error = Box<dyn std::error::Error + Send + Sync>;

/// The bot as a user to pick in the `opponent` option.
const THE_BOT: TestUser = TestUser {
    id: BOT_USER_ID,
    name: "akron",
    permissions: MEMBER_PERMISSIONS,
};

/// The `n`th guild of a test: `(id >> 22) % 4 == n % 4`, so consecutive guilds fall on
/// consecutive shards of four (and of two).
fn guild(n: u64) -> u64 {
    (1_000_000 + n) << 22
}

/// The `c`th text channel of the `g`th guild.
fn channel(g: u64, c: u64) -> u64 {
    610_000_000_000_000_000 + g * 1_000 + c
}

/// `/akron SUB options` by `user` in `channel` of `guild`.
fn akron(
    user: &TestUser,
    guild: u64,
    channel: u64,
    sub: &str,
    options: Vec<serde_json::Value>,
) -> serde_json::Value {
    payloads::in_guild(
        payloads::slash(user, channel, "akron", Some(sub), options),
        guild,
    )
}

/// Starts the real client on `shards` against the fake, on its own SQLite database.
async fn shard_bot(
    fake: &FakeDiscord,
    shards: Shards,
    db: &Path,
) -> Result<(Arc<Service>, tokio::task::JoinHandle<()>), Error> {
    let service = Arc::new(Service::open(Config::with_db(db))?);
    let settings = Settings {
        token: "fake-token".into(),
        dev_guild: None,
        api_url: None,
        http_client: Some(fake.http_client()?),
    };
    let mut client = discord::chat_client(&settings, Arc::clone(&service)).await?;
    let task = tokio::spawn(async move {
        let _ = client
            .start_shard_range(shards.serenity_range(), shards.total)
            .await;
    });
    Ok((service, task))
}

/// The channels of `db` that have a game.
fn game_channels(service: &Service, channels: &[u64]) -> Result<Vec<u64>, Error> {
    let mut found = Vec::new();
    for &id in channels {
        if service
            .channel_game(&ChannelId::new("discord", &id.to_string()))?
            .is_some()
        {
            found.push(id);
        }
    }
    Ok(found)
}

/// Two bots, each on one shard of two and each with its own database: a guild's command goes
/// to the bot running its shard only (its game is in that bot's database and not in the
/// other's), its `GUILD_CREATE` too, and a direct message goes to shard 0.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guilds_events_reach_only_the_process_running_its_shard() -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    // Guild 0 is on shard 0 of 2, guild 1 on shard 1.
    let (g0, g1) = (guild(0), guild(1));
    let (c0, c1) = (channel(0, 0), channel(1, 0));
    assert_eq!(payloads::shard_of(Some(g0), 2), 0);
    assert_eq!(payloads::shard_of(Some(g1), 2), 1);
    fake.add_guild(g0, &[c0]);
    fake.add_guild(g1, &[c1]);
    let dir = tempfile::tempdir()?;
    let (first, first_task) =
        shard_bot(&fake, Shards::parse("0", 2)?, &dir.path().join("a.db")).await?;
    let (second, second_task) =
        shard_bot(&fake, Shards::parse("1", 2)?, &dir.path().join("b.db")).await?;
    fake.wait_shards(&[0, 1], 0).await?;
    fake.wait_commands().await?;
    for (g, c) in [(g0, c0), (g1, c1)] {
        let challenge = akron(
            &ALICE,
            g,
            c,
            "challenge",
            vec![
                payloads::user_option("opponent", &BOB),
                payloads::integer_option("size", 5),
            ],
        );
        let reply = fake.interact_and_wait(&challenge).await?;
        assert!(
            reply.content().contains(&format!("<@{}>", BOB.id)),
            "{}",
            reply.content()
        );
    }
    // A direct message to the bot: on shard 0 only.
    fake.dispatch(
        "MESSAGE_CREATE",
        payloads::user_message(1, &ALICE, 620_000_000_000_000_001, None, "hello"),
    )?;
    // A message in guild 1's channel: on shard 1.
    fake.dispatch(
        "MESSAGE_CREATE",
        payloads::user_message(2, &ALICE, c1, Some(g1), "hello"),
    )?;
    let dispatched = fake.dispatched();
    first_task.abort();
    second_task.abort();
    assert_eq!(game_channels(&first, &[c0, c1])?, vec![c0], "shard 0's bot");
    assert_eq!(
        game_channels(&second, &[c0, c1])?,
        vec![c1],
        "shard 1's bot"
    );
    let to = |event: &str, guild: Option<u64>| -> Vec<u64> {
        dispatched
            .iter()
            .filter(|(e, g, _)| e == event && *g == guild)
            .map(|(_, _, shard)| *shard)
            .collect()
    };
    assert_eq!(to("INTERACTION_CREATE", Some(g0)), vec![0]);
    assert_eq!(to("INTERACTION_CREATE", Some(g1)), vec![1]);
    assert_eq!(to("GUILD_CREATE", Some(g0)), vec![0]);
    assert_eq!(to("GUILD_CREATE", Some(g1)), vec![1]);
    assert_eq!(to("MESSAGE_CREATE", None), vec![0], "a direct message");
    assert_eq!(to("MESSAGE_CREATE", Some(g1)), vec![1]);
    Ok(())
}

/// A PostgreSQL cluster of the test's own, which it may stop and start (never the shared
/// server of `AKRON_TEST_POSTGRES`): made with `initdb` in a temporary directory, served on a
/// free loopback port, stopped when dropped. As root, it runs as the `postgres` user, since
/// PostgreSQL refuses root.
struct Cluster {
    bin: PathBuf,
    root: tempfile::TempDir,
    port: u16,
    as_root: bool,
}

/// Where the PostgreSQL programs are: `AKRON_TEST_PG_BIN`, else the newest
/// `/usr/lib/postgresql/*/bin` (Debian's layout).
fn postgres_bin() -> Option<PathBuf> {
    if let Some(bin) = std::env::var_os("AKRON_TEST_PG_BIN").filter(|bin| !bin.is_empty()) {
        return Some(PathBuf::from(bin));
    }
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(Result::ok)
        .map(|entry| entry.path().join("bin"))
        .filter(|bin| bin.join("initdb").exists())
        .collect();
    found.sort_by_key(|bin| {
        bin.parent()
            .and_then(|version| version.file_name())
            .and_then(|name| name.to_str())
            .and_then(|name| name.parse::<u32>().ok())
            .unwrap_or(0)
    });
    found.pop()
}

impl Cluster {
    /// Starts one; `None` (with a note) when the programs are missing outside CI.
    fn start() -> Result<Option<Cluster>, Error> {
        let Some(bin) = postgres_bin().filter(|bin| bin.join("pg_ctl").exists()) else {
            if std::env::var_os("CI").is_some() {
                return Err("CI is set but the PostgreSQL programs are missing: set \
                            AKRON_TEST_PG_BIN to the directory of initdb and pg_ctl"
                    .into());
            }
            eprintln!(
                "note: no PostgreSQL programs (AKRON_TEST_PG_BIN or /usr/lib/postgresql/*/bin): \
                 skipping the multi-process test"
            );
            return Ok(None);
        };
        let as_root = Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0");
        let root = tempfile::tempdir()?;
        if as_root {
            run(Command::new("chown").arg("postgres").arg(root.path()))?;
        }
        let port = std::net::TcpListener::bind(("127.0.0.1", 0))?
            .local_addr()?
            .port();
        let cluster = Cluster {
            bin,
            root,
            port,
            as_root,
        };
        let data = cluster.data();
        cluster.run_pg(
            "initdb",
            &["-D", &data, "-U", "akron", "--auth=trust", "--no-sync"],
        )?;
        cluster.up()?;
        Ok(Some(cluster))
    }

    fn data(&self) -> String {
        self.root.path().join("data").display().to_string()
    }

    fn url(&self) -> String {
        format!("postgres://akron@127.0.0.1:{}/postgres", self.port)
    }

    fn run_pg(&self, program: &str, args: &[&str]) -> Result<(), Error> {
        let program = self.bin.join(program);
        let mut command = if self.as_root {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]).arg(program);
            command
        } else {
            Command::new(program)
        };
        command.args(args).current_dir(self.root.path());
        run(&mut command)
    }

    /// Starts the server and waits until it accepts connections.
    fn up(&self) -> Result<(), Error> {
        let options = format!(
            "-h 127.0.0.1 -p {} -k {} -c fsync=off -c max_connections=200",
            self.port,
            self.root.path().display()
        );
        let log = self.root.path().join("server.log").display().to_string();
        self.run_pg(
            "pg_ctl",
            &[
                "-D",
                &self.data(),
                "-l",
                &log,
                "-w",
                "-o",
                &options,
                "start",
            ],
        )
    }

    /// Stops the server at once, cutting every connection (`-m fast`).
    fn down(&self) -> Result<(), Error> {
        self.run_pg("pg_ctl", &["-D", &self.data(), "-m", "fast", "-w", "stop"])
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = self.run_pg("pg_ctl", &["-D", &self.data(), "-m", "immediate", "stop"]);
    }
}

fn run(command: &mut Command) -> Result<(), Error> {
    let out = command.output()?;
    if !out.status.success() {
        return Err(format!(
            "{command:?} failed: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
        .into());
    }
    Ok(())
}

/// The time the processes read (`AKRON_CLOCK_FILE`): Unix seconds in a file, replaced whole.
struct ClockFile {
    path: PathBuf,
    now: Mutex<i64>,
}

impl ClockFile {
    fn new(path: PathBuf, now: i64) -> Result<ClockFile, Error> {
        let clock = ClockFile {
            path,
            now: Mutex::new(now),
        };
        clock.write(now)?;
        Ok(clock)
    }

    fn write(&self, now: i64) -> Result<(), Error> {
        let next = self.path.with_extension("next");
        std::fs::write(&next, now.to_string())?;
        std::fs::rename(&next, &self.path)?;
        Ok(())
    }

    fn advance(&self, seconds: i64) -> Result<(), Error> {
        let mut now = self.now.lock().unwrap();
        *now += seconds;
        self.write(*now)
    }
}

/// One `akron` process of the test, restarted after each kill.
struct Process {
    name: &'static str,
    args: Vec<String>,
    /// The shards it runs (none for the worker).
    shards: Vec<u64>,
    child: Option<tokio::process::Child>,
    log: PathBuf,
}

struct Setup {
    url: String,
    token: PathBuf,
    api_url: String,
    clock: PathBuf,
}

impl Process {
    fn spawn(&mut self, setup: &Setup) -> Result<(), Error> {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)?;
        let child = tokio::process::Command::new(env!("CARGO_BIN_EXE_akron"))
            .args(&self.args)
            .arg("--token-file")
            .arg(&setup.token)
            .args(["--db", &setup.url, "--api-url", &setup.api_url])
            .env_remove("DISCORD_TOKEN")
            .env_remove("AKRON_DB")
            .env("AKRON_CLOCK_FILE", &setup.clock)
            .env("RUST_LOG", "info,serenity=warn")
            .env("NO_COLOR", "1")
            .stdout(std::process::Stdio::null())
            .stderr(log)
            .kill_on_drop(true)
            .spawn()?;
        self.child = Some(child);
        Ok(())
    }

    /// SIGKILL, and waits until it is gone.
    async fn kill(&mut self) -> Result<(), Error> {
        if let Some(mut child) = self.child.take() {
            child.start_kill()?;
            child.wait().await?;
        }
        Ok(())
    }
}

/// The last lines of every process's log, for a failure's message.
fn logs(processes: &[Process]) -> String {
    processes
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p.log).unwrap_or_default();
            let lines: Vec<&str> = text.lines().collect();
            let tail = lines[lines.len().saturating_sub(30)..].join("\n");
            format!("--- {} ---\n{tail}", p.name)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A game of the load: its guild, channel and players (`second` is the bot in an AI game).
#[derive(Clone, Copy)]
struct Spec {
    guild: u64,
    channel: u64,
    first: TestUser,
    second: TestUser,
    ai: bool,
}

impl Spec {
    fn channel_id(&self) -> ChannelId {
        ChannelId::new("discord", &self.channel.to_string())
    }

    /// The first player's challenge to the second, without a clock.
    fn challenge(&self) -> serde_json::Value {
        akron(
            &self.first,
            self.guild,
            self.channel,
            "challenge",
            vec![
                payloads::user_option("opponent", &self.second),
                payloads::integer_option("size", 6),
            ],
        )
    }
}

/// A player of game `n` (`side` 0 or 1), with a name of its own.
fn player(n: usize, side: usize) -> TestUser {
    let id = 200_000_000_000_000_000 + (n as u64) * 2 + side as u64;
    TestUser {
        id,
        name: Box::leak(format!("p{n}s{side}").into_boxed_str()),
        permissions: MEMBER_PERMISSIONS,
    }
}

/// What the drivers saw, for the summary and the checks.
#[derive(Default)]
struct Seen {
    /// The moves each game's driver sent, by channel and ply (again after a command that got
    /// no answer, so possibly several at one ply).
    sent: BTreeMap<u64, BTreeMap<usize, BTreeSet<String>>>,
    /// "Busy" refusals while PostgreSQL was down.
    busy: usize,
    /// Commands that got no answer (their process was killed) and were looked up.
    unanswered: usize,
}

/// The harness every driver shares.
struct Load {
    fake: FakeDiscord,
    /// A service of the test's own on the database, to read games (never to play).
    reader: Service,
    seen: Mutex<Seen>,
}

impl Load {
    /// The game in the spec's channel, read until the database answers.
    async fn view(&self, spec: &Spec) -> Option<akron_service::service::GameView> {
        for _ in 0..600 {
            match self.reader.channel_game(&spec.channel_id()) {
                Ok(view) => return view,
                Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
            }
        }
        None
    }

    /// Sends `interaction` and waits for its answer; `None` when none came (its process was
    /// killed) or Discord refused it (too late).
    async fn ask(&self, interaction: &serde_json::Value) -> Option<Reply> {
        let (id, token) = payloads::id_and_token(interaction);
        self.fake.interact(interaction).ok()?;
        match self.fake.wait_reply(&id, &token).await {
            Ok(reply) => Some(reply),
            Err(_) => {
                self.seen.lock().unwrap().unanswered += 1;
                None
            }
        }
    }

    /// Opens the game of `spec` (a challenge, accepted with a typed `accept` unless it is
    /// against the AI), again until it is there: a command whose process was killed, or that
    /// was answered too late, is sent again (a challenge already made is not).
    async fn open(&self, spec: &Spec) -> Result<(), Error> {
        for _ in 0..40 {
            match self.view(spec).await.map(|view| view.status) {
                Some(akron_service::model::Status::Active) => return Ok(()),
                Some(_) => {
                    let accept = akron(&spec.second, spec.guild, spec.channel, "accept", vec![]);
                    let _ = self.ask(&accept).await;
                }
                None => {
                    let mut options = vec![
                        payloads::user_option("opponent", &spec.second),
                        payloads::integer_option("size", 6),
                        payloads::integer_option("colour", 0),
                    ];
                    if spec.ai {
                        options.push(payloads::integer_option("level", 1));
                    } else {
                        options.push(payloads::string_option("time", "1d"));
                    }
                    let challenge =
                        akron(&spec.first, spec.guild, spec.channel, "challenge", options);
                    let _ = self.ask(&challenge).await;
                }
            }
        }
        Err(format!("game in channel {} never started", spec.channel).into())
    }

    /// Plays `plies` moves of `spec`'s game as its people (the AI answers in an AI game),
    /// each a legal move that does not end the game, chosen with `rng`.
    async fn play(&self, spec: &Spec, plies: usize, rng: &mut SmallRng) -> Result<(), Error> {
        let started = Instant::now();
        loop {
            if started.elapsed() > Duration::from_secs(600) {
                return Err(format!("game in channel {} stuck", spec.channel).into());
            }
            let Some(view) = self.view(spec).await else {
                return Err("the game went away".into());
            };
            let ply = view.game.moves().len();
            if view.status != akron_service::model::Status::Active || ply >= plies {
                return Ok(());
            }
            let mover = view.players[view.game.turn()].id.0.clone();
            let person = [spec.first, spec.second]
                .into_iter()
                .find(|user| mover == format!("discord:{}", user.id));
            let Some(person) = person.filter(|user| user.id != BOT_USER_ID) else {
                // The AI is to move: a worker plays it.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            };
            let moves: Vec<akron_rules::Move> = view
                .game
                .legal_moves()
                .into_iter()
                .filter(|m| *m != akron_rules::Move::Swap)
                .filter(|&m| {
                    let mut probe = view.game.clone();
                    probe.play(m).is_ok_and(|r| r.outcome.is_none())
                })
                .collect();
            if moves.is_empty() {
                return Ok(());
            }
            let chosen = moves[rng.random_range(0..moves.len())].to_string();
            self.seen
                .lock()
                .unwrap()
                .sent
                .entry(spec.channel)
                .or_default()
                .entry(ply)
                .or_default()
                .insert(chosen.clone());
            let command = akron(
                &person,
                spec.guild,
                spec.channel,
                "move",
                vec![payloads::string_option("notation", &chosen)],
            );
            let reply = self.ask(&command).await;
            if reply.is_some_and(|reply| reply.is_ephemeral() && reply.content().contains("busy")) {
                self.seen.lock().unwrap().busy += 1;
            }
        }
    }
}

/// The numbers of the load (a debug build on CI's two cores takes about three minutes).
const GUILDS: u64 = 20;
const CHANNELS_PER_GUILD: u64 = 10;
/// Every how manyth game is against the AI.
const AI_EVERY: usize = 4;
/// Plies of each game between people, and of each game against the AI.
const PEOPLE_PLIES: usize = 11;
const AI_PLIES: usize = 12;
/// How many games are driven at once.
const DRIVERS: usize = 12;

/// The rows of `sql` on the database, each row's columns as text.
fn rows(
    db: &akron_service::db::Db,
    sql: &str,
    columns: usize,
) -> Result<Vec<Vec<Option<String>>>, Error> {
    Ok(db.read(|tx| {
        tx.query(sql, &[], |r| {
            (0..columns)
                .map(|i| r.get::<Option<String>>(i))
                .collect::<Result<Vec<_>, _>>()
        })
    })?)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn three_processes_share_the_load_through_kills_and_a_database_restart() -> Result<(), Error>
{
    let Some(cluster) = Cluster::start()? else {
        return Ok(());
    };
    let seed = std::env::var("AKRON_TEST_SEED")
        .ok()
        .and_then(|seed| seed.parse().ok())
        .unwrap_or_else(|| rand::rng().random::<u64>());
    println!("scale: seed {seed} (AKRON_TEST_SEED={seed} replays it)");
    let mut rng = SmallRng::seed_from_u64(seed);
    let fake = FakeDiscord::start().await?;
    let dir = tempfile::tempdir()?;
    let token = dir.path().join("token");
    std::fs::write(&token, "fake-token\n")?;
    let start = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)?
        .as_secs() as i64;
    let clock = ClockFile::new(dir.path().join("clock"), start)?;
    let setup = Setup {
        url: cluster.url(),
        token,
        api_url: fake.api_url(),
        clock: clock.path.clone(),
    };
    // `AKRON_TEST_SCALE_GUILDS=N` runs a smaller load while working on this test.
    let guilds: u64 = std::env::var("AKRON_TEST_SCALE_GUILDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(GUILDS);
    let mut specs = Vec::new();
    for g in 0..guilds {
        let channels: Vec<u64> = (0..CHANNELS_PER_GUILD).map(|c| channel(g, c)).collect();
        fake.add_guild(guild(g), &channels);
        for &c in &channels {
            let n = specs.len();
            let ai = n % AI_EVERY == 0;
            specs.push(Spec {
                guild: guild(g),
                channel: c,
                first: player(n, 0),
                second: if ai { THE_BOT } else { player(n, 1) },
                ai,
            });
        }
    }
    // A channel on each chat process's shards for the commands sent while PostgreSQL is down.
    // Guild 0 is on shard 0 (the first process), guild 2 on shard 2 (the second).
    let probes: Vec<Spec> = [0_u64, 2]
        .into_iter()
        .map(|g| {
            let n = 10_000 + g as usize;
            Spec {
                guild: guild(g),
                channel: channel(g, 999),
                first: player(n, 0),
                second: player(n, 1),
                ai: false,
            }
        })
        .collect();
    for probe in &probes {
        fake.add_guild(probe.guild, &[probe.channel]);
    }
    let shards = |range: &str| {
        vec![
            "discord".to_string(),
            "--chat-only".into(),
            "--shards".into(),
            range.into(),
            "--shard-total".into(),
            "4".into(),
        ]
    };
    let mut processes = vec![
        Process {
            name: "chat 0-1",
            args: shards("0-1"),
            shards: vec![0, 1],
            child: None,
            log: dir.path().join("chat-a.log"),
        },
        Process {
            name: "chat 2-3",
            args: shards("2-3"),
            shards: vec![2, 3],
            child: None,
            log: dir.path().join("chat-b.log"),
        },
        Process {
            name: "worker",
            args: vec!["worker".into()],
            shards: vec![],
            child: None,
            log: dir.path().join("worker.log"),
        },
    ];
    // The first process applies the migrations; the others start on a ready database.
    processes[2].spawn(&setup)?;
    let mut config = Config::default();
    config.set_database(std::ffi::OsStr::new(&setup.url));
    config.busy_timeout = Duration::from_secs(2);
    let reader = {
        let mut opened = None;
        for _ in 0..100 {
            if let Ok(service) = Service::open(config.clone()) {
                opened = Some(service);
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        opened.ok_or_else(|| format!("the database never opened\n{}", logs(&processes)))?
    };
    processes[0].spawn(&setup)?;
    processes[1].spawn(&setup)?;
    if let Err(error) = fake.wait_shards(&[0, 1, 2, 3], 0).await {
        return Err(format!("{error}\n{}", logs(&processes)).into());
    }
    let load = Arc::new(Load {
        fake,
        reader,
        seen: Mutex::new(Seen::default()),
    });
    let begun = Instant::now();

    // The games are opened and played by DRIVERS tasks at once, while processes die.
    let queue = Arc::new(Mutex::new(specs.clone()));
    let mut drivers = Vec::new();
    for d in 0..DRIVERS {
        let load = Arc::clone(&load);
        let queue = Arc::clone(&queue);
        let mut driver_rng = SmallRng::seed_from_u64(seed ^ (d as u64 + 1));
        drivers.push(tokio::spawn(async move {
            loop {
                let Some(spec) = queue.lock().unwrap().pop() else {
                    return Ok::<(), Error>(());
                };
                load.open(&spec).await?;
                let plies = if spec.ai { AI_PLIES } else { PEOPLE_PLIES };
                load.play(&spec, plies, &mut driver_rng).await?;
            }
        }));
    }
    // The faults: SIGKILL a random process at random moments, restart it; once, restart
    // PostgreSQL. A killed worker's claims are taken over by its successor once their
    // leases (60 s on the processes' clock) have run out: the clock is moved past them.
    let mut kills = Vec::new();
    let first_victim = rng.random_range(0..processes.len());
    let mut restarted_postgres = false;
    let mut round = 0;
    while drivers.iter().any(|driver| !driver.is_finished()) {
        tokio::time::sleep(Duration::from_millis(rng.random_range(1_500..4_000))).await;
        round += 1;
        if round == 3 && !restarted_postgres {
            cluster.down()?;
            // A command to each chat process while it is down: the "busy" refusal, only to
            // the one who asked, and nothing written.
            for probe in &probes {
                let reply = load.ask(&probe.challenge()).await.ok_or_else(|| {
                    format!(
                        "no answer while the database was down\n{}",
                        logs(&processes)
                    )
                })?;
                assert!(reply.is_ephemeral(), "{}", reply.content());
                assert!(reply.content().contains("busy"), "{}", reply.content());
            }
            cluster.up()?;
            restarted_postgres = true;
            // Back, with no process restarted: the same commands work, and nothing of the
            // refused ones was written before.
            for probe in &probes {
                assert!(
                    load.view(probe).await.is_none(),
                    "half-written: {}",
                    probe.channel
                );
                let reply = load
                    .ask(&probe.challenge())
                    .await
                    .ok_or_else(|| format!("no answer after the restart\n{}", logs(&processes)))?;
                assert!(!reply.is_ephemeral(), "{}", reply.content());
                assert!(load.view(probe).await.is_some(), "{}", probe.channel);
            }
            continue;
        }
        if kills.len() >= 6 {
            continue;
        }
        // Each process in turn, from a random one: every one dies at least twice.
        let victim = (first_victim + kills.len()) % processes.len();
        let before: Vec<usize> = processes[victim]
            .shards
            .iter()
            .map(|shard| load.fake.shard_identifies(*shard))
            .collect();
        processes[victim].kill().await?;
        kills.push(processes[victim].name);
        processes[victim].spawn(&setup)?;
        if processes[victim].shards.is_empty() {
            clock.advance(61)?;
        } else {
            let min = before.iter().copied().min().unwrap_or(0);
            if let Err(error) = load.fake.wait_shards(&processes[victim].shards, min).await {
                return Err(format!("{error}\n{}", logs(&processes)).into());
            }
        }
    }
    for driver in drivers {
        if let Err(error) = driver.await? {
            return Err(format!("{error}\n{}", logs(&processes)).into());
        }
    }
    let played_for = begun.elapsed();

    // The correspondence clocks run out.
    clock.advance(2 * 86_400)?;
    let db = akron_service::db::Db::open_postgres(
        &akron_service::db::PostgresUrl::parse(&setup.url).ok_or("the url")?,
        Duration::from_secs(10),
    )?;
    let settled = Instant::now();
    loop {
        let pending = rows(
            &db,
            "SELECT CAST(COUNT(*) AS TEXT) FROM outbox WHERE delivered_at IS NULL AND gave_up_at IS NULL",
            1,
        )?;
        let live = rows(
            &db,
            "SELECT CAST(COUNT(*) AS TEXT) FROM games WHERE status IN ('open', 'active') \
             AND time_control <> 'none'",
            1,
        )?;
        let waiting = rows(
            &db,
            "SELECT CAST(COUNT(*) AS TEXT) FROM ai_games WHERE waiting_since IS NOT NULL",
            1,
        )?;
        let zero = |r: &Vec<Vec<Option<String>>>| r[0][0].as_deref() == Some("0");
        if zero(&pending) && zero(&live) && zero(&waiting) {
            break;
        }
        if settled.elapsed() > Duration::from_secs(120) {
            return Err(format!(
                "not settled: pending {pending:?}, live {live:?}, ai waiting {waiting:?}\n{}",
                logs(&processes)
            )
            .into());
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    for process in &mut processes {
        process.kill().await?;
    }
    let seen = std::mem::take(&mut *load.seen.lock().unwrap());

    // Every move landed once: each stored move of a person is one its player sent at that
    // ply, and in a game against the AI every other move is the AI's, one answer to each.
    let mut moves = 0;
    let mut ai_moves = 0;
    let mut ai_moves_in: BTreeMap<u64, usize> = BTreeMap::new();
    for spec in &specs {
        // The channel's game, finished or not, read from the database.
        let game = rows(
            &db,
            &format!(
                "SELECT CAST(id AS TEXT), status FROM games WHERE channel = 'discord:{}'",
                spec.channel
            ),
            2,
        )?;
        assert_eq!(game.len(), 1, "channel {}: {game:?}", spec.channel);
        let stored: Vec<String> = rows(
            &db,
            &format!(
                "SELECT notation FROM moves WHERE game_id = {} ORDER BY ply",
                game[0][0].as_deref().unwrap_or("0")
            ),
            1,
        )?
        .into_iter()
        .filter_map(|row| row[0].clone())
        .collect();
        moves += stored.len();
        let sent = seen.sent.get(&spec.channel).cloned().unwrap_or_default();
        for (ply, notation) in stored.iter().enumerate() {
            // People play Black (even plies) against the AI, both colours otherwise.
            if spec.ai && ply % 2 == 1 {
                ai_moves += 1;
                *ai_moves_in.entry(spec.channel).or_default() += 1;
                assert!(
                    !sent.contains_key(&ply),
                    "channel {}: ply {ply} is the AI's",
                    spec.channel
                );
                continue;
            }
            assert!(
                sent.get(&ply).is_some_and(|tried| tried.contains(notation)),
                "channel {}: ply {ply} {notation} was not sent there: {sent:?}",
                spec.channel
            );
        }
        // No move sent past the stored ones went missing.
        assert!(
            sent.keys().all(|ply| *ply < stored.len()),
            "channel {}: sent {sent:?}, stored {stored:?}",
            spec.channel
        );
        if spec.ai && game[0][1].as_deref() == Some("active") {
            assert_eq!(
                stored.len() % 2,
                0,
                "channel {}: the AI answered every move",
                spec.channel
            );
        }
    }
    // Every game replays from its moves.
    assert_eq!(load.reader.check_all_games()?, specs.len() + probes.len());
    // Every timeout was settled once: each game between people lost on time.
    let timeouts = rows(
        &db,
        "SELECT channel, status, reason FROM games WHERE time_control <> 'none'",
        3,
    )?;
    assert_eq!(timeouts.len(), specs.iter().filter(|s| !s.ai).count());
    for row in &timeouts {
        assert_eq!(row[1].as_deref(), Some("finished"), "{row:?}");
        assert_eq!(row[2].as_deref(), Some("timeout"), "{row:?}");
    }
    // Every notice was posted exactly once: one message per delivered notice (its id is the
    // message's nonce), none for one dropped as stale, and no message of a notice unknown.
    let outbox = rows(
        &db,
        "SELECT CAST(id AS TEXT), CAST(delivered_at AS TEXT), last_error, CAST(game_id AS TEXT) \
         FROM outbox WHERE platform = 'discord'",
        4,
    )?;
    let mut posted: BTreeMap<String, usize> = BTreeMap::new();
    for message in load.fake.all_messages() {
        if let Some(nonce) = message["nonce"].as_str() {
            *posted.entry(nonce.to_owned()).or_default() += 1;
        }
    }
    let mut delivered = 0;
    let mut dropped = 0;
    let ids: BTreeSet<String> = outbox.iter().filter_map(|row| row[0].clone()).collect();
    for row in &outbox {
        let id = row[0].clone().unwrap_or_default();
        let count = posted.get(&id).copied().unwrap_or(0);
        if row[1].is_some() {
            delivered += 1;
            assert_eq!(count, 1, "notice {id} was posted {count} times");
        } else {
            dropped += 1;
            assert!(
                row[2].as_deref().is_some_and(|e| e.starts_with("dropped")),
                "notice {id} was given up: {row:?}"
            );
            assert_eq!(count, 0, "dropped notice {id} was posted");
        }
    }
    for nonce in posted.keys() {
        assert!(
            ids.contains(nonce),
            "a message with nonce {nonce} of no notice"
        );
    }
    // One notice per AI move (the AI's move, said in its channel), and one per timeout (the
    // result): none said twice, none missing.
    let per_game: BTreeMap<String, usize> = rows(
        &db,
        "SELECT g.channel, CAST(COUNT(o.id) AS TEXT) FROM games g \
         LEFT JOIN outbox o ON o.game_id = g.id AND o.delivered_at IS NOT NULL \
         GROUP BY g.channel",
        2,
    )?
    .into_iter()
    .map(|row| {
        let count = row[1].as_deref().and_then(|n| n.parse().ok()).unwrap_or(0);
        (row[0].clone().unwrap_or_default(), count)
    })
    .collect();
    for spec in &specs {
        let told = per_game
            .get(&format!("discord:{}", spec.channel))
            .copied()
            .unwrap_or(0);
        let expected = if spec.ai {
            ai_moves_in.get(&spec.channel).copied().unwrap_or(0)
        } else {
            1
        };
        assert_eq!(
            told, expected,
            "notices of the game in channel {}",
            spec.channel
        );
    }
    let sends = load
        .fake
        .requests()
        .iter()
        .filter(|r| {
            r.is("POST", "/messages") && r.json.as_ref().is_some_and(|j| j["nonce"].is_string())
        })
        .count();
    println!(
        "scale: {} games ({} against the AI) in {guilds} guilds on 4 shards, {moves} moves \
         ({ai_moves} by the AI) played in {played_for:?}; {delivered} notices posted once \
         each ({} sends, {dropped} dropped as stale); {} timeouts; kills: {kills:?}; \
         PostgreSQL restarted: {restarted_postgres}; busy refusals seen: {}; unanswered \
         commands: {}",
        specs.len(),
        specs.iter().filter(|s| s.ai).count(),
        sends,
        timeouts.len(),
        seen.busy,
        seen.unanswered,
    );
    if guilds == GUILDS {
        assert!(moves >= 2_000, "{moves} moves");
        assert!(specs.len() >= 200);
    }
    assert!(ai_moves > 0);
    Ok(())
}
