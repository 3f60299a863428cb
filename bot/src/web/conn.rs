//! The companion's own accept loop: connections counted per address and in all, a time limit
//! on a request's headers and on a silent connection, and a refusal that never stops `accept`.
//!
//! `axum::serve` has none of these knobs (hyper's `header_read_timeout` is not reachable
//! through it), so the loop is written here on hyper's HTTP/1.1 connection, as axum's own
//! examples do. One client holding a thousand connections open, each sending a header byte
//! every few seconds, gets its share ([`Limits::connections_per_address`]) and the rest are
//! closed at once; every other visitor is still served.

use super::limits::{client_address, Limits};
use super::{ClientAddress, Web};
use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt as _;

/// The open connections, per address and in all.
#[derive(Debug)]
pub(super) struct Connections {
    per_address: usize,
    total: usize,
    trusted: Vec<IpAddr>,
    open: Mutex<HashMap<IpAddr, usize>>,
    all: AtomicUsize,
}

/// One admitted connection, counted until it is dropped.
#[derive(Debug)]
pub(super) struct Slot {
    connections: Arc<Connections>,
    address: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.connections.all.fetch_sub(1, Ordering::SeqCst);
        if let Ok(mut open) = self.connections.open.lock() {
            if let Some(count) = open.get_mut(&self.address) {
                *count = count.saturating_sub(1);
                if *count == 0 {
                    open.remove(&self.address);
                }
            }
        }
    }
}

impl Connections {
    pub(super) fn new(limits: &Limits) -> Arc<Connections> {
        Arc::new(Connections {
            per_address: limits.connections_per_address,
            total: limits.max_connections,
            trusted: limits.trusted_proxies.clone(),
            open: Mutex::new(HashMap::new()),
            all: AtomicUsize::new(0),
        })
    }

    /// A slot for a connection from `address`, or `None` when that address already holds its
    /// share or the server holds all it takes. A trusted proxy carries everyone's
    /// connections: only the cap in all applies to it.
    pub(super) fn admit(self: &Arc<Self>, address: IpAddr) -> Option<Slot> {
        if self.all.fetch_add(1, Ordering::SeqCst) >= self.total {
            self.all.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        let Ok(mut open) = self.open.lock() else {
            self.all.fetch_sub(1, Ordering::SeqCst);
            return None;
        };
        let count = open.entry(address).or_insert(0);
        if *count >= self.per_address && !self.trusted.contains(&address) {
            drop(open);
            self.all.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        *count += 1;
        Some(Slot {
            connections: self.clone(),
            address,
        })
    }

    /// Connections open now.
    pub(super) fn open(&self) -> usize {
        self.all.load(Ordering::SeqCst)
    }
}

/// What a refused connection is told before it is closed (written without waiting: a client
/// that does not read it just loses it).
const REFUSAL: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\
Retry-After: 5\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 18\r\n\r\n\
Too many at once.\n";

/// The longest pause after `accept` fails for want of resources (file descriptors, memory).
const MAX_BACKOFF: Duration = Duration::from_secs(1);

/// Serves `router` on `listener` with `web`'s connection limits until the process ends.
pub(super) async fn serve(listener: TcpListener, web: Arc<Web>, router: Router) {
    let mut backoff = Duration::from_millis(5);
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => {
                backoff = Duration::from_millis(5);
                accepted
            }
            Err(error) if is_per_connection(&error) => continue,
            Err(error) => {
                // Out of file descriptors (EMFILE, ENFILE) or memory: what is open must close
                // first. Wait, doubling up to a second, rather than spin on the error.
                tracing::warn!(%error, pause = ?backoff, "accepting a web connection failed");
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(MAX_BACKOFF);
                continue;
            }
        };
        let Some(slot) = web.connections.admit(peer.ip()) else {
            let _ = stream.try_write(REFUSAL);
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        tokio::spawn(connection(
            stream,
            peer,
            router.clone(),
            web.limits_config.clone(),
            slot,
        ));
    }
}

/// Whether an `accept` error concerns only the connection being accepted (the next may
/// well succeed at once), as hyper's and axum's loops tell them apart.
fn is_per_connection(error: &std::io::Error) -> bool {
    matches!(
        error.kind(),
        std::io::ErrorKind::ConnectionRefused
            | std::io::ErrorKind::ConnectionAborted
            | std::io::ErrorKind::ConnectionReset
    )
}

/// Milliseconds since the connection opened when it last read or wrote a byte.
#[derive(Debug)]
struct Activity {
    start: tokio::time::Instant,
    last: AtomicU64,
}

impl Activity {
    fn touch(&self) {
        let now = u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.last.store(now, Ordering::Relaxed);
    }

    /// When the connection falls idle, if nothing moves before then.
    fn deadline(&self, idle: Duration) -> tokio::time::Instant {
        self.start + Duration::from_millis(self.last.load(Ordering::Relaxed)) + idle
    }
}

/// A stream that notes when bytes last moved.
struct Watched {
    stream: TcpStream,
    activity: Arc<Activity>,
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.activity.touch();
        }
        polled
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write(cx, buf);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        polled
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// One connection: HTTP/1.1 with keep-alive, closed when a request's headers take longer
/// than [`Limits::header_timeout`] (which also bounds a kept-alive connection waiting for
/// its next request) or when no byte moves either way for [`Limits::idle_timeout`] (a
/// client that stops reading a response).
async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    router: Router,
    limits: Arc<Limits>,
    slot: Slot,
) {
    let activity = Arc::new(Activity {
        start: tokio::time::Instant::now(),
        last: AtomicU64::new(0),
    });
    let io = TokioIo::new(Watched {
        stream,
        activity: activity.clone(),
    });
    let trusted = limits.trusted_proxies.clone();
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        let client = client_address(peer.ip(), request.headers(), &trusted);
        request.extensions_mut().insert(ConnectInfo(peer));
        request.extensions_mut().insert(ClientAddress(client));
        router.clone().oneshot(request)
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(64 * 1024);
    let connection = builder.serve_connection(io, service);
    tokio::pin!(connection);
    loop {
        let deadline = activity.deadline(limits.idle_timeout);
        tokio::select! {
            _ = connection.as_mut() => break,
            () = tokio::time::sleep_until(deadline) => {
                if activity.deadline(limits.idle_timeout) <= tokio::time::Instant::now() {
                    break;
                }
            }
        }
    }
    drop(slot);
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn an_address_gets_its_share_and_the_server_its_total() {
        let limits = Limits {
            connections_per_address: 2,
            max_connections: 3,
            trusted_proxies: vec![IpAddr::from([10, 0, 0, 9])],
            ..Limits::default()
        };
        let connections = Connections::new(&limits);
        let one = IpAddr::from([10, 0, 0, 1]);
        let two = IpAddr::from([10, 0, 0, 2]);
        let a = connections.admit(one).unwrap();
        let _b = connections.admit(one).unwrap();
        assert!(connections.admit(one).is_none(), "a third from one address");
        let c = connections.admit(two).unwrap();
        assert!(connections.admit(two).is_none(), "three in all");
        assert_eq!(connections.open(), 3);
        drop(a);
        drop(c);
        assert!(
            connections.admit(one).is_some(),
            "a closed one frees its slot"
        );
        let proxy = IpAddr::from([10, 0, 0, 9]);
        let limits = Limits {
            connections_per_address: 1,
            trusted_proxies: vec![proxy],
            ..Limits::default()
        };
        let connections = Connections::new(&limits);
        let held: Vec<Slot> = (0..5).filter_map(|_| connections.admit(proxy)).collect();
        assert_eq!(
            held.len(),
            5,
            "a trusted proxy is not held to one address's share"
        );
    }
}
