//! Board pictures: the one place that talks to the renderer.

use akron_renderer::{LastMove, RenderOptions, Selection};
use akron_rules::{Drop, Move, Point, Position};

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
}

/// Draws with the renderer's default perspective view. A failure to draw is not worth
/// refusing a move for: the reply then simply has no picture.
fn render(picture: &Picture<'_>) -> Option<Vec<u8>> {
    let options = RenderOptions {
        last_move: picture.last_move.map(|mv| LastMove {
            mv,
            drops: picture.drops.to_vec(),
        }),
        selected: picture.selected.map(|(from, destinations)| {
            Selection::new(picture.position, from, destinations.to_vec())
        }),
        winning_chain: picture.chain.map(<[Point]>::to_vec),
        ..RenderOptions::default()
    };
    akron_renderer::render(picture.position, &options).ok()
}
