//! A chat front end's memory kept in the service's database: reactions offered as buttons,
//! direct-message rooms, events already handled. The front end decides what they mean; the
//! service only keeps them, on the same storage and with the same limits as everything else.

use super::{Service, ServiceError};
use crate::db::{self, ReactionChoice};
use crate::model::ChannelId;

impl Service {
    /// Remembers that reacting `key` on the posted `message` presses `button_id`, for each
    /// `(key, button_id)` of `choices`, in one transaction.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn offer_reactions(
        &self,
        message: &str,
        choices: &[(&str, &str)],
        channel: &ChannelId,
    ) -> Result<(), ServiceError> {
        Ok(self
            .db
            .write(|tx| db::offer_reactions(tx, message, choices, channel))?)
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
