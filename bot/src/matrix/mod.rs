//! The Matrix front end: matrix-sdk over the game service.
//!
//! Handlers only translate, as the Discord front end's do. A message `!akron move A2-D3'`
//! is read with the service's one grammar ([`crate::service::text::parse_command`]) into a
//! [`Request`](crate::service::Request); the synchronous [`Service`] runs on a blocking
//! thread; its [`Reply`](crate::service::Reply) becomes Matrix events. A room is a channel
//! (`matrix:!room:server`), and so is a thread in it (`matrix:!room:server/$root`).
//! Matrix has no buttons: a reply's buttons become reactions on the bot's message, and a
//! reaction is the button press. Notices from the outbox are delivered by
//! [`outbox`](self) to rooms, or to a direct message room made once per user.
//!
//! In encrypted rooms the bot is a device its users' clients trust: it cross-signs its
//! device with the account's identity, kept across stores by a [`RecoveryKey`]
//! ([`identity`](self) explains how).

/// Matrix as the service sees it: the prefix of its ids (`matrix:@bob:example.org`) and of
/// the outbox rows this front end delivers. Rooms have power levels, not roles.
pub const PLATFORM: Platform = Platform::plain("matrix");

pub mod doctor;
mod identity;
mod incoming;
mod outbox;
mod reactions;
mod rooms;
mod send;
mod session;
mod threads;
mod undecryptable;

use crate::service::{Service, ServiceError};
use akron_service::model::Platform;
use matrix_sdk::config::SyncSettings;
use matrix_sdk::ruma::api::client::filter::{
    Filter as RumaFilter, FilterDefinition, RoomEventFilter,
};
use matrix_sdk::ruma::api::client::sync::sync_events::v3::Filter;
use matrix_sdk::ruma::{MilliSecondsSinceUnixEpoch, OwnedUserId};
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

pub use identity::{IdentityError, KeyOutput, Recovery, RecoveryKey};

/// The secret the bot logs in with. Never logged.
#[derive(Clone)]
pub enum Secret {
    /// The account's password: the bot logs in once and keeps the session.
    Password(String),
    /// An access token of an existing session (its device is reused).
    AccessToken(String),
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Secret::Password(_) => "Password(<redacted>)",
            Secret::AccessToken(_) => "AccessToken(<redacted>)",
        })
    }
}

/// How to connect.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The homeserver's base URL, such as `https://matrix.example.org`.
    pub homeserver: String,
    /// The bot's user id, such as `@akron:example.org`.
    pub user: String,
    /// The password or access token.
    pub secret: Secret,
    /// The folder of the session and the matrix-sdk store (room state, sync token, keys).
    pub store: PathBuf,
    /// The recovery key of the bot's cross-signing identity, and where a new one goes.
    pub recovery: Recovery,
}

/// What can go wrong in the Matrix layer.
#[derive(Debug)]
pub enum MatrixError {
    /// Talking to the homeserver failed.
    Matrix(Box<matrix_sdk::Error>),
    /// An upload or another raw request failed.
    Http(Box<matrix_sdk::HttpError>),
    /// The service failed (storage).
    Service(ServiceError),
    /// The blocking thread running the service died.
    Worker(tokio::task::JoinError),
    /// The settings or the session cannot be used.
    Setup(String),
    /// The bot cannot come back as a cross-signed device.
    Identity(IdentityError),
}

impl fmt::Display for MatrixError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatrixError::Matrix(e) => write!(f, "matrix: {e}"),
            MatrixError::Http(e) => write!(f, "matrix: {e}"),
            MatrixError::Service(e) => write!(f, "service: {e}"),
            MatrixError::Worker(e) => write!(f, "service worker: {e}"),
            MatrixError::Setup(e) => f.write_str(e),
            MatrixError::Identity(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for MatrixError {}

impl MatrixError {
    /// Whether retrying cannot help: the homeserver refused (403) or does not know the room
    /// or user (404), or the request was malformed (400).
    fn is_permanent(&self) -> bool {
        let status = match self {
            MatrixError::Matrix(e) => e.as_client_api_error().map(|e| e.status_code),
            MatrixError::Http(e) => e.as_client_api_error().map(|e| e.status_code),
            MatrixError::Setup(_) | MatrixError::Identity(_) => return true,
            _ => None,
        };
        status.is_some_and(|s| matches!(s.as_u16(), 400 | 403 | 404))
    }
}

impl From<matrix_sdk::Error> for MatrixError {
    fn from(error: matrix_sdk::Error) -> Self {
        MatrixError::Matrix(Box::new(error))
    }
}

impl From<matrix_sdk::HttpError> for MatrixError {
    fn from(error: matrix_sdk::HttpError) -> Self {
        MatrixError::Http(Box::new(error))
    }
}

impl From<ServiceError> for MatrixError {
    fn from(error: ServiceError) -> Self {
        MatrixError::Service(error)
    }
}

impl From<tokio::task::JoinError> for MatrixError {
    fn from(error: tokio::task::JoinError) -> Self {
        MatrixError::Worker(error)
    }
}

/// Shared state of the handlers.
#[derive(Clone)]
pub(crate) struct Bot {
    service: Arc<Service>,
    me: OwnedUserId,
    /// A new device answers only what was sent since it logged in; a device coming back
    /// answers everything since its last sync.
    answers_from: Option<MilliSecondsSinceUnixEpoch>,
}

impl Bot {
    /// Whether an event sent at `sent` belongs to before this device (and is left alone).
    fn is_past(&self, sent: MilliSecondsSinceUnixEpoch) -> bool {
        self.answers_from.is_some_and(|from| sent < from)
    }
}

/// How long one sync waits for news on the homeserver.
const SYNC_TIMEOUT: Duration = Duration::from_secs(30);

/// What the bot syncs: rooms and their timelines, without presence, typing notices and
/// read receipts, which it never uses. (Each would also wake the long poll for nothing,
/// and a command arriving meanwhile would wait for the next round.)
fn sync_filter() -> FilterDefinition {
    let mut filter = FilterDefinition::empty();
    filter.presence = RumaFilter::ignore_all();
    filter.room.ephemeral = RoomEventFilter::ignore_all();
    filter
}

/// Aborts a task when dropped: the delivery loop ends with the bot.
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Logs in (or comes back) as a device of the bot's cross-signing identity. Returns the
/// client and, for a new device, when it logged in.
async fn connect(
    settings: &Settings,
) -> Result<(matrix_sdk::Client, Option<MilliSecondsSinceUnixEpoch>), MatrixError> {
    let started = MilliSecondsSinceUnixEpoch::now();
    let login = session::connect(settings).await?;
    let client = login.client;
    let established = identity::establish(&client, settings).await;
    if login.new {
        if established.is_ok() || identity::holds_keys(&client).await {
            session::keep(settings, &client)?;
        } else {
            session::abandon(settings, &client).await;
        }
    }
    established?;
    Ok((client, login.new.then_some(started)))
}

/// Runs the bot until the homeserver refuses it for good (a revoked token) or the future is
/// dropped. Messages sent while it was down are answered when it comes back; nothing older
/// is (a new device answers what was sent since it logged in).
///
/// # Errors
///
/// When the login or the store fails, or the homeserver rejects the session; with
/// [`MatrixError::Identity`] when the bot cannot come back as a device cross-signed by its
/// identity (a new store without the recovery key, say).
pub async fn run(settings: &Settings, service: Arc<Service>) -> Result<(), MatrixError> {
    service.health().report("matrix", false, "logging in");
    let (client, answers_from) = connect(settings).await?;
    let me = client
        .user_id()
        .ok_or_else(|| MatrixError::Setup("logged in without a user id".to_string()))?
        .to_owned();
    let bot = Bot {
        service,
        me,
        answers_from,
    };
    client.add_event_handler_context(bot.clone());
    client.add_event_handler(rooms::on_invite);
    client.add_event_handler(rooms::on_membership);
    client.add_event_handler(incoming::on_message);
    client.add_event_handler(undecryptable::on_undecryptable);
    client.add_event_handler(reactions::on_reaction);
    let sync = SyncSettings::default()
        .timeout(SYNC_TIMEOUT)
        .filter(Filter::FilterDefinition(sync_filter()));
    if answers_from.is_some() {
        // A new device: its first sync uploads its keys (signed: identity.rs) and brings
        // recent history, of which only what was sent since the login is answered.
        client.sync_once(sync.clone()).await?;
    }
    identity::check_device(&client).await?;
    for room in client.invited_rooms() {
        rooms::join(&room).await;
    }
    tracing::info!(user = %bot.me, "connected to Matrix");
    let _outbox = AbortOnDrop(tokio::spawn(akron_service::delivery::deliver_forever(
        Arc::clone(&bot.service),
        outbox::MatrixSender {
            client: client.clone(),
            bot: bot.clone(),
        },
    )));
    let mut failures = 0u32;
    loop {
        match client.sync_once(sync.clone()).await {
            Ok(_) => {
                failures = 0;
                bot.service.health().report("matrix", true, "syncing");
            }
            Err(error) => {
                let error = MatrixError::from(error);
                bot.service
                    .health()
                    .report("matrix", false, format!("sync failed: {error}"));
                if error.is_permanent() && failures > 3 {
                    return Err(error);
                }
                failures += 1;
                let wait = Duration::from_secs(u64::from(failures.min(30)));
                tracing::warn!(%error, ?wait, "sync failed; trying again");
                tokio::time::sleep(wait).await;
            }
        }
    }
}
