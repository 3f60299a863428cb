//! What pairing reads and writes: entrants, played rounds with their results, and the points
//! and colour history each player has accumulated.
//!
//! "First" is the side that moves first (Black in Akron); pairing only speaks of first and
//! second. Every paired game counts as a meeting and as a colour, forfeits included: the game
//! existed in its thread even if one player never moved. A bye is not a game.

use std::collections::HashMap;
use std::fmt;

/// A player's id inside one tournament (the service maps it to a user).
pub type PlayerId = u32;

/// One player as pairing needs them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entrant {
    /// The player's id, unique in the tournament.
    pub id: PlayerId,
    /// Their rating when the tournament started; seeds round 1 and orders players on equal points.
    pub rating: f64,
    /// Withdrawn players are never paired again; their past results stand.
    pub withdrawn: bool,
}

impl Entrant {
    /// An active entrant.
    #[must_use]
    pub fn new(id: PlayerId, rating: f64) -> Entrant {
        Entrant {
            id,
            rating,
            withdrawn: false,
        }
    }
}

/// Who moves first or second in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Moves first (Black in Akron).
    First,
    /// Moves second.
    Second,
}

impl Side {
    /// The other side.
    #[must_use]
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// The first player won over the board.
    FirstWon,
    /// The second player won over the board.
    SecondWon,
    /// A draw.
    Draw,
    /// The first player forfeited (withdrew, never moved): the second scores a win.
    FirstForfeited,
    /// The second player forfeited: the first scores a win.
    SecondForfeited,
    /// Both forfeited: nobody scores.
    BothForfeited,
}

impl GameResult {
    /// The points the player on `side` scored.
    #[must_use]
    pub fn points(self, side: Side) -> Points {
        let first = match self {
            GameResult::FirstWon | GameResult::SecondForfeited => 2,
            GameResult::Draw => 1,
            GameResult::SecondWon | GameResult::FirstForfeited | GameResult::BothForfeited => 0,
        };
        let second = match self {
            GameResult::SecondWon | GameResult::FirstForfeited => 2,
            GameResult::Draw => 1,
            GameResult::FirstWon | GameResult::SecondForfeited | GameResult::BothForfeited => 0,
        };
        Points::from_halves(match side {
            Side::First => first,
            Side::Second => second,
        })
    }

    /// Whether the game was decided by a forfeit rather than played out.
    #[must_use]
    pub fn is_forfeit(self) -> bool {
        matches!(
            self,
            GameResult::FirstForfeited | GameResult::SecondForfeited | GameResult::BothForfeited
        )
    }
}

/// One game of a round; `result` is `None` until it ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    /// Moves first.
    pub first: PlayerId,
    /// Moves second.
    pub second: PlayerId,
    /// How it ended, once it has.
    pub result: Option<GameResult>,
}

impl Pairing {
    /// A game not played yet.
    #[must_use]
    pub fn new(first: PlayerId, second: PlayerId) -> Pairing {
        Pairing {
            first,
            second,
            result: None,
        }
    }

    /// The side `player` has in this game, if they play in it.
    #[must_use]
    pub fn side_of(&self, player: PlayerId) -> Option<Side> {
        if self.first == player {
            Some(Side::First)
        } else if self.second == player {
            Some(Side::Second)
        } else {
            None
        }
    }

    /// The opponent of `player` in this game, if they play in it.
    #[must_use]
    pub fn opponent_of(&self, player: PlayerId) -> Option<PlayerId> {
        match self.side_of(player)? {
            Side::First => Some(self.second),
            Side::Second => Some(self.first),
        }
    }
}

/// One round: its games in board order, and the player with the bye (who scores a win).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    /// The games, board 1 first.
    pub pairings: Vec<Pairing>,
    /// The player who sits out and scores a win, if the count was odd.
    pub bye: Option<PlayerId>,
}

impl Round {
    /// Whether every game of the round has a result.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.pairings.iter().all(|p| p.result.is_some())
    }
}

/// A score in half points, so that sums and comparisons are exact. Shown as `2½`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(u32);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);
    /// A win (or a bye).
    pub const WIN: Points = Points(2);

    /// Points from a count of half points.
    #[must_use]
    pub const fn from_halves(halves: u32) -> Points {
        Points(halves)
    }

    /// The count of half points.
    #[must_use]
    pub const fn halves(self) -> u32 {
        self.0
    }

    /// The value as a float (`2.5`).
    #[must_use]
    pub fn value(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0.saturating_add(other.0))
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        *self = *self + other;
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0 / 2, self.0 % 2) {
            (0, 1) => write!(f, "½"),
            (whole, 1) => write!(f, "{whole}½"),
            (whole, _) => write!(f, "{whole}"),
        }
    }
}

/// Why a round could not be paired or scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairingError {
    /// Two entrants share an id.
    DuplicateEntrant(PlayerId),
    /// A past round names a player who is not an entrant.
    UnknownPlayer(PlayerId),
    /// A past round has a player twice (two games, or a game and the bye).
    PlayedTwice {
        /// The player.
        player: PlayerId,
        /// The round, counted from 1.
        round: usize,
    },
    /// A game pairs a player with themselves.
    SelfPairing(PlayerId),
    /// Fewer than two players are still active.
    NotEnoughPlayers,
    /// Too many players or rounds for the exact weights pairing uses.
    TooLarge,
}

impl fmt::Display for PairingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairingError::DuplicateEntrant(id) => write!(f, "player {id} is entered twice"),
            PairingError::UnknownPlayer(id) => write!(f, "player {id} is not an entrant"),
            PairingError::PlayedTwice { player, round } => {
                write!(f, "player {player} appears twice in round {round}")
            }
            PairingError::SelfPairing(id) => write!(f, "player {id} is paired with themselves"),
            PairingError::NotEnoughPlayers => write!(f, "fewer than two players are active"),
            PairingError::TooLarge => write!(f, "too many players or rounds to pair"),
        }
    }
}

impl std::error::Error for PairingError {}

/// What one player has done so far: the summary pairing and standings work from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Record {
    /// Points, byes included.
    pub points: Points,
    /// Sides in the games played, oldest first.
    pub sides: Vec<Side>,
    /// Opponents met, oldest first (a player may appear twice in a double round robin).
    pub opponents: Vec<PlayerId>,
    /// Byes received.
    pub byes: u32,
}

impl Record {
    /// Games as first minus games as second.
    pub fn colour_difference(&self) -> i32 {
        self.sides.iter().fold(0, |d, s| match s {
            Side::First => d + 1,
            Side::Second => d - 1,
        })
    }

    /// Whether playing `side` next keeps the colour rules: never the same side three games in
    /// a row, and a colour difference within ±2.
    pub fn may_play(&self, side: Side) -> bool {
        let difference = self.colour_difference()
            + match side {
                Side::First => 1,
                Side::Second => -1,
            };
        let three_in_a_row =
            self.sides.len() >= 2 && self.sides[self.sides.len() - 2..] == [side, side];
        difference.abs() <= 2 && !three_in_a_row
    }

    /// The side this player should have next, and how strongly: 2 when the colour difference
    /// asks for it, 1 to alternate, 0 (no preference) before the first game.
    pub fn preference(&self) -> (Option<Side>, u8) {
        let difference = self.colour_difference();
        if difference > 0 {
            (Some(Side::Second), 2)
        } else if difference < 0 {
            (Some(Side::First), 2)
        } else if let Some(last) = self.sides.last() {
            (Some(last.other()), 1)
        } else {
            (None, 0)
        }
    }
}

/// Checks the entrants and the past rounds and sums up each entrant's record.
pub(crate) fn records(
    entrants: &[Entrant],
    history: &[Round],
) -> Result<HashMap<PlayerId, Record>, PairingError> {
    let mut records: HashMap<PlayerId, Record> = HashMap::with_capacity(entrants.len());
    for entrant in entrants {
        if records.insert(entrant.id, Record::default()).is_some() {
            return Err(PairingError::DuplicateEntrant(entrant.id));
        }
    }
    let mut seen_in_round: HashMap<PlayerId, usize> = HashMap::new();
    for (index, round) in history.iter().enumerate() {
        let number = index + 1;
        let mut mark = |player: PlayerId| -> Result<(), PairingError> {
            if !records.contains_key(&player) {
                return Err(PairingError::UnknownPlayer(player));
            }
            if seen_in_round.insert(player, number) == Some(number) {
                return Err(PairingError::PlayedTwice {
                    player,
                    round: number,
                });
            }
            Ok(())
        };
        for pairing in &round.pairings {
            if pairing.first == pairing.second {
                return Err(PairingError::SelfPairing(pairing.first));
            }
            mark(pairing.first)?;
            mark(pairing.second)?;
        }
        if let Some(bye) = round.bye {
            mark(bye)?;
        }
        for pairing in &round.pairings {
            for side in [Side::First, Side::Second] {
                let (player, opponent) = match side {
                    Side::First => (pairing.first, pairing.second),
                    Side::Second => (pairing.second, pairing.first),
                };
                if let Some(record) = records.get_mut(&player) {
                    record.sides.push(side);
                    record.opponents.push(opponent);
                    if let Some(result) = pairing.result {
                        record.points += result.points(side);
                    }
                }
            }
        }
        if let Some(record) = round.bye.and_then(|bye| records.get_mut(&bye)) {
            record.byes += 1;
            record.points += Points::WIN;
        }
    }
    Ok(records)
}

/// A well-mixed 64-bit hash (splitmix64), for the few seeded choices pairing makes.
pub(crate) fn mix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn points_show_halves() {
        assert_eq!(Points::from_halves(0).to_string(), "0");
        assert_eq!(Points::from_halves(1).to_string(), "½");
        assert_eq!(Points::from_halves(5).to_string(), "2½");
        assert_eq!(Points::from_halves(6).to_string(), "3");
    }

    #[test]
    fn records_sum_points_sides_and_byes() {
        let entrants: Vec<Entrant> = (1..=3).map(|id| Entrant::new(id, 1500.0)).collect();
        let history = vec![
            Round {
                pairings: vec![Pairing {
                    first: 1,
                    second: 2,
                    result: Some(GameResult::Draw),
                }],
                bye: Some(3),
            },
            Round {
                pairings: vec![Pairing {
                    first: 3,
                    second: 1,
                    result: Some(GameResult::FirstForfeited),
                }],
                bye: Some(2),
            },
        ];
        let records = records(&entrants, &history).unwrap();
        assert_eq!(records[&1].points, Points::from_halves(3));
        assert_eq!(records[&1].sides, vec![Side::First, Side::Second]);
        assert_eq!(records[&1].opponents, vec![2, 3]);
        assert_eq!(records[&2].points, Points::from_halves(3));
        assert_eq!(records[&3].points, Points::WIN);
        assert_eq!(records[&3].byes, 1);
    }

    #[test]
    fn bad_histories_are_refused() {
        let entrants: Vec<Entrant> = (1..=3).map(|id| Entrant::new(id, 1500.0)).collect();
        let twice = vec![Round {
            pairings: vec![Pairing::new(1, 2)],
            bye: Some(2),
        }];
        assert_eq!(
            records(&entrants, &twice),
            Err(PairingError::PlayedTwice {
                player: 2,
                round: 1
            })
        );
        let unknown = vec![Round {
            pairings: vec![Pairing::new(1, 9)],
            bye: None,
        }];
        assert_eq!(
            records(&entrants, &unknown),
            Err(PairingError::UnknownPlayer(9))
        );
        let duplicate = [Entrant::new(1, 1.0), Entrant::new(1, 2.0)];
        assert_eq!(
            records(&duplicate, &[]),
            Err(PairingError::DuplicateEntrant(1))
        );
    }

    #[test]
    fn colour_rules() {
        let record = Record {
            sides: vec![Side::First, Side::First],
            ..Record::default()
        };
        assert!(!record.may_play(Side::First));
        assert!(record.may_play(Side::Second));
        assert_eq!(record.preference(), (Some(Side::Second), 2));
        let record = Record {
            sides: vec![Side::First, Side::Second, Side::First, Side::First],
            ..Record::default()
        };
        assert!(!record.may_play(Side::First), "difference would be 3");
        let record = Record {
            sides: vec![Side::Second, Side::First],
            ..Record::default()
        };
        assert_eq!(record.preference(), (Some(Side::Second), 1));
    }
}
