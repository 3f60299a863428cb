//! `akron doctor`'s Matrix checks, over the client-server API alone (no store is opened, so
//! it runs beside a running bot): the bot logs in, and its identity is cross-signed (its
//! master and self-signing keys are published, and its device is signed by them).
//!
//! The session the bot saved in its store is used when there is one; else the access token;
//! else the password logs in a device for the check and logs it out again.

use super::Settings;
use crate::discord::doctor::Finding;
use crate::matrix::Secret;
use serde_json::{json, Value};

/// How to reach the homeserver as the bot.
struct Session {
    token: String,
    device: String,
    /// Whether the check logged this device in (and must log it out).
    temporary: bool,
}

/// Runs the Matrix checks with `settings`.
pub async fn check(settings: &Settings) -> Vec<Finding> {
    let http = matrix_sdk::reqwest::Client::new();
    let base = settings.homeserver.trim_end_matches('/').to_owned();
    let session = match session(&http, &base, settings).await {
        Ok(session) => session,
        Err(error) => {
            return vec![Finding::problem(
                format!("Matrix: {} cannot log in to {base}: {error}", settings.user),
                "check MATRIX_HOMESERVER, MATRIX_USER and the password or access token \
                 (MATRIX_PASSWORD, MATRIX_ACCESS_TOKEN or their files)",
            )]
        }
    };
    let mut findings = vec![Finding::ok(format!(
        "Matrix: {} logs in to {base} (device {})",
        settings.user, session.device
    ))];
    findings.push(
        match cross_signing(&http, &base, &settings.user, &session).await {
            Ok(finding) => finding,
            Err(error) => Finding::problem(
                format!("Matrix: could not read the bot's keys: {error}"),
                "try again; check that the homeserver answers",
            ),
        },
    );
    if session.temporary {
        let _ = http
            .post(format!("{base}/_matrix/client/v3/logout"))
            .bearer_auth(&session.token)
            .body("{}")
            .send()
            .await;
    }
    findings
}

/// The saved session, the access token, or a login with the password.
async fn session(
    http: &matrix_sdk::reqwest::Client,
    base: &str,
    settings: &Settings,
) -> Result<Session, String> {
    let saved = std::fs::read_to_string(settings.store.join("session.json"))
        .ok()
        .and_then(|text| serde_json::from_str::<Value>(&text).ok())
        .and_then(|saved| {
            saved["access_token"]
                .as_str()
                .or_else(|| saved["tokens"]["access_token"].as_str())
                .map(str::to_owned)
        });
    let (token, temporary) = match (saved.as_ref(), &settings.secret) {
        (Some(token), _) | (None, Secret::AccessToken(token)) => (token.clone(), false),
        (None, Secret::Password(password)) => {
            let login = json!({
                "type": "m.login.password",
                "identifier": {"type": "m.id.user", "user": settings.user},
                "password": password,
                "initial_device_display_name": "akron doctor",
            });
            let answer = send(
                http.post(format!("{base}/_matrix/client/v3/login"))
                    .body(login.to_string()),
            )
            .await?;
            let token = answer["access_token"]
                .as_str()
                .ok_or("the login gave no access token")?
                .to_owned();
            (token, true)
        }
    };
    let me = send(
        http.get(format!("{base}/_matrix/client/v3/account/whoami"))
            .bearer_auth(&token),
    )
    .await?;
    let device = me["device_id"]
        .as_str()
        .ok_or("the token has no device")?
        .to_owned();
    Ok(Session {
        token,
        device,
        temporary,
    })
}

/// Whether the bot has a cross-signing identity and its device is signed by it.
async fn cross_signing(
    http: &matrix_sdk::reqwest::Client,
    base: &str,
    user: &str,
    session: &Session,
) -> Result<Finding, String> {
    let query = json!({"device_keys": {user: []}});
    let keys = send(
        http.post(format!("{base}/_matrix/client/v3/keys/query"))
            .bearer_auth(&session.token)
            .body(query.to_string()),
    )
    .await?;
    let fix = "start `akron matrix` with the recovery key (MATRIX_RECOVERY_KEY or \
               --recovery-key-file): it makes the identity if there is none and signs its \
               device with it";
    let self_signing = keys["self_signing_keys"][user]["keys"]
        .as_object()
        .and_then(|keys| keys.keys().next().cloned());
    let (Some(_), Some(self_signing)) = (keys["master_keys"][user].as_object(), self_signing)
    else {
        return Ok(Finding::problem(
            format!("Matrix: {user} has no cross-signing identity"),
            fix,
        ));
    };
    if session.temporary {
        return Ok(Finding::ok(format!(
            "Matrix: {user} has a cross-signing identity (the bot's own device was not \
             looked at: it has no saved session here)"
        )));
    }
    let signed = keys["device_keys"][user][&session.device]["signatures"][user]
        .as_object()
        .is_some_and(|signatures| signatures.contains_key(&self_signing));
    Ok(if signed {
        Finding::ok(format!(
            "Matrix: the device {} is cross-signed by {user}'s identity",
            session.device
        ))
    } else {
        Finding::problem(
            format!(
                "Matrix: the device {} is not signed by {user}'s identity: people who \
                 trust only cross-signed devices do not send it their keys",
                session.device
            ),
            fix,
        )
    })
}

/// Sends a request with a JSON body (if any) and reads the JSON answer.
async fn send(request: matrix_sdk::reqwest::RequestBuilder) -> Result<Value, String> {
    let response = request
        .header("content-type", "application/json")
        .send()
        .await
        .map_err(|e| e.to_string())?;
    let status = response.status();
    let body = response.text().await.map_err(|e| e.to_string())?;
    if !status.is_success() {
        let said = serde_json::from_str::<Value>(&body)
            .ok()
            .and_then(|body| body["error"].as_str().map(str::to_owned))
            .unwrap_or_default();
        return Err(format!("the homeserver answered {status} {said}")
            .trim()
            .to_owned());
    }
    serde_json::from_str(&body).map_err(|e| e.to_string())
}
