//! The web companion's speed: server time for a game page of 40 moves and one of 500, and a
//! 64-player Swiss's page (and a cached board picture), in-process through the router; then their p50 and p99 over
//! 2,000 requests each, and the delay from a move committed to the `change` event on 100
//! open live pages (the web reading through its own read-only service, as `akron web` in
//! another process does: the watcher's polling, not an in-process wake-up, carries it).
//!
//! `cargo bench -p akron-bot --bench web`. With `AKRON_WEB_BENCH_DB=PATH` it only writes
//! the fixtures' database there and prints the game pages' paths, 40 and 500 moves (for `wrk`
//! against `akron web`; see BENCHMARKS.md).

#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use akron_bot::service::{
    Challenge, ColourChoice, Command, Config, Request, Service, Setting, TournamentAction,
    TournamentOptions,
};
use akron_bot::web::{self, Limits, Web};
use akron_service::model::{
    ChannelId, GameId, ServerId, TournamentFormat, User, UserId, WebAccess,
};
use axum::body::Body;
use axum::http::Request as HttpRequest;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};
use tower::ServiceExt;

struct Fixture {
    _dir: Option<tempfile::TempDir>,
    runtime: tokio::runtime::Runtime,
    writer: Arc<Service>,
    router: axum::Router,
    web: Arc<Web>,
    game: String,
    long_game: String,
    board: String,
    tournament: String,
}

fn server() -> ServerId {
    ServerId::new("bench", "guild")
}

fn user(name: &str) -> User {
    User::new(UserId::new("bench", name), name)
}

fn send(service: &Service, who: &User, channel: &str, moderator: bool, command: Command) {
    let mut request = Request::new(who.clone(), ChannelId::new("bench", channel), command);
    request.server = Some(server());
    request.is_moderator = moderator;
    let reply = service.handle(&request);
    assert!(
        !reply.ephemeral || reply.text.starts_with("Saved."),
        "{}",
        reply.text
    );
}

fn on_game(service: &Service, who: &User, game: GameId, command: Command) {
    let mut request = Request::new(who.clone(), ChannelId::new("bench", "x"), command);
    request.server = Some(server());
    request.game = Some(game);
    let reply = service.handle(&request);
    assert!(!reply.ephemeral, "{}", reply.text);
}

/// The next legal move of a channel's game (the first the rules list), played by whoever
/// is to move.
fn play_next(service: &Service, channel: &str) -> bool {
    let Some(view) = service
        .channel_game(&ChannelId::new("bench", channel))
        .unwrap()
    else {
        return false;
    };
    if view.game.is_over() {
        return false;
    }
    let Some(mv) = view.game.legal_moves().into_iter().next() else {
        return false;
    };
    let who = view.players.get(view.game.turn()).clone();
    send(service, &who, channel, false, Command::Move(mv.to_string()));
    true
}

/// The first legal move of a channel's game that neither ends it nor leaves a connection to
/// cut, played by whoever is to move: a game that lasts as long as it is wanted.
fn play_on(service: &Service, channel: &str) -> bool {
    let Some(view) = service
        .channel_game(&ChannelId::new("bench", channel))
        .unwrap()
    else {
        return false;
    };
    // Neither ending the game nor making a connection the other side must cut at once.
    let calm = |mv: akron_rules::Move| {
        let mut after = view.game.clone();
        after.play(mv).is_ok() && !after.is_over() && after.pending_connection().is_none()
    };
    let Some(mv) = view.game.legal_moves().into_iter().find(|&mv| calm(mv)) else {
        return false;
    };
    let who = view.players.get(view.game.turn()).clone();
    send(service, &who, channel, false, Command::Move(mv.to_string()));
    true
}

/// `alice` challenges `bob` to an 8 × 8 game in `channel`, and `bob` accepts.
fn new_game(writer: &Service, channel: &str) {
    let (alice, bob) = (user("alice"), user("bob"));
    send(
        writer,
        &alice,
        channel,
        false,
        Command::Challenge(Challenge {
            opponent: bob.clone(),
            size: Some(8),
            pieces: None,
            rule: None,
            colour: Some(ColourChoice::Black),
            time: None,
            thread: None,
            rated: None,
            rating: Default::default(),
        }),
    );
    send(writer, &bob, channel, false, Command::Accept);
}

/// The plies of the long game.
const LONG: usize = 500;

/// A database with a 40-move game being played, a 500-move one, and a 64-player Swiss with
/// two rounds played.
fn write_fixtures(path: &std::path::Path) -> (Arc<Service>, GameId, GameId) {
    let writer = Arc::new(Service::open(Config::with_db(path)).unwrap());
    send(
        &writer,
        &user("mod"),
        "lobby",
        true,
        Command::Settings(Some(Setting::Web(WebAccess::Link))),
    );
    new_game(&writer, "game");
    for _ in 0..40 {
        if !play_next(&writer, "game") {
            break;
        }
    }
    let game = writer
        .channel_game(&ChannelId::new("bench", "game"))
        .unwrap()
        .unwrap()
        .id;
    new_game(&writer, "long");
    for ply in 0..LONG {
        assert!(
            play_on(&writer, "long"),
            "the long game goes on after {ply} moves"
        );
    }
    let long = writer
        .channel_game(&ChannelId::new("bench", "long"))
        .unwrap()
        .unwrap()
        .id;

    let organiser = user("organiser");
    let mut options = TournamentOptions::new("Bench Swiss", TournamentFormat::Swiss);
    options.rounds = Some(6);
    options.size = Some(5);
    send(
        &writer,
        &organiser,
        "cup",
        true,
        Command::Tournament(TournamentAction::Create(options)),
    );
    for n in 0..64 {
        send(
            &writer,
            &user(&format!("player{n:02}")),
            "cup",
            false,
            Command::Tournament(TournamentAction::Join),
        );
    }
    send(
        &writer,
        &organiser,
        "cup",
        true,
        Command::Tournament(TournamentAction::Start),
    );
    let cup = writer.server_tournaments(&server(), 1).unwrap()[0].id;
    for round in 1..=2 {
        let detail = writer.tournament_detail(cup).unwrap().unwrap();
        for pairing in &detail.round(round).unwrap().pairings {
            let game = pairing.game.unwrap();
            let black = detail.entrant(pairing.black).unwrap().user.clone();
            let white = detail.entrant(pairing.white).unwrap().user.clone();
            on_game(&writer, &black, game, Command::Move("C3".to_string()));
            on_game(&writer, &white, game, Command::Move("B2".to_string()));
            let loser = if pairing.board % 2 == 0 { black } else { white };
            on_game(&writer, &loser, game, Command::Resign);
        }
    }
    (writer, game, long)
}

fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bench.db");
        let (writer, game_id, long_id) = write_fixtures(&path);
        let reader = Arc::new(
            Service::open_read_only(
                Config::with_db(&path),
                Arc::new(akron_bot::service::SystemClock),
            )
            .unwrap(),
        );
        let limits = Limits {
            burst: 0,
            max_streams: 1000,
            // The 100 live pages all come from the loopback address: here it stands for 100
            // visitors, so the per-address shares must not refuse it.
            streams_per_address: 1000,
            connections_per_address: 1000,
            ..Limits::default()
        };
        let runtime = tokio::runtime::Runtime::new().unwrap();
        let web = runtime.block_on(async { Web::new(reader, limits) });
        let router = web::router(web.clone());
        let game = writer.game_web_path(game_id).unwrap().unwrap();
        let long_game = writer.game_web_path(long_id).unwrap().unwrap();
        assert_eq!(
            writer.game_detail(long_id).unwrap().unwrap().moves.len(),
            LONG
        );
        let cup = writer.server_tournaments(&server(), 1).unwrap()[0].id;
        let tournament = writer.tournament_web_path(cup).unwrap().unwrap();
        let plies = writer.game_detail(game_id).unwrap().unwrap().moves.len();
        Fixture {
            _dir: Some(dir),
            runtime,
            writer,
            router,
            web,
            board: format!("{game}/board/{plies}"),
            game,
            long_game,
            tournament,
        }
    })
}

impl Fixture {
    fn get(&self, path: &str) -> usize {
        self.runtime.block_on(async {
            let request = HttpRequest::get(path).body(Body::empty()).unwrap();
            let response = self.router.clone().oneshot(request).await.unwrap();
            assert_eq!(response.status(), 200, "{path}");
            axum::body::to_bytes(response.into_body(), usize::MAX)
                .await
                .unwrap()
                .len()
        })
    }
}

#[divan::bench]
fn game_page_40_moves() -> usize {
    let f = fixture();
    f.get(&f.game)
}

#[divan::bench]
fn game_page_500_moves() -> usize {
    let f = fixture();
    f.get(&f.long_game)
}

#[divan::bench]
fn tournament_page_64_players() -> usize {
    let f = fixture();
    f.get(&f.tournament)
}

#[divan::bench]
fn board_picture_cached() -> usize {
    let f = fixture();
    f.get(&f.board)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index]
}

fn report(name: &str, mut samples: Vec<Duration>) {
    samples.sort();
    println!(
        "{name}: p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms over {} samples",
        percentile(&samples, 0.5).as_secs_f64() * 1000.0,
        percentile(&samples, 0.99).as_secs_f64() * 1000.0,
        samples.last().unwrap().as_secs_f64() * 1000.0,
        samples.len()
    );
}

fn percentiles() {
    let f = fixture();
    for (name, path) in [
        ("game page (40 moves)", &f.game),
        ("game page (500 moves)", &f.long_game),
        ("tournament page (64 players, 2 rounds)", &f.tournament),
        ("board picture (cached)", &f.board),
    ] {
        f.get(path);
        let samples = (0..2000)
            .map(|_| {
                let start = Instant::now();
                f.get(path);
                start.elapsed()
            })
            .collect();
        report(name, samples);
    }
}

/// 100 live pages on one game; 20 moves; the delay from each move's commit to each page's
/// event.
fn live_delay() {
    const PAGES: usize = 100;
    const MOVES: usize = 20;
    let f = fixture();
    // A fresh game, so that it lasts the 20 moves.
    let (carol, dave) = (user("carol"), user("dave"));
    send(
        &f.writer,
        &carol,
        "live",
        false,
        Command::Challenge(Challenge {
            opponent: dave.clone(),
            size: Some(8),
            pieces: None,
            rule: None,
            colour: Some(ColourChoice::Black),
            time: None,
            thread: None,
            rated: None,
            rating: Default::default(),
        }),
    );
    send(&f.writer, &dave, "live", false, Command::Accept);
    let live = f
        .writer
        .channel_game(&ChannelId::new("bench", "live"))
        .unwrap()
        .unwrap()
        .id;
    let live_path = f.writer.game_web_path(live).unwrap().unwrap();
    let samples = f.runtime.block_on(async {
        let bound = web::spawn("127.0.0.1:0", f.web.clone()).await.unwrap();
        let client = reqwest::Client::new();
        let (arrivals, mut arrived) = tokio::sync::mpsc::unbounded_channel::<Instant>();
        let version = f.writer.game_version(live).unwrap().unwrap();
        for _ in 0..PAGES {
            let mut response = client
                .get(format!("http://{bound}{live_path}/live?since={version}"))
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 200);
            let arrivals = arrivals.clone();
            tokio::spawn(async move {
                while let Ok(Some(chunk)) = response.chunk().await {
                    let now = Instant::now();
                    let events = String::from_utf8_lossy(&chunk)
                        .matches("event: change")
                        .count();
                    for _ in 0..events {
                        let _ = arrivals.send(now);
                    }
                }
            });
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
        let mut samples = Vec::new();
        for _ in 0..MOVES {
            let writer = f.writer.clone();
            let committed = tokio::task::spawn_blocking(move || {
                assert!(play_next(&writer, "live"), "the game goes on");
                Instant::now()
            })
            .await
            .unwrap();
            for _ in 0..PAGES {
                let at = tokio::time::timeout(Duration::from_secs(5), arrived.recv())
                    .await
                    .expect("every page hears of the move")
                    .unwrap();
                samples.push(at.saturating_duration_since(committed));
            }
            // Moves spaced as people play: the next one after the pages have it.
            tokio::time::sleep(Duration::from_millis(137)).await;
        }
        samples
    });
    report("move committed to event, 100 live pages", samples);
}

fn main() {
    if let Some(path) = std::env::var_os("AKRON_WEB_BENCH_DB") {
        let (writer, game, long) = write_fixtures(std::path::Path::new(&path));
        println!("{}", writer.game_web_path(game).unwrap().unwrap());
        println!("{}", writer.game_web_path(long).unwrap().unwrap());
        return;
    }
    fixture();
    divan::main();
    percentiles();
    live_delay();
}
