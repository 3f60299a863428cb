//! Connected groups kept from ply to ply during a playout.
//!
//! A [`GroupCache`] holds, for each colour, some of the colour's groups (connected components
//! of its uncovered pieces over live links, RULES section 3), each exactly as a from-scratch
//! flood fill of the current board would find it. Groups are filled when first asked for and
//! stay until a move may have changed them:
//!
//! - a placement only adds the placer's links at level 0 around the new marble (it covers
//!   nothing and its links are the lowest at their crossings), so only the placer's groups
//!   next to it are dropped;
//! - a step compares the links before and after, on the levels up to the highest point the
//!   step changed (links and covering above it cannot change), and drops every group with a
//!   piece whose covering changed, a piece at an end of a link that appeared or vanished, or a
//!   piece resting on or under a piece whose covering changed.
//!
//! A group that none of that touches keeps all its pieces and all their links, and gains no
//! link to another piece, so it is still exactly a group.

#![allow(clippy::needless_range_loop)]

use crate::bits::GeometryTable;
use crate::board::{Board, Levels, Links, LEVELS};
use crate::color::Color;

/// Groups kept per colour; a fill beyond that replaces the most recent one.
pub(crate) const GROUP_SLOTS: usize = 8;

/// Some exact groups of each colour of the current board.
#[derive(Clone, Debug)]
pub(crate) struct GroupCache<B> {
    groups: [[Levels<B>; GROUP_SLOTS]; 2],
    /// Each group's levels OR-ed together: a quick test that a group misses a set of points.
    flat: [[B; GROUP_SLOTS]; 2],
    len: [usize; 2],
}

impl<B: GeometryTable> GroupCache<B> {
    /// No groups known.
    pub fn new() -> Self {
        GroupCache {
            groups: [[[B::ZERO; LEVELS]; GROUP_SLOTS]; 2],
            flat: [[B::ZERO; GROUP_SLOTS]; 2],
            len: [0; 2],
        }
    }

    /// Forgets every group.
    #[cfg(test)]
    pub fn clear(&mut self) {
        *self = GroupCache::new();
    }

    /// The known groups of colour `c`.
    #[cfg(test)]
    pub fn known(&self, c: Color) -> &[Levels<B>] {
        &self.groups[c.index()][..self.len[c.index()]]
    }

    /// The slot of the group of `c` holding the uncovered piece at `(index, k)`, and whether
    /// it was filled now (it was not known).
    #[inline]
    pub fn slot_of(
        &mut self,
        b: &Board<B>,
        links: &Links<B>,
        c: Color,
        index: u32,
        k: usize,
    ) -> (usize, bool) {
        let ci = c.index();
        let len = self.len[ci];
        // Every slot is tested, without an early exit: which one holds the piece is random,
        // and a branch on it would often be mispredicted.
        let mut holding = 0u32;
        // Free slots are all zero, so every slot is tested: a loop of fixed length, unrolled.
        for (s, group) in self.groups[ci].iter().enumerate() {
            holding |= u32::from(group[k].has(index)) << s;
        }
        if holding != 0 {
            return (holding.trailing_zeros() as usize, false);
        }
        let slot = if len < GROUP_SLOTS {
            self.len[ci] = len + 1;
            len
        } else {
            GROUP_SLOTS - 1
        };
        let group = &mut self.groups[ci][slot];
        *group = [B::ZERO; LEVELS];
        group[k] = B::bit(index);
        b.fill_in_place(links, c, group);
        let mut flat = B::ZERO;
        for level in &group[..usize::from(b.height)] {
            flat |= *level;
        }
        self.flat[ci][slot] = flat;
        (slot, true)
    }

    /// The group in `slot` of colour `c`.
    #[inline]
    pub fn group(&self, c: Color, slot: usize) -> &Levels<B> {
        &self.groups[c.index()][slot]
    }

    /// Drops the groups of colour index `ci` whose flattened points meet `flat`.
    #[inline]
    fn drop_meeting(&mut self, ci: usize, flat: B) {
        let mut meeting = 0u32;
        for (s, group) in self.flat[ci].iter().enumerate() {
            meeting |= u32::from(!(*group & flat).is_empty()) << s;
        }
        // Highest slot first: the last group moved into a freed slot has been tested.
        while meeting != 0 {
            let slot = 31 - meeting.leading_zeros() as usize;
            meeting &= !(1 << slot);
            let last = self.len[ci] - 1;
            self.len[ci] = last;
            self.groups[ci][slot] = self.groups[ci][last];
            self.flat[ci][slot] = self.flat[ci][last];
            self.groups[ci][last] = [B::ZERO; LEVELS];
            self.flat[ci][last] = B::ZERO;
        }
    }

    /// After colour `c` placed a marble on hole `index` (level 0).
    #[inline]
    pub fn placed(&mut self, b: &Board<B>, c: Color, index: u32) {
        let ci = c.index();
        if self.len[ci] == 0 {
            return;
        }
        // Only level-0 points are next to the marble; on the flattened groups, points of
        // higher levels may look next to it too, which only drops a group more.
        let around = b.geometry().neighbours(B::bit(index), 0);
        self.drop_meeting(ci, around);
    }

    /// After a step that changed no point above level `top_changed`: `before` and `after`
    /// are the links of the board before and after it (`after` on the board `b`, and zero on
    /// every level from the board's height up to the height before the step).
    ///
    /// The points to check are gathered on one flat set, all levels on top of each other (a
    /// group is dropped when its flattened points meet them): that drops a few more groups
    /// than needed, never one too few, and costs a few operations a level.
    pub fn stepped(
        &mut self,
        b: &Board<B>,
        before: &Links<B>,
        after: &Links<B>,
        top_changed: usize,
    ) {
        let levels = (top_changed + 1).min(usize::from(b.size));
        let s = B::STRIDE;
        let g = b.geometry();
        for c in Color::ALL {
            let ci = c.index();
            if self.len[ci] == 0 {
                continue;
            }
            let mut flat = B::ZERO;
            let mut covering = B::ZERO;
            for k in 0..levels {
                let de = before.east[ci][k] ^ after.east[ci][k];
                let dn = before.north[ci][k] ^ after.north[ci][k];
                covering |= before.uncovered[ci][k] ^ after.uncovered[ci][k];
                flat |= de | (de << 1) | dn | (dn << s);
            }
            // A piece whose covering changed, and the pieces resting on it or holding it up:
            // on the flat set, the points of the 3 × 3 square around it.
            let row = covering | g.east(covering) | g.west(covering);
            flat |= row | (row << s) | (row >> s);
            self.drop_meeting(ci, flat);
        }
    }

    /// Whether colour `c` spans (as [`Board::spans`]), from its known groups and fills of the
    /// groups on its start edge that are not known yet (kept).
    pub fn spans(&mut self, b: &Board<B>, links: &Links<B>, c: Color) -> bool {
        let (start, end) = b.edges(c);
        let ci = c.index();
        let bottom = links.uncovered[ci][0];
        let mut seeds = bottom & start;
        if seeds.is_empty() || (bottom & end).is_empty() {
            return false;
        }
        // Known groups: one that meets both edges spans; the start-edge pieces of the others
        // are settled. Tested without branches (which groups meet an edge is random).
        let mut spanning = false;
        let mut known = B::ZERO;
        for group in &self.groups[ci] {
            spanning |= !(group[0] & start).is_empty() & !(group[0] & end).is_empty();
            known |= group[0];
        }
        if spanning {
            return true;
        }
        // A piece alone on the start edge reaches nothing (boards are at least 3 wide, so it
        // is not on the far edge).
        seeds &= !known & linked_at_level_0(b, links, ci);
        while !seeds.is_empty() {
            let seed = seeds.lowest();
            let (slot, _) = self.slot_of(b, links, c, seed, 0);
            let group = self.group(c, slot);
            if !(group[0] & end).is_empty() {
                return true;
            }
            seeds &= !group[0];
        }
        false
    }
}

/// The uncovered level-0 pieces of colour index `ci` with at least one live link.
#[inline]
fn linked_at_level_0<B: GeometryTable>(b: &Board<B>, links: &Links<B>, ci: usize) -> B {
    let east = links.east[ci][0];
    let north = links.north[ci][0];
    let mut linked = east | (east << 1) | north | (north << B::STRIDE);
    if b.height > 1 {
        linked |= b.geometry().supports_of(links.uncovered[ci][1], 0);
    }
    linked & links.uncovered[ci][0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::{default_pile, with_board, Position};
    use proptest::prelude::*;
    use rand::{Rng, SeedableRng};

    /// Checks every known group of both colours against a fresh flood fill of `b`, and the
    /// cached span test against [`Board::spans`].
    fn agrees<B: GeometryTable>(cache: &mut GroupCache<B>, b: &Board<B>, links: &Links<B>) {
        for c in Color::ALL {
            let ci = c.index();
            let len = cache.len[ci];
            for slot in 0..GROUP_SLOTS {
                let group = cache.groups[ci][slot];
                if slot >= len {
                    assert!(
                        group.iter().all(|l| l.is_empty()),
                        "free slot {slot} not zero"
                    );
                    assert!(cache.flat[ci][slot].is_empty());
                    continue;
                }
                let k = (0..LEVELS).find(|&k| !group[k].is_empty());
                let Some(k) = k else {
                    panic!("empty group in slot {slot}");
                };
                let mut seed = [B::ZERO; LEVELS];
                seed[k] = B::bit(group[k].lowest());
                let fresh = b.fill(links, c, &seed);
                assert_eq!(group, fresh, "{c:?} group in slot {slot} is stale");
                let flat = fresh.iter().fold(B::ZERO, |a, &l| a | l);
                assert_eq!(cache.flat[ci][slot], flat);
            }
            assert_eq!(cache.spans(b, links, c), b.spans(links, c), "{c:?} spans");
        }
    }

    /// Plays a random game on `start` the way a playout does (placements and steps with their
    /// cascades, steps preferred), keeping the cache through the moves; after every move the
    /// cache is asked for the groups of some random pieces and checked.
    fn random_game<B: GeometryTable>(start: &Board<B>, seed: u64, plies: usize) -> usize {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let mut b = *start;
        let mut cache = GroupCache::new();
        let mut buffers = [Links::new(), Links::new()];
        let mut written = [0usize; 2];
        let mut current = 0;
        crate::playout::fill_links(&b, &mut buffers[0], &mut written[0]);
        let mut drops = 0;
        let mut steps = Vec::new();
        let mut points = [(0u32, 0u8); LEVELS];
        for _ in 0..plies {
            let links = &buffers[current];
            // Ask for the groups of a few random uncovered pieces of both colours.
            for c in Color::ALL {
                for _ in 0..3 {
                    let k = rng.random_range(0..usize::from(b.height.max(1)));
                    let pieces = links.uncovered[c.index()][k];
                    if pieces.count() > 0 {
                        let i = pieces.nth_one(rng.random_range(0..pieces.count()));
                        let (slot, _) = cache.slot_of(&b, links, c, i, k);
                        assert!(cache.group(c, slot)[k].has(i));
                    }
                }
            }
            agrees(&mut cache, &b, links);
            b.step_sets(links, b.turn, &mut steps);
            let holes = if b.piles[b.turn] > 0 {
                b.empty_holes()
            } else {
                B::ZERO
            };
            let mover = b.turn;
            if steps.is_empty() && holes.is_empty() {
                break;
            }
            current ^= 1;
            if !steps.is_empty() && (holes.is_empty() || rng.random_bool(0.7)) {
                let set = steps[rng.random_range(0..steps.len())];
                let n = rng.random_range(0..set.count);
                let mut to = (0, 0);
                let mut left = n;
                for (k, level) in set.to.iter().enumerate() {
                    if left < level.count() {
                        to = (level.nth_one(left), k as u8);
                        break;
                    }
                    left -= level.count();
                }
                let before_move = b;
                let (color, len) = b.lift_points(set.from.0, usize::from(set.from.1), &mut points);
                b.land(color, to.0, usize::from(to.1));
                drops += len - 1;
                let top_changed = usize::from(points[len - 1].1).max(usize::from(to.1));
                // Nothing changed above the level the playout reports.
                for k in top_changed + 1..LEVELS {
                    assert_eq!(before_move.pieces[0][k], b.pieces[0][k]);
                    assert_eq!(before_move.pieces[1][k], b.pieces[1][k]);
                }
                let [first, second] = &mut buffers;
                let (links, before) = if current == 0 {
                    (first, &*second)
                } else {
                    (second, &*first)
                };
                crate::playout::fill_links(&b, links, &mut written[current]);
                cache.stepped(&b, before, links, top_changed);
            } else {
                let i = holes.nth_one(rng.random_range(0..holes.count()));
                b.place(i);
                crate::playout::fill_links(&b, &mut buffers[current], &mut written[current]);
                cache.placed(&b, mover, i);
            }
            // Levels above the board's height are zero in the links buffer.
            let links = &buffers[current];
            let fresh = b.links();
            for k in 0..usize::from(b.height) {
                for c in 0..2 {
                    assert_eq!(
                        links.uncovered[c][k], fresh.uncovered[c][k],
                        "uncovered {c} {k}"
                    );
                    assert_eq!(links.east[c][k], fresh.east[c][k], "east {c} {k}");
                    assert_eq!(links.north[c][k], fresh.north[c][k], "north {c} {k}");
                }
            }
            for k in usize::from(b.height)..LEVELS {
                assert!(links.uncovered[0][k].is_empty() && links.east[1][k].is_empty());
            }
        }
        agrees(&mut cache, &b, &buffers[current]);
        drops
    }

    #[test]
    fn kept_groups_equal_fresh_fills_with_cascades() {
        let mut drops = 0;
        for (size, seed) in [(4u8, 1u64), (5, 2), (6, 3), (8, 4), (8, 5), (9, 6), (10, 7)] {
            let start = Position::start(size, default_pile(size)).unwrap_or_default();
            for game in 0..6 {
                drops += with_board!(start, b => random_game(b, seed * 100 + game, 250));
            }
        }
        assert!(drops > 50, "the games exercised cascades ({drops} drops)");
    }

    #[test]
    fn a_cleared_cache_knows_nothing() {
        let start = Position::start(5, 12).unwrap_or_default();
        with_board!(start, b => {
            let mut cache = GroupCache::new();
            let links = b.links();
            assert!(!cache.spans(b, &links, Color::Black));
            cache.clear();
            assert!(cache.known(Color::Black).is_empty());
        });
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn kept_groups_equal_fresh_fills(size in 3u8..=10, seed in any::<u64>()) {
            let start = Position::start(size, default_pile(size)).unwrap_or_default();
            with_board!(start, b => { random_game(b, seed, 200); });
        }
    }
}
