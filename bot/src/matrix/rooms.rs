//! Rooms: joining when invited, noticing a kick, and what the service needs to know about a
//! room and its members (the server it belongs to, names, moderators).

use super::Bot;
use crate::service::{ServerId, User, UserId};
use matrix_sdk::deserialized_responses::SyncOrStrippedState;
use matrix_sdk::event_handler::Ctx;
use matrix_sdk::ruma::events::room::member::{
    MembershipState, OriginalSyncRoomMemberEvent, StrippedRoomMemberEvent,
};
use matrix_sdk::ruma::events::room::power_levels::UserPowerLevel;
use matrix_sdk::ruma::events::space::parent::SpaceParentEventContent;
use matrix_sdk::ruma::events::SyncStateEvent;
use matrix_sdk::ruma::{Int, UserId as MxUserId};
use matrix_sdk::Room;
use std::time::Duration;

/// The power level from which a member moderates (Matrix's default for moderators).
pub(super) const MODERATOR: i32 = 50;

/// Accepts an invitation addressed to the bot.
pub(super) async fn on_invite(event: StrippedRoomMemberEvent, room: Room, bot: Ctx<Bot>) {
    if event.state_key != bot.me || event.content.membership != MembershipState::Invite {
        return;
    }
    join(&room).await;
}

/// Joins a room, retrying a few times: a homeserver may not be ready the moment it invites.
pub(super) async fn join(room: &Room) {
    let mut wait = Duration::from_millis(200);
    for attempt in 1..=5 {
        match room.join().await {
            Ok(()) => {
                tracing::info!(room = %room.room_id(), "joined a room on invitation");
                return;
            }
            Err(error) => {
                tracing::warn!(room = %room.room_id(), attempt, %error, "could not join");
                tokio::time::sleep(wait).await;
                wait *= 2;
            }
        }
    }
}

/// Notices when the bot was kicked or banned: it is out of the room already; its games there
/// stay in the database, and notices for the room fail (and are given up) from now on.
pub(super) async fn on_membership(event: OriginalSyncRoomMemberEvent, room: Room, bot: Ctx<Bot>) {
    if event.state_key != bot.me || event.sender == bot.me {
        return;
    }
    if matches!(
        event.content.membership,
        MembershipState::Leave | MembershipState::Ban
    ) {
        tracing::info!(room = %room.room_id(), by = %event.sender, "removed from a room");
        if let Err(error) = room.forget().await {
            tracing::debug!(%error, "could not forget the room");
        }
    }
}

/// The service's user for a room member: the display name in the room, else the id's
/// local part.
pub(super) async fn user_in(room: &Room, id: &MxUserId) -> User {
    let name = match room.get_member_no_sync(id).await {
        Ok(Some(member)) => member.display_name().map(str::to_owned),
        _ => None,
    };
    let name = name.unwrap_or_else(|| id.localpart().to_string());
    User::new(UserId::new("matrix", id.as_str()), name)
}

/// Whether a member moderates the room: power level 50 or more (a room creator counts).
pub(super) async fn is_moderator(room: &Room, id: &MxUserId) -> bool {
    match room.get_member_no_sync(id).await {
        Ok(Some(member)) => match member.power_level() {
            UserPowerLevel::Int(level) => level >= Int::from(MODERATOR),
            // A room creator (room version 12 on) outranks everyone.
            _ => true,
        },
        _ => false,
    }
}

/// The server a room belongs to: its parent space when it names one, else the room itself.
pub(super) async fn server_of(room: &Room) -> ServerId {
    let parents = room
        .get_state_events_static::<SpaceParentEventContent>()
        .await
        .unwrap_or_default();
    let parent = parents.iter().find_map(|raw| match raw.deserialize() {
        Ok(SyncOrStrippedState::Sync(SyncStateEvent::Original(event))) => {
            Some(event.state_key.to_string())
        }
        _ => None,
    });
    ServerId::new(
        "matrix",
        parent.as_deref().unwrap_or(room.room_id().as_str()),
    )
}
