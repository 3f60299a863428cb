//! Queries on the `moves` table.

use super::DbError;
use crate::model::GameId;
use rusqlite::{params, Connection};

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
pub fn game_moves(conn: &Connection, game: GameId) -> Result<Vec<MoveRow>, DbError> {
    let mut stmt = conn.prepare_cached(
        "SELECT ply, notation, code, played_at FROM moves WHERE game_id = ?1 ORDER BY ply",
    )?;
    let rows = stmt.query_map([game.0], |r| {
        Ok(MoveRow {
            ply: r.get(0)?,
            notation: r.get(1)?,
            code: r.get(2)?,
            played_at: r.get(3)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Appends a move.
///
/// # Errors
///
/// A database failure, including a move already stored at that ply.
pub fn insert_move(conn: &Connection, game: GameId, mv: &MoveRow) -> Result<(), DbError> {
    conn.prepare_cached(
        "INSERT INTO moves (game_id, ply, notation, code, played_at) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![game.0, mv.ply, mv.notation, mv.code, mv.played_at])?;
    Ok(())
}

/// Deletes the moves from `ply` on (a takeback).
///
/// # Errors
///
/// A database failure.
pub fn delete_moves_from(conn: &Connection, game: GameId, ply: usize) -> Result<usize, DbError> {
    Ok(conn
        .prepare_cached("DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2")?
        .execute(params![game.0, ply])?)
}
