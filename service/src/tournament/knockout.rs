//! Knockout (single elimination) brackets and their matches, as pure functions of the seeds
//! and the results, like a Swiss round: the service stores seeds and results and calls these.
//!
//! **Seeding.** Seeds are numbered from 1 (the best). By rating: highest rating first, equal
//! ratings by entrant number (the order of joining), so the same entrants always give the same
//! list. At random: a shuffle by ChaCha8 from a seed the service stores, so the draw can be
//! made again from the database.
//!
//! **The bracket** has room for the next power of two; the empty places are byes and go to the
//! top seeds. Positions follow the standard seeding order (1 v 16, 8 v 9, 4 v 13, 5 v 12, ...):
//! each first-round match's seeds add up to the bracket's size plus one, and if the better seed
//! always wins, seeds 1 and 2 meet only in the final, 1 to 4 only in the semi-finals.
//!
//! **A match** is best of 1, 3, 5 or 7 games. The better seed ("high") moves first in its
//! games 1, 3, 5, 7, the other in games 2, 4, 6. A match is decided as soon as one side cannot
//! be caught (a win 1 point, a draw ½, a forfeit a win for the other side, an abort nothing).
//! When all its games are played level, the rule chosen at creation decides: the better seed
//! advances, or one extra game is played with the first move drawn by lot (from the
//! tournament's seed, the round and the match); if that game too is drawn, the better seed
//! advances.

use super::pairing::{Entrant, GameResult, PlayerId, Points, Side};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::collections::HashMap;

/// The numbers of games a match may be played over.
pub const BEST_OF: [u8; 4] = [1, 3, 5, 7];

/// How a match whose games are all played ends when it is level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieRule {
    /// One extra game, the first move drawn by lot; drawn again, the better seed advances.
    ExtraGame,
    /// The better seed advances.
    HigherSeed,
}

impl TieRule {
    /// The stored name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            TieRule::ExtraGame => "extra-game",
            TieRule::HigherSeed => "higher-seed",
        }
    }

    /// The rule with this stored (or typed) name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<TieRule> {
        match name.trim().to_ascii_lowercase().as_str() {
            "extra-game" | "extra" | "game" => Some(TieRule::ExtraGame),
            "higher-seed" | "seed" | "higher" => Some(TieRule::HigherSeed),
            _ => None,
        }
    }
}

/// How a match is played: over how many games, and what a level match does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchRules {
    /// 1, 3, 5 or 7.
    pub best_of: u8,
    /// What decides a level match.
    pub tie: TieRule,
}

impl MatchRules {
    /// The rules, if `best_of` is one of [`BEST_OF`].
    #[must_use]
    pub fn new(best_of: u8, tie: TieRule) -> Option<MatchRules> {
        BEST_OF
            .contains(&best_of)
            .then_some(MatchRules { best_of, tie })
    }
}

/// The number of places in a bracket for `players` entrants: the next power of two (at least 2).
#[must_use]
pub fn bracket_size(players: usize) -> usize {
    players.max(2).next_power_of_two()
}

/// The number of rounds a knockout of `players` entrants takes.
#[must_use]
pub fn knockout_rounds(players: usize) -> u32 {
    bracket_size(players).trailing_zeros()
}

/// The standard seeding order of a bracket of `size` places (a power of two): the seed number
/// at each position, top to bottom. `[1, 4, 2, 3]` for 4; `[1, 8, 4, 5, 2, 7, 3, 6]` for 8.
#[must_use]
pub fn seeding_order(size: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < size {
        let next = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, next + 1 - s]).collect();
    }
    order
}

/// The seed list by rating: highest first, equal ratings by entrant number. Withdrawn entrants
/// are left out.
#[must_use]
pub fn seed_by_rating(entrants: &[Entrant]) -> Vec<PlayerId> {
    let mut active: Vec<&Entrant> = entrants.iter().filter(|e| !e.withdrawn).collect();
    active.sort_by(|a, b| b.rating.total_cmp(&a.rating).then(a.id.cmp(&b.id)));
    active.iter().map(|e| e.id).collect()
}

/// The seed list drawn at random from `seed` (the same seed, the same list). Withdrawn entrants
/// are left out.
#[must_use]
pub fn seed_at_random(entrants: &[Entrant], seed: u64) -> Vec<PlayerId> {
    let mut ids: Vec<PlayerId> = entrants
        .iter()
        .filter(|e| !e.withdrawn)
        .map(|e| e.id)
        .collect();
    ids.sort_unstable();
    // ChaCha8 is documented as reproducible from its seed on every platform and version.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    ids.shuffle(&mut rng);
    ids
}

/// The seed list with the organiser's own seeds in place: each `(player, seed)` of `fixed`
/// (seed from 1) takes that place, or the next free one below it (the last place for a seed
/// past the field), in the order of the seeds asked; everyone else fills the places left in
/// the order of `drawn` (by rating, or at random).
#[must_use]
pub fn with_fixed_seeds(drawn: &[PlayerId], fixed: &[(PlayerId, u32)]) -> Vec<PlayerId> {
    let count = drawn.len();
    let mut places: Vec<Option<PlayerId>> = vec![None; count];
    let mut asked: Vec<(u32, usize, PlayerId)> = fixed
        .iter()
        .filter_map(|&(p, seed)| Some((seed, drawn.iter().position(|&d| d == p)?, p)))
        .collect();
    asked.sort_unstable();
    for (seed, _, player) in asked {
        // A player named twice keeps the better seed.
        if places.contains(&Some(player)) {
            continue;
        }
        let want = (seed.max(1) as usize - 1).min(count.saturating_sub(1));
        let free = (want..count)
            .chain((0..want).rev())
            .find(|&i| places[i].is_none());
        if let Some(i) = free {
            places[i] = Some(player);
        }
    }
    let placed: Vec<PlayerId> = places.iter().flatten().copied().collect();
    let mut rest = drawn.iter().filter(|p| !placed.contains(p));
    places
        .into_iter()
        .map(|place| place.or_else(|| rest.next().copied()))
        .collect::<Option<Vec<_>>>()
        .unwrap_or_else(|| drawn.to_vec())
}

/// One match of a bracket: the better seed and the other (`None`: a bye, the better seed goes
/// through without playing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pair {
    /// The better seed.
    pub high: PlayerId,
    /// The other seed; `None` for a bye.
    pub low: Option<PlayerId>,
}

/// Round 1 of a bracket from the seed list (best first): its matches top to bottom, byes
/// (against the top seeds) included.
#[must_use]
pub fn first_round(seeds: &[PlayerId]) -> Vec<Pair> {
    let order = seeding_order(bracket_size(seeds.len()));
    order
        .chunks(2)
        .filter_map(|pair| {
            let (a, b) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
            let high = *seeds.get(a - 1)?;
            Some(Pair {
                high,
                low: seeds.get(b - 1).copied(),
            })
        })
        .collect()
}

/// The next round from the winners of a round, top to bottom (`None`: a match both of whose
/// players withdrew): the winners of matches 1 and 2 meet, then those of 3 and 4, and so on;
/// the better seed (by `seeds`, best first) is high. A winner without an opponent has a bye;
/// two empty places make no match (`None`).
#[must_use]
pub fn next_round(winners: &[Option<PlayerId>], seeds: &[PlayerId]) -> Vec<Option<Pair>> {
    let rank: HashMap<PlayerId, usize> = seeds.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let rank_of = |p: PlayerId| rank.get(&p).copied().unwrap_or(usize::MAX);
    winners
        .chunks(2)
        .map(|pair| {
            let a = pair.first().copied().flatten();
            let b = pair.get(1).copied().flatten();
            match (a, b) {
                (Some(a), Some(b)) if rank_of(b) < rank_of(a) => Some(Pair {
                    high: b,
                    low: Some(a),
                }),
                (Some(a), Some(b)) => Some(Pair {
                    high: a,
                    low: Some(b),
                }),
                (Some(one), None) | (None, Some(one)) => Some(Pair {
                    high: one,
                    low: None,
                }),
                (None, None) => None,
            }
        })
        .collect()
}

/// One game of a match: which side moved first, and how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchGame {
    /// Whether the better seed moved first.
    pub high_first: bool,
    /// The result, first and second as in the game.
    pub result: GameResult,
}

impl MatchGame {
    /// The better seed's points and the other's.
    #[must_use]
    pub fn points(self) -> (Points, Points) {
        let (high, low) = if self.high_first {
            (Side::First, Side::Second)
        } else {
            (Side::Second, Side::First)
        };
        (self.result.points(high), self.result.points(low))
    }
}

/// Who of a match: the better seed or the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// The better seed.
    High,
    /// The other.
    Low,
}

/// What decided a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decided {
    /// Its games.
    Games,
    /// The extra game after a level match.
    ExtraGame,
    /// Level after its games (and an extra game, if the rule has one): the better seed.
    HigherSeed,
}

/// Where a match stands after the games it has had.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchState {
    /// Another game is to be played.
    Play {
        /// Whether the better seed moves first in it.
        high_first: bool,
        /// Whether it is the extra game of a level match.
        extra: bool,
    },
    /// The match is over.
    Over {
        /// Who advances.
        winner: Seat,
        /// What decided it.
        by: Decided,
    },
}

/// The score of a match's regular games (the extra game apart): the better seed's, the other's.
#[must_use]
pub fn match_score(rules: MatchRules, games: &[MatchGame]) -> (Points, Points) {
    games
        .iter()
        .take(usize::from(rules.best_of))
        .fold((Points::ZERO, Points::ZERO), |(h, l), g| {
            let (gh, gl) = g.points();
            (h + gh, l + gl)
        })
}

/// Where a match stands after `games` (in the order played). `lot` decides who moves first in
/// an extra game (the service derives it from the tournament's seed, round and match).
#[must_use]
pub fn match_state(rules: MatchRules, games: &[MatchGame], lot: u64) -> MatchState {
    let best_of = usize::from(rules.best_of);
    let played = games.len().min(best_of);
    let (high, low) = match_score(rules, games);
    // Each game left is worth 2 half points.
    let left = u32::try_from(best_of - played).unwrap_or(u32::MAX) * 2;
    if high.halves() > low.halves() + left {
        return MatchState::Over {
            winner: Seat::High,
            by: Decided::Games,
        };
    }
    if low.halves() > high.halves() + left {
        return MatchState::Over {
            winner: Seat::Low,
            by: Decided::Games,
        };
    }
    if played < best_of {
        return MatchState::Play {
            high_first: played % 2 == 0,
            extra: false,
        };
    }
    // Level after every regular game.
    match (rules.tie, games.get(best_of)) {
        (TieRule::HigherSeed, _) => MatchState::Over {
            winner: Seat::High,
            by: Decided::HigherSeed,
        },
        (TieRule::ExtraGame, None) => MatchState::Play {
            high_first: super::pairing::mix(lot) & 1 == 0,
            extra: true,
        },
        (TieRule::ExtraGame, Some(extra)) => {
            let (h, l) = extra.points();
            match h.cmp(&l) {
                std::cmp::Ordering::Greater => MatchState::Over {
                    winner: Seat::High,
                    by: Decided::ExtraGame,
                },
                std::cmp::Ordering::Less => MatchState::Over {
                    winner: Seat::Low,
                    by: Decided::ExtraGame,
                },
                std::cmp::Ordering::Equal => MatchState::Over {
                    winner: Seat::High,
                    by: Decided::HigherSeed,
                },
            }
        }
    }
}

/// The place a player knocked out in `round` of a knockout of `rounds` rounds shares: the
/// final's loser 2, the semi-finals' losers 3, the quarter-finals' 5, and so on. The winner is 1.
#[must_use]
pub fn place_of_loser(round: u32, rounds: u32) -> u32 {
    (1u32 << rounds.saturating_sub(round).min(31)) + 1
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn rules(best_of: u8, tie: TieRule) -> MatchRules {
        MatchRules::new(best_of, tie).unwrap()
    }

    fn game(high_first: bool, result: GameResult) -> MatchGame {
        MatchGame { high_first, result }
    }

    #[test]
    fn the_standard_order_of_sixteen() {
        assert_eq!(
            seeding_order(16),
            [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
        );
        assert_eq!(seeding_order(8), [1, 8, 4, 5, 2, 7, 3, 6]);
        assert_eq!(seeding_order(2), [1, 2]);
    }

    #[test]
    fn six_players_give_the_top_two_seeds_byes() {
        let seeds = [16, 15, 14, 13, 12, 11];
        assert_eq!(
            first_round(&seeds),
            [
                Pair {
                    high: 16,
                    low: None
                },
                Pair {
                    high: 13,
                    low: Some(12)
                },
                Pair {
                    high: 15,
                    low: None
                },
                Pair {
                    high: 14,
                    low: Some(11)
                },
            ]
        );
        assert_eq!(knockout_rounds(6), 3);
    }

    #[test]
    fn equal_ratings_are_seeded_by_entrant_number() {
        let entrants = [
            Entrant::new(3, 1500.0),
            Entrant::new(1, 1500.0),
            Entrant::new(2, 1600.0),
            Entrant {
                withdrawn: true,
                ..Entrant::new(4, 2000.0)
            },
        ];
        assert_eq!(seed_by_rating(&entrants), [2, 1, 3]);
    }

    #[test]
    fn the_organisers_seeds_take_their_places() {
        let drawn = [1, 2, 3, 4, 5];
        assert_eq!(with_fixed_seeds(&drawn, &[(5, 1)]), [5, 1, 2, 3, 4]);
        assert_eq!(with_fixed_seeds(&drawn, &[(1, 3), (2, 3)]), [3, 4, 1, 2, 5]);
        assert_eq!(with_fixed_seeds(&drawn, &[(1, 99)]), [2, 3, 4, 5, 1]);
        assert_eq!(with_fixed_seeds(&drawn, &[(9, 1)]), drawn);
    }

    #[test]
    fn a_random_draw_is_the_same_from_the_same_seed() {
        let entrants: Vec<Entrant> = (1..=10).map(|i| Entrant::new(i, 1500.0)).collect();
        let a = seed_at_random(&entrants, 42);
        assert_eq!(a, seed_at_random(&entrants, 42));
        assert_ne!(a, seed_at_random(&entrants, 43));
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (1..=10).collect::<Vec<_>>());
    }

    #[test]
    fn a_best_of_three_ends_when_one_side_has_two_wins() {
        let r = rules(3, TieRule::HigherSeed);
        assert_eq!(
            match_state(r, &[], 0),
            MatchState::Play {
                high_first: true,
                extra: false
            }
        );
        let one = [game(true, GameResult::SecondWon)];
        assert_eq!(
            match_state(r, &one, 0),
            MatchState::Play {
                high_first: false,
                extra: false
            }
        );
        let two = [
            game(true, GameResult::SecondWon),
            game(false, GameResult::FirstWon),
        ];
        assert_eq!(
            match_state(r, &two, 0),
            MatchState::Over {
                winner: Seat::Low,
                by: Decided::Games
            }
        );
    }

    #[test]
    fn a_level_match_goes_to_the_higher_seed_or_an_extra_game() {
        let drawn = [
            game(true, GameResult::FirstWon),
            game(false, GameResult::FirstWon),
            game(true, GameResult::Draw),
        ];
        assert_eq!(
            match_state(rules(3, TieRule::HigherSeed), &drawn, 0),
            MatchState::Over {
                winner: Seat::High,
                by: Decided::HigherSeed
            }
        );
        let extra = rules(3, TieRule::ExtraGame);
        assert!(matches!(
            match_state(extra, &drawn, 0),
            MatchState::Play { extra: true, .. }
        ));
        let mut with_extra = drawn.to_vec();
        with_extra.push(game(false, GameResult::FirstWon));
        assert_eq!(
            match_state(extra, &with_extra, 0),
            MatchState::Over {
                winner: Seat::Low,
                by: Decided::ExtraGame
            }
        );
        with_extra[3].result = GameResult::Draw;
        assert_eq!(
            match_state(extra, &with_extra, 0),
            MatchState::Over {
                winner: Seat::High,
                by: Decided::HigherSeed
            }
        );
    }

    #[test]
    fn the_extra_games_lot_is_reproducible_and_varies() {
        let drawn = [game(true, GameResult::Draw)];
        let r = rules(1, TieRule::ExtraGame);
        let sides: Vec<MatchState> = (0..16).map(|lot| match_state(r, &drawn, lot)).collect();
        assert_eq!(sides[5], match_state(r, &drawn, 5));
        assert!(sides.contains(&MatchState::Play {
            high_first: true,
            extra: true
        }));
        assert!(sides.contains(&MatchState::Play {
            high_first: false,
            extra: true
        }));
    }

    #[test]
    fn places_of_the_knocked_out() {
        assert_eq!(place_of_loser(3, 3), 2);
        assert_eq!(place_of_loser(2, 3), 3);
        assert_eq!(place_of_loser(1, 3), 5);
        assert_eq!(place_of_loser(1, 4), 9);
    }

    fn any_result() -> impl Strategy<Value = GameResult> {
        prop_oneof![
            Just(GameResult::FirstWon),
            Just(GameResult::SecondWon),
            Just(GameResult::Draw),
            Just(GameResult::FirstForfeited),
            Just(GameResult::SecondForfeited),
            Just(GameResult::BothForfeited),
        ]
    }

    proptest! {
        /// Every seed once, byes only for the top seeds, each pair adding up to size + 1.
        #[test]
        fn round_one_places_every_seed_once(players in 2usize..70) {
            let seeds: Vec<PlayerId> = (1..=u32::try_from(players).unwrap()).collect();
            let size = bracket_size(players);
            let round = first_round(&seeds);
            prop_assert_eq!(round.len(), size / 2);
            let mut seen: Vec<PlayerId> = round
                .iter()
                .flat_map(|p| [Some(p.high), p.low])
                .flatten()
                .collect();
            seen.sort_unstable();
            prop_assert_eq!(&seen, &seeds);
            let byes = size - players;
            for pair in &round {
                match pair.low {
                    None => prop_assert!(pair.high as usize <= byes),
                    Some(low) => {
                        prop_assert!(pair.high < low);
                        prop_assert_eq!((pair.high + low) as usize, size + 1);
                    }
                }
            }
        }

        /// The organiser's seeds keep every player once.
        #[test]
        fn fixed_seeds_keep_everyone(
            count in 1u32..20,
            fixed in prop::collection::vec((1u32..25, 1u32..25), 0..6),
        ) {
            let drawn: Vec<PlayerId> = (1..=count).collect();
            let mut seeded = with_fixed_seeds(&drawn, &fixed);
            seeded.sort_unstable();
            prop_assert_eq!(seeded, drawn);
        }

        /// When the better seed always wins, round r's matches are seed i against seed
        /// (field + 1 - i) of the survivors: the top seeds meet last.
        #[test]
        fn favourites_meet_last(players in 2usize..70) {
            let seeds: Vec<PlayerId> = (1..=u32::try_from(players).unwrap()).collect();
            let mut round = first_round(&seeds);
            let mut alive = bracket_size(players);
            while !round.is_empty() {
                for pair in &round {
                    if let Some(low) = pair.low {
                        prop_assert_eq!((pair.high + low) as usize, alive + 1);
                    }
                }
                let winners: Vec<Option<PlayerId>> = round.iter().map(|p| Some(p.high)).collect();
                alive /= 2;
                if winners.len() == 1 {
                    prop_assert_eq!(winners[0], Some(1));
                    break;
                }
                round = next_round(&winners, &seeds).into_iter().flatten().collect();
            }
        }

        /// A match is over within best-of + 1 games, and whoever leads on points after the
        /// regular games wins it.
        #[test]
        fn a_match_always_ends(
            best_of in prop::sample::select(BEST_OF.to_vec()),
            extra in any::<bool>(),
            results in prop::collection::vec(any_result(), 8),
            lot in any::<u64>(),
        ) {
            let tie = if extra { TieRule::ExtraGame } else { TieRule::HigherSeed };
            let r = rules(best_of, tie);
            let mut games = Vec::new();
            let outcome = loop {
                match match_state(r, &games, lot) {
                    MatchState::Play { high_first, .. } => {
                        let result = results[games.len()];
                        games.push(game(high_first, result));
                    }
                    MatchState::Over { winner, by } => break (winner, by),
                }
            };
            prop_assert!(games.len() <= usize::from(best_of) + 1);
            let (high, low) = match_score(r, &games);
            match outcome {
                (Seat::High, Decided::Games) => prop_assert!(high > low),
                (Seat::Low, Decided::Games) => prop_assert!(low > high),
                (_, _) => prop_assert_eq!(high, low),
            }
            // Colours alternate over the regular games, the better seed first.
            for (i, g) in games.iter().take(usize::from(best_of)).enumerate() {
                prop_assert_eq!(g.high_first, i % 2 == 0);
            }
        }
    }
}
