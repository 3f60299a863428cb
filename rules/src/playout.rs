//! Fast random playouts and perft, on the bitboard core.

#![allow(clippy::needless_range_loop)]

use crate::bits::{Bits, GeometryTable};
use crate::board::{Board, Levels, Links, LEVELS};
use crate::color::Color;
use crate::game::{Outcome, Reason, WinRule};
use crate::moves::Move;
use crate::position::{with_board, Position};
#[cfg(test)]
use crate::zobrist;
use rand::Rng;

/// How a random playout ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    /// The result, or `None` when the ply cap cut the game off.
    pub outcome: Option<Outcome>,
    /// Moves played.
    pub plies: u32,
}

/// Steers a playout: which proposed moves to keep, and a report of each move played.
///
/// A playout proposes legal moves uniformly at random and keeps each with the probability
/// that [`PlayoutPolicy::keep`] gives, so moves are played with probabilities proportional to
/// it. After a run of refusals a uniformly random move is played instead, so a playout never
/// stalls.
pub trait PlayoutPolicy {
    /// The probability, from 0 to 1, of keeping the legal move `mv` of `mover` when it is
    /// proposed. The default keeps every move: uniformly random playouts.
    #[inline]
    fn keep(&mut self, mover: Color, mv: Move) -> f32 {
        let _ = (mover, mv);
        1.0
    }

    /// Called after each move the playout plays.
    #[inline]
    fn played(&mut self, mover: Color, mv: Move) {
        let _ = (mover, mv);
    }
}

/// The uniformly random policy.
#[derive(Clone, Copy, Debug, Default)]
pub struct Uniform;

impl PlayoutPolicy for Uniform {}

/// The Zobrist hash computed from scratch, to check the incremental one.
#[cfg(test)]
pub(crate) fn full_hash<B: GeometryTable>(b: &Board<B>) -> u64 {
    let mut h = zobrist::turn(b.turn)
        ^ zobrist::pile(Color::Black, b.piles.black)
        ^ zobrist::pile(Color::White, b.piles.white);
    for c in Color::ALL {
        for k in 0..usize::from(b.height) {
            for i in b.pieces[c.index()][k].ones() {
                h ^= zobrist::piece(c, k, i);
            }
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
        self.playout_with(rule, max_plies, rng, &mut Uniform)
    }

    /// As [`Position::random_playout`], with moves drawn through `policy`.
    ///
    /// # Examples
    ///
    /// ```
    /// use akron_rules::{Color, Move, PlayoutPolicy, Position, WinRule};
    /// use rand::SeedableRng;
    /// /// Counts the moves and prefers placements.
    /// struct Placer(u32);
    /// impl PlayoutPolicy for Placer {
    ///     fn keep(&mut self, _: Color, mv: Move) -> f32 {
    ///         if mv.is_place() { 1.0 } else { 0.2 }
    ///     }
    ///     fn played(&mut self, _: Color, _: Move) {
    ///         self.0 += 1;
    ///     }
    /// }
    /// let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    /// let mut policy = Placer(0);
    /// let start = Position::default();
    /// let result = start.playout_with(WinRule::Delayed, 300, &mut rng, &mut policy);
    /// assert_eq!(result.plies, policy.0);
    /// ```
    pub fn playout_with<R: Rng + ?Sized, P: PlayoutPolicy + ?Sized>(
        &self,
        rule: WinRule,
        max_plies: u32,
        rng: &mut R,
        policy: &mut P,
    ) -> Playout {
        with_board!(self, b => playout(b, rule, max_plies, rng, policy))
    }

    /// The Zobrist hash of this position: pieces, side to move and piles. Equal positions
    /// have equal hashes; different ones almost surely differ. Moves update it in a few XORs.
    ///
    /// # Examples
    ///
    /// ```
    /// use akron_rules::Position;
    /// let a = Position::from_code("4:w:7,8:4/4/1b2/4")?;
    /// let mut b = Position::start(4, 8)?;
    /// b.play("B2".parse()?)?;
    /// assert_eq!(a.zobrist(), b.zobrist());
    /// assert_ne!(a.zobrist(), Position::start(4, 8)?.zobrist());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn zobrist(&self) -> u64 {
        with_board!(self, b => b.hash)
    }
}

/// A move of the fast path: a placement on a hole, or a step between two board points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    Place(u32),
    Step((u32, u8), (u32, u8)),
}

impl Choice {
    fn to_move<B: GeometryTable>(self) -> Move {
        match self {
            Choice::Place(i) => Move::Place(Board::<B>::point(i, 0)),
            Choice::Step(from, to) => Move::Step {
                from: Board::<B>::point(from.0, from.1),
                to: Board::<B>::point(to.0, to.1),
            },
        }
    }
}

/// Proposals drawn before falling back to counting every legal move.
const ATTEMPTS: u32 = 24;

/// Components the sampler records while it draws one move; any further one is filled into a
/// scratch slot each time it is met.
const COMPONENTS: usize = 8;

/// A connected group of the mover's pieces (with every piece in it), met while drawing a move.
#[derive(Clone, Copy)]
struct Component<B> {
    /// Its pieces.
    pieces: Levels<B>,
    /// Its movable pieces, and how many there are on each level and in all.
    movable: Levels<B>,
    movable_counts: [u32; LEVELS],
    movers: u32,
    /// The open points it touches, and how many there are on each level and in all.
    touched: Levels<B>,
    touched_counts: [u32; LEVELS],
    targets: u32,
}

impl<B: Bits> Component<B> {
    const EMPTY: Self = Component {
        pieces: [B::ZERO; LEVELS],
        movable: [B::ZERO; LEVELS],
        movable_counts: [0; LEVELS],
        movers: 0,
        touched: [B::ZERO; LEVELS],
        touched_counts: [0; LEVELS],
        targets: 0,
    };
}

/// Reused buffers of the move sampler.
struct Sampler<B> {
    steps: Vec<((u32, u8), u32, u16)>,
    groups: Vec<Levels<B>>,
    /// The components met so far in this draw, and a scratch slot after them.
    components: [Component<B>; COMPONENTS + 1],
    /// The cascade chain of the last step drawn, `c0` first, and its length.
    chain: [(u32, u8); LEVELS],
    chain_len: usize,
}

impl<B: GeometryTable> Sampler<B> {
    fn new() -> Self {
        Sampler {
            steps: Vec::with_capacity(64),
            groups: Vec::with_capacity(16),
            components: [Component::EMPTY; COMPONENTS + 1],
            chain: [(0, 0); LEVELS],
            chain_len: 0,
        }
    }

    /// Fills the component of the mover's piece at `from` into `slot`, with its movable pieces
    /// (those in `movable`, which holds all of them) and the points of `open` that it touches.
    #[inline]
    fn discover<const T: usize>(
        &mut self,
        b: &Board<B>,
        links: &Links<B>,
        slot: usize,
        from: (u32, u8),
        movable: &[B; T],
        open: &[B; T],
    ) {
        let g = b.geometry();
        let top = levels_in_play::<T>(b);
        let component = &mut self.components[slot];
        if T == 2 {
            // Height 1: one level to spread.
            component.pieces[..T].fill(B::ZERO);
            component.pieces[usize::from(from.1)] = B::bit(from.0);
            b.fill_one_level(links, b.turn.index(), &mut component.pieces);
        } else if T == 3 && B::STRIDE <= 8 {
            // Height 2 on a 64-point board (most plies): the fill for it, straight away.
            // Only the levels in play are read from here on. Three levels are in play on a
            // 3 × 3 board of height 3 too, but that board is full: no move is drawn there,
            // and no component filled.
            debug_assert_eq!(b.height, 2, "three levels in play on a board of height 2");
            component.pieces[..T].fill(B::ZERO);
            component.pieces[usize::from(from.1)] = B::bit(from.0);
            b.fill_two_levels(links, b.turn.index(), &mut component.pieces);
        } else {
            component.pieces = [B::ZERO; LEVELS];
            component.pieces[usize::from(from.1)] = B::bit(from.0);
            b.fill_in_place(links, b.turn, &mut component.pieces);
        }
        let (mut movers, mut targets) = (0, 0);
        for k in 0..top {
            let pieces = component.pieces[k];
            component.movable[k] = pieces & movable[k];
            component.movable_counts[k] = component.movable[k].count();
            movers += component.movable_counts[k];
            let mut touch = g.neighbours(pieces, k);
            if k > 0 {
                touch |= g.resting_on_any(component.pieces[k - 1], k - 1);
            }
            component.touched[k] = touch & open[k];
            component.touched_counts[k] = component.touched[k].count();
            targets += component.touched_counts[k];
        }
        component.movers = movers;
        component.targets = targets;
    }

    /// A random legal move of the side to move, or `None` if it has none. For a step, the
    /// moving piece's chain is left in `chain`.
    ///
    /// Rejection sampling over candidates that include every legal move exactly once: the
    /// placements, and pairs (movable piece, open point). A piece whose component has not
    /// been met yet is paired with every open point that some linked piece of the mover
    /// touches, a superset of its steps that is cheap to count; once a draw meets the
    /// component (one fill), its pieces are paired only with the points it touches. A
    /// uniformly drawn candidate is kept if it is legal and the policy keeps it: whatever the
    /// candidates of an attempt, each legal move is one of them, so a kept move is uniform
    /// over the legal moves (weighted by the policy). After [`ATTEMPTS`] refusals the legal
    /// moves are counted exactly and one is drawn uniformly, so a playout never stalls.
    fn sample<R: Rng + ?Sized, P: PlayoutPolicy + ?Sized>(
        &mut self,
        b: &Board<B>,
        links: &Links<B>,
        rng: &mut R,
        policy: &mut P,
    ) -> Option<Choice> {
        // The levels in play fix the length of the sampler's per-level arrays: the usual
        // heights get their own copies with short arrays and unrolled loops (with 16-level
        // arrays, most of a ply went into copying them).
        match (usize::from(b.height) + 1).min(usize::from(b.size)) {
            1 => self.sample_in::<1, R, P>(b, links, rng, policy),
            2 => self.sample_in::<2, R, P>(b, links, rng, policy),
            3 => self.sample_in::<3, R, P>(b, links, rng, policy),
            4 => self.sample_in::<4, R, P>(b, links, rng, policy),
            _ => self.sample_in::<LEVELS, R, P>(b, links, rng, policy),
        }
    }

    /// [`Sampler::sample`] with `T` levels in play (`LEVELS` for any number of them).
    #[inline]
    fn sample_in<const T: usize, R: Rng + ?Sized, P: PlayoutPolicy + ?Sized>(
        &mut self,
        b: &Board<B>,
        links: &Links<B>,
        rng: &mut R,
        policy: &mut P,
    ) -> Option<Choice> {
        let g = b.geometry();
        let mover = b.turn;
        let h = usize::from(b.height);
        let top = levels_in_play::<T>(b);
        let holes = b.empty_holes();
        let places = if b.piles[mover] > 0 { holes.count() } else { 0 };
        let ci = mover.index();
        let uncovered = &links.uncovered[ci];
        // The movable pieces whose component has not been met yet: all of them at first.
        let mut unknown = [B::ZERO; T];
        let mut open = [B::ZERO; T];
        let (mut unknown_count, mut target_count) = (0u32, 0u32);
        let mut unknown_counts = [0u32; T];
        let mut linked_below = B::ZERO;
        let mut occupied_below = B::ZERO;
        for k in 0..top {
            let occupied = b.occupied(k);
            let mut linked = B::ZERO;
            if k < h {
                let east = links.east[ci][k];
                let north = links.north[ci][k];
                linked = east | (east << 1) | north | (north << B::STRIDE);
                if k > 0 {
                    linked |= g.resting_on_any(uncovered[k - 1], k - 1);
                }
                linked &= uncovered[k];
                unknown[k] = linked;
                if k + 1 < h {
                    let above = b.occupied(k + 1);
                    linked |= uncovered[k] & g.supports_of(uncovered[k + 1], k);
                    unknown[k] = linked & !g.held_up_twice(above, k);
                }
                unknown_counts[k] = unknown[k].count();
                unknown_count += unknown_counts[k];
            }
            open[k] = if k == 0 {
                g.level[0] & !occupied
            } else {
                g.resting_on_all(occupied_below, k - 1) & !occupied
            };
            let mut touch = g.neighbours(linked, k);
            if k > 0 {
                touch |= g.resting_on_any(linked_below, k - 1);
            }
            target_count += (touch & open[k]).count();
            linked_below = linked;
            occupied_below = occupied;
        }
        let mut known_weight = 0u32;
        let mut found = 0;
        for _ in 0..ATTEMPTS {
            let total = places + known_weight + unknown_count * target_count;
            if total == 0 {
                return None;
            }
            let mut pick = rng.random_range(0..total);
            let choice = if pick < places {
                Choice::Place(holes.nth_one(pick))
            } else {
                pick -= places;
                let mut slot = found;
                for c in 0..found {
                    let weight = self.components[c].movers * self.components[c].targets;
                    if pick < weight {
                        slot = c;
                        break;
                    }
                    pick -= weight;
                }
                let (slot, from, target) = if slot < found {
                    let component = &self.components[slot];
                    let targets = component.targets;
                    let from = nth_point(
                        &component.movable[..top],
                        &component.movable_counts[..top],
                        pick / targets,
                    );
                    (slot, from, pick % targets)
                } else {
                    let from =
                        nth_point(&unknown[..top], &unknown_counts[..top], pick / target_count);
                    let slot = found.min(COMPONENTS);
                    self.discover(b, links, slot, from, &unknown, &open);
                    let component = &self.components[slot];
                    if slot < COMPONENTS {
                        found += 1;
                        known_weight += component.movers * component.targets;
                        unknown_count -= component.movers;
                        for k in 0..top {
                            unknown[k] &= !component.pieces[k];
                            unknown_counts[k] -= component.movable_counts[k];
                        }
                    }
                    // The draw was uniform over all `target_count` targets. Those that the
                    // component touches are numbered first, so a draw past them is refused
                    // without looking the point up: the same law as drawing a point and
                    // finding it untouched.
                    let target = pick % target_count;
                    if target >= component.targets {
                        continue;
                    }
                    (slot, from, target)
                };
                let component = &self.components[slot];
                let to = nth_point(
                    &component.touched[..top],
                    &component.touched_counts[..top],
                    target,
                );
                let Some(len) = step_is_legal(b, &component.pieces, from, to, &mut self.chain)
                else {
                    continue;
                };
                self.chain_len = len;
                Choice::Step(from, to)
            };
            let keep = policy.keep(mover, choice.to_move::<B>());
            if keep >= 1.0 || rng.random::<f32>() < keep {
                return Some(choice);
            }
        }
        self.exact(b, links, rng)
    }

    /// A uniformly random legal move, from an exact count of all of them.
    fn exact<R: Rng + ?Sized>(
        &mut self,
        b: &Board<B>,
        links: &Links<B>,
        rng: &mut R,
    ) -> Option<Choice> {
        let mover = b.turn;
        let step_total = b.step_counts(links, mover, &mut self.steps, &mut self.groups);
        let holes = b.empty_holes();
        let places = if b.piles[mover] > 0 { holes.count() } else { 0 };
        let total = places + step_total;
        if total == 0 {
            return None;
        }
        let mut pick = rng.random_range(0..total);
        if pick < places {
            return Some(Choice::Place(holes.nth_one(pick)));
        }
        pick -= places;
        for &(from, count, group) in &self.steps {
            if pick < count {
                let destinations = b.destinations_in(
                    &self.groups[usize::from(group)],
                    from.0,
                    usize::from(from.1),
                );
                for (k, level) in destinations.iter().enumerate() {
                    let n = level.count();
                    if pick < n {
                        let (index, height) = (from.0, usize::from(from.1));
                        self.chain_len = b.chain_points(index, height, &mut self.chain).ok()?;
                        return Some(Choice::Step(from, (level.nth_one(pick), k as u8)));
                    }
                    pick -= n;
                }
                return None;
            }
            pick -= count;
        }
        None
    }
}

/// The `n`-th point of `sets` (one per level from 0, with `counts` points each), counting
/// level by level from the lowest index up; `n` must be below the points' count.
#[inline]
fn nth_point<B: Bits>(sets: &[B], counts: &[u32], mut n: u32) -> (u32, u8) {
    for (k, (set, &count)) in sets.iter().zip(counts).enumerate() {
        if n < count {
            return (set.nth_one(n), k as u8);
        }
        n -= count;
    }
    (0, 0)
}

/// The levels that a move can reach (the board's height and one more, within the board):
/// `T` itself when it is below `LEVELS`, the samplers' copies for a fixed number of levels.
#[inline]
fn levels_in_play<const T: usize>(b: &Board<impl Bits>) -> usize {
    if T < LEVELS {
        T
    } else {
        (usize::from(b.height) + 1).min(usize::from(b.size))
    }
}

/// Whether the piece on `from`, whose connected component (with itself) is `component`, may
/// step to `to`, an open point (empty, and supported if above level 0): the length of its
/// chain, left in `points`, if it may. RULES section 4.2.
// Always inlined: the sampler's one call site, where the compiler left it a function call
// (1.1 % of a playout's instructions).
#[inline(always)]
fn step_is_legal<B: GeometryTable>(
    b: &Board<B>,
    component: &Levels<B>,
    from: (u32, u8),
    to: (u32, u8),
    points: &mut [(u32, u8); LEVELS],
) -> Option<usize> {
    let g = b.geometry();
    let len = b.chain_points(from.0, usize::from(from.1), points).ok()?;
    let (ti, tk) = (to.0, usize::from(to.1));
    let target = B::bit(ti);
    // What stays of the group: the component without the chain.
    let mut here = component[tk];
    let mut below = if tk > 0 { component[tk - 1] } else { B::ZERO };
    let supports = if tk > 0 {
        g.supports_of(target, tk - 1)
    } else {
        B::ZERO
    };
    for &(ci, cl) in &points[..len] {
        let cl = usize::from(cl);
        if cl == tk {
            here &= !B::bit(ci);
        } else if cl + 1 == tk {
            if supports.has(ci) {
                // The destination would rest on a piece of the chain.
                return None;
            }
            below &= !B::bit(ci);
        }
    }
    let touches = !(g.neighbours(target, tk) & here).is_empty() || !(supports & below).is_empty();
    touches.then_some(len)
}

/// Buckets of the repetition filter.
const SEEN: usize = 1024;

/// The buffers of a playout, kept from one playout to the next on each thread: setting up
/// the sampler's components cost more than a hundredth of a whole 8 × 8 playout.
struct Scratch<B> {
    sampler: Sampler<B>,
    /// Hashes since the last placement.
    window: Vec<u64>,
}

/// Board widths whose playouts keep their [`Scratch`] in a thread-local slot.
trait ScratchSlot: GeometryTable {
    /// Runs `f` with this thread's scratch buffers (new ones if a playout is already using
    /// them, as when a policy plays a playout itself).
    fn with_scratch<T>(f: impl FnOnce(&mut Scratch<Self>) -> T) -> T;
}

macro_rules! scratch_slot {
    ($ty:ty) => {
        impl ScratchSlot for $ty {
            fn with_scratch<T>(f: impl FnOnce(&mut Scratch<Self>) -> T) -> T {
                thread_local! {
                    static SLOT: std::cell::Cell<Option<Box<Scratch<$ty>>>> =
                        const { std::cell::Cell::new(None) };
                }
                let mut scratch = SLOT.with(std::cell::Cell::take).unwrap_or_else(|| {
                    Box::new(Scratch {
                        sampler: Sampler::new(),
                        window: Vec::with_capacity(256),
                    })
                });
                let result = f(&mut scratch);
                SLOT.with(|slot| slot.set(Some(scratch)));
                result
            }
        }
    };
}

scratch_slot!(u64);
scratch_slot!(ethnum::U256);

fn playout<B: ScratchSlot, R: Rng + ?Sized, P: PlayoutPolicy + ?Sized>(
    start: &Board<B>,
    rule: WinRule,
    max_plies: u32,
    rng: &mut R,
    policy: &mut P,
) -> Playout {
    B::with_scratch(|scratch| {
        scratch.window.clear();
        playout_with_scratch(start, rule, max_plies, rng, policy, scratch)
    })
}

fn playout_with_scratch<B: GeometryTable, R: Rng + ?Sized, P: PlayoutPolicy + ?Sized>(
    start: &Board<B>,
    rule: WinRule,
    max_plies: u32,
    rng: &mut R,
    policy: &mut P,
    scratch: &mut Scratch<B>,
) -> Playout {
    let mut b = *start;
    let sampler = &mut scratch.sampler;
    // Hashes since the last placement, and how many of them fall in each bucket: the window
    // is searched only when the current position's bucket holds three.
    let window = &mut scratch.window;
    let mut seen = [0u16; SEEN];
    window.push(b.hash);
    seen[(b.hash as usize) % SEEN] += 1;
    let mut links = Links::new();
    b.links_into(&mut links);
    let mut plies = 0;
    loop {
        let mover = b.turn;
        let Some(choice) = sampler.sample(&b, &links, rng, policy) else {
            return Playout {
                outcome: Some(Outcome::win(mover.other(), Reason::NoLegalMove)),
                plies,
            };
        };
        if plies > 0
            && seen[(b.hash as usize) % SEEN] >= 3
            && window.iter().filter(|&&h| h == b.hash).count() >= 3
        {
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
        let mut in_flight = None;
        match choice {
            Choice::Place(index) => {
                let first = b.height == 0;
                b.place(index);
                if first {
                    b.links_into(&mut links);
                } else {
                    b.links_after_place(&mut links, mover, index);
                }
                for &h in window.iter() {
                    seen[(h as usize) % SEEN] -= 1;
                }
                window.clear();
            }
            Choice::Step(_, to) => {
                let color = Some(b.lift_own(&sampler.chain[..sampler.chain_len]));
                if rule == WinRule::Immediate {
                    b.links_into(&mut links);
                    in_flight = b.spanner(&links);
                }
                b.land(color, to.0, usize::from(to.1));
                b.links_into(&mut links);
            }
        }
        policy.played(mover, choice.to_move::<B>());
        window.push(b.hash);
        seen[(b.hash as usize) % SEEN] += 1;
        plies += 1;
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
        // Random games on both board widths, with drops: after every move the hash that the
        // moves kept up to date equals the one computed from scratch, and it changed.
        let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
        let mut drops = 0;
        for (size, pile) in [(4u8, 8u16), (5, 12), (8, 32), (9, 40)] {
            for _ in 0..6 {
                let mut position = Position::start(size, pile).unwrap_or_default();
                for _ in 0..150 {
                    let moves = position.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    // Prefer steps, which cascade.
                    let steps: Vec<Move> =
                        moves.iter().copied().filter(|m| !m.is_place()).collect();
                    let pool = if steps.is_empty() || rng.random_bool(0.3) {
                        &moves
                    } else {
                        &steps
                    };
                    let mv = pool[rng.random_range(0..pool.len())];
                    let before = position.zobrist();
                    drops += position.play_unchecked(mv).len();
                    let fresh = with_board!(position, b => full_hash(b));
                    assert_eq!(position.zobrist(), fresh, "{mv} in {}", position.code());
                    assert_ne!(before, fresh, "{mv}");
                    // A position rebuilt from its code has the same hash.
                    let again = Position::from_code(&position.code()).map(|p| p.zobrist());
                    assert_eq!(again.ok(), Some(fresh));
                }
            }
        }
        assert!(drops > 0, "the games exercised cascades");
    }

    #[test]
    fn sampled_moves_are_uniform_over_the_legal_moves() {
        // A middle game with many steps: each legal move is drawn about equally often.
        let code = "5:b:0,0:wbwbw/bw1wb/wbbww/bwwbw/bbwbb|b3/4/1w2/4";
        let Ok(position) = Position::from_code(code) else {
            panic!("bad code {code}");
        };
        let moves = position.legal_moves();
        assert!(moves.len() > 5, "{} moves", moves.len());
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        let mut counts = std::collections::HashMap::new();
        let draws = 2000 * moves.len();
        fn draw<B: GeometryTable>(
            b: &Board<B>,
            draws: usize,
            rng: &mut rand::rngs::SmallRng,
            counts: &mut std::collections::HashMap<Option<Move>, usize>,
        ) {
            let mut sampler = Sampler::new();
            let mut links = Links::new();
            b.links_into(&mut links);
            for _ in 0..draws {
                let choice = sampler.sample(b, &links, rng, &mut Uniform);
                *counts.entry(choice.map(Choice::to_move::<B>)).or_insert(0) += 1;
            }
        }
        with_board!(position, b => draw(b, draws, &mut rng, &mut counts));
        for mv in &moves {
            let n = counts.get(&Some(*mv)).copied().unwrap_or(0);
            // 2000 expected; 5 standard deviations is about 220.
            assert!((1780..=2220).contains(&n), "{mv}: {n}");
        }
        assert_eq!(counts.len(), moves.len(), "only legal moves");
    }

    /// Draws `draws` moves from `code` through the sampler with `policy` and returns Pearson's
    /// chi-square statistic against the law "each legal move with probability proportional
    /// to the policy's keep", with its degrees of freedom.
    fn chi_square<P: PlayoutPolicy>(
        code: &str,
        draws: usize,
        seed: u64,
        policy: &mut P,
    ) -> (f64, usize) {
        fn draw<B: GeometryTable, P: PlayoutPolicy>(
            b: &Board<B>,
            draws: usize,
            rng: &mut rand::rngs::SmallRng,
            policy: &mut P,
            counts: &mut std::collections::HashMap<Option<Move>, usize>,
        ) {
            let mut sampler = Sampler::new();
            let mut links = Links::new();
            b.links_into(&mut links);
            for _ in 0..draws {
                let choice = sampler.sample(b, &links, rng, policy);
                *counts.entry(choice.map(Choice::to_move::<B>)).or_insert(0) += 1;
            }
        }
        let Ok(position) = Position::from_code(code) else {
            panic!("bad code {code}");
        };
        let moves = position.legal_moves();
        let mover = position.turn();
        let weights: Vec<f64> = moves
            .iter()
            .map(|&mv| f64::from(policy.keep(mover, mv)))
            .collect();
        let sum: f64 = weights.iter().sum();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let mut counts = std::collections::HashMap::new();
        with_board!(position, b => draw(b, draws, &mut rng, policy, &mut counts));
        let drawn: usize = moves
            .iter()
            .map(|mv| counts.get(&Some(*mv)).copied().unwrap_or(0))
            .sum();
        assert_eq!(drawn, draws, "only legal moves are drawn");
        let statistic = moves
            .iter()
            .zip(&weights)
            .map(|(mv, w)| {
                let expected = draws as f64 * w / sum;
                let observed = counts.get(&Some(*mv)).copied().unwrap_or(0) as f64;
                (observed - expected).powi(2) / expected
            })
            .sum();
        (statistic, moves.len() - 1)
    }

    /// Positions with placements, steps, several groups of the mover and cascades.
    const SAMPLER_POSITIONS: [&str; 4] = [
        "5:b:0,0:wbwbw/bw1wb/wbbww/bwwbw/bbwbb|b3/4/1w2/4",
        "5:w:4,7:3bw/wwbb1/w1b1b/2bb1/3bw",
        "6:b:6,4:w1wbbw/1w1bbw/2bww1/bbbw1w/bb2b1/bww1ww|5/3w1/5/5/5",
        "8:b:9,8:wwb1bbbw/b2wb1b1/bw1w1w1w/b2b1w2/wbwwb2w/bwb1bbww/wbbw1bw1/bbwbwwww|7/7/7/7/7/7/2b4",
    ];

    /// Chi-square at most its mean plus six standard deviations: a generous bound that a
    /// sampler off by a tenth on a few moves still exceeds with these draw counts.
    fn generous_bound(freedom: usize) -> f64 {
        let df = freedom as f64;
        df + 6.0 * (2.0 * df).sqrt()
    }

    #[test]
    fn sampled_moves_pass_a_chi_square_test_of_uniformity() {
        // The law of the sampler since the start: every legal move (swap excluded) equally
        // likely.
        for (i, code) in SAMPLER_POSITIONS.iter().enumerate() {
            let moves = Position::from_code(code)
                .map(|p| p.legal_moves().len())
                .unwrap_or(0);
            assert!(moves > 10, "{code}: {moves} moves");
            let (statistic, freedom) = chi_square(code, 400 * moves, 31 + i as u64, &mut Uniform);
            assert!(
                statistic < generous_bound(freedom),
                "{code}: chi-square {statistic:.1} with {freedom} degrees of freedom"
            );
        }
    }

    #[test]
    fn sampled_moves_follow_the_policy_weights() {
        // A policy that keeps a step a quarter as often as a placement, and steps up half as
        // often: moves are drawn in proportion to what it keeps.
        struct Weighted;
        impl PlayoutPolicy for Weighted {
            fn keep(&mut self, _: Color, mv: Move) -> f32 {
                match mv {
                    Move::Step { to, .. } if to.level() > 0 => 0.125,
                    Move::Step { .. } => 0.25,
                    _ => 1.0,
                }
            }
        }
        for (i, code) in SAMPLER_POSITIONS.iter().enumerate() {
            let moves = Position::from_code(code)
                .map(|p| p.legal_moves().len())
                .unwrap_or(0);
            let (statistic, freedom) = chi_square(code, 400 * moves, 47 + i as u64, &mut Weighted);
            assert!(
                statistic < generous_bound(freedom),
                "{code}: chi-square {statistic:.1} with {freedom} degrees of freedom"
            );
        }
    }

    /// A random position code of side `size`: level 0 mostly full, each higher point held
    /// (when its four supports are) with probability `stack`, colours at random.
    fn stacked_code(size: u8, stack: f64, rng: &mut rand::rngs::SmallRng) -> String {
        let n = usize::from(size);
        let mut held = vec![vec![vec![None::<char>; n]; n]; n];
        for k in 0..n {
            for y in 0..n - k {
                for x in 0..n - k {
                    let supported = k == 0
                        || [(0, 0), (1, 0), (0, 1), (1, 1)]
                            .iter()
                            .all(|&(dx, dy)| held[k - 1][y + dy][x + dx].is_some());
                    let chance = if k == 0 { 0.9 } else { stack };
                    if supported && rng.random_bool(chance) {
                        held[k][y][x] = Some(if rng.random_bool(0.5) { 'b' } else { 'w' });
                    }
                }
            }
        }
        let levels: Vec<String> = (0..n)
            .map(|k| {
                let rows: Vec<String> = (0..n - k)
                    .rev()
                    .map(|y| {
                        let mut row = String::new();
                        let mut empty = 0;
                        for x in 0..n - k {
                            match held[k][y][x] {
                                Some(c) => {
                                    if empty > 0 {
                                        row.push_str(&empty.to_string());
                                        empty = 0;
                                    }
                                    row.push(c);
                                }
                                None => empty += 1,
                            }
                        }
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                        }
                        row
                    })
                    .collect();
                rows.join("/")
            })
            .collect();
        let turn = if rng.random_bool(0.5) { 'b' } else { 'w' };
        format!("{size}:{turn}:3,3:{}", levels.join("|"))
    }

    /// Thirty moves drawn on `b` are each in `legal`, and none is drawn only when `legal` is
    /// empty.
    fn draws_are_legal<B: GeometryTable>(
        b: &Board<B>,
        legal: &[Move],
        rng: &mut rand::rngs::SmallRng,
    ) {
        let mut sampler = Sampler::new();
        let mut links = Links::new();
        b.links_into(&mut links);
        for _ in 0..30 {
            let mv = sampler
                .sample(b, &links, rng, &mut Uniform)
                .map(Choice::to_move::<B>);
            match mv {
                Some(mv) => assert!(legal.contains(&mv), "{mv} is not legal"),
                None => assert!(legal.is_empty(), "a legal move was missed"),
            }
        }
    }

    #[test]
    fn sampled_moves_are_legal_and_uniform_on_tall_boards() {
        // The sampler has copies for 1 to 4 levels in play and a general one for more: on
        // random stacked boards of sides 3 to 12, every drawn move is legal, and on tall
        // ones (five levels or more in play) every legal move is drawn about equally often.
        let mut rng = rand::rngs::SmallRng::seed_from_u64(53);
        let mut heights = [0u32; 17];
        let mut tall = Vec::new();
        for size in [3u8, 4, 5, 6, 8, 9, 12] {
            for stack in [0.5, 0.8, 0.9, 0.95, 0.99] {
                for _ in 0..60 {
                    let code = stacked_code(size, stack, &mut rng);
                    let Ok(position) = Position::from_code(&code) else {
                        panic!("bad code {code}");
                    };
                    let moves = position.legal_moves();
                    heights[usize::from(position.height())] += 1;
                    with_board!(position, b => draws_are_legal(b, &moves, &mut rng));
                    // For the chi-square test: positions for the general copy (five levels
                    // or more in play) with many moves.
                    if position.height() >= 4 && size >= 5 && moves.len() > 10 && tall.len() < 4 {
                        tall.push(code);
                    }
                }
            }
        }
        assert!(
            heights[3] > 20 && heights[4] > 20 && heights[5..].iter().sum::<u32>() > 40,
            "heights seen: {heights:?}"
        );
        assert_eq!(tall.len(), 4, "tall positions with many moves");
        for (i, code) in tall.iter().enumerate() {
            let moves = Position::from_code(code)
                .map(|p| p.legal_moves().len())
                .unwrap_or(0);
            let (statistic, freedom) = chi_square(code, 400 * moves, 59 + i as u64, &mut Uniform);
            assert!(
                statistic < generous_bound(freedom),
                "{code}: chi-square {statistic:.1} with {freedom} degrees of freedom"
            );
        }
    }

    #[test]
    fn sampled_moves_are_legal_on_random_positions() {
        // On many positions of random games, every drawn move is in the full legal list, and
        // the sampler finds no move exactly when there is none.
        let mut rng = rand::rngs::SmallRng::seed_from_u64(17);
        for (size, pile) in [(3u8, 4u16), (4, 8), (5, 6), (8, 32), (10, 20)] {
            for _ in 0..4 {
                let mut position = Position::start(size, pile).unwrap_or_default();
                for _ in 0..120 {
                    let moves = position.legal_moves();
                    with_board!(position, b => draws_are_legal(b, &moves, &mut rng));
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[rng.random_range(0..moves.len())];
                    position.play_unchecked(mv);
                }
            }
        }
    }

    #[test]
    fn playout_moves_replay_legally_to_the_same_end() {
        // Every move a playout plays is legal when replayed through the checked `Game`, and
        // the replayed game ends as the playout says.
        struct Record(Vec<Move>);
        impl PlayoutPolicy for Record {
            fn played(&mut self, _: Color, mv: Move) {
                self.0.push(mv);
            }
        }
        let mut rng = rand::rngs::SmallRng::seed_from_u64(23);
        for (size, rule) in [
            (4u8, WinRule::Delayed),
            (5, WinRule::Immediate),
            (8, WinRule::Delayed),
            (8, WinRule::Immediate),
            (9, WinRule::Delayed),
        ] {
            for _ in 0..6 {
                let start =
                    Position::start(size, crate::position::default_pile(size)).unwrap_or_default();
                let mut record = Record(Vec::new());
                let result = start.playout_with(rule, 300, &mut rng, &mut record);
                assert_eq!(record.0.len(), result.plies as usize);
                let mut game = crate::game::Game::from_position(start, rule);
                for &mv in &record.0 {
                    assert!(
                        game.play(mv).is_ok(),
                        "{mv} illegal in {}",
                        game.position().code()
                    );
                }
                assert_eq!(game.outcome(), result.outcome, "{size} {rule:?}");
            }
        }
    }

    #[test]
    fn playouts_with_reused_buffers_play_the_same_games() {
        // The buffers a thread keeps between playouts hold what earlier playouts (of other
        // sizes and heights) left there: a playout plays the same moves as on a new thread,
        // and one that a policy starts inside another plays its own game.
        struct Record(Vec<Move>);
        impl PlayoutPolicy for Record {
            fn played(&mut self, _: Color, mv: Move) {
                self.0.push(mv);
            }
        }
        fn game(size: u8, seed: u64) -> (Vec<Move>, Playout) {
            let start =
                Position::start(size, crate::position::default_pile(size)).unwrap_or_default();
            let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
            let mut record = Record(Vec::new());
            let result = start.playout_with(WinRule::Delayed, 300, &mut rng, &mut record);
            (record.0, result)
        }
        let fresh = std::thread::spawn(|| game(8, 99)).join().ok();
        let reused = std::thread::spawn(|| {
            for (size, seed) in [(8, 1), (5, 2), (3, 3), (10, 4), (7, 5)] {
                game(size, seed);
            }
            game(8, 99)
        })
        .join()
        .ok();
        assert!(fresh.is_some());
        assert_eq!(fresh, reused);
        // A policy that plays a whole playout each time it is told of a move.
        struct Nested(Vec<Move>, u32);
        impl PlayoutPolicy for Nested {
            fn played(&mut self, _: Color, mv: Move) {
                self.0.push(mv);
                let inner = game(5, u64::from(self.1));
                self.1 += inner.1.plies;
            }
        }
        let nested = std::thread::spawn(|| {
            let start = Position::default();
            let mut rng = rand::rngs::SmallRng::seed_from_u64(99);
            let mut policy = Nested(Vec::new(), 0);
            let result = start.playout_with(WinRule::Delayed, 300, &mut rng, &mut policy);
            (policy.0, result)
        })
        .join()
        .ok();
        assert_eq!(fresh, nested);
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
