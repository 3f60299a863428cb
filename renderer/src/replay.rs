//! Animated GIF replays of a game, after lila-gif.
//!
//! One frame per move, each exactly the still image [`crate::render`] draws for that position
//! with the move's overlay and caption. Between them, short frames show a stepping marble
//! flying along an arc and the marbles of its cascade falling, level by level. All frames share
//! the renderer's fixed palette as the GIF's global palette; each frame stores only the
//! rectangle that changed, with unchanged pixels transparent. The board and the still parts of
//! an animation are drawn once and only the moving marbles are blitted per frame.

use crate::canvas::Canvas;
use crate::overlay::Spot;
use crate::palette::{self, UNKNOWN};
use crate::sprites::{Kind, Sprites};
use crate::{draw_on, scene_for, Caption, Inset, LastMove, RenderError, RenderOptions, View};
use akron_rules::{Color, Drop, Game, Move, Position, Reason, WinRule};
use std::borrow::Cow;
use std::fmt;

/// The default width of a replay, in pixels: what a chat client shows without scaling down.
pub const REPLAY_WIDTH: u32 = 640;
/// The most frames a replay holds; longer games are sampled or lose their in-between frames.
pub const MAX_FRAMES: usize = 300;
/// The largest replay, in bytes: Discord's upload limit.
pub const MAX_REPLAY_BYTES: usize = 10 * 1024 * 1024;

/// In-between frames for a step's flight.
const ARC_FRAMES: usize = 3;
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

/// One move of the replay: the position before and after, and what the move did.
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
    /// The position before the first move shown.
    Start,
    /// The still image after ply `index` (into the list of plies).
    Move(usize),
    /// Ply `index` in flight: the stepping marble `t` of the way along its arc, or (after the
    /// arc) the cascade `t` of the way down.
    Flight { index: usize, arc: bool, t: f32 },
}

/// The frames to draw, within [`MAX_FRAMES`]: long ranges are sampled, and in-between
/// frames are left out when they would not fit.
fn plan(plies: &[Ply]) -> Vec<FrameKind> {
    let budget = MAX_FRAMES - 1;
    let stride = plies.len().div_ceil(budget).max(1);
    let shown: Vec<usize> = (0..plies.len())
        .filter(|i| (i + 1) % stride == 0 || i + 1 == plies.len())
        .collect();
    let steps = shown
        .iter()
        .filter(|&&i| matches!(plies[i].mv, Move::Step { .. }))
        .count();
    let falls: usize = shown
        .iter()
        .map(|&i| fall_levels(&plies[i].drops) * FALL_FRAMES)
        .sum();
    let room = budget.saturating_sub(shown.len());
    let with_falls = stride == 1 && falls <= room;
    let with_arcs = with_falls && falls + steps * ARC_FRAMES <= room;
    let mut frames = vec![FrameKind::Start];
    for &index in &shown {
        let ply = &plies[index];
        if let Move::Step { .. } = ply.mv {
            if with_arcs {
                frames.extend((1..=ARC_FRAMES).map(|i| FrameKind::Flight {
                    index,
                    arc: true,
                    #[allow(clippy::cast_precision_loss)]
                    t: i as f32 / (ARC_FRAMES + 1) as f32,
                }));
            }
            let levels = fall_levels(&ply.drops);
            if with_falls && levels > 0 {
                let count = levels * FALL_FRAMES;
                frames.extend((1..=count).map(|i| FrameKind::Flight {
                    index,
                    arc: false,
                    #[allow(clippy::cast_precision_loss)]
                    t: i as f32 / (count + 1) as f32,
                }));
            }
        }
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
        width: match options.width {
            0 => REPLAY_WIDTH,
            w => w,
        },
        inset: Inset::Levels(height),
        ..RenderOptions::default()
    };
    let frames = plan(&plies);
    let mut encoder = Encoder::new(options.max_bytes, plies.len());
    let mut sprites = Sprites::default();
    for (i, frame) in frames.iter().enumerate() {
        let final_frame = i + 1 == frames.len();
        let (indices, width, height, delay) = match frame {
            FrameKind::Start => {
                let opts = still_options(game, None, &start, &plies, ended, &base, options);
                let (w, h, _, indices) = crate::draw(&start, &opts)?.finish();
                (indices, w, h, options.speed.move_delay())
            }
            FrameKind::Move(index) => {
                let ply = &plies[*index];
                let opts =
                    still_options(game, Some(ply), &ply.after, &plies, ended, &base, options);
                let (w, h, _, indices) = crate::draw(&ply.after, &opts)?.finish();
                let delay = if final_frame {
                    options.speed.final_delay()
                } else {
                    options.speed.move_delay()
                };
                (indices, w, h, delay)
            }
            FrameKind::Flight { index, arc, t } => {
                let ply = &plies[*index];
                let opts =
                    still_options(game, Some(ply), &ply.after, &plies, ended, &base, options);
                let canvas = flight(ply, &opts, *arc, *t, &mut sprites, &mut encoder.still)?;
                let (w, h, _, indices) = canvas.finish();
                (indices, w, h, options.speed.step_delay())
            }
        };
        encoder.frame(width, height, indices, delay)?;
    }
    encoder.finish()
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
    canvas: Option<(u32, u32, Vec<u8>, Vec<u8>)>,
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
            last_move: None,
            pending_chain: None,
            winning_chain: None,
            ..options.clone()
        };
        let canvas = draw_on(&scene, &bare, &bare_options)?;
        let (w, h) = scene.dimensions();
        let (_, _, rgba, indices) = canvas.finish();
        still.number = ply.number;
        still.canvas = Some((w, h, rgba, indices));
    }
    let Some((w, h, rgba, indices)) = &still.canvas else {
        return Err(RenderError::Size);
    };
    let mut canvas = Canvas::from_parts(*w, *h, rgba.clone(), indices.clone())?;
    let color = ply.after.piece(to).unwrap_or(Color::Black);
    let lerp = |a: Spot, b: Spot, s: f32| Spot {
        x: a.x + (b.x - a.x) * s,
        y: a.y + (b.y - a.y) * s,
        radius: a.radius + (b.radius - a.radius) * s,
    };
    // Drops wait at their old places during the arc, then fall level by level, the lowest
    // first, each accelerating.
    #[allow(clippy::cast_precision_loss)]
    let count = ply.drops.len().max(1) as f32;
    let mut moving: Vec<(Spot, Color)> = ply
        .drops
        .iter()
        .enumerate()
        .map(|(j, d)| {
            #[allow(clippy::cast_precision_loss)]
            let s = if arc {
                0.0
            } else {
                (t * count - j as f32).clamp(0.0, 1.0)
            };
            (lerp(frame.spot(d.from), frame.spot(d.to), s * s), d.color)
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

/// Writes frames as GIF deltas against the previous frame.
struct Encoder {
    bytes: Vec<u8>,
    writer: Option<gif::Encoder<Vec<u8>>>,
    previous: Vec<u8>,
    transparent: u8,
    limit: usize,
    moves: usize,
    still: Still,
}

impl Encoder {
    fn new(limit: usize, moves: usize) -> Encoder {
        let transparent = u8::try_from(palette::palette().len()).unwrap_or(UNKNOWN);
        Encoder {
            bytes: Vec::new(),
            writer: None,
            previous: Vec::new(),
            transparent,
            limit,
            moves,
            still: Still::default(),
        }
    }

    fn frame(
        &mut self,
        width: u32,
        height: u32,
        indices: Vec<u8>,
        delay: u16,
    ) -> Result<(), ReplayError> {
        let (Ok(w), Ok(h)) = (u16::try_from(width), u16::try_from(height)) else {
            return Err(RenderError::Size.into());
        };
        if self.writer.is_none() {
            let mut colors: Vec<u8> = palette::palette()
                .iter()
                .flat_map(|c| [c.0, c.1, c.2])
                .collect();
            colors.extend([0, 0, 0]);
            let mut writer = gif::Encoder::new(std::mem::take(&mut self.bytes), w, h, &colors)?;
            writer.set_repeat(gif::Repeat::Infinite)?;
            let frame = gif::Frame {
                width: w,
                height: h,
                delay,
                dispose: gif::DisposalMethod::Keep,
                buffer: Cow::Borrowed(&indices),
                ..gif::Frame::default()
            };
            writer.write_frame(&frame)?;
            self.writer = Some(writer);
            self.previous = indices;
            return self.check_size();
        }
        let (rect, pixels) = delta(&self.previous, &indices, width, self.transparent);
        let frame = gif::Frame {
            left: rect.0,
            top: rect.1,
            width: rect.2,
            height: rect.3,
            delay,
            dispose: gif::DisposalMethod::Keep,
            transparent: Some(self.transparent),
            buffer: Cow::Owned(pixels),
            ..gif::Frame::default()
        };
        if let Some(writer) = self.writer.as_mut() {
            writer.write_frame(&frame)?;
        }
        self.previous = indices;
        self.check_size()
    }

    fn check_size(&self) -> Result<(), ReplayError> {
        let written = self.writer.as_ref().map_or(0, |w| w.get_ref().len());
        if written > self.limit {
            return Err(ReplayError::TooLarge {
                limit: self.limit,
                moves: self.moves,
            });
        }
        Ok(())
    }

    fn finish(self) -> Result<Vec<u8>, ReplayError> {
        let Some(writer) = self.writer else {
            return Err(ReplayError::Encode("no frames".to_string()));
        };
        let bytes = writer.into_inner()?;
        if bytes.len() > self.limit {
            return Err(ReplayError::TooLarge {
                limit: self.limit,
                moves: self.moves,
            });
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
    for y in y0..=y1 {
        let row = y * w;
        for x in x0..=x1 {
            let (p, q) = (previous[row + x], current[row + x]);
            pixels.push(if p == q { transparent } else { q });
        }
    }
    let to16 = |v: usize| u16::try_from(v).unwrap_or(u16::MAX);
    (
        (to16(x0), to16(y0), to16(x1 - x0 + 1), to16(y1 - y0 + 1)),
        pixels,
    )
}
