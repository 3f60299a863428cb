//! `akron discord`: runs the Discord bot (its settings and logging are shared with `akron
//! worker`, in `worker.rs`, and `akron matrix --discord`).

use akron_bot::discord::{self, Settings};
use akron_service::scheduler::Background;
use anyhow::{bail, Context, Result};
use clap::Args;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Arguments of `akron discord`.
#[derive(Args, Default)]
pub struct DiscordArgs {
    /// A file holding the bot token, instead of the `DISCORD_TOKEN` environment variable.
    #[arg(long)]
    token_file: Option<PathBuf>,
    /// The database: a SQLite file, or `postgres://user@host/dbname` (default: `$AKRON_DB`,
    /// else `akron.db`).
    #[arg(long)]
    db: Option<PathBuf>,
    /// A guild (server) id to register `/akron` in at once, for development. Without it the
    /// command is registered globally, which Discord may take a while to show.
    #[arg(long)]
    dev_guild: Option<u64>,
    /// Another REST base URL instead of `https://discord.com`, such as an HTTP proxy.
    #[arg(long, hide = true)]
    api_url: Option<String>,
    /// The gateway shards this process runs, `FIRST-LAST` (both included), of
    /// `--shard-total`: several processes on one PostgreSQL database share a big bot.
    #[arg(long, requires = "shard_total")]
    shards: Option<String>,
    /// How many shards the bot runs in all, across its processes.
    #[arg(long, requires = "shards")]
    shard_total: Option<u32>,
    /// Only the chat: no scheduler, no AI moves and no delivery of notices, which an
    /// `akron worker` on the same PostgreSQL database does.
    #[arg(long)]
    chat_only: bool,
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

impl DiscordArgs {
    /// The arguments `akron doctor` checks Discord with.
    pub(super) fn for_doctor(
        token_file: Option<PathBuf>,
        dev_guild: Option<u64>,
        api_url: Option<String>,
    ) -> DiscordArgs {
        DiscordArgs {
            token_file,
            dev_guild,
            api_url,
            ..DiscordArgs::default()
        }
    }
}

/// The bot token: from the token `file` when one is named (an error when it is missing or
/// empty), else `DISCORD_TOKEN`.
pub(super) fn token(file: Option<&Path>) -> Result<String> {
    let token = match file {
        Some(path) => {
            let token = std::fs::read_to_string(path)
                .with_context(|| format!("reading the token file {}", path.display()))?;
            if token.trim().is_empty() {
                bail!(
                    "the token file {} is empty: put the Discord bot token in it",
                    path.display()
                );
            }
            token
        }
        None => std::env::var("DISCORD_TOKEN").unwrap_or_default(),
    };
    let token = token.trim().to_owned();
    if token.is_empty() {
        bail!(
            "no Discord bot token: set DISCORD_TOKEN (or pass --token-file PATH); \
             without one, try the console game with `akron play`"
        );
    }
    Ok(token)
}

/// Logs to standard error, filtered by `RUST_LOG` (else `default`, such as
/// `info,serenity=warn`), in the format [`super::log_format`] chose: text, coloured only
/// when standard error is a terminal and `NO_COLOR` is not set, or one JSON object a line
/// for log collectors.
///
/// Whatever `RUST_LOG` says, the websocket crates never log at trace level: there they print
/// every frame, and the gateway's IDENTIFY frame carries the token.
pub(super) fn init_logging(default: &str) {
    use tracing_subscriber::prelude::*;
    let wanted =
        tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| default.into());
    let no_frames = tracing_subscriber::filter::filter_fn(|event| {
        *event.level() < tracing::Level::TRACE || !event.target().contains("tungstenite")
    });
    let layer = tracing_subscriber::fmt::layer().with_writer(std::io::stderr);
    let layer = match super::log_format() {
        super::LogFormat::Json => layer.json().boxed(),
        super::LogFormat::Text => layer.with_ansi(super::colour_logs()).boxed(),
    };
    tracing_subscriber::registry()
        .with(layer.with_filter(wanted).with_filter(no_frames))
        .init();
}

/// The connection settings from the arguments and the environment.
///
/// # Errors
///
/// Without a token.
pub(super) fn settings(args: &DiscordArgs) -> Result<Settings> {
    Ok(Settings {
        token: token(args.token_file.as_deref())?,
        dev_guild: args.dev_guild,
        api_url: args.api_url.clone(),
        http_client: None,
    })
}

/// Runs the bot until Ctrl-C.
///
/// # Errors
///
/// Without a token, when the database cannot be opened, or when the connection fails for
/// good.
pub fn discord(args: &DiscordArgs) -> Result<()> {
    let settings = settings(args)?;
    let shards = match (&args.shards, args.shard_total) {
        (Some(range), Some(total)) => {
            Some(discord::Shards::parse(range, total).map_err(anyhow::Error::msg)?)
        }
        _ => None,
    };
    init_logging("info,serenity=warn");
    let config = super::service_config(args.db.as_deref());
    // The error names the file and says why it cannot be used.
    let service = super::open_service(config.clone())?;
    tracing::info!(db = %config.database(), ?settings, ?shards, chat_only = args.chat_only, "starting the Discord bot");
    let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
    let chat_only = args.chat_only;
    let result = runtime.block_on(async {
        let service = Arc::new(service);
        super::watch_clock(&service);
        let _background = (!chat_only).then(|| Background::start(&service));
        super::web::beside(args.web.as_deref(), &service).await?;
        super::admin_beside(args.admin.as_deref(), &service).await?;
        let ran = discord::run_shards(&settings, Arc::clone(&service), shards, !chat_only)
            .await
            .context("discord");
        akron_bot::stop::finish(&service, "discord", super::stop_timeout()).await;
        ran
    });
    // What is still running past the bound is left behind, not waited for.
    runtime.shutdown_timeout(std::time::Duration::from_millis(500));
    result
}
