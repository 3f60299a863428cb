//! Shared helpers of the service's integration tests: a service on a fresh SQLite file in
//! a temporary directory, with a clock the test moves, and game lines found by search.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::new_without_default,
    missing_docs
)]

pub mod sign_up_race;

use crate::service::{
    Challenge, ChannelId, ColourChoice, Command, Config, GameView, ManualClock, Reply, Request,
    Service, User, UserId,
};
use akron_rules::{Game, GameOptions, Move, MoveReport, WinRule};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::path::PathBuf;
use std::sync::Arc;
use tempfile::TempDir;

/// 2026-11-22 00:00 UTC.
pub const T0: i64 = 1_795_305_600;

pub struct Harness {
    pub dir: TempDir,
    pub service: Service,
    pub clock: Arc<ManualClock>,
}

impl Harness {
    pub fn new() -> Harness {
        let dir = tempfile::tempdir().expect("temp dir");
        let clock = Arc::new(ManualClock::new(T0));
        let service = open(&dir.path().join("akron.db"), &clock);
        Harness {
            dir,
            service,
            clock,
        }
    }

    pub fn db_path(&self) -> PathBuf {
        self.dir.path().join("akron.db")
    }

    /// Closes the service and opens the database again.
    pub fn reopen(&mut self) {
        let path = self.db_path();
        let fresh = open(&path, &self.clock);
        self.service = fresh;
    }

    pub fn send(&self, name: &str, command: Command) -> Reply {
        self.send_in("main", name, command)
    }

    pub fn send_in(&self, channel: &str, name: &str, command: Command) -> Reply {
        self.service
            .handle(&Request::new(user(name), channel_id(channel), command))
    }

    /// Sends a command that must succeed (a public reply).
    pub fn ok(&self, name: &str, command: Command) -> Reply {
        let reply = self.send(name, command.clone());
        assert!(
            !reply.ephemeral,
            "{name} {command:?} was refused: {}",
            reply.text
        );
        reply
    }

    /// Sends a command that must be refused, and checks that it changed nothing.
    pub fn refused(&self, name: &str, command: Command) -> Reply {
        self.refused_in("main", name, command)
    }

    pub fn refused_in(&self, channel: &str, name: &str, command: Command) -> Reply {
        let before = self.snapshot(channel);
        let reply = self.send_in(channel, name, command.clone());
        assert!(
            reply.ephemeral,
            "{name} {command:?} should be refused: {}",
            reply.text
        );
        assert!(!reply.text.is_empty());
        assert_eq!(self.snapshot(channel), before, "a refusal changed the game");
        reply
    }

    /// What a refusal must leave as it was: status, moves, position, result.
    pub fn snapshot(&self, channel: &str) -> Option<String> {
        self.service
            .channel_game(&channel_id(channel))
            .expect("loads")
            .map(|v| {
                format!(
                    "{:?} {:?} {} {:?}",
                    v.status,
                    v.game.moves(),
                    v.game.position().code(),
                    v.game.outcome()
                )
            })
    }

    pub fn view(&self) -> GameView {
        self.view_in("main")
    }

    pub fn view_in(&self, channel: &str) -> GameView {
        self.service
            .channel_game(&channel_id(channel))
            .expect("loads")
            .expect("a game in the channel")
    }

    /// alice (Black) challenges bob (White) and bob accepts.
    pub fn start(&self, size: u8, pile: Option<u16>, rule: WinRule) {
        self.start_in("main", "alice", "bob", size, pile, rule);
    }

    pub fn start_in(
        &self,
        channel: &str,
        black: &str,
        white: &str,
        size: u8,
        pile: Option<u16>,
        rule: WinRule,
    ) {
        let reply = self.send_in(
            channel,
            black,
            Command::Challenge(Challenge {
                opponent: user(white),
                size: Some(size),
                pieces: pile,
                rule: Some(rule),
                colour: Some(ColourChoice::Black),
                time: None,
                thread: None,
                rated: None,
            }),
        );
        assert!(!reply.ephemeral, "{}", reply.text);
        let reply = self.send_in(channel, white, Command::Accept);
        assert!(!reply.ephemeral, "{}", reply.text);
    }

    /// Plays a move as whoever is to move; it must succeed.
    pub fn play(&self, mv: Move) -> Reply {
        let view = self.view();
        let who = view.players.get(view.game.turn()).name.clone();
        let reply = self.send(&who, Command::Move(mv.to_string()));
        assert!(!reply.ephemeral, "{who} {mv}: {}", reply.text);
        reply
    }
}

pub fn open(path: &std::path::Path, clock: &Arc<ManualClock>) -> Service {
    let mut config = Config::with_db(path);
    config.rules_url = Some("https://akron.test/docs/rules.md".to_string());
    Service::with_clock(config, clock.clone()).expect("opens")
}

pub fn user(name: &str) -> User {
    User::new(UserId::new("test", name), name)
}

pub fn channel_id(name: &str) -> ChannelId {
    ChannelId::new("test", name)
}

pub fn mv(text: &str) -> Move {
    text.parse().expect("a move")
}

/// A line of play from the empty `size` board found by seeded random search, ending with
/// the first move whose report satisfies `want`. With `swap`, the second move is a swap.
pub fn find_line(
    options: GameOptions,
    swap: bool,
    max_plies: usize,
    want: impl Fn(&MoveReport, &Game) -> bool,
) -> Vec<Move> {
    for seed in 0..200_000u64 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = Game::new(options).expect("options");
        for ply in 0..max_plies {
            let moves: Vec<Move> = game
                .legal_moves()
                .into_iter()
                .filter(|m| *m != Move::Swap)
                .collect();
            if moves.is_empty() {
                break;
            }
            let choice = if swap && ply == 1 {
                Move::Swap
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            let report = game.play(choice).expect("legal");
            if want(&report, &game) {
                return game.moves().to_vec();
            }
            if game.is_over() {
                break;
            }
        }
    }
    panic!("no line found for {options:?}");
}

pub fn channel_id_on(platform: &str, name: &str) -> ChannelId {
    ChannelId::new(platform, name)
}
