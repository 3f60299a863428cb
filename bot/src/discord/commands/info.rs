//! Looking things up: history, records, positions, your games, the rules and help.

use super::{run, Context};
use crate::discord::{reply, DiscordError};
use crate::service::Command;
use poise::serenity_prelude as serenity;
use std::time::Duration;

/// Show the move list of this channel's game.
#[poise::command(slash_command, guild_only)]
pub async fn history(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::History).await
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
    #[description = "A position code like 5:b:12,12:5/5/5/5/5, or a game record"] code: Option<
        String,
    >,
    #[description = "A game record file, as /akron export attaches it"] record: Option<
        serenity::Attachment,
    >,
    #[description = "Perspective (default: your setting) or plan"] view: Option<ViewChoice>,
) -> Result<(), DiscordError> {
    let text = match (code, record) {
        (_, Some(file)) => match read_record(&file).await {
            Ok(text) => text,
            Err(refusal) => {
                ctx.send(reply::refusal(&refusal).into_poise()).await?;
                return Ok(());
            }
        },
        (Some(code), None) => code,
        (None, None) => {
            let refusal = "Give a position code (`code`), or attach a game record file \
                           (`record`) as `/akron export` makes it.";
            ctx.send(reply::refusal(refusal).into_poise()).await?;
            return Ok(());
        }
    };
    run(ctx, Command::Show(text, view.map(ViewChoice::view))).await
}

/// The largest record file `show` reads. An exported 8 × 8 game of 300 moves is about 3 KB.
const MAX_RECORD_BYTES: u32 = 64 * 1024;

/// How long fetching an attached record may take; the interaction must be answered (or
/// deferred) within three seconds, and the service may need its own share of that.
const DOWNLOAD_TIMEOUT: Duration = Duration::from_millis(1200);

/// Fetches an attached record file from Discord. The error is the refusal to show.
async fn read_record(file: &serenity::Attachment) -> Result<String, String> {
    if file.size > MAX_RECORD_BYTES {
        return Err(format!(
            "{} is {} KB; a game record is at most {} KB. Attach the file `/akron export` gave.",
            file.filename,
            file.size.div_ceil(1024),
            MAX_RECORD_BYTES / 1024
        ));
    }
    let bytes = match tokio::time::timeout(DOWNLOAD_TIMEOUT, file.download()).await {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(error)) => {
            tracing::warn!(%error, "could not download an attached record");
            return Err(format!(
                "I could not fetch {} from Discord. Try again in a moment.",
                file.filename
            ));
        }
        Err(_) => {
            return Err(format!(
                "Fetching {} from Discord took too long. Try again in a moment.",
                file.filename
            ))
        }
    };
    if bytes.len() > MAX_RECORD_BYTES as usize {
        return Err(format!(
            "{} is larger than a game record can be ({} KB at most).",
            file.filename,
            MAX_RECORD_BYTES / 1024
        ));
    }
    String::from_utf8(bytes).map_err(|_| {
        format!(
            "{} is not a text file. Attach the record file `/akron export` gave.",
            file.filename
        )
    })
}

/// List your active games in every channel, marking where it is your turn.
#[poise::command(slash_command, guild_only)]
pub async fn games(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Games).await
}

/// A short summary of the rules of Akron.
#[poise::command(slash_command, guild_only)]
pub async fn rules(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Rules).await
}

/// The list of commands.
#[poise::command(slash_command, guild_only)]
pub async fn help(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Help).await
}

/// Where reminders go.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum RemindersChoice {
    /// A direct message (falling back to a mention in the game's channel).
    #[name = "dm"]
    Direct,
    /// A mention in the game's channel.
    #[name = "channel"]
    Channel,
    /// No reminders.
    #[name = "off"]
    Off,
}

/// Show or change your settings; moderators also set the server's.
#[poise::command(slash_command, guild_only)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "Where your reminders go (default dm)"] reminders: Option<RemindersChoice>,
    #[description = "How your boards are drawn (default perspective)"] view: Option<ViewChoice>,
    #[description = "Moderators: new games open a thread of their own"] thread_games: Option<bool>,
    #[description = "Moderators: a role whose members may create and run tournaments"]
    tournament_role: Option<serenity::Role>,
    #[description = "Moderators: true to forget the tournament role (only moderators then)"]
    no_tournament_role: Option<bool>,
) -> Result<(), DiscordError> {
    use crate::service::{ReminderPlace, ServerRole, Setting};
    let setting = match (reminders, view, thread_games) {
        (Some(choice), _, _) => Some(Setting::Reminders(match choice {
            RemindersChoice::Direct => ReminderPlace::Direct,
            RemindersChoice::Channel => ReminderPlace::Channel,
            RemindersChoice::Off => ReminderPlace::Off,
        })),
        (None, Some(view), _) => Some(Setting::View(view.view())),
        (None, None, Some(on)) => Some(Setting::ThreadGames(on)),
        (None, None, None) => match (tournament_role, no_tournament_role) {
            (Some(role), _) => Some(Setting::TournamentRole(Some(ServerRole {
                id: role.id.get().to_string(),
                name: role.name,
            }))),
            (None, Some(true)) => Some(Setting::TournamentRole(None)),
            (None, _) => None,
        },
    };
    run(ctx, Command::Settings(setting)).await
}

/// Stop your correspondence clocks while you are away (up to 14 days a year).
#[poise::command(slash_command, guild_only)]
pub async fn vacation(
    ctx: Context<'_>,
    #[description = "true to go on vacation, false when you are back"] on: bool,
) -> Result<(), DiscordError> {
    run(ctx, Command::Vacation(on)).await
}

/// How a board is drawn.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ViewChoice {
    /// In perspective, with a small map of each level.
    #[name = "perspective"]
    Perspective,
    /// From straight above, the level written on each marble.
    #[name = "plan"]
    Plan,
}

impl ViewChoice {
    /// The service's view.
    pub fn view(self) -> crate::service::View {
        match self {
            ViewChoice::Perspective => crate::service::View::Perspective,
            ViewChoice::Plan => crate::service::View::Plan,
        }
    }
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
    #[description = "A game number (default: this channel's game)"]
    #[min = 1]
    game: Option<i64>,
    #[description = "The first move shown (default 1)"]
    #[min = 1]
    from: Option<usize>,
    #[description = "The last move shown (default: the last)"]
    #[min = 1]
    to: Option<usize>,
    #[description = "How fast it plays (default normal)"] speed: Option<SpeedChoice>,
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
    super::run_about(
        ctx,
        Command::Replay(replay),
        game.map(crate::service::GameId),
    )
    .await
}
