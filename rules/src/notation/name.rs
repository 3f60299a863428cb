//! Point names and moves as written, before a board checks them (RULES section 6).

use crate::moves::Move;
use crate::point::Point;
use std::fmt;
use std::str::FromStr;

/// Characters accepted for the apostrophe.
pub(super) const APOSTROPHES: [char; 5] = ['\'', '’', '‘', '′', '`'];
/// Characters accepted for the dash of a step.
pub(super) const SEPARATORS: [char; 4] = ['-', '–', '—', '>'];
/// Longest move text worth reading.
const MAX_MOVE_LEN: usize = 64;

/// A point name as written: a column letter, a row number and one apostrophe per level.
///
/// Any letter and any row number are well formed; [`PointName::to_point`] checks them against
/// a board. `Display` prints the canonical form (`D3''`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PointName {
    /// The column, 0 for `A` up to 25 for `Z`.
    pub column: u8,
    /// The row number as written (the bottom row of level 0 is 1).
    pub row: u32,
    /// The number of apostrophes.
    pub level: u8,
}

/// A move as written: a placement, a step or `swap`, with unchecked point names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveText {
    /// A hole, as in `F6`.
    Place(PointName),
    /// A step, as in `A2-D3'`.
    Step {
        /// The piece that moves.
        from: PointName,
        /// Where it goes.
        to: PointName,
    },
    /// `swap`.
    Swap,
}

/// A move or point name that is not well formed, whatever the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Nothing was given.
    Empty,
    /// Far too long to be a move.
    TooLong,
    /// The name does not start with a column letter.
    Column(String),
    /// No row number follows the column letter.
    Row(String),
    /// The row number has a leading zero.
    LeadingZero(String),
    /// Something other than apostrophes follows the row number.
    Trailing(String),
    /// A space inside a point name.
    Space(String),
    /// A well-formed name of a point that no board has, not even a 16 × 16 one.
    NoSuchPoint(PointName),
    /// A dash with nothing on one side.
    HalfStep(String),
    /// More than one separator.
    Separators,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => f.write_str("no move given; write a hole like F6, a step like A2-D3', or swap"),
            ParseError::TooLong => f.write_str("that is too long to be a move; write a hole like F6 or a step like A2-D3'"),
            ParseError::Column(s) => {
                write!(f, "'{s}' is not a point: a point name starts with a column letter, as in D3")
            }
            ParseError::Row(s) => write!(f, "'{s}' is not a point: a row number must follow the column letter, as in D3"),
            ParseError::LeadingZero(s) => write!(f, "'{s}' is not a point: write the row number without a leading zero, as in D3"),
            ParseError::Trailing(s) => write!(
                f,
                "'{s}' is not a point: only apostrophes may follow the row number, one per level, as in D3''"
            ),
            ParseError::Space(s) => write!(f, "'{s}' has a space inside a point name; write it as one word, like D3'"),
            ParseError::NoSuchPoint(name) => write!(
                f,
                "{name} is on no board: even on 16 × 16, level 0 has columns A to P and rows 1 to 16, and a point with k apostrophes has a row number of at least k + 1"
            ),
            ParseError::HalfStep(s) => write!(f, "'{s}' is half a step: a step names two points, as in A2-D3'"),
            ParseError::Separators => f.write_str("a step has one dash, as in A2-D3'"),
        }
    }
}

impl std::error::Error for ParseError {}

/// A move or point name that does not fit one board. Its message names that board's range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text is not well formed.
    Syntax {
        /// What is wrong with it.
        error: ParseError,
        /// The board side.
        size: u8,
    },
    /// A well-formed name of a point this board does not have.
    OffBoard {
        /// The name as written.
        name: PointName,
        /// The board side.
        size: u8,
    },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Syntax { error, size } => {
                let last = column_letter(size.saturating_sub(1));
                write!(
                    f,
                    "{error} (this {size} × {size} board has columns A to {last} and rows 1 to {size})"
                )
            }
            NotationError::OffBoard { name, size } => {
                let (n, k) = (*size, name.level);
                write!(f, "{name} is not on this {n} × {n} board: ")?;
                if k >= n {
                    return write!(
                        f,
                        "its levels are 0 to {}, so a point name has at most {} apostrophe{}",
                        n.saturating_sub(1),
                        n.saturating_sub(1),
                        if n == 2 { "" } else { "s" }
                    );
                }
                let last = column_letter(n - 1 - k);
                let (low, high) = (u32::from(k) + 1, u32::from(n));
                let mut problems = Vec::new();
                if name.column > n - 1 - k {
                    problems.push(format!(
                        "column {} is outside A to {last}",
                        column_letter(name.column)
                    ));
                }
                if !(low..=high).contains(&name.row) {
                    problems.push(format!("row {} is outside {low} to {high}", name.row));
                }
                if k > 0 {
                    write!(
                        f,
                        "on level {k} ({} apostrophe{}), ",
                        k,
                        if k == 1 { "" } else { "s" }
                    )?;
                }
                f.write_str(&problems.join(" and "))
            }
        }
    }
}

impl std::error::Error for NotationError {}

/// The letter of column `x`, for `x` up to 25.
fn column_letter(x: u8) -> char {
    char::from(b'A' + x.min(25))
}

impl PointName {
    /// Reads a point name such as `D3`, `d3’` or `Z99''`, whatever the board.
    ///
    /// # Errors
    ///
    /// When the text is not a well-formed point name.
    pub fn parse(text: &str) -> Result<PointName, ParseError> {
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
            Some(c) if c.is_ascii_alphabetic() => c.to_ascii_uppercase() as u8 - b'A',
            _ => return Err(ParseError::Column(text.to_string())),
        };
        let mut digits = String::new();
        while let Some(c) = chars.peek().copied().filter(char::is_ascii_digit) {
            digits.push(c);
            chars.next();
        }
        if digits.is_empty() {
            return Err(ParseError::Row(text.to_string()));
        }
        if digits.len() > 1 && digits.starts_with('0') {
            return Err(ParseError::LeadingZero(text.to_string()));
        }
        let row = digits.bytes().fold(0u32, |row, d| {
            row.saturating_mul(10).saturating_add(u32::from(d - b'0'))
        });
        let mut level = 0u8;
        for c in chars {
            if APOSTROPHES.contains(&c) {
                level = level.saturating_add(1);
            } else {
                return Err(ParseError::Trailing(text.to_string()));
            }
        }
        Ok(PointName { column, row, level })
    }

    /// The point this name gives on an `size` × `size` board.
    ///
    /// # Errors
    ///
    /// When the board has no such point; the error names its range.
    pub fn to_point(self, size: u8) -> Result<Point, NotationError> {
        let off_board = NotationError::OffBoard { name: self, size };
        let k = self.level;
        // The row number of (x, y, k) is y + k + 1.
        let y = self
            .row
            .checked_sub(u32::from(k) + 1)
            .and_then(|y| u8::try_from(y).ok())
            .ok_or_else(|| off_board.clone())?;
        let point = Point::new(self.column, y, k);
        if point.is_on(size) {
            Ok(point)
        } else {
            Err(off_board)
        }
    }
}

impl fmt::Display for PointName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", column_letter(self.column), self.row)?;
        for _ in 0..self.level {
            f.write_str("'")?;
        }
        Ok(())
    }
}

impl From<Point> for PointName {
    fn from(point: Point) -> PointName {
        PointName {
            column: point.x(),
            row: u32::from(point.row_number()),
            level: point.level(),
        }
    }
}

impl FromStr for PointName {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<PointName, ParseError> {
        PointName::parse(s)
    }
}

impl MoveText {
    /// Reads a move as written: a hole (`F6`), a step (`A2-D3'`) or `swap`, whatever the board.
    ///
    /// # Errors
    ///
    /// When the text is not a well-formed move.
    pub fn parse(text: &str) -> Result<MoveText, ParseError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ParseError::Empty);
        }
        if text.len() > MAX_MOVE_LEN {
            return Err(ParseError::TooLong);
        }
        if text.eq_ignore_ascii_case("swap") {
            return Ok(MoveText::Swap);
        }
        let mut parts = text.split(|c| SEPARATORS.contains(&c));
        let first = parts.next().unwrap_or_default();
        match (parts.next(), parts.next()) {
            (None, _) => Ok(MoveText::Place(PointName::parse(first)?)),
            (Some(second), None) => {
                if first.trim().is_empty() || second.trim().is_empty() {
                    return Err(ParseError::HalfStep(text.to_string()));
                }
                Ok(MoveText::Step {
                    from: PointName::parse(first)?,
                    to: PointName::parse(second)?,
                })
            }
            (Some(_), Some(_)) => Err(ParseError::Separators),
        }
    }

    /// The move this text gives on an `size` × `size` board. Legality is not checked.
    ///
    /// # Errors
    ///
    /// When a point is not on the board; the error names the board's range.
    pub fn to_move(self, size: u8) -> Result<Move, NotationError> {
        Ok(match self {
            MoveText::Place(point) => Move::Place(point.to_point(size)?),
            MoveText::Step { from, to } => Move::Step {
                from: from.to_point(size)?,
                to: to.to_point(size)?,
            },
            MoveText::Swap => Move::Swap,
        })
    }
}

impl FromStr for MoveText {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<MoveText, ParseError> {
        MoveText::parse(s)
    }
}
