//! What to draw: the view, the width, the caption and the overlays.

use crate::Labels;
use akron_rules::{
    ByColor, Color, Drop, Game, IllegalMove, Move, MoveEffect, Outcome, Point, Position, Reason,
};

/// The narrowest image, in pixels.
pub const MIN_WIDTH: u32 = 400;
/// The widest image, in pixels.
pub const MAX_WIDTH: u32 = 2000;
/// The default width, aimed at phones.
pub const DEFAULT_WIDTH: u32 = 1100;
/// The default width for boards larger than 10 × 10, so that their labels stay legible.
pub const LARGE_BOARD_WIDTH: u32 = 1300;

/// The default width for an `size` × `size` board: [`DEFAULT_WIDTH`], or
/// [`LARGE_BOARD_WIDTH`] above 10 × 10.
#[must_use]
pub const fn default_width(size: u8) -> u32 {
    if size > 10 {
        LARGE_BOARD_WIDTH
    } else {
        DEFAULT_WIDTH
    }
}

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

/// How the picture is arranged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Layout {
    /// For chat: a 4 : 3 landscape image with the level maps beside the board, sized so that a
    /// chat client's preview box (about 400 × 300 pixels) shows the caption and the level
    /// digits of boards up to 8 × 8 at least 11 pixels high before it is opened.
    #[default]
    Chat,
    /// For a page: the level maps under the board, the image as tall as it needs.
    Portrait,
    /// For a page on a phone, where the image is shown about 360 CSS pixels wide whatever its
    /// own width: [`Layout::Portrait`] with a larger caption and level maps whose cells are a
    /// twentieth of the width (two maps a row), so that their marbles and coordinates stay
    /// readable without zooming. See [`crate::geometry`] for the sizes an image gets.
    Phone,
}

impl std::str::FromStr for Layout {
    type Err = String;

    fn from_str(s: &str) -> Result<Layout, String> {
        match s.to_ascii_lowercase().as_str() {
            "chat" | "landscape" => Ok(Layout::Chat),
            "portrait" | "page" => Ok(Layout::Portrait),
            "phone" => Ok(Layout::Phone),
            _ => Err(format!(
                "unknown layout {s:?}, expected chat, portrait or phone"
            )),
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

/// A selected piece, the points it may step to and the marbles a step would drop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    /// The selected piece.
    pub from: Point,
    /// Its legal destinations, each drawn with its name.
    pub destinations: Vec<Point>,
    /// The marbles that drop when it steps (the same for every destination): each is marked
    /// with a drop arrow, and each destination's label counts them.
    pub drops: Vec<Drop>,
}

impl Selection {
    /// The selection of the piece on `from`, with its legal destinations and its cascade.
    ///
    /// # Errors
    ///
    /// When `from` holds no piece of the side to move, or that piece may not move.
    pub fn of(position: &Position, from: Point) -> Result<Selection, IllegalMove> {
        let destinations = position.destinations(from)?;
        Ok(Selection::new(position, from, destinations))
    }

    /// The selection of the piece on `from` with the given destinations; the drops are worked
    /// out by playing the step to the first destination on a copy.
    #[must_use]
    pub fn new(position: &Position, from: Point, destinations: Vec<Point>) -> Selection {
        let drops = destinations
            .first()
            .and_then(|&to| {
                let mut copy = position.clone();
                copy.play(Move::Step { from, to }).ok()
            })
            .map(|effect| effect.drops)
            .unwrap_or_default();
        Selection {
            from,
            destinations,
            drops,
        }
    }
}

/// What the caption says about the game besides the position's turn and piles.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Caption {
    /// The game's number, shown as `Game 12`.
    pub game: Option<u64>,
    /// The players' names by the colour each plays now (after any swap); a missing name is
    /// shown as the colour.
    pub names: ByColor<Option<String>>,
    /// The number of moves played, shown with the last move's notation (`Move 23: A2-D3'`).
    /// Moves are counted in plies: every move, a swap included, counts one.
    pub moves_played: Option<usize>,
    /// The result once the game is over: it replaces the turn (`bob resigned: alice wins`).
    pub outcome: Option<Outcome>,
}

impl Caption {
    /// The name of the player of `color`, or the colour's title.
    #[must_use]
    pub fn name(&self, color: Color) -> &str {
        let name = match color {
            Color::Black => &self.names.black,
            Color::White => &self.names.white,
        };
        name.as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .unwrap_or(color.title())
    }

    /// The result in words, in English, with the players' names when known:
    /// `White wins by connection`, `bob resigned: alice wins`, `Draw by repetition`.
    #[must_use]
    pub fn result_text(&self, outcome: Outcome) -> String {
        self.result_text_in(outcome, &Labels::english())
    }

    /// [`Caption::result_text`] with the words of `labels` (another language's).
    #[must_use]
    pub fn result_text_in(&self, outcome: Outcome, labels: &Labels) -> String {
        crate::caption::result_text(outcome, labels, |c| self.name(c).to_string())
    }
}

/// The small per-level plan maps beside (or under) the board, which show every marble's colour
/// even under a stack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Inset {
    /// One map per occupied level once the position has two or more levels.
    #[default]
    Auto,
    /// No maps.
    Off,
    /// Room for at least this many levels (capped at the board size), even before they are
    /// occupied, so that all frames of a replay have one size.
    Levels(u8),
}

impl Inset {
    /// How many level maps to draw for `position`: 0, or from 2 up to the board size.
    #[must_use]
    pub fn levels(self, position: &Position) -> u8 {
        let height = position.height();
        let wanted = match self {
            Inset::Auto => height,
            Inset::Off => 0,
            Inset::Levels(n) => n.max(height),
        };
        if wanted < 2 {
            0
        } else {
            wanted.min(position.size())
        }
    }
}

/// Everything [`crate::render`] needs besides the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// Perspective or plan.
    pub view: View,
    /// Landscape for chat (the default) or portrait.
    pub layout: Layout,
    /// The image width in pixels; clamped to [`MIN_WIDTH`]..=[`MAX_WIDTH`]. 0 (the default)
    /// picks [`default_width`] for the board size.
    pub width: u32,
    /// The game number, the players' names, the move number and the result.
    pub caption: Caption,
    /// Per-level plan maps beside or under the board.
    pub inset: Inset,
    /// Rings the source and destination of the last move and marks the marbles that dropped.
    pub last_move: Option<LastMove>,
    /// Rings a selected piece and labels each of its destinations with its point name.
    pub selected: Option<Selection>,
    /// Highlights a winning chain, usually `position.analysis().winning_chain`.
    pub winning_chain: Option<Vec<Point>>,
    /// Under the delayed rule, the chain of the player who just connected, which the player to
    /// move must cut now; drawn dashed, and the caption says so.
    pub pending_chain: Option<Vec<Point>>,
    /// Writes the level on every marble above level 0 (the plan view always does).
    pub level_numbers: bool,
    /// Marks the links that a crossing severs, from the position's analysis.
    pub severed_links: bool,
    /// Every word drawn; English by default.
    pub labels: Labels,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            view: View::Perspective,
            layout: Layout::Chat,
            width: 0,
            caption: Caption::default(),
            inset: Inset::Auto,
            last_move: None,
            selected: None,
            winning_chain: None,
            pending_chain: None,
            level_numbers: true,
            severed_links: false,
            labels: Labels::english(),
        }
    }
}

impl RenderOptions {
    /// The width actually used for an `size` board: [`RenderOptions::width`] clamped to the
    /// safe range, or [`default_width`] when it is 0.
    #[must_use]
    pub fn clamped_width(&self, size: u8) -> u32 {
        match self.width {
            0 => default_width(size),
            w => w.clamp(MIN_WIDTH, MAX_WIDTH),
        }
    }

    /// Options for the current position of `game`: its last move with the marbles that
    /// dropped, the move count, the result, and the winning or pending chain. Add the game
    /// number and the players' names to [`RenderOptions::caption`].
    #[must_use]
    pub fn of_game(game: &Game) -> RenderOptions {
        let position = game.position();
        let last_move = game.moves().last().map(|&mv| {
            let before = game.taken_back(1);
            let mut copy = before.position().clone();
            let drops = match mv {
                Move::Swap => Vec::new(),
                _ => copy.play(mv).map(|e| e.drops).unwrap_or_default(),
            };
            LastMove { mv, drops }
        });
        let outcome = game.outcome();
        let chain = || position.analysis().winning_chain;
        let winning_chain = match outcome {
            Some(o) if o.reason == Reason::Connection => chain(),
            _ => None,
        };
        let pending_chain = game.pending_connection().and_then(|_| chain());
        RenderOptions {
            caption: Caption {
                moves_played: Some(game.moves().len()),
                outcome,
                ..Caption::default()
            },
            last_move,
            winning_chain,
            pending_chain,
            ..RenderOptions::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_widths_are_clamped() {
        for (asked, used) in [
            (0, DEFAULT_WIDTH),
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
            assert_eq!(options.clamped_width(8), used, "width {asked}");
        }
        assert_eq!(
            RenderOptions::default().clamped_width(16),
            LARGE_BOARD_WIDTH
        );
    }

    #[test]
    fn results_read_as_sentences() {
        let caption = Caption {
            names: ByColor {
                black: Some("alice".into()),
                white: Some("bob".into()),
            },
            ..Caption::default()
        };
        let text = |c: &Caption, o| c.result_text(o);
        assert_eq!(
            text(&caption, Outcome::win(Color::Black, Reason::Resignation)),
            "bob resigned: alice wins"
        );
        assert_eq!(
            text(
                &Caption::default(),
                Outcome::win(Color::White, Reason::Connection)
            ),
            "White wins by connection"
        );
        assert_eq!(
            text(&caption, Outcome::draw(Reason::Repetition)),
            "Draw by repetition"
        );
    }

    #[test]
    fn a_selection_knows_its_drops() -> Result<(), Box<dyn std::error::Error>> {
        let position = Position::from_code("4:b:10,10:4/b3/bw2/bw2|3/3/w2")?;
        let selection = Selection::of(&position, Point::new(0, 0, 0))?;
        assert_eq!(selection.drops.len(), 1);
        assert_eq!(selection.drops[0].from, Point::new(0, 0, 1));
        Ok(())
    }

    #[test]
    fn game_options_carry_the_result_and_the_chain() -> Result<(), Box<dyn std::error::Error>> {
        let mut game = Game::new(akron_rules::GameOptions::new(3))?;
        for mv in ["A1", "B1", "A2", "B2", "A3"] {
            game.play(mv.parse()?)?;
        }
        let options = RenderOptions::of_game(&game);
        assert_eq!(options.caption.moves_played, Some(5));
        assert!(options.last_move.is_some());
        if game.pending_connection().is_some() {
            assert!(options.pending_chain.is_some());
        }
        Ok(())
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
