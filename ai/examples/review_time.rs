//! Times the post-game analysis of a 60-ply 8 × 8 game at the default budget, and measures
//! the spread of the engine's estimate between seeds at that budget (what the marks'
//! thresholds must stand clear of).
//!
//! `cargo run --release -p akron-ai --example review_time [GAMES]`
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use akron_ai::arena::{play_game, ArenaOptions, Player};
use akron_ai::review::{analyse_game, ReviewBudget};
use akron_ai::{Budget, Engine, EngineConfig, Level};
use akron_rules::{Game, Position, WinRule};
use std::time::{Duration, Instant};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(3);
    let budget = ReviewBudget::default();
    let options = ArenaOptions {
        size: 8,
        rule: WinRule::Delayed,
        time: Duration::from_secs(10),
        max_plies: 60,
        ..ArenaOptions::default()
    };
    let start = Position::start(8, akron_rules::default_pile(8)).unwrap();
    let mut spreads = Vec::new();
    for seed in 0..games {
        let level = Player::Level(Level::new(4).unwrap());
        let (_, moves) = play_game(level, level, seed % 2 == 0, &options, 500 + seed);
        let clock = Instant::now();
        let evals = analyse_game(&start, WinRule::Delayed, &moves, &budget, |_, _| {}).unwrap();
        let took = clock.elapsed();
        let marked = evals.iter().filter(|e| e.mark.is_some()).count();
        println!(
            "game {seed}: {} plies analysed in {:.2} s ({:.0} ms a position), {marked} marked",
            moves.len(),
            took.as_secs_f64(),
            took.as_secs_f64() * 1000.0 / (moves.len() + 1) as f64
        );
        // The spread: every tenth position searched with five seeds.
        let mut game = Game::from_position(start.clone(), WinRule::Delayed);
        for (ply, &mv) in moves.iter().enumerate() {
            if ply % 10 == 5 && !game.is_over() {
                let estimates: Vec<f64> = (0..5u64)
                    .map(|s| {
                        let mut engine = Engine::new(EngineConfig {
                            seed: 1000 + s,
                            ..EngineConfig::default()
                        });
                        engine
                            .best_move(&game, Budget::playouts(budget.playouts))
                            .unwrap()
                            .winrate
                    })
                    .collect();
                let mean = estimates.iter().sum::<f64>() / 5.0;
                let sd = (estimates.iter().map(|e| (e - mean).powi(2)).sum::<f64>() / 4.0).sqrt();
                spreads.push(sd * 100.0);
            }
            game.play(mv).unwrap();
        }
    }
    spreads.sort_by(f64::total_cmp);
    let mean = spreads.iter().sum::<f64>() / spreads.len().max(1) as f64;
    println!(
        "estimate spread between seeds at {} playouts: mean sd {:.1} points, largest {:.1} ({} positions)",
        budget.playouts,
        mean,
        spreads.last().copied().unwrap_or(0.0),
        spreads.len()
    );
}
