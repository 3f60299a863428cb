//! `akron replay`: draws a game as an animated GIF.

use akron_bot::record::Record;
use akron_renderer::{replay as animate, ReplayOptions, Speed};
use akron_rules::{ByColor, Game, Move, Position, WinRule};
use anyhow::{anyhow, Context, Result};
use clap::Args;
use std::path::{Path, PathBuf};

/// Arguments of `akron replay`.
#[derive(Args)]
pub struct ReplayArgs {
    /// A game record (a file, or its text) or a position code such as `8:b:32,32:8/8/8/8/8/8/8/8`.
    source: String,
    /// Moves to play after the record's moves or from the position code. Options may follow
    /// them: a move never starts with `-`.
    moves: Vec<String>,
    /// Where to write the GIF.
    #[arg(short, long)]
    output: PathBuf,
    /// The first move shown, counted from 1.
    #[arg(long, default_value_t = 1)]
    from: usize,
    /// The last move shown (default: the last move).
    #[arg(long)]
    to: Option<usize>,
    /// `slow`, `normal` or `fast`.
    #[arg(long, default_value = "normal")]
    speed: Speed,
    /// Frame width in pixels, clamped to 400..=2000 (default 640).
    #[arg(long)]
    width: Option<u32>,
    /// The win rule for a position code: `delayed` (the default) or `immediate`.
    #[arg(long, default_value = "delayed")]
    rule: WinRule,
}

/// `akron replay RECORD-or-CODE [MOVE...] -o FILE [--from N] [--to N] [--speed S]`.
pub fn replay(args: &ReplayArgs) -> Result<()> {
    let text = if Path::new(&args.source).is_file() {
        std::fs::read_to_string(&args.source)
            .with_context(|| format!("cannot read {}", args.source))?
    } else {
        args.source.clone()
    };
    let (mut game, mut options) = if Record::looks_like_record(&text) {
        let record = Record::parse(&text).map_err(|e| anyhow!("bad record: {e}"))?;
        let game = record.replay().map_err(|e| anyhow!("bad record: {e}"))?;
        let mut names = ByColor {
            black: record.tag("Black").map(str::to_string),
            white: record.tag("White").map(str::to_string),
        };
        // The tags name the players by their colours at the start.
        if game.swapped() {
            std::mem::swap(&mut names.black, &mut names.white);
        }
        let mut options = ReplayOptions::default();
        options.caption.names = names;
        options.caption.game = record.tag("Game").and_then(|g| g.parse().ok());
        (game, options)
    } else {
        let position = Position::from_code(text.trim()).map_err(|e| {
            if looks_like_a_file_name(&args.source) {
                anyhow!(
                    "there is no file {}, and it is not a position code either ({e})",
                    args.source
                )
            } else {
                anyhow!("bad position code: {e}")
            }
        })?;
        (
            Game::from_position(position, args.rule),
            ReplayOptions::default(),
        )
    };
    for text in &args.moves {
        let mv: Move = text.parse().map_err(|e| anyhow!("{text}: {e}"))?;
        game.play(mv).map_err(|e| anyhow!("{mv}: {e}"))?;
    }
    options.width = args.width.unwrap_or(0);
    options.speed = args.speed;
    options.from = args.from;
    options.to = args.to;
    let gif = animate(&game, &options)?;
    std::fs::write(&args.output, gif)
        .with_context(|| format!("cannot write {}", args.output.display()))?;
    Ok(())
}

/// Whether a source that is neither a file nor a record was more likely meant as a file than
/// as a position code: a code is one line of `:`-separated fields (`5:b:12,12:5/5/5/5/5`), so
/// one line without a `:` (`game.txt`), or with a Windows path's `\`, names a file.
fn looks_like_a_file_name(source: &str) -> bool {
    let source = source.trim();
    !source.is_empty() && !source.contains('\n') && (!source.contains(':') || source.contains('\\'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(source: &str, moves: &[&str], output: PathBuf) -> ReplayArgs {
        ReplayArgs {
            source: source.to_string(),
            moves: moves.iter().map(|m| (*m).to_string()).collect(),
            output,
            from: 1,
            to: None,
            speed: Speed::Fast,
            width: Some(400),
            rule: WinRule::Delayed,
        }
    }

    #[test]
    fn writes_a_gif_from_a_code_and_moves_and_from_a_record() -> Result<()> {
        let output = std::env::temp_dir().join(format!("akron-replay-{}.gif", std::process::id()));
        let result = replay(&args(
            "5:b:12,12:5/5/5/5/5",
            &["C3", "B2", "C2"],
            output.clone(),
        ));
        let bytes = std::fs::read(&output);
        let _ = std::fs::remove_file(&output);
        result?;
        assert_eq!(&bytes?[..6], b"GIF89a");

        let record = "[Game \"4\"]\n[Black \"alice\"]\n[White \"bob\"]\n[Size \"5\"]\n\n1. C3 swap\n2. B2 C2\n";
        let result = replay(&args(record, &["D4"], output.clone()));
        let bytes = std::fs::read(&output);
        let _ = std::fs::remove_file(&output);
        result?;
        assert_eq!(&bytes?[..6], b"GIF89a");
        Ok(())
    }

    #[test]
    fn reports_bad_input() {
        let output = std::env::temp_dir().join("akron-replay-never-written.gif");
        let error = replay(&args("5:b:8,8:5", &["C3"], output.clone())).err();
        assert!(error.is_some_and(|e| e.to_string().starts_with("bad position code")));
        assert!(replay(&args("3:b:4,4:3/3/3", &["A1-B2"], output.clone())).is_err());
        let error = replay(&args("3:b:4,4:3/3/3", &[], output.clone())).err();
        assert!(
            error.is_some_and(|e| e.to_string().contains("range")),
            "a game without moves has nothing to replay"
        );
        assert!(!output.exists());
    }

    #[test]
    fn replay_of_a_missing_file_says_there_is_no_such_file() {
        let output = std::env::temp_dir().join("akron-replay-missing-never-written.gif");
        let error = replay(&args("no-such-game.txt", &[], output.clone()))
            .err()
            .map(|e| e.to_string());
        assert_eq!(
            error.as_deref().map(|e| e.split(" (").next().unwrap_or(e)),
            Some("there is no file no-such-game.txt, and it is not a position code either"),
            "{error:?}"
        );
        // A mistyped position code is still called a bad position code.
        let error = replay(&args("5:b:12,12", &[], output.clone())).err();
        assert!(
            error.is_some_and(|e| e.to_string().starts_with("bad position code")),
            "a code with too few fields"
        );
        assert!(!output.exists());
    }
}
