//! The pseudo-language (issue 31): with every message the catalogue says wrapped in `⟦ ⟧`,
//! a whole game, its notices and its refusals are played through the service, and any letter
//! outside the brackets is text that bypassed the catalogue.
//!
//! Scope: the paths the catalogue covers today (challenges, moves and their refusals, boards
//! and their text alternatives, draws, takebacks, resigning, the shared refusals, settings,
//! the result, expiry, reminder and timeout notices; a tournament round: its pairings, game
//! announcements, the games' threads, the round's end and standings, the next pairings, the
//! standings and pairings asked for, the sign-up message, the start and a withdrawal,
//! its refusals, the organiser's pause, resume and cancellation; and the tour of
//! `akron_service::testing::tour`: the rules, `moves`, premoves, vacations, history, games,
//! show and replay (codes, records and their refusals), puzzles, a game against the AI and
//! its hint, analysis, stats and the leaderboard).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_rules::{GameOptions, WinRule};
use akron_service::catalogue::pseudo_language;
use akron_service::service::{
    Challenge, ColourChoice, Command, Offer, Reply, Request, ServerId, Setting, TimeControl,
    TournamentAction, TournamentFormat, TournamentOptions, CHALLENGE_TTL,
};
use akron_service::testing::outside_catalogue;
use common::{channel_id, find_line, user, Harness};

const DAY: i64 = 86_400;

/// Fails when any letter of `reply`'s text or text alternative is outside the catalogue.
fn all_from_catalogue(what: &str, reply: &Reply) {
    for text in [Some(reply.text.as_str()), reply.alt.as_deref()]
        .into_iter()
        .flatten()
    {
        let left = outside_catalogue(text);
        assert!(
            !left.chars().any(char::is_alphabetic),
            "{what}: {left:?} did not come from the catalogue, in: {text}"
        );
    }
}

fn delivered(h: &Harness, what: &str) -> usize {
    h.service.tick(h.service.now()).unwrap();
    let notices = h.service.due_notices("test", 100).unwrap();
    for notice in &notices {
        all_from_catalogue(what, &notice.reply);
        h.service.notice_delivered(notice.id).unwrap();
    }
    notices.len()
}

#[test]
fn a_whole_game_its_notices_and_refusals_come_from_the_catalogue() {
    pseudo_language(true);
    let h = Harness::new();
    let check = |what: &str, reply: Reply| all_from_catalogue(what, &reply);
    check(
        "settings",
        h.send(
            "alice",
            Command::Settings(Some(Setting::Language("es".into()))),
        ),
    );
    check(
        "unknown language",
        h.send(
            "alice",
            Command::Settings(Some(Setting::Language("fr".into()))),
        ),
    );
    check("no game", h.send("alice", Command::Board(None)));
    check("no challenge", h.send("bob", Command::Accept));
    // A challenge nobody answers expires, with a notice.
    let mut challenge = Challenge::new(common::user("bob"));
    challenge.colour = Some(ColourChoice::Black);
    check(
        "challenge",
        h.send("alice", Command::Challenge(challenge.clone())),
    );
    check("not yours", h.send("carol", Command::Accept));
    h.clock.advance(CHALLENGE_TTL + 1);
    assert_eq!(delivered(&h, "expiry"), 1);
    // A whole game, with a draw offer declined, to a resignation.
    challenge.size = Some(5);
    check(
        "challenge",
        h.send("alice", Command::Challenge(challenge.clone())),
    );
    check("accept", h.send("bob", Command::Accept));
    let options = GameOptions {
        size: 5,
        pile: 12,
        win_rule: WinRule::Delayed,
    };
    let line = find_line(options, false, 80, |r, _| {
        !r.effect.drops.is_empty() && r.outcome.is_none()
    });
    for (ply, m) in line.iter().enumerate() {
        check("move", h.play(*m));
        if ply == 2 {
            let (offerer, other) = if ply % 2 == 0 {
                ("bob", "alice")
            } else {
                ("alice", "bob")
            };
            check("offer", h.send(offerer, Command::Draw(Offer::Offer)));
            check(
                "offered twice",
                h.send(offerer, Command::Draw(Offer::Offer)),
            );
            check("decline", h.send(other, Command::Draw(Offer::Decline)));
            // Three moves played: bob is to move.
            check("not your turn", h.send("alice", Command::Move("A1".into())));
            check("not a move", h.send("bob", Command::Move("zz".into())));
            check("illegal", h.send("bob", Command::Move(line[0].to_string())));
            check("takeback", h.send("alice", Command::Takeback(Offer::Offer)));
            check(
                "takeback twice",
                h.send("alice", Command::Takeback(Offer::Offer)),
            );
            check(
                "takeback declined",
                h.send("bob", Command::Takeback(Offer::Decline)),
            );
        }
    }
    check("board", h.send("carol", Command::Board(None)));
    check("not a player", h.send("carol", Command::Resign));
    check("no offer", h.send("alice", Command::Draw(Offer::Decline)));
    check("resign", h.send("alice", Command::Resign));
    // A correspondence game: a reminder, then a timeout, both notices.
    let mut slow = Challenge::new(common::user("bob"));
    slow.size = Some(5);
    slow.colour = Some(ColourChoice::Black);
    slow.time = Some(TimeControl::PerMove(DAY));
    check("challenge", h.send("alice", Command::Challenge(slow)));
    check("accept", h.send("bob", Command::Accept));
    check("move", h.send("alice", Command::Move("C3".into())));
    check("move", h.send("bob", Command::Move("B2".into())));
    h.clock.advance(DAY - 3600);
    assert!(delivered(&h, "reminder") >= 1);
    h.clock.advance(3601);
    assert!(delivered(&h, "timeout") >= 1);
    pseudo_language(false);
}

/// A request by `who` in `channel` of the server `test:guild` (`mod` is its moderator).
fn on_server(who: &str, channel: &str, command: Command) -> Request {
    let mut request = Request::new(user(who), channel_id(channel), command);
    request.server = Some(ServerId("test:guild".to_string()));
    request.is_moderator = who == "mod";
    request
}

/// A three-player Swiss on a server speaking `language`, its first round played (one game
/// resigned, one bye), then round 2 paired, its game ended by a withdrawal, round 3 paired.
/// Returns every text: the sign-up message and its updates, the start, the notices
/// (pairings, game announcements, the games' first posts, the result, the round's end and
/// standings, the next pairings), the withdrawal and the standings and pairings asked for.
fn a_tournament_round(language: &str) -> Vec<String> {
    let h = Harness::new();
    let mut texts = Vec::new();
    let send = |who: &str, channel: &str, command: Command| {
        h.service.handle(&on_server(who, channel, command))
    };
    let chosen = send(
        "mod",
        "lobby",
        Command::Settings(Some(Setting::Language(language.into()))),
    );
    assert!(!chosen.ephemeral || !chosen.text.is_empty());
    let created = send(
        "mod",
        "lobby",
        Command::Tournament(TournamentAction::Create(TournamentOptions::new(
            "Copa",
            TournamentFormat::Swiss,
        ))),
    );
    assert!(!created.ephemeral, "{}", created.text);
    texts.push(created.text);
    for player in ["p1", "p2", "p3"] {
        let joined = send(player, "lobby", Command::Tournament(TournamentAction::Join));
        assert!(!joined.ephemeral, "{}", joined.text);
        texts.push(joined.text);
    }
    let started = send("mod", "lobby", Command::Tournament(TournamentAction::Start));
    assert!(!started.ephemeral, "{}", started.text);
    texts.push(started.text);
    let deliver = |texts: &mut Vec<String>, games: &mut Vec<i64>| loop {
        h.service.tick(h.service.now()).unwrap();
        let notices = h.service.due_notices("test", 100).unwrap();
        if notices.is_empty() {
            break;
        }
        for notice in &notices {
            texts.push(notice.reply.text.clone());
            if let Some(thread) = &notice.thread {
                let channel = channel_id(&format!("game-{}", thread.game.0));
                let posted = h.service.thread_opened(thread.game, &channel).unwrap();
                texts.push(posted.text.clone());
                games.push(thread.game.0);
            }
            h.service.notice_delivered(notice.id).unwrap();
        }
    };
    let mut games = Vec::new();
    deliver(&mut texts, &mut games);
    assert_eq!(games.len(), 1, "three players: one game and a bye");
    let game = format!("game-{}", games[0]);
    let view = h.view_in(&game);
    let first = view.players.black.name.clone();
    let second = view.players.white.name.clone();
    texts.push(send(&first, &game, Command::Move("C3".into())).text);
    texts.push(send(&second, &game, Command::Move("B2".into())).text);
    texts.push(send(&second, &game, Command::Resign).text);
    deliver(&mut texts, &mut games);
    for asked in [
        TournamentAction::Standings,
        TournamentAction::Pairings(None),
        TournamentAction::Pairings(Some(1)),
        TournamentAction::Pairings(Some(9)),
    ] {
        texts.push(send("p1", "lobby", Command::Tournament(asked)).text);
    }
    // A player in round 2's game withdraws: the game is resigned, round 3 is paired.
    let withdrew = send(
        "p3",
        "lobby",
        Command::Tournament(TournamentAction::Withdraw(None)),
    );
    assert!(!withdrew.ephemeral, "{}", withdrew.text);
    texts.push(withdrew.text);
    deliver(&mut texts, &mut games);
    assert_eq!(games.len(), 3, "round 3 is paired after the withdrawal");
    texts.push(
        send(
            "p1",
            "lobby",
            Command::Tournament(TournamentAction::Standings),
        )
        .text,
    );
    // Refusals, then the organiser's pause, resume, an adjudication and the cancellation.
    use TournamentAction as A;
    for (who, action, refused) in [
        ("p4", A::Join, true),
        ("p1", A::Leave, true),
        ("p3", A::Withdraw(None), true),
        ("mod", A::Start, true),
        ("p1", A::Pause, true),
        ("mod", A::Resume, true),
        (
            "mod",
            A::Adjudicate(None, akron_service::service::Verdict::Draw),
            true,
        ),
        ("mod", A::Pause, false),
        ("mod", A::Pause, true),
        ("mod", A::Resume, false),
        ("mod", A::Cancel, false),
        ("mod", A::Cancel, true),
        ("p1", A::Withdraw(None), true),
    ] {
        let reply = send(who, "lobby", Command::Tournament(action.clone()));
        assert_eq!(reply.ephemeral, refused, "{who} {action:?}: {}", reply.text);
        texts.push(reply.text);
    }
    deliver(&mut texts, &mut games);
    assert!(texts.len() >= 10, "{texts:#?}");
    texts
}

#[test]
fn a_tournament_round_comes_from_the_catalogue() {
    pseudo_language(true);
    for text in a_tournament_round("es") {
        let left = outside_catalogue(&text);
        assert!(
            !left.chars().any(char::is_alphabetic),
            "{left:?} did not come from the catalogue, in: {text}"
        );
    }
    pseudo_language(false);
}

#[test]
fn a_tournament_round_is_all_in_spanish_or_all_in_german() {
    // Words of the English texts that neither Spanish nor German uses.
    let english = [
        "round",
        "board",
        "Standings",
        "standings",
        "playing",
        "against",
        "game ",
        "bye",
        "over",
        "points",
        "Player",
        "(Black",
        "(White",
    ];
    for (language, own) in [
        ("es", ["ronda", "mesa", "clasificación", "descansa"]),
        ("de", ["Runde", "Brett", "Tabelle", "spielfrei"]),
    ] {
        let texts = a_tournament_round(language);
        let all = texts.join("\n");
        for word in own {
            assert!(all.contains(word), "{language}: no {word:?} in {all}");
        }
        for text in &texts {
            for word in english {
                assert!(!text.contains(word), "{language}: {word:?} in {text}");
            }
        }
    }
}

#[test]
fn text_outside_the_catalogue_is_found() {
    assert!(is_notation("C3") && is_notation("A2-D3''") && is_notation("swap"));
    assert!(!is_notation("Covered") && !is_notation("A") && !is_notation("C3x"));
    assert_eq!(
        outside_catalogue("⟦**alice** placed ⟦C3⟧⟧ <@test:bob> ⟦to move⟧."),
        "  ."
    );
    assert!(outside_catalogue("⟦Game #1⟧ Covered: B2.").contains("Covered"));
}

/// Whether a word is a move or point in notation (`C3`, `A2-D3'`, `swap`): no language's.
fn is_notation(word: &str) -> bool {
    let point = |p: &str| {
        let mut chars = p.chars();
        chars.next().is_some_and(|c| c.is_ascii_uppercase())
            && p.trim_end_matches('\'').len() > 1
            && p[1..]
                .trim_end_matches('\'')
                .chars()
                .all(|c| c.is_ascii_digit())
    };
    word == "swap" || word.split('-').all(point)
}

/// The text outside the catalogue's brackets, as [`outside_catalogue`], without the tour's
/// user-given names and titles (data, not words: a table picture's rows name the players as
/// they are) and without moves in notation (a move list).
fn outside_but_names(text: &str) -> String {
    let mut left = outside_catalogue(text);
    for name in ["Left edge", "alice", "bob", "carol", "dave", "erin", "mod"] {
        left = left.replace(name, "");
    }
    left.split_whitespace()
        .filter(|word| !is_notation(word))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_looking_correspondence_puzzle_and_rating_commands_come_from_the_catalogue() {
    pseudo_language(true);
    let h = Harness::new();
    let stops = akron_service::testing::tour::tour(&h, "es");
    pseudo_language(false);
    assert!(stops.len() >= 80, "{}", stops.len());
    for stop in &stops {
        for text in [Some(stop.reply.text.as_str()), stop.reply.alt.as_deref()]
            .into_iter()
            .flatten()
        {
            let left = outside_but_names(text);
            assert!(
                !left.chars().any(char::is_alphabetic),
                "{}: {left:?} did not come from the catalogue, in: {text}",
                stop.what
            );
        }
    }
}

/// Issue 31: the errors of a mistyped command line (the console's and Matrix's grammar) come
/// from the catalogue, one line for each of them.
#[test]
fn every_error_of_a_mistyped_command_line_comes_from_the_catalogue() {
    pseudo_language(true);
    let h = Harness::new();
    let long_name = format!("tournament create {} format:swiss", "x".repeat(61));
    let lines = [
        "resign now",
        "tournament join now",
        "move",
        "show",
        "stats @nobody",
        "frobnicate",
        "analyze move:x",
        "analyze purple",
        "analyze #3 3:b:4,4:3/3/3",
        "puzzle answer x",
        "puzzle create",
        "puzzle solve #3",
        "puzzle solve",
        "puzzle frob",
        "board view:sideways",
        "settings view:sideways",
        "vacation",
        "challenge bob thread:",
        "settings reminders:dm thread-games:off",
        "replay from:0",
        "replay purple",
        "replay speed:warp",
        "vacation maybe",
        "settings colour:red",
        "settings tournament-role:",
        "settings reminders:sometimes",
        "settings web:maybe",
        "challenge opponent:",
        "challenge rating:1400",
        "follow bob carol",
        "challenge bob purple",
        "challenge bob size:99",
        "challenge bob pieces:5000",
        "challenge bob rule:never",
        "challenge bob colour:green",
        "challenge bob time:soon",
        "challenge ai level:99",
        "challenge bob level:3",
        "draw maybe",
        "analyze #x",
        "tournament pairings 0",
        "tournament adjudicate #3 nobody",
        "tournament adjudicate #3",
        "tournament",
        "tournament frob",
        "tournament create Cup format:swiss purple",
        "tournament create Cup format:swiss size:x",
        "tournament create Cup format:swiss rounds:99",
        "tournament create Cup format:swiss max:1",
        "tournament create format:swiss",
        long_name.as_str(),
        // A format the bot does not play (knockout is single elimination's other name).
        "tournament create Cup format:ladder",
        "tournament create Cup format:single best-of:4",
        "tournament create Cup format:single tie:coin",
        "tournament create Cup format:single seeding:elo",
        "tournament create Cup format:swiss check-in:5m",
        "tournament create Cup format:single deadline:30m",
        "tournament seed @bob",
        "tournament seed @bob first",
        "tournament create Cup",
    ];
    let mut said = std::collections::BTreeSet::new();
    for line in lines {
        let error = akron_service::service::text::parse_command(line, |name| {
            let name = name.trim_start_matches('@');
            (name != "nobody").then(|| user(name))
        })
        .expect_err(line);
        said.insert(error.id.clone());
        let request = Request::new(user("alice"), channel_id("main"), Command::Help(None));
        let reply = h.service.mistyped(&request, &error).unwrap();
        assert!(reply.refused, "{line}");
        all_from_catalogue(line, &reply);
    }
    // Every error the grammar has is among them (the usages are parts of others, and
    // Matrix's pointer to `help` wraps one).
    let english = akron_service::catalogue::FILES[0].2;
    let missing: Vec<&str> = english
        .lines()
        .filter_map(|line| line.split_once(" = ").map(|(id, _)| id))
        .filter(|id| id.starts_with("parse-") && !id.ends_with("-usage") && *id != "parse-see-help")
        .filter(|id| !said.contains(*id))
        .collect();
    assert!(missing.is_empty(), "no line says {missing:?}");
    pseudo_language(false);
}
