//! Text forms: point names, moves and position codes (RULES section 6).
//!
//! Parsing is lenient (either case, `’ ‘ ′ `` ` `` for the apostrophe, `– — >` for the dash,
//! spaces around the move and the separator); printing, through `Display`, is canonical.
//!
//! Reading a move takes two steps, as in shakmaty's SAN:
//! 1. text to syntax: [`MoveText`] and [`PointName`] hold what was written, any column letter
//!    and any row number, and fail with a [`ParseError`] when the text is not well formed;
//! 2. syntax to a move of one board: [`MoveText::to_move`] checks every point against the board
//!    size and fails with a [`NotationError`] that names the range of *that* board.
//!
//! [`read_move`] and [`read_point`] do both; [`parse_move`] and the `FromStr` impls accept any
//! point of the largest board. Whether a move is legal is a question for a position:
//! [`crate::Position::check`] and [`crate::Position::play`] answer it with an
//! [`crate::IllegalMove`].
//!
//! # Examples
//!
//! ```
//! use akron_rules::{notation, Move, Point};
//! let mv: Move = " a2 – d3’ ".parse()?;
//! assert_eq!(mv, Move::Step { from: Point::new(0, 1, 0), to: Point::new(3, 1, 1) });
//! assert_eq!(mv.to_string(), "A2-D3'");
//! let error = notation::read_move("Z9", 8).unwrap_err();
//! assert_eq!(
//!     error.to_string(),
//!     "Z9 is not on this 8 × 8 board: column Z is outside A to H and row 9 is outside 1 to 8"
//! );
//! # Ok::<(), akron_rules::notation::ParseError>(())
//! ```

mod code;
mod name;

pub use code::{CodeError, MAX_CODE_LEN};
pub use name::{MoveText, NotationError, ParseError, PointName};

use crate::moves::Move;
mod normalize;
pub use normalize::normalize;

use crate::point::{Point, MAX_SIZE};
use std::str::FromStr;

/// Reads a point name such as `D3`, `d3’` or `D3''` that exists on some board (at most
/// 16 × 16). [`read_point`] checks it against one board.
///
/// # Errors
///
/// When the text is not a well-formed point name, or names no point of any board.
pub fn parse_point(text: &str) -> Result<Point, ParseError> {
    let name = PointName::parse(text)?;
    name.to_point(MAX_SIZE)
        .map_err(|_| ParseError::NoSuchPoint(name))
}

/// Reads a move, a hole (`F6`), a step (`A2-D3'`) or `swap`, whose points exist on some board.
/// [`read_move`] checks it against one board.
///
/// # Errors
///
/// When the text is not a well-formed move, or names a point of no board.
pub fn parse_move(text: &str) -> Result<Move, ParseError> {
    let syntax = MoveText::parse(text)?;
    syntax.to_move(MAX_SIZE).map_err(|e| match e {
        NotationError::OffBoard { name, .. } => ParseError::NoSuchPoint(name),
        NotationError::Syntax { error, .. } => error,
    })
}

/// Reads a move of an `size` × `size` board: both steps, syntax and the board's range.
///
/// # Errors
///
/// When the text is not a well-formed move, or a point is not on this board; the error names
/// the board's range.
///
/// # Examples
///
/// ```
/// use akron_rules::notation::read_move;
/// let error = read_move("D0", 8).unwrap_err();
/// assert_eq!(error.to_string(), "D0 is not on this 8 × 8 board: row 0 is outside 1 to 8");
/// ```
pub fn read_move(text: &str, size: u8) -> Result<Move, NotationError> {
    MoveText::parse(text)
        .map_err(|error| NotationError::Syntax { error, size })?
        .to_move(size)
}

/// Reads a point name of an `size` × `size` board.
///
/// # Errors
///
/// When the text is not a well-formed point name, or the point is not on this board.
pub fn read_point(text: &str, size: u8) -> Result<Point, NotationError> {
    PointName::parse(text)
        .map_err(|error| NotationError::Syntax { error, size })?
        .to_point(size)
}

impl FromStr for Move {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Move, ParseError> {
        parse_move(s)
    }
}

impl FromStr for Point {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Point, ParseError> {
        parse_point(s)
    }
}

#[cfg(test)]
mod tests {
    use super::name::APOSTROPHES;
    use super::*;

    #[test]
    fn points_parse_leniently() {
        assert_eq!(parse_point("D3"), Ok(Point::new(3, 2, 0)));
        assert_eq!(parse_point("d3'"), Ok(Point::new(3, 1, 1)));
        for apostrophe in APOSTROPHES {
            assert_eq!(
                parse_point(&format!("D3{apostrophe}")),
                Ok(Point::new(3, 1, 1))
            );
        }
        assert_eq!(parse_point("D3''"), Ok(Point::new(3, 0, 2)));
        assert_eq!(parse_point("P16"), Ok(Point::new(15, 15, 0)));
    }

    #[test]
    fn bad_points_say_what_is_wrong() {
        assert!(matches!(parse_point("3D"), Err(ParseError::Column(_))));
        assert!(matches!(parse_point("D"), Err(ParseError::Row(_))));
        assert!(matches!(
            parse_point("D03"),
            Err(ParseError::LeadingZero(_))
        ));
        assert!(matches!(parse_point("D3x"), Err(ParseError::Trailing(_))));
        assert!(matches!(parse_point("D 3"), Err(ParseError::Space(_))));
        for no_board_has_it in ["Q3", "D0", "D17", "D1'", "D999999999999999"] {
            assert!(
                matches!(
                    parse_point(no_board_has_it),
                    Err(ParseError::NoSuchPoint(_))
                ),
                "{no_board_has_it}"
            );
        }
    }

    #[test]
    fn point_names_round_trip_through_the_syntax() {
        for size in [3, 8, 16] {
            for point in Point::all(size) {
                let name = PointName::from(point);
                assert_eq!(name.to_string(), point.to_string());
                assert_eq!(read_point(&point.to_string(), size), Ok(point));
            }
        }
    }

    /// Regression (issue 17): on 8 × 8, `move Z9` said the column must be "from A to P", and
    /// `move D0` said the letter "must be followed by a row number" though it is.
    #[test]
    fn notation_errors_name_this_boards_range() {
        let cases = [
            (
                "Z9",
                "Z9 is not on this 8 × 8 board: column Z is outside A to H and row 9 is outside 1 to 8",
            ),
            ("D0", "D0 is not on this 8 × 8 board: row 0 is outside 1 to 8"),
            ("I3", "I3 is not on this 8 × 8 board: column I is outside A to H"),
            (
                "h8'",
                "H8' is not on this 8 × 8 board: on level 1 (1 apostrophe), column H is outside A to G",
            ),
            (
                "D1''",
                "D1'' is not on this 8 × 8 board: on level 2 (2 apostrophes), row 1 is outside 3 to 8",
            ),
            (
                "A8''''''''",
                "A8'''''''' is not on this 8 × 8 board: its levels are 0 to 7, so a point name has at most 7 apostrophes",
            ),
            (
                "C4-Z1",
                "Z1 is not on this 8 × 8 board: column Z is outside A to H",
            ),
        ];
        for (text, message) in cases {
            let error = read_move(text, 8).map(|m| m.to_string());
            assert_eq!(error.map_err(|e| e.to_string()), Err(message.to_string()));
        }
        let error = read_move("3D", 5).map_err(|e| e.to_string());
        assert_eq!(
            error,
            Err(
                "'3D' is not a point: a point name starts with a column letter, as in D3 \
                 (this 5 × 5 board has columns A to E and rows 1 to 5)"
                    .to_string()
            )
        );
        assert_eq!(read_point("E5", 5), Ok(Point::new(4, 4, 0)));
        assert!(read_point("F5", 5).is_err());
    }

    #[test]
    fn moves_parse_leniently_and_print_canonically() {
        for text in [
            "A2-D3'",
            "a2-d3'",
            " A2 - D3’ ",
            "A2–D3'",
            "A2—D3′",
            "A2>D3`",
            "A2 > d3'",
        ] {
            let mv = parse_move(text);
            assert_eq!(
                mv.map(|m| m.to_string()),
                Ok("A2-D3'".to_string()),
                "{text}"
            );
        }
        assert_eq!(
            parse_move("f6").map(|m| m.to_string()),
            Ok("F6".to_string())
        );
        assert_eq!(parse_move(" SWAP "), Ok(Move::Swap));
        assert_eq!(read_move("swap", 3), Ok(Move::Swap));
        assert_eq!(
            parse_move("D3'-F6").map(|m| m.to_string()),
            Ok("D3'-F6".to_string())
        );
    }

    #[test]
    fn bad_moves_are_syntax_errors() {
        assert_eq!(parse_move(""), Err(ParseError::Empty));
        assert_eq!(parse_move("A1-B2-C3"), Err(ParseError::Separators));
        assert!(matches!(parse_move("A1-"), Err(ParseError::HalfStep(_))));
        assert!(matches!(parse_move("-A1"), Err(ParseError::HalfStep(_))));
        assert!(matches!(parse_move("A 1-B2"), Err(ParseError::Space(_))));
        assert_eq!(parse_move(&"A".repeat(500)), Err(ParseError::TooLong));
    }
}
