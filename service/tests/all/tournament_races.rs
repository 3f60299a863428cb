//! Regression (issue 26): tournament sign-up racing `tournament start`.
//!
//! `start` read the entrants before its write transaction, so a `leave` landing in between
//! was paired anyway (and every tick failed from then on: "player 4 is not an entrant"), a
//! `join` landing in between got no game and no bye, and a losing second `start` was told
//! "Something went wrong storing the game". Each test runs the race many times, with
//! several threads on one service and with several `akron play` processes on one file, and
//! checks what every player was told against what round 1 holds. Several `akron play`
//! processes on one file run the same race in the bot's `tournament_races` test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_service::service::{
    Command, GameId, Reply, Request, TimeControl, TournamentAction, TournamentFormat,
    TournamentOptions, Verdict,
};
use common::sign_up_race::{entrants_and_round_one, started_count, Told, JOINERS, LEAVERS};
use common::{channel_id, user, Harness};
use std::sync::Barrier;

const DAY: i64 = 86_400;

/// A tournament command in `lobby`; `org` is a moderator.
fn tournament(h: &Harness, who: &str, action: TournamentAction) -> Reply {
    let mut request = Request::new(user(who), channel_id("lobby"), Command::Tournament(action));
    request.is_moderator = who == "org";
    h.service.handle(&request)
}

#[test]
fn leaves_and_joins_during_start_are_paired_exactly_as_told_threads() {
    for run in 0..40 {
        let Some(h) = Harness::on(super::BACKEND) else {
            return;
        };
        let mut options = TournamentOptions::new("T", TournamentFormat::Swiss);
        options.size = Some(4);
        options.time = Some(TimeControl::PerMove(DAY));
        let created = tournament(&h, "org", TournamentAction::Create(options));
        assert!(!created.ephemeral, "{}", created.text);
        let mut told = Told::default();
        for player in ["p0", "p1", "p2", "p3", "p4"] {
            let joined = tournament(&h, player, TournamentAction::Join);
            assert!(!joined.ephemeral, "{}", joined.text);
            told.entered.insert(player.to_string());
        }
        let racers: Vec<(&str, TournamentAction)> = LEAVERS
            .iter()
            .map(|p| (*p, TournamentAction::Leave))
            .chain(JOINERS.iter().map(|p| (*p, TournamentAction::Join)))
            .chain([
                ("org", TournamentAction::Start),
                ("org", TournamentAction::Start),
            ])
            .collect();
        let barrier = Barrier::new(racers.len());
        let replies: Vec<(String, TournamentAction, Reply)> = std::thread::scope(|scope| {
            let handles: Vec<_> = racers
                .iter()
                .map(|(who, action)| {
                    let (h, barrier) = (&h, &barrier);
                    scope.spawn(move || {
                        barrier.wait();
                        (
                            (*who).to_string(),
                            action.clone(),
                            tournament(h, who, action.clone()),
                        )
                    })
                })
                .collect();
            handles.into_iter().map(|t| t.join().unwrap()).collect()
        });
        for (who, action, reply) in replies {
            match (action, reply.ephemeral) {
                (TournamentAction::Leave, false) => {
                    told.left.insert(who);
                }
                (TournamentAction::Join, false) => {
                    told.entered.insert(who);
                }
                (TournamentAction::Start, false) => {
                    told.starts += 1;
                    told.started_with = started_count(&reply.text);
                }
                (TournamentAction::Leave, true) => assert!(
                    reply.text.contains("The tournament has started"),
                    "run {run}: {who} was refused for the wrong reason: {}",
                    reply.text
                ),
                (TournamentAction::Join, true) => assert!(
                    reply.text.contains("has started; sign-up is closed"),
                    "run {run}: {who} was refused for the wrong reason: {}",
                    reply.text
                ),
                (TournamentAction::Start, true) => assert_eq!(
                    reply.text, "The tournament has already started.",
                    "run {run}: the losing start gets the real reason"
                ),
                (other, _) => panic!("{other:?}"),
            }
        }
        let (entrants, paired) = entrants_and_round_one(&h.open_db().unwrap());
        told.check(&entrants, &paired, run);
        // The tournament goes on: the tick settles the round's timeouts, pairs round 2, and
        // the standings can be read.
        for _ in 0..3 {
            h.clock.advance(2 * DAY);
            h.service
                .tick(h.service.now())
                .expect("the tick never fails");
        }
        let standings = tournament(&h, "p0", TournamentAction::Standings);
        assert!(!standings.ephemeral, "run {run}: {}", standings.text);
    }
}

/// The tournament's current round and status, and the highest round paired, from the file.
fn round_state(h: &Harness) -> (u32, String, u32) {
    let db = h.open_db().unwrap();
    let (current, status) = db
        .read(|tx| {
            tx.query_one("SELECT current_round, status FROM tournaments", &[], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
        })
        .unwrap();
    let paired = db
        .read(|tx| {
            tx.query_one("SELECT MAX(round) FROM tournament_pairings", &[], |r| {
                r.get(0)
            })
        })
        .unwrap();
    (current, status, paired)
}

/// Regression (issue 26): `pause`, `resume`, `withdraw` and `cancel` read the tournament
/// before their transaction, so a round that moved on meanwhile could be written back
/// (`pause` saved the old current round). Racing the end of a round, each decides from what
/// its own transaction reads: the round is never rolled back, and nothing fails.
#[test]
fn pause_resume_and_withdraw_racing_the_end_of_a_round_never_roll_it_back() {
    for run in 0..30 {
        let Some(h) = Harness::on(super::BACKEND) else {
            return;
        };
        let mut options = TournamentOptions::new("T", TournamentFormat::Swiss);
        options.size = Some(5);
        options.rounds = Some(3);
        options.time = Some(TimeControl::PerMove(DAY));
        assert!(!tournament(&h, "org", TournamentAction::Create(options)).ephemeral);
        for player in ["p1", "p2", "p3", "p4", "p5"] {
            assert!(!tournament(&h, player, TournamentAction::Join).ephemeral);
        }
        assert!(!tournament(&h, "org", TournamentAction::Start).ephemeral);
        let games: Vec<i64> = h
            .open_db()
            .unwrap()
            .read(|tx| {
                tx.query(
                    "SELECT game_id FROM tournament_pairings WHERE round = 1 AND board > 0",
                    &[],
                    |r| r.get(0),
                )
            })
            .unwrap();
        assert_eq!(games.len(), 2);
        let first = tournament(
            &h,
            "org",
            TournamentAction::Adjudicate(Some(GameId(games[0])), Verdict::Draw),
        );
        assert!(!first.ephemeral, "{}", first.text);
        // The last game of round 1 ends while the organiser pauses and resumes and a player
        // withdraws.
        let racers = [
            TournamentAction::Adjudicate(Some(GameId(games[1])), Verdict::First),
            TournamentAction::Pause,
            TournamentAction::Resume,
            TournamentAction::Withdraw(Some(user("p5"))),
        ];
        let barrier = Barrier::new(racers.len());
        let replies: Vec<Reply> = std::thread::scope(|scope| {
            let handles: Vec<_> = racers
                .iter()
                .map(|action| {
                    let (h, barrier) = (&h, &barrier);
                    scope.spawn(move || {
                        barrier.wait();
                        tournament(h, "org", action.clone())
                    })
                })
                .collect();
            handles.into_iter().map(|t| t.join().unwrap()).collect()
        });
        for reply in &replies {
            assert!(
                !reply.text.contains("Something went wrong")
                    && !reply.text.contains("kept changing"),
                "run {run}: {}",
                reply.text
            );
        }
        let (current, status, paired) = round_state(&h);
        assert_eq!(
            current, paired,
            "run {run}: the round moved on and stayed ({status})"
        );
        assert!(
            status == "paused" || current == 2,
            "run {run}: a running tournament whose round 1 is over pairs round 2 ({status}, {current})"
        );
        if status == "paused" {
            assert!(!tournament(&h, "org", TournamentAction::Resume).ephemeral);
        }
        assert_eq!(round_state(&h).0, 2, "run {run}");
        h.clock.advance(2 * DAY);
        h.service
            .tick(h.service.now())
            .expect("the tick never fails");
        let standings = tournament(&h, "p1", TournamentAction::Standings);
        assert!(!standings.ephemeral, "run {run}: {}", standings.text);
    }
}
