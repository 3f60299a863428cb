//! Shared helpers of the service's integration tests: a service on a fresh database (a
//! SQLite file in a temporary directory, or a database of its own on the PostgreSQL server
//! `AKRON_TEST_POSTGRES` names), with a clock the test moves, and game lines found by search.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::new_without_default,
    missing_docs
)]

pub mod sign_up_race;
pub mod tour;

use crate::db::{Db, ScratchDatabase};
use crate::service::{
    Challenge, ChannelId, ColourChoice, Command, Config, GameView, ManualClock, Notice, Reply,
    Request, Service, User, UserId,
};
use akron_rules::{Game, GameOptions, Move, MoveReport, WinRule};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::path::PathBuf;
use std::sync::Arc;
use tempfile::TempDir;

/// 2026-11-22 00:00 UTC.
pub const T0: i64 = 1_795_305_600;

/// The database a test runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// A fresh SQLite file in a temporary directory.
    Sqlite,
    /// A fresh database on the PostgreSQL server `AKRON_TEST_POSTGRES` names.
    Postgres,
}

/// The variable naming the PostgreSQL server the tests use, as an address of any database on
/// it by a role that may create databases: `postgres://akron@127.0.0.1:5432/postgres`.
pub const POSTGRES_VARIABLE: &str = "AKRON_TEST_POSTGRES";

/// The PostgreSQL server for tests, if one is set. Without one a test on PostgreSQL is
/// skipped with a note, except under CI (`CI` set), where it fails.
///
/// # Panics
///
/// Under CI, when the variable is not set.
pub fn postgres_server(test: &str) -> Option<String> {
    match std::env::var(POSTGRES_VARIABLE) {
        Ok(url) if !url.trim().is_empty() => Some(url),
        _ if std::env::var_os("CI").is_some() => {
            panic!("{POSTGRES_VARIABLE} is not set under CI: the PostgreSQL tests must run")
        }
        _ => {
            eprintln!("note: {test} skipped on PostgreSQL: {POSTGRES_VARIABLE} is not set");
            None
        }
    }
}

/// Where a test's database lives; it goes away with the test.
pub enum TestDatabase {
    Sqlite(TempDir),
    Postgres(ScratchDatabase),
}

impl TestDatabase {
    /// A fresh, empty database on `backend`, or `None` (with a note) when PostgreSQL is not
    /// set outside CI.
    pub fn new(backend: Backend) -> Option<TestDatabase> {
        Some(match backend {
            Backend::Sqlite => TestDatabase::Sqlite(tempfile::tempdir().expect("temp dir")),
            Backend::Postgres => {
                let server = postgres_server(std::thread::current().name().unwrap_or("a test"))?;
                TestDatabase::Postgres(
                    ScratchDatabase::create(&server).expect("a test database on PostgreSQL"),
                )
            }
        })
    }

    /// The service's settings for this database.
    pub fn config(&self) -> Config {
        let mut config = match self {
            TestDatabase::Sqlite(dir) => Config::with_db(dir.path().join("akron.db")),
            TestDatabase::Postgres(scratch) => Config::with_postgres(scratch.url().clone()),
        };
        config.rules_url = Some("https://akron.test/docs/rules.md".to_string());
        config
    }

    /// Opens the database (another connection pool, as a second process would).
    pub fn open(&self) -> Result<Db, crate::db::DbError> {
        self.config().open_db()
    }
}

/// A fresh database on each backend: SQLite, and PostgreSQL when a server is set (without
/// one, a note is printed; under CI, a panic).
pub fn each_database() -> Vec<TestDatabase> {
    [Backend::Sqlite, Backend::Postgres]
        .into_iter()
        .filter_map(TestDatabase::new)
        .collect()
}

pub struct Harness {
    pub database: TestDatabase,
    pub service: Service,
    pub clock: Arc<ManualClock>,
}

impl Harness {
    /// A service on a fresh SQLite file.
    pub fn new() -> Harness {
        Harness::on(Backend::Sqlite).expect("SQLite is always there")
    }

    /// A service on a fresh database of `backend`, or `None` (with a note) when PostgreSQL
    /// is not set outside CI: the test then returns at once.
    pub fn on(backend: Backend) -> Option<Harness> {
        let database = TestDatabase::new(backend)?;
        let clock = Arc::new(ManualClock::new(T0));
        let service = Service::with_clock(database.config(), clock.clone()).expect("opens");
        Some(Harness {
            database,
            service,
            clock,
        })
    }

    /// The SQLite file.
    ///
    /// # Panics
    ///
    /// On PostgreSQL.
    pub fn db_path(&self) -> PathBuf {
        match &self.database {
            TestDatabase::Sqlite(dir) => dir.path().join("akron.db"),
            TestDatabase::Postgres(_) => panic!("a PostgreSQL test has no file"),
        }
    }

    /// Which database the test runs on.
    pub fn backend(&self) -> Backend {
        match self.database {
            TestDatabase::Sqlite(_) => Backend::Sqlite,
            TestDatabase::Postgres(_) => Backend::Postgres,
        }
    }

    /// The service's settings.
    pub fn config(&self) -> Config {
        self.database.config()
    }

    /// Opens the database again, beside the service (as another process would).
    pub fn open_db(&self) -> Result<Db, crate::db::DbError> {
        self.database.open()
    }

    /// Opens the database for reading only (PostgreSQL: as any process would).
    pub fn open_db_read_only(&self) -> Result<Db, crate::db::DbError> {
        match &self.database {
            TestDatabase::Sqlite(dir) => Db::open_read_only(&dir.path().join("akron.db")),
            TestDatabase::Postgres(_) => {
                let config = self.config();
                let url = config
                    .postgres
                    .as_ref()
                    .expect("a PostgreSQL test has its address");
                Db::open_postgres_read_only(url, config.busy_timeout)
            }
        }
    }

    /// A second service on the same database and clock, as a second process would run.
    pub fn open_service(&self) -> Service {
        Service::with_clock(self.config(), self.clock.clone()).expect("opens")
    }

    /// Closes the service and opens the database again.
    pub fn reopen(&mut self) {
        let fresh = self.open_service();
        self.service = fresh;
    }

    /// Settles what is due and delivers every notice as a front end would: a notice asking
    /// for a thread gets one (channel `game-N`), whose opening reply `check` looks at.
    /// Returns the notices.
    pub fn deliver_checking(&self, check: impl Fn(&Reply)) -> Vec<Notice> {
        let mut all = Vec::new();
        loop {
            self.service.tick(self.service.now()).unwrap();
            let notices = self.service.due_notices("test", 500).unwrap();
            if notices.is_empty() {
                return all;
            }
            for notice in &notices {
                if let Some(thread) = &notice.thread {
                    let channel = channel_id(&format!("game-{}", thread.game.0));
                    let posted = self.service.thread_opened(thread.game, &channel).unwrap();
                    assert!(!posted.ephemeral, "{}", posted.text);
                    check(&posted);
                }
                self.service.notice_delivered(notice.id).unwrap();
            }
            all.extend(notices);
        }
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
                rating: crate::model::RatingRange::default(),
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

/// The letters of `text` outside the pseudo-language's brackets (`⟦ ⟧`, see
/// [`crate::catalogue::PSEUDO_LANGUAGE_VARIABLE`]), with mentions (`<@1>`), channels (`<#1>`)
/// and Discord timestamps (`<t:1:f>`) set aside: what did not come from the catalogue.
pub fn outside_catalogue(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '⟦' => depth += 1,
            '⟧' => depth = depth.saturating_sub(1),
            '<' if depth == 0 && matches!(chars.peek(), Some('@' | '#' | 't')) => {
                for skipped in chars.by_ref() {
                    if skipped == '>' {
                        break;
                    }
                }
            }
            c if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}
