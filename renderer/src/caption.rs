//! The caption strip, two lines above the board.
//!
//! The first line says what happens now: whose turn it is, a connection that must be cut, or
//! the result; on its right, the game number and the last move with its number. The second line
//! names both players with their colours and piles.

use crate::canvas::{Align, Canvas};
use crate::palette::{Rgb, TEXT, YELLOW};
use crate::sprites::{Kind, Sprites};
use crate::{RenderError, RenderOptions};
use akron_rules::{Color, Position};

/// The smallest caption text, in pixels: still legible on a phone.
pub(crate) const MIN_TEXT: f32 = 13.0;

/// What the caption says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Texts {
    /// The marble shown before the status: the side to move or the winner.
    pub icon: Option<Color>,
    /// `alice to move`, `White connects: Black must cut it now`, `bob resigned: alice wins`.
    pub status: String,
    /// Whether the game is over.
    pub over: bool,
    /// `Game 12 · Move 23: A2-D3'`.
    pub info: String,
    /// Each player: colour, then `alice · pile 27`.
    pub players: [(Color, String); 2],
}

/// The caption's text for `position` under `options`.
pub(crate) fn texts(position: &Position, options: &RenderOptions) -> Texts {
    let caption = &options.caption;
    let turn = position.turn();
    let (icon, status, over) = match caption.outcome {
        Some(outcome) => (outcome.winner, caption.result_text(outcome), true),
        None if options.pending_chain.is_some() => (
            Some(turn),
            format!(
                "{} connects: {} must cut it now",
                caption.name(turn.other()),
                caption.name(turn)
            ),
            false,
        ),
        None => (Some(turn), format!("{} to move", caption.name(turn)), false),
    };
    let mut info = Vec::new();
    if let Some(game) = caption.game {
        info.push(format!("Game {game}"));
    }
    let last = options.last_move.as_ref().map(|l| l.mv);
    match (caption.moves_played, last) {
        (Some(n), Some(mv)) if n > 0 => info.push(format!("Move {n}: {mv}")),
        (_, Some(mv)) => info.push(format!("Last: {mv}")),
        (Some(0), None) => info.push("Start".to_string()),
        _ => {}
    }
    let piles = position.piles();
    let player =
        |color: Color, pile: u16| (color, format!("{} · pile {pile}", caption.name(color)));
    Texts {
        icon,
        status,
        over,
        info: info.join(" · "),
        players: [
            player(Color::Black, piles.black),
            player(Color::White, piles.white),
        ],
    }
}

/// `text` at the largest size from `size` down to [`MIN_TEXT`] that fits `room`, cut short
/// with `…` when even the smallest does not.
fn fit(text: &str, size: f32, room: f32) -> Result<(String, f32), RenderError> {
    let width = Canvas::text_width(text, size)?;
    if width <= room {
        return Ok((text.to_string(), size));
    }
    let smaller = (size * room / width).max(MIN_TEXT.min(size));
    if Canvas::text_width(text, smaller)? <= room {
        return Ok((text.to_string(), smaller));
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let cut: String = chars.iter().collect::<String>().trim_end().to_string() + "\u{2026}";
        if Canvas::text_width(&cut, smaller)? <= room {
            return Ok((cut, smaller));
        }
    }
    Ok((String::new(), smaller))
}

/// Draws the caption across the top `height` pixels.
pub(crate) fn draw(
    canvas: &mut Canvas,
    width: u32,
    height: f32,
    position: &Position,
    options: &RenderOptions,
    sprites: &mut Sprites,
) -> Result<(), RenderError> {
    let width = width as f32;
    let texts = texts(position, options);
    let pad = (height * 0.22).round();
    let room = width - 2.0 * pad;
    let dim: Rgb = TEXT.scaled(0.78);

    // Line 1: the status on the left, the game and the last move on the right.
    let size = (height * 0.3).round().max(MIN_TEXT);
    let y = height * 0.3;
    let radius = size * 0.55;
    let mut x = pad;
    if let Some(color) = texts.icon {
        let icon = sprites.get(Kind::Marble(color), radius);
        canvas.blit(&icon, x + radius, y);
        x += 2.0 * radius + size * 0.35;
    }
    let info_size = (size * 0.8).max(MIN_TEXT);
    let info_width = if texts.info.is_empty() {
        0.0
    } else {
        Canvas::text_width(&texts.info, info_size)?
    };
    // The status comes first; the information gets what is left, at least a third.
    let status_room = (room - (x - pad) - info_width - size).max(room * 0.6);
    let (status, status_size) = fit(&texts.status, size, status_room)?;
    let status_color = if texts.over { YELLOW } else { TEXT };
    canvas.text(&status, (x, y), status_size, status_color, Align::Left)?;
    let used = x + Canvas::text_width(&status, status_size)? + size * 0.8;
    if !texts.info.is_empty() {
        let (info, info_size) = fit(&texts.info, info_size, width - pad - used)?;
        canvas.text(&info, (width - pad, y), info_size, dim, Align::Right)?;
    }

    // Line 2: both players with their colours and piles.
    let size = (height * 0.24).round().max(MIN_TEXT);
    let y = height * 0.72;
    let radius = size * 0.5;
    let half = room / 2.0;
    for (i, (color, text)) in texts.players.iter().enumerate() {
        let left = pad + half * i as f32;
        let icon = sprites.get(Kind::Marble(*color), radius);
        canvas.blit(&icon, left + radius, y);
        let start = left + 2.0 * radius + size * 0.35;
        let (text, text_size) = fit(text, size, left + half - start - size * 0.5)?;
        canvas.text(&text, (start, y), text_size, dim, Align::Left)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Caption, LastMove};
    use akron_rules::{ByColor, Outcome, Reason};

    #[test]
    fn caption_names_the_turn_and_both_piles() -> Result<(), akron_rules::CodeError> {
        let position = Position::from_code("8:w:27,26:8/8/8/8/8/8/8/8")?;
        let texts = texts(&position, &RenderOptions::default());
        assert_eq!(texts.status, "White to move");
        assert_eq!(texts.players[0].1, "Black · pile 27");
        assert_eq!(texts.players[1].1, "White · pile 26");
        assert_eq!(texts.info, "");
        Ok(())
    }

    #[test]
    fn caption_carries_the_game_the_names_the_move_and_the_result(
    ) -> Result<(), Box<dyn std::error::Error>> {
        let mut position = Position::from_code("8:b:27,26:8/8/8/8/8/8/8/8")?;
        let last = LastMove::play(&mut position, "C3".parse()?)?;
        let mut options = RenderOptions {
            caption: Caption {
                game: Some(12),
                names: ByColor {
                    black: Some("alice".into()),
                    white: Some("bob".into()),
                },
                moves_played: Some(23),
                outcome: None,
            },
            last_move: Some(last),
            ..RenderOptions::default()
        };
        let t = texts(&position, &options);
        assert_eq!(t.status, "bob to move");
        assert_eq!(t.icon, Some(Color::White));
        assert_eq!(t.info, "Game 12 · Move 23: C3");
        assert_eq!(t.players[0].1, "alice · pile 26");
        options.pending_chain = Some(Vec::new());
        assert_eq!(
            texts(&position, &options).status,
            "alice connects: bob must cut it now"
        );
        options.caption.outcome = Some(Outcome::win(Color::Black, Reason::Resignation));
        let t = texts(&position, &options);
        assert_eq!(t.status, "bob resigned: alice wins");
        assert!(t.over);
        Ok(())
    }

    #[test]
    fn long_text_is_shrunk_then_cut() -> Result<(), RenderError> {
        let (text, size) = fit("a name that goes on and on and on", 20.0, 100.0)?;
        assert!(size >= MIN_TEXT);
        assert!(text.ends_with('\u{2026}'), "{text}");
        assert!(Canvas::text_width(&text, size)? <= 100.0);
        let (text, size) = fit("short", 20.0, 100.0)?;
        assert_eq!((text.as_str(), size), ("short", 20.0));
        Ok(())
    }
}
