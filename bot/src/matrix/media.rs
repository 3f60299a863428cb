//! Board pictures without waiting for their upload. A homeserver makes thumbnails of every
//! image it receives before it answers the upload (Synapse: about 300 ms for a board), so
//! uploading first and posting after puts that on every move. Instead the bot keeps a few
//! media ids reserved in advance (asynchronous uploads, Matrix 1.7:
//! `POST /_matrix/media/v1/create`), posts the board's event naming one at once, and fills
//! it with the picture meanwhile; a client that asks for the picture early is made to wait
//! by the homeserver until it is there. When the homeserver cannot reserve ids, pictures
//! are uploaded first, as before.

use super::MatrixError;
use matrix_sdk::ruma::api::client::media::{create_content_async, create_mxc_uri};
use matrix_sdk::ruma::OwnedMxcUri;
use matrix_sdk::Client;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Reserved ids kept ready. Synapse allows 5 pending per user by default.
const READY: usize = 2;

/// A reserved id older than this is not used (Synapse lets one expire after 24 hours).
const FRESH_FOR: Duration = Duration::from_secs(3600);

/// After the homeserver refused to reserve an id, how long to go without trying again.
const AFTER_A_REFUSAL: Duration = Duration::from_secs(600);

/// Tries to fill a reserved id before giving up.
const FILL_TRIES: u32 = 3;

/// Media ids reserved in advance.
#[derive(Debug, Default)]
pub(super) struct Reserved {
    ready: Mutex<Vec<(OwnedMxcUri, Instant)>>,
    filling: AtomicBool,
    refused_at: Mutex<Option<Instant>>,
}

impl Reserved {
    /// A reserved id, if one is ready; more are reserved in the background.
    pub(super) fn take(self: &Arc<Self>, client: &Client) -> Option<OwnedMxcUri> {
        let taken = {
            let mut ready = self
                .ready
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            ready.retain(|(_, at)| at.elapsed() < FRESH_FOR);
            ready.pop().map(|(uri, _)| uri)
        };
        self.refill(client);
        taken
    }

    /// Reserves ids until [`READY`] are ready, in the background (one refill at a time).
    pub(super) fn refill(self: &Arc<Self>, client: &Client) {
        if std::env::var("AKRON_MATRIX_RESERVE_MEDIA").is_err() {
            return; // TEMPORARY measurement switch
        }
        let refused_recently = self
            .refused_at
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .is_some_and(|at| at.elapsed() < AFTER_A_REFUSAL);
        if refused_recently || self.filling.swap(true, Ordering::AcqRel) {
            return;
        }
        let reserved = Arc::clone(self);
        let client = client.clone();
        tokio::spawn(async move {
            loop {
                let count = reserved
                    .ready
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .len();
                if count >= READY {
                    break;
                }
                match reserve(&client).await {
                    Ok(uri) => reserved
                        .ready
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .push((uri, Instant::now())),
                    Err(error) => {
                        tracing::info!(%error, "cannot reserve media ids; uploading pictures first");
                        *reserved
                            .refused_at
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner) =
                            Some(Instant::now());
                        break;
                    }
                }
            }
            reserved.filling.store(false, Ordering::Release);
        });
    }
}

/// Reserves one media id on the homeserver.
async fn reserve(client: &Client) -> Result<OwnedMxcUri, MatrixError> {
    let response = client.send(create_mxc_uri::v1::Request::default()).await?;
    Ok(response.content_uri)
}

/// Uploads `bytes` into the reserved id `uri`, trying again a few times.
pub(super) async fn fill(
    client: &Client,
    uri: &OwnedMxcUri,
    mime: &mime::Mime,
    bytes: Vec<u8>,
) -> Result<(), MatrixError> {
    let mut wait = Duration::from_millis(200);
    let mut tries = 0;
    loop {
        tries += 1;
        let mut request = create_content_async::v3::Request::from_url(uri, bytes.clone())
            .map_err(|e| MatrixError::Setup(format!("the reserved media id {uri} is bad: {e}")))?;
        request.content_type = Some(mime.to_string());
        match client.send(request).await {
            Ok(_) => return Ok(()),
            Err(error) if tries >= FILL_TRIES => return Err(error.into()),
            Err(error) => {
                tracing::warn!(%error, %uri, tries, "could not upload a picture; trying again");
                tokio::time::sleep(wait).await;
                wait *= 2;
            }
        }
    }
}
