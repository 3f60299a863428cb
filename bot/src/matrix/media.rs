//! Board pictures without waiting for their upload: a few content URIs are reserved ahead of
//! time (asynchronous uploads, MSC2246, `POST /_matrix/media/v1/create`), so the message
//! naming the picture goes out at once while its bytes are uploaded beside it. A client
//! that asks for the picture before the bytes are in is held by the homeserver until they
//! are (Synapse waits up to the client's `timeout_ms`). Without this, every board waited for
//! one more round trip to the homeserver before the message could be sent.
//!
//! Only for rooms that are not encrypted: an encrypted picture is encrypted and uploaded
//! first, as before. A homeserver that does not support reserving URIs is asked once; then
//! every picture is uploaded the ordinary way.

use matrix_sdk::ruma::api::client::media::{create_content_async, create_mxc_uri};
use matrix_sdk::ruma::OwnedMxcUri;
use matrix_sdk::Client;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How many reserved URIs are kept ready. Synapse allows a user 5 pending ones by default.
const READY: usize = 2;

/// A reserved URI older than this is not used: Synapse forgets unused ones after a day by
/// default; an hour leaves a wide margin.
const FRESH: Duration = Duration::from_secs(3600);

/// Attempts at uploading a picture whose message is already out.
const UPLOAD_ATTEMPTS: usize = 3;

/// The reserved content URIs, ready for the next pictures.
#[derive(Default)]
pub(super) struct MediaPool {
    ready: Mutex<Vec<(OwnedMxcUri, Instant)>>,
    /// Reservations being made right now (so that refills do not pile up).
    filling: Mutex<usize>,
    /// The homeserver refused to reserve URIs: upload the ordinary way.
    unsupported: AtomicBool,
}

impl MediaPool {
    /// A reserved URI, if one is ready and fresh. Starts a refill either way.
    pub(super) fn take(self: &Arc<Self>, client: &Client) -> Option<OwnedMxcUri> {
        if self.unsupported.load(Ordering::Relaxed) {
            return None;
        }
        let taken = self.ready.lock().ok().and_then(|mut ready| {
            ready.retain(|(_, made)| made.elapsed() < FRESH);
            ready.pop().map(|(uri, _)| uri)
        });
        self.refill(client);
        taken
    }

    /// Reserves URIs in the background until [`READY`] are ready.
    pub(super) fn refill(self: &Arc<Self>, client: &Client) {
        if self.unsupported.load(Ordering::Relaxed) {
            return;
        }
        let have = self.ready.lock().map_or(READY, |ready| ready.len());
        let wanted = {
            let Ok(mut filling) = self.filling.lock() else {
                return;
            };
            let wanted = READY.saturating_sub(have + *filling);
            *filling += wanted;
            wanted
        };
        for _ in 0..wanted {
            let pool = Arc::clone(self);
            let client = client.clone();
            tokio::spawn(async move {
                let made = client.send(create_mxc_uri::v1::Request::default()).await;
                if let Ok(mut filling) = pool.filling.lock() {
                    *filling = filling.saturating_sub(1);
                }
                match made {
                    Ok(made) => {
                        if let Ok(mut ready) = pool.ready.lock() {
                            ready.push((made.content_uri, Instant::now()));
                        }
                    }
                    Err(error) => {
                        if error
                            .as_client_api_error()
                            .is_some_and(|e| matches!(e.status_code.as_u16(), 400 | 404 | 405))
                        {
                            tracing::info!(
                                %error,
                                "the homeserver does not reserve media URIs; pictures are \
                                 uploaded before their message"
                            );
                            pool.unsupported.store(true, Ordering::Relaxed);
                        } else {
                            tracing::warn!(%error, "could not reserve a media URI");
                        }
                    }
                }
            });
        }
    }
}

/// Uploads `bytes` to the reserved `uri` in the background, trying again a few times: the
/// message naming it is already out.
pub(super) fn upload_in_background(
    client: &Client,
    uri: OwnedMxcUri,
    mime: &mime::Mime,
    bytes: Vec<u8>,
) {
    let client = client.clone();
    let content_type = mime.to_string();
    tokio::spawn(async move {
        for attempt in 1..=UPLOAD_ATTEMPTS {
            let mut request = match create_content_async::v3::Request::from_url(&uri, bytes.clone())
            {
                Ok(request) => request,
                Err(error) => {
                    tracing::error!(%error, %uri, "a reserved media URI that cannot be used");
                    return;
                }
            };
            request.content_type = Some(content_type.clone());
            match client.send(request).await {
                Ok(_) => return,
                Err(error) => {
                    tracing::warn!(%error, attempt, %uri, "could not upload a picture");
                    if attempt < UPLOAD_ATTEMPTS {
                        let pause = Duration::from_millis(250).saturating_mul(attempt as u32);
                        tokio::time::sleep(pause).await;
                    }
                }
            }
        }
    });
}
