//! The engine's moves are legal, and it takes a win in one move whenever there is one.

use akron_ai::{winning_moves, Budget, Engine, EngineConfig, DEFAULT_NODE_LIMIT};
use akron_rules::{Game, GameOptions, Position, WinRule};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};

/// A position after `plies` random moves (fewer if the game ends), with the game.
fn random_game(size: u8, rule: WinRule, seed: u64, plies: usize) -> Game {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let options = GameOptions {
        size,
        pile: akron_rules::default_pile(size),
        win_rule: rule,
    };
    let mut game =
        Game::new(options).unwrap_or_else(|_| Game::from_position(Position::default(), rule));
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        let before = game.clone();
        let mv = moves[rng.random_range(0..moves.len())];
        if game.play(mv).is_err() || game.is_over() {
            // Keep the last position where the game goes on.
            game = before;
            break;
        }
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn best_moves_are_legal_and_take_wins_in_one(
        size in 3u8..=8,
        delayed in any::<bool>(),
        seed in any::<u64>(),
        plies in 0usize..120,
    ) {
        let rule = if delayed { WinRule::Delayed } else { WinRule::Immediate };
        let game = random_game(size, rule, seed, plies);
        prop_assume!(!game.is_over());
        let mut engine = Engine::new(EngineConfig { seed, ..EngineConfig::default() });
        let analysis = engine.best_move(&game, Budget::playouts(60));
        let Ok(analysis) = analysis else {
            prop_assert!(!game.position().has_legal_move());
            return Ok(());
        };
        prop_assert!(game.check(analysis.best).is_ok(), "{} illegal in {}", analysis.best, game.position().code());
        prop_assert!((0.0..=1.0).contains(&analysis.winrate));
        prop_assert_eq!(analysis.pv.first(), Some(&analysis.best));
        if let Some(wins) = winning_moves(game.position(), rule, 1, DEFAULT_NODE_LIMIT) {
            if !wins.is_empty() {
                prop_assert!(
                    wins.contains(&analysis.best),
                    "{} misses the win {:?} in {}", analysis.best, wins, game.position().code()
                );
            }
        }
    }

    #[test]
    fn plain_uct_and_threads_return_legal_moves(seed in any::<u64>(), plies in 0usize..60) {
        let game = random_game(5, WinRule::Delayed, seed, plies);
        prop_assume!(!game.is_over());
        for config in [
            EngineConfig { seed, ..EngineConfig::plain_uct() },
            EngineConfig { seed, threads: 2, ..EngineConfig::default() },
        ] {
            let mut engine = Engine::new(config);
            if let Ok(analysis) = engine.best_move(&game, Budget::playouts(40)) {
                prop_assert!(game.check(analysis.best).is_ok());
            }
        }
    }
}

/// The engine keeps its tree between moves of one game, and still answers legally.
#[test]
fn the_tree_is_reused_after_the_reply() {
    let mut game = random_game(6, WinRule::Delayed, 5, 4);
    let mut engine = Engine::new(EngineConfig::default());
    let mut reused = 0;
    for _ in 0..6 {
        let Ok(mine) = engine.best_move(&game, Budget::playouts(400)) else {
            break;
        };
        assert!(game.play(mine.best).is_ok());
        if game.is_over() {
            break;
        }
        let reply = game.position().legal_moves()[0];
        assert!(game.play(reply).is_ok());
        if game.is_over() {
            break;
        }
        reused += usize::from(
            engine
                .best_move(&game, Budget::playouts(1))
                .map(|a| a.reused)
                .unwrap_or(false),
        );
    }
    assert!(reused > 0, "no search started from an earlier tree");
}
