//! Queries on `tournaments`, `tournament_entrants` and `tournament_pairings`.
//!
//! One of three places called tournament: this file is storage only; the pure pairing and
//! standings functions are [`crate::tournament`], and the service's tournament commands,
//! which decide what is stored, are in `service/tournaments/`.

use super::DbError;
use super::{Row, Tx};
use crate::model::{
    ChannelId, GameId, KnockoutSettings, Seeding, ServerId, TimeControl, TournamentEntrant,
    TournamentFormat, TournamentId, TournamentRecord, TournamentStatus, User, UserId,
};
use crate::params;
use crate::tournament::knockout::{MatchGame, MatchRules, TieRule};
use crate::tournament::GameResult;
use akron_rules::WinRule;
use std::str::FromStr;

const COLUMNS: &str = "id, server, channel, name, organiser_id, organiser_name, format, double, \
    rounds, time_control, size, pile, win_rule, rated, vacation, max_players, status, \
    current_round, created_at, version, best_of, tie_rule, seeding, draw_seed, bracket_reset";

fn corrupt(what: String) -> DbError {
    DbError::Corrupt(what)
}

fn from_row(r: &Row<'_>) -> Result<TournamentRecord, DbError> {
    let format: String = r.get(6)?;
    let control: String = r.get(9)?;
    let rule: String = r.get(12)?;
    let status: String = r.get(16)?;
    Ok(TournamentRecord {
        id: TournamentId(r.get(0)?),
        server: r.get::<Option<String>>(1)?.map(ServerId),
        channel: ChannelId(r.get(2)?),
        name: r.get(3)?,
        organiser: User::new(UserId(r.get(4)?), r.get::<String>(5)?),
        format: TournamentFormat::from_str(&format)
            .map_err(|_| corrupt(format!("tournament format {format}")))?,
        double: r.get(7)?,
        rounds: r.get(8)?,
        time_control: TimeControl::from_stored(&control)
            .ok_or_else(|| corrupt(format!("time control {control}")))?,
        size: r.get(10)?,
        pile: r.get(11)?,
        win_rule: WinRule::from_str(&rule).map_err(corrupt)?,
        rated: r.get(13)?,
        vacation: r.get(14)?,
        max_players: r.get(15)?,
        status: TournamentStatus::from_name(&status)
            .ok_or_else(|| corrupt(format!("tournament status {status}")))?,
        current_round: r.get(17)?,
        created_at: r.get(18)?,
        version: r.get(19)?,
        knockout: knockout_from_row(r)?,
    })
}

/// A knockout's settings from columns 20 to 24, all NULL for other formats.
fn knockout_from_row(r: &Row<'_>) -> Result<Option<KnockoutSettings>, DbError> {
    let best_of: Option<u8> = r.get(20)?;
    let tie: Option<String> = r.get(21)?;
    let seeding: Option<String> = r.get(22)?;
    let draw_seed: Option<i64> = r.get(23)?;
    let reset: Option<bool> = r.get(24)?;
    let (Some(best_of), Some(tie), Some(seeding)) = (best_of, tie, seeding) else {
        return Ok(None);
    };
    let tie = TieRule::from_name(&tie).ok_or_else(|| corrupt(format!("tie rule {tie}")))?;
    Ok(Some(KnockoutSettings {
        rules: MatchRules::new(best_of, tie)
            .ok_or_else(|| corrupt(format!("best of {best_of}")))?,
        seeding: Seeding::from_name(&seeding)
            .ok_or_else(|| corrupt(format!("seeding {seeding}")))?,
        draw_seed: draw_seed.unwrap_or_default(),
        reset: reset.unwrap_or(false),
    }))
}

/// Stores a new tournament and returns its id.
///
/// # Errors
///
/// [`DbError::ChannelTaken`] when the channel already has a live tournament; a database
/// failure.
pub fn insert_tournament(
    conn: &Tx<'_>,
    tournament: &TournamentRecord,
) -> Result<TournamentId, DbError> {
    let t = tournament;
    let inserted = conn.query_one(
        "INSERT INTO tournaments (server, channel, name, organiser_id, organiser_name, \
             format, double, rounds, time_control, size, pile, win_rule, rated, vacation, \
             max_players, status, current_round, created_at, best_of, tie_rule, seeding, \
             draw_seed, bracket_reset) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, \
             ?17, ?18, ?19, ?20, ?21, ?22, ?23) RETURNING id",
        params![
            t.server.as_ref().map(|s| &s.0),
            t.channel.0,
            t.name,
            t.organiser.id.0,
            t.organiser.name,
            t.format.name(),
            t.double,
            t.rounds,
            t.time_control.stored(),
            t.size,
            t.pile,
            t.win_rule.name(),
            t.rated,
            t.vacation,
            t.max_players,
            t.status.name(),
            t.current_round,
            t.created_at,
            t.knockout.map(|k| k.rules.best_of),
            t.knockout.map(|k| k.rules.tie.name()),
            t.knockout.map(|k| k.seeding.name()),
            t.knockout.map(|k| k.draw_seed),
            t.knockout
                .filter(|_| t.format == TournamentFormat::DoubleElimination)
                .map(|k| k.reset),
        ],
        |r| r.get(0),
    );
    match inserted {
        Ok(id) => Ok(TournamentId(id)),
        Err(e) if e.is_unique_violation() => Err(DbError::ChannelTaken),
        Err(e) => Err(e),
    }
}

/// Writes a tournament's changeable columns (status, rounds, current round) at the version
/// it was read at, and returns its new version. Saving it unchanged claims it: whatever was
/// decided from that reading (a round is complete) cannot be decided again by another
/// writer that read it at the same version.
///
/// # Errors
///
/// [`DbError::Conflict`] when the tournament changed since it was read (nothing is written;
/// read it again and retry); a database failure.
pub fn save_tournament(conn: &Tx<'_>, tournament: &TournamentRecord) -> Result<i64, DbError> {
    let changed = conn.execute(
        "UPDATE tournaments SET status = ?2, rounds = ?3, current_round = ?4, \
         version = version + 1 WHERE id = ?1 AND version = ?5",
        params![
            tournament.id.0,
            tournament.status.name(),
            tournament.rounds,
            tournament.current_round,
            tournament.version
        ],
    )?;
    if changed == 1 {
        Ok(tournament.version + 1)
    } else {
        Err(DbError::Conflict)
    }
}

/// Remembers where a tournament's sign-up message is (a front end's own reference).
///
/// # Errors
///
/// A database failure.
pub fn set_signup_message(conn: &Tx<'_>, id: TournamentId, message: &str) -> Result<(), DbError> {
    conn.execute(
        "UPDATE tournaments SET signup_message = ?2 WHERE id = ?1",
        params![id.0, message],
    )?;
    Ok(())
}

/// Where a tournament's sign-up message is, if a front end said so.
///
/// # Errors
///
/// A database failure.
pub fn signup_message(conn: &Tx<'_>, id: TournamentId) -> Result<Option<String>, DbError> {
    Ok(conn
        .query_opt(
            "SELECT signup_message FROM tournaments WHERE id = ?1",
            params![id.0],
            |r| r.get::<Option<String>>(0),
        )?
        .flatten())
}

/// The tournament with this id.
///
/// # Errors
///
/// A database failure.
pub fn tournament(conn: &Tx<'_>, id: TournamentId) -> Result<Option<TournamentRecord>, DbError> {
    conn.query_opt(
        &format!("SELECT {COLUMNS} FROM tournaments WHERE id = ?1"),
        params![id.0],
        from_row,
    )
}

/// The live tournament (sign-up, running or paused) of a channel, else its latest one.
///
/// # Errors
///
/// A database failure.
pub fn channel_tournament(
    conn: &Tx<'_>,
    channel: &ChannelId,
) -> Result<Option<TournamentRecord>, DbError> {
    conn.query_opt(
        &format!(
            "SELECT {COLUMNS} FROM tournaments WHERE channel = ?1 \
             ORDER BY status IN ('signup', 'running', 'paused') DESC, id DESC LIMIT 1"
        ),
        params![&channel.0],
        from_row,
    )
}

/// The tournament a game belongs to, with the game's round and board.
///
/// # Errors
///
/// A database failure.
pub fn game_tournament(
    conn: &Tx<'_>,
    game: GameId,
) -> Result<Option<(TournamentRecord, u32, u32)>, DbError> {
    // A knockout match's earlier games are found through knockout_games; its pairing names
    // only the game being played.
    let found: Option<(i64, u32, u32)> = conn.query_opt(
        "SELECT tournament_id, round, board FROM tournament_pairings WHERE game_id = ?1 \
         UNION SELECT tournament_id, round, board FROM knockout_games WHERE game_id = ?1",
        params![game.0],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )?;
    let Some((id, round, board)) = found else {
        return Ok(None);
    };
    Ok(tournament(conn, TournamentId(id))?.map(|t| (t, round, board)))
}

fn entrant_from_row(r: &Row<'_>) -> Result<TournamentEntrant, DbError> {
    Ok(TournamentEntrant {
        player: r.get(0)?,
        user: User::new(UserId(r.get(1)?), r.get::<String>(2)?),
        rating: r.get(3)?,
        withdrawn: r.get(4)?,
        seed: r.get(5)?,
        disqualified: r.get(6)?,
    })
}

/// A tournament's entrants, by number.
///
/// # Errors
///
/// A database failure.
pub fn entrants(conn: &Tx<'_>, id: TournamentId) -> Result<Vec<TournamentEntrant>, DbError> {
    conn.query(
        "SELECT player, user_id, name, rating, withdrawn, seed, disqualified FROM tournament_entrants \
         WHERE tournament_id = ?1 ORDER BY player",
        params![id.0],
        entrant_from_row,
    )
}

/// Adds an entrant under the next free number. Returns false when they are already in.
///
/// # Errors
///
/// A database failure.
pub fn add_entrant(
    conn: &Tx<'_>,
    id: TournamentId,
    user: &User,
    rating: f64,
    now: i64,
) -> Result<bool, DbError> {
    let added = conn.execute(
        // The casts tell PostgreSQL the parameters' types, which a select list does not.
        "INSERT INTO tournament_entrants \
             (tournament_id, player, user_id, name, rating, joined_at) \
             SELECT ?1, COALESCE(MAX(player), 0) + 1, CAST(?2 AS TEXT), CAST(?3 AS TEXT), \
             CAST(?4 AS DOUBLE PRECISION), CAST(?5 AS BIGINT) \
             FROM tournament_entrants WHERE tournament_id = ?1 ON CONFLICT DO NOTHING",
        params![id.0, user.id.0, user.name, rating, now],
    )?;
    Ok(added == 1)
}

/// Removes an entrant before the start. Returns false when they were not in.
///
/// # Errors
///
/// A database failure.
pub fn remove_entrant(conn: &Tx<'_>, id: TournamentId, user: &UserId) -> Result<bool, DbError> {
    let removed = conn.execute(
        "DELETE FROM tournament_entrants WHERE tournament_id = ?1 AND user_id = ?2",
        params![id.0, user.0],
    )?;
    Ok(removed == 1)
}

/// Sets an entrant's seeding rating (at the start).
///
/// # Errors
///
/// A database failure.
pub fn set_entrant_rating(
    conn: &Tx<'_>,
    id: TournamentId,
    player: u32,
    rating: f64,
) -> Result<(), DbError> {
    conn.execute(
        "UPDATE tournament_entrants SET rating = ?3 WHERE tournament_id = ?1 AND player = ?2",
        params![id.0, player, rating],
    )?;
    Ok(())
}

/// Marks an entrant withdrawn. Returns false when they already were (or are not in).
///
/// # Errors
///
/// A database failure.
pub fn withdraw_entrant(conn: &Tx<'_>, id: TournamentId, player: u32) -> Result<bool, DbError> {
    let changed = conn.execute(
        "UPDATE tournament_entrants SET withdrawn = 1 \
             WHERE tournament_id = ?1 AND player = ?2 AND withdrawn = 0",
        params![id.0, player],
    )?;
    Ok(changed == 1)
}

/// One stored pairing: board 0 is the bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredPairing {
    /// The round, from 1.
    pub round: u32,
    /// The board, from 1; 0 for the bye.
    pub board: u32,
    /// Moves first (or has the bye).
    pub first: u32,
    /// Moves second; `None` for the bye.
    pub second: Option<u32>,
    /// The game, once made.
    pub game: Option<GameId>,
    /// How it ended, once it has.
    pub result: Option<GameResult>,
}

fn result_name(result: GameResult) -> &'static str {
    match result {
        GameResult::FirstWon => "first",
        GameResult::SecondWon => "second",
        GameResult::Draw => "draw",
        GameResult::FirstForfeited => "first-forfeit",
        GameResult::SecondForfeited => "second-forfeit",
        GameResult::BothForfeited => "both-forfeit",
    }
}

fn result_of(name: &str) -> Option<GameResult> {
    Some(match name {
        "first" => GameResult::FirstWon,
        "second" => GameResult::SecondWon,
        "draw" => GameResult::Draw,
        "first-forfeit" => GameResult::FirstForfeited,
        "second-forfeit" => GameResult::SecondForfeited,
        "both-forfeit" => GameResult::BothForfeited,
        _ => return None,
    })
}

fn pairing_from_row(r: &Row<'_>) -> Result<StoredPairing, DbError> {
    let result: Option<String> = r.get(5)?;
    Ok(StoredPairing {
        round: r.get(0)?,
        board: r.get(1)?,
        first: r.get(2)?,
        second: r.get(3)?,
        game: r.get::<Option<i64>>(4)?.map(GameId),
        result: match result {
            Some(name) => {
                Some(result_of(&name).ok_or_else(|| corrupt(format!("pairing result {name}")))?)
            }
            None => None,
        },
    })
}

/// Stores a pairing (or a bye, board 0).
///
/// # Errors
///
/// A database failure.
pub fn insert_pairing(
    conn: &Tx<'_>,
    id: TournamentId,
    pairing: &StoredPairing,
) -> Result<(), DbError> {
    conn.execute(
        "INSERT INTO tournament_pairings (tournament_id, round, board, first, second, game_id, \
         result) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            id.0,
            pairing.round,
            pairing.board,
            pairing.first,
            pairing.second,
            pairing.game.map(|g| g.0),
            pairing.result.map(result_name)
        ],
    )?;
    Ok(())
}

/// Sets a pairing's game and result.
///
/// # Errors
///
/// A database failure.
pub fn update_pairing(
    conn: &Tx<'_>,
    id: TournamentId,
    pairing: &StoredPairing,
) -> Result<(), DbError> {
    conn.execute(
        "UPDATE tournament_pairings SET game_id = ?4, result = ?5 \
         WHERE tournament_id = ?1 AND round = ?2 AND board = ?3",
        params![
            id.0,
            pairing.round,
            pairing.board,
            pairing.game.map(|g| g.0),
            pairing.result.map(result_name)
        ],
    )?;
    Ok(())
}

/// Every pairing of a tournament, by round and board.
///
/// # Errors
///
/// A database failure.
pub fn pairings(conn: &Tx<'_>, id: TournamentId) -> Result<Vec<StoredPairing>, DbError> {
    conn.query(
        "SELECT round, board, first, second, game_id, result FROM tournament_pairings \
         WHERE tournament_id = ?1 ORDER BY round, board",
        params![id.0],
        pairing_from_row,
    )
}

/// Removes a round's bye (a round robin's bye for a player who withdrew scores nothing).
///
/// # Errors
///
/// A database failure.
pub fn delete_bye(conn: &Tx<'_>, id: TournamentId, round: u32) -> Result<(), DbError> {
    conn.execute(
        "DELETE FROM tournament_pairings WHERE tournament_id = ?1 AND round = ?2 AND board = 0",
        params![id.0, round],
    )?;
    Ok(())
}

/// A tournament's version, bumped by every result and round: a cheap mark of whether it
/// changed, for a watcher in another process. `None` when there is no such tournament.
///
/// # Errors
///
/// A database failure.
pub fn tournament_version(conn: &Tx<'_>, id: TournamentId) -> Result<Option<i64>, DbError> {
    conn.query_opt(
        "SELECT version FROM tournaments WHERE id = ?1",
        params![id.0],
        |r| r.get(0),
    )
}

/// The latest tournaments of a server, newest first.
///
/// # Errors
///
/// A database failure.
pub fn server_tournaments(
    conn: &Tx<'_>,
    server: &ServerId,
    limit: usize,
) -> Result<Vec<TournamentRecord>, DbError> {
    conn.query(
        &format!("SELECT {COLUMNS} FROM tournaments WHERE server = ?1 ORDER BY id DESC LIMIT ?2"),
        params![&server.0, i64::try_from(limit).unwrap_or(i64::MAX)],
        from_row,
    )
}

/// Sets an entrant's seed (a knockout's: the organiser's choice before the start, or
/// everyone's at the start); `None` clears it.
///
/// # Errors
///
/// A database failure.
pub fn set_entrant_seed(
    conn: &Tx<'_>,
    id: TournamentId,
    player: u32,
    seed: Option<u32>,
) -> Result<(), DbError> {
    conn.execute(
        "UPDATE tournament_entrants SET seed = ?3 WHERE tournament_id = ?1 AND player = ?2",
        params![id.0, player, seed],
    )?;
    Ok(())
}

/// One game of a knockout match as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredMatchGame {
    /// The round, from 1.
    pub round: u32,
    /// The match's board, from 1.
    pub board: u32,
    /// The game's number in the match, from 1.
    pub number: u32,
    /// The game.
    pub game: GameId,
    /// Whether the better seed moved first.
    pub high_first: bool,
    /// How it ended, once it has.
    pub result: Option<GameResult>,
}

impl StoredMatchGame {
    /// The game as the bracket reads it, once it has ended.
    #[must_use]
    pub fn played(&self) -> Option<MatchGame> {
        self.result.map(|result| MatchGame {
            high_first: self.high_first,
            result,
        })
    }
}

/// Stores a knockout match's game (made, not yet ended).
///
/// # Errors
///
/// A database failure.
pub fn insert_match_game(
    conn: &Tx<'_>,
    id: TournamentId,
    game: &StoredMatchGame,
) -> Result<(), DbError> {
    conn.execute(
        "INSERT INTO knockout_games (tournament_id, round, board, number, game_id, high_first, \
         result) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            id.0,
            game.round,
            game.board,
            game.number,
            game.game.0,
            game.high_first,
            game.result.map(result_name)
        ],
    )?;
    Ok(())
}

/// Sets the result of a knockout match's game.
///
/// # Errors
///
/// A database failure.
pub fn set_match_game_result(
    conn: &Tx<'_>,
    id: TournamentId,
    game: GameId,
    result: GameResult,
) -> Result<(), DbError> {
    conn.execute(
        "UPDATE knockout_games SET result = ?3 WHERE tournament_id = ?1 AND game_id = ?2",
        params![id.0, game.0, result_name(result)],
    )?;
    Ok(())
}

/// Every game of a knockout's matches, by round, board and number.
///
/// # Errors
///
/// A database failure.
pub fn match_games(conn: &Tx<'_>, id: TournamentId) -> Result<Vec<StoredMatchGame>, DbError> {
    conn.query(
        "SELECT round, board, number, game_id, high_first, result FROM knockout_games \
         WHERE tournament_id = ?1 ORDER BY round, board, number",
        params![id.0],
        |r| {
            let result: Option<String> = r.get(5)?;
            Ok(StoredMatchGame {
                round: r.get(0)?,
                board: r.get(1)?,
                number: r.get(2)?,
                game: GameId(r.get(3)?),
                high_first: r.get(4)?,
                result: match result {
                    Some(name) => Some(
                        result_of(&name)
                            .ok_or_else(|| corrupt(format!("match game result {name}")))?,
                    ),
                    None => None,
                },
            })
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two writers that read a tournament at the same version: the second one's save is
    /// refused and changes nothing, so what it decided from that reading (a round complete)
    /// is decided again from fresh reads.
    #[test]
    fn a_tournament_saved_from_a_stale_reading_is_a_conflict(
    ) -> Result<(), Box<dyn std::error::Error>> {
        // On SQLite, and on PostgreSQL when a server is set.
        for database in crate::testing::each_database() {
            let db = database.open()?;
            let organiser = User::new(UserId("test:org".to_string()), "org");
            let mut t = TournamentRecord {
                id: TournamentId(0),
                server: None,
                channel: ChannelId("test:lobby".to_string()),
                name: "Cup".to_string(),
                organiser,
                format: TournamentFormat::Swiss,
                double: false,
                rounds: Some(3),
                time_control: TimeControl::PerMove(86_400),
                size: 5,
                pile: 12,
                win_rule: WinRule::Delayed,
                rated: true,
                vacation: false,
                max_players: None,
                status: TournamentStatus::Running,
                current_round: 1,
                created_at: 0,
                version: 0,
                knockout: None,
            };
            t.id = db.write(|c| insert_tournament(c, &t))?;
            let mut first = db.read(|c| tournament(c, t.id))?.ok_or("stored")?;
            let mut second = first.clone();
            assert_eq!(first.version, 0);
            first.current_round = 2;
            first.version = db.write(|c| save_tournament(c, &first))?;
            assert_eq!(first.version, 1);
            second.current_round = 2;
            let stale = db.write(|c| save_tournament(c, &second));
            assert!(matches!(stale, Err(DbError::Conflict)), "{stale:?}");
            let stored = db.read(|c| tournament(c, t.id))?.ok_or("stored")?;
            assert_eq!(stored, first);
        }
        Ok(())
    }
}
