//! The Matrix front end against a local Synapse, over 200 moves with the board picture:
//! message in to reply sent (the bot's side), and the whole round trip a player waits for.
//!
//! `eval "$(bot/tests/matrix/synapse.sh /tmp/akron-synapse)"` and export the printed
//! variables, then `cargo bench -p akron-bot --bench matrix`. A human test user sends
//! `!akron move ...`. Two clocks:
//! - **message in to reply sent**, the measure: from the bot's handler having the
//!   command until the homeserver has accepted the reply (an `m.image` with the board,
//!   uploaded first), by the bot's own timings (its "answered a command" trace);
//! - **the round trip**: from the mover sending until the mover's client receives the
//!   reply, both homeserver syncs included, and the picture downloaded.
//!
//! Prints p50, p99 and the slowest, and where the round trip's time goes. Without Synapse
//! it says so and does nothing.
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

/// The bot's own timings of each command it answers (`delivered_ms`, `decided_ms` and
/// `answered_ms` of its "answered a command" event: homeserver to handler, handler to the
/// move decided and the board drawn, handler to the reply sent), caught from its tracing.
struct Timings(tokio::sync::mpsc::UnboundedSender<[u64; 3]>);

impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for Timings {
    fn on_event(&self, event: &tracing::Event<'_>, _: tracing_subscriber::layer::Context<'_, S>) {
        struct Fields([Option<u64>; 3]);
        impl tracing::field::Visit for Fields {
            fn record_u64(&mut self, field: &tracing::field::Field, value: u64) {
                let slot = match field.name() {
                    "delivered_ms" => 0,
                    "decided_ms" => 1,
                    "answered_ms" => 2,
                    _ => return,
                };
                self.0[slot] = Some(value);
            }
            fn record_debug(&mut self, _: &tracing::field::Field, _: &dyn std::fmt::Debug) {}
        }
        let mut fields = Fields([None; 3]);
        event.record(&mut fields);
        if let [Some(delivered), Some(decided), Some(answered)] = fields.0 {
            let _ = self.0.send([delivered, decided, answered]);
        }
    }
}

/// p50, p99 and the slowest of `values`, in milliseconds.
fn spread(values: &mut [u64]) -> String {
    values.sort_unstable();
    let at = |q: f64| {
        let i = ((values.len() as f64 - 1.0) * q).round() as usize;
        values.get(i).copied().unwrap_or(0)
    };
    format!(
        "p50 {} ms, p99 {} ms, slowest {} ms",
        at(0.5),
        at(0.99),
        at(1.0)
    )
}

/// The `q` quantile of sorted durations.
fn percentile(sorted: &[Duration], q: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted.get(i).copied().unwrap_or(Duration::ZERO)
}

fn main() {
    // The bot's own timings come from its tracing; AKRON_BENCH_LOG=akron_bot::matrix=debug
    // also prints them (and the rest of its log) per command.
    use tracing_subscriber::layer::SubscriberExt as _;
    use tracing_subscriber::util::SubscriberInitExt as _;
    use tracing_subscriber::Layer as _;
    let (timings, mut bot_timings) = tokio::sync::mpsc::unbounded_channel();
    let printed = std::env::var("AKRON_BENCH_LOG").ok().map(|filter| {
        tracing_subscriber::fmt::layer()
            .with_writer(std::io::stderr)
            .with_filter(tracing_subscriber::EnvFilter::new(filter))
    });
    tracing_subscriber::registry()
        .with(
            Timings(timings).with_filter(
                tracing_subscriber::filter::Targets::new()
                    .with_target("akron_bot::matrix::incoming", tracing::Level::DEBUG),
            ),
        )
        .with(printed)
        .init();
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
        let mut bot_side: Vec<[u64; 3]> = Vec::with_capacity(MOVES);
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
                while bot_timings.try_recv().is_ok() {}
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
                // The bot logs its timings once the homeserver has accepted the reply,
                // which may be just after the mover saw it.
                let timed = tokio::time::timeout(matrix::PATIENCE, bot_timings.recv()).await;
                bot_side.push(timed.ok().flatten().expect("the bot's timings of the move"));
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
        let column = |i: usize| bot_side.iter().map(|t| t[i]).collect::<Vec<u64>>();
        println!(
            "matrix: {} moves, message in to reply sent (the bot's handler has the command \
             until the homeserver has accepted the board's message): {}",
            bot_side.len(),
            spread(&mut column(2))
        );
        println!(
            "  of which the move decided and the board drawn: {}",
            spread(&mut column(1))
        );
        println!(
            "  before it, homeserver to the bot's handler (its sync): {}",
            spread(&mut column(0))
        );
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
        "matrix: {} moves, round trip, message said to reply seen (board image included): \
         p50 {:.1} ms, p99 {:.1} ms, slowest {:.1} ms",
        times.len(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        at(1.0).as_secs_f64() * 1e3
    );
}
