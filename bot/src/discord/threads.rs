//! Games in threads of their own: when a reply asks for a thread (an accepted challenge with
//! `thread: true`, or the server's setting), the thread is opened off the posted message, the
//! service moves the game there, and the board is posted in it.
//!
//! Opening a thread takes Create Public Threads, and playing in it Send Messages in Threads.
//! When the interaction says the bot lacks either, no thread is opened: the game stays in the
//! channel and a note there names the permission.

use super::{channel_of, reply, Data};
use crate::service::{GameId, Language, Reply, Service, ThreadRequest};
use poise::serenity_prelude as serenity;
use std::sync::Arc;

/// Discord's limit on a thread's name.
const NAME_LIMIT: usize = 100;

/// The permissions a game's thread needs, with their names as Discord shows them.
const GAME_THREAD: [(serenity::Permissions, &str); 2] = [
    (
        serenity::Permissions::CREATE_PUBLIC_THREADS,
        "create-public-threads",
    ),
    (
        serenity::Permissions::SEND_MESSAGES_IN_THREADS,
        "send-messages-in-threads",
    ),
];

/// The permissions for a game's thread that `bot` lacks, as the catalogue's keys of
/// `discord-permission` (none when Discord did not say).
fn missing_for_threads(bot: Option<serenity::Permissions>) -> Vec<&'static str> {
    let Some(bot) = bot else {
        return Vec::new();
    };
    GAME_THREAD
        .iter()
        .filter(|(permission, _)| !bot.contains(*permission))
        .map(|(_, key)| *key)
        .collect()
}

/// Opens the thread `answer` asked for off `posted`, moves the game there and posts its
/// board. `bot` holds the bot's permissions in the channel when Discord sent them. Failures
/// are logged and told in the channel: the game then stays where it is.
pub(super) async fn open_if_asked(
    http: &serenity::Http,
    data: &Data,
    answer: &Reply,
    posted: (serenity::ChannelId, serenity::MessageId),
    bot: Option<serenity::Permissions>,
) {
    let Some(name) = &answer.thread else {
        return;
    };
    let (channel, message) = posted;
    let name: String = name.chars().take(NAME_LIMIT).collect();
    let Some(game) = answer.board_of else {
        // A discussion thread (a puzzle's): opened, and nothing moves there.
        if bot.is_some_and(|bot| !bot.contains(serenity::Permissions::CREATE_PUBLIC_THREADS)) {
            tracing::debug!("no Create Public Threads here: the puzzle has no discussion thread");
            return;
        }
        let builder = serenity::CreateThread::new(name)
            .kind(serenity::ChannelType::PublicThread)
            .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
        if let Err(error) = channel
            .create_thread_from_message(http, message, builder)
            .await
        {
            tracing::warn!(%error, "could not open a discussion thread");
        }
        return;
    };
    let missing = missing_for_threads(bot);
    if !missing.is_empty() {
        tracing::debug!(
            game = game.0,
            ?missing,
            "no thread for the game: permissions"
        );
        stays_here(http, channel, &missing, answer.reader.language).await;
        return;
    }
    let builder = serenity::CreateThread::new(name)
        .kind(serenity::ChannelType::PublicThread)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    let thread = match channel
        .create_thread_from_message(http, message, builder)
        .await
    {
        Ok(thread) => thread,
        Err(error) => {
            tracing::warn!(%error, game = game.0, "could not open a game thread");
            stays_here(
                http,
                channel,
                &["create-public-threads"],
                answer.reader.language,
            )
            .await;
            return;
        }
    };
    if let Some((board, posted)) = move_in(http, &data.service, game, thread.id).await {
        data.boards
            .posted(http, &data.service, &board, posted, Some(thread.guild_id))
            .await;
    }
}

/// Says in `channel`, in `language`, that the game stays there, for want of the
/// permissions `missing` (the catalogue's keys).
async fn stays_here(
    http: &serenity::Http,
    channel: serenity::ChannelId,
    missing: &[&str],
    language: Language,
) {
    let note = serenity::CreateMessage::new().content(akron_service::say!(
        language,
        "discord-thread-stays",
        needed = super::reply::permissions_needed(missing, language)
    ));
    if let Err(error) = channel.send_message(http, note).await {
        tracing::warn!(%error, "could not say that the thread failed");
    }
}

/// Moves `game` into `thread` (the service's `thread_opened`) and posts its board there.
/// Returns the board and where it was posted; failures are logged.
async fn move_in(
    http: &serenity::Http,
    service: &Arc<Service>,
    game: GameId,
    thread: serenity::ChannelId,
) -> Option<(Reply, (serenity::ChannelId, serenity::MessageId))> {
    let worker = Arc::clone(service);
    let at = channel_of(thread);
    let moved = tokio::task::spawn_blocking(move || worker.thread_opened(game, &at)).await;
    let board = match moved {
        Ok(Ok(board)) => board,
        Ok(Err(error)) => {
            tracing::error!(%error, game = game.0, "could not move a game into its thread");
            return None;
        }
        Err(error) => {
            tracing::error!(%error, "the service worker died");
            return None;
        }
    };
    match reply::post(http, thread, &board, |message| message).await {
        Ok(posted) => Some((board, (posted.channel_id, posted.id))),
        Err(error) => {
            tracing::warn!(%error, "could not post the board in the game's thread");
            None
        }
    }
}

/// Discord's code for "a thread has already been created for this message": a retry after
/// a crash between opening the thread and marking the notice. A thread opened from a
/// message has the message's id.
const THREAD_EXISTS: isize = 160_004;

/// Opens the thread a notice asked for off its posted message, moves the game there and
/// posts its board (the contract of [`ThreadRequest`]). Failures are logged and told in the
/// channel, in `language` (the notice's); the notice still counts as delivered.
pub(super) async fn open_for_notice(
    http: &serenity::Http,
    service: &Arc<Service>,
    request: &ThreadRequest,
    posted: (serenity::ChannelId, serenity::MessageId),
    language: Language,
) {
    let (channel, message) = posted;
    let name: String = request.name.chars().take(NAME_LIMIT).collect();
    let builder = serenity::CreateThread::new(name)
        .kind(serenity::ChannelType::PublicThread)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    let (thread, guild) = match channel
        .create_thread_from_message(http, message, builder)
        .await
    {
        Ok(thread) => (thread.id, Some(thread.guild_id)),
        Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)))
            if response.error.code == THREAD_EXISTS =>
        {
            (serenity::ChannelId::new(message.get()), None)
        }
        Err(error) => {
            tracing::warn!(%error, game = request.game.0, "could not open a tournament game's thread");
            let note = serenity::CreateMessage::new().content(akron_service::say!(
                language,
                "discord-thread-failed",
                game = request.game.to_string(),
                needed = super::reply::permissions_needed(&["create-public-threads"], language)
            ));
            if let Err(error) = channel.send_message(http, note).await {
                tracing::warn!(%error, "could not say that the thread failed");
            }
            return;
        }
    };
    let Some((board, posted)) = move_in(http, service, request.game, thread).await else {
        return;
    };
    // The board in the thread is the game's latest: reminders link to it. (After a retry the
    // guild is not known, and the link waits for the next board.)
    if let (Some(guild), false) = (guild, board.buttons.is_empty()) {
        let link = super::boards::message_link(Some(guild), posted);
        let worker = Arc::clone(service);
        let game = request.game;
        match tokio::task::spawn_blocking(move || worker.board_posted(game, &link)).await {
            Ok(Ok(())) => {}
            Ok(Err(error)) => tracing::warn!(%error, "could not remember the latest board"),
            Err(error) => tracing::error!(%error, "the service worker died"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_thread_names_each_permission_the_bot_lacks() {
        let all = serenity::Permissions::CREATE_PUBLIC_THREADS
            | serenity::Permissions::SEND_MESSAGES_IN_THREADS;
        let said = |bot, language| {
            crate::discord::reply::permissions_needed(&missing_for_threads(bot), language)
        };
        assert!(missing_for_threads(None).is_empty());
        assert!(missing_for_threads(Some(all)).is_empty());
        assert_eq!(
            said(
                Some(serenity::Permissions::SEND_MESSAGES_IN_THREADS),
                Language::English
            ),
            "the Create Public Threads permission"
        );
        assert_eq!(
            said(
                Some(serenity::Permissions::SEND_MESSAGES),
                Language::English
            ),
            "the Create Public Threads and Send Messages in Threads permissions"
        );
        assert_eq!(
            said(
                Some(serenity::Permissions::SEND_MESSAGES),
                Language::Spanish
            ),
            "los permisos Crear hilos públicos y Enviar mensajes en hilos"
        );
        assert_eq!(
            said(Some(serenity::Permissions::SEND_MESSAGES), Language::German),
            "die Berechtigungen Öffentliche Threads erstellen und Nachrichten in Threads senden"
        );
    }
}
