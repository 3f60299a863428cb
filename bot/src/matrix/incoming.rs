//! Messages: `!akron ...` commands read with the service's grammar, answered in the room
//! (or thread) they came from; refusals as replies to the offending message, pinging only
//! its sender. (Encrypted messages the bot cannot read are [`undecryptable`](super).)

use super::send::{self, Place};
use super::{rooms, threads, Bot, MatrixError};
use crate::service::text::{parse_line, Parsed};
use crate::service::{Languages, Reply, Request, User};
use akron_service::catalogue::Phrase;
use akron_service::phrase;
use matrix_sdk::event_handler::Ctx;
use matrix_sdk::ruma::events::room::message::{
    MessageType, OriginalSyncRoomMessageEvent, Relation,
};
use matrix_sdk::ruma::{MilliSecondsSinceUnixEpoch, OwnedEventId, OwnedUserId, UserId as MxUserId};
use matrix_sdk::{Client, Room, RoomState};
use std::sync::Arc;
use std::time::Instant;

/// The prefix of commands in messages.
pub(super) const PREFIX: &str = "!akron";

/// The command part of a message, if it is one: `!akron move F6` → `move F6`. Discord's
/// spellings are taken too, as people who know the bot from there write them:
/// `!akron-review replay` and `/akron-review replay` → `akron-review replay` (which the
/// grammar reads as `replay`), `/akron move F6` → `akron move F6`.
#[must_use]
pub(super) fn command_text(body: &str) -> Option<&str> {
    let body = body.trim();
    let head = body.get(..PREFIX.len())?;
    let rest = &body[PREFIX.len()..];
    if head.eq_ignore_ascii_case(PREFIX) {
        if rest.is_empty() || rest.starts_with(char::is_whitespace) {
            return Some(rest.trim());
        }
        // `!akron-review replay`: the Discord family named after the prefix.
        return rest.starts_with('-').then(|| body[1..].trim());
    }
    let slash = body.strip_prefix('/')?;
    let after = slash.get(..PREFIX.len() - 1)?;
    let tail = &slash[PREFIX.len() - 1..];
    (after.eq_ignore_ascii_case(&PREFIX[1..])
        && (tail.is_empty() || tail.starts_with([' ', '\t', '-'])))
    .then_some(slash)
}

/// The users a message points at: its `m.mentions`, `matrix.to` links in its HTML, and
/// user ids written out (`@bob:example.org`), in that order, without repeats.
#[must_use]
pub(super) fn pointed_at(
    mentions: &[OwnedUserId],
    html: Option<&str>,
    body: &str,
) -> Vec<OwnedUserId> {
    let mut found: Vec<OwnedUserId> = Vec::new();
    let mut add = |id: OwnedUserId| {
        if !found.contains(&id) {
            found.push(id);
        }
    };
    for id in mentions {
        add(id.clone());
    }
    if let Some(html) = html {
        for link in html.split("https://matrix.to/#/").skip(1) {
            let end = link.find(['"', '?', '\'', '<', '>']).unwrap_or(link.len());
            let id = link[..end]
                .replace("%40", "@")
                .replace("%3A", ":")
                .replace("%3a", ":");
            if let Ok(id) = MxUserId::parse(&id) {
                add(id);
            }
        }
    }
    for word in body.split_whitespace() {
        let word = word.trim_end_matches([',', '.', ';', ')']);
        if word.starts_with('@') {
            if let Ok(id) = MxUserId::parse(word) {
                add(id);
            }
        }
    }
    found
}

/// The opponent a challenge names: a user id, or a mentioned user by name, or the only
/// mentioned user (a pill's plain text is the display name).
#[must_use]
pub(super) fn opponent(word: &str, known: &[User]) -> Option<User> {
    if let Some(user) = known
        .iter()
        .find(|u| u.id.local().eq_ignore_ascii_case(word))
    {
        return Some(user.clone());
    }
    let name = word.trim_start_matches('@');
    if let Some(user) = known.iter().find(|u| u.name.eq_ignore_ascii_case(name)) {
        return Some(user.clone());
    }
    match known {
        [only] if !word.contains(':') => Some(only.clone()),
        _ => None,
    }
}

/// A message in a room the bot is in.
pub(super) async fn on_message(
    event: OriginalSyncRoomMessageEvent,
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
    let MessageType::Text(text) = &event.content.msgtype else {
        return;
    };
    let Some(line) = command_text(&text.body) else {
        if let Err(error) = bare(&client, &bot, &room, &event, &text.body).await {
            tracing::error!(%error, room = %room.room_id(), "could not answer a bare command");
        }
        return;
    };
    let thread = thread_of(&event);
    let mentioned: Vec<OwnedUserId> = event
        .content
        .mentions
        .as_ref()
        .map(|m| m.user_ids.iter().cloned().collect())
        .unwrap_or_default();
    let html = text.formatted.as_ref().map(|f| f.body.as_str());
    let mut known = Vec::new();
    for id in pointed_at(&mentioned, html, &text.body) {
        if id != bot.me && id != event.sender {
            known.push(rooms::user_in(&room, &id).await);
        }
    }
    let line = line.to_string();
    // The bot itself, named by its id, is the AI (as `ai` is).
    let me = bot.me.as_str().to_owned();
    let command = parse_line(&line, |word| {
        if word
            .trim_start_matches('@')
            .eq_ignore_ascii_case(me.trim_start_matches('@'))
        {
            akron_ai::Level::new(crate::service::ai::DEFAULT_LEVEL).map(User::ai)
        } else {
            opponent(word, &known)
        }
    });
    let incoming = Incoming {
        room,
        thread,
        event_id: event.event_id.clone(),
        sender: event.sender.clone(),
        delivered_ms: delivery_millis(event.origin_server_ts),
        received: Instant::now(),
    };
    // Counted by the command's name (a mistyped line as `mistyped`), never its text.
    let name = command
        .as_ref()
        .map_or("mistyped", |parsed| parsed.command.name());
    let _working = bot.service.work();
    let metrics = crate::metrics::front_ends();
    let since = metrics.receive(super::PLATFORM.id, name);
    let answered = handle(&client, &bot, &incoming, command).await;
    metrics.answer(super::PLATFORM.id, name, answered.is_ok(), since);
    if let Err(error) = answered {
        tracing::error!(%error, room = %incoming.room.room_id(), "could not answer a command");
    }
}

/// The thread a message was sent in, by its root.
fn thread_of(event: &OriginalSyncRoomMessageEvent) -> Option<OwnedEventId> {
    match &event.content.relates_to {
        Some(Relation::Thread(thread)) => Some(thread.event_id.clone()),
        _ => None,
    }
}

/// The longest message read as a bare command: commands are short, chat is not.
const LONGEST_BARE: usize = 80;

/// A message without the prefix that reads as one of the bot's commands (`draw decline`,
/// `moves`, `swap`), from a player of the room's game: answered privately with the command
/// as it must be written (`!akron draw decline`). Anything else, and anyone else's, is chat
/// and left alone.
async fn bare(
    client: &Client,
    bot: &Bot,
    room: &Room,
    event: &OriginalSyncRoomMessageEvent,
    body: &str,
) -> Result<(), MatrixError> {
    let typed = body.trim();
    if typed.is_empty() || typed.len() > LONGEST_BARE || typed.contains('\n') {
        return Ok(());
    }
    // Only a line the grammar takes whole is a command.
    if parse_line(typed, |_| None).is_err() {
        return Ok(());
    }
    let thread = thread_of(event);
    let user = rooms::user_in(room, &event.sender).await;
    let channel = send::channel_of(room.room_id(), thread.as_ref());
    let request = Request {
        platform: super::PLATFORM,
        user: user.clone(),
        channel: channel.clone(),
        is_moderator: false,
        game: None,
        server: Some(rooms::server_of(room).await),
        roles: Vec::new(),
        command: crate::service::Command::Help(None),
        locale: None,
        server_locale: None,
        language: Languages::default(),
        own_view: None,
    };
    let service = Arc::clone(&bot.service);
    let line = typed.to_string();
    let id = event.event_id.to_string();
    let now = bot.service.now();
    let answer = tokio::task::spawn_blocking(move || {
        match service.bare_command(&request, &line)? {
            // Answered once, also across a restart.
            Some(answer) if service.first_time(&id, now)? => Ok(Some(answer)),
            _ => Ok::<_, crate::service::ServiceError>(None),
        }
    })
    .await??;
    let Some(answer) = answer else {
        return Ok(());
    };
    let place = Place {
        thread,
        reply_to: Some(event.event_id.clone()),
        txn: None,
    };
    send::post(client, room, bot, &answer, &place, Some(&user), &channel).await?;
    Ok(())
}

/// Where a command came from.
struct Incoming {
    room: Room,
    thread: Option<OwnedEventId>,
    event_id: OwnedEventId,
    sender: OwnedUserId,
    /// How long it took from the homeserver to this handler.
    delivered_ms: u64,
    /// When the handler got it.
    received: Instant,
}

/// Milliseconds since `start`, for the timing log.
pub(super) fn millis(start: Instant) -> u64 {
    u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX)
}

/// How long an event took from the homeserver to this handler (0 when the clocks disagree).
fn delivery_millis(sent_at: MilliSecondsSinceUnixEpoch) -> u64 {
    let now = MilliSecondsSinceUnixEpoch::now().get();
    u64::from(now.saturating_sub(sent_at.get()))
}

async fn handle(
    client: &Client,
    bot: &Bot,
    incoming: &Incoming,
    command: Result<Parsed, Phrase>,
) -> Result<(), MatrixError> {
    let worker = Arc::clone(&bot.service);
    let event = incoming.event_id.to_string();
    let now = bot.service.now();
    if !tokio::task::spawn_blocking(move || worker.first_time(&event, now)).await?? {
        tracing::debug!(event = %incoming.event_id, "already handled");
        return Ok(());
    }
    let room = &incoming.room;
    let user = rooms::user_in(room, &incoming.sender).await;
    let channel = send::channel_of(room.room_id(), incoming.thread.as_ref());
    let mistyped = command.as_ref().err().cloned();
    let request = Request {
        platform: super::PLATFORM,
        user: user.clone(),
        channel: channel.clone(),
        is_moderator: rooms::is_moderator(room, &incoming.sender).await,
        // `replay #3 from:2` names the game it looks at.
        game: command.as_ref().ok().and_then(|parsed| parsed.game),
        server: Some(rooms::server_of(room).await),
        roles: Vec::new(),
        // A mistyped line's request is only read for the caller's language.
        command: command.map_or(crate::service::Command::Help(None), |parsed| parsed.command),
        locale: None,
        server_locale: None,
        language: Languages::default(),
        own_view: None,
    };
    let typed = mistyped.is_none().then(|| request.command.clone());
    let service = Arc::clone(&bot.service);
    let answer = match mistyped {
        Some(error) => {
            // Said in the caller's language, with where to find the commands.
            let error = phrase!(
                "parse-see-help",
                error = error,
                help = format!("{PREFIX} help")
            );
            tokio::task::spawn_blocking(move || service.mistyped(&request, &error)).await??
        }
        None => {
            tracing::debug!(command = request.command.name(), %channel, "command");
            tokio::task::spawn_blocking(move || service.handle(&request)).await?
        }
    };
    let decided = millis(incoming.received);
    if let Some(link) = send::edit_signup(client, &answer).await {
        // `tournament join` or `leave` typed: the sign-up message now lists the entrants;
        // only the caller hears so.
        let done = Reply::private(akron_service::say!(
            answer.reader.language,
            "matrix-signup-edited",
            link = link
        ));
        let place = Place {
            thread: incoming.thread.clone(),
            reply_to: Some(incoming.event_id.clone()),
            txn: None,
        };
        send::post(client, room, bot, &done, &place, Some(&user), &channel).await?;
        return Ok(());
    }
    let (place, only) = if answer.ephemeral {
        let place = Place {
            thread: incoming.thread.clone(),
            reply_to: Some(incoming.event_id.clone()),
            txn: None,
        };
        (place, Some(&user))
    } else {
        let place = Place {
            thread: incoming.thread.clone(),
            ..Place::default()
        };
        (place, None)
    };
    if let Some(command) = typed.filter(|_| !answer.ephemeral) {
        // `!akron draw decline` typed: the offer's ✅ ❌ are gone, as if pressed.
        let service = Arc::clone(&bot.service);
        let answered = channel.clone();
        let gone =
            tokio::task::spawn_blocking(move || service.choices_answered_by(&answered, &command))
                .await?;
        match gone {
            Ok(gone) => send::take_back(room, gone),
            Err(error) => tracing::warn!(%error, "could not look up the answered choices"),
        }
    }
    let posted = send::post(client, room, bot, &answer, &place, only, &channel).await?;
    // Where the time of a round trip goes: homeserver to handler, the service (the board
    // picture included), upload and send.
    tracing::debug!(
        delivered_ms = incoming.delivered_ms,
        decided_ms = decided,
        answered_ms = millis(incoming.received),
        "answered a command"
    );
    if incoming.thread.is_none() {
        threads::open_if_asked(client, bot, room, &answer, posted, None).await;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::UserId;

    #[test]
    fn commands_start_with_the_prefix() {
        assert_eq!(command_text("!akron move F6"), Some("move F6"));
        assert_eq!(command_text("  !AKRON   help "), Some("help"));
        assert_eq!(command_text("!akron"), Some(""));
        assert_eq!(command_text("!akronite hello"), None);
        assert_eq!(command_text("/akronite hello"), None);
        assert_eq!(command_text("hello !akron"), None);
        assert_eq!(command_text("é"), None);
    }

    /// Regression (issue 38, point 8): `/akron-review replay` on Matrix was "'-review' is
    /// not a command".
    #[test]
    fn the_discord_spelling_akron_review_replay_is_accepted_on_matrix() {
        for body in [
            "!akron-review replay",
            "/akron-review replay",
            "!akron /akron-review replay",
        ] {
            let line = command_text(body);
            let parsed = line.map(|line| parse_line(line, |_| None));
            assert!(
                matches!(
                    parsed,
                    Some(Ok(Parsed {
                        command: crate::service::Command::Replay(_),
                        game: None
                    }))
                ),
                "{body}: {parsed:?}"
            );
        }
        let line = command_text("/akron-tournament join");
        let parsed = line.map(|line| parse_line(line, |_| None).map(|p| p.command));
        assert!(
            matches!(
                parsed,
                Some(Ok(crate::service::Command::Tournament(
                    crate::service::TournamentAction::Join
                )))
            ),
            "{parsed:?}"
        );
        assert_eq!(command_text("/akron move F6"), Some("akron move F6"));
    }

    #[test]
    fn pills_links_and_written_ids_are_found_once() {
        let Ok(bob) = MxUserId::parse("@bob:localhost") else {
            panic!("a user id");
        };
        let html = "<a href=\"https://matrix.to/#/%40carol%3Alocalhost\">Carol</a> and \
                    <a href=\"https://matrix.to/#/@bob:localhost\">Bob</a>";
        let found = pointed_at(
            std::slice::from_ref(&bob),
            Some(html),
            "hi @dan:localhost, @bob:localhost",
        );
        let found: Vec<&str> = found.iter().map(|u| u.as_str()).collect();
        assert_eq!(
            found,
            ["@bob:localhost", "@carol:localhost", "@dan:localhost"]
        );
    }

    #[test]
    fn the_opponent_is_named_by_id_by_name_or_by_the_only_pill() {
        let bob = User::new(UserId::new("matrix", "@bob:localhost"), "Bob");
        let carol = User::new(UserId::new("matrix", "@carol:localhost"), "Carol");
        let both = [bob.clone(), carol.clone()];
        assert_eq!(opponent("@bob:localhost", &both), Some(bob.clone()));
        assert_eq!(opponent("Carol", &both), Some(carol));
        assert_eq!(opponent("someone", &both), None);
        assert_eq!(opponent("Bobby", std::slice::from_ref(&bob)), Some(bob));
        assert_eq!(opponent("@eve:localhost", &[]), None);
    }
}
