//! Board images for Akron: a PNG of a [`Position`], in perspective or as a flat plan.
//!
//! Modelled on lichess's lila-gif: marble sprites are shaded once and cached, each image only
//! blits them onto palette indices (of a fixed palette), written as an indexed PNG.
//! [`table`] draws plain tables (standings, pairings, leaderboards) in the same colours and font.
//! The crate knows nothing about Discord and does no I/O.
//!
//! - **Layouts.** [`Layout::Chat`] (the default) is a 4 : 3 landscape image with the level maps
//!   beside the board, made for the box of about 400 × 300 pixels in which chat clients show an
//!   image before it is opened: there the caption and the level digits of boards up to 8 × 8
//!   stay at least 11 pixels high. [`Layout::Portrait`] puts the maps under the board, for pages;
//!   [`Layout::Phone`] too, with larger maps, for a page on a phone. [`geometry`] tells an
//!   image's size and text sizes without drawing it.
//! - **Move numbers are ply numbers**: every move, a swap included, counts one, so the picture
//!   after the 135th move says `Move 135: H6-G4`, and so does a replay's frame.
//! - **Words** come from [`Labels`] (English by default), so a caller can pass translations.
//! - **Names** are drawn as far as the embedded font (Latin, Greek, Cyrillic, Hebrew, Arabic)
//!   can draw them. Hebrew and Arabic are shaped (`rustybuzz`) and laid out by the Unicode
//!   bidirectional algorithm (`unicode-bidi`): drawn right to left, Arabic joined, and a name
//!   is isolated from the words around it, which keep their order; direction controls in a
//!   name (U+202E and the like) are dropped. Characters the font lacks (CJK, emoji) are left out, never drawn as boxes, and a name with
//!   nothing drawable left is drawn as its colour; the message that carries the picture keeps
//!   the name. Names are cut to 24 characters with an ellipsis, and all text layout is linear
//!   in the length of the text.
//!
//! # Examples
//!
//! ```
//! use akron_renderer::{render, RenderOptions, View};
//! use akron_rules::Position;
//! let position = Position::from_code("8:w:31,32:8/8/8/8/8/3b4/8/8")?;
//! let png = render(&position, &RenderOptions { view: View::Plan, ..RenderOptions::default() })?;
//! assert_eq!(&png[1..4], b"PNG");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod bracket;
mod canvas;
mod caption;
pub mod chart;
mod geometry;
mod inset;
mod labels;
mod options;
mod overlay;
mod palette;
mod perspective;
mod plan;
mod replay;
mod scene;
mod sprites;
pub mod table;
mod text;
mod zlib;

pub use labels::Labels;
pub use options::{
    default_width, Caption, Inset, LastMove, Layout, RenderOptions, Selection, View, DEFAULT_WIDTH,
    LARGE_BOARD_WIDTH, MAX_WIDTH, MIN_WIDTH,
};

pub use replay::{
    replay, ReplayError, ReplayOptions, Speed, MAX_FRAMES, MAX_REPLAY_BYTES, REPLAY_WIDTH,
};

use akron_rules::{Move, Point, Position};
use canvas::Canvas;
use scene::{Background, Scene};
use sprites::Sprites;
use std::fmt;

/// Why an image could not be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RenderError {
    /// An overlay names a point that is not on the board.
    OffBoard(Point),
    /// An overlay lists more points than the board has.
    TooManyPoints(usize),
    /// The embedded font could not be read.
    Font,
    /// The image could not be allocated.
    Size,
    /// The PNG encoder failed.
    Encode(String),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::OffBoard(p) => write!(f, "point {p} is off the board"),
            RenderError::TooManyPoints(n) => write!(f, "too many points to highlight ({n})"),
            RenderError::Font => f.write_str("the embedded font is unreadable"),
            RenderError::Size => f.write_str("the image is too large"),
            RenderError::Encode(e) => write!(f, "png encoding failed: {e}"),
        }
    }
}

impl std::error::Error for RenderError {}

/// Draws `position` as a PNG.
///
/// The width is clamped to [`MIN_WIDTH`]..=[`MAX_WIDTH`]; the height follows from the view and
/// the board size and is never equal to the width.
///
/// # Errors
///
/// When an overlay names a point off the board or lists more points than the board has.
pub fn render(position: &Position, options: &RenderOptions) -> Result<Vec<u8>, RenderError> {
    validate(position, options)?;
    let scene = scene_for(position, options);
    let background = scene.background()?;
    let (width, height, indices) =
        draw_over(&scene, &background, position, options, true)?.finish();
    palette::encode_over(
        width,
        height,
        &indices,
        &background.indices,
        &background.batches,
    )
}

/// An image's size and how large its text and level-map marbles are, in pixels of the image:
/// what a page needs for an `<img>`'s `width` and `height`, and to tell how large things look
/// when the image is shown at another width (multiply by the shown width over [`Geometry::width`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    /// The image's width.
    pub width: u32,
    /// The image's height.
    pub height: u32,
    /// The height of the board's coordinates.
    pub board_labels: f32,
    /// The caption's smallest text.
    pub caption_text: f32,
    /// The per-level maps, when the image has them.
    pub maps: Option<MapGeometry>,
}

/// The sizes of the per-level maps, in pixels of the image.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MapGeometry {
    /// A marble's diameter.
    pub marble: f32,
    /// The height of the maps' coordinates, 0 when their cells are too small for them.
    pub coordinates: f32,
    /// The height of a map's title (`Level 0`).
    pub titles: f32,
}

/// The [`Geometry`] of the image [`render`] draws of `position` with `options`, without drawing it.
#[must_use]
pub fn geometry(position: &Position, options: &RenderOptions) -> Geometry {
    let scene = scene_for(position, options);
    let (width, height) = scene.dimensions();
    let caption = scene.caption();
    Geometry {
        width,
        height,
        board_labels: scene.label_size(),
        caption_text: caption.status.min(caption.players),
        maps: scene.inset().map(|maps| MapGeometry {
            marble: maps.cell * 0.88,
            coordinates: maps.coordinate_size,
            titles: maps.title_size,
        }),
    }
}

/// Draws `position` on a copy of its cached background.
fn draw(position: &Position, options: &RenderOptions) -> Result<Canvas, RenderError> {
    validate(position, options)?;
    draw_on(&scene_for(position, options), position, options, true)
}

/// The layout `options` asks for.
pub(crate) fn scene_for(position: &Position, options: &RenderOptions) -> Scene {
    let size = position.size();
    let levels = options.inset.levels(position);
    Scene::new(
        options.view,
        options.layout,
        size,
        options.clamped_width(size),
        levels,
        &options.labels.level,
    )
}

/// Draws `position` in `scene`, which must be [`scene_for`] the same position and options;
/// without `overlays`, only the board, the marbles, their levels and the caption.
pub(crate) fn draw_on(
    scene: &Scene,
    position: &Position,
    options: &RenderOptions,
    overlays: bool,
) -> Result<Canvas, RenderError> {
    let background = scene.background()?;
    draw_over(scene, &background, position, options, overlays)
}

/// As [`draw_on`], on `background`, which must be the scene's.
fn draw_over(
    scene: &Scene,
    background: &Background,
    position: &Position,
    options: &RenderOptions,
    overlays: bool,
) -> Result<Canvas, RenderError> {
    let (width, height) = scene.dimensions();
    let mut canvas = Canvas::from_indices(width, height, background.indices.clone())?;
    let mut sprites = Sprites::default();
    scene.draw_marbles(&mut canvas, position, &mut sprites);
    if let Some(inset) = scene.inset() {
        let marked: Vec<Point> =
            options
                .last_move
                .as_ref()
                .filter(|_| overlays)
                .map_or(Vec::new(), |last| {
                    last.mv
                        .to()
                        .into_iter()
                        .chain(last.drops.iter().map(|d| d.to))
                        .collect()
                });
        inset.draw_marbles(&mut canvas, position, &mut sprites, &marked);
    }
    let digits = scene.digits(position, options.level_numbers);
    if overlays {
        overlay::draw_marks(&mut canvas, scene.frame(), position, options, &digits);
    }
    scene.draw_digits(&mut canvas, &digits)?;
    let style = scene.caption();
    if overlays {
        let label = scene.label_size();
        let area = (0.0, style.height, width as f32, height as f32);
        overlay::draw_labels(
            &mut canvas,
            scene.frame(),
            options,
            &digits,
            (area, (label * 0.95, label * 1.3)),
        )?;
    }
    caption::draw(&mut canvas, width, style, position, options, &mut sprites)?;
    Ok(canvas)
}

/// Draws `position` as RGBA pixels (the palette colours of its indices): width, height and bytes.
#[cfg(test)]
fn render_rgba(
    position: &Position,
    options: &RenderOptions,
) -> Result<(u32, u32, Vec<u8>), RenderError> {
    let (width, height, indices) = draw(position, options)?.finish();
    let colors = palette::rgba_table();
    let rgba = indices
        .iter()
        .flat_map(|&i| colors[usize::from(i)])
        .collect();
    Ok((width, height, rgba))
}

/// Checks that every overlay point is on the board and that no list is absurdly long.
fn validate(position: &Position, options: &RenderOptions) -> Result<(), RenderError> {
    let size = position.size();
    let limit = Point::count(size);
    let check = |points: &[Point]| -> Result<(), RenderError> {
        if points.len() > limit {
            return Err(RenderError::TooManyPoints(points.len()));
        }
        match points.iter().find(|p| !p.is_on(size)) {
            Some(&p) => Err(RenderError::OffBoard(p)),
            None => Ok(()),
        }
    };
    if let Some(last) = &options.last_move {
        let mut points: Vec<Point> = match last.mv {
            Move::Place(p) => vec![p],
            Move::Step { from, to } => vec![from, to],
            Move::Swap => Vec::new(),
        };
        if last.drops.len() > limit {
            return Err(RenderError::TooManyPoints(last.drops.len()));
        }
        points.extend(last.drops.iter().flat_map(|d| [d.from, d.to]));
        check(&points)?;
    }
    if let Some(selection) = &options.selected {
        check(&[selection.from])?;
        check(&selection.destinations)?;
        if selection.drops.len() > limit {
            return Err(RenderError::TooManyPoints(selection.drops.len()));
        }
        let points: Vec<Point> = selection
            .drops
            .iter()
            .flat_map(|d| [d.from, d.to])
            .collect();
        check(&points)?;
    }
    for chain in [&options.winning_chain, &options.pending_chain]
        .into_iter()
        .flatten()
    {
        check(chain)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_encoded_over_their_background_are_the_same_bytes(
    ) -> Result<(), Box<dyn std::error::Error>> {
        // The rows still equal to the background's are appended from its cached batches; the
        // file is the one the image encoded from scratch gives, for an empty board (every
        // batch but the caption's from the cache), a full one, both views and both widths.
        let full = Position::from_code("4:w:0,0:bwbw/wbwb/bwbw/wbwb|bw1/wb1/3")?;
        for position in [Position::default(), Position::start(5, 12)?, full] {
            for (view, width) in [(View::Perspective, 1100), (View::Plan, 480)] {
                let options = RenderOptions {
                    view,
                    width,
                    ..RenderOptions::default()
                };
                let (w, h, indices) = draw(&position, &options)?.finish();
                let plain = palette::encode(w, h, &indices)?;
                // Twice: the cache is made by the first.
                assert_eq!(render(&position, &options)?, plain, "{}", position.code());
                assert_eq!(render(&position, &options)?, plain, "{}", position.code());
            }
        }
        Ok(())
    }

    #[test]
    fn off_board_overlays_are_errors() -> Result<(), Box<dyn std::error::Error>> {
        let position = Position::from_code("3:b:4,4:3/3/3")?;
        let options = RenderOptions {
            winning_chain: Some(vec![Point::new(5, 0, 0)]),
            ..RenderOptions::default()
        };
        assert_eq!(
            render(&position, &options),
            Err(RenderError::OffBoard(Point::new(5, 0, 0)))
        );
        let options = RenderOptions {
            selected: Some(Selection {
                from: Point::new(0, 0, 0),
                destinations: vec![Point::new(0, 0, 0); 100],
                drops: Vec::new(),
            }),
            ..RenderOptions::default()
        };
        assert_eq!(
            render(&position, &options),
            Err(RenderError::TooManyPoints(100))
        );
        Ok(())
    }

    #[test]
    fn the_largest_board_at_the_largest_width_stays_bounded(
    ) -> Result<(), Box<dyn std::error::Error>> {
        // A full 16 × 16 pyramid: 1496 marbles, every level filled.
        let mut setup = akron_rules::Setup::empty(16);
        setup.pieces = Point::all(16)
            .map(|p| {
                let color = if (p.x() + p.y() + p.level()) % 2 == 0 {
                    akron_rules::Color::White
                } else {
                    akron_rules::Color::Black
                };
                (p, color)
            })
            .collect();
        let position = Position::from_setup(&setup)?;
        let options = RenderOptions {
            width: MAX_WIDTH,
            winning_chain: Some(Point::all(16).collect()),
            ..RenderOptions::default()
        };
        let png = render(&position, &options)?;
        assert!(png.len() < 4 << 20, "{} bytes", png.len());
        let height = u32::from_be_bytes([png[20], png[21], png[22], png[23]]);
        assert!(height < MAX_WIDTH * 3 / 2, "height {height}");
        Ok(())
    }

    /// The boxes of the labels drawn on `position` and the level digits they must leave alone.
    fn labels_and_digits(
        position: &Position,
        options: &RenderOptions,
    ) -> Result<(Vec<overlay::Bounds>, Vec<overlay::Bounds>), RenderError> {
        let scene = scene_for(position, options);
        let (width, height) = scene.dimensions();
        let mut canvas = Canvas::new(width, height, palette::BACKGROUND)?;
        let digits = scene.digits(position, options.level_numbers);
        let area = (0.0, scene.caption().height, width as f32, height as f32);
        let label = scene.label_size();
        let labels = overlay::draw_labels(
            &mut canvas,
            scene.frame(),
            options,
            &digits,
            (area, (label * 0.95, label * 1.3)),
        )?;
        Ok((labels, digits.iter().map(scene::Digit::bounds).collect()))
    }

    /// Regression: the `3 dropped` pill of the issue's B5-B1 covered two marbles' digits.
    #[test]
    fn cascade_pills_cover_no_level_digit() -> Result<(), Box<dyn std::error::Error>> {
        for (code, mv) in [
            (
                "8:b:32,32:8/6b1/8/1bbwb3/1bbbb3/1wwbb3/1bbbbw2/b7|7/7/7/1bbb3/1bbb3/1bbb3/7|\
                 6/6/6/1bb3/1ww3/6|5/5/5/1b3/5",
                "B5-B1",
            ),
            (
                "8:b:32,32:8/6b1/8/1bbwb3/1bbbb3/1wwbb3/1bbbbw2/b7|7/7/7/1bbb3/1bbb3/1bbb3/7|\
                 6/6/6/1bb3/1ww3/6|5/5/5/1b3/5",
                "E2-F3",
            ),
            ("5:b:8,8:5/5/wbw2/bwb2/bbb2|4/4/bw2/wb2|3/3/b2", "A1-D1"),
        ] {
            for view in [View::Perspective, View::Plan] {
                for width in [480, 1100] {
                    let mut position = Position::from_code(code)?;
                    let last = LastMove::play(&mut position, mv.parse()?)?;
                    assert!(last.drops.len() >= 2);
                    let options = RenderOptions {
                        view,
                        width,
                        last_move: Some(last),
                        ..RenderOptions::default()
                    };
                    let (labels, digits) = labels_and_digits(&position, &options)?;
                    assert_eq!(labels.len(), 1);
                    for digit in &digits {
                        assert!(
                            overlay::overlap_area(labels[0], *digit) <= 0.0,
                            "{mv} {view:?} {width}: the pill covers a digit"
                        );
                    }
                }
            }
        }
        Ok(())
    }

    #[test]
    fn hostile_widths_give_bounded_images() -> Result<(), Box<dyn std::error::Error>> {
        let position = Position::from_code("3:b:4,4:3/3/3")?;
        for view in [View::Perspective, View::Plan] {
            for asked in [1, u32::MAX] {
                let options = RenderOptions {
                    view,
                    width: asked,
                    ..RenderOptions::default()
                };
                let (width, height, rgba) = render_rgba(&position, &options)?;
                assert!((MIN_WIDTH..=MAX_WIDTH).contains(&width));
                assert!(height <= MAX_WIDTH * 3 / 2 && height != width);
                assert_eq!(rgba.len(), (width * height * 4) as usize);
            }
        }
        Ok(())
    }
}
