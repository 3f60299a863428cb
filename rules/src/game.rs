//! Games: options, history, swap, repetition and the end of the game (RULES sections 4.3 and 5).

use crate::color::Color;
use crate::error::{IllegalMove, PositionError};
use crate::moves::{Move, MoveEffect};
use crate::position::{default_pile, Position};
use std::fmt;
use std::str::FromStr;

/// When a connection wins (RULES section 5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum WinRule {
    /// A connection wins only if it survives the opponent's reply (official rules, pbmserv).
    #[default]
    Delayed,
    /// A connection wins at once, including one revealed while a piece is lifted
    /// (pbmserv `-nodelay`, the article's rules).
    Immediate,
}

impl WinRule {
    /// `delayed` or `immediate`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            WinRule::Delayed => "delayed",
            WinRule::Immediate => "immediate",
        }
    }
}

impl fmt::Display for WinRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for WinRule {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "delayed" => Ok(WinRule::Delayed),
            "immediate" => Ok(WinRule::Immediate),
            other => Err(format!("win rule '{other}' must be delayed or immediate")),
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A player spans (decided by the rules).
    Connection,
    /// The opponent has no legal move (decided by the rules).
    NoLegalMove,
    /// A position occurred for the third time (decided by the rules).
    Repetition,
    /// A player resigned.
    Resignation,
    /// The players agreed to a draw.
    Agreement,
    /// The game was called off.
    Abort,
    /// A player ran out of time.
    Timeout,
    /// A tournament's organiser (or a moderator) decided the game.
    Adjudication,
}

impl Reason {
    /// A short hyphenated name: `connection`, `no-moves`, `repetition`, `resignation`,
    /// `agreement`, `abort`, `timeout`, `adjudication`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Reason::Connection => "connection",
            Reason::NoLegalMove => "no-moves",
            Reason::Repetition => "repetition",
            Reason::Resignation => "resignation",
            Reason::Agreement => "agreement",
            Reason::Abort => "abort",
            Reason::Timeout => "timeout",
            Reason::Adjudication => "adjudication",
        }
    }

    /// Reads a name as printed by [`Reason::name`].
    #[must_use]
    pub fn from_name(name: &str) -> Option<Reason> {
        [
            Reason::Connection,
            Reason::NoLegalMove,
            Reason::Repetition,
            Reason::Resignation,
            Reason::Agreement,
            Reason::Abort,
            Reason::Timeout,
            Reason::Adjudication,
        ]
        .into_iter()
        .find(|r| r.name() == name)
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winning colour, or `None` for a draw (or an abort).
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: Reason,
}

impl Outcome {
    /// A win for `color`.
    #[must_use]
    pub const fn win(color: Color, reason: Reason) -> Outcome {
        Outcome {
            winner: Some(color),
            reason,
        }
    }

    /// A draw.
    #[must_use]
    pub const fn draw(reason: Reason) -> Outcome {
        Outcome {
            winner: None,
            reason,
        }
    }
}

/// `black wins connection`, `draw repetition`, `aborted`.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.winner, self.reason) {
            (None, Reason::Abort) => f.write_str("aborted"),
            (Some(c), r) => write!(f, "{c} wins {}", r.name()),
            (None, r) => write!(f, "draw {}", r.name()),
        }
    }
}

/// How a game is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameOptions {
    /// Board side, 3 to 16.
    pub size: u8,
    /// Marbles each player starts with, up to 1000.
    pub pile: u16,
    /// When a connection wins.
    pub win_rule: WinRule,
}

impl Default for GameOptions {
    fn default() -> Self {
        GameOptions {
            size: 8,
            pile: 32,
            win_rule: WinRule::Delayed,
        }
    }
}

impl GameOptions {
    /// Options for side `size` with the default pile ⌊n²/2⌋ and the delayed rule.
    #[must_use]
    pub fn new(size: u8) -> GameOptions {
        GameOptions {
            size,
            pile: default_pile(size),
            win_rule: WinRule::Delayed,
        }
    }
}

/// What one move did in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReport {
    /// The move's ply, 0 for the first move.
    pub ply: usize,
    /// The move.
    pub mv: Move,
    /// The colour that made it.
    pub mover: Color,
    /// Drops, covering and cuts.
    pub effect: MoveEffect,
    /// Set when the move ended the game.
    pub outcome: Option<Outcome>,
    /// Under the delayed rule, the colour whose connection now waits for the opponent's reply.
    pub pending: Option<Color>,
}

/// A game: options, history, repetition and outcome.
///
/// # Examples
///
/// ```
/// use akron_rules::{Game, GameOptions, Move};
/// let mut game = Game::new(GameOptions::new(5))?;
/// game.play("C3".parse()?)?;
/// assert!(game.legal_moves().contains(&Move::Swap));
/// game.play(Move::Swap)?;
/// assert!(game.swapped());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    win_rule: WinRule,
    start: Position,
    fresh_start: bool,
    position: Position,
    moves: Vec<Move>,
    since_placement: Vec<Position>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A new game on an empty board.
    ///
    /// # Errors
    ///
    /// When the size is outside 3 to 16 or the pile outside n to 1000.
    pub fn new(options: GameOptions) -> Result<Game, PositionError> {
        if options.pile < u16::from(options.size) && (3..=16).contains(&options.size) {
            return Err(PositionError::StartPile {
                pile: options.pile,
                size: options.size,
            });
        }
        Ok(Game::from_position(
            Position::start(options.size, options.pile)?,
            options.win_rule,
        ))
    }

    /// A game that starts from `position`, which counts as its first occurrence. Swap is
    /// possible only when the position is an empty board with Black to move (ply 0).
    #[must_use]
    pub fn from_position(position: Position, win_rule: WinRule) -> Game {
        let fresh_start = position.height() == 0 && position.turn() == Color::Black;
        Game {
            win_rule,
            start: position.clone(),
            fresh_start,
            since_placement: vec![position.clone()],
            position,
            moves: Vec::new(),
            outcome: None,
        }
    }

    /// Rebuilds a game by playing `moves` from `start`.
    ///
    /// # Errors
    ///
    /// The index and the reason of the first move that cannot be played.
    pub fn replay(
        start: Position,
        win_rule: WinRule,
        moves: &[Move],
    ) -> Result<Game, (usize, IllegalMove)> {
        let mut game = Game::from_position(start, win_rule);
        for (i, &mv) in moves.iter().enumerate() {
            game.play(mv).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The starting position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played so far.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The win rule.
    #[must_use]
    pub fn win_rule(&self) -> WinRule {
        self.win_rule
    }

    /// The colour to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.position.turn()
    }

    /// The result, once the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Whether the second player swapped.
    #[must_use]
    pub fn swapped(&self) -> bool {
        self.moves.get(1) == Some(&Move::Swap)
    }

    /// Whether swap is legal now: the game began on an empty board and Black has made only
    /// the opening placement.
    #[must_use]
    pub fn can_swap(&self) -> bool {
        self.outcome.is_none()
            && self.fresh_start
            && self.moves.len() == 1
            && self.moves[0].is_place()
    }

    /// Under the delayed rule, the colour whose connection waits for the reply.
    #[must_use]
    pub fn pending_connection(&self) -> Option<Color> {
        if self.outcome.is_some() || self.win_rule != WinRule::Delayed {
            return None;
        }
        let last_mover = self.turn().other();
        self.position.spans(last_mover).then_some(last_mover)
    }

    /// Every legal move, swap included when it is allowed. Empty once the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let mut moves = self.position.legal_moves();
        if self.can_swap() {
            moves.push(Move::Swap);
        }
        moves
    }

    /// Checks a move without playing it.
    ///
    /// # Errors
    ///
    /// Says why the move is illegal.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        match mv {
            Move::Swap if self.can_swap() => Ok(()),
            _ => self.position.check(mv),
        }
    }

    /// Plays a move, runs the end-of-game checks and reports what happened. An illegal move
    /// changes nothing.
    ///
    /// # Errors
    ///
    /// Says why the move is illegal.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, IllegalMove> {
        self.check(mv)?;
        let mover = self.turn();
        let ply = self.moves.len();
        if mv == Move::Swap {
            self.moves.push(mv);
            return Ok(MoveReport {
                ply,
                mv,
                mover,
                effect: MoveEffect::default(),
                outcome: None,
                pending: None,
            });
        }
        let opponent = mover.other();
        let in_flight = match mv {
            Move::Step { from, .. } if self.win_rule == WinRule::Immediate => {
                self.position.lifted(from).spanner()
            }
            _ => None,
        };
        let effect = self.position.play(mv)?;
        self.moves.push(mv);
        if mv.is_place() {
            self.since_placement.clear();
        }
        self.since_placement.push(self.position.clone());

        let connection = match self.win_rule {
            WinRule::Delayed => self.position.spans(opponent).then_some(opponent),
            WinRule::Immediate => in_flight.or_else(|| self.position.spanner()),
        };
        self.outcome = if let Some(winner) = connection {
            Some(Outcome::win(winner, Reason::Connection))
        } else if !self.position.has_legal_move() {
            Some(Outcome::win(mover, Reason::NoLegalMove))
        } else if self
            .since_placement
            .iter()
            .filter(|p| **p == self.position)
            .count()
            >= 3
        {
            Some(Outcome::draw(Reason::Repetition))
        } else {
            None
        };
        let pending = self.pending_connection();
        Ok(MoveReport {
            ply,
            mv,
            mover,
            effect,
            outcome: self.outcome,
            pending,
        })
    }

    /// Records a result decided outside the rules: resignation, agreement, abort, timeout.
    ///
    /// # Errors
    ///
    /// When the game is already over.
    pub fn decide(&mut self, outcome: Outcome) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        self.outcome = Some(outcome);
        Ok(())
    }

    /// Takes back the last `plies` moves (and any result), by replaying the rest.
    #[must_use]
    pub fn taken_back(&self, plies: usize) -> Game {
        let keep = self.moves.len().saturating_sub(plies);
        let mut game = Game::from_position(self.start.clone(), self.win_rule);
        game.fresh_start = self.fresh_start;
        for &mv in &self.moves[..keep] {
            // These moves were legal before, from the same start.
            if game.play(mv).is_err() {
                break;
            }
        }
        game
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::point::Point;

    fn mv(text: &str) -> Move {
        text.parse().unwrap_or(Move::Swap)
    }

    #[test]
    fn swap_is_only_legal_on_the_second_turn() {
        let mut game = Game::new(GameOptions::new(4))
            .unwrap_or_else(|_| Game::from_position(Position::default(), WinRule::Delayed));
        assert_eq!(game.check(Move::Swap), Err(IllegalMove::Swap));
        assert!(game.play(mv("B2")).is_ok());
        assert!(game.can_swap());
        let before = game.position().clone();
        assert!(game.play(Move::Swap).is_ok());
        assert_eq!(
            game.position(),
            &before,
            "the position after a swap is the position before it"
        );
        assert_eq!(game.turn(), Color::White);
        assert!(game.swapped());
        assert_eq!(game.check(Move::Swap), Err(IllegalMove::Swap));
        assert!(game.play(mv("C3")).is_ok());
        assert_eq!(game.check(Move::Swap), Err(IllegalMove::Swap));
    }

    #[test]
    fn a_new_game_needs_at_least_n_marbles() {
        let options = GameOptions {
            size: 5,
            pile: 4,
            win_rule: WinRule::Delayed,
        };
        assert_eq!(
            Game::new(options).err(),
            Some(PositionError::StartPile { pile: 4, size: 5 })
        );
        assert!(Game::new(GameOptions { pile: 5, ..options }).is_ok());
        assert!(Game::new(GameOptions {
            pile: 1000,
            ..options
        })
        .is_ok());
        assert!(Game::new(GameOptions {
            pile: 1001,
            ..options
        })
        .is_err());
    }

    #[test]
    fn a_game_from_a_code_cannot_swap() {
        let Ok(start) = Position::from_code("4:w:7,8:4/4/4/1b2") else {
            panic!("bad code")
        };
        let game = Game::from_position(start, WinRule::Delayed);
        assert!(!game.can_swap());
        assert_eq!(game.check(Move::Swap), Err(IllegalMove::Swap));
    }

    #[test]
    fn outcomes_print_as_the_cli_status() {
        assert_eq!(
            Outcome::win(Color::Black, Reason::Connection).to_string(),
            "black wins connection"
        );
        assert_eq!(
            Outcome::win(Color::White, Reason::NoLegalMove).to_string(),
            "white wins no-moves"
        );
        assert_eq!(
            Outcome::draw(Reason::Repetition).to_string(),
            "draw repetition"
        );
    }

    #[test]
    fn takeback_restores_the_earlier_position() {
        let mut game = Game::new(GameOptions::new(4))
            .unwrap_or_else(|_| Game::from_position(Position::default(), WinRule::Delayed));
        let _ = game.play(mv("A1"));
        let after_one = game.position().clone();
        let _ = game.play(mv("B1"));
        let back = game.taken_back(1);
        assert_eq!(back.position(), &after_one);
        assert_eq!(back.moves().len(), 1);
        assert!(back.can_swap());
        let _ = Point::new(0, 0, 0);
    }
}
