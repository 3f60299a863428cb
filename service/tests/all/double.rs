//! Double elimination through the service: a 5-player bracket played to the winner with a
//! tied match (an extra game), a withdrawal in the winners' bracket (which drops nobody), a
//! disqualification in the losers' bracket, a grand final won from the losers' side and the
//! bracket reset; the stored bracket, the announcements and the final places checked at every
//! round.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::knockout::{bracket, current_game, deliver, notice, play, texts, tournament};
use akron_service::params;
use akron_service::service::{
    Command, GameId, Request, TimeControl, TournamentAction, TournamentFormat, TournamentOptions,
    Verdict,
};
use akron_service::testing::{channel_id, user, Harness};
use std::sync::Barrier;

/// A double elimination's bracket picture: it decodes, its both brackets fit a chat at phone
/// size, and `AKRON_TABLE_OUT=DIR` keeps it as `DIR/NAME` for a person to look at.
fn shown(reply: &akron_service::service::Reply, name: &str) {
    let png = reply.image.as_ref().expect("a bracket picture");
    if let Some(dir) = std::env::var_os("AKRON_TABLE_OUT") {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(std::path::Path::new(&dir).join(name), png).unwrap();
    }
    let decoded = image::load_from_memory(png).expect("a PNG");
    assert!(
        (640..=1100).contains(&decoded.width()),
        "{}",
        decoded.width()
    );
    assert!(decoded.height() <= 900, "{}", decoded.height());
    assert!(
        reply.alt.as_ref().is_some_and(|a| !a.is_empty()),
        "the picture has words"
    );
}

#[test]
fn a_five_player_double_elimination_with_a_tie_a_withdrawal_a_disqualification_and_a_reset() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("Spring Double", TournamentFormat::DoubleElimination);
    options.draw = Some(1);
    options.size = Some(5);
    options.time = Some(TimeControl::PerMove(86_400));
    let created = tournament(&h, "org", TournamentAction::Create(options));
    assert!(
        created
            .text
            .contains("double elimination (a winners' and a losers' bracket")
            && created
                .text
                .contains("a bracket reset if the losers' bracket's winner wins the grand final"),
        "{:?}",
        created.text
    );
    for player in 1..=5 {
        assert!(!tournament(&h, &format!("p{player}"), TournamentAction::Join).ephemeral);
    }
    let started = tournament(&h, "org", TournamentAction::Start);
    assert!(
        started.text.contains("5 players, up to 7 rounds"),
        "{}",
        started.text
    );
    // Round 1, the winners' bracket's first round: 8 places, byes to seeds 1 to 3.
    assert_eq!(
        bracket(&h),
        [
            "1.1:p1-bye=second-forfeit",
            "1.2:p4-p5=-",
            "1.3:p2-bye=second-forfeit",
            "1.4:p3-bye=second-forfeit"
        ]
    );
    let notices = deliver(&h);
    let said = texts(&notices);
    assert!(
        said.contains(
            "**Spring Double**, round 1 (best of 1):\nWinners' bracket, round 1:\n1. (1) p1: a bye"
        ),
        "{said}"
    );
    shown(
        &notice(&notices, "round 1 (best of 1)").reply,
        "double-round-1.png",
    );

    // A tied match: p4 and p5 draw, then p5 wins the extra game; p4 drops to the losers'.
    play(&h, 1, 2, None);
    let said = texts(&deliver(&h));
    assert!(
        said.contains("round 1, match 2, extra game (the first move drawn by lot)"),
        "{said}"
    );
    play(&h, 1, 2, Some("p4"));
    let notices = deliver(&h);
    let said = texts(&notices);
    assert!(
        said.contains("**Spring Double**, round 1, match 2 (Winners' bracket, round 1): <@test:p5> beats <@test:p4> ½–½ after the extra game; <@test:p4> drops to the losers' bracket."),
        "{said}"
    );
    // Round 2: the winners' semi-finals, and p4 alone in the losers' first round (a bye).
    assert_eq!(
        bracket(&h)[4..],
        ["2.1:p1-p5=-", "2.2:p2-p3=-", "2.3:p4-bye=second-forfeit"]
    );
    assert!(
        said.contains("Winners' bracket, semi-finals:\n1. (1) p1 0–0 (5) p5\n2. (2) p2 0–0 (3) p3\nLosers' bracket, round 1:\n3. (4) p4: a bye"),
        "{said}"
    );
    shown(
        &notice(&notices, "round 2 (best of 1)").reply,
        "double-round-2.png",
    );

    // p1 beats p5 (p5 drops); p3 withdraws during their game: p2 goes through and p3 is
    // out of both brackets (nobody drops from that match).
    play(&h, 2, 1, Some("p5"));
    deliver(&h);
    let (_, channel, black, _) = current_game(&h, 2, 2);
    assert_eq!(black, "p2");
    let name = channel.strip_prefix("test:").unwrap().to_string();
    assert!(!h.send_in(&name, "p2", Command::Move("C3".into())).ephemeral);
    let withdrew = tournament(&h, "p3", TournamentAction::Withdraw(None));
    assert!(
        withdrew
            .text
            .contains("**p3** withdrew from **Spring Double**"),
        "{}",
        withdrew.text
    );
    let notices = deliver(&h);
    let said = texts(&notices);
    assert!(
        said.contains(
            "<@test:p3> withdrew; <@test:p2> wins the match (1–0); <@test:p3> is out of the tournament."
        ),
        "{said}"
    );
    // Round 3: the winners' final; in the losers' bracket p4 and p5 each have a bye (p3's
    // place is empty).
    assert_eq!(
        bracket(&h)[7..],
        [
            "3.1:p1-p2=-",
            "3.2:p4-bye=second-forfeit",
            "3.3:p5-bye=second-forfeit"
        ]
    );
    shown(
        &notice(&notices, "round 3 (best of 1)").reply,
        "double-round-3.png",
    );

    // p2 beats p1 in the winners' final: p1 drops to the losers' final.
    play(&h, 3, 1, Some("p1"));
    let notices = deliver(&h);
    assert_eq!(bracket(&h)[10..], ["4.1:p4-p5=-"]);
    shown(
        &notice(&notices, "round 4 (best of 1)").reply,
        "double-round-4.png",
    );

    // Round 4, the losers' third round: the organiser disqualifies p4 during the game.
    let (_, channel, black, _) = current_game(&h, 4, 1);
    let name = channel.strip_prefix("test:").unwrap().to_string();
    assert!(
        !h.send_in(&name, &black, Command::Move("C3".into()))
            .ephemeral
    );
    let disqualified = tournament(&h, "org", TournamentAction::Withdraw(Some(user("p4"))));
    assert!(
        disqualified
            .text
            .contains("**p4** was disqualified from **Spring Double**"),
        "{}",
        disqualified.text
    );
    let notices = deliver(&h);
    let said = texts(&notices);
    assert!(
        said.contains(
            "<@test:p4> was disqualified; <@test:p5> wins the match (1–0); <@test:p4> is out of the tournament."
        ),
        "{said}"
    );
    // Round 5, the losers' final: p5 against p1, the winners' final's loser.
    assert_eq!(bracket(&h)[11..], ["5.1:p1-p5=-"]);
    assert!(
        said.contains("Losers' bracket, final:\n1. (1) p1 0–0 (5) p5"),
        "{said}"
    );
    shown(
        &notice(&notices, "round 5 (best of 1)").reply,
        "double-round-5.png",
    );

    play(&h, 5, 1, Some("p5"));
    let notices = deliver(&h);
    let said = texts(&notices);
    assert!(
        said.contains("<@test:p1> beats <@test:p5> 1–0; <@test:p5> is out of the tournament."),
        "{said}"
    );
    // Round 6, the grand final: p2 (unbeaten, the winners' side) against p1.
    assert_eq!(bracket(&h)[12..], ["6.1:p2-p1=-"]);
    assert!(
        said.contains("Grand final:\n1. (2) p2 0–0 (1) p1"),
        "{said}"
    );
    shown(
        &notice(&notices, "round 6 (best of 1)").reply,
        "double-round-6.png",
    );

    // p1 wins it: both have lost once, so the bracket reset decides.
    play(&h, 6, 1, Some("p2"));
    let notices = deliver(&h);
    let said = texts(&notices);
    assert!(
        said.contains("round 6, match 1 (Grand final): <@test:p1> beats <@test:p2> 1–0. Both have lost one match now: the bracket reset decides."),
        "{said}"
    );
    assert_eq!(bracket(&h)[13..], ["7.1:p2-p1=-"]);
    assert!(
        said.contains("Bracket reset (the second grand final):\n1. (2) p2 0–0 (1) p1"),
        "{said}"
    );
    shown(
        &notice(&notices, "round 7 (best of 1)").reply,
        "double-round-7.png",
    );

    play(&h, 7, 1, Some("p2"));
    let notices = deliver(&h);
    let said = texts(&notices);
    assert!(
        said.contains("<@test:p1> beats <@test:p2> 1–0 and wins the tournament."),
        "{said}"
    );
    assert!(
        said.contains(
            "🏆 **Spring Double** is over: p1 wins it.\nFinal places:\n1. p1 (1)\n2. p2 (2)\n3. p5 (5)\n4. p4 (4, disqualified)\n5. p3 (3, withdrew)"
        ),
        "{said}"
    );
    shown(
        &notice(&notices, "is over: p1 wins it").reply,
        "double-over.png",
    );
    // 2n - 1 = 9 matches with a reset, less one: p3 withdrew after one lost match, so nobody
    // had to beat them a second time (the two walkovers count, byes do not).
    let played = bracket(&h)
        .iter()
        .filter(|row| !row.contains("bye"))
        .count();
    assert_eq!(played, 8);
}

#[test]
fn a_grand_final_won_by_the_winners_side_ends_it_without_a_reset() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("Cup", TournamentFormat::DoubleElimination);
    options.size = Some(5);
    options.reset = Some(false);
    options.time = Some(TimeControl::PerMove(86_400));
    let created = tournament(&h, "org", TournamentAction::Create(options));
    assert!(
        created.text.contains("no bracket reset"),
        "{}",
        created.text
    );
    for player in ["p1", "p2", "p3"] {
        assert!(!tournament(&h, player, TournamentAction::Join).ephemeral);
    }
    assert!(!tournament(&h, "org", TournamentAction::Start).ephemeral);
    deliver(&h);
    // 3 players: 1 v bye, 2 v 3; then 1 v 2 and 3 alone; then 3 v the loser of 1 v 2.
    play(&h, 1, 2, Some("p3"));
    deliver(&h);
    play(&h, 2, 1, Some("p2"));
    deliver(&h);
    play(&h, 3, 1, Some("p3"));
    deliver(&h);
    assert_eq!(bracket(&h).last().unwrap(), "4.1:p1-p2=-");
    play(&h, 4, 1, Some("p1"));
    let said = texts(&deliver(&h));
    assert!(said.contains("is over: p2 wins it"), "{said}");
    assert!(
        said.contains("Final places:\n1. p2 (2)\n2. p1 (1)\n3. p3 (3)"),
        "{said}"
    );
}

#[test]
fn reset_on_a_single_elimination_is_refused() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("Cup", TournamentFormat::SingleElimination);
    options.reset = Some(true);
    let refused = tournament(&h, "org", TournamentAction::Create(options));
    assert!(refused.ephemeral);
    assert!(refused.text.contains("format:double"), "{}", refused.text);
}

/// A disqualification racing the end of round 1, which pairs round 2 (where the disqualified
/// player would drop into the losers' bracket): either way p3 goes through the losers' first
/// round, p4 never plays again, and the winners' semi-final is paired once. `two` runs the
/// disqualification on a second service on the same database (a second pool, as a second
/// process would).
fn disqualification_against_the_pairing(two: bool) {
    for run in 0..25 {
        let Some(h) = Harness::on(super::BACKEND) else {
            return;
        };
        let mut options = TournamentOptions::new("T", TournamentFormat::DoubleElimination);
        options.size = Some(4);
        options.draw = Some(7);
        options.time = Some(TimeControl::PerMove(86_400));
        assert!(!tournament(&h, "org", TournamentAction::Create(options)).ephemeral);
        for player in ["p1", "p2", "p3", "p4"] {
            assert!(!tournament(&h, player, TournamentAction::Join).ephemeral);
        }
        assert!(!tournament(&h, "org", TournamentAction::Start).ephemeral);
        // p1 beats p4; then p2 beats p3 while the organiser disqualifies p4.
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
        let (adjudicated, disqualified) = std::thread::scope(|scope| {
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
                    user("org"),
                    channel_id("lobby"),
                    Command::Tournament(TournamentAction::Withdraw(Some(user("p4")))),
                );
                request.is_moderator = true;
                match &other {
                    Some(service) => service.handle(&request),
                    None => h.service.handle(&request),
                }
            });
            (a.join().unwrap(), b.join().unwrap())
        });
        assert!(!adjudicated.ephemeral, "run {run}: {}", adjudicated.text);
        assert!(!disqualified.ephemeral, "run {run}: {}", disqualified.text);
        let rows: Vec<String> = bracket(&h)
            .into_iter()
            .filter(|r| r.starts_with("2."))
            .collect();
        // Disqualified before the pairing: p3 has a bye; after it: p3 wins by walkover.
        assert_eq!(rows[0], "2.1:p1-p2=-", "run {run}: {rows:?}");
        assert!(
            rows[1..] == ["2.2:p3-bye=second-forfeit"] || rows[1..] == ["2.2:p3-p4=second-forfeit"],
            "run {run}: {rows:?}"
        );
        let active: i64 = super::knockout::db(&h)
            .read(|tx| {
                tx.query_one(
                    "SELECT COUNT(*) FROM games WHERE status = 'active'",
                    params![],
                    |r| r.get(0),
                )
            })
            .unwrap();
        assert_eq!(
            active, 1,
            "run {run}: only the winners' semi-final is played"
        );
        let said = texts(&deliver(&h));
        assert_eq!(
            said.matches("**T**, round 2 (best of 1):").count(),
            1,
            "run {run}: round 2 is paired once: {said}"
        );
    }
}

#[test]
fn a_disqualification_racing_the_pairing_of_the_losers_bracket_has_one_outcome_threads() {
    disqualification_against_the_pairing(false);
}

#[test]
fn a_disqualification_racing_the_pairing_of_the_losers_bracket_has_one_outcome_two_services() {
    disqualification_against_the_pairing(true);
}
