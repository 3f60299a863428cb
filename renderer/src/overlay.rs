//! Highlights drawn over the marbles: the last move, the selected piece with its destinations,
//! the winning chain and severed links.
//!
//! None of them relies on colour alone: the last move's source is a dashed ring and its
//! destination a solid one, drops carry arrows, destinations are labelled pills, the chain is a
//! cased line, and severed links are dashed and crossed out.

use crate::canvas::Canvas;
use crate::palette::{Rgb, BLUE, EDGE_WHITE, INK, ORANGE, SKY, VERMILLION, YELLOW};
use crate::{RenderError, RenderOptions};
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

/// Draws every overlay that `options` asks for.
pub(crate) fn draw(
    canvas: &mut Canvas,
    frame: &dyn Frame,
    position: &Position,
    options: &RenderOptions,
    label_limits: (f32, f32),
) -> Result<(), RenderError> {
    if let Some(chain) = &options.winning_chain {
        winning_chain(canvas, frame, chain);
    }
    if options.severed_links {
        let analysis = position.analysis();
        for link in analysis.severed() {
            severed(canvas, frame.spot(link.a), frame.spot(link.b));
        }
    }
    if let Some(last) = &options.last_move {
        for drop in &last.drops {
            let ghost = position.piece(drop.from).is_none();
            arrow(canvas, frame.spot(drop.from), frame.spot(drop.to), ghost);
        }
        match last.mv {
            Move::Step { from, to } => {
                let source = frame.spot(from);
                ring(canvas, source, ORANGE, Some(0.9));
                let destination = frame.spot(to);
                ring(canvas, destination, ORANGE, None);
            }
            Move::Place(to) => ring(canvas, frame.spot(to), ORANGE, None),
            Move::Swap => {}
        }
    }
    if let Some(selection) = &options.selected {
        let spot = frame.spot(selection.from);
        let width = (spot.radius * 0.2).max(3.0);
        canvas.stroke_ellipse(
            spot.x,
            spot.y,
            spot.radius * 1.2,
            spot.radius * 1.2,
            width + 4.0,
            EDGE_WHITE,
            None,
        );
        canvas.stroke_ellipse(
            spot.x,
            spot.y,
            spot.radius * 1.2,
            spot.radius * 1.2,
            width,
            BLUE,
            None,
        );
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
        for (point, spot) in spots {
            let size = (spot.radius * 0.7).clamp(label_limits.0, label_limits.1);
            canvas.label(
                &point.to_string(),
                (spot.x, spot.y),
                size,
                SKY,
                INK,
                Some(INK),
            )?;
        }
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

/// An arrow from where a dropped marble was to where it is now.
/// With `ghost`, the old place is empty now and gets a dashed outline.
fn arrow(canvas: &mut Canvas, from: Spot, to: Spot, ghost: bool) {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let length = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / length, dy / length);
    let width = (to.radius * 0.16).max(2.5);
    // Start at the old place, outlined if empty now, and stop short of the marble's centre.
    if ghost {
        let dash = Some((width * 1.5, width * 1.5));
        let r = from.radius;
        canvas.stroke_ellipse(from.x, from.y, r, r, width * 0.7 + 2.0, INK, dash);
        canvas.stroke_ellipse(from.x, from.y, r, r, width * 0.7, ORANGE, dash);
    }
    let tip = (to.x - ux * to.radius * 0.25, to.y - uy * to.radius * 0.25);
    let head = to.radius * 0.55;
    let base = (tip.0 - ux * head, tip.1 - uy * head);
    let wing = (-uy * head * 0.6, ux * head * 0.6);
    canvas.stroke_line(&[(from.x, from.y), base], width + 3.0, INK, 1.0);
    canvas.fill_polygon(
        &[
            (tip.0 + ux * 2.0, tip.1 + uy * 2.0),
            (
                base.0 + wing.0 * 1.2 - ux * 2.0,
                base.1 + wing.1 * 1.2 - uy * 2.0,
            ),
            (
                base.0 - wing.0 * 1.2 - ux * 2.0,
                base.1 - wing.1 * 1.2 - uy * 2.0,
            ),
        ],
        INK,
        1.0,
    );
    canvas.stroke_line(&[(from.x, from.y), base], width, ORANGE, 1.0);
    canvas.fill_polygon(
        &[
            tip,
            (base.0 + wing.0, base.1 + wing.1),
            (base.0 - wing.0, base.1 - wing.1),
        ],
        ORANGE,
        1.0,
    );
}

fn winning_chain(canvas: &mut Canvas, frame: &dyn Frame, chain: &[Point]) {
    let spots: Vec<Spot> = chain.iter().map(|&p| frame.spot(p)).collect();
    let Some(smallest) = spots.iter().map(|s| s.radius).min_by(f32::total_cmp) else {
        return;
    };
    let width = (smallest * 0.22).max(3.0);
    let points: Vec<(f32, f32)> = spots.iter().map(|s| (s.x, s.y)).collect();
    canvas.stroke_line(&points, width + 4.0, INK, 1.0);
    canvas.stroke_line(&points, width, YELLOW, 1.0);
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
