//! Queries on the `outbox` table: notices written with the decision that caused them,
//! delivered and marked by the front ends.

use super::DbError;
use super::{Row, Tx};
use crate::model::{ChannelId, Destination, GameId, NoticeId, UserId};
use crate::params;

/// One stored notice, not yet delivered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxEntry {
    /// Its number; front ends send it as the message nonce, so a retry never posts twice.
    pub id: NoticeId,
    /// Where it goes.
    pub to: Destination,
    /// The game it is about, if any.
    pub game: Option<GameId>,
    /// The notice as JSON (the service's own format).
    pub payload: String,
    /// Failed deliveries so far.
    pub attempts: u32,
    /// When it was written, Unix seconds.
    pub created_at: i64,
}

fn from_row(r: &Row<'_>) -> Result<OutboxEntry, DbError> {
    let kind: String = r.get(1)?;
    let target: String = r.get(2)?;
    let to = if kind == "user" {
        Destination::User(UserId(target))
    } else {
        Destination::Channel(ChannelId(target))
    };
    Ok(OutboxEntry {
        id: NoticeId(r.get(0)?),
        to,
        game: r.get::<Option<i64>>(3)?.map(GameId),
        payload: r.get(4)?,
        attempts: r.get(5)?,
        created_at: r.get(6)?,
    })
}

/// Writes a notice, due at once. Returns its id.
///
/// # Errors
///
/// A database failure.
pub fn push_notice(
    conn: &Tx<'_>,
    to: &Destination,
    game: Option<GameId>,
    payload: &str,
    now: i64,
) -> Result<NoticeId, DbError> {
    let (kind, target) = match to {
        Destination::Channel(c) => ("channel", c.as_str()),
        Destination::User(u) => ("user", u.as_str()),
    };
    Ok(NoticeId(conn.query_one(
        "INSERT INTO outbox (platform, target_kind, target, game_id, payload, created_at, due_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6) RETURNING id",
        params![to.platform(), kind, target, game.map(|g| g.0), payload, now],
        |r| r.get(0),
    )?))
}

/// The notices for `platform` due by `now`, oldest first, at most `limit`.
///
/// # Errors
///
/// A database failure.
pub fn due_notices(
    conn: &Tx<'_>,
    platform: &str,
    now: i64,
    limit: usize,
) -> Result<Vec<OutboxEntry>, DbError> {
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    conn.query(
        "SELECT id, target_kind, target, game_id, payload, attempts, created_at FROM outbox \
         WHERE platform = ?1 AND due_at <= ?2 AND delivered_at IS NULL AND gave_up_at IS NULL \
         ORDER BY id LIMIT ?3",
        params![platform, now, limit],
        from_row,
    )
}

/// One notice by id, delivered or not.
///
/// # Errors
///
/// A database failure.
pub fn notice(conn: &Tx<'_>, id: NoticeId) -> Result<Option<OutboxEntry>, DbError> {
    conn.query_opt(
        "SELECT id, target_kind, target, game_id, payload, attempts, created_at FROM outbox \
             WHERE id = ?1",
        params![id.0],
        from_row,
    )
}

/// The payloads of the notices about `game` still waiting for delivery, oldest first.
///
/// # Errors
///
/// A database failure.
pub fn waiting_payloads_of_game(conn: &Tx<'_>, game: GameId) -> Result<Vec<String>, DbError> {
    conn.query(
        "SELECT payload FROM outbox WHERE game_id = ?1 AND delivered_at IS NULL \
             AND gave_up_at IS NULL ORDER BY id",
        params![game.0],
        |r| r.get(0),
    )
}

/// When the next notice for `platform` is due, if any is waiting.
///
/// # Errors
///
/// A database failure.
pub fn next_notice_due(conn: &Tx<'_>, platform: &str) -> Result<Option<i64>, DbError> {
    conn.query_one(
        "SELECT MIN(due_at) FROM outbox WHERE platform = ?1 AND delivered_at IS NULL \
             AND gave_up_at IS NULL",
        params![platform],
        |r| r.get(0),
    )
}

/// Makes a waiting notice due at `until` (a delivery loop's claim on it). Returns whether
/// it was still waiting.
///
/// # Errors
///
/// A database failure.
pub fn postpone_notice(conn: &Tx<'_>, id: NoticeId, until: i64) -> Result<bool, DbError> {
    let changed = conn.execute(
        "UPDATE outbox SET due_at = ?2 WHERE id = ?1 AND delivered_at IS NULL \
         AND gave_up_at IS NULL",
        params![id.0, until],
    )?;
    Ok(changed == 1)
}

/// Claims up to `limit` notices for `platform` due by `now`, oldest first, for `owner`
/// until `until` (when they are due again, should the owner die before it marks them), and
/// returns them. On PostgreSQL the rows another process is claiming at this moment are
/// skipped (`FOR UPDATE SKIP LOCKED`), so that two delivery loops never wait for each other
/// nor take the same notice; on SQLite the single writer does the same. Run it through
/// [`Db::claim`](super::Db::claim).
///
/// # Errors
///
/// A database failure.
pub fn claim_notices(
    conn: &Tx<'_>,
    platform: &str,
    owner: &str,
    now: i64,
    until: i64,
    limit: usize,
) -> Result<Vec<OutboxEntry>, DbError> {
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let sql = if conn.is_postgres() {
        "UPDATE outbox SET due_at = ?3, claimed_by = ?4 WHERE id IN (\
             SELECT id FROM outbox WHERE platform = ?1 AND due_at <= ?2 \
             AND delivered_at IS NULL AND gave_up_at IS NULL \
             ORDER BY id LIMIT ?5 FOR UPDATE SKIP LOCKED) \
         RETURNING id, target_kind, target, game_id, payload, attempts, created_at"
    } else {
        "UPDATE outbox SET due_at = ?3, claimed_by = ?4 WHERE id IN (\
             SELECT id FROM outbox WHERE platform = ?1 AND due_at <= ?2 \
             AND delivered_at IS NULL AND gave_up_at IS NULL \
             ORDER BY id LIMIT ?5) \
         RETURNING id, target_kind, target, game_id, payload, attempts, created_at"
    };
    let mut claimed = conn.query(sql, params![platform, now, until, owner, limit], from_row)?;
    // RETURNING keeps no order.
    claimed.sort_by_key(|entry| entry.id.0);
    Ok(claimed)
}

/// Marks a notice delivered, by the delivery loop that claimed it (or by anyone, for one
/// never claimed). Returns false when it already was, was given up, or another loop holds
/// it now (this one's lease ran out and it was taken over).
///
/// # Errors
///
/// A database failure.
pub fn mark_delivered(conn: &Tx<'_>, id: NoticeId, owner: &str, now: i64) -> Result<bool, DbError> {
    let changed = conn.execute(
        "UPDATE outbox SET delivered_at = ?2 WHERE id = ?1 AND delivered_at IS NULL \
             AND gave_up_at IS NULL AND (claimed_by IS NULL OR claimed_by = ?3)",
        params![id.0, now, owner],
    )?;
    Ok(changed == 1)
}

/// Records a failed delivery: due again at `retry_at`, or given up when that is `None`.
///
/// # Errors
///
/// A database failure.
///
/// Only the loop that claimed it (or anyone, for one never claimed) records it; the claim
/// ends, so the retry is anyone's.
pub fn mark_failed(
    conn: &Tx<'_>,
    id: NoticeId,
    owner: &str,
    error: &str,
    retry_at: Option<i64>,
    now: i64,
) -> Result<(), DbError> {
    conn.execute(
        // The cast tells PostgreSQL the type of ?4, which a CASE alone does not.
        "UPDATE outbox SET attempts = attempts + 1, last_error = ?2, \
         due_at = COALESCE(?3, due_at), \
         gave_up_at = CASE WHEN ?3 IS NULL THEN CAST(?4 AS BIGINT) END, claimed_by = NULL \
         WHERE id = ?1 AND delivered_at IS NULL AND (claimed_by IS NULL OR claimed_by = ?5)",
        params![id.0, error, retry_at, now, owner],
    )?;
    Ok(())
}

/// How many notices are waiting (for tests and status lines).
///
/// # Errors
///
/// A database failure.
pub fn pending_notices(conn: &Tx<'_>) -> Result<usize, DbError> {
    conn.query_one(
        "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL AND gave_up_at IS NULL",
        params![],
        |r| r.get(0),
    )
}
