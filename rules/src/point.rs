//! Points of the pyramid: `(x, y, k)` as in RULES section 1.

use std::fmt;

/// The smallest supported board side.
pub const MIN_SIZE: u8 = 3;
/// The largest supported board side.
pub const MAX_SIZE: u8 = 16;
/// The official board side.
pub const DEFAULT_SIZE: u8 = 8;

/// A point `(x, y, k)`: column `x`, row `y` counted from 0 at the bottom, and level `k`.
///
/// A point does not know the board size; [`Point::is_on`] checks it against one. The canonical
/// name (see [`crate::notation`]) is printed by `Display`: `D3`, `D3'`, `D3''`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point {
    level: u8,
    y: u8,
    x: u8,
}

impl Point {
    /// The point `(x, y, level)`.
    #[must_use]
    pub const fn new(x: u8, y: u8, level: u8) -> Point {
        Point { level, y, x }
    }

    /// The column, from 0 (`A`).
    #[must_use]
    pub const fn x(self) -> u8 {
        self.x
    }

    /// The row index `y`, from 0 at the bottom of the level.
    #[must_use]
    pub const fn y(self) -> u8 {
        self.y
    }

    /// The level `k`, 0 for the holes.
    #[must_use]
    pub const fn level(self) -> u8 {
        self.level
    }

    /// Whether the point exists on an `size` × `size` board.
    #[must_use]
    pub const fn is_on(self, size: u8) -> bool {
        self.level < size && self.x < size - self.level && self.y < size - self.level
    }

    /// The four supports of a point above level 0, or `None` on level 0.
    #[must_use]
    pub const fn supports(self) -> Option<[Point; 4]> {
        if self.level == 0 {
            return None;
        }
        let k = self.level - 1;
        Some([
            Point::new(self.x, self.y, k),
            Point::new(self.x + 1, self.y, k),
            Point::new(self.x, self.y + 1, k),
            Point::new(self.x + 1, self.y + 1, k),
        ])
    }

    /// The points of the next level up that could rest on this one, within an `size` board.
    pub fn above(self, size: u8) -> impl Iterator<Item = Point> {
        let k = self.level + 1;
        let (x, y) = (self.x, self.y);
        [(0u8, 0u8), (1, 0), (0, 1), (1, 1)]
            .into_iter()
            .filter_map(move |(dx, dy)| {
                let p = Point::new(x.checked_sub(dx)?, y.checked_sub(dy)?, k);
                p.is_on(size).then_some(p)
            })
    }

    /// The same-level orthogonal neighbours within an `size` board.
    pub fn neighbours(self, size: u8) -> impl Iterator<Item = Point> {
        let (x, y, k) = (self.x, self.y, self.level);
        [(1i8, 0i8), (-1, 0), (0, 1), (0, -1)]
            .into_iter()
            .filter_map(move |(dx, dy)| {
                let p = Point::new(x.checked_add_signed(dx)?, y.checked_add_signed(dy)?, k);
                p.is_on(size).then_some(p)
            })
    }

    /// Where the point sits seen from above, in hole units (doubled to stay whole):
    /// `(2x + k, 2y + k)`. Points with the same spot form a column.
    #[must_use]
    pub const fn spot(self) -> (u16, u16) {
        (
            2 * self.x as u16 + self.level as u16,
            2 * self.y as u16 + self.level as u16,
        )
    }

    /// The displayed row number of the point's name: `y + k + 1`.
    #[must_use]
    pub const fn row_number(self) -> u16 {
        self.y as u16 + self.level as u16 + 1
    }

    /// Every point of an `size` × `size` board, level by level, bottom row first.
    pub fn all(size: u8) -> impl Iterator<Item = Point> {
        (0..size).flat_map(move |k| {
            let w = size - k;
            (0..w).flat_map(move |y| (0..w).map(move |x| Point::new(x, y, k)))
        })
    }

    /// Number of points of an `size` × `size` pyramid.
    #[must_use]
    pub fn count(size: u8) -> usize {
        (1..=usize::from(size)).map(|w| w * w).sum()
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'A' + self.x), self.row_number())?;
        for _ in 0..self.level {
            f.write_str("'")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_rules_section_6() {
        assert_eq!(Point::new(3, 2, 0).to_string(), "D3");
        // D3' rests on D3, E3, D2 and E2: its footprint's upper-left hole is D3.
        assert_eq!(Point::new(3, 1, 1).to_string(), "D3'");
        assert_eq!(Point::new(3, 0, 2).to_string(), "D3''");
    }

    #[test]
    fn supports_of_d3_prime_are_d2_e2_d3_e3() {
        let names: Vec<String> = Point::new(3, 1, 1)
            .supports()
            .map(|s| s.iter().map(ToString::to_string).collect())
            .unwrap_or_default();
        assert_eq!(names, ["D2", "E2", "D3", "E3"]);
    }

    #[test]
    fn pyramid_sizes() {
        assert_eq!(Point::count(8), 204);
        assert_eq!(Point::all(8).count(), 204);
        assert!(Point::all(5).all(|p| p.is_on(5)));
    }

    #[test]
    fn columns_share_spots() {
        // D3'' sits directly over E2.
        assert_eq!(Point::new(3, 0, 2).spot(), Point::new(4, 1, 0).spot());
    }

    #[test]
    fn above_stays_on_board() {
        let corner = Point::new(0, 0, 0);
        assert_eq!(corner.above(8).count(), 1);
        assert_eq!(Point::new(3, 3, 0).above(8).count(), 4);
        assert_eq!(Point::new(7, 7, 0).above(8).count(), 1);
        assert_eq!(Point::new(0, 0, 7).above(8).count(), 0);
    }
}
