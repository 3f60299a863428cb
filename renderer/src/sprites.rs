//! Pre-rendered marbles, holes and plan discs.
//!
//! As in lila-gif, the expensive shading happens once: each sprite is drawn the first time a
//! size is asked for and kept in a process-wide cache. Per image the renderer only blits.

use crate::palette::{self, Rgb, BOARD, UNKNOWN};
use akron_rules::Color;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// Sprites are cached per quarter pixel of radius.
const STEPS_PER_PIXEL: f32 = 4.0;
/// The cache is emptied when it holds this many sprites, so odd sizes cannot fill memory.
const CACHE_LIMIT: usize = 1024;
/// The largest sprite radius drawn, in pixels; larger requests are clamped.
pub(crate) const MAX_SPRITE_RADIUS: f32 = 400.0;

/// A premultiplied RGBA image with a known centre.
#[derive(Debug)]
pub(crate) struct Sprite {
    pub width: usize,
    pub height: usize,
    /// Where the sprite's anchor (the marble's centre) lies, in sprite pixels.
    pub anchor_x: i32,
    /// See `anchor_x`.
    pub anchor_y: i32,
    /// Premultiplied RGBA, row by row.
    pub data: Vec<[u8; 4]>,
    /// The palette index of each opaque pixel, [`UNKNOWN`] for the others.
    pub indices: Vec<u8>,
    /// For each row, its runs of visible pixels; fully transparent pixels are in none.
    pub runs: Vec<Vec<Run>>,
}

/// Columns `start..end` of a sprite row that are all opaque, or all partly transparent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Run {
    pub start: usize,
    pub end: usize,
    pub opaque: bool,
}

impl Sprite {
    /// Fills in the palette indices of the opaque pixels and the rows' runs.
    fn with_indices(mut self) -> Sprite {
        self.runs = self
            .data
            .chunks(self.width.max(1))
            .map(|row| {
                let mut runs: Vec<Run> = Vec::new();
                for (i, px) in row.iter().enumerate() {
                    if px[3] == 0 {
                        continue;
                    }
                    let opaque = px[3] == 255;
                    match runs.last_mut() {
                        Some(run) if run.end == i && run.opaque == opaque => run.end = i + 1,
                        _ => runs.push(Run {
                            start: i,
                            end: i + 1,
                            opaque,
                        }),
                    }
                }
                runs
            })
            .collect();
        self.indices = self
            .data
            .iter()
            .map(|px| {
                if px[3] == 255 {
                    palette::index_of(Rgb(px[0], px[1], px[2]))
                } else {
                    UNKNOWN
                }
            })
            .collect();
        self
    }
}

/// What a sprite shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    /// A shaded glass marble with its soft shadow.
    Marble(Color),
    /// A round dip in the board, seen at an angle (flattening in 1/64).
    Hole(u8),
    /// A flat marble for the plan view.
    Disc(Color),
    /// A flat hole for the plan view.
    FlatHole,
    /// A flat marble without shading or shadow, for the per-level maps.
    Dot(Color),
    /// A flat empty hole, for the per-level maps.
    EmptyDot,
}

type Key = (Kind, u16);

fn cache() -> &'static Mutex<HashMap<Key, Arc<Sprite>>> {
    static CACHE: OnceLock<Mutex<HashMap<Key, Arc<Sprite>>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// A per-image view of the shared cache, so that each size locks the cache once per image.
#[derive(Default)]
pub(crate) struct Sprites {
    local: HashMap<Key, Arc<Sprite>>,
}

impl Sprites {
    /// The sprite of `kind` with radius `radius` pixels.
    pub(crate) fn get(&mut self, kind: Kind, radius: f32) -> Arc<Sprite> {
        let steps = (radius.clamp(1.0, MAX_SPRITE_RADIUS) * STEPS_PER_PIXEL).round();
        let key = (kind, steps as u16);
        if let Some(sprite) = self.local.get(&key) {
            return Arc::clone(sprite);
        }
        let sprite = {
            let mut shared = cache().lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(sprite) = shared.get(&key) {
                Arc::clone(sprite)
            } else {
                if shared.len() >= CACHE_LIMIT {
                    shared.clear();
                }
                let sprite = Arc::new(draw(kind, steps / STEPS_PER_PIXEL));
                shared.insert(key, Arc::clone(&sprite));
                sprite
            }
        };
        self.local.insert(key, Arc::clone(&sprite));
        sprite
    }
}

fn draw(kind: Kind, radius: f32) -> Sprite {
    let sprite = match kind {
        Kind::Marble(color) => marble(color, radius),
        Kind::Hole(flattening) => hole(radius, f32::from(flattening) / 64.0),
        Kind::Disc(color) => disc(color, radius),
        Kind::FlatHole => flat_hole(radius),
        Kind::Dot(color) => flat_dot(Some(color), radius),
        Kind::EmptyDot => flat_dot(None, radius),
    };
    sprite.with_indices()
}

/// An empty square sprite of half-size `half` pixels around its anchor.
fn blank(half: i32) -> Sprite {
    let side = usize::try_from(2 * half + 1).unwrap_or(1);
    Sprite {
        width: side,
        height: side,
        anchor_x: half,
        anchor_y: half,
        data: vec![[0; 4]; side * side],
        indices: Vec::new(),
        runs: Vec::new(),
    }
}

/// Calls `shade(dx, dy)` for every pixel of `sprite`, with offsets from the anchor, and
/// composites the returned straight-alpha colour over what is there.
fn paint(sprite: &mut Sprite, mut shade: impl FnMut(f32, f32) -> Option<([f32; 3], f32)>) {
    let width = sprite.width;
    for (i, px) in sprite.data.iter_mut().enumerate() {
        let (col, row) = ((i % width) as i32, (i / width) as i32);
        let (dx, dy) = (
            (col - sprite.anchor_x) as f32,
            (row - sprite.anchor_y) as f32,
        );
        let Some((rgb, alpha)) = shade(dx, dy) else {
            continue;
        };
        let alpha = alpha.clamp(0.0, 1.0);
        if alpha <= 0.0 {
            continue;
        }
        let keep = 1.0 - alpha;
        for c in 0..3 {
            let value = rgb[c].clamp(0.0, 1.0) * 255.0 * alpha + f32::from(px[c]) * keep;
            px[c] = to_byte(value);
        }
        px[3] = to_byte(255.0 * alpha + f32::from(px[3]) * keep);
    }
}
fn to_byte(value: f32) -> u8 {
    value.round().clamp(0.0, 255.0) as u8
}

fn smoothstep(edge0: f32, edge1: f32, x: f32) -> f32 {
    let t = ((x - edge0) / (edge1 - edge0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// Coverage of a pixel at distance `d` from the centre of a disc of radius `r`.
fn coverage(d: f32, r: f32) -> f32 {
    (r + 0.5 - d).clamp(0.0, 1.0)
}

fn normalize(v: [f32; 3]) -> [f32; 3] {
    let l = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    [v[0] / l, v[1] / l, v[2] / l]
}

fn dot(a: [f32; 3], b: [f32; 3]) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// Light from the upper left, a little in front; screen axes with y up and z to the viewer.
const LIGHT: [f32; 3] = [-0.45, 0.62, 0.64];

fn marble(color: Color, radius: f32) -> Sprite {
    let half = (radius * 1.45).ceil() as i32 + 2;
    let mut sprite = blank(half);
    // The soft shadow, cast down and to the right.
    let (sx, sy) = (radius * 0.16, radius * 0.30);
    paint(&mut sprite, |dx, dy| {
        let ex = (dx - sx) / (radius * 1.08);
        let ey = (dy - sy) / (radius * 0.98);
        let d = (ex * ex + ey * ey).sqrt();
        let alpha = 0.55 * (1.0 - smoothstep(0.55, 1.12, d));
        Some(([0.0, 0.0, 0.0], alpha))
    });
    let light = normalize(LIGHT);
    let half_vector = normalize([light[0], light[1], light[2] + 1.0]);
    paint(&mut sprite, |dx, dy| {
        let d = (dx * dx + dy * dy).sqrt();
        let alpha = coverage(d, radius);
        if alpha <= 0.0 {
            return None;
        }
        let nx = (dx / radius).clamp(-1.0, 1.0);
        let ny = (-dy / radius).clamp(-1.0, 1.0);
        let nz = (1.0 - nx * nx - ny * ny).max(0.0).sqrt();
        let normal = [nx, ny, nz];
        let diffuse = dot(normal, light).max(0.0);
        let specular = dot(normal, half_vector).max(0.0).powf(60.0);
        let sheen = dot(normal, half_vector).max(0.0).powf(8.0);
        let rim = (1.0 - nz).powi(3);
        // Light bounced from the board onto the lower half.
        let bounce = (-ny).max(0.0) * (1.0 - nz);
        let value = match color {
            Color::Black => {
                0.06 + 0.20 * diffuse + 0.16 * sheen + 0.95 * specular + 0.10 * bounce + 0.22 * rim
            }
            Color::White => {
                0.40 + 0.56 * diffuse + 0.10 * sheen + 0.60 * specular + 0.08 * bounce - 0.32 * rim
            }
        };
        Some(([value, value, value], alpha))
    });
    sprite
}

fn hole(radius: f32, flattening: f32) -> Sprite {
    let half = radius.ceil() as i32 + 2;
    let mut sprite = blank(half);
    let board = BOARD.to_unit();
    let ry = radius * flattening.max(0.2);
    paint(&mut sprite, |dx, dy| {
        let ex = dx / radius;
        let ey = dy / ry;
        let d = (ex * ex + ey * ey).sqrt();
        // Edge in pixels, roughly: scale by the smaller radius.
        let alpha = ((1.0 - d) * ry + 0.5).clamp(0.0, 1.0);
        if alpha <= 0.0 {
            return None;
        }
        // The far wall is in shade, the near wall catches the light.
        let wall = ey.clamp(-1.0, 1.0);
        let depth = (1.0 - d * d).max(0.0).sqrt();
        let rim = smoothstep(0.82, 1.0, d) * smoothstep(0.1, 0.9, wall);
        // In steps of 1/32: the dips look the same and compress better.
        let factor = ((0.50 + 0.22 * wall - 0.10 * depth + 0.40 * rim) * 32.0).round() / 32.0;
        Some((
            [board[0] * factor, board[1] * factor, board[2] * factor],
            alpha,
        ))
    });
    sprite
}

fn disc(color: Color, radius: f32) -> Sprite {
    let half = (radius * 1.2).ceil() as i32 + 2;
    let mut sprite = blank(half);
    let (sx, sy) = (radius * 0.08, radius * 0.12);
    paint(&mut sprite, |dx, dy| {
        let d = ((dx - sx).powi(2) + (dy - sy).powi(2)).sqrt() / radius;
        Some(([0.0; 3], 0.45 * (1.0 - smoothstep(0.85, 1.12, d))))
    });
    let outline = (radius * 0.09).max(1.2);
    paint(&mut sprite, |dx, dy| {
        let d = (dx * dx + dy * dy).sqrt();
        let alpha = coverage(d, radius);
        if alpha <= 0.0 {
            return None;
        }
        let t = d / radius;
        let edge = smoothstep(radius - outline - 0.7, radius - outline + 0.7, d);
        let value = match color {
            Color::Black => 0.16 - 0.06 * t + 0.10 * (-dy / radius).max(0.0),
            Color::White => 0.95 - 0.10 * t,
        };
        let line = match color {
            Color::Black => 0.0,
            Color::White => 0.25,
        };
        let v = value * (1.0 - edge) + line * edge;
        Some(([v, v, v], alpha))
    });
    sprite
}

/// A flat disc: a marble with a thin outline, or a hole in darker wood. Flat colours and hard
/// edges keep the per-level maps cheap to compress.
fn flat_dot(color: Option<Color>, radius: f32) -> Sprite {
    let half = radius.ceil() as i32 + 2;
    let mut sprite = blank(half);
    let outline = (radius * 0.14).max(1.0);
    let hole = BOARD.scaled(0.62).to_unit();
    paint(&mut sprite, |dx, dy| {
        let d = (dx * dx + dy * dy).sqrt();
        if d > radius + 0.25 {
            return None;
        }
        let alpha = 1.0;
        let edge = d > radius - outline;
        let rgb = match (color, edge) {
            (Some(Color::Black), _) => [0.07; 3],
            (Some(Color::White), false) => [0.96; 3],
            (Some(Color::White), true) => [0.3; 3],
            (None, _) => hole,
        };
        Some((rgb, alpha))
    });
    sprite
}

fn flat_hole(radius: f32) -> Sprite {
    let half = radius.ceil() as i32 + 2;
    let mut sprite = blank(half);
    let board = BOARD.to_unit();
    paint(&mut sprite, |dx, dy| {
        let d = (dx * dx + dy * dy).sqrt();
        let alpha = coverage(d, radius);
        if alpha <= 0.0 {
            return None;
        }
        let t = d / radius;
        let factor = 0.55 + 0.25 * smoothstep(0.6, 1.0, t) * (dy / radius).max(0.0) - 0.08 * t;
        Some((
            [board[0] * factor, board[1] * factor, board[2] * factor],
            alpha,
        ))
    });
    sprite
}

impl Rgb {
    fn to_unit(self) -> [f32; 3] {
        [
            f32::from(self.0) / 255.0,
            f32::from(self.1) / 255.0,
            f32::from(self.2) / 255.0,
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sprites_are_cached_and_bounded() {
        let mut sprites = Sprites::default();
        let a = sprites.get(Kind::Marble(Color::Black), 20.0);
        let b = sprites.get(Kind::Marble(Color::Black), 20.01);
        assert!(Arc::ptr_eq(&a, &b));
        let huge = sprites.get(Kind::Marble(Color::White), 1e9);
        assert!(huge.width <= 2 * (MAX_SPRITE_RADIUS * 1.45) as usize + 8);
    }

    #[test]
    fn marbles_are_opaque_in_the_middle_and_clear_outside() {
        let sprite = marble(Color::White, 10.0);
        let at = |x: i32, y: i32| {
            let i = (sprite.anchor_y + y) as usize * sprite.width + (sprite.anchor_x + x) as usize;
            sprite.data[i]
        };
        assert_eq!(at(0, 0)[3], 255);
        assert!(at(-3, -3)[0] > at(3, 3)[0], "lit from the upper left");
        assert_eq!(at(-sprite.anchor_x, -sprite.anchor_y)[3], 0);
    }
}
