//! From the service's [`Reply`] to Matrix events: Markdown text with a plain body, board
//! pictures as `m.image` uploads, exports as `m.file`, intentional mentions (`m.mentions`),
//! and the reply's buttons as reactions on the posted message.

use super::{Bot, MatrixError};
use crate::model::ChannelId;
use crate::service::times::local_times;
use crate::service::{Button, Clock as _, Language, Reply, Service, SystemClock, User};
use akron_service::db::GoneChoice;
use matrix_sdk::ruma::events::reaction::ReactionEventContent;
use matrix_sdk::ruma::events::relation::{Annotation, InReplyTo, Reply as ReplyRelation, Thread};
use matrix_sdk::ruma::events::room::message::{
    FileMessageEventContent, FormattedBody, ImageMessageEventContent, MessageType, Relation,
    ReplacementMetadata, RoomMessageEventContent, TextMessageEventContent,
};
use matrix_sdk::ruma::events::room::{ImageInfo, MediaSource};
use matrix_sdk::ruma::events::Mentions;
use matrix_sdk::ruma::{
    OwnedEventId, OwnedRoomId, OwnedTransactionId, OwnedUserId, RoomId, UInt, UserId as MxUserId,
};
use matrix_sdk::{Client, Room, RoomState};
use std::sync::Arc;

/// The file name board pictures are posted under.
pub(super) const BOARD_FILE: &str = "board.png";

/// Where in a room a message goes.
#[derive(Clone, Debug, Default)]
pub(super) struct Place {
    /// The thread it belongs to, by its root event.
    pub thread: Option<OwnedEventId>,
    /// The message it answers.
    pub reply_to: Option<OwnedEventId>,
    /// A fixed transaction id (the notice id), so that a retry is not posted twice.
    pub txn: Option<String>,
}

/// The Matrix room and thread of a service channel: `matrix:!room:server` or
/// `matrix:!room:server/$root` for a thread.
pub(super) fn room_of(channel: &ChannelId) -> Option<(OwnedRoomId, Option<OwnedEventId>)> {
    if channel.platform() != "matrix" {
        return None;
    }
    let (room, thread) = match channel.local().split_once("/$") {
        Some((room, root)) => (room, Some(format!("${root}"))),
        None => (channel.local(), None),
    };
    let room = RoomId::parse(room).ok()?;
    let thread = match thread {
        Some(root) => Some(OwnedEventId::try_from(root).ok()?),
        None => None,
    };
    Some((room, thread))
}

/// The service channel of a room, or of a thread in it.
pub(super) fn channel_of(room: &RoomId, thread: Option<&OwnedEventId>) -> ChannelId {
    match thread {
        Some(root) => ChannelId::new("matrix", &format!("{room}/{root}")),
        None => ChannelId::new("matrix", room.as_str()),
    }
}

/// The Matrix user behind a service user, if it is one.
pub(super) fn matrix_user(user: &User) -> Option<OwnedUserId> {
    if user.id.platform() != "matrix" {
        return None;
    }
    MxUserId::parse(user.id.local()).ok()
}

/// A user's pill: a `matrix.to` link that clients show as a mention.
fn pill(user: &User) -> String {
    match matrix_user(user) {
        Some(id) => format!(
            "[{}](https://matrix.to/#/{id})",
            user.name.replace(['[', ']'], "")
        ),
        None => format!("**{}**", user.name),
    }
}

/// What a channel is called in text: the room's name when the bot knows it, else "a room"
/// in `language`.
fn room_name(client: Option<&Client>, room: &RoomId, language: Language) -> String {
    use matrix_sdk::RoomDisplayName;
    client
        .and_then(|client| client.get_room(room))
        .and_then(|room| match room.cached_display_name() {
            Some(
                RoomDisplayName::Named(name)
                | RoomDisplayName::Aliased(name)
                | RoomDisplayName::Calculated(name),
            ) => Some(name),
            _ => room.name(),
        })
        .map(|name| name.replace(['[', ']', '\n', '*', '_', '`'], ""))
        .filter(|name| !name.trim().is_empty())
        .unwrap_or_else(|| akron_service::say!(language, "matrix-a-room"))
}

/// A channel as a link: the room (by name) or a thread in it, in `language`.
fn channel_link(client: Option<&Client>, channel: &ChannelId, language: Language) -> String {
    match room_of(channel) {
        Some((room, None)) => format!(
            "[{}](https://matrix.to/#/{room})",
            room_name(client, &room, language)
        ),
        Some((room, Some(root))) => format!(
            "[{}](https://matrix.to/#/{room}/{root})",
            thread_in(client, &room, language)
        ),
        None => format!("#{}", channel.local()),
    }
}

/// A channel in plain text, in `language`.
fn channel_plain(client: Option<&Client>, channel: &ChannelId, language: Language) -> String {
    match room_of(channel) {
        Some((room, None)) => room_name(client, &room, language),
        Some((room, Some(_))) => thread_in(client, &room, language),
        None => format!("#{}", channel.local()),
    }
}

/// `a thread in Lobby`, in `language`.
fn thread_in(client: Option<&Client>, room: &RoomId, language: Language) -> String {
    akron_service::say!(
        language,
        "matrix-thread-in",
        room = room_name(client, room, language)
    )
}

/// The plain body and the HTML body of a reply's text, mentions as pills; rooms named as
/// `client` knows them.
pub(super) fn text_bodies(
    client: Option<&Client>,
    reply: &Reply,
) -> (String, Option<FormattedBody>) {
    // Deadlines in the reader's time zone and language, with the relative form: Matrix has
    // no timestamps of its own.
    let now = SystemClock.now();
    let language = reply.reader.language;
    let plain = reply.text_with(|u| u.name.clone(), |c| channel_plain(client, c, language));
    let plain = matrix_commands(&plain);
    let mut plain = local_times(&plain, &reply.reader, now);
    let markdown = reply.text_with(pill, |c| channel_link(client, c, language));
    let markdown = matrix_commands(&markdown);
    let mut markdown = local_times(&markdown, &reply.reader, now);
    if let Some(link) = &reply.web_link {
        // The page's link, in the text: Matrix has no link buttons.
        plain.push_str(&format!("\n{}: {}", link.label, link.url));
        markdown.push_str(&format!("\n\n[{}]({})", link.label, link.url));
    }
    (plain, FormattedBody::markdown(markdown))
}

/// `text` with the commands it names as they are sent on Matrix, with the prefix:
/// `` `!akron draw decline` ``.
#[must_use]
pub fn matrix_commands(text: &str) -> String {
    akron_service::catalogue::render_commands(text, |command| {
        format!("`{} {}`", super::incoming::PREFIX, command.typed())
    })
}

/// Who a message pings: for a private answer only the one it answers, else everyone the
/// reply mentions.
pub(super) fn mentions(reply: &Reply, only: Option<&User>) -> Mentions {
    let users: Vec<OwnedUserId> = match only {
        Some(user) => matrix_user(user).into_iter().collect(),
        None => reply.mentions.iter().filter_map(matrix_user).collect(),
    };
    Mentions::with_user_ids(users)
}

/// The emoji a button is offered as: ✅ accept, ❌ decline, 🏳️ resign, 🤝 draw, 🔁 rematch, ...
#[must_use]
pub(super) fn emoji(button: &Button) -> &'static str {
    let action = button.id.split(':').nth(1).unwrap_or_default();
    match action {
        "accept" | "draw-accept" | "takeback-accept" | "resign-confirm" => "✅",
        "decline" | "draw-decline" | "takeback-decline" => "❌",
        "cancel" => "🚫",
        "swap" => "🔄",
        "board" => "🖼️",
        "draw-offer" => "🤝",
        "resign" => "🏳️",
        "tournament-join" => "🙋",
        "tournament-leave" => "👋",
        "tournament-confirm" => "☑️",
        "rematch" => "🔁",
        _ => "❔",
    }
}

/// The width and height written in a PNG's header.
#[must_use]
pub(super) fn png_size(png: &[u8]) -> Option<(u32, u32)> {
    if png.len() < 24 || &png[..8] != b"\x89PNG\r\n\x1a\n" || &png[12..16] != b"IHDR" {
        return None;
    }
    let width = u32::from_be_bytes(png[16..20].try_into().ok()?);
    let height = u32::from_be_bytes(png[20..24].try_into().ok()?);
    Some((width, height))
}

fn relation(
    place: &Place,
) -> Option<Relation<matrix_sdk::ruma::events::room::message::RoomMessageEventContentWithoutRelation>>
{
    match (&place.thread, &place.reply_to) {
        // An answer to the thread's root itself (the resignation question under the board it
        // was asked from) is a message in the thread, not a reply in it: `is_falling_back`.
        (Some(root), Some(answered)) if answered == root => {
            Some(Relation::Thread(Thread::plain(root.clone(), root.clone())))
        }
        (Some(root), Some(answered)) => Some(Relation::Thread(Thread::reply(
            root.clone(),
            answered.clone(),
        ))),
        (Some(root), None) => Some(Relation::Thread(Thread::plain(root.clone(), root.clone()))),
        (None, Some(answered)) => Some(Relation::Reply(ReplyRelation::new(InReplyTo::new(
            answered.clone(),
        )))),
        (None, None) => None,
    }
}

/// Sends one message event; the transaction id, when given, makes a retry idempotent.
async fn send(
    room: &Room,
    content: RoomMessageEventContent,
    txn: Option<String>,
) -> Result<OwnedEventId, MatrixError> {
    let mut sending = room.send(content);
    if let Some(txn) = txn {
        sending = sending.with_transaction_id(OwnedTransactionId::from(txn));
    }
    Ok(sending.await?.response.event_id)
}

/// Whether the room is encrypted (as far as the bot knows; unknown counts as not).
async fn is_encrypted(room: &Room) -> bool {
    room.latest_encryption_state()
        .await
        .map(|state| state.is_encrypted())
        .unwrap_or(false)
}

/// Uploads bytes, encrypted when the room is; the media source to reference.
async fn upload(
    client: &Client,
    encrypted: bool,
    mime: &mime::Mime,
    bytes: Vec<u8>,
) -> Result<MediaSource, MatrixError> {
    if encrypted {
        let mut reader = std::io::Cursor::new(bytes);
        let file = client.upload_encrypted_file(&mut reader).await?;
        Ok(MediaSource::Encrypted(Box::new(file)))
    } else {
        let response = client.media().upload(mime, bytes, None).await?;
        Ok(MediaSource::Plain(response.content_uri))
    }
}

/// Posts a reply: the board picture with the text as its caption (or the text alone), the
/// export as a file, then the buttons as reactions on the main message. `only` makes it a
/// private answer that pings that user alone. Returns the main message's event id.
pub(super) async fn post(
    client: &Client,
    room: &Room,
    bot: &Bot,
    reply: &Reply,
    place: &Place,
    only: Option<&User>,
    channel: &ChannelId,
) -> Result<Option<OwnedEventId>, MatrixError> {
    let mut addressed;
    let reply = match only {
        // A private answer in a shared room: say whom it is for, and ping only them.
        Some(user) => {
            addressed = reply.clone();
            let token = addressed.mention_user(user).say(addressed.reader.language);
            addressed.text = format!("{token}: {}", addressed.text);
            &addressed
        }
        None => reply,
    };
    let (plain, formatted) = text_bodies(Some(client), reply);
    let mentions = mentions(reply, only);
    let mut main = None;
    let mut txn = place.txn.clone();
    let encrypted = is_encrypted(room).await;
    if let Some(png) = &reply.image {
        let started = std::time::Instant::now();
        let source = upload(client, encrypted, &mime::IMAGE_PNG, png.clone()).await?;
        // The plain body carries the picture's text alternative after the message, for
        // screen readers and clients that show no image.
        let caption = match (plain.trim().is_empty(), &reply.alt) {
            (true, None) => BOARD_FILE.to_string(),
            (true, Some(alt)) => alt.clone(),
            (false, None) => plain.clone(),
            (false, Some(alt)) => format!("{plain}\n\n{alt}"),
        };
        let mut image = ImageMessageEventContent::new(caption, source);
        image.filename = Some(BOARD_FILE.to_string());
        image.formatted.clone_from(&formatted);
        let mut info = ImageInfo::new();
        if let Some((width, height)) = png_size(png) {
            info.width = Some(UInt::from(width));
            info.height = Some(UInt::from(height));
        }
        info.mimetype = Some("image/png".to_string());
        info.size = UInt::try_from(png.len()).ok();
        let image = image.info(Box::new(info));
        let mut content = RoomMessageEventContent::new(MessageType::Image(image));
        content.relates_to = relation(place);
        content.mentions = Some(mentions.clone());
        let sent = send(room, content, txn.take()).await?;
        tracing::debug!(
            posted_ms = super::incoming::millis(started),
            bytes = png.len(),
            "posted a board"
        );
        main = Some(sent);
    } else if !plain.trim().is_empty() {
        let text = match formatted {
            Some(html) => TextMessageEventContent::html(plain.clone(), html.body),
            None => TextMessageEventContent::plain(plain.clone()),
        };
        let mut content = RoomMessageEventContent::new(MessageType::Text(text));
        content.relates_to = relation(place);
        content.mentions = Some(mentions.clone());
        main = Some(send(room, content, txn.take()).await?);
    }
    if let Some(file) = &reply.attachment {
        let source = upload(
            client,
            encrypted,
            &mime::TEXT_PLAIN_UTF_8,
            file.content.clone(),
        )
        .await?;
        let file_content = FileMessageEventContent::new(file.filename.clone(), source);
        let mut content = RoomMessageEventContent::new(MessageType::File(file_content));
        content.relates_to = relation(place);
        content.mentions = Some(Mentions::new());
        let sent = send(room, content, txn.take().map(|t| format!("{t}-file"))).await?;
        main.get_or_insert(sent);
    }
    if let Some(event) = &main {
        let board = reply.board_of.is_some() && only.is_none() && !reply.ephemeral;
        offer(room, &bot.service, event, &reply.buttons, channel, board).await?;
        if only.is_none() && !reply.ephemeral {
            if board {
                board_supersedes(bot, room, reply, event).await;
            }
            remember_board(bot, reply, room.room_id(), event).await;
            remember_signup(bot, reply, room.room_id(), event).await;
        }
    }
    Ok(main)
}

/// The `matrix.to` link of an event.
pub(super) fn event_link(room: &RoomId, event: &OwnedEventId) -> String {
    format!("https://matrix.to/#/{room}/{event}")
}

/// Tells the service where the latest board of a running game is, so that reminders link
/// to it. A board without buttons belongs to a game that is over. Failures are logged: the
/// reminder then names the room alone.
async fn remember_board(bot: &Bot, reply: &Reply, room: &RoomId, event: &OwnedEventId) {
    let Some(game) = reply.running_board() else {
        return;
    };
    let link = event_link(room, event);
    let service = std::sync::Arc::clone(&bot.service);
    match tokio::task::spawn_blocking(move || service.board_posted(game, &link)).await {
        Ok(Ok(())) => {}
        Ok(Err(error)) => tracing::warn!(%error, "could not remember the latest board"),
        Err(error) => tracing::error!(%error, "the service worker died"),
    }
}

/// Tells the service where the sign-up message of a tournament is (its `matrix.to` link), so
/// that `tournament join` and `leave` edit it. Failures are logged: a join then posts the
/// list again.
async fn remember_signup(bot: &Bot, reply: &Reply, room: &RoomId, event: &OwnedEventId) {
    let Some(tournament) = reply.signup_of else {
        return;
    };
    let link = event_link(room, event);
    let service = std::sync::Arc::clone(&bot.service);
    match tokio::task::spawn_blocking(move || service.signup_posted(tournament, &link)).await {
        Ok(Ok(())) => {}
        Ok(Err(error)) => tracing::warn!(%error, "could not remember the sign-up message"),
        Err(error) => tracing::error!(%error, "the service worker died"),
    }
}

/// The room and event of a message the bot posted, from its `matrix.to` link (what
/// [`remember_signup`] gave the service). Other platforms' references are not Matrix's.
fn posted_at(reference: &str) -> Option<(OwnedRoomId, OwnedEventId)> {
    let (room, event) = reference
        .strip_prefix("https://matrix.to/#/")?
        .split_once('/')?;
    Some((
        RoomId::parse(room).ok()?,
        OwnedEventId::try_from(event).ok()?,
    ))
}

/// Edits (`m.replace`) the sign-up message `reply` replaces, as Discord edits its message,
/// when it names one in a room the bot is in. Returns its link when it did; when not (another
/// platform's message, a room left, a failed send), the caller posts the reply as usual.
pub(super) async fn edit_signup(client: &Client, reply: &Reply) -> Option<String> {
    if reply.ephemeral || reply.image.is_some() || reply.attachment.is_some() {
        return None;
    }
    let reference = reply.replaces_message.as_deref()?;
    let (room_id, event) = posted_at(reference)?;
    let room = client
        .get_room(&room_id)
        .filter(|room| room.state() == RoomState::Joined)?;
    let (plain, formatted) = text_bodies(Some(client), reply);
    let text = match formatted {
        Some(html) => TextMessageEventContent::html(plain, html.body),
        None => TextMessageEventContent::plain(plain),
    };
    // An edit pings nobody: the entrants were told when they joined.
    let content = RoomMessageEventContent::new(MessageType::Text(text))
        .make_replacement(ReplacementMetadata::new(event, Some(Mentions::new())));
    match room.send(content).await {
        Ok(_) => Some(reference.to_string()),
        Err(error) => {
            tracing::debug!(%error, "could not edit the sign-up message; posting it again");
            None
        }
    }
}

/// Offers `buttons` as reactions on `event`, remembering what each stands for first (so a
/// quick reaction is understood), and then the reaction events themselves (so they can be
/// taken back). Two buttons wanting the same emoji: the first wins; the other stays a typed
/// command. `board` when the message shows a game's board.
async fn offer(
    room: &Room,
    service: &Arc<Service>,
    event: &OwnedEventId,
    buttons: &[Button],
    channel: &ChannelId,
    board: bool,
) -> Result<(), MatrixError> {
    let mut choices: Vec<(&'static str, &str)> = Vec::new();
    for button in buttons {
        let key = emoji(button);
        if !choices.iter().any(|(k, _)| *k == key) {
            choices.push((key, &button.id));
        }
    }
    if choices.is_empty() {
        return Ok(());
    }
    service.offer_reactions(event.as_str(), &choices, channel, board)?;
    let keys: Vec<&'static str> = choices.iter().map(|(key, _)| *key).collect();
    // The reactions are only the visible handles of choices already remembered: they go out
    // in the background, so the next command is not kept waiting behind them.
    let room = room.clone();
    let event = event.clone();
    let service = Arc::clone(service);
    tokio::spawn(async move {
        for key in keys {
            let reaction = ReactionEventContent::new(Annotation::new(event.clone(), key.into()));
            let sent = match room.send(reaction).await {
                Ok(sent) => sent.response.event_id,
                Err(error) => {
                    tracing::warn!(%error, key, "could not offer a reaction");
                    continue;
                }
            };
            let worker = Arc::clone(&service);
            let (message, reaction) = (event.to_string(), sent.to_string());
            let kept =
                tokio::task::spawn_blocking(move || worker.reaction_sent(&message, key, &reaction))
                    .await;
            // The choice went while its reaction was on its way: take it back now.
            if matches!(kept, Ok(Ok(false))) {
                redact(&room, &sent).await;
            }
        }
    });
    Ok(())
}

/// Takes back the bot's reactions whose choices are gone (what the service forgot and
/// returned), in the background: a reaction left over is untidy, never wrong, since the
/// service no longer knows the choice.
pub(super) fn take_back(room: &Room, gone: Vec<GoneChoice>) {
    let events: Vec<OwnedEventId> = gone
        .into_iter()
        .filter_map(|choice| choice.reaction_event)
        .filter_map(|event| OwnedEventId::try_from(event).ok())
        .collect();
    if events.is_empty() {
        return;
    }
    let room = room.clone();
    tokio::spawn(async move {
        for event in events {
            redact(&room, &event).await;
        }
    });
}

async fn redact(room: &Room, event: &OwnedEventId) {
    if let Err(error) = room.redact(event, None, None).await {
        tracing::debug!(%error, %event, "could not take back a reaction");
    }
}

/// After a public board of a running or finished game was posted as `event`: the choices
/// offered on earlier messages about that game are gone.
async fn board_supersedes(bot: &Bot, room: &Room, reply: &Reply, event: &OwnedEventId) {
    let Some(game) = reply.board_of else {
        return;
    };
    let service = Arc::clone(&bot.service);
    let message = event.to_string();
    match tokio::task::spawn_blocking(move || service.choices_before_board(game, &message)).await {
        Ok(Ok(gone)) => take_back(room, gone),
        Ok(Err(error)) => tracing::warn!(%error, "could not look up the older choices"),
        Err(error) => tracing::error!(%error, "the service worker died"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::{Command, GameId, UserId};

    #[test]
    fn a_web_link_goes_in_both_bodies() {
        let mut reply = Reply::text("Your move.");
        reply.web_link = Some(crate::service::WebLink {
            label: "View game".to_string(),
            url: "https://akron.test/game/1/abc".to_string(),
        });
        let (plain, formatted) = text_bodies(None, &reply);
        assert_eq!(
            plain,
            "Your move.\nView game: https://akron.test/game/1/abc"
        );
        let Some(formatted) = formatted else {
            panic!("an HTML body");
        };
        assert!(
            formatted
                .body
                .contains(r#"<a href="https://akron.test/game/1/abc">View game</a>"#),
            "{}",
            formatted.body
        );
    }

    #[test]
    fn channels_name_rooms_and_threads_and_read_back() {
        let Ok(room) = RoomId::parse("!abc:localhost") else {
            panic!("a room id");
        };
        let Ok(root) = OwnedEventId::try_from("$root") else {
            panic!("an event id");
        };
        let channel = channel_of(&room, None);
        assert_eq!(channel.as_str(), "matrix:!abc:localhost");
        assert_eq!(room_of(&channel), Some((room.clone(), None)));
        let thread = channel_of(&room, Some(&root));
        assert_eq!(thread.as_str(), "matrix:!abc:localhost/$root");
        assert_eq!(room_of(&thread), Some((room, Some(root))));
        assert_eq!(room_of(&ChannelId::new("discord", "12")), None);
    }

    /// A room the bot knows no name of, and a thread in it, are named in the reader's
    /// language (each always follows "in").
    #[test]
    fn unnamed_rooms_and_threads_are_named_in_the_readers_language() {
        let Ok(room) = RoomId::parse("!abc:localhost") else {
            panic!("a room id");
        };
        let Ok(root) = OwnedEventId::try_from("$root") else {
            panic!("an event id");
        };
        let thread = channel_of(&room, Some(&root));
        let said = |language| channel_plain(None, &thread, language);
        assert_eq!(said(Language::English), "a thread in a room");
        assert_eq!(said(Language::Spanish), "un hilo de una sala");
        assert_eq!(said(Language::German), "einem Thread in einem Raum");
        assert_eq!(
            channel_link(None, &channel_of(&room, None), Language::Spanish),
            "[una sala](https://matrix.to/#/!abc:localhost)"
        );
    }

    #[test]
    fn replies_mention_matrix_users_as_pills_and_ping_only_them() {
        let bob = User::new(UserId::new("matrix", "@bob:localhost"), "Bob");
        let ann = User::new(UserId::new("console", "ann"), "ann");
        let mut reply = Reply::default();
        let b = reply
            .mention_user(&bob)
            .say(crate::service::Language::English);
        let a = reply
            .mention_user(&ann)
            .say(crate::service::Language::English);
        reply.text = format!("{b} to move against {a}");
        let (plain, html) = text_bodies(None, &reply);
        assert_eq!(plain, "Bob to move against ann");
        let Some(html) = html else {
            panic!("formatted");
        };
        assert!(html
            .body
            .contains("<a href=\"https://matrix.to/#/@bob:localhost\">Bob</a>"));
        assert!(html.body.contains("<strong>ann</strong>"));
        let pinged = mentions(&reply, None);
        assert_eq!(pinged.user_ids.len(), 1);
        let carol = User::new(UserId::new("matrix", "@carol:localhost"), "Carol");
        let pinged = mentions(&reply, Some(&carol));
        assert!(pinged
            .user_ids
            .iter()
            .all(|u| u.as_str() == "@carol:localhost"));
    }

    #[test]
    fn buttons_become_the_agreed_reactions() {
        let key = |command| Button::of(command, GameId(1)).map(|b| emoji(&b));
        assert_eq!(key(Command::Accept), Some("✅"));
        assert_eq!(key(Command::Decline), Some("❌"));
        assert_eq!(key(Command::AskResign), Some("🏳️"));
        assert_eq!(key(Command::Resign), Some("✅"));
        assert_eq!(key(Command::Draw(crate::service::Offer::Offer)), Some("🤝"));
        // Issue 43: the Rematch button of a finished board.
        assert_eq!(key(Command::Rematch), Some("🔁"));
        use crate::service::TournamentAction;
        assert_eq!(key(Command::Tournament(TournamentAction::Join)), Some("🙋"));
        assert_eq!(
            key(Command::Tournament(TournamentAction::Leave)),
            Some("👋")
        );
        // Issue 43: the check-in's Check in button.
        assert_eq!(
            key(Command::Tournament(TournamentAction::Confirm)),
            Some("☑️")
        );
        // Every button has a reaction of its own on the same message.
        let sign_up: Vec<_> = [
            Command::Tournament(TournamentAction::Join),
            Command::Tournament(TournamentAction::Leave),
        ]
        .into_iter()
        .filter_map(key)
        .collect();
        assert!(!sign_up.contains(&"❔"), "{sign_up:?}");
    }

    #[test]
    fn posted_messages_are_found_again_from_their_links() {
        let (Ok(room), Ok(event)) = (
            RoomId::parse("!abc:localhost"),
            OwnedEventId::try_from("$Ev3nt_id-x"),
        ) else {
            panic!("ids");
        };
        let link = event_link(&room, &event);
        assert_eq!(posted_at(&link), Some((room, event)));
        // Discord's reference, a bare room, and nonsense are not Matrix messages.
        assert_eq!(posted_at("1234/5678"), None);
        assert_eq!(posted_at("https://matrix.to/#/!abc:localhost"), None);
        assert_eq!(posted_at("https://matrix.to/#/nonsense/$x"), None);
    }

    #[test]
    fn png_sizes_are_read_from_the_header() {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        png.extend_from_slice(&640u32.to_be_bytes());
        png.extend_from_slice(&480u32.to_be_bytes());
        assert_eq!(png_size(&png), Some((640, 480)));
        assert_eq!(png_size(b"GIF89a"), None);
    }
}
