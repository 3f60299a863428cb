//! The worked examples of RULES section 7 and the end-of-game rules of section 5.

use akron_rules::{
    Color, Drop, Game, IllegalMove, LinkState, Move, Outcome, Point, Position, Reason, Setup,
    WinRule,
};

fn at(x: u8, y: u8, k: u8) -> Point {
    Point::new(x, y, k)
}

fn position(size: u8, turn: Color, black: &[Point], white: &[Point]) -> Position {
    let mut setup = Setup::empty(size);
    setup.turn = turn;
    setup
        .pieces
        .extend(black.iter().map(|&p| (p, Color::Black)));
    setup
        .pieces
        .extend(white.iter().map(|&p| (p, Color::White)));
    match Position::from_setup(&setup) {
        Ok(p) => p,
        Err(e) => panic!("bad scenario: {e}"),
    }
}

fn code(text: &str) -> Position {
    match Position::from_code(text) {
        Ok(p) => p,
        Err(e) => panic!("bad code {text}: {e}"),
    }
}

fn mv(text: &str) -> Move {
    match text.parse() {
        Ok(m) => m,
        Err(e) => panic!("bad move {text}: {e}"),
    }
}

fn link_state(p: &Position, a: Point, b: Point) -> Option<LinkState> {
    p.analysis()
        .links
        .iter()
        .find(|l| (l.a, l.b) == (a, b) || (l.a, l.b) == (b, a))
        .map(|l| l.state)
}

fn connected(p: &Position, a: Point, b: Point) -> bool {
    p.analysis().group_of(a).is_some_and(|g| g.contains(&b))
}

/// Figure 5 with Black to move.
fn figure_5() -> Position {
    let white: Vec<Point> = (2..=7).map(|y| at(3, y, 0)).chain([at(2, 5, 0)]).collect();
    let black = [
        at(4, 6, 0),
        at(4, 5, 0),
        at(4, 4, 0),
        at(5, 4, 0),
        at(1, 4, 0),
        at(2, 4, 0),
        at(3, 4, 1),
    ];
    position(8, Color::Black, &black, &white)
}

#[test]
fn figure_5_a_cut() {
    let mut p = figure_5();
    assert!(connected(&p, at(3, 4, 0), at(3, 5, 0)));
    assert!(!connected(&p, at(1, 4, 0), at(5, 4, 0)));
    let step = Move::Step {
        from: at(4, 6, 0),
        to: at(2, 4, 1),
    };
    assert_eq!(step.to_string(), "E7-C6'");
    let effect = p.play(step).map_err(|e| e.to_string());
    assert!(effect.is_ok(), "{effect:?}");
    assert!(connected(&p, at(1, 4, 0), at(5, 4, 0)));
    assert!(!connected(&p, at(3, 4, 0), at(3, 5, 0)));
    assert_eq!(
        link_state(&p, at(3, 4, 0), at(3, 5, 0)),
        Some(LinkState::Severed)
    );
    let severed = effect.map(|e| e.severed).unwrap_or_default();
    assert!(
        severed
            .iter()
            .any(|l| (l.a, l.b) == (at(3, 4, 0), at(3, 5, 0))),
        "the effect reports the cut"
    );
}

#[test]
fn figure_6_the_cut_is_cut() {
    // Figure 5 after the cut, with the points below (2,3,2) and (2,4,2) filled in and White's
    // level-2 pair in place.
    let mut black = vec![
        at(4, 5, 0),
        at(4, 4, 0),
        at(5, 4, 0),
        at(1, 4, 0),
        at(2, 4, 0),
        at(3, 4, 1),
        at(2, 4, 1),
    ];
    black.extend([at(2, 3, 0), at(4, 3, 0), at(2, 6, 0)]);
    let mut white: Vec<Point> = (2..=7)
        .map(|y| at(3, y, 0))
        .chain([at(2, 5, 0), at(4, 6, 0)])
        .collect();
    white.extend([
        at(2, 3, 1),
        at(3, 3, 1),
        at(2, 5, 1),
        at(3, 5, 1),
        at(2, 3, 2),
        at(2, 4, 2),
    ]);
    let p = position(8, Color::Black, &black, &white);
    assert_eq!(
        link_state(&p, at(2, 4, 1), at(3, 4, 1)),
        Some(LinkState::Severed)
    );
    assert_eq!(
        link_state(&p, at(2, 3, 2), at(2, 4, 2)),
        Some(LinkState::Live)
    );
    assert_eq!(
        link_state(&p, at(3, 4, 0), at(3, 5, 0)),
        Some(LinkState::Live),
        "the white level-0 link lives again"
    );
    assert!(connected(&p, at(3, 4, 0), at(3, 5, 0)));
}

#[test]
fn a_drop() {
    let black = [at(0, 0, 0), at(0, 1, 0), at(0, 2, 0)];
    let white = [at(1, 0, 0), at(1, 1, 0), at(0, 0, 1)];
    let mut p = position(4, Color::Black, &black, &white);
    let effect = p.play(Move::Step {
        from: at(0, 0, 0),
        to: at(0, 3, 0),
    });
    assert_eq!(
        effect.map(|e| e.drops),
        Ok(vec![Drop {
            from: at(0, 0, 1),
            to: at(0, 0, 0),
            color: Color::White
        }])
    );
    assert_eq!(p.piece(at(0, 0, 0)), Some(Color::White));
    assert_eq!(p.piece(at(0, 0, 1)), None);
    assert_eq!(p.piece(at(0, 3, 0)), Some(Color::Black));
    assert!(p.all_supported());
}

#[test]
fn a_piece_resting_on_two_is_held_down() {
    // B2 holds up both A2' and B2' (level-1 points resting on it).
    let p = code("4:b:5,5:4/bbb1/bbb1/bbb1|3/bb1/3");
    assert_eq!(
        p.check(mv("B2-D1")).map_err(|e| e.to_string()),
        Err("the piece on B2 holds up two marbles; it may hold up at most one".to_string())
    );
}

#[test]
fn illegal_steps_say_why() {
    let p = figure_5();
    let reason = |m: &str| {
        p.check(mv(m))
            .map_err(|e| e.to_string())
            .err()
            .unwrap_or_default()
    };
    assert_eq!(reason("E7-H8"), "H8 does not touch a piece connected to E7");
    assert!(
        reason("E7-A8'").contains("A8' is not supported"),
        "{}",
        reason("E7-A8'")
    );
    assert_eq!(
        reason("D3-A1"),
        "the piece on D3 is white's".replace("white's", "White's")
    );
    assert_eq!(reason("A1-A2"), "there is no piece on A1");
    assert_eq!(reason("E7-E6"), "E6 is occupied");
    assert_eq!(reason("E7-A9"), "A9 is not on the board");
    // Black's lone B5 has no group.
    let lone = position(4, Color::Black, &[at(1, 1, 0)], &[]);
    assert_eq!(
        lone.check(mv("B2-C2")),
        Err(IllegalMove::Alone(at(1, 1, 0)))
    );
}

#[test]
fn a_support_cannot_move_under_its_destination() {
    // Black A1, B1, A2, B2 and C1; the step B2-A1' would rest A1' on the moving piece.
    let p = code("3:b:1,1:3/bb1/bbb");
    assert_eq!(
        p.check(mv("B2-A2'")).map_err(|e| e.to_string()),
        Err("A2' would lose its support B2, which moves during the move".to_string())
    );
}

#[test]
fn a_covered_piece_cannot_move() {
    // On 3 × 3 the level-2 point A3'' sits over B2 and covers it. The piece right below a
    // covering piece always holds up four marbles, so that is the reason given.
    let p = code("3:b:0,0:bbb/bbb/bbb|bb/bb|w");
    assert!(p.analysis().is_covered(at(1, 1, 0)));
    assert!(
        p.analysis().group_of(at(1, 1, 0)).is_none(),
        "a covered piece has no group"
    );
    assert_eq!(
        p.check(mv("B2-A1")),
        Err(IllegalMove::HoldsUp(at(1, 1, 0), 4))
    );
    assert!(p.destinations(at(1, 1, 0)).is_err());
}

#[test]
fn delayed_win_survives_the_reply() {
    let mut game = Game::from_position(code("3:b:2,2:3/1b1/1b1"), WinRule::Delayed);
    let report = game.play(mv("B3"));
    assert_eq!(report.as_ref().map(|r| r.pending), Ok(Some(Color::Black)));
    assert_eq!(
        game.outcome(),
        None,
        "a delayed connection waits for the reply"
    );
    let _ = game.play(mv("A1"));
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::Black, Reason::Connection))
    );
}

/// Black's B-column connection can be cut by White stepping to B3'.
const CUTTABLE: &str = "4:b:5,5:w3/wbw1/wbw1/1b2|3/w2/3";

#[test]
fn delayed_connection_broken_by_the_reply() {
    let mut game = Game::from_position(code(CUTTABLE), WinRule::Delayed);
    let _ = game.play(mv("B4"));
    assert_eq!(game.pending_connection(), Some(Color::Black));
    let report = game.play(mv("A4-B3'"));
    assert!(report.is_ok(), "{report:?}");
    assert_eq!(game.outcome(), None);
    assert!(!game.position().spans(Color::Black));
    assert_eq!(game.pending_connection(), None);
}

#[test]
fn delayed_revealed_connection_wins_for_the_opponent() {
    let mut game = Game::from_position(code(CUTTABLE), WinRule::Delayed);
    for m in ["B4", "A4-B3'", "D1"] {
        let r = game.play(mv(m));
        assert!(r.is_ok(), "{m}: {r:?}");
    }
    assert_eq!(game.outcome(), None);
    // White steps its cutting piece away and reveals Black's connection.
    let r = game.play(mv("B3'-D2"));
    assert!(r.is_ok(), "{r:?}");
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::Black, Reason::Connection))
    );
}

#[test]
fn immediate_connection_wins_at_once() {
    let mut game = Game::from_position(code(CUTTABLE), WinRule::Immediate);
    let _ = game.play(mv("B4"));
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::Black, Reason::Connection))
    );
}

/// White's B3' cuts Black's column; stepping it to B4' cuts again, but lifting it reveals the
/// connection for a moment.
const IN_FLIGHT: &str = "4:w:5,5:wbw1/wbw1/wbw1/1b2|w2/ww1/3";

#[test]
fn immediate_rule_awards_a_connection_revealed_in_flight() {
    let mut game = Game::from_position(code(IN_FLIGHT), WinRule::Immediate);
    assert!(!game.position().spans(Color::Black));
    let r = game.play(mv("B3'-B4'"));
    assert!(r.is_ok(), "{r:?}");
    assert!(
        !game.position().spans(Color::Black),
        "the landing cuts again"
    );
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::Black, Reason::Connection))
    );
}

#[test]
fn delayed_rule_ignores_a_connection_revealed_only_in_flight() {
    let mut game = Game::from_position(code(IN_FLIGHT), WinRule::Delayed);
    let r = game.play(mv("B3'-B4'"));
    assert!(r.is_ok(), "{r:?}");
    assert_eq!(game.outcome(), None);
}

#[test]
fn no_legal_move_loses() {
    let mut game = Game::from_position(code("3:b:3,0:3/1w1/3"), WinRule::Delayed);
    let _ = game.play(mv("A1"));
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::Black, Reason::NoLegalMove))
    );
    assert_eq!(game.play(mv("C3")), Err(IllegalMove::GameOver));
}

#[test]
fn threefold_repetition_draws() {
    let start = code("4:b:0,0:3w/3w/b3/b3");
    let mut game = Game::from_position(start, WinRule::Delayed);
    let cycle = ["A2-B1", "D3-C4", "B1-A2", "C4-D3"];
    for (i, m) in cycle.iter().chain(cycle.iter()).enumerate() {
        assert_eq!(game.outcome(), None, "before move {i}");
        let r = game.play(mv(m));
        assert!(r.is_ok(), "{m}: {r:?}");
    }
    assert_eq!(game.outcome(), Some(Outcome::draw(Reason::Repetition)));
    assert_eq!(
        game.moves().len(),
        8,
        "the start counts as the first occurrence"
    );
}

#[test]
fn a_placement_resets_repetition() {
    let start = code("4:b:1,0:3w/3w/b3/b3");
    let mut game = Game::from_position(start, WinRule::Delayed);
    for m in [
        "A2-B1", "D3-C4", "B1-A2", "C4-D3", "D1", "D3-C4", "A2-B1", "C4-D3", "B1-A2", "D3-C4",
    ] {
        let r = game.play(mv(m));
        assert!(r.is_ok(), "{m}: {r:?}");
    }
    assert_eq!(game.outcome(), None);
}

#[test]
fn swap_exchanges_nothing_on_the_board() {
    let Ok(mut game) = Game::new(akron_rules::GameOptions::new(5)) else {
        panic!("options")
    };
    let _ = game.play(mv("C3"));
    let before = game.position().code();
    assert_eq!(game.play(Move::Swap).map(|r| r.outcome), Ok(None));
    assert_eq!(game.position().code(), before);
    assert_eq!(game.turn(), Color::White);
    assert!(game.swapped());
    assert_eq!(game.play(Move::Swap), Err(IllegalMove::Swap));
}
