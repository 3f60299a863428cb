//! `akron web`: serves the web companion alone, reading the bots' database read-only; and
//! `--web ADDRESS`, which serves it beside a bot in the bot's process.

use akron_bot::service::{Service, SystemClock};
use akron_bot::web::{self, Limits, Web};
use anyhow::{Context, Result};
use clap::Args;
use std::path::PathBuf;
use std::sync::Arc;

/// Arguments of `akron web`.
#[derive(Args)]
pub struct WebArgs {
    /// The address to listen on, such as 127.0.0.1:8080 (put a TLS proxy in front of it).
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: String,
    /// The SQLite database the bots write (default: `$AKRON_DB`, else `akron.db`); opened
    /// read-only.
    #[arg(long)]
    db: Option<PathBuf>,
    /// Requests per second one address may make on average (0: no limit, for benchmarks
    /// behind a proxy that limits).
    #[arg(long, default_value_t = 20)]
    requests_per_second: u32,
    /// The address of a proxy in front (a TLS terminator) whose `Forwarded` or
    /// `X-Forwarded-For` header names the visitor, so that each visitor has their own rate
    /// limit and share of live streams; repeat for several. Also `$AKRON_WEB_TRUST_PROXY`
    /// (addresses separated by commas). A header from any other address is ignored.
    #[arg(long = "trust-proxy", value_name = "ADDRESS")]
    trust_proxy: Vec<std::net::IpAddr>,
    /// Serve `/healthz`, `/readyz` and `/metrics` (Prometheus) on this address, such as
    /// 127.0.0.1:9090, apart from the web companion (default: `$AKRON_ADMIN_LISTEN`, else
    /// none).
    #[arg(long, value_name = "ADDRESS")]
    admin: Option<String>,
}

/// Serves the companion until Ctrl-C.
///
/// # Errors
///
/// When the database cannot be opened read-only or the address cannot be bound.
pub fn web(args: &WebArgs) -> Result<()> {
    super::discord::init_logging("info");
    let config = super::service_config(args.db.as_deref());
    let service = Service::open_read_only(config.clone(), Arc::new(SystemClock))
        .with_context(|| format!("opening {} read-only", config.db_path.display()))?;
    let limits = Limits {
        burst: if args.requests_per_second == 0 {
            0
        } else {
            Limits::default().burst
        },
        per_second: args.requests_per_second,
        trusted_proxies: trusted_proxies(&args.trust_proxy)?,
        ..Limits::default()
    };
    tracing::info!(db = %config.db_path.display(), listen = %args.listen, "starting the web companion");
    let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
    runtime.block_on(async {
        let service = Arc::new(service);
        super::admin_beside(args.admin.as_deref(), &service).await?;
        let web = Web::new(service, limits);
        let listener = tokio::net::TcpListener::bind(&args.listen)
            .await
            .with_context(|| format!("listening on {}", args.listen))?;
        tokio::select! {
            result = web::serve(listener, web) => result.context("the web companion"),
            _ = super::shutdown_signal() => {
                // Read-only: nothing is claimed, nothing is left half-written; the pages
                // being sent are cut.
                tracing::info!(role = "web", "stopped: the web companion holds no claims");
                Ok(())
            }
        }
    })
}

/// Starts the companion beside a bot on the bot's own service, when `address` is given
/// (`--web`, else `$AKRON_WEB_LISTEN`). Call inside the runtime.
///
/// # Errors
///
/// When the address cannot be bound.
pub async fn beside(address: Option<&str>, service: &Arc<Service>) -> Result<()> {
    let from_env = std::env::var("AKRON_WEB_LISTEN")
        .ok()
        .filter(|a| !a.trim().is_empty());
    let Some(address) = address.map(str::to_string).or(from_env) else {
        return Ok(());
    };
    let limits = Limits {
        trusted_proxies: trusted_proxies(&[])?,
        ..Limits::default()
    };
    web::spawn(&address, Web::new(service.clone(), limits))
        .await
        .with_context(|| format!("listening on {address} for the web companion"))?;
    Ok(())
}

/// The trusted proxies: `given` on the command line and those in `$AKRON_WEB_TRUST_PROXY`.
///
/// # Errors
///
/// When the variable holds something that is not an IP address.
fn trusted_proxies(given: &[std::net::IpAddr]) -> Result<Vec<std::net::IpAddr>> {
    let mut proxies = given.to_vec();
    if let Ok(listed) = std::env::var("AKRON_WEB_TRUST_PROXY") {
        for entry in listed.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            proxies.push(entry.parse().with_context(|| {
                format!("AKRON_WEB_TRUST_PROXY: '{entry}' is not an IP address")
            })?);
        }
    }
    if !proxies.is_empty() {
        tracing::info!(?proxies, "trusting the forwarding headers of these proxies");
    }
    Ok(proxies)
}
