//! The post-game analysis queue and store (`analyses`, migration 0020): a row per finished game
//! someone asked to have analysed, queued until a worker claims it, then the stored result.
//!
//! Claims work as the AI's moves' do ([`super::claim_ai_games`]): run [`claim_analyses`]
//! through [`Db::claim`](super::Db::claim). On PostgreSQL at `READ COMMITTED` two workers
//! claiming at once meet on the rows they update: the second waits for the first to commit,
//! then checks the conditions of the outer `WHERE` again against the committed row and skips
//! a row the first took; on SQLite the single writer does the same.

use super::{DbError, Tx};
use crate::model::{ChannelId, GameId, UserId};
use crate::params;

/// A game's analysis row: queued, running or done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisRow {
    /// The game.
    pub game: GameId,
    /// Who asked.
    pub requested_by: UserId,
    /// Where the result is posted.
    pub channel: ChannelId,
    /// When it was asked for, Unix seconds.
    pub requested_at: i64,
    /// The worker holding it, while one does.
    pub owner: Option<String>,
    /// Until when the worker's claim holds.
    pub lease_until: Option<i64>,
    /// Positions evaluated so far.
    pub progress: i64,
    /// Positions to evaluate (0 before a worker started).
    pub positions: i64,
    /// When it was done.
    pub done_at: Option<i64>,
    /// The evaluations (JSON), once done.
    pub evals: Option<String>,
    /// The queue's lane: [`LANE_ASKED`] or [`LANE_TOURNAMENT`].
    pub lane: i64,
}

/// The lane of an analysis a player asked for: bounded, claimed first.
pub const LANE_ASKED: i64 = 0;
/// The lane of a tournament's automatic analyses: claimed only when no player's request
/// waits, outside the bound on players' requests, never dropped.
pub const LANE_TOURNAMENT: i64 = 1;

const COLUMNS: &str = "game_id, requested_by, channel, requested_at, owner, lease_until, \
                       progress, positions, done_at, evals, lane";

fn row(r: &super::Row<'_>) -> Result<AnalysisRow, DbError> {
    Ok(AnalysisRow {
        game: GameId(r.get(0)?),
        requested_by: UserId(r.get(1)?),
        channel: ChannelId(r.get(2)?),
        requested_at: r.get(3)?,
        owner: r.get(4)?,
        lease_until: r.get(5)?,
        progress: r.get(6)?,
        positions: r.get(7)?,
        done_at: r.get(8)?,
        evals: r.get(9)?,
        lane: r.get(10)?,
    })
}

/// The analysis row of `game`, if it was ever asked for.
///
/// # Errors
///
/// A database failure.
pub fn analysis(conn: &Tx<'_>, game: GameId) -> Result<Option<AnalysisRow>, DbError> {
    conn.query_opt(
        &format!("SELECT {COLUMNS} FROM analyses WHERE game_id = ?1"),
        params![game.0],
        row,
    )
}

/// Queues the analysis of `game` for `user`, its result to be posted in `channel`. Returns
/// whether it was queued now (false: it already was, or is done).
///
/// # Errors
///
/// A database failure.
pub fn queue_analysis(
    conn: &Tx<'_>,
    game: GameId,
    user: &UserId,
    channel: &ChannelId,
    now: i64,
) -> Result<bool, DbError> {
    let inserted = conn.execute(
        "INSERT INTO analyses (game_id, requested_by, channel, requested_at) \
         VALUES (?1, ?2, ?3, ?4) ON CONFLICT (game_id) DO NOTHING",
        params![game.0, user.0, channel.0, now],
    )?;
    Ok(inserted == 1)
}

/// Queues the automatic analysis of a tournament's finished `game` in the tournament lane,
/// its result to be posted in the game's channel. Returns whether it was queued now.
///
/// # Errors
///
/// A database failure.
pub fn queue_tournament_analysis(
    conn: &Tx<'_>,
    game: GameId,
    organiser: &UserId,
    channel: &ChannelId,
    now: i64,
) -> Result<bool, DbError> {
    let inserted = conn.execute(
        "INSERT INTO analyses (game_id, requested_by, channel, requested_at, lane) \
         VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (game_id) DO NOTHING",
        params![game.0, organiser.0, channel.0, now, LANE_TOURNAMENT],
    )?;
    Ok(inserted == 1)
}

/// Queues every game of tournament `id` that is already over with a result and has moves
/// (an aborted game has no result to learn from) in the tournament lane, for `organiser`,
/// each posted in its own channel; a game queued or analysed before keeps its row. Returns
/// how many were queued.
///
/// # Errors
///
/// A database failure.
pub fn queue_finished_tournament_games(
    conn: &Tx<'_>,
    id: crate::model::TournamentId,
    organiser: &UserId,
    now: i64,
) -> Result<usize, DbError> {
    // A knockout match's earlier games are in knockout_games; its pairing names only the
    // game being played. The WHERE before ON CONFLICT is also what SQLite needs to read the
    // upsert after a SELECT.
    conn.execute(
        "INSERT INTO analyses (game_id, requested_by, channel, requested_at, lane) \
         SELECT g.id, ?2, g.channel, ?3, ?4 FROM games g \
         WHERE g.status = 'finished' AND g.reason <> 'abort' \
           AND g.id IN (SELECT game_id FROM tournament_pairings \
                        WHERE tournament_id = ?1 AND game_id IS NOT NULL \
                        UNION SELECT game_id FROM knockout_games WHERE tournament_id = ?1) \
           AND EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id) \
         ON CONFLICT (game_id) DO NOTHING",
        params![id.0, organiser.0, now, LANE_TOURNAMENT],
    )
}

/// Sets whether tournament `id`'s finished games are analysed automatically.
///
/// # Errors
///
/// A database failure.
pub fn set_tournament_analysis(
    conn: &Tx<'_>,
    id: crate::model::TournamentId,
    on: bool,
) -> Result<(), DbError> {
    conn.execute(
        "UPDATE tournaments SET analysis = ?2 WHERE id = ?1",
        params![id.0, i64::from(on)],
    )?;
    Ok(())
}

/// Whether tournament `id`'s finished games are analysed automatically.
///
/// # Errors
///
/// A database failure.
pub fn tournament_analysis(conn: &Tx<'_>, id: crate::model::TournamentId) -> Result<bool, DbError> {
    let on: Option<i64> = conn.query_opt(
        "SELECT analysis FROM tournaments WHERE id = ?1",
        params![id.0],
        |r| r.get(0),
    )?;
    Ok(on.unwrap_or(0) != 0)
}

/// Analyses players asked for that are waiting or running (the bounded lane).
///
/// # Errors
///
/// A database failure.
pub fn analyses_waiting(conn: &Tx<'_>) -> Result<i64, DbError> {
    conn.query_one(
        "SELECT COUNT(*) FROM analyses WHERE done_at IS NULL AND lane = 0",
        params![],
        |r| r.get(0),
    )
}

/// Analyses `user` asked for that are waiting or running.
///
/// # Errors
///
/// A database failure.
pub fn analyses_waiting_for(conn: &Tx<'_>, user: &UserId) -> Result<i64, DbError> {
    conn.query_one(
        "SELECT COUNT(*) FROM analyses WHERE done_at IS NULL AND lane = 0 \
         AND requested_by = ?1",
        params![user.0],
        |r| r.get(0),
    )
}

/// Analyses not done that come before `game`'s (queue order: lane, time, then game).
///
/// # Errors
///
/// A database failure.
pub fn analyses_ahead_of(conn: &Tx<'_>, game: GameId) -> Result<i64, DbError> {
    conn.query_one(
        "SELECT COUNT(*) FROM analyses a, analyses me WHERE me.game_id = ?1 \
         AND a.done_at IS NULL AND a.game_id <> me.game_id \
         AND (a.lane < me.lane OR (a.lane = me.lane AND (a.requested_at < me.requested_at \
              OR (a.requested_at = me.requested_at AND a.game_id < me.game_id))))",
        params![game.0],
        |r| r.get(0),
    )
}

/// Claims up to `limit` queued analyses, players' requests first (the tournament lane after
/// them), oldest first, for `owner` until `until`: those no
/// other owner holds a live claim on (this owner's own are renewed). Returns the games.
///
/// # Errors
///
/// A database failure.
pub fn claim_analyses(
    conn: &Tx<'_>,
    owner: &str,
    now: i64,
    until: i64,
    limit: usize,
) -> Result<Vec<GameId>, DbError> {
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    // The outer conditions repeat the inner ones: PostgreSQL checks them again on a row that
    // another worker updated meanwhile, and skips it if that worker took it.
    conn.query(
        "UPDATE analyses SET owner = ?1, lease_until = ?3 \
         WHERE done_at IS NULL AND (owner IS NULL OR lease_until <= ?2 OR owner = ?1) \
         AND game_id IN (SELECT game_id FROM analyses WHERE done_at IS NULL \
                         AND (owner IS NULL OR lease_until <= ?2 OR owner = ?1) \
                         ORDER BY lane, requested_at, game_id LIMIT ?4) \
         RETURNING game_id",
        params![owner, now, until, limit],
        |r| r.get(0).map(GameId),
    )
}

/// Records `owner`'s progress on `game` and renews its claim. Returns whether it still holds
/// the claim.
///
/// # Errors
///
/// A database failure.
pub fn analysis_progress(
    conn: &Tx<'_>,
    game: GameId,
    owner: &str,
    progress: i64,
    positions: i64,
    until: i64,
) -> Result<bool, DbError> {
    let updated = conn.execute(
        "UPDATE analyses SET progress = ?3, positions = ?4, lease_until = ?5 \
         WHERE game_id = ?1 AND owner = ?2 AND done_at IS NULL",
        params![game.0, owner, progress, positions, until],
    )?;
    Ok(updated == 1)
}

/// Stores `owner`'s result for `game` and ends its claim. Returns whether it was stored:
/// false when the claim passed to another worker (whose result will be stored instead) or
/// the analysis is already done.
///
/// # Errors
///
/// A database failure.
pub fn store_analysis(
    conn: &Tx<'_>,
    game: GameId,
    owner: &str,
    evals: &str,
    now: i64,
) -> Result<bool, DbError> {
    let updated = conn.execute(
        "UPDATE analyses SET evals = ?3, done_at = ?4, owner = NULL, lease_until = NULL, \
         progress = positions WHERE game_id = ?1 AND owner = ?2 AND done_at IS NULL",
        params![game.0, owner, evals, now],
    )?;
    Ok(updated == 1)
}

/// Gives up `owner`'s claims on analyses not done (a stopping process).
///
/// # Errors
///
/// A database failure.
pub fn release_analyses(conn: &Tx<'_>, owner: &str) -> Result<usize, DbError> {
    conn.execute(
        "UPDATE analyses SET owner = NULL, lease_until = NULL \
         WHERE owner = ?1 AND done_at IS NULL",
        params![owner],
    )
}

/// Drops the queued analysis of `game` (a game that cannot be analysed).
///
/// # Errors
///
/// A database failure.
pub fn drop_analysis(conn: &Tx<'_>, game: GameId) -> Result<(), DbError> {
    conn.execute(
        "DELETE FROM analyses WHERE game_id = ?1 AND done_at IS NULL",
        params![game.0],
    )?;
    Ok(())
}
