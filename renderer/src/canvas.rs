//! The image being drawn: palette indices, sprite blits, shapes and text.

use crate::palette::{self, Rgb};
use crate::sprites::{Cover, Sprite};
use crate::RenderError;
use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use tiny_skia::{
    FillRule, LineCap, Paint, PathBuilder, Pixmap, Rect, Stroke, StrokeDash, Transform,
};

/// DejaVu Sans Bold, cut down to Latin, Greek, Cyrillic, Hebrew, Arabic and punctuation, with
/// the layout tables that shape Arabic (`assets/make-font-subset.sh` makes it); see
/// `assets/LICENSE-DejaVu.txt`.
static FONT_BYTES: &[u8] = include_bytes!("../assets/DejaVuSans-Bold-subset.ttf");

/// The same font for the shaper.
fn face() -> Result<&'static rustybuzz::Face<'static>, RenderError> {
    static FACE: OnceLock<Option<rustybuzz::Face<'static>>> = OnceLock::new();
    FACE.get_or_init(|| rustybuzz::Face::from_slice(FONT_BYTES, 0))
        .as_ref()
        .ok_or(RenderError::Font)
}

/// One glyph of a line, placed: where its pen position is, from the line's start, and how far
/// above the baseline a mark is raised.
struct Placed {
    id: GlyphId,
    x: f32,
    rise: f32,
}

/// Whether `text` needs the bidirectional algorithm and a shaper: it holds a right-to-left
/// letter (Hebrew, Arabic), an Arabic-Indic digit or a directional isolate. Everything else
/// (Latin, Greek, Cyrillic: what the captions and tables hold) is drawn glyph by glyph, one
/// advance after another, as before, which keeps those pictures byte for byte as they were
/// and the common case cheap.
fn needs_shaping(text: &str) -> bool {
    use unicode_bidi::BidiClass::{AL, AN, FSI, LRI, PDI, R, RLI};
    text.chars().any(|c| {
        matches!(
            unicode_bidi::bidi_class(c),
            R | AL | AN | FSI | LRI | RLI | PDI
        )
    })
}

/// The glyphs of one line of `text` at `size` pixels, left to right as they are seen, and the
/// line's width. Drawing passes the size its glyphs are rasterised at (a quarter pixel's
/// step; see [`glyph`]) so that each glyph's advance is the one of its own image.
///
/// A line with right-to-left text goes through the Unicode bidirectional algorithm
/// (`unicode-bidi`) with a left-to-right paragraph (every language of the bot is written left
/// to right), and each run of one direction through `rustybuzz`, which joins Arabic letters
/// and places marks: drawing the characters one by one would show Arabic unjoined and both
/// scripts backwards. A name isolated with U+2068…U+2069 ([`crate::text::isolated`]) takes
/// its own direction and never reorders the words around it.
fn line(text: &str, size: f32) -> Result<(Vec<Placed>, f32), RenderError> {
    let scaled = font()?.as_scaled(PxScale::from(size));
    let mut placed = Vec::with_capacity(text.len());
    let mut pen = 0.0;
    if !needs_shaping(text) {
        for c in text.chars() {
            let id = scaled.glyph_id(c);
            if id.0 == 0 {
                // Nothing for a character the font lacks: never a box.
                continue;
            }
            placed.push(Placed {
                id,
                x: pen,
                rise: 0.0,
            });
            pen += scaled.h_advance(id);
        }
        return Ok((placed, pen));
    }
    let face = face()?;
    let k = scaled.h_scale_factor();
    let bidi = unicode_bidi::BidiInfo::new(text, Some(unicode_bidi::Level::ltr()));
    for paragraph in &bidi.paragraphs {
        let (levels, runs) = bidi.visual_runs(paragraph, paragraph.range.clone());
        for run in runs {
            let Some(part) = text.get(run.clone()) else {
                continue;
            };
            let rtl = levels.get(run.start).is_some_and(|level| level.is_rtl());
            let mut buffer = rustybuzz::UnicodeBuffer::new();
            buffer.push_str(part);
            buffer.set_direction(if rtl {
                rustybuzz::Direction::RightToLeft
            } else {
                rustybuzz::Direction::LeftToRight
            });
            buffer.guess_segment_properties();
            let shaped = rustybuzz::shape(face, &[], buffer);
            for (info, position) in shaped.glyph_infos().iter().zip(shaped.glyph_positions()) {
                let Ok(id) = u16::try_from(info.glyph_id) else {
                    continue;
                };
                if id == 0 {
                    continue;
                }
                placed.push(Placed {
                    id: GlyphId(id),
                    x: pen + position.x_offset as f32 * k,
                    rise: position.y_offset as f32 * k,
                });
                pen += position.x_advance as f32 * k;
            }
        }
    }
    Ok((placed, pen))
}

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
}

/// The glyph `id` at `size` pixels, rasterised once and cached (per quarter pixel of size).
fn glyph(id: GlyphId, size: f32) -> Result<Arc<GlyphImage>, RenderError> {
    type Cache = Mutex<HashMap<(u16, u32), Arc<GlyphImage>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let steps = (size.clamp(1.0, 1000.0) * 4.0).round() as u32;
    let key = (id.0, steps);
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
    let mut image = GlyphImage {
        left: 0,
        top: 0,
        width: 0,
        coverage: Vec::new(),
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

/// The number of pixels of an image of `size`.
fn pixel_count(size: tiny_skia::IntSize) -> usize {
    size.width() as usize * size.height() as usize
}

/// Horizontal placement of text relative to its anchor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Align {
    Left,
    Centre,
    Right,
}

/// An opaque canvas of palette indices.
///
/// The indices are the image: sprites carry the index of each opaque pixel, so most of a blit
/// is a copy, and a partly transparent pixel is blended over the palette colour under it and
/// looked up at once. Shapes are drawn by tiny-skia on a small RGBA pixmap covering only their
/// bounds, filled from the palette colours under it, and the pixels they changed are looked up
/// afterwards. No full-size RGBA image is ever made, which is what keeps an image cheap.
pub(crate) struct Canvas {
    width: u32,
    height: u32,
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
        let size = tiny_skia::IntSize::from_wh(width, height).ok_or(RenderError::Size)?;
        let indices = vec![palette::index_of(background); pixel_count(size)];
        Ok(Canvas {
            width,
            height,
            indices,
        })
    }

    /// A canvas holding these palette indices, row by row.
    pub(crate) fn from_indices(
        width: u32,
        height: u32,
        indices: Vec<u8>,
    ) -> Result<Canvas, RenderError> {
        let size = tiny_skia::IntSize::from_wh(width, height).ok_or(RenderError::Size)?;
        if indices.len() != pixel_count(size) {
            return Err(RenderError::Size);
        }
        Ok(Canvas {
            width,
            height,
            indices,
        })
    }

    /// Width, height and the palette index of every pixel.
    pub(crate) fn finish(self) -> (u32, u32, Vec<u8>) {
        (self.width, self.height, self.indices)
    }

    /// Lets `draw` paint with tiny-skia on the pixels under `rect`, grown by `pad`: it gets a
    /// pixmap of those pixels' palette colours and the transform from canvas coordinates to
    /// the pixmap's; every pixel it changes is then looked up in the palette.
    fn shape(&mut self, rect: Rect, pad: f32, draw: impl FnOnce(&mut Pixmap, Transform)) {
        let clamp = |v: f32, max: u32| (v.max(0.0) as u32).min(max);
        let (x0, x1) = (
            clamp(rect.left() - pad - 1.0, self.width),
            clamp(rect.right() + pad + 2.0, self.width),
        );
        let (y0, y1) = (
            clamp(rect.top() - pad - 1.0, self.height),
            clamp(rect.bottom() + pad + 2.0, self.height),
        );
        let Some(mut pixmap) = Pixmap::new(x1.saturating_sub(x0), y1.saturating_sub(y0)) else {
            return;
        };
        let colors = palette::rgba_table();
        let (w, canvas_width) = ((x1 - x0) as usize, self.width as usize);
        let rows = (y0 as usize..y1 as usize).map(|y| y * canvas_width + x0 as usize);
        for (start, out) in rows.clone().zip(pixmap.data_mut().chunks_exact_mut(4 * w)) {
            for (&index, px) in self.indices[start..start + w]
                .iter()
                .zip(out.chunks_exact_mut(4))
            {
                px.copy_from_slice(&colors[usize::from(index)]);
            }
        }
        draw(
            &mut pixmap,
            Transform::from_translate(-(x0 as f32), -(y0 as f32)),
        );
        for (start, drawn) in rows.zip(pixmap.data().chunks_exact(4 * w)) {
            for (index, px) in self.indices[start..start + w]
                .iter_mut()
                .zip(drawn.chunks_exact(4))
            {
                if *px != colors[usize::from(*index)] {
                    *index = palette::index_of(Rgb(px[0], px[1], px[2]));
                }
            }
        }
    }

    /// Composites `sprite` with its anchor at `(x, y)`.
    pub(crate) fn blit(&mut self, sprite: &Sprite, x: f32, y: f32) {
        let (x, y) = (x.round() as i32, y.round() as i32);
        let width = i32::try_from(self.width).unwrap_or(0);
        let height = i32::try_from(self.height).unwrap_or(0);
        let sprite_width = i32::try_from(sprite.width).unwrap_or(0);
        let sprite_height = i32::try_from(sprite.height).unwrap_or(0);
        let left = x - sprite.anchor_x;
        let top = y - sprite.anchor_y;
        let col0 = (-left).max(0);
        let col1 = (width - left).min(sprite_width);
        if col0 >= col1 {
            return;
        }
        let canvas_width = usize::try_from(width).unwrap_or(0);
        let (Ok(col0), Ok(col1)) = (usize::try_from(col0), usize::try_from(col1)) else {
            return;
        };
        let colors = palette::rgba_table();
        let shades = palette::Shades::get();
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
                let (Some(src), Some(src_indices), Some(dst)) = (
                    sprite.data.get(src_start..src_start + len),
                    sprite.indices.get(src_start..src_start + len),
                    self.indices.get_mut(dst_start..dst_start + len),
                ) else {
                    continue;
                };
                match run.cover {
                    Cover::Opaque => dst.copy_from_slice(src_indices),
                    Cover::Shadow => {
                        for (s, d) in src.iter().zip(dst.iter_mut()) {
                            *d = shades.of(*d, s[3]);
                        }
                    }
                    Cover::Tinted => {
                        for (s, d) in src.iter().zip(dst.iter_mut()) {
                            let under = colors[usize::from(*d)];
                            let keep = 255 - u32::from(s[3]);
                            let mix = |c: usize| {
                                let v = u32::from(s[c]) + (u32::from(under[c]) * keep + 127) / 255;
                                u8::try_from(v.min(255)).unwrap_or(255)
                            };
                            *d = palette::index_of(Rgb(mix(0), mix(1), mix(2)));
                        }
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
            let paint = paint(color, alpha);
            self.shape(path.bounds(), 0.0, |pixmap, transform| {
                pixmap.fill_path(&path, &paint, FillRule::Winding, transform, None);
            });
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
                let paint = paint(color, alpha);
                self.shape(path.bounds(), 0.0, |pixmap, transform| {
                    pixmap.fill_path(&path, &paint, FillRule::Winding, transform, None);
                });
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
                let stroke = Stroke {
                    width,
                    line_cap: LineCap::Round,
                    dash: dash.and_then(|(on, off)| StrokeDash::new(vec![on, off], 0.0)),
                    ..Stroke::default()
                };
                let paint = paint(color, 1.0);
                self.shape(path.bounds(), width, |pixmap, transform| {
                    pixmap.stroke_path(&path, &paint, &stroke, transform, None);
                });
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
            let stroke = Stroke {
                width,
                line_cap: LineCap::Round,
                line_join: tiny_skia::LineJoin::Round,
                dash: dash.and_then(|(on, off)| StrokeDash::new(vec![on, off], 0.0)),
                ..Stroke::default()
            };
            let paint = paint(color, alpha);
            self.shape(path.bounds(), width, |pixmap, transform| {
                pixmap.stroke_path(&path, &paint, &stroke, transform, None);
            });
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
            let paint = paint(color, 1.0);
            self.shape(path.bounds(), 0.0, |pixmap, transform| {
                pixmap.fill_path(&path, &paint, FillRule::Winding, transform, None);
            });
        }
    }

    /// The advance width of `text` at `size` pixels; characters the font lacks take none.
    pub(crate) fn text_width(text: &str, size: f32) -> Result<f32, RenderError> {
        Ok(line(text, size)?.1)
    }

    /// Whether the embedded font can draw `c`.
    pub(crate) fn has_glyph(c: char) -> Result<bool, RenderError> {
        Ok(font()?.glyph_id(c).0 != 0)
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
        let quarter = (size.clamp(1.0, 1000.0) * 4.0).round() / 4.0;
        let (glyphs, _) = line(text, quarter)?;
        let width = match align {
            Align::Left => 0.0,
            Align::Centre | Align::Right => Canvas::text_width(text, size)?,
        };
        let start = match align {
            Align::Left => x,
            Align::Centre => x - width / 2.0,
            Align::Right => x - width,
        };
        // Cap height of DejaVu is about 0.73 em.
        let baseline = (y + 0.365 * size).round() as i64;
        let canvas_width = i64::from(self.width);
        let canvas_height = i64::from(self.height);
        let colors = palette::rgba_table();
        for placed in glyphs {
            let glyph = glyph(placed.id, size)?;
            let left = (start + placed.x).round() as i64 + i64::from(glyph.left);
            let top = baseline - placed.rise.round() as i64 + i64::from(glyph.top);
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
                    let Some(index) = usize::try_from(py * canvas_width + px)
                        .ok()
                        .and_then(|i| self.indices.get_mut(i))
                    else {
                        continue;
                    };
                    let a = u32::from(coverage);
                    let under = colors[usize::from(*index)];
                    let mix = |channel: usize, value: u8| {
                        let mixed =
                            (u32::from(under[channel]) * (255 - a) + u32::from(value) * a + 127)
                                / 255;
                        u8::try_from(mixed).unwrap_or(255)
                    };
                    *index =
                        palette::index_of(Rgb(mix(0, color.0), mix(1, color.1), mix(2, color.2)));
                }
            }
        }
        Ok(())
    }

    /// The advance width of one character at `size` pixels.
    pub(crate) fn char_width(c: char, size: f32) -> Result<f32, RenderError> {
        let font = font()?.as_scaled(PxScale::from(size));
        Ok(match font.glyph_id(c) {
            id if id.0 == 0 => 0.0,
            id => font.h_advance(id),
        })
    }

    /// Fills an axis-aligned rectangle with whole pixels of `color` (clipped to the canvas).
    pub(crate) fn fill_rect(&mut self, (x, y, w, h): (u32, u32, u32, u32), color: Rgb) {
        let index = palette::index_of(color);
        let (x1, y1) = (
            x.saturating_add(w).min(self.width),
            y.saturating_add(h).min(self.height),
        );
        let width = self.width as usize;
        for row in y.min(y1)..y1 {
            let start = row as usize * width;
            if let Some(cells) = self
                .indices
                .get_mut(start + x.min(x1) as usize..start + x1 as usize)
            {
                cells.fill(index);
            }
        }
    }

    /// Width and height of the pill [`Canvas::label`] draws for `text` at `size`.
    pub(crate) fn label_extent(text: &str, size: f32) -> Result<(f32, f32), RenderError> {
        let border = 2.0 * (size * 0.1).max(1.5);
        Ok((
            Canvas::text_width(text, size)? + size * 0.6 + border,
            size * 1.25 + border,
        ))
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

    /// The palette index of every pixel.
    #[cfg(test)]
    pub(crate) fn indices(&self) -> &[u8] {
        &self.indices
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::palette::index_of;

    /// Where the first glyph of `c` sits on the drawn line of `text`.
    fn x_of(text: &str, c: char) -> Result<f32, RenderError> {
        let (placed, _) = line(text, 20.0)?;
        // Arabic letters take a contextual form: look for any glyph the shaper made of `c`
        // alone, in the form it has where it stands.
        let alone = line(&c.to_string(), 20.0)?.0;
        let id = font()?.glyph_id(c);
        placed
            .iter()
            .find(|p| p.id == id || alone.iter().any(|a| a.id == p.id))
            .map(|p| p.x)
            .ok_or(RenderError::Font)
    }

    #[test]
    fn right_to_left_text_is_drawn_right_to_left_and_keeps_the_sentence_in_order(
    ) -> Result<(), RenderError> {
        // Hebrew: the first letter of the name is the rightmost.
        assert!(x_of("שלום", 'ש')? > x_of("שלום", 'ם')?);
        // An isolated name and the English after it: the name first, then "to move".
        let status = "\u{2068}שלום עולם\u{2069} to move";
        assert!(x_of(status, 'ש')? < x_of(status, 't')?);
        assert!(x_of(status, 'ע')? < x_of(status, 'ש')?);
        // The isolates themselves take no room.
        let bare = Canvas::text_width("שלום עולם to move", 20.0)?;
        assert!((Canvas::text_width(status, 20.0)? - bare).abs() < 0.01);
        Ok(())
    }

    #[test]
    fn arabic_letters_are_joined_not_drawn_one_by_one() -> Result<(), RenderError> {
        // ملك: the shaper picks initial, medial and final forms, not the isolated ones the
        // characters map to alone.
        let (joined, _) = line("ملك", 20.0)?;
        let font = font()?;
        let isolated: Vec<GlyphId> = "ملك".chars().map(|c| font.glyph_id(c)).collect();
        assert_eq!(joined.len(), 3);
        assert!(joined.iter().all(|p| !isolated.contains(&p.id)), "unshaped");
        // And the line reads from the right: the last glyph drawn (leftmost) is the final kaf.
        assert!(joined[0].x < joined[2].x);
        Ok(())
    }

    #[test]
    fn the_embedded_font_loads_and_measures() -> Result<(), RenderError> {
        let narrow = Canvas::text_width("1", 20.0)?;
        let wide = Canvas::text_width("D3''", 20.0)?;
        assert!(narrow > 5.0 && wide > 2.0 * narrow);
        Ok(())
    }

    #[test]
    fn shapes_change_only_the_pixels_they_cover() -> Result<(), RenderError> {
        let mut canvas = Canvas::new(40, 30, palette::BOARD)?;
        // Pixels of an index that a lookup of its own colour would not give back (colours are
        // looked up at 6 bits per channel): a shape's bounds must leave them as they are.
        let colors = palette::rgba_table();
        let odd = (0..palette::palette().len())
            .filter_map(|i| u8::try_from(i).ok())
            .find(|&i| {
                let [r, g, b, _] = colors[usize::from(i)];
                index_of(Rgb(r, g, b)) != i
            })
            .unwrap_or_default();
        assert_ne!(odd, 0, "some palette colour looks up to another index");
        for y in 0..30 {
            canvas.indices[y * 40 + y] = odd;
        }
        let before = canvas.indices.clone();
        canvas.fill_ellipse(20.0, 15.0, 4.0, 4.0, palette::BLUE, 1.0);
        let blue = index_of(palette::BLUE);
        assert_eq!(canvas.indices[15 * 40 + 20], blue, "the centre is filled");
        for (i, (&now, &was)) in canvas.indices.iter().zip(&before).enumerate() {
            let (x, y) = ((i % 40) as f32, (i / 40) as f32);
            if (x - 20.0).hypot(y - 15.0) > 5.5 {
                assert_eq!(now, was, "pixel ({x}, {y}) outside the disc changed");
            }
        }
        Ok(())
    }

    #[test]
    fn shadows_darken_what_they_fall_on() -> Result<(), RenderError> {
        let mut canvas = Canvas::new(3, 1, palette::BOARD)?;
        let sprite = Sprite {
            width: 3,
            height: 1,
            anchor_x: 0,
            anchor_y: 0,
            data: vec![[0, 0, 0, 128], [0, 0, 0, 255], [60, 60, 60, 128]],
            indices: vec![palette::UNKNOWN, index_of(Rgb(0, 0, 0)), palette::UNKNOWN],
            runs: vec![vec![
                crate::sprites::Run {
                    start: 0,
                    end: 1,
                    cover: Cover::Shadow,
                },
                crate::sprites::Run {
                    start: 1,
                    end: 2,
                    cover: Cover::Opaque,
                },
                crate::sprites::Run {
                    start: 2,
                    end: 3,
                    cover: Cover::Tinted,
                },
            ]],
        };
        canvas.blit(&sprite, 0.0, 0.0);
        let colors = palette::rgba_table();
        let board = colors[usize::from(index_of(palette::BOARD))];
        let [shadow, black, tinted] = [0, 1, 2].map(|i| colors[usize::from(canvas.indices[i])]);
        // Half-covered by black: about half as bright; half-covered by a dark grey: between
        // the two. Within the palette's spacing, which is coarser between ramps.
        for c in 0..3 {
            let half = i32::from(board[c]) / 2;
            assert!(
                (i32::from(shadow[c]) - half).abs() <= 8,
                "{shadow:?} {board:?}"
            );
            let mixed = 60 + half;
            assert!(
                (i32::from(tinted[c]) - mixed).abs() <= 16,
                "{tinted:?} {board:?}"
            );
        }
        assert_eq!(black[..3], [0, 0, 0]);
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
            indices: vec![index_of(Rgb(255, 255, 255)); 25],
            runs: vec![
                vec![crate::sprites::Run {
                    start: 0,
                    end: 5,
                    cover: crate::sprites::Cover::Opaque
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
        let (black, white) = (index_of(Rgb(0, 0, 0)), index_of(Rgb(255, 255, 255)));
        let indices = canvas.indices();
        assert_eq!(indices[0], white, "top-left corner painted");
        assert_eq!(indices[9 * 20 + 19], white, "bottom-right corner painted");
        assert_eq!(indices[5 * 20 + 5], black, "untouched pixel");
        Ok(())
    }
}
