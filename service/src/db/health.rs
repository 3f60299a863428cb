//! Queries an operator's tools ask at any moment (the admin listener's `/readyz` and
//! `/metrics`, `akron doctor`): is the database current, how much work waits, and how late
//! it is. Each reads only.

use super::{DbError, Tx};
use crate::params;

/// The schema version the database is at, and the one this build knows.
///
/// # Errors
///
/// A database failure (such as a database that is not the bot's).
pub fn schema_versions(conn: &Tx<'_>) -> Result<(i64, i64), DbError> {
    if conn.is_postgres() {
        let found = conn.query_one(
            "SELECT COALESCE(MAX(version), 0) FROM akron_migrations",
            params![],
            |r| r.get(0),
        )?;
        Ok((found, known(super::pg::migrations::MIGRATIONS.len())))
    } else {
        let found = conn.query_one("PRAGMA user_version", params![], |r| r.get(0))?;
        Ok((found, known(super::sqlite::MIGRATIONS.len())))
    }
}

fn known(migrations: usize) -> i64 {
    i64::try_from(migrations).unwrap_or(i64::MAX)
}

/// The work waiting in the database at `now`, for the gauges of `/metrics`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Backlog {
    /// Notices not yet delivered nor given up.
    pub notices_waiting: i64,
    /// How long the oldest of them has waited, seconds (0 when none waits).
    pub oldest_notice_seconds: i64,
    /// How late the oldest deadline that fell due is, seconds (0 when none is overdue): the
    /// scheduler's lag.
    pub scheduler_lag_seconds: i64,
    /// Games where the AI is to move.
    pub ai_jobs_waiting: i64,
    /// How long the longest of them has waited, seconds (0 when none waits).
    pub oldest_ai_job_seconds: i64,
}

/// Reads the [`Backlog`] at `now`.
///
/// # Errors
///
/// A database failure.
pub fn backlog(conn: &Tx<'_>, now: i64) -> Result<Backlog, DbError> {
    let (notices_waiting, oldest_notice): (i64, Option<i64>) = conn.query_one(
        "SELECT COUNT(*), MIN(created_at) FROM outbox \
         WHERE delivered_at IS NULL AND gave_up_at IS NULL",
        params![],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    let oldest_deadline: Option<i64> = conn.query_one(
        "SELECT MIN(deadline_at) FROM games WHERE deadline_at IS NOT NULL \
         AND deadline_at <= ?1 AND status IN ('open', 'active')",
        params![now],
        |r| r.get(0),
    )?;
    let (ai_jobs_waiting, oldest_ai): (i64, Option<i64>) = conn.query_one(
        "SELECT COUNT(*), MIN(waiting_since) FROM ai_games WHERE waiting_since IS NOT NULL",
        params![],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    let age = |since: Option<i64>| since.map_or(0, |since| now.saturating_sub(since).max(0));
    Ok(Backlog {
        notices_waiting,
        oldest_notice_seconds: age(oldest_notice),
        scheduler_lag_seconds: age(oldest_deadline),
        ai_jobs_waiting,
        oldest_ai_job_seconds: age(oldest_ai),
    })
}

/// What `owner` still holds: claims on games (deadlines, AI moves), leases, and notices it
/// claimed but has not marked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Held {
    /// Claims on games.
    pub claims: usize,
    /// Named leases (a Matrix account).
    pub leases: usize,
    /// Notices claimed and not yet marked delivered or failed.
    pub notices: usize,
}

/// Gives up everything `owner` holds, so that another process takes the work over at once
/// (a process that stops): its claims and leases are deleted, and the notices it claimed
/// but did not mark are due again at `now`. Returns what it held.
///
/// # Errors
///
/// A database failure.
pub fn release_everything(conn: &Tx<'_>, owner: &str, now: i64) -> Result<Held, DbError> {
    let claims = conn.execute("DELETE FROM claims WHERE owner = ?1", params![owner])?;
    let leases = conn.execute("DELETE FROM leases WHERE owner = ?1", params![owner])?;
    let notices = conn.execute(
        "UPDATE outbox SET due_at = ?2, claimed_by = NULL WHERE claimed_by = ?1 \
         AND delivered_at IS NULL AND gave_up_at IS NULL AND due_at > ?2",
        params![owner, now],
    )?;
    Ok(Held {
        claims,
        leases,
        notices,
    })
}

/// What anyone holds past `now`: live claims and leases, and notices claimed whose claim
/// has not run out (for tests and `akron doctor`).
///
/// # Errors
///
/// A database failure.
pub fn held_by_anyone(conn: &Tx<'_>, now: i64) -> Result<Held, DbError> {
    let count = |sql: &str| -> Result<usize, DbError> {
        conn.query_one(sql, params![now], |r| r.get::<i64>(0))
            .map(|n| usize::try_from(n).unwrap_or(0))
    };
    Ok(Held {
        claims: count("SELECT COUNT(*) FROM claims WHERE lease_until > ?1")?,
        leases: count("SELECT COUNT(*) FROM leases WHERE lease_until > ?1")?,
        notices: count(
            "SELECT COUNT(*) FROM outbox WHERE claimed_by IS NOT NULL AND due_at > ?1 \
             AND delivered_at IS NULL AND gave_up_at IS NULL",
        )?,
    })
}
