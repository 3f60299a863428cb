//! Queries on `tournament_checkins` and the entrants' `checked_in` mark: a tournament's
//! check-in window before its start (issue 43).

use super::{DbError, Tx};
use crate::model::{TournamentId, UserId};
use crate::params;

/// A tournament's check-in: how long its window lasts and, while it is open, when it closes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckIn {
    /// The window's length in seconds.
    pub window: i64,
    /// When the open window closes (Unix seconds); `None` before it opens and after the start.
    pub closes_at: Option<i64>,
}

/// Gives a tournament a check-in window of `window` seconds, not yet open.
///
/// # Errors
///
/// A database failure.
pub fn set_checkin_window(conn: &Tx<'_>, id: TournamentId, window: i64) -> Result<(), DbError> {
    conn.execute(
        "INSERT INTO tournament_checkins (tournament_id, window_seconds) VALUES (?1, ?2) \
         ON CONFLICT (tournament_id) DO UPDATE SET window_seconds = excluded.window_seconds",
        params![id.0, window],
    )?;
    Ok(())
}

/// A tournament's check-in, if it has one.
///
/// # Errors
///
/// A database failure.
pub fn checkin(conn: &Tx<'_>, id: TournamentId) -> Result<Option<CheckIn>, DbError> {
    conn.query_opt(
        "SELECT window_seconds, closes_at FROM tournament_checkins WHERE tournament_id = ?1",
        params![id.0],
        |r| {
            Ok(CheckIn {
                window: r.get(0)?,
                closes_at: r.get(1)?,
            })
        },
    )
}

/// Opens (`Some`) or closes (`None`) a tournament's check-in window, storing its length.
///
/// # Errors
///
/// A database failure.
pub fn set_checkin_close(
    conn: &Tx<'_>,
    id: TournamentId,
    window: i64,
    closes_at: Option<i64>,
) -> Result<(), DbError> {
    conn.execute(
        "INSERT INTO tournament_checkins (tournament_id, window_seconds, closes_at) \
         VALUES (?1, ?2, ?3) ON CONFLICT (tournament_id) DO UPDATE SET \
         window_seconds = excluded.window_seconds, closes_at = excluded.closes_at",
        params![id.0, window, closes_at],
    )?;
    Ok(())
}

/// Marks an entrant as checked in. Returns false when they are not an entrant or had
/// already checked in.
///
/// # Errors
///
/// A database failure.
pub fn check_in_entrant(conn: &Tx<'_>, id: TournamentId, user: &UserId) -> Result<bool, DbError> {
    let changed = conn.execute(
        "UPDATE tournament_entrants SET checked_in = 1 \
         WHERE tournament_id = ?1 AND user_id = ?2 AND checked_in = 0",
        params![id.0, user.0],
    )?;
    Ok(changed == 1)
}

/// The players (entrant numbers) of a tournament who checked in.
///
/// # Errors
///
/// A database failure.
pub fn checked_in(conn: &Tx<'_>, id: TournamentId) -> Result<Vec<u32>, DbError> {
    conn.query(
        "SELECT player FROM tournament_entrants WHERE tournament_id = ?1 AND checked_in = 1 \
         ORDER BY player",
        params![id.0],
        |r| r.get(0),
    )
}

/// Marks a withdrawn entrant as disqualified: the organiser took them out.
///
/// # Errors
///
/// A database failure.
pub fn mark_disqualified(conn: &Tx<'_>, id: TournamentId, player: u32) -> Result<(), DbError> {
    conn.execute(
        "UPDATE tournament_entrants SET disqualified = 1 WHERE tournament_id = ?1 AND player = ?2",
        params![id.0, player],
    )?;
    Ok(())
}

/// Tournaments still in sign-up whose check-in window closed by `now`, oldest first.
///
/// # Errors
///
/// A database failure.
pub fn due_checkins(conn: &Tx<'_>, now: i64) -> Result<Vec<TournamentId>, DbError> {
    conn.query(
        "SELECT c.tournament_id FROM tournament_checkins c \
         JOIN tournaments t ON t.id = c.tournament_id \
         WHERE c.closes_at IS NOT NULL AND c.closes_at <= ?1 AND t.status = 'signup' \
         ORDER BY c.closes_at, c.tournament_id",
        params![now],
        |r| Ok(TournamentId(r.get(0)?)),
    )
}

/// When the next open check-in window closes, if any.
///
/// # Errors
///
/// A database failure.
pub fn next_checkin_close(conn: &Tx<'_>) -> Result<Option<i64>, DbError> {
    Ok(conn
        .query_opt(
            "SELECT MIN(c.closes_at) FROM tournament_checkins c \
             JOIN tournaments t ON t.id = c.tournament_id \
             WHERE c.closes_at IS NOT NULL AND t.status = 'signup'",
            params![],
            |r| r.get::<Option<i64>>(0),
        )?
        .flatten())
}

/// A knockout's round deadline: its length and, while a round runs, when that round's falls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundDeadline {
    /// How long each round lasts, in seconds.
    pub seconds: i64,
    /// The round whose deadline is running, and when it falls; `None` once applied.
    pub due: Option<(u32, i64)>,
}

/// Gives a tournament a round deadline of `seconds`, counted from each round's start.
///
/// # Errors
///
/// A database failure.
pub fn set_round_deadline(conn: &Tx<'_>, id: TournamentId, seconds: i64) -> Result<(), DbError> {
    conn.execute(
        "INSERT INTO round_deadlines (tournament_id, seconds) VALUES (?1, ?2)",
        params![id.0, seconds],
    )?;
    Ok(())
}

/// A tournament's round deadline, if it has one.
///
/// # Errors
///
/// A database failure.
pub fn round_deadline(conn: &Tx<'_>, id: TournamentId) -> Result<Option<RoundDeadline>, DbError> {
    conn.query_opt(
        "SELECT seconds, round, due_at FROM round_deadlines WHERE tournament_id = ?1",
        params![id.0],
        |r| {
            let round: Option<u32> = r.get(1)?;
            let due_at: Option<i64> = r.get(2)?;
            Ok(RoundDeadline {
                seconds: r.get(0)?,
                due: round.zip(due_at),
            })
        },
    )
}

/// Starts round `round`'s deadline at `now` (nothing when the tournament has none).
///
/// # Errors
///
/// A database failure.
pub fn start_round_deadline(
    conn: &Tx<'_>,
    id: TournamentId,
    round: u32,
    now: i64,
) -> Result<(), DbError> {
    conn.execute(
        "UPDATE round_deadlines SET round = ?2, due_at = ?3 + seconds WHERE tournament_id = ?1",
        params![id.0, round, now],
    )?;
    Ok(())
}

/// Marks a round's deadline applied: it falls no more.
///
/// # Errors
///
/// A database failure.
pub fn clear_round_deadline(conn: &Tx<'_>, id: TournamentId) -> Result<(), DbError> {
    conn.execute(
        "UPDATE round_deadlines SET round = NULL, due_at = NULL WHERE tournament_id = ?1",
        params![id.0],
    )?;
    Ok(())
}

/// Running tournaments whose round deadline fell by `now`.
///
/// # Errors
///
/// A database failure.
pub fn due_round_deadlines(conn: &Tx<'_>, now: i64) -> Result<Vec<TournamentId>, DbError> {
    conn.query(
        "SELECT d.tournament_id FROM round_deadlines d JOIN tournaments t \
         ON t.id = d.tournament_id WHERE d.due_at IS NOT NULL AND d.due_at <= ?1 \
         AND t.status = 'running' ORDER BY d.due_at, d.tournament_id",
        params![now],
        |r| Ok(TournamentId(r.get(0)?)),
    )
}

/// When the next round deadline of a running tournament falls, if any.
///
/// # Errors
///
/// A database failure.
pub fn next_round_deadline(conn: &Tx<'_>) -> Result<Option<i64>, DbError> {
    Ok(conn
        .query_opt(
            "SELECT MIN(d.due_at) FROM round_deadlines d JOIN tournaments t \
             ON t.id = d.tournament_id WHERE d.due_at IS NOT NULL AND t.status = 'running'",
            params![],
            |r| r.get::<Option<i64>>(0),
        )?
        .flatten())
}

/// Records that a round deadline decided a match.
///
/// # Errors
///
/// A database failure.
pub fn mark_deadline_match(
    conn: &Tx<'_>,
    id: TournamentId,
    round: u32,
    board: u32,
) -> Result<(), DbError> {
    conn.execute(
        "INSERT INTO deadline_matches (tournament_id, round, board) VALUES (?1, ?2, ?3) \
         ON CONFLICT DO NOTHING",
        params![id.0, round, board],
    )?;
    Ok(())
}

/// The matches (round, board) a round deadline decided.
///
/// # Errors
///
/// A database failure.
pub fn deadline_matches(conn: &Tx<'_>, id: TournamentId) -> Result<Vec<(u32, u32)>, DbError> {
    conn.query(
        "SELECT round, board FROM deadline_matches WHERE tournament_id = ?1",
        params![id.0],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}
