//! The bitboard engine agrees with the naive reference implementation on random games.

mod common;

use akron_rules::{Color, LinkKind, LinkState, Move, Position};
use common::{random_walk, Reference};
use std::collections::HashSet;

/// What a batch of random positions exercised.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    stacked: usize,
    covered: usize,
    severed: usize,
    drops: usize,
}

fn compare(position: &Position, seen: &mut Seen) {
    seen.positions += 1;
    seen.stacked += usize::from(position.height() >= 3);
    let reference = Reference::new(position);
    let code = position.code();
    let moves: HashSet<Move> = position.legal_moves().into_iter().collect();
    let expected = reference.legal_moves();
    if moves != expected {
        let extra: Vec<String> = moves
            .difference(&expected)
            .map(ToString::to_string)
            .collect();
        let missing: Vec<String> = expected
            .difference(&moves)
            .map(ToString::to_string)
            .collect();
        panic!("{code}: engine has extra {extra:?}, misses {missing:?}");
    }
    // perft(1) counts with the fast per-piece counter; it must agree with the full list.
    assert_eq!(
        position.perft(1),
        moves.len() as u64,
        "{code}: fast move count"
    );
    for c in Color::ALL {
        assert_eq!(position.spans(c), reference.spans(c), "{code}: spans({c})");
    }
    let analysis = position.analysis();
    for (p, _) in position.pieces() {
        assert_eq!(
            analysis.is_covered(p),
            reference.covered(p),
            "{code}: covered {p}"
        );
    }
    seen.covered += usize::from(!analysis.covered.is_empty());
    seen.severed += usize::from(analysis.severed().next().is_some());
    let live = reference.live_level_links();
    for link in &analysis.links {
        if link.kind == LinkKind::Level && link.state != LinkState::Covered {
            assert_eq!(
                live.contains(&(link.a, link.b)),
                link.state == LinkState::Live,
                "{code}: link {}-{}",
                link.a,
                link.b
            );
        }
    }
}

fn check_random_games(size: u8, pile: u16, games: u64, plies: usize) -> Seen {
    let Ok(start) = Position::start(size, pile) else {
        panic!("bad start")
    };
    let mut seen = Seen::default();
    for seed in 0..games {
        let mut previous = start.clone();
        random_walk(&start, plies, seed * 7919 + u64::from(size), |p, mv| {
            if let Some(mv) = mv {
                seen.drops += previous
                    .clone()
                    .play(mv)
                    .map(|e| e.drops.len())
                    .unwrap_or(0);
            }
            previous = p.clone();
            compare(p, &mut seen);
        });
    }
    seen
}

/// The walks must reach the situations the rules are about, or agreement means little.
fn assert_exercised(seen: &Seen) {
    assert!(
        seen.stacked > 0 && seen.covered > 0 && seen.severed > 0 && seen.drops > 0,
        "{seen:?}"
    );
}

#[test]
fn agrees_on_3x3() {
    let seen = check_random_games(3, 4, 40, 60);
    assert!(seen.drops > 0, "{seen:?}");
}

#[test]
fn agrees_on_4x4() {
    let seen = check_random_games(4, 8, 30, 80);
    assert!(seen.severed > 0 && seen.drops > 0, "{seen:?}");
}

#[test]
fn agrees_on_5x5_with_few_marbles() {
    // Small piles force many steps, so stacks and cascades appear.
    let seen = check_random_games(5, 7, 30, 120);
    assert!(seen.drops > 0, "{seen:?}");
}

#[test]
fn agrees_on_8x8() {
    let seen = check_random_games(8, 32, 4, 160);
    assert!(seen.drops > 0, "{seen:?}");
}

#[test]
fn agrees_on_wide_boards() {
    // Sizes 9 and up use the 256-bit board.
    let seen = check_random_games(9, 20, 3, 120);
    assert!(seen.drops > 0, "{seen:?}");
    let seen = check_random_games(16, 40, 1, 120);
    assert!(seen.positions > 100, "{seen:?}");
}

fn check_stacked(size: u8, positions: u64, density: u32, plies: usize) -> Seen {
    let mut seen = Seen::default();
    for seed in 0..positions {
        let start = common::random_stacked(size, seed * 31 + u64::from(size), density);
        let mut previous = start.clone();
        random_walk(&start, plies, seed, |p, mv| {
            if let Some(mv) = mv {
                seen.drops += previous
                    .clone()
                    .play(mv)
                    .map(|e| e.drops.len())
                    .unwrap_or(0);
            }
            previous = p.clone();
            compare(p, &mut seen);
        });
    }
    seen
}

#[test]
fn agrees_on_random_stacked_positions() {
    for size in [3u8, 4, 5, 6, 8] {
        let seen = check_stacked(size, 60, 92, 6);
        eprintln!("{size}: {seen:?}");
        assert_exercised(&seen);
    }
}

#[test]
fn agrees_on_random_stacked_wide_positions() {
    for size in [9u8, 12, 16] {
        let seen = check_stacked(size, 6, 80, 3);
        eprintln!("{size}: {seen:?}");
        assert_exercised(&seen);
    }
}

#[test]
fn agrees_on_tall_stacks() {
    // A full 4 × 4 pyramid minus its top, alternating colours, then random play.
    let Ok(start) = Position::from_code("4:w:0,0:bwbw/wbwb/bwbw/wbwb|bwb/wbw/bwb|bw/wb") else {
        panic!("bad code")
    };
    let mut seen = Seen::default();
    for seed in 0..30 {
        random_walk(&start, 60, seed, |p, _| compare(p, &mut seen));
    }
    assert!(seen.stacked > 0, "{seen:?}");
}
