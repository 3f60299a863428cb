//! The bitboard core: pieces by level, covering, crossings, groups, legal steps and cascades.
//!
//! Everything here is generic over [`Bits`], so an 8 × 8 board runs on `u64` levels and a
//! 16 × 16 board on 256-bit levels. [`crate::Position`] wraps the two instantiations.

// Levels are indexed in step across several arrays at once; index loops read best here.
#![allow(clippy::needless_range_loop)]

use crate::bits::{Bits, Geometry, GeometryTable};
use crate::color::{ByColor, Color};
use crate::point::Point;
use crate::zobrist;

/// The most levels any board has.
pub(crate) const LEVELS: usize = 16;

/// One bit set per level.
pub(crate) type Levels<B> = [B; LEVELS];

/// A board with the side to move and both piles. Not validated by itself: the constructors
/// in [`crate::Position`] are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Board<B> {
    pub size: u8,
    /// Levels `0..height` may hold pieces; every level from `height` up is empty.
    pub height: u8,
    /// `pieces[colour][level]`.
    pub pieces: [Levels<B>; 2],
    pub turn: Color,
    pub piles: ByColor<u16>,
    /// Zobrist hash of the pieces, the side to move and the piles, kept up to date by every
    /// change (see [`crate::zobrist`]).
    pub hash: u64,
}

/// Covering and live links of one board, for both colours. Levels at and above the board's
/// height hold nothing meaningful.
#[derive(Clone, Debug)]
pub(crate) struct Links<B> {
    /// Pieces of each colour that are not covered.
    pub uncovered: [Levels<B>; 2],
    /// Live links from `(x, y)` to `(x + 1, y)`, by colour and level.
    pub east: [Levels<B>; 2],
    /// Live links from `(x, y)` to `(x, y + 1)`, by colour and level.
    pub north: [Levels<B>; 2],
}

impl<B: Bits> Links<B> {
    /// All empty; filled by [`Board::links_into`].
    pub fn new() -> Self {
        let zero = [B::ZERO; LEVELS];
        Links {
            uncovered: [zero; 2],
            east: [zero; 2],
            north: [zero; 2],
        }
    }
}

/// The cascade of a step: `points[0]` is the moving piece's point, each next one the single
/// point resting on the one before.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Chain<B> {
    pub points: [(u32, u8); LEVELS],
    pub len: usize,
    pub mask: Levels<B>,
}

impl<B: Bits> Chain<B> {
    /// The chain's points, `c0` first.
    pub fn points(&self) -> &[(u32, u8)] {
        &self.points[..self.len]
    }
}

/// Every destination of one movable piece.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StepSet<B> {
    pub from: (u32, u8),
    pub to: Levels<B>,
    pub count: u32,
}

/// Why a piece cannot step at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Immobile {
    HoldsUp(u8),
    Covered,
    Alone,
}

impl<B: GeometryTable> Board<B> {
    /// An empty board.
    pub fn empty(size: u8, turn: Color, piles: ByColor<u16>) -> Self {
        Board {
            size,
            height: 0,
            pieces: [[B::ZERO; LEVELS]; 2],
            turn,
            piles,
            hash: zobrist::turn(turn)
                ^ zobrist::pile(Color::Black, piles.black)
                ^ zobrist::pile(Color::White, piles.white),
        }
    }

    #[inline]
    pub fn geometry(&self) -> &'static Geometry<B> {
        B::geometry(self.size)
    }

    #[inline]
    pub fn index(p: Point) -> u32 {
        u32::from(p.x()) + B::STRIDE * u32::from(p.y())
    }

    #[inline]
    pub fn point(index: u32, level: u8) -> Point {
        // Both parts are below 16 for every supported size.
        Point::new((index % B::STRIDE) as u8, (index / B::STRIDE) as u8, level)
    }

    #[inline]
    pub fn occupied(&self, k: usize) -> B {
        self.pieces[0][k] | self.pieces[1][k]
    }

    pub fn get(&self, p: Point) -> Option<Color> {
        let k = usize::from(p.level());
        let i = Self::index(p);
        if self.pieces[0][k].has(i) {
            Some(Color::Black)
        } else if self.pieces[1][k].has(i) {
            Some(Color::White)
        } else {
            None
        }
    }

    #[inline]
    fn get_at(&self, index: u32, k: usize) -> Option<Color> {
        if self.pieces[0][k].has(index) {
            Some(Color::Black)
        } else if self.pieces[1][k].has(index) {
            Some(Color::White)
        } else {
            None
        }
    }

    #[inline]
    fn set_at(&mut self, index: u32, k: usize, color: Option<Color>) {
        if let Some(old) = self.get_at(index, k) {
            self.hash ^= zobrist::piece(old, k, index);
        }
        if let Some(new) = color {
            self.hash ^= zobrist::piece(new, k, index);
        }
        let bit = B::bit(index);
        self.pieces[0][k] &= !bit;
        self.pieces[1][k] &= !bit;
        if let Some(c) = color {
            self.pieces[c.index()][k] |= bit;
        }
    }

    /// Puts `color` (or nothing) on `p` and keeps `height` right. No rule is checked.
    pub fn put(&mut self, p: Point, color: Option<Color>) {
        self.set_at(Self::index(p), usize::from(p.level()), color);
        self.fix_height();
    }

    #[inline]
    fn fix_height(&mut self) {
        // Only `put` can add a piece above the current height.
        let mut h = usize::from(self.size);
        while h > 0 && self.occupied(h - 1).is_empty() {
            h -= 1;
        }
        self.height = h as u8;
    }

    /// Number of pieces of `color` on the board.
    pub fn count(&self, color: Color) -> u32 {
        self.pieces[color.index()].iter().map(|l| l.count()).sum()
    }

    /// Covering and crossings (RULES section 3).
    pub fn links(&self) -> Links<B> {
        let mut links = Links::new();
        self.links_into(&mut links);
        links
    }

    /// As [`Board::links`], into a buffer that is reused from move to move.
    pub fn links_into(&self, links: &mut Links<B>) {
        // The usual heights get copies with a fixed number of levels, whose loop unrolls.
        match self.height {
            1 => self.links_of_levels::<1>(links),
            2 => self.links_of_levels::<2>(links),
            3 => self.links_of_levels::<3>(links),
            _ => self.links_of_levels::<LEVELS>(links),
        }
    }

    /// [`Board::links_into`] on a board of height `H` (`LEVELS` for any height).
    #[inline]
    fn links_of_levels<const H: usize>(&self, links: &mut Links<B>) {
        let g = self.geometry();
        let h = if H < LEVELS {
            H
        } else {
            usize::from(self.height)
        };
        let s = B::STRIDE;
        // One pass from the top down. Covering: the topmost piece of each column prevails.
        // Crossings: at each midpoint of a level-0 edge the highest live candidate link
        // decides the colour.
        //
        // The topmost pieces of the columns through each level (all and black ones), for the
        // two levels above the current one: `[k + 1, k + 2]`.
        let mut top_black = [B::ZERO; 2];
        let mut top_any = [B::ZERO; 2];
        // Midpoints of horizontal and of vertical level-0 edges that a link of each colour
        // holds, in edge space.
        let mut dom_h = [B::ZERO; 2];
        let mut dom_v = [B::ZERO; 2];
        for k in (0..h).rev() {
            let above_black = (top_black[1] << (s + 1)) & g.level[k];
            let above_any = (top_any[1] << (s + 1)) & g.level[k];
            let black = self.pieces[0][k];
            let white = self.pieces[1][k];
            top_any = [above_any | black | white, top_any[0]];
            top_black = [above_black | (black & !above_any), top_black[0]];
            let above_white = above_any & !above_black;
            let u = [black & !above_white, white & !above_black];
            links.uncovered[0][k] = u[0];
            links.uncovered[1][k] = u[1];
            let east = [u[0] & g.west(u[0]), u[1] & g.west(u[1])];
            let north = [u[0] & g.south(u[0]), u[1] & g.south(u[1])];
            // On even levels east links lie over horizontal edges, on odd ones north links;
            // and their shifts into edge space.
            let m = (k / 2) as u32 * (s + 1);
            let even = k % 2 == 0;
            let (h_shift, v_shift) = if even { (m, m) } else { (m + s, m + 1) };
            let (over_h, over_v) = if even { (east, north) } else { (north, east) };
            let ch = [over_h[0] << h_shift, over_h[1] << h_shift];
            let cv = [over_v[0] << v_shift, over_v[1] << v_shift];
            let free_h = !(dom_h[0] | dom_h[1]);
            let free_v = !(dom_v[0] | dom_v[1]);
            let live_h = [
                (ch[0] & !dom_h[1]) >> h_shift,
                (ch[1] & !dom_h[0]) >> h_shift,
            ];
            let live_v = [
                (cv[0] & !dom_v[1]) >> v_shift,
                (cv[1] & !dom_v[0]) >> v_shift,
            ];
            dom_h = [dom_h[0] | (ch[0] & free_h), dom_h[1] | (ch[1] & free_h)];
            dom_v = [dom_v[0] | (cv[0] & free_v), dom_v[1] | (cv[1] & free_v)];
            let (live_east, live_north) = if even {
                (live_h, live_v)
            } else {
                (live_v, live_h)
            };
            for c in 0..2 {
                links.east[c][k] = live_east[c];
                links.north[c][k] = live_north[c];
            }
        }
    }

    /// Brings `links`, those of this board just before `c` placed a marble on hole `index`,
    /// up to date after the placement (by [`Board::place`]).
    ///
    /// The hole was empty, so no piece stands over it (each would rest on it, through its
    /// supports): the marble is uncovered, covers nothing, and no higher link passes over its
    /// edges. Only its own level-0 links appear, all live, and nothing else changes.
    pub fn links_after_place(&self, links: &mut Links<B>, c: Color, index: u32) {
        let g = self.geometry();
        let c = c.index();
        let bit = B::bit(index);
        let mine = links.uncovered[c][0] | bit;
        links.uncovered[c][0] = mine;
        links.east[c][0] |= (bit & g.west(mine)) | (g.west(bit) & mine);
        links.north[c][0] |= (bit & g.south(mine)) | (g.south(bit) & mine);
    }

    /// Everything of colour `c` connected to `seed` through live links (the seed included,
    /// as far as it is uncovered). `seed` holds pieces: nothing at or above the height.
    pub fn fill(&self, links: &Links<B>, c: Color, seed: &Levels<B>) -> Levels<B> {
        let mut reach = *seed;
        self.fill_in_place(links, c, &mut reach);
        reach
    }

    /// Spreads `reach` (on entry the seed, some pieces: nothing at or above the height) over
    /// live links of colour `c`, in place.
    pub fn fill_in_place(&self, links: &Links<B>, c: Color, reach: &mut Levels<B>) {
        let g = self.geometry();
        let h = usize::from(self.height);
        let c = c.index();
        let uncovered = &links.uncovered[c];
        // Spreads along straight runs of links in all four directions at once (Kogge-Stone
        // fills: shifts by 1, 2, 4, ... rows or columns), repeated until nothing changes, so
        // a round costs the same whatever the length of the runs.
        let spread = |k: usize, mut x: B| -> B {
            let east = links.east[c][k];
            let north = links.north[c][k];
            let s = B::STRIDE;
            if (east | north).is_empty() {
                return x;
            }
            let step = |x: B| -> B {
                x | ((x & east) << 1) | ((x >> 1) & east) | ((x & north) << s) | ((x >> s) & north)
            };
            // Often nothing is new on this level: one single step tells, before the long
            // shifts are set up.
            let first = step(x);
            if first == x {
                return x;
            }
            x = first;
            if B::STRIDE <= 8 {
                // A 64-point level: plain single steps cost less than setting up the long
                // shifts for the short paths of most groups.
                loop {
                    let y = step(x);
                    if y == x {
                        return x;
                    }
                    x = y;
                }
            }
            // Points that can be entered from the west, east, south and north neighbour, and
            // from 2, 4, 8 points away in a straight line.
            let mut pro = [[B::ZERO; 4]; 4];
            pro[0][0] = east << 1;
            pro[1][0] = east;
            pro[2][0] = north << s;
            pro[3][0] = north;
            let mut rounds = 1;
            let mut shift = 1;
            while (shift << 1) < s {
                let p = pro;
                pro[0][rounds] = p[0][rounds - 1] & (p[0][rounds - 1] << shift);
                pro[1][rounds] = p[1][rounds - 1] & (p[1][rounds - 1] >> shift);
                pro[2][rounds] = p[2][rounds - 1] & (p[2][rounds - 1] << (shift * s));
                pro[3][rounds] = p[3][rounds - 1] & (p[3][rounds - 1] >> (shift * s));
                rounds += 1;
                shift <<= 1;
            }
            loop {
                let (mut ge, mut gw, mut gn, mut gs) = (x, x, x, x);
                let mut shift = 1;
                for r in 0..rounds {
                    ge |= pro[0][r] & (ge << shift);
                    gw |= pro[1][r] & (gw >> shift);
                    gn |= pro[2][r] & (gn << (shift * s));
                    gs |= pro[3][r] & (gs >> (shift * s));
                    shift <<= 1;
                }
                let y = ge | gw | gn | gs;
                // One more single step tells whether a turn leads further.
                let z = step(y);
                if z == y {
                    return y;
                }
                x = z;
            }
        };
        debug_assert!(
            reach[h..].iter().all(|level| level.is_empty()),
            "a seed of pieces holds nothing at or above the height"
        );
        if B::STRIDE <= 8 {
            // On 64-point levels, a few levels in lock step: one loop, one exit to guess.
            match h {
                2 => return self.fill_two_levels(links, c, reach),
                3 => return self.fill_lock_step::<3>(links, c, reach),
                _ => {}
            }
        }
        for k in 0..h {
            reach[k] &= uncovered[k];
        }
        if h <= 1 {
            reach[0] = spread(0, reach[0]);
            return;
        }
        let mut first = true;
        loop {
            // Up: spread each level, then rest on it.
            for k in 0..h {
                let mut x = reach[k];
                if k > 0 {
                    x |= uncovered[k] & g.resting_on_any(reach[k - 1], k - 1);
                }
                if (first && !x.is_empty()) || x != reach[k] {
                    reach[k] = spread(k, x);
                }
            }
            first = false;
            // Down: reach the supports of what was reached above.
            let mut changed = false;
            for k in (0..h - 1).rev() {
                let x = reach[k] | (uncovered[k] & g.supports_of(reach[k + 1], k));
                if x != reach[k] {
                    reach[k] = spread(k, x);
                    changed = true;
                }
            }
            if !changed {
                return;
            }
        }
    }

    /// As [`Board::fill_in_place`] on a board of height 1, for colour index `c`: single
    /// steps until nothing is new.
    #[inline]
    pub(crate) fn fill_one_level(&self, links: &Links<B>, c: usize, reach: &mut Levels<B>) {
        let s = B::STRIDE;
        let (east, north) = (links.east[c][0], links.north[c][0]);
        let mut x = reach[0] & links.uncovered[c][0];
        loop {
            let y =
                x | ((x & east) << 1) | ((x >> 1) & east) | ((x & north) << s) | ((x >> s) & north);
            if y == x {
                break;
            }
            x = y;
        }
        reach[0] = x;
    }

    /// As [`Board::fill_in_place`] on a board of height 2, for colour index `c`: each level is
    /// spread to its end by single steps before the fill crosses to the other level, so a
    /// step costs one level's work, not both (level 1 holds few pieces; the lock step paid
    /// for it in every round).
    #[inline]
    pub(crate) fn fill_two_levels(&self, links: &Links<B>, c: usize, reach: &mut Levels<B>) {
        let s = B::STRIDE;
        let (east0, north0, uncovered0) =
            (links.east[c][0], links.north[c][0], links.uncovered[c][0]);
        let (east1, north1, uncovered1) =
            (links.east[c][1], links.north[c][1], links.uncovered[c][1]);
        let spread = |mut x: B, east: B, north: B| -> B {
            loop {
                let y = x
                    | ((x & east) << 1)
                    | ((x >> 1) & east)
                    | ((x & north) << s)
                    | ((x >> s) & north);
                if y == x {
                    return x;
                }
                x = y;
            }
        };
        let mut x0 = reach[0] & uncovered0;
        let mut x1 = reach[1] & uncovered1;
        if !x1.is_empty() {
            x1 = spread(x1, east1, north1);
            x0 |= (x1 | x1 << 1 | x1 << s | x1 << (s + 1)) & uncovered0;
        }
        loop {
            x0 = spread(x0, east0, north0);
            // Up: the level-1 pieces resting on what was reached (cut to the level's shape
            // by `uncovered1`).
            let up = (x0 | x0 >> 1 | x0 >> s | x0 >> (s + 1)) & uncovered1 & !x1;
            if up.is_empty() {
                break;
            }
            x1 = spread(x1 | up, east1, north1);
            // Down: the supports of what was reached above.
            let down = (x1 | x1 << 1 | x1 << s | x1 << (s + 1)) & uncovered0 & !x0;
            if down.is_empty() {
                break;
            }
            x0 |= down;
        }
        reach[0] = x0;
        reach[1] = x1;
    }

    /// As [`Board::fill_in_place`] on a board of height `H`, for colour index `c`: each round takes one single step along the
    /// links of every level and between levels, until a round adds nothing.
    #[inline]
    fn fill_lock_step<const H: usize>(&self, links: &Links<B>, c: usize, reach: &mut Levels<B>) {
        let s = B::STRIDE;
        let east: [B; H] = std::array::from_fn(|k| links.east[c][k]);
        let north: [B; H] = std::array::from_fn(|k| links.north[c][k]);
        let uncovered: [B; H] = std::array::from_fn(|k| links.uncovered[c][k]);
        let mut x: [B; H] = std::array::from_fn(|k| reach[k] & uncovered[k]);
        loop {
            let mut new = B::ZERO;
            for k in 0..H {
                let v = x[k];
                // Points resting on the level below and supports of the level above, not
                // cut to the level's shape: `uncovered` does that below.
                let mut between = B::ZERO;
                if k > 0 {
                    let b = x[k - 1];
                    between |= b | b >> 1 | b >> s | b >> (s + 1);
                }
                if k + 1 < H {
                    let a = x[k + 1];
                    between |= a | a << 1 | a << s | a << (s + 1);
                }
                let y = v
                    | ((v & east[k]) << 1)
                    | ((v >> 1) & east[k])
                    | ((v & north[k]) << s)
                    | ((v >> s) & north[k])
                    | (between & uncovered[k]);
                new |= y & !v;
                x[k] = y;
            }
            if new.is_empty() {
                break;
            }
        }
        reach[..H].copy_from_slice(&x);
    }

    /// The level-0 edges of colour `c`: (start edge, far edge).
    #[inline]
    pub fn edges(&self, c: Color) -> (B, B) {
        let g = self.geometry();
        match c {
            Color::Black => (g.bottom_row, g.top_row),
            Color::White => (g.left_column, g.right_column),
        }
    }

    /// Whether colour `c` spans (RULES section 3).
    pub fn spans(&self, links: &Links<B>, c: Color) -> bool {
        let (start, end) = self.edges(c);
        let ci = c.index();
        // Only a piece with a live link can be part of a span: the sides are at least 3, so
        // no piece lies on both edges of a colour.
        let east = links.east[ci][0];
        let north = links.north[ci][0];
        let mut linked = east | (east << 1) | north | (north << B::STRIDE);
        if self.height > 1 {
            linked |= self.geometry().supports_of(links.uncovered[ci][1], 0);
        }
        let linked = linked & links.uncovered[ci][0];
        let seeds = linked & start;
        if seeds.is_empty() || (linked & end).is_empty() {
            return false;
        }
        let mut seed = [B::ZERO; LEVELS];
        seed[0] = seeds;
        let reached = self.fill(links, c, &seed);
        !(reached[0] & end).is_empty()
    }

    /// Which colour spans, if any.
    pub fn spanner(&self, links: &Links<B>) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.spans(links, c))
    }

    /// The pieces resting directly on `(index, k)`, with the geometry at hand.
    #[inline]
    fn above_in(&self, g: &Geometry<B>, index: u32, k: usize) -> B {
        if k + 1 >= usize::from(self.height) {
            return B::ZERO;
        }
        g.resting_on_any(B::bit(index), k) & self.occupied(k + 1)
    }

    /// The cascade chain starting at `(index, k)`; `None` if the piece holds up two or more.
    pub fn chain(&self, index: u32, k: usize) -> Result<Chain<B>, u8> {
        let mut chain = Chain {
            points: [(0, 0); LEVELS],
            len: 1,
            mask: [B::ZERO; LEVELS],
        };
        chain.points[0] = (index, k as u8);
        chain.mask[k] = B::bit(index);
        let g = self.geometry();
        let first = self.above_in(g, index, k);
        match first.count() {
            0 => return Ok(chain),
            1 => {}
            n => return Err(n as u8),
        }
        let mut current = first;
        let mut level = k + 1;
        loop {
            let i = current.lowest();
            chain.points[chain.len] = (i, level as u8);
            chain.len += 1;
            chain.mask[level] |= current;
            // The geometry guarantees at most one piece above each later link of the chain.
            let next = self.above_in(g, i, level);
            if next.is_empty() {
                return Ok(chain);
            }
            current = B::bit(next.lowest());
            level += 1;
        }
    }

    /// The destinations of the piece at `from` whose connected group (without the piece) is
    /// `group`, given its chain.
    pub fn destinations_for(&self, group: &Levels<B>, chain: &Chain<B>) -> Levels<B> {
        let g = self.geometry();
        let n = usize::from(self.size);
        let top = (usize::from(self.height) + 1).min(n);
        let mut stay = [B::ZERO; LEVELS];
        let mut any = B::ZERO;
        for k in 0..usize::from(self.height) {
            stay[k] = group[k] & !chain.mask[k];
            any |= stay[k];
        }
        let mut dest = [B::ZERO; LEVELS];
        if any.is_empty() {
            return dest;
        }
        for k in 0..top {
            let mut touch = g.neighbours(stay[k], k);
            if k > 0 {
                touch |= g.resting_on_any(stay[k - 1], k - 1);
            }
            let mut d = touch & g.level[k] & !self.occupied(k);
            if k > 0 && !d.is_empty() {
                d &= g.resting_on_all(self.occupied(k - 1) & !chain.mask[k - 1], k - 1);
            }
            dest[k] = d;
        }
        dest
    }

    /// Every legal step of colour `c`, one entry per movable piece that has destinations.
    pub fn step_sets(&self, links: &Links<B>, c: Color, out: &mut Vec<StepSet<B>>) {
        out.clear();
        let h = usize::from(self.height);
        let g = self.geometry();
        let mut remaining = links.uncovered[c.index()];
        let mut blocked = [B::ZERO; LEVELS];
        for k in 0..h.saturating_sub(1) {
            blocked[k] = g.held_up_twice(self.occupied(k + 1), k);
        }
        for k in 0..h {
            while !remaining[k].is_empty() {
                let mut seed = [B::ZERO; LEVELS];
                seed[k] = B::bit(remaining[k].lowest());
                let component = self.fill(links, c, &seed);
                for j in k..h {
                    remaining[j] &= !component[j];
                }
                let size: u32 = component[..h].iter().map(|l| l.count()).sum();
                if size < 2 {
                    continue;
                }
                for j in 0..h {
                    for i in (component[j] & !blocked[j]).ones() {
                        let Ok(chain) = self.chain(i, j) else {
                            continue;
                        };
                        let to = self.destinations_for(&component, &chain);
                        let count: u32 = to.iter().map(|l| l.count()).sum();
                        if count > 0 {
                            out.push(StepSet {
                                from: (i, j as u8),
                                to,
                                count,
                            });
                        }
                    }
                }
            }
        }
    }

    /// The cascade chain of `(index, k)` as plain points into `out`, `c0` first; its length,
    /// or the number of marbles the piece holds up when that is more than one.
    // Always inlined: the playouts call it for every step they try and play, and as a call it
    // cost 3 % of a playout's instructions.
    #[inline(always)]
    pub fn chain_points(
        &self,
        index: u32,
        k: usize,
        out: &mut [(u32, u8); LEVELS],
    ) -> Result<usize, u8> {
        let g = self.geometry();
        out[0] = (index, k as u8);
        let first = self.above_in(g, index, k);
        match first.count() {
            0 => return Ok(1),
            1 => {}
            n => return Err(n as u8),
        }
        let mut len = 1;
        let mut current = first.lowest();
        let mut level = k + 1;
        loop {
            out[len] = (current, level as u8);
            len += 1;
            let next = self.above_in(g, current, level);
            if next.is_empty() {
                return Ok(len);
            }
            current = next.lowest();
            level += 1;
        }
    }

    /// Counts the legal steps of colour `c` piece by piece, pushing `(from, count, group)` for
    /// every piece that has any (`group` indexes `groups`), and returns the total. Agrees with
    /// [`Board::step_sets`], faster: the touch set of a group is built once, and each piece
    /// only corrects it for the few points that its chain alone touched or held up.
    pub fn step_counts(
        &self,
        links: &Links<B>,
        c: Color,
        out: &mut Vec<((u32, u8), u32, u16)>,
        groups: &mut Vec<Levels<B>>,
    ) -> u32 {
        out.clear();
        groups.clear();
        let g = self.geometry();
        let h = usize::from(self.height);
        let top = (h + 1).min(usize::from(self.size));
        let mut occupied = [B::ZERO; LEVELS];
        let mut open = [B::ZERO; LEVELS];
        let mut blocked = [B::ZERO; LEVELS];
        for k in 0..top {
            occupied[k] = self.occupied(k);
        }
        for k in 0..top {
            let supported = if k == 0 {
                g.level[0]
            } else {
                g.resting_on_all(occupied[k - 1], k - 1)
            };
            open[k] = supported & !occupied[k];
            if k + 1 < h {
                blocked[k] = g.held_up_twice(occupied[k + 1], k);
            }
        }
        let mut total = 0;
        // Only pieces with at least one live link can have a group to step along.
        let ci = c.index();
        let uncovered = &links.uncovered[ci];
        let mut remaining = [B::ZERO; LEVELS];
        for k in 0..h {
            let east = links.east[ci][k];
            let north = links.north[ci][k];
            let mut linked = east | (east << 1) | north | (north << B::STRIDE);
            if k > 0 {
                linked |= g.resting_on_any(uncovered[k - 1], k - 1);
            }
            if k + 1 < h {
                linked |= g.supports_of(uncovered[k + 1], k);
            }
            remaining[k] = uncovered[k] & linked;
        }
        let mut points = [(0u32, 0u8); LEVELS];
        for k in 0..h {
            while !remaining[k].is_empty() {
                let mut component = [B::ZERO; LEVELS];
                component[k] = B::bit(remaining[k].lowest());
                self.fill_in_place(links, c, &mut component);
                let mut size = 0;
                for j in k..h {
                    remaining[j] &= !component[j];
                    size += component[j].count();
                }
                if size < 2 {
                    continue;
                }
                // Points the group touches, and those it touches through two or more pieces
                // (each shift below stands for a different piece).
                let mut touched = [B::ZERO; LEVELS];
                let mut twice = [B::ZERO; LEVELS];
                let mut base = 0;
                let stride = B::STRIDE;
                for j in 0..top {
                    let here = component[j];
                    let (mut ones, mut twos) = (B::ZERO, B::ZERO);
                    for x in [g.east(here), g.west(here), g.north(here), g.south(here)] {
                        twos |= ones & x;
                        ones |= x;
                    }
                    if j > 0 {
                        let below = component[j - 1];
                        for x in [below, below >> 1, below >> stride, below >> (stride + 1)] {
                            twos |= ones & x;
                            ones |= x;
                        }
                    }
                    touched[j] = ones & open[j];
                    twice[j] = twos & open[j];
                    base += touched[j].count();
                }
                let group_index = groups.len() as u16;
                let mut any = false;
                for j in 0..h {
                    for i in (component[j] & !blocked[j]).ones() {
                        let bit = B::bit(i);
                        let above = if j + 1 < h {
                            g.resting_on_any(bit, j) & occupied[j + 1]
                        } else {
                            B::ZERO
                        };
                        if above.is_empty() {
                            // No cascade: drop the points resting on the piece and those only it
                            // touched.
                            let mut n =
                                base - (g.neighbours(bit, j) & touched[j] & !twice[j]).count();
                            if j + 1 < top {
                                n -= (touched[j + 1] & g.resting_on_any(bit, j)).count();
                            }
                            if n > 0 {
                                out.push(((i, j as u8), n, group_index));
                                total += n;
                                any = true;
                            }
                            continue;
                        }
                        let Ok(len) = self.chain_points(i, j, &mut points) else {
                            continue;
                        };
                        let mut n = base;
                        // Points resting on a chain point lose a support.
                        let mut unsupported = [B::ZERO; LEVELS];
                        for (t, &(ci, cl)) in points[..len].iter().enumerate() {
                            let l = usize::from(cl);
                            if l + 1 < top {
                                unsupported[t] = touched[l + 1] & g.resting_on_any(B::bit(ci), l);
                                n -= unsupported[t].count();
                            }
                        }
                        // Points that only the chain touched are no longer touched.
                        for (t, &(ci, cl)) in points[..len].iter().enumerate() {
                            let l = usize::from(cl);
                            let chain_bit = B::bit(ci);
                            let below_chain = if t > 0 {
                                B::bit(points[t - 1].0)
                            } else {
                                B::ZERO
                            };
                            let mut lost = g.neighbours(chain_bit, l) & touched[l];
                            if t > 0 {
                                lost &= !unsupported[t - 1];
                            }
                            for q in lost.ones() {
                                let q_bit = B::bit(q);
                                let beside = g.neighbours(q_bit, l) & component[l] & !chain_bit;
                                let below = l > 0
                                    && !(g.supports_of(q_bit, l - 1)
                                        & component[l - 1]
                                        & !below_chain)
                                        .is_empty();
                                if beside.is_empty() && !below {
                                    n -= 1;
                                }
                            }
                        }
                        if n > 0 {
                            out.push(((i, j as u8), n, group_index));
                            total += n;
                            any = true;
                        }
                    }
                }
                if any {
                    groups.push(component);
                }
            }
        }
        total
    }

    /// The exact destinations of the piece at `(index, k)` whose group is `group`.
    pub fn destinations_in(&self, group: &Levels<B>, index: u32, k: usize) -> Levels<B> {
        match self.chain(index, k) {
            Ok(chain) => self.destinations_for(group, &chain),
            Err(_) => [B::ZERO; LEVELS],
        }
    }

    /// The destinations of one piece, or why it cannot step at all.
    pub fn destinations(
        &self,
        links: &Links<B>,
        index: u32,
        k: usize,
    ) -> Result<Levels<B>, Immobile> {
        let chain = self.chain(index, k).map_err(Immobile::HoldsUp)?;
        let Some(c) = self.get_at(index, k) else {
            return Err(Immobile::Alone);
        };
        if !links.uncovered[c.index()][k].has(index) {
            return Err(Immobile::Covered);
        }
        let mut seed = [B::ZERO; LEVELS];
        seed[k] = B::bit(index);
        let mut group = self.fill(links, c, &seed);
        group[k] &= !B::bit(index);
        if group.iter().all(|l| l.is_empty()) {
            return Err(Immobile::Alone);
        }
        Ok(self.destinations_for(&group, &chain))
    }

    /// Number of empty holes.
    #[inline]
    pub fn empty_holes(&self) -> B {
        self.geometry().level[0] & !self.occupied(0)
    }

    /// Places a marble of the side to move on hole `index`, takes it from the pile and passes
    /// the turn. No rule is checked.
    pub fn place(&mut self, index: u32) {
        let c = self.turn;
        self.pieces[c.index()][0] |= B::bit(index);
        let pile = self.piles[c].saturating_sub(1);
        self.hash ^= zobrist::piece(c, 0, index)
            ^ zobrist::pile(c, self.piles[c])
            ^ zobrist::pile(c, pile)
            ^ zobrist::WHITE_TO_MOVE;
        self.piles[c] = pile;
        if self.height == 0 {
            self.height = 1;
        }
        self.turn = c.other();
    }

    /// Lifts the piece at `(index, k)` and lets its chain fall. Returns the piece's colour and
    /// the chain. No rule is checked; the piece must hold up at most one marble.
    pub fn lift(&mut self, index: u32, k: usize) -> (Option<Color>, Chain<B>) {
        let mut chain = Chain {
            points: [(0, 0); LEVELS],
            len: 1,
            mask: [B::ZERO; LEVELS],
        };
        let (color, len) = self.lift_points(index, k, &mut chain.points);
        chain.len = len;
        for &(i, l) in &chain.points[..len] {
            chain.mask[usize::from(l)] |= B::bit(i);
        }
        (color, chain)
    }

    /// As [`Board::lift`] without building the chain's masks: the chain's points go to
    /// `points` and its length is returned with the piece's colour.
    #[inline]
    pub fn lift_points(
        &mut self,
        index: u32,
        k: usize,
        points: &mut [(u32, u8); LEVELS],
    ) -> (Option<Color>, usize) {
        let len = self.chain_points(index, k, points).unwrap_or_else(|_| {
            points[0] = (index, k as u8);
            1
        });
        (self.lift_chain(&points[..len]), len)
    }

    /// Lifts the piece at `points[0]` and lets the rest of its chain, `points` (from
    /// [`Board::chain_points`]), fall. Returns the piece's colour. No rule is checked.
    #[inline]
    pub fn lift_chain(&mut self, points: &[(u32, u8)]) -> Option<Color> {
        let &(index, k) = points.first()?;
        let color = self.get_at(index, usize::from(k));
        let len = points.len();
        for w in 0..len - 1 {
            let (to_i, to_k) = points[w];
            let (from_i, from_k) = points[w + 1];
            let dropping = self.get_at(from_i, usize::from(from_k));
            self.set_at(to_i, usize::from(to_k), dropping);
        }
        let (last_i, last_k) = points[len - 1];
        self.set_at(last_i, usize::from(last_k), None);
        if usize::from(last_k) + 1 == usize::from(self.height)
            && self.occupied(usize::from(last_k)).is_empty()
        {
            self.fix_height();
        }
        color
    }

    /// As [`Board::lift_chain`] for a piece of the side to move, whose colour is known: a
    /// piece that holds nothing up is lifted without looking up its colour.
    #[inline]
    pub fn lift_own(&mut self, points: &[(u32, u8)]) -> Color {
        let mover = self.turn;
        if let [(index, k)] = *points {
            let k = usize::from(k);
            debug_assert!(
                self.pieces[mover.index()][k].has(index),
                "a piece of the mover"
            );
            self.pieces[mover.index()][k] &= !B::bit(index);
            self.hash ^= zobrist::piece(mover, k, index);
            if k + 1 == usize::from(self.height) && self.occupied(k).is_empty() {
                self.fix_height();
            }
        } else {
            self.lift_chain(points);
        }
        mover
    }

    /// Completes a step after [`Board::lift`]: lands the piece and passes the turn.
    pub fn land(&mut self, color: Option<Color>, index: u32, k: usize) {
        self.set_at(index, k, color);
        if k + 1 > usize::from(self.height) {
            self.height = (k + 1) as u8;
        }
        self.turn = self.turn.other();
        self.hash ^= zobrist::WHITE_TO_MOVE;
    }

    /// Steps the piece at `from` to `to`, with its cascade, and passes the turn. No rule is
    /// checked.
    pub fn step(&mut self, from: (u32, u8), to: (u32, u8)) -> Chain<B> {
        let (color, chain) = self.lift(from.0, usize::from(from.1));
        self.land(color, to.0, usize::from(to.1));
        chain
    }

    /// Every piece is supported.
    pub fn all_supported(&self) -> bool {
        let g = self.geometry();
        (1..usize::from(self.size)).all(|k| {
            let supported = g.resting_on_all(self.occupied(k - 1), k - 1);
            (self.occupied(k) & !supported).is_empty()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(size: u8) -> Board<u64> {
        Board::empty(
            size,
            Color::Black,
            ByColor {
                black: 10,
                white: 10,
            },
        )
    }

    fn at(x: u8, y: u8, k: u8) -> Point {
        Point::new(x, y, k)
    }

    #[test]
    fn a_piece_with_an_enemy_two_levels_up_is_covered() {
        let mut b = board(5);
        for x in 0..3 {
            for y in 0..3 {
                b.put(at(x, y, 0), Some(Color::Black));
            }
        }
        for x in 0..2 {
            for y in 0..2 {
                b.put(at(x, y, 1), Some(Color::Black));
            }
        }
        b.put(at(0, 0, 2), Some(Color::White));
        let links = b.links();
        // (1,1,0) sits under (0,0,2): covered. The corner (0,0,0) is not.
        assert!(!links.uncovered[0][0].has(Board::<u64>::index(at(1, 1, 0))));
        assert!(links.uncovered[0][0].has(Board::<u64>::index(at(0, 0, 0))));
        // Level 1 pieces are in other columns and stay uncovered.
        assert_eq!(links.uncovered[0][1].count(), 4);
    }

    #[test]
    fn level_one_link_cuts_level_zero_link_below() {
        // White (1,0,0)-(1,1,0) vertical link crosses the H-edge? No: it is over the V-edge
        // (1,0)-(1,1). A black level-1 east link (0,0,1)-(1,0,1) lies over the same midpoint.
        let mut b = board(4);
        b.put(at(1, 0, 0), Some(Color::White));
        b.put(at(1, 1, 0), Some(Color::White));
        for p in [at(0, 0, 0), at(0, 1, 0), at(2, 0, 0), at(2, 1, 0)] {
            b.put(p, Some(Color::Black));
        }
        b.put(at(0, 0, 1), Some(Color::Black));
        b.put(at(1, 0, 1), Some(Color::Black));
        let links = b.links();
        assert!(links.uncovered[1][0].has(Board::<u64>::index(at(1, 0, 0))));
        assert!(
            !links.north[1][0].has(Board::<u64>::index(at(1, 0, 0))),
            "white link is severed"
        );
        assert!(
            links.east[0][1].has(Board::<u64>::index(at(0, 0, 1))),
            "black link lives"
        );
    }

    #[test]
    fn chain_follows_the_single_piece_above() {
        let mut b = board(5);
        for x in 0..3 {
            for y in 0..3 {
                b.put(at(x, y, 0), Some(Color::Black));
            }
        }
        b.put(at(1, 1, 1), Some(Color::White));
        b.put(at(0, 0, 1), Some(Color::White));
        // (2,2,0) holds up only (1,1,1).
        let chain = b.chain(Board::<u64>::index(at(2, 2, 0)), 0).ok();
        assert_eq!(chain.map(|c| c.len), Some(2));
        // (1,1,0) holds up both.
        assert_eq!(b.chain(Board::<u64>::index(at(1, 1, 0)), 0).err(), Some(2));
    }

    #[test]
    fn links_after_a_placement_match_fresh_ones() {
        // Random games with steps up and cascades: after every placement the links brought
        // up to date equal those computed from scratch, on both level widths.
        use crate::moves::Move;
        use crate::position::{default_pile, Inner, Position};
        use ethnum::U256;
        use rand::{Rng, SeedableRng};
        fn check<B: GeometryTable>(before: &Board<B>, index: u32) -> bool {
            let mut links = before.links();
            let mut after = *before;
            after.place(index);
            after.links_after_place(&mut links, before.turn, index);
            let fresh = after.links();
            let h = usize::from(after.height);
            (0..2).all(|c| {
                links.uncovered[c][..h] == fresh.uncovered[c][..h]
                    && links.east[c][..h] == fresh.east[c][..h]
                    && links.north[c][..h] == fresh.north[c][..h]
            })
        }
        let mut rng = rand::rngs::SmallRng::seed_from_u64(37);
        let mut checked = 0;
        for size in [3u8, 4, 5, 6, 8, 9, 12] {
            for _ in 0..6 {
                let mut position = Position::start(size, default_pile(size)).unwrap_or_default();
                for _ in 0..200 {
                    let moves = position.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    for mv in moves.iter().filter(|m| m.is_place()) {
                        let Move::Place(p) = *mv else { continue };
                        let ok = match &position.inner {
                            Inner::Small(b) => check(b, Board::<u64>::index(p)),
                            Inner::Large(b) => check(b, Board::<U256>::index(p)),
                        };
                        assert!(ok, "{mv} in {}", position.code());
                        checked += 1;
                    }
                    // Prefer steps, which build up levels.
                    let steps: Vec<Move> =
                        moves.iter().copied().filter(|m| !m.is_place()).collect();
                    let pool = if steps.is_empty() || rng.random_bool(0.3) {
                        &moves
                    } else {
                        &steps
                    };
                    position.play_unchecked(pool[rng.random_range(0..pool.len())]);
                }
            }
        }
        assert!(checked > 10_000, "{checked} placements");
    }

    #[test]
    fn fills_for_heights_one_and_two_agree_with_the_general_ones() {
        // On boards of height 2, the fill that spreads one level at a time reaches what the
        // lock-step fill reaches, from every single piece and from each colour's edge; on
        // boards of height 1, the one-level fill reaches what the general fill reaches.
        use crate::position::{default_pile, Inner, Position};
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(41);
        let (mut one, mut two) = (0, 0);
        for size in 3..=8u8 {
            for _ in 0..6 {
                let mut position = Position::start(size, default_pile(size)).unwrap_or_default();
                for _ in 0..200 {
                    let moves = position.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    position.play_unchecked(moves[rng.random_range(0..moves.len())]);
                    let Inner::Small(b) = &position.inner else {
                        continue;
                    };
                    if b.height > 2 {
                        continue;
                    }
                    let links = b.links();
                    for c in Color::ALL {
                        let mut seeds = Vec::new();
                        for k in 0..usize::from(b.height) {
                            for i in links.uncovered[c.index()][k].ones() {
                                let mut seed = [0u64; LEVELS];
                                seed[k] = 1 << i;
                                seeds.push(seed);
                            }
                        }
                        let mut edge = [0u64; LEVELS];
                        edge[0] = b.edges(c).0 & b.pieces[c.index()][0];
                        seeds.push(edge);
                        for seed in seeds {
                            let (mut split, mut lock) = (seed, seed);
                            if b.height == 2 {
                                b.fill_two_levels(&links, c.index(), &mut split);
                                b.fill_lock_step::<2>(&links, c.index(), &mut lock);
                                two += 1;
                            } else {
                                b.fill_one_level(&links, c.index(), &mut split);
                                b.fill_in_place(&links, c, &mut lock);
                                one += 1;
                            }
                            assert_eq!(split, lock, "{}", position.code());
                        }
                    }
                }
            }
        }
        assert!(one > 1000 && two > 1000, "{one} and {two} fills");
    }

    #[test]
    fn fills_agree_on_both_level_widths() {
        // Boards up to 8 × 8 spread on `u64` levels by single steps, wider ones on 256-bit
        // levels by long shifts: the same position on both widths has the same groups.
        use crate::position::{default_pile, Inner, Position};
        use ethnum::U256;
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(29);
        let mut checked = 0;
        for size in 3..=8u8 {
            for _ in 0..4 {
                let mut position = Position::start(size, default_pile(size)).unwrap_or_default();
                for _ in 0..150 {
                    let moves = position.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    position.play_unchecked(moves[rng.random_range(0..moves.len())]);
                    if let Inner::Small(narrow) = &position.inner {
                        let mut wide = Board::<U256>::empty(size, narrow.turn, narrow.piles);
                        for k in 0..usize::from(size) {
                            for y in 0..size - k as u8 {
                                for x in 0..size - k as u8 {
                                    let p = Point::new(x, y, k as u8);
                                    wide.put(p, narrow.get(p));
                                }
                            }
                        }
                        let (narrow_links, wide_links) = (narrow.links(), wide.links());
                        for c in Color::ALL {
                            for k in 0..usize::from(narrow.height) {
                                for i in narrow_links.uncovered[c.index()][k].ones() {
                                    let p = Board::<u64>::point(i, k as u8);
                                    let mut seed = [0u64; LEVELS];
                                    seed[k] = 1 << i;
                                    let mut wide_seed = [U256::ZERO; LEVELS];
                                    wide_seed[k] = U256::ONE << Board::<U256>::index(p);
                                    let a = narrow.fill(&narrow_links, c, &seed);
                                    let b = wide.fill(&wide_links, c, &wide_seed);
                                    for (l, level) in a.iter().enumerate() {
                                        let points: Vec<Point> = level
                                            .ones()
                                            .map(|j| Board::<u64>::point(j, l as u8))
                                            .collect();
                                        let wide_points: Vec<Point> = b[l]
                                            .ones()
                                            .map(|j| Board::<U256>::point(j, l as u8))
                                            .collect();
                                        assert_eq!(points, wide_points, "{}", position.code());
                                    }
                                    checked += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked} fills");
    }
}
