//! Fast random playouts and perft, on the bitboard core.

#![allow(clippy::needless_range_loop)]

use crate::bits::GeometryTable;
use crate::board::{Board, LEVELS};
use crate::color::Color;
use crate::game::{Outcome, Reason, WinRule};
use crate::position::{with_board, Position};
use rand::Rng;

/// How a random playout ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    /// The result, or `None` when the ply cap cut the game off.
    pub outcome: Option<Outcome>,
    /// Moves played.
    pub plies: u32,
}

const ZOBRIST_LEN: usize = 2 * LEVELS * 256;

const fn splitmix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

static ZOBRIST: [u64; ZOBRIST_LEN] = {
    let mut table = [0u64; ZOBRIST_LEN];
    let mut i = 0;
    while i < ZOBRIST_LEN {
        table[i] = splitmix(i as u64 * 0x1000_0001 + 7);
        i += 1;
    }
    table
};

const WHITE_TO_MOVE: u64 = 0x5DEE_CE66_D1CE_4E5B;

#[inline]
fn key(color: Color, k: usize, index: u32) -> u64 {
    ZOBRIST[(color.index() * LEVELS + k) * 256 + index as usize]
}

fn full_hash<B: GeometryTable>(b: &Board<B>) -> u64 {
    let mut h = if b.turn == Color::White {
        WHITE_TO_MOVE
    } else {
        0
    };
    for c in Color::ALL {
        for k in 0..usize::from(b.height) {
            for i in b.pieces[c.index()][k].ones() {
                h ^= key(c, k, i);
            }
        }
    }
    h
}

/// Hash contribution of a few points.
#[inline]
fn points_hash<B: GeometryTable>(b: &Board<B>, points: &[(u32, u8)]) -> u64 {
    let mut h = 0;
    for &(i, k) in points {
        let k = usize::from(k);
        if b.pieces[0][k].has(i) {
            h ^= key(Color::Black, k, i);
        } else if b.pieces[1][k].has(i) {
            h ^= key(Color::White, k, i);
        }
    }
    h
}

impl Position {
    /// Plays uniformly random legal moves (swap excluded) from this position until the game
    /// ends under `rule` or `max_plies` moves have been made. This position counts as the first
    /// occurrence for repetition.
    ///
    /// # Examples
    ///
    /// ```
    /// use akron_rules::{Position, WinRule};
    /// use rand::SeedableRng;
    /// let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    /// let result = Position::default().random_playout(WinRule::Delayed, 300, &mut rng);
    /// assert!(result.plies <= 300);
    /// ```
    pub fn random_playout<R: Rng + ?Sized>(
        &self,
        rule: WinRule,
        max_plies: u32,
        rng: &mut R,
    ) -> Playout {
        with_board!(self, b => playout(b, rule, max_plies, rng))
    }
}

fn playout<B: GeometryTable, R: Rng + ?Sized>(
    start: &Board<B>,
    rule: WinRule,
    max_plies: u32,
    rng: &mut R,
) -> Playout {
    let mut b = *start;
    let mut steps: Vec<((u32, u8), u32, u16)> = Vec::with_capacity(64);
    let mut groups = Vec::with_capacity(16);
    let mut hash = full_hash(&b);
    let mut window: Vec<u64> = Vec::with_capacity(256);
    window.push(hash);
    let mut links = crate::board::Links::new();
    b.links_into(&mut links);
    let mut plies = 0;
    loop {
        let mover = b.turn;
        let step_total = b.step_counts(&links, mover, &mut steps, &mut groups);
        let holes = b.empty_holes();
        let places = if b.piles[mover] > 0 { holes.count() } else { 0 };
        let total = places + step_total;
        if total == 0 {
            return Playout {
                outcome: Some(Outcome::win(mover.other(), Reason::NoLegalMove)),
                plies,
            };
        }
        if plies > 0 && window.iter().filter(|&&h| h == hash).count() >= 3 {
            return Playout {
                outcome: Some(Outcome::draw(Reason::Repetition)),
                plies,
            };
        }
        if plies >= max_plies {
            return Playout {
                outcome: None,
                plies,
            };
        }
        let mut pick = rng.random_range(0..total);
        let mut in_flight = None;
        if pick < places {
            let index = holes.nth_one(pick);
            b.place(index);
            hash ^= key(mover, 0, index) ^ WHITE_TO_MOVE;
            window.clear();
        } else {
            pick -= places;
            let mut chosen = None;
            for &(from, count, group) in &steps {
                if pick < count {
                    chosen = Some((from, group));
                    break;
                }
                pick -= count;
            }
            let Some((from, group)) = chosen else {
                unreachable!("pick is below the move total")
            };
            let destinations =
                b.destinations_in(&groups[usize::from(group)], from.0, usize::from(from.1));
            let mut to = (0, 0);
            for (k, level) in destinations.iter().enumerate() {
                let n = level.count();
                if pick < n {
                    to = (level.nth_one(pick), k as u8);
                    break;
                }
                pick -= n;
            }
            let chain_before = b.chain(from.0, usize::from(from.1));
            let mut touched = [(0u32, 0u8); LEVELS + 1];
            let mut len = 0;
            if let Ok(chain) = chain_before {
                for &p in chain.points() {
                    touched[len] = p;
                    len += 1;
                }
            }
            touched[len] = to;
            len += 1;
            hash ^= points_hash(&b, &touched[..len]);
            let (color, _) = b.lift(from.0, usize::from(from.1));
            if rule == WinRule::Immediate {
                in_flight = b.spanner(&b.links());
            }
            b.land(color, to.0, usize::from(to.1));
            hash ^= points_hash(&b, &touched[..len]) ^ WHITE_TO_MOVE;
        }
        window.push(hash);
        plies += 1;
        b.links_into(&mut links);
        let opponent = mover.other();
        let winner = match rule {
            WinRule::Delayed => b.spans(&links, opponent).then_some(opponent),
            WinRule::Immediate => in_flight.or_else(|| b.spanner(&links)),
        };
        if let Some(winner) = winner {
            return Playout {
                outcome: Some(Outcome::win(winner, Reason::Connection)),
                plies,
            };
        }
    }
}

/// Leaf count of the legal move tree (game ends ignored).
pub(crate) fn perft<B: GeometryTable>(b: &Board<B>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut steps = Vec::new();
    b.step_sets(&b.links(), b.turn, &mut steps);
    let holes = if b.piles[b.turn] > 0 {
        b.empty_holes()
    } else {
        B::ZERO
    };
    if depth == 1 {
        return u64::from(holes.count()) + steps.iter().map(|s| u64::from(s.count)).sum::<u64>();
    }
    let mut nodes = 0;
    for i in holes.ones() {
        let mut next = *b;
        next.place(i);
        nodes += perft(&next, depth - 1);
    }
    for set in &steps {
        for (k, level) in set.to.iter().enumerate() {
            for i in level.ones() {
                let mut next = *b;
                next.step(set.from, (i, k as u8));
                nodes += perft(&next, depth - 1);
            }
        }
    }
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn incremental_hash_matches_a_fresh_one() {
        // Play random moves through the public API and compare with the playout's hashing.
        let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
        for _ in 0..20 {
            let mut position = Position::start(4, 8).unwrap_or_default();
            for _ in 0..60 {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.random_range(0..moves.len())];
                let before = with_board!(position, b => full_hash(b));
                let drops = position.play_unchecked(mv);
                let after = with_board!(position, b => full_hash(b));
                assert_ne!(before, after, "{mv} {drops:?}");
            }
        }
    }

    #[test]
    fn playouts_end_or_hit_the_cap() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
        for size in [3u8, 4, 5, 8, 9, 12] {
            let start =
                Position::start(size, crate::position::default_pile(size)).unwrap_or_default();
            for rule in [WinRule::Delayed, WinRule::Immediate] {
                let result = start.random_playout(rule, 200, &mut rng);
                assert!(result.plies <= 200);
                assert!(result.outcome.is_some() || result.plies == 200);
            }
        }
    }
}
