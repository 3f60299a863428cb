//! Regression (issue 26, point 9): messages that misled or said too little, each checked
//! through the service as a player meets it.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_rules::WinRule;
use akron_service::service::{
    Challenge, ColourChoice, Command, ManualClock, PuzzleCommand, PuzzleId, Service, TimeControl,
};
use common::{mv, Harness, T0};
use std::sync::Arc;

const DAY: i64 = 86_400;

/// Settles what is due and returns the texts of the notices delivered.
fn notices(h: &Harness) -> Vec<String> {
    h.service.tick(h.service.now()).unwrap();
    let mut texts = Vec::new();
    for notice in h.service.due_notices("test", 100).unwrap() {
        texts.push(notice.reply.text.clone());
        h.service.notice_delivered(notice.id).unwrap();
    }
    texts
}

/// A game of `size` between alice (Black) and bob with `time`.
fn start(h: &Harness, size: u8, time: Option<TimeControl>) {
    let mut challenge = Challenge::new(common::user("bob"));
    challenge.size = Some(size);
    challenge.colour = Some(ColourChoice::Black);
    challenge.time = time;
    h.ok("alice", Command::Challenge(challenge));
    h.ok("bob", Command::Accept);
}

/// A finished game's board said "Black to move" when drawn as text: the reply now carries
/// the result for text boards.
#[test]
fn a_finished_games_board_carries_its_result() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    start(&h, 5, None);
    let running = h.ok("alice", Command::Board(None));
    assert_eq!(running.result, None);
    h.play(mv("C3"));
    h.play(mv("B2"));
    h.ok("bob", Command::Resign);
    let board = h.ok("alice", Command::Board(None));
    assert_eq!(
        board.result.as_deref(),
        Some("bob resigned: alice wins"),
        "{}",
        board.text
    );
}

/// A correspondence game aborted because its first player never moved said only "Game #1 is
/// aborted".
#[test]
fn a_game_aborted_because_its_first_player_never_moved_says_why() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    start(&h, 5, Some(TimeControl::PerMove(DAY)));
    h.clock.advance(DAY + 1);
    let texts = notices(&h);
    assert!(
        texts
            .iter()
            .any(|t| t.contains("Game #1 is aborted: **alice** did not make a first move in time")),
        "{texts:#?}"
    );
    // And one called off by command says who called it off.
    start(&h, 5, None);
    let called = h.ok("bob", Command::Abort);
    assert!(
        called.text.contains("is aborted: **bob** called it off"),
        "{}",
        called.text
    );
}

fn puzzle_service() -> Option<Harness> {
    let database = common::TestDatabase::new(super::BACKEND)?;
    let clock = Arc::new(ManualClock::new(T0));
    let mut config = database.config();
    config.ai.playouts = Some(40);
    config.ai.searches = 1;
    let service = Service::with_clock(config, clock.clone()).unwrap();
    Some(Harness {
        database,
        service,
        clock,
    })
}

/// `puzzle solve #1 A2 B2 ...` with B2 occupied said "does not win by force" instead of
/// naming the illegal move; the poster was told about themself in the third person.
#[test]
fn a_puzzle_answer_with_an_illegal_move_names_it() {
    let Some(h) = puzzle_service() else { return };
    let posted = h.send(
        "frank",
        Command::Puzzle(PuzzleCommand::Create {
            code: "3:b:3,4:b2/3/b2".into(),
            rule: Some(WinRule::Immediate),
            title: String::new(),
            several: false,
        }),
    );
    assert!(!posted.ephemeral, "{}", posted.text);
    let id = PuzzleId(1);
    let solve = |moves: &[&str]| {
        h.send(
            "erin",
            Command::Puzzle(PuzzleCommand::Solve(
                id,
                moves.iter().map(ToString::to_string).collect(),
            )),
        )
    };
    let illegal = solve(&["B2", "A1", "C3"]);
    assert!(
        illegal.refused
            && illegal
                .text
                .starts_with("A1 is not a legal move there (move 2"),
        "{}",
        illegal.text
    );
    let wrong = solve(&["B2"]);
    assert!(
        !wrong.refused && wrong.text.starts_with("Not quite"),
        "{}",
        wrong.text
    );
    let right = solve(&["A2"]);
    assert!(
        !right.refused && right.ephemeral && right.text.starts_with("Correct"),
        "a private success is not a refusal: {}",
        right.text
    );
    let own = h.send("frank", Command::Puzzle(PuzzleCommand::Answer(id)));
    assert!(
        akron_service::catalogue::console_commands(&own.text)
            .contains("You posted it, so `puzzle reveal #1` opens it now"),
        "{}",
        own.text
    );
    let other = h.send("erin", Command::Puzzle(PuzzleCommand::Answer(id)));
    assert!(
        other.text.contains("or sooner if frank reveals it"),
        "{}",
        other.text
    );
}

/// `show` of an exported record printed the raw status `black wins connection`; a resigned
/// game's record said whose turn it was.
#[test]
fn show_of_a_record_says_the_result_in_words() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    start(&h, 5, None);
    h.play(mv("C3"));
    h.play(mv("B2"));
    h.ok("bob", Command::Resign);
    let export = h.ok("alice", Command::Export);
    let record = String::from_utf8(export.attachment.expect("the record").content).unwrap();
    assert!(
        record.contains("[Result \"black wins resignation\"]"),
        "{record}"
    );
    let shown = h.ok("carol", Command::Show(record, None));
    assert!(
        shown
            .text
            .contains("After 2 moves: bob resigned: alice wins."),
        "{}",
        shown.text
    );
    let connected = h.ok(
        "carol",
        Command::Show(
            "[Size \"3\"]\n[Rule \"immediate\"]\n[Black \"ann\"]\n[White \"ben\"]\n\n1. A1 B1\n2. A2 C2\n3. A3\n".into(),
            None,
        ),
    );
    assert!(
        !connected.text.contains("wins connection") && connected.text.contains("ann wins"),
        "{}",
        connected.text
    );
}
