//! `akron render`: draws a position as a PNG file.

use akron_renderer::{render as draw, LastMove, RenderOptions, Selection, View, DEFAULT_WIDTH};
use akron_rules::{Move, Point, Position};
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
    /// Image width in pixels, clamped to 400..=2000.
    #[arg(long, default_value_t = DEFAULT_WIDTH)]
    width: u32,
    /// Highlight the winning chain when a player spans.
    #[arg(long)]
    chain: bool,
    /// Mark links that a crossing severs.
    #[arg(long)]
    severed: bool,
}

/// `akron render CODE -o FILE [--last-move MOVE] [--select POINT] [--view V] [--width PX]`.
pub fn render(args: &RenderArgs) -> Result<()> {
    let mut position =
        Position::from_code(&args.code).map_err(|e| anyhow!("bad position code: {e}"))?;
    let last_move = match &args.last_move {
        Some(text) => {
            let mv: Move = text.parse().map_err(|e| anyhow!("{text}: {e}"))?;
            Some(LastMove::play(&mut position, mv).map_err(|e| anyhow!("{mv}: {e}"))?)
        }
        None => None,
    };
    let selected = match &args.select {
        Some(text) => {
            let point: Point = text.parse().map_err(|e| anyhow!("{text}: {e}"))?;
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
        view: args.view,
        width: args.width,
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
