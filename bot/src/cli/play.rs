//! `akron play`: the console front end.

use akron_bot::console::Console;
use akron_bot::service::{OffsetClock, Service};
use anyhow::{Context, Result};
use clap::Args;
use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::sync::Arc;

/// Arguments of `akron play`.
#[derive(Args)]
pub struct PlayArgs {
    /// The database: a SQLite file, or `postgres://user@host/dbname` (default: `$AKRON_DB`,
    /// else `akron.db`).
    #[arg(long)]
    db: Option<PathBuf>,
    /// Where board pictures and exported records are written.
    #[arg(long, default_value = "akron-boards")]
    out: PathBuf,
}

impl Default for PlayArgs {
    fn default() -> Self {
        PlayArgs {
            db: None,
            out: PathBuf::from("akron-boards"),
        }
    }
}

/// Runs the console on standard input and output.
///
/// # Errors
///
/// When the database cannot be opened or the terminal fails.
pub fn play(args: &PlayArgs) -> Result<()> {
    // Standard output is the game; failures of the service itself (with their causes) go
    // to standard error, warnings and errors by default (`RUST_LOG` to change that).
    super::discord::init_logging("warn");
    let config = super::service_config(args.db.as_deref());
    // The console's clock can be moved forward with `wait`, to try time controls; it runs
    // on the system clock, or stands on the file clock's time for transcripts. The error
    // names the file and says why it cannot be used.
    let clock = OffsetClock::over(super::base_clock());
    let service = Service::with_clock(config.clone(), Arc::new(clock))?;
    // Where an earlier session's `wait` left the clock.
    service.resume_clock()?;
    let service = Arc::new(service);
    stop_on_signal(&service)?;
    Console::new(&service, &args.out)
        .styled(io::stdout().is_terminal())
        .run(io::stdin().lock(), io::stdout().lock())
        .context("console")
}

/// On SIGTERM or Ctrl-C, from a thread of its own: waits for the command under way (the
/// console reads its next line on this thread, which a signal cannot interrupt), gives the
/// notices it claimed back, and ends the process.
fn stop_on_signal(service: &Arc<Service>) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the signal handler")?;
    let service = Arc::clone(service);
    // Installed here, before the console starts, so that no signal comes too early for it.
    #[cfg(unix)]
    let (mut terminate, mut interrupt) = runtime.block_on(async {
        use tokio::signal::unix::{signal, SignalKind};
        Ok::<_, std::io::Error>((
            signal(SignalKind::terminate())?,
            signal(SignalKind::interrupt())?,
        ))
    })?;
    std::thread::Builder::new()
        .name("akron-stop".into())
        .spawn(move || {
            runtime.block_on(async {
                #[cfg(unix)]
                tokio::select! {
                    _ = terminate.recv() => {}
                    _ = interrupt.recv() => {}
                }
                #[cfg(not(unix))]
                if tokio::signal::ctrl_c().await.is_err() {
                    return;
                }
                let finished =
                    akron_bot::stop::finish(&service, "play", super::stop_timeout()).await;
                std::process::exit(if finished { 0 } else { 1 });
            });
        })
        .context("starting the signal handler")?;
    Ok(())
}
