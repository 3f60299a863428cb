//! Text forms: point names, moves and position codes (RULES section 6).
//!
//! Parsing is lenient (either case, `’ ‘ ′ `` ` `` for the apostrophe, `– — >` for the dash,
//! spaces around the move and the separator); printing, through `Display`, is canonical.
//!
//! Parsing a move only checks its syntax. Whether it is legal is a question for a position:
//! [`crate::Position::check`] and [`crate::Position::play`] answer it with an
//! [`crate::IllegalMove`].
//!
//! # Examples
//!
//! ```
//! use akron_rules::{Move, Point};
//! let mv: Move = " a2 – d3’ ".parse()?;
//! assert_eq!(mv, Move::Step { from: Point::new(0, 1, 0), to: Point::new(3, 1, 1) });
//! assert_eq!(mv.to_string(), "A2-D3'");
//! # Ok::<(), akron_rules::notation::ParseError>(())
//! ```

mod code;

pub use code::CodeError;

use crate::moves::Move;
mod normalize;
pub use normalize::normalize;

use crate::point::{Point, MAX_SIZE};
use std::fmt;
use std::str::FromStr;

/// Characters accepted for the apostrophe.
const APOSTROPHES: [char; 5] = ['\'', '’', '‘', '′', '`'];
/// Characters accepted for the dash of a step.
const SEPARATORS: [char; 4] = ['-', '–', '—', '>'];
/// Longest move text worth reading.
const MAX_MOVE_LEN: usize = 64;

/// A move or point name that is not well formed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Nothing was given.
    Empty,
    /// Far too long to be a move.
    TooLong,
    /// The column letter is missing or outside A to P.
    Column(String),
    /// The row number is missing, zero or malformed.
    Row(String),
    /// Something other than apostrophes follows the row number.
    Trailing(String),
    /// A space inside a point name.
    Space(String),
    /// The name describes no point: the row is too low for its level.
    NoSuchPoint(String),
    /// More than one separator.
    Separators,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => f.write_str("no move given; write a hole like F6, a step like A2-D3', or swap"),
            ParseError::TooLong => f.write_str("that is too long to be a move; write a hole like F6 or a step like A2-D3'"),
            ParseError::Column(s) => {
                write!(f, "'{s}' is not a point: it must start with a column letter from A to P, as in D3")
            }
            ParseError::Row(s) => write!(f, "'{s}' is not a point: the column letter must be followed by a row number, as in D3"),
            ParseError::Trailing(s) => write!(
                f,
                "'{s}' is not a point: only apostrophes may follow the row number, one per level, as in D3''"
            ),
            ParseError::Space(s) => write!(f, "'{s}' has a space inside a point name; write it as one word, like D3'"),
            ParseError::NoSuchPoint(s) => {
                write!(f, "'{s}' names no point: a level-k point's row number is at least k + 1")
            }
            ParseError::Separators => f.write_str("a step has one dash, as in A2-D3'"),
        }
    }
}

impl std::error::Error for ParseError {}

/// Reads a point name such as `D3`, `d3’` or `D3''`. The board size is not checked.
///
/// # Errors
///
/// When the text is not a well-formed point name.
pub fn parse_point(text: &str) -> Result<Point, ParseError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ParseError::Empty);
    }
    if text.len() > MAX_MOVE_LEN {
        return Err(ParseError::TooLong);
    }
    if text.chars().any(char::is_whitespace) {
        return Err(ParseError::Space(text.to_string()));
    }
    let mut chars = text.chars().peekable();
    let column = match chars.next() {
        Some(c @ ('a'..='p' | 'A'..='P')) => c.to_ascii_uppercase() as u8 - b'A',
        _ => return Err(ParseError::Column(text.to_string())),
    };
    let mut digits = String::new();
    while let Some(c) = chars.peek().copied().filter(char::is_ascii_digit) {
        digits.push(c);
        chars.next();
    }
    if digits.is_empty() || digits.starts_with('0') || digits.len() > 2 {
        return Err(ParseError::Row(text.to_string()));
    }
    let row: u8 = digits
        .parse()
        .map_err(|_| ParseError::Row(text.to_string()))?;
    if row > MAX_SIZE {
        return Err(ParseError::Row(text.to_string()));
    }
    let mut level = 0u8;
    for c in chars {
        if APOSTROPHES.contains(&c) && level < MAX_SIZE {
            level += 1;
        } else {
            return Err(ParseError::Trailing(text.to_string()));
        }
    }
    if row < level + 1 {
        return Err(ParseError::NoSuchPoint(text.to_string()));
    }
    Ok(Point::new(column, row - level - 1, level))
}

/// Reads a move: a hole (`F6`), a step (`A2-D3'`) or `swap`.
///
/// # Errors
///
/// When the text is not a well-formed move.
pub fn parse_move(text: &str) -> Result<Move, ParseError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ParseError::Empty);
    }
    if text.len() > MAX_MOVE_LEN {
        return Err(ParseError::TooLong);
    }
    if text.eq_ignore_ascii_case("swap") {
        return Ok(Move::Swap);
    }
    let mut parts = text.split(|c| SEPARATORS.contains(&c));
    let first = parts.next().unwrap_or_default();
    match (parts.next(), parts.next()) {
        (None, _) => Ok(Move::Place(parse_point(first)?)),
        (Some(second), None) => {
            if first.trim().is_empty() || second.trim().is_empty() {
                return Err(ParseError::Row(text.to_string()));
            }
            Ok(Move::Step {
                from: parse_point(first)?,
                to: parse_point(second)?,
            })
        }
        (Some(_), Some(_)) => Err(ParseError::Separators),
    }
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
        assert!(matches!(parse_point("Q3"), Err(ParseError::Column(_))));
        assert!(matches!(parse_point("3D"), Err(ParseError::Column(_))));
        assert!(matches!(parse_point("D"), Err(ParseError::Row(_))));
        assert!(matches!(parse_point("D0"), Err(ParseError::Row(_))));
        assert!(matches!(parse_point("D03"), Err(ParseError::Row(_))));
        assert!(matches!(parse_point("D17"), Err(ParseError::Row(_))));
        assert!(matches!(parse_point("D3x"), Err(ParseError::Trailing(_))));
        assert!(matches!(parse_point("D 3"), Err(ParseError::Space(_))));
        assert!(matches!(
            parse_point("D1'"),
            Err(ParseError::NoSuchPoint(_))
        ));
        assert!(matches!(
            parse_point("D999999999999999"),
            Err(ParseError::Row(_))
        ));
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
        assert_eq!(
            parse_move("D3'-F6").map(|m| m.to_string()),
            Ok("D3'-F6".to_string())
        );
    }

    #[test]
    fn bad_moves_are_syntax_errors() {
        assert_eq!(parse_move(""), Err(ParseError::Empty));
        assert_eq!(parse_move("A1-B2-C3"), Err(ParseError::Separators));
        assert!(parse_move("A1-").is_err());
        assert!(parse_move("-A1").is_err());
        assert!(matches!(parse_move("A 1-B2"), Err(ParseError::Space(_))));
        assert_eq!(parse_move(&"A".repeat(500)), Err(ParseError::TooLong));
    }
}
