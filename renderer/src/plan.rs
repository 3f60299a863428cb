//! The plan view: the board from straight above, each marble labelled with its level.
//!
//! A level-k marble is drawn at `(x + k/2, y + k/2)`, half a hole up and right per level, and a
//! little smaller than the level below, so that the rings of the marbles beneath show around it.

use crate::canvas::{Align, Canvas};
use crate::geometry::RADIUS;
use crate::overlay::{Frame, Spot};
use crate::palette::{BOARD, EDGE_BLACK, EDGE_WHITE, INK, TEXT};
use crate::sprites::{Kind, Sprites};
use crate::RenderError;
use akron_rules::{Color, Point, Position};

/// Wood around the outermost holes, in hole spacings.
const MARGIN: f32 = 0.5;
/// Room for the coordinates outside the board, in hole spacings.
const LABEL_ROOM: f32 = 0.75;

/// Sizes for one board size and image width.
pub(crate) struct Layout {
    pub width: u32,
    pub height: u32,
    pub caption_height: f32,
    /// Pixels per hole spacing.
    pub cell: f32,
    /// Screen position of hole A1's centre.
    pub origin: (f32, f32),
    pub label_size: f32,
}

/// Fits the board and its labels into `width` pixels, below the caption.
pub(crate) fn layout(size: u8, width: u32) -> Layout {
    let n = f32::from(size);
    let w = width as f32;
    let pad = (w * 0.015).round();
    let caption_height = crate::perspective::caption_height(w);
    let cell = (w - 2.0 * pad) / (n + 2.0 * (MARGIN + LABEL_ROOM));
    let span = cell * (n - 1.0);
    let origin_x = pad + cell * (MARGIN + LABEL_ROOM + 0.5);
    let origin_y = caption_height + pad + cell * (MARGIN + LABEL_ROOM + 0.5) + span;
    let height = (origin_y + cell * (MARGIN + LABEL_ROOM + 0.5) + pad).ceil() as u32;
    Layout {
        width,
        height,
        caption_height,
        cell,
        origin: (origin_x, origin_y),
        label_size: (cell * 0.4).min(w * 0.032).max(12.0),
    }
}

/// The radius factor of a marble on level `k`.
fn shrink(level: u8) -> f32 {
    (1.0 - 0.07 * f32::from(level)).max(0.55)
}

impl Layout {
    fn at(&self, x: f32, y: f32) -> (f32, f32) {
        (self.origin.0 + x * self.cell, self.origin.1 - y * self.cell)
    }
}

impl Frame for Layout {
    fn spot(&self, p: Point) -> Spot {
        let k = f32::from(p.level());
        let (x, y) = self.at(f32::from(p.x()) + k / 2.0, f32::from(p.y()) + k / 2.0);
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
        canvas.text(
            &letter,
            layout.at(v, n - 0.5 + gap),
            text,
            TEXT,
            Align::Centre,
        )?;
        let number = (i + 1).to_string();
        canvas.text(&number, layout.at(-0.5 - gap, v), text, TEXT, Align::Centre)?;
        canvas.text(
            &number,
            layout.at(n - 0.5 + gap, v),
            text,
            TEXT,
            Align::Centre,
        )?;
    }
    Ok(())
}

/// Draws the marbles with their levels, low to high.
pub(crate) fn draw_marbles(
    canvas: &mut Canvas,
    layout: &Layout,
    position: &Position,
    sprites: &mut Sprites,
) -> Result<(), RenderError> {
    // `pieces()` runs level by level from the bottom; within a level the order does not matter.
    for (point, color) in position.pieces() {
        let spot = layout.spot(point);
        let sprite = sprites.get(Kind::Disc(color), spot.radius);
        canvas.blit(&sprite, spot.x, spot.y);
        // Level 0 is the usual case: its number is smaller and quieter, so that the levels
        // above stand out.
        let (ink, size) = match (color, point.level()) {
            (Color::Black, 0) => (TEXT.scaled(0.62), 0.75),
            (Color::White, 0) => (INK.mix(TEXT, 0.45), 0.75),
            (Color::Black, _) => (TEXT, 0.95),
            (Color::White, _) => (INK, 0.95),
        };
        canvas.text(
            &point.level().to_string(),
            (spot.x, spot.y),
            (spot.radius * size).max(10.0),
            ink,
            Align::Centre,
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plan_points_sit_at_x_plus_half_the_level() {
        let layout = layout(8, 1000);
        let low = layout.spot(Point::new(3, 3, 0));
        let column = layout.spot(Point::new(2, 2, 2));
        assert!((low.x - column.x).abs() < 1e-3 && (low.y - column.y).abs() < 1e-3);
        assert!(column.radius < low.radius);
        let a1 = layout.spot(Point::new(0, 0, 0));
        let a8 = layout.spot(Point::new(0, 7, 0));
        assert!(a1.y > a8.y, "row 1 at the bottom");
        assert!(layout.height as f32 <= 1000.0 * 1.2 && layout.height != 1000);
    }
}
