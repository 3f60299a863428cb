//! Encrypted messages the bot cannot decrypt: answered in the room with what to do, never
//! ignored, and logged with why (the sender, their device, the session, and whether their
//! client withheld the keys on purpose).

use super::send::{self, Place};
use super::{incoming, rooms, Bot};
use crate::service::{Command, Languages, Request};
use akron_service::catalogue::Phrase;
use akron_service::phrase;
use matrix_sdk::deserialized_responses::{TimelineEventKind, UnableToDecryptReason, WithheldCode};
use matrix_sdk::event_handler::{Ctx, RawEvent};
use matrix_sdk::ruma::events::room::encrypted::{
    EncryptedEventScheme, OriginalSyncRoomEncryptedEvent,
};
use matrix_sdk::ruma::events::room::message::OriginalSyncRoomMessageEvent;
use matrix_sdk::ruma::serde::Raw;
use matrix_sdk::{Client, Room, RoomState};
use std::sync::Arc;

/// An encrypted event the bot could not decrypt.
pub(super) async fn on_undecryptable(
    event: OriginalSyncRoomEncryptedEvent,
    raw: RawEvent,
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
    // A second try gives matrix-sdk's reason (and reads the message if the key came since).
    let raw: Raw<OriginalSyncRoomEncryptedEvent> = Raw::from_json(raw.0);
    let reason = match room.decrypt_event(&raw, None).await {
        Ok(event) => match event.kind {
            TimelineEventKind::UnableToDecrypt { utd_info, .. } => utd_info.reason,
            TimelineEventKind::Decrypted(decrypted) => {
                match decrypted
                    .event
                    .deserialize_as_unchecked::<OriginalSyncRoomMessageEvent>()
                {
                    Ok(message) => incoming::on_message(message, room, client, bot).await,
                    Err(_) => tracing::debug!("decrypted on a second try: not a message"),
                }
                return;
            }
            TimelineEventKind::PlainText { .. } => return,
        },
        Err(error) => {
            tracing::debug!(%error, "decrypting again failed");
            UnableToDecryptReason::Unknown
        }
    };
    let worker = Arc::clone(&bot.service);
    let id = event.event_id.to_string();
    let now = bot.service.now();
    match tokio::task::spawn_blocking(move || worker.first_time(&id, now)).await {
        Ok(Ok(true)) => {}
        _ => return,
    }
    let (device, session) = match &event.content.scheme {
        EncryptedEventScheme::MegolmV1AesSha2(megolm) => {
            // The device the sender's client names (deprecated for trust, fine for a log).
            #[allow(deprecated)]
            let device = megolm.device_id.as_ref().map(ToString::to_string);
            (device, Some(megolm.session_id.as_str()))
        }
        _ => (None, None),
    };
    let withheld = match &reason {
        UnableToDecryptReason::MissingMegolmSession {
            withheld_code: Some(code),
        } => Some(code.as_str()),
        _ => None,
    };
    tracing::warn!(
        room = %room.room_id(),
        event = %event.event_id,
        sender = %event.sender,
        device = device.as_deref().unwrap_or("unknown"),
        session = session.unwrap_or("none"),
        withheld = withheld.unwrap_or("no"),
        ?reason,
        "could not decrypt a message"
    );
    let user = rooms::user_in(&room, &event.sender).await;
    let channel = send::channel_of(room.room_id(), None);
    // Read only for the caller's language: the advice is said in it.
    let request = Request {
        platform: super::PLATFORM,
        user: user.clone(),
        channel: channel.clone(),
        is_moderator: false,
        game: None,
        server: Some(rooms::server_of(&room).await),
        roles: Vec::new(),
        command: Command::Help(None),
        locale: None,
        server_locale: None,
        language: Languages::default(),
        own_view: None,
    };
    let advice = advice(&reason, &bot.me);
    let service = Arc::clone(&bot.service);
    let answer =
        match tokio::task::spawn_blocking(move || service.mistyped(&request, &advice)).await {
            Ok(Ok(answer)) => answer,
            Ok(Err(error)) => {
                tracing::warn!(%error, "could not read the sender's language");
                return;
            }
            Err(error) => {
                tracing::error!(%error, "the service worker died");
                return;
            }
        };
    let place = Place {
        reply_to: Some(event.event_id.clone()),
        ..Place::default()
    };
    if let Err(error) =
        send::post(&client, &room, &bot, &answer, &place, Some(&user), &channel).await
    {
        tracing::warn!(%error, "could not say that a message could not be decrypted");
    }
}

/// What the sender of a message the bot could not decrypt should do, as the catalogue's
/// `matrix-undecryptable`.
fn advice(reason: &UnableToDecryptReason, me: &impl std::fmt::Display) -> Phrase {
    let advice = match reason {
        UnableToDecryptReason::MissingMegolmSession {
            withheld_code: Some(WithheldCode::Unverified),
        } => "unverified",
        UnableToDecryptReason::MissingMegolmSession {
            withheld_code: Some(WithheldCode::Blacklisted),
        } => "blocked",
        UnableToDecryptReason::SenderIdentityNotTrusted(_) => "untrusted",
        _ => "other",
    };
    phrase!("matrix-undecryptable", advice = advice, me = me.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::Language;

    #[test]
    fn withheld_keys_are_explained_and_missing_ones_asked_again() {
        let me = "@akron:localhost";
        let advice = |reason: &UnableToDecryptReason, me| advice(reason, me).say(Language::English);
        let unverified = advice(
            &UnableToDecryptReason::MissingMegolmSession {
                withheld_code: Some(WithheldCode::Unverified),
            },
            &me,
        );
        assert!(
            unverified.contains("does not trust my session"),
            "{unverified}"
        );
        assert!(unverified.contains(me), "{unverified}");
        let blocked = advice(
            &UnableToDecryptReason::MissingMegolmSession {
                withheld_code: Some(WithheldCode::Blacklisted),
            },
            &me,
        );
        assert!(blocked.contains("blocked"), "{blocked}");
        let missing = advice(
            &UnableToDecryptReason::MissingMegolmSession {
                withheld_code: None,
            },
            &me,
        );
        assert!(missing.contains("send it again in a moment"), "{missing}");
        let spanish = super::advice(
            &UnableToDecryptReason::MissingMegolmSession {
                withheld_code: None,
            },
            &me,
        )
        .say(Language::Spanish);
        assert!(spanish.starts_with("No pude descifrar"), "{spanish}");
    }
}
