//! Notices posted to Matrix: the [`Sender`] the service's delivery driver runs for this
//! front end. Each message's transaction id is its notice id, so when the process dies
//! between posting and marking, the homeserver recognises the retry instead of posting
//! twice. Direct messages go to a room made once per user and remembered.

use super::send::{self, Place};
use super::{threads, Bot, MatrixError};
use crate::model::ChannelId;
use crate::service::{Destination, Notice};
use akron_service::delivery::{SendError, Sender};
use matrix_sdk::ruma::{OwnedRoomId, UserId as MxUserId};
use matrix_sdk::{Client, Room, RoomState};
use std::sync::Arc;

/// Posts notices to Matrix, for the service's [delivery driver](akron_service::delivery).
pub(super) struct MatrixSender {
    pub(super) client: Client,
    pub(super) bot: Bot,
}

impl Sender for MatrixSender {
    fn platform(&self) -> &str {
        super::PLATFORM.id
    }

    async fn send(&self, notice: &Notice) -> Result<(), SendError> {
        post(&self.client, &self.bot, notice)
            .await
            .map_err(|error| SendError {
                permanent: error.is_permanent(),
                reason: error.to_string(),
            })
    }
}

/// Sends the notice; a direct message that cannot be made goes to the fallback channel.
async fn post(client: &Client, bot: &Bot, notice: &Notice) -> Result<(), MatrixError> {
    let txn = format!("akron-notice-{}", notice.id.0);
    match &notice.to {
        Destination::Channel(channel) => to_channel(client, bot, notice, channel, txn).await,
        Destination::User(user) => match dm_room(client, bot, user.local()).await {
            Ok(room) => {
                let channel = send::channel_of(room.room_id(), None);
                let place = Place {
                    txn: Some(txn),
                    ..Place::default()
                };
                send::post(client, &room, bot, &notice.reply, &place, None, &channel)
                    .await
                    .map(|_| ())
            }
            Err(error) => match &notice.fallback {
                Some(channel) => {
                    tracing::debug!(notice = notice.id.0, %error, "no direct message room");
                    to_channel(client, bot, notice, channel, txn).await
                }
                None => Err(error),
            },
        },
    }
}

async fn to_channel(
    client: &Client,
    bot: &Bot,
    notice: &Notice,
    channel: &ChannelId,
    txn: String,
) -> Result<(), MatrixError> {
    let (room_id, thread) = send::room_of(channel)
        .ok_or_else(|| MatrixError::Setup(format!("'{channel}' is not a Matrix room")))?;
    let room = joined(client, &room_id)?;
    let in_thread = thread.is_some();
    let place = Place {
        thread,
        reply_to: None,
        txn: Some(txn.clone()),
    };
    let posted = send::post(client, &room, bot, &notice.reply, &place, None, channel).await?;
    // A notice that opens a game in a thread of its own (a tournament's pairing): its
    // message is the thread's root. A retry after a crash posts the root again under the
    // same transaction id, which the homeserver answers with the same event, so the thread
    // is the same one.
    let game = notice
        .thread
        .as_ref()
        .map(|asked| asked.game)
        .or_else(|| notice.reply.thread.as_ref().and(notice.reply.board_of));
    if let (Some(game), Some(root), false) = (game, posted, in_thread) {
        threads::open(client, bot, &room, root, game, Some(txn)).await?;
    }
    Ok(())
}

fn joined(client: &Client, room_id: &OwnedRoomId) -> Result<Room, MatrixError> {
    client
        .get_room(room_id)
        .filter(|room| room.state() == RoomState::Joined)
        .ok_or_else(|| MatrixError::Setup(format!("the bot is not in the room {room_id}")))
}

/// The direct message room with `user`: the remembered one while the bot is still in it,
/// else a new one (invited, remembered).
async fn dm_room(client: &Client, bot: &Bot, user: &str) -> Result<Room, MatrixError> {
    let id = MxUserId::parse(user)
        .map_err(|e| MatrixError::Setup(format!("'{user}' is not a Matrix user: {e}")))?;
    let store = Arc::clone(&bot.service);
    let key = id.to_string();
    let known = tokio::task::spawn_blocking(move || store.dm_room(&key)).await??;
    if let Some(room) = known
        .and_then(|room| OwnedRoomId::try_from(room).ok())
        .and_then(|room| joined(client, &room).ok())
    {
        return Ok(room);
    }
    let room = client.create_dm(&id).await?;
    let store = Arc::clone(&bot.service);
    let (key, value) = (id.to_string(), room.room_id().to_string());
    tokio::task::spawn_blocking(move || store.set_dm_room(&key, &value)).await??;
    tracing::info!(user = %id, room = %room.room_id(), "made a direct message room");
    Ok(room)
}
