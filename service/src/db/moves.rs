//! Queries on the `moves` table.

use super::DbError;
use super::Tx;
use crate::model::GameId;
use crate::params;

/// One stored move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// 0 for the first move.
    pub ply: usize,
    /// Canonical notation.
    pub notation: String,
    /// The position code after the move.
    pub code: String,
    /// Unix seconds.
    pub played_at: i64,
}

/// A game's moves in order.
///
/// # Errors
///
/// A database failure.
pub fn game_moves(conn: &Tx<'_>, game: GameId) -> Result<Vec<MoveRow>, DbError> {
    conn.query(
        "SELECT ply, notation, code, played_at FROM moves WHERE game_id = ?1 ORDER BY ply",
        params![game.0],
        |r| {
            Ok(MoveRow {
                ply: r.get(0)?,
                notation: r.get(1)?,
                code: r.get(2)?,
                played_at: r.get(3)?,
            })
        },
    )
}

/// Every move of every game, by game and ply: for checking a whole database (`akron db
/// copy`) in one query rather than one a game.
///
/// # Errors
///
/// A database failure.
pub fn all_moves(conn: &Tx<'_>) -> Result<Vec<(GameId, MoveRow)>, DbError> {
    conn.query(
        "SELECT game_id, ply, notation, code, played_at FROM moves ORDER BY game_id, ply",
        params![],
        |r| {
            Ok((
                GameId(r.get(0)?),
                MoveRow {
                    ply: r.get(1)?,
                    notation: r.get(2)?,
                    code: r.get(3)?,
                    played_at: r.get(4)?,
                },
            ))
        },
    )
}

/// Appends a move.
///
/// # Errors
///
/// A database failure, including a move already stored at that ply.
pub fn insert_move(conn: &Tx<'_>, game: GameId, mv: &MoveRow) -> Result<(), DbError> {
    conn.execute(
        "INSERT INTO moves (game_id, ply, notation, code, played_at) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![game.0, mv.ply, mv.notation, mv.code, mv.played_at],
    )?;
    Ok(())
}

/// Deletes the moves from `ply` on (a takeback).
///
/// # Errors
///
/// A database failure.
pub fn delete_moves_from(conn: &Tx<'_>, game: GameId, ply: usize) -> Result<usize, DbError> {
    conn.execute(
        "DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2",
        params![game.0, ply],
    )
}
