//! Stopping cleanly, on SIGTERM (what `systemctl stop`, `podman stop` and `kill` send) or
//! Ctrl-C: take no new work, finish what is in flight (an interaction being answered, a
//! notice being sent, a move being written, an AI search), give every claim back so that
//! another process takes the work over at once, and exit within a bound, saying so.

use crate::service::Service;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long a stopping process waits for its work in flight, by default.
pub const DEFAULT_BOUND: Duration = Duration::from_secs(10);

/// Waits for Ctrl-C or, on Unix, SIGTERM.
///
/// # Errors
///
/// When the signal handlers cannot be installed.
pub async fn signal() -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut terminate = signal(SignalKind::terminate())?;
        tokio::select! {
            interrupted = tokio::signal::ctrl_c() => interrupted,
            _ = terminate.recv() => Ok(()),
        }
    }
    #[cfg(not(unix))]
    {
        tokio::signal::ctrl_c().await
    }
}

/// Stops `service`'s work: no new work is taken, the work in flight is waited for (at most
/// `bound`), then every claim, lease and claimed notice of this process is given back.
/// Logs each step, naming `role`. Returns whether everything in flight finished in time.
pub async fn finish(service: &Arc<Service>, role: &str, bound: Duration) -> bool {
    let started = Instant::now();
    tracing::info!(
        role,
        in_flight = service.in_flight(),
        bound_seconds = bound.as_secs_f64(),
        "stopping: taking no new work, finishing what is in flight"
    );
    service.begin_stop();
    let finished = service.finished(bound).await;
    if !finished {
        tracing::warn!(
            role,
            in_flight = service.in_flight(),
            "work still in flight after the bound; stopping anyway (a notice being sent may \
             be sent again by the next process, which Discord's nonce and Matrix's \
             transaction id make harmless)"
        );
    }
    let releasing = Arc::clone(service);
    match tokio::task::spawn_blocking(move || releasing.release_everything()).await {
        Ok(Ok(held)) => tracing::info!(
            role,
            claims = held.claims,
            leases = held.leases,
            notices = held.notices,
            seconds = started.elapsed().as_secs_f64(),
            "stopped: every claim given back"
        ),
        Ok(Err(error)) => tracing::warn!(
            role,
            %error,
            "stopped, but the claims could not be given back: they run out on their own"
        ),
        Err(error) => tracing::warn!(role, %error, "stopped; giving the claims back failed"),
    }
    finished
}
