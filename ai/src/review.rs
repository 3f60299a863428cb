//! Post-game analysis: every position of a finished game evaluated within a fixed budget,
//! each move judged by the drop in its player's winning chance (lichess's method).
//!
//! # Winning chances
//!
//! Before each ply the position is first given to the proof [`solver`](crate::solve) (a few
//! own moves deep, a node budget): a proven win for the side to move is a chance of 100 %, a
//! proven loss 0 %. Otherwise the engine searches it for a fixed number of playouts (not wall
//! time, so that an analysis is the same on every machine and a test can rely on it) and its
//! estimate for the side to move is the chance. A move's chance *after* is 100 % minus the
//! opponent's chance in the position it made (or 100 %, 50 % or 0 % when the move ended the
//! game in a win, a draw or a loss); its chance *before* is the chance after the engine's best
//! move, measured the same way (a search of the position that move makes), or the proof's 100
//! or 0 %. Measuring both after a move matters: a playout estimate leans towards the side to
//! move, and comparing a search with the mover to move against one with the opponent to move
//! counted that lean as a drop on nearly every move of an 8 × 8 game. The swap counts as a move
//! like any other: the swapper's chance after it is 100 % minus the first player's chance, who
//! is to move next.
//!
//! # Marks
//!
//! A move's *drop* is its chance before minus its chance after, in points (0 to 100), and 0
//! when it is the engine's own choice (two searches of neighbouring positions never agree
//! exactly; the engine's move costs nothing by the engine's own judgement). The thresholds are
//! lichess's, which players know: a drop of at least [`INACCURACY`] points is an
//! inaccuracy, [`MISTAKE`] a mistake and [`BLUNDER`] a blunder. They sit well above the
//! spread of the engine's estimate at the default budget (two searches of one position with
//! different seeds differ by a few points on 8 × 8, see `docs/players.md`), so a mark is not
//! noise.
//!
//! Proofs override estimates: a move that keeps a proven win (it wins at once, it is one of
//! the solver's winning moves, or the solver proves the position it made lost for the
//! opponent) has a chance of 100 % after and is never marked; a move that gives a proven win
//! away (the solver proves it is not a winning move and cannot prove the position after it
//! lost for the opponent) is always a blunder, whatever the engine thinks of the rest of the
//! game, and counts as a drop of at least [`BLUNDER`] points for accuracy.
//!
//! # Accuracy
//!
//! As lichess: each move gets an accuracy from its drop `d` in points,
//! `103.1668 · e^(−0.04354 · d) − 3.1669`, clamped to 0–100 (100 for no drop, about 62 for
//! 10 points, 38 for 20, 25 for 30); a side's accuracy is the plain mean over its moves
//! (lichess also weighs moves by the position's volatility; this analysis does not).

use crate::engine::{Budget, Engine, EngineConfig};
use crate::solver::{checks_answer, solve_limited, Proof};
use akron_rules::{Color, Game, IllegalMove, Move, Position, WinRule};

/// The smallest drop (points of winning chance) that makes an inaccuracy.
pub const INACCURACY: f64 = 10.0;
/// The smallest drop that makes a mistake.
pub const MISTAKE: f64 = 20.0;
/// The smallest drop that makes a blunder.
pub const BLUNDER: f64 = 30.0;

/// How a move is judged, by the drop in its player's winning chance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// A drop of [`INACCURACY`] points or more.
    Inaccuracy,
    /// A drop of [`MISTAKE`] points or more.
    Mistake,
    /// A drop of [`BLUNDER`] points or more, or a proven win given away.
    Blunder,
}

impl Mark {
    /// `inaccuracy`, `mistake` or `blunder`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }

    /// The annotation symbol chess and Akron records use: `?!`, `?` or `??`.
    #[must_use]
    pub const fn symbol(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// Reads a name as printed by [`Mark::name`].
    #[must_use]
    pub fn from_name(name: &str) -> Option<Mark> {
        [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder]
            .into_iter()
            .find(|m| m.name() == name)
    }

    /// The mark of a drop of `points`, if any.
    #[must_use]
    pub fn of_drop(points: f64) -> Option<Mark> {
        if points >= BLUNDER {
            Some(Mark::Blunder)
        } else if points >= MISTAKE {
            Some(Mark::Mistake)
        } else if points >= INACCURACY {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }
}

/// The fixed budget of an analysis, per position: equal budgets and seeds give equal
/// analyses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewBudget {
    /// Engine playouts per position not decided by the solver.
    pub playouts: u64,
    /// Own moves the solver looks ahead for a forced win.
    pub solver_depth: u32,
    /// Positions the solver may visit per question before it answers "unknown".
    pub solver_nodes: u64,
    /// Seed of the engine's playouts.
    pub seed: u64,
}

impl Default for ReviewBudget {
    /// 2,000 playouts (level 5's budget), the solver two own moves deep with 30,000 nodes.
    fn default() -> Self {
        ReviewBudget {
            playouts: 2_000,
            solver_depth: 2,
            solver_nodes: 30_000,
            seed: 0x0A4A_15E5,
        }
    }
}

/// The evaluation of one move of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct PlyEval {
    /// The move's ply, 0 for the first move.
    pub ply: usize,
    /// The move.
    pub mv: Move,
    /// The colour the moving player holds at the end of the game (after a swap the first
    /// player holds White, also for the opening move).
    pub mover: Color,
    /// The mover's winning chance before the move, 0 to 1.
    pub before: f64,
    /// The mover's winning chance after it, 0 to 1.
    pub after: f64,
    /// The engine's (or solver's) move, when it differs from the move played.
    pub best: Option<Move>,
    /// Whether the position before the move was a proven win (`Some(true)`) or loss
    /// (`Some(false)`) for the mover.
    pub proven: Option<bool>,
    /// Whether the move gave a proven win away.
    pub lost_win: bool,
    /// The judgement, if the move is marked.
    pub mark: Option<Mark>,
}

impl PlyEval {
    /// The drop in the mover's winning chance, in points (0 to 100), as marks and accuracy
    /// count it: 0 for the engine's own move, at least [`BLUNDER`] for a proven win given
    /// away.
    #[must_use]
    pub fn drop_points(&self) -> f64 {
        if self.lost_win {
            return ((self.before - self.after) * 100.0).max(BLUNDER);
        }
        if self.best.is_none() {
            return 0.0;
        }
        ((self.before - self.after) * 100.0).max(0.0)
    }

    /// The move's accuracy, 0 to 100 (lichess's formula on the drop).
    #[must_use]
    pub fn accuracy(&self) -> f64 {
        move_accuracy(self.drop_points())
    }

    /// White's winning chance after the move (White as held at the end of the game), 0 to 1:
    /// the chart's value, the same whoever moved.
    #[must_use]
    pub fn white_after(&self) -> f64 {
        if self.mover == Color::White {
            self.after
        } else {
            1.0 - self.after
        }
    }

    /// White's winning chance before the move.
    #[must_use]
    pub fn white_before(&self) -> f64 {
        if self.mover == Color::White {
            self.before
        } else {
            1.0 - self.before
        }
    }
}

/// lichess's accuracy of a move that cost `drop` points of winning chance, 0 to 100.
#[must_use]
pub fn move_accuracy(drop: f64) -> f64 {
    (103.166_8 * (-0.043_54 * drop.max(0.0)).exp() - 3.166_9).clamp(0.0, 100.0)
}

/// The accuracy of `colour`'s moves: the mean of their accuracies, `None` if it made none.
#[must_use]
pub fn accuracy(evals: &[PlyEval], colour: Color) -> Option<f64> {
    let mine: Vec<f64> = evals
        .iter()
        .filter(|e| e.mover == colour)
        .map(PlyEval::accuracy)
        .collect();
    if mine.is_empty() {
        return None;
    }
    Some(mine.iter().sum::<f64>() / mine.len() as f64)
}

/// What was learnt about one position before a move.
struct Judged {
    /// The chance of the player to move, 0 to 1.
    chance: f64,
    /// The engine's or solver's move.
    best: Option<Move>,
    /// A proof, for the player to move.
    proven: Option<bool>,
    /// Whether the proof is the solver's (within its depth), not the engine's search.
    solver: bool,
}

/// Evaluates every move of the game that `moves` make from `start` under `rule`, within
/// `budget` per position, calling `progress(done, total)` after each position.
///
/// # Errors
///
/// The index and the reason of the first move that cannot be played.
///
/// # Examples
///
/// ```
/// use akron_ai::review::{analyse_game, ReviewBudget};
/// use akron_rules::{Position, WinRule};
/// let start = Position::start(4, 8)?;
/// let moves: Vec<akron_rules::Move> =
///     ["A1", "B2", "A2", "C3"].iter().map(|m| m.parse()).collect::<Result<_, _>>()?;
/// let budget = ReviewBudget { playouts: 100, ..ReviewBudget::default() };
/// let evals = analyse_game(&start, WinRule::Delayed, &moves, &budget, |_, _| {})
///     .map_err(|(i, e)| format!("move {i}: {e}"))?;
/// assert_eq!(evals.len(), 4);
/// assert!(evals.iter().all(|e| (0.0..=1.0).contains(&e.before)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn analyse_game(
    start: &Position,
    rule: WinRule,
    moves: &[Move],
    budget: &ReviewBudget,
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<PlyEval>, (usize, IllegalMove)> {
    // The games before each ply, and the one after the last.
    let mut games = Vec::with_capacity(moves.len() + 1);
    let mut game = Game::from_position(start.clone(), rule);
    games.push(game.clone());
    for (i, &mv) in moves.iter().enumerate() {
        game.play(mv).map_err(|e| (i, e))?;
        games.push(game.clone());
    }
    let swapped = game.swapped();
    let mut engine = Engine::new(EngineConfig {
        seed: budget.seed,
        ..EngineConfig::default()
    });
    let total = games.len();
    let mut judged: Vec<Option<Judged>> = Vec::with_capacity(total);
    for (i, g) in games.iter().enumerate() {
        judged.push(judge(g, &mut engine, budget));
        progress(i + 1, total);
    }
    let mut evals = Vec::with_capacity(moves.len());
    for (ply, &mv) in moves.iter().enumerate() {
        let here = &games[ply];
        let next = &games[ply + 1];
        let turn = here.turn();
        // The colour the mover holds at the end: the first player became White by the swap.
        let mover = if swapped && ply == 0 {
            Color::White
        } else if mv == Move::Swap {
            Color::Black
        } else {
            turn
        };
        let Some(before) = judged[ply].as_ref() else {
            continue;
        };
        let ended = next.outcome().filter(|_| !here.is_over());
        let mut after = match (ended, judged[ply + 1].as_ref()) {
            (Some(outcome), _) => match outcome.winner {
                Some(c) if c == turn => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
            (None, Some(j)) => 1.0 - j.chance,
            (None, None) => 0.5,
        };
        let mut lost_win = false;
        // Only the solver's proofs (within its depth) can be checked move by move.
        if before.solver && before.proven == Some(true) {
            let keeps = after >= 1.0
                || judged[ply + 1]
                    .as_ref()
                    .is_some_and(|j| j.proven == Some(false))
                || checks_answer(
                    here.position(),
                    rule,
                    budget.solver_depth,
                    mv,
                    budget.solver_nodes,
                ) == Some(true);
            if keeps {
                after = 1.0;
            } else {
                lost_win = true;
            }
        }
        let best = before.best.filter(|&b| b != mv);
        // The chance before is that of the best move, measured as the move played is: in
        // the position it makes, the opponent to move. Both then carry the same bias of a
        // playout estimate towards the side to move, and it cancels in the drop (comparing
        // the search of the position before, the mover to move, with the one after, the
        // opponent to move, marked most moves of 8 × 8 games by that bias alone).
        let chance_before = match (before.proven, best) {
            (Some(_), _) => before.chance,
            (None, None) => after,
            (None, Some(b)) => value_of_move(here, b, &mut engine, budget).unwrap_or(before.chance),
        };
        let mut eval = PlyEval {
            ply,
            mv,
            mover,
            before: chance_before,
            after,
            best,
            proven: before.proven,
            lost_win,
            mark: None,
        };
        eval.mark = if lost_win {
            Some(Mark::Blunder)
        } else {
            Mark::of_drop(eval.drop_points())
        };
        evals.push(eval);
    }
    Ok(evals)
}

/// The winning chance of the player to move in `game` after `mv`, measured as
/// [`analyse_game`] measures a move within `budget` (1, ½ or 0 when it ends the game, else 1
/// minus the opponent's chance in the position it makes, by the solver's proof or the
/// engine's search). `None` when `mv` cannot be played. It judges the answer to a "find the
/// best move" puzzle against the analysis's better move.
///
/// # Examples
///
/// ```
/// use akron_ai::review::{chance_of_move, ReviewBudget};
/// use akron_rules::{Game, Position, WinRule};
/// let game = Game::from_position(Position::start(4, 8)?, WinRule::Delayed);
/// let budget = ReviewBudget { playouts: 100, ..ReviewBudget::default() };
/// let chance = chance_of_move(&game, "B2".parse()?, &budget).ok_or("illegal")?;
/// assert!((0.0..=1.0).contains(&chance));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn chance_of_move(game: &Game, mv: Move, budget: &ReviewBudget) -> Option<f64> {
    let mut engine = Engine::new(EngineConfig {
        seed: budget.seed,
        ..EngineConfig::default()
    });
    value_of_move(game, mv, &mut engine, budget)
}

/// The chance of the player to move in `game` after playing `mv`: 1, ½ or 0 when it ends
/// the game, else 1 minus the opponent's chance in the position it makes. `None` when `mv`
/// cannot be played.
fn value_of_move(game: &Game, mv: Move, engine: &mut Engine, budget: &ReviewBudget) -> Option<f64> {
    let turn = game.turn();
    let mut next = game.clone();
    next.play(mv).ok()?;
    if let Some(outcome) = next.outcome() {
        return Some(match outcome.winner {
            Some(c) if c == turn => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        });
    }
    judge(&next, engine, budget).map(|j| 1.0 - j.chance)
}

/// The chance of the player to move in `game` and the best move: the solver's where it
/// proves something, the engine's otherwise. `None` once the game is over.
fn judge(game: &Game, engine: &mut Engine, budget: &ReviewBudget) -> Option<Judged> {
    if game.is_over() {
        return None;
    }
    // The solver knows nothing of the swap: the swap decision is the engine's.
    if !game.can_swap() {
        match solve_limited(
            game.position(),
            game.win_rule(),
            budget.solver_depth,
            budget.solver_nodes,
        ) {
            Proof::Win(line) => {
                return Some(Judged {
                    chance: 1.0,
                    best: line.first().copied(),
                    proven: Some(true),
                    solver: true,
                })
            }
            Proof::Loss => {
                return Some(Judged {
                    chance: 0.0,
                    best: None,
                    proven: Some(false),
                    solver: true,
                })
            }
            Proof::Unknown => {}
        }
    }
    match engine.best_move(game, Budget::playouts(budget.playouts)) {
        Ok(analysis) => Some(Judged {
            chance: analysis.winrate.clamp(0.0, 1.0),
            best: Some(analysis.best),
            proven: analysis.proven,
            solver: false,
        }),
        // No legal move: the rules end the game before that, so this is a lost position.
        Err(_) => Some(Judged {
            chance: 0.0,
            best: None,
            proven: Some(false),
            solver: false,
        }),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn marks_follow_the_thresholds() {
        assert_eq!(Mark::of_drop(9.9), None);
        assert_eq!(Mark::of_drop(10.0), Some(Mark::Inaccuracy));
        assert_eq!(Mark::of_drop(20.0), Some(Mark::Mistake));
        assert_eq!(Mark::of_drop(35.0), Some(Mark::Blunder));
        assert_eq!(Mark::from_name("mistake"), Some(Mark::Mistake));
        assert!((move_accuracy(0.0) - 100.0).abs() < 0.01);
        assert!(move_accuracy(10.0) > move_accuracy(20.0));
        assert_eq!(move_accuracy(200.0), 0.0);
    }
}
