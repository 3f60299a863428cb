//! `akron matrix`: runs the Matrix bot (and `akron` alone runs it next to the Discord bot when
//! both are configured, in one process on one database).

use super::discord as discord_cli;
use akron_bot::matrix::{self, KeyOutput, Recovery, RecoveryKey, Secret, Settings};
use akron_bot::service::{Config, Service};
use akron_service::scheduler::Background;
use anyhow::{bail, Context, Result};
use clap::Args;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The log filter by default: matrix-sdk's own chatter only when something is wrong. Its
/// HTTP client logs every failed request as an error, the 404s of expected look-ups too
/// (account data a first start has not made yet); a failure that matters reaches the bot,
/// which logs it, so those lines are left out (`RUST_LOG` brings them back).
pub(super) const LOG_FILTER: &str =
    "info,serenity=warn,matrix_sdk=warn,matrix_sdk::http_client=off,\
     matrix_sdk_base=warn,matrix_sdk_crypto=warn,matrix_sdk_sqlite=warn";

/// Arguments of `akron matrix`.
#[derive(Args, Default)]
pub struct MatrixArgs {
    /// The homeserver's URL (default: `$MATRIX_HOMESERVER`), such as `https://matrix.example.org`.
    #[arg(long)]
    homeserver: Option<String>,
    /// The bot's user id (default: `$MATRIX_USER`), such as @akron:example.org.
    #[arg(long)]
    user: Option<String>,
    /// A file holding the password, instead of the `MATRIX_PASSWORD` environment variable.
    #[arg(long)]
    password_file: Option<PathBuf>,
    /// A file holding an access token, instead of the `MATRIX_ACCESS_TOKEN` environment
    /// variable.
    #[arg(long, conflicts_with = "password_file")]
    token_file: Option<PathBuf>,
    /// The database: a SQLite file, or `postgres://user@host/dbname` (default: `$AKRON_DB`,
    /// else `akron.db`).
    #[arg(long)]
    db: Option<PathBuf>,
    /// The folder of the Matrix session and store (default: the database's path with
    /// `.matrix` added, such as `akron.db.matrix`).
    #[arg(long)]
    store: Option<PathBuf>,
    /// A file holding the recovery key of the bot's cross-signing identity, instead of the
    /// `MATRIX_RECOVERY_KEY` environment variable. While it does not exist, and the account
    /// has no identity yet, the bot makes one and writes its key there (else on standard
    /// output).
    #[arg(long)]
    recovery_key_file: Option<PathBuf>,
    /// Also serve the web companion on this address, such as 127.0.0.1:8080 (default:
    /// `$AKRON_WEB_LISTEN`, else none).
    #[arg(long)]
    web: Option<String>,
    /// Serve `/healthz`, `/readyz` and `/metrics` (Prometheus) on this address, such as
    /// 127.0.0.1:9090, apart from the web companion (default: `$AKRON_ADMIN_LISTEN`, else
    /// none).
    #[arg(long, value_name = "ADDRESS")]
    admin: Option<String>,
}

fn read_secret(path: &Path, what: &str) -> Result<String> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("reading the {what} file {}", path.display()))?;
    Ok(text.trim().to_owned())
}

fn env(name: &str) -> Option<String> {
    std::env::var(name)
        .ok()
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())
}

/// Whether the environment configures the Matrix bot: `MATRIX_HOMESERVER`, `MATRIX_USER`
/// and `MATRIX_PASSWORD` or `MATRIX_ACCESS_TOKEN`.
pub fn configured() -> bool {
    env("MATRIX_HOMESERVER").is_some()
        && env("MATRIX_USER").is_some()
        && (env("MATRIX_PASSWORD").is_some() || env("MATRIX_ACCESS_TOKEN").is_some())
}

pub(super) fn settings(args: &MatrixArgs, db: &Path) -> Result<Settings> {
    let Some(homeserver) = args.homeserver.clone().or_else(|| env("MATRIX_HOMESERVER")) else {
        bail!("no Matrix homeserver: pass --homeserver URL or set MATRIX_HOMESERVER");
    };
    let Some(user) = args.user.clone().or_else(|| env("MATRIX_USER")) else {
        bail!("no Matrix user: pass --user @akron:example.org or set MATRIX_USER");
    };
    let secret = if let Some(path) = &args.password_file {
        Secret::Password(read_secret(path, "password")?)
    } else if let Some(path) = &args.token_file {
        Secret::AccessToken(read_secret(path, "access token")?)
    } else if let Some(token) = env("MATRIX_ACCESS_TOKEN") {
        Secret::AccessToken(token)
    } else if let Some(password) = env("MATRIX_PASSWORD") {
        Secret::Password(password)
    } else {
        bail!(
            "no Matrix password or access token: set MATRIX_PASSWORD or MATRIX_ACCESS_TOKEN \
             (or pass --password-file or --token-file)"
        );
    };
    if matches!(&secret, Secret::Password(p) | Secret::AccessToken(p) if p.is_empty()) {
        bail!("the Matrix password or access token file is empty");
    }
    let store = args.store.clone().unwrap_or_else(|| {
        let mut folder = db.as_os_str().to_owned();
        folder.push(".matrix");
        PathBuf::from(folder)
    });
    Ok(Settings {
        homeserver,
        user,
        secret,
        store,
        recovery: recovery(args)?,
    })
}

/// The recovery key from `--recovery-key-file` (a file that does not exist yet is where a
/// new key goes) or `MATRIX_RECOVERY_KEY`.
fn recovery(args: &MatrixArgs) -> Result<Recovery> {
    let Some(path) = &args.recovery_key_file else {
        return Ok(Recovery {
            key: env("MATRIX_RECOVERY_KEY").map(|key| RecoveryKey::new(&key)),
            new_key: KeyOutput::Stdout,
        });
    };
    let key = match std::fs::read_to_string(path) {
        Ok(text) => {
            let key = RecoveryKey::new(&text);
            if key.expose().is_empty() {
                bail!("the recovery key file {} is empty", path.display());
            }
            Some(key)
        }
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => None,
        Err(error) => {
            return Err(error)
                .with_context(|| format!("reading the recovery key file {}", path.display()))
        }
    };
    Ok(Recovery {
        key,
        new_key: KeyOutput::File(path.clone()),
    })
}

fn service(db: Option<&PathBuf>) -> Result<(Config, Service)> {
    let config = super::service_config(db.map(PathBuf::as_path));
    let service = Service::open(config.clone())?;
    Ok((config, service))
}

/// Runs the Matrix bot until Ctrl-C.
///
/// # Errors
///
/// Without the settings, when the database cannot be opened, or when the login or the
/// homeserver fails for good.
pub fn matrix(args: &MatrixArgs) -> Result<()> {
    let db = args
        .db
        .clone()
        .unwrap_or_else(|| super::service_config(None).db_path);
    // The Matrix store sits beside the SQLite file (`akron.db.matrix`); with PostgreSQL,
    // beside the default file's place.
    let settings = settings(args, &super::service_config(Some(&db)).db_path)?;
    discord_cli::init_logging(LOG_FILTER);
    let (config, service) = service(Some(&db))?;
    let lease = account_lease(&service, &settings.user)?;
    tracing::info!(db = %config.database(), ?settings, "starting the Matrix bot");
    let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
    let service = Arc::new(service);
    let result = runtime.block_on(async {
        let _background = Background::start(&service);
        super::web::beside(args.web.as_deref(), &service).await?;
        super::admin_beside(args.admin.as_deref(), &service).await?;
        let run = matrix::run(&settings, Arc::clone(&service));
        tokio::pin!(run);
        tokio::select! {
            result = &mut run => result.context("matrix"),
            lost = keep_lease(Arc::clone(&service), lease.clone()) => lost,
            _ = super::shutdown_signal() => {
                // The bot runs on while its work in flight finishes (its delivery loop marks
                // the notice it is sending, then stops).
                let finishing = akron_bot::stop::finish(&service, "matrix", super::stop_timeout());
                tokio::pin!(finishing);
                tokio::select! {
                    _ = &mut finishing => {}
                    _ = &mut run => {
                        finishing.await;
                    }
                }
                Ok(())
            }
        }
    });
    // What is still running past the bound is left behind, not waited for.
    runtime.shutdown_timeout(std::time::Duration::from_millis(500));
    if let Err(error) = service.release_lease(&lease) {
        tracing::warn!(%error, "could not give up the Matrix account's lease");
    }
    result
}

/// How long a process's hold on its Matrix account lasts unless renewed (seconds); it is
/// renewed every third of that.
const ACCOUNT_LEASE: i64 = 60;

/// Takes the lease on the Matrix account `user` for this process: two processes on one
/// account would both answer every message.
///
/// # Errors
///
/// When another process holds it (or the database fails).
fn account_lease(service: &Service, user: &str) -> Result<String> {
    let name = format!("matrix:{user}");
    if !service.hold_lease(&name, ACCOUNT_LEASE)? {
        bail!(
            "another akron process is running the Matrix account {user} on this database; \
             stop it first (if it died, its hold runs out within {ACCOUNT_LEASE} seconds)"
        );
    }
    Ok(name)
}

/// Renews the account's lease until it is lost (another process took it over after this
/// one stalled), which stops the bot.
async fn keep_lease(service: Arc<Service>, name: String) -> Result<()> {
    let every = std::time::Duration::from_secs(u64::try_from(ACCOUNT_LEASE / 3).unwrap_or(20));
    loop {
        tokio::time::sleep(every).await;
        let (worker, lease) = (Arc::clone(&service), name.clone());
        match tokio::task::spawn_blocking(move || worker.hold_lease(&lease, ACCOUNT_LEASE)).await {
            Ok(Ok(true)) => {}
            Ok(Ok(false)) => bail!("another process took over the Matrix account ({name})"),
            Ok(Err(error)) => tracing::warn!(%error, "could not renew the Matrix account's lease"),
            Err(error) => tracing::warn!(%error, "the lease renewal stopped"),
        }
    }
}

/// Runs the Discord and the Matrix bots in one process on one database, until either stops.
///
/// # Errors
///
/// As [`matrix()`] and [`discord_cli::discord`].
pub fn with_discord() -> Result<()> {
    let (config, service) = service(None)?;
    let matrix_settings = settings(&MatrixArgs::default(), &config.db_path)?;
    let discord_settings = discord_cli::settings(&discord_cli::DiscordArgs::default())?;
    discord_cli::init_logging(LOG_FILTER);
    let lease = account_lease(&service, &matrix_settings.user)?;
    tracing::info!(db = %config.database(), "starting the Discord and Matrix bots");
    let service = Arc::new(service);
    let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
    let result = runtime.block_on(async {
        let _background = Background::start(&service);
        super::web::beside(None, &service).await?;
        super::admin_beside(None, &service).await?;
        let result = tokio::select! {
            result = matrix::run(&matrix_settings, Arc::clone(&service)) => result.context("matrix"),
            result = akron_bot::discord::run(&discord_settings, Arc::clone(&service)) => result.context("discord"),
            lost = keep_lease(Arc::clone(&service), lease.clone()) => lost,
            _ = super::shutdown_signal() => Ok(()),
        };
        akron_bot::stop::finish(&service, "discord and matrix", super::stop_timeout()).await;
        result
    });
    // What is still running past the bound is left behind, not waited for.
    runtime.shutdown_timeout(std::time::Duration::from_millis(500));
    if let Err(error) = service.release_lease(&lease) {
        tracing::warn!(%error, "could not give up the Matrix account's lease");
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_key_file(path: &Path) -> MatrixArgs {
        MatrixArgs {
            recovery_key_file: Some(path.to_path_buf()),
            ..MatrixArgs::default()
        }
    }

    #[test]
    fn a_recovery_key_file_is_read_or_is_where_a_new_key_goes() {
        let Ok(dir) = tempfile::tempdir() else {
            panic!("a temporary folder");
        };
        let path = dir.path().join("recovery-key");
        let Ok(missing) = recovery(&with_key_file(&path)) else {
            panic!("a missing file is where a new key goes");
        };
        assert_eq!(missing.key, None);
        assert_eq!(missing.new_key, KeyOutput::File(path.clone()));

        assert!(std::fs::write(&path, "EsTc abcd efgh\n").is_ok());
        let Ok(given) = recovery(&with_key_file(&path)) else {
            panic!("a key file");
        };
        assert_eq!(given.key, Some(RecoveryKey::new("EsTc abcd efgh")));

        assert!(std::fs::write(&path, "\n").is_ok());
        let empty = recovery(&with_key_file(&path)).map(|_| ());
        assert!(
            empty.is_err_and(|e| e.to_string().contains("is empty")),
            "an empty file is refused"
        );
    }
}
