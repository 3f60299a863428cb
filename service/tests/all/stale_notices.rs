//! Regression (issue 26, point 3): notices that outlived their game. After downtime longer
//! than a round's clock, the tick settled the timeouts first and then delivered the round's
//! old announcements ("the clock (1 d per move) runs from now" for a game already lost on
//! time), followed by "Game #39 is not being played" when the thread was asked for; a
//! reminder came for a move already made. A notice is now checked against its game when it
//! is delivered, and a second delivery loop on the same file does not get a claimed one.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_service::service::{
    Challenge, ColourChoice, Command, Destination, Request, TimeControl, TournamentAction,
    TournamentFormat, TournamentOptions,
};
use common::{channel_id, mv, user, Harness};

const DAY: i64 = 86_400;

fn tournament(h: &Harness, who: &str, action: TournamentAction) {
    let mut request = Request::new(user(who), channel_id("lobby"), Command::Tournament(action));
    request.is_moderator = who == "org";
    let reply = h.service.handle(&request);
    assert!(!reply.ephemeral, "{who}: {}", reply.text);
}

#[test]
fn a_round_announced_after_its_games_ended_says_so_and_asks_for_no_thread() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("Night Cup", TournamentFormat::Swiss);
    options.size = Some(5);
    options.rounds = Some(1);
    options.time = Some(TimeControl::PerMove(DAY));
    tournament(&h, "org", TournamentAction::Create(options));
    for player in ["p1", "p2", "p3", "p4"] {
        tournament(&h, player, TournamentAction::Join);
    }
    tournament(&h, "org", TournamentAction::Start);
    // Down for two days before anything was delivered: round 1's games timed out.
    h.clock.advance(2 * DAY);
    h.service.tick(h.service.now()).unwrap();
    let notices = h.service.due_notices("test", 100).unwrap();
    let announced: Vec<_> = notices
        .iter()
        .filter(|n| n.reply.text.contains("round 1, board"))
        .collect();
    assert_eq!(announced.len(), 2, "{notices:#?}");
    for notice in &announced {
        assert!(
            notice
                .reply
                .text
                .contains("ended before it could be announced")
                && notice.reply.text.contains("won on time"),
            "{}",
            notice.reply.text
        );
        assert!(
            !notice.reply.text.contains("running"),
            "{}",
            notice.reply.text
        );
        assert_eq!(notice.thread, None, "no thread for a game that is over");
    }
    // The results go to the tournament's channel, not to the games' placeholder channels.
    for notice in &notices {
        assert_eq!(
            notice.to,
            Destination::Channel(channel_id("lobby")),
            "{}",
            notice.reply.text
        );
    }
}

#[test]
fn a_reminder_for_a_game_that_moved_on_is_dropped() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut challenge = Challenge::new(user("bob"));
    challenge.size = Some(5);
    challenge.colour = Some(ColourChoice::Black);
    challenge.time = Some(TimeControl::PerMove(2 * DAY));
    h.ok("alice", Command::Challenge(challenge));
    h.ok("bob", Command::Accept);
    h.play(mv("C3"));
    // Half of bob's time: the reminder is written, but not delivered before bob moves.
    h.clock.advance(DAY + 60);
    h.service.tick(h.service.now()).unwrap();
    assert_eq!(
        h.service.pending_notices().unwrap(),
        1,
        "the reminder waits"
    );
    h.play(mv("B2"));
    let notices = h.service.due_notices("test", 100).unwrap();
    assert!(
        notices
            .iter()
            .all(|n| !n.reply.text.contains("it is your move")),
        "{:#?}",
        notices.iter().map(|n| &n.reply.text).collect::<Vec<_>>()
    );
    assert_eq!(h.service.pending_notices().unwrap(), 0, "dropped, not kept");
}

#[test]
fn a_claimed_notice_is_not_handed_to_a_second_loop_until_its_lease_runs_out() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut challenge = Challenge::new(user("bob"));
    challenge.size = Some(5);
    h.ok("alice", Command::Challenge(challenge));
    h.clock.advance(DAY);
    h.service.tick(h.service.now()).unwrap();
    let first = h.service.claim_notices("test", 10, 60).unwrap();
    assert_eq!(first.len(), 1, "the expiry");
    assert!(h.service.claim_notices("test", 10, 60).unwrap().is_empty());
    // The first loop died without marking it: after the lease it is due again.
    h.clock.advance(61);
    let again = h.service.claim_notices("test", 10, 60).unwrap();
    assert_eq!(again.len(), 1);
    assert!(h.service.notice_delivered(again[0].id).unwrap());
    h.clock.advance(61);
    assert!(h.service.claim_notices("test", 10, 60).unwrap().is_empty());
}

/// Regression (issue 26): one game that cannot be settled (damaged in storage) failed every
/// tick, for everyone. It is set aside (logged, its deadline moved on, its clocks untouched)
/// and the others are settled.
#[test]
fn a_damaged_game_does_not_stop_the_tick() {
    let Some(mut h) = Harness::on(super::BACKEND) else {
        return;
    };
    for (channel, black, white) in [("one", "alice", "bob"), ("two", "carol", "dave")] {
        let mut challenge = Challenge::new(user(white));
        challenge.size = Some(5);
        challenge.colour = Some(ColourChoice::Black);
        challenge.time = Some(TimeControl::PerMove(DAY));
        assert!(
            !h.send_in(channel, black, Command::Challenge(challenge))
                .ephemeral
        );
        assert!(!h.send_in(channel, white, Command::Accept).ephemeral);
        assert!(
            !h.send_in(channel, black, Command::Move("C3".into()))
                .ephemeral
        );
    }
    h.open_db()
        .and_then(|db| {
            db.write(|tx| {
                tx.execute(
                    "UPDATE moves SET code = '5:b:11,11:5/5/5/5/5' WHERE game_id = 1",
                    &[],
                )
            })
        })
        .expect("damages game 1");
    h.reopen();
    h.clock.advance(DAY + 1);
    let tick = h.service.tick(h.service.now()).expect("the tick goes on");
    assert_eq!(tick.settled, 1, "game 2 timed out");
    let texts: Vec<String> = h
        .service
        .due_notices("test", 10)
        .unwrap()
        .into_iter()
        .map(|n| n.reply.text)
        .collect();
    assert!(
        texts.iter().any(|t| t.contains("dave ran out of time")),
        "{texts:#?}"
    );
    // Game 1 is set aside for ten minutes, so the scheduler does not spin on it.
    assert_eq!(tick.next_deadline, Some(h.service.now() + 600));
    assert_eq!(h.service.tick(h.service.now()).unwrap().settled, 0);
}
