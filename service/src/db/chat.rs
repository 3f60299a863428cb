//! A chat front end's own memory (migration `0005_matrix.sql`, written for Matrix, usable by
//! any front end that offers reactions): which reactions on which posted message stand for
//! which buttons, the direct-message room made with each user, and the events already
//! handled.

use super::{DbError, Tx};
use crate::model::ChannelId;
use crate::params;

/// The button a reaction stands for, and the channel its message answers for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReactionChoice {
    /// The service button id, like `akron:accept:12`.
    pub button_id: String,
    /// Where a public answer to the reaction goes.
    pub channel: ChannelId,
}

/// Remembers that reacting `key` on `message` presses `button_id`, for each
/// `(key, button_id)` of `choices`.
///
/// # Errors
///
/// A database failure.
pub fn offer_reactions(
    tx: &Tx<'_>,
    message: &str,
    choices: &[(&str, &str)],
    channel: &ChannelId,
) -> Result<(), DbError> {
    for (key, button_id) in choices {
        tx.execute(
            "INSERT INTO matrix_reactions (event_id, key, button_id, channel) \
             VALUES (?1, ?2, ?3, ?4) \
             ON CONFLICT (event_id, key) DO UPDATE SET button_id = excluded.button_id, \
             channel = excluded.channel",
            params![message, key, button_id, channel.as_str()],
        )?;
    }
    Ok(())
}

/// What reacting `key` on `message` stands for, if the bot offered it.
///
/// # Errors
///
/// A database failure.
pub fn reaction_choice(
    tx: &Tx<'_>,
    message: &str,
    key: &str,
) -> Result<Option<ReactionChoice>, DbError> {
    tx.query_opt(
        "SELECT button_id, channel FROM matrix_reactions WHERE event_id = ?1 AND key = ?2",
        params![message, key],
        |r| {
            Ok(ReactionChoice {
                button_id: r.get(0)?,
                channel: ChannelId(r.get(1)?),
            })
        },
    )
}

/// The direct-message room made with `user`, if any.
///
/// # Errors
///
/// A database failure.
pub fn dm_room(tx: &Tx<'_>, user: &str) -> Result<Option<String>, DbError> {
    tx.query_opt(
        "SELECT room_id FROM matrix_dm_rooms WHERE user_id = ?1",
        params![user],
        |r| r.get(0),
    )
}

/// Remembers the direct-message room made with `user`.
///
/// # Errors
///
/// A database failure.
pub fn set_dm_room(tx: &Tx<'_>, user: &str, room: &str) -> Result<(), DbError> {
    tx.execute(
        "INSERT INTO matrix_dm_rooms (user_id, room_id) VALUES (?1, ?2) \
         ON CONFLICT (user_id) DO UPDATE SET room_id = excluded.room_id",
        params![user, room],
    )?;
    Ok(())
}

/// Marks an event handled; false when it already was (a replay after a restart).
///
/// # Errors
///
/// A database failure.
pub fn first_time(tx: &Tx<'_>, event: &str, now: i64) -> Result<bool, DbError> {
    let inserted = tx.execute(
        "INSERT INTO matrix_handled (event_id, handled_at) VALUES (?1, ?2) \
         ON CONFLICT (event_id) DO NOTHING",
        params![event, now],
    )?;
    Ok(inserted == 1)
}
