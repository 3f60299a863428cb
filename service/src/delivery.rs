//! The delivery driver: where a notice is sent. Written once for every front end.
//!
//! A decision that must tell someone outside its reply writes a notice into the outbox in
//! its own transaction (see `service/notices.rs`). This driver fetches the notices due for
//! one platform, hands each to that platform's [`Sender`], and marks it delivered, or records
//! the failure (retried with backoff, given up after a bounded number of tries); then it
//! sleeps until the next notice is due or until the service says something new was written.
//! Settling deadlines is not its job: the [scheduler](crate::scheduler) does that, once per
//! process, whatever front ends run.
//!
//! What "exactly once" means depends on the platform: a sender that can make a retry
//! idempotent (Discord's message nonce, Matrix's transaction id, both the notice's id) turns
//! a crash between sending and marking into the same message again; the console prints again.

use crate::model::NoticeId;
use crate::service::{Notice, Service, ServiceError};
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

/// Notices fetched per round.
pub const BATCH: usize = 50;

/// How long a delivery loop's claim on a notice lasts (seconds): another loop on the same
/// database leaves the notice alone meanwhile, and takes it over if the claim runs out (the
/// process died before marking it).
pub const LEASE: i64 = 60;

/// The longest sleep between two rounds, whatever is planned: a safety net.
const LONGEST_SLEEP: Duration = Duration::from_secs(600);

/// Why a notice could not be sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SendError {
    /// What went wrong, for the log (never a secret).
    pub reason: String,
    /// Whether retrying is pointless: the channel or user is gone, the bot may not post
    /// there. A notice that failed for good is given up at once.
    pub permanent: bool,
}

impl SendError {
    /// A failure worth retrying (a timeout, a server error).
    #[must_use]
    pub fn transient(reason: impl Into<String>) -> SendError {
        SendError {
            reason: reason.into(),
            permanent: false,
        }
    }

    /// A failure no retry can mend.
    #[must_use]
    pub fn permanent(reason: impl Into<String>) -> SendError {
        SendError {
            reason: reason.into(),
            permanent: true,
        }
    }
}

/// A platform's way of posting a notice: the one thing each front end writes.
pub trait Sender: Send + Sync + 'static {
    /// The platform whose notices this sender posts: the prefix of its channel and user ids
    /// (`discord`, `matrix`, `console`).
    fn platform(&self) -> &str;

    /// Posts one notice where it goes (opening the thread it asks for, falling back to its
    /// channel when a direct message is refused). Called again for the same notice after a
    /// failure or a crash, so a sender should make the repeat harmless where its platform
    /// allows (the notice's id as the message's nonce or transaction id).
    fn send(&self, notice: &Notice) -> impl Future<Output = Result<(), SendError>> + Send;
}

/// Runs the delivery loop for `sender`'s platform until the service is dropped or stops
/// ([`Service::begin_stop`]: the notice being sent is finished and marked first).
pub async fn deliver_forever<S: Sender>(service: Arc<Service>, sender: S) {
    let mut wakeups = service.wakeups();
    loop {
        if service.stopping() {
            return;
        }
        // Seen before the round, so that a notice written during it wakes the next one.
        wakeups.borrow_and_update();
        let sleep = match round(&service, &sender).await {
            Ok(Some(sleep)) => sleep,
            Ok(None) => continue,
            Err(error) => {
                tracing::error!(
                    platform = sender.platform(),
                    %error,
                    "the notice loop failed; trying again soon"
                );
                Duration::from_secs(60)
            }
        };
        // Other processes on a shared database write notices unheard of here.
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

/// One round: deliver what is due. Returns how long to sleep, or `None` to go again at once
/// (a full batch was delivered, so more may wait).
///
/// # Errors
///
/// Storage failures while fetching.
pub async fn round<S: Sender>(
    service: &Arc<Service>,
    sender: &S,
) -> Result<Option<Duration>, ServiceError> {
    let platform = sender.platform().to_owned();
    let worker = Arc::clone(service);
    let fetch = platform.clone();
    let _claiming = service.work();
    if service.stopping() {
        return Ok(None);
    }
    let notices = blocking(move || worker.claim_notices(&fetch, BATCH, LEASE)).await?;
    let full = notices.len() == BATCH;
    for notice in notices {
        // A stopping process sends no more; the notices it claimed are given back
        // ([`Service::release_everything`]) for another process to send at once.
        if service.stopping() {
            return Ok(None);
        }
        let id = notice.id;
        let sent = sender.send(&notice).await;
        let worker = Arc::clone(service);
        if let Err(error) = blocking(move || record(&worker, id, sent)).await {
            tracing::error!(notice = id.0, %error, "could not record a delivery");
        }
    }
    if full {
        return Ok(None);
    }
    let worker = Arc::clone(service);
    let (next, now) =
        blocking(move || Ok((worker.next_notice_due(&platform)?, worker.now()))).await?;
    Ok(Some(until(next, now)))
}

/// Delivers every notice due now for `platform`, on this thread, through a synchronous
/// `send` (the console). Returns how many were delivered.
///
/// # Errors
///
/// Storage failures; what was delivered before stays marked.
pub fn deliver_due(
    service: &Service,
    platform: &str,
    mut send: impl FnMut(&Notice) -> Result<(), SendError>,
) -> Result<usize, ServiceError> {
    let mut delivered = 0;
    loop {
        let notices = service.claim_notices(platform, BATCH, LEASE)?;
        let full = notices.len() == BATCH;
        for notice in &notices {
            let sent = send(notice);
            delivered += usize::from(sent.is_ok());
            record(service, notice.id, sent)?;
        }
        if !full {
            return Ok(delivered);
        }
    }
}

/// Marks a notice delivered, or records why it was not.
fn record(
    service: &Service,
    id: NoticeId,
    sent: Result<(), SendError>,
) -> Result<(), ServiceError> {
    match sent {
        Ok(()) => service.notice_delivered(id).map(drop),
        Err(error) => service
            .notice_failed(id, &error.reason, error.permanent)
            .map(drop),
    }
}

/// How long to sleep until `next` (Unix seconds), capped by the safety net.
pub(crate) fn until(next: Option<i64>, now: i64) -> Duration {
    next.map_or(LONGEST_SLEEP, |due| {
        Duration::from_secs(u64::try_from(due.saturating_sub(now)).unwrap_or(0)).min(LONGEST_SLEEP)
    })
}

/// Runs storage work on a blocking thread.
pub(crate) async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ServiceError> + Send + 'static,
) -> Result<T, ServiceError> {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|error| Err(ServiceError::Stopped(error.to_string())))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::model::{ChannelId, Destination};
    use crate::service::{Config, ManualClock};
    use std::sync::Mutex;

    /// A sender that records what it was given and fails as told.
    struct Fake {
        sent: Mutex<Vec<(NoticeId, String)>>,
        fail: Mutex<Option<SendError>>,
    }

    impl Sender for Arc<Fake> {
        fn platform(&self) -> &str {
            "console"
        }

        async fn send(&self, notice: &Notice) -> Result<(), SendError> {
            if let Some(error) = self.fail.lock().unwrap().clone() {
                return Err(error);
            }
            self.sent
                .lock()
                .unwrap()
                .push((notice.id, notice.reply.text.clone()));
            Ok(())
        }
    }

    fn service(dir: &tempfile::TempDir) -> (Arc<Service>, Arc<ManualClock>) {
        let clock = Arc::new(ManualClock::new(1_000_000));
        let service = Service::with_clock(
            Config::with_db(dir.path().join("akron.db")),
            Arc::clone(&clock) as Arc<dyn crate::service::Clock>,
        )
        .unwrap();
        (Arc::new(service), clock)
    }

    #[tokio::test]
    async fn a_round_sends_each_due_notice_once_and_marks_it() {
        let dir = tempfile::tempdir().unwrap();
        let (service, _clock) = service(&dir);
        let to = Destination::Channel(ChannelId::new("console", "main"));
        let first = service.push_test_notice(&to, "first").unwrap();
        let second = service.push_test_notice(&to, "second").unwrap();
        // Another platform's notice is not this sender's.
        let elsewhere = Destination::Channel(ChannelId::new("matrix", "!r"));
        service.push_test_notice(&elsewhere, "not mine").unwrap();
        let fake = Arc::new(Fake {
            sent: Mutex::default(),
            fail: Mutex::default(),
        });
        let sleep = round(&service, &fake).await.unwrap();
        assert_eq!(sleep, Some(LONGEST_SLEEP), "nothing else is due");
        assert_eq!(
            *fake.sent.lock().unwrap(),
            [(first, "first".to_owned()), (second, "second".to_owned())]
        );
        round(&service, &fake).await.unwrap();
        assert_eq!(
            fake.sent.lock().unwrap().len(),
            2,
            "delivered notices stay delivered"
        );
        assert_eq!(
            service.pending_notices().unwrap(),
            1,
            "the matrix notice waits"
        );
    }

    #[tokio::test]
    async fn a_failure_is_retried_after_its_backoff_and_a_permanent_one_is_given_up() {
        let dir = tempfile::tempdir().unwrap();
        let (service, clock) = service(&dir);
        let to = Destination::Channel(ChannelId::new("console", "main"));
        let id = service.push_test_notice(&to, "hello").unwrap();
        let fake = Arc::new(Fake {
            sent: Mutex::default(),
            fail: Mutex::new(Some(SendError::transient("timed out"))),
        });
        let sleep = round(&service, &fake).await.unwrap();
        assert_eq!(
            sleep,
            Some(Duration::from_secs(5)),
            "the first retry waits 5 s"
        );
        round(&service, &fake).await.unwrap();
        assert!(fake.sent.lock().unwrap().is_empty(), "not due again yet");
        clock.advance(5);
        *fake.fail.lock().unwrap() = None;
        round(&service, &fake).await.unwrap();
        assert_eq!(*fake.sent.lock().unwrap(), [(id, "hello".to_owned())]);

        service.push_test_notice(&to, "gone").unwrap();
        *fake.fail.lock().unwrap() = Some(SendError::permanent("unknown channel"));
        let sleep = round(&service, &fake).await.unwrap();
        assert_eq!(
            sleep,
            Some(LONGEST_SLEEP),
            "given up: nothing is due any more"
        );
        assert_eq!(service.pending_notices().unwrap(), 0);
    }

    #[test]
    fn the_synchronous_pass_delivers_what_is_due() {
        let dir = tempfile::tempdir().unwrap();
        let (service, _clock) = service(&dir);
        let to = Destination::Channel(ChannelId::new("console", "main"));
        for n in 0..(BATCH + 3) {
            service.push_test_notice(&to, &format!("n{n}")).unwrap();
        }
        let mut seen = Vec::new();
        let delivered = deliver_due(&service, "console", |notice| {
            seen.push(notice.reply.text.clone());
            Ok(())
        })
        .unwrap();
        assert_eq!(delivered, BATCH + 3, "more than a batch, all of it");
        assert_eq!(seen.first().map(String::as_str), Some("n0"));
        assert_eq!(service.pending_notices().unwrap(), 0);
    }
}
