//! Validated positions: the board, the side to move and both piles.

use crate::bits::{Bits, GeometryTable};
use crate::board::{Board, Immobile, Levels, LEVELS};
use crate::color::{ByColor, Color};
use crate::error::{IllegalMove, PositionError, MAX_PILE};
use crate::moves::{Drop, Move, MoveEffect};
use crate::point::{Point, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};
use ethnum::U256;

/// A plain, not necessarily legal description of a position. Turn it into a [`Position`] with
/// [`Position::from_setup`], which checks every rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Board side, 3 to 16.
    pub size: u8,
    /// The side to move.
    pub turn: Color,
    /// Marbles left in each pile, 0 to 1000.
    pub piles: ByColor<u16>,
    /// Every piece on the board.
    pub pieces: Vec<(Point, Color)>,
}

impl Setup {
    /// An empty board of side `size` with the default piles, Black to move.
    #[must_use]
    pub fn empty(size: u8) -> Setup {
        let pile = default_pile(size);
        Setup {
            size,
            turn: Color::Black,
            piles: ByColor {
                black: pile,
                white: pile,
            },
            pieces: Vec::new(),
        }
    }
}

/// The default pile for a board side: ⌊n²/2⌋.
#[must_use]
pub fn default_pile(size: u8) -> u16 {
    let n = u16::from(size);
    n * n / 2
}

// Boxing the wide board would cost an allocation per copy of the common 8 × 8 case.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Inner {
    Small(Board<u64>),
    Large(Board<U256>),
}

/// Runs `$body` with `$b` bound to the board, whichever width it has.
macro_rules! with_board {
    ($position:expr, $b:ident => $body:expr) => {
        match &$position.inner {
            $crate::position::Inner::Small($b) => $body,
            $crate::position::Inner::Large($b) => $body,
        }
    };
}

/// As `with_board!`, mutably.
macro_rules! with_board_mut {
    ($position:expr, $b:ident => $body:expr) => {
        match &mut $position.inner {
            $crate::position::Inner::Small($b) => $body,
            $crate::position::Inner::Large($b) => $body,
        }
    };
}

pub(crate) use with_board;

/// A legal Akron position: every piece stands on the board and is supported, the size and the
/// piles are in range.
///
/// The only ways to get one are [`Position::start`], [`Position::from_setup`] and parsing a
/// position code (see [`crate::notation`]).
///
/// # Examples
///
/// ```
/// use akron_rules::{Move, Point, Position};
/// let mut position = Position::default();
/// assert_eq!(position.code(), "8:b:32,32:8/8/8/8/8/8/8/8");
/// position.play(Move::Place(Point::new(3, 2, 0)))?;
/// assert_eq!(position.code(), "8:w:31,32:8/8/8/8/8/3b4/8/8");
/// # Ok::<(), akron_rules::IllegalMove>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) inner: Inner,
}

impl Default for Position {
    /// The empty official 8 × 8 board with 32 marbles each, Black to move.
    fn default() -> Self {
        Position {
            inner: Inner::Small(Board::empty(
                DEFAULT_SIZE,
                Color::Black,
                ByColor {
                    black: 32,
                    white: 32,
                },
            )),
        }
    }
}

impl Position {
    /// The empty board of side `size` with `pile` marbles for each player, Black to move.
    ///
    /// # Errors
    ///
    /// When the size is outside 3 to 16 or the pile above 1000.
    pub fn start(size: u8, pile: u16) -> Result<Position, PositionError> {
        Position::from_setup(&Setup {
            size,
            turn: Color::Black,
            piles: ByColor {
                black: pile,
                white: pile,
            },
            pieces: Vec::new(),
        })
    }

    /// Checks a setup against every rule of RULES section 1 and 2.
    ///
    /// # Errors
    ///
    /// Names the first broken rule: size, pile, a point off the board, two pieces on one point,
    /// or an unsupported piece.
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&setup.size) {
            return Err(PositionError::Size(u32::from(setup.size)));
        }
        for c in Color::ALL {
            if setup.piles[c] > MAX_PILE {
                return Err(PositionError::Pile(c, u32::from(setup.piles[c])));
            }
        }
        let mut position = Position {
            inner: if setup.size <= 8 {
                Inner::Small(Board::empty(setup.size, setup.turn, setup.piles))
            } else {
                Inner::Large(Board::empty(setup.size, setup.turn, setup.piles))
            },
        };
        for &(p, c) in &setup.pieces {
            if !p.is_on(setup.size) {
                return Err(PositionError::OffBoard(p));
            }
            if position.piece(p).is_some() {
                return Err(PositionError::Duplicate(p));
            }
            with_board_mut!(position, b => b.put(p, Some(c)));
        }
        let mut pieces: Vec<Point> = setup.pieces.iter().map(|&(p, _)| p).collect();
        pieces.sort();
        for p in pieces {
            if let Some(supports) = p.supports() {
                if let Some(&missing) = supports.iter().find(|&&s| position.piece(s).is_none()) {
                    return Err(PositionError::Unsupported { point: p, missing });
                }
            }
        }
        Ok(position)
    }

    /// The plain description of this position.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            size: self.size(),
            turn: self.turn(),
            piles: self.piles(),
            pieces: self.pieces().collect(),
        }
    }

    /// Board side.
    #[must_use]
    pub fn size(&self) -> u8 {
        with_board!(self, b => b.size)
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        with_board!(self, b => b.turn)
    }

    /// Both piles.
    #[must_use]
    pub fn piles(&self) -> ByColor<u16> {
        with_board!(self, b => b.piles)
    }

    /// Number of levels that hold pieces (0 on an empty board).
    #[must_use]
    pub fn height(&self) -> u8 {
        with_board!(self, b => b.height)
    }

    /// The piece on `p`, if any. Points off the board are empty.
    #[must_use]
    pub fn piece(&self, p: Point) -> Option<Color> {
        if !p.is_on(self.size()) {
            return None;
        }
        with_board!(self, b => b.get(p))
    }

    /// Every piece, level by level from the bottom, each level bottom row first.
    pub fn pieces(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        Point::all(self.size()).filter_map(|p| self.piece(p).map(|c| (p, c)))
    }

    /// Number of pieces of `color` on the board.
    #[must_use]
    pub fn count(&self, color: Color) -> u32 {
        with_board!(self, b => b.count(color))
    }

    /// Whether every piece above level 0 rests on four pieces.
    #[must_use]
    pub fn all_supported(&self) -> bool {
        with_board!(self, b => b.all_supported())
    }

    /// Which colour spans (RULES section 3), if any.
    #[must_use]
    pub fn spanner(&self) -> Option<Color> {
        with_board!(self, b => b.spanner(&b.links()))
    }

    /// Whether `color` spans.
    #[must_use]
    pub fn spans(&self, color: Color) -> bool {
        with_board!(self, b => b.spans(&b.links(), color))
    }

    /// Every legal placement and step of the side to move, in a stable order: placements by
    /// hole, then steps by source and destination. Swap is a game matter, see
    /// [`crate::Game::legal_moves`].
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        with_board!(self, b => collect_moves(b))
    }

    /// Whether the side to move has any legal move.
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        with_board!(self, b => {
            if b.piles[b.turn] > 0 && !b.empty_holes().is_empty() {
                return true;
            }
            let (mut steps, mut groups) = (Vec::new(), Vec::new());
            b.step_counts(&b.links(), b.turn, &mut steps, &mut groups) > 0
        })
    }

    /// Where the piece on `from` may step, in point order.
    ///
    /// # Errors
    ///
    /// When `from` holds no piece of the side to move or that piece cannot move at all.
    pub fn destinations(&self, from: Point) -> Result<Vec<Point>, IllegalMove> {
        self.check_source(from)?;
        with_board!(self, b => {
            let dest = b.destinations(&b.links(), board_index(b, from), usize::from(from.level()))
                .map_err(|e| immobile(from, e))?;
            Ok(points_of(b, &dest))
        })
    }

    fn check_source(&self, from: Point) -> Result<(), IllegalMove> {
        if !from.is_on(self.size()) {
            return Err(IllegalMove::OffBoard(from));
        }
        match self.piece(from) {
            None => Err(IllegalMove::NoPiece(from)),
            Some(c) if c != self.turn() => Err(IllegalMove::NotYours(from, c)),
            Some(_) => Ok(()),
        }
    }

    /// Checks a move without playing it.
    ///
    /// # Errors
    ///
    /// Says why the move is illegal.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        match mv {
            Move::Swap => Err(IllegalMove::Swap),
            Move::Place(p) => {
                if !p.is_on(self.size()) {
                    return Err(IllegalMove::OffBoard(p));
                }
                if p.level() > 0 {
                    return Err(IllegalMove::PlaceAbove(p));
                }
                if self.piece(p).is_some() {
                    return Err(IllegalMove::Occupied(p));
                }
                if self.piles()[self.turn()] == 0 {
                    return Err(IllegalMove::PileEmpty(self.turn()));
                }
                Ok(())
            }
            Move::Step { from, to } => {
                self.check_source(from)?;
                if !to.is_on(self.size()) {
                    return Err(IllegalMove::OffBoard(to));
                }
                with_board!(self, b => {
                    let k = usize::from(from.level());
                    let index = board_index(b, from);
                    let chain = b.chain(index, k).map_err(|n| IllegalMove::HoldsUp(from, n))?;
                    let dest = b.destinations(&b.links(), index, k).map_err(|e| immobile(from, e))?;
                    if b.get(to).is_some() {
                        return Err(IllegalMove::Occupied(to));
                    }
                    if let Some(supports) = to.supports() {
                        if let Some(&missing) = supports.iter().find(|&&s| b.get(s).is_none()) {
                            return Err(IllegalMove::Unsupported { to, missing });
                        }
                        let in_chain = |s: Point| chain.points().iter().any(|&(i, l)| {
                            l == s.level() && i == board_index(b, s)
                        });
                        if let Some(&support) = supports.iter().find(|&&s| in_chain(s)) {
                            return Err(IllegalMove::SupportMoves { to, support });
                        }
                    }
                    if !dest[usize::from(to.level())].has(board_index(b, to)) {
                        return Err(IllegalMove::NotTouching { to, from });
                    }
                    Ok(())
                })
            }
        }
    }

    /// Plays a legal move and says what it did. An illegal move changes nothing.
    ///
    /// # Errors
    ///
    /// Says why the move is illegal.
    pub fn play(&mut self, mv: Move) -> Result<MoveEffect, IllegalMove> {
        self.check(mv)?;
        let before = self.analysis();
        let drops = self.play_unchecked(mv);
        let after = self.analysis();
        Ok(crate::connectivity::effect(drops, &before, &after))
    }

    /// Plays a legal move and returns only its drops: [`Position::play`] without the
    /// connection analysis before and after, for a replay that shows the drops and nothing
    /// of the links (a web page's move list). An illegal move changes nothing.
    ///
    /// # Errors
    ///
    /// Says why the move is illegal.
    pub fn play_for_drops(&mut self, mv: Move) -> Result<Vec<Drop>, IllegalMove> {
        self.check(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays a move without checking it and returns the drops. This is the fast path for search
    /// and perft.
    ///
    /// Playing an illegal move this way gives a position that may break the rules; only pass
    /// moves that came from [`Position::legal_moves`] or passed [`Position::check`].
    pub fn play_unchecked(&mut self, mv: Move) -> Vec<Drop> {
        with_board_mut!(self, b => match mv {
            Move::Swap => Vec::new(),
            Move::Place(p) => {
                b.place(board_index(b, p));
                Vec::new()
            }
            Move::Step { from, to } => {
                let before = *b;
                let chain = b.step(
                    (board_index(b, from), from.level()),
                    (board_index(b, to), to.level()),
                );
                drops_of(&before, chain.points())
            }
        })
    }

    /// The board while a step is under way: the piece on `from` lifted and its cascade fallen,
    /// before it lands. Used by the immediate win rule. The side to move is unchanged.
    #[must_use]
    pub fn lifted(&self, from: Point) -> Position {
        let mut position = self.clone();
        if from.is_on(self.size()) {
            with_board_mut!(position, b => {
                b.lift(board_index(b, from), usize::from(from.level()));
            });
        }
        position
    }

    /// Counts the leaves of the legal move tree to `depth` plies. Game ends are ignored: this
    /// tests move generation only.
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        with_board!(self, b => crate::playout::perft(b, depth))
    }
}

fn collect_moves<B: GeometryTable>(b: &Board<B>) -> Vec<Move> {
    let mut moves = Vec::new();
    if b.piles[b.turn] > 0 {
        moves.extend(
            b.empty_holes()
                .ones()
                .map(|i| Move::Place(Board::<B>::point(i, 0))),
        );
    }
    let mut steps = Vec::new();
    b.step_sets(&b.links(), b.turn, &mut steps);
    steps.sort_by_key(|s| Board::<B>::point(s.from.0, s.from.1));
    for set in &steps {
        let from = Board::<B>::point(set.from.0, set.from.1);
        moves.extend(
            points_of(b, &set.to)
                .into_iter()
                .map(|to| Move::Step { from, to }),
        );
    }
    moves
}

pub(crate) fn board_index<B: GeometryTable>(_: &Board<B>, p: Point) -> u32 {
    Board::<B>::index(p)
}

pub(crate) fn points_of<B: GeometryTable>(b: &Board<B>, set: &Levels<B>) -> Vec<Point> {
    let mut points = Vec::new();
    for (k, level) in set.iter().enumerate().take(usize::from(b.size).min(LEVELS)) {
        points.extend(level.ones().map(|i| Board::<B>::point(i, k as u8)));
    }
    points.sort();
    points
}

fn drops_of<B: GeometryTable>(before: &Board<B>, chain: &[(u32, u8)]) -> Vec<Drop> {
    chain
        .windows(2)
        .filter_map(|w| {
            let to = Board::<B>::point(w[0].0, w[0].1);
            let from = Board::<B>::point(w[1].0, w[1].1);
            before.get(from).map(|color| Drop { from, to, color })
        })
        .collect()
}

fn immobile(from: Point, why: Immobile) -> IllegalMove {
    match why {
        Immobile::HoldsUp(n) => IllegalMove::HoldsUp(from, n),
        Immobile::Covered => IllegalMove::Covered(from),
        Immobile::Alone => IllegalMove::Alone(from),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setup_rejects_an_unsupported_piece() {
        let mut setup = Setup::empty(4);
        setup.pieces.push((Point::new(0, 0, 1), Color::Black));
        assert_eq!(
            Position::from_setup(&setup),
            Err(PositionError::Unsupported {
                point: Point::new(0, 0, 1),
                missing: Point::new(0, 0, 0)
            })
        );
    }

    #[test]
    fn setup_rejects_sizes_and_piles_out_of_range() {
        assert_eq!(Position::start(2, 2), Err(PositionError::Size(2)));
        assert_eq!(Position::start(17, 2), Err(PositionError::Size(17)));
        assert_eq!(
            Position::start(8, 1001),
            Err(PositionError::Pile(Color::Black, 1001))
        );
        assert!(Position::start(16, 1000).is_ok());
    }

    #[test]
    fn setup_rejects_duplicates_and_off_board_points() {
        let mut setup = Setup::empty(3);
        setup.pieces.push((Point::new(3, 0, 0), Color::Black));
        assert_eq!(
            Position::from_setup(&setup),
            Err(PositionError::OffBoard(Point::new(3, 0, 0)))
        );
        setup.pieces = vec![
            (Point::new(1, 1, 0), Color::Black),
            (Point::new(1, 1, 0), Color::White),
        ];
        assert_eq!(
            Position::from_setup(&setup),
            Err(PositionError::Duplicate(Point::new(1, 1, 0)))
        );
    }

    #[test]
    fn the_start_has_only_placements() {
        let p = Position::default();
        assert_eq!(p.legal_moves().len(), 64);
        assert!(p.legal_moves().iter().all(|m| m.is_place()));
        let p = Position::start(16, 128).ok();
        assert_eq!(p.map(|p| p.legal_moves().len()), Some(256));
    }

    #[test]
    fn an_empty_pile_allows_no_placement() {
        let mut setup = Setup::empty(3);
        setup.piles.black = 0;
        let p = Position::from_setup(&setup).ok();
        assert_eq!(p.as_ref().map(Position::has_legal_move), Some(false));
        assert_eq!(
            p.map(|p| p.check(Move::Place(Point::new(0, 0, 0)))),
            Some(Err(IllegalMove::PileEmpty(Color::Black)))
        );
    }
}
