//! `akron worker`: the scheduler, the AI's moves and the delivery of Discord notices, with no
//! chat connection. Its log lines say `akron::cli::worker`.

use super::discord::{init_logging, token};
use akron_bot::discord::{self, Settings};
use akron_service::scheduler::Background;
use anyhow::{Context, Result};
use clap::Args;
use std::path::PathBuf;
use std::sync::Arc;

/// Arguments of `akron worker`.
#[derive(Args, Default)]
pub struct WorkerArgs {
    /// A file holding the Discord bot token (else `DISCORD_TOKEN`), to deliver Discord
    /// notices; without one, Discord notices wait for a Discord process to deliver them.
    #[arg(long)]
    token_file: Option<PathBuf>,
    /// The database: a SQLite file, or `postgres://user@host/dbname` (default: `$AKRON_DB`,
    /// else `akron.db`).
    #[arg(long)]
    db: Option<PathBuf>,
    /// Another REST base URL instead of `https://discord.com`, such as an HTTP proxy.
    #[arg(long, hide = true)]
    api_url: Option<String>,
    /// Serve `/healthz`, `/readyz` and `/metrics` (Prometheus) on this address, such as
    /// 127.0.0.1:9090, apart from the web companion (default: `$AKRON_ADMIN_LISTEN`, else
    /// none).
    #[arg(long, value_name = "ADDRESS")]
    admin: Option<String>,
}

/// Runs the background work with no chat connection until Ctrl-C: the scheduler (deadlines,
/// reminders, daily puzzles), the AI's moves, and the delivery of Discord notices over the
/// REST API when a token is given.
///
/// # Errors
///
/// When the database cannot be opened or the runtime cannot start.
pub fn worker(args: &WorkerArgs) -> Result<()> {
    // A token file named but missing or empty is a mistake, as for `akron discord`: running
    // without it would leave every Discord notice undelivered without a word. Only when no
    // file is named is the token optional (`DISCORD_TOKEN`, else no Discord delivery).
    let token = match &args.token_file {
        Some(file) => Some(token(Some(file))?),
        None => std::env::var("DISCORD_TOKEN")
            .ok()
            .map(|token| token.trim().to_owned())
            .filter(|token| !token.is_empty()),
    };
    init_logging("info,serenity=warn");
    let config = super::service_config(args.db.as_deref());
    let service = super::open_service(config.clone())?;
    let discord_settings = token.map(|token| Settings {
        token,
        dev_guild: None,
        api_url: args.api_url.clone(),
        http_client: None,
    });
    tracing::info!(
        db = %config.database(),
        discord = discord_settings.is_some(),
        "starting the worker: scheduler, AI moves and delivery"
    );
    let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
    let result = runtime.block_on(async {
        let service = Arc::new(service);
        super::watch_clock(&service);
        let _background = Background::start(&service);
        super::admin_beside(args.admin.as_deref(), &service).await?;
        let delivery = discord_settings.map(|settings| {
            let service = Arc::clone(&service);
            tokio::spawn(async move { discord::deliver(&settings, service).await })
        });
        let stopped = super::shutdown_signal().await;
        akron_bot::stop::finish(&service, "worker", super::stop_timeout()).await;
        if let Some(delivery) = delivery {
            delivery.abort();
        }
        stopped.context("waiting for Ctrl-C or SIGTERM")
    });
    // What is still running past the bound is left behind, not waited for.
    runtime.shutdown_timeout(std::time::Duration::from_millis(500));
    result
}
