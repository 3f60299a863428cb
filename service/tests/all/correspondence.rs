//! Correspondence play with the injected clock: reminders, timeouts, Fischer clocks, claims,
//! settings, threads, and a restart across deadlines.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_service::service::{
    Challenge, ChannelId, ColourChoice, Command, Destination, Notice, Request, ServerId, Setting,
    Status, TimeControl,
};
use common::{mv, user, Harness};

const DAY: i64 = 86_400;

/// alice (Black) challenges bob with a clock; bob accepts.
fn start(h: &Harness, time: TimeControl) {
    let mut challenge = Challenge::new(user("bob"));
    challenge.size = Some(5);
    challenge.colour = Some(ColourChoice::Black);
    challenge.time = Some(time);
    let reply = h.ok("alice", Command::Challenge(challenge));
    assert!(reply.text.contains(&time.to_string()), "{}", reply.text);
    let accepted = h.ok("bob", Command::Accept);
    assert!(accepted.text.contains("⏱"), "{}", accepted.text);
}

/// Ticks at the clock's time and returns the notices for the test platform, marked delivered.
fn tick(h: &Harness) -> Vec<Notice> {
    h.service.tick(h.service.now()).unwrap();
    let notices = h.service.due_notices("test", 100).unwrap();
    for notice in &notices {
        h.service.notice_delivered(notice.id).unwrap();
    }
    notices
}

#[test]
fn a_correspondence_move_is_reminded_at_half_time_and_an_hour_before_exactly_once_each() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    start(&h, TimeControl::PerMove(2 * DAY));
    assert!(tick(&h).is_empty());
    h.clock.advance(DAY - 1);
    assert!(tick(&h).is_empty(), "not before half time");
    h.clock.advance(1);
    let first = tick(&h);
    assert_eq!(first.len(), 1, "{first:?}");
    assert_eq!(
        first[0].to,
        Destination::User(user("alice").id),
        "a DM by default"
    );
    assert_eq!(first[0].fallback, Some(common::channel_id("main")));
    assert!(
        first[0].reply.text.contains("**1 d** left"),
        "{}",
        first[0].reply.text
    );
    assert!(first[0].reply.text.contains("<#test:main>"));
    assert!(tick(&h).is_empty(), "once");
    h.clock.advance(DAY - 3600 - 1);
    assert!(tick(&h).is_empty());
    h.clock.advance(1);
    let second = tick(&h);
    assert_eq!(second.len(), 1);
    assert!(
        second[0].reply.text.contains("**1 h** left"),
        "{}",
        second[0].reply.text
    );
    assert!(tick(&h).is_empty(), "once");
    // A move resets the clock and the reminders, now for bob.
    h.play(mv("C3"));
    h.clock.advance(DAY);
    let bob = tick(&h);
    assert_eq!(bob.len(), 1);
    assert_eq!(bob[0].to, Destination::User(user("bob").id));
    assert_eq!(h.view().status, Status::Active);
}

#[test]
fn running_out_of_time_loses_and_the_channel_is_told_with_the_board() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    start(&h, TimeControl::PerMove(DAY));
    h.play(mv("C3"));
    h.play(mv("B2"));
    // alice does not move for a day.
    h.clock.advance(DAY);
    let notices = tick(&h);
    let result: Vec<&Notice> = notices
        .iter()
        .filter(|n| n.to == Destination::Channel(common::channel_id("main")))
        .collect();
    assert_eq!(result.len(), 1, "{notices:?}");
    let text = &result[0].reply.text;
    assert!(
        text.contains("**White wins**") && text.contains("alice ran out of time"),
        "{text}"
    );
    assert_eq!(result[0].reply.mentions.len(), 2, "both players are told");
    assert!(result[0].reply.image.is_some(), "with the board");
    let board = h.ok("bob", Command::Board(None));
    assert!(board.text.contains("won on time"), "{}", board.text);
    assert!(tick(&h).is_empty(), "settled once");
}

#[test]
fn a_timeout_before_the_opponent_has_moved_aborts_the_game() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    start(&h, TimeControl::PerMove(DAY));
    h.clock.advance(DAY + 10);
    let notices = tick(&h);
    assert!(
        notices.iter().any(|n| n.reply.text.contains("aborted")),
        "{notices:?}"
    );
    let board = h.ok("alice", Command::Board(None));
    assert!(board.text.contains("aborted"), "{}", board.text);
}

#[test]
fn a_fischer_clock_adds_the_increment_and_times_out_live() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    start(
        &h,
        TimeControl::Fischer {
            base: 180,
            increment: 2,
        },
    );
    h.clock.advance(10);
    h.play(mv("C3"));
    h.clock.advance(10);
    h.play(mv("B2"));
    // alice's second move: 30 s off her clock, 2 s on.
    h.clock.advance(30);
    let reply = h.play(mv("D4"));
    assert!(reply.text.contains("Black: 2:32"), "{}", reply.text);
    assert!(reply.text.contains("White: 3:00 ⏳"), "{}", reply.text);
    // No reminders on live clocks; bob runs out after 180 s.
    h.clock.advance(179);
    assert!(tick(&h).is_empty());
    h.clock.advance(1);
    let notices = tick(&h);
    assert!(
        notices
            .iter()
            .any(|n| n.reply.text.contains("bob ran out of time")),
        "{notices:?}"
    );
}

/// Reads never write (issue 27): once a clock has run out, looking at the game (the
/// channel's game, the board, `games`) changes nothing, a move is refused saying that time
/// is up, and the scheduler's tick is what ends the game.
#[test]
fn a_game_whose_time_is_up_is_ended_by_the_tick_never_by_a_read() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    start(&h, TimeControl::PerMove(DAY));
    h.play(mv("C3"));
    h.clock.advance(DAY + 1);
    let pending = h.service.pending_notices().unwrap();
    assert_eq!(h.view().status, Status::Active, "the view only reads");
    let board = h.ok("alice", Command::Board(None));
    assert!(!board.text.contains("won on time"), "{}", board.text);
    let games = h.ok("bob", Command::Games);
    assert!(games.text.contains("time is up"), "{}", games.text);
    let late = h.refused("bob", Command::Move("B2".to_string()));
    assert!(
        late.text.contains("Time is up in game #1") && late.text.contains("**bob** ran out"),
        "{}",
        late.text
    );
    assert_eq!(h.view().status, Status::Active);
    assert_eq!(
        h.service.pending_notices().unwrap(),
        pending,
        "nothing was written"
    );
    let notices = tick(&h);
    assert!(
        notices
            .iter()
            .any(|n| n.reply.text.contains("ran out of time")),
        "{notices:?}"
    );
    assert!(h
        .service
        .channel_game(&common::channel_id("main"))
        .unwrap()
        .is_none());
}

#[test]
fn a_claim_after_downtime_gives_the_same_result_as_the_scheduler() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    start(&h, TimeControl::PerMove(DAY));
    h.play(mv("C3"));
    // bob to move; his time runs out while nothing ticks.
    let early = h.refused("alice", Command::Claim);
    assert!(early.text.contains("still has"), "{}", early.text);
    h.refused("bob", Command::Claim);
    h.clock.advance(DAY);
    let claimed = h.ok("alice", Command::Claim);
    assert!(
        claimed.text.contains("bob ran out of time"),
        "{}",
        claimed.text
    );
    let board = h.ok("alice", Command::Board(None));
    assert!(
        board.text.contains("Black (alice) won on time"),
        "{}",
        board.text
    );
    // The scheduler finds nothing more to do, and the claim's reply was the announcement:
    // no second one goes out.
    assert_eq!(h.service.tick(h.service.now()).unwrap().settled, 0);
    assert!(h.service.due_notices("test", 10).unwrap().is_empty());
    let view = h.service.channel_game(&common::channel_id("main")).unwrap();
    assert!(view.is_none());
}

#[test]
fn a_game_without_a_clock_cannot_be_claimed_and_never_times_out() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(5, None, akron_rules::WinRule::Delayed);
    h.clock.advance(400 * DAY);
    assert!(tick(&h).is_empty());
    h.refused("alice", Command::Claim);
    assert_eq!(h.view().status, Status::Active);
}

#[test]
fn reminders_follow_each_users_setting() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let saved = h.send(
        "alice",
        Command::Settings(Some(Setting::Reminders("channel".parse().unwrap()))),
    );
    assert!(
        saved.ephemeral && saved.text.starts_with("Saved"),
        "{}",
        saved.text
    );
    start(&h, TimeControl::PerMove(DAY));
    h.clock.advance(DAY / 2);
    let notices = tick(&h);
    assert_eq!(
        notices[0].to,
        Destination::Channel(common::channel_id("main"))
    );
    h.send(
        "alice",
        Command::Settings(Some(Setting::Reminders("off".parse().unwrap()))),
    );
    h.clock.advance(DAY / 2 - 3600);
    assert!(tick(&h).is_empty(), "off means none");
    let shown = h.service.handle(&Request::new(
        user("alice"),
        common::channel_id("main"),
        Command::Settings(None),
    ));
    assert!(
        shown.text.contains("Your reminders: **off**"),
        "{}",
        shown.text
    );
}

#[test]
fn only_moderators_turn_thread_games_on_and_then_challenges_ask_for_a_thread() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let server = ServerId::new("test", "guild");
    let mut request = Request::new(
        user("alice"),
        common::channel_id("main"),
        Command::Settings(Some(Setting::ThreadGames(true))),
    );
    request.server = Some(server.clone());
    assert!(h.service.handle(&request).text.contains("Only moderators"));
    request.is_moderator = true;
    assert!(h.service.handle(&request).text.contains("Saved"));
    let mut black = Challenge::new(user("bob"));
    black.colour = Some(ColourChoice::Black);
    let mut challenge = Request::new(
        user("alice"),
        common::channel_id("main"),
        Command::Challenge(black),
    );
    challenge.server = Some(server);
    assert!(!h.service.handle(&challenge).ephemeral);
    let accepted = h.ok("bob", Command::Accept);
    let name = accepted.thread.clone().expect("asks for a thread");
    assert!(name.starts_with("Akron #1: "), "{name}");
    // The front end opens it; the game moves there.
    let thread = ChannelId::new("test", "thread-1");
    let posted = h
        .service
        .thread_opened(accepted.board_of.unwrap(), &thread)
        .unwrap();
    assert!(
        !posted.ephemeral && posted.image.is_some(),
        "{}",
        posted.text
    );
    assert_eq!(posted.mentions.len(), 2);
    assert!(h
        .service
        .channel_game(&common::channel_id("main"))
        .unwrap()
        .is_none());
    let view = h.view_in("thread-1");
    assert_eq!(view.status, Status::Active);
    let reply = h.send_in("thread-1", "alice", Command::Move("C3".into()));
    assert!(!reply.ephemeral, "{}", reply.text);
}

#[test]
fn a_restart_across_deadlines_settles_each_game_once_and_sends_each_notice_once() {
    let Some(mut h) = Harness::on(super::BACKEND) else {
        return;
    };
    start(&h, TimeControl::PerMove(DAY));
    h.play(mv("C3"));
    for (i, channel) in ["a", "b", "c"].iter().enumerate() {
        let mut challenge = Challenge::new(user(&format!("p{i}")));
        challenge.time = Some(TimeControl::PerMove(DAY));
        h.send_in(channel, "q", Command::Challenge(challenge));
    }
    // The bot is down for three days: the game times out, the challenges expire.
    h.clock.advance(3 * DAY);
    h.reopen();
    let settled = h.service.tick(h.service.now()).unwrap().settled;
    assert_eq!(settled, 4);
    let notices = h.service.due_notices("test", 100).unwrap();
    // One result and three expiries (the reminders were overtaken by the timeout).
    assert_eq!(notices.len(), 4, "{notices:?}");
    // Delivered, then a second restart sends nothing.
    for notice in &notices {
        h.service.notice_delivered(notice.id).unwrap();
    }
    h.reopen();
    assert_eq!(h.service.tick(h.service.now()).unwrap().settled, 0);
    assert!(h.service.due_notices("test", 100).unwrap().is_empty());
}

#[test]
fn games_shows_the_time_left_most_urgent_first() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    for (channel, time) in [
        ("slow", TimeControl::PerMove(7 * DAY)),
        ("fast", TimeControl::PerMove(DAY)),
    ] {
        let mut challenge = Challenge::new(user("bob"));
        challenge.colour = Some(ColourChoice::Black);
        challenge.time = Some(time);
        assert!(
            !h.send_in(channel, "alice", Command::Challenge(challenge))
                .ephemeral
        );
        assert!(!h.send_in(channel, "bob", Command::Accept).ephemeral);
    }
    h.clock.advance(3600);
    let games = h.ok("alice", Command::Games).text;
    let fast = games.find("game #2").expect("the fast game");
    let slow = games.find("game #1").expect("the slow game");
    assert!(fast < slow, "most urgent first: {games}");
    assert!(games.contains("**23 h left**"), "{games}");
    assert!(games.contains("**6 d 23 h left**"), "{games}");
}

#[test]
fn a_conditional_move_answers_the_expected_move_at_once() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    start(&h, TimeControl::PerMove(DAY));
    h.play(mv("C3"));
    // bob to move; alice queues answers (refused for bob, who is to move).
    let r = h.refused("bob", Command::Premove("B2 D4".into()));
    assert!(r.text.contains("your move"), "{}", r.text);
    let queued = h.send("alice", Command::Premove("B2 D4, B4 D2".into()));
    assert!(queued.ephemeral, "the queue is private");
    assert!(
        queued
            .text
            .contains("if your opponent plays B2, you answer D4"),
        "{}",
        queued.text
    );
    for bad in ["B2", "B2 C3", "Z9 D4", "B2 D4, B2 A1"] {
        let r = h.send("alice", Command::Premove(bad.into()));
        assert!(
            r.ephemeral && !r.text.contains("queued"),
            "{bad}: {}",
            r.text
        );
    }
    // The refusals left the queue as it was; bob plays B2 and D4 follows at once.
    let shown = h.send("alice", Command::Premove(String::new()));
    assert!(
        shown.text.contains("2 conditional moves queued"),
        "{}",
        shown.text
    );
    let reply = h.play(mv("B2"));
    assert!(
        reply.text.contains("alice's conditional move"),
        "{}",
        reply.text
    );
    assert!(reply.text.contains("placed **D4**"), "{}", reply.text);
    let view = h.view();
    assert_eq!(view.game.moves().len(), 3);
    assert_eq!(view.game.moves()[2], mv("D4"));
    // The queue was used up.
    let shown = h.send("alice", Command::Premove(String::new()));
    assert!(
        shown.text.contains("no conditional moves"),
        "{}",
        shown.text
    );
}

#[test]
fn a_different_move_drops_the_queue_and_tells_its_owner() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    start(&h, TimeControl::PerMove(DAY));
    h.play(mv("C3"));
    h.send("alice", Command::Premove("B2 D4".into()));
    let reply = h.play(mv("B4"));
    assert!(!reply.text.contains("conditional move:"), "{}", reply.text);
    assert_eq!(
        h.view().game.moves().len(),
        2,
        "nothing was played for alice"
    );
    let notices = tick(&h);
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(notices[0].to, Destination::User(user("alice").id));
    assert!(
        notices[0].reply.text.contains("dropped"),
        "{}",
        notices[0].reply.text
    );
}

#[test]
fn a_vacation_stops_the_clock_and_moves_the_deadline_on_by_the_time_away() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    start(&h, TimeControl::PerMove(2 * DAY));
    h.play(mv("C3"));
    // bob to move; he goes on vacation after half a day.
    h.clock.advance(DAY / 2);
    let on = h.send("bob", Command::Vacation(true));
    assert!(
        on.ephemeral && on.text.contains("on vacation"),
        "{}",
        on.text
    );
    assert!(h
        .send("bob", Command::Vacation(true))
        .text
        .contains("already"));
    let told = tick(&h);
    assert!(
        told.iter()
            .any(|n| n.reply.text.contains("**bob** is on vacation")),
        "the opponent's channel is told: {told:?}"
    );
    // Five days away: no reminder, no timeout.
    h.clock.advance(5 * DAY);
    assert!(tick(&h).is_empty());
    assert_eq!(h.view().status, Status::Active);
    h.send("bob", Command::Vacation(false));
    let back = tick(&h);
    assert!(
        back.iter()
            .any(|n| n.reply.text.contains("back from vacation")),
        "{back:?}"
    );
    // He had 1.5 days left when he left; the reminder at half time came before, so the next
    // is an hour before the end, and he loses only 1.5 days after coming back.
    h.clock.advance(DAY + DAY / 2 - 1);
    assert!(tick(&h)
        .iter()
        .all(|n| !n.reply.text.contains("ran out of time")));
    h.clock.advance(1);
    let out = tick(&h);
    assert!(
        out.iter()
            .any(|n| n.reply.text.contains("bob ran out of time")),
        "{out:?}"
    );
}

/// Issue 45: a move's reply shows the clock of the player to move next standing still while
/// they are on vacation, and running once they are back; the vacation is read in the move's
/// own statement now (two statements fewer after it).
#[test]
fn a_moves_reply_shows_the_clock_of_a_player_on_vacation_standing_still() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    start(&h, TimeControl::PerMove(DAY));
    h.play(mv("C3"));
    let running = h.play(mv("B2"));
    assert!(
        running.text.contains("⏳") && !running.text.contains("stands still"),
        "{}",
        running.text
    );
    // alice is to move; bob leaves meanwhile.
    let on = h.send("bob", Command::Vacation(true));
    assert!(on.text.contains("on vacation"), "{}", on.text);
    let standing = h.play(mv("D4"));
    assert!(
        standing.text.contains("stands still: on vacation"),
        "{}",
        standing.text
    );
    h.send("bob", Command::Vacation(false));
    h.play(mv("B4"));
    let back = h.play(mv("D2"));
    assert!(
        back.text.contains("⏳") && !back.text.contains("stands still"),
        "{}",
        back.text
    );
}

#[test]
fn a_vacation_ends_by_itself_after_fourteen_days_a_year() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    start(&h, TimeControl::PerMove(DAY));
    h.play(mv("C3"));
    h.send("bob", Command::Vacation(true));
    tick(&h);
    h.clock.advance(14 * DAY);
    let back = tick(&h);
    assert!(
        back.iter()
            .any(|n| n.reply.text.contains("back from vacation")),
        "{back:?}"
    );
    assert!(h
        .send("bob", Command::Vacation(true))
        .text
        .contains("used all 14 days"));
    // His day for the move runs again from the end of the allowance.
    h.clock.advance(DAY);
    let out = tick(&h);
    assert!(
        out.iter()
            .any(|n| n.reply.text.contains("bob ran out of time")),
        "{out:?}"
    );
}

#[test]
fn a_challenge_in_a_busy_channel_waits_beside_the_game_and_is_played_in_a_thread() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    start(&h, TimeControl::PerMove(DAY));
    // carol challenges dave where alice and bob play: the offer is made, for a thread.
    let mut offer = Challenge::new(user("dave"));
    offer.colour = Some(ColourChoice::Black);
    let made = h.ok("carol", Command::Challenge(offer.clone()));
    assert!(
        made.text.contains("already has game #1") && made.text.contains("thread of its own"),
        "{}",
        made.text
    );
    assert!(made.text.contains("(game #2)"), "{}", made.text);
    // A second click changes nothing.
    let again = h.refused("carol", Command::Challenge(offer));
    assert!(again.text.contains("already challenged"), "{}", again.text);
    // The channel's own game goes on: a move without a number is alice's game's.
    let moved = h.send("alice", Command::Move("C3".into()));
    assert!(!moved.ephemeral, "{}", moved.text);
    assert_eq!(h.view().id.0, 1);
    // dave accepts by typing, without the number: his challenge is found.
    let accepted = h.ok("dave", Command::Accept);
    assert!(
        accepted.text.contains("Game #2 begins"),
        "{}",
        accepted.text
    );
    let name = accepted.thread.clone().expect("asks for a thread");
    assert!(name.starts_with("Akron #2: "), "{name}");
    let thread = ChannelId::new("test", "thread-2");
    h.service
        .thread_opened(accepted.board_of.unwrap(), &thread)
        .unwrap();
    assert_eq!(h.view_in("thread-2").status, Status::Active);
    assert_eq!(h.view().id.0, 1, "the channel keeps its own game");
    let reply = h.send_in("thread-2", "carol", Command::Move("B2".into()));
    assert!(!reply.ephemeral, "{}", reply.text);
    // The thread holds one game, like any channel: a challenge there waits for a thread too.
    let mut there = Challenge::new(user("erin"));
    there.size = Some(5);
    let third = h.send_in("thread-2", "frank", Command::Challenge(there));
    assert!(third.text.contains("already has game #2"), "{}", third.text);
}

#[test]
fn a_reminder_links_to_the_latest_board() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    start(&h, TimeControl::PerMove(2 * DAY));
    let game = h.view().id;
    h.service
        .board_posted(game, "https://discord.com/channels/1/2/3")
        .unwrap();
    h.clock.advance(DAY);
    let reminders = tick(&h);
    assert_eq!(reminders.len(), 1, "{reminders:?}");
    assert!(
        reminders[0]
            .reply
            .text
            .contains("([latest board](<https://discord.com/channels/1/2/3>))"),
        "{}",
        reminders[0].reply.text
    );
    // A link that could break out of the Markdown is not kept.
    h.service
        .board_posted(game, "https://x> @everyone")
        .unwrap();
    h.play(mv("C3"));
    h.clock.advance(DAY);
    let next = tick(&h);
    assert!(
        next[0].reply.text.contains("channels/1/2/3"),
        "{}",
        next[0].reply.text
    );
}
