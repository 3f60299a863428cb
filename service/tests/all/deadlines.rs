//! A knockout's round deadline (issue 43, `deadline:3d`): when it passes, each undecided
//! match goes to the player ahead in it, a level one (nothing played included) to the higher
//! seed, since no extra game can be played after it; the match's running game ends as
//! adjudicated by the deadline. Applied once, in the tick, with the harness's clock.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_service::db::Db;
use akron_service::params;
use akron_service::service::{
    Command, Destination, GameId, Notice, Reply, Request, TimeControl, TournamentAction,
    TournamentFormat, TournamentOptions,
};
use akron_service::tournament::knockout::TieRule;
use common::{channel_id, user, Harness};

const DAY: i64 = 86_400;

fn db(h: &Harness) -> Db {
    h.open_db().unwrap()
}

fn tournament(h: &Harness, who: &str, action: TournamentAction) -> Reply {
    let mut request = Request::new(user(who), channel_id("lobby"), Command::Tournament(action));
    request.is_moderator = who == "org";
    h.service.handle(&request)
}

/// One match of a round: (board, its running game, Black's and White's names, the better
/// seed's name).
fn matches(h: &Harness, round: u32) -> Vec<(u32, Option<i64>, String, String, String)> {
    db(h)
        .read(|tx| {
            tx.query(
                "SELECT p.board, p.game_id, g.black_name, g.white_name, e.name \
                 FROM tournament_pairings p JOIN tournament_entrants e \
                 ON e.tournament_id = p.tournament_id AND e.player = p.first \
                 LEFT JOIN games g ON g.id = p.game_id \
                 WHERE p.round = ?1 AND p.second IS NOT NULL ORDER BY p.board",
                params![round],
                |r| {
                    Ok((
                        r.get(0)?,
                        r.get(1)?,
                        r.get::<Option<String>>(2)?.unwrap_or_default(),
                        r.get::<Option<String>>(3)?.unwrap_or_default(),
                        r.get(4)?,
                    ))
                },
            )
        })
        .unwrap()
}

/// How a game ended: (status, reason, rated).
fn ending(h: &Harness, game: i64) -> (String, Option<String>, bool) {
    db(h)
        .read(|tx| {
            tx.query_one(
                "SELECT status, reason, rated FROM games WHERE id = ?1",
                params![game],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
        })
        .unwrap()
}

fn channel_texts(notices: &[Notice]) -> Vec<String> {
    notices
        .iter()
        .filter(|n| n.to == Destination::Channel(channel_id("lobby")))
        .map(|n| n.reply.text.clone())
        .collect()
}

/// A 4-player best-of-3 knockout with a 3-day round deadline (games at 7 days a move, so
/// that no clock runs out first), started.
fn started(h: &Harness) {
    let mut options = TournamentOptions::new("Cup", TournamentFormat::SingleElimination);
    options.size = Some(5);
    options.time = Some(TimeControl::PerMove(7 * DAY));
    options.best_of = Some(3);
    options.tie = Some(TieRule::ExtraGame);
    options.deadline = Some(3 * DAY);
    let created = tournament(h, "org", TournamentAction::Create(options));
    assert!(!created.ephemeral, "{}", created.text);
    assert!(
        created.text.contains("or when level to the higher seed.")
            && !created.text.contains("grand final"),
        "{}",
        created.text
    );
    for player in ["p1", "p2", "p3", "p4"] {
        let joined = tournament(h, player, TournamentAction::Join);
        assert!(!joined.ephemeral, "{}", joined.text);
    }
    let start = tournament(h, "org", TournamentAction::Start);
    assert!(!start.ephemeral, "{}", start.text);
    h.deliver_checking(|_| {});
}

#[test]
fn at_the_rounds_deadline_the_player_ahead_goes_through_and_a_level_match_goes_to_the_higher_seed()
{
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let t0 = h.service.now();
    started(&h);
    assert_eq!(h.service.next_tick().unwrap(), Some(t0 + 3 * DAY));
    let round1 = matches(&h, 1);
    assert_eq!(round1.len(), 2, "{round1:?}");
    // Match 1: its first game is won by Black (White resigns); the second is being played.
    let (_, Some(first_game), black, white, _) = round1[0].clone() else {
        panic!("match 1 has a game: {round1:?}");
    };
    let mut resign = Request::new(user(&white), channel_id("elsewhere"), Command::Resign);
    resign.game = Some(GameId(first_game));
    let resigned = h.service.handle(&resign);
    assert!(!resigned.ephemeral, "{}", resigned.text);
    h.deliver_checking(|_| {});
    let (_, Some(second_game), ..) = matches(&h, 1)[0].clone() else {
        panic!("match 1 plays its second game");
    };
    assert_ne!(second_game, first_game);
    // Match 2: nothing played.
    let (_, Some(level_game), _, _, higher_seed) = round1[1].clone() else {
        panic!("match 2 has a game");
    };
    let level_loser = {
        let (_, _, b, w, _) = &round1[1];
        if *b == higher_seed {
            w.clone()
        } else {
            b.clone()
        }
    };

    h.clock.advance(3 * DAY - 1);
    let early = h.deliver_checking(|_| {});
    assert!(
        channel_texts(&early).is_empty(),
        "{:?}",
        channel_texts(&early)
    );
    h.clock.advance(1);
    // Two processes tick at the same moment: the deadline is applied once.
    let other = h.open_service();
    let barrier = std::sync::Barrier::new(2);
    std::thread::scope(|scope| {
        for service in [&h.service, &other] {
            let barrier = &barrier;
            scope.spawn(move || {
                barrier.wait();
                service.tick(service.now()).unwrap();
            });
        }
    });
    let notices = h.deliver_checking(|_| {});
    let said = channel_texts(&notices);
    let decided: Vec<&String> = said
        .iter()
        .filter(|t| t.contains("decided at the round's deadline"))
        .collect();
    assert_eq!(decided.len(), 2, "each match once: {said:#?}");
    assert!(
        decided[0].contains(&format!(
            "**Cup**, round 1, match 1: decided at the round's deadline: <@test:{black}> goes \
             through, ahead 1–0; <@test:{white}> is out. The match's running game ends, \
             adjudicated by the deadline."
        )),
        "{said:#?}"
    );
    assert!(
        decided[1].contains(&format!(
            "**Cup**, round 1, match 2: decided at the round's deadline: level 0–0, \
             <@test:{higher_seed}> goes through as the higher seed (no extra game after the \
             deadline); <@test:{level_loser}> is out."
        )),
        "{said:#?}"
    );
    for game in [second_game, level_game] {
        assert_eq!(
            ending(&h, game),
            (
                "finished".to_string(),
                Some("adjudication".to_string()),
                false
            ),
            "game {game} ends as adjudicated by the deadline, unrated"
        );
    }
    let final_match = matches(&h, 2);
    assert_eq!(final_match.len(), 1, "the final is paired");
    let (_, _, b, w, _) = &final_match[0];
    let mut finalists = [b.clone(), w.clone()];
    finalists.sort();
    let mut expected = [black.clone(), higher_seed.clone()];
    expected.sort();
    assert_eq!(finalists, expected);
    // The bracket says how they were decided, not "wins".
    let bracket = tournament(&h, "p1", TournamentAction::Standings).text;
    assert!(
        bracket.contains(&format!(
            "· {black} goes through, ahead at the round's deadline"
        )),
        "{bracket}"
    );
    assert!(
        bracket.contains(&format!(
            "· level at the round's deadline: {higher_seed} goes through as the higher seed"
        )),
        "{bracket}"
    );
    // The final's own deadline runs from now; nothing more is decided meanwhile.
    assert_eq!(
        h.service.next_tick().unwrap(),
        Some(h.service.now() + 3 * DAY)
    );
    let again = h.deliver_checking(|_| {});
    assert!(
        channel_texts(&again)
            .iter()
            .all(|t| !t.contains("deadline")),
        "{:?}",
        channel_texts(&again)
    );
}

/// Lets round `round`'s 3-day deadline pass and ticks; returns the channel's texts.
fn past_the_deadline(h: &Harness) -> Vec<String> {
    h.clock.advance(3 * DAY);
    channel_texts(&h.deliver_checking(|_| {}))
}

/// The one text of `said` that holds `needle`.
fn the_one<'a>(said: &'a [String], needle: &str) -> &'a str {
    let found: Vec<&String> = said.iter().filter(|t| t.contains(needle)).collect();
    assert_eq!(found.len(), 1, "{needle:?} once in {said:#?}");
    found[0]
}

/// `who` resigns the running game `game`.
fn resign(h: &Harness, who: &str, game: i64) {
    let mut resign = Request::new(user(who), channel_id("elsewhere"), Command::Resign);
    resign.game = Some(GameId(game));
    let resigned = h.service.handle(&resign);
    assert!(!resigned.ephemeral, "{}", resigned.text);
    h.deliver_checking(|_| {});
}

#[test]
fn a_double_eliminations_deadlines_drop_winners_losers_and_decide_the_final_and_the_reset() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("Twice", TournamentFormat::DoubleElimination);
    options.time = Some(TimeControl::PerMove(7 * DAY));
    options.best_of = Some(3);
    options.deadline = Some(3 * DAY);
    options.draw = Some(1);
    let created = tournament(&h, "org", TournamentAction::Create(options));
    assert!(!created.ephemeral, "{}", created.text);
    // Regression (reader's report a11): the sign-up says who gets a level final.
    assert!(
        created.text.contains(
            "or when level to the higher seed; in the grand final and the bracket reset, \
             to the winners' bracket's winner."
        ),
        "{}",
        created.text
    );
    for player in ["p1", "p2", "p3", "p4"] {
        assert!(!tournament(&h, player, TournamentAction::Join).ephemeral);
    }
    assert!(!tournament(&h, "org", TournamentAction::Start).ephemeral);
    h.deliver_checking(|_| {});

    // Round 1, the winners' bracket's first round: match 1 is 1–0 to Black after a
    // resignation, match 2 has nothing played. Both losers drop to the losers' bracket.
    let round1 = matches(&h, 1);
    assert_eq!(round1.len(), 2, "{round1:?}");
    let (_, Some(game), black, white, _) = round1[0].clone() else {
        panic!("{round1:?}")
    };
    resign(&h, &white, game);
    let level_high = round1[1].4.clone();
    let said = past_the_deadline(&h);
    the_one(
        &said,
        &format!(
            "**Twice**, round 1, match 1: decided at the round's deadline: <@test:{black}> \
             goes through, ahead 1–0; <@test:{white}> drops to the losers' bracket. The \
             match's running game ends, adjudicated by the deadline."
        ),
    );
    let level = the_one(&said, "round 1, match 2: decided at the round's deadline");
    assert!(
        level.contains(&format!(
            "level 0–0, <@test:{level_high}> goes through as the higher seed (no extra game \
             after the deadline); "
        )) && level.contains("drops to the losers' bracket."),
        "{level}"
    );

    // Round 2 holds the winners' final and the losers' first round, each decided level.
    let round2 = matches(&h, 2);
    assert_eq!(round2.len(), 2, "both brackets play: {round2:?}");
    let names = |m: &(u32, Option<i64>, String, String, String)| {
        let mut both = [m.2.clone(), m.3.clone()];
        both.sort();
        both
    };
    let mut winners_final = [black.clone(), level_high.clone()];
    winners_final.sort();
    let (wf, lr1) = if names(&round2[0]) == winners_final {
        (&round2[0], &round2[1])
    } else {
        (&round2[1], &round2[0])
    };
    assert_eq!(names(wf), winners_final, "{round2:?}");
    let (wb_winner, lb_first) = (wf.4.clone(), lr1.4.clone());
    let said = past_the_deadline(&h);
    let decided: Vec<&String> = said
        .iter()
        .filter(|t| t.contains("decided at the round's deadline"))
        .collect();
    assert_eq!(decided.len(), 2, "{said:#?}");
    assert_eq!(
        decided
            .iter()
            .filter(|t| t.contains("drops to the losers' bracket."))
            .count(),
        1,
        "the winners' final's loser drops: {said:#?}"
    );
    assert_eq!(
        decided.iter().filter(|t| t.contains(" is out.")).count(),
        1,
        "the losers' first round's loser is out: {said:#?}"
    );

    // Round 3, the losers' final: the winners' final's loser against the losers' round 1
    // winner, who goes through level as the better seed of the two.
    let round3 = matches(&h, 3);
    assert_eq!(round3.len(), 1, "{round3:?}");
    assert!(
        [&round3[0].2, &round3[0].3].contains(&&lb_first),
        "the losers' round 1 winner plays on: {round3:?}"
    );
    let lb_winner = round3[0].4.clone();
    let said = past_the_deadline(&h);
    assert!(
        the_one(&said, "round 3, match").contains(" is out."),
        "{said:#?}"
    );

    // Round 4, the grand final: the losers' side wins its first game and leads at the
    // deadline, so the bracket reset decides.
    let round4 = matches(&h, 4);
    assert_eq!(round4.len(), 1, "{round4:?}");
    assert_eq!(
        round4[0].4, wb_winner,
        "the winners' side is the better side"
    );
    let (_, Some(final_game), ..) = round4[0].clone() else {
        panic!("{round4:?}")
    };
    resign(&h, &wb_winner, final_game);
    let said = past_the_deadline(&h);
    assert!(
        the_one(&said, "round 4, match").contains(&format!(
            "<@test:{lb_winner}> goes through, ahead 1–0. Both have lost one match now: the \
             bracket reset decides. The match's running game ends"
        )),
        "{said:#?}"
    );

    // Round 5, the reset: nothing played, level, so the winners' bracket's winner takes it,
    // and the bracket says so rather than "the higher seed".
    assert_eq!(matches(&h, 5).len(), 1);
    let said = past_the_deadline(&h);
    assert!(
        the_one(&said, "round 5, match").contains(&format!(
            "level 0–0, <@test:{wb_winner}> goes through as the winners' bracket's winner (no \
             extra game after the deadline); <@test:{wb_winner}> wins the tournament."
        )),
        "{said:#?}"
    );
    assert!(
        said.iter()
            .any(|t| t.contains(&format!("**Twice** is over: {wb_winner} wins it."))),
        "{said:#?}"
    );
    let bracket = tournament(&h, "p1", TournamentAction::Standings).text;
    assert!(
        bracket.contains(&format!(
            "· level at the round's deadline: {wb_winner} goes through as the winners' \
             bracket's winner"
        )),
        "{bracket}"
    );
    // Nothing is due any more.
    assert_eq!(h.service.next_tick().unwrap(), None);
}

#[test]
fn a_deadline_on_a_swiss_is_refused() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("Cup", TournamentFormat::Swiss);
    options.deadline = Some(3 * DAY);
    let refused = tournament(&h, "org", TournamentAction::Create(options));
    assert!(refused.ephemeral, "{}", refused.text);
    assert!(
        refused.text.starts_with(
            "deadline is an option of a knockout (format:single or format:double) only"
        ),
        "{}",
        refused.text
    );
}
