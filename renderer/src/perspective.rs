//! The perspective view: a photo of the board from in front of row 1 and above.

use crate::canvas::{Align, Canvas};
use crate::geometry::{centre, painter_order, Area, Camera, Vec3, RADIUS};
use crate::overlay::{Frame, Spot};
use crate::palette::{Rgb, BOARD, EDGE_BLACK, EDGE_WHITE, TEXT};
use crate::sprites::{Kind, Sprites};
use crate::RenderError;
use akron_rules::{Color, Point, Position};

/// Wood around the outermost holes, in hole spacings.
const MARGIN: f32 = 0.5;
/// Thickness of the board's front face.
const THICKNESS: f32 = 0.35;
/// Radius of an empty hole's dip.
const HOLE_RADIUS: f32 = 0.36;
/// Distance of the coordinate labels from the board.
const LABEL_GAP: f32 = 0.42;

/// The camera and the label size for one board size and area.
pub(crate) struct Layout {
    pub camera: Camera,
    pub label_size: f32,
    /// Whether the row numbers are written on the right as well as on the left.
    pub right_numbers: bool,
}

/// The screen bounds (left, right, top, bottom) of the board, its labels and the tallest
/// possible pyramid, seen by the unit camera.
fn bounds(size: u8, right_numbers: bool) -> (f32, f32, f32, f32) {
    let n = f32::from(size);
    let camera = Camera::new(size);
    let low = -0.5 - MARGIN;
    let high = n - 0.5 + MARGIN;
    let apex = centre(Point::new(0, 0, size - 1));
    let mut bounds = (f32::MAX, f32::MIN, f32::MAX, f32::MIN);
    let mut include = |v: Vec3| {
        let p = camera.project(v);
        bounds = (
            bounds.0.min(p.x),
            bounds.1.max(p.x),
            bounds.2.min(p.y),
            bounds.3.max(p.y),
        );
    };
    let label = LABEL_GAP + 0.45;
    for (x, z) in [(low, low), (low, high), (high, low), (high, high)] {
        include(Vec3::new(x, 0.0, z));
        include(Vec3::new(x, -THICKNESS, z));
    }
    include(Vec3::new(low - label, 0.0, low));
    if right_numbers {
        include(Vec3::new(high + label, 0.0, low));
    }
    include(Vec3::new(low, -THICKNESS, low - label));
    include(Vec3::new(low - label, 0.0, high));
    include(Vec3::new(apex.x, apex.y + RADIUS * 1.3, apex.z));
    bounds
}

/// Width over height of the view of an `size` board.
pub(crate) fn aspect(size: u8, right_numbers: bool) -> f32 {
    let b = bounds(size, right_numbers);
    (b.1 - b.0) / (b.3 - b.2)
}

/// Fits the whole board, its labels and the tallest possible pyramid into `area`, centred.
pub(crate) fn fit(size: u8, area: Area, right_numbers: bool) -> Layout {
    let n = f32::from(size);
    let b = bounds(size, right_numbers);
    let scale = (area.w / (b.1 - b.0)).min(area.h / (b.3 - b.2));
    let left = area.x + (area.w - (b.1 - b.0) * scale) / 2.0;
    let top = area.y + (area.h - (b.3 - b.2) * scale) / 2.0;
    let camera = Camera::new(size).fitted(scale, left - b.0 * scale, top - b.2 * scale);
    let front = camera.project(Vec3::new(n / 2.0, 0.0, -0.5 - MARGIN));
    let label_size = (front.scale * 0.42).max(12.0);
    Layout {
        camera,
        label_size,
        right_numbers,
    }
}

impl Frame for Layout {
    fn spot(&self, p: Point) -> Spot {
        let projected = self.camera.project(centre(p));
        Spot {
            x: projected.x,
            y: projected.y,
            radius: RADIUS * projected.scale,
        }
    }
}

/// Draws what every image of this layout shares: the board, its dips and its labels.
pub(crate) fn draw_board(
    canvas: &mut Canvas,
    layout: &Layout,
    size: u8,
    sprites: &mut Sprites,
) -> Result<(), RenderError> {
    let n = f32::from(size);
    let camera = &layout.camera;
    let low = -0.5 - MARGIN;
    let high = n - 0.5 + MARGIN;
    let flat = |x: f32, z: f32| {
        let p = camera.project(Vec3::new(x, 0.0, z));
        (p.x, p.y)
    };
    let below = |x: f32, z: f32| {
        let p = camera.project(Vec3::new(x, -THICKNESS, z));
        (p.x, p.y)
    };
    // A soft shadow under the board, then the front face and the top.
    let shadow_offset = layout.label_size * 0.25;
    let shadow: Vec<(f32, f32)> = [
        below(low, low),
        below(high, low),
        flat(high, high),
        flat(low, high),
    ]
    .iter()
    .map(|&(x, y)| (x + shadow_offset, y + shadow_offset))
    .collect();
    canvas.fill_polygon(&shadow, Rgb(0, 0, 0), 0.35);
    canvas.fill_polygon(
        &[
            flat(low, low),
            flat(high, low),
            below(high, low),
            below(low, low),
        ],
        BOARD.scaled(0.62),
        1.0,
    );
    canvas.fill_polygon(
        &[
            flat(low, low),
            flat(high, low),
            flat(high, high),
            flat(low, high),
        ],
        BOARD,
        1.0,
    );
    // A lighter bevel along the front edge.
    let bevel = 0.06;
    canvas.fill_polygon(
        &[
            flat(low, low),
            flat(high, low),
            flat(high - bevel, low + bevel),
            flat(low + bevel, low + bevel),
        ],
        BOARD.scaled(1.12),
        1.0,
    );
    // Each player's two edges, mitred so that the corners belong to both.
    let bands = crate::geometry::edge_bands(n);
    for (color, corners) in bands {
        let points: Vec<(f32, f32)> = corners.iter().map(|&(x, z)| flat(x, z)).collect();
        let fill = match color {
            Color::Black => EDGE_BLACK,
            Color::White => EDGE_WHITE,
        };
        canvas.fill_polygon(&points, fill, 1.0);
    }
    // The dips.
    let flattening = (camera.flattening() * 64.0).round() as u8;
    for y in (0..size).rev() {
        for x in 0..size {
            let p = camera.project(Vec3::new(f32::from(x), 0.0, f32::from(y)));
            let sprite = sprites.get(Kind::Hole(flattening), HOLE_RADIUS * p.scale);
            canvas.blit(&sprite, p.x, p.y);
        }
    }
    // Coordinates: letters in front, row numbers at both sides.
    let text_size = layout.label_size;
    let letters_z = low - LABEL_GAP * 0.8;
    for x in 0..size {
        let p = camera.project(Vec3::new(f32::from(x), -THICKNESS, letters_z));
        let letter = char::from(b'A' + x).to_string();
        canvas.text(&letter, (p.x, p.y), text_size, TEXT, Align::Centre)?;
    }
    for y in 0..size {
        let number = (y + 1).to_string();
        let z = f32::from(y);
        let left = camera.project(Vec3::new(low - LABEL_GAP, 0.0, z));
        let right = camera.project(Vec3::new(high + LABEL_GAP, 0.0, z));
        canvas.text(&number, (left.x, left.y), text_size, TEXT, Align::Right)?;
        if layout.right_numbers {
            canvas.text(&number, (right.x, right.y), text_size, TEXT, Align::Left)?;
        }
    }
    Ok(())
}

/// Draws the marbles, far to near and low to high; their levels are written afterwards, over
/// the overlays.
pub(crate) fn draw_marbles(
    canvas: &mut Canvas,
    layout: &Layout,
    position: &Position,
    sprites: &mut Sprites,
) {
    let mut pieces: Vec<(Point, Color)> = position.pieces().collect();
    painter_order(&layout.camera, &mut pieces);
    for (point, color) in pieces {
        let spot = layout.spot(point);
        let sprite = sprites.get(Kind::Marble(color), spot.radius);
        canvas.blit(&sprite, spot.x, spot.y);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The share of `spots[i]`'s disc that no later (nearer) disc covers, by sampling.
    pub(crate) fn visible_share(spots: &[Spot], i: usize) -> f32 {
        let s = spots[i];
        let (mut inside, mut seen) = (0, 0);
        for a in -10..=10 {
            for b in -10..=10 {
                let (x, y) = (
                    s.x + s.radius * a as f32 / 10.0,
                    s.y + s.radius * b as f32 / 10.0,
                );
                if (x - s.x).powi(2) + (y - s.y).powi(2) > s.radius * s.radius {
                    continue;
                }
                inside += 1;
                let covered = spots[i + 1..]
                    .iter()
                    .any(|t| (x - t.x).powi(2) + (y - t.y).powi(2) < t.radius * t.radius);
                if !covered {
                    seen += 1;
                }
            }
        }
        seen as f32 / inside as f32
    }

    #[test]
    fn marbles_behind_a_tall_pyramid_stay_visible() -> Result<(), Box<dyn std::error::Error>> {
        // A seven-level pyramid in front, filling rows 1 to 7, and a full row of marbles behind
        // it on row 8 and down the right-hand column.
        let mut setup = akron_rules::Setup::empty(8);
        for k in 0..7u8 {
            for y in 0..7 - k {
                for x in 0..7 - k {
                    setup.pieces.push((Point::new(x, y, k), Color::White));
                }
            }
        }
        for i in 0..8 {
            setup.pieces.push((Point::new(i, 7, 0), Color::Black));
            if i < 7 {
                setup.pieces.push((Point::new(7, i, 0), Color::Black));
            }
        }
        let position = Position::from_setup(&setup)?;
        let layout = fit(8, Area::new(0.0, 100.0, 1100.0, 800.0), true);
        let mut pieces: Vec<(Point, Color)> = position.pieces().collect();
        painter_order(&layout.camera, &mut pieces);
        let spots: Vec<Spot> = pieces.iter().map(|&(p, _)| layout.spot(p)).collect();
        for (i, &(point, _)) in pieces.iter().enumerate() {
            let covered_from_above = point.above(8).any(|q| position.piece(q).is_some());
            if covered_from_above {
                continue;
            }
            let share = visible_share(&spots, i);
            assert!(share > 0.15, "{point} shows only {share:.2}");
        }
        Ok(())
    }

    #[test]
    fn levels_rise_visibly() {
        let layout = fit(8, Area::new(0.0, 100.0, 1100.0, 2000.0), true);
        let low = layout.camera.project(Vec3::new(3.0, 0.0, 3.0));
        let high = layout
            .camera
            .project(Vec3::new(3.0, crate::geometry::level_step(), 3.0));
        assert!(low.y - high.y > 25.0, "{}", low.y - high.y);
    }
}
