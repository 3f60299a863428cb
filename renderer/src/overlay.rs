//! Highlights drawn over the marbles: the last move, the selected piece with its destinations,
//! the winning chain and severed links.
//!
//! None of them relies on colour alone: the last move's destination is ringed and its path a
//! dashed arc; each dropped marble's fall is a bold arrow from its old place that comes down
//! into its new one; destinations are labelled pills; a winning chain is a cased line through
//! rings (dashed while it is only pending); severed links are crossed out. The last move alone
//! uses magenta.
//!
//! The marks go under the level digits, which are written after them, and leave the digits
//! room: chains ring them, arrows end above them. Labels go last, each at the nearest spot
//! (from a few candidates) that covers no digit and no other label.

use crate::canvas::Canvas;
use crate::labels::fill;
use crate::palette::{Rgb, BLUE, EDGE_WHITE, INK, MAGENTA, SKY, VERMILLION, YELLOW};
use crate::scene::Digit;
use crate::{LastMove, RenderError, RenderOptions, Selection};
use akron_rules::{Move, Point, Position};

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

/// A box on screen: left, top, right, bottom.
pub(crate) type Bounds = (f32, f32, f32, f32);

/// Draws every mark that `options` asks for, under the level digits.
pub(crate) fn draw_marks(
    canvas: &mut Canvas,
    frame: &dyn Frame,
    position: &Position,
    options: &RenderOptions,
    digits: &[Digit],
) {
    let has_digit = |p: Point| digits.iter().any(|d| d.point == p);
    if let Some(chain) = &options.winning_chain {
        winning_chain(canvas, frame, chain, false, &has_digit);
    }
    if let Some(chain) = &options.pending_chain {
        winning_chain(canvas, frame, chain, true, &has_digit);
    }
    if options.severed_links {
        let analysis = position.analysis();
        for link in analysis.severed() {
            severed(canvas, frame.spot(link.a), frame.spot(link.b));
        }
    }
    if let Some(selection) = &options.selected {
        let spot = frame.spot(selection.from);
        let width = (spot.radius * 0.2).max(3.0);
        let r = spot.radius * 1.2;
        canvas.stroke_ellipse(spot.x, spot.y, r, r, width + 4.0, EDGE_WHITE, None);
        canvas.stroke_ellipse(spot.x, spot.y, r, r, width, BLUE, None);
        for drop in &selection.drops {
            fall(canvas, frame.spot(drop.from), frame.spot(drop.to), BLUE);
        }
    }
    if let Some(last) = &options.last_move {
        last_move(canvas, frame, position, last);
    }
}

/// Draws the labels (the cascade's pill, the destinations' names) over everything, each where
/// it covers no level digit and no other label, within `area` (left, top, right, bottom).
/// Returns the boxes of the labels drawn.
pub(crate) fn draw_labels(
    canvas: &mut Canvas,
    frame: &dyn Frame,
    options: &RenderOptions,
    digits: &[Digit],
    (area, label_limits): (Bounds, (f32, f32)),
) -> Result<Vec<Bounds>, RenderError> {
    let mut taken: Vec<Bounds> = digits.iter().map(Digit::bounds).collect();
    if let Some(selection) = &options.selected {
        selection_labels(canvas, frame, selection, label_limits, area, &mut taken)?;
    }
    if let Some(last) = &options.last_move {
        if let Some(top) = last.drops.iter().max_by_key(|d| d.from.level()) {
            let labels = &options.labels;
            let text = match last.drops.len() {
                1 => labels.dropped_one.clone(),
                n => fill(&labels.dropped, &[("n", &n.to_string())]),
            };
            let anchor = frame.spot(top.from);
            let size = (anchor.radius * 0.6).clamp(label_limits.0, label_limits.1);
            let (w, h) = Canvas::label_extent(&text, size)?;
            // The marbles of the cascade and the step's ends are better left uncovered too.
            let mut avoid = taken.clone();
            let source = match last.mv {
                Move::Step { from, .. } => Some(from),
                _ => None,
            };
            let ends = last.mv.to().into_iter().chain(source);
            for point in last.drops.iter().map(|d| d.from).chain(ends) {
                let s = frame.spot(point);
                let r = s.radius * 1.25;
                avoid.push((s.x - r, s.y - r, s.x + r, s.y + r));
            }
            let r = anchor.radius;
            let mut candidates = Vec::new();
            for distance in [1.7, 2.4, 3.2, 4.2] {
                for (dx, dy) in [
                    (0.0f32, -1.0f32),
                    (0.0, 1.0),
                    (-1.0, -0.6),
                    (1.0, -0.6),
                    (-1.0, 0.6),
                    (1.0, 0.6),
                ] {
                    candidates.push((
                        anchor.x + dx * (r * distance * 0.8 + w * 0.5 * dx.abs()),
                        anchor.y + dy * (r * distance * 0.7 + h * 0.5),
                    ));
                }
            }
            let (x, y) = place((w, h), &candidates, &avoid, area);
            taken.push((x - w / 2.0, y - h / 2.0, x + w / 2.0, y + h / 2.0));
            canvas.label(&text, (x, y), size, MAGENTA, EDGE_WHITE, Some(INK))?;
        }
    }
    Ok(taken.split_off(digits.len()))
}

/// The first of `candidates` (centres) where a `size` box stays inside `area` and overlaps
/// nothing in `taken`; else the one overlapping least.
fn place(
    size: (f32, f32),
    candidates: &[(f32, f32)],
    taken: &[Bounds],
    area: Bounds,
) -> (f32, f32) {
    let (w, h) = size;
    let mut best = (f32::MAX, candidates.first().copied().unwrap_or((0.0, 0.0)));
    for (i, &(x, y)) in candidates.iter().enumerate() {
        // Keep the box inside the area, shifted if it must be.
        let x = x.clamp(area.0 + w / 2.0, (area.2 - w / 2.0).max(area.0 + w / 2.0));
        let y = y.clamp(area.1 + h / 2.0, (area.3 - h / 2.0).max(area.1 + h / 2.0));
        let b = (x - w / 2.0, y - h / 2.0, x + w / 2.0, y + h / 2.0);
        let overlap: f32 = taken.iter().map(|t| overlap_area(b, *t)).sum();
        // Later candidates are farther: a little overlap is worse than any distance.
        let score = overlap * 100.0 + i as f32;
        if overlap <= 0.0 {
            return (x, y);
        }
        if score < best.0 {
            best = (score, (x, y));
        }
    }
    best.1
}

pub(crate) fn overlap_area(a: Bounds, b: Bounds) -> f32 {
    let w = (a.2.min(b.2) - a.0.max(b.0)).max(0.0);
    let h = (a.3.min(b.3) - a.1.max(b.1)).max(0.0);
    w * h
}

/// The last move in magenta: the destination ringed, a step's path as a dashed arc from its
/// source, and each dropped marble's fall as an arrow; the point a cascade left empty is a
/// dashed outline.
fn last_move(canvas: &mut Canvas, frame: &dyn Frame, position: &Position, last: &LastMove) {
    for drop in &last.drops {
        if position.piece(drop.from).is_none() {
            outline(canvas, frame.spot(drop.from));
        }
    }
    match last.mv {
        Move::Step { from, to } => {
            let source = frame.spot(from);
            let destination = frame.spot(to);
            if position.piece(from).is_none() {
                outline(canvas, source);
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
        fall(canvas, frame.spot(drop.from), frame.spot(drop.to), MAGENTA);
    }
}

/// The destinations' names in pills (`D2 ↓2` when the step drops two marbles), each near its
/// point, far ones first.
fn selection_labels(
    canvas: &mut Canvas,
    frame: &dyn Frame,
    selection: &Selection,
    label_limits: (f32, f32),
    area: Bounds,
    taken: &mut Vec<Bounds>,
) -> Result<(), RenderError> {
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
    let suffix = match selection.drops.len() {
        0 => String::new(),
        n => format!(" \u{2193}{n}"),
    };
    for (point, spot) in spots {
        let text = format!("{point}{suffix}");
        let size = (spot.radius * 0.7).clamp(label_limits.0, label_limits.1);
        let (w, h) = Canvas::label_extent(&text, size)?;
        let r = spot.radius;
        let candidates = [
            (spot.x, spot.y),
            (spot.x, spot.y - r * 0.45),
            (spot.x, spot.y + r * 0.45),
            (spot.x - r * 0.5, spot.y),
            (spot.x + r * 0.5, spot.y),
            (spot.x, spot.y - r * 0.8),
            (spot.x, spot.y + r * 0.8),
        ];
        let (x, y) = place((w, h), &candidates, taken, area);
        taken.push((x - w / 2.0, y - h / 2.0, x + w / 2.0, y + h / 2.0));
        canvas.label(&text, (x, y), size, SKY, INK, Some(INK))?;
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

/// A dashed outline where a marble stood before the move and none stands now.
fn outline(canvas: &mut Canvas, spot: Spot) {
    let r = spot.radius;
    let width = (r * 0.14).max(2.5);
    let dash = Some((r * 0.45, r * 0.3));
    canvas.stroke_ellipse(spot.x, spot.y, r, r, width + 2.5, INK, dash);
    canvas.stroke_ellipse(spot.x, spot.y, r, r, width, MAGENTA, dash);
}

/// A dashed arc from a step's source ring to its destination ring, bulging upwards, with a head.
fn arc(canvas: &mut Canvas, from: Spot, to: Spot) {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let length = (dx * dx + dy * dy).sqrt();
    if length < 1.0 {
        return;
    }
    let bulge = length * 0.25 + from.radius * 0.6;
    let control = ((from.x + to.x) / 2.0, (from.y + to.y) / 2.0 - bulge);
    let at = |t: f32| bezier((from.x, from.y), control, (to.x, to.y), t);
    // Leave the source's ring and stop at the destination's.
    let total = length + bulge;
    let start = (from.radius * 1.3 / total).clamp(0.0, 0.4);
    let stop = (1.0 - to.radius * 1.35 / total).clamp(0.6, 1.0);
    if stop <= start {
        return;
    }
    let points: Vec<(f32, f32)> = (0..=32)
        .map(|i| at(start + (stop - start) * i as f32 / 32.0))
        .collect();
    let width = (to.radius * 0.11).max(2.5);
    let end = at(stop);
    let before = at(stop - 0.04);
    let dash = Some((width * 3.0, width * 2.2));
    canvas.stroke_dashed_line(&points, width + 3.0, INK, 1.0, dash);
    canvas.stroke_dashed_line(&points, width, MAGENTA, 1.0, dash);
    head(canvas, before, end, (to.radius * 0.42).max(8.0), MAGENTA);
}

/// The point `t` of the way along a quadratic Bézier curve.
pub(crate) fn bezier(a: (f32, f32), c: (f32, f32), b: (f32, f32), t: f32) -> (f32, f32) {
    let u = 1.0 - t;
    (
        u * u * a.0 + 2.0 * u * t * c.0 + t * t * b.0,
        u * u * a.1 + 2.0 * u * t * c.1 + t * t * b.1,
    )
}

/// The control point of a fall from `from` to `to`: straight above the landing place, high
/// enough that the path comes down into it, whichever way the two lie on screen.
pub(crate) fn fall_control(from: Spot, to: Spot) -> (f32, f32) {
    (to.x, from.y.min(to.y) - to.radius * 1.1)
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

/// A dropped marble's fall: a bold arrow that leaves its old place on the side of its new one,
/// rises a little and comes straight down into the new place, its head stopping above the
/// level digit there. Consecutive drops of a cascade stay apart: each leaves its old place from
/// the side and arrives at the top of its new one.
fn fall(canvas: &mut Canvas, from: Spot, to: Spot, color: Rgb) {
    let side = if to.x >= from.x { 1.0 } else { -1.0 };
    let tail = (
        from.x + side * from.radius * 0.55,
        from.y - from.radius * 0.15,
    );
    let tip = (to.x, to.y - to.radius * 0.45);
    let control = (to.x, tail.1.min(tip.1) - to.radius * 1.7);
    let size = (to.radius * 0.62).max(10.0);
    let width = (to.radius * 0.19).max(3.0);
    let at = |t: f32| bezier(tail, control, tip, t);
    // The shaft stops where the head begins.
    let mut shaft_end = 1.0;
    while shaft_end > 0.05 {
        let p = at(shaft_end);
        if (p.0 - tip.0).hypot(p.1 - tip.1) >= size * 0.8 {
            break;
        }
        shaft_end -= 0.02;
    }
    let points: Vec<(f32, f32)> = (0..=20).map(|i| at(shaft_end * i as f32 / 20.0)).collect();
    canvas.stroke_line(&points, width + 3.5, INK, 1.0);
    canvas.stroke_line(&points, width, color, 1.0);
    // The head points straight down, the way the path arrives.
    head(canvas, (tip.0, tip.1 - size), tip, size, color);
}

/// A chain through the marbles: a cased line between them, and a ring around each marble's
/// middle (its level digit, when it has one); solid when it has won, dashed when it is pending.
fn winning_chain(
    canvas: &mut Canvas,
    frame: &dyn Frame,
    chain: &[Point],
    pending: bool,
    has_digit: &dyn Fn(Point) -> bool,
) {
    let spots: Vec<(Spot, bool)> = chain
        .iter()
        .map(|&p| (frame.spot(p), has_digit(p)))
        .collect();
    let Some(smallest) = spots.iter().map(|s| s.0.radius).min_by(f32::total_cmp) else {
        return;
    };
    let width = (smallest * 0.2).max(3.0);
    let dash = pending.then_some((width * 2.2, width * 1.6));
    let clear = |s: &(Spot, bool)| if s.1 { s.0.radius * 0.62 } else { 0.0 };
    for pair in spots.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let (dx, dy) = (b.0.x - a.0.x, b.0.y - a.0.y);
        let length = (dx * dx + dy * dy).sqrt();
        let (ca, cb) = (clear(a), clear(b));
        if length <= ca + cb + 1.0 {
            continue;
        }
        let (ux, uy) = (dx / length, dy / length);
        let segment = [
            (a.0.x + ux * ca, a.0.y + uy * ca),
            (b.0.x - ux * cb, b.0.y - uy * cb),
        ];
        canvas.stroke_dashed_line(&segment, width + 4.0, INK, 1.0, dash);
        canvas.stroke_dashed_line(&segment, width, YELLOW, 1.0, dash);
    }
    for s in &spots {
        let (spot, digit) = (s.0, s.1);
        if digit {
            let r = spot.radius * 0.62;
            let w = (spot.radius * 0.13).max(2.5);
            canvas.stroke_ellipse(spot.x, spot.y, r, r, w + 3.0, INK, None);
            canvas.stroke_ellipse(spot.x, spot.y, r, r, w, YELLOW, None);
        } else {
            let r = spot.radius * 0.28;
            canvas.fill_ellipse(spot.x, spot.y, r + 2.0, r + 2.0, INK, 1.0);
            canvas.fill_ellipse(spot.x, spot.y, r, r, YELLOW, 1.0);
        }
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
