//! Queries on puzzles, their solvers and the channels that get a puzzle a day.

use super::DbError;
use super::{Row, Tx};
use crate::model::{ChannelId, PuzzleId, PuzzleRecord, ServerId, User, UserId};
use crate::params;
use akron_rules::WinRule;
use std::str::FromStr;

const COLUMNS: &str = "id, channel, poster_id, poster_name, code, win_rule, title, moves, \
    is_unique, solution, first_moves, bank_line, created_at, reveal_at, server";

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

fn from_row(r: &Row<'_>) -> Result<PuzzleRecord, DbError> {
    let rule: String = r.get(5)?;
    let poster_id: Option<String> = r.get(2)?;
    let poster_name: Option<String> = r.get(3)?;
    Ok(PuzzleRecord {
        id: PuzzleId(r.get(0)?),
        channel: ChannelId(r.get(1)?),
        poster: poster_id.map(|id| User::new(UserId(id), poster_name.unwrap_or_default())),
        code: r.get(4)?,
        win_rule: WinRule::from_str(&rule).map_err(DbError::Corrupt)?,
        title: r.get(6)?,
        moves: r.get(7)?,
        unique: r.get(8)?,
        solution: words(&r.get::<String>(9)?),
        first_moves: words(&r.get::<String>(10)?),
        bank_line: r.get(11)?,
        created_at: r.get(12)?,
        reveal_at: r.get(13)?,
        server: r.get::<Option<String>>(14)?.map(ServerId),
    })
}

/// Stores a new puzzle (its `id` is ignored) and returns its number.
///
/// # Errors
///
/// A database failure.
pub fn insert_puzzle(conn: &Tx<'_>, puzzle: &PuzzleRecord) -> Result<PuzzleId, DbError> {
    Ok(PuzzleId(conn.query_one(
        "INSERT INTO puzzles (channel, poster_id, poster_name, code, win_rule, title, moves, \
         is_unique, solution, first_moves, bank_line, created_at, reveal_at, server) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14) RETURNING id",
        params![
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
            puzzle.server.as_ref().map(|s| &s.0),
        ],
        |r| r.get(0),
    )?))
}

/// The first puzzle with this position and win rule posted on `server` (or, outside any
/// server, in `channel`): a position is posted once per server.
///
/// # Errors
///
/// A database failure.
pub fn puzzle_with_position(
    conn: &Tx<'_>,
    code: &str,
    rule: WinRule,
    server: Option<&ServerId>,
    channel: &ChannelId,
) -> Result<Option<PuzzleRecord>, DbError> {
    let sql_server = format!(
        "SELECT {COLUMNS} FROM puzzles WHERE code = ?1 AND win_rule = ?2 AND server = ?3 \
         ORDER BY id LIMIT 1"
    );
    let sql_channel = format!(
        "SELECT {COLUMNS} FROM puzzles WHERE code = ?1 AND win_rule = ?2 AND channel = ?3 \
         ORDER BY id LIMIT 1"
    );
    match server {
        Some(server) => {
            conn.query_opt(&sql_server, params![code, rule.name(), &server.0], from_row)
        }
        None => conn.query_opt(
            &sql_channel,
            params![code, rule.name(), &channel.0],
            from_row,
        ),
    }
}

/// The puzzle with this number.
///
/// # Errors
///
/// A database failure.
pub fn puzzle(conn: &Tx<'_>, id: PuzzleId) -> Result<Option<PuzzleRecord>, DbError> {
    conn.query_opt(
        &format!("SELECT {COLUMNS} FROM puzzles WHERE id = ?1"),
        params![id.0],
        from_row,
    )
}

/// Lets anyone see a puzzle's answer from `at` on.
///
/// # Errors
///
/// A database failure.
pub fn set_reveal_at(conn: &Tx<'_>, id: PuzzleId, at: i64) -> Result<(), DbError> {
    conn.execute(
        "UPDATE puzzles SET reveal_at = CASE WHEN ?2 < reveal_at THEN ?2 ELSE reveal_at END \
         WHERE id = ?1",
        params![id.0, at],
    )?;
    Ok(())
}

/// Records that `user` solved a puzzle. Returns false when they already had.
///
/// # Errors
///
/// A database failure.
pub fn add_solver(conn: &Tx<'_>, id: PuzzleId, user: &User, at: i64) -> Result<bool, DbError> {
    let added = conn.execute(
        "INSERT INTO puzzle_solvers (puzzle_id, user_id, user_name, solved_at) \
             VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
        params![id.0, user.id.0, user.name, at],
    )?;
    Ok(added == 1)
}

/// Who solved a puzzle, first solver first.
///
/// # Errors
///
/// A database failure.
pub fn solvers(conn: &Tx<'_>, id: PuzzleId) -> Result<Vec<User>, DbError> {
    conn.query(
        "SELECT user_id, user_name FROM puzzle_solvers WHERE puzzle_id = ?1 \
         ORDER BY solved_at, user_id",
        params![id.0],
        |r| Ok(User::new(UserId(r.get(0)?), r.get::<String>(1)?)),
    )
}

/// The bank lines already posted in a channel.
///
/// # Errors
///
/// A database failure.
pub fn used_bank_lines(conn: &Tx<'_>, channel: &ChannelId) -> Result<Vec<i64>, DbError> {
    conn.query(
        "SELECT bank_line FROM puzzles WHERE channel = ?1 AND bank_line IS NOT NULL",
        params![&channel.0],
        |r| r.get(0),
    )
}

/// Turns the daily puzzle on in a channel of `server` (the first due at `next_at`) or off.
/// Returns whether anything changed.
///
/// # Errors
///
/// A database failure.
pub fn set_daily(
    conn: &Tx<'_>,
    channel: &ChannelId,
    server: Option<&ServerId>,
    by: &UserId,
    next_at: Option<i64>,
) -> Result<bool, DbError> {
    let changed = match next_at {
        Some(at) => conn.execute(
            "INSERT INTO daily_puzzles (channel, started_by, next_at, server) \
                 VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
            params![channel.0, by.0, at, server.map(|s| &s.0)],
        )?,
        None => conn.execute(
            "DELETE FROM daily_puzzles WHERE channel = ?1",
            params![&channel.0],
        )?,
    };
    Ok(changed == 1)
}

/// The channels whose daily puzzle is due by `now`, with the time it was due and their
/// server (`None` when turned on before the server was recorded, or outside any).
///
/// # Errors
///
/// A database failure.
pub fn due_daily(
    conn: &Tx<'_>,
    now: i64,
) -> Result<Vec<(ChannelId, i64, Option<ServerId>)>, DbError> {
    conn.query(
        "SELECT channel, next_at, server FROM daily_puzzles WHERE next_at <= ?1 \
         ORDER BY next_at",
        params![now],
        |r| {
            Ok((
                ChannelId(r.get(0)?),
                r.get(1)?,
                r.get::<Option<String>>(2)?.map(ServerId),
            ))
        },
    )
}

/// Moves a channel's next daily puzzle from `was` to `next_at`. Returns false when another
/// process already did.
///
/// # Errors
///
/// A database failure.
pub fn advance_daily(
    conn: &Tx<'_>,
    channel: &ChannelId,
    was: i64,
    next_at: i64,
) -> Result<bool, DbError> {
    let changed = conn.execute(
        "UPDATE daily_puzzles SET next_at = ?3 WHERE channel = ?1 AND next_at = ?2",
        params![channel.0, was, next_at],
    )?;
    Ok(changed == 1)
}

/// When the next daily puzzle of any channel is due.
///
/// # Errors
///
/// A database failure.
pub fn next_daily(conn: &Tx<'_>) -> Result<Option<i64>, DbError> {
    conn.query_one("SELECT MIN(next_at) FROM daily_puzzles", params![], |r| {
        r.get(0)
    })
}
