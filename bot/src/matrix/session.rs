//! Logging in once and coming back as the same device: the matrix-sdk SQLite store (room
//! state, the sync token, encryption keys) and the session (user, device, access token) live
//! in one folder, so that a restart neither creates a new device nor replays old messages.
//! The session is saved only once the device holds something worth keeping (its
//! cross-signing keys), so that a first start that stops early leaves nothing half made.

use super::{MatrixError, Secret, Settings};
use matrix_sdk::authentication::matrix::MatrixSession;
use matrix_sdk::encryption::{BackupDownloadStrategy, EncryptionSettings};
use matrix_sdk::ruma::{OwnedDeviceId, UserId as MxUserId};
use matrix_sdk::{Client, SessionMeta, SessionTokens, SqliteStoreConfig};
use std::path::{Path, PathBuf};

/// The device name shown in the bot account's session list.
const DEVICE_NAME: &str = "Akron bot";

/// The session file inside the store folder. It holds the access token: readable by the
/// owner only.
fn session_file(store: &Path) -> PathBuf {
    store.join("session.json")
}

/// The databases matrix-sdk keeps in the store folder start with this.
const DATABASE_PREFIX: &str = "matrix-sdk-";

/// The matrix-sdk store's configuration.
///
/// matrix-sdk-sqlite 0.18 has no busy-timeout setting: [`SqliteStoreConfig`] sets the pool
/// size, the cache size, the WAL size limit and a passphrase. Every connection it opens comes
/// from its SQLite driver's `Connection::open`, which gives it a 5 s busy timeout, and each database
/// is written through a single connection behind a lock while reads go through a pool in
/// WAL mode. So the bot's own writers queue instead of failing, and a connection that finds
/// the database locked (a checkpoint, another process) waits up to 5 s before "database is
/// locked". Should a sync still fail that way, nothing is lost: the sync token is not
/// advanced, the sync is retried, and a command seen twice is answered once
/// (`Service::first_time`). The defaults are kept; this is where to change them.
fn store_config(folder: &Path) -> SqliteStoreConfig {
    SqliteStoreConfig::new(folder)
}

/// End-to-end encryption: the bot sets up, restores and checks its cross-signing identity
/// itself, in order, before its first sync ([`super::identity`]); matrix-sdk's automatic
/// bootstrap would run in the background and only log its failures. Room keys go to every
/// device of a room's members (matrix-sdk's default), so that players on older clients
/// without cross-signing still read the bot.
fn encryption_settings() -> EncryptionSettings {
    EncryptionSettings {
        auto_enable_cross_signing: false,
        backup_download_strategy: BackupDownloadStrategy::Manual,
        auto_enable_backups: false,
    }
}

/// A logged-in client.
pub(super) struct Login {
    pub(super) client: Client,
    /// A new login (or a new access token): nothing synced yet, the session not saved.
    pub(super) new: bool,
}

/// A connected client: the saved session, or a new login.
pub(super) async fn connect(settings: &Settings) -> Result<Login, MatrixError> {
    std::fs::create_dir_all(&settings.store).map_err(|e| {
        MatrixError::Setup(format!(
            "cannot create the Matrix store folder {}: {e}",
            settings.store.display()
        ))
    })?;
    let user = MxUserId::parse(&settings.user).map_err(|e| {
        MatrixError::Setup(format!(
            "'{}' is not a Matrix user id like @akron:example.org: {e}",
            settings.user
        ))
    })?;
    let file = session_file(&settings.store);
    let saved = std::fs::read_to_string(&file).ok();
    if saved.is_none() {
        clear_databases(&settings.store)?;
    }
    let client = Client::builder()
        .homeserver_url(&settings.homeserver)
        .sqlite_store_with_config_and_cache_path(store_config(&settings.store), None::<&Path>)
        .with_encryption_settings(encryption_settings())
        .build()
        .await
        .map_err(|e| MatrixError::Setup(format!("cannot set up the Matrix client: {e}")))?;
    if let Some(saved) = saved {
        let session: MatrixSession = serde_json::from_str(&saved).map_err(|e| {
            MatrixError::Setup(format!(
                "the session file {} is damaged: {e}",
                file.display()
            ))
        })?;
        if session.meta.user_id != user {
            return Err(MatrixError::Setup(format!(
                "the store {} belongs to {}, not {user}; give another --store",
                settings.store.display(),
                session.meta.user_id
            )));
        }
        client.restore_session(session).await?;
        return Ok(Login { client, new: false });
    }
    match &settings.secret {
        Secret::Password(password) => {
            client
                .matrix_auth()
                .login_username(&user, password)
                .initial_device_display_name(DEVICE_NAME)
                .send()
                .await?;
        }
        Secret::AccessToken(token) => {
            let device_id = whoami(&settings.homeserver, token).await?;
            let session = MatrixSession {
                meta: SessionMeta {
                    user_id: user.clone(),
                    device_id,
                },
                tokens: SessionTokens {
                    access_token: token.clone(),
                    refresh_token: None,
                },
            };
            client.restore_session(session).await?;
        }
    }
    Ok(Login { client, new: true })
}

/// Saves a new login's session, so that the next start is the same device.
pub(super) fn keep(settings: &Settings, client: &Client) -> Result<(), MatrixError> {
    let session = client
        .matrix_auth()
        .session()
        .ok_or_else(|| MatrixError::Setup("the login returned no session".to_string()))?;
    save(&session_file(&settings.store), &session)
}

/// Ends a new login that is not kept: a password login is logged out, so that no device
/// without keys is left on the account. (A given access token is the admin's; it stays.)
pub(super) async fn abandon(settings: &Settings, client: &Client) {
    if matches!(settings.secret, Secret::Password(_)) {
        if let Err(error) = client.matrix_auth().logout().await {
            tracing::warn!(%error, "could not log the unused device out");
        }
    }
}

/// Removes matrix-sdk's databases from a store folder without a session: they belong to a
/// device that can no longer be used (its access token is gone), and matrix-sdk refuses to
/// put a new device into a crypto store made for another.
fn clear_databases(store: &Path) -> Result<(), MatrixError> {
    let failed = |e: std::io::Error| {
        MatrixError::Setup(format!(
            "cannot clear the Matrix store folder {}: {e}",
            store.display()
        ))
    };
    for entry in std::fs::read_dir(store).map_err(failed)? {
        let entry = entry.map_err(failed)?;
        let name = entry.file_name();
        if name.to_string_lossy().starts_with(DATABASE_PREFIX) && entry.path().is_file() {
            std::fs::remove_file(entry.path()).map_err(failed)?;
        }
    }
    Ok(())
}

/// The device an access token belongs to.
async fn whoami(homeserver: &str, token: &str) -> Result<OwnedDeviceId, MatrixError> {
    let url = format!(
        "{}/_matrix/client/v3/account/whoami",
        homeserver.trim_end_matches('/')
    );
    let failed = |e: String| MatrixError::Setup(format!("checking the access token failed: {e}"));
    let response = matrix_sdk::reqwest::Client::new()
        .get(url)
        .bearer_auth(token)
        .send()
        .await
        .map_err(|e| failed(e.to_string()))?;
    let status = response.status();
    let body = response.text().await.map_err(|e| failed(e.to_string()))?;
    if !status.is_success() {
        return Err(failed(format!("the homeserver answered {status}")));
    }
    let body: serde_json::Value = serde_json::from_str(&body).map_err(|e| failed(e.to_string()))?;
    let device = body["device_id"]
        .as_str()
        .ok_or_else(|| failed("the token has no device; log in with a password".to_string()))?;
    Ok(OwnedDeviceId::from(device))
}

fn save(file: &Path, session: &MatrixSession) -> Result<(), MatrixError> {
    let text = serde_json::to_string(session)
        .map_err(|e| MatrixError::Setup(format!("cannot write the session: {e}")))?;
    let io = |e: std::io::Error| {
        MatrixError::Setup(format!(
            "cannot write the session file {}: {e}",
            file.display()
        ))
    };
    let partial = file.with_extension("json.partial");
    std::fs::write(&partial, text).map_err(io)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&partial, std::fs::Permissions::from_mode(0o600)).map_err(io)?;
    }
    std::fs::rename(&partial, file).map_err(io)
}
