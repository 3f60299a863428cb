//! Notices posted to Discord: the [`Sender`] the service's delivery driver runs for this
//! front end. Each message carries its notice id as the `nonce` with `enforce_nonce`, so when
//! the process dies between posting and marking, the retry gets the earlier message back
//! from Discord instead of posting a second one.

use super::reply;
use crate::service::{Destination, Notice, Service};
use akron_service::delivery::{SendError, Sender};
use poise::serenity_prelude as serenity;
use std::sync::Arc;

/// Posts notices to Discord, for the service's [delivery driver](akron_service::delivery).
pub struct DiscordSender {
    /// The bot's REST client.
    pub http: Arc<serenity::Http>,
    /// The service, told where a thread was opened.
    pub service: Arc<Service>,
}

impl Sender for DiscordSender {
    fn platform(&self) -> &str {
        super::PLATFORM.id
    }

    /// Posts the notice (and opens the thread it asks for).
    async fn send(&self, notice: &Notice) -> Result<(), SendError> {
        let posted = post(&self.http, notice).await;
        if let (Ok(Some(message)), Some(thread)) = (&posted, &notice.thread) {
            super::threads::open_for_notice(
                &self.http,
                &self.service,
                thread,
                *message,
                notice.reply.reader.language,
            )
            .await;
        }
        posted
            .map(drop)
            .map_err(|(reason, permanent)| SendError { reason, permanent })
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
