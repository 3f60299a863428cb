//! Encrypted messages the bot cannot decrypt: answered in the room with what to do, never
//! ignored, and logged with why (the sender, their device, the session, and whether their
//! client withheld the keys on purpose).

use super::send::{self, Place};
use super::{incoming, rooms, Bot};
use crate::service::Reply;
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
    let answer = Reply::refusal(advice(&reason, &bot.me));
    let place = Place {
        reply_to: Some(event.event_id.clone()),
        ..Place::default()
    };
    let channel = send::channel_of(room.room_id(), None);
    if let Err(error) =
        send::post(&client, &room, &bot, &answer, &place, Some(&user), &channel).await
    {
        tracing::warn!(%error, "could not say that a message could not be decrypted");
    }
}

/// What the sender of a message the bot could not decrypt should do.
fn advice(reason: &UnableToDecryptReason, me: &impl std::fmt::Display) -> String {
    let start = "I could not decrypt that message, so I could not read it.";
    match reason {
        UnableToDecryptReason::MissingMegolmSession {
            withheld_code: Some(WithheldCode::Unverified),
        } => format!(
            "{start} Your client kept its keys from me because it does not trust my session: \
             verify {me} in your client (or let it send to unverified sessions), then send \
             the command again."
        ),
        UnableToDecryptReason::MissingMegolmSession {
            withheld_code: Some(WithheldCode::Blacklisted),
        } => format!(
            "{start} Your client has blocked my session: unblock {me}'s session in your \
             client, then send the command again."
        ),
        UnableToDecryptReason::SenderIdentityNotTrusted(_) => format!(
            "{start} Your session is not verified by your own account: verify it from another \
             of your sessions, then send the command again."
        ),
        _ => format!(
            "{start} If it was a command, send it again in a moment (my keys may not have \
             reached your device yet), or verify {me} in your client."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn withheld_keys_are_explained_and_missing_ones_asked_again() {
        let me = "@akron:localhost";
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
    }
}
