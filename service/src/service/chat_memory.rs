//! A chat front end's memory kept in the service's database: reactions offered as buttons,
//! direct-message rooms, events already handled. The front end decides what they mean; the
//! service only keeps them, on the same storage and with the same limits as everything else.

use super::{parse_button_id, Command, GameId, Offer, Reply, Request};
use super::{Service, ServiceError};
use crate::db::{self, GoneChoice, ReactionChoice};
use crate::model::ChannelId;
use crate::model::Status;

impl Service {
    /// Remembers that reacting `key` on the posted `message` presses `button_id`, for each
    /// `(key, button_id)` of `choices`, in one transaction; `board` when the message shows a
    /// game's board. Each choice is remembered with the game its button is about.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn offer_reactions(
        &self,
        message: &str,
        choices: &[(&str, &str)],
        channel: &ChannelId,
        board: bool,
    ) -> Result<(), ServiceError> {
        let choices: Vec<(&str, &str, Option<i64>)> = choices
            .iter()
            .map(|&(key, button)| (key, button, parse_button_id(button).map(|(_, g)| g.0)))
            .collect();
        Ok(self
            .db
            .write(|tx| db::offer_reactions(tx, message, &choices, channel, board))?)
    }

    /// Remembers the front end's own reaction event that offers `key` on `message`. False
    /// when that choice is gone already: the front end then takes the reaction back at once.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn reaction_sent(
        &self,
        message: &str,
        key: &str,
        reaction_event: &str,
    ) -> Result<bool, ServiceError> {
        Ok(self
            .db
            .write(|tx| db::reaction_sent(tx, message, key, reaction_event))?)
    }

    /// A new board of `game` was posted as `message`: the choices offered on earlier messages
    /// about the game are gone. Forgets them and returns the reactions to take back.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn choices_before_board(
        &self,
        game: GameId,
        message: &str,
    ) -> Result<Vec<GoneChoice>, ServiceError> {
        Ok(self
            .db
            .write(|tx| db::choices_before_board(tx, game.0, message))?)
    }

    /// A choice offered on `message` was answered (publicly, not refused): unless the message
    /// is a board, its choices are gone. Forgets them and returns the reactions to take back.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn choices_answered_on(&self, message: &str) -> Result<Vec<GoneChoice>, ServiceError> {
        Ok(self.db.write(|tx| db::choices_answered_on(tx, message))?)
    }

    /// `command`, typed in `channel`, was answered publicly and not refused: when it answers
    /// a choice (a challenge's accept, decline or cancel; a draw's or takeback's accept or
    /// decline; a resignation's confirmation), the same choices offered in the channel on
    /// messages that are not boards are gone. Forgets them and returns the reactions to take
    /// back.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn choices_answered_by(
        &self,
        channel: &ChannelId,
        command: &Command,
    ) -> Result<Vec<GoneChoice>, ServiceError> {
        let actions: &[&str] = match command {
            Command::Accept | Command::Decline | Command::Cancel => {
                &["accept", "decline", "cancel"]
            }
            Command::Draw(Offer::Accept | Offer::Decline) => &["draw-accept", "draw-decline"],
            Command::Takeback(Offer::Accept | Offer::Decline) => {
                &["takeback-accept", "takeback-decline"]
            }
            Command::Resign => &["resign-confirm"],
            _ => return Ok(Vec::new()),
        };
        Ok(self
            .db
            .write(|tx| db::choices_answered_in(tx, channel, actions))?)
    }

    /// What the reaction `reaction` (an event) of `key` on `message` stands for, the first
    /// time it is seen: `None` when the bot offered nothing there or the reaction was already
    /// handled. Looking up and marking are one transaction.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn take_reaction(
        &self,
        message: &str,
        key: &str,
        reaction: &str,
        now: i64,
    ) -> Result<Option<ReactionChoice>, ServiceError> {
        self.db.write(|tx| -> Result<_, ServiceError> {
            let Some(choice) = db::reaction_choice(tx, message, key)? else {
                return Ok(None);
            };
            Ok(db::first_time(tx, reaction, now)?.then_some(choice))
        })
    }

    /// A message that reads as one of the bot's commands but was written without the
    /// platform's way of addressing the bot (Matrix's `!akron`): `draw decline` where
    /// `!akron draw decline` was meant. When its writer plays the channel's game (or is
    /// answering its challenge), a private answer that shows how to write it (each front end
    /// writes the command its own way); `None` otherwise, so that chat about the game is left
    /// alone. Regression (issue 39): alice wrote `draw decline` exactly as the bot had told
    /// her, on Matrix, and got no answer at all.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn bare_command(
        &self,
        request: &Request,
        typed: &str,
    ) -> Result<Option<Reply>, ServiceError> {
        let Some(view) = self.channel_game(&request.channel)? else {
            return Ok(None);
        };
        let plays = [view.players.black.id.clone(), view.players.white.id.clone()]
            .contains(&request.user.id);
        if !plays || !matches!(view.status, Status::Open | Status::Active) {
            return Ok(None);
        }
        let language = self.languages(request)?.private;
        Ok(Some(Reply::private(crate::say!(
            language,
            "bare-command",
            player = request.user.shown(),
            typed = typed.split_whitespace().collect::<Vec<_>>().join(" ")
        ))))
    }

    /// The ids `platform` gave the bot's commands when they were registered (Discord's, for
    /// command mentions), by name; empty until a registration was stored. Every process of
    /// the bot reads them here instead of asking the platform.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn platform_commands(&self, platform: &str) -> Result<Vec<(String, String)>, ServiceError> {
        Ok(self.db.read(|tx| db::platform_commands(tx, platform))?)
    }

    /// Stores the ids `platform` gave the bot's commands at a registration, replacing the
    /// ones stored before, in one transaction.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn set_platform_commands(
        &self,
        platform: &str,
        commands: &[(String, String)],
    ) -> Result<(), ServiceError> {
        Ok(self
            .db
            .write(|tx| db::set_platform_commands(tx, platform, commands))?)
    }

    /// The direct-message room the front end made with `user`, if any.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn dm_room(&self, user: &str) -> Result<Option<String>, ServiceError> {
        Ok(self.db.read(|tx| db::dm_room(tx, user))?)
    }

    /// Remembers the direct-message room made with `user`.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn set_dm_room(&self, user: &str, room: &str) -> Result<(), ServiceError> {
        Ok(self.db.write(|tx| db::set_dm_room(tx, user, room))?)
    }

    /// Marks a platform event handled; false when it already was (a replay).
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn first_time(&self, event: &str, now: i64) -> Result<bool, ServiceError> {
        Ok(self.db.write(|tx| db::first_time(tx, event, now))?)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use crate::model::ChannelId;
    use crate::service::{Config, Service};

    #[test]
    fn choices_rooms_and_handled_events_are_remembered() {
        let dir = tempfile::tempdir().unwrap();
        let service = Service::open(Config::with_db(dir.path().join("akron.db"))).unwrap();
        let channel = ChannelId::new("chat", "!r:localhost");
        service
            .offer_reactions(
                "$e",
                &[("✅", "akron:accept:3"), ("❌", "akron:decline:3")],
                &channel,
                false,
            )
            .unwrap();
        let choice = service
            .take_reaction("$e", "✅", "$r1", 1)
            .unwrap()
            .unwrap();
        assert_eq!(choice.button_id, "akron:accept:3");
        assert_eq!(choice.channel, channel);
        assert_eq!(service.take_reaction("$e", "✅", "$r1", 2).unwrap(), None);
        let choice = service
            .take_reaction("$e", "❌", "$r2", 3)
            .unwrap()
            .unwrap();
        assert_eq!(choice.button_id, "akron:decline:3");
        assert!(service
            .take_reaction("$e", "🏳️", "$r3", 4)
            .unwrap()
            .is_none());
        assert_eq!(service.dm_room("@bob:localhost").unwrap(), None);
        service
            .set_dm_room("@bob:localhost", "!dm:localhost")
            .unwrap();
        assert_eq!(
            service.dm_room("@bob:localhost").unwrap().as_deref(),
            Some("!dm:localhost")
        );
        assert!(service.first_time("$m", 1).unwrap());
        assert!(!service.first_time("$m", 2).unwrap());
    }
}
