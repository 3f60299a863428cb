//! Render-plus-encode times for the targets: an 8×8 middle game at the default width,
//! a 16×16 board with 300 pieces, and a GIF replay of a 60-move 8×8 game with 5 cascades.
//!
//! Run with `cargo bench -p akron-renderer --bench render`.

use akron_renderer::{render, replay, RenderOptions, ReplayOptions, View};
use akron_rules::{Game, GameOptions, Move, Position};
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
    let game = sixty_move_game();
    let cascades = cascades(&game);
    match replay(&game, &ReplayOptions::default()) {
        Ok(gif) => println!(
            "replay_60_moves: {} moves, {cascades} cascades, {} bytes",
            game.moves().len(),
            gif.len()
        ),
        Err(e) => println!("replay_60_moves: {e}"),
    }
    divan::main();
}

/// How many moves of `game` dropped marbles.
fn cascades(game: &Game) -> usize {
    let mut position = game.start().clone();
    game.moves()
        .iter()
        .filter(|&&mv| position.play(mv).is_ok_and(|e| !e.drops.is_empty()))
        .count()
}

/// The first seeded random 8×8 game that lasts 60 moves, five of them with cascades.
fn sixty_move_game() -> Game {
    for seed in 0..10_000 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let Ok(mut game) = Game::new(GameOptions::new(8)) else {
            break;
        };
        while game.moves().len() < 60 && !game.is_over() {
            let moves = game.legal_moves();
            let steps: Vec<Move> = moves.iter().copied().filter(|m| !m.is_place()).collect();
            let pick = if !steps.is_empty() && (game.moves().len() > 30 || rng.random_bool(0.3)) {
                steps[rng.random_range(0..steps.len())]
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            if game.play(pick).is_err() {
                break;
            }
        }
        if game.moves().len() == 60 && !game.is_over() && cascades(&game) == 5 {
            return game;
        }
    }
    Game::from_position(Position::default(), akron_rules::WinRule::Delayed)
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

#[divan::bench(sample_count = 20)]
fn replay_60_moves(bencher: divan::Bencher) {
    let game = sixty_move_game();
    let options = ReplayOptions::default();
    bencher.bench(|| replay(divan::black_box(&game), &options).map(|gif| gif.len()));
}
