//! Position codes: `SIZE:TURN:BLACKPILE,WHITEPILE:LEVEL0|LEVEL1|...`.

use crate::color::{ByColor, Color};
use crate::error::PositionError;
use crate::point::{Point, MAX_SIZE, MIN_SIZE};
use crate::position::{Position, Setup};
use std::fmt;
use std::str::FromStr;

/// Longest code worth reading: a full 16 × 16 pyramid is far shorter.
pub const MAX_CODE_LEN: usize = 4096;

/// A position code that cannot be read, or that describes an illegal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// Not four fields separated by `:`.
    Fields(usize),
    /// Far too long to be a position code.
    TooLong,
    /// The size field is not a number from 3 to 16.
    Size(String),
    /// The turn field is not `b` or `w`.
    Turn(String),
    /// The piles field is not two numbers separated by a comma.
    Piles(String),
    /// More levels than the board has.
    Levels {
        /// Levels given.
        found: usize,
        /// Levels the board has.
        size: u8,
    },
    /// A level with the wrong number of rows.
    Rows {
        /// The level.
        level: usize,
        /// Rows it must have.
        expected: usize,
        /// Rows given.
        found: usize,
    },
    /// A row with the wrong number of points.
    RowLength {
        /// The level.
        level: usize,
        /// The row's number as shown (row n at the top).
        row: usize,
        /// Points it must have.
        expected: usize,
        /// Points given.
        found: usize,
    },
    /// A run length that is zero, has a leading zero, or is absurdly large.
    Number {
        /// The level.
        level: usize,
        /// The row's number as shown.
        row: usize,
        /// The number as written.
        text: String,
    },
    /// A character other than `b`, `w` or a digit in a row.
    Character {
        /// The level.
        level: usize,
        /// The row's number as shown.
        row: usize,
        /// The character.
        found: char,
    },
    /// Well formed, but the position breaks a rule.
    Position(PositionError),
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::Fields(n) => write!(
                f,
                "a position code has 4 fields separated by ':' (SIZE:TURN:BLACKPILE,WHITEPILE:LEVELS), not {n}"
            ),
            CodeError::TooLong => write!(f, "that position code is too long (more than {MAX_CODE_LEN} characters)"),
            CodeError::Size(s) => write!(f, "board size '{s}' must be a number from {MIN_SIZE} to {MAX_SIZE}"),
            CodeError::Turn(s) => write!(f, "turn '{s}' must be b or w"),
            CodeError::Piles(s) => write!(f, "piles '{s}' must be two numbers from 0 to 1000, like 32,32"),
            CodeError::Levels { found, size } => {
                write!(f, "{found} levels given, but a {size} × {size} board has only {size}")
            }
            CodeError::Rows { level, expected, found } => {
                write!(f, "level {level} must have {expected} rows separated by '/', not {found}")
            }
            CodeError::RowLength { level, row, expected, found } => {
                write!(f, "level {level}, row {row} must have {expected} points, not {found}")
            }
            CodeError::Number { level, row, text } => write!(
                f,
                "level {level}, row {row}: '{text}' is not a run length (a whole number from 1, without leading zeros)"
            ),
            CodeError::Character { level, row, found } => {
                write!(f, "level {level}, row {row}: '{found}' is not b, w or a number")
            }
            CodeError::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for CodeError {}

impl From<PositionError> for CodeError {
    fn from(e: PositionError) -> Self {
        CodeError::Position(e)
    }
}

fn parse_number(text: &str, max: u32) -> Option<u32> {
    if text.is_empty() || text.len() > 5 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if text.len() > 1 && text.starts_with('0') {
        return None;
    }
    text.parse::<u32>().ok().filter(|&n| n <= max)
}

impl Setup {
    /// Reads a position code without checking the rules of section 1 beyond its shape.
    ///
    /// # Errors
    ///
    /// Names the field, level and row that is malformed.
    pub fn from_code(code: &str) -> Result<Setup, CodeError> {
        let code = code.trim();
        if code.len() > MAX_CODE_LEN {
            return Err(CodeError::TooLong);
        }
        let fields: Vec<&str> = code.split(':').collect();
        let [size, turn, piles, levels] = fields[..] else {
            return Err(CodeError::Fields(fields.len()));
        };
        let size = parse_number(size.trim(), 1000)
            .filter(|n| (u32::from(MIN_SIZE)..=u32::from(MAX_SIZE)).contains(n))
            .ok_or_else(|| CodeError::Size(size.to_string()))? as u8;
        let turn = match turn.trim() {
            t if t.chars().count() == 1 => t.chars().next().and_then(Color::from_letter),
            _ => None,
        }
        .ok_or_else(|| CodeError::Turn(turn.to_string()))?;
        let pile_error = || CodeError::Piles(piles.to_string());
        let (black, white) = piles.split_once(',').ok_or_else(pile_error)?;
        let black = parse_number(black.trim(), 1000).ok_or_else(pile_error)? as u16;
        let white = parse_number(white.trim(), 1000).ok_or_else(pile_error)? as u16;
        let levels: Vec<&str> = levels.split('|').collect();
        if levels.len() > usize::from(size) {
            return Err(CodeError::Levels {
                found: levels.len(),
                size,
            });
        }
        let mut pieces = Vec::new();
        for (k, text) in levels.iter().enumerate() {
            let width = usize::from(size) - k;
            let rows: Vec<&str> = text.split('/').collect();
            if rows.len() != width {
                return Err(CodeError::Rows {
                    level: k,
                    expected: width,
                    found: rows.len(),
                });
            }
            for (r, row_text) in rows.iter().enumerate() {
                let y = width - 1 - r;
                let shown = y + k + 1;
                let mut x = 0usize;
                let mut digits = String::new();
                let flush = |digits: &mut String, x: &mut usize| -> Result<(), CodeError> {
                    if digits.is_empty() {
                        return Ok(());
                    }
                    let n = parse_number(digits, 64).filter(|&n| n > 0).ok_or_else(|| {
                        CodeError::Number {
                            level: k,
                            row: shown,
                            text: digits.clone(),
                        }
                    })?;
                    *x += n as usize;
                    digits.clear();
                    Ok(())
                };
                for ch in row_text.trim().chars() {
                    if ch.is_ascii_digit() {
                        digits.push(ch);
                        continue;
                    }
                    flush(&mut digits, &mut x)?;
                    let color = Color::from_letter(ch).ok_or(CodeError::Character {
                        level: k,
                        row: shown,
                        found: ch,
                    })?;
                    if x < width {
                        pieces.push((Point::new(x as u8, y as u8, k as u8), color));
                    }
                    x += 1;
                }
                flush(&mut digits, &mut x)?;
                if x != width {
                    return Err(CodeError::RowLength {
                        level: k,
                        row: shown,
                        expected: width,
                        found: x,
                    });
                }
            }
        }
        Ok(Setup {
            size,
            turn,
            piles: ByColor { black, white },
            pieces,
        })
    }
}

impl Position {
    /// Reads and validates a position code.
    ///
    /// # Errors
    ///
    /// Names what is malformed, or which rule the position breaks.
    ///
    /// # Examples
    ///
    /// ```
    /// use akron_rules::Position;
    /// let p = Position::from_code("3:w:3,4:3/1b1/3")?;
    /// assert_eq!(p.code(), "3:w:3,4:3/1b1/3");
    /// assert!(Position::from_code("3:w:3,4:3/3/3|b2/2").is_err()); // unsupported
    /// # Ok::<(), akron_rules::notation::CodeError>(())
    /// ```
    pub fn from_code(code: &str) -> Result<Position, CodeError> {
        Ok(Position::from_setup(&Setup::from_code(code)?)?)
    }

    /// The canonical position code.
    #[must_use]
    pub fn code(&self) -> String {
        self.to_string()
    }
}

impl FromStr for Position {
    type Err = CodeError;
    fn from_str(s: &str) -> Result<Position, CodeError> {
        Position::from_code(s)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size();
        let piles = self.piles();
        write!(
            f,
            "{n}:{}:{},{}:",
            self.turn().letter(),
            piles.black,
            piles.white
        )?;
        let levels = self.height().max(1);
        for k in 0..levels {
            if k > 0 {
                f.write_str("|")?;
            }
            let width = n - k;
            for y in (0..width).rev() {
                if y + 1 < width {
                    f.write_str("/")?;
                }
                let mut run = 0;
                for x in 0..width {
                    match self.piece(Point::new(x, y, k)) {
                        None => run += 1,
                        Some(c) => {
                            if run > 0 {
                                write!(f, "{run}")?;
                                run = 0;
                            }
                            write!(f, "{}", c.letter())?;
                        }
                    }
                }
                if run > 0 {
                    write!(f, "{run}")?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_start_code() {
        assert_eq!(Position::default().code(), "8:b:32,32:8/8/8/8/8/8/8/8");
        assert_eq!(
            Position::from_code("8:b:32,32:8/8/8/8/8/8/8/8"),
            Ok(Position::default())
        );
    }

    #[test]
    fn upper_case_and_empty_trailing_levels_are_accepted() {
        let p = Position::from_code("3:B:1,2:BW1/3/3|2/2");
        assert_eq!(p.map(|p| p.code()), Ok("3:b:1,2:bw1/3/3".to_string()));
    }

    #[test]
    fn rows_run_from_the_top() {
        let p = Position::from_code("3:b:0,0:b2/3/2w").ok();
        assert_eq!(
            p.as_ref().and_then(|p| p.piece(Point::new(0, 2, 0))),
            Some(Color::Black)
        );
        assert_eq!(
            p.as_ref().and_then(|p| p.piece(Point::new(2, 0, 0))),
            Some(Color::White)
        );
    }

    #[test]
    fn stacked_code_round_trips() {
        let code = "4:w:5,6:4/bbw1/wbb1/4|3/w2/3";
        assert_eq!(
            Position::from_code(code).map(|p| p.code()),
            Ok(code.to_string())
        );
    }

    #[test]
    fn hostile_codes_are_rejected_with_reasons() {
        let cases: &[(&str, &str)] = &[
            ("", "4 fields"),
            ("8:b:32,32", "4 fields"),
            ("2:b:1,1:2/2", "board size '2'"),
            ("17:b:1,1:1", "board size '17'"),
            ("999999999999:b:1,1:1", "board size"),
            ("3:x:1,1:3/3/3", "turn 'x'"),
            ("3:b:1:3/3/3", "piles"),
            ("3:b:1001,1:3/3/3", "piles"),
            ("3:b:-1,1:3/3/3", "piles"),
            ("3:b:1,1:3/3", "level 0 must have 3 rows"),
            ("3:b:1,1:3/3/4", "level 0, row 1 must have 3 points, not 4"),
            ("3:b:1,1:3/3/03", "'03' is not a run length"),
            ("3:b:1,1:3/3/0bbb", "'0' is not a run length"),
            ("3:b:1,1:3/3/99999999999999999999", "is not a run length"),
            ("3:b:1,1:3/3/x2", "'x' is not b, w or a number"),
            ("3:b:1,1:3/3/3|2/2|1|1", "4 levels given"),
            (
                "3:b:1,1:3/3/3|b1/2",
                "the piece on A3' is unsupported: A2 below it is empty",
            ),
        ];
        for (code, message) in cases {
            let error = Position::from_code(code)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default();
            assert!(
                error.contains(message),
                "{code}: got '{error}', want '{message}'"
            );
        }
        assert_eq!(
            Position::from_code(&"8".repeat(10_000)),
            Err(CodeError::TooLong)
        );
    }
}
