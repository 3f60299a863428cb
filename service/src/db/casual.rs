//! Queries of casual play (issue 43): a game's live rematch, taking an open challenge's free
//! seat, and who follows what.

use super::games::{from_row, COLUMNS};
use super::{DbError, Row, Tx};
use crate::model::{GameId, GameRecord, ServerId, User, UserId};
use crate::params;

/// The rematch of `game` that is still live (an open challenge, or a game being played),
/// if any.
///
/// # Errors
///
/// A database failure.
pub fn live_rematch_of(conn: &Tx<'_>, game: GameId) -> Result<Option<GameRecord>, DbError> {
    conn.query_opt(
        &format!(
            "SELECT {COLUMNS} FROM games WHERE rematch_of = ?1 \
             AND status IN ('open', 'active') ORDER BY id DESC LIMIT 1"
        ),
        params![game.0],
        from_row,
    )
}

/// Seats `user` in the free seat of the open challenge `game`, provided it is still at
/// `version`, still open and its seat still free: one conditional `UPDATE`, so that of two
/// players taking it at once exactly one succeeds. Returns the new version.
///
/// # Errors
///
/// [`DbError::Conflict`] when someone else took it (or anything else changed it) first; a
/// database failure.
pub fn take_open_seat(
    conn: &Tx<'_>,
    game: GameId,
    version: i64,
    user: &User,
) -> Result<i64, DbError> {
    let anyone = UserId::anyone();
    let changed = conn.execute(
        "UPDATE games SET \
             black_id = CASE WHEN black_id = ?4 THEN ?3 ELSE black_id END, \
             black_name = CASE WHEN black_id = ?4 THEN ?5 ELSE black_name END, \
             white_id = CASE WHEN white_id = ?4 THEN ?3 ELSE white_id END, \
             white_name = CASE WHEN white_id = ?4 THEN ?5 ELSE white_name END, \
             version = version + 1 \
         WHERE id = ?1 AND version = ?2 AND status = 'open' AND open_to_anyone = 1 \
             AND (black_id = ?4 OR white_id = ?4)",
        params![game.0, version, user.id.0, anyone.0, user.name],
    )?;
    if changed == 1 {
        Ok(version + 1)
    } else {
        Err(DbError::Conflict)
    }
}

/// What a follow is of.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Followed {
    /// A game: its moves and its result.
    Game(GameId),
    /// A player: the start of each new game of theirs.
    Player(User),
}

impl Followed {
    fn kind(&self) -> &'static str {
        match self {
            Followed::Game(_) => "game",
            Followed::Player(_) => "player",
        }
    }

    fn target(&self) -> String {
        match self {
            Followed::Game(game) => game.0.to_string(),
            Followed::Player(user) => user.id.0.clone(),
        }
    }

    fn name(&self) -> &str {
        match self {
            Followed::Game(_) => "",
            Followed::Player(user) => &user.name,
        }
    }
}

/// One follow: who follows what, asked where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Follow {
    /// Who follows.
    pub follower: UserId,
    /// What they follow.
    pub followed: Followed,
    /// The server it was asked in, if any: only that server's games are told.
    pub server: Option<ServerId>,
}

fn follow_from_row(r: &Row<'_>) -> Result<Follow, DbError> {
    let kind: String = r.get(1)?;
    let target: String = r.get(2)?;
    let followed = match kind.as_str() {
        "game" => Followed::Game(GameId(
            target
                .parse()
                .map_err(|_| DbError::Corrupt(format!("followed game {target}")))?,
        )),
        "player" => Followed::Player(User::new(UserId(target), r.get::<String>(3)?)),
        other => return Err(DbError::Corrupt(format!("follow kind {other}"))),
    };
    Ok(Follow {
        follower: UserId(r.get(0)?),
        followed,
        server: r.get::<Option<String>>(4)?.map(ServerId),
    })
}

const FOLLOW_COLUMNS: &str = "follower_id, kind, target, target_name, server";

/// Records a follow. Returns false when it was already there (nothing changes).
///
/// # Errors
///
/// A database failure.
pub fn add_follow(conn: &Tx<'_>, follow: &Follow, now: i64) -> Result<bool, DbError> {
    let added = conn.execute(
        "INSERT INTO follows (follower_id, kind, target, target_name, server, created_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (follower_id, kind, target) DO NOTHING",
        params![
            follow.follower.0,
            follow.followed.kind(),
            follow.followed.target(),
            follow.followed.name(),
            follow.server.as_ref().map(|s| &s.0),
            now
        ],
    )?;
    Ok(added == 1)
}

/// Forgets a follow. Returns whether there was one.
///
/// # Errors
///
/// A database failure.
pub fn remove_follow(
    conn: &Tx<'_>,
    follower: &UserId,
    followed: &Followed,
) -> Result<bool, DbError> {
    let removed = conn.execute(
        "DELETE FROM follows WHERE follower_id = ?1 AND kind = ?2 AND target = ?3",
        params![follower.0, followed.kind(), followed.target()],
    )?;
    Ok(removed > 0)
}

/// What `follower` follows, games first, oldest first.
///
/// # Errors
///
/// A database failure.
pub fn follows_of(conn: &Tx<'_>, follower: &UserId) -> Result<Vec<Follow>, DbError> {
    conn.query(
        &format!(
            "SELECT {FOLLOW_COLUMNS} FROM follows WHERE follower_id = ?1 \
             ORDER BY kind, created_at, target"
        ),
        params![follower.0],
        follow_from_row,
    )
}

/// Who follows `game`.
///
/// # Errors
///
/// A database failure.
pub fn game_followers(conn: &Tx<'_>, game: GameId) -> Result<Vec<UserId>, DbError> {
    conn.query(
        "SELECT follower_id FROM follows WHERE kind = 'game' AND target = ?1 \
         ORDER BY follower_id",
        params![game.0.to_string()],
        |r| Ok(UserId(r.get(0)?)),
    )
}

/// Who follows `player`, with the server each asked in.
///
/// # Errors
///
/// A database failure.
pub fn player_followers(
    conn: &Tx<'_>,
    player: &UserId,
) -> Result<Vec<(UserId, Option<ServerId>)>, DbError> {
    conn.query(
        "SELECT follower_id, server FROM follows WHERE kind = 'player' AND target = ?1 \
         ORDER BY follower_id",
        params![player.0],
        |r| Ok((UserId(r.get(0)?), r.get::<Option<String>>(1)?.map(ServerId))),
    )
}

/// Forgets every follow of `game` (it ended: nothing more will be told of it).
///
/// # Errors
///
/// A database failure.
pub fn end_game_follows(conn: &Tx<'_>, game: GameId) -> Result<(), DbError> {
    conn.execute(
        "DELETE FROM follows WHERE kind = 'game' AND target = ?1",
        params![game.0.to_string()],
    )?;
    Ok(())
}
