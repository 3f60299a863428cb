//! Button presses. Ids are stable (`akron:ACTION:GAME`, made by the service), so buttons on
//! old messages keep working after a restart: everything needed is in the id and the
//! database. A press is the request the button stands for, made by whoever pressed it; the
//! service decides who may (and asks before a resignation).

use super::boards::Boards;
use super::reply;
use super::{channel_of, user_of, Data, DiscordError};
use crate::service::{parse_button_id, Language, Languages, Request, ServerId};
use poise::serenity_prelude as serenity;

/// Handles a button press.
pub(super) async fn pressed(
    ctx: &serenity::Context,
    press: &serenity::ComponentInteraction,
    data: &Data,
) -> Result<(), DiscordError> {
    let Some((command, game)) = parse_button_id(&press.data.custom_id) else {
        tracing::debug!(id = %press.data.custom_id, "ignoring a button that is not ours");
        return Ok(());
    };
    let request = Request {
        platform: super::PLATFORM,
        user: user_of(&press.user),
        channel: channel_of(press.channel_id),
        is_moderator: false,
        game: Some(game),
        server: press
            .guild_id
            .map(|g| ServerId::new("discord", &g.to_string())),
        roles: super::roles_of(press.member.as_ref(), press.guild_id),
        command,
        locale: Language::from_locale(&press.locale),
        server_locale: press
            .guild_locale
            .as_deref()
            .and_then(Language::from_locale),
        language: Languages::default(),
        own_view: None,
    };
    tracing::debug!(command = request.command.name(), %game, "button");
    let defer = || press.defer(ctx);
    let (answer, deferred) = reply::ask(data, request, defer).await?;
    let message = reply::message(&answer, press.app_permissions);
    let on_private_message = press
        .message
        .flags
        .is_some_and(|flags| flags.contains(serenity::MessageFlags::EPHEMERAL));
    let posted = if deferred {
        Some(press.create_followup(ctx, message.into_followup()).await?)
    } else if on_private_message && !answer.ephemeral {
        // A question asked privately (the resign confirmation) was answered: close it, so
        // its button is gone, and tell the channel.
        let closed = serenity::CreateInteractionResponseMessage::new()
            .content(akron_service::say!(
                answer.reader.language,
                "discord-channel-told"
            ))
            .components(Vec::new());
        let response = serenity::CreateInteractionResponse::UpdateMessage(closed);
        press.create_response(ctx, response).await?;
        Some(press.create_followup(ctx, message.into_followup()).await?)
    } else if answer.replaces_pressed && !answer.ephemeral {
        // The sign-up message with its live list of entrants: edited in place.
        let response = serenity::CreateInteractionResponse::UpdateMessage(message.into_response());
        press.create_response(ctx, response).await?;
        let pressed = (press.message.channel_id, press.message.id);
        if answer.replaces_message != Some(reply::message_reference(pressed)) {
            reply::remember_signup(data, &answer, pressed).await;
        }
        None
    } else {
        let response = serenity::CreateInteractionResponse::Message(message.into_response());
        press.create_response(ctx, response).await?;
        None
    };
    // Best effort: the reply is out, so a failure here is only logged.
    if Boards::tracks(&answer) || answer.thread.is_some() {
        let posted = match posted {
            Some(posted) => Ok(posted),
            None => press.get_response(ctx).await,
        };
        match posted {
            Ok(posted) => {
                data.boards
                    .posted(
                        &ctx.http,
                        &data.service,
                        &answer,
                        (posted.channel_id, posted.id),
                        press.guild_id,
                    )
                    .await;
                super::threads::open_if_asked(
                    &ctx.http,
                    data,
                    &answer,
                    (posted.channel_id, posted.id),
                    press.app_permissions,
                )
                .await;
            }
            Err(error) => tracing::debug!(%error, "could not look up the board message"),
        }
    }
    Ok(())
}
