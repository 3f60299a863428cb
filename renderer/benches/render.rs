//! Render-plus-encode times for the targets: an 8×8 middle game at the default width
//! and a 16×16 board with 300 pieces.
//!
//! Run with `cargo bench -p akron-renderer --bench render`.

use akron_renderer::{render, RenderOptions, View};
use akron_rules::{Move, Position};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn main() {
    // The sizes of the images being timed, for BENCHMARKS.md.
    for (name, position, view) in [
        (
            "middle_game_8x8",
            random_position(8, 32, 40, 7),
            View::Perspective,
        ),
        (
            "middle_game_8x8_plan",
            random_position(8, 32, 40, 7),
            View::Plan,
        ),
        (
            "board_16x16_300_pieces",
            random_position(16, 200, 300, 11),
            View::Perspective,
        ),
    ] {
        let options = RenderOptions {
            view,
            ..RenderOptions::default()
        };
        match render(&position, &options) {
            Ok(png) => println!(
                "{name}: {} pieces, {} bytes",
                position.pieces().count(),
                png.len()
            ),
            Err(e) => println!("{name}: {e}"),
        }
    }
    divan::main();
}

/// Plays seeded random moves, climbing when possible and otherwise placing, until `pieces` marbles are down.
fn random_position(size: u8, pile: u16, pieces: usize, seed: u64) -> Position {
    let mut rng = SmallRng::seed_from_u64(seed);
    let Ok(mut position) = Position::start(size, pile) else {
        return Position::default();
    };
    for _ in 0..10_000 {
        if position.pieces().count() >= pieces {
            break;
        }
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let places: Vec<Move> = moves.iter().copied().filter(|m| m.is_place()).collect();
        let climbs: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| m.to().is_some_and(|p| p.level() > 0))
            .collect();
        let pick = if !climbs.is_empty() && rng.random_bool(0.5) {
            climbs[rng.random_range(0..climbs.len())]
        } else if !places.is_empty() {
            places[rng.random_range(0..places.len())]
        } else {
            moves[rng.random_range(0..moves.len())]
        };
        let _ = position.play(pick);
    }
    position
}

#[divan::bench]
fn middle_game_8x8(bencher: divan::Bencher) {
    let position = random_position(8, 32, 40, 7);
    let options = RenderOptions::default();
    bencher.bench(|| render(divan::black_box(&position), &options).map(|png| png.len()));
}

#[divan::bench]
fn middle_game_8x8_plan(bencher: divan::Bencher) {
    let position = random_position(8, 32, 40, 7);
    let options = RenderOptions {
        view: View::Plan,
        ..RenderOptions::default()
    };
    bencher.bench(|| render(divan::black_box(&position), &options).map(|png| png.len()));
}

#[divan::bench]
fn board_16x16_300_pieces(bencher: divan::Bencher) {
    let position = random_position(16, 200, 300, 11);
    let options = RenderOptions::default();
    bencher.bench(|| render(divan::black_box(&position), &options).map(|png| png.len()));
}
