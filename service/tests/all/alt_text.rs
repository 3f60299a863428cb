//! Text alternatives for board pictures (issue 31): the description names what a sighted
//! player takes from the picture, checked against the position the same moves make.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_rules::{Color, Game, GameOptions, MoveReport, Reason, WinRule};
use akron_service::service::{
    Command, Language, Languages, Platform, Reply, Request, ServerId, Setting, MAX_ALT,
};
use common::{find_line, Harness};

fn options(size: u8, pile: u16, rule: WinRule) -> GameOptions {
    GameOptions {
        size,
        pile,
        win_rule: rule,
    }
}

/// The same moves played by the rules alone: the game and the last move's report.
fn replayed(options: GameOptions, line: &[akron_rules::Move]) -> (Game, MoveReport) {
    let mut game = Game::new(options).unwrap();
    let mut report = None;
    for &m in line {
        report = Some(game.play(m).unwrap());
    }
    (game, report.unwrap())
}

fn alt(reply: &Reply) -> &str {
    let alt = reply
        .alt
        .as_deref()
        .expect("a board carries its text alternative");
    assert!(alt.chars().count() <= MAX_ALT, "{alt}");
    alt
}

/// Every marble of the position is named on its level.
fn names_every_marble(alt: &str, game: &Game) {
    for (point, colour) in game.position().pieces() {
        assert!(
            alt.contains(&point.to_string()),
            "{point} ({colour:?}) is missing from: {alt}"
        );
    }
}

fn marbles(n: u16) -> String {
    format!("{n} marble{}", if n == 1 { "" } else { "s" })
}

fn board_on_server(h: &Harness, language: &str) -> Reply {
    let request = |who: &str, moderator, command| Request {
        platform: Platform::plain("test"),
        user: common::user(who),
        channel: common::channel_id("main"),
        is_moderator: moderator,
        game: None,
        server: Some(ServerId("test:s1".to_string())),
        roles: Vec::new(),
        command,
        locale: None,
        server_locale: None,
        language: Languages::default(),
        own_view: None,
    };
    let set = Command::Settings(Some(Setting::Language(language.to_string())));
    assert!(h.service.handle(&request("mod", true, set)).ephemeral);
    h.service
        .handle(&request("carol", false, Command::Board(None)))
}

#[test]
fn a_move_with_drops_is_described_with_everything_the_picture_shows() {
    let options = options(5, 12, WinRule::Delayed);
    let line = find_line(options, false, 80, |r, _| {
        !r.effect.drops.is_empty() && r.outcome.is_none()
    });
    let (game, report) = replayed(options, &line);
    let h = Harness::new();
    h.start(5, Some(12), WinRule::Delayed);
    let mut last = None;
    for &m in &line {
        last = Some(h.play(m));
    }
    let last = last.unwrap();
    let alt = alt(&last);
    let piles = game.position().piles();
    let expected = [
        "Akron board, 5 by 5, game #1: alice (Black) against bob (White).".to_string(),
        format!(
            "In hand: Black {}, White {}.",
            marbles(piles.black),
            marbles(piles.white)
        ),
        format!(
            "{} to move.",
            if game.turn() == Color::Black {
                "Black"
            } else {
                "White"
            }
        ),
        format!(
            "Last move: {} {}.",
            if report.mover == Color::Black {
                "Black"
            } else {
                "White"
            },
            report.mv
        ),
        format!(
            "Dropped: {}.",
            report
                .effect
                .drops
                .iter()
                .map(|d| format!(
                    "the {} marble on {} to {}",
                    if d.color == Color::Black {
                        "black"
                    } else {
                        "white"
                    },
                    d.from,
                    d.to
                ))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    ];
    for fact in &expected {
        assert!(
            alt.contains(fact.as_str()),
            "{fact:?} is missing from: {alt}"
        );
    }
    assert!(alt.contains("Level 0: Black"), "{alt}");
    names_every_marble(alt, &game);
    // The same board for a Spanish and a German server.
    let spanish = board_on_server(&h, "es");
    let spanish = spanish.alt.as_deref().unwrap();
    assert!(
        spanish.starts_with("Tablero de Akron de 5 por 5, partida #1"),
        "{spanish}"
    );
    assert!(spanish.contains("En la reserva: negras, "), "{spanish}");
    assert!(spanish.contains("Cayeron: la piedra "), "{spanish}");
    assert!(spanish.contains("Nivel 0: negras"), "{spanish}");
    let german = board_on_server(&h, "de");
    let german = german.alt.as_deref().unwrap();
    assert!(
        german.starts_with("Akron-Brett, 5 mal 5, Partie #1"),
        "{german}"
    );
    assert!(german.contains("Im Vorrat: Schwarz "), "{german}");
    assert!(german.contains("Heruntergefallen: der "), "{german}");
    assert!(german.contains("Ebene 0: Schwarz"), "{german}");
    names_every_marble(german, &game);
}

#[test]
fn a_won_game_is_described_with_its_result_and_winning_chain() {
    let options = options(4, 8, WinRule::Immediate);
    let line = find_line(options, false, 60, |r, _| {
        r.outcome.map(|o| o.reason) == Some(Reason::Connection)
    });
    let (game, _) = replayed(options, &line);
    let chain = game.position().analysis().winning_chain.unwrap();
    let h = Harness::new();
    h.start(4, Some(8), WinRule::Immediate);
    let mut last = None;
    for &m in &line {
        last = Some(h.play(m));
    }
    let alt = alt(last.as_ref().unwrap());
    assert!(
        alt.contains("Result: ") && alt.contains("won by connection"),
        "{alt}"
    );
    assert!(!alt.contains("to move"), "{alt}");
    let names: Vec<String> = chain.iter().map(ToString::to_string).collect();
    assert!(
        alt.contains(&format!("Winning chain: {}.", names.join(", "))),
        "{alt}"
    );
    let _ = Language::English;
}

#[test]
fn an_empty_board_says_so() {
    let h = Harness::new();
    h.start(6, None, WinRule::Delayed);
    let board = h.ok("alice", Command::Board(None));
    let alt = alt(&board);
    assert!(
        alt.contains("In hand: Black 18 marbles, White 18 marbles."),
        "{alt}"
    );
    assert!(alt.contains("Black to move. The board is empty."), "{alt}");
}

/// `board view:text`: the status line and every marble, level by level, in words.
#[test]
fn board_view_text_gives_the_whole_position_level_by_level() {
    let options = options(5, 12, WinRule::Delayed);
    let line = find_line(options, false, 80, |r, _| {
        !r.effect.drops.is_empty() && r.outcome.is_none()
    });
    let (game, _) = replayed(options, &line);
    let h = Harness::new();
    h.start(5, Some(12), WinRule::Delayed);
    for &m in &line {
        h.play(m);
    }
    let command =
        akron_service::service::text::parse_command("board view:text", |_| None).expect("parses");
    assert_eq!(command, Command::BoardText);
    let text = h.ok("carol", command);
    assert!(text.image.is_none());
    assert!(text.text.starts_with("Game #1 · "), "{}", text.text);
    assert!(text.text.contains("\nLevel 0: Black "), "{}", text.text);
    names_every_marble(&text.text, &game);
}
