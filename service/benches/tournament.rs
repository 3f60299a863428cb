//! A tournament's busiest moment: the last game of a round ends, and in that one
//! transaction the result is recorded, the ratings move, the next Swiss round is paired, its
//! games are made with their clocks running and every notice is written.
//!
//! `cargo bench -p akron-bot --bench tournament`.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use akron_service::service::{
    ChannelId, Command, Config, GameId, ManualClock, Request, Service, TournamentAction,
    TournamentFormat, TournamentOptions, User, UserId,
};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

const NOW: i64 = 1_800_000_000;

fn main() {
    divan::main();
}

fn player(n: u32) -> User {
    let name = format!("p{n}");
    User::new(UserId::new("bench", &name), name)
}

fn open(path: &Path) -> Service {
    let mut config = Config::with_db(path);
    config.images = false;
    Service::with_clock(config, Arc::new(ManualClock::new(NOW))).expect("opens")
}

fn send(service: &Service, user: User, game: Option<GameId>, command: Command) {
    let mut request = Request::new(user, ChannelId::new("bench", "lobby"), command);
    request.game = game;
    request.is_moderator = true;
    let reply = service.handle(&request);
    assert!(!reply.ephemeral, "{}", reply.text);
}

/// The unfinished games of round 1: (game, first player's number).
fn open_games(path: &Path) -> Vec<(i64, u32)> {
    let conn = rusqlite::Connection::open(path).unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT game_id, first FROM tournament_pairings WHERE round = 1 \
             AND game_id IS NOT NULL AND result IS NULL ORDER BY board",
        )
        .unwrap();
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// A database with a `players`-player Swiss whose round 1 has one game left. Built once per
/// size; each iteration works on a copy.
fn prepared(players: u32) -> (PathBuf, i64, u32) {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    let dir = DIR.get_or_init(|| tempfile::tempdir().expect("temp dir"));
    let path = dir.path().join(format!("swiss-{players}.db"));
    if !path.exists() {
        let service = open(&path);
        let organiser = player(0);
        let options = TournamentOptions::new("Bench Swiss", TournamentFormat::Swiss);
        send(
            &service,
            organiser.clone(),
            None,
            Command::Tournament(TournamentAction::Create(options)),
        );
        for n in 1..=players {
            send(
                &service,
                player(n),
                None,
                Command::Tournament(TournamentAction::Join),
            );
        }
        send(
            &service,
            organiser,
            None,
            Command::Tournament(TournamentAction::Start),
        );
        let games = open_games(&path);
        for (game, first) in &games[1..] {
            send(
                &service,
                player(*first),
                Some(GameId(*game)),
                Command::Resign,
            );
        }
        drop(service);
    }
    let (game, first) = open_games(&path)[0];
    (path, game, first)
}

/// The last game of round 1 ends by resignation: the next round of a `players`-player Swiss
/// is paired and made in the same transaction.
#[divan::bench(args = [64, 500], sample_count = 10, sample_size = 1)]
fn last_result_pairs_the_next_round(bencher: divan::Bencher, players: u32) {
    let (path, game, first) = prepared(players);
    let copies = tempfile::tempdir().expect("temp dir");
    let mut counter = 0;
    bencher
        .with_inputs(|| {
            counter += 1;
            let copy = copies.path().join(format!("copy-{counter}.db"));
            std::fs::copy(&path, &copy).expect("copy");
            open(&copy)
        })
        .bench_local_values(|service| {
            send(&service, player(first), Some(GameId(game)), Command::Resign);
            service
        });
}
