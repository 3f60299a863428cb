//! Check-in (issue 43): a window before the start in which entrants confirm; at its close
//! (the organiser's `tournament start`, or the tick when its time is up) those who did not
//! are dropped and told so privately, and round 1 is drawn from the others. The clock is
//! the harness's, moved by the test; a confirm racing the start has exactly one outcome.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_service::db::Db;
use akron_service::params;
use akron_service::service::{
    Command, Destination, Notice, Reply, Request, Service, TimeControl, TournamentAction,
    TournamentFormat, TournamentOptions, UserId,
};
use common::{channel_id, user, Harness};
use std::collections::BTreeSet;
use std::sync::Barrier;

const DAY: i64 = 86_400;
const MINUTE: i64 = 60;

fn db(h: &Harness) -> Db {
    h.open_db().unwrap()
}

/// A tournament command in `lobby` to `service`; `org` is a moderator.
fn command(service: &Service, who: &str, action: TournamentAction) -> Reply {
    let mut request = Request::new(user(who), channel_id("lobby"), Command::Tournament(action));
    request.is_moderator = who == "org";
    service.handle(&request)
}

fn tournament(h: &Harness, who: &str, action: TournamentAction) -> Reply {
    command(&h.service, who, action)
}

fn ok(h: &Harness, who: &str, action: TournamentAction) -> Reply {
    let reply = tournament(h, who, action.clone());
    assert!(
        !reply.ephemeral,
        "{who} {action:?} was refused: {}",
        reply.text
    );
    reply
}

fn refused(h: &Harness, who: &str, action: TournamentAction) -> Reply {
    let reply = tournament(h, who, action.clone());
    assert!(
        reply.ephemeral,
        "{who} {action:?} was not refused: {}",
        reply.text
    );
    reply
}

/// A Swiss tournament in sign-up with `players` entrants p1..pN, created with a check-in
/// window of `window` seconds when given.
fn signed_up(h: &Harness, players: u32, window: Option<i64>) {
    let mut options = TournamentOptions::new("Cup", TournamentFormat::Swiss);
    options.size = Some(5);
    options.time = Some(TimeControl::PerMove(DAY));
    options.check_in = window;
    ok(h, "org", TournamentAction::Create(options));
    for player in 1..=players {
        ok(h, &format!("p{player}"), TournamentAction::Join);
    }
}

/// The tournament's status, from the database.
fn status(h: &Harness) -> String {
    db(h)
        .read(|tx| tx.query_one("SELECT status FROM tournaments", params![], |r| r.get(0)))
        .unwrap()
}

/// The entrants' names, from the database.
fn entrants(h: &Harness) -> BTreeSet<String> {
    db(h)
        .read(|tx| {
            tx.query("SELECT name FROM tournament_entrants", params![], |r| {
                r.get(0)
            })
        })
        .unwrap()
        .into_iter()
        .collect()
}

/// Everyone round 1 holds (byes included), by name.
fn round_one(h: &Harness) -> BTreeSet<String> {
    db(h)
        .read(|tx| {
            tx.query(
                "SELECT e.name FROM tournament_pairings p JOIN tournament_entrants e \
                 ON e.tournament_id = p.tournament_id \
                 AND (e.player = p.first OR e.player = p.second) WHERE p.round = 1",
                params![],
                |r| r.get(0),
            )
        })
        .unwrap()
        .into_iter()
        .collect()
}

/// Settles what is due and delivers every notice.
fn deliver(h: &Harness) -> Vec<Notice> {
    h.deliver_checking(|_| {})
}

fn texts(notices: &[Notice]) -> String {
    notices
        .iter()
        .map(|n| format!("{:?}: {}", n.to, n.reply.text))
        .collect::<Vec<_>>()
        .join("\n---\n")
}

/// The direct messages among `notices` to `who`.
fn dms_to<'a>(notices: &'a [Notice], who: &str) -> Vec<&'a Notice> {
    let id = UserId::new("test", who);
    notices
        .iter()
        .filter(|n| n.to == Destination::User(id.clone()))
        .collect()
}

fn names(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(ToString::to_string).collect()
}

#[test]
fn start_with_a_check_in_opens_it_and_the_second_start_drops_who_did_not_confirm() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    signed_up(&h, 4, Some(30 * MINUTE));
    let opened = ok(&h, "org", TournamentAction::Start);
    assert!(
        opened
            .text
            .contains("Check-in for **Cup** is open for 30 min"),
        "{}",
        opened.text
    );
    assert_eq!(status(&h), "signup", "the start waits for the check-in");
    assert!(
        opened
            .buttons
            .iter()
            .any(|b| b.id == "akron:tournament-confirm:1"),
        "the Check in button: {:?}",
        opened.buttons
    );
    for player in ["p1", "p2", "p3"] {
        let confirmed = ok(&h, player, TournamentAction::Confirm);
        assert!(confirmed.text.contains("checked in"), "{}", confirmed.text);
    }
    let started = ok(&h, "org", TournamentAction::Start);
    assert!(started.text.contains("3 players"), "{}", started.text);
    assert!(
        started.text.contains("Dropped for not checking in: p4."),
        "{}",
        started.text
    );
    assert_eq!(status(&h), "running");
    assert_eq!(entrants(&h), names(&["p1", "p2", "p3"]));
    assert_eq!(round_one(&h), names(&["p1", "p2", "p3"]));
    let notices = deliver(&h);
    let told = dms_to(&notices, "p4");
    assert_eq!(told.len(), 1, "p4 is told once, privately");
    assert!(
        told[0]
            .reply
            .text
            .contains("closed without your confirmation"),
        "{}",
        told[0].reply.text
    );
    assert_eq!(told[0].fallback, Some(channel_id("lobby")));
    for player in ["p1", "p2", "p3"] {
        assert!(
            dms_to(&notices, player).is_empty(),
            "{player} was not dropped"
        );
    }
}

#[test]
fn check_in_window_closes_in_the_tick_once_and_starts_with_who_confirmed() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    signed_up(&h, 3, None);
    let opened = ok(&h, "org", TournamentAction::CheckIn);
    assert!(opened.text.contains("open for 30 min"), "{}", opened.text);
    let closes = h.service.now() + 30 * MINUTE;
    assert_eq!(h.service.next_tick().unwrap(), Some(closes));
    ok(&h, "p1", TournamentAction::Confirm);
    ok(&h, "p3", TournamentAction::Confirm);
    h.clock.advance(29 * MINUTE);
    let early = deliver(&h);
    assert!(
        early.is_empty(),
        "nothing before the close: {}",
        texts(&early)
    );
    assert_eq!(status(&h), "signup");
    h.clock.advance(MINUTE);
    // A second process ticking at the same moment closes nothing more.
    let other = h.open_service();
    let notices = deliver(&h);
    other.tick(other.now()).unwrap();
    assert_eq!(status(&h), "running");
    assert_eq!(round_one(&h), names(&["p1", "p3"]));
    let closed: Vec<&Notice> = notices
        .iter()
        .filter(|n| n.to == Destination::Channel(channel_id("lobby")))
        .filter(|n| n.reply.text.contains("The check-in for **Cup** closed"))
        .collect();
    assert_eq!(closed.len(), 1, "announced once: {}", texts(&notices));
    assert!(
        notices[0].reply.text.contains("closed") && notices[1].reply.text.contains("closed"),
        "the close is told before round 1's pairings: {}",
        texts(&notices)
    );
    assert!(
        closed[0]
            .reply
            .text
            .contains("starts with the 2 players who confirmed")
            && closed[0]
                .reply
                .text
                .contains("Dropped for not checking in: p2."),
        "{}",
        closed[0].reply.text
    );
    assert_eq!(dms_to(&notices, "p2").len(), 1);
    assert!(deliver(&h).is_empty(), "nothing more after the close");
    let late = refused(&h, "p2", TournamentAction::Confirm);
    assert_eq!(late.text, "**Cup** has started: the check-in is over.");
}

#[test]
fn confirm_after_the_window_ran_out_before_the_tick_is_refused_as_started() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    signed_up(&h, 3, Some(10 * MINUTE));
    ok(&h, "org", TournamentAction::CheckIn);
    ok(&h, "p1", TournamentAction::Confirm);
    ok(&h, "p2", TournamentAction::Confirm);
    h.clock.advance(10 * MINUTE);
    let late = refused(&h, "p3", TournamentAction::Confirm);
    assert_eq!(late.text, "**Cup** has started: the check-in is over.");
    deliver(&h);
    assert_eq!(round_one(&h), names(&["p1", "p2"]));
}

#[test]
fn confirm_is_refused_when_no_check_in_is_open_for_a_stranger_and_twice() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    signed_up(&h, 2, None);
    let early = refused(&h, "p1", TournamentAction::Confirm);
    assert_eq!(
        early.text,
        "The check-in for **Cup** is not open: there is nothing to confirm yet."
    );
    refused(&h, "p1", TournamentAction::CheckIn);
    ok(&h, "org", TournamentAction::CheckIn);
    let again = refused(&h, "org", TournamentAction::CheckIn);
    assert!(again.text.contains("already open"), "{}", again.text);
    let stranger = refused(&h, "zed", TournamentAction::Confirm);
    assert_eq!(stranger.text, "You are not in this tournament.");
    ok(&h, "p1", TournamentAction::Confirm);
    let twice = refused(&h, "p1", TournamentAction::Confirm);
    assert_eq!(twice.text, "You have already checked in.");
}

#[test]
fn joining_while_the_check_in_is_open_counts_as_checking_in() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    signed_up(&h, 2, None);
    ok(&h, "org", TournamentAction::CheckIn);
    ok(&h, "p1", TournamentAction::Confirm);
    ok(&h, "late", TournamentAction::Join);
    let twice = refused(&h, "late", TournamentAction::Confirm);
    assert_eq!(twice.text, "You have already checked in.");
    ok(&h, "org", TournamentAction::Start);
    assert_eq!(round_one(&h), names(&["late", "p1"]));
}

#[test]
fn start_with_fewer_than_two_checked_in_is_refused_and_changes_nothing() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    signed_up(&h, 3, None);
    ok(&h, "org", TournamentAction::CheckIn);
    ok(&h, "p1", TournamentAction::Confirm);
    let refusal = refused(&h, "org", TournamentAction::Start);
    assert!(
        refusal
            .text
            .starts_with("Only one entrant has checked in to **Cup**"),
        "{}",
        refusal.text
    );
    assert_eq!(status(&h), "signup");
    assert_eq!(entrants(&h), names(&["p1", "p2", "p3"]));
    assert!(deliver(&h).is_empty(), "nobody is told they were dropped");
    // The window is still open: another confirmation, and the start goes ahead.
    ok(&h, "p2", TournamentAction::Confirm);
    ok(&h, "org", TournamentAction::Start);
    assert_eq!(round_one(&h), names(&["p1", "p2"]));
}

#[test]
fn check_in_closing_with_fewer_than_two_confirmed_cancels_the_tournament() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    signed_up(&h, 3, Some(10 * MINUTE));
    ok(&h, "org", TournamentAction::Start);
    ok(&h, "p2", TournamentAction::Confirm);
    h.clock.advance(10 * MINUTE);
    let notices = deliver(&h);
    assert_eq!(status(&h), "cancelled");
    let said: Vec<&String> = notices.iter().map(|n| &n.reply.text).collect();
    assert!(
        said.iter().any(|t| t.contains(
            "The check-in for **Cup** closed with one player confirmed, too few for it to \
             start: the tournament is cancelled."
        )),
        "{said:?}"
    );
    assert_eq!(dms_to(&notices, "p1").len(), 1);
    assert_eq!(dms_to(&notices, "p3").len(), 1);
    assert!(dms_to(&notices, "p2").is_empty());
}

/// What `racer` was told against what round 1 holds: counted exactly when it is in the
/// draw, else refused because the tournament has started.
fn race_once(h: &Harness, confirming: &Service, starting: &Service, run: usize) {
    signed_up(h, 3, None);
    ok(h, "org", TournamentAction::CheckIn);
    ok(h, "p1", TournamentAction::Confirm);
    ok(h, "p2", TournamentAction::Confirm);
    let barrier = Barrier::new(2);
    let (confirm, start) = std::thread::scope(|scope| {
        let confirm = scope.spawn(|| {
            barrier.wait();
            command(confirming, "p3", TournamentAction::Confirm)
        });
        let start = scope.spawn(|| {
            barrier.wait();
            command(starting, "org", TournamentAction::Start)
        });
        (confirm.join().unwrap(), start.join().unwrap())
    });
    assert!(!start.ephemeral, "run {run}: {}", start.text);
    let drawn = round_one(h);
    eprintln!(
        "RACE-OUTCOME {}",
        if confirm.ephemeral {
            "refused"
        } else {
            "counted"
        }
    );
    if confirm.ephemeral {
        assert_eq!(
            confirm.text, "**Cup** has started: the check-in is over.",
            "run {run}: refused for the real reason"
        );
        assert_eq!(
            drawn,
            names(&["p1", "p2"]),
            "run {run}: refused, so not drawn"
        );
        assert!(
            start.text.contains("Dropped for not checking in: p3."),
            "{}",
            start.text
        );
    } else {
        assert!(
            confirm.text.contains("checked in"),
            "run {run}: {}",
            confirm.text
        );
        assert_eq!(
            drawn,
            names(&["p1", "p2", "p3"]),
            "run {run}: counted, so drawn"
        );
        assert!(!start.text.contains("Dropped"), "{}", start.text);
    }
}

#[test]
fn check_in_racing_the_start_is_drawn_exactly_when_it_counted_threads() {
    for run in 0..25 {
        let Some(h) = Harness::on(super::BACKEND) else {
            return;
        };
        race_once(&h, &h.service, &h.service, run);
    }
}

/// The same race between two services on one database, each with its own pool, as two
/// processes would run it.
#[test]
fn check_in_racing_the_start_is_drawn_exactly_when_it_counted_two_pools() {
    for run in 0..25 {
        let Some(h) = Harness::on(super::BACKEND) else {
            return;
        };
        let other = h.open_service();
        race_once(&h, &h.service, &other, run);
    }
}

#[test]
fn a_knockouts_bracket_is_drawn_from_those_who_checked_in() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("Cup", TournamentFormat::SingleElimination);
    options.size = Some(5);
    options.time = Some(TimeControl::PerMove(DAY));
    options.check_in = Some(10 * MINUTE);
    options.deadline = Some(3 * DAY);
    options.analysis = Some(true);
    // The sign-up message says what an entrant must do and can expect, and keeps saying it
    // when a join edits it.
    let said = "Check-in: when the organiser opens it, entrants have 10 min to confirm, and \
                whoever has not is dropped at the start. Each round has a deadline of 3 d: \
                then an undecided match goes to the player ahead, or when level to the higher \
                seed. Each finished game is analysed in its thread.\nEntrants";
    let created = ok(&h, "org", TournamentAction::Create(options));
    assert!(created.text.contains(said), "{}", created.text);
    for player in ["p1", "p2", "p3", "p4", "p5"] {
        let joined = ok(&h, player, TournamentAction::Join);
        assert!(joined.text.contains(said), "{}", joined.text);
    }
    ok(&h, "org", TournamentAction::Start);
    for player in ["p1", "p2", "p3", "p4"] {
        ok(&h, player, TournamentAction::Confirm);
    }
    h.clock.advance(10 * MINUTE);
    deliver(&h);
    assert_eq!(status(&h), "running");
    // Four who confirmed: two matches and no bye (five would have needed three byes).
    let (matches, byes): (i64, i64) = db(&h)
        .read(|tx| {
            tx.query_one(
                "SELECT COUNT(second), COUNT(*) - COUNT(second) FROM tournament_pairings \
                 WHERE round = 1",
                params![],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
        })
        .unwrap();
    assert_eq!((matches, byes), (2, 0));
    assert_eq!(round_one(&h), names(&["p1", "p2", "p3", "p4"]));
    let seeded: i64 = db(&h)
        .read(|tx| {
            tx.query_one(
                "SELECT COUNT(*) FROM tournament_entrants WHERE seed IS NOT NULL",
                params![],
                |r| r.get(0),
            )
        })
        .unwrap();
    assert_eq!(seeded, 4, "only those who confirmed are seeded");
}
