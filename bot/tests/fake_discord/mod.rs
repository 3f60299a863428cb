//! A fake Discord for end-to-end tests: REST API and gateway on loopback.
//!
//! The real serenity client talks to it: REST requests through serenity's proxy base URL
//! (`HttpBuilder::proxy`, with the rate limiter disabled, which would otherwise bypass the proxy),
//! and the gateway through the `ws://` URL that `GET /api/v10/gateway` returns. Plain `ws://` is
//! fine: serenity hands the URL to tokio-tungstenite, which only uses TLS for `wss://`.
//!
//! The gateway speaks v10 JSON in text frames. Serenity identifies with `compress: true` (payload
//! compression), but it reads text frames as plain JSON, so the fake never compresses.
//!
//! Every REST request is recorded (method, path, JSON body or multipart `payload_json` plus file
//! parts) so tests can assert on it. Tests inject `INTERACTION_CREATE` dispatches built with
//! [`payloads`] and wait for the bot's answers with bounded timeouts.

// Each test binary uses a different part of this support module.
#![allow(dead_code)]

pub mod payloads;

use axum::body::Bytes;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};
use std::collections::{BTreeSet, HashMap};
use std::fmt;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

pub use payloads::{APPLICATION_ID, CHANNEL_ID, GUILD_ID};

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
}

impl fmt::Display for FakeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io(error) => write!(f, "fake discord i/o: {error}"),
            Self::Timeout(what) => write!(f, "timed out waiting for {what}"),
            Self::Unexpected(what) => write!(f, "unexpected traffic: {what}"),
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
}

impl Recorded {
    /// Whether this request has the method and its path ends with `suffix`.
    pub fn is(&self, method: &str, suffix: &str) -> bool {
        self.method == method && self.path.ends_with(suffix)
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

#[derive(Default)]
struct Traffic {
    requests: Vec<Recorded>,
    gateway: Option<mpsc::UnboundedSender<Outgoing>>,
    session: Option<Session>,
    sessions_started: u64,
    identifies: usize,
    resumes: usize,
    heartbeats: usize,
    ready_sent: usize,
    /// Messages the fake created, by id, as Discord returns them.
    messages: HashMap<u64, Value>,
    /// Interaction token to the id of its original response message.
    originals: HashMap<String, u64>,
    /// Channels where posting messages is refused with Missing Permissions.
    forbidden_channels: BTreeSet<u64>,
    /// Files users "uploaded", served at `/files/ID/NAME` as Discord's CDN would.
    uploads: HashMap<String, Vec<u8>>,
    next_id: u64,
}

struct Shared {
    state: Mutex<Traffic>,
    changed: watch::Sender<u64>,
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
    server: JoinHandle<()>,
    addr: SocketAddr,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.server.abort();
    }
}

impl FakeDiscord {
    /// Starts the fake on 127.0.0.1 with an ephemeral port.
    ///
    /// # Errors
    ///
    /// Fails when the loopback listener cannot be bound.
    pub async fn start() -> Result<Self, FakeError> {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0)).await?;
        let addr = listener.local_addr()?;
        let (changed, _) = watch::channel(0);
        let shared = Arc::new(Shared {
            state: Mutex::new(Traffic {
                next_id: 1_000,
                ..Traffic::default()
            }),
            changed,
            base_url: format!("http://{addr}"),
        });
        let app = Router::new()
            .route("/gateway-ws", get(gateway_upgrade))
            .fallback(rest)
            .with_state(Arc::clone(&shared));
        let server = tokio::spawn(async move {
            if let Err(error) = axum::serve(listener, app).await {
                eprintln!("fake discord stopped: {error}");
            }
        });
        Ok(Self {
            shared,
            server,
            addr,
        })
    }

    /// The REST base URL to give serenity's `HttpBuilder::proxy`.
    pub fn api_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// A copy of every REST request so far.
    pub fn requests(&self) -> Vec<Recorded> {
        self.shared.lock().requests.clone()
    }

    /// How many Identify (op 2) and Resume (op 6) the gateway received.
    pub fn identifies_and_resumes(&self) -> (usize, usize) {
        let state = self.shared.lock();
        (state.identifies, state.resumes)
    }

    /// How many heartbeats (op 1) the gateway acknowledged.
    pub fn heartbeats(&self) -> usize {
        self.shared.lock().heartbeats
    }

    /// Makes `POST /channels/{channel}/messages` fail with 403 Missing Permissions.
    pub fn forbid_channel(&self, channel: u64) {
        self.shared.lock().forbidden_channels.insert(channel);
    }

    /// Waits until `check` finds what it looks for in the recorded requests.
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
            (state.gateway.is_some() && state.ready_sent >= count).then_some(())
        })
        .await
    }

    /// Waits until the application's commands have been registered (globally or in the test
    /// guild) and returns the registered command list.
    ///
    /// # Errors
    ///
    /// Times out after [`WAIT`].
    pub async fn wait_commands(&self) -> Result<Vec<Value>, FakeError> {
        self.wait_for("command registration", |requests| {
            requests.iter().rev().find_map(|request| {
                (request.method == "PUT" && request.path.ends_with("/commands"))
                    .then(|| request.json.as_ref().and_then(Value::as_array).cloned())
                    .flatten()
            })
        })
        .await
    }

    /// Sends a dispatch event (op 0) on the gateway session. Without a live connection it is
    /// kept and delivered when the client resumes.
    ///
    /// # Errors
    ///
    /// Fails when no session was ever identified.
    pub fn dispatch(&self, event: &str, data: Value) -> Result<(), FakeError> {
        let mut state = self.shared.lock();
        let state = &mut *state;
        let Some(session) = state.session.as_mut() else {
            return Err(FakeError::Unexpected(
                "dispatch before any gateway session".into(),
            ));
        };
        session.seq += 1;
        let frame = json!({"op": 0, "t": event, "s": session.seq, "d": data});
        session.sent.push((session.seq, frame.clone()));
        if let Some(gateway) = &state.gateway {
            // A closed connection just means the client will resume and get it replayed.
            let _ = gateway.send(Outgoing::Frame(frame));
        }
        Ok(())
    }

    /// Sends an interaction (built with [`payloads`]) as `INTERACTION_CREATE`.
    ///
    /// # Errors
    ///
    /// Fails when no session was ever identified.
    pub fn interact(&self, interaction: &Value) -> Result<(), FakeError> {
        self.dispatch("INTERACTION_CREATE", interaction.clone())
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
        if let Some(gateway) = self.shared.lock().gateway.take() {
            let _ = gateway.send(Outgoing::Close(4000));
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
    /// Times out after [`WAIT`].
    pub async fn wait_reply(&self, id: &str, token: &str) -> Result<Reply, FakeError> {
        let callback = format!("/interactions/{id}/{token}/callback");
        let followup = format!("/webhooks/{APPLICATION_ID}/{token}");
        let original = format!("/webhooks/{APPLICATION_ID}/{token}/messages/@original");
        let what = format!("a reply to interaction {id}");
        self.wait_state(&what, |state| {
            let requests = &state.requests;
            let callback = requests
                .iter()
                .find(|request| request.is("POST", &callback))?;
            let body = callback.json.clone().unwrap_or(Value::Null);
            let kind = body["type"].as_u64().unwrap_or(0);
            if kind == 5 || kind == 6 {
                let position = requests.iter().position(|request| {
                    request.is("POST", &followup) || request.is("PATCH", &original)
                })?;
                let later = &requests[position];
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
                    state
                        .originals
                        .get(token)
                        .and_then(|id| state.messages.get(id))
                } else {
                    None
                };
                return Some(Reply {
                    callback_type: kind,
                    data,
                    files: later.files.clone(),
                    message: message.cloned(),
                });
            }
            let message = state
                .originals
                .get(token)
                .and_then(|id| state.messages.get(id))
                .cloned();
            Some(Reply {
                callback_type: kind,
                data: body["data"].clone(),
                files: callback.files.clone(),
                message,
            })
        })
        .await
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

async fn gateway_upgrade(State(shared): State<Arc<Shared>>, upgrade: WebSocketUpgrade) -> Response {
    upgrade.on_upgrade(move |socket| gateway_connection(socket, shared))
}

async fn send_frame(socket: &mut WebSocket, frame: &Value) -> bool {
    socket
        .send(Message::Text(frame.to_string().into()))
        .await
        .is_ok()
}

/// One gateway connection: Hello, then Identify or Resume, heartbeats and dispatches.
async fn gateway_connection(mut socket: WebSocket, shared: Arc<Shared>) {
    let (sender, mut outgoing) = mpsc::unbounded_channel();
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 5_000}, "s": null, "t": null});
    if !send_frame(&mut socket, &hello).await {
        return;
    }
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let Some(Ok(message)) = incoming else { break };
                let payload: Value = match message {
                    Message::Text(text) => match serde_json::from_str(text.as_str()) {
                        Ok(value) => value,
                        Err(_) => continue,
                    },
                    Message::Close(_) => break,
                    _ => continue,
                };
                let replies = on_gateway_payload(&shared, &payload, &sender);
                for reply in replies {
                    if !send_frame(&mut socket, &reply).await {
                        return;
                    }
                }
                shared.touch();
            }
            next = outgoing.recv() => match next {
                Some(Outgoing::Frame(frame)) => {
                    if !send_frame(&mut socket, &frame).await {
                        break;
                    }
                }
                Some(Outgoing::Close(code)) => {
                    let close = CloseFrame { code, reason: "fake discord closed it".into() };
                    let _ = socket.send(Message::Close(Some(close))).await;
                    break;
                }
                None => break,
            }
        }
    }
    let mut state = shared.lock();
    if state
        .gateway
        .as_ref()
        .is_some_and(|current| current.same_channel(&sender))
    {
        state.gateway = None;
    }
    drop(state);
    shared.touch();
}

/// Handles one client payload and returns the frames to send back, in order.
fn on_gateway_payload(
    shared: &Shared,
    payload: &Value,
    sender: &mpsc::UnboundedSender<Outgoing>,
) -> Vec<Value> {
    let mut state = shared.lock();
    let state = &mut *state;
    match payload["op"].as_u64() {
        Some(1) => {
            state.heartbeats += 1;
            vec![json!({"op": 11, "d": null, "s": null, "t": null})]
        }
        Some(2) => {
            state.identifies += 1;
            state.sessions_started += 1;
            let id = format!("fake-session-{}", state.sessions_started);
            let resume_url = format!("{}/gateway-ws", shared.base_url.replace("http", "ws"));
            let ready = payloads::ready(&id, &resume_url);
            let guild = payloads::guild_create();
            let frames = vec![
                json!({"op": 0, "t": "READY", "s": 1, "d": ready}),
                json!({"op": 0, "t": "GUILD_CREATE", "s": 2, "d": guild}),
            ];
            state.session = Some(Session {
                id,
                seq: 2,
                sent: frames
                    .iter()
                    .cloned()
                    .enumerate()
                    .map(|(i, f)| (i as u64 + 1, f))
                    .collect(),
            });
            state.gateway = Some(sender.clone());
            state.ready_sent += 1;
            frames
        }
        Some(6) => {
            state.resumes += 1;
            let wanted = payload["d"]["session_id"].as_str().unwrap_or_default();
            let after = payload["d"]["seq"].as_u64().unwrap_or(0);
            match state.session.as_mut() {
                Some(session) if session.id == wanted => {
                    let mut frames: Vec<Value> = session
                        .sent
                        .iter()
                        .filter(|(seq, _)| *seq > after)
                        .map(|(_, frame)| frame.clone())
                        .collect();
                    session.seq += 1;
                    let resumed = json!({"op": 0, "t": "RESUMED", "s": session.seq, "d": {}});
                    session.sent.push((session.seq, resumed.clone()));
                    frames.push(resumed);
                    state.gateway = Some(sender.clone());
                    state.ready_sent += 1;
                    frames
                }
                _ => vec![json!({"op": 9, "d": false, "s": null, "t": null})],
            }
        }
        _ => Vec::new(),
    }
}

/// Splits a multipart body into its `payload_json` and file parts.
fn parse_multipart(content_type: &str, body: &[u8]) -> (Option<Value>, Vec<FilePart>) {
    let Some(boundary) = content_type
        .split(';')
        .find_map(|param| param.trim().strip_prefix("boundary="))
    else {
        return (None, Vec::new());
    };
    let delimiter = format!("--{}", boundary.trim_matches('"'));
    let delimiter = delimiter.as_bytes();
    let mut json = None;
    let mut files = Vec::new();
    let mut rest = body;
    while let Some(start) = find(rest, delimiter) {
        rest = &rest[start + delimiter.len()..];
        if rest.starts_with(b"--") {
            break;
        }
        let Some(end) = find(rest, delimiter) else {
            break;
        };
        let part = rest[..end].strip_prefix(b"\r\n").unwrap_or(&rest[..end]);
        let part = part.strip_suffix(b"\r\n").unwrap_or(part);
        let Some(split) = find(part, b"\r\n\r\n") else {
            continue;
        };
        let headers = String::from_utf8_lossy(&part[..split]).to_string();
        let content = &part[split + 4..];
        let mut field = String::new();
        let mut filename = None;
        let mut part_type = None;
        for line in headers.lines() {
            let lower = line.to_ascii_lowercase();
            if lower.starts_with("content-disposition:") {
                field = header_param(line, "name").unwrap_or_default();
                filename = header_param(line, "filename");
            } else if let Some(value) = lower.strip_prefix("content-type:") {
                part_type = Some(value.trim().to_owned());
            }
        }
        match filename {
            Some(filename) => files.push(FilePart {
                field,
                filename,
                content_type: part_type,
                bytes: content.to_vec(),
            }),
            None if field == "payload_json" => json = serde_json::from_slice(content).ok(),
            None => {}
        }
    }
    (json, files)
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

fn header_param(line: &str, name: &str) -> Option<String> {
    line.split(';').find_map(|param| {
        let (key, value) = param.trim().split_once('=')?;
        (key == name).then(|| value.trim_matches('"').to_owned())
    })
}

/// Every REST route: record, then answer like Discord would.
async fn rest(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let content_type = headers
        .get("content-type")
        .and_then(|value| value.to_str().ok())
        .unwrap_or("")
        .to_owned();
    let (json, files) = if content_type.starts_with("multipart/") {
        parse_multipart(&content_type, &body)
    } else {
        (serde_json::from_slice(&body).ok(), Vec::new())
    };
    let recorded = Recorded {
        method: method.as_str().to_owned(),
        path: uri.path().to_owned(),
        query: uri.query().unwrap_or("").to_owned(),
        json,
        files,
    };
    let response = answer(&shared, &recorded);
    shared.lock().requests.push(recorded);
    shared.touch();
    response
}

fn answer(shared: &Shared, request: &Recorded) -> Response {
    let path = request
        .path
        .strip_prefix("/api/v10")
        .unwrap_or(&request.path);
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    let body = request.json.clone().unwrap_or(Value::Null);
    let mut state = shared.lock();
    let state = &mut *state;
    match (request.method.as_str(), segments.as_slice()) {
        ("GET", ["gateway"]) => {
            let url = format!("{}/gateway-ws", shared.base_url.replace("http", "ws"));
            Json(json!({"url": url})).into_response()
        }
        ("GET", ["gateway", "bot"]) => {
            let url = format!("{}/gateway-ws", shared.base_url.replace("http", "ws"));
            Json(json!({
                "url": url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1
                }
            }))
            .into_response()
        }
        ("GET", ["users", "@me"]) => Json(payloads::bot_user()).into_response(),
        ("GET", ["oauth2", "applications", "@me"]) => Json(payloads::application()).into_response(),
        ("PUT", ["applications", _, "commands"])
        | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
            let commands: Vec<Value> = body
                .as_array()
                .into_iter()
                .flatten()
                .map(|command| payloads::registered_command(command, state.next_id()))
                .collect();
            Json(Value::Array(commands)).into_response()
        }
        ("GET", ["applications", _, "commands"])
        | ("GET", ["applications", _, "guilds", _, "commands"]) => Json(json!([])).into_response(),
        ("POST", ["interactions", _, token, "callback"]) => {
            let kind = body["type"].as_u64().unwrap_or(0);
            if matches!(kind, 4 | 5) {
                let id = state.next_id();
                let data = body["data"].clone();
                let message = payloads::message(id, CHANNEL_ID, &data, &request.files);
                state.messages.insert(id, message);
                state.originals.insert((*token).to_owned(), id);
            }
            StatusCode::NO_CONTENT.into_response()
        }
        ("POST", ["webhooks", _, _token]) => {
            let id = state.next_id();
            let message = payloads::message(id, CHANNEL_ID, &body, &request.files);
            state.messages.insert(id, message.clone());
            Json(message).into_response()
        }
        ("PATCH", ["webhooks", _, token, "messages", "@original"]) => {
            let id = match state.originals.get(*token) {
                Some(id) => *id,
                None => {
                    let id = state.next_id();
                    state.originals.insert((*token).to_owned(), id);
                    id
                }
            };
            let message = payloads::message(id, CHANNEL_ID, &body, &request.files);
            state.messages.insert(id, message.clone());
            Json(message).into_response()
        }
        ("DELETE", ["webhooks", _, token, "messages", "@original"]) => {
            match state.originals.get(*token).copied() {
                Some(id) => {
                    state.messages.remove(&id);
                    StatusCode::NO_CONTENT.into_response()
                }
                None => not_found(),
            }
        }
        ("GET", ["webhooks", _, token, "messages", "@original"]) => {
            match state
                .originals
                .get(*token)
                .and_then(|id| state.messages.get(id))
            {
                Some(message) => Json(message.clone()).into_response(),
                None => not_found(),
            }
        }
        ("PATCH", ["webhooks", _, _, "messages", id])
        | ("PATCH", ["channels", _, "messages", id]) => {
            let id = id.parse().unwrap_or(0);
            let message = payloads::message(id, CHANNEL_ID, &body, &request.files);
            state.messages.insert(id, message.clone());
            Json(message).into_response()
        }
        ("POST", ["channels", channel, "messages"]) => {
            let channel: u64 = channel.parse().unwrap_or(0);
            if state.forbidden_channels.contains(&channel) {
                let error = json!({"message": "Missing Permissions", "code": 50013});
                return (StatusCode::FORBIDDEN, Json(error)).into_response();
            }
            let id = state.next_id();
            let message = payloads::message(id, channel, &body, &request.files);
            state.messages.insert(id, message.clone());
            Json(message).into_response()
        }
        ("GET", ["files", id, name]) => match state.uploads.get(&format!("{id}/{name}")) {
            Some(bytes) => bytes.clone().into_response(),
            None => not_found(),
        },
        ("GET", ["channels", channel]) => Json(payloads::text_channel(
            channel.parse().unwrap_or(CHANNEL_ID),
        ))
        .into_response(),
        _ => not_found(),
    }
}

fn not_found() -> Response {
    let error = json!({"message": "404: Not Found", "code": 0});
    (StatusCode::NOT_FOUND, Json(error)).into_response()
}

impl Traffic {
    fn next_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }
}
