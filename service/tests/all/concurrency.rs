//! Racing commands on one game: exactly the moves that were confirmed land, in a legal order.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_rules::{Game, Move, WinRule};
use akron_service::service::{Command, Request};
use common::{channel_id, user, Harness};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::{Arc, Barrier, Mutex};
use std::thread;

const THREADS: usize = 50;
const TARGET_PLIES: usize = 40;

#[test]
fn fifty_threads_racing_on_one_game() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let h = Arc::new(h);
    h.start(8, None, WinRule::Delayed);
    let confirmed = Arc::new(Mutex::new(Vec::<(String, Move)>::new()));
    let barrier = Arc::new(Barrier::new(THREADS));
    let workers: Vec<_> = (0..THREADS)
        .map(|i| {
            let h = Arc::clone(&h);
            let confirmed = Arc::clone(&confirmed);
            let barrier = Arc::clone(&barrier);
            thread::spawn(move || {
                let name = if i % 2 == 0 { "alice" } else { "bob" };
                let mut rng = SmallRng::seed_from_u64(i as u64);
                barrier.wait();
                for _ in 0..10_000 {
                    let view = h.view();
                    if view.game.moves().len() >= TARGET_PLIES || view.game.is_over() {
                        return;
                    }
                    // Half of the time, try a possibly stale move without looking first.
                    let moves: Vec<Move> = view
                        .game
                        .legal_moves()
                        .into_iter()
                        .filter(|m| *m != Move::Swap)
                        .collect();
                    let choice = moves[rng.random_range(0..moves.len())];
                    let reply = h.service.handle(&Request::new(
                        user(name),
                        channel_id("main"),
                        Command::Move(choice.to_string()),
                    ));
                    if !reply.ephemeral {
                        confirmed.lock().unwrap().push((name.to_string(), choice));
                    } else {
                        assert!(
                            reply.text.contains("not your turn")
                                || reply.text.contains("not legal here")
                                || reply.text.contains("kept changing")
                                || reply.text.contains("no game in this channel"),
                            "unexpected refusal: {}",
                            reply.text
                        );
                    }
                }
            })
        })
        .collect();
    for w in workers {
        w.join().expect("worker");
    }
    let confirmed = confirmed.lock().unwrap().clone();
    let stored = h.service.check_all_games().expect("all games load");
    assert_eq!(stored, 1);
    let view = h.service.channel_game(&channel_id("main")).expect("loads");
    let game: Game = match view {
        Some(v) => v.game,
        None => panic!("the game is still active"),
    };
    // Every confirmed move is stored exactly once, and nothing else is.
    assert_eq!(game.moves().len(), confirmed.len());
    assert!(confirmed.len() >= TARGET_PLIES);
    // The stored order is legal (replayed by check_all_games), and pairing each stored move
    // with its player (alice made the even plies, bob the odd ones) gives exactly the
    // confirmed (player, move) pairs.
    let mut stored_pairs: Vec<(String, String)> = game
        .moves()
        .iter()
        .enumerate()
        .map(|(ply, m)| {
            let by = if ply % 2 == 0 { "alice" } else { "bob" };
            (by.to_string(), m.to_string())
        })
        .collect();
    let mut confirmed_pairs: Vec<(String, String)> = confirmed
        .iter()
        .map(|(by, m)| (by.clone(), m.to_string()))
        .collect();
    stored_pairs.sort();
    confirmed_pairs.sort();
    assert_eq!(stored_pairs, confirmed_pairs);
    // A second service on the same file sees the same game.
    let again = h.open_service();
    let seen = again
        .channel_game(&channel_id("main"))
        .expect("loads")
        .expect("active");
    assert_eq!(seen.game.moves(), game.moves());
}

#[test]
fn two_services_on_one_file_cannot_both_apply() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(6, None, WinRule::Delayed);
    let other = h.open_service();
    // Both load the game (caching it), then both try to move for alice.
    assert!(other
        .channel_game(&channel_id("main"))
        .expect("ok")
        .is_some());
    let a = h.send("alice", Command::Move("C3".into()));
    let b = other.handle(&Request::new(
        user("alice"),
        channel_id("main"),
        Command::Move("D4".into()),
    ));
    assert!(!a.ephemeral);
    assert!(b.ephemeral, "the stale service must not apply: {}", b.text);
    assert!(b.text.contains("not your turn"), "{}", b.text);
    assert_eq!(h.view().game.moves().len(), 1);
}
