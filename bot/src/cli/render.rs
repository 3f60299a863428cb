//! `akron render`: draws a position as a PNG file.

use akron_renderer::{render as draw, Caption, LastMove, Layout, RenderOptions, Selection, View};
use akron_rules::{notation, ByColor, Position};
use anyhow::{anyhow, Context, Result};
use clap::Args;
use std::path::PathBuf;

/// Arguments of `akron render`.
#[derive(Args)]
pub struct RenderArgs {
    /// Position code, e.g. `8:b:32,32:8/8/8/8/8/8/8/8`.
    code: String,
    /// Where to write the PNG.
    #[arg(short, long)]
    output: PathBuf,
    /// A move to play on CODE first and then show as the last move, with any marbles that
    /// dropped; the image shows the position after it.
    #[arg(long, allow_hyphen_values = true)]
    last_move: Option<String>,
    /// A piece of the side to move to select; its destinations are labelled with their names.
    #[arg(long)]
    select: Option<String>,
    /// `perspective` (the default) or `plan`, a flat view with each marble's level.
    #[arg(long, default_value = "perspective")]
    view: View,
    /// `chat` (the default: landscape, the level maps beside the board, legible in a chat
    /// client's preview) or `portrait` (the level maps under the board, for a page).
    #[arg(long, default_value = "chat")]
    layout: Layout,
    /// Image width in pixels, clamped to 400..=2000 (default: 1100, or 1300 above 10 × 10).
    #[arg(long)]
    width: Option<u32>,
    /// Highlight the winning chain when a player spans.
    #[arg(long)]
    chain: bool,
    /// Mark links that a crossing severs.
    #[arg(long)]
    severed: bool,
    /// The game number for the caption.
    #[arg(long)]
    game: Option<u64>,
    /// Black's name for the caption (at most 64 characters).
    #[arg(long, value_parser = caption_name)]
    black: Option<String>,
    /// White's name for the caption (at most 64 characters).
    #[arg(long, value_parser = caption_name)]
    white: Option<String>,
}

/// The longest name `--black` and `--white` take, in characters.
const MAX_CAPTION_NAME: usize = 64;

/// A caption name: one line of at most [`MAX_CAPTION_NAME`] characters.
fn caption_name(text: &str) -> Result<String, String> {
    let length = text.chars().count();
    if length > MAX_CAPTION_NAME {
        return Err(format!(
            "a name has at most {MAX_CAPTION_NAME} characters, and this one has {length}"
        ));
    }
    if text.chars().any(char::is_control) {
        return Err("a name is one line of text, without control characters".to_string());
    }
    Ok(text.to_string())
}

/// `akron render CODE -o FILE [--last-move MOVE] [--select POINT] [--view V] [--width PX]`.
pub fn render(args: &RenderArgs) -> Result<()> {
    let mut position =
        Position::from_code(&args.code).map_err(|e| anyhow!("bad position code: {e}"))?;
    let last_move = match &args.last_move {
        Some(text) => {
            let mv =
                notation::read_move(text, position.size()).map_err(|e| anyhow!("{text}: {e}"))?;
            Some(LastMove::play(&mut position, mv).map_err(|e| anyhow!("{mv}: {e}"))?)
        }
        None => None,
    };
    let selected = match &args.select {
        Some(text) => {
            let point =
                notation::read_point(text, position.size()).map_err(|e| anyhow!("{text}: {e}"))?;
            Some(Selection::of(&position, point).map_err(|e| anyhow!("{point}: {e}"))?)
        }
        None => None,
    };
    let winning_chain = if args.chain {
        position.analysis().winning_chain
    } else {
        None
    };
    let options = RenderOptions {
        caption: Caption {
            game: args.game,
            names: ByColor {
                black: args.black.clone(),
                white: args.white.clone(),
            },
            ..Caption::default()
        },
        view: args.view,
        layout: args.layout,
        width: args.width.unwrap_or(0),
        last_move,
        selected,
        winning_chain,
        severed_links: args.severed,
        ..RenderOptions::default()
    };
    let png = draw(&position, &options)?;
    std::fs::write(&args.output, png)
        .with_context(|| format!("cannot write {}", args.output.display()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(code: &str, output: PathBuf) -> RenderArgs {
        RenderArgs {
            code: code.to_string(),
            output,
            last_move: None,
            select: None,
            view: View::Perspective,
            layout: Layout::Chat,
            width: Some(500),
            chain: false,
            severed: false,
            game: None,
            black: None,
            white: None,
        }
    }

    /// Regression (issue 26): a 100,000-character `--black` name took more than 20 s to draw.
    #[test]
    fn an_absurdly_long_caption_name_is_refused() {
        let long = "n".repeat(100_000);
        let why = caption_name(&long).err().unwrap_or_default();
        assert!(
            why.contains("at most 64 characters") && why.contains("100000"),
            "{why}"
        );
        assert_eq!(caption_name("alice").ok().as_deref(), Some("alice"));
    }

    #[test]
    fn writes_a_png_after_playing_the_last_move() -> Result<()> {
        let output = std::env::temp_dir().join(format!("akron-render-{}.png", std::process::id()));
        let mut a = args(
            "5:b:8,8:5/5/wbw2/bwb2/bbb2|4/4/bw2/wb2|3/3/b2",
            output.clone(),
        );
        a.last_move = Some("A1-D1".to_string());
        a.select = Some("C3".to_string());
        a.view = View::Plan;
        a.layout = Layout::Portrait;
        a.game = Some(3);
        a.black = Some("alice".to_string());
        let result = render(&a);
        let bytes = std::fs::read(&output);
        let _ = std::fs::remove_file(&output);
        result?;
        assert_eq!(&bytes?[..8], b"\x89PNG\r\n\x1a\n");
        Ok(())
    }

    #[test]
    fn reports_bad_input() {
        let output = std::env::temp_dir().join("akron-render-never-written.png");
        let error = render(&args("5:b:8,8:5", output.clone())).err();
        assert!(error.is_some_and(|e| e.to_string().starts_with("bad position code")));
        let mut a = args("3:b:4,4:3/3/3", output.clone());
        a.last_move = Some("A1-B2".to_string());
        assert!(render(&a).is_err(), "an illegal last move");
        let mut a = args("3:b:4,4:3/3/3", output.clone());
        a.select = Some("A1".to_string());
        assert!(render(&a).is_err(), "selecting an empty hole");
        assert!(!output.exists());
    }
}
