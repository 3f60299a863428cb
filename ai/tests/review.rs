//! Post-game analysis over a corpus of self-play games whose positions the solver checks.
#![allow(clippy::unwrap_used, missing_docs)]

use akron_ai::arena::{play_game, ArenaOptions, Player};
use akron_ai::review::{accuracy, analyse_game, Mark, ReviewBudget};
use akron_ai::{checks_answer, solve_limited, Level, Proof};
use akron_rules::{Color, Game, Move, Position, WinRule};
use std::time::Duration;

/// The solver's verdict with a budget far above the analysis's.
const ORACLE_NODES: u64 = 3_000_000;
const DEPTH: u32 = 2;

/// Games between low levels on small boards, with seeds: many wins thrown away.
fn corpus() -> Vec<(Position, WinRule, Vec<Move>)> {
    let mut games = Vec::new();
    for seed in 0..16u64 {
        let rule = if seed % 4 == 3 {
            WinRule::Immediate
        } else {
            WinRule::Delayed
        };
        let options = ArenaOptions {
            size: if seed % 2 == 0 { 4 } else { 5 },
            rule,
            time: Duration::from_secs(10),
            max_plies: 80,
            ..ArenaOptions::default()
        };
        let a = Player::Level(Level::new(1 + (seed % 3) as u8).unwrap());
        let b = Player::Level(Level::new(1 + ((seed + 1) % 2) as u8).unwrap());
        let (_, moves) = play_game(a, b, seed % 2 == 0, &options, 100 + seed);
        let start = Position::start(options.size, akron_rules::default_pile(options.size)).unwrap();
        games.push((start, rule, moves));
    }
    games
}

#[test]
fn every_move_that_loses_a_proven_win_is_a_blunder_and_none_that_keeps_one_is_worse_than_an_inaccuracy(
) {
    let budget = ReviewBudget {
        playouts: 300,
        solver_nodes: 300_000,
        ..ReviewBudget::default()
    };
    let (mut lost, mut kept) = (0, 0);
    for (start, rule, moves) in corpus() {
        let evals = analyse_game(&start, rule, &moves, &budget, |_, _| {}).unwrap();
        assert_eq!(evals.len(), moves.len());
        let mut game = Game::from_position(start.clone(), rule);
        for (eval, &mv) in evals.iter().zip(&moves) {
            let before = game.clone();
            game.play(mv).unwrap();
            if before.can_swap() || mv == Move::Swap {
                continue;
            }
            let position = before.position();
            if !matches!(
                solve_limited(position, rule, DEPTH, ORACLE_NODES),
                Proof::Win(_)
            ) {
                continue;
            }
            let wins_now = game
                .outcome()
                .is_some_and(|o| o.winner == Some(before.turn()));
            let answer = checks_answer(position, rule, DEPTH, mv, ORACLE_NODES);
            let after_lost = !game.is_over()
                && solve_limited(game.position(), rule, DEPTH, ORACLE_NODES) == Proof::Loss;
            let keeps = wins_now || answer == Some(true) || after_lost;
            let code = position.code();
            if keeps {
                kept += 1;
                assert!(
                    eval.mark <= Some(Mark::Inaccuracy),
                    "{mv} keeps the win in {code} but is marked {:?}",
                    eval.mark
                );
            } else if answer == Some(false) {
                lost += 1;
                assert_eq!(
                    eval.mark,
                    Some(Mark::Blunder),
                    "{mv} gives the win away in {code}: {eval:?}"
                );
                assert!(eval.best.is_some());
            }
        }
        for colour in Color::ALL {
            if let Some(a) = accuracy(&evals, colour) {
                assert!((0.0..=100.0).contains(&a));
            }
        }
    }
    assert!(lost >= 5, "only {lost} wins given away in the corpus");
    assert!(kept >= 5, "only {kept} wins kept in the corpus");
    eprintln!("{lost} wins given away, {kept} kept");
}

#[test]
fn an_analysis_is_the_same_twice_with_one_budget() {
    let (start, rule, moves) = corpus().swap_remove(1);
    let budget = ReviewBudget {
        playouts: 200,
        ..ReviewBudget::default()
    };
    let mut seen = 0;
    let first = analyse_game(&start, rule, &moves, &budget, |done, total| {
        assert!(done <= total);
        seen = done;
    })
    .unwrap();
    assert_eq!(seen, moves.len() + 1);
    let second = analyse_game(&start, rule, &moves, &budget, |_, _| {}).unwrap();
    assert_eq!(first, second);
}

#[test]
fn the_engines_own_moves_are_never_marked() {
    let (start, rule, moves) = corpus().swap_remove(2);
    let evals = analyse_game(&start, rule, &moves, &ReviewBudget::default(), |_, _| {}).unwrap();
    for eval in &evals {
        if eval.best.is_none() && !eval.lost_win {
            assert_eq!(eval.mark, None, "{eval:?}");
            assert!((eval.accuracy() - 100.0).abs() < 0.01);
        }
    }
}

/// The better move is measured after the whole game, in the engine that searched it: a
/// position that had been the root of an earlier search (here the one after A1, where the
/// swap leads back to) was valued as lost, so the swap read 99.5 % where a fresh search says
/// about half.
#[test]
fn the_swap_as_the_better_move_is_valued_as_a_fresh_search_values_it() {
    let start = Position::start(5, akron_rules::default_pile(5)).unwrap();
    let moves: Vec<Move> = ["A1", "E5", "A2"]
        .iter()
        .map(|m| m.parse().unwrap())
        .collect();
    let budget = ReviewBudget::default();
    let evals = analyse_game(&start, WinRule::Delayed, &moves, &budget, |_, _| {}).unwrap();
    assert_eq!(evals[1].best, Some(Move::Swap), "{evals:?}");
    let mut game = Game::from_position(start, WinRule::Delayed);
    for (eval, &mv) in evals.iter().zip(&moves) {
        if let Some(best) = eval.best {
            let fresh = akron_ai::review::chance_of_move(&game, best, &budget).unwrap();
            assert!(
                (eval.before - fresh).abs() < 0.15,
                "ply {}: {best} is valued {} in the analysis and {fresh} by a fresh search",
                eval.ply,
                eval.before
            );
        }
        game.play(mv).unwrap();
    }
}
