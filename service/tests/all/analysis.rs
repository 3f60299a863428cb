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

/// A tournament command in `lobby` (`org` is a moderator).
fn tournament(h: &Harness, who: &str, action: akron_service::service::TournamentAction) -> Reply {
    let mut request = akron_service::service::Request::new(
        common::user(who),
        common::channel_id("lobby"),
        Command::Tournament(action),
    );
    request.is_moderator = who == "org";
    h.service.handle(&request)
}

/// A two-player Swiss on 4 × 4 (`analysis` as given) started and its thread opened; p1 and
/// p2 have each moved once. Returns the game and its channel's name.
fn tournament_game(h: &Harness, analysis: Option<bool>) -> (GameId, String) {
    use akron_service::service::{TournamentAction, TournamentFormat, TournamentOptions};
    let mut options = TournamentOptions::new("Cup", TournamentFormat::Swiss);
    options.size = Some(4);
    options.analysis = analysis;
    let created = tournament(h, "org", TournamentAction::Create(options));
    assert!(!created.ephemeral, "{}", created.text);
    for who in ["p1", "p2"] {
        assert!(!tournament(h, who, TournamentAction::Join).ephemeral);
    }
    let started = tournament(h, "org", TournamentAction::Start);
    assert!(!started.ephemeral, "{}", started.text);
    h.deliver_checking(|_| {});
    let (game, first, second): (i64, i64, i64) = h
        .open_db()
        .unwrap()
        .read(|tx| {
            tx.query_one(
                "SELECT game_id, first, second FROM tournament_pairings WHERE round = 1",
                params![],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
        })
        .unwrap();
    let channel = format!("game-{game}");
    for (who, mv) in [(first, "C3"), (second, "B2")] {
        let reply = h.send_in(&channel, &format!("p{who}"), Command::Move(mv.into()));
        assert!(!reply.ephemeral, "{}", reply.text);
    }
    (GameId(game), channel)
}

/// The analysis rows of `game`: (lane, done).
fn rows_of(h: &Harness, game: GameId) -> Vec<(i64, bool)> {
    h.open_db()
        .unwrap()
        .read(|tx| {
            tx.query(
                "SELECT lane, done_at IS NOT NULL FROM analyses WHERE game_id = ?1",
                params![game.0],
                |r| Ok((r.get(0)?, r.get::<bool>(1)?)),
            )
        })
        .unwrap()
}

#[test]
fn a_tournament_game_with_analysis_on_is_queued_once_when_it_ends_and_posted_in_its_thread() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let (game, channel) = tournament_game(&h, Some(true));
    assert!(
        rows_of(&h, game).is_empty(),
        "a running game is never queued"
    );
    let who = to_move(&h, &channel);
    assert!(!h.send_in(&channel, &who, Command::Resign).ephemeral);
    assert_eq!(
        rows_of(&h, game),
        vec![(1, false)],
        "queued once, in the tournament lane"
    );
    // Two workers race for it: it is analysed and posted once, in the game's thread.
    let workers: Vec<Service> = (0..2).map(|_| service_of(&h, 50, 3)).collect();
    let barrier = Barrier::new(workers.len());
    let runs: usize = std::thread::scope(|scope| {
        let threads: Vec<_> = workers
            .iter()
            .map(|worker| {
                let barrier = &barrier;
                scope.spawn(move || {
                    barrier.wait();
                    let mut stored = 0;
                    for job in worker.analysis_jobs(5).unwrap() {
                        if akron_service::ai_player::run_analysis(worker, &job).unwrap() {
                            stored += 1;
                        }
                    }
                    stored
                })
            })
            .collect();
        threads.into_iter().map(|t| t.join().unwrap()).sum()
    });
    assert_eq!(runs, 1, "stored by one worker");
    assert_eq!(rows_of(&h, game), vec![(1, true)]);
    let targets: Vec<String> = h
        .open_db()
        .unwrap()
        .read(|tx| {
            tx.query(
                "SELECT target FROM outbox WHERE payload LIKE '%\"analysis\":true%'",
                params![],
                |r| r.get(0),
            )
        })
        .unwrap();
    assert_eq!(
        targets,
        vec![common::channel_id(&channel).0],
        "posted once, in the thread"
    );
}

#[test]
fn a_tournament_without_analysis_queues_nothing_when_its_game_ends() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let (game, channel) = tournament_game(&h, None);
    let who = to_move(&h, &channel);
    assert!(!h.send_in(&channel, &who, Command::Resign).ephemeral);
    assert!(rows_of(&h, game).is_empty());
}

#[test]
fn a_full_queue_keeps_a_tournaments_analyses_waiting_behind_players_requests() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let casual = finished_game(&h, "c0", 1);
    let other = finished_game(&h, "c1", 2);
    let service = service_of(&h, 1, 1);
    assert!(!ask(&service, "carol", "c0", casual).ephemeral);
    // The players' lane is full; a tournament game ending now is queued all the same.
    let (game, channel) = tournament_game(&h, Some(true));
    let who = to_move(&h, &channel);
    assert!(!h.send_in(&channel, &who, Command::Resign).ephemeral);
    assert_eq!(rows_of(&h, game), vec![(1, false)]);
    // It takes no player's place: the bound still counts players' requests alone.
    let full = ask(&service, "dave", "c1", other);
    assert!(full.refused, "{}", full.text);
    assert!(
        full.text.contains("queue is full (1 game waiting)"),
        "{}",
        full.text
    );
    // Players' requests are claimed first, the tournament's after them.
    let first: Vec<GameId> = service
        .analysis_jobs(1)
        .unwrap()
        .iter()
        .map(|j| j.game)
        .collect();
    assert_eq!(first, vec![casual]);
    assert_eq!(analyse_pending(&service).unwrap(), 2);
    assert_eq!(rows_of(&h, game), vec![(1, true)]);
}

/// The game of `round` in the harness's only tournament, its thread opened.
fn round_game(h: &Harness, round: u32) -> (GameId, String) {
    h.deliver_checking(|_| {});
    let game: i64 = h
        .open_db()
        .unwrap()
        .read(|tx| {
            tx.query_one(
                "SELECT game_id FROM tournament_pairings WHERE round = ?1 AND game_id IS NOT NULL",
                params![round],
                |r| r.get(0),
            )
        })
        .unwrap();
    (GameId(game), format!("game-{game}"))
}

/// The name of the player to move in `channel`'s game.
fn to_move(h: &Harness, channel: &str) -> String {
    let view = h
        .service
        .channel_game(&common::channel_id(channel))
        .unwrap()
        .unwrap();
    view.players.get(view.game.turn()).name.clone()
}

/// Two moves, then whoever is to move in `channel` resigns.
fn play_and_resign(h: &Harness, channel: &str) {
    for mv in ["C3", "B2"] {
        let reply = h.send_in(channel, &to_move(h, channel), Command::Move(mv.into()));
        assert!(!reply.ephemeral, "{}", reply.text);
    }
    assert!(
        !h.send_in(channel, &to_move(h, channel), Command::Resign)
            .ephemeral
    );
}

#[test]
fn analysis_turned_on_after_creation_queues_the_games_already_over_and_those_that_end_later() {
    use akron_service::service::{TournamentAction, TournamentFormat, TournamentOptions};
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("Cup", TournamentFormat::RoundRobin);
    options.size = Some(4);
    assert!(!tournament(&h, "org", TournamentAction::Create(options)).ephemeral);
    for who in ["p1", "p2", "p3"] {
        assert!(!tournament(&h, who, TournamentAction::Join).ephemeral);
    }
    // During sign-up the answer is the sign-up message, whose sentence follows the setting.
    let sentence = "Each finished game is analysed in its thread.";
    let on = tournament(&h, "org", TournamentAction::Analysis(true));
    assert!(!on.ephemeral && on.text.contains(sentence), "{}", on.text);
    let off = tournament(&h, "org", TournamentAction::Analysis(false));
    assert!(
        !off.ephemeral && !off.text.contains(sentence),
        "{}",
        off.text
    );
    assert!(!tournament(&h, "org", TournamentAction::Start).ephemeral);

    // Three players, three rounds of one game and a bye. Round 1 ends with analysis off.
    let (first, channel) = round_game(&h, 1);
    let player = tournament(&h, "p1", TournamentAction::Analysis(true));
    assert!(player.refused, "only the organiser: {}", player.text);
    play_and_resign(&h, &channel);
    assert!(rows_of(&h, first).is_empty(), "analysis was off");

    // Turned on: the game already over is queued, once, in the tournament lane.
    let (second, channel) = round_game(&h, 2);
    let on = tournament(&h, "org", TournamentAction::Analysis(true));
    assert!(!on.ephemeral, "{}", on.text);
    assert_eq!(
        on.text,
        "Analysis is on for **Cup**: each game that ends from now on is analysed, and its \
         summary with the evaluation chart is posted in the game's thread. The game already \
         over is queued too."
    );
    assert_eq!(rows_of(&h, first), vec![(1, false)]);
    let again = tournament(&h, "org", TournamentAction::Analysis(true));
    assert!(again.refused, "{}", again.text);
    assert_eq!(again.text, "Analysis is already on for **Cup**.");
    // A game ending now is queued as at creation.
    play_and_resign(&h, &channel);
    assert_eq!(rows_of(&h, second), vec![(1, false)]);

    // Turned off: the next game is not queued; what was queued stays.
    let (third, channel) = round_game(&h, 3);
    let off = tournament(&h, "org", TournamentAction::Analysis(false));
    assert_eq!(
        off.text,
        "Analysis is off for **Cup**: games that end from now on are not analysed. Analyses \
         already queued still run."
    );
    play_and_resign(&h, &channel);
    assert!(rows_of(&h, third).is_empty(), "analysis was off");
    assert_eq!(rows_of(&h, first), vec![(1, false)]);

    // Over: nothing more to turn on.
    let over = tournament(&h, "org", TournamentAction::Analysis(true));
    assert!(over.refused, "{}", over.text);
    assert_eq!(over.text, "The tournament is already over.");
    assert!(rows_of(&h, third).is_empty());
}

#[test]
fn a_cancelled_tournaments_aborted_game_is_not_analysed() {
    use akron_service::service::TournamentAction;
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let (game, _) = tournament_game(&h, Some(true));
    assert!(!tournament(&h, "org", TournamentAction::Cancel).ephemeral);
    assert!(
        rows_of(&h, game).is_empty(),
        "an aborted game has no result to learn from"
    );
}

#[test]
fn a_side_with_no_moves_gets_no_accuracy_of_100_percent() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start_in("main", "a1", "b1", 4, None, akron_rules::WinRule::Delayed);
    let view = h.view_in("main");
    let game = view.id;
    let first = view
        .game
        .legal_moves()
        .into_iter()
        .find(|m| *m != akron_rules::Move::Swap)
        .unwrap();
    let black = view.players.get(akron_rules::Color::Black).name.clone();
    let white = view.players.get(akron_rules::Color::White).name.clone();
    assert!(
        !h.send_in("main", &black, Command::Move(first.to_string()))
            .ephemeral
    );
    // White resigns without a move of their own.
    assert!(!h.send_in("main", &white, Command::Resign).ephemeral);
    let service = service_of(&h, 50, 3);
    ask(&service, "carol", "main", game);
    assert_eq!(analyse_pending(&service).unwrap(), 1);
    let answer = ask(&service, "carol", "main", game);
    assert!(
        answer.text.contains(&format!("White ({white}): no moves."))
            && answer.text.contains(&format!("Black ({black}): accuracy"))
            && !answer.text.contains(&format!("White ({white}): accuracy")),
        "{}",
        answer.text
    );
}
