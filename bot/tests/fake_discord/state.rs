//! The fake's state: channels and their messages, interactions and their clocks, and the
//! rules (throttles, outages, holds) tests set for the REST API.

use super::{payloads, validate, FilePart, Outgoing, Recorded, Session};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// An interaction the fake dispatched, and what the bot did with it so far.
pub(super) struct Interaction {
    pub(super) id: String,
    /// 2 command, 3 component, 4 autocomplete.
    pub(super) kind: u64,
    pub(super) channel: u64,
    /// The message a component interaction is attached to.
    pub(super) component_message: Option<u64>,
    /// When it was dispatched, on the fake's clock ([`Traffic::now`]).
    pub(super) dispatched: Instant,
    /// Added to the elapsed time: tests backdate one interaction instead of sleeping.
    pub(super) age: Duration,
    /// The callback type of the first answer.
    pub(super) callback: Option<u64>,
    /// How long after its dispatch the first answer came (backdating included).
    pub(super) answered_after: Option<Duration>,
    /// The message `@original` refers to.
    pub(super) original: Option<u64>,
    /// Every message made through this interaction's token.
    pub(super) messages: BTreeSet<u64>,
}

impl Interaction {
    /// How long ago it was dispatched, at `now` on the fake's clock.
    pub(super) fn elapsed(&self, now: Instant) -> Duration {
        now.saturating_duration_since(self.dispatched) + self.age
    }
}

/// A deterministic rate limit: every `every`th request (counting from 1) of `method` on
/// `route` is answered `429` with `retry_after` seconds.
#[derive(Clone, Debug)]
pub struct Throttle {
    /// The HTTP method, or `*` for any.
    pub method: String,
    /// The route: the path after `/api/v10` with ids and tokens written `*`, such as
    /// `/channels/*/messages` or `/interactions/*/*/callback`; `*` alone for every route.
    pub route: String,
    /// Every how many matching requests one is refused; at least 2, so the retry passes.
    pub every: u64,
    /// The seconds the client is told to wait. Discord rounds the `Retry-After` header up to
    /// whole seconds; the fake sends the exact value to keep tests quick.
    pub retry_after: f64,
}

impl Throttle {
    pub(super) fn matches(&self, method: &str, route: &str) -> bool {
        route_matches(&self.method, &self.route, method, route)
    }
}

/// Whether a request matches a method (or `*`) and a route (or `*`).
pub(super) fn route_matches(
    method_pattern: &str,
    route_pattern: &str,
    method: &str,
    route: &str,
) -> bool {
    (method_pattern == "*" || method_pattern == method)
        && (route_pattern == "*" || route_pattern == route)
}

/// Requests the fake answers with an outage instead of serving them.
pub(super) struct Outage {
    pub(super) method: String,
    pub(super) route: String,
    /// How many more to fail.
    pub(super) remaining: u64,
    pub(super) status: u16,
}

/// One shard's gateway session and its live connection, if any.
pub(super) struct ShardSession {
    /// How many shards the bot said it runs in all.
    pub(super) total: u64,
    pub(super) session: Session,
    pub(super) gateway: Option<mpsc::UnboundedSender<Outgoing>>,
    /// How many times this shard identified.
    pub(super) identifies: usize,
}

#[derive(Default)]
pub(super) struct Traffic {
    pub(super) requests: Vec<Recorded>,
    /// Requests answered 429.
    pub(super) throttled: Vec<Recorded>,
    pub(super) throttles: Vec<(Throttle, u64)>,
    pub(super) outages: Vec<Outage>,
    /// (method, route) of the next requests whose answers are to be held until released.
    pub(super) holds: Vec<(String, String)>,
    /// How many answers are being held now.
    pub(super) held: usize,
    /// Each shard's session, by shard id: one process runs a range of them, several
    /// processes the whole bot (the single-shard bot is shard 0 of 1).
    pub(super) shards: BTreeMap<u64, ShardSession>,
    /// Every dispatch sent, in order: (event, guild it was about, shard it went to).
    pub(super) dispatched: Vec<(String, Option<u64>, u64)>,
    /// The guilds besides the test guild ([`super::FakeDiscord::add_guild`]): their
    /// `GUILD_CREATE` data, sent on their shard when it identifies.
    pub(super) guilds: BTreeMap<u64, Value>,
    pub(super) sessions_started: u64,
    pub(super) identifies: usize,
    /// The `shard` field of each Identify, `[id, total]`, in order (absent: none).
    pub(super) identified_shards: Vec<Option<(u64, u64)>>,
    pub(super) resumes: usize,
    pub(super) heartbeats: usize,
    pub(super) ready_sent: usize,
    /// Every message, by id, as Discord returns it; its `channel_id` says where it is.
    /// Ephemeral ones (flag 64) are reachable only through their interaction's token.
    pub(super) messages: BTreeMap<u64, Value>,
    /// Every channel: the guild's text channels, threads and direct-message channels.
    pub(super) channels: BTreeMap<u64, Value>,
    /// Interactions by token.
    pub(super) interactions: HashMap<String, Interaction>,
    /// (channel, nonce) to the message created with it and when (on the fake's clock).
    pub(super) nonces: HashMap<(u64, String), (u64, Instant)>,
    /// The bot's permissions in the channels where a test changed them; elsewhere in the guild
    /// it has [`payloads::BOT_PERMISSIONS`], and a thread has its parent's.
    pub(super) bot_permissions: BTreeMap<u64, u64>,
    /// How far tests moved the fake's clock ahead of the real one ([`Traffic::now`]).
    pub(super) clock: Duration,
    /// Users who refuse direct messages from the bot.
    pub(super) dm_refusers: BTreeSet<u64>,
    /// The registered application commands, globally (`None`) and per guild.
    pub(super) commands: BTreeMap<Option<u64>, Vec<Value>>,
    /// Files users "uploaded", served at `/files/ID/NAME` as Discord's CDN would.
    pub(super) uploads: HashMap<String, Vec<u8>>,
    pub(super) next_id: u64,
}

impl Traffic {
    /// The fake's clock: the real one, moved ahead by what tests asked
    /// ([`super::FakeDiscord::advance`]). Interaction deadlines and nonce windows use it.
    pub(super) fn now(&self) -> Instant {
        Instant::now() + self.clock
    }

    /// The bot's permissions in a guild channel or thread, or `None` in a direct-message
    /// channel, where guild permissions do not apply.
    pub(super) fn bot_permissions_in(&self, channel: u64) -> Option<u64> {
        let known = self.channels.get(&channel)?;
        if known["type"] == 1 {
            return None;
        }
        if let Some(permissions) = self.bot_permissions.get(&channel) {
            return Some(*permissions);
        }
        let parent = known["parent_id"]
            .as_str()
            .and_then(|id| id.parse::<u64>().ok())
            .filter(|_| is_thread(known));
        Some(
            parent
                .and_then(|parent| self.bot_permissions.get(&parent).copied())
                .unwrap_or(payloads::BOT_PERMISSIONS),
        )
    }

    /// Checks that the bot holds every permission of `needed` in `channel`: without View
    /// Channel Discord answers 403 Missing Access (50001), without another 403 Missing
    /// Permissions (50013). Direct-message channels need none.
    pub(super) fn require(&self, channel: u64, needed: u64) -> Result<(), validate::Refusal> {
        let Some(held) = self.bot_permissions_in(channel) else {
            return Ok(());
        };
        if held & payloads::VIEW_CHANNEL == 0 {
            return Err(validate::missing_access());
        }
        if held & needed != needed {
            return Err(validate::missing_permissions());
        }
        Ok(())
    }

    /// The permission that sends messages in `channel`: Send Messages in Threads in a thread,
    /// Send Messages elsewhere.
    pub(super) fn send_permission(&self, channel: u64) -> u64 {
        if self.channels.get(&channel).is_some_and(is_thread) {
            payloads::SEND_MESSAGES_IN_THREADS
        } else {
            payloads::SEND_MESSAGES
        }
    }

    /// `body` as Discord keeps it in `channel`: without Embed Links the bot's embeds are
    /// dropped (discord-api-docs issues 2601 and 5648: the message goes out without them, or
    /// is refused when they were all it had).
    pub(super) fn shown_embeds(&self, channel: u64, body: &Value) -> Value {
        let mut shown = body.clone();
        let allowed = self
            .bot_permissions_in(channel)
            .is_none_or(|held| held & payloads::EMBED_LINKS != 0);
        if !allowed && shown.get("embeds").is_some() {
            shown["embeds"] = json!([]);
        }
        shown
    }

    pub(super) fn next_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// Counts a request against the throttles; `Some(retry_after)` when it is to be refused.
    pub(super) fn throttled_now(&mut self, method: &str, route: &str) -> Option<f64> {
        let mut refuse = None;
        for (throttle, count) in &mut self.throttles {
            if throttle.matches(method, route) {
                *count += 1;
                if *count % throttle.every.max(2) == 0 {
                    refuse = Some(throttle.retry_after);
                }
            }
        }
        refuse
    }

    /// Counts a request against the outages; `Some(status)` when it is to fail.
    pub(super) fn failing_now(&mut self, method: &str, route: &str) -> Option<u16> {
        let outage = self.outages.iter_mut().find(|outage| {
            outage.remaining > 0 && route_matches(&outage.method, &outage.route, method, route)
        })?;
        outage.remaining -= 1;
        Some(outage.status)
    }

    /// Whether the answer to this request is to be held (each hold catches one request).
    pub(super) fn holding(&mut self, method: &str, route: &str) -> bool {
        let position = self.holds.iter().position(|(held_method, held_route)| {
            route_matches(held_method, held_route, method, route)
        });
        position.map(|index| self.holds.remove(index)).is_some()
    }

    /// Sends a dispatch on the session of the shard Discord would send it on: a guild's
    /// events (those whose data carries a `guild_id`) go to `(guild_id >> 22) % total`, the
    /// rest (direct messages) to shard 0 only. Without a live connection it is kept for that
    /// session's resume (a new session does not get it, as on Discord). Returns whether that
    /// shard had a session.
    pub(super) fn dispatch(&mut self, event: &str, data: Value) -> bool {
        let guild = data["guild_id"]
            .as_str()
            .and_then(|id| id.parse::<u64>().ok());
        let Some((&shard, target)) = self
            .shards
            .iter_mut()
            .find(|(id, shard)| payloads::shard_of(guild, shard.total) == **id)
        else {
            return false;
        };
        let session = &mut target.session;
        session.seq += 1;
        let frame = json!({"op": 0, "t": event, "s": session.seq, "d": data});
        session.sent.push((session.seq, frame.clone()));
        if let Some(gateway) = &target.gateway {
            // A closed connection just means the client will resume and get it replayed.
            let _ = gateway.send(Outgoing::Frame(frame));
        }
        self.dispatched.push((event.to_owned(), guild, shard));
        true
    }

    /// The guild a channel belongs to, if it is a guild's.
    pub(super) fn guild_of(&self, channel: u64) -> Option<u64> {
        self.channels
            .get(&channel)
            .and_then(|channel| channel["guild_id"].as_str())
            .and_then(|id| id.parse().ok())
    }

    /// The channel's messages that anyone sees (not ephemeral), oldest first.
    pub(super) fn channel_messages(&self, channel: u64) -> Vec<Value> {
        let channel = channel.to_string();
        self.messages
            .values()
            .filter(|message| message["channel_id"] == channel.as_str() && !is_ephemeral(message))
            .cloned()
            .collect()
    }

    /// A message of the channel that anyone sees.
    pub(super) fn channel_message(&self, channel: u64, id: u64) -> Option<&Value> {
        self.messages.get(&id).filter(|message| {
            message["channel_id"] == channel.to_string().as_str() && !is_ephemeral(message)
        })
    }

    /// Whether messages may be posted or edited in the channel: not in an archived thread.
    ///
    /// Editing in an archived thread fails with 50083 on Discord. For sending, Discord's docs
    /// say the API unarchives an unlocked thread by itself, while some bots report 50083; the
    /// fake refuses, so a bot must unarchive first (`PATCH /channels/{id}`
    /// `{"archived": false}`), which works on Discord either way.
    pub(super) fn writable(&self, channel: u64) -> Result<(), validate::Refusal> {
        let archived = self
            .channels
            .get(&channel)
            .is_some_and(|channel| channel["thread_metadata"]["archived"] == true);
        if archived {
            // The message Discord's API returns (its docs' table words it differently).
            return Err(validate::Refusal::new(400, 50083, "Thread is archived"));
        }
        Ok(())
    }

    /// Stores a new message in `channel` from a request body; returns its id.
    pub(super) fn create(&mut self, channel: u64, body: &Value, files: &[FilePart]) -> u64 {
        let id = self.next_id();
        let mut message = payloads::message(id, channel, body, files);
        if self.dm_recipient(channel).is_some() {
            if let Some(fields) = message.as_object_mut() {
                fields.remove("guild_id");
            }
        } else if let Some(guild) = self.guild_of(channel) {
            message["guild_id"] = json!(guild.to_string());
        }
        self.messages.insert(id, message);
        if let Some(channel) = self.channels.get_mut(&channel) {
            channel["last_message_id"] = json!(id.to_string());
            if let Some(count) = channel["message_count"].as_u64() {
                channel["message_count"] = json!(count + 1);
            }
        }
        id
    }

    /// Edits a stored message as `PATCH` does: the fields the body has replace the message's
    /// (flags aside: see below); new files are added. A message left with nothing to show is refused with 50006.
    pub(super) fn edit(
        &mut self,
        id: u64,
        body: &Value,
        files: &[FilePart],
    ) -> Result<Value, validate::Refusal> {
        let mut errors = validate::FormErrors::default();
        validate::message(&mut errors, &[], body);
        validate::attachments(&mut errors, &[], body, files);
        if let Some(refusal) = errors.into_refusal() {
            return Err(refusal);
        }
        validate::file_sizes(files)?;
        let Some(existing) = self.messages.get(&id) else {
            return Err(validate::Refusal::new(404, 10008, "Unknown Message"));
        };
        let mut edited = existing.clone();
        for key in ["content", "embeds", "components"] {
            if let Some(value) = body.get(key) {
                edited[key] = match (key, value.is_null()) {
                    ("content", true) => json!(""),
                    (_, true) => json!([]),
                    _ => value.clone(),
                };
            }
        }
        // An edit ends a deferral's "thinking" (128); of the flags, only SUPPRESS_EMBEDS (4)
        // can be changed.
        let mut flags = edited["flags"].as_u64().unwrap_or(0) & !128;
        if let Some(asked) = body["flags"].as_u64() {
            flags = (flags & !4) | (asked & 4);
        }
        edited["flags"] = json!(flags);
        if let Some(kept) = body.get("attachments").and_then(Value::as_array) {
            let kept: BTreeSet<&str> = kept.iter().filter_map(|a| a["id"].as_str()).collect();
            let attachments: Vec<Value> = edited["attachments"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|attachment| attachment["id"].as_str().is_some_and(|a| kept.contains(a)))
                .cloned()
                .collect();
            edited["attachments"] = Value::Array(attachments);
        }
        let added = payloads::attachments(id * 100 + self.next_id % 100, files);
        if let Some(attachments) = edited["attachments"].as_array_mut() {
            attachments.extend(added);
        }
        if validate::is_empty(&edited, 0) {
            return Err(validate::empty_message());
        }
        edited["edited_timestamp"] = json!(payloads::TIMESTAMP);
        self.messages.insert(id, edited.clone());
        Ok(edited)
    }

    /// The DM channel with `user`, created on first use.
    pub(super) fn dm_channel(&mut self, user: u64) -> Value {
        let existing = self
            .channels
            .values()
            .find(|channel| {
                channel["type"] == 1 && channel["recipients"][0]["id"] == user.to_string().as_str()
            })
            .cloned();
        if let Some(existing) = existing {
            return existing;
        }
        let id = self.next_id();
        let channel = payloads::dm_channel(id, user);
        self.channels.insert(id, channel.clone());
        channel
    }

    /// The user a DM channel is with.
    pub(super) fn dm_recipient(&self, channel: u64) -> Option<u64> {
        self.channels
            .get(&channel)
            .filter(|channel| channel["type"] == 1)
            .and_then(|channel| channel["recipients"][0]["id"].as_str())
            .and_then(|id| id.parse().ok())
    }
}

/// Whether a channel object is a thread (announcement, public or private).
pub(super) fn is_thread(channel: &Value) -> bool {
    matches!(channel["type"].as_u64(), Some(10..=12))
}

fn is_ephemeral(message: &Value) -> bool {
    message["flags"].as_u64().unwrap_or(0) & 64 != 0
}
