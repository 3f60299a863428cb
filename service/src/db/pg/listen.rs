//! Waking other processes: `NOTIFY akron_wake` when something may be due sooner, and a
//! listener that wakes this process's loops when another one notifies.

use super::statements::batch;
use super::{Pool, PostgresUrl};
use crate::db::DbError;
use postgres::fallible_iterator::FallibleIterator;
use postgres::{Client, NoTls};
use std::time::Duration;

impl Pool {
    /// Tells every process listening ([`Pool::listen`]) that something may be due sooner
    /// than its loops planned: `NOTIFY`, outside any transaction, so that it is sent after
    /// the change that caused it committed.
    pub(in crate::db) fn notify_wake(&self) -> Result<(), DbError> {
        self.read(|conn| batch(conn, &format!("NOTIFY {WAKE_CHANNEL}")))
    }

    /// Listens for [`Pool::notify_wake`] on a connection of its own, on a thread of its own:
    /// calls `wake` for each notification, and once after each (re)connection, since
    /// notifications sent while no connection listened are lost. Reconnects after a failure
    /// (waiting longer each time, up to half a minute). Stops within [`LISTEN_POLL`] once
    /// `alive` says no.
    pub(in crate::db) fn listen(
        &self,
        wake: impl Fn() + Send + 'static,
        alive: impl Fn() -> bool + Send + 'static,
    ) {
        let mut config = (*self.config).clone();
        config.application_name(LISTENER_NAME);
        let url = self.url.clone();
        let spawned = std::thread::Builder::new()
            .name("akron-listen".to_string())
            .spawn(move || listen_forever(&config, &url, &wake, &alive));
        if let Err(e) = spawned {
            tracing::warn!(error = %e, "cannot start listening for wake-ups; loops keep their own schedule");
        }
    }
}

/// The channel on which processes wake each other's loops (`NOTIFY akron_wake`).
const WAKE_CHANNEL: &str = "akron_wake";

/// The `application_name` of a listener's connection (it shows in `pg_stat_activity`).
pub const LISTENER_NAME: &str = "akron-listen";

/// How often a listener with nothing to hear checks that its service still runs.
const LISTEN_POLL: Duration = Duration::from_secs(1);

/// The longest a listener waits before connecting again after a failure.
const LISTEN_BACKOFF: Duration = Duration::from_secs(30);

fn listen_forever(
    config: &postgres::Config,
    url: &PostgresUrl,
    wake: &dyn Fn(),
    alive: &dyn Fn() -> bool,
) {
    let mut backoff = LISTEN_POLL;
    while alive() {
        let failure = match config.connect(NoTls) {
            Ok(mut client) => match client.batch_execute(&format!("LISTEN {WAKE_CHANNEL}")) {
                Ok(()) => {
                    backoff = LISTEN_POLL;
                    // Whatever was written while nobody listened: look again.
                    wake();
                    hear(&mut client, wake, alive)
                }
                Err(e) => Some(e),
            },
            Err(e) => Some(e),
        };
        let Some(error) = failure else { return };
        tracing::warn!(database = %url, %error, "not listening for wake-ups; loops keep their own schedule meanwhile");
        let mut waited = Duration::ZERO;
        while waited < backoff && alive() {
            std::thread::sleep(LISTEN_POLL);
            waited += LISTEN_POLL;
        }
        backoff = (backoff * 2).min(LISTEN_BACKOFF);
    }
}

/// Wakes for each notification on `client` until the service stops (`None`) or the
/// connection fails (the error).
fn hear(client: &mut Client, wake: &dyn Fn(), alive: &dyn Fn() -> bool) -> Option<postgres::Error> {
    loop {
        {
            let mut notifications = client.notifications();
            let mut heard = notifications.timeout_iter(LISTEN_POLL);
            loop {
                match heard.next() {
                    Ok(Some(_)) => wake(),
                    Ok(None) => break,
                    Err(e) => return Some(e),
                }
            }
        }
        if !alive() {
            return None;
        }
        if client.is_closed() {
            // The server went away without an error the iterator reported: say so and
            // reconnect.
            return Some(match client.simple_query("") {
                Err(e) => e,
                Ok(_) => continue,
            });
        }
    }
}
