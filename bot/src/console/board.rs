//! A position as text: one grid per occupied level, for the console and for tests.

use akron_rules::{Color, Point, Position};
use akron_service::catalogue::Language;
use akron_service::say;

/// The position as text, one grid per occupied level: `x` Black, `o` White, `.` empty; the
/// last line says whose turn it is, or `result` when the game is over. In English; see
/// [`ascii_board_in`].
#[must_use]
pub fn ascii_board(position: &Position, result: Option<&str>) -> String {
    ascii_board_in(position, result, Language::English)
}

/// [`ascii_board`] with its words (levels, sides, whose move) in `language`; the grid's
/// letters and numbers are the notation's, the same in every language.
#[must_use]
pub fn ascii_board_in(position: &Position, result: Option<&str>, language: Language) -> String {
    let n = position.size();
    let mut out = String::new();
    let top = position.height().max(1);
    for level in 0..top.min(n) {
        let side = n - level;
        let apostrophes = "'".repeat(usize::from(level));
        let heading = if level == 0 {
            say!(language, "console-board-holes")
        } else {
            say!(
                language,
                "console-board-level",
                level = level,
                marks = apostrophes
            )
        };
        out.push_str(&format!("  {heading}\n"));
        out.push_str("     ");
        for x in 0..side {
            out.push(char::from(b'A' + x));
            out.push(' ');
        }
        out.push('\n');
        for y in (0..side).rev() {
            out.push_str(&format!("  {:>2} ", u16::from(y) + u16::from(level) + 1));
            for x in 0..side {
                let c = match position.piece(Point::new(x, y, level)) {
                    Some(Color::Black) => 'x',
                    Some(Color::White) => 'o',
                    None => '.',
                };
                out.push(c);
                out.push(' ');
            }
            out.push('\n');
        }
    }
    let piles = position.piles();
    let colour = |c: Color| say!(language, "colour", colour = c.name());
    let state = match result {
        Some(result) => say!(language, "console-board-over", result = result),
        None => say!(
            language,
            "console-board-to-move",
            colour = colour(position.turn())
        ),
    };
    let pieces = say!(
        language,
        "console-board-pieces",
        black = say!(language, "label-black"),
        black_left = piles.black,
        white = say!(language, "label-white"),
        white_left = piles.white,
        state = state
    );
    out.push_str(&format!("  {pieces}\n"));
    out
}
