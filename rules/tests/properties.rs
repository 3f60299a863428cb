//! Invariants over random games on several sizes (proptest picks sizes and seeds).

mod common;

use akron_rules::{Color, Game, GameOptions, Move, Position, WinRule};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};

/// Plays a random game with `Game` (swap included) and checks every invariant on the way.
fn check_game(
    size: u8,
    pile: u16,
    rule: WinRule,
    seed: u64,
    plies: usize,
) -> Result<(), TestCaseError> {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let options = GameOptions {
        size,
        pile,
        win_rule: rule,
    };
    let mut game = Game::new(options).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let total = |p: &Position, c: Color| p.count(c) + u32::from(p.piles()[c]);
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            prop_assert!(game.is_over(), "no legal move but the game goes on");
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        // Printed notation parses back to the same move.
        prop_assert_eq!(mv.to_string().parse::<Move>().ok(), Some(mv));
        // Every generated move is legal and applies.
        prop_assert!(
            game.check(mv).is_ok(),
            "{} rejected in {}",
            mv,
            game.position().code()
        );
        // The drops-only replay agrees with the full play, and leaves the same position.
        let mut full = game.position().clone();
        let mut fast = full.clone();
        let played = full.play(mv).map(|effect| effect.drops);
        prop_assert_eq!(
            &fast.play_for_drops(mv),
            &played,
            "{} in {}",
            mv,
            full.code()
        );
        if played.is_ok() {
            prop_assert_eq!(&fast, &full);
        }
        // An illegal move changes nothing on that path either.
        let mut unchanged = fast.clone();
        let onto = akron_rules::Point::new(0, 0, 1);
        if unchanged.play_for_drops(Move::Place(onto)).is_err() {
            prop_assert_eq!(&unchanged, &fast);
        }
        let report = game.play(mv);
        prop_assert!(report.is_ok(), "{} failed: {:?}", mv, report);
        let p = game.position();
        // Codes round-trip.
        let code = p.code();
        prop_assert_eq!(
            Position::from_code(&code).ok(),
            Some(p.clone()),
            "code {}",
            code
        );
        // Never both colours at once.
        prop_assert!(
            !(p.spans(Color::Black) && p.spans(Color::White)),
            "both span in {}",
            code
        );
        // Every piece stays supported after cascades.
        prop_assert!(p.all_supported(), "unsupported piece in {}", code);
        // Marbles are neither made nor lost.
        for c in Color::ALL {
            prop_assert_eq!(total(p, c), u32::from(pile), "{} marbles in {}", c, code);
        }
        if game.is_over() {
            break;
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(size in 3u8..=9, seed in any::<u64>(), immediate in any::<bool>()) {
        let pile = akron_rules::default_pile(size);
        let rule = if immediate { WinRule::Immediate } else { WinRule::Delayed };
        check_game(size, pile, rule, seed, 200)?;
    }

    #[test]
    fn small_piles_force_stacks(size in 3u8..=6, seed in any::<u64>()) {
        // With few marbles the game is mostly steps, with drops and stacks.
        check_game(size, u16::from(size) + 1, WinRule::Delayed, seed, 150)?;
    }

    #[test]
    fn stacked_positions_round_trip_and_never_double_span(size in 3u8..=10, seed in any::<u64>()) {
        let p = common::random_stacked(size, seed, 90);
        let code = p.code();
        prop_assert_eq!(Position::from_code(&code).ok(), Some(p.clone()));
        prop_assert!(!(p.spans(Color::Black) && p.spans(Color::White)), "both span in {}", code);
        for mv in p.legal_moves() {
            let mut next = p.clone();
            prop_assert!(next.play(mv).is_ok(), "{} illegal in {}", mv, code);
            prop_assert!(next.all_supported(), "{} leaves an unsupported piece in {}", mv, code);
            prop_assert!(!(next.spans(Color::Black) && next.spans(Color::White)));
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,80}") {
        let _ = text.parse::<Move>();
        let _ = Position::from_code(&text);
    }

    #[test]
    fn code_like_text_never_panics(text in "[0-9]{1,2}:[bwBWx]:[0-9]{1,4},[0-9]{1,4}:[0-9bw/|]{0,60}") {
        if let Ok(p) = Position::from_code(&text) {
            prop_assert!(p.all_supported());
            prop_assert_eq!(Position::from_code(&p.code()).ok(), Some(p));
        }
    }
}

#[test]
fn wide_boards_keep_every_invariant() {
    for (size, seed) in [(12u8, 1u64), (16, 2)] {
        let result = check_game(size, 60, WinRule::Delayed, seed, 160);
        assert!(result.is_ok(), "{result:?}");
    }
}
