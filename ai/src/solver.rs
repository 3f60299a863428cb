//! A proof solver: does the side to move have a forced win in at most N of its own moves?
//!
//! Depth-first AND/OR search with iterative deepening and a transposition table keyed by the
//! position's Zobrist hash. Under the delayed rule a connection wins only once it has survived
//! the reply (RULES section 5), so a win in N own moves takes 2N plies and "win in 1" already
//! checks every answer of the opponent; under the immediate rule it takes 2N − 1 plies.
//! Repetition draws are ignored: within a few moves they cannot happen before a win.

use crate::game::play;
use akron_rules::{Color, Move, Position, WinRule};
use std::collections::HashMap;

/// What the solver proved about the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proof {
    /// A forced win; the line starts with the winning move and alternates with the most
    /// stubborn replies the solver met.
    Win(Vec<Move>),
    /// Every move loses by force within the depth (or there is no legal move).
    Loss,
    /// Neither was proved within the depth and the node budget.
    Unknown,
}

/// Positions the solver may visit by default before it answers [`Proof::Unknown`].
pub const DEFAULT_NODE_LIMIT: u64 = 3_000_000;

/// The budget ran out.
#[derive(Clone, Copy, Debug)]
struct Aborted;

/// One search: the rule, the attacking colour, the table and the budget.
struct Search {
    rule: WinRule,
    attacker: Color,
    /// Per position: the largest ply budget known not to win, and the smallest known to win.
    table: HashMap<u64, (u8, u8)>,
    nodes: u64,
    limit: u64,
}

const NO_WIN: u8 = u8::MAX;

impl Search {
    fn new(rule: WinRule, attacker: Color, limit: u64) -> Search {
        Search {
            rule,
            attacker,
            table: HashMap::new(),
            nodes: 0,
            limit,
        }
    }

    /// Plies that a win in `moves` own moves takes.
    fn plies(&self, moves: u32) -> u8 {
        let plies = match self.rule {
            WinRule::Delayed => 2 * moves,
            WinRule::Immediate => (2 * moves).saturating_sub(1),
        };
        u8::try_from(plies).unwrap_or(u8::MAX - 1)
    }

    fn play(
        &mut self,
        position: &Position,
        mv: Move,
    ) -> Result<(Position, Option<Color>), Aborted> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(Aborted);
        }
        Ok(play(position, mv, self.rule))
    }

    fn known(&self, hash: u64, plies: u8) -> Option<bool> {
        let &(no_win, win) = self.table.get(&hash)?;
        if win != NO_WIN && win <= plies {
            Some(true)
        } else if no_win != NO_WIN && no_win >= plies {
            Some(false)
        } else {
            None
        }
    }

    fn store(&mut self, hash: u64, plies: u8, wins: bool) {
        let entry = self.table.entry(hash).or_insert((NO_WIN, NO_WIN));
        if wins {
            entry.1 = if entry.1 == NO_WIN {
                plies
            } else {
                entry.1.min(plies)
            };
        } else {
            entry.0 = if entry.0 == NO_WIN {
                plies
            } else {
                entry.0.max(plies)
            };
        }
    }

    /// Whether the attacker, to move, wins within `plies`; the winning line if asked.
    fn attack(
        &mut self,
        position: &Position,
        plies: u8,
        line: Option<&mut Vec<Move>>,
    ) -> Result<bool, Aborted> {
        let hash = position.zobrist();
        if line.is_none() {
            if let Some(known) = self.known(hash, plies) {
                return Ok(known);
            }
        }
        let mut children = Vec::new();
        for mv in position.legal_moves() {
            let (next, winner) = self.play(position, mv)?;
            if winner == Some(self.attacker) {
                if let Some(line) = line {
                    line.push(mv);
                }
                self.store(hash, plies, true);
                return Ok(true);
            }
            if winner.is_none() && plies > 1 {
                // Moves after which the attacker spans come first: under the delayed rule
                // they are the ones that can win on the reply.
                let spans = next.spans(self.attacker);
                children.push((spans, mv, next));
            }
        }
        children.sort_by_key(|c| !c.0);
        for (_, mv, next) in &children {
            if self.defend(next, plies - 1, None)? {
                if let Some(line) = line {
                    line.push(*mv);
                    self.defend(next, plies - 1, Some(line))?;
                }
                self.store(hash, plies, true);
                return Ok(true);
            }
        }
        self.store(hash, plies, false);
        Ok(false)
    }

    /// Whether the attacker wins within `plies` whatever the defender, to move, replies.
    fn defend(
        &mut self,
        position: &Position,
        plies: u8,
        line: Option<&mut Vec<Move>>,
    ) -> Result<bool, Aborted> {
        let hash = position.zobrist();
        if line.is_none() {
            if let Some(known) = self.known(hash, plies) {
                return Ok(known);
            }
        }
        // The most stubborn reply, for the line: the one whose refutation took longest.
        let mut stubborn: Option<(u64, Move, Position)> = None;
        for mv in position.legal_moves() {
            let (next, winner) = self.play(position, mv)?;
            match winner {
                Some(c) if c == self.attacker => continue,
                Some(_) => {
                    self.store(hash, plies, false);
                    return Ok(false);
                }
                None => {}
            }
            let before = self.nodes;
            if plies <= 1 || !self.attack(&next, plies - 1, None)? {
                self.store(hash, plies, false);
                return Ok(false);
            }
            let effort = self.nodes - before;
            if line.is_some() && stubborn.as_ref().is_none_or(|s| effort > s.0) {
                stubborn = Some((effort, mv, next));
            }
        }
        if let (Some(line), Some((_, mv, next))) = (line, stubborn) {
            line.push(mv);
            self.attack(&next, plies - 1, Some(line))?;
        }
        self.store(hash, plies, true);
        Ok(true)
    }
}

/// Whether the side to move has a forced win in at most `depth` of its own moves under
/// `rule`, with the default node budget.
///
/// # Examples
///
/// ```
/// use akron_ai::{solve, Proof};
/// use akron_rules::{Position, WinRule};
/// // Black holds A1 and A3 on 3 × 3: A2 connects at once.
/// let position = Position::from_code("3:b:3,4:b2/3/b2")?;
/// let proof = solve(&position, WinRule::Immediate, 1);
/// assert_eq!(proof, Proof::Win(vec!["A2".parse()?]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn solve(position: &Position, rule: WinRule, depth: u32) -> Proof {
    solve_limited(position, rule, depth, DEFAULT_NODE_LIMIT)
}

/// As [`solve`], visiting at most `node_limit` positions. A loss is looked for only after the
/// win search failed, and costs up to one win search per move.
#[must_use]
pub fn solve_limited(position: &Position, rule: WinRule, depth: u32, node_limit: u64) -> Proof {
    let attacker = position.turn();
    let mut search = Search::new(rule, attacker, node_limit);
    let mut unknown = false;
    for moves in 1..=depth.max(1) {
        let plies = search.plies(moves);
        let mut line = Vec::new();
        match search.attack(position, plies, Some(&mut line)) {
            Ok(true) => return Proof::Win(line),
            Ok(false) => {}
            Err(Aborted) => {
                unknown = true;
                break;
            }
        }
    }
    if unknown {
        return Proof::Unknown;
    }
    // A loss: every move leads to a forced win of the opponent.
    let moves = position.legal_moves();
    let mut defence = Search::new(
        rule,
        attacker.other(),
        node_limit.saturating_sub(search.nodes),
    );
    for mv in moves {
        let Ok((next, winner)) = defence.play(position, mv) else {
            return Proof::Unknown;
        };
        match winner {
            Some(c) if c == attacker => return Proof::Unknown,
            Some(_) => continue,
            None => {}
        }
        let plies = defence.plies(depth.max(1));
        match defence.attack(&next, plies, None) {
            Ok(true) => {}
            Ok(false) | Err(Aborted) => return Proof::Unknown,
        }
    }
    Proof::Loss
}

/// Every first move that wins by force in at most `depth` own moves, in legal-move order, or
/// `None` if the node budget ran out before all moves were decided.
#[must_use]
pub fn winning_moves(
    position: &Position,
    rule: WinRule,
    depth: u32,
    node_limit: u64,
) -> Option<Vec<Move>> {
    let attacker = position.turn();
    let mut search = Search::new(rule, attacker, node_limit);
    let plies = search.plies(depth.max(1));
    let mut wins = Vec::new();
    for mv in position.legal_moves() {
        let (next, winner) = search.play(position, mv).ok()?;
        let wins_here = match winner {
            Some(c) => c == attacker,
            None => plies > 1 && search.defend(&next, plies - 1, None).ok()?,
        };
        if wins_here {
            wins.push(mv);
        }
    }
    Some(wins)
}

/// Whether `line` (the attacker's moves and the replies, alternating) is a legal sequence that
/// starts a forced win for the side to move within `depth` own moves: the attacker's first move
/// must be one of [`winning_moves`]. Answers `None` when the budget ran out.
#[must_use]
pub fn checks_answer(
    position: &Position,
    rule: WinRule,
    depth: u32,
    first: Move,
    node_limit: u64,
) -> Option<bool> {
    if position.check(first).is_err() {
        return Some(false);
    }
    let attacker = position.turn();
    let mut search = Search::new(rule, attacker, node_limit);
    let plies = search.plies(depth.max(1));
    let (next, winner) = search.play(position, first).ok()?;
    match winner {
        Some(c) => Some(c == attacker),
        None => {
            if plies <= 1 {
                return Some(false);
            }
            search.defend(&next, plies - 1, None).ok()
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// Brute force without a table, pruning or ordering: the attacker wins within `plies`.
    fn brute(position: &Position, rule: WinRule, attacker: Color, plies: u8) -> bool {
        let moves = position.legal_moves();
        let to_move = position.turn();
        let mut outcomes = moves.iter().map(|&mv| {
            let (next, winner) = play(position, mv, rule);
            match winner {
                Some(c) => c == attacker,
                None => plies > 1 && brute(&next, rule, attacker, plies - 1),
            }
        });
        if to_move == attacker {
            outcomes.any(|w| w)
        } else {
            outcomes.all(|w| w)
        }
    }

    fn position(code: &str) -> Position {
        Position::from_code(code).unwrap()
    }

    #[test]
    fn win_in_one_under_the_immediate_rule() {
        let p = position("3:b:3,4:b2/3/b2");
        assert_eq!(
            solve(&p, WinRule::Immediate, 1),
            Proof::Win(vec!["A2".parse().unwrap()])
        );
    }

    #[test]
    fn under_the_delayed_rule_a_connection_that_can_be_cut_is_no_win() {
        // Black connects A1-A2-A3, but White may answer; the solver checks every answer.
        let p = position("3:b:3,4:b2/3/b2");
        let proof = solve(&p, WinRule::Delayed, 1);
        let brute_win = brute(&p, WinRule::Delayed, Color::Black, 2);
        assert_eq!(matches!(proof, Proof::Win(_)), brute_win);
    }

    #[test]
    fn the_solver_agrees_with_brute_force_on_small_random_positions() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(9);
        let mut wins = 0;
        let mut checked = 0;
        for game in 0..40 {
            let size = if game % 2 == 0 { 3 } else { 4 };
            let rule = if game % 4 < 2 {
                WinRule::Delayed
            } else {
                WinRule::Immediate
            };
            let mut p = Position::start(size, u16::from(size) + 1).unwrap();
            for _ in 0..rng.random_range(3..14) {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.random_range(0..moves.len())];
                let (next, winner) = play(&p, mv, rule);
                if winner.is_some() {
                    break;
                }
                p = next;
            }
            let attacker = p.turn();
            let depth = 1;
            let plies = Search::new(rule, attacker, 1).plies(depth);
            let expected = brute(&p, rule, attacker, plies);
            let proof = solve(&p, rule, depth);
            assert_eq!(
                matches!(proof, Proof::Win(_)),
                expected,
                "{} {rule}",
                p.code()
            );
            if let Proof::Win(line) = proof {
                wins += 1;
                // The first move of the line is among the winning moves.
                let all = winning_moves(&p, rule, depth, DEFAULT_NODE_LIMIT).unwrap();
                assert!(all.contains(&line[0]));
                assert_eq!(
                    checks_answer(&p, rule, depth, line[0], DEFAULT_NODE_LIMIT),
                    Some(true)
                );
            }
            checked += 1;
        }
        assert_eq!(checked, 40);
        assert!(wins > 0, "some positions had a win");
    }

    #[test]
    fn no_legal_move_is_a_loss() {
        // Black to move with an empty pile and no piece that can step.
        let p = position("3:b:0,3:3/1w1/3");
        assert_eq!(solve(&p, WinRule::Delayed, 1), Proof::Loss);
    }
}
