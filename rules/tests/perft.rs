//! Perft counts from `tests/perft.txt`, and a check of small ones against the reference.

mod common;

use akron_rules::{Move, Position};
use common::Reference;

fn reference_perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = Reference::new(position).legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv: Move| {
            let mut next = position.clone();
            next.play_unchecked(mv);
            reference_perft(&next, depth - 1)
        })
        .sum()
}

fn cases() -> Vec<(String, u32, u64)> {
    include_str!("perft.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(fields.len(), 3, "perft.txt line: {line}");
            (
                fields[0].to_string(),
                fields[1].parse().unwrap_or(0),
                fields[2].parse().unwrap_or(0),
            )
        })
        .collect()
}

#[test]
fn perft_counts_match_the_data_file() {
    let cases = cases();
    assert!(cases.len() >= 10);
    for (code, depth, expected) in cases {
        let position = Position::from_code(&code).map_err(|e| e.to_string());
        assert!(position.is_ok(), "{code}: {position:?}");
        if let Ok(position) = position {
            assert_eq!(position.perft(depth), expected, "perft({code}, {depth})");
        }
    }
}

#[test]
fn small_perft_counts_match_the_reference() {
    for (code, depth, expected) in cases() {
        if expected > 20_000 {
            continue;
        }
        let Ok(position) = Position::from_code(&code) else {
            panic!("{code}")
        };
        assert_eq!(
            reference_perft(&position, depth),
            expected,
            "reference perft({code}, {depth})"
        );
    }
}
