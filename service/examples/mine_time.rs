//! Times making `puzzle mine` puzzles from a 60-ply 8 × 8 game's analysis: each blunder's
//! position proven by the solver (a forced win in at most three own moves, the service's
//! default budget of 1,000,000 nodes a question) or kept as "find the best move". The engine
//! plays the game (level 4 against itself, as `akron-ai`'s `review_time`); the analysis is
//! taken as its worst case for this step, every move of one side a blunder (30 positions),
//! since the cost is the proofs and a real analysis marks fewer.
//!
//! `cargo run --release -p akron-service --example mine_time [GAMES]`
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use akron_ai::arena::{play_game, ArenaOptions, Player};
use akron_ai::Level;
use akron_rules::{Color, Game, Position, WinRule};
use akron_service::db::MineKind;
use akron_service::model::{GameId, UserId};
use akron_service::service::mine::{make_puzzle, Blunder};
use std::time::{Duration, Instant};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(3);
    let nodes = akron_service::service::AiConfig::default().solver_nodes;
    let options = ArenaOptions {
        size: 8,
        rule: WinRule::Delayed,
        time: Duration::from_secs(10),
        max_plies: 60,
        ..ArenaOptions::default()
    };
    let start = Position::start(8, akron_rules::default_pile(8)).unwrap();
    let player = UserId::new("bench", "p");
    for seed in 0..games {
        let level = Player::Level(Level::new(4).unwrap());
        let (_, moves) = play_game(level, level, seed % 2 == 0, &options, 500 + seed);
        let mut game = Game::from_position(start.clone(), WinRule::Delayed);
        let mut blunders = Vec::new();
        for (ply, &mv) in moves.iter().enumerate() {
            if game.turn() == Color::Black && !game.can_swap() && !game.is_over() {
                blunders.push(Blunder {
                    game: GameId(1),
                    ply,
                    position: game.position().clone(),
                    rule: WinRule::Delayed,
                    played: mv,
                    best: Some(mv.to_string()),
                    best_chance: 0.5,
                });
            }
            if game.play(mv).is_err() {
                break;
            }
        }
        let clock = Instant::now();
        let mut slowest = Duration::ZERO;
        let mut forced = 0;
        for blunder in &blunders {
            let one = Instant::now();
            let puzzle = make_puzzle(&player, blunder, nodes, 0).unwrap();
            slowest = slowest.max(one.elapsed());
            forced += usize::from(puzzle.kind == MineKind::Forced);
        }
        let took = clock.elapsed();
        println!(
            "game {seed}: {} plies, {} puzzles made in {:.1} ms ({:.1} ms each, slowest {:.1} ms), {forced} with a forced win",
            moves.len(),
            blunders.len(),
            took.as_secs_f64() * 1000.0,
            took.as_secs_f64() * 1000.0 / blunders.len().max(1) as f64,
            slowest.as_secs_f64() * 1000.0
        );
    }
}
