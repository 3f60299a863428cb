//! Casual play (issue 43): rematches, open challenges and following, on both databases.
//! The races run many times, with threads on two services (two pools, as two processes
//! would be) on one database.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_service::db;
use akron_service::model::{Destination, Status};
use akron_service::service::{
    Challenge, ColourChoice, Command, GameId, Offer, RatingRange, Reply, Request, ServerId,
    Service, TimeControl, User,
};
use common::{channel_id, user, Harness};
use std::sync::Barrier;

const RUNS: usize = 25;

/// A request by `who` in `channel` of the server `guild`, about `game` when given.
fn request(who: &str, channel: &str, command: Command, game: Option<GameId>) -> Request {
    let mut request = Request::new(user(who), channel_id(channel), command);
    request.game = game;
    request.server = Some(ServerId::new("test", "guild"));
    request
}

fn send(
    service: &Service,
    who: &str,
    channel: &str,
    command: Command,
    game: Option<GameId>,
) -> Reply {
    service.handle(&request(who, channel, command, game))
}

/// The game of `id` as stored.
fn game(h: &Harness, id: GameId) -> akron_service::model::GameRecord {
    let db = h.open_db().unwrap();
    db.read(|c| db::game(c, id)).unwrap().unwrap()
}

/// Every game of the database.
fn games(h: &Harness) -> Vec<akron_service::model::GameRecord> {
    let db = h.open_db().unwrap();
    db.read(db::all_games).unwrap()
}

/// A challenge of `black` (who plays Black) to `white` in `channel`, accepted: the game's id.
fn started(h: &Harness, channel: &str, black: &str, white: &str, time: TimeControl) -> GameId {
    let mut challenge = Challenge::new(user(white));
    challenge.colour = Some(ColourChoice::Black);
    challenge.size = Some(5);
    challenge.time = Some(time);
    challenge.rated = Some(false);
    let made = send(
        &h.service,
        black,
        channel,
        Command::Challenge(challenge),
        None,
    );
    assert!(!made.ephemeral, "{}", made.text);
    let accepted = send(&h.service, white, channel, Command::Accept, None);
    assert!(!accepted.ephemeral, "{}", accepted.text);
    h.service
        .channel_game(&channel_id(channel))
        .unwrap()
        .unwrap()
        .id
}

/// A finished game between `black` and `white` in `channel` (White resigned).
fn finished(h: &Harness, channel: &str, black: &str, white: &str) -> GameId {
    let id = started(h, channel, black, white, TimeControl::PerMove(3 * 86_400));
    let resigned = send(&h.service, white, channel, Command::Resign, Some(id));
    assert!(!resigned.ephemeral, "{}", resigned.text);
    assert_eq!(game(h, id).status(), Status::Finished);
    id
}

/// The live rematches of `old`.
fn rematches(h: &Harness, old: GameId) -> Vec<akron_service::model::GameRecord> {
    games(h)
        .into_iter()
        .filter(|g| g.rematch_of == Some(old) && g.status().is_live())
        .collect()
}

#[test]
fn a_rematch_swaps_colours_and_keeps_the_options() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let old = finished(&h, "main", "ann", "ben");
    let asked = send(&h.service, "ben", "main", Command::Rematch, None);
    assert!(!asked.ephemeral, "{}", asked.text);
    assert!(
        asked.text.contains("Rematch of game #1, colours swapped"),
        "{}",
        asked.text
    );
    assert!(
        asked.buttons.iter().any(|b| b.command == Command::Accept),
        "{:?}",
        asked.buttons
    );
    let live = rematches(&h, old);
    assert_eq!(live.len(), 1);
    let new = &live[0];
    let before = game(&h, old);
    // Colours swapped, the options kept.
    assert_eq!(new.players.black.id, before.players.white.id);
    assert_eq!(new.players.white.id, before.players.black.id);
    assert_eq!(new.challenger, user("ben").id);
    assert_eq!(
        (
            new.size,
            new.pile,
            new.win_rule,
            new.time_control,
            new.rated
        ),
        (
            before.size,
            before.pile,
            before.win_rule,
            before.time_control,
            before.rated
        )
    );
    assert_eq!(new.status(), Status::Open);
    // The opponent's acceptance starts it.
    let accepted = send(&h.service, "ann", "main", Command::Accept, Some(new.id));
    assert!(!accepted.ephemeral, "{}", accepted.text);
    assert_eq!(game(&h, new.id).status(), Status::Active);
}

#[test]
fn a_finished_games_board_carries_a_rematch_button_and_a_running_ones_does_not() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let id = started(&h, "main", "ann", "ben", TimeControl::None);
    let board = send(&h.service, "ann", "main", Command::Board(None), Some(id));
    assert!(!board.buttons.iter().any(|b| b.command == Command::Rematch));
    send(&h.service, "ben", "main", Command::Resign, Some(id));
    let board = send(&h.service, "ann", "main", Command::Board(None), Some(id));
    let rematch = board
        .buttons
        .iter()
        .find(|b| b.command == Command::Rematch)
        .expect("a Rematch button");
    assert_eq!(rematch.id, format!("akron:rematch:{}", id.0));
}

#[test]
fn rematch_pressed_twice_gives_one_challenge() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let old = finished(&h, "main", "ann", "ben");
    let first = send(&h.service, "ann", "main", Command::Rematch, Some(old));
    assert!(!first.ephemeral, "{}", first.text);
    let second = send(&h.service, "ann", "main", Command::Rematch, Some(old));
    assert!(second.refused, "{}", second.text);
    assert!(second.text.contains("already asked"), "{}", second.text);
    assert_eq!(rematches(&h, old).len(), 1);
}

#[test]
fn the_opponents_rematch_press_accepts_the_rematch_already_asked() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let old = finished(&h, "main", "ann", "ben");
    send(&h.service, "ann", "main", Command::Rematch, Some(old));
    let second = send(&h.service, "ben", "main", Command::Rematch, Some(old));
    assert!(!second.ephemeral, "{}", second.text);
    assert!(
        second.text.contains("asked for a rematch of game #1 too"),
        "{}",
        second.text
    );
    let live = rematches(&h, old);
    assert_eq!(live.len(), 1);
    assert_eq!(live[0].status(), Status::Active);
    // A third press is told the rematch is being played.
    let third = send(&h.service, "ann", "main", Command::Rematch, Some(old));
    assert!(
        third.refused && third.text.contains("already being played"),
        "{}",
        third.text
    );
}

#[test]
fn rematch_is_refused_to_a_spectator_and_for_a_running_game() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let id = started(&h, "main", "ann", "ben", TimeControl::None);
    let running = send(&h.service, "ann", "main", Command::Rematch, Some(id));
    assert!(
        running.refused && running.text.contains("not over yet"),
        "{}",
        running.text
    );
    send(&h.service, "ben", "main", Command::Resign, Some(id));
    let spectator = send(&h.service, "cyd", "main", Command::Rematch, Some(id));
    assert!(
        spectator.refused && spectator.text.contains("did not play"),
        "{}",
        spectator.text
    );
    let nowhere = send(&h.service, "ann", "empty", Command::Rematch, None);
    assert!(nowhere.refused, "{}", nowhere.text);
    assert!(rematches(&h, id).is_empty());
}

#[test]
fn rematch_pressed_by_both_players_at_once_starts_one_game() {
    for run in 0..RUNS {
        let Some(h) = Harness::on(super::BACKEND) else {
            return;
        };
        let other = h.open_service();
        let old = finished(&h, "main", "ann", "ben");
        let barrier = Barrier::new(2);
        let replies: Vec<Reply> = std::thread::scope(|scope| {
            let handles: Vec<_> = [("ann", &h.service), ("ben", &other)]
                .into_iter()
                .map(|(who, service)| {
                    let barrier = &barrier;
                    scope.spawn(move || {
                        barrier.wait();
                        send(service, who, "main", Command::Rematch, Some(old))
                    })
                })
                .collect();
            handles.into_iter().map(|t| t.join().unwrap()).collect()
        });
        for reply in &replies {
            assert!(!reply.ephemeral, "run {run}: {}", reply.text);
        }
        let live = rematches(&h, old);
        assert_eq!(live.len(), 1, "run {run}: {live:?}");
        assert_eq!(live[0].status(), Status::Active, "run {run}");
        assert_eq!(games(&h).len(), 2, "run {run}");
    }
}

#[test]
fn a_rematch_against_the_ai_starts_at_once_and_only_once() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let made = send(
        &h.service,
        "ann",
        "main",
        Command::Challenge(Challenge {
            size: Some(5),
            colour: Some(ColourChoice::Black),
            ..Challenge::new(User::ai(akron_ai::Level::MIN))
        }),
        None,
    );
    assert!(!made.ephemeral, "{}", made.text);
    let id = h
        .service
        .channel_game(&channel_id("main"))
        .unwrap()
        .unwrap()
        .id;
    send(&h.service, "ann", "main", Command::Resign, Some(id));
    let rematch = send(&h.service, "ann", "main", Command::Rematch, Some(id));
    assert!(!rematch.ephemeral, "{}", rematch.text);
    let live = rematches(&h, id);
    assert_eq!(live.len(), 1);
    assert_eq!(live[0].status(), Status::Active);
    // Ann had Black: now the AI has it.
    assert!(
        live[0].players.black.id.is_ai(),
        "colours swapped: {:?}",
        live[0].players
    );
    let again = send(&h.service, "ann", "main", Command::Rematch, Some(id));
    assert!(again.refused, "{}", again.text);
    assert_eq!(rematches(&h, id).len(), 1);
}

/// An open challenge by `who` in `channel`: its id.
fn open_challenge(h: &Harness, who: &str, channel: &str, rating: RatingRange) -> GameId {
    let mut challenge = Challenge::open();
    challenge.size = Some(5);
    challenge.rating = rating;
    let made = send(
        &h.service,
        who,
        channel,
        Command::Challenge(challenge),
        None,
    );
    assert!(!made.ephemeral, "{}", made.text);
    assert!(made.text.contains("open challenge"), "{}", made.text);
    assert!(
        !made.buttons.iter().any(|b| b.command == Command::Decline),
        "nothing to decline: {:?}",
        made.buttons
    );
    games(h).last().unwrap().id
}

#[test]
fn an_open_challenge_is_taken_by_the_first_to_accept_and_the_others_are_told() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let id = open_challenge(&h, "ann", "lobby", RatingRange::default());
    let own = send(&h.service, "ann", "lobby", Command::Accept, Some(id));
    assert!(
        own.refused && own.text.contains("your own open challenge"),
        "{}",
        own.text
    );
    let declined = send(&h.service, "ben", "lobby", Command::Decline, Some(id));
    assert!(
        declined.refused && declined.text.contains("nothing to decline"),
        "{}",
        declined.text
    );
    let taken = send(&h.service, "ben", "lobby", Command::Accept, None);
    assert!(!taken.ephemeral, "{}", taken.text);
    let record = game(&h, id);
    assert_eq!(record.status(), Status::Active);
    assert!(record.players.includes(&user("ben").id));
    assert!(record.players.includes(&user("ann").id));
    for late in [
        send(&h.service, "cyd", "lobby", Command::Accept, Some(id)),
        send(&h.service, "dan", "lobby", Command::Accept, None),
    ] {
        assert!(late.refused, "{}", late.text);
        assert!(
            late.text.contains("Too late: **ben** took"),
            "{}",
            late.text
        );
    }
}

#[test]
fn an_open_challenge_taken_twice_at_once_starts_one_game() {
    for run in 0..RUNS {
        let Some(h) = Harness::on(super::BACKEND) else {
            return;
        };
        let other = h.open_service();
        let id = open_challenge(&h, "ann", "lobby", RatingRange::default());
        let barrier = Barrier::new(2);
        let replies: Vec<(&str, Reply)> = std::thread::scope(|scope| {
            let handles: Vec<_> = [("ben", &h.service), ("cyd", &other)]
                .into_iter()
                .map(|(who, service)| {
                    let barrier = &barrier;
                    scope.spawn(move || {
                        barrier.wait();
                        (who, send(service, who, "lobby", Command::Accept, Some(id)))
                    })
                })
                .collect();
            handles.into_iter().map(|t| t.join().unwrap()).collect()
        });
        let winners: Vec<&str> = replies
            .iter()
            .filter(|(_, r)| !r.ephemeral)
            .map(|(who, _)| *who)
            .collect();
        assert_eq!(winners.len(), 1, "run {run}: {replies:?}");
        for (who, reply) in &replies {
            if reply.ephemeral {
                assert!(
                    reply
                        .text
                        .contains(&format!("Too late: **{}** took", winners[0])),
                    "run {run}: {who} was told {}",
                    reply.text
                );
            }
        }
        let record = game(&h, id);
        assert_eq!(record.status(), Status::Active, "run {run}");
        assert!(record.players.includes(&user(winners[0]).id), "run {run}");
        assert!(!record.players.black.id.is_anyone() && !record.players.white.id.is_anyone());
        assert_eq!(games(&h).len(), 1, "run {run}");
    }
}

#[test]
fn an_open_challenge_outside_the_takers_rating_range_is_refused() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    // A player without a rating counts at 1500.
    let id = open_challenge(
        &h,
        "ann",
        "lobby",
        RatingRange {
            min: Some(1600),
            max: None,
        },
    );
    let refused = send(&h.service, "ben", "lobby", Command::Accept, Some(id));
    assert!(refused.refused, "{}", refused.text);
    assert!(
        refused.text.contains("rated 1600 or more"),
        "{}",
        refused.text
    );
    assert!(refused.text.contains("1500"), "{}", refused.text);
    assert_eq!(game(&h, id).status(), Status::Open);
    send(&h.service, "ann", "lobby", Command::Cancel, Some(id));
    let id = open_challenge(
        &h,
        "ann",
        "lobby",
        RatingRange {
            min: Some(1400),
            max: Some(1700),
        },
    );
    let taken = send(&h.service, "ben", "lobby", Command::Accept, Some(id));
    assert!(!taken.ephemeral, "{}", taken.text);
}

#[test]
fn a_rating_range_is_refused_on_a_named_challenge_and_when_backwards() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut named = Challenge::new(user("ben"));
    named.rating = RatingRange {
        min: Some(1400),
        max: None,
    };
    let reply = send(&h.service, "ann", "lobby", Command::Challenge(named), None);
    assert!(
        reply.refused && reply.text.contains("open challenges only"),
        "{}",
        reply.text
    );
    let mut backwards = Challenge::open();
    backwards.rating = RatingRange {
        min: Some(1700),
        max: Some(1400),
    };
    let reply = send(
        &h.service,
        "ann",
        "lobby",
        Command::Challenge(backwards),
        None,
    );
    assert!(
        reply.refused && reply.text.contains("backwards"),
        "{}",
        reply.text
    );
    assert!(games(&h).is_empty());
}

#[test]
fn an_open_challenge_expires_like_any_other_and_its_challenger_may_cancel_it() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let id = open_challenge(&h, "ann", "lobby", RatingRange::default());
    h.clock.advance(akron_service::service::CHALLENGE_TTL + 1);
    h.service.tick(h.service.now()).unwrap();
    assert_eq!(game(&h, id).status(), Status::Expired);
    let notices = h.service.due_notices("test", 10).unwrap();
    assert!(
        notices
            .iter()
            .any(|n| n.reply.text.contains("to **anyone**")),
        "{notices:?}"
    );
    let id = open_challenge(&h, "ann", "lobby", RatingRange::default());
    let not_yours = send(&h.service, "ben", "lobby", Command::Cancel, Some(id));
    assert!(not_yours.refused, "{}", not_yours.text);
    let cancelled = send(&h.service, "ann", "lobby", Command::Cancel, Some(id));
    assert!(!cancelled.ephemeral, "{}", cancelled.text);
    assert_eq!(game(&h, id).status(), Status::Cancelled);
}

/// The direct messages waiting for `who`, oldest first.
fn direct_messages(h: &Harness, who: &str) -> Vec<String> {
    h.service
        .due_notices("test", 100)
        .unwrap()
        .into_iter()
        .filter(|n| n.to == Destination::User(user(who).id))
        .map(|n| n.reply.text)
        .collect()
}

#[test]
fn a_follower_gets_each_move_and_the_result_and_nothing_a_spectator_could_not_see() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let id = started(&h, "main", "ann", "ben", TimeControl::None);
    let follow = send(&h.service, "cyd", "other", Command::Follow(None), Some(id));
    assert!(follow.ephemeral && !follow.refused, "{}", follow.text);
    send(
        &h.service,
        "ann",
        "main",
        Command::Move("B2".into()),
        Some(id),
    );
    // Ann queues a conditional answer (to a move Ben does not play) and offers a draw:
    // neither is told.
    let premove = send(
        &h.service,
        "ann",
        "main",
        Command::Premove("E5 D4".into()),
        Some(id),
    );
    assert!(!premove.refused, "{}", premove.text);
    send(
        &h.service,
        "ben",
        "main",
        Command::Move("C3".into()),
        Some(id),
    );
    send(
        &h.service,
        "ann",
        "main",
        Command::Draw(Offer::Offer),
        Some(id),
    );
    send(&h.service, "ben", "main", Command::Resign, Some(id));
    let told = direct_messages(&h, "cyd");
    assert_eq!(told.len(), 3, "{told:?}");
    assert!(told[0].contains("Game #1: **ann** played B2"), "{told:?}");
    assert!(told[1].contains("Game #1: **ben** played C3"), "{told:?}");
    assert!(told[2].contains("Game #1 is over"), "{told:?}");
    for text in &told {
        assert!(!text.contains("D4") && !text.contains("E5"), "{text}");
        assert!(!text.to_lowercase().contains("draw"), "{text}");
    }
    // The game over, its follow is gone.
    let list = send(&h.service, "cyd", "other", Command::Follow(None), None);
    assert!(list.text.contains("You follow no games"), "{}", list.text);
    let notices = h.service.due_notices("test", 100).unwrap();
    let boards = notices
        .iter()
        .filter(|n| n.to == Destination::User(user("cyd").id))
        .filter(|n| n.reply.image.is_some())
        .count();
    assert_eq!(boards, 3, "each message carries the board");
}

#[test]
fn a_follower_is_told_of_a_takeback_and_not_of_its_request() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let id = started(&h, "main", "ann", "ben", TimeControl::None);
    let follow = send(&h.service, "cyd", "other", Command::Follow(None), Some(id));
    assert!(!follow.refused, "{}", follow.text);
    for (who, mv) in [("ann", "B2"), ("ben", "C3")] {
        send(&h.service, who, "main", Command::Move(mv.into()), Some(id));
    }
    let asked = send(
        &h.service,
        "ann",
        "main",
        Command::Takeback(Offer::Offer),
        Some(id),
    );
    assert!(!asked.refused, "{}", asked.text);
    assert_eq!(
        direct_messages(&h, "cyd").len(),
        2,
        "the request is not told"
    );
    let done = send(
        &h.service,
        "ben",
        "main",
        Command::Takeback(Offer::Accept),
        Some(id),
    );
    assert!(!done.refused, "{}", done.text);
    let told = direct_messages(&h, "cyd");
    assert_eq!(told.len(), 3, "{told:?}");
    assert_eq!(
        told[2], "Game #1: the last 2 moves were taken back.",
        "{told:?}"
    );
    let notices = h.service.due_notices("test", 100).unwrap();
    let last = notices
        .iter()
        .rfind(|n| n.to == Destination::User(user("cyd").id))
        .unwrap();
    assert!(last.reply.image.is_some(), "the board as it is again");
    // The game goes on, followed: the next move is told as before.
    send(
        &h.service,
        "ann",
        "main",
        Command::Move("D4".into()),
        Some(id),
    );
    let told = direct_messages(&h, "cyd");
    assert!(told[3].contains("Game #1: **ann** played D4"), "{told:?}");
}

#[test]
fn following_a_player_tells_the_start_of_each_new_game_on_that_server_only() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let follow = send(
        &h.service,
        "cyd",
        "lobby",
        Command::Follow(Some(user("ann"))),
        None,
    );
    assert!(!follow.refused, "{}", follow.text);
    let id = started(&h, "main", "ann", "ben", TimeControl::None);
    let told = direct_messages(&h, "cyd");
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(
        told[0].contains(&format!("started a new game: game #{}", id.0)),
        "{told:?}"
    );
    // A game of Ann's on another server is not told.
    let mut elsewhere = Request::new(
        user("ann"),
        channel_id("far"),
        Command::Challenge(Challenge::new(user("dan"))),
    );
    elsewhere.server = Some(ServerId::new("test", "other-guild"));
    assert!(!h.service.handle(&elsewhere).ephemeral);
    let mut accept = Request::new(user("dan"), channel_id("far"), Command::Accept);
    accept.server = elsewhere.server.clone();
    assert!(!h.service.handle(&accept).ephemeral);
    assert_eq!(direct_messages(&h, "cyd").len(), 1);
    // Unfollowed, nothing more.
    let unfollow = send(
        &h.service,
        "cyd",
        "lobby",
        Command::Unfollow(Some(user("ann"))),
        None,
    );
    assert!(!unfollow.refused, "{}", unfollow.text);
    send(&h.service, "ann", "main", Command::Resign, Some(id));
    started(&h, "main", "ann", "ben", TimeControl::None);
    assert_eq!(direct_messages(&h, "cyd").len(), 1);
}

#[test]
fn following_a_game_of_another_server_is_refused() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let id = started(&h, "main", "ann", "ben", TimeControl::None);
    let mut follow = Request::new(user("cyd"), channel_id("far"), Command::Follow(None));
    follow.game = Some(id);
    follow.server = Some(ServerId::new("test", "other-guild"));
    let reply = h.service.handle(&follow);
    assert!(
        reply.refused && reply.text.contains("not played on this server"),
        "{}",
        reply.text
    );
    let own = send(&h.service, "ann", "main", Command::Follow(None), Some(id));
    assert!(own.refused, "{}", own.text);
    let me = send(
        &h.service,
        "ann",
        "main",
        Command::Follow(Some(user("ann"))),
        None,
    );
    assert!(me.refused, "{}", me.text);
}

#[test]
fn follows_are_capped_listed_and_undone() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    for n in 0..akron_service::service::FOLLOW_CAP {
        let reply = send(
            &h.service,
            "cyd",
            "lobby",
            Command::Follow(Some(user(&format!("p{n}")))),
            None,
        );
        assert!(!reply.refused, "{}", reply.text);
    }
    let again = send(
        &h.service,
        "cyd",
        "lobby",
        Command::Follow(Some(user("p0"))),
        None,
    );
    assert!(again.refused, "{}", again.text);
    let over = send(
        &h.service,
        "cyd",
        "lobby",
        Command::Follow(Some(user("zed"))),
        None,
    );
    assert!(
        over.refused && over.text.contains("20 games and players"),
        "{}",
        over.text
    );
    let list = send(&h.service, "cyd", "lobby", Command::Follow(None), None);
    assert!(
        list.text.contains("You follow 20 of at most 20"),
        "{}",
        list.text
    );
    assert!(list.text.contains("- p19"), "{}", list.text);
    let which = send(&h.service, "cyd", "lobby", Command::Unfollow(None), None);
    assert!(which.refused, "{}", which.text);
    let gone = send(
        &h.service,
        "cyd",
        "lobby",
        Command::Unfollow(Some(user("p3"))),
        None,
    );
    assert!(!gone.refused, "{}", gone.text);
    let not = send(
        &h.service,
        "cyd",
        "lobby",
        Command::Unfollow(Some(user("p3"))),
        None,
    );
    assert!(not.refused, "{}", not.text);
    let room = send(
        &h.service,
        "cyd",
        "lobby",
        Command::Follow(Some(user("zed"))),
        None,
    );
    assert!(!room.refused, "{}", room.text);
}

#[test]
fn a_tournament_game_offers_no_rematch_and_refuses_one() {
    use akron_service::service::{TournamentAction, TournamentFormat, TournamentOptions};
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("Cup", TournamentFormat::RoundRobin);
    options.size = Some(5);
    options.time = Some(TimeControl::PerMove(86_400));
    let mut create = request(
        "org",
        "lobby",
        Command::Tournament(TournamentAction::Create(options)),
        None,
    );
    create.is_moderator = true;
    assert!(!h.service.handle(&create).ephemeral);
    for who in ["ann", "ben"] {
        let joined = send(
            &h.service,
            who,
            "lobby",
            Command::Tournament(TournamentAction::Join),
            None,
        );
        assert!(!joined.ephemeral, "{}", joined.text);
    }
    let mut start = request(
        "org",
        "lobby",
        Command::Tournament(TournamentAction::Start),
        None,
    );
    start.is_moderator = true;
    assert!(!h.service.handle(&start).ephemeral);
    let id = games(&h).first().expect("round 1 is paired").id;
    let resigned = send(&h.service, "ann", "lobby", Command::Resign, Some(id));
    assert!(!resigned.ephemeral, "{}", resigned.text);
    assert!(
        !resigned
            .buttons
            .iter()
            .any(|b| b.command == Command::Rematch),
        "{:?}",
        resigned.buttons
    );
    let rematch = send(&h.service, "ben", "lobby", Command::Rematch, Some(id));
    assert!(
        rematch.refused && rematch.text.contains("tournament game"),
        "{}",
        rematch.text
    );
    assert!(rematches(&h, id).is_empty());
}

#[test]
fn a_declined_rematch_may_be_asked_again_once_more() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let old = finished(&h, "main", "ann", "ben");
    send(&h.service, "ann", "main", Command::Rematch, Some(old));
    let first = rematches(&h, old)[0].id;
    let declined = send(&h.service, "ben", "main", Command::Decline, Some(first));
    assert!(!declined.ephemeral, "{}", declined.text);
    assert!(rematches(&h, old).is_empty());
    // One at a time: once the first is gone, another may be asked, and only one.
    let again = send(&h.service, "ben", "main", Command::Rematch, Some(old));
    assert!(!again.ephemeral, "{}", again.text);
    let twice = send(&h.service, "ben", "main", Command::Rematch, Some(old));
    assert!(twice.refused, "{}", twice.text);
    let live = rematches(&h, old);
    assert_eq!(live.len(), 1);
    assert_ne!(live[0].id, first);
    assert_eq!(live[0].challenger, user("ben").id);
}

/// Regression (issue 45): on PostgreSQL a move updated its game's row twice, in its save and
/// again in the trigger that keeps `current_code` after the move's insert (one more row
/// version, with an entry in every index of `games`: the largest part of a move's work on
/// the server). The save now sets the code itself and the trigger leaves the row alone; the
/// current code is still the move's, on both databases.
#[test]
fn a_moves_save_updates_the_game_row_once() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(5, None, akron_rules::WinRule::Delayed);
    let id = GameId(1);
    let db = h.open_db().unwrap();
    let stored = game(&h, id);
    let mut rules = akron_rules::Game::from_position(
        akron_rules::Position::from_code(&stored.start_code).unwrap(),
        stored.win_rule,
    );
    rules.play("C3".parse().unwrap()).unwrap();
    let row = db::MoveRow {
        ply: 0,
        notation: "C3".to_string(),
        code: rules.position().code(),
        played_at: 7,
    };
    // The connection's counts not yet flushed to the server's statistics, the trigger's
    // statements included; read before and after the save, as they may hold earlier work.
    let updated = |c: &db::Tx<'_>| {
        c.query_one(
            "SELECT n_tup_upd FROM pg_stat_xact_user_tables WHERE relname = 'games'",
            akron_service::params![],
            |r| r.get::<i64>(0),
        )
    };
    let updates = db
        .write(|c| {
            let before = if c.is_postgres() {
                Some(updated(c)?)
            } else {
                None
            };
            db::save_game_after_move(c, &stored, &user("bob").id, &row)?;
            match before {
                Some(before) => Ok::<_, db::DbError>(Some(updated(c)? - before)),
                None => Ok(None),
            }
        })
        .unwrap();
    if let Some(updates) = updates {
        assert_eq!(updates, 1, "the game's row was updated {updates} times");
    }
    let current: String = db
        .read(|c| {
            c.query_one(
                "SELECT current_code FROM games WHERE id = ?1",
                akron_service::params![id.0],
                |r| r.get(0),
            )
        })
        .unwrap();
    assert_eq!(current, row.code);
}

/// Issue 45: a move's save at its version stores the move and reads, in the same statement,
/// the conditional moves of the player to move next and the game's followers (in the order
/// of their ids, as `game_followers` gives them); a save at a stale version is still a
/// conflict, stores no move and reads nothing.
#[test]
fn a_moves_save_reads_the_queue_and_the_followers_and_a_stale_one_is_a_conflict() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(5, None, akron_rules::WinRule::Delayed);
    let id = GameId(1);
    let db = h.open_db().unwrap();
    let stored = game(&h, id);
    let mut rules = akron_rules::Game::from_position(
        akron_rules::Position::from_code(&stored.start_code).unwrap(),
        stored.win_rule,
    );
    let mut play = |notation: &str| {
        let report = rules.play(notation.parse().unwrap()).unwrap();
        db::MoveRow {
            ply: report.ply,
            notation: notation.to_string(),
            code: rules.position().code(),
            played_at: 7,
        }
    };
    // alice's move: bob has no queue, nobody follows.
    let mut record = stored.clone();
    let saved = db
        .write(|c| db::save_game_after_move(c, &record, &user("bob").id, &play("C3")))
        .unwrap();
    assert_eq!(saved.version, stored.version + 1);
    assert_eq!((saved.premoves, saved.followers), (None, vec![]));
    record.version = saved.version;
    // Three followers, one of them with a space in its id, and alice's queue.
    db.write(|c| {
        for follower in ["zed", "ann lee", "cyd"] {
            let follow = db::Follow {
                follower: user(follower).id,
                followed: db::Followed::Game(id),
                server: None,
            };
            assert!(db::add_follow(c, &follow, 0)?);
        }
        db::set_premoves(
            c,
            id,
            &db::Premoves {
                user: user("alice").id,
                after_ply: 1,
                pairs: vec![("B2".into(), "D4".into()), ("B4".into(), "D2".into())],
            },
        )
    })
    .unwrap();
    let expected_followers = db.read(|c| db::game_followers(c, id)).unwrap();
    assert_eq!(expected_followers.len(), 3);
    let saved = db
        .write(|c| db::save_game_after_move(c, &record, &user("alice").id, &play("B2")))
        .unwrap();
    assert_eq!(saved.version, record.version + 1);
    assert_eq!(saved.followers, expected_followers);
    let queue = saved.premoves.expect("alice's queue");
    assert_eq!(queue.user, user("alice").id);
    assert_eq!(queue.after_ply, 1);
    assert_eq!(
        queue.pairs,
        vec![("B2".into(), "D4".into()), ("B4".into(), "D2".into())]
    );
    // bob has no queue.
    record.version = saved.version;
    let last = play("D4");
    let saved = db
        .write(|c| db::save_game_after_move(c, &record, &user("bob").id, &last))
        .unwrap();
    assert_eq!(saved.premoves, None);
    // At the version before: a conflict, no move stored, the game left as it was.
    let before = game(&h, id);
    let stale = db.write(|c| db::save_game_after_move(c, &record, &user("alice").id, &play("E5")));
    assert!(matches!(stale, Err(db::DbError::Conflict)), "{stale:?}");
    assert_eq!(game(&h, id).version, before.version);
    let moves = db.read(|c| db::game_moves(c, id)).unwrap();
    let notations: Vec<&str> = moves.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(notations, ["C3", "B2", "D4"]);
    assert_eq!(moves[2], last);
    // The current position, kept by a trigger on the moves, is the last move's.
    let current: String = db
        .read(|c| {
            c.query_one(
                "SELECT current_code FROM games WHERE id = ?1",
                akron_service::params![id.0],
                |r| r.get(0),
            )
        })
        .unwrap();
    assert_eq!(current, last.code);
}
