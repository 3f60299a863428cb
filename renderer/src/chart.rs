//! A small chart of a rating over a player's rated games, as a PNG (for `stats`).
//!
//! Drawn with tiny-skia, as the renderer draws boards: a light grid every 100 points labelled
//! on the left, the line, a dot per game and the latest rating at its end, in the renderer's
//! font. Its size is fixed and the points are capped, so no input can make it large.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

/// The renderer's font (digits and Latin letters).
static FONT_BYTES: &[u8] = include_bytes!("../assets/DejaVuSans-Bold-subset.ttf");

/// The size of the labels, in pixels.
const LABEL: f32 = 13.0;

/// The chart's size in pixels.
const WIDTH: u32 = 480;
const HEIGHT: u32 = 200;
/// Space around the plot.
const MARGIN: f32 = 14.0;
/// Room for the labels on the left and right.
const LEFT: f32 = 44.0;
const RIGHT: f32 = 48.0;
/// The most recent games shown at most.
const MAX_POINTS: usize = 200;

/// The chart of `ratings` (the rating before the first game, then after each), or `None`
/// with fewer than two points or when drawing fails.
#[must_use]
pub fn rating_chart(ratings: &[f64]) -> Option<Vec<u8>> {
    let shown = &ratings[ratings.len().saturating_sub(MAX_POINTS)..];
    if shown.len() < 2 || shown.iter().any(|r| !r.is_finite()) {
        return None;
    }
    let mut pixmap = Pixmap::new(WIDTH, HEIGHT)?;
    pixmap.fill(Color::from_rgba8(250, 248, 242, 255));
    let low = shown.iter().copied().fold(f64::INFINITY, f64::min);
    let high = shown.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    // Whole hundreds around the range, at least 200 points tall.
    let bottom = (low / 100.0).floor() * 100.0;
    let top = ((high / 100.0).ceil() * 100.0).max(bottom + 200.0);
    let plot_w = WIDTH as f32 - LEFT - RIGHT;
    let plot_h = HEIGHT as f32 - 2.0 * MARGIN;
    #[allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]
    let x = |i: usize| LEFT + plot_w * i as f32 / (shown.len() - 1) as f32;
    let font = FontRef::try_from_slice(FONT_BYTES).ok()?;
    let ink = Color::from_rgba8(90, 85, 80, 255);
    #[allow(clippy::cast_possible_truncation)]
    let y = |r: f64| MARGIN + plot_h * (1.0 - ((r - bottom) / (top - bottom)) as f32);
    let mut grid = Paint::default();
    grid.set_color_rgba8(210, 205, 195, 255);
    let mut level = bottom;
    while level <= top {
        let rect = Rect::from_xywh(LEFT, y(level), plot_w, 1.0)?;
        pixmap.fill_rect(rect, &grid, Transform::identity(), None);
        #[allow(clippy::cast_possible_truncation)]
        let label = format!("{}", level.round() as i64);
        text(&mut pixmap, &font, &label, (4.0, y(level)), ink);
        level += 100.0;
    }
    let mut path = PathBuilder::new();
    path.move_to(x(0), y(shown[0]));
    for (i, rating) in shown.iter().enumerate().skip(1) {
        path.line_to(x(i), y(*rating));
    }
    let path = path.finish()?;
    let mut line = Paint::default();
    line.set_color_rgba8(40, 90, 160, 255);
    line.anti_alias = true;
    let stroke = Stroke {
        width: 3.0,
        ..Stroke::default()
    };
    pixmap.stroke_path(&path, &line, &stroke, Transform::identity(), None);
    if shown.len() <= 60 {
        for (i, rating) in shown.iter().enumerate() {
            let dot = PathBuilder::from_circle(x(i), y(*rating), 4.0)?;
            pixmap.fill_path(&dot, &line, FillRule::Winding, Transform::identity(), None);
        }
    }
    let last = shown.len() - 1;
    #[allow(clippy::cast_possible_truncation)]
    let label = format!("{}", shown[last].round() as i64);
    let blue = Color::from_rgba8(40, 90, 160, 255);
    text(
        &mut pixmap,
        &font,
        &label,
        (x(last) + 8.0, y(shown[last])),
        blue,
    );
    pixmap.encode_png().ok()
}

/// Draws `label` with its left end at `x`, centred vertically on `y`.
fn text(pixmap: &mut Pixmap, font: &FontRef<'_>, label: &str, (x, y): (f32, f32), ink: Color) {
    let scaled = font.as_scaled(PxScale::from(LABEL));
    let mut pen = x;
    let baseline = y + 0.365 * LABEL;
    let (width, height) = (pixmap.width(), pixmap.height());
    let ink = ink.to_color_u8();
    for c in label.chars() {
        let id = scaled.glyph_id(c);
        let glyph = id.with_scale_and_position(LABEL, ab_glyph::point(pen, baseline));
        pen += scaled.h_advance(id);
        let Some(outline) = font.outline_glyph(glyph) else {
            continue;
        };
        let bounds = outline.px_bounds();
        let pixels = pixmap.pixels_mut();
        outline.draw(|gx, gy, coverage| {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let (px, py) = (
                (bounds.min.x + gx as f32) as i64,
                (bounds.min.y + gy as f32) as i64,
            );
            if px < 0 || py < 0 || px >= i64::from(width) || py >= i64::from(height) {
                return;
            }
            let Ok(index) = usize::try_from(py * i64::from(width) + px) else {
                return;
            };
            let Some(pixel) = pixels.get_mut(index) else {
                return;
            };
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let a = (coverage.clamp(0.0, 1.0) * 255.0) as u32;
            let mix = |under: u8, over: u8| {
                u8::try_from((u32::from(under) * (255 - a) + u32::from(over) * a + 127) / 255)
                    .unwrap_or(255)
            };
            if let Some(mixed) = tiny_skia::PremultipliedColorU8::from_rgba(
                mix(pixel.red(), ink.red()),
                mix(pixel.green(), ink.green()),
                mix(pixel.blue(), ink.blue()),
                255,
            ) {
                *pixel = mixed;
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chart_is_a_png_and_needs_two_points() {
        let png = rating_chart(&[1500.0, 1742.0, 1690.0, 1720.0]);
        assert!(png.is_some_and(|png| &png[1..4] == b"PNG"));
        assert_eq!(rating_chart(&[1500.0]), None);
        assert_eq!(rating_chart(&[1500.0, f64::NAN]), None);
        assert!(
            rating_chart(&[1500.0; 1000]).is_some(),
            "a flat line is fine"
        );
    }
}
