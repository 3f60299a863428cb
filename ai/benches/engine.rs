//! Engine speed: simulations of the full engine and of plain UCT, and the solver.
//!
//! Run with `cargo bench -p akron-ai --bench engine`.

use akron_ai::{solve, Budget, Engine, EngineConfig};
use akron_rules::{Position, WinRule};
use divan::Bencher;

fn main() {
    divan::main();
}

/// 1,000 simulations from the empty 8 × 8 board, fresh engine each time.
#[divan::bench(args = ["full", "uct"], sample_count = 10)]
fn simulations_8x8_x1000(bencher: Bencher, style: &str) {
    let start = Position::default();
    bencher.bench_local(|| {
        let config = if style == "uct" {
            EngineConfig::plain_uct()
        } else {
            EngineConfig::default()
        };
        let mut engine = Engine::new(config);
        engine
            .analyze(&start, WinRule::Delayed, Budget::playouts(1000))
            .map(|a| a.playouts)
    });
}

/// Proving the first puzzles of the shipped bank.
#[divan::bench(args = [0, 1, 2, 3], sample_count = 10)]
fn solve_bank_puzzle(bencher: Bencher, which: usize) {
    let bank = akron_ai::puzzles::parse_bank(akron_ai::puzzles::BANK).unwrap_or_default();
    let Some(puzzle) = bank.get(which) else {
        return;
    };
    bencher.bench_local(|| solve(&puzzle.position, puzzle.rule, puzzle.moves));
}
