//! Regression (issue 26): the players' guide, `docs/rules.md`, recommended a defence that loses
//! by force in its example game ("White should now take the key point C4' itself"), when every
//! White 14th move loses and White was lost since 10. C1. Every claim of the example game's
//! notes that the rules or the solver can check is checked here, on the moves as the guide's
//! table lists them.

use akron_ai::{solve_limited, Proof};
use akron_rules::{Color, Game, Move, Position, Reason, WinRule};

const GUIDE: &str = include_str!("../../docs/rules.md");

/// Enough for every proof below, with room to spare.
const NODES: u64 = 2_000_000;

/// The example game's moves, in order, from the guide's table: rows like
/// ``| 9–10 | `C4` | `C1` | ... |``.
fn example_moves() -> Vec<Move> {
    let (_, section) = GUIDE
        .split_once("## An example game")
        .unwrap_or_else(|| panic!("the guide has no example game"));
    let mut moves = Vec::new();
    for row in section.lines().take_while(|l| !l.starts_with("## ")) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        // ["", "9–10", "`C4`", "`C1`", "what happens", ""]
        if cells.len() < 5 || !cells[1].contains('–') {
            continue;
        }
        for cell in &cells[2..4] {
            let text = cell.trim_matches('`');
            if !text.is_empty() {
                moves.push(
                    text.parse()
                        .unwrap_or_else(|e| panic!("{text} in the guide's table: {e}")),
                );
            }
        }
    }
    moves
}

/// The game after the first `plies` moves of the example.
fn after(plies: usize) -> Game {
    let start = Position::start(4, 8).unwrap_or_else(|e| panic!("4 x 4 with 8 each: {e}"));
    let mut game = Game::from_position(start, WinRule::Delayed);
    for mv in example_moves().into_iter().take(plies) {
        game.play(mv)
            .unwrap_or_else(|e| panic!("{mv} cannot be played: {e}"));
    }
    game
}

/// The winning line the solver proves for the side to move, as the guide writes it.
fn win_line(position: &Position, depth: u32) -> Option<String> {
    match solve_limited(position, WinRule::Delayed, depth, NODES) {
        Proof::Win(line) => Some(
            line.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" "),
        ),
        Proof::Loss | Proof::Unknown => None,
    }
}

#[test]
fn the_example_game_is_played_as_its_table_says() {
    let moves = example_moves();
    assert_eq!(moves.len(), 16, "{moves:?}");
    let game = after(15);
    assert_eq!(
        game.pending_connection(),
        Some(Color::Black),
        "after 15. A2-C4' Black connects and White must cut it"
    );
    let game = after(16);
    let outcome = game
        .outcome()
        .unwrap_or_else(|| panic!("the game is over after 16 moves"));
    assert_eq!(outcome.winner, Some(Color::Black));
    assert_eq!(outcome.reason, Reason::Connection);
}

/// 7–8: White "threatens C4"; 9–10: "Black must block C4: after any other move White wins
/// by force".
#[test]
fn black_must_block_c4() {
    let game = after(8);
    let c4: Move = "C4".parse().unwrap_or_else(|e| panic!("{e}"));
    for mv in game.legal_moves() {
        if mv == c4 || mv == Move::Swap {
            continue;
        }
        let mut next = game.clone();
        next.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        assert!(
            win_line(next.position(), 3).is_some(),
            "after 9. {mv} White should win by force"
        );
    }
}

/// 9–10: "from here Black wins by force (`akron solve` finds `B1 A1 A2 D1 A2-C4'`)".
#[test]
fn white_is_lost_after_ten_c1() {
    let line = win_line(after(10).position(), 6)
        .unwrap_or_else(|| panic!("Black wins by force after 10. C1"));
    assert_eq!(line, "B1 A1 A2 D1 A2-C4'");
    assert!(GUIDE.contains(&format!("`akron solve` finds `{line}`")));
}

/// 13–14: "Every White move loses now; even taking the key point C4' itself (`B3-C4'`)
/// loses to `B3` and then `A2-B4`."
#[test]
fn every_white_fourteenth_move_loses() {
    let game = after(13);
    assert_eq!(game.turn(), Color::White);
    let moves = game.legal_moves();
    assert!(moves.len() > 5, "{moves:?}");
    for mv in moves {
        let mut next = game.clone();
        next.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        let line = win_line(next.position(), 4);
        assert!(line.is_some(), "after 14. {mv} Black should win by force");
        if mv.to_string() == "B3-C4'" {
            assert_eq!(line.as_deref(), Some("B3 A1 A2-B4"));
        }
    }
    assert!(GUIDE.contains("(`B3-C4'`) loses to `B3` and then `A2-B4`"));
}

/// 15–16: "no White move can [cut it] (lifting C3 only drops C4' into C3, which links just as
/// well). After White's 16th move, Black wins."
#[test]
fn no_white_move_cuts_the_climb() {
    let game = after(15);
    for mv in game.legal_moves() {
        let mut next = game.clone();
        let report = next.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        let outcome = report
            .outcome
            .unwrap_or_else(|| panic!("16. {mv} does not end it"));
        assert_eq!(outcome.winner, Some(Color::Black), "16. {mv}");
    }
}

/// The covering picture: "Take Black's marble away and White's row would win."
#[test]
fn the_covering_example_is_right() {
    let covered = "5:w:5,3:5/1bwb1/wwwww/1bwb1/5|4/1wb1/1bw1/4|3/1b1/3";
    let position = Position::from_code(covered).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        position.spanner(),
        None,
        "C3 is covered: White's row is cut"
    );
    let uncovered = "5:w:5,3:5/1bwb1/wwwww/1bwb1/5|4/1wb1/1bw1/4";
    let position = Position::from_code(uncovered).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(position.spanner(), Some(Color::White));
}
