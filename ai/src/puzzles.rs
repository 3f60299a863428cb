//! Puzzles: positions with a forced win, mined from self-play games and proven by the solver.
//!
//! A bank is a text file, one puzzle a line: `CODE RULE MOVES UNIQUE SOLUTION...`, for example
//! `5:b:9,9:... delayed 1 unique C3 B2`. MOVES is the number of own moves the win takes,
//! UNIQUE is `unique` or `several` (other first moves also win), and the solution is one
//! winning line. Lines starting with `#` are comments.

use crate::engine::{Budget, Engine, EngineConfig};
use crate::game::play;
use crate::solver::{solve_limited, winning_moves, Proof};
use akron_rules::{Move, Position, WinRule};
use std::collections::HashSet;
use std::fmt;

/// The bank shipped with the crate (`ai/puzzles/bank.txt`).
pub const BANK: &str = include_str!("../puzzles/bank.txt");

/// A position where the side to move wins by force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The position.
    pub position: Position,
    /// The win rule.
    pub rule: WinRule,
    /// Own moves the win takes.
    pub moves: u32,
    /// Whether only one first move wins within that many moves.
    pub unique: bool,
    /// One winning line, the solver's.
    pub solution: Vec<Move>,
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {}",
            self.position.code(),
            self.rule,
            self.moves,
            if self.unique { "unique" } else { "several" }
        )?;
        for mv in &self.solution {
            write!(f, " {mv}")?;
        }
        Ok(())
    }
}

/// Why a bank line did not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankError {
    /// The line number, from 1.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for BankError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "puzzle bank line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for BankError {}

/// Reads a bank.
///
/// # Errors
///
/// The first line that is not a puzzle.
pub fn parse_bank(text: &str) -> Result<Vec<Puzzle>, BankError> {
    let mut puzzles = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let error = |reason: String| BankError {
            line: i + 1,
            reason,
        };
        let mut fields = line.split_whitespace();
        let mut next = |what: &str| fields.next().ok_or_else(|| error(format!("no {what}")));
        let position = Position::from_code(next("position code")?)
            .map_err(|e| error(format!("bad position code: {e}")))?;
        let rule = next("rule")?.parse::<WinRule>().map_err(error)?;
        let moves = next("move count")?
            .parse::<u32>()
            .map_err(|_| error("the move count is not a number".into()))?;
        let unique = match next("unique or several")? {
            "unique" => true,
            "several" => false,
            other => return Err(error(format!("'{other}' must be unique or several"))),
        };
        let solution = fields
            .map(|m| m.parse::<Move>().map_err(|e| error(format!("{m}: {e}"))))
            .collect::<Result<Vec<Move>, BankError>>()?;
        if solution.is_empty() {
            return Err(error("no solution".into()));
        }
        puzzles.push(Puzzle {
            position,
            rule,
            moves,
            unique,
            solution,
        });
    }
    Ok(puzzles)
}

/// How puzzles are mined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MineOptions {
    /// Board side.
    pub size: u8,
    /// Win rule.
    pub rule: WinRule,
    /// Longest win looked for, in own moves.
    pub depth: u32,
    /// Playouts per move of the self-play engine.
    pub playouts: u64,
    /// Solver nodes per position.
    pub node_limit: u64,
    /// Seed of the first game.
    pub seed: u64,
}

impl Default for MineOptions {
    fn default() -> Self {
        MineOptions {
            size: 8,
            rule: WinRule::Delayed,
            depth: 2,
            playouts: 300,
            node_limit: 200_000,
            seed: 1,
        }
    }
}

/// Plays one self-play game and returns the positions of it where the side to move has a
/// forced win within `options.depth` own moves but none shorter, skipping hashes in `seen`.
/// Positions are tried from the end of the game backwards, the deeper searches only near the
/// end.
#[must_use]
pub fn mine_game(options: &MineOptions, game_index: u64, seen: &mut HashSet<u64>) -> Vec<Puzzle> {
    let size = options.size;
    let Ok(start) = Position::start(size, akron_rules::default_pile(size)) else {
        return Vec::new();
    };
    let mut engine = Engine::new(EngineConfig {
        seed: options.seed.wrapping_add(game_index),
        win_check: false,
        ..EngineConfig::default()
    });
    let mut positions = vec![start.clone()];
    let mut position = start;
    for _ in 0..300 {
        let Ok(analysis) =
            engine.analyze(&position, options.rule, Budget::playouts(options.playouts))
        else {
            break;
        };
        let (next, winner) = play(&position, analysis.best, options.rule);
        if winner.is_some() {
            break;
        }
        position = next;
        positions.push(position.clone());
    }
    let mut found = Vec::new();
    for (back, position) in positions.iter().rev().enumerate() {
        // Deeper wins are looked for only in the last dozen positions.
        let depth = if back < 12 { options.depth } else { 1 };
        if back > 40 {
            break;
        }
        if !seen.insert(position.zobrist()) {
            continue;
        }
        if let Some(puzzle) = puzzle_at(position, options.rule, depth, options.node_limit) {
            found.push(puzzle);
        }
    }
    found
}

/// The puzzle at `position`: the shortest forced win within `depth` own moves, if the solver
/// proves one within `node_limit` nodes, with whether its first move is unique.
#[must_use]
pub fn puzzle_at(
    position: &Position,
    rule: WinRule,
    depth: u32,
    node_limit: u64,
) -> Option<Puzzle> {
    let Proof::Win(solution) = solve_limited(position, rule, depth, node_limit) else {
        return None;
    };
    let moves = solution.len().div_ceil(2) as u32;
    let winners = winning_moves(position, rule, moves, node_limit)?;
    Some(Puzzle {
        position: position.clone(),
        rule,
        moves,
        unique: winners.len() == 1,
        solution,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn puzzles_print_and_parse_back() {
        let position = Position::from_code("3:b:3,4:b2/3/b2").unwrap();
        let puzzle = puzzle_at(&position, WinRule::Immediate, 1, 10_000).unwrap();
        assert!(puzzle.unique);
        assert_eq!(puzzle.moves, 1);
        let text = format!("# a comment\n{puzzle}\n");
        assert_eq!(parse_bank(&text), Ok(vec![puzzle]));
        assert!(parse_bank("3:b:3,4:b2/3/b2 delayed x unique A2").is_err());
    }

    #[test]
    fn the_shipped_bank_parses_and_its_first_puzzles_are_proven() {
        let bank = parse_bank(BANK).unwrap();
        assert!(bank.len() >= 200, "{} puzzles", bank.len());
        for puzzle in bank.iter().take(5) {
            let proof = solve_limited(&puzzle.position, puzzle.rule, puzzle.moves, 1_000_000);
            assert!(matches!(proof, Proof::Win(_)), "{puzzle}");
        }
    }
}
