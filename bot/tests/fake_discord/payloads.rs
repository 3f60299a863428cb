//! JSON payloads shaped like Discord's: the bot's identity, the test guild, messages and the
//! interactions tests send.

use super::FilePart;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU64, Ordering};

/// The bot's user id, which is also its application id.
pub const BOT_USER_ID: u64 = 900_000_000_000_000_001;
/// The application id.
pub const APPLICATION_ID: u64 = BOT_USER_ID;
/// The test guild.
pub const GUILD_ID: u64 = 500_000_000_000_000_001;
/// The test guild's text channel.
pub const CHANNEL_ID: u64 = 600_000_000_000_000_001;
/// A second text channel.
pub const OTHER_CHANNEL_ID: u64 = 600_000_000_000_000_002;
/// A public thread under the text channel.
pub const THREAD_ID: u64 = 600_000_000_000_000_003;

/// See the channel and its messages (Discord's permission bits, from its "Permissions" topic).
pub const VIEW_CHANNEL: u64 = 1 << 10;
/// Edit channels.
pub const MANAGE_CHANNELS: u64 = 1 << 4;
/// Post messages in a channel (not in threads).
pub const SEND_MESSAGES: u64 = 1 << 11;
/// Delete and pin others' messages.
pub const MANAGE_MESSAGES: u64 = 1 << 13;
/// Links and the bot's embeds are shown.
pub const EMBED_LINKS: u64 = 1 << 14;
/// Upload files.
pub const ATTACH_FILES: u64 = 1 << 15;
/// Read earlier messages.
pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
/// Use slash commands.
pub const USE_APPLICATION_COMMANDS: u64 = 1 << 31;
/// Archive, lock and rename threads.
pub const MANAGE_THREADS: u64 = 1 << 34;
/// Open public threads.
pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
/// Open private threads.
pub const CREATE_PRIVATE_THREADS: u64 = 1 << 36;
/// Post messages in threads.
pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;

/// What a member may do in the test channels.
pub const MEMBER_PERMISSIONS: u64 = VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_APPLICATION_COMMANDS
    | SEND_MESSAGES_IN_THREADS;
/// Member permissions plus `MANAGE_MESSAGES` and `MANAGE_THREADS`.
pub const MODERATOR_PERMISSIONS: u64 = MEMBER_PERMISSIONS | MANAGE_MESSAGES | MANAGE_THREADS;
/// What the bot may do in a guild channel unless a test takes something away: what the
/// README's invite grants.
pub const BOT_PERMISSIONS: u64 = VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS;

/// A guild member that tests act as.
#[derive(Clone, Copy, Debug)]
pub struct TestUser {
    /// The user id.
    pub id: u64,
    /// The user name.
    pub name: &'static str,
    /// The member's permissions in the channel.
    pub permissions: u64,
}

/// A player.
pub const ALICE: TestUser = TestUser {
    id: 100_000_000_000_000_001,
    name: "alice",
    permissions: MEMBER_PERMISSIONS,
};
/// Another player.
pub const BOB: TestUser = TestUser {
    id: 100_000_000_000_000_002,
    name: "bob",
    permissions: MEMBER_PERMISSIONS,
};
/// A bystander.
pub const CAROL: TestUser = TestUser {
    id: 100_000_000_000_000_003,
    name: "carol",
    permissions: MEMBER_PERMISSIONS,
};
/// A fourth player (the six-player knockout).
pub const DAN: TestUser = TestUser {
    id: 100_000_000_000_000_006,
    name: "dan",
    permissions: MEMBER_PERMISSIONS,
};
/// A fifth player (the six-player knockout).
pub const ERIN: TestUser = TestUser {
    id: 100_000_000_000_000_007,
    name: "erin",
    permissions: MEMBER_PERMISSIONS,
};
/// A sixth player (the six-player knockout).
pub const FAY: TestUser = TestUser {
    id: 100_000_000_000_000_008,
    name: "fay",
    permissions: MEMBER_PERMISSIONS,
};
/// A moderator of threads only: Manage Threads without Manage Messages.
pub const THREAD_MODERATOR: TestUser = TestUser {
    id: 100_000_000_000_000_005,
    name: "threadmod",
    permissions: MEMBER_PERMISSIONS | (1 << 34),
};
/// A moderator.
pub const MODERATOR: TestUser = TestUser {
    id: 100_000_000_000_000_004,
    name: "mod",
    permissions: MODERATOR_PERMISSIONS,
};

static NEXT_INTERACTION: AtomicU64 = AtomicU64::new(700_000_000_000_000_000);

fn next_interaction_id() -> u64 {
    NEXT_INTERACTION.fetch_add(1, Ordering::Relaxed)
}

/// The timestamp every fake object carries.
pub const TIMESTAMP: &str = "2025-01-01T00:00:00.000000+00:00";

/// A user object.
pub fn user(user: &TestUser) -> Value {
    json!({
        "id": user.id.to_string(),
        "username": user.name,
        "global_name": user.name,
        "discriminator": "0",
        "avatar": null,
        "bot": false,
    })
}

/// The bot's own user object.
pub fn bot_user() -> Value {
    json!({
        "id": BOT_USER_ID.to_string(),
        "username": "akron",
        "discriminator": "0",
        "avatar": null,
        "bot": true,
        "verified": true,
        "mfa_enabled": false,
        "flags": 0,
    })
}

/// `GET /oauth2/applications/@me`.
pub fn application() -> Value {
    json!({
        "id": APPLICATION_ID.to_string(),
        "name": "akron",
        "icon": null,
        "description": "Akron test bot",
        "bot_public": true,
        "bot_require_code_grant": false,
        "verify_key": "0000",
        "team": null,
        "flags": 0,
        "owner": user(&TestUser { id: 100_000_000_000_000_099, name: "owner", permissions: 0 }),
    })
}

/// The shard Discord sends a guild's events to: "`shard_id = (guild_id >> 22) % num_shards`"
/// (gateway docs, "Sharding"); direct messages (no guild) go to shard 0 only.
pub fn shard_of(guild: Option<u64>, total: u64) -> u64 {
    guild.map_or(0, |guild| (guild >> 22) % total.max(1))
}

/// The READY dispatch data of shard `shard` of `total`, listing `guilds` (those on the shard)
/// as unavailable, as Discord does before their `GUILD_CREATE`.
pub fn ready(session_id: &str, resume_url: &str, shard: u64, total: u64, guilds: &[u64]) -> Value {
    let guilds: Vec<Value> = guilds
        .iter()
        .map(|guild| json!({"id": guild.to_string(), "unavailable": true}))
        .collect();
    json!({
        "v": 10,
        "user": bot_user(),
        "guilds": guilds,
        "session_id": session_id,
        "resume_gateway_url": resume_url,
        "shard": [shard, total],
        "application": {"id": APPLICATION_ID.to_string(), "flags": 0},
        "private_channels": [],
    })
}

/// A text channel object of the test guild.
pub fn text_channel(id: u64) -> Value {
    text_channel_in(id, GUILD_ID)
}

/// A text channel object of `guild`.
pub fn text_channel_in(id: u64, guild: u64) -> Value {
    json!({
        "id": id.to_string(),
        "type": 0,
        "guild_id": guild.to_string(),
        "name": format!("channel-{id}"),
        "position": 0,
        "permission_overwrites": [],
        "nsfw": false,
        "parent_id": null,
    })
}

fn thread_channel() -> Value {
    let mut thread = thread(THREAD_ID, CHANNEL_ID, 11, "akron-thread", 1440);
    thread["owner_id"] = json!(ALICE.id.to_string());
    thread
}

/// A thread channel: `kind` 11 public, 12 private, 10 announcement; not archived.
pub fn thread(id: u64, parent: u64, kind: u64, name: &str, auto_archive_minutes: u64) -> Value {
    json!({
        "id": id.to_string(),
        "type": kind,
        "guild_id": GUILD_ID.to_string(),
        "parent_id": parent.to_string(),
        "owner_id": BOT_USER_ID.to_string(),
        "name": name,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "total_message_sent": 0,
        "thread_metadata": {
            "archived": false,
            "auto_archive_duration": auto_archive_minutes,
            "archive_timestamp": TIMESTAMP,
            "locked": false,
        },
    })
}

/// A direct-message channel with the user `recipient`.
pub fn dm_channel(id: u64, recipient: u64) -> Value {
    let known = [ALICE, BOB, CAROL, THREAD_MODERATOR, MODERATOR];
    let name = known
        .iter()
        .find(|user_| user_.id == recipient)
        .map_or("someone", |user_| user_.name);
    json!({
        "id": id.to_string(),
        "type": 1,
        "last_message_id": null,
        "flags": 0,
        "recipients": [user(&TestUser { id: recipient, name, permissions: 0 })],
    })
}

/// The guild's channels the fake starts with: two text channels and a thread.
pub fn guild_channels() -> Vec<Value> {
    vec![
        text_channel(CHANNEL_ID),
        text_channel(OTHER_CHANNEL_ID),
        thread_channel(),
    ]
}

fn member(user_: &TestUser) -> Value {
    json!({
        "user": user(user_),
        "nick": null,
        "roles": [],
        "joined_at": TIMESTAMP,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": user_.permissions.to_string(),
    })
}

/// The GUILD_CREATE dispatch data for the test guild.
pub fn guild_create() -> Value {
    let mut guild = guild_create_of(
        GUILD_ID,
        &[text_channel(CHANNEL_ID), text_channel(OTHER_CHANNEL_ID)],
    );
    guild["name"] = json!("Akron test guild");
    guild["threads"] = json!([thread_channel()]);
    guild
}

/// The GUILD_CREATE dispatch data of another guild, with its text `channels` (made with
/// [`text_channel_in`]) and the test users as members.
pub fn guild_create_of(guild: u64, channels: &[Value]) -> Value {
    json!({
        "id": guild.to_string(),
        "name": format!("guild-{guild}"),
        "icon": null,
        "owner_id": MODERATOR.id.to_string(),
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [{
            "id": guild.to_string(),
            "name": "@everyone",
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
            "hoist": false,
            "position": 0,
            "permissions": MEMBER_PERMISSIONS.to_string(),
            "managed": false,
            "mentionable": false,
            "flags": 0,
        }],
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": null,
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "preferred_locale": "en-US",
        "public_updates_channel_id": null,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": false,
        "joined_at": TIMESTAMP,
        "large": false,
        "unavailable": false,
        "member_count": 4,
        "voice_states": [],
        "members": [member(&ALICE), member(&BOB), member(&CAROL), member(&MODERATOR)],
        "channels": channels,
        "threads": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "stickers": [],
    })
}

/// The role Discord makes for the bot when it joins with the invite's permissions (the
/// same id in every test guild).
pub const BOT_ROLE_ID: u64 = 900_000_000_000_000_077;

/// A guild as `GET /users/@me/guilds` lists it.
pub fn guild_info(guild: &Value) -> Value {
    json!({
        "id": guild["id"],
        "name": guild["name"],
        "icon": null,
        "owner": false,
        "permissions": (MEMBER_PERMISSIONS | BOT_PERMISSIONS).to_string(),
        "features": [],
    })
}

/// A guild as `GET /guilds/{id}` returns it: its roles, `@everyone` and the bot's own role,
/// which holds the invite's permissions.
pub fn rest_guild(guild: &Value) -> Value {
    let mut rest = guild.clone();
    if let Some(roles) = rest["roles"].as_array_mut() {
        roles.push(json!({
            "id": BOT_ROLE_ID.to_string(),
            "name": "akron",
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
            "hoist": false,
            "position": 1,
            "permissions": BOT_PERMISSIONS.to_string(),
            "managed": true,
            "mentionable": false,
            "flags": 0,
            "tags": {"bot_id": BOT_USER_ID.to_string()},
        }));
    }
    if let Some(fields) = rest.as_object_mut() {
        for gateway_only in [
            "channels",
            "threads",
            "members",
            "presences",
            "voice_states",
        ] {
            fields.remove(gateway_only);
        }
    }
    rest
}

/// The bot as a member of `guild` (`GET /guilds/{id}/members/{bot}`): its own role.
pub fn bot_member(guild: u64) -> Value {
    json!({
        "user": bot_user(),
        "nick": null,
        "roles": [BOT_ROLE_ID.to_string()],
        "joined_at": TIMESTAMP,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "guild_id": guild.to_string(),
    })
}

/// A registered command as the API returns it, from the command the client sent.
pub fn registered_command(command: &Value, id: u64) -> Value {
    let mut registered = command.clone();
    if let Some(fields) = registered.as_object_mut() {
        fields.insert("id".into(), json!(id.to_string()));
        fields.insert("application_id".into(), json!(APPLICATION_ID.to_string()));
        fields.insert("version".into(), json!("1"));
        fields.entry("type").or_insert(json!(1));
        fields
            .entry("default_member_permissions")
            .or_insert(Value::Null);
    }
    registered
}

/// A message the bot created, as Discord returns it, from the body the bot sent.
pub fn message(id: u64, channel: u64, body: &Value, files: &[FilePart]) -> Value {
    let attachments = attachments(id, files);
    json!({
        "id": id.to_string(),
        "channel_id": channel.to_string(),
        "guild_id": GUILD_ID.to_string(),
        "author": bot_user(),
        "content": body["content"].as_str().unwrap_or(""),
        "timestamp": TIMESTAMP,
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": body.get("embeds").cloned().unwrap_or(json!([])),
        "components": body.get("components").cloned().unwrap_or(json!([])),
        "pinned": false,
        "type": 20,
        "flags": body["flags"].as_u64().unwrap_or(0),
        "application_id": APPLICATION_ID.to_string(),
        "webhook_id": APPLICATION_ID.to_string(),
        "nonce": body.get("nonce").cloned().unwrap_or(Value::Null),
    })
}

/// Attachment objects for uploaded files; their ids derive from `id`.
pub fn attachments(id: u64, files: &[FilePart]) -> Vec<Value> {
    files
        .iter()
        .enumerate()
        .map(|(index, file)| {
            json!({
                "id": (id * 10 + index as u64).to_string(),
                "filename": file.filename,
                "size": file.bytes.len(),
                "url": format!("https://cdn.invalid/{id}/{}", file.filename),
                "proxy_url": format!("https://media.invalid/{id}/{}", file.filename),
                "content_type": file.content_type,
            })
        })
        .collect()
}

fn interaction_base(kind: u8, user_: &TestUser, channel: u64, app_permissions: u64) -> Value {
    let id = next_interaction_id();
    json!({
        "id": id.to_string(),
        "application_id": APPLICATION_ID.to_string(),
        "type": kind,
        "guild_id": GUILD_ID.to_string(),
        "channel_id": channel.to_string(),
        "channel": {"id": channel.to_string(), "type": if channel == THREAD_ID { 11 } else { 0 }},
        "member": member(user_),
        "token": format!("token-{id}"),
        "version": 1,
        "app_permissions": app_permissions.to_string(),
        "locale": "en-US",
        "guild_locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": {"0": GUILD_ID.to_string()},
        "context": 0,
        "attachment_size_limit": 10_485_760,
    })
}

/// A string option.
pub fn string_option(name: &str, value: &str) -> Value {
    json!({"name": name, "type": 3, "value": value})
}

/// An integer option.
pub fn integer_option(name: &str, value: i64) -> Value {
    json!({"name": name, "type": 4, "value": value})
}

/// A user option; the user is added to the interaction's resolved data.
pub fn user_option(name: &str, user_: &TestUser) -> Value {
    json!({"name": name, "type": 6, "value": user_.id.to_string(), "_user": user(user_), "_member": member(user_)})
}

/// An attachment option, from the object [`super::FakeDiscord::upload`] returns; the
/// attachment is added to the interaction's resolved data.
pub fn attachment_option(name: &str, attachment: &Value) -> Value {
    json!({"name": name, "type": 11, "value": attachment["id"], "_attachment": attachment})
}

/// Builds `data` for `/command subcommand options…`, moving user options' and attachment
/// options' objects into `resolved`.
fn command_data(command: &str, subcommand: Option<&str>, options: Vec<Value>) -> Value {
    let mut users = serde_json::Map::new();
    let mut members = serde_json::Map::new();
    let mut attachments = serde_json::Map::new();
    let options: Vec<Value> = options
        .into_iter()
        .map(|mut option| {
            if let Some(fields) = option.as_object_mut() {
                if let Some(attachment) = fields.remove("_attachment") {
                    let id = attachment["id"].as_str().unwrap_or_default().to_owned();
                    attachments.insert(id, attachment);
                }
                if let (Some(user_), Some(mut member_)) =
                    (fields.remove("_user"), fields.remove("_member"))
                {
                    if let Some(member_fields) = member_.as_object_mut() {
                        member_fields.remove("user");
                    }
                    let id = user_["id"].as_str().unwrap_or_default().to_owned();
                    users.insert(id.clone(), user_);
                    members.insert(id, member_);
                }
            }
            option
        })
        .collect();
    let options = match subcommand {
        Some(name) => json!([{"name": name, "type": 1, "options": options}]),
        None => Value::Array(options),
    };
    json!({
        "id": "800000000000000001",
        "name": command,
        "type": 1,
        "options": options,
        "resolved": {"users": users, "members": members, "attachments": attachments},
        "guild_id": GUILD_ID.to_string(),
    })
}

/// A slash command interaction: `/command subcommand options…` by `user` in `channel`. Its
/// `app_permissions` are the bot's default; [`super::FakeDiscord::interact`] puts in the
/// bot's permissions in that channel as the fake knows them, as Discord does.
pub fn slash(
    user_: &TestUser,
    channel: u64,
    command: &str,
    subcommand: Option<&str>,
    options: Vec<Value>,
) -> Value {
    let mut interaction = interaction_base(2, user_, channel, BOT_PERMISSIONS);
    interaction["data"] = command_data(command, subcommand, options);
    interaction
}

/// An autocomplete interaction; `focused` names the option being typed, whose text is `typed`.
pub fn autocomplete(
    user_: &TestUser,
    channel: u64,
    command: &str,
    subcommand: Option<&str>,
    focused: &str,
    typed: &str,
) -> Value {
    let mut interaction = interaction_base(4, user_, channel, BOT_PERMISSIONS);
    let option = json!({"name": focused, "type": 3, "value": typed, "focused": true});
    interaction["data"] = command_data(command, subcommand, vec![option]);
    interaction
}

/// A button press by `user` on `message` (a message the fake stored).
pub fn button(user_: &TestUser, message: &Value, custom_id: &str) -> Value {
    let channel = message["channel_id"]
        .as_str()
        .and_then(|id| id.parse().ok())
        .unwrap_or(CHANNEL_ID);
    let mut interaction = interaction_base(3, user_, channel, BOT_PERMISSIONS);
    interaction["message"] = message.clone();
    interaction["data"] = json!({"custom_id": custom_id, "component_type": 2});
    interaction
}

/// The interaction moved to `guild` (its channel must be one of that guild's): Discord then
/// sends it on that guild's shard.
pub fn in_guild(mut interaction: Value, guild: u64) -> Value {
    let id = json!(guild.to_string());
    interaction["guild_id"] = id.clone();
    interaction["authorizing_integration_owners"] = json!({"0": id.clone()});
    if interaction["data"].get("guild_id").is_some() {
        interaction["data"]["guild_id"] = id;
    }
    interaction
}

/// A `MESSAGE_CREATE` by `user_` in `channel`: in a guild's channel with `guild`, else in a
/// direct-message channel.
pub fn user_message(
    id: u64,
    user_: &TestUser,
    channel: u64,
    guild: Option<u64>,
    content: &str,
) -> Value {
    let mut message = json!({
        "id": id.to_string(),
        "channel_id": channel.to_string(),
        "author": user(user_),
        "content": content,
        "timestamp": TIMESTAMP,
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": false,
        "type": 0,
        "flags": 0,
    });
    if let Some(guild) = guild {
        message["guild_id"] = json!(guild.to_string());
    }
    message
}

/// The interaction's id and token, for waiting on its reply.
pub fn id_and_token(interaction: &Value) -> (String, String) {
    (
        interaction["id"].as_str().unwrap_or_default().to_owned(),
        interaction["token"].as_str().unwrap_or_default().to_owned(),
    )
}
