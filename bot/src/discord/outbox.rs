//! The delivery loop: notices the service wrote to the outbox, posted to Discord.
//!
//! One task, started with the bot. It settles what is due ([`Service::tick`]), posts every
//! due notice for Discord, and sleeps until the next deadline or retry, or until the service
//! says something new was written. Each message carries its notice id as the `nonce` with
//! `enforce_nonce`, so when the process dies between posting and marking, the retry gets the
//! earlier message back from Discord instead of posting a second one.

use super::reply;
use crate::service::{Destination, Notice, Service};
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;

/// Notices fetched per round.
const BATCH: usize = 50;

/// The longest sleep between two rounds, whatever is planned: a safety net.
const LONGEST_SLEEP: Duration = Duration::from_secs(600);

/// Runs the delivery loop until the process ends.
pub async fn deliver_forever(http: Arc<serenity::Http>, service: Arc<Service>) {
    let mut wakeups = service.wakeups();
    loop {
        // Seen before the round, so that a notice written during it wakes the next one.
        wakeups.borrow_and_update();
        let sleep = match round(&http, &service).await {
            Ok(Some(sleep)) => sleep,
            Ok(None) => continue,
            Err(error) => {
                tracing::error!(%error, "the notice loop failed; trying again in a minute");
                Duration::from_secs(60)
            }
        };
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

/// One round: settle, deliver what is due. Returns how long to sleep, or `None` to go again
/// at once (a full batch was delivered, so more may wait).
async fn round(
    http: &serenity::Http,
    service: &Arc<Service>,
) -> Result<Option<Duration>, Box<dyn std::error::Error + Send + Sync>> {
    let worker = Arc::clone(service);
    let notices = tokio::task::spawn_blocking(move || {
        worker.tick(worker.now())?;
        worker.due_notices("discord", BATCH)
    })
    .await??;
    let full = notices.len() == BATCH;
    for notice in notices {
        deliver(http, service, notice).await;
    }
    if full {
        return Ok(None);
    }
    let worker = Arc::clone(service);
    let (next, now) =
        tokio::task::spawn_blocking(move || worker.next_wake("discord").map(|n| (n, worker.now())))
            .await??;
    let sleep = next.map_or(LONGEST_SLEEP, |due| {
        Duration::from_secs(u64::try_from(due.saturating_sub(now)).unwrap_or(0)).min(LONGEST_SLEEP)
    });
    Ok(Some(sleep))
}

/// Posts one notice (and opens the thread it asks for) and records how it went.
async fn deliver(http: &serenity::Http, service: &Arc<Service>, notice: Notice) {
    let id = notice.id;
    let posted = post(http, &notice).await;
    if let (Ok(Some(message)), Some(thread)) = (&posted, &notice.thread) {
        super::threads::open_for_notice(http, service, thread, *message).await;
    }
    let posted = posted.map(|_| ());
    let worker = Arc::clone(service);
    let recorded = tokio::task::spawn_blocking(move || match posted {
        Ok(()) => worker.notice_delivered(id).map(|_| ()),
        Err((error, permanent)) => worker.notice_failed(id, &error, permanent).map(|_| ()),
    })
    .await;
    match recorded {
        Ok(Ok(())) => {}
        Ok(Err(error)) => tracing::error!(notice = id.0, %error, "could not record a delivery"),
        Err(error) => tracing::error!(notice = id.0, %error, "the delivery worker died"),
    }
}

/// Discord's code for a user who does not accept direct messages from the bot.
const DIRECT_MESSAGES_CLOSED: isize = 50007;

/// Discord's code for a message sent into an archived thread. A game's thread archives
/// itself after a week without messages; the notice reopens it.
const THREAD_ARCHIVED: isize = 50083;

/// Where a posted message is.
type Posted = Option<(serenity::ChannelId, serenity::MessageId)>;

/// Sends the notice's message; a direct message the user refuses goes to the fallback
/// channel instead (mentioning them). Returns where it was posted; on failure, the error and
/// whether retrying is pointless.
async fn post(http: &serenity::Http, notice: &Notice) -> Result<Posted, (String, bool)> {
    match send(http, &notice.to, notice).await {
        Err(Refused::DirectMessagesClosed(error)) => match &notice.fallback {
            Some(channel) => {
                tracing::debug!(
                    notice = notice.id.0,
                    "direct messages closed; posting in the channel"
                );
                send(http, &Destination::Channel(channel.clone()), notice)
                    .await
                    .map_err(Refused::into_failure)
            }
            None => Err((error, true)),
        },
        other => other.map_err(Refused::into_failure),
    }
}

/// Why a send failed.
enum Refused {
    /// The user does not accept direct messages from the bot.
    DirectMessagesClosed(String),
    /// The thread is archived.
    ThreadArchived(String),
    /// Anything else: the error, and whether it is permanent.
    Other(String, bool),
}

impl Refused {
    fn into_failure(self) -> (String, bool) {
        match self {
            Refused::DirectMessagesClosed(error) => (error, true),
            Refused::ThreadArchived(error) => (error, false),
            Refused::Other(error, permanent) => (error, permanent),
        }
    }

    fn of(error: &serenity::Error) -> Refused {
        if let serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) = error {
            if response.error.code == DIRECT_MESSAGES_CLOSED {
                return Refused::DirectMessagesClosed(error.to_string());
            }
            if response.error.code == THREAD_ARCHIVED {
                return Refused::ThreadArchived(error.to_string());
            }
        }
        let (text, permanent) = failure(error);
        Refused::Other(text, permanent)
    }
}

/// Sends the notice's message to `to`.
async fn send(http: &serenity::Http, to: &Destination, notice: &Notice) -> Result<Posted, Refused> {
    let channel = match to {
        Destination::Channel(channel) => channel
            .local()
            .parse::<u64>()
            .ok()
            .filter(|id| *id != 0)
            .map(serenity::ChannelId::new)
            .ok_or_else(|| Refused::Other(format!("'{channel}' is not a Discord channel"), true))?,
        Destination::User(user) => {
            let user = user
                .local()
                .parse::<u64>()
                .ok()
                .filter(|id| *id != 0)
                .map(serenity::UserId::new)
                .ok_or_else(|| Refused::Other(format!("'{user}' is not a Discord user"), true))?;
            user.create_dm_channel(http)
                .await
                .map_err(|e| Refused::of(&e))?
                .id
        }
    };
    let nonce = |message: serenity::CreateMessage| {
        message
            .nonce(serenity::Nonce::String(notice.id.0.to_string()))
            .enforce_nonce(true)
    };
    match reply::post(http, channel, &notice.reply, nonce).await {
        Ok(posted) => Ok(Some((posted.channel_id, posted.id))),
        Err(error) => match Refused::of(&error) {
            Refused::ThreadArchived(_) => {
                // Reopen the game's thread, then send again.
                let reopen = serenity::EditThread::new().archived(false);
                channel
                    .edit_thread(http, reopen)
                    .await
                    .map_err(|e| Refused::of(&e))?;
                reply::post(http, channel, &notice.reply, nonce)
                    .await
                    .map(|posted| Some((posted.channel_id, posted.id)))
                    .map_err(|e| Refused::of(&e))
            }
            other => Err(other),
        },
    }
}

/// The error's text, and whether it is permanent: the channel or user is gone, or the bot
/// may not post there (HTTP 403 and 404). Anything else is retried.
fn failure(error: &serenity::Error) -> (String, bool) {
    let permanent = matches!(
        error,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))
            if response.status_code.as_u16() == 403 || response.status_code.as_u16() == 404
    );
    (error.to_string(), permanent)
}
