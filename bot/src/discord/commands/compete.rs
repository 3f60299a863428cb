//! Ratings: `stats` and `leaderboard`.

use super::{run, Context};
use crate::discord::{user_of, DiscordError};
use crate::service::Command;
use poise::serenity_prelude as serenity;

/// Rating, results by colour, longest streak and a rating chart (yours or a player's).
#[poise::command(slash_command, guild_only)]
pub async fn stats(ctx: Context<'_>, player: Option<serenity::User>) -> Result<(), DiscordError> {
    run(ctx, Command::Stats(player.as_ref().map(user_of))).await
}

/// This server's top 20 by rating; provisional ratings come last.
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Leaderboard).await
}
