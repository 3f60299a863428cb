//! Per-level plan maps: one small square grid per level, side by side under the perspective
//! view, as printed Akron diagrams show them. Every marble is a flat disc of its colour, so a
//! marble hidden under a stack in the perspective view is still seen here.

use crate::canvas::{Align, Canvas};
use crate::geometry::Area;
use crate::labels::fill;
use crate::overlay::Spot;
use crate::palette::{BOARD, MAGENTA, TEXT};
use crate::sprites::{Kind, Sprites};
use crate::text;
use crate::RenderError;
use akron_rules::{Point, Position};

/// Space between two maps, in cells.
const GAP: f32 = 0.6;
/// Wood around each map's holes, in cells.
const BORDER: f32 = 0.25;
/// Room for the row numbers left of a map and the column letters under it, in cells.
const COORDINATES: f32 = 0.85;
/// The largest cell, in pixels per pixel of image width.
const MAX_CELL_SHARE: f32 = 1.0 / 30.0;
/// The phone layout's largest cell, in pixels per pixel of image width.
const PHONE_CELL_SHARE: f32 = 1.0 / 20.0;
/// The smallest legible cell, in pixels.
pub(crate) const MIN_CELL: f32 = 9.0;

/// One level's map.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Panel {
    /// Its level.
    pub level: u8,
    /// Screen position of its top-left hole's centre.
    pub origin: (f32, f32),
    /// The width its title may take, centred over its wood.
    pub title_room: f32,
}

/// Where the maps go.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Layout {
    /// Board side.
    pub size: u8,
    /// Pixels per hole.
    pub cell: f32,
    /// The maps, level 0 first.
    pub panels: Vec<Panel>,
    /// Height of the level titles.
    pub title_size: f32,
    /// Height of the coordinates, 0 when the cells are too small for them.
    pub coordinate_size: f32,
    /// The rectangle the maps take.
    pub used: Area,
}

/// The side of level `k`'s map of an `size` board, wood included, in cells.
fn side(size: u8, k: u8) -> f32 {
    f32::from(size - k) + 2.0 * BORDER
}

/// One way to put the maps in rows: the levels of each row.
type Arrangement = Vec<Vec<u8>>;

impl Layout {
    /// The title size for maps of `cell` pixels.
    fn title_for(cell: f32, least: f32) -> f32 {
        (cell * 0.8).clamp(least, least.max(40.0))
    }

    /// Width and height of `arrangement` in pixels at `cell`, titles and coordinates included.
    fn extent(size: u8, arrangement: &Arrangement, cell: f32, least: f32) -> (f32, f32) {
        let title = Layout::title_for(cell, least) * 1.35;
        let mut width: f32 = 0.0;
        let mut height = 0.0;
        for row in arrangement {
            let cells: f32 = row
                .iter()
                .map(|&k| side(size, k) + COORDINATES)
                .sum::<f32>()
                + GAP * row.len().saturating_sub(1) as f32;
            width = width.max(cells * cell);
            let first = row.first().copied().unwrap_or(0);
            height += title + (side(size, first) + COORDINATES + GAP * 0.5) * cell;
        }
        (width, height)
    }

    /// Lays out `levels` maps of an `size` board in `area` (or as much of its height as
    /// they need): the arrangement in rows with the largest cells, at most `max_cell`, preferring
    /// fewer rows unless another row buys a fifth larger cells. The maps are centred in `area`.
    /// Titles are at least `least_title` pixels high.
    pub(crate) fn within(
        size: u8,
        levels: u8,
        area: Area,
        max_cell: f32,
        least_title: f32,
    ) -> Layout {
        Layout::within_rows(size, levels, area, max_cell, least_title, 1.2)
    }

    /// [`Layout::within`], taking another row when it makes the cells more than `gain` times
    /// larger.
    fn within_rows(
        size: u8,
        levels: u8,
        area: Area,
        max_cell: f32,
        least_title: f32,
        gain: f32,
    ) -> Layout {
        let least_title = least_title.max(12.0);
        let mut best: Option<(f32, Arrangement)> = None;
        for per_row in (1..=levels.max(1)).rev() {
            let arrangement: Arrangement = (0..levels)
                .collect::<Vec<u8>>()
                .chunks(usize::from(per_row))
                .map(<[u8]>::to_vec)
                .collect();
            // The largest cell that fits, found by halving (the titles do not scale linearly).
            let (mut low, mut high) = (1.0f32, max_cell.max(1.0));
            for _ in 0..24 {
                let mid = (low + high) / 2.0;
                let (w, h) = Layout::extent(size, &arrangement, mid, least_title);
                if w <= area.w && h <= area.h {
                    low = mid;
                } else {
                    high = mid;
                }
            }
            let cell = low;
            match &best {
                Some((b, _)) if cell <= b * gain => {}
                _ => best = Some((cell, arrangement)),
            }
        }
        let (cell, arrangement) = best.unwrap_or((MIN_CELL, Vec::new()));
        let title_size = Layout::title_for(cell, least_title);
        let coordinate_size = if cell >= 14.0 { cell * 0.55 } else { 0.0 };
        let (width, height) = Layout::extent(size, &arrangement, cell, least_title);
        let top = area.y + ((area.h - height) / 2.0).max(0.0);
        let mut panels = Vec::new();
        let mut y = top;
        for row in &arrangement {
            let cells: f32 = row
                .iter()
                .map(|&k| side(size, k) + COORDINATES)
                .sum::<f32>()
                + GAP * row.len().saturating_sub(1) as f32;
            let mut x = area.x + (area.w - cells * cell) / 2.0;
            let title_height = title_size * 1.35;
            for &k in row {
                // Alone on its row, a title may use the row; else its map's share of it.
                let wood = side(size, k) * cell;
                let title_room = if row.len() == 1 {
                    let centre = x + (COORDINATES * cell) + wood / 2.0;
                    2.0 * (centre - area.x).min(area.x + area.w - centre)
                } else {
                    wood + COORDINATES * cell
                };
                panels.push(Panel {
                    level: k,
                    origin: (
                        x + (COORDINATES + BORDER + 0.5) * cell,
                        y + title_height + (BORDER + 0.5) * cell,
                    ),
                    title_room,
                });
                x += (side(size, k) + COORDINATES + GAP) * cell;
            }
            let first = row.first().copied().unwrap_or(0);
            y += title_height + (side(size, first) + COORDINATES + GAP * 0.5) * cell;
        }
        Layout {
            size,
            cell,
            panels,
            title_size,
            coordinate_size,
            used: Area::new(area.x + (area.w - width) / 2.0, top, width, height),
        }
    }

    /// The maps under a portrait image `width` pixels wide, starting at `top`.
    pub(crate) fn portrait(size: u8, levels: u8, width: f32, pad: f32, top: f32) -> Layout {
        let max_cell = (width * MAX_CELL_SHARE)
            .min(width * 0.3 / (f32::from(size) + 0.5))
            .max(MIN_CELL);
        let area = Area::new(pad, top + pad * 0.5, width - 2.0 * pad, width * 0.8);
        let mut layout = Layout::within(size, levels, area, max_cell, 12.0);
        // Below the board: no centring in the height.
        let shift = layout.used.y - area.y;
        for panel in &mut layout.panels {
            panel.origin.1 -= shift;
        }
        layout.used.y -= shift;
        layout
    }

    /// The maps under a phone image `width` pixels wide, starting at `top`: cells of up to a
    /// twentieth of the width (two maps of an 8 × 8 board side by side), with all the height
    /// they need (at most three widths): another row whenever it makes the cells larger.
    pub(crate) fn phone(size: u8, levels: u8, width: f32, pad: f32, top: f32) -> Layout {
        let max_cell = (width * PHONE_CELL_SHARE).max(MIN_CELL);
        let area = Area::new(pad, top + pad * 0.5, width - 2.0 * pad, width * 3.0);
        let mut layout = Layout::within_rows(size, levels, area, max_cell, 12.0, 1.0);
        let shift = layout.used.y - area.y;
        for panel in &mut layout.panels {
            panel.origin.1 -= shift;
        }
        layout.used.y -= shift;
        layout
    }

    /// The largest cell the maps may have in an image `width` pixels wide.
    pub(crate) fn max_cell(width: f32) -> f32 {
        (width * MAX_CELL_SHARE).max(MIN_CELL)
    }

    /// Where `p` appears in its level's map, if that level has one.
    pub(crate) fn spot(&self, p: Point) -> Option<Spot> {
        let panel = self.panels.iter().find(|panel| panel.level == p.level())?;
        let rows = f32::from(self.size - p.level());
        Some(Spot {
            x: panel.origin.0 + f32::from(p.x()) * self.cell,
            y: panel.origin.1 + (rows - 1.0 - f32::from(p.y())) * self.cell,
            radius: self.cell * 0.44,
        })
    }

    /// Draws the maps' wood, holes, titles and coordinates, which every image of this layout
    /// shares. Titles are `level` (a [`crate::Labels`] template) with the level's apostrophes,
    /// shortened when they are wider than their map.
    pub(crate) fn draw_board(
        &self,
        canvas: &mut Canvas,
        sprites: &mut Sprites,
        level: &str,
    ) -> Result<(), RenderError> {
        let hole = sprites.get(Kind::EmptyDot, self.cell * 0.22);
        let dim = TEXT.scaled(0.8);
        for panel in &self.panels {
            let k = panel.level;
            let count = self.size - k;
            let side = (f32::from(count) + 2.0 * BORDER) * self.cell;
            let left = panel.origin.0 - (BORDER + 0.5) * self.cell;
            let top = panel.origin.1 - (BORDER + 0.5) * self.cell;
            canvas.fill_rounded((left, top, side, side), self.cell * 0.3, BOARD);
            for y in 0..count {
                for x in 0..count {
                    if let Some(spot) = self.spot(Point::new(x, y, k)) {
                        canvas.blit(&hole, spot.x, spot.y);
                    }
                }
            }
            let number = fill(level, &[("n", &k.to_string())]);
            let primes = "'".repeat(usize::from(k));
            let room = panel.title_room;
            let candidates = match k {
                0 => vec![number.clone(), "0".to_string()],
                _ => vec![
                    format!("{number} ({primes})"),
                    number.clone(),
                    format!("{k}{primes}"),
                ],
            };
            let mut title = candidates.last().cloned().unwrap_or_default();
            for candidate in candidates {
                if Canvas::text_width(&candidate, self.title_size)? <= room {
                    title = candidate;
                    break;
                }
            }
            let (title, title_size) = text::fit(&title, self.title_size, 10.0, room)?;
            canvas.text(
                &title,
                (left + side / 2.0, top - self.title_size * 0.75),
                title_size,
                TEXT,
                Align::Centre,
            )?;
            if self.coordinate_size > 0.0 {
                let size = self.coordinate_size;
                for x in 0..count {
                    let letter = char::from(b'A' + x).to_string();
                    let cx = panel.origin.0 + f32::from(x) * self.cell;
                    let cy = top + side + COORDINATES * self.cell * 0.5;
                    canvas.text(&letter, (cx, cy), size, dim, Align::Centre)?;
                }
                for y in 0..count {
                    // A level-k point's name counts rows from its footprint's top row.
                    let number = (y + k + 1).to_string();
                    let spot_y = panel.origin.1 + f32::from(count - 1 - y) * self.cell;
                    let right = left - self.cell * 0.12;
                    canvas.text(&number, (right, spot_y), size, dim, Align::Right)?;
                }
            }
        }
        Ok(())
    }

    /// Draws every marble of `position` as a disc in its level's map, and rings `marked`.
    pub(crate) fn draw_marbles(
        &self,
        canvas: &mut Canvas,
        position: &Position,
        sprites: &mut Sprites,
        marked: &[Point],
    ) {
        for (point, color) in position.pieces() {
            if let Some(spot) = self.spot(point) {
                let disc = sprites.get(Kind::Dot(color), spot.radius);
                canvas.blit(&disc, spot.x, spot.y);
            }
        }
        for &point in marked {
            if let Some(spot) = self.spot(point) {
                let width = (self.cell * 0.12).max(2.0);
                let r = spot.radius + width * 0.3;
                canvas.stroke_ellipse(spot.x, spot.y, r, r, width, MAGENTA, None);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each map's box: wood, titles and coordinates.
    fn boxes(layout: &Layout) -> Vec<(f32, f32, f32, f32)> {
        let cell = layout.cell;
        layout
            .panels
            .iter()
            .map(|p| {
                let side = side(layout.size, p.level) * cell;
                let left = p.origin.0 - (BORDER + 0.5 + COORDINATES) * cell;
                let top = p.origin.1 - (BORDER + 0.5) * cell - layout.title_size * 1.35;
                (
                    left,
                    top,
                    side + COORDINATES * cell,
                    side + COORDINATES * cell + layout.title_size * 1.35,
                )
            })
            .collect()
    }

    #[test]
    fn maps_fit_their_area_and_do_not_overlap() {
        for size in 3..=16u8 {
            for levels in 2..=size {
                for (w, h) in [
                    (400.0, 300.0),
                    (150.0, 700.0),
                    (1100.0, 600.0),
                    (300.0, 900.0),
                ] {
                    let area = Area::new(10.0, 100.0, w, h);
                    let layout = Layout::within(size, levels, area, 40.0, 12.0);
                    assert_eq!(layout.panels.len(), usize::from(levels));
                    let boxes = boxes(&layout);
                    for (i, a) in boxes.iter().enumerate() {
                        assert!(
                            a.0 >= area.x - 0.5 && a.0 + a.2 <= area.x + area.w + 0.5,
                            "{size} {levels} {w}x{h}: {a:?}"
                        );
                        assert!(a.1 >= area.y - 0.5, "{size} {levels} {w}x{h}");
                        for b in &boxes[i + 1..] {
                            let apart = a.0 + a.2 <= b.0 + 0.5
                                || b.0 + b.2 <= a.0 + 0.5
                                || a.1 + a.3 <= b.1 + 0.5
                                || b.1 + b.3 <= a.1 + 0.5;
                            assert!(apart, "{size} {levels} {w}x{h}: {a:?} {b:?}");
                        }
                    }
                }
            }
        }
    }
}
