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
use matrix::{now_millis, register, synapse, unique, BotProcess, Human, Seen};
use matrix_sdk::ruma::api::client::room::create_room::v3::Request as CreateRoom;
use matrix_sdk::ruma::events::room::message::MessageType;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// Moves measured.
const MOVES: usize = 200;

/// Where the time of a round trip goes, by the homeserver's timestamps (same machine, so
/// the same clock): the mover's send until Synapse has the command, Synapse having it until
/// it has the bot's answer (the bot's sync, the service, the upload, the send), and Synapse
/// having the answer until the mover's client sees it (its sync).
fn report_legs(legs: &mut [[u64; 3]]) {
    let names = [
        "send the command",
        "bot: command in, answer out",
        "client sees the answer",
    ];
    for (leg, name) in names.iter().enumerate() {
        let mut values: Vec<u64> = legs.iter().map(|l| l[leg]).collect();
        values.sort_unstable();
        let at = |q: f64| {
            let i = ((values.len() as f64 - 1.0) * q).round() as usize;
            values.get(i).copied().unwrap_or(0)
        };
        println!(
            "  {name}: p50 {} ms, p99 {} ms, slowest {} ms",
            at(0.5),
            at(0.99),
            at(1.0)
        );
    }
}

/// The `q` quantile of sorted durations.
fn percentile(sorted: &[Duration], q: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted.get(i).copied().unwrap_or(Duration::ZERO)
}

fn main() {
    // AKRON_BENCH_LOG=akron_bot::matrix=debug shows the bot's own timings per command.
    if let Ok(filter) = std::env::var("AKRON_BENCH_LOG") {
        tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::new(filter))
            .with_writer(std::io::stderr)
            .init();
    }
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
        let mut legs: Vec<[u64; 3]> = Vec::with_capacity(MOVES);
        let mut pictures = Vec::with_capacity(MOVES);
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
                let said_at = now_millis();
                let started = Instant::now();
                let command = mover.say(&room, &format!("!akron move {choice}")).await;
                let seen = mover
                    .collect_until("the bot's answer", |s| s.is_message_by(&bot))
                    .await;
                times.push(started.elapsed());
                let reply = seen.last().cloned().unwrap();
                // The picture itself: a client shows it once it has downloaded it (the
                // homeserver holds the download until the bot's upload is in).
                let (png, _) = mover.image(&reply).await;
                pictures.push(started.elapsed());
                assert!(png.starts_with(b"\x89PNG"), "a PNG");
                let command_at = seen.iter().find_map(|s| match s {
                    Seen::Message {
                        event_id, sent_at, ..
                    } if *event_id == command => Some(*sent_at),
                    _ => None,
                });
                if let (
                    Some(command_at),
                    Seen::Message {
                        sent_at, seen_at, ..
                    },
                ) = (command_at, &reply)
                {
                    legs.push([
                        command_at.saturating_sub(said_at),
                        sent_at.saturating_sub(command_at),
                        seen_at.saturating_sub(*sent_at),
                    ]);
                }
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
        report_legs(&mut legs);
        pictures.sort();
        println!(
            "  picture downloaded: p50 {:.1} ms, p99 {:.1} ms, slowest {:.1} ms",
            percentile(&pictures, 0.5).as_secs_f64() * 1e3,
            percentile(&pictures, 0.99).as_secs_f64() * 1e3,
            percentile(&pictures, 1.0).as_secs_f64() * 1e3
        );
        times
    });
    times.sort();
    let at = |q: f64| percentile(&times, q);
    println!(
        "matrix: {} moves, message in to reply seen (board image included): p50 {:.1} ms, \
         p99 {:.1} ms, slowest {:.1} ms",
        times.len(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        at(1.0).as_secs_f64() * 1e3
    );
}
