//! Two services on one database file, as two processes would be, ending games at the same
//! moment: a round's last two games open the next round once, and two rated games of one
//! player both count. Each change is written at the version of the rows it read
//! (tournaments, ratings), so it never relies on SQLite's single writer for this.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_service::db::{self, GLOBAL_SCOPE};
use akron_service::model::Status;
use akron_service::params;
use akron_service::service::{
    Challenge, ColourChoice, Command, GameId, Request, Service, TimeControl, TournamentAction,
    TournamentFormat, TournamentOptions, UserId,
};
use common::{channel_id, user, Harness};
use std::sync::Barrier;

const DAY: i64 = 86_400;
const RUNS: usize = 12;

/// Sends `requests` at once, one thread each, the first through `a` and the rest through `b`.
fn race(a: &Service, b: &Service, requests: &[Request]) {
    let barrier = Barrier::new(requests.len());
    std::thread::scope(|scope| {
        for (index, request) in requests.iter().enumerate() {
            let service = if index == 0 { a } else { b };
            let barrier = &barrier;
            scope.spawn(move || {
                barrier.wait();
                let reply = service.handle(request);
                assert!(!reply.ephemeral, "{}", reply.text);
            });
        }
    });
}

/// A resignation of `game` by `who`, named by its number.
fn resign(who: &str, game: GameId) -> Request {
    let mut request = Request::new(user(who), channel_id("anywhere"), Command::Resign);
    request.game = Some(game);
    request
}

#[test]
fn the_last_two_games_of_a_round_ending_at_once_open_the_next_round_once() {
    for run in 0..RUNS {
        let Some(h) = Harness::on(super::BACKEND) else {
            return;
        };
        let other = h.open_service();
        let mut options = TournamentOptions::new("Cup", TournamentFormat::Swiss);
        options.rounds = Some(3);
        options.size = Some(5);
        options.time = Some(TimeControl::PerMove(DAY));
        let mut org = Request::new(
            user("org"),
            channel_id("lobby"),
            Command::Tournament(TournamentAction::Create(options)),
        );
        org.is_moderator = true;
        assert!(!h.service.handle(&org).ephemeral);
        for player in ["p1", "p2", "p3", "p4"] {
            let join = Request::new(
                user(player),
                channel_id("lobby"),
                Command::Tournament(TournamentAction::Join),
            );
            assert!(!h.service.handle(&join).ephemeral);
        }
        org.command = Command::Tournament(TournamentAction::Start);
        assert!(!h.service.handle(&org).ephemeral);
        let db = h.open_db_read_only().unwrap();
        let games: Vec<(i64, String)> = db
            .read(|tx| {
                tx.query(
                    "SELECT p.game_id, g.white_id FROM tournament_pairings p \
                     JOIN games g ON g.id = p.game_id WHERE p.round = 1 ORDER BY p.board",
                    params![],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
            })
            .unwrap();
        assert_eq!(games.len(), 2);
        let requests: Vec<Request> = games
            .iter()
            .map(|(game, white)| {
                let name = white.trim_start_matches("test:");
                resign(name, GameId(*game))
            })
            .collect();
        race(&h.service, &other, &requests);
        let (current, version): (u32, i64) = db
            .read(|tx| {
                tx.query_one(
                    "SELECT current_round, version FROM tournaments",
                    params![],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
            })
            .unwrap();
        assert_eq!(current, 2, "run {run}");
        let count = |sql: &str| -> i64 {
            db.read(|tx| tx.query_one(sql, params![], |r| r.get(0)))
                .unwrap()
        };
        assert_eq!(
            count("SELECT COUNT(*) FROM tournament_pairings WHERE round = 2"),
            2,
            "run {run}: round 2 is paired once"
        );
        assert_eq!(
            count("SELECT COUNT(*) FROM games WHERE status = 'active'"),
            2,
            "run {run}: its two games, made once"
        );
        assert_eq!(
            // Stored as what to say (put into words at delivery), not as words.
            count(
                "SELECT COUNT(*) FROM outbox \
                 WHERE payload LIKE '%\"round\":1,\"part\":\"round-over\"%'"
            ),
            1,
            "run {run}: announced once"
        );
        assert!(version >= 4, "run {run}: every result and round bumped it");
    }
}

#[test]
fn two_rated_games_of_one_player_ending_at_once_both_count() {
    for run in 0..RUNS {
        let Some(h) = Harness::on(super::BACKEND) else {
            return;
        };
        let other = h.open_service();
        // alice (Black) plays bob in one channel and carol in another; both opponents moved.
        for (channel, opponent) in [("one", "bob"), ("two", "carol")] {
            let mut challenge = Challenge::new(user(opponent));
            challenge.size = Some(5);
            challenge.colour = Some(ColourChoice::Black);
            for (who, command) in [
                ("alice", Command::Challenge(challenge)),
                (opponent, Command::Accept),
                ("alice", Command::Move("C3".to_string())),
                (opponent, Command::Move("B2".to_string())),
            ] {
                let reply = h.send_in(channel, who, command);
                assert!(!reply.ephemeral, "{}", reply.text);
            }
        }
        let requests = [
            Request::new(user("bob"), channel_id("one"), Command::Resign),
            Request::new(user("carol"), channel_id("two"), Command::Resign),
        ];
        race(&h.service, &other, &requests);
        let db = h.open_db_read_only().unwrap();
        let alice = UserId::new("test", "alice");
        let stored = db
            .read(|tx| db::rating(tx, &alice, GLOBAL_SCOPE))
            .unwrap()
            .expect("alice is rated");
        assert_eq!(stored.games, 2, "run {run}: both games counted");
        assert_eq!(stored.version, 2, "run {run}");
        let history = db
            .read(|tx| db::rating_history(tx, &alice, GLOBAL_SCOPE))
            .unwrap();
        assert_eq!(history.len(), 2, "run {run}");
        // One game was rated from the other's result: nothing was computed from a stale
        // rating and then overwritten.
        let (first, second) = if history[0].before.rating == history[1].after.rating {
            (&history[1], &history[0])
        } else {
            (&history[0], &history[1])
        };
        assert_eq!(first.before.rating, 1500.0, "run {run}: {history:?}");
        assert_eq!(second.before.rating, first.after.rating, "run {run}");
        assert_eq!(stored.rating.rating, second.after.rating, "run {run}");
        assert!(stored.rating.rating > first.after.rating, "two wins");
    }
}

/// A reader opened as the web companion opens the database (SQLite read-only, PostgreSQL in
/// read-only sessions) reads what the bot wrote and can write nothing, not even through the
/// service's commands.
#[test]
fn a_read_only_reader_sees_the_games_and_cannot_write() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.send(
        "alice",
        Command::Challenge(Challenge {
            opponent: user("bob"),
            size: Some(5),
            pieces: None,
            rule: None,
            colour: Some(ColourChoice::White),
            time: None,
            thread: None,
            rated: None,
            rating: Default::default(),
        }),
    );
    let db = h.open_db_read_only().unwrap();
    let count = |db: &db::Db| -> i64 {
        db.read(|tx| tx.query_one("SELECT count(*) FROM games", params![], |r| r.get(0)))
            .unwrap()
    };
    assert_eq!(count(&db), 1);
    let refused = db.write(|tx| tx.execute("DELETE FROM games", params![]));
    assert!(refused.is_err(), "a read-only database took a write");
    let refused = db.read(|tx| tx.execute("DELETE FROM games", params![]));
    assert!(
        refused.is_err(),
        "a read-only database took a write outside a transaction"
    );
    assert_eq!(count(&db), 1);
    let reader = Service::open_read_only(h.config(), h.clock.clone()).unwrap();
    let accept = Request::new(user("bob"), channel_id("main"), Command::Accept);
    assert!(
        reader.handle(&accept).ephemeral,
        "the reader refuses a command that writes"
    );
    assert_eq!(h.view().status, Status::Open, "still a challenge");
}
