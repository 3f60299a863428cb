//! Games in threads of their own. A Matrix thread is a root event and the events that relate
//! to it with `m.thread`; opening one is posting the root (the message that asked for it) and
//! telling the service the new channel (`matrix:!room:server/$root`). This happens when a
//! reply asks for a thread (an accepted challenge with `thread:on`, or the room's setting)
//! and when a notice from the outbox does (a tournament opening a game in a thread of its
//! own): the root is posted by the caller, then [`open`] moves the game there and posts its
//! board in the thread.

use super::send::{self, Place};
use super::{Bot, MatrixError};
use crate::model::{ChannelId, GameId};
use crate::service::Reply;
use matrix_sdk::ruma::OwnedEventId;
use matrix_sdk::{Client, Room};
use std::sync::Arc;

/// Opens the thread `answer` asked for on `posted`, the message it was posted as. Failures
/// are logged; the game then stays in the room.
pub(super) async fn open_if_asked(
    client: &Client,
    bot: &Bot,
    room: &Room,
    answer: &Reply,
    posted: Option<OwnedEventId>,
    txn: Option<String>,
) {
    let (Some(_), Some(game), Some(root)) = (&answer.thread, answer.board_of, posted) else {
        return;
    };
    if let Err(error) = open(client, bot, room, root, game, txn).await {
        tracing::warn!(%error, game = game.0, "could not open the game's thread");
    }
}

/// Makes the thread rooted on `root` (a message already posted in `room`) the channel of
/// `game`, and posts the game's board in it. `txn`, when given (a notice's id), makes the
/// board's post idempotent, so that a retried notice does not post it twice. Returns the
/// thread's channel.
///
/// # Errors
///
/// When the service cannot store the move, or the board cannot be posted. A game that is
/// over gets the service's refusal posted in the thread instead of a board.
pub(super) async fn open(
    client: &Client,
    bot: &Bot,
    room: &Room,
    root: OwnedEventId,
    game: GameId,
    txn: Option<String>,
) -> Result<ChannelId, MatrixError> {
    let thread = send::channel_of(room.room_id(), Some(&root));
    let service = Arc::clone(&bot.service);
    let at = thread.clone();
    let board = tokio::task::spawn_blocking(move || service.thread_opened(game, &at)).await??;
    let place = Place {
        thread: Some(root),
        reply_to: None,
        txn: txn.map(|t| format!("{t}-thread")),
    };
    send::post(client, room, bot, &board, &place, None, &thread).await?;
    Ok(thread)
}
