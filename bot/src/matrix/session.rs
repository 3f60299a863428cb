//! Logging in once and coming back as the same device: the matrix-sdk SQLite store (room
//! state, the sync token, encryption keys) and the session (user, device, access token) live
//! in one folder, so that a restart neither creates a new device nor replays old messages.

use super::{MatrixError, Secret, Settings};
use matrix_sdk::authentication::matrix::MatrixSession;
use matrix_sdk::ruma::{OwnedDeviceId, UserId as MxUserId};
use matrix_sdk::{Client, SessionMeta, SessionTokens};
use std::path::{Path, PathBuf};

/// The device name shown in the bot account's session list.
const DEVICE_NAME: &str = "Akron bot";

/// The session file inside the store folder. It holds the access token: readable by the
/// owner only.
fn session_file(store: &Path) -> PathBuf {
    store.join("session.json")
}

/// A connected client, and whether it is a new login (nothing synced yet).
pub(super) async fn connect(settings: &Settings) -> Result<(Client, bool), MatrixError> {
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
    let client = Client::builder()
        .homeserver_url(&settings.homeserver)
        .sqlite_store(&settings.store, None)
        .build()
        .await
        .map_err(|e| MatrixError::Setup(format!("cannot set up the Matrix client: {e}")))?;
    let file = session_file(&settings.store);
    if let Ok(saved) = std::fs::read_to_string(&file) {
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
        return Ok((client, false));
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
    let session = client
        .matrix_auth()
        .session()
        .ok_or_else(|| MatrixError::Setup("the login returned no session".to_string()))?;
    save(&file, &session)?;
    Ok((client, true))
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
