//! Connection analysis for display and messages: covered pieces, live and severed links,
//! groups, and a spanning chain (RULES section 3).

#![allow(clippy::needless_range_loop)]

use crate::bits::GeometryTable;
use crate::board::{Board, Links, LEVELS};
use crate::color::{ByColor, Color};
use crate::moves::{Drop, Link, LinkKind, LinkState, MoveEffect};
use crate::point::Point;
use crate::position::{with_board, Position};
use std::collections::{HashSet, VecDeque};

/// Everything section 3 says about one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Covered pieces, in point order.
    pub covered: Vec<Point>,
    /// Every link between touching pieces of one colour, with its state.
    pub links: Vec<Link>,
    /// The connected groups of uncovered pieces of each colour, largest first. A covered piece
    /// belongs to no group.
    pub groups: ByColor<Vec<Vec<Point>>>,
    /// The colour that spans, if any.
    pub spanner: Option<Color>,
    /// One shortest chain of live links from one of the spanner's edges to the other.
    pub winning_chain: Option<Vec<Point>>,
}

impl Analysis {
    /// Whether the piece on `p` is covered.
    #[must_use]
    pub fn is_covered(&self, p: Point) -> bool {
        self.covered.binary_search(&p).is_ok()
    }

    /// The links that a crossing severs.
    pub fn severed(&self) -> impl Iterator<Item = &Link> {
        self.links.iter().filter(|l| l.state == LinkState::Severed)
    }

    /// The group that holds `p`, if `p` holds an uncovered piece.
    #[must_use]
    pub fn group_of(&self, p: Point) -> Option<&[Point]> {
        Color::ALL
            .iter()
            .flat_map(|&c| self.groups[c].iter())
            .find(|g| g.contains(&p))
            .map(Vec::as_slice)
    }
}

impl Position {
    /// Covered pieces, links, groups and a spanning chain.
    #[must_use]
    pub fn analysis(&self) -> Analysis {
        with_board!(self, b => analyse(b))
    }
}

fn analyse<B: GeometryTable>(b: &Board<B>) -> Analysis {
    let links = b.links();
    let h = usize::from(b.height);
    let point = |i: u32, k: usize| Board::<B>::point(i, k as u8);
    let mut covered = Vec::new();
    for c in Color::ALL {
        for k in 0..h {
            let set = b.pieces[c.index()][k] & !links.uncovered[c.index()][k];
            covered.extend(set.ones().map(|i| point(i, k)));
        }
    }
    covered.sort();
    let is_uncovered = |c: Color, i: u32, k: usize| links.uncovered[c.index()][k].has(i);
    let g = b.geometry();
    let mut all_links = Vec::new();
    for c in Color::ALL {
        let ci = c.index();
        for k in 0..h {
            let own = b.pieces[ci][k];
            let east = own & g.west(own);
            let north = own & g.south(own);
            for (set, live, step) in [
                (east, links.east[ci][k], 1),
                (north, links.north[ci][k], B::STRIDE),
            ] {
                for i in set.ones() {
                    let state = if !is_uncovered(c, i, k) || !is_uncovered(c, i + step, k) {
                        LinkState::Covered
                    } else if live.has(i) {
                        LinkState::Live
                    } else {
                        LinkState::Severed
                    };
                    all_links.push(Link {
                        a: point(i, k),
                        b: point(i + step, k),
                        color: c,
                        kind: LinkKind::Level,
                        state,
                    });
                }
            }
            if k + 1 < h {
                for i in b.pieces[ci][k + 1].ones() {
                    let upper = point(i, k + 1);
                    for s in upper.supports().into_iter().flatten() {
                        let si = Board::<B>::index(s);
                        if b.pieces[ci][k].has(si) {
                            let state = if is_uncovered(c, i, k + 1) && is_uncovered(c, si, k) {
                                LinkState::Live
                            } else {
                                LinkState::Covered
                            };
                            all_links.push(Link {
                                a: s,
                                b: upper,
                                color: c,
                                kind: LinkKind::Resting,
                                state,
                            });
                        }
                    }
                }
            }
        }
    }
    all_links.sort_by_key(|l| (l.a, l.b));
    let mut groups = ByColor::<Vec<Vec<Point>>>::default();
    for c in Color::ALL {
        let mut remaining = links.uncovered[c.index()];
        for k in 0..h {
            while !remaining[k].is_empty() {
                let mut seed = [B::ZERO; LEVELS];
                seed[k] = B::bit(remaining[k].lowest());
                let group = b.fill(&links, c, &seed);
                let mut members = Vec::new();
                for j in 0..h {
                    remaining[j] &= !group[j];
                    members.extend(group[j].ones().map(|i| point(i, j)));
                }
                members.sort();
                groups[c].push(members);
            }
        }
        groups[c].sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
    }
    let spanner = b.spanner(&links);
    let winning_chain = spanner.and_then(|c| shortest_chain(b, &links, c));
    Analysis {
        covered,
        links: all_links,
        groups,
        spanner,
        winning_chain,
    }
}

/// The live-link neighbours of an uncovered piece of colour `c`.
fn live_neighbours<B: GeometryTable>(
    b: &Board<B>,
    links: &Links<B>,
    c: Color,
    p: Point,
) -> Vec<Point> {
    let ci = c.index();
    let k = usize::from(p.level());
    let i = Board::<B>::index(p);
    let mut out = Vec::with_capacity(8);
    if links.east[ci][k].has(i) {
        out.push(Point::new(p.x() + 1, p.y(), p.level()));
    }
    if p.x() > 0 && links.east[ci][k].has(i - 1) {
        out.push(Point::new(p.x() - 1, p.y(), p.level()));
    }
    if links.north[ci][k].has(i) {
        out.push(Point::new(p.x(), p.y() + 1, p.level()));
    }
    if p.y() > 0 && links.north[ci][k].has(i - B::STRIDE) {
        out.push(Point::new(p.x(), p.y() - 1, p.level()));
    }
    for s in p.supports().into_iter().flatten() {
        if links.uncovered[ci][k - 1].has(Board::<B>::index(s)) {
            out.push(s);
        }
    }
    if k + 1 < usize::from(b.height) {
        for a in p.above(b.size) {
            if links.uncovered[ci][k + 1].has(Board::<B>::index(a)) {
                out.push(a);
            }
        }
    }
    out
}

fn on_edge(size: u8, c: Color, p: Point, far: bool) -> bool {
    if p.level() != 0 {
        return false;
    }
    let coordinate = match c {
        Color::Black => p.y(),
        Color::White => p.x(),
    };
    coordinate == if far { size - 1 } else { 0 }
}

/// Breadth-first search from the start edge to the far edge through live links.
fn shortest_chain<B: GeometryTable>(
    b: &Board<B>,
    links: &Links<B>,
    c: Color,
) -> Option<Vec<Point>> {
    let mut parent = std::collections::HashMap::new();
    let mut queue = VecDeque::new();
    let mut seen = HashSet::new();
    for i in links.uncovered[c.index()][0].ones() {
        let p = Board::<B>::point(i, 0);
        if on_edge(b.size, c, p, false) {
            seen.insert(p);
            queue.push_back(p);
        }
    }
    while let Some(p) = queue.pop_front() {
        if on_edge(b.size, c, p, true) {
            let mut chain = vec![p];
            let mut at = p;
            while let Some(&q) = parent.get(&at) {
                chain.push(q);
                at = q;
            }
            chain.reverse();
            return Some(chain);
        }
        for q in live_neighbours(b, links, c, p) {
            if seen.insert(q) {
                parent.insert(q, p);
                queue.push_back(q);
            }
        }
    }
    None
}

/// Compares the analyses before and after a move.
pub(crate) fn effect(drops: Vec<Drop>, before: &Analysis, after: &Analysis) -> MoveEffect {
    let covered_before: HashSet<Point> = before.covered.iter().copied().collect();
    let covered_after: HashSet<Point> = after.covered.iter().copied().collect();
    let severed_before: HashSet<(Point, Point)> = before.severed().map(|l| (l.a, l.b)).collect();
    let moved: HashSet<Point> = drops.iter().map(|d| d.from).collect();
    MoveEffect {
        covered: after
            .covered
            .iter()
            .copied()
            .filter(|p| !covered_before.contains(p))
            .collect(),
        uncovered: before
            .covered
            .iter()
            .copied()
            .filter(|p| !covered_after.contains(p) && !moved.contains(p))
            .collect(),
        severed: after
            .severed()
            .filter(|l| !severed_before.contains(&(l.a, l.b)))
            .copied()
            .collect(),
        restored: after
            .links
            .iter()
            .filter(|l| l.state == LinkState::Live && severed_before.contains(&(l.a, l.b)))
            .copied()
            .collect(),
        drops,
    }
}
