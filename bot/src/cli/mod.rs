//! Command-line subcommands.

pub mod ai;
pub mod db;
pub mod discord;
pub mod doctor;
pub mod matrix;
pub mod play;
pub mod render;
pub mod replay;
pub mod rules;
pub mod web;
pub mod worker;

use anyhow::{Context, Result};
use std::fmt::Display;
use std::io::Write;

/// What a failed write to standard output says (`error: cannot write to standard output: ...`).
const STDOUT: &str = "cannot write to standard output";

/// Waits for Ctrl-C or, on Unix, SIGTERM (what `systemctl stop`, `docker stop` and `kill` send),
/// so that a stopped process shuts down in order and gives up its leases (the Matrix account)
/// at once, instead of leaving them to run out while its successor is refused.
///
/// # Errors
///
/// When the signal handlers cannot be installed.
pub async fn shutdown_signal() -> std::io::Result<()> {
    akron_bot::stop::signal().await
}

/// The environment setting for how long a stopping process waits for its work in flight
/// (seconds) when `--stop-timeout` is not given.
pub const STOP_TIMEOUT: &str = "AKRON_STOP_TIMEOUT";

static CHOSEN_STOP_TIMEOUT: std::sync::OnceLock<std::time::Duration> = std::sync::OnceLock::new();

/// Records `--stop-timeout` (call once, before any command runs).
///
/// # Errors
///
/// When `AKRON_STOP_TIMEOUT` is not a number of seconds.
pub fn choose_stop_timeout(option: Option<u64>) -> Result<()> {
    let seconds = match option {
        Some(seconds) => Some(seconds),
        None => match std::env::var(STOP_TIMEOUT) {
            Ok(value) if !value.trim().is_empty() => Some(value.trim().parse().map_err(|_| {
                anyhow::anyhow!("{STOP_TIMEOUT}={value} is not a number of seconds, such as 10")
            })?),
            _ => None,
        },
    };
    let bound = seconds.map_or(
        akron_bot::stop::DEFAULT_BOUND,
        std::time::Duration::from_secs,
    );
    let _ = CHOSEN_STOP_TIMEOUT.set(bound);
    Ok(())
}

/// How long a stopping process waits for its work in flight.
#[must_use]
pub fn stop_timeout() -> std::time::Duration {
    CHOSEN_STOP_TIMEOUT
        .get()
        .copied()
        .unwrap_or(akron_bot::stop::DEFAULT_BOUND)
}

/// Starts the admin listener ([`akron_bot::admin`]) beside a long-running command, when
/// `given` (`--admin`) or `$AKRON_ADMIN_LISTEN` names an address. Call inside the runtime.
///
/// # Errors
///
/// When the address cannot be bound.
pub async fn admin_beside(
    given: Option<&str>,
    service: &std::sync::Arc<akron_bot::service::Service>,
) -> Result<()> {
    let Some(address) = akron_bot::admin::address(given) else {
        return Ok(());
    };
    akron_bot::admin::spawn(&address, std::sync::Arc::clone(service))
        .await
        .with_context(|| format!("listening on {address} for the admin listener"))?;
    Ok(())
}

/// How the long-running commands (`discord`, `matrix`, `worker`, `web`) write their log.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// Lines for people; coloured only on a terminal, never with `NO_COLOR` set.
    #[default]
    Text,
    /// One JSON object a line (time, level, message, fields), for log collectors.
    Json,
}

/// The environment setting that chooses the log format when `--log-format` is not given.
pub const LOG_FORMAT: &str = "AKRON_LOG_FORMAT";

static CHOSEN_LOG_FORMAT: std::sync::OnceLock<LogFormat> = std::sync::OnceLock::new();

/// Records `--log-format` (call once, before any command runs).
///
/// # Errors
///
/// When neither the option nor `AKRON_LOG_FORMAT` names a known format.
pub fn choose_log_format(option: Option<LogFormat>) -> Result<()> {
    let format = match option {
        Some(format) => format,
        None => match std::env::var(LOG_FORMAT) {
            Ok(value) if !value.trim().is_empty() => {
                <LogFormat as clap::ValueEnum>::from_str(value.trim(), true).map_err(|_| {
                    anyhow::anyhow!("{LOG_FORMAT}={value} is not a log format: say text or json")
                })?
            }
            _ => LogFormat::Text,
        },
    };
    let _ = CHOSEN_LOG_FORMAT.set(format);
    Ok(())
}

/// The log format chosen by [`choose_log_format`] (text when none was).
#[must_use]
pub fn log_format() -> LogFormat {
    CHOSEN_LOG_FORMAT.get().copied().unwrap_or_default()
}

/// Whether text logs are coloured: only when standard error is a terminal, and never when
/// `NO_COLOR` is set to anything but the empty string (<https://no-color.org>).
#[must_use]
pub fn colour_logs() -> bool {
    use std::io::IsTerminal;
    std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty())
        && std::io::stderr().is_terminal()
}

/// Prints one line on standard output and flushes it, returning a write failure (a full disk,
/// a closed pipe) as an error instead of panicking as `println!` does.
///
/// # Errors
///
/// When standard output cannot be written.
pub fn print_line(line: impl Display) -> Result<()> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{line}")
        .and_then(|()| out.flush())
        .context(STDOUT)
}

/// The service's settings: the database `--db` names, else `$AKRON_DB`, else `akron.db` (an
/// address `postgres://user@host/dbname` selects PostgreSQL instead of a SQLite file), and
/// the guide the `rules` reply links to, `$AKRON_RULES_URL`. The binary reads the environment
/// here; the service reads none.
#[must_use]
pub fn service_config(db: Option<&std::path::Path>) -> akron_service::service::Config {
    let mut config = akron_service::service::Config::default();
    if let Some(db) = db
        .map(|path| path.as_os_str().to_os_string())
        .or_else(|| std::env::var_os("AKRON_DB").filter(|setting| !setting.is_empty()))
    {
        // `postgres://…` selects PostgreSQL; anything else is a SQLite file.
        config.set_database(&db);
    }
    config.rules_url = std::env::var("AKRON_RULES_URL")
        .ok()
        .map(|url| url.trim().to_string())
        .filter(|url| !url.is_empty());
    config.web_url = akron_bot::web::public_url();
    config
}

/// The environment setting naming a file whose content (Unix seconds) is the time the bot
/// takes as now, instead of the system clock: for tests of the real binary, which move time
/// forward (correspondence deadlines, leases) by rewriting the file instead of waiting.
pub const CLOCK_FILE: &str = "AKRON_CLOCK_FILE";

/// A clock read from a file ([`CLOCK_FILE`]) at every look: the file holds Unix seconds.
/// While the file cannot be read or parsed, the last time read stands (the system clock
/// before any).
#[derive(Debug)]
struct FileClock {
    path: std::path::PathBuf,
    last: std::sync::atomic::AtomicI64,
}

impl FileClock {
    fn read(&self) -> Option<i64> {
        std::fs::read_to_string(&self.path)
            .ok()
            .and_then(|text| text.trim().parse().ok())
    }
}

impl akron_service::service::Clock for FileClock {
    fn now(&self) -> i64 {
        use std::sync::atomic::Ordering;
        match self.read() {
            Some(now) => {
                self.last.store(now, Ordering::Relaxed);
                now
            }
            None => self.last.load(Ordering::Relaxed),
        }
    }
}

/// The file clock [`CLOCK_FILE`] names, when it names one.
fn file_clock() -> Option<FileClock> {
    use akron_service::service::Clock;
    let path = std::env::var_os(CLOCK_FILE).filter(|path| !path.is_empty())?;
    let clock = FileClock {
        path: path.into(),
        last: std::sync::atomic::AtomicI64::new(akron_service::service::SystemClock.now()),
    };
    tracing::warn!(file = %clock.path.display(), "the time is read from a file ({CLOCK_FILE})");
    Some(clock)
}

/// The clock the program runs on: the file clock [`CLOCK_FILE`] names, else the system
/// clock. The console puts its `wait` offset over it.
#[must_use]
pub fn base_clock() -> std::sync::Arc<dyn akron_service::service::Clock> {
    match file_clock() {
        Some(clock) => std::sync::Arc::new(clock),
        None => std::sync::Arc::new(akron_service::service::SystemClock),
    }
}

/// Opens the service on `config` with the system clock, or the file clock [`CLOCK_FILE`]
/// names.
///
/// # Errors
///
/// When the database cannot be opened.
pub fn open_service(
    config: akron_service::service::Config,
) -> Result<akron_bot::service::Service, akron_service::service::ServiceError> {
    match file_clock() {
        Some(clock) => akron_bot::service::Service::with_clock(config, std::sync::Arc::new(clock)),
        None => akron_bot::service::Service::open(config),
    }
}

/// With the file clock ([`CLOCK_FILE`]), wakes the service's loops whenever the file's time
/// changes, as moving a test clock does: what fell due is settled at once. Runs on the
/// current Tokio runtime until it stops; does nothing with the system clock.
pub fn watch_clock(service: &std::sync::Arc<akron_bot::service::Service>) {
    let Some(path) = std::env::var_os(CLOCK_FILE).filter(|path| !path.is_empty()) else {
        return;
    };
    let service = std::sync::Arc::downgrade(service);
    tokio::spawn(async move {
        let mut seen = None;
        loop {
            let now = tokio::fs::read_to_string(&path).await.ok();
            if now.is_some() && now != seen {
                seen = now;
                match service.upgrade() {
                    Some(service) => service.wake(),
                    None => return,
                }
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    });
}

/// `akron` with no command: the Discord bot when `DISCORD_TOKEN` is set, the Matrix bot when
/// `MATRIX_HOMESERVER`, `MATRIX_USER` and a password or access token are, both in one
/// process when both are, else the console game, each with its defaults (the database
/// `$AKRON_DB`, else `akron.db`).
///
/// # Errors
///
/// Whatever the bot or the console returns.
pub fn bot_or_console() -> anyhow::Result<()> {
    let discord = std::env::var("DISCORD_TOKEN").is_ok_and(|token| !token.trim().is_empty());
    if discord && matrix::configured() {
        matrix::with_discord()
    } else if discord {
        discord::discord(&discord::DiscordArgs::default())
    } else if matrix::configured() {
        matrix::matrix(&matrix::MatrixArgs::default())
    } else {
        // A failing standard error must not stop the console; the note is only a courtesy.
        let _ = writeln!(
            std::io::stderr(),
            "DISCORD_TOKEN is not set, nor MATRIX_HOMESERVER with MATRIX_USER and a secret, so \
             this is the console game (`akron play`). Set them to run the bots; `akron --help` \
             lists every command."
        );
        play::play(&play::PlayArgs::default())
    }
}
