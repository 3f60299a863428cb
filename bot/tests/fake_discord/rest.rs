//! The fake's REST API: every request is recorded, then answered as Discord would, refusals
//! included (with Discord's status codes, error codes and messages), with rate-limit headers
//! and, when a test asked for it, a `429` now and then.

use super::commands;
use super::state;
use super::validate::{self, FormErrors, Refusal};
use super::{payloads, FilePart, Interaction, Recorded, Shared, Traffic};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::watch;

/// How long Discord waits for the first answer to an interaction: "Interaction tokens are
/// valid for 15 minutes [...] but you must send an initial response within 3 seconds of
/// receiving the event. If the 3 second deadline is exceeded, the token will be invalidated"
/// (Receiving and Responding, Interaction Callback).
pub const INTERACTION_DEADLINE: Duration = Duration::from_secs(3);
/// How long an interaction token stays valid for follow-ups and edits (same passage).
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);
/// How long Discord remembers a nonce for `enforce_nonce` ("checked for uniqueness in the
/// past few minutes", Create Message; five is what the fake takes).
pub const NONCE_WINDOW: Duration = Duration::from_secs(5 * 60);
/// The `X-RateLimit-Limit` the fake announces for every bucket.
const BUCKET_LIMIT: u64 = 50;

/// The message flag of ephemeral messages.
const EPHEMERAL: u64 = 64;
/// The message flag of a deferred response that is still "thinking".
const LOADING: u64 = 128;

/// A successful answer.
enum Answer {
    Json(Value),
    Bytes(Vec<u8>),
    NoContent,
}

type Outcome = Result<Answer, Refusal>;

fn unknown_message() -> Refusal {
    Refusal::new(404, 10008, "Unknown Message")
}

fn unknown_channel() -> Refusal {
    Refusal::new(404, 10003, "Unknown Channel")
}

fn unknown_interaction() -> Refusal {
    Refusal::new(404, 10062, "Unknown interaction")
}

fn invalid_token() -> Refusal {
    Refusal::new(401, 50027, "Invalid Webhook Token")
}

fn not_found() -> Refusal {
    Refusal::new(404, 0, "404: Not Found")
}

/// Every REST route: record, then answer like Discord would.
pub(super) async fn rest(
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
        status: 200,
        error: None,
    };
    let (response, held) = serve(&shared, recorded);
    if let Some((mut released, generation)) = held {
        // Released by the test, or never (the test ends and drops the runtime).
        let _ = released.wait_for(|now| *now != generation).await;
        shared.lock().held -= 1;
    }
    response
}

/// Answers one request; with the receiver to wait on when its answer is to be held.
fn serve(
    shared: &Shared,
    mut recorded: Recorded,
) -> (Response, Option<(watch::Receiver<u64>, u64)>) {
    let route = route_of(&recorded.path);
    let mut state = shared.lock();
    if let Some(retry_after) = state.throttled_now(&recorded.method, &route) {
        recorded.status = 429;
        let body = json!({
            "message": "You are being rate limited.",
            "retry_after": retry_after,
            "global": false,
        });
        recorded.error = Some(body.clone());
        state.throttled.push(recorded);
        drop(state);
        shared.touch();
        let mut response = (StatusCode::TOO_MANY_REQUESTS, Json(body)).into_response();
        add_rate_limit_headers(response.headers_mut(), &route, 0, retry_after);
        set_header(
            response.headers_mut(),
            "retry-after",
            &retry_after.to_string(),
        );
        set_header(response.headers_mut(), "x-ratelimit-scope", "user");
        return (response, None);
    }
    let outcome = match state.failing_now(&recorded.method, &route) {
        Some(status) => {
            let message = match status {
                500 => "500: Internal Server Error".to_owned(),
                502 => "502: Bad Gateway".to_owned(),
                503 => "503: Service Unavailable".to_owned(),
                other => format!("{other}: Error"),
            };
            Err(Refusal {
                status,
                body: json!({"code": 0, "message": message}),
            })
        }
        None => answer(shared, &mut state, &recorded),
    };
    let mut response = match outcome {
        Ok(Answer::Json(value)) => Json(value).into_response(),
        Ok(Answer::NoContent) => StatusCode::NO_CONTENT.into_response(),
        Ok(Answer::Bytes(bytes)) => bytes.into_response(),
        Err(refusal) => {
            recorded.error = Some(refusal.body.clone());
            let status =
                StatusCode::from_u16(refusal.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            (status, Json(refusal.body)).into_response()
        }
    };
    recorded.status = response.status().as_u16();
    let hold = state.holding(&recorded.method, &route);
    state.requests.push(recorded);
    let held = hold.then(|| {
        state.held += 1;
        let released = shared.released.subscribe();
        let generation = *released.borrow();
        (released, generation)
    });
    drop(state);
    shared.touch();
    add_rate_limit_headers(response.headers_mut(), &route, BUCKET_LIMIT - 1, 1.0);
    (response, held)
}

fn set_header(headers: &mut HeaderMap, name: &'static str, value: &str) {
    if let Ok(value) = HeaderValue::from_str(value) {
        headers.insert(name, value);
    }
}

/// `X-RateLimit-*` as Discord sends them on every bucketed route.
fn add_rate_limit_headers(headers: &mut HeaderMap, route: &str, remaining: u64, reset_after: f64) {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs_f64();
    set_header(headers, "x-ratelimit-limit", &BUCKET_LIMIT.to_string());
    set_header(headers, "x-ratelimit-remaining", &remaining.to_string());
    set_header(
        headers,
        "x-ratelimit-reset",
        &format!("{:.3}", now + reset_after),
    );
    set_header(
        headers,
        "x-ratelimit-reset-after",
        &format!("{reset_after:.3}"),
    );
    let bucket: String = route
        .bytes()
        .fold(0_u64, |hash, byte| {
            hash.wrapping_mul(31).wrapping_add(u64::from(byte))
        })
        .to_string();
    set_header(headers, "x-ratelimit-bucket", &bucket);
}

/// The route of a path: `/api/v10` dropped and every id (all digits) or token segment after
/// `interactions/ID/` or `webhooks/ID/` replaced by `*`.
pub(super) fn route_of(path: &str) -> String {
    let path = path.strip_prefix("/api/v10").unwrap_or(path);
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    let mut route = String::new();
    for (index, segment) in segments.iter().enumerate() {
        let after_id = index >= 2 && matches!(segments[index - 2], "interactions" | "webhooks");
        route.push('/');
        if after_id || (!segment.is_empty() && segment.bytes().all(|b| b.is_ascii_digit())) {
            route.push('*');
        } else {
            route.push_str(segment);
        }
    }
    route
}

fn answer(shared: &Shared, state: &mut Traffic, request: &Recorded) -> Outcome {
    let path = request
        .path
        .strip_prefix("/api/v10")
        .unwrap_or(&request.path);
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    let body = request.json.clone().unwrap_or(Value::Null);
    let files = &request.files;
    let id = |text: &str| text.parse::<u64>().map_err(|_| not_found());
    match (request.method.as_str(), segments.as_slice()) {
        ("GET", ["gateway"]) => {
            let url = format!("{}/gateway-ws", shared.base_url.replace("http", "ws"));
            Ok(Answer::Json(json!({"url": url})))
        }
        ("GET", ["gateway", "bot"]) => {
            let url = format!("{}/gateway-ws", shared.base_url.replace("http", "ws"));
            Ok(Answer::Json(json!({
                "url": url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1
                }
            })))
        }
        ("GET", ["users", "@me"]) => Ok(Answer::Json(payloads::bot_user())),
        ("GET", ["users", "@me", "guilds"]) => Ok(Answer::Json(Value::Array(
            guilds_of(state).iter().map(payloads::guild_info).collect(),
        ))),
        ("GET", ["guilds", guild]) => guild_of(state, id(guild)?)
            .map(|guild| Answer::Json(payloads::rest_guild(&guild)))
            .ok_or_else(not_found),
        ("GET", ["guilds", guild, "members", user]) => {
            let guild = id(guild)?;
            if id(user)? != payloads::BOT_USER_ID || guild_of(state, guild).is_none() {
                return Err(not_found());
            }
            Ok(Answer::Json(payloads::bot_member(guild)))
        }
        ("GET", ["guilds", guild, "channels"]) => {
            let guild = guild_of(state, id(guild)?).ok_or_else(not_found)?;
            Ok(Answer::Json(Value::Array(channels_of(state, &guild))))
        }
        ("GET", ["oauth2", "applications", "@me"]) => Ok(Answer::Json(payloads::application())),
        ("PUT", ["applications", _, "commands"]) => register(state, None, &body),
        ("PUT", ["applications", _, "guilds", guild, "commands"]) => {
            register(state, Some(id(guild)?), &body)
        }
        ("GET", ["applications", _, "commands"]) => Ok(Answer::Json(Value::Array(
            state.commands.get(&None).cloned().unwrap_or_default(),
        ))),
        ("GET", ["applications", _, "guilds", guild, "commands"]) => {
            let guild = Some(id(guild)?);
            Ok(Answer::Json(Value::Array(
                state.commands.get(&guild).cloned().unwrap_or_default(),
            )))
        }
        ("POST", ["interactions", id, token, "callback"]) => {
            callback(state, id, token, &body, files)
        }
        ("POST", ["webhooks", _, token]) => follow_up(state, token, &body, files),
        (method, ["webhooks", _, token, "messages", message]) => {
            webhook_message(state, method, token, message, &body, files)
        }
        ("POST", ["channels", channel, "messages"]) => {
            create_message(state, id(channel)?, &body, files)
        }
        ("GET", ["channels", channel, "messages"]) => {
            let channel = id(channel)?;
            state.channels.get(&channel).ok_or_else(unknown_channel)?;
            state.require(channel, 0)?;
            if state
                .require(channel, payloads::READ_MESSAGE_HISTORY)
                .is_err()
            {
                // "If the current user is missing the READ_MESSAGE_HISTORY permission in the
                // channel, then no messages will be returned."
                return Ok(Answer::Json(json!([])));
            }
            let query = |key: &str| {
                request.query.split('&').find_map(|pair| {
                    let (name, value) = pair.split_once('=')?;
                    (name == key).then(|| value.parse::<u64>().ok()).flatten()
                })
            };
            let limit = query("limit").unwrap_or(50).clamp(1, 100);
            let (before, after) = (query("before"), query("after"));
            // Newest first, as Discord lists them.
            let messages: Vec<Value> = state
                .channel_messages(channel)
                .into_iter()
                .rev()
                .filter(|message| {
                    let id = message["id"].as_str().and_then(|id| id.parse::<u64>().ok());
                    id.is_some_and(|id| {
                        before.is_none_or(|before| id < before)
                            && after.is_none_or(|after| id > after)
                    })
                })
                .take(limit as usize)
                .collect();
            Ok(Answer::Json(Value::Array(messages)))
        }
        ("GET", ["channels", channel, "messages", message]) => {
            let (channel, message) = (id(channel)?, id(message)?);
            state.channels.get(&channel).ok_or_else(unknown_channel)?;
            state
                .require(channel, payloads::READ_MESSAGE_HISTORY)
                .map_err(|_| validate::missing_access())?;
            state
                .channel_message(channel, message)
                .cloned()
                .map(Answer::Json)
                .ok_or_else(unknown_message)
        }
        ("PATCH", ["channels", channel, "messages", message]) => {
            let (channel, message) = (id(channel)?, id(message)?);
            state.channels.get(&channel).ok_or_else(unknown_channel)?;
            // Its own message: the bot edits it with View Channel alone.
            state.require(channel, 0)?;
            state
                .channel_message(channel, message)
                .ok_or_else(unknown_message)?;
            state.writable(channel)?;
            if !files.is_empty() {
                state.require(channel, payloads::ATTACH_FILES)?;
            }
            let body = state.shown_embeds(channel, &body);
            state.edit(message, &body, files).map(Answer::Json)
        }
        ("DELETE", ["channels", channel, "messages", message]) => {
            let (channel, message) = (id(channel)?, id(message)?);
            state.channels.get(&channel).ok_or_else(unknown_channel)?;
            state.require(channel, 0)?;
            state
                .channel_message(channel, message)
                .ok_or_else(unknown_message)?;
            state.messages.remove(&message);
            Ok(Answer::NoContent)
        }
        ("POST", ["channels", channel, "messages", message, "threads"]) => {
            thread_from_message(state, id(channel)?, id(message)?, &body)
        }
        ("POST", ["channels", channel, "threads"]) => {
            let kind = body["type"].as_u64().unwrap_or(12);
            let parent = id(channel)?;
            state.channels.get(&parent).ok_or_else(unknown_channel)?;
            let needed = match kind {
                12 => payloads::CREATE_PRIVATE_THREADS,
                _ => payloads::CREATE_PUBLIC_THREADS,
            };
            state.require(parent, needed)?;
            let thread = state.next_id();
            start_thread(state, parent, thread, kind, &body)
        }
        ("GET", ["channels", channel]) => state
            .channels
            .get(&id(channel)?)
            .cloned()
            .map(Answer::Json)
            .ok_or_else(unknown_channel),
        ("PATCH", ["channels", channel]) => edit_channel(state, id(channel)?, &body),
        ("POST", ["users", "@me", "channels"]) => {
            let recipient = body["recipient_id"]
                .as_str()
                .map(str::to_owned)
                .or_else(|| body["recipient_id"].as_u64().map(|id| id.to_string()))
                .and_then(|text| text.parse::<u64>().ok());
            let Some(recipient) = recipient else {
                let mut errors = FormErrors::default();
                errors.add(
                    &["recipient_id".to_owned()],
                    "BASE_TYPE_REQUIRED",
                    "This field is required",
                );
                return Err(errors.into_refusal().unwrap_or_else(not_found));
            };
            Ok(Answer::Json(state.dm_channel(recipient)))
        }
        ("GET", ["files", id, name]) => state
            .uploads
            .get(&format!("{id}/{name}"))
            .map(|bytes| Answer::Bytes(bytes.clone()))
            .ok_or_else(not_found),
        _ => Err(not_found()),
    }
}

/// `PUT /applications/{id}/commands` (`guild` `None`) or its guild variant: a bulk overwrite,
/// checked as Discord checks it ([`commands::check`]); a refused body changes nothing.
/// The guilds the bot is in: the test guild and those added ([`super::FakeDiscord::add_guild`]).
fn guilds_of(state: &Traffic) -> Vec<Value> {
    let mut guilds: Vec<Value> = state.guilds.values().cloned().collect();
    if !state.guilds.contains_key(&payloads::GUILD_ID) {
        guilds.insert(0, payloads::guild_create());
    }
    guilds
}

fn guild_of(state: &Traffic, guild: u64) -> Option<Value> {
    guilds_of(state)
        .into_iter()
        .find(|known| known["id"].as_str() == Some(guild.to_string().as_str()))
}

/// A guild's text channels as `GET /guilds/{id}/channels` returns them: where a test set the
/// bot's permissions in a channel, a member overwrite for the bot says so, as Discord would
/// (allowing what its roles lack, denying what they give and it may not do there).
fn channels_of(state: &Traffic, guild: &Value) -> Vec<Value> {
    let base = payloads::MEMBER_PERMISSIONS | payloads::BOT_PERMISSIONS;
    let mut channels: Vec<Value> = guild["channels"].as_array().cloned().unwrap_or_default();
    for channel in state.channels.values() {
        let same_guild = channel["guild_id"] == guild["id"] && channel["type"] == 0;
        if same_guild && !channels.iter().any(|known| known["id"] == channel["id"]) {
            channels.push(channel.clone());
        }
    }
    for channel in &mut channels {
        let Some(id) = channel["id"].as_str().and_then(|id| id.parse::<u64>().ok()) else {
            continue;
        };
        if let Some(permissions) = state.bot_permissions.get(&id) {
            channel["permission_overwrites"] = serde_json::json!([{
                "id": payloads::BOT_USER_ID.to_string(),
                "type": 1,
                "allow": (permissions & !base).to_string(),
                "deny": (base & !permissions).to_string(),
            }]);
        }
    }
    channels
}

fn register(state: &mut Traffic, guild: Option<u64>, body: &Value) -> Outcome {
    commands::check(body)?;
    let registered: Vec<Value> = body
        .as_array()
        .into_iter()
        .flatten()
        .map(|command| payloads::registered_command(command, state.next_id()))
        .collect();
    state.commands.insert(guild, registered.clone());
    Ok(Answer::Json(Value::Array(registered)))
}

/// `POST /interactions/{id}/{token}/callback`.
fn callback(
    state: &mut Traffic,
    id: &str,
    token: &str,
    body: &Value,
    files: &[FilePart],
) -> Outcome {
    let now = state.now();
    let interaction = state
        .interactions
        .get(token)
        .filter(|interaction| interaction.id == id)
        .ok_or_else(unknown_interaction)?;
    if interaction.callback.is_some() {
        return Err(Refusal::new(
            400,
            40060,
            "Interaction has already been acknowledged.",
        ));
    }
    if interaction.elapsed(now) > INTERACTION_DEADLINE {
        return Err(unknown_interaction());
    }
    let kind = body["type"].as_u64().unwrap_or(0);
    let allowed: &[u64] = match interaction.kind {
        4 => &[8],
        3 => &[4, 5, 6, 7, 9],
        _ => &[4, 5, 9],
    };
    let mut errors = FormErrors::default();
    if !allowed.contains(&kind) {
        let choices: Vec<String> = allowed.iter().map(u64::to_string).collect();
        errors.add(
            &["type".to_owned()],
            "BASE_TYPE_CHOICES",
            &format!("Value must be one of {{{}}}.", choices.join(", ")),
        );
    }
    let data = &body["data"];
    match kind {
        4 | 7 => {
            validate::message(&mut errors, &["data".to_owned()], data);
            validate::attachments(&mut errors, &["data".to_owned()], data, files);
        }
        8 => validate::choices(&mut errors, data),
        _ => {}
    }
    // "only SUPPRESS_EMBEDS, EPHEMERAL, IS_COMPONENTS_V2, IS_VOICE_MESSAGE, and
    // SUPPRESS_NOTIFICATIONS can be set"; after a deferral "the only valid message flag you
    // may use is EPHEMERAL" (Interaction Callback Data Structure).
    let allowed_flags = match kind {
        5 => EPHEMERAL,
        _ => 4 | EPHEMERAL | 4096 | 8192 | 32768,
    };
    if data["flags"]
        .as_u64()
        .is_some_and(|flags| flags & !allowed_flags != 0)
    {
        errors.add(
            &["data".to_owned(), "flags".to_owned()],
            "MESSAGE_FLAGS_INVALID",
            "Invalid flags for this response",
        );
    }
    if let Some(refusal) = errors.into_refusal() {
        return Err(refusal);
    }
    validate::file_sizes(files)?;
    if kind == 4 && validate::is_empty(data, files.len()) {
        return Err(validate::empty_message());
    }
    let channel = interaction.channel;
    let component_message = interaction.component_message;
    let original = match kind {
        4 => {
            let message = state.create(channel, data, files);
            Some(message)
        }
        5 => {
            let flags = data["flags"].as_u64().unwrap_or(0) & EPHEMERAL;
            let thinking = json!({"content": "", "flags": flags | LOADING});
            Some(state.create(channel, &thinking, &[]))
        }
        7 => {
            if let Some(message) = component_message {
                if state.messages.contains_key(&message) {
                    state.edit(message, data, files)?;
                }
            }
            component_message
        }
        6 => component_message,
        _ => None,
    };
    if let Some(interaction) = state.interactions.get_mut(token) {
        interaction.callback = Some(kind);
        interaction.answered_after = Some(interaction.elapsed(now));
        if let Some(original) = original {
            interaction.original = Some(original);
            interaction.messages.insert(original);
        }
    }
    Ok(Answer::NoContent)
}

/// The interaction of a webhook token, checked for a live token and a first answer.
fn acknowledged<'a>(state: &'a Traffic, token: &str) -> Result<&'a Interaction, Refusal> {
    let interaction = state.interactions.get(token).ok_or_else(invalid_token)?;
    if interaction.elapsed(state.now()) > TOKEN_LIFETIME {
        return Err(invalid_token());
    }
    if interaction.callback.is_none() {
        return Err(Refusal::new(404, 10015, "Unknown Webhook"));
    }
    Ok(interaction)
}

/// `POST /webhooks/{application}/{token}`: a follow-up. The first one after a "thinking"
/// deferral takes the place of the thinking message, keeping its visibility.
fn follow_up(state: &mut Traffic, token: &str, body: &Value, files: &[FilePart]) -> Outcome {
    let interaction = acknowledged(state, token)?;
    let mut errors = FormErrors::default();
    validate::message(&mut errors, &[], body);
    validate::attachments(&mut errors, &[], body, files);
    if let Some(refusal) = errors.into_refusal() {
        return Err(refusal);
    }
    validate::file_sizes(files)?;
    if validate::is_empty(body, files.len()) {
        return Err(validate::empty_message());
    }
    let channel = interaction.channel;
    let thinking = interaction.original.filter(|original| {
        interaction.callback == Some(5)
            && state
                .messages
                .get(original)
                .is_some_and(|message| message["flags"].as_u64().unwrap_or(0) & LOADING != 0)
    });
    let id = match thinking {
        Some(original) => {
            // Whatever flags the follow-up asks for, it keeps the thinking message's
            // visibility.
            state.edit(original, body, files)?;
            original
        }
        None => state.create(channel, body, files),
    };
    if let Some(interaction) = state.interactions.get_mut(token) {
        interaction.messages.insert(id);
    }
    state
        .messages
        .get(&id)
        .cloned()
        .map(Answer::Json)
        .ok_or_else(unknown_message)
}

/// `GET`, `PATCH` and `DELETE /webhooks/{application}/{token}/messages/{id or @original}`.
fn webhook_message(
    state: &mut Traffic,
    method: &str,
    token: &str,
    message: &str,
    body: &Value,
    files: &[FilePart],
) -> Outcome {
    let interaction = acknowledged(state, token)?;
    let id = if message == "@original" {
        interaction.original
    } else {
        message
            .parse::<u64>()
            .ok()
            .filter(|id| interaction.messages.contains(id))
    };
    let id = id
        .filter(|id| state.messages.contains_key(id))
        .ok_or_else(unknown_message)?;
    match method {
        "GET" => Ok(Answer::Json(state.messages[&id].clone())),
        "PATCH" => {
            let channel = interaction.channel;
            state.writable(channel)?;
            state.edit(id, body, files).map(Answer::Json)
        }
        "DELETE" => {
            state.messages.remove(&id);
            Ok(Answer::NoContent)
        }
        _ => Err(not_found()),
    }
}

/// `POST /channels/{channel}/messages`. Create Message: "When operating on a guild channel,
/// the current user must have the `SEND_MESSAGES` permission" (Send Messages in Threads in a
/// thread, since threads ignore Send Messages); files need Attach Files.
fn create_message(state: &mut Traffic, channel: u64, body: &Value, files: &[FilePart]) -> Outcome {
    state.channels.get(&channel).ok_or_else(unknown_channel)?;
    state.require(channel, state.send_permission(channel))?;
    let refuses = state
        .dm_recipient(channel)
        .is_some_and(|user| state.dm_refusers.contains(&user));
    if refuses {
        return Err(Refusal::new(
            403,
            50007,
            "Cannot send messages to this user",
        ));
    }
    state.writable(channel)?;
    let mut errors = FormErrors::default();
    validate::message(&mut errors, &[], body);
    validate::attachments(&mut errors, &[], body, files);
    let nonce = match &body["nonce"] {
        Value::String(text) => Some(text.clone()),
        Value::Number(number) => Some(number.to_string()),
        _ => None,
    };
    if nonce
        .as_ref()
        .is_some_and(|nonce| nonce.chars().count() > 25)
    {
        errors.add(
            &["nonce".to_owned()],
            "BASE_TYPE_MAX_LENGTH",
            "Must be 25 or fewer in length.",
        );
    }
    if let Some(refusal) = errors.into_refusal() {
        return Err(refusal);
    }
    validate::file_sizes(files)?;
    if validate::is_empty(body, files.len()) {
        return Err(validate::empty_message());
    }
    if !files.is_empty() {
        state.require(channel, payloads::ATTACH_FILES)?;
    }
    let body = &state.shown_embeds(channel, body);
    if validate::is_empty(body, files.len()) {
        // Its embeds were all it had (discord-api-docs issue 2601).
        return Err(validate::missing_permissions());
    }
    let now = state.now();
    let enforced = nonce.filter(|_| body["enforce_nonce"].as_bool() == Some(true));
    if let Some(nonce) = &enforced {
        let earlier = state
            .nonces
            .get(&(channel, nonce.clone()))
            .filter(|(_, at)| now.saturating_duration_since(*at) <= NONCE_WINDOW)
            .and_then(|(id, _)| state.messages.get(id));
        if let Some(earlier) = earlier {
            return Ok(Answer::Json(earlier.clone()));
        }
    }
    let mut public = body.clone();
    if let Some(flags) = public["flags"].as_u64() {
        // Only some flags may be set on a channel message; ephemeral is not one of them.
        public["flags"] = json!(flags & !(EPHEMERAL | LOADING));
    }
    let id = state.create(channel, &public, files);
    if let Some(nonce) = enforced {
        state.nonces.insert((channel, nonce), (id, now));
    }
    state
        .messages
        .get(&id)
        .cloned()
        .map(Answer::Json)
        .ok_or_else(unknown_message)
}

/// `POST /channels/{channel}/messages/{message}/threads`: the thread gets the message's id.
/// Creating a public thread takes Create Public Threads (Permissions: "Allows for creating
/// public and announcement threads").
fn thread_from_message(state: &mut Traffic, channel: u64, message: u64, body: &Value) -> Outcome {
    state.channels.get(&channel).ok_or_else(unknown_channel)?;
    state.require(channel, payloads::CREATE_PUBLIC_THREADS)?;
    state
        .channel_message(channel, message)
        .ok_or_else(unknown_message)?;
    if state.channels.contains_key(&message) {
        return Err(Refusal::new(
            400,
            160_004,
            "A thread has already been created for this message",
        ));
    }
    let thread = start_thread(state, channel, message, 11, body)?;
    if let (Some(starter), Answer::Json(thread)) = (state.messages.get_mut(&message), &thread) {
        // The starter message links its thread and has the HAS_THREAD flag.
        let flags = starter["flags"].as_u64().unwrap_or(0);
        starter["flags"] = json!(flags | 32);
        starter["thread"] = thread.clone();
    }
    Ok(thread)
}

fn start_thread(state: &mut Traffic, parent: u64, thread: u64, kind: u64, body: &Value) -> Outcome {
    let parent_channel = state.channels.get(&parent).ok_or_else(unknown_channel)?;
    if parent_channel["type"].as_u64() != Some(0) {
        return Err(Refusal::new(
            400,
            50024,
            "Cannot execute action on this channel type",
        ));
    }
    let mut errors = FormErrors::default();
    let name_path = ["name".to_owned()];
    match body["name"].as_str().map(|name| name.chars().count()) {
        None | Some(0) => errors.add(&name_path, "BASE_TYPE_REQUIRED", "This field is required"),
        Some(length) if length > 100 => errors.add(
            &name_path,
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 100 in length.",
        ),
        Some(_) => {}
    }
    if !matches!(kind, 10..=12) {
        errors.add(
            &["type".to_owned()],
            "BASE_TYPE_CHOICES",
            "Value must be one of {10, 11, 12}.",
        );
    }
    validate::thread_settings(&mut errors, body);
    if let Some(refusal) = errors.into_refusal() {
        return Err(refusal);
    }
    let name = body["name"].as_str().unwrap_or_default();
    let archive = body["auto_archive_duration"].as_u64().unwrap_or(4320);
    let mut channel = payloads::thread(thread, parent, kind, name, archive);
    if let Some(guild) = state.guild_of(parent) {
        channel["guild_id"] = json!(guild.to_string());
    }
    state.channels.insert(thread, channel.clone());
    let mut event = channel.clone();
    event["newly_created"] = json!(true);
    state.dispatch("THREAD_CREATE", event);
    Ok(Answer::Json(channel))
}

/// `PATCH /channels/{channel}`: renames, archives and unarchives, locks threads.
///
/// Modify Channel (Thread): "When setting `archived` to `false`, when `locked` is also
/// `false`, only the `SEND_MESSAGES` permission is required. Otherwise, requires the
/// `MANAGE_THREADS` permission." In a thread sending is Send Messages in Threads, so that is
/// what unarchiving takes here. A guild channel needs Manage Channels.
fn edit_channel(state: &mut Traffic, channel: u64, body: &Value) -> Outcome {
    let known = state.channels.get(&channel).ok_or_else(unknown_channel)?;
    let needed = if state::is_thread(known) {
        let locked = known["thread_metadata"]["locked"] == true;
        let only_unarchives = body
            .as_object()
            .is_some_and(|fields| fields.keys().all(|key| key == "archived"))
            && body["archived"] == false;
        if only_unarchives && !locked {
            payloads::SEND_MESSAGES_IN_THREADS
        } else {
            payloads::MANAGE_THREADS
        }
    } else {
        payloads::MANAGE_CHANNELS
    };
    state.require(channel, needed)?;
    let mut errors = FormErrors::default();
    validate::thread_settings(&mut errors, body);
    let name = body["name"].as_str().map(|name| name.chars().count());
    if name.is_some_and(|length| !(1..=100).contains(&length)) {
        errors.add(
            &["name".to_owned()],
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 100 in length.",
        );
    }
    if let Some(refusal) = errors.into_refusal() {
        return Err(refusal);
    }
    let existing = state
        .channels
        .get_mut(&channel)
        .ok_or_else(unknown_channel)?;
    if let Some(name) = body["name"].as_str() {
        existing["name"] = json!(name);
    }
    let is_thread = matches!(existing["type"].as_u64(), Some(10..=12));
    for key in ["archived", "locked"] {
        if let (true, Some(value)) = (is_thread, body[key].as_bool()) {
            existing["thread_metadata"][key] = json!(value);
        }
    }
    let updated = existing.clone();
    if is_thread {
        state.dispatch("THREAD_UPDATE", updated.clone());
    }
    Ok(Answer::Json(updated))
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
