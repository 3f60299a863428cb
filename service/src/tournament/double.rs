//! Double elimination brackets as pure functions of the seeds and the results, beside
//! [`super::knockout`] (whose seeding, byes and matches they share): the service stores the
//! seeds and each match's result and calls these to pair the next round and to place everyone.
//!
//! **The winners' bracket** is a single elimination bracket ([`first_round`], [`next_round`]):
//! `k` rounds for a bracket of `2^k` places, byes to the top seeds.
//!
//! **The losers' bracket** takes the winners' bracket's losers. Its round 1 pairs the losers of
//! winners' round 1 among themselves (neighbours in the winners' bracket); then its rounds
//! alternate: an even round pairs its survivors with the losers of the next winners' round
//! (dropped in crossed, reversed the first time, halves swapped the next, and so on, so that two
//! players who met in the winners' bracket do not meet again at once), an odd round pairs its
//! survivors among themselves. It has `2(k - 1)` rounds; its winner has lost once.
//! A place nobody fills (a bye or a withdrawal upstream) gives the player beside it a bye.
//! A player who withdraws (or is disqualified) is out of both brackets: their loss in the
//! winners' bracket drops nobody.
//!
//! **The grand final** is the winners' bracket's winner (the better side of the match, "high")
//! against the losers' bracket's winner. When the losers' bracket's winner wins it and the
//! tournament has the **bracket reset**, both have lost once and one more match decides.
//!
//! **A round** of a double elimination ("stage" here, "round" to players) is every match that can
//! be played once the round before it is over: round `s` holds winners' round `s` (if
//! `s <= k`) and losers' round `s - 1` (if there is one); round `2k` is the grand final and
//! round `2k + 1` the reset. Nobody plays two matches in one round: a player is in one bracket.

use super::knockout::{bracket_size, first_round, knockout_rounds, next_round, Pair};
use super::pairing::PlayerId;
use std::collections::{HashMap, HashSet};

/// Which part of a double elimination a match belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Part {
    /// The winners' bracket, its round from 1.
    Winners(u32),
    /// The losers' bracket, its round from 1.
    Losers(u32),
    /// The grand final.
    GrandFinal,
    /// The bracket reset: the second grand final.
    Reset,
}

/// A decided match as the bracket needs it: its players and who advanced (`None`: nobody,
/// both withdrew).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decided {
    /// The better side.
    pub high: PlayerId,
    /// The other; `None` for a bye.
    pub low: Option<PlayerId>,
    /// Who advanced.
    pub winner: Option<PlayerId>,
}

impl Decided {
    /// Who lost the match (none for a bye or when nobody advanced... and both lost).
    #[must_use]
    pub fn loser(self) -> Option<PlayerId> {
        match self.winner {
            Some(w) if w == self.high => self.low,
            Some(_) => Some(self.high),
            None => None,
        }
    }

    /// Whether `player` played in it.
    fn has(self, player: PlayerId) -> bool {
        self.high == player || self.low == Some(player)
    }
}

/// The decided matches by (round, board), as stored.
pub type Results = HashMap<(u32, u32), Decided>;

/// The shape of a double elimination bracket: its size and rounds, and whether it has a reset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Double {
    /// Places in the winners' bracket (a power of two, at least 2).
    pub size: usize,
    /// Rounds of the winners' bracket (`k`).
    pub winners_rounds: u32,
    /// Whether a bracket reset is played when the losers' bracket's winner wins the grand final.
    pub reset: bool,
}

impl Double {
    /// The bracket for `players` entrants.
    #[must_use]
    pub fn new(players: usize, reset: bool) -> Double {
        Double {
            size: bracket_size(players),
            winners_rounds: knockout_rounds(players),
            reset,
        }
    }

    /// Rounds of the losers' bracket: `2(k - 1)`.
    #[must_use]
    pub fn losers_rounds(self) -> u32 {
        2 * (self.winners_rounds - 1)
    }

    /// The round of the grand final: `2k`.
    #[must_use]
    pub fn grand_final(self) -> u32 {
        2 * self.winners_rounds
    }

    /// The most rounds the tournament can take: the grand final's, and one more with a reset.
    #[must_use]
    pub fn rounds(self) -> u32 {
        self.grand_final() + u32::from(self.reset)
    }

    /// Places (matches) in winners' round `round`.
    #[must_use]
    pub fn winners_matches(self, round: u32) -> usize {
        if round == 0 || round > self.winners_rounds {
            return 0;
        }
        self.size >> round
    }

    /// Places (matches) in losers' round `round`: `size / 4` in rounds 1 and 2, half as many
    /// in 3 and 4, and so on.
    #[must_use]
    pub fn losers_matches(self, round: u32) -> usize {
        if round == 0 || round > self.losers_rounds() {
            return 0;
        }
        self.size >> (round.div_ceil(2) + 1)
    }

    /// The parts played in round `stage`, in board order (winners' bracket first).
    #[must_use]
    pub fn parts(self, stage: u32) -> Vec<Part> {
        if stage == self.grand_final() {
            return vec![Part::GrandFinal];
        }
        if stage == self.grand_final() + 1 {
            return if self.reset {
                vec![Part::Reset]
            } else {
                Vec::new()
            };
        }
        let mut parts = Vec::new();
        if (1..=self.winners_rounds).contains(&stage) {
            parts.push(Part::Winners(stage));
        }
        if stage >= 2 && stage - 1 <= self.losers_rounds() {
            parts.push(Part::Losers(stage - 1));
        }
        parts
    }

    /// The round a part is played in.
    #[must_use]
    pub fn stage_of(self, part: Part) -> u32 {
        match part {
            Part::Winners(r) => r,
            Part::Losers(r) => r + 1,
            Part::GrandFinal => self.grand_final(),
            Part::Reset => self.grand_final() + 1,
        }
    }

    /// The board (from 1) of place `index` (from 0) of `part` in its round: the winners'
    /// bracket's matches first, then the losers'.
    #[must_use]
    pub fn board(self, part: Part, index: usize) -> u32 {
        let offset = match part {
            Part::Losers(r) => self.winners_matches(r + 1),
            _ => 0,
        };
        u32::try_from(offset + index + 1).unwrap_or(u32::MAX)
    }

    /// Which part and place (from 0) round `stage`'s board `board` is.
    #[must_use]
    pub fn place_of(self, stage: u32, board: u32) -> Option<(Part, usize)> {
        let mut index = usize::try_from(board).ok()?.checked_sub(1)?;
        for part in self.parts(stage) {
            let places = self.places_in(part);
            if index < places {
                return Some((part, index));
            }
            index -= places;
        }
        None
    }

    /// Places (matches) of a part.
    #[must_use]
    pub fn places_in(self, part: Part) -> usize {
        match part {
            Part::Winners(r) => self.winners_matches(r),
            Part::Losers(r) => self.losers_matches(r),
            Part::GrandFinal | Part::Reset => 1,
        }
    }

    /// The decided matches of a part, place by place (`None`: no match there, or undecided).
    fn decided(self, part: Part, results: &Results) -> Vec<Option<Decided>> {
        let stage = self.stage_of(part);
        (0..self.places_in(part))
            .map(|i| results.get(&(stage, self.board(part, i))).copied())
            .collect()
    }

    /// Who came out of each place of a part, place by place.
    fn winners_of(self, part: Part, results: &Results) -> Vec<Option<PlayerId>> {
        self.decided(part, results)
            .into_iter()
            .map(|d| d.and_then(|d| d.winner))
            .collect()
    }

    /// The losers of winners' round `round` who drop into the losers' bracket, place by place
    /// (withdrawn players drop nobody).
    fn dropped(
        self,
        round: u32,
        results: &Results,
        out: &HashSet<PlayerId>,
    ) -> Vec<Option<PlayerId>> {
        self.decided(Part::Winners(round), results)
            .into_iter()
            .map(|d| d.and_then(Decided::loser).filter(|p| !out.contains(p)))
            .collect()
    }

    /// The matches of round `stage` as `(board, pair)`, from the seeds (best first), the results
    /// of the rounds before and the players who are out (withdrawn or disqualified). A place
    /// with one player is a bye; a place with none has no match. Round 1 needs no results.
    #[must_use]
    pub fn pairs(
        self,
        stage: u32,
        seeds: &[PlayerId],
        results: &Results,
        out: &HashSet<PlayerId>,
    ) -> Vec<(u32, Pair)> {
        let mut pairs = Vec::new();
        for part in self.parts(stage) {
            let places: Vec<Option<Pair>> = match part {
                Part::Winners(1) => first_round(seeds).into_iter().map(Some).collect(),
                Part::Winners(r) => {
                    next_round(&self.winners_of(Part::Winners(r - 1), results), seeds)
                }
                Part::Losers(1) => next_round(&self.dropped(1, results, out), seeds),
                Part::Losers(r) if r % 2 == 0 => {
                    let survivors = if r == 2 {
                        // Losers' round 1 had its places.
                        self.winners_of(Part::Losers(1), results)
                    } else {
                        self.winners_of(Part::Losers(r - 1), results)
                    };
                    let dropped = cross(self.dropped(r / 2 + 1, results, out), r / 2);
                    let side_by_side: Vec<Option<PlayerId>> = survivors
                        .iter()
                        .zip(&dropped)
                        .flat_map(|(&a, &b)| [a, b])
                        .collect();
                    next_round(&side_by_side, seeds)
                }
                Part::Losers(r) => {
                    next_round(&self.winners_of(Part::Losers(r - 1), results), seeds)
                }
                Part::GrandFinal => vec![self.finalists(results)],
                Part::Reset => vec![self.reset_pair(results)],
            };
            for (index, pair) in places.into_iter().enumerate() {
                if let Some(pair) = pair {
                    pairs.push((self.board(part, index), pair));
                }
            }
        }
        pairs
    }

    /// The winners' bracket's winner and the losers' bracket's.
    fn champions(
        self,
        results: &Results,
        out: &HashSet<PlayerId>,
    ) -> (Option<PlayerId>, Option<PlayerId>) {
        let winners = self
            .winners_of(Part::Winners(self.winners_rounds), results)
            .first()
            .copied()
            .flatten();
        let losers = if self.losers_rounds() == 0 {
            self.dropped(1, results, out).first().copied().flatten()
        } else {
            self.winners_of(Part::Losers(self.losers_rounds()), results)
                .first()
                .copied()
                .flatten()
        };
        (winners, losers)
    }

    /// The grand final: the winners' bracket's winner high (a bye if the other side is empty).
    fn finalists(self, results: &Results) -> Option<Pair> {
        match self.champions(results, &HashSet::new()) {
            (Some(high), low) => Some(Pair { high, low }),
            (None, Some(high)) => Some(Pair { high, low: None }),
            (None, None) => None,
        }
    }

    /// The reset, when it is played: the grand final again, after its low side won it.
    fn reset_pair(self, results: &Results) -> Option<Pair> {
        let final_ = results.get(&(self.grand_final(), 1))?;
        let low = final_.low?;
        (self.reset && final_.winner == Some(low)).then_some(Pair {
            high: final_.high,
            low: Some(low),
        })
    }

    /// Whether the tournament is over: its grand final decided and no reset to play, or the
    /// reset decided.
    #[must_use]
    pub fn is_over(self, results: &Results) -> bool {
        if results.contains_key(&(self.grand_final() + 1, 1)) {
            return true;
        }
        results.contains_key(&(self.grand_final(), 1)) && self.reset_pair(results).is_none()
    }

    /// The winner, once the tournament is over.
    #[must_use]
    pub fn champion(self, results: &Results) -> Option<PlayerId> {
        if !self.is_over(results) {
            return None;
        }
        results
            .get(&(self.grand_final() + 1, 1))
            .or_else(|| results.get(&(self.grand_final(), 1)))
            .and_then(|d| d.winner)
    }

    /// The place shared by those knocked out in losers' round `round`: 3 for its final's
    /// loser, then one place after everyone knocked out later.
    #[must_use]
    pub fn place_of_losers_round(self, round: u32) -> u32 {
        let later: usize = (round + 1..=self.losers_rounds())
            .map(|r| self.losers_matches(r))
            .sum();
        u32::try_from(3 + later).unwrap_or(u32::MAX)
    }

    /// The places once the tournament is over (empty before): the winner 1, the other finalist
    /// 2, the losers' final's loser 3, then by the round they were knocked out in (a player out
    /// of the winners' bracket by withdrawal counts as knocked out in the losers' round they
    /// would have dropped into). Best first; `(place, player)`.
    #[must_use]
    pub fn places(self, seeds: &[PlayerId], results: &Results) -> Vec<(u32, PlayerId)> {
        let Some(champion) = self.champion(results) else {
            return Vec::new();
        };
        let mut placed: Vec<(u32, PlayerId)> = vec![(1, champion)];
        let last = results
            .get(&(self.grand_final() + 1, 1))
            .or_else(|| results.get(&(self.grand_final(), 1)));
        if let Some(other) = last.and_then(|d| {
            if d.winner == Some(d.high) {
                d.low
            } else {
                Some(d.high)
            }
        }) {
            if other != champion {
                placed.push((2, other));
            }
        }
        // Everyone else: the last losers' round they were knocked out in.
        let mut rest: Vec<(u32, PlayerId)> = Vec::new();
        for &player in seeds {
            if placed.iter().any(|&(_, p)| p == player) {
                continue;
            }
            let round = self.knocked_out_in(player, results);
            rest.push((self.place_of_losers_round(round.max(1)), player));
        }
        rest.sort_by_key(|&(place, player)| (place, seeds.iter().position(|&s| s == player)));
        placed.extend(rest);
        placed
    }

    /// The losers' round a player (not a finalist) was knocked out in: their last losers'
    /// match, or where their winners' loss would have dropped them.
    fn knocked_out_in(self, player: PlayerId, results: &Results) -> u32 {
        let mut last = 0;
        for (&(stage, board), d) in results {
            if !d.has(player) || d.winner == Some(player) {
                continue;
            }
            let round = match self.place_of(stage, board) {
                Some((Part::Losers(r), _)) => r,
                Some((Part::Winners(r), _)) => {
                    if r == 1 {
                        1
                    } else {
                        2 * (r - 1)
                    }
                }
                _ => continue,
            };
            last = last.max(round);
        }
        last.min(self.losers_rounds()).max(1)
    }
}

/// The crossing of the `time`-th drop into the losers' bracket (from 1): reversed on odd
/// times, halves swapped on even times, so that players who met in the winners' bracket are
/// kept apart.
fn cross(mut dropped: Vec<Option<PlayerId>>, time: u32) -> Vec<Option<PlayerId>> {
    if time % 2 == 1 {
        dropped.reverse();
    } else {
        let half = dropped.len() / 2;
        dropped.rotate_left(half);
    }
    dropped
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Plays a whole double elimination: `pick(stage, board, pair)` says whether the high side
    /// wins. Returns the results and, for each round, its pairs.
    fn play(
        players: usize,
        reset: bool,
        out: &HashSet<PlayerId>,
        mut pick: impl FnMut(u32, u32, Pair) -> bool,
    ) -> (Double, Results, Vec<Vec<(u32, Pair)>>) {
        let d = Double::new(players, reset);
        let seeds: Vec<PlayerId> = (1..=u32::try_from(players).unwrap()).collect();
        let mut results = Results::new();
        let mut rounds = Vec::new();
        for stage in 1..=d.rounds() {
            if d.is_over(&results) {
                break;
            }
            let pairs = d.pairs(stage, &seeds, &results, out);
            for &(board, pair) in &pairs {
                let winner = match pair.low {
                    None => (!out.contains(&pair.high)).then_some(pair.high),
                    Some(low) => match (out.contains(&pair.high), out.contains(&low)) {
                        (true, true) => None,
                        (true, false) => Some(low),
                        (false, true) => Some(pair.high),
                        (false, false) => Some(if pick(stage, board, pair) {
                            pair.high
                        } else {
                            low
                        }),
                    },
                };
                results.insert(
                    (stage, board),
                    Decided {
                        high: pair.high,
                        low: pair.low,
                        winner,
                    },
                );
            }
            rounds.push(pairs);
        }
        (d, results, rounds)
    }

    fn games(results: &Results) -> usize {
        results.values().filter(|d| d.low.is_some()).count()
    }

    #[test]
    fn five_players_take_six_rounds_and_a_reset() {
        let d = Double::new(5, true);
        assert_eq!((d.size, d.winners_rounds, d.losers_rounds()), (8, 3, 4));
        assert_eq!(d.parts(1), [Part::Winners(1)]);
        assert_eq!(d.parts(2), [Part::Winners(2), Part::Losers(1)]);
        assert_eq!(d.parts(3), [Part::Winners(3), Part::Losers(2)]);
        assert_eq!(d.parts(4), [Part::Losers(3)]);
        assert_eq!(d.parts(5), [Part::Losers(4)]);
        assert_eq!(d.parts(6), [Part::GrandFinal]);
        assert_eq!(d.parts(7), [Part::Reset]);
        assert_eq!(d.rounds(), 7);
        assert_eq!(Double::new(5, false).rounds(), 6);
        assert_eq!(d.board(Part::Losers(1), 0), 3);
        assert_eq!(d.place_of(2, 3), Some((Part::Losers(1), 0)));
        assert_eq!(d.place_of(2, 5), None);
    }

    #[test]
    fn the_favourites_of_five_meet_in_the_grand_final() {
        let (d, results, rounds) = play(5, true, &HashSet::new(), |_, _, _| true);
        // Round 1: 4 v 5 and three byes; round 2: 1 v 4, 2 v 3 and the bye of 5 in the
        // losers' bracket.
        assert_eq!(rounds[0].iter().filter(|(_, p)| p.low.is_some()).count(), 1);
        assert!(rounds[1].contains(&(
            1,
            Pair {
                high: 1,
                low: Some(4)
            }
        )));
        assert!(rounds[1].contains(&(3, Pair { high: 5, low: None })));
        // Losers' round 2 crosses: 5 meets the loser of 2 v 3 (3), not of 1 v 4.
        assert!(rounds[2].contains(&(
            2,
            Pair {
                high: 3,
                low: Some(5)
            }
        )));
        assert_eq!(d.champion(&results), Some(1));
        assert_eq!(
            d.places(&[1, 2, 3, 4, 5], &results),
            [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]
        );
        assert_eq!(games(&results), 2 * 5 - 2);
    }

    #[test]
    fn the_losers_side_winning_the_grand_final_brings_the_reset() {
        let d = Double::new(4, true);
        let (_, results, rounds) = play(4, true, &HashSet::new(), |stage, _, _| {
            stage != d.grand_final()
        });
        assert_eq!(rounds.len(), 5);
        assert_eq!(games(&results), 2 * 4 - 1);
        assert_eq!(d.champion(&results), Some(1));
        let (_, results, rounds) = play(4, false, &HashSet::new(), |stage, _, _| {
            stage != d.grand_final()
        });
        assert_eq!(rounds.len(), 4);
        assert_eq!(Double::new(4, false).champion(&results), Some(2));
    }

    #[test]
    fn a_withdrawal_in_the_winners_bracket_drops_nobody() {
        let out: HashSet<PlayerId> = [4].into();
        let (d, results, rounds) = play(5, true, &out, |_, _, _| true);
        // 4 beat 5 in round 1, then withdrew: 1 goes through, and 5 has a bye in losers' 2.
        assert!(rounds[2]
            .iter()
            .all(|(_, p)| p.high != 4 && p.low != Some(4)));
        assert_eq!(d.champion(&results), Some(1));
        let places = d.places(&[1, 2, 3, 4, 5], &results);
        assert_eq!(places.len(), 5);
    }

    fn dropped_twice(results: &Results, player: PlayerId) -> usize {
        results
            .values()
            .filter(|d| d.has(player) && d.low.is_some() && d.winner != Some(player))
            .count()
    }

    fn places_of_two(d: &Double, results: &Results) -> Option<PlayerId> {
        let f = results.get(&(d.grand_final(), 1))?;
        f.loser()
    }

    proptest! {
        /// Whatever happens: nobody loses more than twice (once for the champion), one winner,
        /// 2n - 2 or 2n - 1 matches played, nobody twice in one round, everyone placed once.
        #[test]
        fn a_double_elimination_always_ends_with_one_winner(
            players in 2usize..40,
            reset in any::<bool>(),
            picks in prop::collection::vec(any::<bool>(), 200),
        ) {
            let mut i = 0;
            let (d, results, rounds) = play(players, reset, &HashSet::new(), |_, _, _| {
                i += 1;
                picks[i % picks.len()]
            });
            let champion = d.champion(&results);
            prop_assert!(champion.is_some());
            let count = games(&results);
            prop_assert!(count == 2 * players - 2 || (reset && count == 2 * players - 1), "{} matches for {}", count, players);
            for player in 1..=u32::try_from(players).unwrap() {
                let losses = dropped_twice(&results, player);
                if Some(player) == champion {
                    prop_assert!(losses <= 1);
                } else if !reset && places_of_two(&d, &results) == Some(player) {
                    // Without a reset the grand final's loser may have lost only it.
                    prop_assert!((1..=2).contains(&losses));
                } else {
                    prop_assert_eq!(losses, 2, "player {}", player);
                }
            }
            for round in &rounds {
                let mut seen = HashSet::new();
                for (_, pair) in round {
                    prop_assert!(seen.insert(pair.high));
                    if let Some(low) = pair.low {
                        prop_assert!(seen.insert(low));
                    }
                }
            }
            let seeds: Vec<PlayerId> = (1..=u32::try_from(players).unwrap()).collect();
            let places = d.places(&seeds, &results);
            let mut placed: Vec<PlayerId> = places.iter().map(|&(_, p)| p).collect();
            placed.sort_unstable();
            prop_assert_eq!(placed, seeds);
            prop_assert_eq!(places[0], (1, champion.unwrap()));
        }

        /// With withdrawals too, it ends with one winner and nobody withdrawn plays on.
        #[test]
        fn withdrawals_never_stop_a_double_elimination(
            players in 3usize..20,
            out in prop::collection::hash_set(1u32..20, 0..4),
            picks in prop::collection::vec(any::<bool>(), 100),
        ) {
            let out: HashSet<PlayerId> = out.into_iter().filter(|&p| p as usize <= players).collect();
            let mut i = 0;
            let (d, results, _) = play(players, true, &out, |_, _, _| {
                i += 1;
                picks[i % picks.len()]
            });
            if out.len() < players {
                prop_assert!(d.champion(&results).is_some_and(|c| !out.contains(&c)));
            }
            prop_assert!(d.is_over(&results) || out.len() >= players - 1);
        }
    }
}
