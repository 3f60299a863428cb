//! Highlights drawn over the marbles: the last move, the selected piece with its destinations,
//! the winning chain and severed links.
//!
//! None of them relies on colour alone: the last move's destination is ringed and its path an
//! arc, dropped marbles have bold labelled arrows from a ghost at their old place,
//! destinations are labelled pills, a winning chain is a cased line (dashed while it is only
//! pending), and severed links are crossed out. The last move alone uses magenta.

use crate::canvas::Canvas;
use crate::palette::{Rgb, BLUE, EDGE_WHITE, INK, MAGENTA, SKY, VERMILLION, YELLOW};
use crate::{LastMove, RenderError, RenderOptions, Selection};
use akron_rules::{Color, Move, Point, Position};

/// Where a point appears on screen and how large a marble there looks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Spot {
    pub x: f32,
    pub y: f32,
    pub radius: f32,
}

/// Maps points to screen spots; one per view.
pub(crate) trait Frame {
    /// Where the marble on `p` is (or would be) drawn.
    fn spot(&self, p: Point) -> Spot;
}

/// Draws every overlay that `options` asks for.
pub(crate) fn draw(
    canvas: &mut Canvas,
    frame: &dyn Frame,
    position: &Position,
    options: &RenderOptions,
    label_limits: (f32, f32),
) -> Result<(), RenderError> {
    if let Some(chain) = &options.winning_chain {
        winning_chain(canvas, frame, chain, false);
    }
    if let Some(chain) = &options.pending_chain {
        winning_chain(canvas, frame, chain, true);
    }
    if options.severed_links {
        let analysis = position.analysis();
        for link in analysis.severed() {
            severed(canvas, frame.spot(link.a), frame.spot(link.b));
        }
    }
    if let Some(selection) = &options.selected {
        selected(canvas, frame, selection, label_limits)?;
    }
    if let Some(last) = &options.last_move {
        last_move(canvas, frame, position, last, label_limits)?;
    }
    Ok(())
}

/// The last move in magenta: the destination ringed, a step's path as an arc from its source,
/// and each dropped marble's fall as a bold arrow from a ghost at its old place.
fn last_move(
    canvas: &mut Canvas,
    frame: &dyn Frame,
    position: &Position,
    last: &LastMove,
    label_limits: (f32, f32),
) -> Result<(), RenderError> {
    match last.mv {
        Move::Step { from, to } => {
            let source = frame.spot(from);
            let destination = frame.spot(to);
            if position.piece(from).is_none() {
                ghost(canvas, source, None);
            } else {
                ring(canvas, source, MAGENTA, Some(0.9));
            }
            arc(canvas, source, destination);
            ring(canvas, destination, MAGENTA, None);
        }
        Move::Place(to) => ring(canvas, frame.spot(to), MAGENTA, None),
        Move::Swap => {}
    }
    for drop in &last.drops {
        let from = frame.spot(drop.from);
        if position.piece(drop.from).is_none() {
            ghost(canvas, from, Some(drop.color));
        }
    }
    for drop in &last.drops {
        arrow(canvas, frame.spot(drop.from), frame.spot(drop.to), MAGENTA);
    }
    if let Some(top) = last.drops.iter().max_by_key(|d| d.from.level()) {
        let text = match last.drops.len() {
            1 => "dropped".to_string(),
            n => format!("{n} dropped"),
        };
        tag(
            canvas,
            frame.spot(top.from),
            &text,
            MAGENTA,
            EDGE_WHITE,
            label_limits,
        )?;
    }
    Ok(())
}

/// The selected piece ringed in blue, its destinations labelled, and the marbles its step
/// would drop marked with blue arrows.
fn selected(
    canvas: &mut Canvas,
    frame: &dyn Frame,
    selection: &Selection,
    label_limits: (f32, f32),
) -> Result<(), RenderError> {
    let spot = frame.spot(selection.from);
    let width = (spot.radius * 0.2).max(3.0);
    let r = spot.radius * 1.2;
    canvas.stroke_ellipse(spot.x, spot.y, r, r, width + 4.0, EDGE_WHITE, None);
    canvas.stroke_ellipse(spot.x, spot.y, r, r, width, BLUE, None);
    for drop in &selection.drops {
        arrow(canvas, frame.spot(drop.from), frame.spot(drop.to), BLUE);
    }
    // Far labels first, so that nearer ones sit on top.
    let mut spots: Vec<(Point, Spot)> = selection
        .destinations
        .iter()
        .map(|&p| (p, frame.spot(p)))
        .collect();
    spots.sort_by(|a, b| {
        a.1.radius
            .total_cmp(&b.1.radius)
            .then(a.1.y.total_cmp(&b.1.y))
    });
    // A step that drops marbles says so on every label (`D2 ↓2`): the cascade is the same
    // for every destination.
    let suffix = match selection.drops.len() {
        0 => String::new(),
        n => format!(" \u{2193}{n}"),
    };
    for (point, spot) in spots {
        let size = (spot.radius * 0.7).clamp(label_limits.0, label_limits.1);
        canvas.label(
            &format!("{point}{suffix}"),
            (spot.x, spot.y),
            size,
            SKY,
            INK,
            Some(INK),
        )?;
    }
    Ok(())
}

/// A ring around a marble: solid, or dashed with the given dash length in radii.
fn ring(canvas: &mut Canvas, spot: Spot, color: Rgb, dash: Option<f32>) {
    let r = spot.radius * 1.18;
    let width = (spot.radius * 0.2).max(3.0);
    let dash = dash.map(|d| (d * spot.radius, 0.55 * spot.radius));
    canvas.stroke_ellipse(spot.x, spot.y, r, r, width + 3.0, INK, dash);
    canvas.stroke_ellipse(spot.x, spot.y, r, r, width, color, dash);
}

/// A see-through marble of `color` (or just its outline) where a marble stood before the move.
fn ghost(canvas: &mut Canvas, spot: Spot, color: Option<Color>) {
    let r = spot.radius;
    if let Some(color) = color {
        let fill = match color {
            Color::Black => Rgb(20, 20, 24),
            Color::White => Rgb(240, 240, 238),
        };
        canvas.fill_ellipse(spot.x, spot.y, r, r, fill, 0.55);
    }
    let width = (r * 0.14).max(2.5);
    let dash = Some((r * 0.45, r * 0.3));
    canvas.stroke_ellipse(spot.x, spot.y, r, r, width + 2.5, INK, dash);
    canvas.stroke_ellipse(spot.x, spot.y, r, r, width, MAGENTA, dash);
}

/// A small pill with `text` above `spot`.
fn tag(
    canvas: &mut Canvas,
    spot: Spot,
    text: &str,
    fill: Rgb,
    ink: Rgb,
    label_limits: (f32, f32),
) -> Result<(), RenderError> {
    let size = (spot.radius * 0.6).clamp(label_limits.0, label_limits.1);
    let y = spot.y - spot.radius * 1.5 - size * 0.6;
    canvas.label(text, (spot.x, y), size, fill, ink, Some(INK))
}

/// A thin arc from a step's source to its destination, bulging upwards, with a head.
fn arc(canvas: &mut Canvas, from: Spot, to: Spot) {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let length = (dx * dx + dy * dy).sqrt();
    if length < 1.0 {
        return;
    }
    let bulge = length * 0.25 + from.radius * 0.5;
    let control = ((from.x + to.x) / 2.0, (from.y + to.y) / 2.0 - bulge);
    let at = |t: f32| {
        let u = 1.0 - t;
        (
            u * u * from.x + 2.0 * u * t * control.0 + t * t * to.x,
            u * u * from.y + 2.0 * u * t * control.1 + t * t * to.y,
        )
    };
    // Stop at the destination's ring.
    let stop = (1.0 - to.radius * 1.35 / (length + bulge)).clamp(0.5, 1.0);
    let points: Vec<(f32, f32)> = (0..=24).map(|i| at(stop * i as f32 / 24.0)).collect();
    let width = (to.radius * 0.13).max(2.5);
    let end = at(stop);
    let before = at(stop - 0.05);
    canvas.stroke_line(&points, width + 3.0, INK, 1.0);
    canvas.stroke_line(&points, width, MAGENTA, 1.0);
    head(canvas, before, end, to.radius * 0.42, MAGENTA);
}

/// An arrowhead pointing from `back` towards `tip`.
fn head(canvas: &mut Canvas, back: (f32, f32), tip: (f32, f32), size: f32, color: Rgb) {
    let (dx, dy) = (tip.0 - back.0, tip.1 - back.1);
    let length = (dx * dx + dy * dy).sqrt().max(1e-3);
    let (ux, uy) = (dx / length, dy / length);
    let base = (tip.0 - ux * size, tip.1 - uy * size);
    let wing = (-uy * size * 0.62, ux * size * 0.62);
    let grow = 2.0;
    canvas.fill_polygon(
        &[
            (tip.0 + ux * grow * 1.5, tip.1 + uy * grow * 1.5),
            (
                base.0 + wing.0 * 1.2 - ux * grow,
                base.1 + wing.1 * 1.2 - uy * grow,
            ),
            (
                base.0 - wing.0 * 1.2 - ux * grow,
                base.1 - wing.1 * 1.2 - uy * grow,
            ),
        ],
        INK,
        1.0,
    );
    canvas.fill_polygon(
        &[
            tip,
            (base.0 + wing.0, base.1 + wing.1),
            (base.0 - wing.0, base.1 - wing.1),
        ],
        color,
        1.0,
    );
}

/// A bold arrow along a dropped marble's fall, from its old place to its new one.
fn arrow(canvas: &mut Canvas, from: Spot, to: Spot, color: Rgb) {
    let width = (to.radius * 0.24).max(4.0);
    // From straight above the old place, so that the shaft shows above the marble now there
    // and reads as a fall.
    let start = (from.x, from.y - from.radius * 0.95);
    let (dx, dy) = (to.x - start.0, to.y - start.1);
    let length = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / length, dy / length);
    let tip = (to.x + ux * to.radius * 0.1, to.y + uy * to.radius * 0.1);
    let size = (to.radius * 0.75).max(9.0);
    let base = (tip.0 - ux * size * 0.9, tip.1 - uy * size * 0.9);
    canvas.stroke_line(&[start, base], width + 3.5, INK, 1.0);
    canvas.stroke_line(&[start, base], width, color, 1.0);
    head(canvas, start, tip, size, color);
}

/// A chain through the marbles' centres: solid when it has won, dashed when it is pending
/// (it must be cut now).
fn winning_chain(canvas: &mut Canvas, frame: &dyn Frame, chain: &[Point], pending: bool) {
    let spots: Vec<Spot> = chain.iter().map(|&p| frame.spot(p)).collect();
    let Some(smallest) = spots.iter().map(|s| s.radius).min_by(f32::total_cmp) else {
        return;
    };
    let width = (smallest * 0.22).max(3.0);
    let points: Vec<(f32, f32)> = spots.iter().map(|s| (s.x, s.y)).collect();
    canvas.stroke_line(&points, width + 4.0, INK, 1.0);
    let dash = pending.then_some((width * 2.2, width * 1.6));
    canvas.stroke_dashed_line(&points, width, YELLOW, 1.0, dash);
    for spot in &spots {
        let r = spot.radius * 0.28;
        canvas.fill_ellipse(spot.x, spot.y, r + 2.0, r + 2.0, INK, 1.0);
        canvas.fill_ellipse(spot.x, spot.y, r, r, YELLOW, 1.0);
    }
}

/// A severed link: a dashed line crossed out at its middle.
fn severed(canvas: &mut Canvas, a: Spot, b: Spot) {
    let width = (a.radius.min(b.radius) * 0.12).max(2.0);
    let (mx, my) = ((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
    canvas.stroke_line(&[(a.x, a.y), (b.x, b.y)], width, VERMILLION, 0.9);
    let s = a.radius.min(b.radius) * 0.42;
    for (dx, dy) in [(s, s), (s, -s)] {
        canvas.stroke_line(
            &[(mx - dx, my - dy), (mx + dx, my + dy)],
            width + 3.0,
            INK,
            1.0,
        );
        canvas.stroke_line(
            &[(mx - dx, my - dy), (mx + dx, my + dy)],
            width,
            VERMILLION,
            1.0,
        );
    }
}
