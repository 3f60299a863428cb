//! A fake Discord for end-to-end tests: REST API and gateway on loopback, checking what Discord
//! checks.
//!
//! The real serenity client talks to it with its rate limiter on: [`FakeDiscord::http_client`]
//! is a `reqwest` client that resolves `discord.com` to the fake's TLS listener and trusts the
//! fake's test certificate authority (`tls/`), so serenity's own requests to
//! `https://discord.com/api/v10/...` (which its rate limiter builds without any proxy) land
//! here. The same routes are also served over plain HTTP at [`FakeDiscord::api_url`], for
//! serenity's `HttpBuilder::proxy` and for tests that send raw requests. The gateway is the
//! `ws://` URL that `GET /gateway/bot` returns; serenity hands it to tokio-tungstenite, which
//! only uses TLS for `wss://`. The gateway speaks v10 JSON in text frames and never compresses.
//!
//! Like Discord, the fake refuses what Discord refuses, with Discord's status codes, error codes
//! and messages (see [`validate`], [`commands`] and the `rest` module): a registration of
//! commands that breaks any of Discord's rules for them (50035), message bodies over Discord's
//! limits, whether content, embeds, buttons and rows, attachments and their descriptions,
//! mentions or threads (50035), files too large (40005), autocomplete choices, empty messages
//! (50006), a second answer to an interaction (40060), a first answer after three seconds
//! (10062), a follow-up after fifteen minutes (50027), an unknown message (10008) or channel
//! (10003), posting into an archived thread (50083) or to a user who refuses direct messages
//! (50007), and what the bot's permissions in a channel do not allow (403: 50001 Missing
//! Access without View Channel, else 50013 Missing Permissions; see
//! [`FakeDiscord::set_bot_permissions`]). Interactions carry those permissions as
//! `app_permissions`. Messages live per channel; threads and direct-message channels are
//! channels. `POST /channels/{id}/messages` honours `nonce` with `enforce_nonce`. Time is the
//! fake's clock, which [`FakeDiscord::advance`] moves. Every bucketed response carries
//! `X-RateLimit-*` headers, and [`FakeDiscord::throttle`] makes every Nth request of a route
//! answer `429` with `retry_after`, so that serenity's retry path runs.
//!
//! Several shards, in one process or several, each hold a gateway session of their own, and
//! the fake sends each dispatch on the shard Discord would: a guild's events (interactions,
//! `GUILD_CREATE`, messages, threads) to `(guild_id >> 22) % shards`, direct messages to shard
//! 0 only ([`payloads::shard_of`]; Discord's gateway docs, "Sharding"). [`FakeDiscord::add_guild`]
//! adds guilds beside the test guild, [`payloads::in_guild`] moves an interaction into one,
//! and [`FakeDiscord::dispatched`] says which shard got what.
//!
//! Every REST request is recorded (method, path, JSON body or multipart `payload_json` plus file
//! parts, and the status the fake answered) so tests can assert on it. Tests inject
//! `INTERACTION_CREATE` dispatches built with [`payloads`] and wait for the bot's answers with
//! bounded timeouts.
//!
//! Helpers by purpose:
//! - connect the bot: [`FakeDiscord::http_client`] (serenity's real path, rate limiter on) or
//!   [`FakeDiscord::api_url`] (a proxy, limiter off);
//! - drive it: [`FakeDiscord::interact`], [`FakeDiscord::interact_and_wait`],
//!   [`FakeDiscord::interact_backdated`], [`FakeDiscord::backdate`],
//!   [`FakeDiscord::track_interaction`] (for raw HTTP answers), [`FakeDiscord::drop_gateway`];
//! - look: [`FakeDiscord::channel_messages`], [`FakeDiscord::wait_messages`],
//!   [`FakeDiscord::wait_channel`], [`FakeDiscord::message`], [`FakeDiscord::channel`], [`FakeDiscord::threads_of`],
//!   [`FakeDiscord::dm_channel_of`], [`FakeDiscord::requests`], [`FakeDiscord::refusals`],
//!   [`FakeDiscord::throttled`], [`FakeDiscord::slowest_first_answer`];
//! - make the world harder: [`FakeDiscord::set_bot_permissions`], [`FakeDiscord::deny_bot`],
//!   [`FakeDiscord::forbid_channel`], [`FakeDiscord::refuse_dms`], [`FakeDiscord::advance`],
//!   [`FakeDiscord::archive_thread`], [`FakeDiscord::delete_channel`],
//!   [`FakeDiscord::throttle`], [`FakeDiscord::fail_next`], [`FakeDiscord::hold`] with
//!   [`FakeDiscord::wait_held`] and [`FakeDiscord::release`] (Discord acted, the answer never
//!   reached the bot: kill it then).

// Each test binary uses a different part of this support module.
#![allow(dead_code)]

pub mod commands;
mod gateway;
pub mod payloads;
mod rest;
mod state;
mod tls;
pub mod validate;

use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::watch;
use tokio::task::JoinHandle;

#[allow(unused_imports)]
pub use payloads::{APPLICATION_ID, CHANNEL_ID, GUILD_ID};
pub use state::Throttle;
use state::{Interaction, Outage, Traffic};

#[allow(unused_imports)]
pub use rest::{INTERACTION_DEADLINE, NONCE_WINDOW, TOKEN_LIFETIME};

/// How long a test waits for the bot before failing.
pub const WAIT: Duration = Duration::from_secs(20);

/// What can go wrong while driving the fake.
#[derive(Debug)]
pub enum FakeError {
    /// Binding or serving the loopback listener failed.
    Io(std::io::Error),
    /// A condition did not become true within the deadline.
    Timeout(String),
    /// The recorded traffic is not what the test expected.
    Unexpected(String),
    /// The fake's TLS setup or its client could not be built.
    Tls(String),
}

impl fmt::Display for FakeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io(error) => write!(f, "fake discord i/o: {error}"),
            Self::Timeout(what) => write!(f, "timed out waiting for {what}"),
            Self::Unexpected(what) => write!(f, "unexpected traffic: {what}"),
            Self::Tls(what) => write!(f, "fake discord tls: {what}"),
        }
    }
}

impl std::error::Error for FakeError {}

impl From<std::io::Error> for FakeError {
    fn from(error: std::io::Error) -> Self {
        Self::Io(error)
    }
}

/// One file of a multipart request.
#[derive(Clone, Debug)]
pub struct FilePart {
    /// The form field name, such as `files[0]`.
    pub field: String,
    /// The file name the client gave.
    pub filename: String,
    /// The part's content type, if any.
    pub content_type: Option<String>,
    /// The file's bytes.
    pub bytes: Vec<u8>,
}

/// One REST request the fake received.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// The HTTP method, upper case.
    pub method: String,
    /// The path without the query, such as `/api/v10/interactions/7/tok/callback`.
    pub path: String,
    /// The raw query string, if any.
    pub query: String,
    /// The JSON body, or the multipart `payload_json` part parsed.
    pub json: Option<Value>,
    /// The multipart file parts.
    pub files: Vec<FilePart>,
    /// The HTTP status the fake answered with.
    pub status: u16,
    /// Discord's JSON error body, when the fake refused the request.
    pub error: Option<Value>,
}

impl Recorded {
    /// Whether this request has the method and its path ends with `suffix`.
    pub fn is(&self, method: &str, suffix: &str) -> bool {
        self.method == method && self.path.ends_with(suffix)
    }

    /// Whether the fake refused it (a 4xx or 5xx answer).
    pub fn refused(&self) -> bool {
        self.status >= 400
    }

    /// Discord's error code of a refusal, such as 50035 or 10008.
    pub fn error_code(&self) -> Option<u64> {
        self.error.as_ref().and_then(|error| error["code"].as_u64())
    }
}

/// The bot's answer to one interaction, as the fake saw it.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The interaction callback type: 4 message, 5 deferred, 6 deferred update, 7 update, 8
    /// autocomplete result.
    pub callback_type: u64,
    /// The message data (callback `data`, or the follow-up / edit body after a deferral).
    pub data: Value,
    /// The files attached to the message.
    pub files: Vec<FilePart>,
    /// The message the fake stored for it, as Discord would return it (for button presses).
    pub message: Option<Value>,
}

impl Reply {
    /// The message text.
    pub fn content(&self) -> &str {
        self.data["content"].as_str().unwrap_or("")
    }

    /// Whether only the invoking user sees it (message flag 64).
    pub fn is_ephemeral(&self) -> bool {
        self.data["flags"]
            .as_u64()
            .is_some_and(|flags| flags & 64 != 0)
    }

    /// Every button on the message: (custom id, label).
    pub fn buttons(&self) -> Vec<(String, String)> {
        buttons_of(&self.data)
    }

    /// The autocomplete choices' values.
    pub fn choices(&self) -> Vec<String> {
        self.data["choices"]
            .as_array()
            .map(|choices| {
                choices
                    .iter()
                    .filter_map(|choice| choice["value"].as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// All text of the message: content plus embed titles, descriptions and fields.
    pub fn text(&self) -> String {
        let mut text = self.content().to_owned();
        for embed in self.data["embeds"].as_array().into_iter().flatten() {
            for key in ["title", "description"] {
                if let Some(part) = embed[key].as_str() {
                    text.push('\n');
                    text.push_str(part);
                }
            }
            for field in embed["fields"].as_array().into_iter().flatten() {
                for key in ["name", "value"] {
                    if let Some(part) = field[key].as_str() {
                        text.push('\n');
                        text.push_str(part);
                    }
                }
            }
        }
        text
    }
}

/// Every button in a message body: (custom id, label).
pub fn buttons_of(message: &Value) -> Vec<(String, String)> {
    let mut buttons = Vec::new();
    for row in message["components"].as_array().into_iter().flatten() {
        for component in row["components"].as_array().into_iter().flatten() {
            if let Some(id) = component["custom_id"].as_str() {
                let label = component["label"].as_str().unwrap_or("").to_owned();
                buttons.push((id.to_owned(), label));
            }
        }
    }
    buttons
}

/// What the fake sends down a gateway connection.
enum Outgoing {
    Frame(Value),
    Close(u16),
}

struct Session {
    id: String,
    seq: u64,
    /// Every dispatch of this session with its sequence number, for resuming.
    sent: Vec<(u64, Value)>,
}

struct Shared {
    state: Mutex<Traffic>,
    changed: watch::Sender<u64>,
    /// Bumped by [`FakeDiscord::release`] to let held answers go.
    released: watch::Sender<u64>,
    base_url: String,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Traffic> {
        // A test that panicked while holding the lock fails anyway; keep serving the others.
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn touch(&self) {
        self.changed.send_modify(|count| *count += 1);
    }
}

/// The fake Discord server; it stops when dropped.
pub struct FakeDiscord {
    shared: Arc<Shared>,
    servers: Vec<JoinHandle<()>>,
    addr: SocketAddr,
    tls_addr: SocketAddr,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        // Shown with a failing test's output: what the fake refused, and why.
        for refused in self.refusals() {
            eprintln!(
                "fake discord refused {} {} with {}: {}",
                refused.method,
                refused.path,
                refused.status,
                refused.error.unwrap_or(Value::Null)
            );
        }
        if let Some(slowest) = self.slowest_first_answer() {
            eprintln!("fake discord: the slowest first answer came after {slowest:?}");
        }
        for server in &self.servers {
            server.abort();
        }
    }
}

impl FakeDiscord {
    /// Starts the fake on 127.0.0.1 with ephemeral ports (plain HTTP and TLS).
    ///
    /// # Errors
    ///
    /// Fails when a loopback listener cannot be bound or the TLS setup fails.
    pub async fn start() -> Result<Self, FakeError> {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0)).await?;
        let addr = listener.local_addr()?;
        let tls_listener = tls::Listener::bind().await?;
        let tls_addr = tls_listener.addr();
        let (changed, _) = watch::channel(0);
        let (released, _) = watch::channel(0);
        let mut channels = BTreeMap::new();
        for channel in payloads::guild_channels() {
            if let Some(id) = channel["id"].as_str().and_then(|id| id.parse().ok()) {
                channels.insert(id, channel);
            }
        }
        let shared = Arc::new(Shared {
            state: Mutex::new(Traffic {
                next_id: 1_000,
                channels,
                ..Traffic::default()
            }),
            changed,
            released,
            base_url: format!("http://{addr}"),
        });
        let app = axum::Router::new()
            .route("/gateway-ws", axum::routing::get(gateway::gateway_upgrade))
            .fallback(rest::rest)
            // Discord takes requests up to 25 MiB and answers larger files itself (40005);
            // axum's own limit (2 MB) must not answer first.
            .layer(axum::extract::DefaultBodyLimit::max(64 * 1024 * 1024))
            .with_state(Arc::clone(&shared));
        let plain_app = app.clone();
        let plain = tokio::spawn(async move {
            if let Err(error) = axum::serve(listener, plain_app).await {
                eprintln!("fake discord stopped: {error}");
            }
        });
        let secure = tokio::spawn(async move {
            if let Err(error) = axum::serve(tls_listener, app).await {
                eprintln!("fake discord (tls) stopped: {error}");
            }
        });
        Ok(Self {
            shared,
            servers: vec![plain, secure],
            addr,
            tls_addr,
        })
    }

    /// The plain-HTTP REST base URL, for serenity's `HttpBuilder::proxy` (with its rate limiter
    /// off) and for raw requests.
    pub fn api_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// A `reqwest` client for serenity's `HttpBuilder::client`: it sends `https://discord.com`
    /// to the fake's TLS listener and trusts only the fake's test certificate authority, so
    /// serenity runs its real HTTP path, rate limiter included.
    ///
    /// # Errors
    ///
    /// Fails when the client cannot be built.
    pub fn http_client(&self) -> Result<reqwest::Client, FakeError> {
        tls::client(self.tls_addr)
    }

    /// A copy of every REST request so far, except those answered 429 (see
    /// [`Self::throttled`]).
    pub fn requests(&self) -> Vec<Recorded> {
        self.shared.lock().requests.clone()
    }

    /// Every request the fake answered 429 (the client retried it).
    pub fn throttled(&self) -> Vec<Recorded> {
        self.shared.lock().throttled.clone()
    }

    /// Every request the fake refused (4xx, 429 aside): the bot's mistakes, or the refusals a
    /// test arranged.
    pub fn refusals(&self) -> Vec<Recorded> {
        self.requests()
            .into_iter()
            .filter(Recorded::refused)
            .collect()
    }

    /// Makes every `every`th `method` request on `route` (counting from now) answer 429 with
    /// `retry_after` 0.05 seconds. See [`Throttle`] for the route syntax.
    pub fn throttle(&self, method: &str, route: &str, every: u64) {
        self.throttle_with(Throttle {
            method: method.to_owned(),
            route: route.to_owned(),
            every,
            retry_after: 0.05,
        });
    }

    /// Adds a [`Throttle`].
    pub fn throttle_with(&self, throttle: Throttle) {
        self.shared.lock().throttles.push((throttle, 0));
    }

    /// Answers the next `times` `method` requests on `route` (see [`Throttle`] for the
    /// syntax) with `status` and Discord's generic body, doing nothing, as an outage would
    /// (serenity retries only 429s, so the caller sees the error).
    pub fn fail_next(&self, method: &str, route: &str, times: u64, status: u16) {
        self.shared.lock().outages.push(Outage {
            method: method.to_owned(),
            route: route.to_owned(),
            remaining: times,
            status,
        });
    }

    /// Holds the answer to the next `method` request on `route`: it is carried out (a message
    /// is stored, the request recorded) but its response is kept back until
    /// [`Self::release`], so a test can stop or kill the bot after Discord acted and before
    /// the bot heard of it. [`Self::wait_held`] waits for it. Call again to hold more.
    pub fn hold(&self, method: &str, route: &str) {
        self.shared
            .lock()
            .holds
            .push((method.to_owned(), route.to_owned()));
    }

    /// Sends the held answers and cancels holds not yet used.
    pub fn release(&self) {
        self.shared.lock().holds.clear();
        self.shared
            .released
            .send_modify(|generation| *generation += 1);
    }

    /// Waits until at least `count` answers are being held.
    ///
    /// # Errors
    ///
    /// Times out after [`WAIT`].
    pub async fn wait_held(&self, count: usize) -> Result<(), FakeError> {
        self.wait_state("a held answer", |state| (state.held >= count).then_some(()))
            .await
    }

    /// Adds a guild with the text channels `channels` (the bot is a member, and so are the test
    /// users), or adds the channels to a guild added before. Its shard gets its `GUILD_CREATE` when it identifies, or at once when it is
    /// connected, as when the bot joins a server.
    pub fn add_guild(&self, guild: u64, channels: &[u64]) {
        let mut state = self.shared.lock();
        let objects: Vec<Value> = channels
            .iter()
            .map(|id| payloads::text_channel_in(*id, guild))
            .collect();
        for (id, channel) in channels.iter().zip(&objects) {
            state.channels.insert(*id, channel.clone());
        }
        // A guild added again gets the new channels besides its others.
        let mut all: Vec<Value> = state
            .guilds
            .get(&guild)
            .and_then(|known| known["channels"].as_array().cloned())
            .unwrap_or_default();
        all.extend(objects);
        let data = payloads::guild_create_of(guild, &all);
        state.guilds.insert(guild, data.clone());
        let on_its_shard = state.shards.iter().any(|(id, shard)| {
            shard.gateway.is_some() && payloads::shard_of(Some(guild), shard.total) == *id
        });
        if on_its_shard {
            state.dispatch("GUILD_CREATE", data);
        }
        drop(state);
        self.shared.touch();
    }

    /// Every dispatch sent so far: (event, the guild it was about, the shard it went to).
    pub fn dispatched(&self) -> Vec<(String, Option<u64>, u64)> {
        self.shared.lock().dispatched.clone()
    }

    /// The shards that have a live gateway connection now.
    pub fn connected_shards(&self) -> Vec<u64> {
        let state = self.shared.lock();
        state
            .shards
            .iter()
            .filter(|(_, shard)| shard.gateway.is_some())
            .map(|(id, _)| *id)
            .collect()
    }

    /// How many times shard `shard` identified (a new session each time).
    pub fn shard_identifies(&self, shard: u64) -> usize {
        self.shared
            .lock()
            .shards
            .get(&shard)
            .map_or(0, |shard| shard.identifies)
    }

    /// Waits until each of `shards` is connected on a session it identified after the
    /// `before`th (see [`Self::shard_identifies`]; 0: any).
    ///
    /// # Errors
    ///
    /// Times out after [`WAIT`].
    pub async fn wait_shards(&self, shards: &[u64], before: usize) -> Result<(), FakeError> {
        let what = format!("shards {shards:?} connected");
        self.wait_state(&what, |state| {
            shards
                .iter()
                .all(|id| {
                    state
                        .shards
                        .get(id)
                        .is_some_and(|shard| shard.gateway.is_some() && shard.identifies > before)
                })
                .then_some(())
        })
        .await
    }

    /// How many Identify (op 2) and Resume (op 6) the gateway received.
    pub fn identifies_and_resumes(&self) -> (usize, usize) {
        let state = self.shared.lock();
        (state.identifies, state.resumes)
    }

    /// Waits until the gateway has received `count` Identify payloads and returns the shard
    /// each named, `(id, total)`, in order.
    ///
    /// # Errors
    ///
    /// Times out after [`WAIT`].
    pub async fn wait_identified_shards(
        &self,
        count: usize,
    ) -> Result<Vec<Option<(u64, u64)>>, FakeError> {
        self.wait_state("identifies", |state| {
            (state.identified_shards.len() >= count).then(|| state.identified_shards.clone())
        })
        .await
    }

    /// How many heartbeats (op 1) the gateway acknowledged.
    pub fn heartbeats(&self) -> usize {
        self.shared.lock().heartbeats
    }

    /// Sets the bot's permissions in a channel (a guild text channel or a thread; a thread
    /// without its own follows its parent), as a server's roles and overwrites would: the REST
    /// API then refuses what they do not allow (403, 50001 without View Channel, else 50013)
    /// and the interactions dispatched there carry them as `app_permissions`.
    pub fn set_bot_permissions(&self, channel: u64, permissions: u64) {
        self.shared
            .lock()
            .bot_permissions
            .insert(channel, permissions);
    }

    /// Takes `permissions` away from the bot in `channel` (see [`Self::set_bot_permissions`]).
    pub fn deny_bot(&self, channel: u64, permissions: u64) {
        let mut state = self.shared.lock();
        let held = state
            .bot_permissions_in(channel)
            .unwrap_or(payloads::BOT_PERMISSIONS);
        state.bot_permissions.insert(channel, held & !permissions);
    }

    /// The bot's permissions in `channel` as the fake applies them (`None` in a DM channel).
    pub fn bot_permissions(&self, channel: u64) -> Option<u64> {
        self.shared.lock().bot_permissions_in(channel)
    }

    /// Makes posting in `channel` fail with 403 Missing Permissions (the bot loses Send
    /// Messages and Send Messages in Threads there).
    pub fn forbid_channel(&self, channel: u64) {
        self.deny_bot(
            channel,
            payloads::SEND_MESSAGES | payloads::SEND_MESSAGES_IN_THREADS,
        );
    }

    /// Moves the fake's clock ahead by `by`, as if that much time had passed for every
    /// interaction and nonce: three seconds after its dispatch an interaction's first answer
    /// is refused (10062), fifteen minutes after, its token (50027); an enforced nonce is
    /// forgotten after five minutes. Tests move the clock instead of sleeping.
    pub fn advance(&self, by: Duration) {
        self.shared.lock().clock += by;
    }

    /// Makes `user` refuse direct messages: posting in their DM channel fails with 403, code
    /// 50007 "Cannot send messages to this user" (the channel itself can still be opened).
    pub fn refuse_dms(&self, user: u64) {
        self.shared.lock().dm_refusers.insert(user);
    }

    /// The id of the DM channel the bot opened with `user`, if any.
    pub fn dm_channel_of(&self, user: u64) -> Option<u64> {
        let state = self.shared.lock();
        state.channels.iter().find_map(|(id, channel)| {
            (channel["type"] == 1 && channel["recipients"][0]["id"] == user.to_string().as_str())
                .then_some(*id)
        })
    }

    /// A channel (text channel, thread or DM) as `GET /channels/{id}` returns it.
    pub fn channel(&self, id: u64) -> Option<Value> {
        self.shared.lock().channels.get(&id).cloned()
    }

    /// The threads whose parent is `channel`, oldest first.
    pub fn threads_of(&self, channel: u64) -> Vec<Value> {
        let parent = channel.to_string();
        self.shared
            .lock()
            .channels
            .values()
            .filter(|thread| thread["parent_id"] == parent.as_str() && thread["type"] != 0)
            .cloned()
            .collect()
    }

    /// Deletes a channel or thread (and its messages), as a moderator would: requests to it
    /// are then answered 404 Unknown Channel (10003). Returns whether it existed.
    pub fn delete_channel(&self, channel: u64) -> bool {
        let mut state = self.shared.lock();
        let Some(removed) = state.channels.remove(&channel) else {
            return false;
        };
        let id = channel.to_string();
        state
            .messages
            .retain(|_, message| message["channel_id"] != id.as_str());
        let event = match removed["type"].as_u64() {
            Some(10..=12) => "THREAD_DELETE",
            _ => "CHANNEL_DELETE",
        };
        state.dispatch(event, removed);
        drop(state);
        self.shared.touch();
        true
    }

    /// Archives a thread, as Discord does after its auto-archive duration: posting into it is
    /// then refused with 50083 until it is unarchived (`PATCH /channels/{id}`
    /// `{"archived": false}`). Returns whether `thread` is a thread.
    pub fn archive_thread(&self, thread: u64) -> bool {
        let mut state = self.shared.lock();
        let Some(channel) = state.channels.get_mut(&thread) else {
            return false;
        };
        if !matches!(channel["type"].as_u64(), Some(10..=12)) {
            return false;
        }
        channel["thread_metadata"]["archived"] = json!(true);
        let update = channel.clone();
        state.dispatch("THREAD_UPDATE", update);
        drop(state);
        self.shared.touch();
        true
    }

    /// The messages in a channel (or thread, or DM) that everyone sees, oldest first, as
    /// Discord returns them (edits applied, deleted ones gone).
    pub fn channel_messages(&self, channel: u64) -> Vec<Value> {
        self.shared.lock().channel_messages(channel)
    }

    /// The application commands as registered, each with the id this fake gave it, globally
    /// and in every guild.
    pub fn registered_commands(&self) -> Vec<Value> {
        self.shared
            .lock()
            .commands
            .values()
            .flatten()
            .cloned()
            .collect()
    }

    /// Every stored message, ephemeral ones included, oldest first.
    pub fn all_messages(&self) -> Vec<Value> {
        self.shared.lock().messages.values().cloned().collect()
    }

    /// A stored message by id, ephemeral ones included.
    pub fn message(&self, id: u64) -> Option<Value> {
        self.shared.lock().messages.get(&id).cloned()
    }

    /// Waits until `channel` holds at least `count` messages, and returns them.
    ///
    /// # Errors
    ///
    /// Times out after [`WAIT`].
    pub async fn wait_messages(&self, channel: u64, count: usize) -> Result<Vec<Value>, FakeError> {
        let what = format!("{count} messages in channel {channel}");
        self.wait_state(&what, |state| {
            let messages = state.channel_messages(channel);
            (messages.len() >= count).then_some(messages)
        })
        .await
    }

    /// Waits until the messages of `channel` (oldest first) satisfy `check`, and returns them.
    /// `check` runs with the fake locked: it must not call the fake's methods.
    ///
    /// # Errors
    ///
    /// Times out after [`WAIT`], naming `what`.
    pub async fn wait_channel(
        &self,
        channel: u64,
        what: &str,
        mut check: impl FnMut(&[Value]) -> bool,
    ) -> Result<Vec<Value>, FakeError> {
        self.wait_state(what, |state| {
            let messages = state.channel_messages(channel);
            check(&messages).then_some(messages)
        })
        .await
    }

    /// Waits until `check` finds what it looks for in the recorded requests. `check` runs
    /// with the fake locked: it must not call the fake's methods.
    ///
    /// # Errors
    ///
    /// Times out after [`WAIT`], naming `what`.
    pub async fn wait_for<T>(
        &self,
        what: &str,
        mut check: impl FnMut(&[Recorded]) -> Option<T>,
    ) -> Result<T, FakeError> {
        self.wait_state(what, |state| check(&state.requests)).await
    }

    async fn wait_state<T>(
        &self,
        what: &str,
        mut check: impl FnMut(&Traffic) -> Option<T>,
    ) -> Result<T, FakeError> {
        let deadline = tokio::time::Instant::now() + WAIT;
        let mut changes = self.shared.changed.subscribe();
        loop {
            if let Some(found) = check(&self.shared.lock()) {
                return Ok(found);
            }
            match tokio::time::timeout_at(deadline, changes.changed()).await {
                Ok(Ok(())) => {}
                Ok(Err(_)) | Err(_) => return Err(FakeError::Timeout(what.to_owned())),
            }
        }
    }

    /// Waits until a gateway session is connected and has received READY (or RESUMED) at
    /// least `count` times in total.
    ///
    /// # Errors
    ///
    /// Times out after [`WAIT`].
    pub async fn wait_connected(&self, count: usize) -> Result<(), FakeError> {
        self.wait_state("a ready gateway session", |state| {
            let connected = state.shards.values().any(|shard| shard.gateway.is_some());
            (connected && state.ready_sent >= count).then_some(())
        })
        .await
    }

    /// Waits until the application's commands have been registered (globally or in the test
    /// guild) and returns the registered command list.
    ///
    /// # Errors
    ///
    /// Times out after [`WAIT`]; fails at once when the fake refused the registration, as
    /// Discord would have (see [`commands`]), naming Discord's error body.
    pub async fn wait_commands(&self) -> Result<Vec<Value>, FakeError> {
        self.wait_for("command registration", |requests| {
            let request = requests
                .iter()
                .rev()
                .find(|request| request.method == "PUT" && request.path.ends_with("/commands"))?;
            if request.refused() {
                return Some(Err(FakeError::Unexpected(format!(
                    "the command registration was refused with {}: {}",
                    request.status,
                    request.error.clone().unwrap_or(Value::Null)
                ))));
            }
            Some(Ok(request
                .json
                .as_ref()
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default()))
        })
        .await?
    }

    /// Sends a dispatch event (op 0) on the gateway session of the shard Discord would send it
    /// on (a guild's events on `(guild_id >> 22) % shards`, direct messages on shard 0; see
    /// [`payloads::shard_of`]). Without a live connection it is kept and delivered when the
    /// client resumes that session.
    ///
    /// # Errors
    ///
    /// Fails when that shard never identified.
    pub fn dispatch(&self, event: &str, data: Value) -> Result<(), FakeError> {
        if self.shared.lock().dispatch(event, data) {
            self.shared.touch();
            Ok(())
        } else {
            Err(FakeError::Unexpected(format!(
                "{event} before its shard's gateway session"
            )))
        }
    }

    /// Starts the clocks of an interaction (built with [`payloads`]) without dispatching it:
    /// from now on its callback, follow-ups and edits are accepted or refused as Discord
    /// would. [`Self::interact`] does this itself; tests that answer by raw HTTP call it.
    /// `age` backdates it, as if it had been dispatched that long ago.
    pub fn track_interaction(&self, interaction: &Value, age: Duration) {
        let token = interaction["token"].as_str().unwrap_or_default().to_owned();
        let channel = interaction["channel_id"]
            .as_str()
            .and_then(|id| id.parse().ok())
            .unwrap_or(CHANNEL_ID);
        let component_message = interaction["message"]["id"]
            .as_str()
            .and_then(|id| id.parse().ok());
        let mut state = self.shared.lock();
        let tracked = Interaction {
            id: interaction["id"].as_str().unwrap_or_default().to_owned(),
            kind: interaction["type"].as_u64().unwrap_or(2),
            channel,
            component_message,
            dispatched: state.now(),
            age,
            callback: None,
            answered_after: None,
            original: None,
            messages: BTreeSet::new(),
        };
        state.interactions.insert(token, tracked);
    }

    /// The longest time the bot took to first answer (or defer) an interaction, from its
    /// dispatch; Discord allows [`INTERACTION_DEADLINE`].
    pub fn slowest_first_answer(&self) -> Option<Duration> {
        let state = self.shared.lock();
        state
            .interactions
            .values()
            .filter_map(|interaction| interaction.answered_after)
            .max()
    }

    /// Makes an interaction older by `by`, as if time had passed: three seconds after its
    /// dispatch its first answer is refused (10062), fifteen minutes after, its token
    /// (50027). Returns whether the fake knows the token.
    pub fn backdate(&self, token: &str, by: Duration) -> bool {
        match self.shared.lock().interactions.get_mut(token) {
            Some(interaction) => {
                interaction.age += by;
                true
            }
            None => false,
        }
    }

    /// Sends an interaction (built with [`payloads`]) as `INTERACTION_CREATE`.
    ///
    /// # Errors
    ///
    /// Fails when no session was ever identified.
    pub fn interact(&self, interaction: &Value) -> Result<(), FakeError> {
        self.interact_backdated(interaction, Duration::ZERO)
    }

    /// Sends an interaction as if Discord had created it `age` ago (a slow gateway, a busy
    /// bot): its three-second and fifteen-minute clocks start that much earlier.
    ///
    /// # Errors
    ///
    /// Fails when no session was ever identified.
    pub fn interact_backdated(&self, interaction: &Value, age: Duration) -> Result<(), FakeError> {
        self.track_interaction(interaction, age);
        let mut sent = interaction.clone();
        let channel = interaction["channel_id"]
            .as_str()
            .and_then(|id| id.parse::<u64>().ok());
        // As Discord does, the interaction carries the channel as it is now (a thread the bot
        // opened is a thread, an archived one says so) and the bot's permissions there.
        if let Some(known) = channel.and_then(|id| self.channel(id)) {
            sent["channel"] = known;
        }
        if let Some(permissions) = channel.and_then(|id| self.bot_permissions(id)) {
            sent["app_permissions"] = json!(permissions.to_string());
        }
        self.dispatch("INTERACTION_CREATE", sent)
    }

    /// Stores a file as if a user had attached it to a command, and returns its attachment
    /// object (with a loopback URL the bot downloads it from), for
    /// [`payloads::attachment_option`].
    pub fn upload(&self, filename: &str, bytes: &[u8]) -> Value {
        let mut state = self.shared.lock();
        let id = state.next_id();
        state
            .uploads
            .insert(format!("{id}/{filename}"), bytes.to_vec());
        json!({
            "id": id.to_string(),
            "filename": filename,
            "size": bytes.len(),
            "url": format!("{}/files/{id}/{filename}", self.shared.base_url),
            "proxy_url": format!("{}/files/{id}/{filename}", self.shared.base_url),
            "content_type": "text/plain; charset=utf-8",
        })
    }

    /// Closes the gateway connection with an unclean close code, as a network failure would;
    /// serenity then reconnects and resumes.
    pub fn drop_gateway(&self) {
        for shard in self.shared.lock().shards.values_mut() {
            if let Some(gateway) = shard.gateway.take() {
                let _ = gateway.send(Outgoing::Close(4000));
            }
        }
        self.shared.touch();
    }

    /// Sends `interaction` and waits for the bot's first visible answer to it: the callback, or
    /// after a deferral the first follow-up or edit of the original response.
    ///
    /// # Errors
    ///
    /// Times out after [`WAIT`], or fails when no session is connected.
    pub async fn interact_and_wait(&self, interaction: &Value) -> Result<Reply, FakeError> {
        let token = interaction["token"].as_str().unwrap_or_default().to_owned();
        let id = interaction["id"].as_str().unwrap_or_default().to_owned();
        self.interact(interaction)?;
        self.wait_reply(&id, &token).await
    }

    /// Waits for the bot's first visible answer to the interaction `id` with `token`.
    ///
    /// # Errors
    ///
    /// Times out after [`WAIT`]; fails at once when the fake refused that answer (the error
    /// names Discord's error body).
    pub async fn wait_reply(&self, id: &str, token: &str) -> Result<Reply, FakeError> {
        let callback = format!("/interactions/{id}/{token}/callback");
        let followup = format!("/webhooks/{APPLICATION_ID}/{token}");
        let original = format!("/webhooks/{APPLICATION_ID}/{token}/messages/@original");
        let what = format!("a reply to interaction {id}");
        let refused = |request: &Recorded| {
            FakeError::Unexpected(format!(
                "the fake refused {} {} with {}: {}",
                request.method,
                request.path,
                request.status,
                request.error.clone().unwrap_or(Value::Null)
            ))
        };
        self.wait_state(&what, |state| {
            let requests = &state.requests;
            let original_message = || {
                state
                    .interactions
                    .get(token)
                    .and_then(|interaction| interaction.original)
                    .and_then(|id| state.messages.get(&id))
                    .cloned()
            };
            let callback = requests
                .iter()
                .find(|request| request.is("POST", &callback))?;
            if callback.refused() {
                return Some(Err(refused(callback)));
            }
            let body = callback.json.clone().unwrap_or(Value::Null);
            let kind = body["type"].as_u64().unwrap_or(0);
            if kind == 5 || kind == 6 {
                let position = requests.iter().position(|request| {
                    request.is("POST", &followup) || request.is("PATCH", &original)
                })?;
                let later = &requests[position];
                if later.refused() {
                    return Some(Err(refused(later)));
                }
                let mut data = later.json.clone().unwrap_or(Value::Null);
                // As on Discord: after a "thinking" deferral, the first follow-up takes the
                // place of the thinking message and keeps its visibility, whatever flags it
                // asks for, unless the bot deleted that message first.
                let deleted = requests[..position]
                    .iter()
                    .any(|request| request.is("DELETE", &original));
                if kind == 5 && later.method == "POST" && !deleted {
                    data["flags"] = body["data"]["flags"].clone();
                }
                let message = if later.method == "PATCH" {
                    original_message()
                } else {
                    None
                };
                return Some(Ok(Reply {
                    callback_type: kind,
                    data,
                    files: later.files.clone(),
                    message,
                }));
            }
            Some(Ok(Reply {
                callback_type: kind,
                data: body["data"].clone(),
                files: callback.files.clone(),
                message: original_message(),
            }))
        })
        .await?
    }

    /// Sends a request to the fake's REST API as a client would (`path` after `/api/v10`): a
    /// JSON body, or with `files` a `multipart/form-data` body of `payload_json` and one
    /// `files[N]` part per (file name, bytes). Returns the status and the JSON answer (`null`
    /// when there is none).
    ///
    /// # Errors
    ///
    /// When the request cannot be sent.
    pub async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        body: &Value,
        files: &[(&str, &[u8])],
    ) -> Result<(u16, Value), FakeError> {
        let url = format!("{}/api/v10{path}", self.api_url());
        let payload = serde_json::to_vec(body).map_err(|e| FakeError::Unexpected(e.to_string()))?;
        let request = reqwest::Client::new().request(method, url);
        let request = if files.is_empty() {
            request
                .header("content-type", "application/json")
                .body(payload)
        } else {
            let boundary = "fake-discord-boundary";
            let mut form = Vec::new();
            form.extend_from_slice(
                format!(
                    "--{boundary}\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\
                     Content-Type: application/json\r\n\r\n"
                )
                .as_bytes(),
            );
            form.extend_from_slice(&payload);
            for (index, (name, bytes)) in files.iter().enumerate() {
                form.extend_from_slice(
                    format!(
                        "\r\n--{boundary}\r\nContent-Disposition: form-data; \
                         name=\"files[{index}]\"; filename=\"{name}\"\r\n\
                         Content-Type: application/octet-stream\r\n\r\n"
                    )
                    .as_bytes(),
                );
                form.extend_from_slice(bytes);
            }
            form.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
            request
                .header(
                    "content-type",
                    format!("multipart/form-data; boundary={boundary}"),
                )
                .body(form)
        };
        let response = request
            .send()
            .await
            .map_err(|e| FakeError::Unexpected(e.to_string()))?;
        let status = response.status().as_u16();
        let bytes = response
            .bytes()
            .await
            .map_err(|e| FakeError::Unexpected(e.to_string()))?;
        Ok((
            status,
            serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        ))
    }

    /// Every follow-up and channel message the bot posted after the first answer to a token.
    pub fn followups(&self, token: &str) -> Vec<Recorded> {
        let followup = format!("/webhooks/{APPLICATION_ID}/{token}");
        self.requests()
            .into_iter()
            .filter(|request| request.is("POST", &followup))
            .collect()
    }
}
