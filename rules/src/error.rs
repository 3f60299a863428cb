//! Error types of the rules library.

use crate::color::Color;
use crate::point::{Point, MAX_SIZE, MIN_SIZE};
use std::fmt;

/// The most marbles a pile may hold.
pub const MAX_PILE: u16 = 1000;

/// A position that breaks a rule of RULES section 1 or 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The board side is outside 3 to 16.
    Size(u32),
    /// A pile holds more than 1000 marbles.
    Pile(Color, u32),
    /// A new game's pile is outside n to 1000.
    StartPile {
        /// Marbles asked for.
        pile: u16,
        /// Board side.
        size: u8,
    },
    /// A piece stands on a point the board does not have.
    OffBoard(Point),
    /// Two pieces on one point.
    Duplicate(Point),
    /// A piece above level 0 misses a support.
    Unsupported {
        /// The piece.
        point: Point,
        /// Its empty support.
        missing: Point,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Size(n) => {
                write!(
                    f,
                    "board size {n} is not supported (it must be {MIN_SIZE} to {MAX_SIZE})"
                )
            }
            PositionError::Pile(c, n) => {
                write!(
                    f,
                    "{}'s pile of {n} is too large (at most {MAX_PILE})",
                    c.title()
                )
            }
            PositionError::StartPile { pile, size } => write!(
                f,
                "a new {size} × {size} game starts with {size} to {MAX_PILE} marbles per player, not {pile}"
            ),
            PositionError::OffBoard(p) => write!(f, "{p} is not on the board"),
            PositionError::Duplicate(p) => write!(f, "{p} holds two pieces"),
            PositionError::Unsupported { point, missing } => {
                write!(
                    f,
                    "the piece on {point} is unsupported: {missing} below it is empty"
                )
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// Why a move cannot be played in a position. The position is left unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The point is outside the board.
    OffBoard(Point),
    /// The side to move has no marbles left to place.
    PileEmpty(Color),
    /// Marbles from the pile only go on level 0.
    PlaceAbove(Point),
    /// The destination already holds a piece.
    Occupied(Point),
    /// There is no piece on the source point.
    NoPiece(Point),
    /// The piece on the source point belongs to the opponent.
    NotYours(Point, Color),
    /// The piece holds up two or more marbles.
    HoldsUp(Point, u8),
    /// The piece is covered, so it has no connections.
    Covered(Point),
    /// The piece is connected to none of its colour.
    Alone(Point),
    /// A destination above level 0 misses a support.
    Unsupported {
        /// The destination.
        to: Point,
        /// Its empty support.
        missing: Point,
    },
    /// A support of the destination drops or moves during the move.
    SupportMoves {
        /// The destination.
        to: Point,
        /// The support in the chain.
        support: Point,
    },
    /// The destination touches no piece of the group that stays put.
    NotTouching {
        /// The destination.
        to: Point,
        /// The moving piece.
        from: Point,
    },
    /// Swap is only White's answer to the opening placement.
    Swap,
    /// The game is already over.
    GameOver,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::OffBoard(p) => write!(f, "{p} is not on the board"),
            IllegalMove::PileEmpty(c) => {
                write!(
                    f,
                    "{} has no marbles left to place; step a piece instead",
                    c.title()
                )
            }
            IllegalMove::PlaceAbove(p) => write!(
                f,
                "marbles from the pile go into level-0 holes; {p} is on level {}",
                p.level()
            ),
            IllegalMove::Occupied(p) => write!(f, "{p} is occupied"),
            IllegalMove::NoPiece(p) => write!(f, "there is no piece on {p}"),
            IllegalMove::NotYours(p, c) => write!(f, "the piece on {p} is {}'s", c.title()),
            IllegalMove::HoldsUp(p, n) => {
                let count = match n {
                    2 => "two",
                    3 => "three",
                    _ => "four",
                };
                write!(
                    f,
                    "the piece on {p} holds up {count} marbles; it may hold up at most one"
                )
            }
            IllegalMove::Covered(p) => {
                write!(
                    f,
                    "the piece on {p} is covered by an enemy piece, so it cannot move"
                )
            }
            IllegalMove::Alone(p) => write!(
                f,
                "the piece on {p} is not connected to any piece of its colour, so it cannot move"
            ),
            IllegalMove::Unsupported { to, missing } => {
                write!(f, "{to} is not supported: {missing} below it is empty")
            }
            IllegalMove::SupportMoves { to, support } => {
                write!(
                    f,
                    "{to} would lose its support {support}, which moves during the move"
                )
            }
            IllegalMove::NotTouching { to, from } => {
                write!(f, "{to} does not touch a piece connected to {from}")
            }
            IllegalMove::Swap => write!(
                f,
                "swap is only possible as White's answer to the first move"
            ),
            IllegalMove::GameOver => write!(f, "the game is over"),
        }
    }
}

impl std::error::Error for IllegalMove {}
