//! Full games through the service on a real SQLite file.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_rules::{Color, GameOptions, Reason, WinRule};
use akron_service::model::Status;
use akron_service::service::{Command, Offer};
use common::{find_line, mv, Harness};

fn is_png(bytes: Option<&[u8]>) -> bool {
    bytes.is_some_and(|b| b.len() > 100 && b.starts_with(b"\x89PNG"))
}

fn options(size: u8, pile: u16, rule: WinRule) -> GameOptions {
    GameOptions {
        size,
        pile,
        win_rule: rule,
    }
}

#[test]
fn a_swapped_game_ends_with_a_delayed_connection() {
    // A line with a swap where a connection is made, survives the reply, and wins.
    let line = find_line(options(4, 8, WinRule::Delayed), true, 60, |r, g| {
        r.outcome.map(|o| o.reason) == Some(Reason::Connection)
            && g.taken_back(1).pending_connection().is_some()
    });
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(4, Some(8), WinRule::Delayed);
    assert_eq!(h.view().players.black.name, "alice");
    let mut replies = Vec::new();
    for (i, &m) in line.iter().enumerate() {
        replies.push(h.play(m));
        if i == 1 {
            // bob swapped: he is Black now and alice, White, moves next.
            let view = h.view();
            assert_eq!(view.players.black.name, "bob");
            assert_eq!(view.players.white.name, "alice");
            assert!(
                replies[1].text.contains("**bob** swapped"),
                "{}",
                replies[1].text
            );
            assert!(replies[1].text.contains("<@test:alice> to move (White)"));
        }
    }
    let before_last = &replies[replies.len() - 2];
    assert!(
        before_last.text.contains("connects**: ") && before_last.text.contains("must cut it now"),
        "pending connection warning missing: {}",
        before_last.text
    );
    let last = replies.last().expect("replies");
    assert!(last.text.contains("wins**"), "{}", last.text);
    assert!(is_png(last.image.as_deref()));
    assert!(h
        .service
        .channel_game(&common::channel_id("main"))
        .expect("loads")
        .is_none());
    // The result is stored with the right player, after the swap.
    let export = h.ok("alice", Command::Export);
    let record = String::from_utf8(export.attachment.expect("a file").content).expect("text");
    assert!(
        record.contains("[Result \"") && record.contains("wins connection\"]"),
        "{record}"
    );
    let shown = h.ok("carol", Command::Show(record.clone(), None));
    let final_code = record
        .lines()
        .find_map(|l| {
            l.strip_prefix("[Final \"")
                .and_then(|l| l.strip_suffix("\"]"))
        })
        .expect("final code");
    assert_eq!(shown.position.as_deref(), Some(final_code));
    // Regression (issue 26): the raw status `black wins connection`, now in words.
    assert!(shown.text.contains("wins by connection"), "{}", shown.text);
    // Nobody can move in a finished game, and the refusal says why: the game is over, and
    // how it ended (it used to say there was no game in this channel).
    let refusal = h.send("alice", Command::Move("A1".into()));
    assert!(refusal.ephemeral);
    assert!(
        refusal.text.contains("Game #1 is over") && refusal.text.contains("won by connection"),
        "{}",
        refusal.text
    );
    let refusal = h.send("bob", Command::Resign);
    assert!(refusal.text.contains("is over"), "{}", refusal.text);
}

#[test]
fn drops_are_reported() {
    let line = find_line(options(5, 12, WinRule::Delayed), false, 80, |r, _| {
        !r.effect.drops.is_empty() && r.outcome.is_none()
    });
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(5, Some(12), WinRule::Delayed);
    let mut last = None;
    for &m in &line {
        last = Some(h.play(m));
    }
    let last = last.expect("moves");
    assert!(
        is_png(last.image.as_deref()),
        "a move reply carries the board"
    );
    assert!(last.text.contains("stepped"), "{}", last.text);
    assert!(last.text.contains("dropped to"), "{}", last.text);
    assert!(last.text.contains("to move ("), "{}", last.text);
}

#[test]
fn an_immediate_rule_game_is_won_at_once() {
    let line = find_line(options(4, 8, WinRule::Immediate), false, 60, |r, _| {
        r.outcome.map(|o| o.reason) == Some(Reason::Connection)
    });
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(4, Some(8), WinRule::Immediate);
    let mut replies = Vec::new();
    for &m in &line {
        replies.push(h.play(m));
    }
    let last = replies.last().expect("moves");
    assert!(last.text.contains("wins** (") && last.text.contains("connects its edges"));
    // Under the immediate rule nothing is ever pending.
    assert!(replies.iter().all(|r| !r.text.contains("must cut it now")));
    let board = h.ok("alice", Command::Board(None));
    assert!(board.text.contains("won by connection"), "{}", board.text);
}

#[test]
fn threefold_repetition_draws() {
    let line = find_line(options(3, 3, WinRule::Delayed), false, 200, |r, _| {
        r.outcome.map(|o| o.reason) == Some(Reason::Repetition)
    });
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(3, Some(3), WinRule::Delayed);
    let mut last = None;
    for &m in &line {
        last = Some(h.play(m));
    }
    let last = last.expect("moves");
    assert!(last.text.contains("draw by repetition"), "{}", last.text);
    let history = h.ok("bob", Command::History);
    assert!(
        history.text.contains("drawn by threefold repetition"),
        "{}",
        history.text
    );
}

#[test]
fn resignation_draw_and_abort() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(6, None, WinRule::Delayed);
    h.play(mv("C3"));
    h.play(mv("D4"));
    let reply = h.ok("bob", Command::Resign);
    assert!(
        reply.text.contains("**Black wins** (bob resigned)"),
        "{}",
        reply.text
    );
    assert!(h
        .service
        .channel_game(&common::channel_id("main"))
        .expect("ok")
        .is_none());

    h.start(6, None, WinRule::Delayed);
    h.play(mv("C3"));
    h.play(mv("D4"));
    let offer = h.ok("alice", Command::Draw(Offer::Offer));
    assert_eq!(offer.buttons.len(), 2);
    assert_eq!(offer.mentions[0].name, "bob");
    // An offer made with one's move stays open for the opponent...
    h.play(mv("E5"));
    // ...and lapses, with a word, when the opponent moves instead of answering.
    let lapsed = h.play(mv("B2"));
    assert!(lapsed.text.contains("lapsed"), "{}", lapsed.text);
    h.refused("bob", Command::Draw(Offer::Accept));
    // A fresh one can be declined, then offered again once the opponent has moved twice,
    // and accepted.
    h.ok("bob", Command::Draw(Offer::Offer));
    h.ok("alice", Command::Draw(Offer::Decline));
    h.refused("bob", Command::Draw(Offer::Offer));
    for m in ["A1", "F6", "A6"] {
        h.play(mv(m));
    }
    h.ok("bob", Command::Draw(Offer::Offer));
    h.refused("bob", Command::Draw(Offer::Accept));
    let reply = h.ok("alice", Command::Draw(Offer::Accept));
    assert!(reply.text.contains("Draw by agreement"), "{}", reply.text);

    // Abort before each side has moved, by a player.
    h.start(6, None, WinRule::Delayed);
    h.play(mv("C3"));
    let reply = h.ok("bob", Command::Abort);
    assert!(reply.text.contains("aborted"), "{}", reply.text);
    // After both have moved only a moderator may abort.
    h.start(6, None, WinRule::Delayed);
    h.play(mv("C3"));
    h.play(mv("D4"));
    h.refused("alice", Command::Abort);
    let mut request = akron_service::service::Request::new(
        common::user("mod"),
        common::channel_id("main"),
        Command::Abort,
    );
    request.is_moderator = true;
    let reply = h.service.handle(&request);
    assert!(
        !reply.ephemeral && reply.text.contains("aborted"),
        "{}",
        reply.text
    );
    let history = h.ok("alice", Command::History);
    assert!(history.text.contains("aborted"), "{}", history.text);
}

#[test]
fn takeback_requests() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(6, None, WinRule::Delayed);
    h.refused("alice", Command::Takeback(Offer::Offer));
    h.play(mv("C3"));
    let after_c3 = h.view().game.position().code();
    h.play(mv("D4"));
    // alice asks: her C3 and bob's reply go back.
    let ask = h.ok("alice", Command::Takeback(Offer::Offer));
    assert!(ask.text.contains("(and your reply)"), "{}", ask.text);
    h.refused("alice", Command::Takeback(Offer::Accept));
    h.refused("carol", Command::Takeback(Offer::Accept));
    h.ok("bob", Command::Takeback(Offer::Accept));
    let view = h.view();
    assert!(view.game.moves().is_empty());
    assert_eq!(view.game.turn(), Color::Black);
    // bob asks after his own move: one ply goes back; alice declines first, then accepts.
    h.play(mv("C3"));
    h.play(mv("D4"));
    h.ok("bob", Command::Takeback(Offer::Offer));
    h.ok("alice", Command::Takeback(Offer::Decline));
    assert_eq!(h.view().game.moves().len(), 2);
    h.ok("bob", Command::Takeback(Offer::Offer));
    h.ok("alice", Command::Takeback(Offer::Accept));
    let view = h.view();
    assert_eq!(view.game.moves().len(), 1);
    assert_eq!(view.game.position().code(), after_c3);
    // The stored game agrees after a reopen.
    let mut h = h;
    h.reopen();
    assert_eq!(h.view().game.position().code(), after_c3);
    h.play(mv("B2"));
    assert_eq!(h.service.check_all_games().expect("all load"), 1);
}

#[test]
fn reopening_the_database_mid_game_continues_it() {
    let Some(mut h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(5, None, WinRule::Delayed);
    h.play(mv("C3"));
    h.play(mv("swap"));
    h.play(mv("B2"));
    let before = h.view().game.position().code();
    h.reopen();
    let view = h.view();
    assert_eq!(view.game.position().code(), before);
    assert_eq!(view.players.black.name, "bob", "the swap survives a reopen");
    h.play(mv("D4"));
    h.reopen();
    assert_eq!(h.view().game.moves().len(), 4);
    assert_eq!(h.service.check_all_games().expect("loads"), 1);
}

#[test]
fn a_damaged_stored_game_is_reported_not_accepted() {
    let Some(mut h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(5, None, WinRule::Delayed);
    h.play(mv("C3"));
    h.play(mv("D4"));
    {
        let db = h.open_db().expect("opens");
        db.write(|tx| {
            tx.execute(
                "UPDATE moves SET code = '5:b:11,11:5/5/5/5/5' WHERE ply = 1",
                akron_service::params![],
            )
        })
        .expect("tampers");
    }
    h.reopen();
    let err = h.service.check_all_games().expect_err("damage is found");
    assert!(err.to_string().contains("after ply 1"), "{err}");
    let reply = h.send("alice", Command::Board(None));
    assert!(reply.ephemeral);
    assert!(reply.text.contains("damaged"), "{}", reply.text);
    let refusal = h.send("alice", Command::Move("A1".into()));
    assert!(refusal.ephemeral);
}

#[test]
fn challenges_expire_after_a_day() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let challenge = |h: &Harness| {
        h.send(
            "alice",
            Command::Challenge(akron_service::service::Challenge {
                opponent: common::user("bob"),
                size: Some(5),
                pieces: None,
                rule: None,
                colour: None,
                time: None,
                thread: None,
                rated: None,
                rating: Default::default(),
            }),
        )
    };
    let reply = challenge(&h);
    assert!(!reply.ephemeral);
    assert_eq!(reply.buttons.len(), 3);
    assert_eq!(reply.buttons[0].id, "akron:accept:1");
    h.clock.advance(24 * 60 * 60 - 1);
    assert_eq!(h.view().status, Status::Open);
    h.clock.advance(1);
    let late = h.refused("bob", Command::Accept);
    assert!(late.text.contains("expired"), "{}", late.text);
    // Reads never write: the challenge ends in the scheduler's tick.
    assert_eq!(h.view().status, Status::Open);
    h.service.tick(h.service.now()).unwrap();
    // The channel is free again, and pressing the old button says so.
    assert!(!challenge(&h).ephemeral);
    let mut old_button = akron_service::service::Request::new(
        common::user("bob"),
        common::channel_id("main"),
        Command::Accept,
    );
    old_button.game = Some(akron_service::service::GameId(1));
    let reply = h.service.handle(&old_button);
    assert!(
        reply.ephemeral && reply.text.contains("no longer open"),
        "{}",
        reply.text
    );
}

#[test]
fn games_lists_every_channel_and_whose_turn() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start_in("one", "alice", "bob", 5, None, WinRule::Delayed);
    h.start_in("two", "carol", "alice", 5, None, WinRule::Delayed);
    h.send_in(
        "three",
        "dave",
        Command::Challenge(akron_service::service::Challenge {
            opponent: common::user("alice"),
            size: None,
            pieces: None,
            rule: None,
            colour: None,
            time: None,
            thread: None,
            rated: None,
            rating: Default::default(),
        }),
    );
    h.clock.advance(3 * 3600 + 120);
    let reply = h.ok("alice", Command::Games);
    assert!(reply.text.contains("(2 waiting for you)"), "{}", reply.text);
    assert!(
        reply.text.contains("**your move** (for 3 h)"),
        "how long the game has waited: {}",
        reply.text
    );
    // What waits for alice comes first: her move in game 1, dave's challenge (game 3), then
    // game 2, where carol is to move.
    let order: Vec<usize> = ["game #1 ", "game #3 ", "game #2 "]
        .iter()
        .map(|game| reply.text.find(game).expect("listed"))
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{}", reply.text);
    assert!(
        reply.text.contains("from dave: **accept or decline**"),
        "{}",
        reply.text
    );
    // Channels are tokens each front end renders in its own way (Discord: a channel link).
    assert!(
        reply.text.contains("in <#test:one>") && reply.text.contains("in <#test:two>"),
        "{}",
        reply.text
    );
    let channels: Vec<&str> = reply.channels.iter().map(|c| c.as_str()).collect();
    assert_eq!(channels, ["test:one", "test:two", "test:three"]);
    assert!(reply
        .text_with(|u| u.name.clone(), |c| format!("#{}", c.local()))
        .contains("game #1 in #one"));
    assert!(
        reply
            .text
            .contains("against carol, move 1: carol to move (for 3 h)"),
        "{}",
        reply.text
    );
    h.refused("erin", Command::Games);
}

#[test]
fn a_long_games_list_fits_one_message() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    for i in 0..60 {
        h.start_in(
            &format!("c{i}"),
            "alice",
            &format!("p{i}"),
            5,
            None,
            WinRule::Delayed,
        );
    }
    let reply = h.ok("alice", Command::Games);
    assert!(
        reply.text.contains("(60 waiting for you)"),
        "{}",
        reply.text
    );
    assert!(
        reply.text.chars().count() <= akron_service::service::MAX_TEXT,
        "{}",
        reply.text.chars().count()
    );
    assert!(reply.text.contains("more lines"), "{}", reply.text);
}

#[test]
fn show_reads_codes_and_refuses_nonsense() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let reply = h.ok("carol", Command::Show("3:b:4,4:3/1b1/3".into(), None));
    assert_eq!(reply.position.as_deref(), Some("3:b:4,4:3/1b1/3"));
    assert!(is_png(reply.image.as_deref()));
    let reply = h.refused("carol", Command::Show("3:b:4,4:3/1b1".into(), None));
    assert!(reply
        .text
        .contains("neither a position code nor a game record"));
    let reply = h.refused(
        "carol",
        Command::Show("[Size \"4\"]\n1. B2 B2".into(), None),
    );
    assert!(
        reply.text.contains("move 2 (B2) cannot be played"),
        "{}",
        reply.text
    );
    let rules = h.ok("carol", Command::Rules);
    assert!(rules.text.contains("https://akron.test/docs/rules.md"));
    assert!(rules.image.is_none(), "a link, so no picture");
}

/// Regression (issue 17): `rules` linked to the placeholder `https://example.invalid/...`.
/// Without a configured URL it links nowhere and shows a picture instead.
#[test]
fn rules_without_a_configured_url_link_nowhere_and_show_a_picture() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut config = akron_service::service::Config::with_db(dir.path().join("akron.db"));
    config.rules_url = None;
    let service = akron_service::service::Service::open(config).expect("opens");
    let reply = service.handle(&akron_service::service::Request::new(
        common::user("carol"),
        common::channel_id("main"),
        Command::Rules,
    ));
    assert!(!reply.ephemeral, "{}", reply.text);
    assert!(!reply.text.contains("http"), "{}", reply.text);
    assert!(reply.text.contains("Black steps A1-D1"), "{}", reply.text);
    // Regression (issue 26): it did not say where the full guide is.
    assert!(reply.text.contains("`docs/rules.md`"), "{}", reply.text);
    assert!(reply.text.chars().count() <= 2_000, "one Discord message");
    let png = reply.image.expect("a picture instead of the link");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
}

/// Regression (issue 26): the `rules` reply said covering too absolutely ("a marble with an
/// enemy marble in its column above it is cut off") and left out the four supports of a
/// raised point, cascades up the stack, that a step's new point must touch a group marble
/// that stays, that only level-0 marbles touch an edge (corners for both), and that a player
/// with no legal move loses.
#[test]
fn the_rules_reply_states_every_rule_a_player_needs() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let rules = h.ok("carol", Command::Rules);
    let text = &rules.text;
    for needed in [
        "only while all four are there",
        "up the stack",
        "a marble of that group that stays put",
        "Only marbles in the holes touch an edge; a corner hole is on both edges",
        "**top marble's colour** rules",
        "one of the top's colour is not, even under an enemy",
        "no legal move loses",
        "third repetition is a draw",
    ] {
        assert!(text.contains(needed), "`{needed}` is missing from:\n{text}");
    }
    assert!(!text.contains("in its column above"), "{text}");
    assert!(
        text.chars().count() <= 2_000,
        "one Discord message: {}",
        text.len()
    );
}

#[test]
fn a_player_without_a_legal_move_loses() {
    let line = find_line(options(3, 3, WinRule::Delayed), false, 200, |r, _| {
        r.outcome.map(|o| o.reason) == Some(Reason::NoLegalMove)
    });
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(3, Some(3), WinRule::Delayed);
    let mut last = None;
    for &m in &line {
        last = Some(h.play(m));
    }
    let last = last.expect("moves");
    assert!(last.text.contains("has no legal move"), "{}", last.text);
    let export = h.ok("alice", Command::Export);
    let record = String::from_utf8(export.attachment.expect("file").content).expect("text");
    assert!(record.contains("wins no-moves"), "{record}");
}

/// Issue 28, point 5: `history` numbers each move by its ply, as the board's caption does
/// (`Move 3: B2`), not by pairs of moves.
#[test]
fn history_numbers_moves_by_ply_as_the_pictures_do() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(6, None, WinRule::Delayed);
    h.play(mv("C3"));
    h.play(mv("D4"));
    h.play(mv("B2"));
    let history = h.ok("bob", Command::History);
    assert!(history.text.contains("   1. C3"), "{}", history.text);
    assert!(history.text.contains("   2. D4"), "{}", history.text);
    assert!(history.text.contains("   3. B2"), "{}", history.text);
    assert!(!history.text.contains("   2. B2"), "{}", history.text);
}
