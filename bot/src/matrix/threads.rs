//! Games in threads of their own: when a reply asks for a thread (an accepted challenge with
//! `thread:on`, or the room's setting), the thread is rooted on the posted message, the
//! service moves the game there, and its board is posted in the thread.

use super::send::{self, Place};
use super::Bot;
use crate::service::Reply;
use matrix_sdk::ruma::OwnedEventId;
use matrix_sdk::{Client, Room};
use std::sync::Arc;

/// Opens the thread `answer` asked for on `posted`. Failures are logged; the game then stays
/// in the room.
pub(super) async fn open_if_asked(
    client: &Client,
    bot: &Bot,
    room: &Room,
    answer: &Reply,
    posted: Option<OwnedEventId>,
) {
    let (Some(_), Some(game), Some(root)) = (&answer.thread, answer.board_of, posted) else {
        return;
    };
    let thread = send::channel_of(room.room_id(), Some(&root));
    let service = Arc::clone(&bot.service);
    let at = thread.clone();
    let board = match tokio::task::spawn_blocking(move || service.thread_opened(game, &at)).await {
        Ok(Ok(board)) => board,
        Ok(Err(error)) => {
            tracing::error!(%error, game = game.0, "could not move a game into its thread");
            return;
        }
        Err(error) => {
            tracing::error!(%error, "the service worker died");
            return;
        }
    };
    let place = Place {
        thread: Some(root),
        ..Place::default()
    };
    if let Err(error) = send::post(client, room, &bot.store, &board, &place, None, &thread).await {
        tracing::warn!(%error, "could not post the board in the game's thread");
    }
}
