//! The plan view: the board from straight above, each marble labelled with its level.
//!
//! A level-k marble is drawn at `(x + k/2, y + k/2)`, half a hole up and right per level, and a
//! little smaller than the level below, so that the rings of the marbles beneath show around it.

use crate::canvas::{Align, Canvas};
use crate::geometry::{Area, RADIUS};
use crate::overlay::{Frame, Spot};
use crate::palette::{BOARD, EDGE_BLACK, EDGE_WHITE, INK, TEXT};
use crate::sprites::{Kind, Sprites};
use crate::RenderError;
use akron_rules::{Color, Point, Position};

/// Wood around the outermost holes, in hole spacings.
const MARGIN: f32 = 0.5;
/// Room for the coordinates outside the board, in hole spacings.
const LABEL_ROOM: f32 = 0.75;

/// How far each level is drawn above the one below it, in hole spacings, so that a marble
/// never hides the one two levels under it (they share a spot seen from above).
const LIFT: f32 = 0.14;

/// Sizes for one board size and area.
pub(crate) struct Layout {
    /// Pixels per hole spacing.
    pub cell: f32,
    /// Screen position of hole A1's centre.
    pub origin: (f32, f32),
    pub label_size: f32,
    /// Whether the coordinates are written on all four sides.
    pub all_sides: bool,
}

/// The board's side in cells, its labels included (on all four sides, or with `all_sides`
/// false only the letters under it and the numbers left of it).
fn cells(size: u8, all_sides: bool) -> f32 {
    let labels = if all_sides { 2.0 } else { 1.0 };
    f32::from(size) + 2.0 * MARGIN + labels * LABEL_ROOM
}

/// Width over height of the plan of an `size` board: square.
pub(crate) fn aspect(size: u8, all_sides: bool) -> f32 {
    cells(size, all_sides) / cells(size, all_sides)
}

/// Fits the board and its labels into `area`, centred; with `all_sides` false, the letters
/// are written only under the board and the numbers only left of it.
pub(crate) fn fit(size: u8, area: Area, all_sides: bool) -> Layout {
    let cells = cells(size, all_sides);
    let cell = area.w.min(area.h) / cells;
    let side = cell * cells;
    let left = area.x + (area.w - side) / 2.0;
    let top = area.y + (area.h - side) / 2.0;
    let edge = cell * (MARGIN + LABEL_ROOM + 0.5);
    Layout {
        cell,
        origin: (left + edge, top + side - edge),
        label_size: (cell * 0.4).max(12.0),
        all_sides,
    }
}

/// The radius factor of a marble on level `k`.
fn shrink(level: u8) -> f32 {
    (1.0 - 0.04 * f32::from(level)).max(0.75)
}

impl Layout {
    fn at(&self, x: f32, y: f32) -> (f32, f32) {
        (self.origin.0 + x * self.cell, self.origin.1 - y * self.cell)
    }
}

impl Frame for Layout {
    fn spot(&self, p: Point) -> Spot {
        let k = f32::from(p.level());
        let (x, y) = self.at(
            f32::from(p.x()) + k / 2.0,
            f32::from(p.y()) + k / 2.0 + LIFT * k,
        );
        Spot {
            x,
            y,
            radius: RADIUS * self.cell * shrink(p.level()),
        }
    }
}

/// Draws what every image of this layout shares: the board, its holes and its labels.
pub(crate) fn draw_board(
    canvas: &mut Canvas,
    layout: &Layout,
    size: u8,
    sprites: &mut Sprites,
) -> Result<(), RenderError> {
    let n = f32::from(size);
    let low = -0.5 - MARGIN;
    let high = n - 0.5 + MARGIN;
    let corners = |a: f32, b: f32| {
        [
            layout.at(a, a),
            layout.at(b, a),
            layout.at(b, b),
            layout.at(a, b),
        ]
    };
    let shadow: Vec<(f32, f32)> = corners(low, high)
        .iter()
        .map(|&(x, y)| (x + layout.cell * 0.06, y + layout.cell * 0.08))
        .collect();
    canvas.fill_polygon(&shadow, INK, 0.5);
    canvas.fill_polygon(&corners(low, high), BOARD, 1.0);
    let bands = crate::geometry::edge_bands(n);
    for (color, points) in bands {
        let points: Vec<(f32, f32)> = points.iter().map(|&(x, y)| layout.at(x, y)).collect();
        let fill = match color {
            Color::Black => EDGE_BLACK,
            Color::White => EDGE_WHITE,
        };
        canvas.fill_polygon(&points, fill, 1.0);
    }
    let hole = sprites.get(Kind::FlatHole, layout.cell * 0.36);
    for y in 0..size {
        for x in 0..size {
            let (sx, sy) = layout.at(f32::from(x), f32::from(y));
            canvas.blit(&hole, sx, sy);
        }
    }
    let text = layout.label_size;
    let gap = MARGIN + LABEL_ROOM * 0.45;
    for i in 0..size {
        let v = f32::from(i);
        let letter = char::from(b'A' + i).to_string();
        canvas.text(&letter, layout.at(v, -0.5 - gap), text, TEXT, Align::Centre)?;
        let number = (i + 1).to_string();
        canvas.text(&number, layout.at(-0.5 - gap, v), text, TEXT, Align::Centre)?;
        if layout.all_sides {
            canvas.text(
                &letter,
                layout.at(v, n - 0.5 + gap),
                text,
                TEXT,
                Align::Centre,
            )?;
            canvas.text(
                &number,
                layout.at(n - 0.5 + gap, v),
                text,
                TEXT,
                Align::Centre,
            )?;
        }
    }
    Ok(())
}

/// Draws the marbles, low to high; their levels are written afterwards, over the overlays.
pub(crate) fn draw_marbles(
    canvas: &mut Canvas,
    layout: &Layout,
    position: &Position,
    sprites: &mut Sprites,
) {
    // `pieces()` runs level by level from the bottom; within a level the order does not matter.
    for (point, color) in position.pieces() {
        let spot = layout.spot(point);
        let sprite = sprites.get(Kind::Disc(color), spot.radius);
        canvas.blit(&sprite, spot.x, spot.y);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plan_points_sit_at_x_plus_half_the_level_lifted() {
        let layout = fit(8, Area::new(0.0, 100.0, 1000.0, 1000.0), true);
        let low = layout.spot(Point::new(3, 3, 0));
        let column = layout.spot(Point::new(2, 2, 2));
        assert!((low.x - column.x).abs() < 1e-3);
        assert!(column.radius < low.radius);
        let a1 = layout.spot(Point::new(0, 0, 0));
        let a8 = layout.spot(Point::new(0, 7, 0));
        assert!(a1.y > a8.y, "row 1 at the bottom");
    }

    /// No marble of a full pyramid is hidden: each keeps a visible crescent at least a fifth
    /// of its radius wide outside every marble drawn after it.
    #[test]
    fn no_marble_hides_another_in_plan() {
        for size in 3..=16u8 {
            let layout = fit(size, Area::new(0.0, 0.0, 1000.0, 1000.0), true);
            let points: Vec<Point> = Point::all(size).collect();
            for (i, &p) in points.iter().enumerate() {
                let a = layout.spot(p);
                for &q in &points[i + 1..] {
                    if q.level() <= p.level() {
                        continue;
                    }
                    let b = layout.spot(q);
                    let distance = (a.x - b.x).hypot(a.y - b.y);
                    // The part of `a` that `b` leaves: how far `a`'s far edge reaches past `b`.
                    let shown = distance + a.radius - b.radius;
                    assert!(shown >= 0.2 * a.radius, "{size}: {q} hides {p}");
                }
            }
        }
    }
}
