//! The perspective view: a photo of the board from in front of row 1 and above.

use crate::canvas::{Align, Canvas};
use crate::geometry::{centre, painter_order, Camera, Vec3, RADIUS};
use crate::inset;
use crate::overlay::{Frame, Spot};
use crate::palette::{Rgb, BOARD, EDGE_BLACK, EDGE_WHITE, INK, TEXT};
use crate::sprites::{Kind, Sprites};
use crate::RenderError;
use akron_rules::{Color, Point, Position};

/// Wood around the outermost holes, in hole spacings.
const MARGIN: f32 = 0.5;
/// Thickness of the board's front face.
const THICKNESS: f32 = 0.35;
/// Radius of an empty hole's dip.
const HOLE_RADIUS: f32 = 0.36;
/// Distance of the edge bands from the outermost hole centres, and their width.
/// Distance of the coordinate labels from the board.
const LABEL_GAP: f32 = 0.42;

/// Sizes and the camera for one board size and image width.
pub(crate) struct Layout {
    pub width: u32,
    pub height: u32,
    pub caption_height: f32,
    pub camera: Camera,
    pub label_size: f32,
    /// The per-level maps under the board, when there are any.
    pub inset: Option<inset::Layout>,
}

/// The caption's height for an image `width` pixels wide: two lines of text.
pub(crate) fn caption_height(width: f32) -> f32 {
    (width * 0.1).clamp(58.0, 150.0).round()
}

/// Fits the whole board, its labels and the tallest possible pyramid into `width` pixels,
/// with `levels` per-level maps below (none when 0).
pub(crate) fn layout(size: u8, width: u32, levels: u8) -> Layout {
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
    include(Vec3::new(high + label, 0.0, low));
    include(Vec3::new(low, -THICKNESS, low - label));
    include(Vec3::new(low - label, 0.0, high));
    include(Vec3::new(apex.x, apex.y + RADIUS * 1.3, apex.z));
    let w = width as f32;
    let pad = (w * 0.015).round();
    let caption_height = caption_height(w);
    let scale = (w - 2.0 * pad) / (bounds.1 - bounds.0);
    let body = (bounds.3 - bounds.2) * scale;
    let inset = (levels >= 2)
        .then(|| inset::Layout::new(size, levels, w, pad, caption_height + body + 2.0 * pad));
    let inset_height = inset.as_ref().map_or(0.0, |i| i.height);
    let mut height = (caption_height + body + 2.0 * pad + inset_height).ceil() as u32;
    if height == width {
        height += 2;
    }
    let camera = camera.fitted(
        scale,
        pad - bounds.0 * scale,
        caption_height + pad - bounds.2 * scale,
    );
    let front = camera.project(Vec3::new(n / 2.0, 0.0, low));
    let label_size = (front.scale * 0.4).min(w * 0.032).max(12.0);
    Layout {
        width,
        height,
        caption_height,
        camera,
        label_size,
        inset,
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
        canvas.text(&number, (right.x, right.y), text_size, TEXT, Align::Left)?;
    }
    if let Some(inset) = &layout.inset {
        inset.draw_board(canvas, sprites)?;
    }
    Ok(())
}

/// Draws the marbles, far to near and low to high.
pub(crate) fn draw_marbles(
    canvas: &mut Canvas,
    layout: &Layout,
    position: &Position,
    sprites: &mut Sprites,
    level_numbers: bool,
) -> Result<(), RenderError> {
    let mut pieces: Vec<(Point, Color)> = position.pieces().collect();
    painter_order(&layout.camera, &mut pieces);
    let spots: Vec<Spot> = pieces.iter().map(|&(p, _)| layout.spot(p)).collect();
    for (i, &(point, color)) in pieces.iter().enumerate() {
        let spot = spots[i];
        let sprite = sprites.get(Kind::Marble(color), spot.radius);
        canvas.blit(&sprite, spot.x, spot.y);
        if level_numbers && point.level() > 0 && !centre_hidden(spot, &spots[i + 1..]) {
            let ink = match color {
                Color::Black => TEXT,
                Color::White => INK,
            };
            canvas.text(
                &point.level().to_string(),
                (spot.x + spot.radius * 0.12, spot.y + spot.radius * 0.18),
                (spot.radius * 0.8).max(10.0),
                ink,
                Align::Centre,
            )?;
        }
    }
    Ok(())
}

/// Whether a marble drawn later covers the middle of `spot`, where its level number would go.
fn centre_hidden(spot: Spot, later: &[Spot]) -> bool {
    later.iter().any(|s| {
        let (dx, dy) = (s.x - spot.x, s.y - spot.y);
        let reach = s.radius + spot.radius * 0.3;
        dx * dx + dy * dy < reach * reach
    })
}

/// The height on screen of one level step at the board's centre, for tests.
#[cfg(test)]
pub(crate) fn step_pixels(layout: &Layout) -> f32 {
    let low = layout.camera.project(Vec3::new(3.0, 0.0, 3.0));
    let high = layout
        .camera
        .project(Vec3::new(3.0, crate::geometry::level_step(), 3.0));
    low.y - high.y
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_are_bounded_and_not_square() {
        for size in 3..=16 {
            for width in [400, 1100, 2000] {
                let layout = layout(size, width, 0);
                assert!(layout.height != layout.width, "{size} {width}");
                assert!(
                    layout.height <= width * 3 / 2,
                    "{size} {width}: {}",
                    layout.height
                );
                assert!(
                    layout.height >= width / 2,
                    "{size} {width}: {}",
                    layout.height
                );
                // Every point of the pyramid lies inside the image.
                for p in [
                    Point::new(0, 0, 0),
                    Point::new(size - 1, size - 1, 0),
                    Point::new(0, 0, size - 1),
                ] {
                    let s = layout.spot(p);
                    assert!(
                        s.x - s.radius >= 0.0 && s.x + s.radius <= width as f32,
                        "{p}"
                    );
                    assert!(
                        s.y - s.radius >= layout.caption_height
                            && s.y + s.radius <= layout.height as f32,
                        "{p}"
                    );
                }
            }
        }
    }

    /// The share of `spots[i]`'s disc that no later (nearer) disc covers, by sampling.
    fn visible_share(spots: &[Spot], i: usize) -> f32 {
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
        let layout = layout(8, 1100, 0);
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

    /// Seeded random moves that climb when they can, until `pieces` marbles are down.
    fn dense_position(size: u8, pieces: usize, seed: u64) -> Position {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let mut position = Position::start(size, 200).unwrap_or_default();
        for _ in 0..2000 {
            let moves = position.legal_moves();
            if moves.is_empty() || position.pieces().count() >= pieces {
                break;
            }
            let climbs: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| m.to().is_some_and(|p| p.level() > 0))
                .collect();
            let places: Vec<_> = moves.iter().copied().filter(|m| m.is_place()).collect();
            let pick = if !climbs.is_empty() && rng.random_bool(0.6) {
                climbs[rng.random_range(0..climbs.len())]
            } else if !places.is_empty() {
                places[rng.random_range(0..places.len())]
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            let _ = position.play(pick);
        }
        position
    }

    /// Every occupied point of random dense positions is seen: its marble in the main view is
    /// at least half uncovered, or the per-level maps show it as a disc of a legible size
    /// inside the image, apart from its neighbours.
    #[test]
    fn every_marble_of_dense_positions_is_visible_somewhere() {
        const MIN_SHARE: f32 = 0.5;
        for (size, pieces) in [(5, 30), (8, 60), (8, 90), (16, 300)] {
            for seed in 0..4 {
                let position = dense_position(size, pieces, seed);
                let levels = crate::Inset::Auto.levels(&position);
                for width in [400, 480, 1100] {
                    let layout = layout(size, width, levels);
                    let mut pieces: Vec<(Point, Color)> = position.pieces().collect();
                    painter_order(&layout.camera, &mut pieces);
                    let spots: Vec<Spot> = pieces.iter().map(|&(p, _)| layout.spot(p)).collect();
                    for (i, &(point, _)) in pieces.iter().enumerate() {
                        let in_inset = layout
                            .inset
                            .as_ref()
                            .and_then(|inset| Some((inset.spot(point)?, inset.cell)))
                            .is_some_and(|(s, cell)| {
                                s.radius >= 3.5
                                    && s.radius * 2.0 <= cell
                                    && s.x - s.radius >= 0.0
                                    && s.x + s.radius <= width as f32
                                    && s.y + s.radius <= layout.height as f32
                            });
                        if in_inset {
                            continue;
                        }
                        let share = visible_share(&spots, i);
                        assert!(
                            share >= MIN_SHARE,
                            "{size}x{size} seed {seed} at {width} px: {point} shows {share:.2}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn labels_stay_legible_at_phone_width() {
        for size in 3..=16 {
            for levels in [0, 2, size] {
                let layout = layout(size, crate::MIN_WIDTH, levels);
                assert!(layout.label_size >= 12.0, "{size}: {}", layout.label_size);
                if let Some(inset) = &layout.inset {
                    assert!(inset.title_size >= 12.0, "{size} {levels}");
                    assert!(inset.cell >= 9.0, "{size} {levels}: {}", inset.cell);
                }
                assert!(layout.caption_height * 0.24 >= crate::caption::MIN_TEXT - 1.0);
            }
        }
    }

    #[test]
    fn levels_rise_visibly() {
        let layout = layout(8, 1100, 0);
        assert!(step_pixels(&layout) > 25.0, "{}", step_pixels(&layout));
    }
}
