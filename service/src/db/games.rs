//! Queries on the `games` table.

use super::DbError;
use super::{Row, Tx};
use crate::model::{
    ChannelId, Ending, GameId, GameRecord, Offers, Phase, Play, Players, RatingRange, ServerId,
    Status, TimeControl, User, UserId,
};
use crate::params;
use akron_rules::{Color, Outcome, Reason, WinRule};
use std::str::FromStr;

pub(super) const COLUMNS: &str = "id, channel, status, challenger_id, black_id, black_name, white_id, \
    white_name, size, pile, win_rule, start_code, winner, winner_id, reason, draw_offer_by, \
    takeback_by, created_at, started_at, last_move_at, finished_at, version, deadline_at, \
    time_control, clock_first, clock_second, reminders_sent, wants_thread, server, draw_offers, rated, \
    rematch_of, open_to_anyone, rating_min, rating_max";

fn corrupt(what: String) -> DbError {
    DbError::Corrupt(what)
}

/// A game's phase from its status and result columns; a row whose result does not fit its
/// status (a finished game without a reason, a live one with a result) is damaged.
fn phase_of(r: &Row<'_>) -> Result<Phase, DbError> {
    let status: String = r.get(2)?;
    let status = Status::from_name(&status).ok_or_else(|| corrupt(format!("status {status}")))?;
    let winner = match r.get::<Option<String>>(12)? {
        Some(w) => Some(Color::from_name(&w).ok_or_else(|| corrupt(format!("winner {w}")))?),
        None => None,
    };
    let winner_id = r.get::<Option<String>>(13)?.map(UserId);
    let reason = match r.get::<Option<String>>(14)? {
        Some(w) => Some(Reason::from_name(&w).ok_or_else(|| corrupt(format!("reason {w}")))?),
        None => None,
    };
    let finished_at: Option<i64> = r.get(20)?;
    let started_at: Option<i64> = r.get(18)?;
    let last_move_at: Option<i64> = r.get(19)?;
    let draw = r.get::<Option<String>>(15)?.map(UserId);
    let takeback = r.get::<Option<String>>(16)?.map(UserId);
    if status != Status::Active && (draw.is_some() || takeback.is_some()) {
        return Err(corrupt(format!(
            "a game {} has an open offer",
            status.name()
        )));
    }
    let ending = match (status, reason) {
        (Status::Open | Status::Active, None) if winner.is_none() && winner_id.is_none() => {
            return match finished_at {
                None if status == Status::Open => Ok(Phase::Challenge),
                None => Ok(Phase::Playing(Play {
                    started_at: started_at
                        .ok_or_else(|| corrupt("an active game without a start".to_string()))?,
                    last_move_at,
                    reminders_sent: r.get(26)?,
                    offers: Offers { draw, takeback },
                })),
                Some(_) => Err(corrupt(format!("a game {} has an end time", status.name()))),
            };
        }
        (Status::Finished, Some(reason)) => Ending::Result(Outcome { winner, reason }),
        (Status::Declined, None) if winner.is_none() => Ending::Declined,
        (Status::Cancelled, None) if winner.is_none() => Ending::Cancelled,
        (Status::Expired, None) if winner.is_none() => Ending::Expired,
        (status, reason) => {
            return Err(corrupt(format!(
                "a game {} has {}",
                status.name(),
                match reason {
                    Some(reason) => format!("the reason {}", reason.name()),
                    None => "no result".to_string(),
                }
            )))
        }
    };
    let at =
        finished_at.ok_or_else(|| corrupt(format!("a game {} has no end time", status.name())))?;
    Ok(Phase::Ended {
        ending,
        winner: winner_id,
        at,
        started_at,
        last_move_at,
    })
}

pub(super) fn from_row(r: &Row<'_>) -> Result<GameRecord, DbError> {
    let rule: String = r.get(10)?;
    Ok(GameRecord {
        id: GameId(r.get(0)?),
        channel: ChannelId(r.get(1)?),
        phase: phase_of(r)?,
        challenger: UserId(r.get(3)?),
        players: Players {
            black: User::new(UserId(r.get(4)?), r.get::<String>(5)?),
            white: User::new(UserId(r.get(6)?), r.get::<String>(7)?),
        },
        size: r.get(8)?,
        pile: r.get(9)?,
        win_rule: WinRule::from_str(&rule).map_err(corrupt)?,
        start_code: r.get(11)?,
        created_at: r.get(17)?,
        version: r.get(21)?,
        deadline_at: r.get(22)?,
        time_control: {
            let stored: String = r.get(23)?;
            TimeControl::from_stored(&stored)
                .ok_or_else(|| corrupt(format!("time control {stored}")))?
        },
        clocks: [r.get(24)?, r.get(25)?],
        wants_thread: r.get(27)?,
        server: r.get::<Option<String>>(28)?.map(ServerId),
        last_draw_offers: r
            .get::<Option<String>>(29)?
            .unwrap_or_default()
            .lines()
            .filter_map(|line| {
                let (ply, user) = line.split_once(' ')?;
                Some((UserId(user.to_string()), ply.parse().ok()?))
            })
            .collect(),
        rated: r.get(30)?,
        rematch_of: r.get::<Option<i64>>(31)?.map(GameId),
        open_to_anyone: r.get(32)?,
        rating_range: RatingRange {
            min: r
                .get::<Option<i64>>(33)?
                .and_then(|n| u32::try_from(n).ok()),
            max: r
                .get::<Option<i64>>(34)?
                .and_then(|n| u32::try_from(n).ok()),
        },
    })
}

/// Inserts a new game (its `id` and `version` are ignored) and returns its id.
///
/// # Errors
///
/// [`DbError::ChannelTaken`] when the channel already has an open challenge or active game;
/// a database failure.
pub fn insert_game(conn: &Tx<'_>, game: &GameRecord) -> Result<GameId, DbError> {
    let inserted = conn.query_one(
        "INSERT INTO games (channel, status, challenger_id, black_id, black_name, white_id, \
             white_name, size, pile, win_rule, start_code, created_at, deadline_at, \
             time_control, wants_thread, server, rated, started_at, clock_first, clock_second, \
             reminders_sent, rematch_of, open_to_anyone, rating_min, rating_max) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, \
             ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25) RETURNING id",
        params![
            game.channel.0,
            game.status().name(),
            game.challenger.0,
            game.players.black.id.0,
            game.players.black.name,
            game.players.white.id.0,
            game.players.white.name,
            game.size,
            game.pile,
            game.win_rule.name(),
            game.start_code,
            game.created_at,
            game.deadline_at,
            game.time_control.stored(),
            game.wants_thread,
            game.server.as_ref().map(|s| &s.0),
            game.rated,
            game.started_at(),
            game.clocks[0],
            game.clocks[1],
            game.reminders_sent(),
            game.rematch_of.map(|g| g.0),
            game.open_to_anyone,
            game.rating_range.min.map(i64::from),
            game.rating_range.max.map(i64::from),
        ],
        |r| r.get(0),
    );
    match inserted {
        Ok(id) => Ok(GameId(id)),
        Err(e) if e.is_unique_violation() && game.status().is_live() => Err(DbError::ChannelTaken),
        Err(e) => Err(e),
    }
}

/// The game with this id.
///
/// # Errors
///
/// A database failure.
pub fn game(conn: &Tx<'_>, id: GameId) -> Result<Option<GameRecord>, DbError> {
    conn.query_opt(
        &format!("SELECT {COLUMNS} FROM games WHERE id = ?1"),
        params![id.0],
        from_row,
    )
}

/// Every game, by id: for checking a whole database (`akron db copy`) in one query rather
/// than one a game.
///
/// # Errors
///
/// A database failure.
pub fn all_games(conn: &Tx<'_>) -> Result<Vec<GameRecord>, DbError> {
    conn.query(
        &format!("SELECT {COLUMNS} FROM games ORDER BY id"),
        params![],
        from_row,
    )
}

/// The open challenge or active game in a channel: the channel's own one, else the oldest
/// challenge waiting there for a thread of its own.
///
/// # Errors
///
/// A database failure.
pub fn channel_game(conn: &Tx<'_>, channel: &ChannelId) -> Result<Option<GameRecord>, DbError> {
    conn.query_opt(
        &format!(
            "SELECT {COLUMNS} FROM games WHERE channel = ?1 AND status IN ('open', 'active') \
             ORDER BY wants_thread, id LIMIT 1"
        ),
        params![&channel.0],
        from_row,
    )
}

/// The open challenges in a channel that `user` made or received, newest first.
///
/// # Errors
///
/// A database failure.
pub fn open_challenges_of(
    conn: &Tx<'_>,
    channel: &ChannelId,
    user: &UserId,
) -> Result<Vec<GameRecord>, DbError> {
    conn.query(
        &format!(
            "SELECT {COLUMNS} FROM games WHERE channel = ?1 AND status = 'open' \
         AND (black_id = ?2 OR white_id = ?2) ORDER BY id DESC LIMIT 25"
        ),
        params![channel.0, user.0],
        from_row,
    )
}

/// The most recent game in a channel, in any status.
///
/// # Errors
///
/// A database failure.
pub fn latest_channel_game(
    conn: &Tx<'_>,
    channel: &ChannelId,
) -> Result<Option<GameRecord>, DbError> {
    conn.query_opt(
        &format!("SELECT {COLUMNS} FROM games WHERE channel = ?1 ORDER BY id DESC LIMIT 1"),
        params![&channel.0],
        from_row,
    )
}

/// The open challenges and active games a user takes part in, oldest first.
///
/// # Errors
///
/// A database failure.
pub fn user_games(conn: &Tx<'_>, user: &UserId) -> Result<Vec<GameRecord>, DbError> {
    conn.query(
        &format!(
            "SELECT {COLUMNS} FROM games WHERE status IN ('open', 'active') AND black_id = ?1 \
         UNION SELECT {COLUMNS} FROM games WHERE status IN ('open', 'active') AND white_id = ?1 \
         ORDER BY id"
        ),
        params![&user.0],
        from_row,
    )
}

/// Every game's id, oldest first.
///
/// # Errors
///
/// A database failure.
pub fn all_game_ids(conn: &Tx<'_>) -> Result<Vec<GameId>, DbError> {
    conn.query("SELECT id FROM games ORDER BY id", params![], |r| {
        r.get(0).map(GameId)
    })
}

/// The update of a game's changeable columns at its version, which bumps the version:
/// [`save_game`]'s statement, and [`save_game_after_move`]'s before its `RETURNING`.
/// `save_game_sql!("column = ?N, ")` sets one more column.
macro_rules! save_game_sql {
    () => {
        save_game_sql!("")
    };
    ($also:literal) => {
        concat!(
            "UPDATE games SET status = ?3, winner = ?4, winner_id = ?5, reason = ?6, \
             draw_offer_by = ?7, takeback_by = ?8, started_at = ?9, last_move_at = ?10, \
             finished_at = ?11, deadline_at = ?12, clock_first = ?13, clock_second = ?14, \
             reminders_sent = ?15, channel = ?16, draw_offers = ?17, wants_thread = ?18, \
             rated = ?19, ",
            $also,
            "version = version + 1 \
             WHERE id = ?1 AND version = ?2"
        )
    };
}

/// Runs `run` with the parameters `?1` to `?19` of [`save_game_sql`] for `game`, followed by
/// `extra` (`?20` on).
fn with_save_params<R>(
    game: &GameRecord,
    extra: &[super::Value<'_>],
    run: impl FnOnce(&[super::Value<'_>]) -> Result<R, DbError>,
) -> Result<R, DbError> {
    let (winner_id, finished_at) = match &game.phase {
        Phase::Ended { winner, at, .. } => (winner.as_ref().map(|u| &u.0), Some(*at)),
        Phase::Challenge | Phase::Playing(_) => (None, None),
    };
    let draw_offers = game
        .last_draw_offers
        .iter()
        .map(|(by, ply)| format!("{ply} {}", by.0))
        .collect::<Vec<_>>()
        .join("\n");
    // One expression: the parameters borrow temporaries that live until its end.
    run(&[
        params![
            game.id.0,
            game.version,
            game.status().name(),
            game.outcome().and_then(|o| o.winner).map(Color::name),
            winner_id,
            game.outcome().map(|o| o.reason.name()),
            game.offers().draw.as_ref().map(|u| &u.0),
            game.offers().takeback.as_ref().map(|u| &u.0),
            game.started_at(),
            game.last_move_at(),
            finished_at,
            game.deadline_at,
            game.clocks[0],
            game.clocks[1],
            game.reminders_sent(),
            game.channel.0,
            draw_offers,
            game.wants_thread,
            game.rated,
        ],
        extra,
    ]
    .concat())
}

/// Writes a game's changeable columns, provided its stored version is still `game.version`,
/// and bumps the version. Returns the new version.
///
/// # Errors
///
/// [`DbError::Conflict`] when another change landed first; a database failure.
pub fn save_game(conn: &Tx<'_>, game: &GameRecord) -> Result<i64, DbError> {
    let changed = with_save_params(game, &[], |params| conn.execute(save_game_sql!(), params))?;
    if changed == 1 {
        Ok(game.version + 1)
    } else {
        Err(DbError::Conflict)
    }
}

/// What [`save_game_after_move`] read in the statement that saved the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedAfterMove {
    /// The game's new version.
    pub version: i64,
    /// The conditional moves the player to move next queued in the game, if any.
    pub premoves: Option<super::Premoves>,
    /// Who follows the game, in the order of their ids (as [`super::game_followers`]).
    pub followers: Vec<UserId>,
    /// The running vacation of the player to move next, when the game's tournament (if it
    /// is in one) allows vacations: when it began and the seconds of the year's allowance
    /// used before it ([`super::vacation`], [`super::game_tournament`]); what the move's
    /// reply needs to show that player's clock, read here instead of in two statements
    /// after the move (issue 45).
    pub vacation: Option<(i64, i64)>,
}

/// Separates the followers [`save_game_after_move`] reads as one text: a control character
/// no platform's user id holds.
const FOLLOWER_SEPARATOR: &str = "\u{1f}";

/// What [`save_game_after_move`] reads besides the new version, after `RETURNING` (SQLite)
/// or `SELECT` (PostgreSQL).
macro_rules! after_move_reads_sql {
    () => {
        "(SELECT after_ply FROM premoves WHERE game_id = ?1 AND user_id = ?20), \
         (SELECT pairs FROM premoves WHERE game_id = ?1 AND user_id = ?20), \
         (SELECT string_agg(follower_id, ?21 ORDER BY follower_id) FROM follows \
          WHERE kind = 'game' AND target = ?22), \
         (SELECT since FROM vacations WHERE user_id = ?20), \
         (SELECT used FROM vacations WHERE user_id = ?20), \
         (SELECT MIN(t.vacation) FROM tournaments AS t WHERE t.id IN \
          (SELECT tournament_id FROM tournament_pairings WHERE game_id = ?1 \
           UNION SELECT tournament_id FROM knockout_games WHERE game_id = ?1))"
    };
}

/// [`save_game`] after a move that did not end the game, with the move `mv` stored
/// ([`super::insert_move`]) and, in the same statement, what the move's transaction reads
/// besides: `to_move`'s queue of conditional moves in the game ([`super::premoves`]), the
/// game's followers ([`super::game_followers`]) and what `to_move`'s clock needs (their
/// running vacation, and whether the game's tournament allows it). On PostgreSQL this is
/// one statement, one round trip instead of six (issue 45): the move is inserted only when the game's update
/// at its version happened. On SQLite, which has no data-modifying `WITH` and no round
/// trips, the insert follows the update. The reads see the database as the update does,
/// inside the caller's transaction, as the separate reads before it did.
///
/// # Errors
///
/// [`DbError::Conflict`] when another change landed first (nothing is written); a database
/// failure, including a move already stored at that ply.
pub fn save_game_after_move(
    conn: &Tx<'_>,
    game: &GameRecord,
    to_move: &UserId,
    mv: &super::MoveRow,
) -> Result<SavedAfterMove, DbError> {
    let target = game.id.0.to_string();
    let read = |r: &Row<'_>| -> Result<AfterMoveRow, DbError> {
        Ok(AfterMoveRow {
            version: r.get(0)?,
            after_ply: r.get(1)?,
            pairs: r.get(2)?,
            followers: r.get(3)?,
            vacation_since: r.get(4)?,
            vacation_used: r.get(5)?,
            tournament_vacation: r.get(6)?,
        })
    };
    let saved = if conn.is_postgres() {
        let extra = params![
            to_move.0,
            FOLLOWER_SEPARATOR,
            target,
            mv.ply,
            mv.notation,
            mv.code,
            mv.played_at
        ];
        with_save_params(game, extra, |params| {
            conn.query_opt(
                concat!(
                    "WITH saved AS (",
                    // The game's current position is the move's (migration 0025: the
                    // trigger after the move's insert then leaves the row alone, where it
                    // updated it a second time).
                    save_game_sql!("current_code = CAST(?25 AS TEXT), "),
                    " RETURNING version), \
                     moved AS (INSERT INTO moves (game_id, ply, notation, code, played_at) \
                     SELECT ?1, CAST(?23 AS BIGINT), CAST(?24 AS TEXT), CAST(?25 AS TEXT), \
                     CAST(?26 AS BIGINT) FROM saved) \
                     SELECT version, ",
                    after_move_reads_sql!(),
                    " FROM saved"
                ),
                params,
                read,
            )
        })?
    } else {
        let extra = params![to_move.0, FOLLOWER_SEPARATOR, target];
        let saved = with_save_params(game, extra, |params| {
            conn.query_opt(
                concat!(
                    save_game_sql!(),
                    " RETURNING version, ",
                    after_move_reads_sql!()
                ),
                params,
                read,
            )
        })?;
        if saved.is_some() {
            super::insert_move(conn, game.id, mv)?;
        }
        saved
    };
    let Some(AfterMoveRow {
        version,
        after_ply,
        pairs,
        followers,
        vacation_since,
        vacation_used,
        tournament_vacation,
    }) = saved
    else {
        return Err(DbError::Conflict);
    };
    let followers = followers
        .iter()
        .flat_map(|all| all.split(FOLLOWER_SEPARATOR))
        .map(|id| UserId(id.to_string()))
        .collect();
    Ok(SavedAfterMove {
        version,
        premoves: after_ply.zip(pairs).map(|(after_ply, pairs)| {
            super::correspondence::premoves_from(to_move, after_ply, &pairs)
        }),
        followers,
        // Outside tournaments, and in those that allow them (as `clock_pause` judges).
        vacation: vacation_since
            .filter(|_| tournament_vacation.is_none_or(|allowed| allowed))
            .map(|since| (since, vacation_used.unwrap_or(0))),
    })
}

/// The row [`save_game_after_move`] reads.
struct AfterMoveRow {
    version: i64,
    after_ply: Option<usize>,
    pairs: Option<String>,
    followers: Option<String>,
    vacation_since: Option<i64>,
    vacation_used: Option<i64>,
    /// `None` outside tournaments.
    tournament_vacation: Option<bool>,
}

/// The live games (open challenges, games being played) whose deadline has come by `now`,
/// most overdue first, at most `limit` of them.
///
/// # Errors
///
/// A database failure.
pub fn due_games(conn: &Tx<'_>, now: i64, limit: usize) -> Result<Vec<GameRecord>, DbError> {
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    conn.query(
        &format!(
            "SELECT {COLUMNS} FROM games WHERE deadline_at <= ?1 AND deadline_at IS NOT NULL \
         AND status IN ('open', 'active') ORDER BY deadline_at LIMIT ?2"
        ),
        params![now, limit],
        from_row,
    )
}

/// Moves a live game's deadline to `until` when it is earlier, without touching its version
/// or clocks: the scheduler sets aside a game it cannot settle. Returns whether it moved.
///
/// # Errors
///
/// A database failure.
pub fn postpone_deadline(conn: &Tx<'_>, game: GameId, until: i64) -> Result<bool, DbError> {
    let changed = conn.execute(
        "UPDATE games SET deadline_at = ?2 WHERE id = ?1 AND deadline_at < ?2 \
             AND status IN ('open', 'active')",
        params![game.0, until],
    )?;
    Ok(changed == 1)
}

/// The nearest deadline of any live game, if there is one.
///
/// # Errors
///
/// A database failure.
pub fn next_deadline(conn: &Tx<'_>) -> Result<Option<i64>, DbError> {
    conn.query_one(
        "SELECT MIN(deadline_at) FROM games WHERE deadline_at IS NOT NULL \
             AND status IN ('open', 'active')",
        params![],
        |r| r.get(0),
    )
}

/// The finished games (and closed challenges) a user took part in, newest first.
///
/// # Errors
///
/// A database failure.
pub fn user_finished_games(
    conn: &Tx<'_>,
    user: &UserId,
    limit: usize,
) -> Result<Vec<GameRecord>, DbError> {
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    conn.query(
        &format!(
            "SELECT {COLUMNS} FROM games WHERE status = 'finished' AND black_id = ?1 \
         UNION SELECT {COLUMNS} FROM games WHERE status = 'finished' AND white_id = ?1 \
         ORDER BY id DESC LIMIT ?2"
        ),
        params![&user.0, limit],
        from_row,
    )
}

/// Records where the latest board of a live game was posted (the front end's link to it).
/// It does not count as a change of the game (no version bump): a move racing with it wins.
///
/// # Errors
///
/// A database failure.
pub fn set_board_link(conn: &Tx<'_>, game: GameId, link: &str) -> Result<(), DbError> {
    conn.execute(
        "UPDATE games SET board_link = ?2 WHERE id = ?1 AND status IN ('open', 'active')",
        params![game.0, link],
    )?;
    Ok(())
}

/// Where the latest board of a game was posted, if a front end said so.
///
/// # Errors
///
/// A database failure.
pub fn board_link(conn: &Tx<'_>, game: GameId) -> Result<Option<String>, DbError> {
    Ok(conn
        .query_opt(
            "SELECT board_link FROM games WHERE id = ?1",
            params![game.0],
            |r| r.get::<Option<String>>(0),
        )?
        .flatten())
}

/// A game's version, bumped by every change: a cheap mark of whether it changed, for a
/// watcher in another process. `None` when there is no such game.
///
/// # Errors
///
/// A database failure.
pub fn game_version(conn: &Tx<'_>, id: GameId) -> Result<Option<i64>, DbError> {
    conn.query_opt(
        "SELECT version FROM games WHERE id = ?1",
        params![id.0],
        |r| r.get(0),
    )
}

/// The latest games started on a server (being played or over), newest first.
///
/// # Errors
///
/// A database failure.
pub fn server_games(
    conn: &Tx<'_>,
    server: &ServerId,
    limit: usize,
) -> Result<Vec<GameId>, DbError> {
    conn.query(
        "SELECT id FROM games WHERE server = ?1 AND status IN ('active', 'finished') \
         ORDER BY id DESC LIMIT ?2",
        params![&server.0, i64::try_from(limit).unwrap_or(i64::MAX)],
        |r| Ok(GameId(r.get(0)?)),
    )
}

/// The server of a channel, as its latest game with a known server says; `None` when no game
/// there knows one.
///
/// # Errors
///
/// A database failure.
pub fn channel_server(conn: &Tx<'_>, channel: &ChannelId) -> Result<Option<ServerId>, DbError> {
    conn.query_opt(
        "SELECT server FROM games WHERE channel = ?1 AND server IS NOT NULL \
         ORDER BY id DESC LIMIT 1",
        params![&channel.0],
        |r| Ok(ServerId(r.get(0)?)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game's phase carries its result and its open offers, so a row whose result or offers
    /// do not fit its status (a finished game without a reason or with an open draw offer, a
    /// game being played with a result) is damaged data.
    #[test]
    fn a_row_whose_result_does_not_fit_its_status_is_damaged(
    ) -> Result<(), Box<dyn std::error::Error>> {
        // On SQLite, and on PostgreSQL when a server is set.
        for database in crate::testing::each_database() {
            let db = database.open()?;
            let user = |name: &str| User::new(UserId::new("test", name), name);
            let start = akron_rules::Position::start(5, 12)?;
            let record = GameRecord::challenge(
                ChannelId::new("test", "c"),
                user("ann").id,
                Players {
                    black: user("ann"),
                    white: user("bob"),
                },
                &start,
                WinRule::Delayed,
                100,
            );
            let id = db.write(|c| insert_game(c, &record))?;
            let set = |sql: &str| db.write(|c| c.execute(sql, crate::params![id.0]));
            set(
                "UPDATE games SET status = 'finished', winner = 'white', winner_id = 'test:bob', \
             reason = 'resignation', started_at = 150, finished_at = 200 WHERE id = ?1",
            )?;
            let ended = db.read(|c| game(c, id))?.ok_or("the game is stored")?;
            assert_eq!(
                ended.phase,
                Phase::Ended {
                    ending: Ending::Result(Outcome {
                        winner: Some(Color::White),
                        reason: Reason::Resignation,
                    }),
                    winner: Some(user("bob").id),
                    at: 200,
                    started_at: Some(150),
                    last_move_at: None,
                }
            );
            for damage in [
                "UPDATE games SET reason = NULL WHERE id = ?1",
                "UPDATE games SET finished_at = NULL WHERE id = ?1",
                "UPDATE games SET status = 'active' WHERE id = ?1",
                "UPDATE games SET draw_offer_by = 'test:ann' WHERE id = ?1",
            ] {
                set(damage)?;
                assert!(
                    matches!(db.read(|c| game(c, id)), Err(DbError::Corrupt(_))),
                    "{damage}"
                );
                set(
                    "UPDATE games SET status = 'finished', reason = 'resignation', \
                 finished_at = 200, draw_offer_by = NULL WHERE id = ?1",
                )?;
            }
            // A game being played carries when it started: one without a start is damaged too.
            set(
            "UPDATE games SET status = 'active', winner = NULL, winner_id = NULL, reason = NULL, \
             finished_at = NULL, started_at = NULL WHERE id = ?1",
        )?;
            assert!(matches!(db.read(|c| game(c, id)), Err(DbError::Corrupt(_))));
            set("UPDATE games SET started_at = 150 WHERE id = ?1")?;
            let playing = db.read(|c| game(c, id))?.ok_or("the game is stored")?;
            assert_eq!(playing.started_at(), Some(150));
            assert_eq!(playing.reminders_sent(), 0);
        }
        Ok(())
    }
}
