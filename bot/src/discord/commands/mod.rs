//! The `/akron` slash command: one subcommand per service command, one file per family.
//!
//! Descriptions come from the service's one table of commands
//! ([`COMMANDS`](crate::service::text::COMMANDS)), set by [`command`]; a test checks that the
//! registered subcommands are exactly that table.

mod ai;
mod challenge;
mod compete;
mod info;
mod play;

use super::boards::Boards;
use super::reply;
use super::{channel_of, user_of, Context, DiscordError};
use crate::service::{Command, Request, ServerId};
use poise::serenity_prelude as serenity;

/// Akron, Cameron Browne's 3D connection game.
#[poise::command(
    slash_command,
    guild_only,
    install_context = "Guild",
    interaction_context = "Guild",
    subcommand_required,
    subcommands(
        "challenge::challenge",
        "challenge::accept",
        "challenge::decline",
        "challenge::cancel",
        "play::play_move",
        "play::swap",
        "play::board",
        "play::moves",
        "play::resign",
        "play::claim",
        "play::premove",
        "ai::hint",
        "play::draw",
        "play::abort",
        "play::takeback",
        "info::history",
        "info::export",
        "info::show",
        "info::replay",
        "info::games",
        "info::rules",
        "info::settings",
        "info::vacation",
        "ai::analyze",
        "ai::puzzle",
        "compete::stats",
        "compete::leaderboard",
        "compete::tournament",
        "info::help"
    )
)]
pub async fn akron(_ctx: Context<'_>) -> Result<(), DiscordError> {
    Ok(())
}

/// `/akron` with every subcommand, described from the service's table of commands.
pub fn command() -> poise::Command<super::Data, DiscordError> {
    let mut akron = akron();
    for sub in &mut akron.subcommands {
        if let Some(help) = crate::service::text::command_help(&sub.name) {
            sub.description = Some(help.about.into());
        }
    }
    akron
}

/// Whether the interaction's channel is a thread.
fn in_thread(interaction: &serenity::CommandInteraction) -> bool {
    interaction.channel.as_ref().is_some_and(|channel| {
        matches!(
            channel.kind,
            serenity::ChannelType::PublicThread | serenity::ChannelType::PrivateThread
        )
    })
}

/// Whether the member may moderate games here: Manage Messages, or Manage Threads in a thread.
fn is_moderator(interaction: &serenity::CommandInteraction) -> bool {
    let Some(permissions) = interaction.member.as_ref().and_then(|m| m.permissions) else {
        return false;
    };
    permissions.contains(serenity::Permissions::MANAGE_MESSAGES)
        || (in_thread(interaction) && permissions.contains(serenity::Permissions::MANAGE_THREADS))
}

/// Sends `command` to the service as the caller, in the caller's channel, and shows the reply.
async fn run(ctx: Context<'_>, command: Command) -> Result<(), DiscordError> {
    run_about(ctx, command, None).await
}

/// Like [`run`], about game `game` when one is named.
async fn run_about(
    ctx: Context<'_>,
    command: Command,
    game: Option<crate::service::GameId>,
) -> Result<(), DiscordError> {
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    let interaction = app.interaction;
    let bot = interaction.app_permissions;
    if let Some(text) = reply::cannot_post(bot, in_thread(interaction)) {
        ctx.send(reply::refusal(&text).into_poise()).await?;
        return Ok(());
    }
    let request = Request {
        user: user_of(ctx.author()),
        channel: channel_of(ctx.channel_id()),
        is_moderator: is_moderator(interaction),
        game,
        server: ctx
            .guild_id()
            .map(|g| ServerId::new("discord", &g.to_string())),
        roles: super::roles_of(interaction.member.as_deref(), ctx.guild_id()),
        command,
    };
    tracing::debug!(command = request.command.name(), channel = %request.channel, "slash command");
    let (answer, deferred) = reply::ask(ctx.data(), request, || ctx.defer()).await?;
    if reply::edit_signup(ctx, &answer, bot).await? {
        return Ok(());
    }
    let message = reply::message(&answer, bot);
    if deferred && answer.ephemeral {
        // The deferral showed everyone "thinking"; a follow-up would take its place and be
        // public too. Remove it, so that the refusal reaches only the caller.
        interaction.delete_response(ctx.http()).await?;
        interaction
            .create_followup(ctx.http(), message.into_followup())
            .await?;
    } else {
        let sent = ctx.send(message.into_poise()).await?;
        // Best effort: the reply is out, so a failure here is only logged.
        if Boards::tracks(&answer) || answer.thread.is_some() || answer.signup_of.is_some() {
            match sent.message().await {
                Ok(posted) => {
                    reply::remember_signup(ctx.data(), &answer, (posted.channel_id, posted.id))
                        .await;
                    ctx.data()
                        .boards
                        .posted(
                            ctx.http(),
                            &ctx.data().service,
                            &answer,
                            (posted.channel_id, posted.id),
                            ctx.guild_id(),
                        )
                        .await;
                    super::threads::open_if_asked(
                        ctx.http(),
                        ctx.data(),
                        &answer,
                        (posted.channel_id, posted.id),
                    )
                    .await;
                }
                Err(error) => tracing::debug!(%error, "could not look up the board message"),
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::service::text::COMMANDS;

    #[test]
    fn the_registered_subcommands_are_exactly_the_table_of_commands() {
        let akron = super::command();
        let mut registered: Vec<&str> = akron.subcommands.iter().map(|c| &*c.name).collect();
        let mut table: Vec<&str> = COMMANDS.iter().map(|c| c.name).collect();
        registered.sort_unstable();
        table.sort_unstable();
        assert_eq!(registered, table);
        for sub in &akron.subcommands {
            let about = sub.description.as_deref().unwrap_or_default();
            assert!(
                !about.is_empty() && about.chars().count() <= 100,
                "{}",
                sub.name
            );
        }
    }
}
