//! Queries on `ratings` and `rating_history`: each player's Glicko-2 rating per scope (a
//! server, or [`GLOBAL_SCOPE`]) and what each rated game did to it.

use super::DbError;
use crate::model::{GameId, UserId};
use crate::ratings::Rating;
use rusqlite::{params, Connection, OptionalExtension};

/// The scope of the global rating (servers are `discord:…`, `console`, never `*`).
pub const GLOBAL_SCOPE: &str = "*";

/// A player's stored rating in one scope.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredRating {
    /// The player.
    pub user: UserId,
    /// Their name at their last rated game.
    pub name: String,
    /// The rating as of their last rated game (the deviation not yet grown for idleness).
    pub rating: Rating,
    /// Rated games played in this scope.
    pub games: u32,
    /// When their last rated game ended, Unix seconds.
    pub last_game_at: i64,
}

fn stored_from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<StoredRating> {
    Ok(StoredRating {
        user: UserId(r.get(0)?),
        name: r.get(1)?,
        rating: Rating {
            rating: r.get(2)?,
            deviation: r.get(3)?,
            volatility: r.get(4)?,
        },
        games: r.get(5)?,
        last_game_at: r.get(6)?,
    })
}

/// A player's rating in `scope`, if they have played a rated game there.
///
/// # Errors
///
/// A database failure.
pub fn rating(
    conn: &Connection,
    user: &UserId,
    scope: &str,
) -> Result<Option<StoredRating>, DbError> {
    Ok(conn
        .prepare_cached(
            "SELECT user_id, name, rating, deviation, volatility, games, last_game_at \
             FROM ratings WHERE user_id = ?1 AND scope = ?2",
        )?
        .query_row(params![user.0, scope], stored_from_row)
        .optional()?)
}

/// Writes a player's rating in `scope` after a rated game at `at`, counting the game.
///
/// # Errors
///
/// A database failure.
pub fn set_rating(
    conn: &Connection,
    user: &UserId,
    name: &str,
    scope: &str,
    rating: &Rating,
    at: i64,
) -> Result<(), DbError> {
    conn.prepare_cached(
        "INSERT INTO ratings (user_id, scope, name, rating, deviation, volatility, games, \
         last_game_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, ?7) \
         ON CONFLICT (user_id, scope) DO UPDATE SET name = excluded.name, \
         rating = excluded.rating, deviation = excluded.deviation, \
         volatility = excluded.volatility, games = games + 1, \
         last_game_at = excluded.last_game_at",
    )?
    .execute(params![
        user.0,
        scope,
        name,
        rating.rating,
        rating.deviation,
        rating.volatility,
        at
    ])?;
    Ok(())
}

/// One rated game's effect on one player in one scope.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    /// The game.
    pub game: GameId,
    /// The player.
    pub user: UserId,
    /// The scope: a server or [`GLOBAL_SCOPE`].
    pub scope: String,
    /// Before the game (the deviation grown for idleness).
    pub before: Rating,
    /// After it.
    pub after: Rating,
    /// When, Unix seconds.
    pub at: i64,
}

fn change_from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<RatingChange> {
    let after = Rating {
        rating: r.get(5)?,
        deviation: r.get(6)?,
        volatility: r.get(7)?,
    };
    Ok(RatingChange {
        game: GameId(r.get(0)?),
        user: UserId(r.get(1)?),
        scope: r.get(2)?,
        before: Rating {
            rating: r.get(3)?,
            deviation: r.get(4)?,
            ..after
        },
        after,
        at: r.get(8)?,
    })
}

const CHANGE_COLUMNS: &str = "game_id, user_id, scope, rating_before, deviation_before, \
    rating, deviation, volatility, at";

/// Records a rated game's effect on one player in one scope.
///
/// # Errors
///
/// A database failure.
pub fn insert_rating_change(conn: &Connection, change: &RatingChange) -> Result<(), DbError> {
    conn.prepare_cached(&format!(
        "INSERT INTO rating_history ({CHANGE_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"
    ))?
    .execute(params![
        change.game.0,
        change.user.0,
        change.scope,
        change.before.rating,
        change.before.deviation,
        change.after.rating,
        change.after.deviation,
        change.after.volatility,
        change.at
    ])?;
    Ok(())
}

/// What a game did to ratings, every player and scope.
///
/// # Errors
///
/// A database failure.
pub fn game_rating_changes(conn: &Connection, game: GameId) -> Result<Vec<RatingChange>, DbError> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {CHANGE_COLUMNS} FROM rating_history WHERE game_id = ?1 ORDER BY user_id, scope"
    ))?;
    let rows = stmt.query_map([game.0], change_from_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A player's rated games in `scope`, oldest first.
///
/// # Errors
///
/// A database failure.
pub fn rating_history(
    conn: &Connection,
    user: &UserId,
    scope: &str,
) -> Result<Vec<RatingChange>, DbError> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {CHANGE_COLUMNS} FROM rating_history WHERE user_id = ?1 AND scope = ?2 \
         ORDER BY at, game_id"
    ))?;
    let rows = stmt.query_map(params![user.0, scope], change_from_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Every rating in `scope`, highest first (the leaderboard sorts provisional ones itself).
///
/// # Errors
///
/// A database failure.
pub fn scope_ratings(
    conn: &Connection,
    scope: &str,
    limit: usize,
) -> Result<Vec<StoredRating>, DbError> {
    let mut stmt = conn.prepare_cached(
        "SELECT user_id, name, rating, deviation, volatility, games, last_game_at \
         FROM ratings WHERE scope = ?1 ORDER BY rating DESC LIMIT ?2",
    )?;
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let rows = stmt.query_map(params![scope, limit], stored_from_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// One rated game from a player's side, for their statistics.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedGame {
    /// The game.
    pub game: GameId,
    /// Whether the player started as Black (moved first).
    pub as_black: bool,
    /// `Some(true)` won, `Some(false)` lost, `None` drawn.
    pub won: Option<bool>,
    /// The player's rating after it.
    pub rating_after: f64,
    /// When it ended, Unix seconds.
    pub at: i64,
}

/// A player's rated games in `scope`, oldest first.
///
/// # Errors
///
/// A database failure.
pub fn rated_games(
    conn: &Connection,
    user: &UserId,
    scope: &str,
) -> Result<Vec<RatedGame>, DbError> {
    let mut stmt = conn.prepare_cached(
        "SELECT g.id, g.black_id = ?1, g.winner_id, h.rating, h.at FROM rating_history h \
         JOIN games g ON g.id = h.game_id WHERE h.user_id = ?1 AND h.scope = ?2 \
         ORDER BY h.at, h.game_id",
    )?;
    let rows = stmt.query_map(params![user.0, scope], |r| {
        let winner: Option<String> = r.get(2)?;
        Ok(RatedGame {
            game: GameId(r.get(0)?),
            as_black: r.get(1)?,
            won: winner.map(|w| w == user.0),
            rating_after: r.get(3)?,
            at: r.get(4)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
