//! Loading games: a stored row plus its moves, replayed through the rules and checked
//! against the stored positions, cached by version.

use super::types::{GameId, User, UserId};
use super::{Service, ServiceError};
use crate::db;
use crate::model::{GameRecord, Status};
use akron_rules::{ByColor, Color, Game, Move, MoveReport, Outcome, Position, Reason};
use std::sync::Arc;

/// Loaded games kept in memory at most; the cache is emptied when it grows past this.
const CACHE_LIMIT: usize = 4096;

/// A game as loaded: its record, the replayed game and each move's time.
#[derive(Clone, Debug)]
pub(crate) struct Loaded {
    pub record: GameRecord,
    pub game: Game,
    pub times: Vec<i64>,
}

/// A player's place in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// The player.
    pub user: User,
    /// Their colour now (after any swap).
    pub colour: Color,
}

/// A read-only view of a game, for front ends.
#[derive(Clone, Debug)]
pub struct GameView {
    /// The game's number.
    pub id: GameId,
    /// Open challenge, active, finished...
    pub status: Status,
    /// The players by their colour now (after any swap).
    pub players: ByColor<User>,
    /// The game itself: position, moves, legal moves.
    pub game: Game,
}

impl Loaded {
    /// Whether the AI is to move in an active game that is not over.
    pub fn ai_to_move(&self) -> bool {
        self.record.status() == Status::Active && !self.game.is_over() && self.to_move().id.is_ai()
    }

    /// The player holding `colour` now: a swap exchanges the colours.
    pub fn player(&self, colour: Color) -> User {
        let start = if self.game.swapped() {
            colour.other()
        } else {
            colour
        };
        self.record.players.by_start_colour(start).clone()
    }

    /// The colour `user` holds now, if they play in this game.
    pub fn colour_of(&self, user: &UserId) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.player(c).id == *user)
    }

    /// The player to move.
    pub fn to_move(&self) -> User {
        self.player(self.game.turn())
    }

    /// The other player in the challenge: whoever is not the challenger.
    pub fn challenged(&self) -> User {
        self.record.challenged_user().clone()
    }

    /// The challenger.
    pub fn challenger(&self) -> User {
        self.record.challenger_user().clone()
    }

    /// The report of the last move, rebuilt by replaying it, for marking it on the board.
    pub fn last_report(&self) -> Option<MoveReport> {
        let &last = self.game.moves().last()?;
        let mut before = self.game.taken_back(1);
        before.play(last).ok()
    }

    pub fn view(&self) -> GameView {
        GameView {
            id: self.record.id,
            status: self.record.status(),
            players: ByColor {
                black: self.player(Color::Black),
                white: self.player(Color::White),
            },
            game: self.game.clone(),
        }
    }

    /// The result stored in the row, if any.
    pub fn stored_outcome(&self) -> Option<Outcome> {
        self.record.outcome()
    }
}

impl Service {
    /// Loads the game of `row`: from the cache when it holds this version, otherwise by
    /// replaying the stored moves and checking each against its stored position.
    pub(crate) fn load(&self, row: GameRecord) -> Result<Arc<Loaded>, ServiceError> {
        if let Some(hit) = self
            .cache
            .lock()
            .ok()
            .and_then(|cache| cache.get(&row.id).cloned())
        {
            if hit.record.version == row.version {
                return Ok(hit);
            }
        }
        let moves = self.db.read(|c| db::game_moves(c, row.id))?;
        let loaded = Arc::new(replay(row, &moves)?);
        self.remember(&loaded);
        Ok(loaded)
    }

    /// Puts a freshly written game into the cache.
    pub(crate) fn remember(&self, loaded: &Arc<Loaded>) {
        if let Ok(mut cache) = self.cache.lock() {
            if cache.len() >= CACHE_LIMIT {
                cache.clear();
            }
            cache.insert(loaded.record.id, Arc::clone(loaded));
        }
    }
}

/// Rebuilds a game from its row and moves, checking everything.
pub(super) fn replay(row: GameRecord, moves: &[db::MoveRow]) -> Result<Loaded, ServiceError> {
    let id = row.id;
    let corrupt = |detail: String| ServiceError::Corrupt { game: id, detail };
    let start = Position::from_code(&row.start_code).map_err(|e| {
        corrupt(format!(
            "its start position '{}' is bad: {e}",
            row.start_code
        ))
    })?;
    let mut game = Game::from_position(start, row.win_rule);
    let mut times = Vec::with_capacity(moves.len());
    for (i, stored) in moves.iter().enumerate() {
        if stored.ply != i {
            return Err(corrupt(format!(
                "move {} is stored as ply {}",
                i, stored.ply
            )));
        }
        let mv: Move = stored
            .notation
            .parse()
            .map_err(|e| corrupt(format!("ply {i} '{}' does not parse: {e}", stored.notation)))?;
        game.play(mv)
            .map_err(|e| corrupt(format!("ply {i} '{mv}' is illegal: {e}")))?;
        let code = game.position().code();
        if code != stored.code {
            return Err(corrupt(format!(
                "after ply {i} '{mv}' the position is {code}, but {} is stored",
                stored.code
            )));
        }
        times.push(stored.played_at);
    }
    let stored = row.outcome();
    match (row.status(), game.outcome(), stored) {
        (Status::Finished, Some(replayed), Some(stored)) if replayed == stored => {}
        (Status::Finished, None, Some(stored)) if is_decision(stored.reason) => {
            game.decide(stored)
                .map_err(|e| corrupt(format!("its result cannot be recorded: {e}")))?;
        }
        (Status::Finished, replayed, stored) => {
            return Err(corrupt(format!(
                "the moves give the result {}, but {} is stored",
                describe(replayed),
                describe(stored)
            )))
        }
        (_, Some(replayed), _) => {
            return Err(corrupt(format!(
                "the moves end the game ({replayed}), but it is stored as {}",
                row.status().name()
            )))
        }
        (_, None, _) => {}
    }
    Ok(Loaded {
        record: row,
        game,
        times,
    })
}

/// Whether a reason is decided outside the rules.
fn is_decision(reason: Reason) -> bool {
    matches!(
        reason,
        Reason::Resignation
            | Reason::Agreement
            | Reason::Abort
            | Reason::Timeout
            | Reason::Adjudication
    )
}

fn describe(outcome: Option<Outcome>) -> String {
    outcome.map_or_else(|| "none".to_string(), |o| o.to_string())
}

/// Replays the stored game `id` through `conn` (inside a transaction that has not committed
/// yet, for a copy being checked), against its stored positions and result.
///
/// # Errors
///
/// [`ServiceError::Corrupt`] when it is missing or does not replay; storage failures.
pub(crate) fn replay_stored(conn: &db::Tx<'_>, id: GameId) -> Result<(), ServiceError> {
    let Some(row) = db::game(conn, id)? else {
        return Err(ServiceError::Corrupt {
            game: id,
            detail: "it is missing".to_string(),
        });
    };
    let moves = db::game_moves(conn, id)?;
    replay(row, &moves).map(drop)
}

/// Replays every stored game through `conn`, as [`replay_stored`] does one, reading all games
/// and all moves in two queries (one a game made a copy into PostgreSQL pay two round trips
/// a game); returns how many games it replayed.
///
/// # Errors
///
/// [`ServiceError::Corrupt`] for the first game that does not replay; storage failures.
pub(crate) fn replay_all(conn: &db::Tx<'_>) -> Result<usize, ServiceError> {
    let games = db::all_games(conn)?;
    let mut moves = db::all_moves(conn)?.into_iter().peekable();
    let count = games.len();
    let mut own = Vec::new();
    for row in games {
        own.clear();
        while let Some((game, _)) = moves.peek() {
            if game.0 > row.id.0 {
                break;
            }
            // A move of a game before this one has no game (the foreign key forbids it).
            let keep = game.0 == row.id.0;
            if let Some((_, mv)) = moves.next() {
                if keep {
                    own.push(mv);
                }
            }
        }
        replay(row, &own)?;
    }
    Ok(count)
}
