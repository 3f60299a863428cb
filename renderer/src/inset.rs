//! Per-level plan maps: one small square grid per level, side by side under the perspective
//! view, as printed Akron diagrams show them. Every marble is a flat disc of its colour, so a
//! marble hidden under a stack in the perspective view is still seen here.

use crate::canvas::{Align, Canvas};
use crate::overlay::Spot;
use crate::palette::{BOARD, MAGENTA, TEXT};
use crate::sprites::{Kind, Sprites};
use crate::RenderError;
use akron_rules::{Point, Position};

/// Space between two maps, in cells.
const GAP: f32 = 0.9;
/// Wood around each map's holes, in cells.
const BORDER: f32 = 0.25;
/// The largest cell, as a share of the image width (but at least [`PHONE_CELL`]).
const MAX_CELL_SHARE: f32 = 1.0 / 44.0;
/// Cells this large stay legible when a phone shows the image 400 to 600 pixels wide.
const PHONE_CELL: f32 = 16.0;
/// The smallest legible cell, in pixels: the maps wrap onto more rows rather than go below it.
const MIN_CELL: f32 = 9.0;

/// One level's map.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Panel {
    /// Its level.
    pub level: u8,
    /// Screen position of its top-left hole's centre.
    pub origin: (f32, f32),
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
    /// Total height of the strip, titles included.
    pub height: f32,
}

impl Layout {
    /// Lays out `levels` maps of an `size` board in `width` pixels, starting at `top`.
    pub(crate) fn new(size: u8, levels: u8, width: f32, pad: f32, top: f32) -> Layout {
        let side = |k: u8| f32::from(size - k) + 2.0 * BORDER;
        let usable = width - 2.0 * pad;
        // Large boards get smaller cells, so that the maps stay shorter than the board.
        let cap = (width * MAX_CELL_SHARE)
            .max(PHONE_CELL)
            .min(width * 0.3 / (f32::from(size) + 0.5))
            .max(MIN_CELL);
        // Every way to wrap the maps onto rows, with its cell size and height.
        let mut candidates: Vec<(f32, f32, Vec<Vec<u8>>)> = Vec::new();
        for rows in 1..=levels.max(1) {
            let per_row = levels.div_ceil(rows).max(1);
            let arrangement: Vec<Vec<u8>> = (0..levels)
                .collect::<Vec<u8>>()
                .chunks(usize::from(per_row))
                .map(<[u8]>::to_vec)
                .collect();
            if candidates.iter().any(|c| c.2 == arrangement) {
                continue;
            }
            let widest = arrangement
                .iter()
                .map(|row| {
                    let gaps = GAP * (row.len().saturating_sub(1)) as f32;
                    row.iter().map(|&k| side(k)).sum::<f32>() + gaps
                })
                .fold(0.0, f32::max);
            let cell = (usable / widest).min(cap);
            let title = (cell * 0.62).clamp(12.0, 22.0) * 1.5;
            let height: f32 = arrangement
                .iter()
                .map(|row| title + side(row.first().copied().unwrap_or(0)) * cell + pad * 0.5)
                .sum();
            candidates.push((cell, height, arrangement));
        }
        // The largest legible cells within a modest height, where another row must buy a
        // fifth larger cells; else the shortest legible arrangement; else the largest cells.
        let tallest = width * 0.6;
        let legible = |c: &&(f32, f32, Vec<Vec<u8>>)| c.0 >= MIN_CELL - 0.01;
        let chosen = candidates
            .iter()
            .filter(legible)
            .filter(|c| c.1 <= tallest)
            .fold(
                None,
                |best: Option<&(f32, f32, Vec<Vec<u8>>)>, c| match best {
                    Some(b) if c.0 <= b.0 * 1.2 => Some(b),
                    _ => Some(c),
                },
            )
            .or_else(|| {
                candidates
                    .iter()
                    .filter(legible)
                    .min_by(|a, b| a.1.total_cmp(&b.1))
            })
            .or_else(|| candidates.iter().max_by(|a, b| a.0.total_cmp(&b.0)));
        let best = chosen.map(|c| (c.0, c.2.clone()));
        let (cell, arrangement) = best.unwrap_or((cap, Vec::new()));
        let title_size = (cell * 0.62).clamp(12.0, 22.0);
        let mut panels = Vec::new();
        let mut y = top + pad * 0.5;
        for row in &arrangement {
            let gaps = GAP * (row.len().saturating_sub(1)) as f32;
            let row_width = (row.iter().map(|&k| side(k)).sum::<f32>() + gaps) * cell;
            let mut x = (width - row_width) / 2.0;
            let title_height = title_size * 1.5;
            for &k in row {
                panels.push(Panel {
                    level: k,
                    origin: (
                        x + (BORDER + 0.5) * cell,
                        y + title_height + (BORDER + 0.5) * cell,
                    ),
                });
                x += (side(k) + GAP) * cell;
            }
            let first = row.first().copied().unwrap_or(0);
            y += title_height + side(first) * cell + pad * 0.5;
        }
        Layout {
            size,
            cell,
            panels,
            title_size,
            height: y - top + pad * 0.5,
        }
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

    /// Draws the maps' wood, holes and titles, which every image of this layout shares.
    pub(crate) fn draw_board(
        &self,
        canvas: &mut Canvas,
        sprites: &mut Sprites,
    ) -> Result<(), RenderError> {
        let hole = sprites.get(Kind::EmptyDot, self.cell * 0.22);
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
            let title = match k {
                0 => "Level 0".to_string(),
                k => format!("Level {k} ({})", "'".repeat(usize::from(k))),
            };
            canvas.text(
                &title,
                (left + side / 2.0, top - self.title_size * 0.8),
                self.title_size,
                TEXT,
                Align::Centre,
            )?;
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

    #[test]
    fn maps_fit_the_width_and_do_not_overlap() {
        for size in 3..=16u8 {
            for levels in 2..=size {
                for width in [400.0, 480.0, 1100.0, 2000.0] {
                    let layout = Layout::new(size, levels, width, 10.0, 100.0);
                    assert_eq!(layout.panels.len(), usize::from(levels));
                    let boxes: Vec<(f32, f32, f32, f32)> = layout
                        .panels
                        .iter()
                        .map(|p| {
                            let side = f32::from(size - p.level) * layout.cell;
                            (
                                p.origin.0 - layout.cell / 2.0,
                                p.origin.1 - layout.cell / 2.0,
                                side,
                                side,
                            )
                        })
                        .collect();
                    for (i, a) in boxes.iter().enumerate() {
                        assert!(a.0 >= 0.0 && a.0 + a.2 <= width, "{size} {levels} {width}");
                        assert!(a.1 >= 100.0 && a.1 + a.3 <= 100.0 + layout.height);
                        for b in &boxes[i + 1..] {
                            let apart = a.0 + a.2 <= b.0
                                || b.0 + b.2 <= a.0
                                || a.1 + a.3 <= b.1
                                || b.1 + b.3 <= a.1;
                            assert!(apart, "{size} {levels} {width}: {a:?} {b:?}");
                        }
                    }
                }
            }
        }
    }
}
