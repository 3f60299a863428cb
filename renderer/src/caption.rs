//! The caption strip: whose turn it is and both piles.

use crate::canvas::{Align, Canvas};
use crate::palette::{Rgb, TEXT};
use crate::sprites::{Kind, Sprites};
use crate::RenderError;
use akron_rules::Position;

/// The caption's text: `Black to move` and `Black 27 · White 26`.
pub(crate) fn texts(position: &Position) -> (String, String) {
    let piles = position.piles();
    (
        format!("{} to move", position.turn().title()),
        format!("Black {} · White {}", piles.black, piles.white),
    )
}

/// Draws the caption across the top `height` pixels.
pub(crate) fn draw(
    canvas: &mut Canvas,
    width: u32,
    height: f32,
    position: &Position,
    sprites: &mut Sprites,
) -> Result<(), RenderError> {
    #[allow(clippy::cast_precision_loss)]
    let width = width as f32;
    let (turn, piles) = texts(position);
    let size = (height * 0.42).round();
    let pad = (height * 0.3).round();
    let y = height * 0.55;
    let radius = size * 0.55;
    let icon = sprites.get(Kind::Marble(position.turn()), radius);
    canvas.blit(&icon, pad + radius, y);
    canvas.text(
        &turn,
        (pad + 2.0 * radius + size * 0.4, y),
        size,
        TEXT,
        Align::Left,
    )?;
    let dim: Rgb = TEXT.scaled(0.8);
    canvas.text(&piles, (width - pad, y), size * 0.9, dim, Align::Right)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caption_names_the_turn_and_both_piles() -> Result<(), akron_rules::CodeError> {
        let position = Position::from_code("8:w:27,26:8/8/8/8/8/8/8/8")?;
        let (turn, piles) = texts(&position);
        assert_eq!(turn, "White to move");
        assert_eq!(piles, "Black 27 · White 26");
        Ok(())
    }
}
