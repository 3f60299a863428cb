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

/// The platform prefix of Matrix ids in the service (`matrix:@bob:example.org`), and the
/// outbox rows this front end delivers.
pub const PLATFORM: &str = "matrix";

mod incoming;
mod outbox;
mod reactions;
mod rooms;
mod send;
mod session;
mod threads;

use crate::service::{Service, ServiceError};
use matrix_sdk::config::SyncSettings;
use matrix_sdk::ruma::api::client::filter::{
    Filter as RumaFilter, FilterDefinition, RoomEventFilter,
};
use matrix_sdk::ruma::api::client::sync::sync_events::v3::Filter;
use matrix_sdk::ruma::OwnedUserId;
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

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
}

impl fmt::Display for MatrixError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatrixError::Matrix(e) => write!(f, "matrix: {e}"),
            MatrixError::Http(e) => write!(f, "matrix: {e}"),
            MatrixError::Service(e) => write!(f, "service: {e}"),
            MatrixError::Worker(e) => write!(f, "service worker: {e}"),
            MatrixError::Setup(e) => f.write_str(e),
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
            MatrixError::Setup(_) => return true,
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

/// Runs the bot until the homeserver refuses it for good (a revoked token) or the future is
/// dropped. Messages sent while it was down are answered when it comes back; nothing older
/// is.
///
/// # Errors
///
/// When the login or the store fails, or the homeserver rejects the session.
pub async fn run(settings: &Settings, service: Arc<Service>) -> Result<(), MatrixError> {
    let (client, new_login) = session::connect(settings).await?;
    let me = client
        .user_id()
        .ok_or_else(|| MatrixError::Setup("logged in without a user id".to_string()))?
        .to_owned();
    let bot = Bot { service, me };
    if new_login {
        // A new device: what happened before it belongs to the past, so it is synced once
        // without handlers. Invitations waiting since are accepted below.
        client.sync_once(SyncSettings::default()).await?;
    }
    client.add_event_handler_context(bot.clone());
    client.add_event_handler(rooms::on_invite);
    client.add_event_handler(rooms::on_membership);
    client.add_event_handler(incoming::on_message);
    client.add_event_handler(incoming::on_undecryptable);
    client.add_event_handler(reactions::on_reaction);
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
    let settings = SyncSettings::default()
        .timeout(SYNC_TIMEOUT)
        .filter(Filter::FilterDefinition(sync_filter()));
    let mut failures = 0u32;
    loop {
        match client.sync_once(settings.clone()).await {
            Ok(_) => failures = 0,
            Err(error) => {
                let error = MatrixError::from(error);
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
