//! What to draw: the view, the width and the overlays.

use akron_rules::{Drop, IllegalMove, Move, MoveEffect, Point, Position};

/// The narrowest image, in pixels.
pub const MIN_WIDTH: u32 = 400;
/// The widest image, in pixels.
pub const MAX_WIDTH: u32 = 2000;
/// The default width, aimed at phones.
pub const DEFAULT_WIDTH: u32 = 1100;

/// How the board is seen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum View {
    /// A photo-like view from in front of Black's near edge and above.
    #[default]
    Perspective,
    /// A flat diagram from straight above, with the level written in each marble.
    Plan,
}

impl std::str::FromStr for View {
    type Err = String;

    fn from_str(s: &str) -> Result<View, String> {
        match s.to_ascii_lowercase().as_str() {
            "perspective" | "3d" => Ok(View::Perspective),
            "plan" | "flat" | "2d" => Ok(View::Plan),
            _ => Err(format!("unknown view {s:?}, expected perspective or plan")),
        }
    }
}

/// The last move, with the marbles that dropped in its cascade.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastMove {
    /// The move itself; a swap draws nothing.
    pub mv: Move,
    /// The marbles that dropped, each with the point it came from.
    pub drops: Vec<Drop>,
}

impl LastMove {
    /// The last move from a move and what [`Position::play`] said it did.
    #[must_use]
    pub fn new(mv: Move, effect: &MoveEffect) -> LastMove {
        LastMove {
            mv,
            drops: effect.drops.clone(),
        }
    }

    /// Plays `mv` on `position` and returns the last-move overlay for the new position.
    ///
    /// # Errors
    ///
    /// When the move is illegal; the position is then unchanged.
    pub fn play(position: &mut Position, mv: Move) -> Result<LastMove, IllegalMove> {
        let effect = position.play(mv)?;
        Ok(LastMove::new(mv, &effect))
    }
}

/// A selected piece and the points it may step to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    /// The selected piece.
    pub from: Point,
    /// Its legal destinations, each drawn with its name.
    pub destinations: Vec<Point>,
}

impl Selection {
    /// The selection of the piece on `from`, with its legal destinations.
    ///
    /// # Errors
    ///
    /// When `from` holds no piece of the side to move, or that piece may not move.
    pub fn of(position: &Position, from: Point) -> Result<Selection, IllegalMove> {
        Ok(Selection {
            from,
            destinations: position.destinations(from)?,
        })
    }
}

/// Everything [`crate::render`] needs besides the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// Perspective or plan.
    pub view: View,
    /// The image width in pixels; clamped to [`MIN_WIDTH`]..=[`MAX_WIDTH`].
    pub width: u32,
    /// Rings the source and destination of the last move and marks the marbles that dropped.
    pub last_move: Option<LastMove>,
    /// Rings a selected piece and labels each of its destinations with its point name.
    pub selected: Option<Selection>,
    /// Highlights a winning chain, usually `position.analysis().winning_chain`.
    pub winning_chain: Option<Vec<Point>>,
    /// Writes the level on every marble above level 0 (the plan view always writes it).
    pub level_numbers: bool,
    /// Marks the links that a crossing severs, from the position's analysis.
    pub severed_links: bool,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            view: View::Perspective,
            width: DEFAULT_WIDTH,
            last_move: None,
            selected: None,
            winning_chain: None,
            level_numbers: true,
            severed_links: false,
        }
    }
}

impl RenderOptions {
    /// The width actually used: [`RenderOptions::width`] clamped to the safe range.
    #[must_use]
    pub fn clamped_width(&self) -> u32 {
        self.width.clamp(MIN_WIDTH, MAX_WIDTH)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_widths_are_clamped() {
        for (asked, used) in [
            (0, MIN_WIDTH),
            (1, MIN_WIDTH),
            (399, MIN_WIDTH),
            (400, 400),
            (1234, 1234),
            (2000, 2000),
            (2001, MAX_WIDTH),
            (u32::MAX, MAX_WIDTH),
        ] {
            let options = RenderOptions {
                width: asked,
                ..RenderOptions::default()
            };
            assert_eq!(options.clamped_width(), used, "width {asked}");
        }
    }

    #[test]
    fn views_parse() {
        assert_eq!("Plan".parse::<View>(), Ok(View::Plan));
        assert_eq!("perspective".parse::<View>(), Ok(View::Perspective));
        assert!("side".parse::<View>().is_err());
    }

    #[test]
    fn last_move_carries_the_drops() -> Result<(), Box<dyn std::error::Error>> {
        // RULES section 7, "a drop": white (0,0,1) drops into (0,0,0).
        let mut position = Position::from_code("4:b:10,10:4/b3/bw2/bw2|3/3/w2")?;
        let last = LastMove::play(&mut position, "A1-A4".parse()?)?;
        assert_eq!(last.drops.len(), 1);
        assert_eq!(last.drops[0].from, Point::new(0, 0, 1));
        assert_eq!(last.drops[0].to, Point::new(0, 0, 0));
        Ok(())
    }
}
