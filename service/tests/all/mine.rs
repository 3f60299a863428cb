//! Learn from your mistakes (issue 44): `puzzle mine` makes a player's blunders in their
//! finished, analysed games into private puzzles: proven by the solver where a forced win
//! exists, "find the best move" (judged against the analysis) where none does.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_ai::review::{chance_of_move, ReviewBudget};
use akron_ai::winning_moves;
use akron_rules::{Color, Game, Move, Position, WinRule};
use akron_service::params;
use akron_service::service::{
    Command, GameId, MineAction, MoveReview, PuzzleCommand, Reply, Request, Service,
};
use common::Harness;

/// Playouts per position of the tests' analyses and judgements.
const PLAYOUTS: u64 = 60;

fn service_of(h: &Harness) -> Service {
    let mut config = h.config();
    config.ai.playouts = Some(PLAYOUTS);
    Service::with_clock(config, h.clock.clone()).expect("opens")
}

/// `a` (Black) and `b` (White) play up to 12 moves on 4 × 4 (no swap), then whoever is to
/// move resigns unless the game ended. Returns the game and its moves.
fn finished_game(h: &Harness, seed: usize) -> (GameId, Vec<Move>) {
    h.start_in("main", "a", "b", 4, None, WinRule::Delayed);
    let game = h.view_in("main").id;
    for ply in 0..12 {
        let Some(view) = h.service.channel_game(&common::channel_id("main")).unwrap() else {
            break;
        };
        let moves: Vec<_> = view
            .game
            .legal_moves()
            .into_iter()
            .filter(|m| *m != Move::Swap)
            .collect();
        let mv = moves[(seed * 7 + ply * 5) % moves.len()];
        let who = view.players.get(view.game.turn()).name.clone();
        let reply = h.send_in("main", &who, Command::Move(mv.to_string()));
        assert!(!reply.ephemeral, "{}", reply.text);
    }
    if let Some(view) = h.service.channel_game(&common::channel_id("main")).unwrap() {
        let who = view.players.get(view.game.turn()).name.clone();
        assert!(!h.send_in("main", &who, Command::Resign).ephemeral);
    }
    let moves = h
        .service
        .game_detail(game)
        .unwrap()
        .unwrap()
        .moves
        .iter()
        .map(|m| m.mv)
        .collect();
    (game, moves)
}

/// The position before each move, the colour to move and the move played.
fn replay(h: &Harness, game: GameId) -> Vec<(usize, Position, Color, Move)> {
    let detail = h.service.game_detail(game).unwrap().unwrap();
    let start = Position::from_code(&detail.start_code).unwrap();
    let mut replay = Game::from_position(start, WinRule::Delayed);
    let mut out = Vec::new();
    for (ply, m) in detail.moves.iter().enumerate() {
        out.push((ply, replay.position().clone(), replay.turn(), m.mv));
        replay.play(m.mv).unwrap();
    }
    out
}

/// The positions before each of `a`'s (Black's) moves, with the move played.
fn black_moves(h: &Harness, game: GameId) -> Vec<(usize, Position, Move)> {
    replay(h, game)
        .into_iter()
        .filter(|(_, _, turn, _)| *turn == Color::Black)
        .map(|(ply, position, _, mv)| (ply, position, mv))
        .collect()
}

/// Stores an analysis of `game` in which the move at `blunder` is a blunder (the better move
/// `best`, its chance `before`) and no other move is marked.
fn store_analysis(
    h: &Harness,
    game: GameId,
    moves: &[Move],
    blunder: usize,
    best: Move,
    before: f64,
) {
    let turns = replay(h, game);
    let reviews: Vec<MoveReview> = moves
        .iter()
        .enumerate()
        .map(|(ply, mv)| MoveReview {
            ply,
            mv: mv.to_string(),
            mover: turns[ply].2.name().to_string(),
            before: if ply == blunder { before } else { 0.5 },
            after: if ply == blunder { 0.0 } else { 0.5 },
            best: (ply == blunder).then(|| best.to_string()),
            mark: (ply == blunder).then(|| "blunder".to_string()),
            drop: if ply == blunder { before * 100.0 } else { 0.0 },
            lost_win: false,
        })
        .collect();
    let json = serde_json::to_string(&reviews).unwrap();
    h.open_db()
        .unwrap()
        .write(|tx| {
            tx.execute(
                "INSERT INTO analyses (game_id, requested_by, channel, requested_at, done_at, \
                 evals) VALUES (?1, ?2, ?3, ?4, ?4, ?5)",
                params![game.0, "test:a", "test:main", 1_i64, json],
            )
        })
        .unwrap();
}

fn mine(service: &Service, who: &str, action: MineAction) -> Reply {
    service.handle(&Request::new(
        common::user(who),
        common::channel_id("main"),
        Command::Puzzle(PuzzleCommand::Mine(action)),
    ))
}

/// A seed whose game has a move of `a` with a proven forced win (within 3 own moves) that
/// `a` did not take, and one without any: (game, moves, forced ply, winning moves, plain ply).
fn game_with_both(h: &Harness) -> (GameId, Vec<Move>, usize, Vec<Move>, usize) {
    for seed in 0..40 {
        let (game, moves) = finished_game(h, seed);
        let mut forced = None;
        let mut plain = None;
        for (ply, position, played) in black_moves(h, game) {
            let wins = (1..=3).find_map(|n| {
                winning_moves(&position, WinRule::Delayed, n, 200_000).filter(|w| !w.is_empty())
            });
            match wins {
                Some(w) if !w.contains(&played) && forced.is_none() => forced = Some((ply, w)),
                None if plain.is_none() => plain = Some(ply),
                _ => {}
            }
        }
        if let (Some((f, w)), Some(p)) = (forced, plain) {
            return (game, moves, f, w, p);
        }
    }
    panic!("no game with both kinds of blunder");
}

#[test]
fn a_blunder_that_missed_a_forced_win_becomes_a_proven_puzzle_for_that_player_alone() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let service = service_of(&h);
    let nothing = mine(&service, "a", MineAction::Next);
    assert!(nothing.ephemeral, "{}", nothing.text);
    assert!(
        nothing
            .text
            .contains("None of your finished games is analysed"),
        "{}",
        nothing.text
    );
    let (game, moves, ply, wins, _) = game_with_both(&h);
    store_analysis(&h, game, &moves, ply, wins[0], 1.0);
    let offer = mine(&service, "a", MineAction::Next);
    assert!(offer.ephemeral && !offer.refused, "{}", offer.text);
    assert!(offer.text.contains("Your puzzle #1"), "{}", offer.text);
    assert!(
        offer.text.contains(&format!("move {}", ply + 1)),
        "{}",
        offer.text
    );
    assert!(offer.text.contains("win by force"), "{}", offer.text);
    assert!(offer.image.is_some());
    // The opponent sees none of it, and cannot answer it.
    let other = mine(&service, "b", MineAction::Next);
    assert!(other.text.contains("None of your moves"), "{}", other.text);
    let peek = mine(&service, "b", MineAction::Show(1));
    assert!(
        peek.refused && peek.text.contains("You have no puzzle #1"),
        "{}",
        peek.text
    );
    let steal = mine(
        &service,
        "b",
        MineAction::Solve(1, vec![wins[0].to_string()]),
    );
    assert!(
        steal.refused && steal.text.contains("You have no puzzle #1"),
        "{}",
        steal.text
    );
    // The blunder itself is refused; a winning move solves it, once.
    let played = mine(
        &service,
        "a",
        MineAction::Solve(1, vec![moves[ply].to_string()]),
    );
    assert!(
        played.text.contains("the move you played"),
        "{}",
        played.text
    );
    let right = mine(
        &service,
        "a",
        MineAction::Solve(1, vec![wins[0].to_string()]),
    );
    assert!(right.ephemeral, "{}", right.text);
    assert!(right.text.contains("wins by force"), "{}", right.text);
    assert!(right.text.contains("Puzzle #1 is solved"), "{}", right.text);
    let solved: Option<i64> = h
        .open_db()
        .unwrap()
        .read(|tx| {
            tx.query_one(
                "SELECT solved_at FROM mine_puzzles WHERE id = 1",
                params![],
                |r| r.get(0),
            )
        })
        .unwrap();
    assert!(solved.is_some());
    let done = mine(&service, "a", MineAction::Next);
    assert!(
        done.text.contains("You have solved your only puzzle"),
        "{}",
        done.text
    );
}

#[test]
fn a_blunder_without_a_forced_win_is_find_the_best_move_judged_against_the_analysis() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let service = service_of(&h);
    let (game, moves, _, _, ply) = game_with_both(&h);
    let positions = black_moves(&h, game);
    let position = positions
        .iter()
        .find(|(p, _, _)| *p == ply)
        .unwrap()
        .1
        .clone();
    let start = Game::from_position(position.clone(), WinRule::Delayed);
    let legal: Vec<Move> = start
        .legal_moves()
        .into_iter()
        .filter(|m| *m != moves[ply] && *m != Move::Swap)
        .collect();
    let (best, other) = (legal[0], legal[legal.len() / 2]);
    // The judgement measures a move as the analysis does: the game's budget and seed.
    let budget = ReviewBudget {
        playouts: PLAYOUTS,
        seed: u64::try_from(game.0).unwrap() ^ 0x0A4A_15E5,
        ..ReviewBudget::default()
    };
    let chance = chance_of_move(&start, other, &budget).unwrap();
    let stored_best = 0.7;
    store_analysis(&h, game, &moves, ply, best, stored_best);
    let offer = mine(&service, "a", MineAction::Next);
    assert!(offer.text.contains("find the best move"), "{}", offer.text);
    let two = mine(
        &service,
        "a",
        MineAction::Solve(1, vec![best.to_string(), other.to_string()]),
    );
    assert!(
        two.refused && two.text.contains("asks for one move"),
        "{}",
        two.text
    );
    let played = mine(
        &service,
        "a",
        MineAction::Solve(1, vec![moves[ply].to_string()]),
    );
    assert!(
        played.text.contains("the move you played"),
        "{}",
        played.text
    );
    let judged = mine(&service, "a", MineAction::Solve(1, vec![other.to_string()]));
    if (stored_best - chance) * 100.0 < 10.0 {
        assert!(
            judged.text.contains("as good as"),
            "{chance}: {}",
            judged.text
        );
    } else {
        assert!(
            judged.text.contains("Not quite"),
            "{chance}: {}",
            judged.text
        );
        assert!(judged.text.contains("about 70 %"), "{}", judged.text);
    }
    let right = mine(&service, "a", MineAction::Solve(1, vec![best.to_string()]));
    assert!(
        right.text.contains("as good as the analysis's better move"),
        "{}",
        right.text
    );
}

#[test]
fn no_puzzle_comes_from_a_running_game() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let service = service_of(&h);
    h.start_in("main", "a", "b", 4, None, WinRule::Delayed);
    let game = h.view_in("main").id;
    let first = h.view_in("main").game.legal_moves()[0];
    assert!(
        !h.send_in("main", "a", Command::Move(first.to_string()))
            .ephemeral
    );
    // Even a stored analysis of a running game (which `analyze` never makes) is not used.
    store_analysis(&h, game, &[first], 0, first, 1.0);
    let reply = mine(&service, "a", MineAction::Next);
    assert!(
        reply
            .text
            .contains("None of your finished games is analysed"),
        "{}",
        reply.text
    );
}
