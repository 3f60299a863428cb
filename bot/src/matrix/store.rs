//! The Matrix front end's memory in the bot's database (migration `0005_matrix.sql`): which
//! reactions on which bot message stand for which buttons, the direct message room of each
//! user, and the events already handled. A connection of its own on the same file; the
//! service's tables are never touched from here.

use crate::model::ChannelId;
use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

/// The front end's tables, behind one connection.
pub(super) struct Store {
    conn: Mutex<Connection>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").finish_non_exhaustive()
    }
}

/// The button a reaction stands for, and the channel its message answers for.
pub(super) struct Choice {
    pub button_id: String,
    pub channel: ChannelId,
}

impl Store {
    /// Opens the database the service already opened (and migrated).
    pub(super) fn open(path: &Path) -> rusqlite::Result<Store> {
        let conn = Connection::open(path)?;
        conn.busy_timeout(Duration::from_secs(10))?;
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    fn with<T>(&self, f: impl FnOnce(&Connection) -> rusqlite::Result<T>) -> rusqlite::Result<T> {
        let conn = self
            .conn
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        f(&conn)
    }

    /// Remembers that reacting `key` on `event_id` presses `button_id`, for each
    /// `(key, button_id)` of `choices`, in one transaction.
    pub(super) fn offer(
        &self,
        event_id: &str,
        choices: &[(&str, &str)],
        channel: &ChannelId,
    ) -> rusqlite::Result<()> {
        self.with(|c| {
            let transaction = c.unchecked_transaction()?;
            for (key, button_id) in choices {
                transaction.execute(
                    "INSERT OR REPLACE INTO matrix_reactions (event_id, key, button_id, channel) \
                     VALUES (?1, ?2, ?3, ?4)",
                    params![event_id, key, button_id, channel.as_str()],
                )?;
            }
            transaction.commit()
        })
    }

    /// What reacting `key` on `event_id` stands for, if the bot offered it.
    pub(super) fn choice(&self, event_id: &str, key: &str) -> rusqlite::Result<Option<Choice>> {
        self.with(|c| {
            c.query_row(
                "SELECT button_id, channel FROM matrix_reactions WHERE event_id = ?1 AND key = ?2",
                params![event_id, key],
                |r| {
                    Ok(Choice {
                        button_id: r.get(0)?,
                        channel: ChannelId(r.get(1)?),
                    })
                },
            )
            .optional()
        })
    }

    /// The direct message room made with `user_id`, if any.
    pub(super) fn dm_room(&self, user_id: &str) -> rusqlite::Result<Option<String>> {
        self.with(|c| {
            c.query_row(
                "SELECT room_id FROM matrix_dm_rooms WHERE user_id = ?1",
                [user_id],
                |r| r.get(0),
            )
            .optional()
        })
    }

    /// Remembers the direct message room made with `user_id`.
    pub(super) fn set_dm_room(&self, user_id: &str, room_id: &str) -> rusqlite::Result<()> {
        self.with(|c| {
            c.execute(
                "INSERT OR REPLACE INTO matrix_dm_rooms (user_id, room_id) VALUES (?1, ?2)",
                params![user_id, room_id],
            )
            .map(|_| ())
        })
    }

    /// Marks an event handled; false when it already was (a replay).
    pub(super) fn first_time(&self, event_id: &str, now: i64) -> rusqlite::Result<bool> {
        self.with(|c| {
            c.execute(
                "INSERT OR IGNORE INTO matrix_handled (event_id, handled_at) VALUES (?1, ?2)",
                params![event_id, now],
            )
            .map(|n| n == 1)
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::service::{Config, Service};

    #[test]
    fn choices_rooms_and_handled_events_are_remembered() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("akron.db");
        let _service = Service::open(Config::with_db(&path)).unwrap();
        let store = Store::open(&path).unwrap();
        let channel = ChannelId::new("matrix", "!r:localhost");
        store
            .offer(
                "$e",
                &[("✅", "akron:accept:3"), ("❌", "akron:decline:3")],
                &channel,
            )
            .unwrap();
        let choice = store.choice("$e", "✅").unwrap().unwrap();
        assert_eq!(choice.button_id, "akron:accept:3");
        assert_eq!(choice.channel, channel);
        let choice = store.choice("$e", "❌").unwrap().unwrap();
        assert_eq!(choice.button_id, "akron:decline:3");
        assert!(store.choice("$e", "🏳️").unwrap().is_none());
        assert_eq!(store.dm_room("@bob:localhost").unwrap(), None);
        store
            .set_dm_room("@bob:localhost", "!dm:localhost")
            .unwrap();
        assert_eq!(
            store.dm_room("@bob:localhost").unwrap().as_deref(),
            Some("!dm:localhost")
        );
        assert!(store.first_time("$m", 1).unwrap());
        assert!(!store.first_time("$m", 2).unwrap());
    }
}
