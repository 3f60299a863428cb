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

use akron_service::db::Db;
use akron_service::service::{
    Command, Reply, Request, TimeControl, TournamentAction, TournamentFormat, TournamentOptions,
};
use common::{channel_id, user, Harness};
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Barrier;

const DAY: i64 = 86_400;

/// A tournament command in `lobby`; `org` is a moderator.
fn tournament(h: &Harness, who: &str, action: TournamentAction) -> Reply {
    let mut request = Request::new(user(who), channel_id("lobby"), Command::Tournament(action));
    request.is_moderator = who == "org";
    h.service.handle(&request)
}

/// The user names of a tournament's entrants, and of the players round 1 pairs or gives
/// the bye, read from the database file.
fn entrants_and_round_one(path: &Path) -> (BTreeSet<String>, BTreeSet<String>) {
    let db = Db::open(path).unwrap();
    let names = |sql: &str| -> BTreeSet<String> {
        db.read(|tx| tx.query(sql, &[], |r| r.get::<String>(0)))
            .unwrap()
            .into_iter()
            .collect()
    };
    let entrants = names("SELECT name FROM tournament_entrants");
    let paired = names(
        "SELECT e.name FROM tournament_pairings p JOIN tournament_entrants e \
         ON e.tournament_id = p.tournament_id AND (e.player = p.first OR e.player = p.second) \
         WHERE p.round = 1",
    );
    (entrants, paired)
}

/// What the players were told, whoever's command landed first.
#[derive(Default)]
struct Told {
    /// Told they are in (a join that succeeded, or signed up before the race).
    entered: BTreeSet<String>,
    /// Told they left.
    left: BTreeSet<String>,
    /// The successful start's player count.
    started_with: Option<usize>,
    starts: usize,
}

impl Told {
    /// Checks the outcome of one race against round 1 in the database.
    fn check(&self, entrants: &BTreeSet<String>, paired: &BTreeSet<String>, run: usize) {
        assert_eq!(self.starts, 1, "run {run}: exactly one start wins");
        let still_in: BTreeSet<String> = self.entered.difference(&self.left).cloned().collect();
        assert_eq!(
            &still_in, paired,
            "run {run}: every player told they are in is paired or has the bye, and nobody \
             who left is"
        );
        assert_eq!(entrants, paired, "run {run}: round 1 holds every entrant");
        assert_eq!(
            self.started_with,
            Some(paired.len()),
            "run {run}: the start message counts the players paired"
        );
    }
}

/// The players of the race: p0..p4 sign up first; p2..p4 leave and p5..p7 join while the
/// organiser starts it twice.
const LEAVERS: [&str; 3] = ["p2", "p3", "p4"];
const JOINERS: [&str; 3] = ["p5", "p6", "p7"];

/// The start message's player count: `T starts: 4 players, 3 rounds ...`.
fn started_count(text: &str) -> Option<usize> {
    let rest = &text[text.find("starts: ")? + "starts: ".len()..];
    rest.split_whitespace().next()?.parse().ok()
}

#[test]
fn leaves_and_joins_during_start_are_paired_exactly_as_told_threads() {
    for run in 0..40 {
        let h = Harness::new();
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
        let (entrants, paired) = entrants_and_round_one(&h.db_path());
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
