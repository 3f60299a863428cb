//! One view's layout, and the cached background every image of that layout starts from.
//!
//! The board, its dips and its coordinates depend only on the view, the board size and the
//! width, so they are drawn once, quantised once and kept. Each image copies the background,
//! blits the marbles and overlays, and re-quantises only the pixels that changed.

use crate::canvas::Canvas;
use crate::overlay::Frame;
use crate::palette::BACKGROUND;
use crate::sprites::Sprites;
use crate::{perspective, plan, RenderError, View};
use akron_rules::Position;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// How many backgrounds are kept; the least recently used one goes first.
const CACHE_LIMIT: usize = 8;

/// The layout of one view.
pub(crate) enum Scene {
    Perspective(perspective::Layout),
    Plan(plan::Layout),
}

/// A drawn, quantised background.
pub(crate) struct Background {
    pub rgba: Vec<u8>,
    pub indices: Vec<u8>,
}

type Key = (View, u8, u32, u8);
/// Recently used backgrounds, most recent last.
type Cache = Mutex<Vec<(Key, Arc<Background>)>>;

impl Scene {
    /// The layout for `view` of an `size` board, `width` pixels wide (already clamped), with
    /// `levels` per-level maps under a perspective view.
    pub(crate) fn new(view: View, size: u8, width: u32, levels: u8) -> Scene {
        match view {
            View::Perspective => Scene::Perspective(perspective::layout(size, width, levels)),
            View::Plan => Scene::Plan(plan::layout(size, width)),
        }
    }

    /// The per-level maps, if this scene has them.
    pub(crate) fn inset(&self) -> Option<&crate::inset::Layout> {
        match self {
            Scene::Perspective(l) => l.inset.as_ref(),
            Scene::Plan(_) => None,
        }
    }

    /// Image width and height.
    pub(crate) fn dimensions(&self) -> (u32, u32) {
        match self {
            Scene::Perspective(l) => (l.width, l.height),
            Scene::Plan(l) => (l.width, l.height),
        }
    }

    /// Height of the caption strip.
    pub(crate) fn caption_height(&self) -> f32 {
        match self {
            Scene::Perspective(l) => l.caption_height,
            Scene::Plan(l) => l.caption_height,
        }
    }

    /// Size of the coordinate labels, which other labels follow.
    pub(crate) fn label_size(&self) -> f32 {
        match self {
            Scene::Perspective(l) => l.label_size,
            Scene::Plan(l) => l.label_size,
        }
    }

    /// Maps points to the screen.
    pub(crate) fn frame(&self) -> &dyn Frame {
        match self {
            Scene::Perspective(l) => l,
            Scene::Plan(l) => l,
        }
    }

    /// Draws the marbles.
    pub(crate) fn draw_marbles(
        &self,
        canvas: &mut Canvas,
        position: &Position,
        sprites: &mut Sprites,
        level_numbers: bool,
    ) -> Result<(), RenderError> {
        match self {
            Scene::Perspective(l) => {
                perspective::draw_marbles(canvas, l, position, sprites, level_numbers)
            }
            Scene::Plan(l) => plan::draw_marbles(canvas, l, position, sprites),
        }
    }

    fn draw_board(&self, size: u8) -> Result<Background, RenderError> {
        let (width, height) = self.dimensions();
        let mut canvas = Canvas::new(width, height, BACKGROUND)?;
        let mut sprites = Sprites::default();
        match self {
            Scene::Perspective(l) => perspective::draw_board(&mut canvas, l, size, &mut sprites)?,
            Scene::Plan(l) => plan::draw_board(&mut canvas, l, size, &mut sprites)?,
        }
        let (_, _, rgba, indices) = canvas.finish();
        Ok(Background { rgba, indices })
    }

    /// The background of this scene, from the cache or freshly drawn.
    pub(crate) fn background(&self, view: View, size: u8) -> Result<Arc<Background>, RenderError> {
        static CACHE: OnceLock<Cache> = OnceLock::new();
        let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
        let levels = self
            .inset()
            .map_or(0, |i| u8::try_from(i.panels.len()).unwrap_or(u8::MAX));
        let key = (view, size, self.dimensions().0, levels);
        {
            let mut entries = cache.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(i) = entries.iter().position(|(k, _)| *k == key) {
                let entry = entries.remove(i);
                let background = Arc::clone(&entry.1);
                entries.push(entry);
                return Ok(background);
            }
        }
        let background = Arc::new(self.draw_board(size)?);
        let mut entries = cache.lock().unwrap_or_else(PoisonError::into_inner);
        if entries.len() >= CACHE_LIMIT {
            entries.remove(0);
        }
        entries.push((key, Arc::clone(&background)));
        Ok(background)
    }
}
