//! A tournament's round transitions, driven through the service with a clock the test
//! moves: round 1's pairings, the next round opening once when the last game of a round
//! ends (by a result, a timeout or a withdrawal), the end, and a pause holding it all.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;
use crate::model::{GameId, TimeControl};
use crate::service::read_model::tournament_detail;
use crate::service::tournaments::standings::final_standings;
use crate::service::types::{Command, TournamentAction, TournamentOptions};
use crate::testing::{channel_id, user, Harness};
use akron_rules::Color;

const DAY: i64 = 86_400;
/// The first tournament of a fresh database.
const CUP: TournamentId = TournamentId(1);

pub(super) fn tournament(h: &Harness, who: &str, action: TournamentAction) -> Reply {
    let mut request = Request::new(user(who), channel_id("lobby"), Command::Tournament(action));
    request.is_moderator = who == "org";
    h.service.handle(&request)
}

/// A started tournament of p1..pN on 5 × 5, one day per move.
pub(super) fn started(format: TournamentFormat, rounds: Option<u32>, players: u32) -> Harness {
    let h = Harness::new();
    let mut options = TournamentOptions::new("Cup", format);
    options.rounds = rounds;
    options.size = Some(5);
    options.time = Some(TimeControl::PerMove(DAY));
    let created = tournament(&h, "org", TournamentAction::Create(options));
    assert!(!created.ephemeral, "{}", created.text);
    for player in 1..=players {
        let joined = tournament(&h, &format!("p{player}"), TournamentAction::Join);
        assert!(!joined.ephemeral, "{}", joined.text);
    }
    let start = tournament(&h, "org", TournamentAction::Start);
    assert!(!start.ephemeral, "{}", start.text);
    h
}

pub(super) fn stored(h: &Harness) -> TournamentRecord {
    h.service.db.read(|c| current(c, CUP)).unwrap()
}

pub(super) fn round(h: &Harness, round: u32) -> Vec<StoredPairing> {
    let rows = h.service.db.read(|c| db::pairings(c, CUP)).unwrap();
    rows.into_iter().filter(|p| p.round == round).collect()
}

/// The games of a round still being played.
pub(super) fn running(h: &Harness, number: u32) -> Vec<GameId> {
    round(h, number)
        .iter()
        .filter(|p| p.result.is_none())
        .filter_map(|p| p.game)
        .collect()
}

pub(super) fn game(h: &Harness, game: GameId) -> GameRecord {
    h.service.db.read(|c| db::game(c, game)).unwrap().unwrap()
}

/// The second player of `game` resigns it.
pub(super) fn decide(h: &Harness, id: GameId) {
    let mut request = Request::new(
        game(h, id).players.white,
        channel_id("elsewhere"),
        Command::Resign,
    );
    request.game = Some(id);
    let reply = h.service.handle(&request);
    assert!(!reply.ephemeral, "{}", reply.text);
}

/// How many notices were written whose text, put into words as they are delivered,
/// contains `text` (they are stored as message ids and arguments).
pub(super) fn notices(h: &Harness, text: &str) -> usize {
    h.service
        .due_notices("test", 10_000)
        .unwrap()
        .iter()
        .filter(|n| n.reply.text.contains(text))
        .count()
}

#[test]
pub(super) fn the_start_pairs_round_one_with_a_bye_for_an_odd_count() {
    let h = started(TournamentFormat::Swiss, Some(2), 5);
    let t = stored(&h);
    assert_eq!(
        (t.status, t.current_round, t.rounds),
        (TournamentStatus::Running, 1, Some(2))
    );
    let rows = round(&h, 1);
    assert_eq!(rows.len(), 3, "two boards and a bye: {rows:?}");
    let byes: Vec<&StoredPairing> = rows.iter().filter(|p| p.board == 0).collect();
    assert_eq!(byes.len(), 1);
    assert_eq!((byes[0].second, byes[0].game), (None, None));
    let mut seen: Vec<u32> = rows
        .iter()
        .flat_map(|p| [Some(p.first), p.second])
        .flatten()
        .collect();
    seen.sort_unstable();
    assert_eq!(seen, [1, 2, 3, 4, 5], "everyone is in round 1 once");
    for id in running(&h, 1) {
        let record = game(&h, id);
        assert_eq!(record.status(), Status::Active);
        assert!(record.deadline_at.is_some(), "its clock runs");
    }
    assert_eq!(running(&h, 1).len(), 2);
    assert!(round(&h, 2).is_empty(), "a Swiss pairs one round at a time");
    assert_eq!(
        notices(&h, "round 1 of 2"),
        1,
        "the pairings are posted once"
    );

    // A round robin stores its whole schedule, but makes only round 1's games.
    let h = started(TournamentFormat::RoundRobin, None, 5);
    assert_eq!(stored(&h).rounds, Some(5));
    for number in 1..=5 {
        let rows = round(&h, number);
        assert_eq!(rows.iter().filter(|p| p.board == 0).count(), 1, "{rows:?}");
        let games = rows.iter().filter(|p| p.game.is_some()).count();
        assert_eq!(games, if number == 1 { 2 } else { 0 }, "round {number}");
    }
}

#[test]
pub(super) fn the_last_result_of_a_round_opens_the_next_one_once() {
    let h = started(TournamentFormat::Swiss, Some(3), 4);
    let games = running(&h, 1);
    assert_eq!(games.len(), 2);
    decide(&h, games[0]);
    assert_eq!(stored(&h).current_round, 1, "a game of round 1 still runs");
    assert!(round(&h, 2).is_empty());
    decide(&h, games[1]);
    assert_eq!(stored(&h).current_round, 2);
    assert_eq!(round(&h, 2).len(), 2);
    assert_eq!(running(&h, 2).len(), 2);
    assert_eq!(notices(&h, "Round 1 of **Cup** is over"), 1);

    // The same ending seen again (a retried transaction) changes nothing.
    let last = game(&h, games[1]);
    let event = GameEnded {
        game: last.id,
        channel: last.channel.clone(),
        players: last.players.clone(),
        ending: Ending::Result(akron_rules::Outcome {
            winner: Some(Color::Black),
            reason: Reason::Resignation,
        }),
        winner: Some(last.players.black.clone()),
        plies: 0,
        at: h.service.now(),
    };
    h.service
        .db
        .write(|c| h.service.record_tournament_result(c, &last, &event))
        .unwrap();
    assert_eq!(stored(&h).current_round, 2);
    assert_eq!(round(&h, 2).len(), 2);
    assert!(round(&h, 3).is_empty());
    assert_eq!(notices(&h, "Round 1 of **Cup** is over"), 1);
}

#[test]
pub(super) fn a_timeout_ending_the_last_game_opens_the_next_round() {
    let h = started(TournamentFormat::Swiss, Some(2), 4);
    let games = running(&h, 1);
    decide(&h, games[0]);
    h.clock.advance(DAY + 1);
    let tick = h.service.tick(h.service.now()).unwrap();
    assert!(tick.settled >= 1, "{tick:?}");
    let timed_out = game(&h, games[1]);
    assert_eq!(timed_out.status(), Status::Finished);
    let row = round(&h, 1)
        .into_iter()
        .find(|p| p.game == Some(games[1]))
        .unwrap();
    assert_eq!(
        row.result,
        Some(GameResult::FirstForfeited),
        "the first player never moved"
    );
    assert_eq!(stored(&h).current_round, 2);
    assert_eq!(running(&h, 2).len(), 2);
    // The new round's clocks start at the tick, not at the start of the tournament.
    for id in running(&h, 2) {
        assert!(game(&h, id).deadline_at > Some(h.service.now()));
    }
    assert_eq!(h.service.tick(h.service.now()).unwrap().settled, 0);
}

#[test]
pub(super) fn the_final_round_ends_the_tournament_with_standings() {
    let h = started(TournamentFormat::Swiss, None, 2);
    assert_eq!(stored(&h).rounds, Some(1));
    let games = running(&h, 1);
    assert_eq!(games.len(), 1);
    decide(&h, games[0]);
    let t = stored(&h);
    assert_eq!((t.status, t.current_round), (TournamentStatus::Finished, 1));
    assert_eq!(notices(&h, "**Cup** is over. Congratulations"), 1);
    assert!(round(&h, 2).is_empty());
    let winner = game(&h, games[0]).players.black;
    let lines = final_standings(
        &h.service
            .db
            .read(|c| tournament_detail(c, t.clone(), 0))
            .unwrap(),
    );
    assert_eq!(
        lines.first().map(|(rank, u)| (*rank, u.id.clone())),
        Some((1, winner.id))
    );
    let standings = tournament(&h, "p1", TournamentAction::Standings);
    assert!(
        standings.text.contains("after 1 round of 1"),
        "{}",
        standings.text
    );
    assert!(
        !standings.text.contains("being played"),
        "{}",
        standings.text
    );
}

#[test]
pub(super) fn a_withdrawal_mid_round_ends_their_game_and_the_round() {
    let h = started(TournamentFormat::Swiss, Some(2), 4);
    let games = running(&h, 1);
    decide(&h, games[0]);
    let leaving = game(&h, games[1]).players.white;
    let gone = tournament(&h, &leaving.name, TournamentAction::Withdraw(None));
    assert!(
        gone.text.contains("resigned their running game"),
        "{}",
        gone.text
    );
    assert_eq!(game(&h, games[1]).status(), Status::Finished);
    assert_eq!(
        stored(&h).current_round,
        2,
        "their game was the last of round 1"
    );
    let entrants = h.service.db.read(|c| db::entrants(c, CUP)).unwrap();
    let number = entrants
        .iter()
        .find(|e| e.user.id == leaving.id)
        .map(|e| e.player)
        .unwrap();
    let rows = round(&h, 2);
    assert_eq!(
        rows.len(),
        2,
        "three players left: one board and a bye: {rows:?}"
    );
    assert!(
        rows.iter()
            .all(|p| p.first != number && p.second != Some(number)),
        "{rows:?}"
    );
    let again = tournament(&h, &leaving.name, TournamentAction::Withdraw(None));
    assert!(again.ephemeral, "{}", again.text);
}

#[test]
pub(super) fn a_pause_holds_the_next_round_until_resume() {
    let h = started(TournamentFormat::Swiss, Some(2), 4);
    let paused = tournament(&h, "org", TournamentAction::Pause);
    assert!(!paused.ephemeral, "{}", paused.text);
    for id in running(&h, 1) {
        decide(&h, id);
    }
    let t = stored(&h);
    assert_eq!((t.status, t.current_round), (TournamentStatus::Paused, 1));
    assert!(round(&h, 2).is_empty(), "nothing is paired while paused");
    h.clock.advance(2 * DAY);
    h.service.tick(h.service.now()).unwrap();
    assert!(round(&h, 2).is_empty(), "nor by the scheduler");
    let resumed = tournament(&h, "org", TournamentAction::Resume);
    assert!(!resumed.ephemeral, "{}", resumed.text);
    let t = stored(&h);
    assert_eq!((t.status, t.current_round), (TournamentStatus::Running, 2));
    assert_eq!(running(&h, 2).len(), 2);
    let twice = tournament(&h, "org", TournamentAction::Resume);
    assert!(twice.ephemeral, "{}", twice.text);
    assert_eq!(round(&h, 3).len(), 0);
    assert_eq!(notices(&h, "Round 1 of **Cup** is over"), 1);
}
