//! An Akron engine on top of `akron-rules`: search, proofs, levels, arenas and puzzles.
//!
//! - [`Engine`] runs Monte Carlo tree search with RAVE (all-moves-as-first values), MAST
//!   playouts (moves that won in earlier playouts are kept more often), an MCTS-Solver that
//!   backs up proven wins and losses, a transposition table keyed by
//!   [`akron_rules::Position::zobrist`], tree reuse between moves, root-parallel threads and
//!   a node cap. [`EngineConfig::plain_uct`] is the fixed baseline: plain UCT. [`Tuning`]
//!   holds the full search's constants: [`Tuning::BASELINE`] for levels 1–7,
//!   [`Tuning::STRONG`] (less exploration, playouts cut off and scored) for level 8.
//! - [`solve`] proves forced wins in at most N own moves under either win rule.
//! - [`Level`] maps playing levels 1–8 to search budgets.
//! - [`arena`] plays engines against each other and reports the Elo difference.
//! - [`review`] analyses a finished game: every move's winning chances, marks and accuracy.
//! - [`puzzles`] mines self-play games for positions with a forced win; [`puzzles::BANK`]
//!   is the shipped bank.
//!
//! The crate does no I/O and spawns threads only inside a search.
//!
//! # Examples
//!
//! ```
//! use akron_ai::{Budget, Engine, EngineConfig};
//! use akron_rules::{Position, WinRule};
//! let position = Position::from_code("5:b:12,12:5/5/5/5/5")?;
//! let mut engine = Engine::new(EngineConfig::default());
//! let analysis = engine.analyze(&position, WinRule::Delayed, Budget::playouts(300))?;
//! assert!(position.check(analysis.best).is_ok());
//! println!("{} {:.2} {:?}", analysis.best, analysis.winrate, analysis.pv);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod arena;
mod engine;
mod game;
mod level;
pub mod puzzles;
pub mod review;
mod solver;
mod tree;

pub use engine::{Analysis, Budget, Engine, EngineConfig, SearchError, Style, Tuning, MAX_TIME};
pub use level::{Level, LevelError};
pub use solver::{checks_answer, solve, solve_limited, winning_moves, Proof, DEFAULT_NODE_LIMIT};
