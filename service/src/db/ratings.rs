//! Queries on `ratings` and `rating_history`: each player's Glicko-2 rating per scope (a
//! server, or [`GLOBAL_SCOPE`]) and what each rated game did to it.

use super::DbError;
use super::{Row, Tx};
use crate::model::{GameId, UserId};
use crate::params;
use crate::ratings::Rating;

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
    /// Bumped by every rated game: [`set_rating`] writes only at the version read.
    pub version: i64,
}

fn stored_from_row(r: &Row<'_>) -> Result<StoredRating, DbError> {
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
        version: r.get(7)?,
    })
}

/// A player's rating in `scope`, if they have played a rated game there.
///
/// # Errors
///
/// A database failure.
pub fn rating(conn: &Tx<'_>, user: &UserId, scope: &str) -> Result<Option<StoredRating>, DbError> {
    conn.query_opt(
        "SELECT user_id, name, rating, deviation, volatility, games, last_game_at, version \
             FROM ratings WHERE user_id = ?1 AND scope = ?2",
        params![user.0, scope],
        stored_from_row,
    )
}

/// Writes a player's rating in `scope` after a rated game at `at`, counting the game. The
/// new rating was computed from the one read at version `read` (`None`: the player had none
/// in this scope), and is written only if that is still the stored one.
///
/// # Errors
///
/// [`DbError::Conflict`] when another rated game changed (or created) the rating since it
/// was read: nothing is written, and the game's ending must be computed again from fresh
/// reads. A database failure.
pub fn set_rating(
    conn: &Tx<'_>,
    user: &UserId,
    name: &str,
    scope: &str,
    rating: &Rating,
    at: i64,
    read: Option<i64>,
) -> Result<(), DbError> {
    let Some(version) = read else {
        let inserted = conn.execute(
            "INSERT INTO ratings (user_id, scope, name, rating, deviation, volatility, games, \
             last_game_at, version) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, ?7, 1)",
            params![
                user.0,
                scope,
                name,
                rating.rating,
                rating.deviation,
                rating.volatility,
                at
            ],
        );
        return match inserted {
            Ok(_) => Ok(()),
            Err(e) if e.is_unique_violation() => Err(DbError::Conflict),
            Err(e) => Err(e),
        };
    };
    let changed = conn.execute(
        "UPDATE ratings SET name = ?3, rating = ?4, deviation = ?5, volatility = ?6, \
         games = games + 1, last_game_at = ?7, version = version + 1 \
         WHERE user_id = ?1 AND scope = ?2 AND version = ?8",
        params![
            user.0,
            scope,
            name,
            rating.rating,
            rating.deviation,
            rating.volatility,
            at,
            version
        ],
    )?;
    if changed == 1 {
        Ok(())
    } else {
        Err(DbError::Conflict)
    }
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

fn change_from_row(r: &Row<'_>) -> Result<RatingChange, DbError> {
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
pub fn insert_rating_change(conn: &Tx<'_>, change: &RatingChange) -> Result<(), DbError> {
    conn.execute(
        &format!(
        "INSERT INTO rating_history ({CHANGE_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"
    ),
        params![
            change.game.0,
            change.user.0,
            change.scope,
            change.before.rating,
            change.before.deviation,
            change.after.rating,
            change.after.deviation,
            change.after.volatility,
            change.at
        ],
    )?;
    Ok(())
}

/// What a game did to ratings, every player and scope.
///
/// # Errors
///
/// A database failure.
pub fn game_rating_changes(conn: &Tx<'_>, game: GameId) -> Result<Vec<RatingChange>, DbError> {
    conn.query(
        &format!(
        "SELECT {CHANGE_COLUMNS} FROM rating_history WHERE game_id = ?1 ORDER BY user_id, scope"
    ),
        params![game.0],
        change_from_row,
    )
}

/// A player's rated games in `scope`, oldest first.
///
/// # Errors
///
/// A database failure.
pub fn rating_history(
    conn: &Tx<'_>,
    user: &UserId,
    scope: &str,
) -> Result<Vec<RatingChange>, DbError> {
    conn.query(
        &format!(
            "SELECT {CHANGE_COLUMNS} FROM rating_history WHERE user_id = ?1 AND scope = ?2 \
         ORDER BY at, game_id"
        ),
        params![user.0, scope],
        change_from_row,
    )
}

/// Every rating in `scope`, highest first (the leaderboard sorts provisional ones itself).
///
/// # Errors
///
/// A database failure.
pub fn scope_ratings(
    conn: &Tx<'_>,
    scope: &str,
    limit: usize,
) -> Result<Vec<StoredRating>, DbError> {
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    conn.query(
        "SELECT user_id, name, rating, deviation, volatility, games, last_game_at, version \
         FROM ratings WHERE scope = ?1 ORDER BY rating DESC LIMIT ?2",
        params![scope, limit],
        stored_from_row,
    )
}

/// Every player rated in `scope`, in no particular order: those a server's player pages
/// can show, however many there are.
///
/// # Errors
///
/// Storage failures.
pub fn scope_rated_users(conn: &Tx<'_>, scope: &str) -> Result<Vec<UserId>, DbError> {
    conn.query(
        "SELECT user_id FROM ratings WHERE scope = ?1",
        params![scope],
        |r| Ok(UserId(r.get(0)?)),
    )
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
pub fn rated_games(conn: &Tx<'_>, user: &UserId, scope: &str) -> Result<Vec<RatedGame>, DbError> {
    conn.query(
        "SELECT g.id, g.black_id = ?1, g.winner_id, h.rating, h.at FROM rating_history h \
         JOIN games g ON g.id = h.game_id WHERE h.user_id = ?1 AND h.scope = ?2 \
         ORDER BY h.at, h.game_id",
        params![user.0, scope],
        |r| {
            let winner: Option<String> = r.get(2)?;
            Ok(RatedGame {
                game: GameId(r.get(0)?),
                as_black: r.get(1)?,
                won: winner.map(|w| w == user.0),
                rating_after: r.get(3)?,
                at: r.get(4)?,
            })
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rating computed from a reading that another game has since replaced is refused, and
    /// the other game's rating stands.
    #[test]
    fn a_rating_written_from_a_stale_reading_is_a_conflict(
    ) -> Result<(), Box<dyn std::error::Error>> {
        // On SQLite, and on PostgreSQL when a server is set.
        for database in crate::testing::each_database() {
            let db = database.open()?;
            let ann = UserId("test:ann".to_string());
            let at = |rating: f64| Rating {
                rating,
                ..Rating::INITIAL
            };
            db.write(|c| set_rating(c, &ann, "ann", GLOBAL_SCOPE, &at(1600.0), 10, None))?;
            let twice =
                db.write(|c| set_rating(c, &ann, "ann", GLOBAL_SCOPE, &at(1400.0), 10, None));
            assert!(matches!(twice, Err(DbError::Conflict)), "{twice:?}");
            let read = db
                .read(|c| rating(c, &ann, GLOBAL_SCOPE))?
                .ok_or("no rating")?;
            assert_eq!((read.version, read.games), (1, 1));
            // Another game lands after this reading.
            db.write(|c| set_rating(c, &ann, "ann", GLOBAL_SCOPE, &at(1700.0), 20, Some(1)))?;
            let stale =
                db.write(|c| set_rating(c, &ann, "ann", GLOBAL_SCOPE, &at(1550.0), 30, Some(1)));
            assert!(matches!(stale, Err(DbError::Conflict)), "{stale:?}");
            let now = db
                .read(|c| rating(c, &ann, GLOBAL_SCOPE))?
                .ok_or("no rating")?;
            assert_eq!(
                (now.rating.rating, now.games, now.version, now.last_game_at),
                (1700.0, 2, 2, 20)
            );
        }
        Ok(())
    }
}
