//! Only the latest board of a game keeps its buttons: when a new board of a game is posted,
//! the buttons come off the one before, so a channel does not fill with stale Swap, Offer
//! draw and Resign buttons. Best effort and in memory: after a restart the older boards keep
//! their buttons, which still work, since the service decides what each press may do.

use crate::service::{GameId, Reply, Service};
use poise::serenity_prelude as serenity;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Where a message is.
type MessageAt = (serenity::ChannelId, serenity::MessageId);

/// The link Discord shows for a message (`@me` stands for direct messages).
pub(super) fn message_link(guild: Option<serenity::GuildId>, (channel, id): MessageAt) -> String {
    let server = guild.map_or_else(|| "@me".to_string(), |g| g.get().to_string());
    format!("https://discord.com/channels/{server}/{channel}/{id}")
}

/// The message showing the latest board of each running game.
#[derive(Default)]
pub(super) struct Boards {
    latest: Mutex<HashMap<GameId, MessageAt>>,
}

impl Boards {
    /// Whether a reply shows a board worth tracking (public, of a known game); the caller
    /// then looks up its message id, which may cost a request.
    pub(super) fn tracks(reply: &Reply) -> bool {
        reply.board_of.is_some() && !reply.ephemeral
    }

    /// Records `message` as showing `reply`'s board, and returns the game's previous board,
    /// whose buttons should come off. A board without buttons (the game is over) ends the
    /// tracking of its game.
    fn replace(&self, reply: &Reply, message: MessageAt) -> Option<MessageAt> {
        let game = reply.board_of?;
        let mut latest = self.latest.lock().ok()?;
        let previous = if reply.buttons.is_empty() {
            latest.remove(&game)
        } else {
            latest.insert(game, message)
        };
        previous.filter(|previous| *previous != message)
    }

    /// After `message` was posted showing `reply`: tells the service where the latest board
    /// of a running game is (reminders link to it) and takes the buttons off the game's
    /// previous board. Failures (the message was deleted, the bot lost access) are logged and
    /// ignored.
    pub(super) async fn posted(
        &self,
        http: &serenity::Http,
        service: &Arc<Service>,
        reply: &Reply,
        message: MessageAt,
        guild: Option<serenity::GuildId>,
    ) {
        if let Some(game) = reply.running_board() {
            let link = message_link(guild, message);
            let service = Arc::clone(service);
            let stored = tokio::task::spawn_blocking(move || service.board_posted(game, &link));
            match stored.await {
                Ok(Ok(())) => {}
                Ok(Err(error)) => tracing::warn!(%error, "could not remember the latest board"),
                Err(error) => tracing::error!(%error, "the service worker died"),
            }
        }
        let Some((channel, id)) = self.replace(reply, message) else {
            return;
        };
        let stripped = serenity::EditMessage::new().components(Vec::new());
        if let Err(error) = channel.edit_message(http, id, stripped).await {
            tracing::debug!(%error, %id, "could not take the buttons off an older board");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::{Button, Command};

    fn board(game: i64, running: bool) -> Reply {
        Reply {
            board_of: Some(GameId(game)),
            buttons: if running {
                Button::of(Command::AskResign, GameId(game))
                    .into_iter()
                    .collect()
            } else {
                Vec::new()
            },
            ..Reply::default()
        }
    }

    fn at(message: u64) -> MessageAt {
        (
            serenity::ChannelId::new(7),
            serenity::MessageId::new(message),
        )
    }

    #[test]
    fn each_new_board_retires_the_one_before_of_the_same_game_only() {
        let boards = Boards::default();
        assert_eq!(boards.replace(&board(1, true), at(10)), None);
        assert_eq!(boards.replace(&board(2, true), at(20)), None);
        assert_eq!(boards.replace(&board(1, true), at(11)), Some(at(10)));
        assert_eq!(
            boards.replace(&board(1, true), at(11)),
            None,
            "the same message"
        );
        // The final board retires the last running one and ends the tracking.
        assert_eq!(boards.replace(&board(1, false), at(12)), Some(at(11)));
        assert_eq!(boards.replace(&board(1, false), at(13)), None);
        assert_eq!(boards.replace(&board(2, true), at(21)), Some(at(20)));
    }

    #[test]
    fn private_replies_and_replies_without_a_board_are_not_tracked() {
        assert!(Boards::tracks(&board(1, true)));
        let mut private = board(1, true);
        private.ephemeral = true;
        assert!(!Boards::tracks(&private));
        assert!(!Boards::tracks(&Reply::text("hello")));
    }
}
