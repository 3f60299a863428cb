//! Reactions are Matrix's buttons. The bot offers a reply's buttons as reactions on its
//! message (remembered in the database); a reaction with one of them is the request the
//! button stands for, made by whoever reacted. The service decides who may (and asks before
//! a resignation); a refusal goes to that user alone, as a thread reply to the message. Once
//! a choice is gone (a challenge or offer answered, a newer board of the game posted), the
//! bot takes back (redacts) the reactions that offered it, as Discord's buttons come off.

use super::send::{self, Place};
use super::{rooms, threads, Bot, MatrixError};
use crate::service::{parse_button_id, Languages, Request};
use matrix_sdk::event_handler::Ctx;
use matrix_sdk::ruma::events::reaction::OriginalSyncReactionEvent;
use matrix_sdk::{Client, Room, RoomState};
use std::sync::Arc;

/// A reaction in a room the bot is in.
pub(super) async fn on_reaction(
    event: OriginalSyncReactionEvent,
    room: Room,
    client: Client,
    bot: Ctx<Bot>,
) {
    if event.sender == bot.me
        || room.state() != RoomState::Joined
        || bot.is_past(event.origin_server_ts)
    {
        return;
    }
    if let Err(error) = handle(&client, &bot, &room, &event).await {
        tracing::error!(%error, room = %room.room_id(), "could not answer a reaction");
    }
}

async fn handle(
    client: &Client,
    bot: &Bot,
    room: &Room,
    event: &OriginalSyncReactionEvent,
) -> Result<(), MatrixError> {
    let target = event.content.relates_to.event_id.clone();
    let key = event.content.relates_to.key.clone();
    let service = Arc::clone(&bot.service);
    let reaction = event.event_id.to_string();
    let now = bot.service.now();
    let looked_up = target.to_string();
    let choice = tokio::task::spawn_blocking(move || {
        service.take_reaction(&looked_up, &key, &reaction, now)
    })
    .await??;
    let Some(choice) = choice else {
        return Ok(());
    };
    let Some((command, game)) = parse_button_id(&choice.button_id) else {
        return Ok(());
    };
    let user = rooms::user_in(room, &event.sender).await;
    let request = Request {
        platform: super::PLATFORM,
        user: user.clone(),
        channel: choice.channel.clone(),
        is_moderator: rooms::is_moderator(room, &event.sender).await,
        game: Some(game),
        server: Some(rooms::server_of(room).await),
        roles: Vec::new(),
        command,
        locale: None,
        server_locale: None,
        language: Languages::default(),
        own_view: None,
    };
    tracing::debug!(command = request.command.name(), %game, "reaction");
    let service = Arc::clone(&bot.service);
    let answer = tokio::task::spawn_blocking(move || service.handle(&request)).await?;
    let thread = send::room_of(&choice.channel).and_then(|(_, thread)| thread);
    if send::edit_signup(client, &answer).await.is_some() {
        // 🙋 or 👋 on the sign-up message: the message itself now shows the entrants.
        return Ok(());
    }
    if answer.ephemeral {
        // Only for the one who reacted: a thread reply to the message, pinging only them.
        let place = Place {
            thread: Some(thread.unwrap_or_else(|| target.clone())),
            reply_to: Some(target),
            txn: None,
        };
        send::post(
            client,
            room,
            bot,
            &answer,
            &place,
            Some(&user),
            &choice.channel,
        )
        .await?;
    } else {
        let place = Place {
            thread: thread.clone(),
            ..Place::default()
        };
        // Answered: a challenge's, an offer's or a question's other choices are gone (a
        // board's stay).
        let service = Arc::clone(&bot.service);
        let message = target.to_string();
        match tokio::task::spawn_blocking(move || service.choices_answered_on(&message)).await? {
            Ok(gone) => send::take_back(room, gone),
            Err(error) => tracing::warn!(%error, "could not look up the answered choices"),
        }
        let posted = send::post(client, room, bot, &answer, &place, None, &choice.channel).await?;
        if thread.is_none() {
            threads::open_if_asked(client, bot, room, &answer, posted, None).await;
        }
    }
    Ok(())
}
