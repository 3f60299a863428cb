//! A deliberately naive implementation of RULES.md sections 1, 3 and 4, written point by point
//! from the text, used to check the bitboard engine.

#![allow(dead_code)]

use akron_rules::{Color, Move, Point, Position};
use std::collections::{HashMap, HashSet, VecDeque};

/// Two touching points of one colour.
type Pair = (Point, Point, Color);

/// The naive model of one position.
pub struct Reference {
    pub n: u8,
    pub turn: Color,
    pub pile: u16,
    pub cells: HashMap<Point, Color>,
}

impl Reference {
    pub fn new(position: &Position) -> Reference {
        Reference {
            n: position.size(),
            turn: position.turn(),
            pile: position.piles()[position.turn()],
            cells: position.pieces().collect(),
        }
    }

    fn valid(&self, x: i32, y: i32, k: i32) -> Option<Point> {
        let n = i32::from(self.n);
        (k >= 0 && k < n && x >= 0 && y >= 0 && x < n - k && y < n - k)
            .then(|| Point::new(x as u8, y as u8, k as u8))
    }

    /// RULES 3.1: the topmost piece of the column prevails.
    pub fn covered(&self, p: Point) -> bool {
        let Some(&own) = self.cells.get(&p) else {
            return false;
        };
        let (x, y, k) = (i32::from(p.x()), i32::from(p.y()), i32::from(p.level()));
        let mut top = None;
        let mut m = 1;
        while let Some(q) = self.valid(x - m, y - m, k + 2 * m) {
            if let Some(&c) = self.cells.get(&q) {
                top = Some(c);
            }
            m += 1;
        }
        matches!(top, Some(c) if c != own)
    }

    fn spot(p: Point) -> (i32, i32) {
        (
            2 * i32::from(p.x()) + i32::from(p.level()),
            2 * i32::from(p.y()) + i32::from(p.level()),
        )
    }

    /// Every orthogonal same-level pair (a, b) with a < b, both holding pieces of one colour.
    fn level_pairs(&self) -> Vec<Pair> {
        let mut pairs = Vec::new();
        for (&a, &c) in &self.cells {
            for (dx, dy) in [(1, 0), (0, 1)] {
                if let Some(b) = self.valid(
                    i32::from(a.x()) + dx,
                    i32::from(a.y()) + dy,
                    i32::from(a.level()),
                ) {
                    if self.cells.get(&b) == Some(&c) {
                        pairs.push((a, b, c));
                    }
                }
            }
        }
        pairs
    }

    /// RULES 3.2: live level links after crossings.
    pub fn live_level_links(&self) -> HashSet<(Point, Point)> {
        let candidates: Vec<Pair> = self
            .level_pairs()
            .into_iter()
            .filter(|&(a, b, _)| !self.covered(a) && !self.covered(b))
            .collect();
        let mut by_midpoint: HashMap<(i32, i32), Vec<Pair>> = HashMap::new();
        for &(a, b, c) in &candidates {
            let (sa, sb) = (Self::spot(a), Self::spot(b));
            by_midpoint
                .entry((sa.0 + sb.0, sa.1 + sb.1))
                .or_default()
                .push((a, b, c));
        }
        let mut live = HashSet::new();
        for links in by_midpoint.values() {
            let highest = links.iter().max_by_key(|l| l.0.level()).map(|l| l.2);
            let top_level = links.iter().map(|l| l.0.level()).max();
            assert_eq!(
                links
                    .iter()
                    .filter(|l| Some(l.0.level()) == top_level)
                    .count(),
                1,
                "two links at one level over one midpoint"
            );
            for &(a, b, c) in links {
                if Some(c) == highest {
                    live.insert((a, b));
                }
            }
        }
        live
    }

    fn rests_on(upper: Point, lower: Point) -> bool {
        upper.supports().is_some_and(|s| s.contains(&lower))
    }

    /// Live-link neighbours of `p`.
    pub fn neighbours(&self, p: Point, live: &HashSet<(Point, Point)>) -> Vec<Point> {
        let Some(&c) = self.cells.get(&p) else {
            return Vec::new();
        };
        if self.covered(p) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (&q, &d) in &self.cells {
            if d != c || q == p || self.covered(q) {
                continue;
            }
            if live.contains(&(p, q))
                || live.contains(&(q, p))
                || Self::rests_on(p, q)
                || Self::rests_on(q, p)
            {
                out.push(q);
            }
        }
        out
    }

    pub fn group(&self, p: Point, live: &HashSet<(Point, Point)>) -> HashSet<Point> {
        let mut seen = HashSet::from([p]);
        let mut queue = VecDeque::from([p]);
        while let Some(a) = queue.pop_front() {
            for b in self.neighbours(a, live) {
                if seen.insert(b) {
                    queue.push_back(b);
                }
            }
        }
        seen
    }

    pub fn spans(&self, c: Color) -> bool {
        let live = self.live_level_links();
        let n = self.n - 1;
        let on = |p: Point, far: bool| {
            p.level() == 0
                && match c {
                    Color::Black => p.y() == if far { n } else { 0 },
                    Color::White => p.x() == if far { n } else { 0 },
                }
        };
        self.cells
            .iter()
            .filter(|&(&p, &d)| d == c && on(p, false) && !self.covered(p))
            .any(|(&p, _)| self.group(p, &live).iter().any(|&q| on(q, true)))
    }

    fn above(&self, p: Point) -> Vec<Point> {
        p.above(self.n)
            .filter(|q| self.cells.contains_key(q))
            .collect()
    }

    /// RULES section 4: every legal placement and step.
    pub fn legal_moves(&self) -> HashSet<Move> {
        let mut moves = HashSet::new();
        let all: Vec<Point> = Point::all(self.n).collect();
        if self.pile > 0 {
            for &p in &all {
                if p.level() == 0 && !self.cells.contains_key(&p) {
                    moves.insert(Move::Place(p));
                }
            }
        }
        let live = self.live_level_links();
        for (&p, &c) in &self.cells {
            if c != self.turn || self.above(p).len() > 1 {
                continue;
            }
            let mut chain = vec![p];
            loop {
                let above = self.above(*chain.last().unwrap_or(&p));
                match above.len() {
                    0 => break,
                    1 => chain.push(above[0]),
                    _ => panic!("the chain forks above {p}"),
                }
            }
            let group: HashSet<Point> = if self.covered(p) {
                HashSet::new()
            } else {
                let mut g = self.group(p, &live);
                g.remove(&p);
                g
            };
            let staying: Vec<Point> = group
                .iter()
                .copied()
                .filter(|g| !chain.contains(g))
                .collect();
            for &q in &all {
                if self.cells.contains_key(&q) {
                    continue;
                }
                if let Some(supports) = q.supports() {
                    if supports
                        .iter()
                        .any(|s| !self.cells.contains_key(s) || chain.contains(s))
                    {
                        continue;
                    }
                }
                let touches = staying.iter().any(|&g| {
                    (g.level() == q.level()
                        && (i32::from(g.x()) - i32::from(q.x())).abs()
                            + (i32::from(g.y()) - i32::from(q.y())).abs()
                            == 1)
                        || Self::rests_on(q, g)
                        || Self::rests_on(g, q)
                });
                if touches {
                    moves.insert(Move::Step { from: p, to: q });
                }
            }
        }
        moves
    }
}

/// Plays a random legal game from `start` for up to `plies` moves, calling `visit` on every
/// position reached (the start included).
pub fn random_walk(
    start: &Position,
    plies: usize,
    seed: u64,
    mut visit: impl FnMut(&Position, Option<Move>),
) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut position = start.clone();
    visit(&position, None);
    for _ in 0..plies {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        position.play_unchecked(mv);
        visit(&position, Some(mv));
    }
}

/// A random legal position with stacks: every supported point is filled with probability
/// `density` (in percent), level by level, with random colours.
pub fn random_stacked(size: u8, seed: u64, density: u32) -> Position {
    use akron_rules::{ByColor, Setup};
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut filled: HashSet<Point> = HashSet::new();
    let mut pieces = Vec::new();
    for p in Point::all(size) {
        let supported = p
            .supports()
            .is_none_or(|s| s.iter().all(|q| filled.contains(q)));
        if supported && rng.random_range(0..100) < density {
            filled.insert(p);
            pieces.push((
                p,
                if rng.random_bool(0.5) {
                    Color::Black
                } else {
                    Color::White
                },
            ));
        }
    }
    let turn = if rng.random_bool(0.5) {
        Color::Black
    } else {
        Color::White
    };
    let setup = Setup {
        size,
        turn,
        piles: ByColor {
            black: rng.random_range(0..3),
            white: rng.random_range(0..3),
        },
        pieces,
    };
    match Position::from_setup(&setup) {
        Ok(p) => p,
        Err(e) => panic!("generator made an illegal setup: {e}"),
    }
}
