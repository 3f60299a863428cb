//! `/akron-watch`: following other players' games by direct message (issue 43). `/akron`
//! holds 24 subcommands with `rematch`, and Discord allows 25, so `follow` and `unfollow` are
//! a family of their own.

use super::{run_about, Context};
use crate::discord::{user_of, DiscordError};
use crate::service::{Command, GameId};
use poise::serenity_prelude as serenity;

/// Follow games and players by direct message.
#[poise::command(
    slash_command,
    rename = "akron-watch",
    guild_only,
    install_context = "Guild",
    interaction_context = "Guild",
    subcommand_required,
    subcommands("follow", "unfollow")
)]
pub async fn watch(_ctx: Context<'_>) -> Result<(), DiscordError> {
    Ok(())
}

/// Get each move and the result of a game, or each new game of a player, by direct message.
#[poise::command(slash_command, guild_only)]
pub async fn follow(
    ctx: Context<'_>,
    #[min = 1] game: Option<i64>,
    player: Option<serenity::User>,
) -> Result<(), DiscordError> {
    let player = player.as_ref().map(user_of);
    run_about(ctx, Command::Follow(player), game.map(GameId)).await
}

/// Stop following a game or a player.
#[poise::command(slash_command, guild_only)]
pub async fn unfollow(
    ctx: Context<'_>,
    #[min = 1] game: Option<i64>,
    player: Option<serenity::User>,
) -> Result<(), DiscordError> {
    let player = player.as_ref().map(user_of);
    run_about(ctx, Command::Unfollow(player), game.map(GameId)).await
}
