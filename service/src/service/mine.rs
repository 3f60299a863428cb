//! `puzzle mine` ("learn from your mistakes", issue 44): a player's blunders in their finished,
//! analysed games become private puzzles for them: the position before the blunder, that
//! player to move.
//!
//! # Where they come from
//!
//! From analyses already stored, when the player asks: no engine work beyond the solver's
//! proof, bounded by its node budget and by [`MAX_NEW`] new puzzles a request. Made on
//! request rather than in the analysis job because the job analyses a game for whoever asked
//! while the puzzles belong to each player, because analyses stored before this existed then
//! count too, and because a player who never asks costs nothing.
//!
//! # How an answer is judged
//!
//! - **Forced win** (the solver proves one within three own moves, as `puzzle create` does):
//!   one of the solver's winning first moves, or a line whose own moves each keep the win.
//! - **Find the best move** (no forced win proven): the analysis's better move, or any move
//!   whose winning chance, measured as the analysis measures a move (same budget and seed),
//!   is within [`ACCEPT_WITHIN`] points of the better move's. 10 points is the analysis's
//!   own inaccuracy threshold: a move accepted here is one the analysis would not have marked
//!   at all, and the threshold sits well above the engine's spread between two searches of
//!   one position (a few points at the default budget). The blunder itself is never accepted.

use super::types::{MineAction, Reply, Request};
use super::{refuse, Outcome, Service, ServiceError};
use crate::catalogue::Language;
use crate::db::{self, MineKind, MinePuzzle};
use crate::model::{GameId, UserId};
use crate::say;
use akron_ai::review::{self, Mark};
use akron_rules::{notation, Game, Move, Position};

/// New puzzles made in one request at most: each costs a bounded proof by the solver (64 to
/// 385 ms on average on the shared machine, 2.2 s the slowest, `mine_time` in BENCHMARKS.md),
/// so six keep a request to a few seconds at worst; the next request makes the next ones.
pub const MAX_NEW: usize = 6;

/// How far (points of winning chance) below the better move's chance an answer to a "find
/// the best move" puzzle may be and still count: the analysis's inaccuracy threshold.
pub const ACCEPT_WITHIN: f64 = review::INACCURACY;

/// A blunder to make into a puzzle: the position before it and what the analysis says.
#[derive(Clone, Debug)]
pub struct Blunder {
    /// The game.
    pub game: GameId,
    /// Its ply.
    pub ply: usize,
    /// The position before it.
    pub position: Position,
    /// The game's win rule.
    pub rule: akron_rules::WinRule,
    /// The move played.
    pub played: Move,
    /// The analysis's better move.
    pub best: Option<String>,
    /// The better move's winning chance for the player, 0 to 1.
    pub best_chance: f64,
}

/// Makes the puzzle of one blunder for `player` at `now`: a forced win where the solver
/// proves one within `nodes` positions a question, else "find the best move" (`None` when
/// the analysis names no better move either).
#[must_use]
pub fn make_puzzle(player: &UserId, blunder: &Blunder, nodes: u64, now: i64) -> Option<MinePuzzle> {
    let proven = super::puzzles::prove(&blunder.position, blunder.rule, nodes).ok();
    let (kind, moves, first_moves, best_chance) = match proven {
        Some(proven) => (
            MineKind::Forced,
            i64::from(proven.moves),
            proven.first_moves.iter().map(ToString::to_string).collect(),
            None,
        ),
        None => {
            let best = blunder.best.clone()?;
            // A chance from 0 to 1 in tenths of a percent fits any integer.
            #[allow(clippy::cast_possible_truncation)]
            let chance = (blunder.best_chance.clamp(0.0, 1.0) * 1000.0).round() as i64;
            (MineKind::Best, 0, vec![best], Some(chance))
        }
    };
    Some(MinePuzzle {
        id: 0,
        player: player.clone(),
        game: blunder.game,
        ply: i64::try_from(blunder.ply).unwrap_or(i64::MAX),
        code: blunder.position.code(),
        rule: blunder.rule,
        kind,
        moves,
        first_moves,
        played: blunder.played.to_string(),
        best_chance,
        created_at: now,
        solved_at: None,
    })
}

impl Service {
    /// `puzzle mine`, `puzzle mine #N` and `puzzle mine #N MOVE...`: always answered to the
    /// player alone.
    pub(super) fn puzzle_mine(&self, request: &Request, action: &MineAction) -> Outcome {
        match action {
            MineAction::Next => self.next_mine(request),
            MineAction::Show(id) => {
                let puzzle = self.own_mine(request, *id)?;
                Ok(self.offer_mine(&puzzle, request.language.private, None))
            }
            MineAction::Solve(id, moves) => self.solve_mine(request, *id, moves),
        }
    }

    /// `player`'s blunders in their finished, analysed games not yet made into puzzles,
    /// oldest first, at most `limit`.
    ///
    /// # Errors
    ///
    /// Storage failures; a stored analysis or game that does not read.
    pub fn blunders_of(&self, player: &UserId, limit: usize) -> Result<Vec<Blunder>, ServiceError> {
        let (games, made) = self.db.read(|c| {
            Ok::<_, db::DbError>((db::analysed_games_of(c, player)?, db::mine_made(c, player)?))
        })?;
        let mut found = Vec::new();
        for (game, json) in games {
            let moves: Vec<super::MoveReview> =
                serde_json::from_str(&json).map_err(|e| ServiceError::Corrupt {
                    game,
                    detail: format!("its analysis does not read: {e}"),
                })?;
            let Some(record) = self.db.read(|c| db::game(c, game))? else {
                continue;
            };
            let loaded = self.load(record)?;
            let mut replay =
                Game::from_position(loaded.game.start().clone(), loaded.game.win_rule());
            for (ply, &mv) in loaded.game.moves().iter().enumerate() {
                let review = moves.iter().find(|m| m.ply == ply);
                let mine = review.filter(|r| {
                    r.mark() == Some(Mark::Blunder)
                        && loaded.player(r.mover()).id == *player
                        && !made.contains(&(game, i64::try_from(ply).unwrap_or(-1)))
                });
                // The swap is a decision the solver knows nothing of: no puzzle before it.
                if let Some(review) = mine.filter(|_| mv != Move::Swap && !replay.can_swap()) {
                    found.push(Blunder {
                        game,
                        ply,
                        position: replay.position().clone(),
                        rule: replay.win_rule(),
                        played: mv,
                        best: review.best.clone(),
                        best_chance: review.before,
                    });
                    if found.len() >= limit {
                        return Ok(found);
                    }
                }
                if replay.play(mv).is_err() {
                    break;
                }
            }
        }
        Ok(found)
    }

    /// Makes puzzles of up to [`MAX_NEW`] of `player`'s blunders not yet made. Returns how
    /// many were made.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn make_mine_puzzles(&self, player: &UserId) -> Result<usize, ServiceError> {
        let blunders = self.blunders_of(player, MAX_NEW)?;
        if blunders.is_empty() {
            return Ok(0);
        }
        let now = self.clock.now();
        let puzzles: Vec<MinePuzzle> = {
            let _slot = self.search_slot();
            blunders
                .iter()
                .filter_map(|b| make_puzzle(player, b, self.config.ai.solver_nodes, now))
                .collect()
        };
        Ok(self.db.write(|c| {
            let mut made = 0;
            for puzzle in &puzzles {
                made += usize::from(db::insert_mine(c, puzzle)?);
            }
            Ok::<_, db::DbError>(made)
        })?)
    }

    fn next_mine(&self, request: &Request) -> Outcome {
        let private = request.language.private;
        let user = &request.user.id;
        self.make_mine_puzzles(user)?;
        let (next, (total, solved), analysed) = self.db.read(|c| {
            Ok::<_, db::DbError>((
                db::next_mine(c, user)?,
                db::mine_counts(c, user)?,
                db::analysed_games_of(c, user)?.len(),
            ))
        })?;
        match next {
            Some(puzzle) => Ok(self.offer_mine(&puzzle, private, Some((total, solved)))),
            None if total > 0 => Ok(Reply::private(say!(
                private,
                "mine-all-solved",
                count = total
            ))),
            None if analysed > 0 => Ok(Reply::private(say!(
                private,
                "mine-no-blunders",
                games = analysed
            ))),
            None => Ok(Reply::private(say!(private, "mine-nothing-analysed"))),
        }
    }

    /// The player's own puzzle `id`: another player's is "none", as one that does not exist.
    fn own_mine(&self, request: &Request, id: i64) -> Result<MinePuzzle, super::Failure> {
        match self.db.read(|c| db::mine_puzzle(c, &request.user.id, id))? {
            Some(puzzle) => Ok(puzzle),
            None => refuse(say!(
                request.language.private,
                "mine-none",
                id = format!("#{id}")
            )),
        }
    }

    /// A puzzle offered: its words and the position's picture, to the player alone.
    fn offer_mine(
        &self,
        puzzle: &MinePuzzle,
        language: Language,
        counts: Option<(i64, i64)>,
    ) -> Reply {
        let Ok(position) = Position::from_code(&puzzle.code) else {
            return Reply::private(say!(language, "mine-none", id = format!("#{}", puzzle.id)));
        };
        let mut text = say!(
            language,
            "mine-offer",
            id = format!("#{}", puzzle.id),
            game = puzzle.game.to_string(),
            number = puzzle.ply + 1,
            played = puzzle.played.clone(),
            colour = position.turn().name(),
            kind = puzzle.kind.name(),
            count = puzzle.moves,
            solved = if puzzle.solved_at.is_some() {
                "yes"
            } else {
                "no"
            },
            code = puzzle.code.clone()
        );
        if let Some((total, solved)) = counts {
            text.push('\n');
            text.push_str(&say!(
                language,
                "mine-counts",
                total = total,
                solved = solved
            ));
        }
        let mut reply = Reply::private(text);
        reply.image = self.puzzle_picture(&position, language);
        reply.position = Some(puzzle.code.clone());
        reply
    }

    fn solve_mine(&self, request: &Request, id: i64, typed: &[String]) -> Outcome {
        let private = request.language.private;
        let puzzle = self.own_mine(request, id)?;
        let position = Position::from_code(&puzzle.code).map_err(|e| ServiceError::Corrupt {
            game: puzzle.game,
            detail: format!("mine puzzle {id} has a bad code: {e}"),
        })?;
        let mut moves = Vec::with_capacity(typed.len());
        for text in typed {
            match notation::read_move(text, position.size()) {
                Ok(mv) => moves.push(mv),
                Err(e) => {
                    return refuse(say!(
                        private,
                        "not-a-move",
                        text = text.chars().take(24).collect::<String>(),
                        why = super::notation_errors::notation_error(&e)
                    ))
                }
            }
        }
        let Some(&first) = moves.first() else {
            return refuse(say!(private, "mine-give-answer", id = format!("#{id}")));
        };
        if puzzle.kind == MineKind::Best && moves.len() > 1 {
            return refuse(say!(private, "mine-one-move", id = format!("#{id}")));
        }
        let mut game = Game::from_position(position.clone(), puzzle.rule);
        for (i, &mv) in moves.iter().enumerate() {
            if let Err(e) = game.play(mv) {
                return refuse(say!(
                    private,
                    "puzzle-line-illegal",
                    move = mv.to_string(),
                    number = i + 1,
                    why = super::wording::illegal(&e)
                ));
            }
            if game.is_over() && i + 1 < moves.len() {
                return refuse(say!(private, "puzzle-line-too-long", move = mv.to_string()));
            }
        }
        let shown = first.to_string();
        let verdict = if shown == puzzle.played {
            Verdict::Played
        } else {
            match puzzle.kind {
                MineKind::Forced => {
                    let own = u32::try_from(puzzle.moves).unwrap_or(0);
                    let right = puzzle.first_moves.contains(&shown)
                        && (moves.len() <= 2
                            || self.check_line(puzzle.rule, own, &position, &moves));
                    if right {
                        Verdict::Right
                    } else {
                        Verdict::NoWin
                    }
                }
                MineKind::Best if puzzle.first_moves.contains(&shown) => Verdict::Right,
                MineKind::Best => {
                    let start = Game::from_position(position.clone(), puzzle.rule);
                    let budget = self.review_budget(puzzle.game);
                    let chance = {
                        let _slot = self.search_slot();
                        review::chance_of_move(&start, first, &budget)
                    }
                    .unwrap_or(0.0);
                    #[allow(clippy::cast_precision_loss)]
                    let best = puzzle.best_chance.unwrap_or(1000) as f64 / 10.0;
                    let mine = chance * 100.0;
                    if best - mine < ACCEPT_WITHIN {
                        Verdict::Right
                    } else {
                        Verdict::Worse {
                            mine: super::analysis::whole(mine),
                            best: super::analysis::whole(best),
                        }
                    }
                }
            }
        };
        let text = match verdict {
            Verdict::Right => {
                let now = self.clock.now();
                let first_time = self
                    .db
                    .write(|c| db::solve_mine(c, &request.user.id, id, now))?;
                say!(
                    private,
                    "mine-correct",
                    id = format!("#{id}"),
                    move = shown,
                    kind = puzzle.kind.name(),
                    again = if first_time { "no" } else { "yes" }
                )
            }
            Verdict::Played => say!(private, "mine-played", id = format!("#{id}"), move = shown),
            Verdict::NoWin => say!(
                private,
                "mine-no-win",
                id = format!("#{id}"),
                move = shown,
                count = puzzle.moves
            ),
            Verdict::Worse { mine, best } => say!(
                private,
                "mine-worse",
                id = format!("#{id}"),
                move = shown,
                mine = mine,
                best = best,
                within = super::analysis::whole(ACCEPT_WITHIN)
            ),
        };
        Ok(Reply::private(text))
    }
}

/// How an answer was judged.
enum Verdict {
    /// Solved.
    Right,
    /// The blunder itself, again.
    Played,
    /// A forced-win puzzle's answer that does not win by force.
    NoWin,
    /// A best-move answer too far below the better move: its chance and the better one's.
    Worse { mine: i64, best: i64 },
}
