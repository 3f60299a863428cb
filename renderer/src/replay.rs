//! Animated GIF replays of a game, after lila-gif.
//!
//! A poster frame first, the final position, which is all that a chat client shows a player
//! who has GIF autoplay off; then the position before the first move, and one frame per move,
//! each exactly the still image [`crate::render`] draws for that position with the move's
//! overlay and caption (its number a ply number: every move, a swap too, counts one). Between them, short frames show a stepping marble
//! flying along an arc and the marbles of its cascade falling, level by level. All frames share
//! the renderer's fixed palette as the GIF's global palette; each frame stores only the
//! rectangle that changed, with unchanged pixels transparent. The board and the still parts of
//! an animation are drawn once and only the moving marbles are blitted per frame.

use crate::canvas::Canvas;
use crate::overlay::Spot;
use crate::overlay::{bezier, fall_control};
use crate::palette::{self, UNKNOWN};
use crate::sprites::{Kind, Sprites};
use crate::{
    draw_on, scene_for, Caption, Inset, Labels, LastMove, Layout, RenderError, RenderOptions, View,
};
use akron_rules::{Color, Drop, Game, Move, Position, Reason, WinRule};
use std::borrow::Cow;
use std::fmt;
use std::sync::mpsc;

/// The default width of a replay, in pixels: what a chat client shows without scaling down.
pub const REPLAY_WIDTH: u32 = 640;
/// The most frames a replay holds; longer games are sampled or lose their in-between frames.
pub const MAX_FRAMES: usize = 300;
/// The largest replay, in bytes: Discord's upload limit.
pub const MAX_REPLAY_BYTES: usize = 10 * 1024 * 1024;

/// In-between frames for a step's flight.
const ARC_FRAMES: usize = 2;
/// In-between frames for one level of falling.
const FALL_FRAMES: usize = 2;

/// How fast a replay plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Speed {
    /// Long holds, for studying.
    Slow,
    /// About a second per move.
    #[default]
    Normal,
    /// Quick, for a glance.
    Fast,
}

impl Speed {
    /// How long each move's frame stays, in hundredths of a second.
    #[must_use]
    pub const fn move_delay(self) -> u16 {
        match self {
            Speed::Slow => 180,
            Speed::Normal => 100,
            Speed::Fast => 50,
        }
    }

    /// How long each in-between frame stays, in hundredths of a second.
    #[must_use]
    pub const fn step_delay(self) -> u16 {
        match self {
            Speed::Slow => 12,
            Speed::Normal => 8,
            Speed::Fast => 5,
        }
    }

    /// How long the last frame stays, in hundredths of a second.
    #[must_use]
    pub const fn final_delay(self) -> u16 {
        match self {
            Speed::Slow => 600,
            Speed::Normal => 400,
            Speed::Fast => 250,
        }
    }
}

impl std::str::FromStr for Speed {
    type Err = String;

    fn from_str(s: &str) -> Result<Speed, String> {
        match s.to_ascii_lowercase().as_str() {
            "slow" => Ok(Speed::Slow),
            "normal" => Ok(Speed::Normal),
            "fast" => Ok(Speed::Fast),
            _ => Err(format!(
                "unknown speed {s:?}, expected slow, normal or fast"
            )),
        }
    }
}

/// What [`replay`] draws besides the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayOptions {
    /// Frame width in pixels, clamped like [`RenderOptions::width`]; 0 means [`REPLAY_WIDTH`].
    pub width: u32,
    /// How fast it plays.
    pub speed: Speed,
    /// The first move shown, counted from 1; the replay starts from the position before it.
    /// 0 or 1 start at the beginning.
    pub from: usize,
    /// The last move shown, counted from 1; `None` for the end of the game.
    pub to: Option<usize>,
    /// The game number and the players' names (by the colour each plays at the end of the
    /// game; the replay swaps them back before a swap). `moves_played` and `outcome` are
    /// filled in per frame.
    pub caption: Caption,
    /// The largest GIF allowed, in bytes; [`MAX_REPLAY_BYTES`] by default.
    pub max_bytes: usize,
    /// Landscape for chat (the default) or portrait.
    pub layout: Layout,
    /// Every word drawn; English by default.
    pub labels: Labels,
}

impl Default for ReplayOptions {
    fn default() -> Self {
        ReplayOptions {
            width: 0,
            speed: Speed::Normal,
            from: 0,
            to: None,
            caption: Caption::default(),
            max_bytes: MAX_REPLAY_BYTES,
            layout: Layout::Chat,
            labels: Labels::english(),
        }
    }
}

/// Why a replay could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The range of moves is empty or beyond the game.
    Range {
        /// The first move asked for.
        from: usize,
        /// The last move asked for.
        to: usize,
        /// How many moves the game has.
        moves: usize,
    },
    /// The GIF grew past the limit; a shorter range of moves would fit.
    TooLarge {
        /// The limit in bytes.
        limit: usize,
        /// The moves the range held.
        moves: usize,
    },
    /// A frame could not be drawn.
    Render(RenderError),
    /// The GIF encoder failed.
    Encode(String),
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Range { from, to, moves } => write!(
                f,
                "moves {from} to {to} are not a range of this game's {moves} moves"
            ),
            ReplayError::TooLarge { limit, moves } => write!(
                f,
                "a replay of {moves} moves would be larger than {} MB; ask for fewer moves",
                limit / (1024 * 1024)
            ),
            ReplayError::Render(e) => write!(f, "{e}"),
            ReplayError::Encode(e) => write!(f, "gif encoding failed: {e}"),
        }
    }
}

impl std::error::Error for ReplayError {}

impl From<RenderError> for ReplayError {
    fn from(e: RenderError) -> Self {
        ReplayError::Render(e)
    }
}

impl From<gif::EncodingError> for ReplayError {
    fn from(e: gif::EncodingError) -> Self {
        ReplayError::Encode(e.to_string())
    }
}

/// One move of the replay: the position after it, and the marbles it dropped.
struct Ply {
    /// The move's number, from 1.
    number: usize,
    mv: Move,
    after: Position,
    drops: Vec<Drop>,
}

/// What each frame shows.
#[derive(Clone, Debug, PartialEq)]
enum FrameKind {
    /// The final position, shown first as the replay's poster.
    Poster,
    /// The position before the first move shown.
    Start,
    /// The still image after ply `index` (into the list of plies).
    Move(usize),
    /// Ply `index` in flight: the stepping marble `t` of the way along its arc, or (after the
    /// arc) the cascade `t` of the way down.
    Flight { index: usize, arc: bool, t: f32 },
}

/// The frames to draw, within [`MAX_FRAMES`]: long ranges are sampled, and in-between frames
/// are given out by priority while they fit (one frame per dropped marble, then one per step's
/// arc, spread evenly over the game when not all fit, then the second frame of each), so that a
/// long replay loses its animations gradually rather than all at once.
fn plan(plies: &[Ply]) -> Vec<FrameKind> {
    let budget = MAX_FRAMES - 2;
    let stride = plies.len().div_ceil(budget).max(1);
    let shown: Vec<usize> = (0..plies.len())
        .filter(|i| (i + 1) % stride == 0 || i + 1 == plies.len())
        .collect();
    let mut room = budget.saturating_sub(shown.len());
    let mut falls = vec![0usize; plies.len()];
    let mut arcs = vec![0usize; plies.len()];
    let steps: Vec<usize> = shown
        .iter()
        .copied()
        .filter(|&i| matches!(plies[i].mv, Move::Step { .. }))
        .collect();
    let cascades: Vec<usize> = steps
        .iter()
        .copied()
        .filter(|&i| fall_levels(&plies[i].drops) > 0)
        .collect();
    for pass in 1..=FALL_FRAMES.max(ARC_FRAMES) {
        if pass <= FALL_FRAMES {
            for &i in &cascades {
                let want = fall_levels(&plies[i].drops);
                if want <= room {
                    falls[i] += want;
                    room -= want;
                }
            }
        }
        if pass <= ARC_FRAMES {
            let give = room.min(steps.len());
            for (j, &i) in steps.iter().enumerate() {
                // `give` of the steps, spread evenly.
                if (j + 1) * give / steps.len().max(1) != j * give / steps.len().max(1) {
                    arcs[i] += 1;
                }
            }
            room -= give;
        }
    }
    let mut frames = vec![FrameKind::Poster, FrameKind::Start];
    for &index in &shown {
        let arc = arcs[index];
        frames.extend((1..=arc).map(|i| FrameKind::Flight {
            index,
            arc: true,
            t: i as f32 / (arc + 1) as f32,
        }));
        let count = falls[index];
        frames.extend((1..=count).map(|i| FrameKind::Flight {
            index,
            arc: false,
            t: i as f32 / (count + 1) as f32,
        }));
        frames.push(FrameKind::Move(index));
    }
    frames
}

/// How many one-level falls a cascade shows, one after the other: one per dropped marble.
fn fall_levels(drops: &[Drop]) -> usize {
    drops.len()
}

/// Draws `game` (or the range `options` names) as an animated GIF.
///
/// # Errors
///
/// [`ReplayError::Range`] for a range outside the game, [`ReplayError::TooLarge`] when the GIF
/// would exceed `options.max_bytes` (the caller can then offer a shorter range), and drawing or
/// encoding failures.
///
/// # Examples
///
/// ```
/// use akron_renderer::{replay, ReplayOptions};
/// use akron_rules::{Game, GameOptions};
/// let mut game = Game::new(GameOptions::new(5))?;
/// for mv in ["C3", "B2", "C2"] {
///     game.play(mv.parse()?)?;
/// }
/// let gif = replay(&game, &ReplayOptions::default())?;
/// assert_eq!(&gif[..6], b"GIF89a");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn replay(game: &Game, options: &ReplayOptions) -> Result<Vec<u8>, ReplayError> {
    let moves = game.moves();
    let first = options.from.max(1);
    let last = options.to.unwrap_or(moves.len());
    if moves.is_empty() || first > last || last > moves.len() {
        return Err(ReplayError::Range {
            from: first,
            to: last,
            moves: moves.len(),
        });
    }
    // Replay the whole game once, keeping the range.
    let mut position = game.start().clone();
    let mut start = position.clone();
    let mut plies = Vec::new();
    let mut height = 0;
    for (i, &mv) in moves.iter().enumerate().take(last) {
        let drops = match mv {
            Move::Swap => Vec::new(),
            _ => {
                position
                    .play(mv)
                    .map_err(|e| ReplayError::Encode(format!("move {} ({mv}): {e}", i + 1)))?
                    .drops
            }
        };
        if i + 1 < first {
            start = position.clone();
            continue;
        }
        height = height.max(position.height());
        plies.push(Ply {
            number: i + 1,
            mv,
            after: position.clone(),
            drops,
        });
    }
    height = height.max(start.height());
    let ended = last == moves.len();
    let base = RenderOptions {
        view: View::Perspective,
        layout: options.layout,
        labels: options.labels.clone(),
        width: match options.width {
            0 => REPLAY_WIDTH,
            w => w,
        },
        inset: Inset::Levels(height),
        ..RenderOptions::default()
    };
    let frames = plan(&plies);
    let (width, height) = {
        let opts = still_options(game, None, &start, &plies, ended, &base, options);
        scene_for(&start, &opts).dimensions()
    };
    let (Ok(w), Ok(h)) = (u16::try_from(width), u16::try_from(height)) else {
        return Err(RenderError::Size.into());
    };
    // Drawing and LZW compression take about as long as each other, so they run side by
    // side: this thread draws frames and works out their deltas, a second one compresses and
    // writes them. The channel is short, which bounds the memory held by frames in flight.
    let (sender, receiver) = mpsc::sync_channel::<gif::Frame<'static>>(4);
    let writer = Writer::new(w, h, options.max_bytes, plies.len());
    std::thread::scope(|scope| {
        let written = scope.spawn(move || writer.run(receiver));
        let drawn = draw_frames(
            game, &frames, &plies, &start, ended, &base, options, &sender,
        );
        drop(sender);
        let written = written
            .join()
            .unwrap_or_else(|_| Err(ReplayError::Encode("the encoder stopped".to_string())));
        // A full writer stops reading, which makes drawing fail; its error says why.
        match (drawn, written) {
            (_, Err(e)) | (Err(e), Ok(_)) => Err(e),
            (Ok(()), Ok(bytes)) => Ok(bytes),
        }
    })
}

/// Draws every frame and sends its delta against the previous one to the writer.
#[allow(clippy::too_many_arguments)]
fn draw_frames(
    game: &Game,
    frames: &[FrameKind],
    plies: &[Ply],
    start: &Position,
    ended: bool,
    base: &RenderOptions,
    options: &ReplayOptions,
    sender: &mpsc::SyncSender<gif::Frame<'static>>,
) -> Result<(), ReplayError> {
    let mut sprites = Sprites::default();
    let mut still = Still::default();
    let mut previous: Option<Vec<u8>> = None;
    let transparent = transparent_index();
    for (i, frame) in frames.iter().enumerate() {
        let final_frame = i + 1 == frames.len();
        let (indices, width, delay) = match frame {
            FrameKind::Poster => {
                let Some(ply) = plies.last() else {
                    continue;
                };
                let opts = still_options(game, Some(ply), &ply.after, plies, ended, base, options);
                let (w, _, indices) = crate::draw(&ply.after, &opts)?.finish();
                (indices, w, options.speed.move_delay())
            }
            FrameKind::Start => {
                let opts = still_options(game, None, start, plies, ended, base, options);
                let (w, _, indices) = crate::draw(start, &opts)?.finish();
                (indices, w, options.speed.move_delay())
            }
            FrameKind::Move(index) => {
                let ply = &plies[*index];
                let opts = still_options(game, Some(ply), &ply.after, plies, ended, base, options);
                let (w, _, indices) = crate::draw(&ply.after, &opts)?.finish();
                let delay = if final_frame {
                    options.speed.final_delay()
                } else {
                    options.speed.move_delay()
                };
                (indices, w, delay)
            }
            FrameKind::Flight { index, arc, t } => {
                let ply = &plies[*index];
                let opts = still_options(game, Some(ply), &ply.after, plies, ended, base, options);
                // An in-between frame is a nicety: one that cannot be drawn is left out.
                let Ok(canvas) = flight(ply, &opts, *arc, *t, &mut sprites, &mut still) else {
                    continue;
                };
                let (w, _, indices) = canvas.finish();
                (indices, w, options.speed.step_delay())
            }
        };
        let frame = match &previous {
            None => gif::Frame {
                width: u16::try_from(width).unwrap_or(u16::MAX),
                height: u16::try_from(indices.len() / width.max(1) as usize).unwrap_or(u16::MAX),
                delay,
                dispose: gif::DisposalMethod::Keep,
                buffer: Cow::Owned(indices.clone()),
                ..gif::Frame::default()
            },
            Some(previous) => {
                let (rect, pixels) = delta(previous, &indices, width, transparent);
                gif::Frame {
                    left: rect.0,
                    top: rect.1,
                    width: rect.2,
                    height: rect.3,
                    delay,
                    dispose: gif::DisposalMethod::Keep,
                    transparent: Some(transparent),
                    buffer: Cow::Owned(pixels),
                    ..gif::Frame::default()
                }
            }
        };
        previous = Some(indices);
        if sender.send(frame).is_err() {
            // The writer stopped; its own result explains why.
            return Ok(());
        }
    }
    Ok(())
}

/// The palette index that marks unchanged pixels: the one after the renderer's colours.
fn transparent_index() -> u8 {
    u8::try_from(palette::palette().len()).unwrap_or(UNKNOWN)
}

/// The options of the still image of `position`, after `ply` (or the start when `None`).
fn still_options(
    game: &Game,
    ply: Option<&Ply>,
    position: &Position,
    plies: &[Ply],
    ended: bool,
    base: &RenderOptions,
    options: &ReplayOptions,
) -> RenderOptions {
    let number = ply.map_or(plies.first().map_or(0, |p| p.number - 1), |p| p.number);
    let is_last = ended && ply.is_some_and(|p| Some(p.number) == plies.last().map(|l| l.number));
    let outcome = if is_last { game.outcome() } else { None };
    let mut names = options.caption.names.clone();
    // Before a swap, the player who is Black now was White.
    if game.swapped() && number < 2 {
        std::mem::swap(&mut names.black, &mut names.white);
    }
    let spanning = |color: Color| position.spans(color);
    let mover = position.turn().other();
    let chain = || position.analysis().winning_chain;
    let winning_chain = match outcome {
        Some(o) if o.reason == Reason::Connection => chain(),
        _ => None,
    };
    let pending_chain = (outcome.is_none()
        && ply.is_some()
        && game.win_rule() == WinRule::Delayed
        && spanning(mover))
    .then(chain)
    .flatten();
    RenderOptions {
        caption: Caption {
            game: options.caption.game,
            names,
            moves_played: Some(number),
            outcome,
        },
        last_move: ply.map(|p| LastMove {
            mv: p.mv,
            drops: p.drops.clone(),
        }),
        winning_chain,
        pending_chain,
        ..base.clone()
    }
}

/// The still parts of one move's animation, drawn once and reused by its in-between frames.
#[derive(Default)]
struct Still {
    number: usize,
    canvas: Option<(u32, u32, Vec<u8>)>,
}

/// An in-between frame of `ply`: the position after it without the marbles that move, and
/// those marbles blitted where they are at time `t`.
fn flight(
    ply: &Ply,
    options: &RenderOptions,
    arc: bool,
    t: f32,
    sprites: &mut Sprites,
    still: &mut Still,
) -> Result<Canvas, RenderError> {
    let Move::Step { from, to } = ply.mv else {
        return Err(RenderError::Size);
    };
    let scene = scene_for(&ply.after, options);
    let frame = scene.frame();
    if still.number != ply.number || still.canvas.is_none() {
        // The position after the move without the stepping marble and the dropped ones.
        let mut setup = ply.after.to_setup();
        let moving: Vec<_> = std::iter::once(to)
            .chain(ply.drops.iter().map(|d| d.to))
            .collect();
        setup.pieces.retain(|(p, _)| !moving.contains(p));
        let bare = Position::from_setup(&setup).map_err(|_| RenderError::Size)?;
        let bare_options = RenderOptions {
            pending_chain: None,
            winning_chain: None,
            ..options.clone()
        };
        let mut canvas = draw_on(&scene, &bare, &bare_options, false)?;
        // The level maps show the position after the move throughout.
        if let Some(inset) = scene.inset() {
            inset.draw_marbles(&mut canvas, &ply.after, sprites, &[]);
        }
        let (w, h) = scene.dimensions();
        let (_, _, indices) = canvas.finish();
        still.number = ply.number;
        still.canvas = Some((w, h, indices));
    }
    let Some((w, h, indices)) = &still.canvas else {
        return Err(RenderError::Size);
    };
    let mut canvas = Canvas::from_indices(*w, *h, indices.clone())?;
    let color = ply.after.piece(to).unwrap_or(Color::Black);
    let lerp = |a: Spot, b: Spot, s: f32| Spot {
        x: a.x + (b.x - a.x) * s,
        y: a.y + (b.y - a.y) * s,
        radius: a.radius + (b.radius - a.radius) * s,
    };
    // Drops wait at their old places during the arc, then fall level by level, the lowest
    // first, each accelerating.
    let count = ply.drops.len().max(1) as f32;
    // Each falls along the path its arrow shows: over to its new place, then down into it.
    let mut moving: Vec<(Spot, Color)> = ply
        .drops
        .iter()
        .enumerate()
        .map(|(j, d)| {
            let s = if arc {
                0.0
            } else {
                (t * count - j as f32).clamp(0.0, 1.0)
            };
            let (a, b) = (frame.spot(d.from), frame.spot(d.to));
            let (x, y) = bezier((a.x, a.y), fall_control(a, b), (b.x, b.y), s * s);
            let radius = lerp(a, b, s * s).radius;
            (Spot { x, y, radius }, d.color)
        })
        .collect();
    let (source, destination) = (frame.spot(from), frame.spot(to));
    let flying = if arc {
        let mut spot = lerp(source, destination, t);
        let (dx, dy) = (destination.x - source.x, destination.y - source.y);
        let lift = (dx * dx + dy * dy).sqrt() * 0.3 + source.radius;
        spot.y -= lift * 4.0 * t * (1.0 - t);
        spot
    } else {
        destination
    };
    moving.push((flying, color));
    // Lower marbles first, so that the flying one passes in front.
    for (spot, color) in moving {
        let sprite = sprites.get(Kind::Marble(color), spot.radius);
        canvas.blit(&sprite, spot.x, spot.y);
    }
    Ok(canvas)
}

/// Compresses frames and writes them, until the GIF would pass its size limit.
struct Writer {
    width: u16,
    height: u16,
    limit: usize,
    moves: usize,
}

impl Writer {
    fn new(width: u16, height: u16, limit: usize, moves: usize) -> Writer {
        Writer {
            width,
            height,
            limit,
            moves,
        }
    }

    fn run(self, frames: mpsc::Receiver<gif::Frame<'static>>) -> Result<Vec<u8>, ReplayError> {
        let mut colors: Vec<u8> = palette::palette()
            .iter()
            .flat_map(|c| [c.0, c.1, c.2])
            .collect();
        colors.extend([0, 0, 0]);
        let mut encoder = gif::Encoder::new(Vec::new(), self.width, self.height, &colors)?;
        encoder.set_repeat(gif::Repeat::Infinite)?;
        let too_large = || ReplayError::TooLarge {
            limit: self.limit,
            moves: self.moves,
        };
        for mut frame in frames {
            frame.make_lzw_pre_encoded();
            encoder.write_lzw_pre_encoded_frame(&frame)?;
            if encoder.get_ref().len() > self.limit {
                return Err(too_large());
            }
        }
        let bytes = encoder.into_inner()?;
        if bytes.len() > self.limit {
            return Err(too_large());
        }
        Ok(bytes)
    }
}

/// The smallest rectangle holding every pixel that changed (left, top, width, height), and its
/// pixels with the unchanged ones made transparent. An unchanged frame is one transparent pixel.
fn delta(
    previous: &[u8],
    current: &[u8],
    width: u32,
    transparent: u8,
) -> ((u16, u16, u16, u16), Vec<u8>) {
    let w = width as usize;
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (y, (a, b)) in previous
        .chunks_exact(w)
        .zip(current.chunks_exact(w))
        .enumerate()
    {
        if a == b {
            continue;
        }
        let first = a.iter().zip(b).position(|(p, q)| p != q).unwrap_or(0);
        let last = w
            - 1
            - a.iter()
                .rev()
                .zip(b.iter().rev())
                .position(|(p, q)| p != q)
                .unwrap_or(0);
        x0 = x0.min(first);
        x1 = x1.max(last);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if x0 == usize::MAX {
        return ((0, 0, 1, 1), vec![transparent]);
    }
    let mut pixels = Vec::with_capacity((x1 - x0 + 1) * (y1 - y0 + 1));
    for (a, b) in previous
        .chunks_exact(w)
        .zip(current.chunks_exact(w))
        .skip(y0)
        .take(y1 - y0 + 1)
    {
        let (a, b) = (&a[x0..=x1], &b[x0..=x1]);
        pixels.extend(
            a.iter()
                .zip(b)
                .map(|(&p, &q)| if p == q { transparent } else { q }),
        );
    }
    let to16 = |v: usize| u16::try_from(v).unwrap_or(u16::MAX);
    (
        (to16(x0), to16(y0), to16(x1 - x0 + 1), to16(y1 - y0 + 1)),
        pixels,
    )
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use akron_rules::{GameOptions, Point};

    type TestResult = Result<(), Box<dyn std::error::Error>>;

    /// A 5 × 5 game whose third move steps a marble out from under a two-marble cascade.
    fn cascade_game() -> Result<Game, Box<dyn std::error::Error>> {
        let start = Position::from_code("5:b:8,8:5/5/wbw2/bwb2/bbb2|4/4/bw2/wb2|3/3/b2")?;
        let mut game = Game::from_position(start, WinRule::Delayed);
        for mv in ["E5", "E4", "A1-D1", "D5"] {
            game.play(mv.parse()?)?;
        }
        Ok(game)
    }

    /// A frame composed onto the screen: RGBA pixels, width, height and delay.
    type Screen = (Vec<u8>, u32, u32, u16);

    /// Every frame of a GIF composed onto the screen.
    fn decode(bytes: &[u8]) -> Result<Vec<Screen>, Box<dyn std::error::Error>> {
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(bytes)?;
        let (w, h) = (u32::from(decoder.width()), u32::from(decoder.height()));
        let mut screen = vec![0u8; (w * h * 4) as usize];
        let mut frames = Vec::new();
        while let Some(frame) = decoder.read_next_frame()? {
            assert_eq!(frame.dispose, gif::DisposalMethod::Keep);
            let (left, top) = (usize::from(frame.left), usize::from(frame.top));
            let fw = usize::from(frame.width);
            for (i, px) in frame.buffer.chunks_exact(4).enumerate() {
                if px[3] == 0 {
                    continue;
                }
                let (x, y) = (left + i % fw, top + i / fw);
                let at = 4 * (y * w as usize + x);
                screen[at..at + 4].copy_from_slice(px);
            }
            frames.push((screen.clone(), w, h, frame.delay));
        }
        Ok(frames)
    }

    fn still(
        position: &Position,
        options: &RenderOptions,
    ) -> Result<(Vec<u8>, u32, u32), Box<dyn std::error::Error>> {
        let png = crate::render(position, options)?;
        let image = image::load_from_memory_with_format(&png, image::ImageFormat::Png)?.to_rgba8();
        let (w, h) = image.dimensions();
        Ok((image.into_raw(), w, h))
    }

    #[test]
    fn each_move_frame_is_the_still_image_and_the_cascade_falls() -> TestResult {
        let game = cascade_game()?;
        let options = ReplayOptions {
            width: 480,
            ..ReplayOptions::default()
        };
        let gif = replay(&game, &options)?;
        let frames = decode(&gif)?;
        let speed = Speed::Normal;
        // The poster, the start, four moves, and for the step its arc frames and two falls of
        // two frames.
        assert_eq!(frames.len(), 2 + 4 + ARC_FRAMES + 2 * FALL_FRAMES);
        let delays: Vec<u16> = frames.iter().map(|f| f.3).collect();
        let mut expected = vec![speed.move_delay(); 4];
        expected.extend(vec![speed.step_delay(); ARC_FRAMES + 2 * FALL_FRAMES]);
        expected.extend([speed.move_delay(), speed.final_delay()]);
        assert_eq!(delays, expected);

        // Redo the game and compare every move frame with the still of its position.
        let mut position = game.start().clone();
        let base = RenderOptions {
            width: 480,
            inset: Inset::Levels(3),
            ..RenderOptions::default()
        };
        let mut plies = Vec::new();
        for (i, &mv) in game.moves().iter().enumerate() {
            let drops = position.play(mv)?.drops;
            plies.push(Ply {
                number: i + 1,
                mv,
                after: position.clone(),
                drops,
            });
        }
        let move_frames: Vec<&Screen> = frames
            .iter()
            .skip(1)
            .filter(|f| f.3 != speed.step_delay())
            .collect();
        assert_eq!(move_frames.len(), 5);
        // The poster is the final position.
        assert!(
            frames[0].0 == frames[frames.len() - 1].0,
            "the poster is the last frame"
        );
        for (k, frame) in move_frames.iter().enumerate() {
            let (position, ply) = match k {
                0 => (game.start(), None),
                k => (&plies[k - 1].after, Some(&plies[k - 1])),
            };
            let opts = still_options(&game, ply, position, &plies, true, &base, &options);
            let (pixels, w, h) = still(position, &opts)?;
            assert_eq!((frame.1, frame.2), (w, h), "frame {k}");
            assert!(
                frame.0 == pixels,
                "move frame {k} differs from its still image"
            );
        }
        // The in-between frames differ from both neighbouring stills: something moves.
        let step = frames
            .iter()
            .position(|f| f.3 == speed.step_delay())
            .unwrap();
        for f in &frames[step..step + ARC_FRAMES + 2 * FALL_FRAMES] {
            assert!(f.0 != frames[step - 1].0);
            assert!(f.0 != frames[step + ARC_FRAMES + 2 * FALL_FRAMES].0);
        }
        Ok(())
    }

    #[test]
    fn ranges_speeds_and_the_last_frame() -> TestResult {
        let game = cascade_game()?;
        let options = ReplayOptions {
            width: 400,
            speed: Speed::Fast,
            from: 2,
            to: Some(2),
            ..ReplayOptions::default()
        };
        let frames = decode(&replay(&game, &options)?)?;
        // The poster, the position before move 2, then move 2 (a placement) held as the last
        // frame.
        assert_eq!(frames.len(), 3);
        assert_eq!(frames[2].3, Speed::Fast.final_delay());
        assert_eq!(frames[0].1, 400);
        for (from, to) in [(3, Some(2)), (1, Some(9)), (6, None)] {
            let options = ReplayOptions {
                from,
                to,
                ..ReplayOptions::default()
            };
            assert!(matches!(
                replay(&game, &options),
                Err(ReplayError::Range { moves: 4, .. })
            ));
        }
        assert_eq!("FAST".parse::<Speed>(), Ok(Speed::Fast));
        assert!("warp".parse::<Speed>().is_err());
        Ok(())
    }

    #[test]
    fn a_replay_over_the_size_limit_says_so() -> TestResult {
        let game = cascade_game()?;
        let options = ReplayOptions {
            max_bytes: 20_000,
            ..ReplayOptions::default()
        };
        let error = replay(&game, &options).err();
        assert_eq!(
            error,
            Some(ReplayError::TooLarge {
                limit: 20_000,
                moves: 4
            })
        );
        assert!(error.unwrap().to_string().contains("ask for fewer moves"));
        Ok(())
    }

    #[test]
    fn names_follow_the_players_across_a_swap() -> TestResult {
        let mut game = Game::new(GameOptions::new(5))?;
        for mv in ["C3", "swap", "B2"] {
            game.play(mv.parse()?)?;
        }
        let mut options = ReplayOptions::default();
        // By the colours they play at the end: alice swapped and plays Black.
        options.caption.names = akron_rules::ByColor {
            black: Some("alice".into()),
            white: Some("bob".into()),
        };
        let mut position = game.start().clone();
        let mut plies = Vec::new();
        for (i, &mv) in game.moves().iter().enumerate() {
            if mv != Move::Swap {
                position.play(mv)?;
            }
            plies.push(Ply {
                number: i + 1,
                mv,
                after: position.clone(),
                drops: Vec::new(),
            });
        }
        let base = RenderOptions::default();
        let black = |k: usize| {
            let o = still_options(
                &game,
                Some(&plies[k]),
                &plies[k].after,
                &plies,
                true,
                &base,
                &options,
            );
            o.caption.names.black
        };
        assert_eq!(black(0).as_deref(), Some("bob"), "bob opened as Black");
        assert_eq!(
            black(1).as_deref(),
            Some("alice"),
            "alice is Black after her swap"
        );
        assert_eq!(black(2).as_deref(), Some("alice"));
        Ok(())
    }

    #[test]
    fn frames_are_capped() {
        let ply = |number: usize, mv: Move| Ply {
            number,
            mv,
            after: Position::default(),
            drops: Vec::new(),
        };
        let step = Move::Step {
            from: Point::new(0, 0, 0),
            to: Point::new(1, 0, 0),
        };
        let flights = |frames: &[FrameKind]| {
            frames
                .iter()
                .filter(|f| matches!(f, FrameKind::Flight { .. }))
                .count()
        };
        // A long game is sampled, ends on its last move, and fills what is left with arcs.
        let long: Vec<Ply> = (1..=1000).map(|n| ply(n, step)).collect();
        let frames = plan(&long);
        assert!(frames.len() <= MAX_FRAMES, "{}", frames.len());
        assert_eq!(frames.first(), Some(&FrameKind::Poster));
        assert_eq!(frames.last(), Some(&FrameKind::Move(999)));
        assert_eq!(frames.len(), MAX_FRAMES);
        // A middling one keeps every move and as many arcs as fit, spread over the game.
        let middling: Vec<Ply> = (1..=200).map(|n| ply(n, step)).collect();
        let frames = plan(&middling);
        assert_eq!(frames.len(), MAX_FRAMES);
        assert_eq!(flights(&frames), MAX_FRAMES - 202);
        let first_half = frames[..frames.len() / 2]
            .iter()
            .filter(|f| matches!(f, FrameKind::Flight { .. }))
            .count();
        assert!(first_half > 20 && first_half < 80, "{first_half}");
        // A short one has them all.
        let short: Vec<Ply> = (1..=10).map(|n| ply(n, step)).collect();
        assert_eq!(plan(&short).len(), 12 + 10 * ARC_FRAMES);
    }

    #[test]
    fn a_short_game_is_small() -> TestResult {
        let mut game = Game::new(GameOptions::new(5))?;
        let moves = ["C3", "B2", "C2", "B3", "C4", "B4", "D3", "D2", "D4", "B1"];
        for mv in moves {
            game.play(mv.parse()?)?;
        }
        let gif = replay(&game, &ReplayOptions::default())?;
        assert!(gif.len() < MAX_REPLAY_BYTES / 10, "{}", gif.len());
        Ok(())
    }
}
