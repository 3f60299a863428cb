//! A puzzle as stored: its number, position and proven answer.

use super::{ChannelId, ServerId, User};
use akron_rules::WinRule;
use std::fmt;

/// A puzzle's number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PuzzleId(pub i64);

/// `#P3`... shown as `puzzle 3`.
impl fmt::Display for PuzzleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A stored puzzle: a position where the side to move wins by force, proven when posted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleRecord {
    /// Its number (0 before it is stored).
    pub id: PuzzleId,
    /// Where it was posted.
    pub channel: ChannelId,
    /// Who posted it; `None` for a daily puzzle from the bank.
    pub poster: Option<User>,
    /// The position code.
    pub code: String,
    /// The win rule.
    pub win_rule: WinRule,
    /// A title, possibly empty.
    pub title: String,
    /// Own moves the win takes.
    pub moves: u32,
    /// Whether only one first move wins.
    pub unique: bool,
    /// One winning line, the solver's, in canonical notation.
    pub solution: Vec<String>,
    /// Every first move that wins.
    pub first_moves: Vec<String>,
    /// The bank line it came from (daily puzzles).
    pub bank_line: Option<i64>,
    /// When it was posted, Unix seconds.
    pub created_at: i64,
    /// From when anyone may see the answer.
    pub reveal_at: i64,
    /// The server it was posted on, whose web pages show it; `None` outside a server and
    /// for puzzles posted before it was recorded (migration 0016).
    pub server: Option<ServerId>,
}
