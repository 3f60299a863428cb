//! The buttons the service puts under its replies: which appear when, what pressing them
//! does, and who may press them. A press is the button's command with its game set, as a
//! front end sends it.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_rules::WinRule;
use akron_service::service::{parse_button_id, Button, Command, GameId, Reply, Request};
use common::{channel_id, mv, user, Harness};

fn labels(reply: &Reply) -> Vec<&str> {
    reply.buttons.iter().map(|b| b.label.as_str()).collect()
}

fn button<'a>(reply: &'a Reply, label: &str) -> &'a Button {
    reply
        .buttons
        .iter()
        .find(|b| b.label == label)
        .unwrap_or_else(|| panic!("no {label} button on: {} {:?}", reply.text, labels(reply)))
}

/// Presses `button` as `name`, as a front end does: the command read back from the id, aimed
/// at the id's game, in the channel the button was posted in.
fn press(h: &Harness, name: &str, button: &Button) -> Reply {
    let (command, game) = parse_button_id(&button.id).expect("the service's ids parse");
    assert_eq!((&command, game), (&button.command, button.game));
    let mut request = Request::new(user(name), channel_id("main"), command);
    request.game = Some(game);
    h.service.handle(&request)
}

#[test]
fn the_board_carries_swap_draw_and_resign_while_the_game_runs() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(5, None, WinRule::Delayed);
    let board = h.ok("alice", Command::Board(None));
    assert_eq!(labels(&board), ["Offer draw", "Resign"]);

    let placed = h.play(mv("C3"));
    assert_eq!(labels(&placed), ["Swap", "Offer draw", "Resign"]);
    let swapped = press(&h, "bob", button(&placed, "Swap"));
    assert!(!swapped.ephemeral, "{}", swapped.text);
    assert!(swapped.text.contains("swapped"), "{}", swapped.text);
    assert_eq!(labels(&swapped), ["Offer draw", "Resign"], "no second swap");

    // An open draw offer turns Offer draw into Accept draw and Decline draw.
    let offered = press(&h, "bob", button(&swapped, "Offer draw"));
    assert!(!offered.ephemeral, "{}", offered.text);
    let board = h.ok("carol", Command::Board(None));
    assert_eq!(labels(&board), ["Accept draw", "Decline draw", "Resign"]);
    let refused = press(&h, "bob", button(&board, "Accept draw"));
    assert!(
        refused.ephemeral,
        "the offerer cannot accept: {}",
        refused.text
    );
    let declined = press(&h, "alice", button(&board, "Decline draw"));
    assert!(!declined.ephemeral, "{}", declined.text);
    assert_eq!(
        labels(&h.ok("carol", Command::Board(None))),
        ["Offer draw", "Resign"]
    );
}

#[test]
fn resign_asks_the_player_first_and_refuses_anyone_else() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(5, None, WinRule::Delayed);
    let board = h.play(mv("C3"));
    let resign = button(&board, "Resign");
    assert_eq!(resign.command, Command::AskResign);

    // A bystander is refused at once, without being asked to confirm anything.
    let before = h.snapshot("main");
    let bystander = press(&h, "carol", resign);
    assert!(bystander.ephemeral);
    assert!(bystander.text.contains("not playing"), "{}", bystander.text);
    assert!(bystander.buttons.is_empty());

    // A player is asked, privately; nothing changes yet.
    let asked = press(&h, "bob", resign);
    assert!(asked.ephemeral, "{}", asked.text);
    assert!(asked.text.contains("Resign game #1"), "{}", asked.text);
    assert!(asked.image.is_none());
    assert_eq!(h.snapshot("main"), before, "asking changed the game");
    let confirm = button(&asked, "Yes, resign");
    assert_eq!(confirm.command, Command::Resign);
    assert_eq!(confirm.id, "akron:resign-confirm:1");

    // The confirmation pressed by someone else is refused too.
    let other = press(&h, "carol", confirm);
    assert!(other.ephemeral, "{}", other.text);
    assert_eq!(h.snapshot("main"), before);

    let resigned = press(&h, "bob", confirm);
    assert!(!resigned.ephemeral, "{}", resigned.text);
    assert!(
        resigned.text.contains("Black wins") && resigned.text.contains("bob resigned"),
        "{}",
        resigned.text
    );
    // A finished game's only button is Rematch (issue 43).
    let commands: Vec<Command> = resigned.buttons.iter().map(|b| b.command.clone()).collect();
    assert_eq!(
        commands,
        vec![Command::Rematch],
        "a finished game has only Rematch"
    );

    // Pressed again on the old message: the game is over.
    let late = press(&h, "bob", confirm);
    assert!(
        late.ephemeral && late.text.contains("is over"),
        "{}",
        late.text
    );
}

#[test]
fn accepting_mentions_only_the_player_to_move() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.send(
        "bob",
        Command::Challenge(akron_service::service::Challenge {
            opponent: user("alice"),
            size: Some(5),
            pieces: None,
            rule: None,
            colour: Some(akron_service::service::ColourChoice::White),
            time: None,
            thread: None,
            rated: None,
            rating: Default::default(),
        }),
    );
    let accepted = h.ok("alice", Command::Accept);
    let mentioned: Vec<&str> = accepted.mentions.iter().map(|u| u.name.as_str()).collect();
    assert_eq!(mentioned, ["alice"], "{}", accepted.text);
    assert!(
        accepted.text.contains("**bob** plays White"),
        "{}",
        accepted.text
    );
}

#[test]
fn buttons_of_an_old_game_stay_with_that_game() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    h.start(5, None, WinRule::Delayed);
    let old_board = h.play(mv("C3"));
    h.ok("bob", Command::Resign);
    h.start(5, None, WinRule::Delayed);
    let new_game = h.view().id;
    assert_eq!(new_game, GameId(2));
    let late = press(&h, "alice", button(&old_board, "Offer draw"));
    assert!(
        late.ephemeral && late.text.contains("Game #1 is over"),
        "{}",
        late.text
    );
    assert!(h.view().game.moves().is_empty());
}
