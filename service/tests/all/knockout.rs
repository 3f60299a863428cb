//! Knockout tournaments through the service: a 6-player single elimination of best-of-3
//! matches played to the winner with a tied match (an extra game), a withdrawal and a
//! disqualification; the bracket, the announcements and the final places checked at every
//! round.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_service::db::Db;
use akron_service::params;
use akron_service::service::{
    Command, GameId, Notice, Offer, Reply, Request, TimeControl, TournamentAction,
    TournamentFormat, TournamentOptions, Verdict,
};
use common::{channel_id, user, Harness};
use std::sync::Barrier;

pub(super) fn db(h: &Harness) -> Db {
    h.open_db().unwrap()
}

/// Settles what is due and delivers every notice, opening the threads notices ask for.
pub(super) fn deliver(h: &Harness) -> Vec<Notice> {
    h.deliver_checking(|_| {})
}

/// The bracket picture a notice (or reply) carries: it decodes, fits a chat at phone size, and
/// `AKRON_TABLE_OUT=DIR` keeps it as `DIR/NAME` for a person to look at.
pub(super) fn picture(reply: &Reply, name: &str) {
    let png = reply.image.as_ref().expect("a bracket picture");
    if let Some(dir) = std::env::var_os("AKRON_TABLE_OUT") {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(std::path::Path::new(&dir).join(name), png).unwrap();
    }
    let decoded = image::load_from_memory(png).expect("a PNG");
    assert!(
        (640..=1000).contains(&decoded.width()),
        "{}",
        decoded.width()
    );
    assert!(decoded.height() <= 700, "{}", decoded.height());
    assert!(
        reply.alt.as_ref().is_some_and(|a| !a.is_empty()),
        "the picture has words"
    );
}

/// The notice whose text has `what`.
pub(super) fn notice<'a>(notices: &'a [Notice], what: &str) -> &'a Notice {
    notices
        .iter()
        .find(|n| n.reply.text.contains(what))
        .unwrap_or_else(|| panic!("no notice says {what}: {}", texts(notices)))
}

pub(super) fn texts(notices: &[Notice]) -> String {
    notices
        .iter()
        .map(|n| n.reply.text.clone())
        .collect::<Vec<_>>()
        .join("\n---\n")
}

/// A tournament command in `lobby`; `org` is a moderator.
pub(super) fn tournament(h: &Harness, who: &str, action: TournamentAction) -> Reply {
    let mut request = Request::new(user(who), channel_id("lobby"), Command::Tournament(action));
    request.is_moderator = who == "org";
    h.service.handle(&request)
}

/// The game a match is playing: (game, its channel's name, Black's name, White's name).
pub(super) fn current_game(h: &Harness, round: u32, board: u32) -> (i64, String, String, String) {
    db(h)
        .read(|tx| {
            tx.query_one(
                "SELECT g.id, g.channel, g.black_name, g.white_name FROM tournament_pairings p \
                 JOIN games g ON g.id = p.game_id \
                 WHERE p.round = ?1 AND p.board = ?2 AND p.result IS NULL",
                params![round, board],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
        })
        .unwrap()
}

/// Every match as `round.board:first-second=result`.
pub(super) fn bracket(h: &Harness) -> Vec<String> {
    db(h)
        .read(|tx| {
            tx.query(
                "SELECT round, board, first, second, result FROM tournament_pairings \
                 ORDER BY round, board",
                params![],
                |r| {
                    let round: u32 = r.get(0)?;
                    let board: u32 = r.get(1)?;
                    let first: u32 = r.get(2)?;
                    let second: Option<u32> = r.get(3)?;
                    let result: Option<String> = r.get(4)?;
                    Ok(format!(
                        "{round}.{board}:p{first}-{}={}",
                        second.map_or_else(|| "bye".to_string(), |s| format!("p{s}")),
                        result.unwrap_or_else(|| "-".to_string())
                    ))
                },
            )
        })
        .unwrap()
}

/// A command in the game's own channel, which must be accepted.
fn in_game(h: &Harness, channel: &str, who: &str, command: Command) {
    let name = channel.strip_prefix("test:").unwrap_or(channel);
    let reply = h.send_in(name, who, command.clone());
    assert!(
        !reply.ephemeral,
        "{who} {command:?} in {channel}: {}",
        reply.text
    );
}

/// Both players place a marble, then the game ends: `loser` resigns, or (None) a draw.
pub(super) fn play(h: &Harness, round: u32, board: u32, loser: Option<&str>) -> i64 {
    let (game, channel, black, white) = current_game(h, round, board);
    assert!(
        !channel.contains("pending"),
        "the game is in its thread: {channel}"
    );
    in_game(h, &channel, &black, Command::Move("C3".into()));
    in_game(h, &channel, &white, Command::Move("B2".into()));
    match loser {
        Some(loser) => in_game(h, &channel, loser, Command::Resign),
        None => {
            in_game(h, &channel, &black, Command::Draw(Offer::Offer));
            in_game(h, &channel, &white, Command::Draw(Offer::Accept));
        }
    }
    game
}

/// Whether the game being played in round 1's match 2 was announced as its extra game.
fn said_extra(h: &Harness) -> bool {
    let (game, ..) = current_game(h, 1, 2);
    let number: i64 = db(h)
        .read(|tx| {
            tx.query_one(
                "SELECT number FROM knockout_games WHERE game_id = ?1",
                params![game],
                |r| r.get(0),
            )
        })
        .unwrap();
    number == 4
}

#[test]
fn a_six_player_best_of_three_knockout_with_a_tie_a_withdrawal_and_a_disqualification() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("Winter Cup", TournamentFormat::SingleElimination);
    options.best_of = Some(3);
    options.draw = Some(1);
    options.size = Some(5);
    options.time = Some(TimeControl::PerMove(86_400));
    let created = tournament(&h, "org", TournamentAction::Create(options));
    assert!(
        created
            .text
            .contains("single elimination, best of 3 games a match"),
        "{}",
        created.text
    );
    for player in 1..=6 {
        let joined = tournament(&h, &format!("p{player}"), TournamentAction::Join);
        assert!(!joined.ephemeral, "{}", joined.text);
    }
    let started = tournament(&h, "org", TournamentAction::Start);
    assert!(!started.ephemeral, "{}", started.text);
    assert!(started.text.contains("6 players"), "{}", started.text);
    // Equal ratings: seeds by order of joining. 8 places: the top two seeds have byes, 4 v 5
    // and 3 v 6 play.
    assert_eq!(
        bracket(&h),
        [
            "1.1:p1-bye=second-forfeit",
            "1.2:p4-p5=-",
            "1.3:p2-bye=second-forfeit",
            "1.4:p3-p6=-"
        ]
    );
    let notices = deliver(&h);
    let said = texts(&notices);
    assert_eq!(
        notices.iter().filter(|n| n.thread.is_some()).count(),
        2,
        "two matches, each asking for its thread: {said}"
    );
    assert!(
        said.contains("**Winter Cup**, quarter-finals (best of 3):"),
        "{said}"
    );
    assert!(
        said.contains("1. (1) p1: a bye, through to the next round"),
        "{said}"
    );
    assert!(said.contains("2. (4) p4 0–0 (5) p5"), "{said}");
    picture(
        &notice(&notices, "quarter-finals (best of 3)").reply,
        "knockout-round-1.png",
    );

    // Match 2 (p4 v p5) is level after three draws: an extra game, its colours by lot.
    for number in 1..=3 {
        let (_, _, black, _) = current_game(&h, 1, 2);
        // Colours alternate, the better seed first.
        assert_eq!(black, if number % 2 == 1 { "p4" } else { "p5" });
        play(&h, 1, 2, None);
        let said = texts(&deliver(&h));
        let next = if number < 3 {
            format!("round 1, match 2, game {} of 3", number + 1)
        } else {
            "round 1, match 2, extra game (the first move drawn by lot)".to_string()
        };
        assert!(said.contains(&next), "{said}");
    }
    assert!(said_extra(&h), "the fourth game is the extra game");
    play(&h, 1, 2, Some("p4"));
    let said = texts(&deliver(&h));
    assert!(
        said.contains("<@test:p5> beats <@test:p4> 1½–1½ after the extra game and goes through."),
        "{said}"
    );

    // Match 4: p6 withdraws during game 1, which is lost; p3 goes through.
    let (_, channel, _, _) = current_game(&h, 1, 4);
    in_game(&h, &channel, "p3", Command::Move("C3".into()));
    let withdrew = tournament(&h, "p6", TournamentAction::Withdraw(None));
    assert!(
        withdrew.text.contains("**p6** withdrew from **Winter Cup** and their running game is lost. Their opponent goes through"),
        "{}",
        withdrew.text
    );
    let notices = deliver(&h);
    picture(
        &notice(&notices, "Results:").reply,
        "knockout-round-1-over.png",
    );
    picture(
        &notice(&notices, "semi-finals (best of 3):\n1. (1) p1 0–0").reply,
        "knockout-round-2.png",
    );
    let said = texts(&notices);
    assert!(
        said.contains("<@test:p6> withdrew; <@test:p3> goes through (1–0).")
            && !said.contains("beats <@test:p6>"),
        "{said}"
    );
    // Round 1 is over; the semi-finals: p1 v p5, p2 v p3.
    assert!(
        said.contains("Results: **Winter Cup**, quarter-finals"),
        "{said}"
    );
    assert!(
        said.contains("2. (4) p4 1½–1½ (5) p5 · p5 wins the extra game"),
        "{said}"
    );
    assert!(
        said.contains("4. (3) p3 1–0 (6) p6 · p3 goes through, p6 is out of the tournament"),
        "{said}"
    );
    assert!(
        said.contains("**Winter Cup**, semi-finals (best of 3):"),
        "{said}"
    );
    assert_eq!(
        bracket(&h)[4..],
        ["2.1:p1-p5=-".to_string(), "2.2:p2-p3=-".to_string()]
    );

    // Semi-final 1: p1 wins 2–0, the second game in the first one's thread.
    let (_, thread, _, _) = current_game(&h, 2, 1);
    play(&h, 2, 1, Some("p5"));
    deliver(&h);
    assert_eq!(
        current_game(&h, 2, 1).1,
        thread,
        "the match keeps its thread"
    );
    play(&h, 2, 1, Some("p5"));
    let said = texts(&deliver(&h));
    assert!(
        said.contains("<@test:p1> beats <@test:p5> 2–0 and goes through."),
        "{said}"
    );
    // Semi-final 2: p3 wins game 1, then the organiser disqualifies p3 during game 2.
    play(&h, 2, 2, Some("p2"));
    deliver(&h);
    let disqualified = tournament(&h, "org", TournamentAction::Withdraw(Some(user("p3"))));
    assert!(
        disqualified
            .text
            .contains("**p3** was disqualified from **Winter Cup**"),
        "{}",
        disqualified.text
    );
    let notices = deliver(&h);
    picture(
        &notice(&notices, "Results:").reply,
        "knockout-round-2-over.png",
    );
    picture(
        &notice(&notices, "final (best of 3):").reply,
        "knockout-round-3.png",
    );
    let said = texts(&notices);
    assert!(
        said.contains("<@test:p3> was disqualified and is out of the tournament; <@test:p2> goes through (1–1).") && !said.contains("beats <@test:p3>"),
        "{said}"
    );
    // The disqualified player's running game ended by the organiser's decision: it is
    // announced and stored as an adjudication, never as a resignation p3 did not make.
    assert!(!said.contains("p3 resigned"), "{said}");
    assert!(said.contains("by adjudication"), "{said}");
    assert!(
        said.contains("**Winter Cup**, final (best of 3):"),
        "{said}"
    );

    // The final: p2 beats p1 2–1.
    play(&h, 3, 1, Some("p2"));
    deliver(&h);
    play(&h, 3, 1, Some("p1"));
    deliver(&h);
    play(&h, 3, 1, Some("p1"));
    let notices = deliver(&h);
    picture(
        &notice(&notices, "is over: p2 wins it").reply,
        "knockout-over.png",
    );
    let said = texts(&notices);
    assert!(
        said.contains("<@test:p2> beats <@test:p1> 2–1 and wins the tournament."),
        "{said}"
    );
    assert!(
        said.contains("🏆 **Winter Cup** is over: p2 wins it."),
        "{said}"
    );
    assert!(
        said.contains(
            "Final places:\n1. p2 (2)\n2. p1 (1)\n3. p5 (5) and p3 (3, disqualified)\n5. p4 (4) and p6 (6, withdrew)"
        ),
        "{said}"
    );
    let standings = tournament(&h, "p1", TournamentAction::Standings);
    picture(&standings, "knockout-standings.png");
    assert!(
        standings
            .text
            .contains("**Winter Cup**, final (best of 3):\n1. (1) p1 1–2 (2) p2 · p2 wins"),
        "{}",
        standings.text
    );
    // Nothing is left to play.
    let open: i64 = db(&h)
        .read(|tx| {
            tx.query_one(
                "SELECT COUNT(*) FROM games WHERE status = 'active'",
                params![],
                |r| r.get(0),
            )
        })
        .unwrap();
    assert_eq!(open, 0);
}

#[test]
fn knockout_options_on_a_swiss_are_refused() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("Cup", TournamentFormat::Swiss);
    options.best_of = Some(3);
    let refused = tournament(&h, "org", TournamentAction::Create(options));
    assert!(refused.ephemeral);
    assert!(
        refused.text.contains("options of a knockout"),
        "{}",
        refused.text
    );
}

/// The final's pairing and result, the tournament's status, and how many games are active.
fn final_state(h: &Harness) -> (Vec<String>, String, i64) {
    let db = db(h);
    let status: String = db
        .read(|tx| tx.query_one("SELECT status FROM tournaments", params![], |r| r.get(0)))
        .unwrap();
    let active: i64 = db
        .read(|tx| {
            tx.query_one(
                "SELECT COUNT(*) FROM games WHERE status = 'active'",
                params![],
                |r| r.get(0),
            )
        })
        .unwrap();
    let rows = bracket(h)
        .into_iter()
        .filter(|r| r.starts_with("2."))
        .collect();
    (rows, status, active)
}

/// A withdrawal racing the end of round 1, which pairs the final: the withdrawn player's
/// opponent goes through either way, exactly once. `two` runs the withdrawal on a second
/// service on the same database (a second pool, as a second process would).
fn withdrawal_against_the_pairing(two: bool) {
    for run in 0..25 {
        let Some(h) = Harness::on(super::BACKEND) else {
            return;
        };
        let mut options = TournamentOptions::new("T", TournamentFormat::SingleElimination);
        options.size = Some(4);
        options.draw = Some(7);
        options.time = Some(TimeControl::PerMove(86_400));
        assert!(!tournament(&h, "org", TournamentAction::Create(options)).ephemeral);
        for player in ["p1", "p2", "p3", "p4"] {
            assert!(!tournament(&h, player, TournamentAction::Join).ephemeral);
        }
        assert!(!tournament(&h, "org", TournamentAction::Start).ephemeral);
        // p1 beats p4; then p2 beats p3 while p1 withdraws.
        let (first, ..) = current_game(&h, 1, 1);
        let (second, ..) = current_game(&h, 1, 2);
        let decided = tournament(
            &h,
            "org",
            TournamentAction::Adjudicate(Some(GameId(first)), Verdict::First),
        );
        assert!(!decided.ephemeral, "{}", decided.text);
        let other = two.then(|| h.open_service());
        let barrier = Barrier::new(2);
        let (adjudicated, withdrew) = std::thread::scope(|scope| {
            let a = scope.spawn(|| {
                barrier.wait();
                tournament(
                    &h,
                    "org",
                    TournamentAction::Adjudicate(Some(GameId(second)), Verdict::First),
                )
            });
            let b = scope.spawn(|| {
                barrier.wait();
                let mut request = Request::new(
                    user("p1"),
                    channel_id("lobby"),
                    Command::Tournament(TournamentAction::Withdraw(None)),
                );
                request.is_moderator = false;
                match &other {
                    Some(service) => service.handle(&request),
                    None => h.service.handle(&request),
                }
            });
            (a.join().unwrap(), b.join().unwrap())
        });
        assert!(!adjudicated.ephemeral, "run {run}: {}", adjudicated.text);
        assert!(!withdrew.ephemeral, "run {run}: {}", withdrew.text);
        let (rows, status, active) = final_state(&h);
        assert_eq!(
            rows,
            ["2.1:p1-p2=first-forfeit"],
            "run {run}: one final, p2 through on p1's withdrawal"
        );
        assert_eq!(status, "finished", "run {run}");
        assert_eq!(active, 0, "run {run}: no game left running");
        let said = texts(&deliver(&h));
        assert_eq!(
            said.matches("is over: p2 wins it").count(),
            1,
            "run {run}: the end is announced once: {said}"
        );
    }
}

#[test]
fn a_withdrawal_racing_the_pairing_of_the_final_has_one_outcome_threads() {
    withdrawal_against_the_pairing(false);
}

#[test]
fn a_withdrawal_racing_the_pairing_of_the_final_has_one_outcome_two_services() {
    withdrawal_against_the_pairing(true);
}

#[test]
fn the_organiser_seeds_an_entrant_before_the_start_only() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("Cup", TournamentFormat::SingleElimination);
    options.size = Some(4);
    assert!(!tournament(&h, "org", TournamentAction::Create(options)).ephemeral);
    for player in ["p1", "p2", "p3", "p4"] {
        assert!(!tournament(&h, player, TournamentAction::Join).ephemeral);
    }
    // Typed as a player would.
    let parsed = akron_service::service::text::parse_command("tournament seed @p4 1", |name| {
        Some(user(name.trim_start_matches('@')))
    })
    .unwrap();
    assert_eq!(
        parsed,
        Command::Tournament(TournamentAction::Seed(user("p4"), Some(1)))
    );
    let Command::Tournament(seed) = parsed else {
        unreachable!()
    };
    let refused = tournament(&h, "p2", seed.clone());
    assert!(
        refused.ephemeral,
        "only the organiser seeds: {}",
        refused.text
    );
    let seeded = tournament(&h, "org", seed.clone());
    assert!(
        seeded.text.contains("**p4** will be seed 1 of **Cup**"),
        "{}",
        seeded.text
    );
    assert!(!tournament(&h, "org", TournamentAction::Start).ephemeral);
    // p4 is the top seed, the others by rating (equal: by joining): 1 v 4 and 2 v 3.
    assert_eq!(bracket(&h), ["1.1:p4-p3=-", "1.2:p1-p2=-"]);
    let late = tournament(&h, "org", seed);
    assert!(late.ephemeral, "no seeding after the start: {}", late.text);
}

/// Regression: adjudicating a game of a best-of-3 wrote the game's result as the match's (so
/// the match ended after one game, and by the game's colours, not the seeds).
#[test]
fn adjudicating_a_game_of_a_best_of_three_decides_the_game_not_the_match() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("Cup", TournamentFormat::SingleElimination);
    options.size = Some(4);
    options.best_of = Some(3);
    assert!(!tournament(&h, "org", TournamentAction::Create(options)).ephemeral);
    for player in ["p1", "p2"] {
        assert!(!tournament(&h, player, TournamentAction::Join).ephemeral);
    }
    assert!(!tournament(&h, "org", TournamentAction::Start).ephemeral);
    deliver(&h);
    // Game 1: p1 (the better seed) is Black; the organiser gives it to White, p2.
    let (first, _, black, _) = current_game(&h, 1, 1);
    assert_eq!(black, "p1");
    let decided = tournament(
        &h,
        "org",
        TournamentAction::Adjudicate(Some(GameId(first)), Verdict::Second),
    );
    assert!(!decided.ephemeral, "{}", decided.text);
    // Regression (reader's report a10): the winner by name, and a knockout's match, not board.
    assert!(
        decided
            .text
            .contains("(round 1, match 1) is adjudicated: p2 (White) wins."),
        "{}",
        decided.text
    );
    assert_eq!(bracket(&h), ["1.1:p1-p2=-"], "the match goes on");
    // Game 2: p2 is Black; adjudicated to Black, p2 wins the match 2-0.
    let (second, _, black, _) = current_game(&h, 1, 1);
    assert_ne!(second, first);
    assert_eq!(black, "p2");
    let decided = tournament(
        &h,
        "org",
        TournamentAction::Adjudicate(Some(GameId(second)), Verdict::First),
    );
    assert!(!decided.ephemeral, "{}", decided.text);
    assert_eq!(bracket(&h), ["1.1:p1-p2=second"]);
    let said = texts(&deliver(&h));
    assert!(
        said.contains("<@test:p2> beats <@test:p1> 2–0 and wins the tournament."),
        "{said}"
    );
}

#[test]
fn a_paused_knockout_finishes_its_round_and_waits_for_resume() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    four_player_knockout(&h);
    assert!(!tournament(&h, "org", TournamentAction::Pause).ephemeral);
    play(&h, 1, 1, Some("p4"));
    play(&h, 1, 2, Some("p3"));
    deliver(&h);
    assert_eq!(
        bracket(&h),
        ["1.1:p1-p4=first", "1.2:p2-p3=first"],
        "the round ends, the final waits"
    );
    let resumed = tournament(&h, "org", TournamentAction::Resume);
    assert!(!resumed.ephemeral, "{}", resumed.text);
    assert_eq!(bracket(&h)[2], "2.1:p1-p2=-", "resume pairs the final");
    let said = texts(&deliver(&h));
    assert!(said.contains("**Cup**, final (best of 1):"), "{said}");
}

#[test]
fn the_organiser_decides_a_whole_match_but_not_their_own() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("Cup", TournamentFormat::SingleElimination);
    options.size = Some(4);
    options.best_of = Some(3);
    assert!(!tournament(&h, "org", TournamentAction::Create(options)).ephemeral);
    for player in ["p1", "p2", "org"] {
        assert!(!tournament(&h, player, TournamentAction::Join).ephemeral);
    }
    assert!(!tournament(&h, "org", TournamentAction::Start).ephemeral);
    deliver(&h);
    // Three entrants: p1 has a bye; p2 (seed 2) plays org (seed 3), who may not decide it.
    let own = tournament(&h, "org", TournamentAction::Advance(user("org")));
    assert!(own.ephemeral, "{}", own.text);
    assert!(own.text.contains("You play in that match"), "{}", own.text);
    let bye = tournament(&h, "org", TournamentAction::Advance(user("p1")));
    assert!(bye.ephemeral, "p1's match was a bye: {}", bye.text);
    // Game 1 to p2; then a moderator who plays nothing gives the match to org.
    play(&h, 1, 2, Some("org"));
    deliver(&h);
    let mut request = Request::new(
        user("mod"),
        channel_id("lobby"),
        Command::Tournament(TournamentAction::Advance(user("org"))),
    );
    request.is_moderator = true;
    let decided = h.service.handle(&request);
    assert!(!decided.ephemeral, "{}", decided.text);
    assert!(
        decided
            .text
            .contains("**org** goes through in **Cup** by the organiser's decision."),
        "{}",
        decided.text
    );
    assert_eq!(
        bracket(&h)[..2],
        ["1.1:p1-bye=second-forfeit", "1.2:p2-p3=second"]
    );
    let said = texts(&deliver(&h));
    assert!(
        said.contains(
            "<@test:org> goes through by the organiser's decision (the match stood at 0–1); \
             <@test:p2> is out of the tournament."
        ) && !said.contains("beats <@test:p2> 0–1"),
        "{said}"
    );
    assert!(said.contains("**Cup**, final (best of 3):"), "{said}");
    let open: i64 = db(&h)
        .read(|tx| {
            tx.query_one(
                "SELECT COUNT(*) FROM games WHERE status = 'active'",
                params![],
                |r| r.get(0),
            )
        })
        .unwrap();
    assert_eq!(open, 1, "only the final's first game runs");
}

/// Issue 44's reader: a player knocked out on the board could still "withdraw", and was then
/// listed as having withdrawn, in the announcement, the places and the picture.
#[test]
fn a_knocked_out_player_cannot_withdraw_and_keeps_how_they_went_out() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    four_player_knockout(&h);
    play(&h, 1, 1, Some("p4"));
    deliver(&h);
    let out = "p4 is already out of **Cup** (knocked out in round 1): there is nothing left to \
               withdraw from.";
    let own = tournament(&h, "p4", TournamentAction::Withdraw(None));
    assert!(own.refused, "{}", own.text);
    assert_eq!(own.text, out);
    let by_organiser = tournament(&h, "org", TournamentAction::Withdraw(Some(user("p4"))));
    assert!(by_organiser.refused, "{}", by_organiser.text);
    assert_eq!(by_organiser.text, out);
    let withdrawn: i64 = db(&h)
        .read(|tx| {
            tx.query_one(
                "SELECT COUNT(*) FROM tournament_entrants WHERE withdrawn <> 0",
                params![],
                |r| r.get(0),
            )
        })
        .unwrap();
    assert_eq!(withdrawn, 0, "nothing changed");
    // A player still in may withdraw.
    assert!(!tournament(&h, "p1", TournamentAction::Withdraw(None)).refused);
}

/// Issue 44's reader: a final decided by a walkover was announced as a match whose thread
/// opens and whose clock runs, though no game is ever made.
#[test]
fn a_final_won_by_walkover_opens_no_match_and_names_the_winner() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    four_player_knockout(&h);
    play(&h, 1, 1, Some("p4"));
    // p1 is through to the final and disqualified before it is paired.
    let disqualified = tournament(&h, "org", TournamentAction::Withdraw(Some(user("p1"))));
    assert!(!disqualified.refused, "{}", disqualified.text);
    deliver(&h);
    play(&h, 1, 2, Some("p3"));
    let said = texts(&deliver(&h));
    assert!(!said.contains("opens in a thread"), "{said}");
    assert!(!said.contains("final (best of 1)"), "{said}");
    assert!(said.contains("🏆 **Cup** is over:"), "{said}");
    assert_eq!(bracket(&h)[2], "2.1:p1-p2=first-forfeit");
}

/// A single elimination of p1 to p4 on 4 × 4, best of 1, started, its threads open.
fn four_player_knockout(h: &Harness) {
    let mut options = TournamentOptions::new("Cup", TournamentFormat::SingleElimination);
    options.size = Some(4);
    assert!(!tournament(h, "org", TournamentAction::Create(options)).ephemeral);
    for player in ["p1", "p2", "p3", "p4"] {
        assert!(!tournament(h, player, TournamentAction::Join).ephemeral);
    }
    assert!(!tournament(h, "org", TournamentAction::Start).ephemeral);
    deliver(h);
}
