#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;
use crate::model::PuzzleRecord;
use crate::service::types::{
    Challenge, ColourChoice, Command, Request, TournamentAction, TournamentOptions,
};
use crate::testing::{channel_id, mv, user, Harness};
use akron_rules::Reason;

#[test]
fn a_game_reads_its_moves_by_ply_and_its_result() {
    let h = Harness::new();
    h.start(5, None, WinRule::Delayed);
    let id = h.view().id;
    h.play(mv("C3"));
    h.clock.advance(60);
    h.play(mv("B2"));
    let playing = h.service.game_detail(id).unwrap().unwrap();
    assert_eq!(playing.status, Status::Active);
    assert_eq!(
        (
            playing.players.black.name.as_str(),
            playing.players.white.name.as_str()
        ),
        ("alice", "bob")
    );
    let numbered: Vec<(usize, String)> = playing
        .moves
        .iter()
        .map(|m| (m.ply, m.mv.to_string()))
        .collect();
    assert_eq!(numbered, [(1, "C3".to_string()), (2, "B2".to_string())]);
    assert_eq!(playing.moves[1].at - playing.moves[0].at, 60);
    assert_eq!(playing.to_move, Some(Color::Black));
    assert_eq!(playing.result, None);
    assert_eq!(playing.code, h.view().game.position().code());

    h.ok("bob", Command::Resign);
    let over = h.service.game_detail(id).unwrap().unwrap();
    assert_eq!(over.status, Status::Finished);
    assert_eq!(
        over.result,
        Some(Outcome {
            winner: Some(Color::Black),
            reason: Reason::Resignation
        })
    );
    assert_eq!((over.to_move, over.deadline), (None, None));
    assert_eq!(h.service.game_detail(GameId(99)).unwrap(), None);
}

#[test]
fn a_live_game_reads_each_colours_clock() {
    let h = Harness::new();
    let challenge = Challenge {
        opponent: user("bob"),
        size: Some(5),
        pieces: None,
        rule: None,
        colour: Some(ColourChoice::Black),
        time: Some(TimeControl::Fischer {
            base: 600,
            increment: 5,
        }),
        thread: None,
        rated: None,
        rating: Default::default(),
    };
    h.ok("alice", Command::Challenge(challenge));
    h.ok("bob", Command::Accept);
    let id = h.view().id;
    for (text, thinking) in [("C3", 10), ("B2", 10), ("D4", 30)] {
        h.clock.advance(thinking);
        h.play(mv(text));
    }
    let detail = h.service.game_detail(id).unwrap().unwrap();
    // A player's first move is not clocked; Black's second took 30 s and gained 5.
    let left = detail.clocks.unwrap();
    assert_eq!((left.black, left.white), (575, 600));
    assert_eq!(detail.to_move, Some(Color::White));
    assert_eq!(detail.deadline, Some(detail.moves[2].at + 600));
    h.start_in("other", "carol", "dave", 5, None, WinRule::Delayed);
    let per_move = h.service.game_detail(GameId(id.0 + 1)).unwrap().unwrap();
    assert_eq!(per_move.clocks, None);
}

#[test]
fn a_read_only_service_reads_the_same_game_and_changes_nothing() {
    let h = Harness::new();
    h.start(5, None, WinRule::Delayed);
    let id = h.view().id;
    h.play(mv("C3"));
    let config = crate::service::Config::with_db(h.db_path());
    let reader = Service::open_read_only(config, h.clock.clone()).unwrap();
    let read = reader.game_detail(id).unwrap().unwrap();
    assert_eq!(Some(&read), h.service.game_detail(id).unwrap().as_ref());
    let resign = Request::new(user("bob"), channel_id("main"), Command::Resign);
    assert!(reader.handle(&resign).ephemeral, "a write fails");
    assert_eq!(
        reader.game_detail(id).unwrap().unwrap().status,
        Status::Active
    );
}

fn tournament(h: &Harness, who: &str, action: TournamentAction) {
    let mut request = Request::new(user(who), channel_id("lobby"), Command::Tournament(action));
    request.is_moderator = who == "org";
    let reply = h.service.handle(&request);
    assert!(!reply.ephemeral, "{}", reply.text);
}

#[test]
fn a_tournament_reads_its_rounds_and_standings_best_first() {
    let h = Harness::new();
    let mut options = TournamentOptions::new("Cup", TournamentFormat::Swiss);
    options.rounds = Some(2);
    options.size = Some(5);
    tournament(&h, "org", TournamentAction::Create(options));
    for player in ["p1", "p2", "p3"] {
        tournament(&h, player, TournamentAction::Join);
    }
    tournament(&h, "org", TournamentAction::Start);
    let cup = TournamentId(1);
    let started = h.service.tournament_detail(cup).unwrap().unwrap();
    assert_eq!(
        (started.name.as_str(), started.status, started.current_round),
        ("Cup", TournamentStatus::Running, 1)
    );
    assert_eq!(started.entrants.len(), 3);
    let round = started.round(1).unwrap();
    assert_eq!(round.pairings.len(), 1);
    assert!(round.bye.is_some());
    let board = round.pairings[0].clone();
    assert_eq!((board.board, board.result), (1, None));

    // White resigns board 1 before a move was played, which forfeits it.
    let game = board.game.unwrap();
    let white = started.entrant(board.white).unwrap().user.clone();
    let mut resign = Request::new(white, channel_id("elsewhere"), Command::Resign);
    resign.game = Some(game);
    assert!(!h.service.handle(&resign).ephemeral);
    let after = h.service.tournament_detail(cup).unwrap().unwrap();
    assert_eq!(
        after.round(1).unwrap().pairings[0].result,
        Some(GameResult::SecondForfeited)
    );
    assert_eq!(after.rounds_complete(), 1);
    assert_eq!(after.current_round, 2, "round 2 is paired");
    assert_eq!(after.standings.len(), 3);
    for pair in after.standings.windows(2) {
        assert!(pair[0].rank <= pair[1].rank, "{:?}", after.standings);
        assert!(pair[0].points >= pair[1].points, "{:?}", after.standings);
    }
    let winner = after
        .standings
        .iter()
        .find(|s| s.player == board.black)
        .unwrap();
    assert_eq!((winner.rank, winner.wins), (1, 1));
    assert_eq!(h.service.tournament_detail(TournamentId(7)).unwrap(), None);
}

#[test]
fn a_player_reads_their_ratings_history_and_results() {
    let h = Harness::new();
    h.start(5, None, WinRule::Delayed);
    h.play(mv("C3"));
    h.play(mv("B2"));
    h.ok("bob", Command::Resign);
    let alice = user("alice").id;
    let detail = h.service.player_detail(&alice, None).unwrap();
    let global = detail.global.unwrap();
    assert_eq!(
        detail.here,
        Some(global.clone()),
        "no server: here is global"
    );
    assert_eq!((global.games, global.history.len()), (1, 1));
    assert!(global.rating.rating > 1500.0, "a win raises it");
    assert_eq!(global.results[0].won, Some(true));
    assert!(global.results[0].as_black);
    let board = h.service.leaderboard(None).unwrap();
    let names: Vec<(usize, &str)> = board.iter().map(|r| (r.rank, r.name.as_str())).collect();
    assert_eq!(names, [(1, "alice"), (2, "bob")]);
    let nobody = h.service.player_detail(&user("carol").id, None).unwrap();
    assert_eq!((nobody.here, nobody.global), (None, None));
}

#[test]
fn a_puzzle_reads_with_its_solvers() {
    let h = Harness::new();
    let record = PuzzleRecord {
        id: PuzzleId(0),
        channel: channel_id("main"),
        poster: Some(user("alice")),
        code: "5:b:12,12:5/5/5/5/5".to_string(),
        win_rule: WinRule::Delayed,
        title: "First".to_string(),
        moves: 1,
        unique: true,
        solution: vec!["C3".to_string()],
        first_moves: vec!["C3".to_string()],
        bank_line: None,
        created_at: 10,
        reveal_at: 20,
        server: None,
    };
    let id = h
        .service
        .db
        .write(|c| {
            let id = db::insert_puzzle(c, &record)?;
            db::add_solver(c, id, &user("bob"), 15)?;
            Ok::<_, DbError>(id)
        })
        .unwrap();
    let detail = h.service.puzzle_detail(id).unwrap().unwrap();
    assert_eq!(detail.id, id);
    assert_eq!((detail.title.as_str(), detail.moves), ("First", 1));
    assert_eq!(detail.solution, ["C3"]);
    assert_eq!(detail.solvers, [user("bob")]);
    assert_eq!(h.service.puzzle_detail(PuzzleId(99)).unwrap(), None);
}
