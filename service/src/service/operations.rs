//! What an operator's tools ask the service: its metrics and health, whether its database is
//! current, how much work waits, and, when the process stops, giving up what it holds.

use super::{Service, ServiceError};
use crate::db;
use crate::metrics::{Health, ServiceMetrics};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

/// Whether the database answers and is at this build's schema.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DatabaseState {
    /// It answers and is current.
    Current,
    /// It answers, at another schema version than this build's.
    Behind {
        /// The version it is at.
        found: i64,
        /// The version this build knows.
        known: i64,
    },
    /// It does not answer.
    Unreachable(String),
}

/// A piece of work in flight (a command, a notice being sent, an AI move, a tick): a
/// stopping process waits until none is left ([`Service::finished`]).
#[derive(Debug)]
pub struct Working(Arc<tokio::sync::watch::Sender<usize>>);

impl Drop for Working {
    fn drop(&mut self) {
        self.0.send_modify(|busy| *busy = busy.saturating_sub(1));
    }
}

impl Service {
    /// Counts a piece of work in flight until the guard is dropped. Take it before checking
    /// [`Service::stopping`]: then a stop either sees the work or the work sees the stop.
    #[must_use]
    pub fn work(&self) -> Working {
        self.busy.send_modify(|busy| *busy += 1);
        Working(Arc::clone(&self.busy))
    }

    /// Whether the process is stopping: take no new work.
    #[must_use]
    pub fn stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }

    /// Starts stopping: the scheduler, the AI worker and the delivery loops finish what they
    /// are doing and return, taking nothing new; front ends stop taking commands.
    pub fn begin_stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
        self.wake();
    }

    /// How many pieces of work are in flight.
    #[must_use]
    pub fn in_flight(&self) -> usize {
        *self.busy.borrow()
    }

    /// Waits until no work is in flight, at most `bound`. Returns whether none is left.
    pub async fn finished(&self, bound: Duration) -> bool {
        let mut busy = self.busy.subscribe();
        tokio::time::timeout(bound, busy.wait_for(|busy| *busy == 0))
            .await
            .is_ok_and(|waited| waited.is_ok())
    }

    /// The service's counters, for the admin listener's `/metrics`.
    #[must_use]
    pub fn metrics(&self) -> &ServiceMetrics {
        &self.metrics
    }

    /// The health of the process's parts that front ends report (chat connections).
    #[must_use]
    pub fn health(&self) -> &Health {
        &self.health
    }

    /// The gauge of database connections in use.
    #[must_use]
    pub fn db_in_use(&self) -> &prometheus_client::metrics::gauge::Gauge {
        self.db.in_use()
    }

    /// Asks the database whether it answers and is current, counting a failure.
    #[must_use]
    pub fn database_state(&self) -> DatabaseState {
        match self.db.read(db::schema_versions) {
            Ok((found, known)) if found == known => DatabaseState::Current,
            Ok((found, known)) => DatabaseState::Behind { found, known },
            Err(error) => {
                self.metrics.db_errors.inc();
                DatabaseState::Unreachable(error.to_string())
            }
        }
    }

    /// The work waiting in the database now.
    ///
    /// # Errors
    ///
    /// Storage failures (counted).
    pub fn backlog(&self) -> Result<db::Backlog, ServiceError> {
        let now = self.clock.now();
        self.db
            .read(|c| db::backlog(c, now))
            .inspect_err(|_| {
                self.metrics.db_errors.inc();
            })
            .map_err(ServiceError::from)
    }

    /// Gives up every claim, lease and claimed notice this service holds, so that another
    /// process takes the work over at once: the last thing a stopping process does, once
    /// its work in flight is done. Returns what it held.
    ///
    /// # Errors
    ///
    /// Storage failures; the claims then run out on their own.
    pub fn release_everything(&self) -> Result<db::Held, ServiceError> {
        let now = self.clock.now();
        let held = self.db.write(|c| {
            db::release_analyses(c, &self.owner)?;
            db::release_everything(c, &self.owner, now)
        })?;
        if held.notices > 0 || held.claims > 0 {
            // Loops of this process that still run pick the freed notices up; on PostgreSQL
            // other processes hear of them.
            self.wake();
        }
        Ok(held)
    }

    /// What anyone holds now: live claims, leases and claimed notices.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn held_by_anyone(&self) -> Result<db::Held, ServiceError> {
        let now = self.clock.now();
        Ok(self.db.read(|c| db::held_by_anyone(c, now))?)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use crate::model::Destination;
    use crate::testing::{channel_id_on, Backend, Harness};

    /// A stopping process gives back its claimed notices (due again at once, for anyone)
    /// and its leases; another process's are left alone. On SQLite and PostgreSQL.
    #[test]
    fn release_everything_frees_this_processs_claims_only() {
        for backend in [Backend::Sqlite, Backend::Postgres] {
            if let Some(h) = Harness::on(backend) {
                releases_its_own_claims(&h);
            }
        }
    }

    /// The backlog and the schema version read on SQLite and PostgreSQL.
    #[test]
    fn the_backlog_and_the_schema_read_on_both_databases() {
        for backend in [Backend::Sqlite, Backend::Postgres] {
            let Some(h) = Harness::on(backend) else {
                continue;
            };
            assert_eq!(h.service.database_state(), super::DatabaseState::Current);
            let to = Destination::Channel(channel_id_on("discord", "main"));
            h.service.push_test_notice(&to, "waiting").unwrap();
            h.clock.advance(30);
            let backlog = h.service.backlog().unwrap();
            assert_eq!(backlog.notices_waiting, 1);
            assert_eq!(backlog.oldest_notice_seconds, 30);
            assert_eq!(backlog.scheduler_lag_seconds, 0);
            assert_eq!(backlog.ai_jobs_waiting, 0);
        }
    }

    fn releases_its_own_claims(h: &Harness) {
        let other = h.open_service();
        let to = Destination::Channel(channel_id_on("discord", "main"));
        for n in 0..3 {
            h.service
                .push_test_notice(&to, &format!("notice {n}"))
                .unwrap();
        }
        assert_eq!(h.service.claim_notices("discord", 2, 60).unwrap().len(), 2);
        assert!(h
            .service
            .hold_lease("matrix:@akron:example.org", 60)
            .unwrap());
        assert!(other.hold_lease("something-else", 60).unwrap());
        let held = h.service.held_by_anyone().unwrap();
        assert_eq!((held.notices, held.leases), (2, 2));
        // While claimed, another process gets only the third notice.
        assert_eq!(other.claim_notices("discord", 10, 60).unwrap().len(), 1);

        let released = h.service.release_everything().unwrap();
        assert_eq!((released.notices, released.leases), (2, 1));
        let held = h.service.held_by_anyone().unwrap();
        assert_eq!(
            (held.notices, held.leases),
            (1, 1),
            "the other's claims stand"
        );
        // The notices given back are due at once for the other process, not after the lease.
        assert_eq!(other.claim_notices("discord", 10, 60).unwrap().len(), 2);
    }

    /// `finished` waits for the work in flight and no longer; `begin_stop` is seen by
    /// whoever takes work after it.
    #[tokio::test]
    async fn finished_waits_for_the_work_in_flight() {
        let h = Harness::new();
        let working = h.service.work();
        assert!(!h.service.stopping());
        h.service.begin_stop();
        assert!(h.service.stopping());
        assert_eq!(h.service.in_flight(), 1);
        assert!(
            !h.service.finished(std::time::Duration::ZERO).await,
            "work is still in flight"
        );
        drop(working);
        assert!(h.service.finished(std::time::Duration::ZERO).await);
    }
}
