//! A chat front end's own memory (migration `0005_matrix.sql`, written for Matrix, usable by
//! any front end that offers reactions): which reactions on which posted message stand for
//! which buttons, the direct-message room made with each user, and the events already
//! handled.

use super::{DbError, Tx, Value};
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
/// `(key, button_id, game)` of `choices`; `board` when the message is a board of that game.
///
/// # Errors
///
/// A database failure.
pub fn offer_reactions(
    tx: &Tx<'_>,
    message: &str,
    choices: &[(&str, &str, Option<i64>)],
    channel: &ChannelId,
    board: bool,
) -> Result<(), DbError> {
    for (key, button_id, game) in choices {
        tx.execute(
            "INSERT INTO matrix_reactions (event_id, key, button_id, channel, game, board) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6) \
             ON CONFLICT (event_id, key) DO UPDATE SET button_id = excluded.button_id, \
             channel = excluded.channel, game = excluded.game, board = excluded.board",
            params![
                message,
                key,
                button_id,
                channel.as_str(),
                *game,
                i64::from(board)
            ],
        )?;
    }
    Ok(())
}

/// Remembers the bot's own reaction event that offers `key` on `message`, to redact it once
/// the choice is gone. False when the choice is gone already (then the caller takes the
/// reaction back at once).
///
/// # Errors
///
/// A database failure.
pub fn reaction_sent(
    tx: &Tx<'_>,
    message: &str,
    key: &str,
    reaction_event: &str,
) -> Result<bool, DbError> {
    let updated = tx.execute(
        "UPDATE matrix_reactions SET reaction_event = ?3 WHERE event_id = ?1 AND key = ?2",
        params![message, key, reaction_event],
    )?;
    Ok(updated == 1)
}

/// One offered reaction whose choice is gone: the message it is on and the bot's reaction
/// event to redact (none when it was never sent).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoneChoice {
    /// The message the reaction is on.
    pub message: String,
    /// The bot's reaction event.
    pub reaction_event: Option<String>,
}

/// Forgets the choices `filter` selects (a `WHERE` clause over `matrix_reactions` with
/// `args`) and returns them, in one statement each way.
fn forget(tx: &Tx<'_>, filter: &str, args: &[Value<'_>]) -> Result<Vec<GoneChoice>, DbError> {
    let gone = tx.query(
        &format!("SELECT event_id, reaction_event FROM matrix_reactions WHERE {filter} ORDER BY event_id, key"),
        args,
        |r| {
            Ok(GoneChoice {
                message: r.get(0)?,
                reaction_event: r.get(1)?,
            })
        },
    )?;
    tx.execute(
        &format!("DELETE FROM matrix_reactions WHERE {filter}"),
        args,
    )?;
    Ok(gone)
}

/// A new board of `game` was posted as `message`: every choice offered on an earlier message
/// about the game (its older boards, a challenge, an offer, a question) is gone, as each new
/// Discord board takes the buttons off the one before. Forgets and returns them.
///
/// # Errors
///
/// A database failure.
pub fn choices_before_board(
    tx: &Tx<'_>,
    game: i64,
    message: &str,
) -> Result<Vec<GoneChoice>, DbError> {
    forget(tx, "game = ?1 AND event_id <> ?2", params![game, message])
}

/// The choice offered on `message` was answered: unless the message is a board (whose other
/// choices stay), every choice on it is gone. Forgets and returns them.
///
/// # Errors
///
/// A database failure.
pub fn choices_answered_on(tx: &Tx<'_>, message: &str) -> Result<Vec<GoneChoice>, DbError> {
    forget(tx, "event_id = ?1 AND board = 0", params![message])
}

/// A command typed in `channel` answered the choices whose button ids start with one of
/// `actions` (`akron:draw-accept:`…): those offered on messages that are not boards are gone.
/// Forgets and returns them.
///
/// # Errors
///
/// A database failure.
pub fn choices_answered_in(
    tx: &Tx<'_>,
    channel: &ChannelId,
    actions: &[&str],
) -> Result<Vec<GoneChoice>, DbError> {
    let mut gone = Vec::new();
    for action in actions {
        let prefix = format!("akron:{action}:%");
        gone.extend(forget(
            tx,
            "channel = ?1 AND board = 0 AND button_id LIKE ?2",
            params![channel.as_str(), prefix],
        )?);
    }
    Ok(gone)
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

/// The ids `platform` gave the bot's commands at registration, by command name.
///
/// # Errors
///
/// A database failure.
pub fn platform_commands(tx: &Tx<'_>, platform: &str) -> Result<Vec<(String, String)>, DbError> {
    tx.query(
        "SELECT name, command_id FROM platform_commands WHERE platform = ?1 ORDER BY name",
        params![platform],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

/// Replaces the ids of `platform`'s commands with `commands` (`(name, id)`), all at once: a
/// registration replaces the whole set.
///
/// # Errors
///
/// A database failure.
pub fn set_platform_commands(
    tx: &Tx<'_>,
    platform: &str,
    commands: &[(String, String)],
) -> Result<(), DbError> {
    tx.execute(
        "DELETE FROM platform_commands WHERE platform = ?1",
        params![platform],
    )?;
    for (name, id) in commands {
        tx.execute(
            "INSERT INTO platform_commands (platform, name, command_id) VALUES (?1, ?2, ?3)",
            params![platform, name, id],
        )?;
    }
    Ok(())
}
