//! The outbound path: `tick` settles what is due and writes notices to the outbox in the same
//! transaction; notices are fetched, delivered once, retried with backoff and given up.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_rules::WinRule;
use akron_service::service::{
    Challenge, ColourChoice, Command, Destination, GameId, Request, Status, MAX_TEXT,
};
use common::{user, Harness};

fn challenge(h: &Harness, channel: &str, from: &str, to: &str) {
    let reply = h.send_in(
        channel,
        from,
        Command::Challenge(Challenge {
            opponent: user(to),
            size: Some(5),
            pieces: None,
            rule: None,
            colour: Some(ColourChoice::Black),
            time: None,
            thread: None,
            rated: None,
            rating: Default::default(),
        }),
    );
    assert!(!reply.ephemeral, "{}", reply.text);
}

#[test]
fn tick_expires_a_challenge_once_and_tells_its_channel_once() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    challenge(&h, "main", "alice", "bob");
    challenge(&h, "side", "carol", "dave");
    let tick = h.service.tick(h.service.now()).unwrap();
    assert_eq!(tick.settled, 0);
    assert_eq!(tick.next_deadline, Some(common::T0 + 24 * 3600));
    assert!(h.service.due_notices("test", 10).unwrap().is_empty());

    h.clock.advance(24 * 3600);
    let tick = h.service.tick(h.service.now()).unwrap();
    assert_eq!(tick.settled, 2);
    assert_eq!(tick.next_deadline, None);
    // Settled once: a second tick finds nothing.
    assert_eq!(h.service.tick(h.service.now()).unwrap().settled, 0);
    let notices = h.service.due_notices("test", 10).unwrap();
    assert_eq!(notices.len(), 2, "{notices:?}");
    let main = &notices[0];
    assert_eq!(
        main.to,
        Destination::Channel(common::channel_id("main")),
        "the notice goes to the challenge's channel"
    );
    assert!(main.reply.text.contains("expired"), "{}", main.reply.text);
    assert!(main.reply.text.contains("bob"), "{}", main.reply.text);
    assert_eq!(
        main.reply.mentions,
        vec![user("alice")],
        "the challenger is told"
    );
    assert!(!main.reply.ephemeral);
    // Delivered once, then gone.
    for notice in &notices {
        assert!(h.service.notice_delivered(notice.id).unwrap());
        assert!(!h.service.notice_delivered(notice.id).unwrap(), "only once");
    }
    assert!(h.service.due_notices("test", 10).unwrap().is_empty());
    assert_eq!(h.service.pending_notices().unwrap(), 0);
    // Other platforms never see them.
    assert!(h.service.due_notices("discord", 10).unwrap().is_empty());
}

/// Reads never write (issue 27): a command that finds a challenge past its time says so and
/// changes nothing; the scheduler's tick ends it and announces it.
#[test]
fn a_challenge_found_expired_by_a_command_is_refused_until_the_tick_ends_it() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    challenge(&h, "main", "alice", "bob");
    h.clock.advance(24 * 3600 + 5);
    // No tick ran; bob's accept finds the challenge past its time.
    let reply = h.refused("bob", Command::Accept);
    assert!(
        reply.text.contains("expired") && reply.text.contains("in a moment"),
        "{}",
        reply.text
    );
    assert!(h.service.due_notices("test", 10).unwrap().is_empty());
    let refused = h.refused("alice", Command::Challenge(Challenge::new(user("bob"))));
    assert!(refused.text.contains("expired"), "{}", refused.text);
    h.service.tick(h.service.now()).unwrap();
    let notices = h.service.due_notices("test", 10).unwrap();
    assert_eq!(notices.len(), 1);
    assert!(notices[0].reply.text.contains("expired"));
    // And the channel is free again.
    challenge(&h, "main", "alice", "bob");
}

#[test]
fn failed_deliveries_back_off_and_give_up_after_a_bounded_number_of_tries() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    challenge(&h, "main", "alice", "bob");
    h.clock.advance(24 * 3600);
    h.service.tick(h.service.now()).unwrap();
    let id = h.service.due_notices("test", 10).unwrap()[0].id;
    let mut tries = 1;
    loop {
        let retry = h
            .service
            .notice_failed(id, "503 from the platform", false)
            .unwrap();
        let Some(at) = retry else { break };
        assert!(at > h.service.now(), "a retry waits");
        // Not due before its time.
        assert!(h.service.due_notices("test", 10).unwrap().is_empty());
        assert_eq!(h.service.next_notice_due("test").unwrap(), Some(at));
        h.clock.advance(at - h.service.now());
        let again = h.service.due_notices("test", 10).unwrap();
        assert_eq!(again.len(), 1);
        assert_eq!(again[0].attempts, tries);
        tries += 1;
        assert!(tries < 20, "gives up eventually");
    }
    assert_eq!(tries, akron_service::service::MAX_NOTICE_ATTEMPTS);
    h.clock.advance(100 * 24 * 3600);
    assert!(h.service.due_notices("test", 10).unwrap().is_empty());
    assert_eq!(h.service.pending_notices().unwrap(), 0);
}

#[test]
fn a_permanent_failure_gives_up_at_once() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    challenge(&h, "main", "alice", "bob");
    h.clock.advance(24 * 3600);
    h.service.tick(h.service.now()).unwrap();
    let id = h.service.due_notices("test", 10).unwrap()[0].id;
    assert_eq!(
        h.service
            .notice_failed(id, "403 Missing Access", true)
            .unwrap(),
        None
    );
    assert_eq!(h.service.pending_notices().unwrap(), 0);
}

#[test]
fn notices_survive_a_restart_until_delivered() {
    let Some(mut h) = Harness::on(super::BACKEND) else {
        return;
    };
    challenge(&h, "main", "alice", "bob");
    h.clock.advance(24 * 3600);
    h.service.tick(h.service.now()).unwrap();
    h.reopen();
    let notices = h.service.due_notices("test", 10).unwrap();
    assert_eq!(notices.len(), 1);
    h.service.notice_delivered(notices[0].id).unwrap();
    h.reopen();
    assert!(h.service.due_notices("test", 10).unwrap().is_empty());
    assert_eq!(h.service.tick(h.service.now()).unwrap().settled, 0);
}

#[test]
fn every_ending_goes_through_one_transition_and_leaves_no_deadline_or_offer() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    // Resignation.
    h.start(5, None, WinRule::Delayed);
    h.play(common::mv("C3"));
    h.ok("bob", Command::Draw(akron_service::service::Offer::Offer));
    h.ok("bob", Command::Resign);
    assert_eq!(
        h.service
            .channel_game(&common::channel_id("main"))
            .unwrap()
            .map(|v| v.status),
        None
    );
    let reply = h.ok("alice", Command::Board(None));
    assert!(reply.text.contains("won by resignation"), "{}", reply.text);
    // Declined and cancelled challenges free the channel and send no notice (the reply
    // says it).
    challenge(&h, "main", "alice", "bob");
    h.ok("bob", Command::Decline);
    challenge(&h, "main", "alice", "bob");
    h.ok("alice", Command::Cancel);
    assert!(h.service.due_notices("test", 10).unwrap().is_empty());
    assert_eq!(h.service.tick(h.service.now()).unwrap().next_deadline, None);
}

#[test]
fn names_full_of_markdown_are_shown_literally_and_ping_nobody() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let evil = akron_service::service::User::new(
        akron_service::service::UserId::new("test", "evil"),
        "**@everyone** `x`",
    );
    let reply = h.service.handle(&Request::new(
        evil,
        common::channel_id("main"),
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
    ));
    assert!(!reply.ephemeral, "{}", reply.text);
    assert!(
        reply.text.contains("\\*\\*@\u{200b}everyone\\*\\* \\`x\\`"),
        "{}",
        reply.text
    );
    assert!(!reply.text.contains("@everyone"));
    assert!(reply.text.chars().count() <= MAX_TEXT);
}

#[test]
fn a_command_aimed_at_a_game_that_does_not_exist_says_so() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(5, None, WinRule::Delayed);
    let mut request = Request::new(
        user("alice"),
        common::channel_id("main"),
        Command::Move("A1".into()),
    );
    request.game = Some(GameId(999));
    let reply = h.service.handle(&request);
    assert!(reply.ephemeral);
    assert!(reply.text.contains("no game #999"), "{}", reply.text);
    assert_eq!(h.view().status, Status::Active);
}
