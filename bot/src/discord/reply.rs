//! From the service's [`Reply`] to a Discord message, and running the service off the async
//! runtime with a deferral when it is slow.

use super::{Data, DiscordError};
use crate::service::{Button, ButtonStyle, ChannelId, Language, Reply, Request, User, MAX_ALT};
use poise::serenity_prelude as serenity;
use std::future::Future;
use std::time::Duration;

/// How long a command may run before the interaction is deferred; Discord allows three
/// seconds for the first answer.
const DEFER_AFTER: Duration = Duration::from_millis(1500);

/// Discord's limit on message content.
const CONTENT_LIMIT: usize = 2000;
/// Discord's limit on an embed description.
const DESCRIPTION_LIMIT: usize = 4096;

/// The file name of board pictures, referenced from the embed.
const BOARD_FILE: &str = "board.png";

/// The file name of replays, referenced from the embed.
const REPLAY_FILE: &str = "replay.gif";

/// Discord's code for a request the bot's permissions do not allow.
const MISSING_PERMISSIONS: isize = 50013;

/// What the bot may be assumed to hold when Discord refused a picture: posting, and nothing
/// for pictures, so that [`message`] describes instead of attaching.
const TEXT_ONLY: serenity::Permissions = serenity::Permissions::VIEW_CHANNEL
    .union(serenity::Permissions::SEND_MESSAGES)
    .union(serenity::Permissions::SEND_MESSAGES_IN_THREADS);

/// Runs `request` on a blocking thread. If it takes longer than [`DEFER_AFTER`], `defer` is
/// awaited first so the interaction does not expire. Returns the reply and whether it
/// deferred; on the way, the channel's legal moves are refreshed for autocompletion.
pub(super) async fn ask<F>(
    data: &Data,
    request: Request,
    defer: impl FnOnce() -> F,
) -> Result<(Reply, bool), DiscordError>
where
    F: Future<Output = Result<(), serenity::Error>>,
{
    let service = data.service.clone();
    let mut work = tokio::task::spawn_blocking(move || {
        let (reply, failed) = service.handle_reporting(&request);
        // After a failure of the service (the database out of reach), reading the game
        // would wait out the busy timeout a second time before the refusal goes out.
        let game = (!failed).then(|| service.channel_game(&request.channel));
        (reply, game, request.channel)
    });
    let (joined, deferred) = match tokio::time::timeout(DEFER_AFTER, &mut work).await {
        Ok(joined) => (joined?, false),
        Err(_) => {
            defer().await?;
            (work.await?, true)
        }
    };
    let (reply, game, channel) = joined;
    let game = match game {
        Some(Ok(game)) => game,
        Some(Err(error)) => {
            tracing::warn!(%error, "could not read the channel's game after a command");
            None
        }
        // The service failed: what the channel's moves are is not known; keep the last.
        None => return Ok((reply, deferred)),
    };
    data.moves.remember(&channel, game.as_ref());
    Ok((reply, deferred))
}

/// A reply ready for Discord, in serenity's builders' terms.
pub(super) struct Message {
    content: String,
    embed: Option<serenity::CreateEmbed>,
    files: Vec<serenity::CreateAttachment>,
    rows: Vec<serenity::CreateActionRow>,
    mentions: serenity::CreateAllowedMentions,
    ephemeral: bool,
}

/// Where a message is, as the service keeps it for a sign-up message: `CHANNEL/MESSAGE`.
pub(super) fn message_reference(
    (channel, id): (serenity::ChannelId, serenity::MessageId),
) -> String {
    format!("{channel}/{id}")
}

/// A reference made by [`message_reference`] read back.
pub(super) fn message_at(reference: &str) -> Option<(serenity::ChannelId, serenity::MessageId)> {
    let (channel, id) = reference.split_once('/')?;
    let (channel, id) = (channel.parse::<u64>().ok()?, id.parse::<u64>().ok()?);
    (channel != 0 && id != 0).then(|| {
        (
            serenity::ChannelId::new(channel),
            serenity::MessageId::new(id),
        )
    })
}

/// Tells the service where the sign-up message `answer` stands for was posted. Best effort:
/// a failure is only logged (the command path then posts a new message instead of editing).
pub(super) async fn remember_signup(
    data: &Data,
    answer: &Reply,
    at: (serenity::ChannelId, serenity::MessageId),
) {
    let Some(tournament) = answer.signup_of.filter(|_| !answer.ephemeral) else {
        return;
    };
    let service = data.service.clone();
    let reference = message_reference(at);
    match tokio::task::spawn_blocking(move || service.signup_posted(tournament, &reference)).await {
        Ok(Ok(())) => {}
        Ok(Err(error)) => tracing::warn!(%error, "could not remember the sign-up message"),
        Err(error) => tracing::error!(%error, "the service worker died"),
    }
}

/// Edits the sign-up message `answer` replaces, if it names one, and says so privately to
/// the caller. Returns whether it did; when not, the caller posts the reply as usual.
pub(super) async fn edit_signup(
    ctx: poise::Context<'_, Data, DiscordError>,
    answer: &Reply,
    bot: Option<serenity::Permissions>,
) -> Result<bool, DiscordError> {
    let Some((channel, id)) = answer
        .replaces_message
        .as_deref()
        .filter(|_| !answer.ephemeral)
        .and_then(message_at)
    else {
        return Ok(false);
    };
    let edit = message(answer, bot).into_edit();
    if let Err(error) = channel.edit_message(ctx.http(), id, edit).await {
        tracing::debug!(%error, "could not edit the sign-up message; posting it again");
        return Ok(false);
    }
    let link = akron_service::say!(
        answer.reader.language,
        "discord-signup-edited",
        link = format!(
            "https://discord.com/channels/{}/{channel}/{id}",
            ctx.guild_id()
                .map_or_else(|| "@me".to_string(), |g| g.get().to_string())
        )
    );
    ctx.send(refusal(&link).into_poise()).await?;
    Ok(true)
}

/// A short ephemeral message, for refusals the Discord layer makes itself.
pub(super) fn refusal(text: &str) -> Message {
    Message {
        // A refusal in the caller's language names commands as English ones would.
        content: super::mentions::discord_commands(text, Language::English),
        embed: None,
        files: Vec::new(),
        rows: Vec::new(),
        mentions: serenity::CreateAllowedMentions::new(),
        ephemeral: true,
    }
}

/// Whether the bot lacks the permissions to attach a picture in an embed here.
fn missing_for_pictures(bot: Option<serenity::Permissions>) -> bool {
    bot.is_some_and(|bot| {
        !bot.contains(serenity::Permissions::ATTACH_FILES | serenity::Permissions::EMBED_LINKS)
    })
}

/// Translates a service reply. `bot` holds the bot's permissions in the channel when
/// Discord sent them.
pub(super) fn message(reply: &Reply, bot: Option<serenity::Permissions>) -> Message {
    let mut text = super::mentions::discord_commands(
        &reply.text_with(mention, channel_link),
        reply.reader.language,
    );
    let mut files = Vec::new();
    let mut embed = None;
    let no_pictures = missing_for_pictures(bot);
    if let Some(png) = &reply.image {
        if no_pictures {
            text.push('\n');
            text.push_str(&akron_service::say!(
                reply.reader.language,
                "discord-no-picture",
                what = if reply.board_of.is_some() {
                    "board"
                } else {
                    "picture"
                }
            ));
        } else {
            let mut file = serenity::CreateAttachment::bytes(png.clone(), BOARD_FILE);
            if let Some(alt) = &reply.alt {
                // The text alternative screen readers read; Discord takes at most 1,024.
                file = file.description(alt.chars().take(MAX_ALT).collect::<String>());
            }
            files.push(file);
            let mut board = serenity::CreateEmbed::new()
                .image(format!("attachment://{BOARD_FILE}"))
                .colour(serenity::Colour::from_rgb(0xc8, 0x9b, 0x5a));
            if let Some(game) = reply.board_of {
                board = board.title(akron_service::say!(
                    reply.reader.language,
                    "discord-board-title",
                    game = game.to_string()
                ));
            }
            embed = Some(board);
        }
    }
    if let Some(gif) = &reply.animation {
        if no_pictures {
            text.push('\n');
            text.push_str(&akron_service::say!(
                reply.reader.language,
                "discord-no-picture",
                what = "replay"
            ));
        } else {
            let mut file = serenity::CreateAttachment::bytes(gif.clone(), REPLAY_FILE);
            if let Some(alt) = &reply.alt {
                file = file.description(alt.chars().take(MAX_ALT).collect::<String>());
            }
            files.push(file);
            let replay = serenity::CreateEmbed::new()
                .image(format!("attachment://{REPLAY_FILE}"))
                .colour(serenity::Colour::from_rgb(0xc8, 0x9b, 0x5a));
            // A reply carries a board or a replay; the replay takes the embed.
            embed = Some(replay);
        }
    }
    if let Some(file) = &reply.attachment {
        if bot.is_some_and(|bot| !bot.contains(serenity::Permissions::ATTACH_FILES)) {
            text.push_str(
                "\n*I can't attach the file here: I need the Attach Files permission in this \
                 channel.*",
            );
        } else {
            files.push(
                serenity::CreateAttachment::bytes(file.content.clone(), file.filename.clone())
                    .description(file.description.chars().take(MAX_ALT).collect::<String>()),
            );
        }
    }
    let embeds_shown = bot.is_none_or(|bot| bot.contains(serenity::Permissions::EMBED_LINKS));
    if text.chars().count() > CONTENT_LIMIT && !embeds_shown {
        // Without Embed Links Discord drops the bot's embeds: the text is cut instead.
        text = text.chars().take(CONTENT_LIMIT - 1).collect();
        text.push('…');
    }
    if text.chars().count() > CONTENT_LIMIT {
        // Too long for the content: the text goes in the embed, the mentions stay outside.
        let description = description_text(&text);
        text = reply
            .mentions
            .iter()
            .map(mention)
            .collect::<Vec<_>>()
            .join(" ");
        embed = Some(embed.unwrap_or_default().description(description));
    }
    let mut rows: Vec<Vec<serenity::CreateButton>> = reply
        .buttons
        .chunks(5)
        .take(5)
        .map(|row| row.iter().map(button).collect())
        .collect();
    if let Some(link) = &reply.web_link {
        // A link button: a url and no custom id. It joins the last row when that has room
        // (five buttons a row, five rows a message).
        let link = serenity::CreateButton::new_link(link.url.clone()).label(link.label.clone());
        let room = rows.last().is_some_and(|row| row.len() < 5);
        if let (true, Some(row)) = (room, rows.last_mut()) {
            row.push(link);
        } else if rows.len() < 5 {
            rows.push(vec![link]);
        }
    }
    let rows = rows
        .into_iter()
        .map(serenity::CreateActionRow::Buttons)
        .collect();
    let mentions = if reply.ephemeral {
        serenity::CreateAllowedMentions::new()
    } else {
        serenity::CreateAllowedMentions::new().users(reply.mentions.iter().filter_map(discord_id))
    };
    Message {
        content: text,
        embed,
        files,
        rows,
        mentions,
        ephemeral: reply.ephemeral,
    }
}

fn description_text(text: &str) -> String {
    text.chars().take(DESCRIPTION_LIMIT).collect()
}

/// A user as Discord shows them: a real mention for Discord users, the bold name otherwise.
fn mention(user: &User) -> String {
    match discord_id(user) {
        Some(id) => format!("<@{id}>"),
        None => format!("**{}**", user.name),
    }
}

/// A channel as Discord shows it: a link for Discord channels, `#name` otherwise.
fn channel_link(channel: &ChannelId) -> String {
    if channel.platform() == "discord" && channel.local().parse::<u64>().is_ok() {
        format!("<#{}>", channel.local())
    } else {
        format!("#{}", channel.local())
    }
}

fn discord_id(user: &User) -> Option<serenity::UserId> {
    if user.id.platform() != "discord" {
        return None;
    }
    user.id
        .local()
        .parse::<u64>()
        .ok()
        .filter(|id| *id != 0)
        .map(serenity::UserId::new)
}

fn button(button: &Button) -> serenity::CreateButton {
    let style = match button.style {
        ButtonStyle::Primary => serenity::ButtonStyle::Primary,
        ButtonStyle::Secondary => serenity::ButtonStyle::Secondary,
        ButtonStyle::Success => serenity::ButtonStyle::Success,
        ButtonStyle::Danger => serenity::ButtonStyle::Danger,
    };
    serenity::CreateButton::new(button.id.clone())
        .label(button.label.clone())
        .style(style)
}

/// Posts `reply` in `channel` as a message of the bot's own (`extra` adds to it, such as a
/// nonce). The bot's permissions there are not known outside an interaction, so a picture is
/// tried first; when Discord refuses the message with Missing Permissions (no Attach Files or
/// Embed Links there) and it carried a picture or a file, it is posted again as text with a
/// note saying which permissions the picture needs.
///
/// # Errors
///
/// Discord's refusal of the text message too, or any other failure.
pub(super) async fn post(
    http: &serenity::Http,
    channel: serenity::ChannelId,
    reply: &Reply,
    extra: impl Fn(serenity::CreateMessage) -> serenity::CreateMessage,
) -> Result<serenity::Message, serenity::Error> {
    let full = message(reply, None);
    let has_media = full.has_media();
    match channel
        .send_message(http, extra(full.into_create_message()))
        .await
    {
        Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)))
            if has_media && response.error.code == MISSING_PERMISSIONS =>
        {
            tracing::debug!(%channel, "no permission for pictures here; posting the text alone");
            let text = message(reply, Some(TEXT_ONLY)).into_create_message();
            channel.send_message(http, extra(text)).await
        }
        other => other,
    }
}

impl Message {
    /// Whether the message carries files or an embed, which need Attach Files and Embed Links.
    fn has_media(&self) -> bool {
        !self.files.is_empty() || self.embed.is_some()
    }

    /// As a poise reply to a slash command.
    pub(super) fn into_poise(self) -> poise::CreateReply {
        let mut reply = poise::CreateReply::default()
            .content(self.content)
            .components(self.rows)
            .allowed_mentions(self.mentions)
            .ephemeral(self.ephemeral);
        if let Some(embed) = self.embed {
            reply = reply.embed(embed);
        }
        for file in self.files {
            reply = reply.attachment(file);
        }
        reply
    }

    /// As an edit of a message the bot posted (the sign-up message after `tournament join`);
    /// files are left out.
    pub(super) fn into_edit(self) -> serenity::EditMessage {
        let mut message = serenity::EditMessage::new()
            .content(self.content)
            .components(self.rows)
            .allowed_mentions(self.mentions);
        if let Some(embed) = self.embed {
            message = message.embed(embed);
        }
        message
    }

    /// As a message the bot posts by itself (a notice).
    pub(super) fn into_create_message(self) -> serenity::CreateMessage {
        let mut message = serenity::CreateMessage::new()
            .content(self.content)
            .components(self.rows)
            .allowed_mentions(self.mentions)
            .add_files(self.files);
        if let Some(embed) = self.embed {
            message = message.embed(embed);
        }
        message
    }

    /// As the first response to a button press.
    pub(super) fn into_response(self) -> serenity::CreateInteractionResponseMessage {
        let mut message = serenity::CreateInteractionResponseMessage::new()
            .content(self.content)
            .components(self.rows)
            .allowed_mentions(self.mentions)
            .ephemeral(self.ephemeral)
            .add_files(self.files);
        if let Some(embed) = self.embed {
            message = message.embed(embed);
        }
        message
    }

    /// As a follow-up after a deferral.
    pub(super) fn into_followup(self) -> serenity::CreateInteractionResponseFollowup {
        let mut message = serenity::CreateInteractionResponseFollowup::new()
            .content(self.content)
            .components(self.rows)
            .allowed_mentions(self.mentions)
            .ephemeral(self.ephemeral)
            .add_files(self.files);
        if let Some(embed) = self.embed {
            message = message.embed(embed);
        }
        message
    }
}

/// The permissions the bot lacks to answer in this channel (the catalogue's keys of
/// `discord-permission`), when Discord said what it has and it cannot post; `None` when it
/// can, or when Discord did not say. Both are named, as Discord's settings show them.
pub(super) fn cannot_post(
    bot: Option<serenity::Permissions>,
    in_thread: bool,
) -> Option<[&'static str; 2]> {
    let bot = bot?;
    let (send, key) = if in_thread {
        (
            serenity::Permissions::SEND_MESSAGES_IN_THREADS,
            "send-messages-in-threads",
        )
    } else {
        (serenity::Permissions::SEND_MESSAGES, "send-messages")
    };
    if bot.contains(serenity::Permissions::VIEW_CHANNEL | send) {
        return None;
    }
    Some(["view-channel", key])
}

/// `the Create Public Threads permission`, `the View Channel and Send Messages
/// permissions`: the permissions of `keys` (the catalogue's keys of `discord-permission`)
/// in `language`.
pub(super) fn permissions_needed(keys: &[&str], language: Language) -> String {
    let names: Vec<String> = keys
        .iter()
        .map(|key| akron_service::say!(language, "discord-permission", permission = *key))
        .collect();
    akron_service::say!(
        language,
        "discord-permissions-needed",
        count = names.len(),
        names = names.join(&akron_service::say!(language, "discord-permission-and"))
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::UserId;

    #[test]
    fn discord_users_get_real_mentions_and_others_bold_names() {
        let discord = User::new(UserId::new("discord", "42"), "bob");
        let console = User::new(UserId::new("console", "ann"), "ann");
        assert_eq!(mention(&discord), "<@42>");
        assert_eq!(mention(&console), "**ann**");
    }

    #[test]
    fn discord_channels_become_links_and_others_names() {
        assert_eq!(channel_link(&ChannelId::new("discord", "1234")), "<#1234>");
        assert_eq!(channel_link(&ChannelId::new("console", "main")), "#main");
        assert_eq!(channel_link(&ChannelId::new("discord", "x")), "#x");
    }

    #[test]
    fn a_board_picture_goes_in_an_embed_and_falls_back_to_a_note_without_permission() {
        let reply = Reply {
            text: "board".into(),
            image: Some(vec![0x89, b'P', b'N', b'G']),
            ..Reply::default()
        };
        let shown = message(&reply, Some(serenity::Permissions::all()));
        assert_eq!(shown.files.len(), 1);
        assert!(shown.embed.is_some());
        let hidden = message(&reply, Some(serenity::Permissions::SEND_MESSAGES));
        assert!(hidden.files.is_empty());
        assert!(hidden.content.contains("Attach Files"));
    }

    #[test]
    fn without_embed_links_a_long_text_is_cut_instead_of_moved_into_an_embed() {
        let reply = Reply::text("x".repeat(CONTENT_LIMIT + 50));
        let embedded = message(&reply, None);
        assert!(embedded.embed.is_some());
        let cut = message(&reply, Some(TEXT_ONLY));
        assert!(cut.embed.is_none());
        assert_eq!(cut.content.chars().count(), CONTENT_LIMIT);
        assert!(cut.content.ends_with('…'));
    }

    #[test]
    fn posting_needs_view_and_send_in_channels_and_send_in_threads_in_threads() {
        let channel = serenity::Permissions::VIEW_CHANNEL | serenity::Permissions::SEND_MESSAGES;
        assert_eq!(cannot_post(Some(channel), false), None);
        assert_eq!(
            cannot_post(Some(channel), true),
            Some(["view-channel", "send-messages-in-threads"])
        );
        assert_eq!(
            cannot_post(Some(serenity::Permissions::VIEW_CHANNEL), false),
            Some(["view-channel", "send-messages"])
        );
        assert_eq!(cannot_post(None, false), None);
    }
}
