//! Board pictures for the pages, drawn by the renderer and kept by position.
//!
//! A picture depends only on the position, the move that led to it and what it dropped, so
//! the cache is keyed by those: the same position in two games, or a game's page reloaded a
//! hundred times, is drawn once.

use akron_renderer::ReplayOptions;
use akron_rules::{Color, Game, Move, Position, WinRule};
use akron_service::catalogue::Language;
use akron_service::images::{Images, Layout, Picture};
use akron_service::model::GameId;
use maud::{html, Markup};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, LazyLock, Mutex};

/// One step of a game: the position after it and the move that led there.
#[derive(Clone, Debug)]
pub(super) struct Step {
    /// The position after the move.
    pub position: Position,
    /// The move, with who made it and the drops it caused (as text); `None` for the start.
    pub played: Option<Played>,
}

/// A move as a step shows it.
#[derive(Clone, Debug)]
pub(super) struct Played {
    pub mv: Move,
    pub mover: Color,
    pub drops: Vec<akron_rules::Drop>,
}

/// A game's moves as its page lists them (each with who made it and what it dropped), and
/// the step after `shown` of them (at most all): one replay that keeps no position but that
/// one, so that a long game's page costs its move list and no more. `None` when the stored
/// moves do not replay (damaged data).
pub(super) fn replay(start: &str, moves: &[Move], shown: usize) -> Option<(Vec<Played>, Step)> {
    let mut position: Position = start.parse().ok()?;
    let shown = shown.min(moves.len());
    let mut played = Vec::with_capacity(moves.len());
    let mut step = (shown == 0).then(|| Step {
        position: position.clone(),
        played: None,
    });
    let mut mover = position.turn();
    for &mv in moves {
        let drops = match mv {
            // A swap changes who plays which colour, not the board.
            Move::Swap => Vec::new(),
            _ => {
                mover = position.turn();
                position.play_for_drops(mv).ok()?
            }
        };
        played.push(Played {
            mv,
            mover: if mv == Move::Swap {
                Color::White
            } else {
                mover
            },
            drops,
        });
        if played.len() == shown {
            step = Some(Step {
                position: position.clone(),
                played: played.last().cloned(),
            });
        }
    }
    Some((played, step?))
}

/// The step after the first `ply` of `moves`: [`replay`] of those moves alone.
pub(super) fn step_at(start: &str, moves: &[Move], ply: usize) -> Option<Step> {
    let moves = moves.get(..ply)?;
    replay(start, moves, ply).map(|(_, step)| step)
}

/// The width of the phone's picture: twice the 360 or so CSS pixels a phone shows it at.
pub(super) const PHONE_WIDTH: u32 = 720;

/// The width of the phone's picture for screens of three device pixels a CSS pixel.
pub(super) const DENSE_PHONE_WIDTH: u32 = 1080;

/// Which picture of a step a page asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Shape {
    /// The chat's picture, shown on anything wider than a phone.
    Chat,
    /// The phone's layout, [`PHONE_WIDTH`] wide (two device pixels a CSS pixel).
    Phone,
    /// The phone's layout, [`DENSE_PHONE_WIDTH`] wide (three device pixels a CSS pixel).
    DensePhone,
}

impl Shape {
    fn layout(self) -> Layout {
        match self {
            Shape::Chat => Layout::Chat,
            Shape::Phone | Shape::DensePhone => Layout::Phone,
        }
    }
}

/// What a step's picture in `shape` shows, its words in `language`.
fn picture(step: &Step, language: Language, shape: Shape) -> Picture<'_> {
    let mut picture = Picture::new(&step.position);
    picture.labels = Some(akron_service::catalogue::labels(language));
    if let Some(played) = &step.played {
        picture.last_move = Some(played.mv);
        picture.drops = &played.drops;
    }
    picture.layout = shape.layout();
    match shape {
        Shape::Chat => {}
        Shape::Phone => picture.width = PHONE_WIDTH,
        Shape::DensePhone => picture.width = DENSE_PHONE_WIDTH,
    }
    picture
}

/// The width and height of a step's picture in `shape`, without drawing it. They depend only
/// on the shape, the board's size and how many levels it has, so they are worked out once
/// for each (laying the maps out takes longer than writing a page).
pub(super) fn dimensions(step: &Step, language: Language, shape: Shape) -> (u32, u32) {
    type Sizes = HashMap<(Shape, u8, u8), (u32, u32)>;
    static KNOWN: LazyLock<Mutex<Sizes>> = LazyLock::new(Mutex::default);
    let key = (shape, step.position.size(), step.position.height());
    if let Some(&known) = KNOWN
        .lock()
        .ok()
        .and_then(|k| k.get(&key).copied())
        .as_ref()
    {
        return known;
    }
    let geometry = akron_service::images::geometry(&picture(step, language, shape));
    let sizes = (geometry.width, geometry.height);
    if let Ok(mut known) = KNOWN.lock() {
        known.insert(key, sizes);
    }
    sizes
}

/// Below this width the page shows the phone's picture.
const PHONE_MEDIA: &str = "(max-width: 40rem)";

/// A step's picture on a page, from `src` (the chat's picture; `{src}/phone` and
/// `{src}/phone3x` are the phone's at two and three device pixels a CSS pixel): a phone is
/// given the picture drawn for it at its screen's density, anything wider the chat's; each
/// says its own width and height, so that the page keeps the room it needs while the picture
/// loads.
pub(super) fn picture_markup(src: &str, step: &Step, language: Language, alt: &str) -> Markup {
    let (width, height) = dimensions(step, language, Shape::Chat);
    let (phone_width, phone_height) = dimensions(step, language, Shape::Phone);
    html! {
        picture {
            source #board-phone media=(PHONE_MEDIA)
                srcset={ (src) "/phone " (phone_width) "w, " (src) "/phone3x " (DENSE_PHONE_WIDTH) "w" }
                sizes="calc(100vw - 2rem)" width=(phone_width) height=(phone_height);
            img #board-img src=(src) alt=(alt) width=(width) height=(height);
        }
    }
}

/// Drawn pictures by key, and their keys oldest first (the first to go when full).
type Pictures = (HashMap<String, Arc<Vec<u8>>>, VecDeque<String>);

/// A replay's game, number of moves and language.
type ReplayKey = (GameId, usize, Language);

/// The cache of drawn pictures.
#[derive(Debug)]
pub(super) struct Boards {
    images: Images,
    capacity: usize,
    cache: Mutex<Pictures>,
    /// The latest replays, by game and number of moves.
    gifs: Mutex<VecDeque<(ReplayKey, Arc<Vec<u8>>)>>,
}

/// Replays kept in memory.
const CACHED_REPLAYS: usize = 16;

impl Boards {
    pub(super) fn new(capacity: usize) -> Boards {
        Boards {
            images: Images::new(true),
            capacity: capacity.max(1),
            cache: Mutex::new((HashMap::new(), VecDeque::new())),
            gifs: Mutex::new(VecDeque::new()),
        }
    }

    /// The PNG of a step in `shape` with its words in `language`, from the cache or drawn now.
    pub(super) fn png(
        &self,
        step: &Step,
        _rule: WinRule,
        language: Language,
        shape: Shape,
    ) -> Option<Arc<Vec<u8>>> {
        let key = match &step.played {
            None => format!("{shape:?}|{language}|{}", step.position.code()),
            Some(played) => format!(
                "{shape:?}|{language}|{}|{}|{}",
                step.position.code(),
                played.mv,
                played
                    .drops
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            ),
        };
        if let Some(hit) = self.cache.lock().ok().and_then(|c| c.0.get(&key).cloned()) {
            return Some(hit);
        }
        let png = Arc::new(self.images.png(&picture(step, language, shape))?);
        if let Ok(mut cache) = self.cache.lock() {
            let (map, order) = &mut *cache;
            if map.len() >= self.capacity {
                if let Some(oldest) = order.pop_front() {
                    map.remove(&oldest);
                }
            }
            if map.insert(key.clone(), png.clone()).is_none() {
                order.push_back(key);
            }
        }
        Some(png)
    }

    /// The animated replay of a game with `plies` moves, from the cache or drawn now; `None`
    /// when it cannot be drawn (too large for the renderer's cap).
    pub(super) fn gif(
        &self,
        game: GameId,
        plies: usize,
        replay: &Game,
        options: &ReplayOptions,
        language: Language,
    ) -> Option<Arc<Vec<u8>>> {
        let key = (game, plies, language);
        if let Some(hit) = self.gifs.lock().ok().and_then(|g| {
            g.iter()
                .find(|(k, _)| *k == key)
                .map(|(_, gif)| gif.clone())
        }) {
            return Some(hit);
        }
        let gif = Arc::new(self.images.gif(replay, options).ok()?);
        if let Ok(mut gifs) = self.gifs.lock() {
            if gifs.len() >= CACHED_REPLAYS {
                gifs.pop_front();
            }
            gifs.push_back((key, gif.clone()));
        }
        Some(gif)
    }
}
