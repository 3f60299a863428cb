//! Small charts as PNGs: a rating over a player's rated games (for `stats`), and a game's
//! evaluation, White's winning chance move by move (for the post-game analysis).
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

/// How bad a marked move was, for its dot on the evaluation chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// An inaccuracy: a small hollow ring.
    Inaccuracy,
    /// A mistake: a filled dot.
    Mistake,
    /// A blunder: a large filled dot with a white rim.
    Blunder,
}

/// The evaluation chart's size: wide and short, readable at a chat's image size on a phone.
const EVAL_WIDTH: u32 = 640;
const EVAL_HEIGHT: u32 = 240;
/// The evaluation chart's label size.
const EVAL_LABEL: f32 = 16.0;
/// Plies shown at most (a longer game shows its first this many).
const EVAL_MAX_POINTS: usize = 600;

/// The chart of a game's evaluation: `white[i]` is White's winning chance (0 to 1) after `i`
/// moves (`white[0]` before the first), `marks` the marked moves by ply (the move of ply `p`
/// leads to `white[p + 1]`). White's share is the light area under the line, Black's the
/// dark one above; the dashed middle is an even game. Each marked move is a dot on the line,
/// its shape telling its severity (ring, dot, large rimmed dot), not its colour alone. The
/// left axis is labelled 0, 50 and 100 (percent), the bottom every ten moves. `None` with
/// fewer than two points, a value outside 0 to 1, or when drawing fails.
#[must_use]
pub fn evaluation_chart(white: &[f64], marks: &[(usize, Severity)]) -> Option<Vec<u8>> {
    let shown = &white[..white.len().min(EVAL_MAX_POINTS)];
    if shown.len() < 2 || shown.iter().any(|v| !(0.0..=1.0).contains(v)) {
        return None;
    }
    let mut pixmap = Pixmap::new(EVAL_WIDTH, EVAL_HEIGHT)?;
    pixmap.fill(Color::from_rgba8(250, 248, 242, 255));
    let font = FontRef::try_from_slice(FONT_BYTES).ok()?;
    let ink = Color::from_rgba8(70, 66, 62, 255);
    let (left, right, top, bottom) = (40.0_f32, 22.0_f32, 14.0_f32, 28.0_f32);
    let plot_w = EVAL_WIDTH as f32 - left - right;
    let plot_h = EVAL_HEIGHT as f32 - top - bottom;
    #[allow(clippy::cast_precision_loss)]
    let x = |i: usize| left + plot_w * i as f32 / (shown.len() - 1) as f32;
    #[allow(clippy::cast_possible_truncation)]
    let y = |v: f64| top + plot_h * (1.0 - v as f32);
    // Black's share: the whole plot dark, then White's share light under the line.
    let mut dark = Paint::default();
    dark.set_color_rgba8(64, 60, 58, 255);
    pixmap.fill_rect(
        Rect::from_xywh(left, top, plot_w, plot_h)?,
        &dark,
        Transform::identity(),
        None,
    );
    let mut area = PathBuilder::new();
    area.move_to(x(0), y(0.0));
    for (i, v) in shown.iter().enumerate() {
        area.line_to(x(i), y(*v));
    }
    area.line_to(x(shown.len() - 1), y(0.0));
    area.close();
    let area = area.finish()?;
    let mut light = Paint::default();
    light.set_color_rgba8(236, 232, 222, 255);
    light.anti_alias = true;
    pixmap.fill_path(
        &area,
        &light,
        FillRule::Winding,
        Transform::identity(),
        None,
    );
    // The even line, dashed, in a grey seen on both shares.
    let mut even = Paint::default();
    even.set_color_rgba8(150, 144, 136, 255);
    let mut dash = left;
    while dash < left + plot_w {
        let rect = Rect::from_xywh(dash, y(0.5) - 1.0, 6.0_f32.min(left + plot_w - dash), 2.0)?;
        pixmap.fill_rect(rect, &even, Transform::identity(), None);
        dash += 10.0;
    }
    let mut line = PathBuilder::new();
    line.move_to(x(0), y(shown[0]));
    for (i, v) in shown.iter().enumerate().skip(1) {
        line.line_to(x(i), y(*v));
    }
    let line = line.finish()?;
    let mut blue = Paint::default();
    blue.set_color_rgba8(40, 110, 200, 255);
    blue.anti_alias = true;
    let stroke = Stroke {
        width: 2.5,
        ..Stroke::default()
    };
    pixmap.stroke_path(&line, &blue, &stroke, Transform::identity(), None);
    for &(ply, severity) in marks {
        let Some(v) = shown.get(ply + 1) else {
            continue;
        };
        let (cx, cy) = (x(ply + 1), y(*v));
        let mut paint = Paint {
            anti_alias: true,
            ..Paint::default()
        };
        match severity {
            Severity::Inaccuracy => {
                paint.set_color_rgba8(214, 160, 20, 255);
                let ring = PathBuilder::from_circle(cx, cy, 5.0)?;
                let rim = Stroke {
                    width: 2.5,
                    ..Stroke::default()
                };
                pixmap.stroke_path(&ring, &paint, &rim, Transform::identity(), None);
            }
            Severity::Mistake => {
                paint.set_color_rgba8(230, 110, 20, 255);
                let dot = PathBuilder::from_circle(cx, cy, 6.0)?;
                pixmap.fill_path(&dot, &paint, FillRule::Winding, Transform::identity(), None);
            }
            Severity::Blunder => {
                let mut white_rim = Paint::default();
                white_rim.set_color_rgba8(255, 255, 255, 255);
                white_rim.anti_alias = true;
                let outer = PathBuilder::from_circle(cx, cy, 9.5)?;
                pixmap.fill_path(
                    &outer,
                    &white_rim,
                    FillRule::Winding,
                    Transform::identity(),
                    None,
                );
                paint.set_color_rgba8(200, 30, 30, 255);
                let dot = PathBuilder::from_circle(cx, cy, 7.5)?;
                pixmap.fill_path(&dot, &paint, FillRule::Winding, Transform::identity(), None);
            }
        }
    }
    for (value, label) in [(1.0, "100"), (0.5, "50"), (0.0, "0")] {
        text_sized(&mut pixmap, &font, label, (4.0, y(value)), ink, EVAL_LABEL);
    }
    let plies = shown.len() - 1;
    let step = if plies > 120 { 20 } else { 10 };
    let mut ply = step;
    while ply <= plies {
        let label = ply.to_string();
        #[allow(clippy::cast_precision_loss)]
        let half = EVAL_LABEL * 0.3 * label.len() as f32;
        text_sized(
            &mut pixmap,
            &font,
            &label,
            (x(ply) - half, EVAL_HEIGHT as f32 - bottom / 2.0),
            ink,
            EVAL_LABEL,
        );
        ply += step;
    }
    pixmap.encode_png().ok()
}

/// Draws `label` with its left end at `x`, centred vertically on `y`.
fn text(pixmap: &mut Pixmap, font: &FontRef<'_>, label: &str, at: (f32, f32), ink: Color) {
    text_sized(pixmap, font, label, at, ink, LABEL);
}

/// Draws `label` at `size` pixels with its left end at `x`, centred vertically on `y`.
fn text_sized(
    pixmap: &mut Pixmap,
    font: &FontRef<'_>,
    label: &str,
    (x, y): (f32, f32),
    ink: Color,
    size: f32,
) {
    let scaled = font.as_scaled(PxScale::from(size));
    let mut pen = x;
    let baseline = y + 0.365 * size;
    let (width, height) = (pixmap.width(), pixmap.height());
    let ink = ink.to_color_u8();
    for c in label.chars() {
        let id = scaled.glyph_id(c);
        let glyph = id.with_scale_and_position(size, ab_glyph::point(pen, baseline));
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

    #[test]
    fn an_evaluation_chart_needs_two_chances_between_zero_and_one() {
        let png = evaluation_chart(
            &[0.5, 0.6, 0.2, 1.0],
            &[(1, Severity::Blunder), (9, Severity::Mistake)],
        );
        assert!(png.is_some_and(|png| &png[1..4] == b"PNG"));
        assert_eq!(evaluation_chart(&[0.5], &[]), None);
        assert_eq!(evaluation_chart(&[0.5, 1.5], &[]), None);
        assert_eq!(evaluation_chart(&[0.5, f64::NAN], &[]), None);
        assert!(evaluation_chart(&[0.5; 5000], &[(4000, Severity::Inaccuracy)]).is_some());
    }
}
