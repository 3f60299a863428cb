//! Live pages: a server-sent event whenever a watched game or tournament changes.
//!
//! The web may run in another process than the bot (`akron web` on the same database,
//! read-only), so a change cannot be announced in memory: it is detected in storage. Each
//! game or tournament that at least one page watches gets ONE watcher task, which reads its
//! version (one indexed read of one column, bumped by every move, result and round) every
//! [`Limits::poll_interval`](super::Limits) and, when it moved, sends the new version on a
//! broadcast channel that every open page's stream subscribes to. A hundred pages on one
//! game thus cost one read per interval, not a hundred. When the web runs inside the bot's
//! process, the service's wake-ups (rung after every command that wrote something) make the
//! watcher look at once instead of at the next tick. The watcher ends when its last page
//! closes. Streams are capped ([`Limits::max_streams`](super::Limits)); past the cap a page
//! stays as it is and says nothing new.

use super::{show, ClientAddress, Language, Limits, Unshown, Web, KEEP_ALIVE};
use crate::service::{GameDetail, TournamentDetail};
use crate::service::{Service, ServiceError};
use akron_service::model::{GameId, TournamentId};
use axum::extract::{Path, RawQuery, State};
use axum::http::Extensions;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::broadcast;

/// What a stream watches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Watched {
    /// A game.
    Game(GameId),
    /// A tournament.
    Tournament(TournamentId),
}

/// The watchers and the open streams.
pub(super) struct Live {
    service: Arc<Service>,
    interval: Duration,
    max_streams: usize,
    per_address: usize,
    open: AtomicUsize,
    /// Streams open per visitor's address (requests without one share a key).
    by_address: Mutex<HashMap<Option<IpAddr>, usize>>,
    watchers: Mutex<HashMap<Watched, broadcast::Sender<i64>>>,
}

/// One open stream, counted (in all and for its address) until it is dropped.
pub(super) struct Ticket(Arc<Live>, Option<IpAddr>);

impl Drop for Ticket {
    fn drop(&mut self) {
        crate::metrics::front_ends().live_streams.dec();
        self.0.open.fetch_sub(1, Ordering::SeqCst);
        if let Ok(mut by_address) = self.0.by_address.lock() {
            if let Some(count) = by_address.get_mut(&self.1) {
                *count = count.saturating_sub(1);
                if *count == 0 {
                    by_address.remove(&self.1);
                }
            }
        }
    }
}

impl Live {
    pub(super) fn new(service: Arc<Service>, limits: &Limits) -> Arc<Live> {
        Arc::new(Live {
            service,
            interval: limits.poll_interval,
            max_streams: limits.max_streams,
            per_address: limits.streams_per_address,
            open: AtomicUsize::new(0),
            by_address: Mutex::new(HashMap::new()),
            watchers: Mutex::new(HashMap::new()),
        })
    }

    /// How many streams are open.
    pub(super) fn open_streams(&self) -> usize {
        self.open.load(Ordering::SeqCst)
    }

    /// A subscription to `what`'s changes for a visitor at `address`, starting its watcher
    /// if none runs; `None` when that address holds its share of streams
    /// ([`Limits::streams_per_address`]) or the cap on all open streams is reached.
    pub(super) fn subscribe(
        self: &Arc<Self>,
        what: Watched,
        address: Option<IpAddr>,
    ) -> Option<(broadcast::Receiver<i64>, Ticket)> {
        {
            let mut by_address = self.by_address.lock().ok()?;
            let count = by_address.entry(address).or_insert(0);
            if *count >= self.per_address {
                return None;
            }
            if self.open.fetch_add(1, Ordering::SeqCst) >= self.max_streams {
                self.open.fetch_sub(1, Ordering::SeqCst);
                return None;
            }
            *count += 1;
        }
        crate::metrics::front_ends().live_streams.inc();
        let ticket = Ticket(self.clone(), address);
        let mut watchers = self.watchers.lock().ok()?;
        if let Some(sender) = watchers.get(&what) {
            return Some((sender.subscribe(), ticket));
        }
        let (sender, receiver) = broadcast::channel(16);
        watchers.insert(what, sender.clone());
        drop(watchers);
        tokio::spawn(self.clone().watch(what, sender));
        Some((receiver, ticket))
    }

    /// The current version of `what`.
    fn version(service: &Service, what: Watched) -> Result<Option<i64>, ServiceError> {
        match what {
            Watched::Game(id) => service.game_version(id),
            Watched::Tournament(id) => service.tournament_version(id),
        }
    }

    /// Reads `what`'s version on a blocking thread.
    async fn read(&self, what: Watched) -> Option<i64> {
        let service = self.service.clone();
        tokio::task::spawn_blocking(move || Live::version(&service, what).ok().flatten())
            .await
            .ok()
            .flatten()
    }

    /// The watcher of `what`: polls its version and tells the subscribers when it moves;
    /// ends when nobody listens.
    async fn watch(self: Arc<Self>, what: Watched, sender: broadcast::Sender<i64>) {
        let mut wakeups = self.service.wakeups();
        let mut last = self.read(what).await;
        loop {
            tokio::select! {
                () = tokio::time::sleep(self.interval) => {}
                changed = wakeups.changed() => {
                    if changed.is_err() {
                        tokio::time::sleep(self.interval).await;
                    }
                }
            }
            {
                let Ok(mut watchers) = self.watchers.lock() else {
                    return;
                };
                if sender.receiver_count() == 0 {
                    watchers.remove(&what);
                    return;
                }
            }
            let now = self.read(what).await;
            if now != last && now.is_some() {
                last = now;
                let _ = sender.send(now.unwrap_or_default());
            }
        }
    }
}

/// The version a page was built at, from `?since=N`.
fn since(query: Option<&str>) -> Option<i64> {
    query?
        .split('&')
        .find_map(|pair| pair.strip_prefix("since="))
        .and_then(|n| n.parse().ok())
}

/// The event stream of `what`: a `change` event (its data the new version) whenever it
/// changes, at once when it already changed since the page's version.
async fn stream(
    web: Arc<Web>,
    what: Watched,
    since: Option<i64>,
    address: Option<IpAddr>,
) -> Response {
    let Some((receiver, ticket)) = web.live.subscribe(what, address) else {
        return Unshown::Busy.response();
    };
    let current = web.live.read(what).await;
    let pending = match (since, current) {
        (Some(since), Some(now)) if since != now => Some(now),
        _ => None,
    };
    let state = (receiver, ticket, pending);
    let events =
        futures_util::stream::unfold(state, |(mut receiver, ticket, pending)| async move {
            if let Some(version) = pending {
                let event = Event::default().event("change").data(version.to_string());
                return Some((Ok::<_, Infallible>(event), (receiver, ticket, None)));
            }
            loop {
                match receiver.recv().await {
                    Ok(version) => {
                        let event = Event::default().event("change").data(version.to_string());
                        return Some((Ok(event), (receiver, ticket, None)));
                    }
                    Err(broadcast::error::RecvError::Lagged(_)) => {}
                    Err(broadcast::error::RecvError::Closed) => return None,
                }
            }
        });
    Sse::new(events)
        .keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
        .into_response()
}

/// A stream has no words: it need not read its server's language.
const UNWORDED: Option<Language> = Some(Language::English);

/// `GET /game/{id}/{token}/live`.
pub(super) async fn game_stream(
    State(web): State<Arc<Web>>,
    Path((id, token)): Path<(String, String)>,
    RawQuery(query): RawQuery,
    extensions: Extensions,
) -> Response {
    let found = web
        .blocking(move |web| {
            Ok(show::<GameDetail>(web, UNWORDED, &id, &token)?.map(|s| s.detail.id))
        })
        .await;
    match found {
        Ok(Some(id)) => {
            let address = ClientAddress::of(&extensions);
            stream(web, Watched::Game(id), since(query.as_deref()), address).await
        }
        other => super::answer(other.map(|_| None::<Response>)),
    }
}

/// `GET /tournament/{id}/{token}/live`.
pub(super) async fn tournament_stream(
    State(web): State<Arc<Web>>,
    Path((id, token)): Path<(String, String)>,
    RawQuery(query): RawQuery,
    extensions: Extensions,
) -> Response {
    let found = web
        .blocking(move |web| {
            Ok(show::<TournamentDetail>(web, UNWORDED, &id, &token)?.map(|s| s.detail.id))
        })
        .await;
    match found {
        Ok(Some(id)) => {
            let address = ClientAddress::of(&extensions);
            stream(
                web,
                Watched::Tournament(id),
                since(query.as_deref()),
                address,
            )
            .await
        }
        other => super::answer(other.map(|_| None::<Response>)),
    }
}
