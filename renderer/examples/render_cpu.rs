//! CPU time per image for the bench's 8×8 middle game (and the 16×16 board), for machines too
//! loaded for wall times to mean much.
//!
//! Run with `cargo run --release -p akron-renderer --example render_cpu -- [images]`: it draws
//! one image to warm the caches, then `images` more (100 unless told), and prints the CPU time
//! this thread spent per image, read from `/proc/thread-self/schedstat` (Linux only), and the
//! wall time of the fastest image: on a machine loaded by other work, the image least
//! disturbed by it, the steadiest figure to compare two builds with.

use akron_renderer::{render, RenderOptions};
use akron_rules::{Move, Position};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::error::Error;

fn main() -> Result<(), Box<dyn Error>> {
    let images: u32 = match std::env::args().nth(1) {
        Some(n) => n.parse()?,
        None => 100,
    };
    for (name, position) in [
        ("middle_game_8x8", random_position(8, 32, 40, 7)),
        ("board_16x16_300_pieces", random_position(16, 200, 300, 11)),
    ] {
        let options = RenderOptions::default();
        let bytes = render(&position, &options)?.len();
        let start = cpu_nanos()?;
        let mut fastest = std::time::Duration::MAX;
        for _ in 0..images {
            let clock = std::time::Instant::now();
            std::hint::black_box(render(std::hint::black_box(&position), &options)?);
            fastest = fastest.min(clock.elapsed());
        }
        let per_image = (cpu_nanos()? - start) as f64 / f64::from(images.max(1)) / 1e6;
        let fastest = if images == 0 {
            0.0
        } else {
            fastest.as_secs_f64() * 1e3
        };
        println!(
            "{name}: {bytes} bytes, {per_image:.3} ms CPU per image, fastest {fastest:.3} ms wall ({images} images)"
        );
    }
    Ok(())
}

/// CPU time of this thread so far, in nanoseconds.
fn cpu_nanos() -> Result<u64, Box<dyn Error>> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat")?;
    let first = text.split_whitespace().next().ok_or("empty schedstat")?;
    Ok(first.parse()?)
}

/// The bench's position: seeded random moves, climbing when possible and otherwise placing,
/// until `pieces` marbles are down.
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
