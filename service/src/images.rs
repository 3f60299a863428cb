//! Board pictures and table images: the one place that talks to the renderer.

pub use akron_renderer::table::{Align as ColumnAlign, Column, Table};
pub use akron_renderer::{Caption, Geometry, Labels, Layout, MapGeometry, Speed, View};
use akron_renderer::{LastMove, RenderOptions, ReplayError, ReplayOptions, Selection};
use akron_rules::{Drop, Game, Move, Point, Position};

/// What to draw: a position and what to mark on it.
#[derive(Clone, Debug)]
pub struct Picture<'a> {
    /// The position.
    pub position: &'a Position,
    /// The last move, marked.
    pub last_move: Option<Move>,
    /// The marbles that dropped in the last move.
    pub drops: &'a [Drop],
    /// A selected piece and where it can go.
    pub selected: Option<(Point, &'a [Point])>,
    /// A winning chain to highlight.
    pub chain: Option<&'a [Point]>,
    /// Under the delayed rule, the chain the player to move must cut now.
    pub pending: Option<&'a [Point]>,
    /// The game number, the players' names, the move number and the result.
    pub caption: Caption,
    /// Perspective (with per-level maps) or plan.
    pub view: View,
    /// The words drawn on it, in the reader's language (English by default).
    pub labels: Option<&'a Labels>,
    /// For chat (the default), a page, or a page on a phone.
    pub layout: Layout,
    /// The width in pixels; 0 (the default) for the renderer's default for the board size.
    pub width: u32,
}

impl<'a> Picture<'a> {
    /// Just the position.
    #[must_use]
    pub fn new(position: &'a Position) -> Picture<'a> {
        Picture {
            position,
            last_move: None,
            drops: &[],
            selected: None,
            chain: None,
            pending: None,
            caption: Caption::default(),
            view: View::default(),
            labels: None,
            layout: Layout::default(),
            width: 0,
        }
    }
}

/// Draws pictures as PNG bytes.
#[derive(Clone, Debug)]
pub struct Images {
    enabled: bool,
}

impl Images {
    /// A drawer; when `enabled` is false it draws nothing.
    #[must_use]
    pub fn new(enabled: bool) -> Images {
        Images { enabled }
    }

    /// The picture as PNG bytes, or `None` when pictures are off or drawing failed.
    #[must_use]
    pub fn png(&self, picture: &Picture<'_>) -> Option<Vec<u8>> {
        if !self.enabled {
            return None;
        }
        render(picture)
    }

    /// A table (standings, pairings, a leaderboard) as PNG bytes, or `None` when pictures
    /// are off or drawing failed.
    #[must_use]
    pub fn table(&self, table: &Table) -> Option<Vec<u8>> {
        if !self.enabled {
            return None;
        }
        akron_renderer::table::render(table).ok()
    }

    /// A knockout's bracket as a PNG (see [`akron_renderer::bracket`]), when pictures are on.
    #[must_use]
    pub fn bracket(&self, bracket: &akron_renderer::bracket::Bracket) -> Option<Vec<u8>> {
        if !self.enabled {
            return None;
        }
        akron_renderer::bracket::render(bracket).ok()
    }

    /// A double elimination's brackets (see [`akron_renderer::bracket::render_double`]).
    #[must_use]
    pub fn double_bracket(
        &self,
        bracket: &akron_renderer::bracket::DoubleBracket,
    ) -> Option<Vec<u8>> {
        if !self.enabled {
            return None;
        }
        akron_renderer::bracket::render_double(bracket).ok()
    }

    /// A game as an animated GIF (see [`akron_renderer::replay`]).
    ///
    /// # Errors
    ///
    /// A range outside the game, or a GIF that would be too large for a chat upload (the
    /// error says how many moves would fit).
    pub fn gif(&self, game: &Game, options: &ReplayOptions) -> Result<Vec<u8>, ReplayError> {
        akron_renderer::replay(game, options)
    }
}

/// The size of `picture`'s image and of what is drawn in it, without drawing it.
#[must_use]
pub fn geometry(picture: &Picture<'_>) -> Geometry {
    akron_renderer::geometry(picture.position, &options(picture))
}

/// Draws with the renderer's default perspective view. A failure to draw is not worth
/// refusing a move for: the reply then simply has no picture.
fn render(picture: &Picture<'_>) -> Option<Vec<u8>> {
    akron_renderer::render(picture.position, &options(picture)).ok()
}

/// The renderer's options for `picture`.
fn options(picture: &Picture<'_>) -> RenderOptions {
    RenderOptions {
        last_move: picture.last_move.map(|mv| LastMove {
            mv,
            drops: picture.drops.to_vec(),
        }),
        selected: picture.selected.map(|(from, destinations)| {
            Selection::new(picture.position, from, destinations.to_vec())
        }),
        winning_chain: picture.chain.map(<[Point]>::to_vec),
        pending_chain: picture.pending.map(<[Point]>::to_vec),
        caption: picture.caption.clone(),
        view: picture.view,
        labels: picture.labels.cloned().unwrap_or_default(),
        layout: picture.layout,
        width: picture.width,
        ..RenderOptions::default()
    }
}

/// A table picture's text alternative, from its already-translated words: the title, the
/// subtitle, the headings and the rows in order, each row's cells joined by commas, cut to
/// Discord's 1,024 characters at a row.
#[must_use]
pub fn table_alt(table: &Table) -> String {
    const MAX: usize = 1_024;
    let mut alt = table.title.clone();
    if !table.subtitle.is_empty() {
        alt.push_str(". ");
        alt.push_str(&table.subtitle);
    }
    let headings: Vec<&str> = table.columns.iter().map(|c| c.header.as_str()).collect();
    alt.push_str(". ");
    alt.push_str(&headings.join(", "));
    for row in &table.rows {
        let line = format!(". {}", row.join(", "));
        if alt.chars().count() + line.chars().count() + 2 > MAX {
            alt.push_str(" …");
            break;
        }
        alt.push_str(&line);
    }
    alt.chars().take(MAX).collect()
}
