//! Post-game analysis (issue 44): `analyze #N` queues a finished game, a worker claims it as
//! the AI's moves are claimed, and the result is stored and posted once, in the transaction
//! that stores it; asking again answers from the store.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_service::ai_player::analyse_pending;
use akron_service::params;
use akron_service::service::{AnalyzeRequest, Command, GameId, Reply, Service};
use common::Harness;
use std::collections::BTreeSet;
use std::sync::Barrier;

/// A service on the harness's database whose analyses search 60 playouts a position.
fn service_of(h: &Harness, queue: usize, share: usize) -> Service {
    let mut config = h.config();
    config.ai.playouts = Some(60);
    config.ai.review_queue = queue;
    config.ai.review_share = share;
    Service::with_clock(config, h.clock.clone()).expect("opens")
}

/// `a` (Black) and `b` (White) play a few moves on 4 × 4 in `channel`, then whoever is to
/// move resigns: a finished game. Returns its number.
fn finished_game(h: &Harness, channel: &str, seed: usize) -> GameId {
    let (a, b) = (format!("a{seed}"), format!("b{seed}"));
    h.start_in(channel, &a, &b, 4, None, akron_rules::WinRule::Delayed);
    let game = h.view_in(channel).id;
    for ply in 0..6 {
        let Some(view) = h
            .service
            .channel_game(&common::channel_id(channel))
            .unwrap()
        else {
            return game;
        };
        let moves: Vec<_> = view
            .game
            .legal_moves()
            .into_iter()
            .filter(|m| *m != akron_rules::Move::Swap)
            .collect();
        let mv = moves[(seed * 7 + ply * 3) % moves.len()];
        let who = view.players.get(view.game.turn()).name.clone();
        let reply = h.send_in(channel, &who, Command::Move(mv.to_string()));
        assert!(!reply.ephemeral, "{}", reply.text);
    }
    if let Some(view) = h
        .service
        .channel_game(&common::channel_id(channel))
        .unwrap()
    {
        let who = view.players.get(view.game.turn()).name.clone();
        assert!(!h.send_in(channel, &who, Command::Resign).ephemeral);
    }
    game
}

fn analyze(game: GameId) -> Command {
    Command::Analyze(AnalyzeRequest {
        game: Some(game),
        ..AnalyzeRequest::default()
    })
}

fn ask(service: &Service, who: &str, channel: &str, game: GameId) -> Reply {
    service.handle(&akron_service::service::Request::new(
        common::user(who),
        common::channel_id(channel),
        analyze(game),
    ))
}

/// (analysed games, analysis notices) in the database.
fn stored_and_posted(h: &Harness) -> (i64, i64) {
    h.open_db()
        .unwrap()
        .read(|tx| {
            let stored = tx.query_one(
                "SELECT COUNT(*) FROM analyses WHERE done_at IS NOT NULL AND evals IS NOT NULL",
                params![],
                |r| r.get(0),
            )?;
            let posted = tx.query_one(
                "SELECT COUNT(*) FROM outbox WHERE payload LIKE '%\"analysis\":true%'",
                params![],
                |r| r.get(0),
            )?;
            Ok::<_, akron_service::db::DbError>((stored, posted))
        })
        .unwrap()
}

#[test]
fn a_finished_game_is_analysed_once_and_asking_again_answers_from_the_store() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let game = finished_game(&h, "main", 1);
    let service = service_of(&h, 50, 3);
    let queued = ask(&service, "carol", "main", game);
    assert!(!queued.ephemeral, "{}", queued.text);
    assert!(queued.text.contains("queued"), "{}", queued.text);
    assert!(queued.text.contains("next in line"), "{}", queued.text);
    // Asked again while waiting: still one entry, the same place in line.
    let again = ask(&service, "dave", "main", game);
    assert!(again.text.contains("next in line"), "{}", again.text);
    assert_eq!(analyse_pending(&service).unwrap(), 1);
    assert_eq!(stored_and_posted(&h), (1, 1), "stored and posted once");
    assert_eq!(analyse_pending(&service).unwrap(), 0, "nothing left");
    let answer = ask(&service, "carol", "main", game);
    assert!(!answer.ephemeral, "{}", answer.text);
    assert!(answer.text.contains("Analysis of game"), "{}", answer.text);
    assert!(answer.text.contains("accuracy"), "{}", answer.text);
    assert!(answer
        .image
        .as_ref()
        .is_some_and(|png| &png[1..4] == b"PNG"));
    assert_eq!(stored_and_posted(&h), (1, 1), "answered from the store");
    let stored = service.stored_analysis(game).unwrap().unwrap();
    let plies = service.game_detail(game).unwrap().unwrap().moves.len();
    assert_eq!(stored.moves.len(), plies);
    assert_eq!(stored.white_chances().len(), plies + 1);
    // The record export carries each move's evaluation as a comment, and reads back.
    let export = service.handle(&akron_service::service::Request {
        game: Some(game),
        ..akron_service::service::Request::new(
            common::user("carol"),
            common::channel_id("main"),
            Command::Export,
        )
    });
    let record = String::from_utf8(export.attachment.expect("a record").content).unwrap();
    let comments: Vec<&str> = record.lines().filter(|l| l.starts_with("# ")).collect();
    assert_eq!(comments.len(), plies, "{record}");
    assert!(comments.iter().all(|c| c.contains(" % → ")), "{record}");
    let parsed = akron_service::record::Record::parse(&record).unwrap();
    assert_eq!(parsed.moves.len(), plies);
    // The notice carries the summary and the chart when delivered.
    let notices = service.claim_notices("test", 10, 60).unwrap();
    let notice = notices
        .iter()
        .find(|n| n.reply.text.contains("Analysis of game"))
        .expect("the analysis notice");
    assert!(notice.reply.image.is_some());
    assert!(notice
        .reply
        .alt
        .as_deref()
        .is_some_and(|a| a.contains("Evaluation chart")));
}

#[test]
fn analysis_of_a_running_game_is_refused_and_queues_nothing() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(4, None, akron_rules::WinRule::Delayed);
    let game = h.view().id;
    let service = service_of(&h, 50, 3);
    let reply = ask(&service, "carol", "main", game);
    assert!(reply.refused, "{}", reply.text);
    assert!(reply.text.contains("still being played"), "{}", reply.text);
    assert_eq!(analyse_pending(&service).unwrap(), 0);
    assert_eq!(stored_and_posted(&h), (0, 0));
}

#[test]
fn a_full_analysis_queue_refuses_with_a_clear_message_and_changes_nothing() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let games: Vec<GameId> = (0..4)
        .map(|i| finished_game(&h, &format!("c{i}"), i))
        .collect();
    let service = service_of(&h, 3, 2);
    assert!(!ask(&service, "carol", "c0", games[0]).ephemeral);
    let second = ask(&service, "carol", "c1", games[1]);
    assert!(second.text.contains("1 game ahead"), "{}", second.text);
    // carol's share is used up.
    let share = ask(&service, "carol", "c2", games[2]);
    assert!(share.refused, "{}", share.text);
    assert!(
        share.text.contains("already have 2 analyses"),
        "{}",
        share.text
    );
    assert!(!ask(&service, "dave", "c2", games[2]).ephemeral);
    let full = ask(&service, "erin", "c3", games[3]);
    assert!(full.refused, "{}", full.text);
    assert!(
        full.text.contains("queue is full (3 games waiting)"),
        "{}",
        full.text
    );
    let waiting: i64 = h
        .open_db()
        .unwrap()
        .read(|tx| tx.query_one("SELECT COUNT(*) FROM analyses", params![], |r| r.get(0)))
        .unwrap();
    assert_eq!(waiting, 3, "the refused requests queued nothing");
    assert_eq!(analyse_pending(&service).unwrap(), 3);
    assert!(!ask(&service, "erin", "c3", games[3]).refused, "room again");
}

#[test]
fn two_workers_analyse_twenty_queued_games_each_exactly_once() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let games: Vec<GameId> = (0..20)
        .map(|i| finished_game(&h, &format!("c{i}"), i))
        .collect();
    let asker = service_of(&h, 50, 50);
    for (i, game) in games.iter().enumerate() {
        let reply = ask(&asker, "carol", &format!("c{i}"), *game);
        assert!(!reply.ephemeral, "{}", reply.text);
    }
    let workers: Vec<Service> = (0..2).map(|_| service_of(&h, 50, 50)).collect();
    let barrier = Barrier::new(workers.len());
    // Each worker claims one analysis at a time and records which it stored.
    let done: Vec<Vec<i64>> = std::thread::scope(|scope| {
        let threads: Vec<_> = workers
            .iter()
            .map(|worker| {
                let barrier = &barrier;
                scope.spawn(move || {
                    barrier.wait();
                    let mut mine = Vec::new();
                    while let Some(job) = worker.analysis_jobs(1).unwrap().into_iter().next() {
                        if akron_service::ai_player::run_analysis(worker, &job).unwrap() {
                            mine.push(job.game.0);
                        }
                    }
                    mine
                })
            })
            .collect();
        threads.into_iter().map(|t| t.join().unwrap()).collect()
    });
    let mut all = BTreeSet::new();
    for mine in &done {
        for game in mine {
            assert!(all.insert(*game), "game {game} was analysed twice");
        }
    }
    assert_eq!(all.len(), 20, "every queued game was analysed: {done:?}");
    assert_eq!(
        stored_and_posted(&h),
        (20, 20),
        "each stored and posted once"
    );
    let per_game: Vec<(i64, i64)> = h
        .open_db()
        .unwrap()
        .read(|tx| {
            tx.query(
                "SELECT g.id, (SELECT COUNT(*) FROM outbox o WHERE o.game_id = g.id \
                 AND o.payload LIKE '%\"analysis\":true%') FROM games g ORDER BY g.id",
                params![],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
        })
        .unwrap();
    for (game, notices) in per_game {
        assert_eq!(notices, 1, "game {game}: one analysis notice");
    }
}
