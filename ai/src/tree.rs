//! One search tree: nodes, edges, the transposition table, selection, simulation and
//! back-propagation (RAVE, MAST and MCTS-Solver), or plain UCT.

use crate::engine::Tuning;
use crate::game::{play, MoveKeys};
use akron_rules::{Color, Move, PlayoutPolicy, Position, Uniform, WinRule};
use rand::rngs::SmallRng;
use rand::Rng;
use std::collections::HashMap;

/// No child node yet.
const NONE: u32 = u32::MAX;

/// Plies a plain UCT playout may last before it counts as a draw.
const PLAYOUT_PLIES: u32 = 200;

/// What is proven about a node, from the side of the player who moved into it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Proven {
    Unknown,
    /// The player who moved into the node wins by force.
    MoverWins,
    /// The player who moved into the node loses by force.
    MoverLoses,
}

#[derive(Clone, Debug)]
pub(crate) struct Node {
    hash: u64,
    to_move: Color,
    pub(crate) visits: u32,
    /// Total reward of the player who moved into this node.
    pub(crate) wins: f32,
    first_edge: u32,
    edge_count: u32,
    expanded: bool,
    pub(crate) proven: Proven,
}

#[derive(Clone, Debug)]
pub(crate) struct Edge {
    pub(crate) mv: Move,
    key: u32,
    pub(crate) child: u32,
    amaf_visits: u32,
    amaf_wins: f32,
}

/// The search flavour of a tree.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Flavour {
    /// RAVE, MAST, the solver and the transposition table; else plain UCT.
    pub(crate) enhanced: bool,
    /// Constants and features of the enhanced search.
    pub(crate) tuning: Tuning,
}

/// Move statistics of the playouts (MAST): average reward of each move key for its mover;
/// with [`Tuning::nst`], also of each pair (the opponent's last move, the reply) (NST).
#[derive(Clone, Debug)]
pub(crate) struct Mast {
    visits: Vec<[f32; 2]>,
    wins: Vec<[f32; 2]>,
    /// Keys, the side of the pair table.
    len: usize,
    /// Visits and wins of each pair `previous * len + key`, for Black and White: empty
    /// without NST.
    pairs: Vec<[f32; 4]>,
}

/// Visits a pair needs before its average counts in the playouts.
const NST_VISITS: f32 = 4.0;

impl Mast {
    fn new(len: usize, nst: bool) -> Mast {
        Mast {
            visits: vec![[0.0; 2]; len],
            wins: vec![[0.0; 2]; len],
            len,
            pairs: if nst {
                vec![[0.0; 4]; len * len]
            } else {
                Vec::new()
            },
        }
    }

    /// Halves every statistic, so that older searches weigh less.
    fn decay(&mut self) {
        for v in &mut self.visits {
            v[0] *= 0.5;
            v[1] *= 0.5;
        }
        for w in &mut self.wins {
            w[0] *= 0.5;
            w[1] *= 0.5;
        }
        for p in &mut self.pairs {
            for x in p {
                *x *= 0.5;
            }
        }
    }
}

/// The playout policy: Gibbs sampling on MAST averages, and a record of the moves played.
struct Policy<'a> {
    mast: &'a Mast,
    keys: &'a MoveKeys,
    played: &'a mut Vec<(Color, u32)>,
    temperature: f32,
    /// The playout's moves, when a cut-off playout is to be scored.
    moves: Option<&'a mut Vec<Move>>,
    /// The key of the last move played, for NST (`usize::MAX`: none).
    previous: usize,
}

impl PlayoutPolicy for Policy<'_> {
    fn keep(&mut self, mover: Color, mv: Move) -> f32 {
        let key = self.keys.key(mv);
        let c = usize::from(mover == Color::White);
        let n = self.mast.visits[key][c];
        let mut q = if n > 0.0 {
            self.mast.wins[key][c] / n
        } else {
            0.5
        };
        // Without NST the pair table is empty and `get` finds nothing.
        if self.previous != usize::MAX {
            if let Some(pair) = self.mast.pairs.get(self.previous * self.mast.len + key) {
                if pair[c] >= NST_VISITS {
                    q = 0.5 * (q + pair[2 + c] / pair[c]);
                }
            }
        }
        ((q - 1.0) / self.temperature).exp()
    }

    fn played(&mut self, mover: Color, mv: Move) {
        let key = self.keys.key(mv);
        self.previous = key;
        self.played.push((mover, key as u32));
        if let Some(moves) = &mut self.moves {
            moves.push(mv);
        }
    }
}

/// A search tree with its root position.
#[derive(Clone, Debug)]
pub(crate) struct Tree {
    pub(crate) nodes: Vec<Node>,
    pub(crate) edges: Vec<Edge>,
    table: HashMap<u64, u32>,
    pub(crate) root: u32,
    root_position: Position,
    rule: WinRule,
    keys: MoveKeys,
    mast: Mast,
    flavour: Flavour,
    max_nodes: usize,
    max_edges: usize,
    /// Scratch buffers of one simulation.
    path: Vec<(u32, u32)>,
    played: Vec<(Color, u32)>,
    playout_moves: Vec<Move>,
    amaf_seen: [Vec<u64>; 2],
}

/// The side that reaches further towards its two edges in `position`, a playout's last
/// position when the ply cap cut it off: for each side, the most rows (Black) or columns
/// (White) that one of its connected groups of uncovered pieces covers, a level-k piece
/// covering the k + 1 rows and columns of its footprint. `None` when both reach as far.
///
/// Hand-written: the rules crate has no evaluation; this is the crudest measure of a
/// connection game's progress, used only where the playout would otherwise say nothing.
fn cutoff_winner(position: &Position) -> Option<Color> {
    let analysis = position.analysis();
    let reach = |color: Color| {
        analysis.groups[color]
            .iter()
            .map(|group| {
                let (mut low, mut high) = (u8::MAX, 0u8);
                for p in group {
                    let start = if color == Color::Black { p.y() } else { p.x() };
                    low = low.min(start);
                    high = high.max(start + p.level());
                }
                u32::from(high.saturating_sub(low)) + 1
            })
            .max()
            .unwrap_or(0)
    };
    let (black, white) = (reach(Color::Black), reach(Color::White));
    match black.cmp(&white) {
        std::cmp::Ordering::Greater => Some(Color::Black),
        std::cmp::Ordering::Less => Some(Color::White),
        std::cmp::Ordering::Equal => None,
    }
}

/// Reward of `color` when the simulation ended with `winner` (`None`: a draw).
fn reward(winner: Option<Color>, color: Color) -> f32 {
    match winner {
        Some(w) if w == color => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

impl Tree {
    pub(crate) fn new(
        position: &Position,
        rule: WinRule,
        flavour: Flavour,
        max_nodes: usize,
        max_edges: usize,
    ) -> Tree {
        let keys = MoveKeys::new(position.size());
        let len = keys.len();
        let words = len / 64 + 1;
        let mut tree = Tree {
            nodes: Vec::new(),
            edges: Vec::new(),
            table: HashMap::new(),
            root: 0,
            root_position: position.clone(),
            rule,
            keys,
            mast: Mast::new(len, flavour.tuning.nst),
            flavour,
            max_nodes: max_nodes.max(1),
            max_edges,
            path: Vec::new(),
            played: Vec::new(),
            playout_moves: Vec::new(),
            amaf_seen: [vec![0; words], vec![0; words]],
        };
        tree.reset(position);
        tree
    }

    /// Drops every node and starts from `position`.
    fn reset(&mut self, position: &Position) {
        self.nodes.clear();
        self.edges.clear();
        self.table.clear();
        self.root_position = position.clone();
        self.root = self.add_node(position, None);
    }

    /// Moves the root to `position`, keeping its subtree if the tree holds it and has room
    /// to grow; otherwise starts afresh. Whether the tree was reused.
    pub(crate) fn set_root(&mut self, position: &Position, rule: WinRule) -> bool {
        let same_board = position.size() == self.root_position.size() && rule == self.rule;
        if same_board && self.flavour.enhanced {
            if let Some(&node) = self.table.get(&position.zobrist()) {
                if self.nodes.len() < self.max_nodes / 2 && self.edges.len() < self.max_edges / 2 {
                    self.root = node;
                    self.root_position = position.clone();
                    self.mast.decay();
                    return true;
                }
            }
        }
        if !same_board {
            self.keys = MoveKeys::new(position.size());
            self.mast = Mast::new(self.keys.len(), self.flavour.tuning.nst);
            let words = self.keys.len() / 64 + 1;
            self.amaf_seen = [vec![0; words], vec![0; words]];
            self.rule = rule;
        } else {
            self.mast.decay();
        }
        self.reset(position);
        false
    }

    fn add_node(&mut self, position: &Position, winner: Option<Color>) -> u32 {
        let to_move = position.turn();
        let mover = to_move.other();
        let proven = match winner {
            Some(w) if w == mover => Proven::MoverWins,
            Some(_) => Proven::MoverLoses,
            None => Proven::Unknown,
        };
        let hash = position.zobrist();
        let index = self.nodes.len() as u32;
        self.nodes.push(Node {
            hash,
            to_move,
            visits: 0,
            wins: 0.0,
            first_edge: 0,
            edge_count: 0,
            expanded: winner.is_some(),
            proven,
        });
        if self.flavour.enhanced && winner.is_none() {
            self.table.insert(hash, index);
        }
        index
    }

    /// Whether the tree may still grow.
    fn has_room(&self) -> bool {
        self.nodes.len() < self.max_nodes && self.edges.len() < self.max_edges
    }

    /// Creates the edges of `node` (at `position`). A node without legal moves becomes a
    /// proven win for the player who moved into it.
    fn expand(&mut self, node: u32, position: &Position) {
        let moves = position.legal_moves();
        let n = &mut self.nodes[node as usize];
        n.expanded = true;
        if moves.is_empty() {
            n.proven = Proven::MoverWins;
            return;
        }
        n.first_edge = self.edges.len() as u32;
        n.edge_count = moves.len() as u32;
        for mv in moves {
            let key = self.keys.key(mv) as u32;
            self.edges.push(Edge {
                mv,
                key,
                child: NONE,
                amaf_visits: 0,
                amaf_wins: 0.0,
            });
        }
    }

    /// The edges of a node.
    pub(crate) fn edges_of(&self, node: u32) -> std::ops::Range<usize> {
        let n = &self.nodes[node as usize];
        let start = n.first_edge as usize;
        start..start + n.edge_count as usize
    }

    /// Picks the edge to follow from `node`.
    fn select(&self, node: u32, rng: &mut SmallRng) -> usize {
        let n = &self.nodes[node as usize];
        let log_n = ((n.visits.max(1)) as f32).ln();
        let mut best = usize::MAX;
        let mut best_score = f32::NEG_INFINITY;
        for e in self.edges_of(node) {
            let edge = &self.edges[e];
            let (visits, wins, proven) = if edge.child == NONE {
                (0, 0.0, Proven::Unknown)
            } else {
                let c = &self.nodes[edge.child as usize];
                (c.visits, c.wins, c.proven)
            };
            let score = if self.flavour.enhanced {
                match proven {
                    Proven::MoverWins => return e,
                    Proven::MoverLoses => -1.0e9 + visits as f32,
                    Proven::Unknown => {
                        let explore = self.flavour.tuning.exploration
                            * (log_n / (visits as f32 + 1.0)).sqrt();
                        let an = edge.amaf_visits as f32;
                        let n = visits as f32;
                        let amaf = if an > 0.0 { edge.amaf_wins / an } else { 0.5 };
                        if visits == 0 {
                            amaf + explore
                        } else {
                            let beta = an / (an + n + self.flavour.tuning.rave_bias * n * an);
                            (1.0 - beta) * (wins / n) + beta * amaf + explore
                        }
                    }
                }
            } else if visits == 0 {
                // Plain UCT tries every move once, in random order.
                1.0e6 + rng.random::<f32>()
            } else {
                wins / visits as f32 + std::f32::consts::SQRT_2 * (log_n / visits as f32).sqrt()
            };
            if score > best_score {
                best_score = score;
                best = e;
            }
        }
        best
    }

    /// One simulation: selection, expansion, a playout and back-propagation.
    pub(crate) fn simulate(&mut self, rng: &mut SmallRng) {
        let mut position = self.root_position.clone();
        let mut node = self.root;
        self.path.clear();
        self.played.clear();
        let winner: Option<Color>;
        loop {
            let n = &self.nodes[node as usize];
            match n.proven {
                Proven::MoverWins => {
                    winner = Some(n.to_move.other());
                    break;
                }
                Proven::MoverLoses => {
                    winner = Some(n.to_move);
                    break;
                }
                Proven::Unknown => {}
            }
            if !n.expanded {
                if (n.visits > 0 || node == self.root) && self.has_room() {
                    self.expand(node, &position);
                    continue;
                }
                winner = self.playout(&position, rng);
                break;
            }
            let e = self.select(node, rng);
            let edge = &self.edges[e];
            let mv = edge.mv;
            let mover = position.turn();
            self.played.push((mover, edge.key));
            let mut child = edge.child;
            if child == NONE {
                let (next, ended) = play(&position, mv, self.rule);
                // Terminal nodes stay out of the table: under the immediate rule, whether a
                // move ends the game depends on the move (a lifted piece), not only on the
                // position it leads to.
                let known = if self.flavour.enhanced && ended.is_none() {
                    self.table.get(&next.zobrist()).copied()
                } else {
                    None
                };
                child = match known {
                    Some(c) => c,
                    None if self.has_room() => self.add_node(&next, ended),
                    None => {
                        // At the cap the tree stops growing: the playout starts below the
                        // last node, which alone learns from it.
                        self.path.push((node, e as u32));
                        winner = match ended {
                            Some(w) => Some(w),
                            None => self.playout(&next, rng),
                        };
                        self.backpropagate(winner, None);
                        return;
                    }
                };
                self.edges[e].child = child;
                position = next;
            } else {
                position.play_unchecked(mv);
            }
            self.path.push((node, e as u32));
            // A position met again on the way down is scored as a draw, as repetition would.
            let hash = self.nodes[child as usize].hash;
            if self.flavour.enhanced
                && (self.nodes[self.root as usize].hash == hash
                    || self
                        .path
                        .iter()
                        .any(|&(p, _)| self.nodes[p as usize].hash == hash))
            {
                self.backpropagate(None, Some(child));
                return;
            }
            node = child;
        }
        self.backpropagate(winner, Some(node));
    }

    /// A playout from `position`; its winner, or `None` for a draw or the ply cap.
    fn playout(&mut self, position: &Position, rng: &mut SmallRng) -> Option<Color> {
        let result = if self.flavour.enhanced {
            let tuning = self.flavour.tuning;
            self.playout_moves.clear();
            let previous = self.played.last().map_or(usize::MAX, |&(_, k)| k as usize);
            let mut policy = Policy {
                mast: &self.mast,
                keys: &self.keys,
                played: &mut self.played,
                temperature: tuning.mast_temperature,
                moves: tuning.cutoff_score.then_some(&mut self.playout_moves),
                previous,
            };
            let result = position.playout_with(self.rule, tuning.playout_plies, rng, &mut policy);
            if result.outcome.is_none() && tuning.cutoff_score {
                let mut end = position.clone();
                for &mv in &self.playout_moves {
                    end.play_unchecked(mv);
                }
                return cutoff_winner(&end);
            }
            result
        } else {
            position.playout_with(self.rule, PLAYOUT_PLIES, rng, &mut Uniform)
        };
        result.outcome.and_then(|o| o.winner)
    }

    /// Updates the path's statistics with the result, the AMAF values of every edge on the
    /// way and the MAST table; then the proofs.
    fn backpropagate(&mut self, winner: Option<Color>, leaf: Option<u32>) {
        if let Some(leaf) = leaf {
            let n = &mut self.nodes[leaf as usize];
            n.visits += 1;
            n.wins += reward(winner, n.to_move.other());
        }
        for &(node, e) in &self.path {
            let n = &mut self.nodes[node as usize];
            if node == self.root {
                // The root learns like any node, from the side of the player who moved into
                // it: the search never reads its wins, but a later search may meet this node
                // again as a child (the post-game analysis measures each better move after
                // the whole game), and visits without wins then read as a lost position.
                n.visits += 1;
                n.wins += reward(winner, n.to_move.other());
            }
            let child = self.edges[e as usize].child;
            if child != NONE && Some(child) != leaf {
                let c = &mut self.nodes[child as usize];
                c.visits += 1;
                c.wins += reward(winner, c.to_move.other());
            }
        }
        if !self.flavour.enhanced {
            return;
        }
        for &(mover, key) in &self.played {
            let c = usize::from(mover == Color::White);
            self.mast.visits[key as usize][c] += 1.0;
            self.mast.wins[key as usize][c] += reward(winner, mover);
        }
        if !self.mast.pairs.is_empty() {
            let len = self.mast.len;
            for pair in self.played.windows(2) {
                let (mover, key) = pair[1];
                let c = usize::from(mover == Color::White);
                let stats = &mut self.mast.pairs[pair[0].1 as usize * len + key as usize];
                stats[c] += 1.0;
                stats[2 + c] += reward(winner, mover);
            }
        }
        // AMAF: going up the path, each node's edges learn from the moves its player made
        // from there on (in the tree and in the playout).
        for seen in &mut self.amaf_seen {
            seen.fill(0);
        }
        let tree_moves = self.path.len();
        for &(mover, key) in &self.played[tree_moves.min(self.played.len())..] {
            let c = usize::from(mover == Color::White);
            self.amaf_seen[c][key as usize / 64] |= 1 << (key % 64);
        }
        for i in (0..self.path.len()).rev() {
            let (node, _) = self.path[i];
            if let Some(&(mover, key)) = self.played.get(i) {
                let c = usize::from(mover == Color::White);
                self.amaf_seen[c][key as usize / 64] |= 1 << (key % 64);
            }
            let to_move = self.nodes[node as usize].to_move;
            let c = usize::from(to_move == Color::White);
            let r = reward(winner, to_move);
            let range = self.edges_of(node);
            for edge in &mut self.edges[range] {
                let key = edge.key as usize;
                if self.amaf_seen[c][key / 64] >> (key % 64) & 1 != 0 {
                    edge.amaf_visits += 1;
                    edge.amaf_wins += r;
                }
            }
        }
        // MCTS-Solver: proofs climb the path while they change something.
        for i in (0..self.path.len()).rev() {
            let (node, _) = self.path[i];
            if !self.update_proof(node) {
                break;
            }
        }
    }

    /// Derives the proof of `node` from its children; whether it changed.
    fn update_proof(&mut self, node: u32) -> bool {
        if self.nodes[node as usize].proven != Proven::Unknown {
            return false;
        }
        let mut all_lose = true;
        let mut any_win = false;
        for e in self.edges_of(node) {
            let child = self.edges[e].child;
            if child == NONE {
                all_lose = false;
                continue;
            }
            match self.nodes[child as usize].proven {
                Proven::MoverWins => any_win = true,
                Proven::MoverLoses => {}
                Proven::Unknown => all_lose = false,
            }
        }
        let n = &mut self.nodes[node as usize];
        if any_win {
            n.proven = Proven::MoverLoses;
        } else if all_lose && n.edge_count > 0 {
            n.proven = Proven::MoverWins;
        } else {
            return false;
        }
        true
    }

    /// The root's edges with their (visits, wins, proven) for the root's player.
    pub(crate) fn root_stats(&self) -> Vec<(Move, u32, f32, Proven)> {
        self.edges_of(self.root)
            .map(|e| {
                let edge = &self.edges[e];
                if edge.child == NONE {
                    (edge.mv, 0, 0.0, Proven::Unknown)
                } else {
                    let c = &self.nodes[edge.child as usize];
                    (edge.mv, c.visits, c.wins, c.proven)
                }
            })
            .collect()
    }

    /// The most visited line from the root's child reached by `first`, `first` included.
    pub(crate) fn principal_variation(&self, first: Move, length: usize) -> Vec<Move> {
        let mut pv = vec![first];
        let mut node = self
            .edges_of(self.root)
            .find(|&e| self.edges[e].mv == first)
            .map_or(NONE, |e| self.edges[e].child);
        while node != NONE && pv.len() < length {
            let best = self
                .edges_of(node)
                .filter(|&e| self.edges[e].child != NONE)
                .max_by_key(|&e| self.nodes[self.edges[e].child as usize].visits);
            let Some(e) = best else { break };
            if self.nodes[self.edges[e].child as usize].visits == 0 {
                break;
            }
            pv.push(self.edges[e].mv);
            node = self.edges[e].child;
        }
        pv
    }

    /// Whether the root has been expanded (it has moves).
    pub(crate) fn root_moves(&self) -> usize {
        self.nodes[self.root as usize].edge_count as usize
    }

    /// Nodes in the tree.
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// A cut-off playout goes to the side whose longest group reaches further towards its
    /// own two edges: rows for Black, columns for White, a raised piece counting the rows and
    /// columns of its footprint.
    #[test]
    fn a_cut_off_playout_goes_to_the_side_that_reaches_further() {
        // Black A1–A4: four rows; White C2–D2: two columns.
        let p = Position::from_code("5:b:8,10:5/b4/b4/b1ww1/b4").unwrap();
        assert_eq!(cutoff_winner(&p), Some(Color::Black));
        // The same reaches for White and Black, mirrored.
        let p = Position::from_code("5:b:10,8:5/1b3/1b3/5/wwww1").unwrap();
        assert_eq!(cutoff_winner(&p), Some(Color::White));
        // Two each: no winner.
        let p = Position::from_code("5:b:10,10:5/5/b4/b2ww/5").unwrap();
        assert_eq!(cutoff_winner(&p), None);
        // White's raised piece on D2' rests on D1 (White), E1, D2 and E2 (Black): with C1 its
        // group covers columns C to E, three, against Black's two rows (D2, E2, E1).
        let p = Position::from_code("5:b:9,9:5/5/5/3bb/2wwb|4/4/4/3w").unwrap();
        assert_eq!(p.analysis().groups[Color::White].len(), 1);
        assert_eq!(cutoff_winner(&p), Some(Color::White));
    }

    /// With NST a reply's playout weight mixes its MAST average with its average as a reply
    /// to the move before, once that pair has been seen `NST_VISITS` times.
    #[test]
    fn nst_weighs_a_reply_by_its_pair_average_once_seen_enough() {
        let keys = MoveKeys::new(5);
        let mut mast = Mast::new(keys.len(), true);
        let before = Move::Place(akron_rules::Point::new(0, 0, 0));
        let reply = Move::Place(akron_rules::Point::new(1, 0, 0));
        let (k1, k2) = (keys.key(before), keys.key(reply));
        let mut played = Vec::new();
        let weight = |mast: &Mast, played: &mut Vec<(Color, u32)>| {
            let mut policy = Policy {
                mast,
                keys: &keys,
                played,
                temperature: 0.5,
                moves: None,
                previous: usize::MAX,
            };
            policy.played(Color::White, before);
            policy.keep(Color::Black, reply)
        };
        // No statistics: an average of one half.
        assert!((weight(&mast, &mut played) - (-1.0f32).exp()).abs() < 1e-6);
        // Three won replies are not enough yet; the fourth is.
        mast.pairs[k1 * mast.len + k2] = [3.0, 0.0, 3.0, 0.0];
        assert!((weight(&mast, &mut played) - (-1.0f32).exp()).abs() < 1e-6);
        mast.pairs[k1 * mast.len + k2] = [4.0, 0.0, 4.0, 0.0];
        assert!((weight(&mast, &mut played) - (-0.5f32).exp()).abs() < 1e-6);
        // White's statistics of the same pair do not count for Black.
        mast.pairs[k1 * mast.len + k2] = [0.0, 8.0, 0.0, 8.0];
        assert!((weight(&mast, &mut played) - (-1.0f32).exp()).abs() < 1e-6);
        // Without NST there is no pair table.
        assert!(Mast::new(keys.len(), false).pairs.is_empty());
    }
}
