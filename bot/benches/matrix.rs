//! The Matrix front end against a local Synapse: message in to reply seen, with the board
//! picture, over 200 moves.
//!
//! `eval "$(bot/tests/matrix/synapse.sh /tmp/akron-synapse)"` and export the printed
//! variables, then `cargo bench -p akron-bot --bench matrix`. A human test user sends
//! `!akron move ...` and the clock stops when that user's client receives the bot's reply
//! (an `m.image` with the board, uploaded to Synapse first): the whole round trip a player
//! waits for, Synapse included. Prints p50, p99 and the slowest. Without Synapse it says so
//! and does nothing.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

#[path = "../tests/matrix/mod.rs"]
mod matrix;

use akron_rules::{Game, GameOptions, Move, WinRule};
use matrix::{register, synapse, unique, BotProcess, Human, Seen};
use matrix_sdk::ruma::api::client::room::create_room::v3::Request as CreateRoom;
use matrix_sdk::ruma::events::room::message::MessageType;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// Moves measured.
const MOVES: usize = 200;

fn main() {
    let Some(synapse) = synapse() else {
        return;
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let mut times = runtime.block_on(async {
        let (bot, password) = register(&synapse, &unique("akron")).await;
        let dir = tempfile::tempdir().unwrap();
        let running = BotProcess::start(&synapse, &bot, &password, dir.path());
        let mut alice = Human::new(&synapse, "alice").await;
        let mut bob = Human::new(&synapse, "bob").await;
        let mut request = CreateRoom::new();
        request.invite = vec![bob.id.clone(), bot.clone()];
        let room = alice.client.create_room(request).await.unwrap();
        let room = room.room_id().to_owned();
        bob.client.join_room_by_id(&room).await.unwrap();
        alice.joined(&room, &[bot.clone(), bob.id.clone()]).await;
        let mut rng = SmallRng::seed_from_u64(7);
        let mut times = Vec::with_capacity(MOVES);
        let options = GameOptions {
            size: 8,
            pile: 32,
            win_rule: WinRule::Delayed,
        };
        while times.len() < MOVES {
            // A new game: Alice (Black) challenges, Bob accepts.
            alice
                .say(&room, &format!("!akron challenge {} colour:black", bob.id))
                .await;
            let challenge = bob.message_from(&bot, &room).await;
            alice.sync_to(&challenge.id()).await;
            bob.say(&room, "!akron accept").await;
            let board = bob.message_from(&bot, &room).await;
            alice.sync_to(&board.id()).await;
            let mut game = Game::new(options).unwrap();
            while times.len() < MOVES && !game.is_over() {
                let moves: Vec<Move> = game
                    .legal_moves()
                    .into_iter()
                    .filter(|m| *m != Move::Swap)
                    .collect();
                let Some(&choice) = moves.get(rng.random_range(0..moves.len().max(1))) else {
                    break;
                };
                let (mover, watcher) = if game.moves().len() % 2 == 0 {
                    (&mut alice, &mut bob)
                } else {
                    (&mut bob, &mut alice)
                };
                let started = Instant::now();
                mover.say(&room, &format!("!akron move {choice}")).await;
                let reply = mover.message_from(&bot, &room).await;
                times.push(started.elapsed());
                watcher.sync_to(&reply.id()).await;
                assert!(
                    matches!(&reply, Seen::Message { content, .. }
                        if matches!(content.msgtype, MessageType::Image(_))),
                    "a board: {}",
                    reply.text()
                );
                game.play(choice).unwrap();
            }
            if !game.is_over() {
                break;
            }
        }
        running.stop().await;
        times
    });
    times.sort();
    let at = |q: f64| {
        let i = ((times.len() as f64 - 1.0) * q).round() as usize;
        times.get(i).copied().unwrap_or(Duration::ZERO)
    };
    println!(
        "matrix: {} moves, message in to reply seen (board image included): p50 {:.1} ms, \
         p99 {:.1} ms, slowest {:.1} ms",
        times.len(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        at(1.0).as_secs_f64() * 1e3
    );
}
