//! `/akron-review`: looking back at games and positions: the record file, a picture of any
//! position, an animated replay and the engine's analysis.

use super::challenge::RuleChoice;
use super::info::ViewChoice;
use super::{run, run_about, Context};
use crate::discord::DiscordError;
use crate::service::{AnalyzeRequest, Command, GameId};
use akron_service::catalogue::Phrase;
use akron_service::model::escape_markdown;
use akron_service::phrase;
use poise::serenity_prelude as serenity;
use std::time::Duration;

/// Review games and positions: records, pictures, replays and the engine's analysis.
#[poise::command(
    slash_command,
    rename = "akron-review",
    guild_only,
    install_context = "Guild",
    interaction_context = "Guild",
    subcommand_required,
    subcommands("export", "show", "replay", "analyze")
)]
pub async fn review(_ctx: Context<'_>) -> Result<(), DiscordError> {
    Ok(())
}

/// Get this channel's game record as a text file.
#[poise::command(slash_command, guild_only)]
pub async fn export(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Export).await
}

/// Draw any position from its code or a game record (typed, or the file export gives).
#[poise::command(slash_command, guild_only)]
pub async fn show(
    ctx: Context<'_>,
    code: Option<String>,
    record: Option<serenity::Attachment>,
    view: Option<ViewChoice>,
) -> Result<(), DiscordError> {
    let text = match (code, record) {
        (_, Some(file)) => match read_record(&file).await {
            Ok(text) => text,
            Err(why) => return super::refuse(ctx, &why).await,
        },
        (Some(code), None) => code,
        (None, None) => return super::refuse(ctx, &phrase!("discord-show-needs-code")).await,
    };
    run(ctx, Command::Show(text, view.map(ViewChoice::view))).await
}

/// The largest record file `show` reads. An exported 8 × 8 game of 300 moves is about 3 KB.
const MAX_RECORD_BYTES: u32 = 64 * 1024;

/// How long fetching an attached record may take; the interaction must be answered (or
/// deferred) within three seconds, and the service may need its own share of that.
const DOWNLOAD_TIMEOUT: Duration = Duration::from_millis(1200);

/// Fetches an attached record file from Discord. The error is the refusal to show.
async fn read_record(file: &serenity::Attachment) -> Result<String, Phrase> {
    // The file's name as the user gave it, shown literally.
    let name = || escape_markdown(&file.filename);
    let too_big = |bytes: u64| {
        phrase!(
            "discord-record-too-big",
            file = name(),
            size = bytes.div_ceil(1024),
            max = MAX_RECORD_BYTES / 1024
        )
    };
    if file.size > MAX_RECORD_BYTES {
        return Err(too_big(u64::from(file.size)));
    }
    let bytes = match tokio::time::timeout(DOWNLOAD_TIMEOUT, file.download()).await {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(error)) => {
            tracing::warn!(%error, "could not download an attached record");
            return Err(phrase!("discord-record-fetch-failed", file = name()));
        }
        Err(_) => return Err(phrase!("discord-record-fetch-slow", file = name())),
    };
    if bytes.len() > MAX_RECORD_BYTES as usize {
        return Err(too_big(bytes.len() as u64));
    }
    String::from_utf8(bytes).map_err(|_| phrase!("discord-record-not-text", file = name()))
}

/// How fast a replay plays.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum SpeedChoice {
    /// Long holds, for studying.
    #[name = "slow"]
    Slow,
    /// About a second per move.
    #[name = "normal"]
    Normal,
    /// Quick, for a glance.
    #[name = "fast"]
    Fast,
}

/// Watch a game as an animated picture: this channel's game, or game #N.
#[poise::command(slash_command, guild_only)]
pub async fn replay(
    ctx: Context<'_>,
    #[min = 1] game: Option<i64>,
    #[min = 1] from: Option<usize>,
    #[min = 1] to: Option<usize>,
    speed: Option<SpeedChoice>,
) -> Result<(), DiscordError> {
    use crate::service::{ReplayRequest, Speed};
    let replay = ReplayRequest {
        from,
        to,
        speed: speed.map(|s| match s {
            SpeedChoice::Slow => Speed::Slow,
            SpeedChoice::Normal => Speed::Normal,
            SpeedChoice::Fast => Speed::Fast,
        }),
        record: None,
    };
    run_about(
        ctx,
        Command::Replay(replay),
        game.map(crate::service::GameId),
    )
    .await
}
/// A finished game analysed move by move, or the engine's best move in one position.
#[poise::command(slash_command, guild_only)]
pub async fn analyze(
    ctx: Context<'_>,
    #[min = 1] game: Option<i64>,
    #[rename = "move"] ply: Option<usize>,
    #[max_length = 600] code: Option<String>,
    rule: Option<RuleChoice>,
) -> Result<(), DiscordError> {
    let asked = AnalyzeRequest {
        code,
        rule: rule.map(RuleChoice::rule),
        game: game.map(GameId),
        ply,
    };
    run_about(ctx, Command::Analyze(asked), game.map(GameId)).await
}
