//! The image being drawn: an opaque pixmap, sprite blits, shapes and text.

use crate::palette::{self, Rgb, UNKNOWN};
use crate::sprites::Sprite;
use crate::RenderError;
use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use tiny_skia::{
    FillRule, LineCap, Paint, PathBuilder, Pixmap, Rect, Stroke, StrokeDash, Transform,
};

/// DejaVu Sans Bold, cut down to ASCII and a few signs; see `assets/LICENSE-DejaVu.txt`.
static FONT_BYTES: &[u8] = include_bytes!("../assets/DejaVuSans-Bold-subset.ttf");

fn font() -> Result<&'static FontRef<'static>, RenderError> {
    static FONT: OnceLock<Option<FontRef<'static>>> = OnceLock::new();
    FONT.get_or_init(|| FontRef::try_from_slice(FONT_BYTES).ok())
        .as_ref()
        .ok_or(RenderError::Font)
}

/// One rasterised glyph: its coverage and where it sits relative to the pen on the baseline.
struct GlyphImage {
    left: i32,
    top: i32,
    width: usize,
    coverage: Vec<u8>,
    advance: f32,
}

/// The glyph for `c` at `size` pixels, rasterised once and cached (per quarter pixel of size).
fn glyph(c: char, size: f32) -> Result<Arc<GlyphImage>, RenderError> {
    type Cache = Mutex<HashMap<(char, u32), Arc<GlyphImage>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let steps = (size.clamp(1.0, 1000.0) * 4.0).round() as u32;
    let key = (c, steps);
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(image) = cache
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&key)
    {
        return Ok(Arc::clone(image));
    }
    let size = steps as f32 / 4.0;
    let scaled = font()?.as_scaled(PxScale::from(size));
    let id = scaled.glyph_id(c);
    let mut image = GlyphImage {
        left: 0,
        top: 0,
        width: 0,
        coverage: Vec::new(),
        advance: scaled.h_advance(id),
    };
    if let Some(outline) = scaled.outline_glyph(id.with_scale(size)) {
        let bounds = outline.px_bounds();
        let (width, height) = (bounds.width() as usize, bounds.height() as usize);
        let (left, top) = (bounds.min.x as i32, bounds.min.y as i32);
        let mut coverage = vec![0u8; width * height];
        outline.draw(|x, y, c| {
            if let Some(cell) = coverage.get_mut(y as usize * width + x as usize) {
                {
                    *cell = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
                }
            }
        });
        image = GlyphImage {
            left,
            top,
            width,
            coverage,
            ..image
        };
    }
    let image = Arc::new(image);
    let mut entries = cache.lock().unwrap_or_else(PoisonError::into_inner);
    if entries.len() >= 4096 {
        entries.clear();
    }
    entries.insert(key, Arc::clone(&image));
    Ok(image)
}

/// Horizontal placement of text relative to its anchor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Align {
    Left,
    Centre,
    Right,
}

/// An opaque RGBA canvas, with the palette index of every pixel that is known already.
///
/// Pixels copied from a cached background or from the opaque middle of a sprite keep the index
/// computed when that background or sprite was made; everything else is marked
/// [`UNKNOWN`] and looked up once at the end. This is what keeps quantisation cheap.
pub(crate) struct Canvas {
    pub pixmap: Pixmap,
    indices: Vec<u8>,
}

fn paint(color: Rgb, alpha: f32) -> Paint<'static> {
    let mut paint = Paint::default();
    let a = (alpha.clamp(0.0, 1.0) * 255.0).round() as u8;
    paint.set_color_rgba8(color.0, color.1, color.2, a);
    paint.anti_alias = true;
    paint
}

impl Canvas {
    /// A canvas filled with `background`.
    pub(crate) fn new(width: u32, height: u32, background: Rgb) -> Result<Canvas, RenderError> {
        let mut pixmap = Pixmap::new(width, height).ok_or(RenderError::Size)?;
        pixmap.fill(tiny_skia::Color::from_rgba8(
            background.0,
            background.1,
            background.2,
            255,
        ));
        let index = palette::index_of(background);
        let indices = vec![index; pixmap.data().len() / 4];
        Ok(Canvas { pixmap, indices })
    }

    /// A canvas holding opaque RGBA pixels and their palette indices.
    pub(crate) fn from_parts(
        width: u32,
        height: u32,
        rgba: Vec<u8>,
        indices: Vec<u8>,
    ) -> Result<Canvas, RenderError> {
        let size = tiny_skia::IntSize::from_wh(width, height).ok_or(RenderError::Size)?;
        if indices.len() * 4 != rgba.len() {
            return Err(RenderError::Size);
        }
        let pixmap = Pixmap::from_vec(rgba, size).ok_or(RenderError::Size)?;
        Ok(Canvas { pixmap, indices })
    }

    /// The RGBA pixels and their palette indices, every one of them known.
    pub(crate) fn finish(self) -> (u32, u32, Vec<u8>, Vec<u8>) {
        let (width, height) = (self.pixmap.width(), self.pixmap.height());
        let mut indices = self.indices;
        palette::fill_unknown(self.pixmap.data(), &mut indices);
        (width, height, self.pixmap.take(), indices)
    }

    /// Marks the pixels under `rect`, grown by `pad`, as needing a palette lookup.
    fn touch(&mut self, rect: Rect, pad: f32) {
        let width = self.pixmap.width();
        let height = self.pixmap.height();
        let clamp = |v: f32, max: u32| (v.max(0.0) as u32).min(max) as usize;
        let (x0, x1) = (
            clamp(rect.left() - pad - 1.0, width),
            clamp(rect.right() + pad + 2.0, width),
        );
        let (y0, y1) = (
            clamp(rect.top() - pad - 1.0, height),
            clamp(rect.bottom() + pad + 2.0, height),
        );
        let w = width as usize;
        for y in y0..y1 {
            self.indices[y * w + x0..y * w + x1].fill(UNKNOWN);
        }
    }

    /// Composites `sprite` with its anchor at `(x, y)`.
    pub(crate) fn blit(&mut self, sprite: &Sprite, x: f32, y: f32) {
        let (x, y) = (x.round() as i32, y.round() as i32);
        let width = i32::try_from(self.pixmap.width()).unwrap_or(0);
        let height = i32::try_from(self.pixmap.height()).unwrap_or(0);
        let sprite_width = i32::try_from(sprite.width).unwrap_or(0);
        let sprite_height = i32::try_from(sprite.height).unwrap_or(0);
        let left = x - sprite.anchor_x;
        let top = y - sprite.anchor_y;
        let col0 = (-left).max(0);
        let col1 = (width - left).min(sprite_width);
        if col0 >= col1 {
            return;
        }
        let data = self.pixmap.data_mut();
        let canvas_width = usize::try_from(width).unwrap_or(0);
        let (Ok(col0), Ok(col1)) = (usize::try_from(col0), usize::try_from(col1)) else {
            return;
        };
        for row in (-top).max(0)..(height - top).min(sprite_height) {
            let (Ok(row), Ok(dst_row)) = (usize::try_from(row), usize::try_from(top + row)) else {
                continue;
            };
            let Some(runs) = sprite.runs.get(row) else {
                continue;
            };
            for run in runs {
                let (start, end) = (run.start.max(col0), run.end.min(col1));
                if start >= end {
                    continue;
                }
                let src_start = row * sprite.width + start;
                let len = end - start;
                // Columns of the canvas: left + start is non-negative because start >= col0.
                let Ok(dst_col) =
                    usize::try_from(i64::from(left) + i64::try_from(start).unwrap_or(0))
                else {
                    continue;
                };
                let dst_start = dst_row * canvas_width + dst_col;
                let (Some(src), Some(src_indices), Some(dst_indices)) = (
                    sprite.data.get(src_start..src_start + len),
                    sprite.indices.get(src_start..src_start + len),
                    self.indices.get_mut(dst_start..dst_start + len),
                ) else {
                    continue;
                };
                let Some(dst) = data.get_mut(4 * dst_start..4 * (dst_start + len)) else {
                    continue;
                };
                if run.opaque {
                    dst.copy_from_slice(src.as_flattened());
                    dst_indices.copy_from_slice(src_indices);
                    continue;
                }
                dst_indices.fill(UNKNOWN);
                for (s, d) in src.iter().zip(dst.chunks_exact_mut(4)) {
                    let keep = 255 - u32::from(s[3]);
                    for c in 0..3 {
                        let v = u32::from(s[c]) + (u32::from(d[c]) * keep + 127) / 255;
                        d[c] = u8::try_from(v.min(255)).unwrap_or(255);
                    }
                }
            }
        }
    }

    /// Fills a polygon.
    pub(crate) fn fill_polygon(&mut self, points: &[(f32, f32)], color: Rgb, alpha: f32) {
        let mut builder = PathBuilder::new();
        for (i, &(x, y)) in points.iter().enumerate() {
            if i == 0 {
                builder.move_to(x, y);
            } else {
                builder.line_to(x, y);
            }
        }
        builder.close();
        if let Some(path) = builder.finish() {
            self.touch(path.bounds(), 0.0);
            self.pixmap.fill_path(
                &path,
                &paint(color, alpha),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
    }

    /// Fills an ellipse.
    pub(crate) fn fill_ellipse(
        &mut self,
        x: f32,
        y: f32,
        rx: f32,
        ry: f32,
        color: Rgb,
        alpha: f32,
    ) {
        if let Some(rect) = Rect::from_xywh(x - rx, y - ry, 2.0 * rx, 2.0 * ry) {
            if let Some(path) = PathBuilder::from_oval(rect) {
                self.touch(path.bounds(), 0.0);
                self.pixmap.fill_path(
                    &path,
                    &paint(color, alpha),
                    FillRule::Winding,
                    Transform::identity(),
                    None,
                );
            }
        }
    }

    /// Strokes an ellipse, dashed when `dash` is given (dash and gap lengths).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn stroke_ellipse(
        &mut self,
        x: f32,
        y: f32,
        rx: f32,
        ry: f32,
        width: f32,
        color: Rgb,
        dash: Option<(f32, f32)>,
    ) {
        if let Some(rect) = Rect::from_xywh(x - rx, y - ry, 2.0 * rx, 2.0 * ry) {
            if let Some(path) = PathBuilder::from_oval(rect) {
                self.touch(path.bounds(), width);
                let stroke = Stroke {
                    width,
                    line_cap: LineCap::Round,
                    dash: dash.and_then(|(on, off)| StrokeDash::new(vec![on, off], 0.0)),
                    ..Stroke::default()
                };
                self.pixmap.stroke_path(
                    &path,
                    &paint(color, 1.0),
                    &stroke,
                    Transform::identity(),
                    None,
                );
            }
        }
    }

    /// Strokes a polyline with round ends.
    pub(crate) fn stroke_line(
        &mut self,
        points: &[(f32, f32)],
        width: f32,
        color: Rgb,
        alpha: f32,
    ) {
        self.stroke_dashed_line(points, width, color, alpha, None);
    }

    /// Strokes a polyline with round ends, dashed when `dash` is given (dash and gap lengths).
    pub(crate) fn stroke_dashed_line(
        &mut self,
        points: &[(f32, f32)],
        width: f32,
        color: Rgb,
        alpha: f32,
        dash: Option<(f32, f32)>,
    ) {
        let mut builder = PathBuilder::new();
        for (i, &(x, y)) in points.iter().enumerate() {
            if i == 0 {
                builder.move_to(x, y);
            } else {
                builder.line_to(x, y);
            }
        }
        if let Some(path) = builder.finish() {
            self.touch(path.bounds(), width);
            let stroke = Stroke {
                width,
                line_cap: LineCap::Round,
                line_join: tiny_skia::LineJoin::Round,
                dash: dash.and_then(|(on, off)| StrokeDash::new(vec![on, off], 0.0)),
                ..Stroke::default()
            };
            self.pixmap.stroke_path(
                &path,
                &paint(color, alpha),
                &stroke,
                Transform::identity(),
                None,
            );
        }
    }

    /// Fills a rounded rectangle.
    pub(crate) fn fill_rounded(&mut self, rect: (f32, f32, f32, f32), radius: f32, color: Rgb) {
        let (x, y, w, h) = rect;
        let r = radius.min(w / 2.0).min(h / 2.0);
        let k = 0.552_285 * r;
        let mut b = PathBuilder::new();
        b.move_to(x + r, y);
        b.line_to(x + w - r, y);
        b.cubic_to(x + w - r + k, y, x + w, y + r - k, x + w, y + r);
        b.line_to(x + w, y + h - r);
        b.cubic_to(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h);
        b.line_to(x + r, y + h);
        b.cubic_to(x + r - k, y + h, x, y + h - r + k, x, y + h - r);
        b.line_to(x, y + r);
        b.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
        b.close();
        if let Some(path) = b.finish() {
            self.touch(path.bounds(), 0.0);
            self.pixmap.fill_path(
                &path,
                &paint(color, 1.0),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
    }

    /// The advance width of `text` at `size` pixels.
    pub(crate) fn text_width(text: &str, size: f32) -> Result<f32, RenderError> {
        let font = font()?.as_scaled(PxScale::from(size));
        Ok(text.chars().map(|c| font.h_advance(font.glyph_id(c))).sum())
    }

    /// Draws `text` with its baseline's anchor at `(x, y)` centred vertically on the capitals.
    pub(crate) fn text(
        &mut self,
        text: &str,
        (x, y): (f32, f32),
        size: f32,
        color: Rgb,
        align: Align,
    ) -> Result<(), RenderError> {
        let width = Canvas::text_width(text, size)?;
        let mut pen = match align {
            Align::Left => x,
            Align::Centre => x - width / 2.0,
            Align::Right => x - width,
        };
        // Cap height of DejaVu is about 0.73 em.
        let baseline = (y + 0.365 * size).round() as i64;
        let canvas_width = i64::from(self.pixmap.width());
        let canvas_height = i64::from(self.pixmap.height());
        let data = self.pixmap.data_mut();
        for c in text.chars() {
            let glyph = glyph(c, size)?;
            let left = pen.round() as i64 + i64::from(glyph.left);
            let top = baseline + i64::from(glyph.top);
            pen += glyph.advance;
            for (row, line) in glyph.coverage.chunks_exact(glyph.width.max(1)).enumerate() {
                let py = top + i64::try_from(row).unwrap_or(0);
                if py < 0 || py >= canvas_height {
                    continue;
                }
                for (col, &coverage) in line.iter().enumerate() {
                    let px = left + i64::try_from(col).unwrap_or(0);
                    if coverage == 0 || px < 0 || px >= canvas_width {
                        continue;
                    }
                    let Ok(i) = usize::try_from(py * canvas_width + px) else {
                        continue;
                    };
                    self.indices[i] = UNKNOWN;
                    let a = u32::from(coverage);
                    let d = &mut data[4 * i..4 * i + 3];
                    for (channel, value) in d.iter_mut().zip([color.0, color.1, color.2]) {
                        let mixed =
                            (u32::from(*channel) * (255 - a) + u32::from(value) * a + 127) / 255;
                        *channel = u8::try_from(mixed).unwrap_or(255);
                    }
                }
            }
        }
        Ok(())
    }

    /// Draws `text` centred on `(x, y)` in a rounded pill of `fill`.
    pub(crate) fn label(
        &mut self,
        text: &str,
        (x, y): (f32, f32),
        size: f32,
        fill: Rgb,
        ink: Rgb,
        border: Option<Rgb>,
    ) -> Result<(), RenderError> {
        let width = Canvas::text_width(text, size)? + size * 0.6;
        let height = size * 1.25;
        if let Some(border) = border {
            let b = (size * 0.1).max(1.5);
            self.fill_rounded(
                (
                    x - width / 2.0 - b,
                    y - height / 2.0 - b,
                    width + 2.0 * b,
                    height + 2.0 * b,
                ),
                height / 2.0 + b,
                border,
            );
        }
        self.fill_rounded(
            (x - width / 2.0, y - height / 2.0, width, height),
            height / 2.0,
            fill,
        );
        self.text(text, (x, y), size, ink, Align::Centre)
    }

    /// The RGBA bytes.
    #[cfg(test)]
    pub(crate) fn data(&self) -> &[u8] {
        self.pixmap.data()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_font_loads_and_measures() -> Result<(), RenderError> {
        let narrow = Canvas::text_width("1", 20.0)?;
        let wide = Canvas::text_width("D3''", 20.0)?;
        assert!(narrow > 5.0 && wide > 2.0 * narrow);
        Ok(())
    }

    #[test]
    fn blits_clip_at_every_edge() -> Result<(), RenderError> {
        let mut canvas = Canvas::new(20, 10, Rgb(0, 0, 0))?;
        let sprite = Sprite {
            width: 5,
            height: 5,
            anchor_x: 2,
            anchor_y: 2,
            data: vec![[255, 255, 255, 255]; 25],
            indices: vec![UNKNOWN; 25],
            runs: vec![
                vec![crate::sprites::Run {
                    start: 0,
                    end: 5,
                    opaque: true
                }];
                5
            ],
        };
        for (x, y) in [
            (-10.0, -10.0),
            (0.0, 0.0),
            (19.0, 9.0),
            (25.0, 3.0),
            (10.0, 5.0),
        ] {
            canvas.blit(&sprite, x, y);
        }
        let data = canvas.data();
        assert_eq!(data[0], 255, "top-left corner painted");
        assert_eq!(data[(9 * 20 + 19) * 4], 255, "bottom-right corner painted");
        assert_eq!(data[(5 * 20 + 5) * 4], 0, "untouched pixel");
        Ok(())
    }
}
