//! Queries on the `games` table.

use super::DbError;
use crate::service::types::{ChannelId, GameId, UserId};
use akron_rules::{Color, Reason, WinRule};
use rusqlite::{params, Connection, OptionalExtension, Row};
use std::str::FromStr;

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// A challenge waiting for the opponent.
    Open,
    /// Being played.
    Active,
    /// Over, with a result.
    Finished,
    /// The opponent declined the challenge.
    Declined,
    /// The challenger withdrew the challenge.
    Cancelled,
    /// Nobody answered the challenge in time.
    Expired,
}

impl Status {
    /// The stored name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Active => "active",
            Status::Finished => "finished",
            Status::Declined => "declined",
            Status::Cancelled => "cancelled",
            Status::Expired => "expired",
        }
    }

    fn from_name(name: &str) -> Option<Status> {
        [
            Status::Open,
            Status::Active,
            Status::Finished,
            Status::Declined,
            Status::Cancelled,
            Status::Expired,
        ]
        .into_iter()
        .find(|s| s.name() == name)
    }
}

/// One row of `games`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The game's number (0 before it is inserted).
    pub id: GameId,
    /// The channel it is played in.
    pub channel: ChannelId,
    /// Where it stands.
    pub status: Status,
    /// Who made the challenge.
    pub challenger: UserId,
    /// Black's player at the start, id and name.
    pub black: (UserId, String),
    /// White's player at the start, id and name.
    pub white: (UserId, String),
    /// Board side.
    pub size: u8,
    /// Marbles each player starts with.
    pub pile: u16,
    /// When a connection wins.
    pub win_rule: WinRule,
    /// The position the game starts from.
    pub start_code: String,
    /// The winning colour, once there is one.
    pub winner: Option<Color>,
    /// The winning player.
    pub winner_id: Option<UserId>,
    /// Why the game ended.
    pub reason: Option<Reason>,
    /// Who offered a draw that is still open.
    pub draw_offer_by: Option<UserId>,
    /// Who asked to take back a move, still unanswered.
    pub takeback_by: Option<UserId>,
    /// Unix seconds.
    pub created_at: i64,
    /// When the challenge was accepted.
    pub started_at: Option<i64>,
    /// When the last move was made.
    pub last_move_at: Option<i64>,
    /// When the game ended.
    pub finished_at: Option<i64>,
    /// Bumped by every change.
    pub version: i64,
}

const COLUMNS: &str = "id, channel, status, challenger_id, black_id, black_name, white_id, \
    white_name, size, pile, win_rule, start_code, winner, winner_id, reason, draw_offer_by, \
    takeback_by, created_at, started_at, last_move_at, finished_at, version";

fn corrupt(what: String) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, what.into())
}

fn from_row(r: &Row<'_>) -> rusqlite::Result<GameRow> {
    let status: String = r.get(2)?;
    let rule: String = r.get(10)?;
    let winner: Option<String> = r.get(12)?;
    let reason: Option<String> = r.get(14)?;
    let user = |i: usize| -> rusqlite::Result<Option<UserId>> {
        Ok(r.get::<_, Option<String>>(i)?.map(UserId))
    };
    Ok(GameRow {
        id: GameId(r.get(0)?),
        channel: ChannelId(r.get(1)?),
        status: Status::from_name(&status).ok_or_else(|| corrupt(format!("status {status}")))?,
        challenger: UserId(r.get(3)?),
        black: (UserId(r.get(4)?), r.get(5)?),
        white: (UserId(r.get(6)?), r.get(7)?),
        size: r.get(8)?,
        pile: r.get(9)?,
        win_rule: WinRule::from_str(&rule).map_err(corrupt)?,
        start_code: r.get(11)?,
        winner: match winner {
            Some(w) => Some(Color::from_name(&w).ok_or_else(|| corrupt(format!("winner {w}")))?),
            None => None,
        },
        winner_id: user(13)?,
        reason: match reason {
            Some(w) => Some(Reason::from_name(&w).ok_or_else(|| corrupt(format!("reason {w}")))?),
            None => None,
        },
        draw_offer_by: user(15)?,
        takeback_by: user(16)?,
        created_at: r.get(17)?,
        started_at: r.get(18)?,
        last_move_at: r.get(19)?,
        finished_at: r.get(20)?,
        version: r.get(21)?,
    })
}

/// Inserts a new game (its `id` and `version` are ignored) and returns its id.
///
/// # Errors
///
/// A database failure, including another open game in the same channel.
pub fn insert_game(conn: &Connection, game: &GameRow) -> Result<GameId, DbError> {
    conn.prepare_cached(
        "INSERT INTO games (channel, status, challenger_id, black_id, black_name, white_id, \
         white_name, size, pile, win_rule, start_code, created_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
    )?
    .execute(params![
        game.channel.0,
        game.status.name(),
        game.challenger.0,
        game.black.0 .0,
        game.black.1,
        game.white.0 .0,
        game.white.1,
        game.size,
        game.pile,
        game.win_rule.name(),
        game.start_code,
        game.created_at,
    ])?;
    Ok(GameId(conn.last_insert_rowid()))
}

/// The game with this id.
///
/// # Errors
///
/// A database failure.
pub fn game(conn: &Connection, id: GameId) -> Result<Option<GameRow>, DbError> {
    Ok(conn
        .prepare_cached(&format!("SELECT {COLUMNS} FROM games WHERE id = ?1"))?
        .query_row([id.0], from_row)
        .optional()?)
}

/// The open challenge or active game in a channel.
///
/// # Errors
///
/// A database failure.
pub fn channel_game(conn: &Connection, channel: &ChannelId) -> Result<Option<GameRow>, DbError> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM games WHERE channel = ?1 AND status IN ('open', 'active')"
        ))?
        .query_row([&channel.0], from_row)
        .optional()?)
}

/// The most recent game in a channel, in any status.
///
/// # Errors
///
/// A database failure.
pub fn latest_channel_game(
    conn: &Connection,
    channel: &ChannelId,
) -> Result<Option<GameRow>, DbError> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM games WHERE channel = ?1 ORDER BY id DESC LIMIT 1"
        ))?
        .query_row([&channel.0], from_row)
        .optional()?)
}

/// The open challenges and active games a user takes part in, oldest first.
///
/// # Errors
///
/// A database failure.
pub fn user_games(conn: &Connection, user: &UserId) -> Result<Vec<GameRow>, DbError> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM games WHERE status IN ('open', 'active') AND black_id = ?1 \
         UNION SELECT {COLUMNS} FROM games WHERE status IN ('open', 'active') AND white_id = ?1 \
         ORDER BY id"
    ))?;
    let rows = stmt.query_map([&user.0], from_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Every game's id, oldest first.
///
/// # Errors
///
/// A database failure.
pub fn all_game_ids(conn: &Connection) -> Result<Vec<GameId>, DbError> {
    let mut stmt = conn.prepare_cached("SELECT id FROM games ORDER BY id")?;
    let rows = stmt.query_map([], |r| r.get(0).map(GameId))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Writes a game's changeable columns, provided its stored version is still `game.version`,
/// and bumps the version. Returns the new version.
///
/// # Errors
///
/// [`DbError::Conflict`] when another change landed first; a database failure.
pub fn save_game(conn: &Connection, game: &GameRow) -> Result<i64, DbError> {
    let changed = conn
        .prepare_cached(
            "UPDATE games SET status = ?3, winner = ?4, winner_id = ?5, reason = ?6, \
             draw_offer_by = ?7, takeback_by = ?8, started_at = ?9, last_move_at = ?10, \
             finished_at = ?11, version = version + 1 \
             WHERE id = ?1 AND version = ?2",
        )?
        .execute(params![
            game.id.0,
            game.version,
            game.status.name(),
            game.winner.map(Color::name),
            game.winner_id.as_ref().map(|u| &u.0),
            game.reason.map(Reason::name),
            game.draw_offer_by.as_ref().map(|u| &u.0),
            game.takeback_by.as_ref().map(|u| &u.0),
            game.started_at,
            game.last_move_at,
            game.finished_at,
        ])?;
    if changed == 1 {
        Ok(game.version + 1)
    } else {
        Err(DbError::Conflict)
    }
}
