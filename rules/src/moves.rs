//! Moves and what they do.

use crate::color::Color;
use crate::point::Point;
use std::fmt;

/// One turn's action (RULES section 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A marble from the pile onto an empty level-0 hole.
    Place(Point),
    /// One of the mover's pieces to another point, with its cascade.
    Step {
        /// Where the piece stands.
        from: Point,
        /// Where it goes.
        to: Point,
    },
    /// White's answer to the opening placement: the players exchange colours.
    Swap,
}

impl Move {
    /// The destination point of a placement or a step.
    #[must_use]
    pub const fn to(self) -> Option<Point> {
        match self {
            Move::Place(p) | Move::Step { to: p, .. } => Some(p),
            Move::Swap => None,
        }
    }

    /// The source point of a step.
    #[must_use]
    pub const fn from(self) -> Option<Point> {
        match self {
            Move::Step { from, .. } => Some(from),
            _ => None,
        }
    }

    /// Whether the move is a placement.
    #[must_use]
    pub const fn is_place(self) -> bool {
        matches!(self, Move::Place(_))
    }
}

/// Canonical notation: `F6`, `A2-D3'`, `swap`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(p) => write!(f, "{p}"),
            Move::Step { from, to } => write!(f, "{from}-{to}"),
            Move::Swap => f.write_str("swap"),
        }
    }
}

/// A marble that dropped one level in a cascade.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Drop {
    /// The point it stood on.
    pub from: Point,
    /// The point it fell into.
    pub to: Point,
    /// Its colour.
    pub color: Color,
}

impl fmt::Display for Drop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} dropped to {}",
            self.color.title(),
            self.from,
            self.to
        )
    }
}

/// How two touching pieces relate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LinkKind {
    /// Orthogonal neighbours on one level.
    Level,
    /// One piece rests on the other.
    Resting,
}

/// Whether a link between two same-coloured touching pieces carries connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LinkState {
    /// It connects.
    Live,
    /// A higher enemy link crosses it.
    Severed,
    /// One of its pieces is covered.
    Covered,
}

/// Two touching pieces of the same colour (RULES section 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Link {
    /// The lower or the west/south piece.
    pub a: Point,
    /// The other piece.
    pub b: Point,
    /// Their colour.
    pub color: Color,
    /// Level neighbours or resting.
    pub kind: LinkKind,
    /// Whether it is live.
    pub state: LinkState,
}

/// What a move did, for messages and drawings.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MoveEffect {
    /// Marbles that dropped in the cascade, lowest first.
    pub drops: Vec<Drop>,
    /// Pieces that the move covered.
    pub covered: Vec<Point>,
    /// Pieces that the move uncovered.
    pub uncovered: Vec<Point>,
    /// Links that the move severed.
    pub severed: Vec<Link>,
    /// Links that the move brought back to life.
    pub restored: Vec<Link>,
}
