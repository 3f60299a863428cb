//! The rules of Akron, Cameron Browne's 3D connection game.
//!
//! Marbles sit on an n × n grid of holes and stack into pyramids. Black connects the top and
//! bottom edges, White the left and right ones; links between marbles cross over and under
//! each other, and pulling out a support drops the marbles above it.
//!
//! - [`Point`], [`Color`] and [`ByColor`] are the small value types.
//! - [`Position`] is a validated position; [`Setup`] is its plain, unchecked description.
//! - [`Move`] is a placement, a step or a swap; [`notation`] reads and prints moves and
//!   position codes.
//! - [`Position::analysis`] explains covering, crossings, groups and spanning chains.
//! - [`Game`] adds the history, swap, repetition and the end of the game.
//! - [`Position::random_playout`] and [`Position::perft`] are the fast paths.
//!
//! The crate does no I/O. It follows the project's rules specification, `docs/specification.md`
//! in the repository; comments cite it as "RULES section N".
//!
//! # Examples
//!
//! ```
//! use akron_rules::{Game, GameOptions, Color};
//! let mut game = Game::new(GameOptions::new(8))?;
//! let report = game.play("D4".parse()?)?;
//! assert_eq!(report.mover, Color::Black);
//! assert_eq!(game.position().code(), "8:w:31,32:8/8/8/8/3b4/8/8/8");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bits;
mod board;
mod color;
mod connectivity;
mod error;
mod game;
mod moves;
pub mod notation;
mod playout;
mod point;
mod position;
mod zobrist;

pub use color::{ByColor, Color};
pub use connectivity::Analysis;
pub use error::{IllegalMove, PositionError, MAX_PILE};
pub use game::{Game, GameOptions, MoveReport, Outcome, Reason, WinRule};
pub use moves::{Drop, Link, LinkKind, LinkState, Move, MoveEffect};
pub use notation::{CodeError, ParseError};
pub use playout::{Playout, PlayoutPolicy, Uniform};
pub use point::{Point, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};
pub use position::{default_pile, Position, Setup};
