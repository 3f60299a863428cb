//! Queries on `premoves` and `vacations`.

use super::DbError;
use super::Tx;
use crate::model::{GameId, UserId};
use crate::params;

/// A player's queued conditional moves in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Premoves {
    /// Who queued them.
    pub user: UserId,
    /// The number of moves played when they were queued; they answer the next one.
    pub after_ply: usize,
    /// `(if the opponent plays, answer)` pairs, in canonical notation.
    pub pairs: Vec<(String, String)>,
}

/// Queues (replacing any earlier queue) a player's conditional moves.
///
/// # Errors
///
/// A database failure.
pub fn set_premoves(conn: &Tx<'_>, game: GameId, queue: &Premoves) -> Result<(), DbError> {
    let pairs: Vec<String> = queue
        .pairs
        .iter()
        .map(|(x, y)| format!("{x} {y}"))
        .collect();
    conn.execute(
        "INSERT INTO premoves (game_id, user_id, after_ply, pairs) VALUES (?1, ?2, ?3, ?4) \
         ON CONFLICT (game_id, user_id) DO UPDATE SET after_ply = excluded.after_ply, \
         pairs = excluded.pairs",
        params![game.0, queue.user.0, queue.after_ply, pairs.join(";")],
    )?;
    Ok(())
}

/// A player's queue in a game, if any.
///
/// # Errors
///
/// A database failure.
pub fn premoves(conn: &Tx<'_>, game: GameId, user: &UserId) -> Result<Option<Premoves>, DbError> {
    let row: Option<(usize, String)> = conn.query_opt(
        "SELECT after_ply, pairs FROM premoves WHERE game_id = ?1 AND user_id = ?2",
        params![game.0, user.0],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    Ok(row.map(|(after_ply, pairs)| premoves_from(user, after_ply, &pairs)))
}

/// A queue as stored: `pairs` is `x y` pairs separated by `;`.
pub(super) fn premoves_from(user: &UserId, after_ply: usize, pairs: &str) -> Premoves {
    Premoves {
        user: user.clone(),
        after_ply,
        pairs: pairs
            .split(';')
            .filter_map(|pair| {
                let (x, y) = pair.split_once(' ')?;
                Some((x.to_string(), y.to_string()))
            })
            .collect(),
    }
}

/// Removes every queue in a game (after a takeback), or one player's.
///
/// # Errors
///
/// A database failure.
pub fn clear_premoves(
    conn: &Tx<'_>,
    game: GameId,
    user: Option<&UserId>,
) -> Result<usize, DbError> {
    Ok(match user {
        Some(user) => conn.execute(
            "DELETE FROM premoves WHERE game_id = ?1 AND user_id = ?2",
            params![game.0, user.0],
        )?,
        None => conn.execute("DELETE FROM premoves WHERE game_id = ?1", params![game.0])?,
    })
}

/// A user's vacation account.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Vacation {
    /// The calendar year `used` counts in.
    pub year: i64,
    /// Seconds of vacation taken in that year, not counting a running one.
    pub used: i64,
    /// When the running vacation began, if one is running.
    pub since: Option<i64>,
}

/// A user's vacation account (zero when they never took one).
///
/// # Errors
///
/// A database failure.
pub fn vacation(conn: &Tx<'_>, user: &UserId) -> Result<Vacation, DbError> {
    Ok(conn
        .query_opt(
            "SELECT year, used, since FROM vacations WHERE user_id = ?1",
            params![&user.0],
            |r| {
                Ok(Vacation {
                    year: r.get(0)?,
                    used: r.get(1)?,
                    since: r.get(2)?,
                })
            },
        )?
        .unwrap_or_default())
}

/// Writes a user's vacation account.
///
/// # Errors
///
/// A database failure.
pub fn set_vacation(conn: &Tx<'_>, user: &UserId, vacation: Vacation) -> Result<(), DbError> {
    conn.execute(
        "INSERT INTO vacations (user_id, year, used, since) VALUES (?1, ?2, ?3, ?4) \
         ON CONFLICT (user_id) DO UPDATE SET year = excluded.year, used = excluded.used, \
         since = excluded.since",
        params![user.0, vacation.year, vacation.used, vacation.since],
    )?;
    Ok(())
}
