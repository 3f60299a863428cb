//! Every refusal explains itself and changes nothing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_rules::WinRule;
use akron_service::service::{Challenge, Command, Offer};
use common::{mv, user, Harness};

fn challenge(opponent: &str) -> Command {
    Command::Challenge(Challenge {
        opponent: user(opponent),
        size: None,
        pieces: None,
        rule: None,
        colour: None,
        time: None,
        thread: None,
        rated: None,
        rating: Default::default(),
    })
}

#[test]
fn no_game() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    for command in [
        Command::Move("C3".into()),
        Command::Swap,
        Command::Board(None),
        Command::Moves(None),
        Command::Resign,
        Command::Draw(Offer::Offer),
        Command::Abort,
        Command::Takeback(Offer::Offer),
        Command::History,
        Command::Export,
        Command::Accept,
        Command::Decline,
        Command::Cancel,
    ] {
        let reply = h.refused("alice", command);
        assert!(
            reply.text.contains("no game") || reply.text.contains("no open challenge"),
            "{}",
            reply.text
        );
    }
}

#[test]
fn challenges() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let r = h.refused("alice", challenge("alice"));
    assert!(r.text.contains("yourself"));
    for (size, pieces) in [(2, None), (17, None), (5, Some(2)), (5, Some(1001))] {
        let r = h.refused(
            "alice",
            Command::Challenge(Challenge {
                opponent: user("bob"),
                size: Some(size),
                pieces,
                rule: None,
                colour: None,
                time: None,
                thread: None,
                rated: None,
                rating: Default::default(),
            }),
        );
        assert!(r.text.contains("not possible"), "{}", r.text);
    }
    h.ok("alice", challenge("bob"));
    // A second challenge in the busy channel waits for a thread of its own.
    let r = h.ok("carol", challenge("dave"));
    assert!(r.text.contains("thread of its own"), "{}", r.text);
    let r = h.refused("alice", Command::Accept);
    assert!(r.text.contains("only bob can accept"), "{}", r.text);
    let r = h.refused("carol", Command::Accept);
    assert!(r.text.contains("only dave can accept"), "{}", r.text);
    let r = h.refused("erin", Command::Accept);
    assert!(r.text.contains("for bob, not for you"), "{}", r.text);
    h.refused("erin", Command::Decline);
    let r = h.refused("bob", Command::Cancel);
    assert!(r.text.contains("decline"), "{}", r.text);
    let r = h.refused("alice", Command::Move("C3".into()));
    assert!(r.text.contains("has not started"), "{}", r.text);
    h.ok("alice", Command::Cancel);
    // Another channel is a different place.
    h.ok("alice", challenge("bob"));
    let r = h.send_in("thread", "carol", challenge("dave"));
    assert!(!r.ephemeral);
    assert!(!r.text.contains("thread of its own"), "{}", r.text);
    // Typed answers find the caller's own challenge among the waiting ones.
    h.ok("bob", Command::Decline);
    h.refused("bob", Command::Accept);
    h.ok("dave", Command::Accept);
}

#[test]
fn moves() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(5, None, WinRule::Delayed);
    let r = h.refused("bob", Command::Move("C3".into()));
    assert!(
        r.text.contains("not your turn: alice is to move (Black)"),
        "{}",
        r.text
    );
    let r = h.refused("carol", Command::Move("C3".into()));
    assert!(r.text.contains("not playing in game #1"), "{}", r.text);
    for (text, expect) in [
        ("zz", "is not a move"),
        ("C3 D4", "is not a move"),
        ("C 3", "is not a move"),
        ("", "is not a move"),
        ("C3'", "not legal here"),
        // Regression (issue 17): the range named is this board's, not 16 × 16's.
        (
            "F6",
            "F6 is not on this 5 × 5 board: column F is outside A to E and row 6 is outside 1 to 5",
        ),
        (
            "D0",
            "D0 is not on this 5 × 5 board: row 0 is outside 1 to 5",
        ),
        ("swap", "not legal here"),
        ("A1-A2", "not legal here"),
    ] {
        let r = h.refused("alice", Command::Move(text.into()));
        assert!(r.text.contains(expect), "{text}: {}", r.text);
    }
    h.play(mv("C3"));
    let r = h.refused("bob", Command::Move("C3".into()));
    assert!(r.text.contains("C3 is occupied"), "{}", r.text);
    let r = h.refused("bob", Command::Moves(Some("C3".into())));
    assert!(r.text.contains("Black's"), "{}", r.text);
    let r = h.refused("bob", Command::Moves(Some("Q9".into())));
    assert!(r.text.contains("column Q is outside A to E"), "{}", r.text);
    // Where a connected piece can go: a picture and the names.
    h.play(mv("A1"));
    h.play(mv("C2"));
    h.play(mv("A2"));
    let selected = h.ok("alice", Command::Moves(Some("C3".into())));
    assert!(
        selected.text.contains("The piece on C3 can go to"),
        "{}",
        selected.text
    );
    assert!(selected
        .image
        .is_some_and(|png| png.starts_with(b"\x89PNG")));
    h.ok("alice", Command::Takeback(Offer::Offer));
    h.ok("bob", Command::Takeback(Offer::Accept));
    h.ok("bob", Command::Takeback(Offer::Offer));
    h.ok("alice", Command::Takeback(Offer::Accept));
    assert_eq!(h.view().game.moves().len(), 1);
    let listed = h.ok("bob", Command::Moves(None));
    assert!(listed.text.contains("- swap"), "{}", listed.text);
    h.play(mv("D4"));
    let r = h.refused("bob", Command::Swap);
    assert!(r.text.contains("not your turn"), "{}", r.text);
    let r = h.refused("alice", Command::Swap);
    assert!(r.text.contains("swap is only possible"), "{}", r.text);
    // Only players resign, offer draws or abort.
    h.refused("carol", Command::Resign);
    h.refused("carol", Command::Draw(Offer::Offer));
    h.refused("carol", Command::Abort);
    h.refused("alice", Command::Draw(Offer::Accept));
    h.refused("alice", Command::Draw(Offer::Decline));
    h.ok("alice", Command::Draw(Offer::Offer));
    let r = h.refused("alice", Command::Draw(Offer::Offer));
    assert!(r.text.contains("already offered"));
    // Game over.
    h.ok("bob", Command::Resign);
    let r = h.refused("bob", Command::Resign);
    assert!(
        r.text.contains("is over") && r.text.contains("by resignation"),
        "the refusal names the result: {}",
        r.text
    );
    let mut old = akron_service::service::Request::new(
        user("alice"),
        common::channel_id("main"),
        Command::Move("B2".into()),
    );
    old.game = Some(akron_service::service::GameId(1));
    let r = h.service.handle(&old);
    assert!(r.ephemeral && r.text.contains("is over"), "{}", r.text);
}

/// Regression (issue 17): a draw offer cannot be repeated until the opponent has moved
/// twice, and an offer the opponent moves past lapses with a word in the move's reply.
#[test]
fn draw_offers_lapse_visibly_and_cannot_be_spammed() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(5, None, akron_rules::WinRule::Delayed);
    h.play(mv("C3"));
    // bob (to move) offers; alice declines; bob may not offer again yet.
    h.ok("bob", Command::Draw(Offer::Offer));
    h.ok("alice", Command::Draw(Offer::Decline));
    let r = h.refused("bob", Command::Draw(Offer::Offer));
    assert!(r.text.contains("once alice has moved twice"), "{}", r.text);
    h.play(mv("B2"));
    // alice offers, bob moves instead of answering: the offer lapses, and the reply says so.
    h.ok("alice", Command::Draw(Offer::Offer));
    h.play(mv("D4"));
    let reply = h.play(mv("B4"));
    assert!(
        reply
            .text
            .contains("The draw offer from alice lapsed: bob moved instead of answering"),
        "{}",
        reply.text
    );
    let r = h.refused("bob", Command::Draw(Offer::Offer));
    assert!(
        r.text.contains("moved twice"),
        "one alice move is not enough: {}",
        r.text
    );
    h.play(mv("D2"));
    // alice has now moved twice since bob's offer (D4, D2).
    h.ok("bob", Command::Draw(Offer::Offer));
}
