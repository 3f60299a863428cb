//! The engine: searches bounded by time or playouts, on one or more threads, with tree reuse,
//! the swap decision and a proof check for wins in one move.

use crate::solver::{solve_limited, Proof};
use crate::tree::{Flavour, Proven, Tree};
use akron_rules::{Game, Move, Position, WinRule};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::fmt;
use std::time::{Duration, Instant};

/// The longest search the engine accepts: longer budgets are cut to it.
pub const MAX_TIME: Duration = Duration::from_secs(10);

/// Which search an engine runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// MCTS with RAVE, MAST playouts, MCTS-Solver, a transposition table and a proof check
    /// for wins in one move.
    Full,
    /// Plain UCT, the fixed baseline: UCB1 with C = √2, uniformly random playouts, no RAVE, no
    /// solver, no table, no proof check.
    PlainUct,
}

/// The constants and optional features of the full search ([`Style::Full`]).
///
/// [`Tuning::BASELINE`] is the search of every level up to 2026-11-28 and stays the search of
/// levels 1 to 7; [`Tuning::STRONG`] is level 8's (and the arena's `full`). Each field of
/// `STRONG` that differs from `BASELINE` was kept because it won arena games against it
/// (`BENCHMARKS.md`, "A stronger top level").
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tuning {
    /// Weight of the exploration term `√(ln N / (n + 1))` of the selection.
    pub exploration: f32,
    /// RAVE bias `k` of `β = ñ / (ñ + n + k·n·ñ)`: the smaller, the longer the
    /// all-moves-as-first values weigh on a move.
    pub rave_bias: f32,
    /// Temperature of the Gibbs distribution over MAST averages in the playouts: the lower,
    /// the more often moves that won earlier playouts are kept.
    pub mast_temperature: f32,
    /// Plies a playout may last before it is cut off.
    pub playout_plies: u32,
    /// Whether a playout cut off at `playout_plies` is won by the side whose connected group
    /// covers the most rows (Black) or columns (White) of the board, instead of counting as
    /// a draw (a draw still when both cover as many).
    pub cutoff_score: bool,
    /// Whether the playouts also weigh a move by its average as a reply to the move before
    /// it (NST, the N-gram selection technique with pairs), half and half with its MAST
    /// average once the pair has been seen a few times.
    pub nst: bool,
}

impl Tuning {
    /// The search of every level up to 2026-11-28, unchanged.
    pub const BASELINE: Tuning = Tuning {
        exploration: 0.2,
        rave_bias: 0.02,
        mast_temperature: 0.6,
        playout_plies: 200,
        cutoff_score: false,
        nst: false,
    };

    /// Level 8's search: a quarter of the baseline's exploration, and playouts cut off at
    /// 100 plies and scored by reach. Screened at 250 ms a move against
    /// [`Tuning::BASELINE`] (60 games: exploration 0.05 alone 75 %, 0.1 alone 60 %, the
    /// cut-off alone 63 %; NST and a colder MAST lost) and measured at 1 s a move in
    /// `BENCHMARKS.md`.
    pub const STRONG: Tuning = Tuning {
        exploration: 0.05,
        cutoff_score: true,
        playout_plies: 100,
        ..Tuning::BASELINE
    };
}

impl Default for Tuning {
    /// [`Tuning::BASELINE`].
    fn default() -> Self {
        Tuning::BASELINE
    }
}

/// How an engine is set up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EngineConfig {
    /// The search.
    pub style: Style,
    /// Threads (root parallel: one tree each, their root statistics added up). At least 1.
    pub threads: usize,
    /// Nodes each tree may hold. At the cap the tree stops growing: simulations go on from
    /// its leaves and only refine what the tree already holds.
    pub max_nodes: usize,
    /// Edges (stored moves) each tree may hold, capped the same way.
    pub max_edges: usize,
    /// Seed of the random playouts; equal seeds and playout budgets give equal searches on
    /// one thread.
    pub seed: u64,
    /// Whether a proof check for a win in one own move runs before the search.
    pub win_check: bool,
    /// Percent of moves (0 to 100) played uniformly at random instead of searched, so that
    /// the lowest level is beatable. 0 in every configuration but level 1's.
    pub random_moves: u8,
    /// Constants and features of the full search.
    pub tuning: Tuning,
}

impl Default for EngineConfig {
    /// The full engine on one thread: 200,000 nodes and 3 million edges per tree (about
    /// 80 MB), with [`Tuning::BASELINE`].
    fn default() -> Self {
        EngineConfig {
            style: Style::Full,
            threads: 1,
            max_nodes: 200_000,
            max_edges: 3_000_000,
            seed: 0x00A1_5EED,
            win_check: true,
            random_moves: 0,
            tuning: Tuning::BASELINE,
        }
    }
}

impl EngineConfig {
    /// The plain UCT baseline with the default caps.
    #[must_use]
    pub fn plain_uct() -> EngineConfig {
        EngineConfig {
            style: Style::PlainUct,
            win_check: false,
            ..EngineConfig::default()
        }
    }
}

/// How long a search may run: it stops at whichever limit comes first. A budget without
/// limits runs one playout per root move. Time is capped at [`MAX_TIME`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Wall-clock time.
    pub time: Option<Duration>,
    /// Simulations, added up over the threads.
    pub playouts: Option<u64>,
}

impl Budget {
    /// A time budget.
    #[must_use]
    pub fn time(time: Duration) -> Budget {
        Budget {
            time: Some(time),
            playouts: None,
        }
    }

    /// A playout budget.
    #[must_use]
    pub fn playouts(playouts: u64) -> Budget {
        Budget {
            time: None,
            playouts: Some(playouts),
        }
    }
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The move the engine plays.
    pub best: Move,
    /// Estimated chance that the side to move wins after `best`, from 0 to 1 (1 or 0 when
    /// proven). After swap: the estimate for the side that swapped.
    pub winrate: f64,
    /// The principal variation, `best` first.
    pub pv: Vec<Move>,
    /// Simulations run (all threads).
    pub playouts: u64,
    /// `Some(true)` when `best` is a proven win, `Some(false)` when every move is a proven
    /// loss.
    pub proven: Option<bool>,
    /// Whether the search started from the tree of an earlier search.
    pub reused: bool,
}

/// Why the engine cannot move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The game is over.
    GameOver,
    /// The side to move has no legal move.
    NoLegalMove,
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SearchError::GameOver => "the game is over",
            SearchError::NoLegalMove => "the side to move has no legal move",
        })
    }
}

impl std::error::Error for SearchError {}

/// Nodes the one-move proof check may visit.
const WIN_CHECK_NODES: u64 = 20_000;

/// A search engine. It keeps its trees between calls, so asking it about the position after
/// its own move and the reply reuses what it learnt.
///
/// # Examples
///
/// ```
/// use akron_ai::{Budget, Engine, EngineConfig};
/// use akron_rules::{Game, GameOptions};
/// let game = Game::new(GameOptions::new(5))?;
/// let mut engine = Engine::new(EngineConfig::default());
/// let analysis = engine.best_move(&game, Budget::playouts(200))?;
/// assert!(game.check(analysis.best).is_ok());
/// assert!((0.0..=1.0).contains(&analysis.winrate));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Engine {
    config: EngineConfig,
    trees: Vec<Tree>,
    searches: u64,
}

impl Engine {
    /// An engine with no tree yet.
    #[must_use]
    pub fn new(config: EngineConfig) -> Engine {
        Engine {
            config: EngineConfig {
                threads: config.threads.max(1),
                ..config
            },
            trees: Vec::new(),
            searches: 0,
        }
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Forgets every tree.
    pub fn clear(&mut self) {
        self.trees.clear();
    }

    /// The move to play in `game` (swap included, when it is legal: the engine swaps when the
    /// opening favours the side that made it).
    ///
    /// # Errors
    ///
    /// When the game is over or the side to move has no legal move.
    pub fn best_move(&mut self, game: &Game, budget: Budget) -> Result<Analysis, SearchError> {
        if game.is_over() {
            return Err(SearchError::GameOver);
        }
        let mut analysis = self.analyze(game.position(), game.win_rule(), budget)?;
        if game.can_swap() {
            // After a swap the position stays and the opponent moves: the swapper's chances
            // are those of the opening player, 1 − the estimate for the side to move.
            let mover_chances = analysis.winrate;
            if mover_chances < 0.5 {
                analysis = Analysis {
                    best: Move::Swap,
                    winrate: 1.0 - mover_chances,
                    pv: vec![Move::Swap],
                    ..analysis
                };
            }
        }
        Ok(analysis)
    }

    /// The best move of the side to move in `position` under `rule` (swap is never
    /// considered), its win estimate and the principal variation.
    ///
    /// # Errors
    ///
    /// When the side to move has no legal move.
    pub fn analyze(
        &mut self,
        position: &Position,
        rule: WinRule,
        budget: Budget,
    ) -> Result<Analysis, SearchError> {
        let moves = position.legal_moves();
        if moves.is_empty() {
            return Err(SearchError::NoLegalMove);
        }
        if self.config.random_moves > 0 {
            let mut rng = SmallRng::seed_from_u64(self.config.seed ^ self.searches.rotate_left(17));
            if rng.random_range(0..100u8) < self.config.random_moves {
                self.searches += 1;
                let best = moves[rng.random_range(0..moves.len())];
                return Ok(Analysis {
                    best,
                    winrate: 0.5,
                    pv: vec![best],
                    playouts: 0,
                    proven: None,
                    reused: false,
                });
            }
        }
        if self.config.win_check {
            if let Proof::Win(line) = solve_limited(position, rule, 1, WIN_CHECK_NODES) {
                if let Some(&best) = line.first() {
                    return Ok(Analysis {
                        best,
                        winrate: 1.0,
                        pv: line,
                        playouts: 0,
                        proven: Some(true),
                        reused: false,
                    });
                }
            }
        }
        let start = Instant::now();
        let deadline = budget.time.map(|t| start + t.min(MAX_TIME));
        let deadline = Some(deadline.unwrap_or(start + MAX_TIME));
        let threads = self.config.threads;
        let flavour = Flavour {
            enhanced: self.config.style == Style::Full,
            tuning: self.config.tuning,
        };
        let playouts = budget
            .playouts
            .or(if budget.time.is_none() {
                Some(moves.len() as u64)
            } else {
                None
            })
            .map(|p| p.div_ceil(threads as u64).max(1));
        let (max_nodes, max_edges) = (self.config.max_nodes, self.config.max_edges);
        let mut reused = Vec::new();
        if self.trees.len() != threads {
            self.trees = (0..threads)
                .map(|_| Tree::new(position, rule, flavour, max_nodes, max_edges))
                .collect();
            reused = vec![false; threads];
        } else {
            for tree in &mut self.trees {
                reused.push(tree.set_root(position, rule));
            }
        }
        self.searches += 1;
        let seed = self.config.seed ^ self.searches.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let counts: Vec<u64> = if threads == 1 {
            let mut rng = SmallRng::seed_from_u64(seed);
            vec![run(&mut self.trees[0], &mut rng, playouts, deadline)]
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = self
                    .trees
                    .iter_mut()
                    .enumerate()
                    .map(|(i, tree)| {
                        scope.spawn(move || {
                            let mut rng = SmallRng::seed_from_u64(seed ^ (i as u64 + 1) << 32);
                            run(tree, &mut rng, playouts, deadline)
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap_or(0)).collect()
            })
        };
        Ok(self.summarise(counts.iter().sum(), reused.iter().any(|&r| r), moves[0]))
    }

    /// Adds up the root statistics of the trees and picks the move.
    fn summarise(&self, playouts: u64, reused: bool, fallback: Move) -> Analysis {
        let mut total: Vec<(Move, u64, f64, Proven)> = Vec::new();
        for tree in &self.trees {
            for (i, (mv, visits, wins, proven)) in tree.root_stats().into_iter().enumerate() {
                if total.len() <= i {
                    total.push((mv, 0, 0.0, Proven::Unknown));
                }
                let entry = &mut total[i];
                entry.1 += u64::from(visits);
                entry.2 += f64::from(wins);
                if proven != Proven::Unknown {
                    entry.3 = proven;
                }
            }
        }
        let pick = |filter: &dyn Fn(Proven) -> bool| {
            total
                .iter()
                .filter(|t| filter(t.3))
                .max_by(|a, b| {
                    a.1.cmp(&b.1)
                        .then(a.2.partial_cmp(&b.2).unwrap_or(std::cmp::Ordering::Equal))
                })
                .cloned()
        };
        let (best, visits, wins, proven) = pick(&|p| p == Proven::MoverWins)
            .or_else(|| pick(&|p| p != Proven::MoverLoses))
            .or_else(|| pick(&|_| true))
            .unwrap_or((fallback, 0, 0.0, Proven::Unknown));
        let (winrate, proven) = match proven {
            Proven::MoverWins => (1.0, Some(true)),
            Proven::MoverLoses => (0.0, Some(false)),
            Proven::Unknown if visits > 0 => (wins / visits as f64, None),
            Proven::Unknown => (0.5, None),
        };
        let pv = self
            .trees
            .iter()
            .max_by_key(|t| t.len())
            .map_or_else(|| vec![best], |t| t.principal_variation(best, 12));
        Analysis {
            best,
            winrate,
            pv,
            playouts,
            proven,
            reused,
        }
    }
}

/// Runs simulations on one tree until the budget is spent or the root is proven.
fn run(
    tree: &mut Tree,
    rng: &mut SmallRng,
    playouts: Option<u64>,
    deadline: Option<Instant>,
) -> u64 {
    let mut done = 0u64;
    loop {
        if playouts.is_some_and(|p| done >= p) {
            break;
        }
        // The first simulation always runs: it expands the root.
        if done > 0 && done % 16 == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        if tree.root_moves() > 0 && tree.nodes[tree.root as usize].proven != Proven::Unknown {
            break;
        }
        tree.simulate(rng);
        done += 1;
    }
    done
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::game::play;
    use akron_rules::Color;
    use rand::Rng;

    /// Brute force: whether the side to move wins within `plies` (no table, no pruning).
    fn wins_within(position: &Position, rule: WinRule, attacker: Color, plies: u32) -> bool {
        let outcomes = position.legal_moves().into_iter().map(|mv| {
            let (next, winner) = play(position, mv, rule);
            match winner {
                Some(c) => c == attacker,
                None => plies > 1 && wins_within(&next, rule, attacker, plies - 1),
            }
        });
        if position.turn() == attacker {
            outcomes.into_iter().any(|w| w)
        } else {
            let mut any = false;
            for w in outcomes {
                if !w {
                    return false;
                }
                any = true;
            }
            any
        }
    }

    /// Random 3 × 3 and 4 × 4 positions whose value brute force decides: where the side to
    /// move has a forced win in one own move, the search alone (no proof check before it)
    /// proves a win and plays a winning move.
    #[test]
    fn the_mcts_solver_proves_small_wins_found_by_brute_force() {
        proves_small_wins(Tuning::BASELINE);
    }

    /// The same with level 8's tuning: less exploration and cut-off playouts still prove
    /// every small win.
    #[test]
    fn the_strong_tuning_still_proves_small_wins_found_by_brute_force() {
        proves_small_wins(Tuning::STRONG);
    }

    fn proves_small_wins(tuning: Tuning) {
        let mut rng = SmallRng::seed_from_u64(21);
        let mut proven = 0;
        for game in 0..60 {
            let size = if game % 3 == 0 { 4 } else { 3 };
            let rule = if game % 2 == 0 {
                WinRule::Delayed
            } else {
                WinRule::Immediate
            };
            let mut p = Position::start(size, u16::from(size) + 2).unwrap();
            for _ in 0..rng.random_range(2..12) {
                let moves = p.legal_moves();
                let mv = moves[rng.random_range(0..moves.len())];
                let (next, winner) = play(&p, mv, rule);
                if winner.is_some() || !next.has_legal_move() {
                    break;
                }
                p = next;
            }
            let plies = if rule == WinRule::Delayed { 2 } else { 1 };
            if !wins_within(&p, rule, p.turn(), plies) {
                continue;
            }
            let mut engine = Engine::new(EngineConfig {
                win_check: false,
                tuning,
                ..EngineConfig::default()
            });
            let analysis = engine.analyze(&p, rule, Budget::playouts(4000)).unwrap();
            assert_eq!(analysis.proven, Some(true), "{} {rule}", p.code());
            assert_eq!(analysis.winrate, 1.0);
            // The search may prove a slower win than the one brute force found; the solver
            // (checked against brute force in its own tests) confirms it.
            let wins = crate::solver::checks_answer(&p, rule, 4, analysis.best, 5_000_000);
            assert_eq!(
                wins,
                Some(true),
                "{} does not win in {}",
                analysis.best,
                p.code()
            );
            proven += 1;
        }
        assert!(proven >= 5, "only {proven} positions had a win");
    }

    /// The baseline of the stronger level 8 is the search level 8 ran before it: the same
    /// seed and playout budget give the same moves, estimates (to the bit), principal
    /// variations and tree reuse as level 8's code of 2026-11-28 (main at ae59a2c) gave.
    #[test]
    fn the_baseline_searches_as_level_eight_did_before_the_stronger_top_level() {
        let mut p = Position::start(8, 32).unwrap();
        let mut rng = SmallRng::seed_from_u64(20_261_128);
        for _ in 0..12 {
            let moves = p.legal_moves();
            p.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        assert_eq!(p.code(), "8:b:26,27:7b/3w3b/8/8/4bw2/8/4wwb1/2bbw3");
        let mut engine = crate::arena::Player::Baseline8.engine(1, 8);
        assert_eq!(engine.config().tuning, Tuning::BASELINE);
        let line = |a: &Analysis| a.pv.iter().map(ToString::to_string).collect::<Vec<_>>();
        let first = engine
            .analyze(&p, WinRule::Delayed, Budget::playouts(3_000))
            .unwrap();
        assert_eq!(first.best.to_string(), "H3");
        assert_eq!(first.playouts, 3_000);
        assert_eq!(first.winrate.to_bits(), 4_603_641_853_055_229_282);
        assert_eq!(line(&first), ["H3", "D5", "D2"]);
        assert!(!first.reused);
        p.play_unchecked(first.best);
        let reply = p.legal_moves()[0];
        p.play_unchecked(reply);
        let second = engine
            .analyze(&p, WinRule::Delayed, Budget::playouts(3_000))
            .unwrap();
        assert_eq!(second.best.to_string(), "F6");
        assert_eq!(second.playouts, 3_000);
        assert_eq!(second.winrate.to_bits(), 4_603_747_114_898_209_216);
        assert_eq!(line(&second), ["F6", "E7", "B1", "F1"]);
        assert!(second.reused);
    }

    #[test]
    fn random_moves_are_legal_and_not_searched() {
        let mut engine = Engine::new(EngineConfig {
            random_moves: 100,
            ..EngineConfig::default()
        });
        let p = Position::start(5, 12).unwrap();
        let mut seen = std::collections::HashSet::new();
        for _ in 0..20 {
            let analysis = engine
                .analyze(&p, WinRule::Delayed, Budget::playouts(500))
                .unwrap();
            assert!(p.check(analysis.best).is_ok());
            assert_eq!(analysis.playouts, 0);
            seen.insert(analysis.best);
        }
        assert!(seen.len() > 5, "{} different moves", seen.len());
    }

    #[test]
    fn a_budget_without_limits_still_moves_and_the_node_cap_holds() {
        let mut engine = Engine::new(EngineConfig {
            max_nodes: 50,
            max_edges: 2_000,
            ..EngineConfig::default()
        });
        let p = Position::start(5, 12).unwrap();
        let analysis = engine
            .analyze(&p, WinRule::Delayed, Budget::playouts(2_000))
            .unwrap();
        assert!(p.check(analysis.best).is_ok());
        assert_eq!(analysis.playouts, 2_000);
        assert!(engine.trees.iter().all(|t| t.len() <= 50));
        let analysis = engine
            .analyze(&p, WinRule::Delayed, Budget::default())
            .unwrap();
        assert!(analysis.playouts >= 1);
        // No time at all still gives a legal move.
        let analysis = engine
            .analyze(&p, WinRule::Delayed, Budget::time(Duration::ZERO))
            .unwrap();
        assert!(p.check(analysis.best).is_ok());
    }

    #[test]
    fn the_engine_swaps_only_on_the_second_ply() {
        let mut game = akron_rules::Game::new(akron_rules::GameOptions::new(4)).unwrap();
        let mut engine = Engine::new(EngineConfig::default());
        let first = engine.best_move(&game, Budget::playouts(200)).unwrap();
        assert_ne!(first.best, Move::Swap);
        game.play(first.best).unwrap();
        let second = engine.best_move(&game, Budget::playouts(200)).unwrap();
        assert!(game.check(second.best).is_ok());
    }
}
