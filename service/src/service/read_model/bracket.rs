//! A knockout's bracket as notices, pictures and pages show it: every match of every round
//! with its players, seeds, games, score and how it was decided, and the final places. Read
//! from the stored pairings (one per match) and match games; decided by the pure
//! [`crate::tournament::knockout`] functions, never here.

use crate::db::{self, DbError, StoredMatchGame, StoredPairing, Tx};
use crate::model::TournamentFormat;
use crate::model::{GameId, KnockoutSettings, TournamentEntrant, TournamentRecord};
use crate::tournament::double::{self, Double, Part, Results};
use crate::tournament::knockout::{
    match_score, match_state, place_of_loser, Decided, MatchGame, MatchState, Seat,
};
use crate::tournament::{GameResult, Points};

/// A knockout's bracket.
#[derive(Clone, Debug, PartialEq)]
pub struct BracketDetail {
    /// The rounds the bracket has (the final is the last).
    pub rounds: u32,
    /// Games per match.
    pub best_of: u8,
    /// Every match paired so far, by round and board.
    pub matches: Vec<MatchDetail>,
    /// Once decided: each entrant's place (1 the winner; the losers of a round share one),
    /// best first, with their number.
    pub places: Vec<(u32, u32)>,
    /// A double elimination's shape (which bracket each round's boards belong to); `None`
    /// for single elimination.
    pub double: Option<Double>,
}

impl BracketDetail {
    /// The matches of round `round`, top to bottom.
    pub fn round(&self, round: u32) -> impl Iterator<Item = &MatchDetail> {
        self.matches.iter().filter(move |m| m.round == round)
    }

    /// The matches of one part of a double elimination (a bracket's round, the grand final or
    /// the reset), top to bottom.
    pub fn part(&self, part: Part) -> impl Iterator<Item = &MatchDetail> {
        self.matches.iter().filter(move |m| m.part == Some(part))
    }

    /// The last round `player` is paired in: where a withdrawal or a disqualification is
    /// shown, and not in the rounds they won before it.
    #[must_use]
    pub fn last_round_of(&self, player: u32) -> Option<u32> {
        self.matches
            .iter()
            .filter(|m| m.high == player || m.low == Some(player))
            .map(|m| m.round)
            .max()
    }
}

/// How a match stands or was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchEnd {
    /// Being played.
    Playing,
    /// The better seed had no opponent.
    Bye,
    /// Won over its games.
    Games,
    /// Level, then won in the extra game.
    ExtraGame,
    /// Level: the better seed advanced by the rule chosen at creation.
    HigherSeed,
    /// The other player withdrew or was disqualified.
    Walkover,
    /// Both players withdrew: nobody advances.
    NobodyLeft,
    /// Decided at the round's deadline: the player ahead, or the higher seed when level.
    Deadline,
}

/// One match of a bracket.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchDetail {
    /// Its round, from 1.
    pub round: u32,
    /// Its place in the round, top to bottom from 1.
    pub board: u32,
    /// The better seed, by entrant number.
    pub high: u32,
    /// The other, by entrant number; `None` for a bye.
    pub low: Option<u32>,
    /// Its games so far, in order.
    pub games: Vec<MatchGameDetail>,
    /// The score of its regular games: the better seed's, the other's.
    pub score: (Points, Points),
    /// Who advanced, once decided.
    pub winner: Option<u32>,
    /// How it stands.
    pub end: MatchEnd,
    /// In a double elimination: its bracket and that bracket's round, or the grand final or
    /// the reset; `None` in single elimination.
    pub part: Option<Part>,
}

/// One game of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchGameDetail {
    /// The game.
    pub game: GameId,
    /// Whether the better seed moved first.
    pub high_first: bool,
    /// Its result, once it ended.
    pub result: Option<GameResult>,
}

/// The bracket of a knockout from its stored pairings and games.
pub(super) fn bracket_detail(
    conn: &Tx<'_>,
    t: &TournamentRecord,
    k: KnockoutSettings,
    entrants: &[TournamentEntrant],
    stored: &[StoredPairing],
) -> Result<BracketDetail, DbError> {
    let games = db::match_games(conn, t.id)?;
    let by_deadline = db::deadline_matches(conn, t.id)?;
    let field = entrants.iter().filter(|e| e.seed.is_some()).count();
    let rounds = t
        .rounds
        .unwrap_or_else(|| crate::tournament::knockout::knockout_rounds(field));
    let shape = double_shape(t, k, entrants);
    let matches: Vec<MatchDetail> = stored
        .iter()
        .map(|row| {
            let mut m = MatchDetail {
                part: shape
                    .and_then(|d| d.place_of(row.round, row.board))
                    .map(|(part, _)| part),
                ..match_detail(k, row, &games)
            };
            if m.winner.is_some() && by_deadline.contains(&(row.round, row.board)) {
                m.end = MatchEnd::Deadline;
            }
            m
        })
        .collect();
    let places = match shape {
        Some(d) => d.places(&seed_list(entrants), &double_results(stored)),
        None => places(&matches, rounds),
    };
    Ok(BracketDetail {
        rounds,
        best_of: k.rules.best_of,
        places,
        matches,
        double: shape,
    })
}

/// One match from its pairing and its games.
fn match_detail(
    k: KnockoutSettings,
    row: &StoredPairing,
    games: &[StoredMatchGame],
) -> MatchDetail {
    let own: Vec<&StoredMatchGame> = games
        .iter()
        .filter(|g| g.round == row.round && g.board == row.board)
        .collect();
    let played: Vec<MatchGame> = own.iter().filter_map(|g| g.played()).collect();
    let high_won = matches!(
        row.result,
        Some(GameResult::FirstWon | GameResult::SecondForfeited)
    );
    let low_won = matches!(
        row.result,
        Some(GameResult::SecondWon | GameResult::FirstForfeited)
    );
    let end = match (row.second, row.result) {
        (_, None) => MatchEnd::Playing,
        (None, Some(_)) => MatchEnd::Bye,
        (Some(_), Some(GameResult::BothForfeited)) => MatchEnd::NobodyLeft,
        (Some(_), Some(GameResult::FirstForfeited | GameResult::SecondForfeited)) => {
            MatchEnd::Walkover
        }
        (Some(_), Some(_)) => match match_state(k.rules, &played, 0) {
            MatchState::Over {
                by: Decided::ExtraGame,
                ..
            } => MatchEnd::ExtraGame,
            MatchState::Over {
                by: Decided::HigherSeed,
                winner: Seat::High,
            } => MatchEnd::HigherSeed,
            // Adjudicated as a whole: the organiser's word, shown as won.
            _ => MatchEnd::Games,
        },
    };
    MatchDetail {
        round: row.round,
        board: row.board,
        high: row.first,
        low: row.second,
        games: own
            .iter()
            .map(|g| MatchGameDetail {
                game: g.game,
                high_first: g.high_first,
                result: g.result,
            })
            .collect(),
        score: match_score(k.rules, &played),
        winner: if high_won {
            Some(row.first)
        } else if low_won {
            row.second
        } else {
            None
        },
        end,
        part: None,
    }
}

/// A double elimination's shape from its field (the entrants seeded at the start); `None` for
/// single elimination.
pub(in crate::service) fn double_shape(
    t: &TournamentRecord,
    k: KnockoutSettings,
    entrants: &[TournamentEntrant],
) -> Option<Double> {
    (t.format == TournamentFormat::DoubleElimination).then(|| {
        let field = entrants.iter().filter(|e| e.seed.is_some()).count();
        Double::new(field, k.reset)
    })
}

/// The seed list, best first.
pub(in crate::service) fn seed_list(entrants: &[TournamentEntrant]) -> Vec<u32> {
    let mut seeded: Vec<&TournamentEntrant> =
        entrants.iter().filter(|e| e.seed.is_some()).collect();
    seeded.sort_by_key(|e| e.seed);
    seeded.iter().map(|e| e.player).collect()
}

/// The decided matches as the pure double elimination reads them.
pub(in crate::service) fn double_results(stored: &[StoredPairing]) -> Results {
    stored
        .iter()
        .filter(|p| p.result.is_some())
        .map(|p| {
            let winner = match p.result {
                Some(GameResult::FirstWon | GameResult::SecondForfeited) => Some(p.first),
                Some(GameResult::SecondWon | GameResult::FirstForfeited) => p.second,
                _ => None,
            };
            (
                (p.round, p.board),
                double::Decided {
                    high: p.first,
                    low: p.second,
                    winner,
                },
            )
        })
        .collect()
}

/// The places once the final is decided: the winner first, then the losers of each round
/// from the last, each round's sharing one place. Empty before.
fn places(matches: &[MatchDetail], rounds: u32) -> Vec<(u32, u32)> {
    let Some(champion) = matches
        .iter()
        .find(|m| m.round == rounds)
        .and_then(|m| m.winner)
    else {
        return Vec::new();
    };
    let mut places = vec![(1, champion)];
    for round in (1..=rounds).rev() {
        for m in matches.iter().filter(|m| m.round == round) {
            let loser = match m.winner {
                Some(w) if w == m.high => m.low,
                Some(_) => Some(m.high),
                None => None,
            };
            if let Some(loser) = loser {
                places.push((place_of_loser(round, rounds), loser));
            }
        }
    }
    places
}
