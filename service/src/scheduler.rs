//! The scheduler: what happens when nobody types. One task per process, started by the
//! binary whatever front ends run (none, for a worker), with the AI worker beside it.
//!
//! It settles what is due ([`Service::tick`]: challenges expire, clocks remind and run out,
//! daily puzzles are posted), then sleeps until the nearest deadline, or until the service
//! says a deadline may have moved. What it settles becomes notices in the outbox, which the
//! [delivery driver](crate::delivery) of each front end posts. Deadlines are rows in the
//! database, so a restart loses nothing: the first tick settles everything overdue.

use crate::delivery::{blocking, until};
use crate::service::Service;
use std::sync::Arc;
use std::time::Duration;

/// Runs the scheduler until the service is dropped or stops (a tick under way is finished).
pub async fn schedule_forever(service: Arc<Service>) {
    let mut wakeups = service.wakeups();
    loop {
        wakeups.borrow_and_update();
        let working = service.work();
        if service.stopping() {
            return;
        }
        let worker = Arc::clone(&service);
        let sleep = match blocking(move || {
            let now = worker.now();
            worker.tick(now)?;
            Ok((worker.next_tick()?, worker.now()))
        })
        .await
        {
            Ok((next, now)) => until(next, now),
            Err(error) => {
                tracing::error!(%error, "could not settle what is due; trying again soon");
                Duration::from_secs(60)
            }
        };
        drop(working);
        // Other processes on a shared database settle and add deadlines unheard of here.
        let sleep = service.shared_poll().map_or(sleep, |poll| sleep.min(poll));
        tokio::select! {
            changed = wakeups.changed() => {
                if changed.is_err() {
                    return;
                }
            }
            () = tokio::time::sleep(sleep) => {}
        }
    }
}

/// The process's background tasks: the scheduler, the AI worker and the analysis worker. Dropping it stops them.
#[derive(Debug)]
pub struct Background {
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Background {
    /// Starts the scheduler and the AI worker on the current Tokio runtime.
    #[must_use]
    pub fn start(service: &Arc<Service>) -> Background {
        Background {
            tasks: vec![
                tokio::spawn(schedule_forever(Arc::clone(service))),
                tokio::spawn(crate::ai_player::run(Arc::clone(service))),
                tokio::spawn(crate::ai_player::run_analyses(Arc::clone(service))),
            ],
        }
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::service::{Config, ManualClock};

    /// The scheduler settles a deadline without any front end: an open challenge expires
    /// when the clock passes its time, and its notice waits in the outbox.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn deadlines_are_settled_with_no_front_end_running() {
        let dir = tempfile::tempdir().unwrap();
        let clock = Arc::new(ManualClock::new(1_000_000));
        let service = Arc::new(
            Service::with_clock(
                Config::with_db(dir.path().join("akron.db")),
                Arc::clone(&clock) as Arc<dyn crate::service::Clock>,
            )
            .unwrap(),
        );
        let challenge = crate::service::Request::new(
            crate::model::User::new(crate::model::UserId::new("console", "ann"), "ann"),
            crate::model::ChannelId::new("console", "main"),
            crate::service::Command::Challenge(crate::service::Challenge::new(
                crate::model::User::new(crate::model::UserId::new("console", "bob"), "bob"),
            )),
        );
        assert!(!service.handle(&challenge).ephemeral);
        let _background = Background::start(&service);
        assert_eq!(service.pending_notices().unwrap(), 0);
        clock.advance(crate::service::CHALLENGE_TTL + 1);
        service.wake();
        let mut settled = false;
        for _ in 0..200 {
            if service.pending_notices().unwrap() == 1 {
                settled = true;
                break;
            }
            // Waiting for the scheduler's task, not for time to pass: the clock is manual.
            tokio::task::yield_now().await;
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert!(settled, "the challenge expired, and its notice waits");
    }
}
