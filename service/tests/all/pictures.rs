//! What players see besides text: board views (and each user's default), the piece
//! selection naming its drops, and replays as animated GIFs.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_rules::{GameOptions, Move, WinRule};
use akron_service::service::{Command, ReplayRequest, Setting, Speed, View};
use common::{find_line, Harness};

fn options(size: u8, pile: u16) -> GameOptions {
    GameOptions {
        size,
        pile,
        win_rule: WinRule::Delayed,
    }
}

fn png(bytes: Option<&[u8]>) -> image::DynamicImage {
    image::load_from_memory_with_format(bytes.expect("a picture"), image::ImageFormat::Png)
        .expect("a PNG")
}

#[test]
fn the_plan_view_is_asked_for_or_chosen_once_in_settings() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(5, None, WinRule::Delayed);
    h.play(common::mv("C3"));
    let perspective = h.ok("alice", Command::Board(None));
    let plan = h.ok("alice", Command::Board(Some(View::Plan)));
    assert_ne!(perspective.image, plan.image, "two different drawings");
    png(plan.image.as_deref());
    let saved = h.send("bob", Command::Settings(Some(Setting::View(View::Plan))));
    assert!(saved.text.contains("Your boards: **plan"), "{}", saved.text);
    // bob's boards are plans from now on; alice's stay in perspective.
    assert_eq!(h.ok("bob", Command::Board(None)).image, plan.image);
    assert_eq!(h.ok("alice", Command::Board(None)).image, perspective.image);
    let shown = h.ok("bob", Command::Show("5:b:12,12:5/5/5/5/5".into(), None));
    let explicit = h.ok(
        "bob",
        Command::Show("5:b:12,12:5/5/5/5/5".into(), Some(View::Plan)),
    );
    assert_eq!(shown.image, explicit.image);
}

/// The board view is read with the languages, before the command runs (issue 45: one round
/// trip fewer a move on PostgreSQL); each move is still drawn in its player's own view, and
/// a conditional answer, played by the service for the other player, in that player's.
#[test]
fn a_move_is_drawn_in_its_players_own_view() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(5, None, WinRule::Delayed);
    h.send("bob", Command::Settings(Some(Setting::View(View::Plan))));
    let board = |view| h.ok("carol", Command::Board(Some(view))).image;
    let alice = h.ok("alice", Command::Move("C3".into()));
    assert_eq!(
        alice.image,
        board(View::Perspective),
        "alice's default view"
    );
    let bob = h.ok("bob", Command::Move("B2".into()));
    assert_eq!(bob.image, board(View::Plan), "bob chose plan");
    assert_ne!(bob.image, board(View::Perspective));
    let queued = h.send("bob", Command::Premove("D4 E5".into()));
    assert!(queued.text.contains("you answer E5"), "{}", queued.text);
    let answered = h.ok("alice", Command::Move("D4".into()));
    assert!(answered.text.contains("E5"), "{}", answered.text);
    assert_eq!(
        answered.image,
        board(View::Plan),
        "the answer is bob's move"
    );
}

#[test]
fn a_selected_piece_says_what_its_step_drops() {
    // A line whose last move steps a piece that carries another.
    let line = find_line(options(5, 12), false, 120, |r, _| {
        !r.effect.drops.is_empty() && r.outcome.is_none()
    });
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(5, Some(12), WinRule::Delayed);
    let (last, before) = line.split_last().expect("moves");
    for &m in before {
        h.play(m);
    }
    let Move::Step { from, .. } = *last else {
        panic!("a step drops");
    };
    let who = {
        let view = h.view();
        view.players.get(view.game.turn()).name.clone()
    };
    let reply = h.ok(&who, Command::Moves(Some(from.to_string())));
    assert!(
        reply
            .text
            .contains("Whichever step it takes, what rests on it drops:"),
        "{}",
        reply.text
    );
    assert!(reply.text.contains(" → "), "{}", reply.text);
}

#[test]
fn a_game_replays_as_a_gif_and_a_bad_range_is_refused() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(5, None, WinRule::Delayed);
    for m in ["C3", "B2", "D4"] {
        h.play(common::mv(m));
    }
    let replay = h.ok(
        "carol",
        Command::Replay(ReplayRequest {
            speed: Some(Speed::Fast),
            ..ReplayRequest::default()
        }),
    );
    assert!(
        replay.text.contains("Game #1, moves 1 to 3 of 3"),
        "{}",
        replay.text
    );
    let gif = replay.animation.expect("a GIF");
    assert!(gif.starts_with(b"GIF89a"));
    let part = h.ok(
        "carol",
        Command::Replay(ReplayRequest {
            from: Some(2),
            to: Some(3),
            ..ReplayRequest::default()
        }),
    );
    assert!(part.text.contains("moves 2 to 3 of 3"), "{}", part.text);
    let r = h.refused(
        "carol",
        Command::Replay(ReplayRequest {
            from: Some(5),
            ..ReplayRequest::default()
        }),
    );
    assert!(r.text.contains("has 3 moves"), "{}", r.text);
    // A record replays too, and show animates it.
    let record =
        String::from_utf8(h.ok("alice", Command::Export).attachment.unwrap().content).unwrap();
    let from_record = h.ok(
        "carol",
        Command::Replay(ReplayRequest {
            record: Some(record.clone()),
            ..ReplayRequest::default()
        }),
    );
    assert!(from_record.animation.is_some());
    let shown = h.ok("carol", Command::Show(record, None));
    assert!(shown.animation.is_some() && shown.image.is_some());
}

#[test]
fn a_game_without_moves_has_nothing_to_replay() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(5, None, WinRule::Delayed);
    let r = h.refused("alice", Command::Replay(ReplayRequest::default()));
    assert!(r.text.contains("no moves yet"), "{}", r.text);
}
