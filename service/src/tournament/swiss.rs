//! Swiss pairing: a pure function of the entrants and the rounds played so far.
//!
//! No Rust crate for Swiss pairing was found on crates.io (the FIDE-endorsed engines,
//! bbpPairings and JaVaFo, are C++ and Java programs), so this is our own, in the spirit of
//! bbpPairings: one maximum-weight matching over all active players (plus a "bye" vertex when
//! their count is odd) whose edge weights encode the rules in strict tiers, so a lower tier can
//! never outweigh a higher one:
//!
//! 1. everybody is paired, or has the single bye (maximum cardinality);
//! 2. no pairing is repeated, and no one has a second bye, while that can be avoided;
//! 3. the colour rules hold where they can: never the same side three games in a row, and a
//!    colour difference within ±2;
//! 4. the smallest score differences (the sum of squared differences, so players float down
//!    one score group rather than far), the bye going to the lowest score group;
//! 5. floaters from lower score groups rather than higher ones (higher groups are paired
//!    within themselves first, as in the Dutch system);
//! 6. the fewest players denied the side they are due;
//! 7. inside a score group, the top half meets the bottom half in order (1 v ½n+1, 2 v ½n+2,
//!    …), the lowest of a group floats down to the highest of the next, and the bye goes to
//!    the lowest-ranked player (squared deviations, so the order is kept where it can be).
//!
//! For speed the matching runs first over near candidates only (ranking neighbours and the
//! ideal opponents in the score group); when that cannot pair everyone without a repeat, a
//! second bye or a colour break, it runs again over every pair, so tiers 1–3 are always met
//! exactly and the lower tiers are optimised over the candidates.
//!
//! Players are ranked by points, then rating, then id; round 1 is therefore seeded by rating.
//! Sides are then given to each pair: the colour rules first, then the stronger preference
//! (a colour difference beats alternation), the higher-ranked player on a tie. The only chance
//! is the side of the top seed in round 1, drawn from the tournament's seed, so the same input
//! always gives the same round.

use super::matching::{max_weight_matching, Edge};
use super::pairing::{mix, records, Entrant, Pairing, PairingError, PlayerId, Record, Round, Side};

/// The default number of Swiss rounds for `players` entrants: ceil(log2(players)) + 1, but
/// never more than [`max_swiss_rounds`] (2 players play 1 round, not 2).
#[must_use]
pub fn default_rounds(players: usize) -> u32 {
    if players <= 1 {
        return 1;
    }
    let mut rounds = 0;
    while (1usize << rounds) < players {
        rounds += 1;
    }
    (rounds + 1).min(max_swiss_rounds(players))
}

/// The most Swiss rounds `players` entrants can play without meeting anyone twice: everyone
/// else once, `players - 1` rounds, and with an odd count one more, so that each has a bye.
///
/// # Examples
/// ```
/// use akron_service::tournament::max_swiss_rounds;
///
/// assert_eq!(max_swiss_rounds(4), 3);
/// assert_eq!(max_swiss_rounds(5), 5);
/// assert_eq!(max_swiss_rounds(2), 1);
/// ```
#[must_use]
pub fn max_swiss_rounds(players: usize) -> u32 {
    let rounds = if players % 2 == 0 {
        players.saturating_sub(1)
    } else {
        players
    };
    u32::try_from(rounds).unwrap_or(u32::MAX).max(1)
}

/// Pairs the next Swiss round from the entrants and the rounds played so far.
///
/// Withdrawn entrants are left out. `seed` (the tournament's id will do) decides only the side
/// of the top seed in round 1.
///
/// # Errors
/// A [`PairingError`] when the history is inconsistent with the entrants, when fewer than two
/// players are active, or (beyond about 1,000 players) when the weights would overflow.
///
/// # Examples
/// ```
/// use akron_service::tournament::{pair_swiss, Entrant};
///
/// let entrants: Vec<Entrant> = (1..=4).map(|id| Entrant::new(id, 2000.0 - f64::from(id))).collect();
/// let round = pair_swiss(&entrants, &[], 7).unwrap();
/// assert_eq!(round.pairings.len(), 2);
/// assert_eq!(round.bye, None);
/// ```
pub fn pair_swiss(
    entrants: &[Entrant],
    history: &[Round],
    seed: u64,
) -> Result<Round, PairingError> {
    let records = records(entrants, history)?;
    let mut players: Vec<(&Entrant, &Record)> = entrants
        .iter()
        .filter(|e| !e.withdrawn)
        .filter_map(|e| records.get(&e.id).map(|r| (e, r)))
        .collect();
    if players.len() < 2 {
        return Err(PairingError::NotEnoughPlayers);
    }
    players.sort_by(|(a, ra), (b, rb)| {
        rb.points
            .cmp(&ra.points)
            .then(b.rating.total_cmp(&a.rating))
            .then(a.id.cmp(&b.id))
    });
    let field = Field::new(&players);
    let vertices = field.vertices();
    // First over near candidates only (fast); over every pair when those cannot pair everyone
    // without a repeat, a second bye or a colour break.
    let edges = field.edges(true)?;
    let mut mate = max_weight_matching(vertices, &edges, true);
    if !field.is_clean(&mate) {
        let edges = field.edges(false)?;
        mate = max_weight_matching(vertices, &edges, true);
    }

    let mut round = Round::default();
    let top_seed_side = if mix(seed) & 1 == 0 {
        Side::First
    } else {
        Side::Second
    };
    for (a, partner) in mate.iter().enumerate() {
        let Some(b) = *partner else { continue };
        if b < a {
            continue;
        }
        if b == field.bye_vertex() {
            round.bye = Some(players[a].0.id);
            continue;
        }
        // a < b: a is the higher ranked.
        let side_of_a = allocate_sides(players[a].1, players[b].1, a, top_seed_side);
        let (first, second) = match side_of_a {
            Side::First => (players[a].0.id, players[b].0.id),
            Side::Second => (players[b].0.id, players[a].0.id),
        };
        round.pairings.push(Pairing::new(first, second));
    }
    Ok(round)
}

/// The side the higher-ranked player `a` (at rank `rank_a`) gets against `b`.
fn allocate_sides(a: &Record, b: &Record, rank_a: usize, top_seed_side: Side) -> Side {
    let fits = |side: Side| a.may_play(side) && b.may_play(side.other());
    match (fits(Side::First), fits(Side::Second)) {
        (true, false) => return Side::First,
        (false, true) => return Side::Second,
        _ => {}
    }
    let (want_a, strength_a) = a.preference();
    let (want_b, strength_b) = b.preference();
    match (want_a, want_b) {
        (Some(x), Some(y)) if x != y => x,
        (Some(x), Some(_)) => {
            if strength_b > strength_a {
                x.other()
            } else {
                x
            }
        }
        (Some(x), None) => x,
        (None, Some(y)) => y.other(),
        (None, None) => {
            // Round 1 (or two newcomers): alternate down the boards from the top seed's side.
            if rank_a % 2 == 0 {
                top_seed_side
            } else {
                top_seed_side.other()
            }
        }
    }
}

/// The ranked active players with what the edge weights need.
struct Field<'a> {
    players: &'a [(&'a Entrant, &'a Record)],
    /// Score group of each player (0 = the top group) and their place in it.
    group: Vec<usize>,
    place: Vec<usize>,
    group_size: Vec<usize>,
    /// `met[a * n + b]`: a and b have played each other.
    met: Vec<bool>,
}

impl<'a> Field<'a> {
    fn new(players: &'a [(&'a Entrant, &'a Record)]) -> Field<'a> {
        let n = players.len();
        let mut group = Vec::with_capacity(n);
        let mut place = Vec::with_capacity(n);
        let mut group_size: Vec<usize> = Vec::new();
        for (index, (_, record)) in players.iter().enumerate() {
            if index == 0 || players[index - 1].1.points != record.points {
                group_size.push(0);
            }
            let g = group_size.len() - 1;
            group.push(g);
            place.push(group_size[g]);
            group_size[g] += 1;
        }
        let index_of: std::collections::HashMap<PlayerId, usize> = players
            .iter()
            .enumerate()
            .map(|(i, (e, _))| (e.id, i))
            .collect();
        let mut met = vec![false; n * n];
        for (a, (_, record)) in players.iter().enumerate() {
            for opponent in &record.opponents {
                if let Some(&b) = index_of.get(opponent) {
                    met[a * n + b] = true;
                    met[b * n + a] = true;
                }
            }
        }
        Field {
            players,
            group,
            place,
            group_size,
            met,
        }
    }

    fn len(&self) -> usize {
        self.players.len()
    }

    /// The players, plus the bye vertex when their count is odd.
    fn vertices(&self) -> usize {
        self.len() + self.len() % 2
    }

    /// The bye vertex's index (only meaningful when the count is odd).
    fn bye_vertex(&self) -> usize {
        self.len()
    }

    fn points(&self, a: usize) -> i64 {
        i64::from(self.players[a].1.points.halves())
    }

    /// The costs of pairing a (higher ranked) with b, tier by tier.
    fn costs(&self, a: usize, b: usize) -> Costs {
        let n = self.len();
        let (ra, rb) = (self.players[a].1, self.players[b].1);
        let repeat = self.met[a * n + b];
        let colours_fit = (ra.may_play(Side::First) && rb.may_play(Side::Second))
            || (ra.may_play(Side::Second) && rb.may_play(Side::First));
        let difference = self.points(a) - self.points(b);
        let same_wish = match (ra.preference(), rb.preference()) {
            ((Some(x), _), (Some(y), _)) => x == y,
            _ => false,
        };
        let (float, structure) = if self.group[a] == self.group[b] {
            let size = self.group_size[self.group[a]];
            let distance = self.place[b].abs_diff(self.place[a]);
            (0, distance.abs_diff(size / 2))
        } else {
            // Floating from a higher group costs more; the lowest of the upper group floats
            // to the highest of the lower.
            (
                self.group_size.len() - self.group[a],
                (self.group_size[self.group[a]] - 1 - self.place[a]) + self.place[b],
            )
        };
        Costs {
            repeat: u8::from(repeat),
            colour: u8::from(!colours_fit),
            score: i128::from(difference * difference),
            float: float as i128,
            wish: u8::from(same_wish),
            structure: (structure * structure) as i128,
        }
    }

    /// The costs of giving player a the bye.
    fn bye_costs(&self, a: usize) -> Costs {
        let lowest = self.points(self.len() - 1);
        // The bye vertex sits one point below the lowest group.
        let difference = self.points(a) - lowest + 2;
        let from_bottom = self.len() - 1 - a;
        Costs {
            repeat: u8::from(self.players[a].1.byes > 0),
            colour: 0,
            score: i128::from(difference * difference),
            float: (self.group_size.len() - self.group[a]) as i128,
            wish: 0,
            structure: (from_bottom * from_bottom) as i128,
        }
    }

    /// The pairs worth considering for player a: the neighbours in the ranking (for floats)
    /// and the players near a's ideal opponents in their score group.
    fn candidates(&self, a: usize, out: &mut Vec<usize>) {
        out.clear();
        let n = self.len();
        out.extend(a.saturating_sub(NEAR)..(a + NEAR + 1).min(n));
        let size = self.group_size[self.group[a]];
        let start = a - self.place[a];
        for ideal in [
            self.place[a] + size / 2,
            self.place[a].wrapping_sub(size / 2),
        ] {
            if ideal < size {
                let low = ideal.saturating_sub(NEAR);
                out.extend(start + low..start + (ideal + NEAR + 1).min(size));
            }
        }
        out.retain(|&b| b > a);
        out.sort_unstable();
        out.dedup();
    }

    /// The weighted edges, over near candidates (`sparse`) or every pair.
    fn edges(&self, sparse: bool) -> Result<Vec<Edge>, PairingError> {
        let n = self.len();
        let mut costs = Vec::new();
        let mut candidates = Vec::new();
        for a in 0..n {
            if sparse {
                self.candidates(a, &mut candidates);
                costs.extend(candidates.iter().map(|&b| (a, b, self.costs(a, b))));
            } else {
                costs.extend((a + 1..n).map(|b| (a, b, self.costs(a, b))));
            }
        }
        if n % 2 == 1 {
            for a in 0..n {
                costs.push((a, self.bye_vertex(), self.bye_costs(a)));
            }
        }
        let max_score = costs.iter().map(|c| c.2.score).max().unwrap_or(0);
        let tiers =
            Tiers::new(n, max_score, self.group_size.len()).ok_or(PairingError::TooLarge)?;
        Ok(costs
            .iter()
            .map(|(a, b, c)| (*a, *b, tiers.weight(c)))
            .collect())
    }

    /// Whether everyone is paired with no repeat, no second bye and no colour break.
    fn is_clean(&self, mate: &[Option<usize>]) -> bool {
        let n = self.len();
        mate.iter().enumerate().all(|(a, partner)| match *partner {
            None => false,
            Some(_) if a >= n => true,
            Some(b) if b >= n => self.bye_costs(a).is_clean(),
            Some(b) => b < a || self.costs(a, b).is_clean(),
        })
    }
}

/// How far the near candidates reach, in places.
const NEAR: usize = 8;

/// What an edge costs in each tier, most important first.
#[derive(Clone, Copy, Debug)]
struct Costs {
    repeat: u8,
    colour: u8,
    score: i128,
    float: i128,
    wish: u8,
    structure: i128,
}

impl Costs {
    /// No repeat, no second bye, no colour break.
    fn is_clean(&self) -> bool {
        self.repeat == 0 && self.colour == 0
    }
}

/// Multipliers that make each tier outweigh everything below it in any matching.
struct Tiers {
    repeat: i128,
    colour: i128,
    score: i128,
    float: i128,
    wish: i128,
    top: i128,
}

impl Tiers {
    fn new(players: usize, max_score: i128, groups: usize) -> Option<Tiers> {
        let pairs = i128::try_from(players / 2 + 1).ok()?;
        let max_structure = i128::try_from(4 * (players + 1) * (players + 1)).ok()?;
        let max_float = i128::try_from(groups + 1).ok()?;
        let wish = pairs.checked_mul(max_structure)?.checked_add(1)?;
        let float = pairs.checked_mul(wish)?.checked_add(1)?;
        let score = pairs
            .checked_mul(max_float)?
            .checked_mul(float)?
            .checked_add(1)?;
        let colour = pairs
            .checked_mul(max_score.max(1))?
            .checked_mul(score)?
            .checked_add(1)?;
        let repeat = pairs.checked_mul(colour)?.checked_add(1)?;
        let top = repeat
            .checked_add(colour)?
            .checked_add(max_score.checked_mul(score)?)?
            .checked_add(max_float.checked_mul(float)?)?
            .checked_add(wish)?
            .checked_add(max_structure)?
            .checked_add(1)?;
        // The matching doubles weights and adds dual variables: keep well clear of overflow.
        (top < i128::MAX >> 8).then_some(Tiers {
            repeat,
            colour,
            score,
            float,
            wish,
            top,
        })
    }

    fn weight(&self, c: &Costs) -> i128 {
        self.top
            - i128::from(c.repeat) * self.repeat
            - i128::from(c.colour) * self.colour
            - c.score * self.score
            - c.float * self.float
            - i128::from(c.wish) * self.wish
            - c.structure
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests;
