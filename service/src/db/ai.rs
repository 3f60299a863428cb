//! Queries on games against the engine (`ai_games`) and on running games' positions.

use super::DbError;
use super::Tx;
use crate::model::GameId;
use crate::params;

/// A game against the engine whose move is pending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiWaiting {
    /// The game.
    pub game: GameId,
    /// The engine's level, 1 to 8.
    pub level: u8,
    /// Since when the engine is to move, Unix seconds.
    pub since: i64,
}

/// Records that `game` is played against the engine at `level`, waiting for its move since
/// `waiting_since` (or not waiting).
///
/// # Errors
///
/// A database failure.
pub fn insert_ai_game(
    conn: &Tx<'_>,
    game: GameId,
    level: u8,
    waiting_since: Option<i64>,
) -> Result<(), DbError> {
    conn.execute(
        "INSERT INTO ai_games (game_id, level, waiting_since) VALUES (?1, ?2, ?3)",
        params![game.0, level, waiting_since],
    )?;
    Ok(())
}

/// Sets (or clears) since when the engine is to move in `game`; nothing happens for a game
/// between people.
///
/// # Errors
///
/// A database failure.
pub fn set_ai_waiting(conn: &Tx<'_>, game: GameId, since: Option<i64>) -> Result<(), DbError> {
    conn.execute(
        "UPDATE ai_games SET waiting_since = ?2 WHERE game_id = ?1",
        params![game.0, since],
    )?;
    Ok(())
}

/// `game`, if the engine is to move in it.
///
/// # Errors
///
/// A database failure.
pub fn ai_waiting_game(conn: &Tx<'_>, game: GameId) -> Result<Option<AiWaiting>, DbError> {
    conn.query_opt(
        "SELECT game_id, level, waiting_since FROM ai_games \
         WHERE game_id = ?1 AND waiting_since IS NOT NULL",
        params![game.0],
        |r| {
            Ok(AiWaiting {
                game: GameId(r.get(0)?),
                level: r.get(1)?,
                since: r.get(2)?,
            })
        },
    )
}

/// The games where the engine is to move, longest waiting first, at most `limit`.
///
/// # Errors
///
/// A database failure.
pub fn ai_waiting(conn: &Tx<'_>, limit: usize) -> Result<Vec<AiWaiting>, DbError> {
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    conn.query(
        "SELECT game_id, level, waiting_since FROM ai_games WHERE waiting_since IS NOT NULL \
         ORDER BY waiting_since, game_id LIMIT ?1",
        params![limit],
        |r| {
            Ok(AiWaiting {
                game: GameId(r.get(0)?),
                level: r.get(1)?,
                since: r.get(2)?,
            })
        },
    )
}

/// A running game whose current position has this code (canonical), if any: analysis of it
/// is refused while it runs.
///
/// # Errors
///
/// A database failure.
pub fn active_game_at(conn: &Tx<'_>, code: &str) -> Result<Option<GameId>, DbError> {
    // `current_code` is kept by triggers on `moves` (migration 0010): one index look-up.
    Ok(conn
        .query_opt(
            "SELECT id FROM games WHERE status = 'active' AND current_code = ?1 LIMIT 1",
            params![code],
            |r| r.get(0),
        )?
        .map(GameId))
}
