//! Learn from your mistakes (`mine_puzzles`, migration 0024): a player's blunders in their
//! finished, analysed games, kept as private puzzles for that player alone. Every query here
//! that reads a puzzle names its player: another player's puzzle is never found.

use super::{DbError, Tx};
use crate::model::{GameId, UserId};
use crate::params;
use akron_rules::WinRule;

/// What answers a puzzle made from a blunder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MineKind {
    /// The solver proves a forced win: one of its winning first moves answers it.
    Forced,
    /// No forced win is proven: "find the best move", judged against the analysis.
    Best,
}

impl MineKind {
    /// `forced` or `best`, as stored.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            MineKind::Forced => "forced",
            MineKind::Best => "best",
        }
    }
}

/// A private puzzle made from one of a player's blunders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MinePuzzle {
    /// Its number, counted over every player's (0 before it is stored).
    pub id: i64,
    /// The player who blundered, the only one who sees it.
    pub player: UserId,
    /// The finished game it comes from.
    pub game: GameId,
    /// The ply of the blunder (0 for the first move): the position is the one before it.
    pub ply: i64,
    /// The position before the blunder, its player to move.
    pub code: String,
    /// The game's win rule.
    pub rule: WinRule,
    /// Forced win or best move.
    pub kind: MineKind,
    /// Own moves of the forced win (0 for a best-move puzzle).
    pub moves: i64,
    /// Every winning first move (forced), or the analysis's better move (best).
    pub first_moves: Vec<String>,
    /// The blunder itself.
    pub played: String,
    /// The better move's winning chance for the player, in tenths of a percent (best only).
    pub best_chance: Option<i64>,
    /// When it was made, Unix seconds.
    pub created_at: i64,
    /// When the player solved it.
    pub solved_at: Option<i64>,
}

const COLUMNS: &str = "id, player_id, game_id, ply, code, win_rule, kind, moves, first_moves, \
                       played, best_chance, created_at, solved_at";

fn row(r: &super::Row<'_>) -> Result<MinePuzzle, DbError> {
    let rule: String = r.get(5)?;
    let kind: String = r.get(6)?;
    let first: String = r.get(8)?;
    Ok(MinePuzzle {
        id: r.get(0)?,
        player: UserId(r.get(1)?),
        game: GameId(r.get(2)?),
        ply: r.get(3)?,
        code: r.get(4)?,
        rule: rule
            .parse()
            .map_err(|_| DbError::Corrupt(format!("mine puzzle: win rule '{rule}'")))?,
        kind: match kind.as_str() {
            "forced" => MineKind::Forced,
            "best" => MineKind::Best,
            other => return Err(DbError::Corrupt(format!("mine puzzle: kind '{other}'"))),
        },
        moves: r.get(7)?,
        first_moves: first.split_whitespace().map(str::to_string).collect(),
        played: r.get(9)?,
        best_chance: r.get(10)?,
        created_at: r.get(11)?,
        solved_at: r.get(12)?,
    })
}

/// The finished games `player` played that have a stored analysis, oldest first: the game and
/// its evaluations (JSON). A running game never has one (analysis is refused until it ends),
/// and the status is checked here again.
///
/// # Errors
///
/// A database failure.
pub fn analysed_games_of(conn: &Tx<'_>, player: &UserId) -> Result<Vec<(GameId, String)>, DbError> {
    conn.query(
        "SELECT a.game_id, a.evals FROM analyses a JOIN games g ON g.id = a.game_id \
         WHERE a.done_at IS NOT NULL AND a.evals IS NOT NULL AND g.status = 'finished' \
         AND (g.black_id = ?1 OR g.white_id = ?1) ORDER BY a.game_id",
        params![player.0],
        |r| Ok((GameId(r.get(0)?), r.get(1)?)),
    )
}

/// The blunders of `player` already made into puzzles: game and ply.
///
/// # Errors
///
/// A database failure.
pub fn mine_made(conn: &Tx<'_>, player: &UserId) -> Result<Vec<(GameId, i64)>, DbError> {
    conn.query(
        "SELECT game_id, ply FROM mine_puzzles WHERE player_id = ?1",
        params![player.0],
        |r| Ok((GameId(r.get(0)?), r.get(1)?)),
    )
}

/// Stores a puzzle unless that blunder already is one. Returns whether it was stored.
///
/// # Errors
///
/// A database failure.
pub fn insert_mine(conn: &Tx<'_>, puzzle: &MinePuzzle) -> Result<bool, DbError> {
    let added = conn.execute(
        "INSERT INTO mine_puzzles (player_id, game_id, ply, code, win_rule, kind, moves, \
         first_moves, played, best_chance, created_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) ON CONFLICT DO NOTHING",
        params![
            puzzle.player.0,
            puzzle.game.0,
            puzzle.ply,
            puzzle.code,
            puzzle.rule.name(),
            puzzle.kind.name(),
            puzzle.moves,
            puzzle.first_moves.join(" "),
            puzzle.played,
            puzzle.best_chance,
            puzzle.created_at,
        ],
    )?;
    Ok(added == 1)
}

/// `player`'s puzzle number `id`; `None` if there is none, or it is someone else's.
///
/// # Errors
///
/// A database failure.
pub fn mine_puzzle(conn: &Tx<'_>, player: &UserId, id: i64) -> Result<Option<MinePuzzle>, DbError> {
    conn.query_opt(
        &format!("SELECT {COLUMNS} FROM mine_puzzles WHERE id = ?1 AND player_id = ?2"),
        params![id, player.0],
        row,
    )
}

/// `player`'s first unsolved puzzle (oldest game, earliest move first).
///
/// # Errors
///
/// A database failure.
pub fn next_mine(conn: &Tx<'_>, player: &UserId) -> Result<Option<MinePuzzle>, DbError> {
    conn.query_opt(
        &format!(
            "SELECT {COLUMNS} FROM mine_puzzles WHERE player_id = ?1 AND solved_at IS NULL \
             ORDER BY game_id, ply LIMIT 1"
        ),
        params![player.0],
        row,
    )
}

/// How many puzzles `player` has, and how many of them are solved.
///
/// # Errors
///
/// A database failure.
pub fn mine_counts(conn: &Tx<'_>, player: &UserId) -> Result<(i64, i64), DbError> {
    conn.query_one(
        "SELECT COUNT(*), COUNT(solved_at) FROM mine_puzzles WHERE player_id = ?1",
        params![player.0],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

/// Marks `player`'s puzzle `id` solved at `now`. Returns whether it was unsolved until now.
///
/// # Errors
///
/// A database failure.
pub fn solve_mine(conn: &Tx<'_>, player: &UserId, id: i64, now: i64) -> Result<bool, DbError> {
    let updated = conn.execute(
        "UPDATE mine_puzzles SET solved_at = ?3 \
         WHERE id = ?1 AND player_id = ?2 AND solved_at IS NULL",
        params![id, player.0, now],
    )?;
    Ok(updated == 1)
}
