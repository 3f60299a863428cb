//! The two players' colours.

use std::fmt;
use std::ops::{Index, IndexMut, Not};

/// A player's colour. Black moves first and connects top and bottom; White connects left and
/// right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    /// Moves first; connects row 1 and row n (pbmserv's Vert).
    Black,
    /// Moves second; connects column A and the last column (pbmserv's Horz).
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other colour.
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The lower-case name, `black` or `white`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// The capitalised name, `Black` or `White`.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }

    /// The letter used in position codes, `b` or `w`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'b',
            Color::White => 'w',
        }
    }

    /// Reads `b`/`w` in either case.
    #[must_use]
    pub const fn from_letter(c: char) -> Option<Color> {
        match c {
            'b' | 'B' => Some(Color::Black),
            'w' | 'W' => Some(Color::White),
            _ => None,
        }
    }

    /// Reads `black`/`white` (any case) or `b`/`w`.
    #[must_use]
    pub fn from_name(s: &str) -> Option<Color> {
        match s.to_ascii_lowercase().as_str() {
            "black" | "b" => Some(Color::Black),
            "white" | "w" => Some(Color::White),
            _ => None,
        }
    }

    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per colour, indexable by [`Color`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T> ByColor<T> {
    /// Builds a pair from a function of the colour.
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> Self {
        ByColor {
            black: f(Color::Black),
            white: f(Color::White),
        }
    }

    /// The value for `color`.
    pub const fn get(&self, color: Color) -> &T {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// The value for `color`, mutably.
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    fn index(&self, color: Color) -> &T {
        self.get(color)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, color: Color) -> &mut T {
        self.get_mut(color)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_is_an_involution() {
        for c in Color::ALL {
            assert_eq!(c.other().other(), c);
            assert_ne!(c.other(), c);
        }
    }

    #[test]
    fn letters_round_trip() {
        for c in Color::ALL {
            assert_eq!(Color::from_letter(c.letter()), Some(c));
            assert_eq!(Color::from_name(c.name()), Some(c));
        }
        assert_eq!(Color::from_letter('x'), None);
    }
}
