//! Queries on puzzles, their solvers and the channels that get a puzzle a day.

use super::DbError;
use crate::model::{ChannelId, PuzzleId, PuzzleRecord, User, UserId};
use akron_rules::WinRule;
use rusqlite::{params, Connection, OptionalExtension, Row};
use std::str::FromStr;

const COLUMNS: &str = "id, channel, poster_id, poster_name, code, win_rule, title, moves, \
    is_unique, solution, first_moves, bank_line, created_at, reveal_at";

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

fn from_row(r: &Row<'_>) -> rusqlite::Result<PuzzleRecord> {
    let rule: String = r.get(5)?;
    let poster_id: Option<String> = r.get(2)?;
    let poster_name: Option<String> = r.get(3)?;
    Ok(PuzzleRecord {
        id: PuzzleId(r.get(0)?),
        channel: ChannelId(r.get(1)?),
        poster: poster_id.map(|id| User::new(UserId(id), poster_name.unwrap_or_default())),
        code: r.get(4)?,
        win_rule: WinRule::from_str(&rule).map_err(|e| {
            rusqlite::Error::FromSqlConversionFailure(5, rusqlite::types::Type::Text, e.into())
        })?,
        title: r.get(6)?,
        moves: r.get(7)?,
        unique: r.get(8)?,
        solution: words(&r.get::<_, String>(9)?),
        first_moves: words(&r.get::<_, String>(10)?),
        bank_line: r.get(11)?,
        created_at: r.get(12)?,
        reveal_at: r.get(13)?,
    })
}

/// Stores a new puzzle (its `id` is ignored) and returns its number.
///
/// # Errors
///
/// A database failure.
pub fn insert_puzzle(conn: &Connection, puzzle: &PuzzleRecord) -> Result<PuzzleId, DbError> {
    conn.prepare_cached(
        "INSERT INTO puzzles (channel, poster_id, poster_name, code, win_rule, title, moves, \
         is_unique, solution, first_moves, bank_line, created_at, reveal_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
    )?
    .execute(params![
        puzzle.channel.0,
        puzzle.poster.as_ref().map(|u| &u.id.0),
        puzzle.poster.as_ref().map(|u| &u.name),
        puzzle.code,
        puzzle.win_rule.name(),
        puzzle.title,
        puzzle.moves,
        puzzle.unique,
        puzzle.solution.join(" "),
        puzzle.first_moves.join(" "),
        puzzle.bank_line,
        puzzle.created_at,
        puzzle.reveal_at,
    ])?;
    Ok(PuzzleId(conn.last_insert_rowid()))
}

/// The puzzle with this number.
///
/// # Errors
///
/// A database failure.
pub fn puzzle(conn: &Connection, id: PuzzleId) -> Result<Option<PuzzleRecord>, DbError> {
    Ok(conn
        .prepare_cached(&format!("SELECT {COLUMNS} FROM puzzles WHERE id = ?1"))?
        .query_row([id.0], from_row)
        .optional()?)
}

/// Lets anyone see a puzzle's answer from `at` on.
///
/// # Errors
///
/// A database failure.
pub fn set_reveal_at(conn: &Connection, id: PuzzleId, at: i64) -> Result<(), DbError> {
    conn.prepare_cached("UPDATE puzzles SET reveal_at = MIN(reveal_at, ?2) WHERE id = ?1")?
        .execute(params![id.0, at])?;
    Ok(())
}

/// Records that `user` solved a puzzle. Returns false when they already had.
///
/// # Errors
///
/// A database failure.
pub fn add_solver(conn: &Connection, id: PuzzleId, user: &User, at: i64) -> Result<bool, DbError> {
    let added = conn
        .prepare_cached(
            "INSERT OR IGNORE INTO puzzle_solvers (puzzle_id, user_id, user_name, solved_at) \
             VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![id.0, user.id.0, user.name, at])?;
    Ok(added == 1)
}

/// Who solved a puzzle, first solver first.
///
/// # Errors
///
/// A database failure.
pub fn solvers(conn: &Connection, id: PuzzleId) -> Result<Vec<User>, DbError> {
    let mut stmt = conn.prepare_cached(
        "SELECT user_id, user_name FROM puzzle_solvers WHERE puzzle_id = ?1 \
         ORDER BY solved_at, user_id",
    )?;
    let rows = stmt.query_map([id.0], |r| {
        Ok(User::new(UserId(r.get(0)?), r.get::<_, String>(1)?))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The bank lines already posted in a channel.
///
/// # Errors
///
/// A database failure.
pub fn used_bank_lines(conn: &Connection, channel: &ChannelId) -> Result<Vec<i64>, DbError> {
    let mut stmt = conn.prepare_cached(
        "SELECT bank_line FROM puzzles WHERE channel = ?1 AND bank_line IS NOT NULL",
    )?;
    let rows = stmt.query_map([&channel.0], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Turns the daily puzzle on in a channel (the first due at `next_at`) or off. Returns
/// whether anything changed.
///
/// # Errors
///
/// A database failure.
pub fn set_daily(
    conn: &Connection,
    channel: &ChannelId,
    by: &UserId,
    next_at: Option<i64>,
) -> Result<bool, DbError> {
    let changed = match next_at {
        Some(at) => conn
            .prepare_cached(
                "INSERT OR IGNORE INTO daily_puzzles (channel, started_by, next_at) \
                 VALUES (?1, ?2, ?3)",
            )?
            .execute(params![channel.0, by.0, at])?,
        None => conn
            .prepare_cached("DELETE FROM daily_puzzles WHERE channel = ?1")?
            .execute([&channel.0])?,
    };
    Ok(changed == 1)
}

/// The channels whose daily puzzle is due by `now`, with the time it was due.
///
/// # Errors
///
/// A database failure.
pub fn due_daily(conn: &Connection, now: i64) -> Result<Vec<(ChannelId, i64)>, DbError> {
    let mut stmt = conn.prepare_cached(
        "SELECT channel, next_at FROM daily_puzzles WHERE next_at <= ?1 ORDER BY next_at",
    )?;
    let rows = stmt.query_map([now], |r| Ok((ChannelId(r.get(0)?), r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Moves a channel's next daily puzzle from `was` to `next_at`. Returns false when another
/// process already did.
///
/// # Errors
///
/// A database failure.
pub fn advance_daily(
    conn: &Connection,
    channel: &ChannelId,
    was: i64,
    next_at: i64,
) -> Result<bool, DbError> {
    let changed = conn
        .prepare_cached(
            "UPDATE daily_puzzles SET next_at = ?3 WHERE channel = ?1 AND next_at = ?2",
        )?
        .execute(params![channel.0, was, next_at])?;
    Ok(changed == 1)
}

/// When the next daily puzzle of any channel is due.
///
/// # Errors
///
/// A database failure.
pub fn next_daily(conn: &Connection) -> Result<Option<i64>, DbError> {
    Ok(conn
        .prepare_cached("SELECT MIN(next_at) FROM daily_puzzles")?
        .query_row([], |r| r.get(0))?)
}
