//! One image's layout, and the cached background every image of that layout starts from.
//!
//! A layout places the caption, the view (perspective or plan) and the level maps:
//! [`Layout::Chat`] makes a 4 : 3 landscape image with the maps beside the view, whose caption
//! and level digits stay legible when a chat client shrinks it into a 400 × 300 box;
//! [`Layout::Portrait`] puts the maps under the view.
//!
//! The board, its dips, its coordinates and the maps' wood depend only on the layout, so they
//! are drawn once and kept as palette indices. Each image copies the indices, blits the marbles
//! and overlays, and looks up only the pixels that changed.

use crate::canvas::{Align, Canvas};
use crate::caption::Style;
use crate::geometry::{painter_order, Area};
use crate::overlay::{Frame, Spot};
use crate::palette::{self, BACKGROUND, INK, TEXT};
use crate::sprites::Sprites;
use crate::{inset, perspective, plan, Layout, RenderError, View};
use akron_rules::{Color, Point, Position};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// How many backgrounds are kept; the least recently used one goes first.
const CACHE_LIMIT: usize = 8;
/// The box a chat client shows an image in before it is opened, in pixels.
pub(crate) const PREVIEW: (f32, f32) = (400.0, 300.0);
/// The smallest text height, in pixels of that box, of the chat layout's caption.
pub(crate) const PREVIEW_TEXT: f32 = 11.5;
/// The smallest level map title of the chat layout, in pixels of the preview box.
const MAP_TITLE: f32 = 8.0;
/// The level digit's height over the marble's radius.
const DIGIT_SHARE: f32 = 1.0;

/// The view's own layout.
pub(crate) enum ViewLayout {
    Perspective(perspective::Layout),
    Plan(plan::Layout),
}

/// The layout of one image.
pub(crate) struct Scene {
    view: View,
    layout: Layout,
    size: u8,
    width: u32,
    height: u32,
    caption: Style,
    board: ViewLayout,
    inset: Option<inset::Layout>,
    /// The level maps' title template, drawn into the background.
    level_title: String,
}

/// A drawn background: the palette index of every pixel.
pub(crate) struct Background {
    pub indices: Vec<u8>,
    /// Its rows compressed batch by batch, made when an image is first encoded over it.
    pub batches: OnceLock<palette::Batches>,
}

type Key = (View, Layout, u8, u32, u8, String);
/// Recently used backgrounds, most recent last.
type Cache = Mutex<Vec<(Key, Arc<Background>)>>;

/// A level digit drawn on a marble: where and how large.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Digit {
    pub point: Point,
    pub color: Color,
    pub x: f32,
    pub y: f32,
    pub size: f32,
}

impl Digit {
    /// The box the digit covers: left, top, right, bottom.
    pub(crate) fn bounds(&self) -> (f32, f32, f32, f32) {
        let (w, h) = (self.size * 0.36, self.size * 0.42);
        (self.x - w, self.y - h, self.x + w, self.y + h)
    }
}

impl Scene {
    /// The layout for `view` of an `size` board, `width` pixels wide (already clamped), with
    /// `levels` per-level maps (none when fewer than 2), titled from the `level_title` template.
    pub(crate) fn new(
        view: View,
        layout: Layout,
        size: u8,
        width: u32,
        levels: u8,
        level_title: &str,
    ) -> Scene {
        let w = width as f32;
        let maps = levels >= 2;
        let (height, caption, board, inset) = match layout {
            Layout::Portrait | Layout::Phone => {
                let pad = (w * 0.015).round();
                let phone = layout == Layout::Phone;
                // On a phone the image is shown about 360 pixels wide: its caption is a
                // twenty-fifth and a thirtieth of the width, 14 and 12 of those pixels.
                let caption = if phone {
                    Style::sized((w * 0.04).round(), (w * 0.033).round())
                } else {
                    Style::portrait(w)
                };
                let body_w = w - 2.0 * pad;
                let body_h = match view {
                    View::Perspective => body_w / perspective::aspect(size, true),
                    View::Plan => body_w / plan::aspect(size, true),
                };
                let area = Area::new(pad, caption.height + pad, body_w, body_h);
                let board = Scene::fit(view, size, area, true);
                let top = caption.height + body_h + 2.0 * pad;
                let inset = maps.then(|| {
                    if phone {
                        inset::Layout::phone(size, levels, w, pad, top)
                    } else {
                        inset::Layout::portrait(size, levels, w, pad, top)
                    }
                });
                let bottom = inset
                    .as_ref()
                    .map_or(top, |i| i.used.y + i.used.h + pad * 0.5);
                let mut height = bottom.ceil() as u32;
                if height == width {
                    height += 2;
                }
                (height, caption, board, inset)
            }
            Layout::Chat => {
                let height = (w * 0.75).round() as u32;
                let h = height as f32;
                let scale = (PREVIEW.0 / w).min(PREVIEW.1 / h);
                let caption =
                    Style::sized((PREVIEW_TEXT + 1.0) / scale, (PREVIEW_TEXT / scale).ceil());
                let pad = (w * 0.012).round();
                let body = Area::new(pad, caption.height, w - 2.0 * pad, h - caption.height - pad);
                if maps {
                    let maps_w = Scene::maps_width(view, size, levels, body, scale, w);
                    let gap = pad;
                    let area = Area::new(body.x, body.y, body.w - maps_w - gap, body.h);
                    let board = Scene::fit(view, size, area, false);
                    let maps_area = Area::new(body.x + body.w - maps_w, body.y, maps_w, body.h);
                    let cap = inset::Layout::max_cell(w);
                    let title = MAP_TITLE / scale;
                    let inset = inset::Layout::within(size, levels, maps_area, cap, title);
                    (height, caption, board, Some(inset))
                } else {
                    (height, caption, Scene::fit(view, size, body, true), None)
                }
            }
        };
        Scene {
            view,
            layout,
            size,
            width,
            height,
            caption,
            board,
            inset,
            level_title: level_title.to_string(),
        }
    }

    /// The view's layout in `area`.
    fn fit(view: View, size: u8, area: Area, right_numbers: bool) -> ViewLayout {
        match view {
            View::Perspective => {
                ViewLayout::Perspective(perspective::fit(size, area, right_numbers))
            }
            View::Plan => ViewLayout::Plan(plan::fit(size, area, right_numbers)),
        }
    }

    /// The smallest level digit of the view of an `size` board fitted in `area`.
    fn smallest_digit(view: View, size: u8, area: Area) -> f32 {
        let board = Scene::fit(view, size, area, false);
        // The far corners of level 1 are the farthest marbles that carry a digit, and the
        // apex the smallest disc of the plan view.
        let far = size.saturating_sub(2);
        let apex = size.saturating_sub(1);
        [
            Point::new(0, far, 1),
            Point::new(far, far, 1),
            Point::new(0, 0, apex),
        ]
        .into_iter()
        .map(|p| digit_size(&board, p))
        .fold(f32::MAX, f32::min)
    }

    /// How wide the chat layout's column of maps is: the width the view cannot use anyway, or
    /// what gives the maps cells of 6.5 pixels in the preview box, whichever is more; at most
    /// two fifths of `body` (three tenths above 8 × 8), and never so much that the view's level digits on a board up to
    /// 8 × 8 drop under [`PREVIEW_TEXT`] pixels in the preview box.
    fn maps_width(view: View, size: u8, levels: u8, body: Area, scale: f32, width: f32) -> f32 {
        let gap = (width * 0.012).round();
        let mut most = body.w * if size <= 8 { 0.4 } else { 0.3 };
        let legible = |w: f32| {
            let area = Area::new(body.x, body.y, body.w - w - gap, body.h);
            Scene::smallest_digit(view, size, area) * scale >= PREVIEW_TEXT
        };
        if size <= 8 && legible(0.0) {
            let (mut low, mut high) = (0.0f32, most);
            for _ in 0..16 {
                let mid = (low + high) / 2.0;
                if legible(mid) {
                    low = mid;
                } else {
                    high = mid;
                }
            }
            most = low;
        }
        let aspect = match view {
            View::Perspective => perspective::aspect(size, false),
            View::Plan => plan::aspect(size, false),
        };
        let spare = body.w - aspect * body.h;
        let target = 6.5 / scale;
        let cap = inset::Layout::max_cell(width);
        let (mut low, mut high) = (0.0f32, body.w * 0.4);
        for _ in 0..20 {
            let mid = (low + high) / 2.0;
            let area = Area::new(0.0, 0.0, mid, body.h);
            let maps = inset::Layout::within(size, levels, area, cap, MAP_TITLE / scale);
            if maps.cell >= target.min(cap) {
                high = mid;
            } else {
                low = mid;
            }
        }
        high.max(spare).min(most)
    }

    /// The per-level maps, if this scene has them.
    pub(crate) fn inset(&self) -> Option<&inset::Layout> {
        self.inset.as_ref()
    }

    /// Image width and height.
    pub(crate) fn dimensions(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// The caption's sizes.
    pub(crate) fn caption(&self) -> Style {
        self.caption
    }

    /// Size of the coordinate labels, which other labels follow.
    pub(crate) fn label_size(&self) -> f32 {
        match &self.board {
            ViewLayout::Perspective(l) => l.label_size,
            ViewLayout::Plan(l) => l.label_size,
        }
    }

    /// Maps points to the screen.
    pub(crate) fn frame(&self) -> &dyn Frame {
        match &self.board {
            ViewLayout::Perspective(l) => l,
            ViewLayout::Plan(l) => l,
        }
    }

    /// The marbles of `position` in the order they are painted, with their spots.
    fn painted(&self, position: &Position) -> Vec<(Point, Color, Spot)> {
        let mut pieces: Vec<(Point, Color)> = position.pieces().collect();
        if let ViewLayout::Perspective(l) = &self.board {
            painter_order(&l.camera, &mut pieces);
        }
        let frame = self.frame();
        pieces
            .into_iter()
            .map(|(p, c)| (p, c, frame.spot(p)))
            .collect()
    }

    /// Draws the marbles (their levels come later, with [`Scene::draw_digits`]).
    pub(crate) fn draw_marbles(
        &self,
        canvas: &mut Canvas,
        position: &Position,
        sprites: &mut Sprites,
    ) {
        match &self.board {
            ViewLayout::Perspective(l) => perspective::draw_marbles(canvas, l, position, sprites),
            ViewLayout::Plan(l) => plan::draw_marbles(canvas, l, position, sprites),
        }
    }

    /// The level digits to write on the marbles above level 0 whose middle no later marble
    /// covers; none in the perspective view without `level_numbers`.
    pub(crate) fn digits(&self, position: &Position, level_numbers: bool) -> Vec<Digit> {
        if self.view == View::Perspective && !level_numbers {
            return Vec::new();
        }
        let painted = self.painted(position);
        let spots: Vec<Spot> = painted.iter().map(|m| m.2).collect();
        let offset = match self.board {
            ViewLayout::Perspective(_) => (0.1, 0.14),
            ViewLayout::Plan(_) => (0.0, 0.0),
        };
        painted
            .iter()
            .enumerate()
            .filter(|(i, (p, _, spot))| p.level() > 0 && !centre_hidden(*spot, &spots[i + 1..]))
            .map(|(_, &(point, color, spot))| Digit {
                point,
                color,
                x: spot.x + spot.radius * offset.0,
                y: spot.y + spot.radius * offset.1,
                size: digit_size(&self.board, point),
            })
            .collect()
    }

    /// Writes `digits` in the marbles' contrasting colours.
    pub(crate) fn draw_digits(
        &self,
        canvas: &mut Canvas,
        digits: &[Digit],
    ) -> Result<(), RenderError> {
        for digit in digits {
            let ink = match digit.color {
                Color::Black => TEXT,
                Color::White => INK,
            };
            canvas.text(
                &digit.point.level().to_string(),
                (digit.x, digit.y),
                digit.size,
                ink,
                Align::Centre,
            )?;
        }
        Ok(())
    }

    fn draw_board(&self) -> Result<Background, RenderError> {
        let (width, height) = self.dimensions();
        let mut canvas = Canvas::new(width, height, BACKGROUND)?;
        let mut sprites = Sprites::default();
        match &self.board {
            ViewLayout::Perspective(l) => {
                perspective::draw_board(&mut canvas, l, self.size, &mut sprites)?;
            }
            ViewLayout::Plan(l) => plan::draw_board(&mut canvas, l, self.size, &mut sprites)?,
        }
        if let Some(inset) = &self.inset {
            inset.draw_board(&mut canvas, &mut sprites, &self.level_title)?;
        }
        let (_, _, indices) = canvas.finish();
        Ok(Background {
            indices,
            batches: OnceLock::new(),
        })
    }

    /// The background of this scene, from the cache or freshly drawn.
    pub(crate) fn background(&self) -> Result<Arc<Background>, RenderError> {
        static CACHE: OnceLock<Cache> = OnceLock::new();
        let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
        let levels = self
            .inset()
            .map_or(0, |i| u8::try_from(i.panels.len()).unwrap_or(u8::MAX));
        let key = (
            self.view,
            self.layout,
            self.size,
            self.width,
            levels,
            self.level_title.clone(),
        );
        {
            let mut entries = cache.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(i) = entries.iter().position(|(k, _)| *k == key) {
                let entry = entries.remove(i);
                let background = Arc::clone(&entry.1);
                entries.push(entry);
                return Ok(background);
            }
        }
        let background = Arc::new(self.draw_board()?);
        let mut entries = cache.lock().unwrap_or_else(PoisonError::into_inner);
        if entries.len() >= CACHE_LIMIT {
            entries.remove(0);
        }
        entries.push((key, Arc::clone(&background)));
        Ok(background)
    }
}

/// The size of the level digit written on `p`: in proportion to its marble in perspective; in
/// plan, that of a level-0 marble whatever the level (the higher discs are only a little
/// smaller, and their digits stay as legible).
fn digit_size(board: &ViewLayout, p: Point) -> f32 {
    let radius = match board {
        ViewLayout::Perspective(l) => l.spot(p).radius,
        ViewLayout::Plan(l) => crate::geometry::RADIUS * l.cell,
    };
    (radius * DIGIT_SHARE).max(10.0)
}

/// Whether a marble drawn later covers the middle of `spot`, where its level number would go.
fn centre_hidden(spot: Spot, later: &[Spot]) -> bool {
    later.iter().any(|s| {
        let (dx, dy) = (s.x - spot.x, s.y - spot.y);
        let reach = s.radius + spot.radius * 0.3;
        dx * dx + dy * dy < reach * reach
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perspective::tests::visible_share;

    fn scene(view: View, layout: Layout, size: u8, width: u32, levels: u8) -> Scene {
        Scene::new(view, layout, size, width, levels, "Level {n}")
    }

    /// The scale at which a chat client shows an image of `scene` in its preview box.
    fn preview_scale(scene: &Scene) -> f32 {
        let (w, h) = scene.dimensions();
        (PREVIEW.0 / w as f32).min(PREVIEW.1 / h as f32).min(1.0)
    }

    /// The chat layout, scaled into the 400 × 300 preview box, keeps the caption and every level
    /// digit of boards up to 8 × 8 at least 11 pixels high, measured from its own geometry: the
    /// caption's text sizes and the digit size on every point of the tallest pyramid.
    #[test]
    fn chat_text_is_legible_in_the_preview_box() {
        for view in [View::Perspective, View::Plan] {
            for size in 3..=8u8 {
                for levels in [0, 2, 3, size] {
                    for width in [crate::MIN_WIDTH, 480, 640, 1100, crate::MAX_WIDTH] {
                        let scene = scene(view, Layout::Chat, size, width, levels);
                        let scale = preview_scale(&scene);
                        let caption = scene.caption();
                        for (what, px) in [
                            ("status", caption.status),
                            ("players", caption.players),
                            ("smallest caption text", caption.min),
                        ] {
                            assert!(
                                px * scale >= 11.0,
                                "{view:?} {size} {levels} {width}: {what} {:.1} px",
                                px * scale
                            );
                        }
                        let smallest = Point::all(size)
                            .filter(|p| p.level() > 0)
                            .map(|p| digit_size(&scene.board, p))
                            .fold(f32::MAX, f32::min);
                        assert!(
                            smallest * scale >= 11.0,
                            "{view:?} {size}x{size}, {levels} maps, {width} px: digits {:.1} px",
                            smallest * scale
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn layouts_are_bounded_and_not_square() {
        for layout in [Layout::Chat, Layout::Portrait, Layout::Phone] {
            for view in [View::Perspective, View::Plan] {
                for size in 3..=16 {
                    for width in [400, 1100, 2000] {
                        for levels in [0, 2, size] {
                            let scene = scene(view, layout, size, width, levels);
                            let (w, h) = scene.dimensions();
                            // A page may grow tall under many maps; a chat image never does.
                            let tall = match layout {
                                Layout::Chat => false,
                                Layout::Portrait => levels > 2 || view == View::Plan,
                                Layout::Phone => levels >= 2 || view == View::Plan,
                            };
                            assert!(
                                h != w && (tall || h <= w * 3 / 2) && h >= w / 2,
                                "{layout:?} {view:?} {size} {width} {levels}: {h}"
                            );
                            // Every point of the pyramid lies inside the image, below the caption.
                            for p in [
                                Point::new(0, 0, 0),
                                Point::new(size - 1, size - 1, 0),
                                Point::new(0, 0, size - 1),
                            ] {
                                let s = scene.frame().spot(p);
                                assert!(s.x - s.radius >= 0.0 && s.x + s.radius <= w as f32);
                                assert!(
                                    s.y - s.radius >= scene.caption().height
                                        && s.y + s.radius <= h as f32,
                                    "{layout:?} {view:?} {size} {width} {levels}: {p}"
                                );
                            }
                            if let Some(inset) = scene.inset() {
                                let u = inset.used;
                                assert!(
                                    u.x >= 0.0 && u.x + u.w <= w as f32 + 0.5,
                                    "{layout:?} {view:?} {size} {width} {levels}: {u:?}"
                                );
                                assert!(u.y + u.h <= h as f32 + 0.5, "{layout:?} {size}");
                            }
                        }
                    }
                }
            }
        }
    }

    /// Seeded random moves that climb when they can, until `pieces` marbles are down.
    fn dense_position(size: u8, pieces: usize, seed: u64) -> Position {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let mut position = Position::start(size, 200).unwrap_or_default();
        for _ in 0..2000 {
            let moves = position.legal_moves();
            if moves.is_empty() || position.pieces().count() >= pieces {
                break;
            }
            let climbs: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| m.to().is_some_and(|p| p.level() > 0))
                .collect();
            let places: Vec<_> = moves.iter().copied().filter(|m| m.is_place()).collect();
            let pick = if !climbs.is_empty() && rng.random_bool(0.6) {
                climbs[rng.random_range(0..climbs.len())]
            } else if !places.is_empty() {
                places[rng.random_range(0..places.len())]
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            let _ = position.play(pick);
        }
        position
    }

    /// Every occupied point of random dense positions is seen: its marble in the main view is
    /// at least half uncovered, or the per-level maps show it as a disc of a legible size
    /// inside the image, apart from its neighbours.
    #[test]
    fn every_marble_of_dense_positions_is_visible_somewhere() {
        const MIN_SHARE: f32 = 0.5;
        for layout in [Layout::Chat, Layout::Portrait, Layout::Phone] {
            for (size, pieces) in [(5, 30), (8, 60), (8, 90), (16, 300)] {
                for seed in 0..4 {
                    let position = dense_position(size, pieces, seed);
                    let levels = crate::Inset::Auto.levels(&position);
                    for width in [400, 480, 1100] {
                        let scene = scene(View::Perspective, layout, size, width, levels);
                        let (_, height) = scene.dimensions();
                        let painted = scene.painted(&position);
                        let spots: Vec<Spot> = painted.iter().map(|m| m.2).collect();
                        for (i, &(point, _, _)) in painted.iter().enumerate() {
                            let in_inset = scene
                                .inset()
                                .and_then(|inset| Some((inset.spot(point)?, inset.cell)))
                                .is_some_and(|(s, cell)| {
                                    s.radius >= 1.5
                                        && s.radius * 2.0 <= cell
                                        && s.x - s.radius >= 0.0
                                        && s.x + s.radius <= width as f32
                                        && s.y + s.radius <= height as f32
                                });
                            if in_inset {
                                continue;
                            }
                            let share = visible_share(&spots, i);
                            assert!(
                                share >= MIN_SHARE,
                                "{size}x{size} seed {seed} at {width} px: {point} shows {share:.2}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// The phone layout drawn 720 pixels wide and shown 358 CSS pixels wide (a 390-pixel
    /// phone's page): on boards up to 8 × 8, every level map's marbles are at least 12 of
    /// those pixels across, and their coordinates, titles and the caption at least 9 high.
    #[test]
    fn the_phone_layouts_maps_are_readable_at_a_phones_width() {
        let scale = 358.0 / 720.0;
        for view in [View::Perspective, View::Plan] {
            for size in 3..=8u8 {
                for levels in 2..=size {
                    let scene = scene(view, Layout::Phone, size, 720, levels);
                    let what = format!("{view:?} {size} {levels}");
                    let Some(maps) = scene.inset() else {
                        panic!("{what}: no maps");
                    };
                    assert!(maps.cell * 0.88 * scale >= 12.0, "{what}: marbles");
                    assert!(maps.coordinate_size * scale >= 9.0, "{what}: coordinates");
                    assert!(maps.title_size * scale >= 9.0, "{what}: titles");
                    let caption = scene.caption();
                    assert!(caption.status.min(caption.players) * scale >= 9.0, "{what}");
                    assert!(scene.label_size() * scale >= 9.0, "{what}: board labels");
                }
            }
        }
    }

    #[test]
    fn labels_stay_legible_at_phone_width() {
        for layout in [Layout::Chat, Layout::Portrait, Layout::Phone] {
            for size in 3..=16 {
                for levels in [0, 2, size] {
                    let scene = scene(View::Perspective, layout, size, crate::MIN_WIDTH, levels);
                    assert!(scene.label_size() >= 12.0, "{size}: {}", scene.label_size());
                    if let Some(inset) = scene.inset() {
                        assert!(inset.title_size >= 12.0, "{size} {levels}");
                        // The chat layout's maps beside many levels of a large board are
                        // small at 400 pixels; they are meant to be opened.
                        let least = match layout {
                            Layout::Chat => 2.0,
                            Layout::Portrait | Layout::Phone => 4.5,
                        };
                        assert!(
                            inset.cell >= least,
                            "{layout:?} {size} {levels}: {}",
                            inset.cell
                        );
                    }
                    assert!(scene.caption().min >= crate::caption::MIN_TEXT - 1.0);
                }
            }
        }
    }
}
