//! Claims with leases (`claims`): what must happen once when several processes share one
//! database. A process claims due items for a while, acts, and releases them; an item whose
//! lease ran out (its process died) is claimed by the next process that looks.
//!
//! Run these through [`Db::claim`](super::Db::claim): on PostgreSQL at `READ COMMITTED`, where
//! two processes claiming at once meet on the claim's primary key, the second waits for the
//! first to commit and then finds the item taken (`ON CONFLICT … DO UPDATE … WHERE` looks at
//! the row as committed); on SQLite the single writer does the same.

use super::{DbError, Tx};
use crate::model::GameId;
use crate::params;

/// What a claim is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClaimKind {
    /// A game whose deadline passed, being settled by a tick.
    Deadline,
    /// A game where the AI is to move, being thought about by an AI worker.
    Ai,
}

impl ClaimKind {
    fn as_str(self) -> &'static str {
        match self {
            ClaimKind::Deadline => "deadline",
            ClaimKind::Ai => "ai",
        }
    }
}

/// Claims up to `limit` games whose deadline passed by `now`, nearest deadline first, for
/// `owner` until `until`: games no other owner holds a live claim on (this owner's own claims
/// are renewed). Returns the games claimed.
///
/// # Errors
///
/// A database failure.
pub fn claim_due_games(
    conn: &Tx<'_>,
    owner: &str,
    now: i64,
    until: i64,
    limit: usize,
) -> Result<Vec<GameId>, DbError> {
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    conn.query(
        "INSERT INTO claims (kind, item, owner, lease_until) \
         SELECT 'deadline', g.id, CAST(?1 AS TEXT), CAST(?3 AS BIGINT) FROM games g \
         WHERE g.deadline_at <= ?2 AND g.deadline_at IS NOT NULL \
         AND g.status IN ('open', 'active') \
         AND NOT EXISTS (SELECT 1 FROM claims c WHERE c.kind = 'deadline' AND c.item = g.id \
                         AND c.lease_until > ?2 AND c.owner <> ?1) \
         ORDER BY g.deadline_at, g.id LIMIT ?4 \
         ON CONFLICT (kind, item) DO UPDATE SET owner = excluded.owner, \
         lease_until = excluded.lease_until \
         WHERE claims.lease_until <= ?2 OR claims.owner = excluded.owner \
         RETURNING item",
        params![owner, now, until, limit],
        |r| r.get(0).map(GameId),
    )
}

/// Claims up to `limit` games where the AI is to move, longest waiting first, for `owner`
/// until `until` (as [`claim_due_games`]). Returns the games claimed.
///
/// # Errors
///
/// A database failure.
pub fn claim_ai_games(
    conn: &Tx<'_>,
    owner: &str,
    now: i64,
    until: i64,
    limit: usize,
) -> Result<Vec<GameId>, DbError> {
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    conn.query(
        "INSERT INTO claims (kind, item, owner, lease_until) \
         SELECT 'ai', a.game_id, CAST(?1 AS TEXT), CAST(?3 AS BIGINT) FROM ai_games a \
         WHERE a.waiting_since IS NOT NULL \
         AND NOT EXISTS (SELECT 1 FROM claims c WHERE c.kind = 'ai' AND c.item = a.game_id \
                         AND c.lease_until > ?2 AND c.owner <> ?1) \
         ORDER BY a.waiting_since, a.game_id LIMIT ?4 \
         ON CONFLICT (kind, item) DO UPDATE SET owner = excluded.owner, \
         lease_until = excluded.lease_until \
         WHERE claims.lease_until <= ?2 OR claims.owner = excluded.owner \
         RETURNING item",
        params![owner, now, until, limit],
        |r| r.get(0).map(GameId),
    )
}

/// Gives up `owner`'s claim on `game` (done with it). Returns whether it held one.
///
/// # Errors
///
/// A database failure.
pub fn release_claim(
    conn: &Tx<'_>,
    kind: ClaimKind,
    game: GameId,
    owner: &str,
) -> Result<bool, DbError> {
    let released = conn.execute(
        "DELETE FROM claims WHERE kind = ?1 AND item = ?2 AND owner = ?3",
        params![kind.as_str(), game.0, owner],
    )?;
    Ok(released == 1)
}

/// Gives up `owner`'s claims on `games` in one statement (a tick's batch). Returns how many
/// it held.
///
/// # Errors
///
/// A database failure.
pub fn release_claims(
    conn: &Tx<'_>,
    kind: ClaimKind,
    games: &[GameId],
    owner: &str,
) -> Result<usize, DbError> {
    let mut released = 0;
    for chunk in games.chunks(RELEASE_CHUNK) {
        let list = (3..chunk.len() + 3)
            .map(|n| format!("?{n}"))
            .collect::<Vec<_>>()
            .join(", ");
        let mut values = vec![super::Value::Text(kind.as_str()), super::Value::Text(owner)];
        values.extend(chunk.iter().map(|game| super::Value::Int(game.0)));
        released += conn.execute(
            &format!("DELETE FROM claims WHERE kind = ?1 AND owner = ?2 AND item IN ({list})"),
            &values,
        )?;
    }
    Ok(released)
}

/// Claims released per statement by [`release_claims`].
const RELEASE_CHUNK: usize = 256;

/// Takes (or renews) the lease `name` for `owner` until `until`, unless another owner holds
/// it past `now`. Returns whether `owner` holds it now. Run it through
/// [`Db::claim`](super::Db::claim).
///
/// # Errors
///
/// A database failure.
pub fn hold_lease(
    conn: &Tx<'_>,
    name: &str,
    owner: &str,
    now: i64,
    until: i64,
) -> Result<bool, DbError> {
    let held = conn.query(
        "INSERT INTO leases (name, owner, lease_until) VALUES (?1, ?2, ?3) \
         ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, \
         lease_until = excluded.lease_until \
         WHERE leases.lease_until <= ?4 OR leases.owner = excluded.owner \
         RETURNING owner",
        params![name, owner, until, now],
        |r| r.get::<String>(0),
    )?;
    Ok(!held.is_empty())
}

/// Gives up `owner`'s lease `name`, if it holds it.
///
/// # Errors
///
/// A database failure.
pub fn release_lease(conn: &Tx<'_>, name: &str, owner: &str) -> Result<(), DbError> {
    conn.execute(
        "DELETE FROM leases WHERE name = ?1 AND owner = ?2",
        params![name, owner],
    )?;
    Ok(())
}
