//! Results, clocks and announcements that must say what really happened (issue 38): each
//! test is named after the defect it keeps fixed.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_service::model::GameId;
use akron_service::service::{
    Challenge, ColourChoice, Command, Reply, Request, Status, TimeControl, TournamentAction,
    TournamentFormat, TournamentOptions, Verdict,
};
use common::{channel_id, mv, user, Harness};

const DAY: i64 = 86_400;

/// alice (Black) challenges bob to a rated game with `time`; bob accepts.
fn start_rated(h: &Harness, time: TimeControl) {
    let mut challenge = Challenge::new(user("bob"));
    challenge.size = Some(5);
    challenge.colour = Some(ColourChoice::Black);
    challenge.time = Some(time);
    challenge.rated = Some(true);
    h.ok("alice", Command::Challenge(challenge));
    h.ok("bob", Command::Accept);
}

#[test]
fn claim_against_a_player_on_vacation_is_refused() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    start_rated(&h, TimeControl::PerMove(DAY));
    h.play(mv("C3"));
    h.play(mv("B2"));
    // alice to move, with a day for it; an hour later she goes on vacation.
    h.clock.advance(3600);
    let on = h.send("alice", Command::Vacation(true));
    assert!(on.text.contains("on vacation"), "{}", on.text);
    h.clock.advance(30 * 3600);
    let claim = h.refused("bob", Command::Claim);
    assert!(
        claim.text.contains("alice is on vacation")
            && claim.text.contains("23 h left")
            && !claim.text.contains("ran out"),
        "{}",
        claim.text
    );
    // Nothing changed: the game goes on, nobody is rated, the scheduler ends nothing.
    assert_eq!(h.view().status, Status::Active);
    assert_eq!(h.service.tick(h.service.now()).unwrap().settled, 0);
    assert_eq!(h.view().status, Status::Active);
    for name in ["alice", "bob"] {
        assert_eq!(
            h.service.rating_now(&user(name).id, None).unwrap(),
            None,
            "{name} is not rated"
        );
    }
    // Everyone reads the same clock: standing, with the 23 hours she had left.
    let games = h.ok("alice", Command::Games).text;
    assert!(
        games.contains("**23 h left, standing still** (on vacation)")
            && !games.contains("0 s left")
            && !games.contains("time is up"),
        "{games}"
    );
    let board = h.ok("bob", Command::Board(None)).text;
    assert!(
        board.contains("23 h left ⏸ (stands still: on vacation)"),
        "{board}"
    );
    let detail = h.service.game_detail(GameId(1)).unwrap().unwrap();
    assert_eq!(detail.standing, Some(23 * 3600));
    // A move is not refused as overdue either.
    assert!(!h.send("alice", Command::Games).ephemeral);
    // Back from vacation, her 23 hours run again; only then can bob claim.
    h.send("alice", Command::Vacation(false));
    h.clock.advance(23 * 3600 - 1);
    let early = h.refused("bob", Command::Claim);
    assert!(early.text.contains("still has 1 s"), "{}", early.text);
    h.clock.advance(1);
    let claimed = h.ok("bob", Command::Claim);
    assert!(
        claimed.text.contains("alice ran out of time"),
        "{}",
        claimed.text
    );
    assert!(h
        .service
        .rating_now(&user("bob").id, None)
        .unwrap()
        .is_some());
}

/// The reader's report (a13): a clock of 3 days a move, started a few seconds before, read
/// "2 d 23 h" (the span was truncated); it reads "3 d" on the board, in `games` and in the
/// clock's line, as the rounding in `clocks::words` says.
#[test]
fn a_fresh_three_day_clock_reads_three_days() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    start_rated(&h, TimeControl::PerMove(3 * DAY));
    h.play(mv("C3"));
    h.clock.advance(5);
    let board = h.ok("alice", Command::Board(None)).text;
    assert!(board.contains("White: 3 d left"), "{board}");
    let games = h.ok("bob", Command::Games).text;
    assert!(games.contains("**3 d left**"), "{games}");
    for text in [&board, &games] {
        assert!(!text.contains("2 d 23 h"), "{text}");
    }
    // Half an hour less than 3 days is not rounded up: 2 d 23 h is nearer.
    h.clock.advance(1800);
    let board = h.ok("alice", Command::Board(None)).text;
    assert!(board.contains("White: 2 d 23 h left"), "{board}");
}

/// A tournament command in `lobby`; `org` and `mod` are moderators.
fn tournament(h: &Harness, who: &str, action: TournamentAction) -> Reply {
    let mut request = Request::new(user(who), channel_id("lobby"), Command::Tournament(action));
    request.is_moderator = matches!(who, "org" | "mod");
    h.service.handle(&request)
}

/// A Swiss of `players` in `lobby`, created by `org`, started; returns round one's games.
fn swiss(h: &Harness, players: &[&str]) -> Vec<GameId> {
    let mut options = TournamentOptions::new("Cup", TournamentFormat::Swiss);
    options.size = Some(5);
    options.rounds = Some(2);
    options.time = Some(TimeControl::PerMove(DAY));
    assert!(!tournament(h, "org", TournamentAction::Create(options)).ephemeral);
    for player in players {
        let joined = tournament(h, player, TournamentAction::Join);
        assert!(!joined.ephemeral, "{}", joined.text);
    }
    let started = tournament(h, "org", TournamentAction::Start);
    assert!(!started.ephemeral, "{}", started.text);
    h.open_db()
        .unwrap()
        .read(|tx| {
            tx.query(
                "SELECT game_id FROM tournament_pairings WHERE round = 1 AND board > 0 \
                 ORDER BY board",
                &[],
                |r| r.get::<i64>(0),
            )
        })
        .unwrap()
        .into_iter()
        .map(GameId)
        .collect()
}

/// The game among `games` that `player` plays in.
fn game_of(h: &Harness, games: &[GameId], player: &str) -> GameId {
    *games
        .iter()
        .find(|&&game| {
            let detail = h.service.game_detail(game).unwrap().unwrap();
            detail.players.black.name == player || detail.players.white.name == player
        })
        .expect("a game of theirs")
}

#[test]
fn an_organiser_may_not_adjudicate_their_own_game() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let games = swiss(&h, &["org", "p1", "p2", "p3"]);
    let own = game_of(&h, &games, "org");
    let refused = tournament(
        &h,
        "org",
        TournamentAction::Adjudicate(Some(own), Verdict::First),
    );
    assert!(refused.ephemeral, "{}", refused.text);
    assert_eq!(
        refused.text,
        format!(
            "You play in game #{}, so you cannot adjudicate it. Ask a moderator to decide it.",
            own.0
        )
    );
    // Nothing changed: the game is still being played and has no result.
    let detail = h.service.game_detail(own).unwrap().unwrap();
    assert_eq!((detail.status, detail.result), (Status::Active, None));
    // Another moderator may; and the organiser may decide a game they do not play in.
    let decided = tournament(
        &h,
        "mod",
        TournamentAction::Adjudicate(Some(own), Verdict::Draw),
    );
    assert!(!decided.ephemeral, "{}", decided.text);
    let other = *games.iter().find(|&&g| g != own).unwrap();
    let decided = tournament(
        &h,
        "org",
        TournamentAction::Adjudicate(Some(other), Verdict::Draw),
    );
    assert!(!decided.ephemeral, "{}", decided.text);
}

#[test]
fn a_player_who_organises_is_told_who_can_adjudicate_their_game() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    // p1 plays and is a moderator in their own eyes only: the organiser is org.
    let games = swiss(&h, &["p1", "p2", "p3", "p4"]);
    let own = game_of(&h, &games, "p1");
    let mut request = Request::new(
        user("p1"),
        channel_id("lobby"),
        Command::Tournament(TournamentAction::Adjudicate(Some(own), Verdict::First)),
    );
    request.is_moderator = true;
    let refused = h.service.handle(&request);
    assert_eq!(
        refused.text,
        format!(
            "You play in game #{}, so you cannot adjudicate it. Ask the organiser (org) or a \
             moderator to decide it.",
            own.0
        )
    );
}

/// What a notice, a reply and the stored record say of a game.
fn said_of(h: &Harness, game: GameId, command: Command) -> Reply {
    let mut request = Request::new(user("p4"), channel_id("lobby"), command);
    request.game = Some(game);
    h.service.handle(&request)
}

#[test]
fn an_adjudication_is_announced_as_an_adjudication() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let games = swiss(&h, &["p1", "p2", "p3", "p4"]);
    // Whatever was pending is out of the way: what follows is the adjudications' own.
    while let Some(notice) = h.service.due_notices("test", 100).unwrap().first().cloned() {
        h.service.notice_delivered(notice.id).unwrap();
    }
    let won = tournament(
        &h,
        "mod",
        TournamentAction::Adjudicate(Some(games[0]), Verdict::Second),
    );
    assert!(!won.ephemeral, "{}", won.text);
    let drawn = tournament(
        &h,
        "mod",
        TournamentAction::Adjudicate(Some(games[1]), Verdict::Draw),
    );
    assert!(!drawn.ephemeral, "{}", drawn.text);
    let notices = h.service.due_notices("test", 100).unwrap();
    let told: Vec<String> = notices.iter().map(|n| n.reply.text.clone()).collect();
    let (win, draw) = (told.join("\n"), told.join("\n"));
    assert!(
        win.contains("**White wins** (decided by adjudication, not played out)")
            && !win.contains("resigned"),
        "{win}"
    );
    assert!(
        draw.contains("**Draw by adjudication**: the game was decided, not played out.")
            && !draw.contains("agreement"),
        "{draw}"
    );
    // The stored ending is an adjudication: the board, the record and the web page say so.
    let board = said_of(&h, games[0], Command::Board(None));
    assert!(board.text.contains("won by adjudication"), "{}", board.text);
    // The caption's words (the picture, replays, a text board): the same ending.
    assert_eq!(
        board
            .result
            .as_deref()
            .map(|r| r.ends_with("wins by adjudication")),
        Some(true),
        "{:?}",
        board.result
    );
    let board = said_of(&h, games[1], Command::Board(None));
    assert!(
        board.text.contains("drawn by adjudication"),
        "{}",
        board.text
    );
    assert_eq!(board.result.as_deref(), Some("Draw by adjudication"));
    let export = said_of(&h, games[0], Command::Export).attachment.unwrap();
    let export = String::from_utf8(export.content).unwrap();
    assert!(
        export.contains("[Result \"white wins adjudication\"]"),
        "{export}"
    );
    let detail = h.service.game_detail(games[1]).unwrap().unwrap();
    assert_eq!(
        detail.result,
        Some(akron_rules::Outcome::draw(
            akron_rules::Reason::Adjudication
        ))
    );
}

#[test]
fn board_view_text_numbers_levels_as_the_board_and_notation_do() {
    let options = akron_rules::GameOptions {
        size: 4,
        pile: 12,
        win_rule: akron_rules::WinRule::Delayed,
    };
    // A game with a marble stacked on the holes (one apostrophe in its notation).
    let line = common::find_line(options, false, 60, |r, game| {
        r.outcome.is_none() && game.position().pieces().any(|(p, _)| p.level() == 1)
    });
    let h = Harness::new();
    h.start(4, Some(12), akron_rules::WinRule::Delayed);
    for &m in &line {
        h.play(m);
    }
    let text = h.ok("carol", Command::BoardText).text;
    let mut seen = Vec::new();
    for row in text.lines().filter(|l| l.starts_with("Level ")) {
        let level: usize = row["Level ".len()..row.find(':').unwrap()].parse().unwrap();
        // Every point named on the line has as many apostrophes as its level number.
        let points: Vec<&str> = row
            .split(['(', ')'])
            .skip(1)
            .step_by(2)
            .flat_map(|inside| inside.split(", "))
            .filter(|p| *p != "none")
            .collect();
        assert!(!points.is_empty(), "{row}");
        for point in points {
            assert_eq!(point.matches('\'').count(), level, "{point} in {row}");
        }
        seen.push(level);
    }
    assert_eq!(&seen[..2], &[0, 1], "the holes are level 0: {text}");
}

#[test]
fn a_draw_offer_to_the_ai_is_judged_by_its_evaluation_not_always_declined() {
    use akron_service::service::{Offer, User};
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut challenge = Challenge::new(User::ai(akron_ai::Level::new(1).unwrap()));
    challenge.size = Some(4);
    challenge.colour = Some(ColourChoice::Black);
    h.ok("alice", Command::Challenge(challenge));
    // Nothing to accept or decline: the AI never offers.
    let none = h.refused("alice", Command::Draw(Offer::Accept));
    assert!(none.text.contains("no draw"), "{}", none.text);
    let answer = h.send("alice", Command::Draw(Offer::Offer));
    assert!(!answer.ephemeral, "{}", answer.text);
    // The answer names the AI's own estimate, and acts on it: at most 50 % accepts.
    let percent: i64 = answer
        .text
        .split("about ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no estimate in: {}", answer.text));
    let status = h.service.game_detail(GameId(1)).unwrap().unwrap().status;
    if percent <= 50 {
        assert!(answer.text.contains("accepts the draw"), "{}", answer.text);
        assert_eq!(status, Status::Finished);
    } else {
        assert!(answer.text.contains("declines the draw"), "{}", answer.text);
        assert_eq!(status, Status::Active);
    }
}

#[test]
fn the_same_puzzle_position_posted_twice_in_one_server_is_refused_and_points_at_the_first() {
    use akron_service::service::{PuzzleCommand, ServerId};
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let post = |server: &str, channel: &str, title: &str| {
        let mut request = Request::new(
            user("frank"),
            channel_id(channel),
            Command::Puzzle(PuzzleCommand::Create {
                code: "3:b:3,4:b2/3/b2".into(),
                rule: Some(akron_rules::WinRule::Immediate),
                title: title.into(),
                several: false,
            }),
        );
        request.server = Some(ServerId(server.to_string()));
        h.service.handle(&request)
    };
    let count = || -> i64 {
        h.open_db()
            .unwrap()
            .read(|tx| tx.query_one("SELECT COUNT(*) FROM puzzles", &[], |r| r.get(0)))
            .unwrap()
    };
    let first = post("test:one", "lobby", "Corner");
    assert!(!first.ephemeral, "{}", first.text);
    let again = post("test:one", "elsewhere", "Corner again");
    assert!(again.ephemeral, "{}", again.text);
    let said = akron_service::catalogue::console_commands(&again.text);
    assert!(
        said.starts_with("This position, with this rule, is already puzzle #1 (“Corner”) in ")
            && said.ends_with(": answer it there with `puzzle solve #1 MOVE`."),
        "{}",
        again.text
    );
    assert_eq!(again.channels, vec![channel_id("lobby")]);
    assert_eq!(count(), 1, "nothing was posted");
    // Another server has puzzles of its own.
    let elsewhere = post("test:two", "lobby-two", "");
    assert!(!elsewhere.ephemeral, "{}", elsewhere.text);
    assert_eq!(count(), 2);
}

#[test]
fn one_round_is_one_round_and_the_default_rounds_are_numbers_not_a_formula() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("One", TournamentFormat::Swiss);
    options.rounds = Some(1);
    let one = tournament(&h, "org", TournamentAction::Create(options));
    assert!(
        one.text.contains("Swiss, 1 round,") && !one.text.contains("1 rounds"),
        "{}",
        one.text
    );
    let mut request = Request::new(
        user("org"),
        channel_id("other"),
        Command::Tournament(TournamentAction::Create(TournamentOptions::new(
            "Default",
            TournamentFormat::Swiss,
        ))),
    );
    request.is_moderator = true;
    let default = h.service.handle(&request);
    assert!(
        default.text.contains(
            "Swiss, its rounds set by the number of players: 3 for 3 or 4, 4 for 5 to 8, 5 for \
             9 to 16"
        ) && !default.text.contains("log2"),
        "{}",
        default.text
    );
}

#[test]
fn a_player_to_move_for_seconds_is_not_said() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    start_rated(&h, TimeControl::PerMove(DAY));
    h.clock.advance(2);
    let games = h.ok("bob", Command::Games).text;
    assert!(
        games.contains("alice to move") && !games.contains("(for 2 s)"),
        "{games}"
    );
    // From a minute on, how long the move has waited is worth saying.
    h.clock.advance(3 * 3600);
    let games = h.ok("bob", Command::Games).text;
    assert!(games.contains("alice to move (for 3 h)"), "{games}");
}

#[test]
fn a_puzzle_command_without_its_number_says_what_to_write() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let refusal = h.service.mistyped(
        &Request::new(user("bob"), channel_id("main"), Command::Help(None)),
        &akron_service::service::text::parse_line("puzzle solve", |_| None).unwrap_err(),
    );
    // The command is marked for each platform to write in its own form.
    let text = refusal.unwrap().text.replace(['\u{e000}', '\u{e001}'], "");
    assert!(
        text.contains("puzzle solve needs the puzzle's number") && text.contains("#3 F6"),
        "{text}"
    );
}

/// The transcripts showed three things in a Swiss's tables that were not what happened.
#[test]
fn a_swiss_says_its_rounds_once_counts_a_bye_as_a_win_and_says_why_a_resignation_is_a_forfeit() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("Cup", TournamentFormat::Swiss);
    options.size = Some(5);
    options.rounds = Some(2);
    tournament(&h, "org", TournamentAction::Create(options));
    for player in ["ana", "ben", "cleo"] {
        tournament(&h, player, TournamentAction::Join);
    }
    let started = tournament(&h, "org", TournamentAction::Start).text;
    assert!(
        started.contains("3 players (Swiss, 2 rounds,") && !started.contains("2 rounds (Swiss"),
        "{started}"
    );
    // Round one: one game, one bye. The first player resigns before moving.
    let game = h
        .open_db()
        .unwrap()
        .read(|tx| {
            tx.query(
                "SELECT game_id FROM tournament_pairings WHERE round = 1 AND board > 0",
                &[],
                |r| r.get::<i64>(0),
            )
        })
        .unwrap()[0];
    let detail = h.service.game_detail(GameId(game)).unwrap().unwrap();
    let mut request = Request::new(
        detail.players.black.clone(),
        channel_id("lobby"),
        Command::Resign,
    );
    request.game = Some(GameId(game));
    let resigned = h.service.handle(&request);
    // Resigning before one's first move is a forfeit (unrated): the notice says it leaves
    // the ratings alone, not that the game does not count (the table marks it "ff").
    assert!(
        resigned.text.contains("resigned")
            && resigned
                .text
                .contains("Not rated: one player made no move in this game.")
            && !resigned.text.contains("counts as"),
        "{}",
        resigned.text
    );
    let pairings = tournament(&h, "org", TournamentAction::Pairings(Some(1))).text;
    assert!(pairings.contains("0–1 ff"), "{pairings}");
    // The bye's point is in the record column as a win: points are wins and half draws.
    let standings = tournament(&h, "org", TournamentAction::Standings).text;
    let line = |name: &str| {
        standings
            .lines()
            .find(|l| l.contains(name))
            .unwrap_or_else(|| panic!("{name} in {standings}"))
            .to_string()
    };
    let white = detail.players.white.name.clone();
    let bye = ["ana", "ben", "cleo"]
        .into_iter()
        .find(|p| *p != white && *p != detail.players.black.name)
        .unwrap();
    assert!(line(bye).trim_end().ends_with("1-0-0"), "{standings}");
    assert!(
        line(&white).trim_end().ends_with("1-0-0"),
        "a forfeit win: {standings}"
    );
}

#[test]
fn a_forfeit_adjudication_is_announced_as_lost_by_both_not_as_aborted() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let games = swiss(&h, &["p1", "p2", "p3", "p4"]);
    while let Some(notice) = h.service.due_notices("test", 100).unwrap().first().cloned() {
        h.service.notice_delivered(notice.id).unwrap();
    }
    let forfeit = tournament(
        &h,
        "mod",
        TournamentAction::Adjudicate(Some(games[0]), Verdict::BothForfeit),
    );
    assert!(
        forfeit.text.contains("forfeited by both, nobody scores"),
        "{}",
        forfeit.text
    );
    let notices = h.service.due_notices("test", 100).unwrap();
    let told: Vec<String> = notices.iter().map(|n| n.reply.text.clone()).collect();
    let told = told.join("\n");
    assert!(
        told.contains(&format!(
            "By the tournament organiser's decision, game #{} is lost by both; nobody scores.",
            games[0].0
        )) && !told.contains("aborted"),
        "{told}"
    );
    // The picture of the board says the same.
    let with_board = notices
        .iter()
        .find(|n| n.reply.board_of == Some(games[0]))
        .expect("the ending's notice shows the board");
    assert_eq!(
        with_board.reply.result.as_deref(),
        Some("Lost by both"),
        "{}",
        with_board.reply.text
    );
    let board = said_of(&h, games[0], Command::Board(None));
    assert_eq!(
        board.result.as_deref(),
        Some("Lost by both"),
        "{}",
        board.text
    );
}

/// The reader's report (a4), what was left after the notice and the picture: a forfeit by
/// both was still called aborted by the refusal to adjudicate it again ("already over
/// (aborted)"), by the round's announcement delivered after it ("ended before it could be
/// announced: aborted"), by the board's status line and by its text alternative.
#[test]
fn a_forfeit_is_not_called_aborted_when_refused_again_or_announced_late() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    // Nothing delivered yet: round 1's announcement is still waiting when the game ends.
    let games = swiss(&h, &["p1", "p2", "p3", "p4"]);
    let forfeit = tournament(
        &h,
        "mod",
        TournamentAction::Adjudicate(Some(games[0]), Verdict::BothForfeit),
    );
    assert!(!forfeit.ephemeral, "{}", forfeit.text);
    let notices = h.service.due_notices("test", 100).unwrap();
    let late: Vec<&str> = notices
        .iter()
        .map(|n| n.reply.text.as_str())
        .filter(|t| t.contains(&format!("game #{}, ended before", games[0].0)))
        .collect();
    assert_eq!(late.len(), 1, "{notices:#?}");
    assert!(
        late[0].ends_with("ended before it could be announced: lost by both."),
        "{}",
        late[0]
    );
    for notice in &notices {
        assert!(
            !notice.reply.text.contains("aborted"),
            "{}",
            notice.reply.text
        );
    }
    let again = tournament(
        &h,
        "mod",
        TournamentAction::Adjudicate(Some(games[0]), Verdict::Draw),
    );
    assert!(again.ephemeral, "{}", again.text);
    assert!(
        again.text.contains(&format!(
            "Game #{} is already over (lost by both)",
            games[0].0
        )),
        "{}",
        again.text
    );
    let board = said_of(&h, games[0], Command::Board(None));
    assert!(board.text.ends_with(" · lost by both"), "{}", board.text);
    let alt = board.alt.unwrap_or_default();
    assert!(alt.contains("Result: lost by both."), "{alt}");
    // A game its tournament's cancellation aborted is still an aborted game.
    let cancelled = tournament(&h, "org", TournamentAction::Cancel);
    assert!(!cancelled.ephemeral, "{}", cancelled.text);
    let other = said_of(&h, games[1], Command::Board(None));
    assert!(other.text.ends_with(" · aborted"), "{}", other.text);
}

#[test]
fn an_adjudication_names_the_winner_by_name_and_colour() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let games = swiss(&h, &["p1", "p2", "p3", "p4"]);
    let detail = h.service.game_detail(games[0]).unwrap().unwrap();
    let white = detail.players.white.name.clone();
    let won = tournament(
        &h,
        "mod",
        TournamentAction::Adjudicate(Some(games[0]), Verdict::Second),
    );
    assert!(
        won.text.contains(&format!(
            "(round 1, board 1) is adjudicated: {white} (White) wins."
        )) && !won.text.contains("second player"),
        "{}",
        won.text
    );
}

#[test]
fn an_adjudicated_game_is_marked_so_in_the_pairings_and_the_round_table() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let games = swiss(&h, &["p1", "p2", "p3", "p4"]);
    let won = tournament(
        &h,
        "mod",
        TournamentAction::Adjudicate(Some(games[0]), Verdict::Second),
    );
    assert!(!won.ephemeral, "{}", won.text);
    let pairings = tournament(&h, "org", TournamentAction::Pairings(Some(1)));
    let board1 = pairings
        .text
        .lines()
        .find(|l| l.contains("board 1"))
        .unwrap_or_default()
        .to_string();
    assert!(board1.contains("0–1 adjudicated"), "{}", pairings.text);
    let board2 = pairings
        .text
        .lines()
        .find(|l| l.contains("board 2"))
        .unwrap();
    assert!(!board2.contains("adjudicated"), "{}", pairings.text);
    let detail = h
        .service
        .tournament_detail(akron_service::model::TournamentId(1))
        .unwrap()
        .unwrap();
    let round = detail.round(1).unwrap();
    assert!(round.pairings[0].adjudicated && !round.pairings[1].adjudicated);
}

#[test]
fn a_rounds_latest_end_is_not_promised_while_a_player_to_move_is_on_vacation() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("Holiday Cup", TournamentFormat::Swiss);
    options.size = Some(5);
    options.rounds = Some(1);
    options.vacation = Some(true);
    options.time = Some(TimeControl::PerMove(DAY));
    tournament(&h, "org", TournamentAction::Create(options));
    for player in ["ana", "ben"] {
        tournament(&h, player, TournamentAction::Join);
    }
    tournament(&h, "org", TournamentAction::Start);
    let cup = akron_service::model::TournamentId(1);
    let round = |h: &Harness| {
        h.service
            .tournament_detail(cup)
            .unwrap()
            .unwrap()
            .round(1)
            .unwrap()
            .clone()
    };
    let start = h.service.now();
    assert_eq!(
        round(&h).deadline,
        Some(start + DAY),
        "the first move is due in a day"
    );
    // The player to move goes on vacation: their clock stands still, and so the round has
    // no latest end until they are back.
    let first = round(&h).pairings[0].game.unwrap();
    let mover = h
        .service
        .game_detail(first)
        .unwrap()
        .unwrap()
        .players
        .black
        .clone();
    h.clock.advance(3600);
    let on = h.service.handle(&Request::new(
        mover.clone(),
        channel_id("lobby"),
        Command::Vacation(true),
    ));
    assert!(on.text.contains("vacation"), "{}", on.text);
    h.clock.advance(2 * DAY);
    assert_eq!(round(&h).deadline, None, "{:?}", round(&h));
    assert_eq!(
        h.service.tick(h.service.now()).unwrap().settled,
        0,
        "nobody lost on time"
    );
    // Back again: the deadline is the day they had, less the hour used, from now.
    let back = h.service.handle(&Request::new(
        mover,
        channel_id("lobby"),
        Command::Vacation(false),
    ));
    assert!(!back.refused, "{}", back.text);
    assert_eq!(round(&h).deadline, Some(h.service.now() + DAY - 3600));
}

#[test]
fn the_help_names_its_placeholders_in_the_readers_words_and_what_is_typed_as_typed() {
    use akron_service::catalogue::Language;
    use akron_service::service::text::help_text_in;
    let english = help_text_in(Language::English);
    assert!(
        english.contains("show CODE-or-RECORD [view:plan|perspective]"),
        "{english}"
    );
    let spanish = help_text_in(Language::Spanish);
    for typed in [
        "challenge [@jugador|ai] [level:1-8]",
        "replay [#N] [from:JUGADA] [to:JUGADA] [speed:slow|normal|fast]",
        "show CÓDIGO-o-REGISTRO [view:plan|perspective]",
        "tournament-role:ROL|off",
    ] {
        assert!(spanish.contains(typed), "{typed} in {spanish}");
    }
    let german = help_text_in(Language::German);
    assert!(
        german.contains("moves [PUNKT]") && german.contains("solve #N ZUG..."),
        "{german}"
    );
}

/// The console's help named Discord's slash commands (`/akron NAME`, "Review
/// (/akron-review)") where the console takes none, and Discord's help sent its readers to
/// "help in the console": each platform's help names only what its reader types.
#[test]
fn each_platforms_help_names_only_what_its_reader_types() {
    use akron_service::catalogue::Language;
    use akron_service::service::text::help_text_on;
    for language in Language::ALL {
        let console = help_text_on(language, "console");
        assert!(!console.contains("/akron"), "{console}");
        assert!(!console.contains("Discord"), "{console}");
        assert!(console.contains("`move F6`"), "{console}");
        let discord = help_text_on(language, "discord");
        assert!(discord.contains("/akron-review"), "{discord}");
        for console_word in ["console", "consola", "Konsole"] {
            assert!(!discord.contains(console_word), "{discord}");
        }
    }
}
