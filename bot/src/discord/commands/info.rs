//! Looking things up: history, records, positions, your games, the rules and help.

use super::{run, Context};
use crate::discord::DiscordError;
use crate::service::Command;

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

/// Draw any position from its code or a game record, with no game attached.
#[poise::command(slash_command, guild_only)]
pub async fn show(
    ctx: Context<'_>,
    #[description = "A position code or a game record"] code: String,
) -> Result<(), DiscordError> {
    run(ctx, Command::Show(code)).await
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
