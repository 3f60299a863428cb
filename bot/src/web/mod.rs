//! The web companion: read-only pages of games, tournaments, players, servers and puzzles,
//! served by the same binary (`akron web`, or `--web ADDRESS` beside a bot).
//!
//! Every page is built from the service's typed read model ([`akron_service::service::read_model`])
//! on a blocking thread, rendered with maud (which escapes every value it interpolates) and
//! sent with a strict Content-Security-Policy: scripts and styles only from this site, no
//! inline script at all, so a hostile name can never run. Which pages exist is decided by the
//! server's `settings web:off|link|public` ([`akron_service::service::web`]): every path
//! carries a token only the bot hands out, and an unknown, malformed or switched-off page is
//! the same plain 404.

mod boards;
mod conn;
mod game;
mod layout;
mod limits;
mod live;
mod puzzle;
mod server;
pub mod text;
mod tournament;

use crate::service::{Service, ServiceError};
use akron_service::service::WebSite;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;
use text::Words;

pub use akron_service::catalogue::Language;
pub use limits::Limits;

/// The Content-Security-Policy of every response: nothing but this site's own scripts,
/// styles, pictures and live stream; no inline script or style, no frames, no forms.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; \
     form-action 'none'; frame-ancestors 'none'";

/// The web companion's state, shared by every request.
pub struct Web {
    service: Arc<Service>,
    boards: boards::Boards,
    live: Arc<live::Live>,
    limits: limits::RateLimiter,
    limits_config: Arc<Limits>,
    connections: Arc<conn::Connections>,
    /// At most this many pictures, GIFs or pages built at once; the rest wait.
    work: tokio::sync::Semaphore,
}

impl std::fmt::Debug for Web {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Web").finish_non_exhaustive()
    }
}

impl Web {
    /// The companion on `service` (opened read-only, or the bot's own), with these limits.
    #[must_use]
    pub fn new(service: Arc<Service>, limits: Limits) -> Arc<Web> {
        Arc::new(Web {
            live: live::Live::new(service.clone(), &limits),
            boards: boards::Boards::new(limits.cached_pictures),
            limits: limits::RateLimiter::new(&limits),
            connections: conn::Connections::new(&limits),
            limits_config: Arc::new(limits.clone()),
            work: tokio::sync::Semaphore::new(limits.concurrent_work),
            service,
        })
    }

    /// How many live streams are open now.
    #[must_use]
    pub fn open_streams(&self) -> usize {
        self.live.open_streams()
    }

    /// How many connections are open now.
    #[must_use]
    pub fn open_connections(&self) -> usize {
        self.connections.open()
    }

    /// Runs `build` on a blocking thread with the service, at most
    /// [`Limits::concurrent_work`] at once. A storage failure becomes a plain 500 page (and
    /// a log line); nothing of it reaches the visitor.
    async fn blocking<T: Send + 'static>(
        self: &Arc<Self>,
        build: impl FnOnce(&Web) -> Result<T, ServiceError> + Send + 'static,
    ) -> Result<T, Response> {
        let _permit = self.work.acquire().await.map_err(|_| failed())?;
        let web = self.clone();
        match tokio::task::spawn_blocking(move || build(&web)).await {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(error)) => {
                tracing::warn!(%error, "a web page failed");
                Err(failed())
            }
            Err(error) => {
                tracing::warn!(%error, "a web page's task failed");
                Err(failed())
            }
        }
    }
}

/// The routes of the companion. Paths are made by
/// [`WebSite::path`](akron_service::service::WebSite::path); change both together.
pub fn router(web: Arc<Web>) -> Router {
    Router::new()
        .route("/", get(layout::home))
        .route("/static/app.js", get(layout::script))
        .route("/static/style.css", get(layout::style))
        .route("/static/{file}", get(layout::asset))
        .route("/favicon.ico", get(layout::favicon))
        .route("/game/{id}/{token}", get(game::page))
        .route("/game/{id}/{token}/board/{ply}", get(game::board))
        .route(
            "/game/{id}/{token}/board/{ply}/phone",
            get(game::board_phone),
        )
        .route(
            "/game/{id}/{token}/board/{ply}/phone3x",
            get(game::board_dense_phone),
        )
        .route("/game/{id}/{token}/text/{ply}", get(game::board_text))
        .route("/game/{id}/{token}/record", get(game::record))
        .route("/game/{id}/{token}/replay", get(game::replay))
        .route("/game/{id}/{token}/live", get(live::game_stream))
        .route("/tournament/{id}/{token}", get(tournament::page))
        .route(
            "/tournament/{id}/{token}/standings",
            get(tournament::standings_csv),
        )
        .route(
            "/tournament/{id}/{token}/pairings",
            get(tournament::pairings_csv),
        )
        .route(
            "/tournament/{id}/{token}/live",
            get(live::tournament_stream),
        )
        .route("/server/{token}", get(server::page))
        .route("/server/{token}/player/{player}", get(server::player))
        .route("/puzzle/{id}/{token}", get(puzzle::page))
        .route("/puzzle/{id}/{token}/board", get(puzzle::board))
        .route("/puzzle/{id}/{token}/board/phone", get(puzzle::board_phone))
        .route(
            "/puzzle/{id}/{token}/board/phone3x",
            get(puzzle::board_dense_phone),
        )
        .fallback(|| async { not_found() })
        .layer(middleware::from_fn_with_state(web.clone(), guard))
        .layer(middleware::from_fn(count))
        // gzip or brotli when the browser asks; not live streams or pictures (already packed).
        .layer(tower_http::compression::CompressionLayer::new())
        .with_state(web)
}

/// Serves the companion on `listener` until the process ends, within `web`'s
/// [`Limits`] on connections: a failing `accept` (out of file descriptors) pauses and
/// retries, it never ends the loop.
///
/// # Errors
///
/// None today; the result leaves room for a loop that can stop.
pub async fn serve(listener: tokio::net::TcpListener, web: Arc<Web>) -> std::io::Result<()> {
    let app = router(web.clone());
    conn::serve(listener, web, app).await;
    Ok(())
}

/// Binds `address` and serves the companion in the background, logging where.
///
/// # Errors
///
/// When the address cannot be bound.
pub async fn spawn(address: &str, web: Arc<Web>) -> std::io::Result<SocketAddr> {
    let listener = tokio::net::TcpListener::bind(address).await?;
    let bound = listener.local_addr()?;
    tracing::info!(%bound, "serving the web companion");
    tokio::spawn(async move {
        if let Err(error) = serve(listener, web).await {
            tracing::error!(%error, "the web companion stopped");
        }
    });
    Ok(bound)
}

/// The public address links point to: `AKRON_WEB_URL` without a trailing slash, if set.
#[must_use]
pub fn public_url() -> Option<String> {
    std::env::var("AKRON_WEB_URL")
        .ok()
        .map(|url| url.trim().trim_end_matches('/').to_string())
        .filter(|url| url.starts_with("https://") || url.starts_with("http://"))
}

/// The visitor's address, as [`limits::client_address`] tells it from the connection and a
/// trusted proxy's headers; set on every request that came through a socket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct ClientAddress(pub IpAddr);

impl ClientAddress {
    /// The address of `request`'s visitor, if it came through a socket.
    fn of(extensions: &axum::http::Extensions) -> Option<IpAddr> {
        extensions
            .get::<ClientAddress>()
            .map(|client| client.0)
            .or_else(|| {
                extensions
                    .get::<ConnectInfo<SocketAddr>>()
                    .map(|info| info.0.ip())
            })
    }
}

/// Marks a response whose page search engines may index (a public server's pages); every
/// other response says `noindex`.
#[derive(Clone, Copy, Debug)]
struct Indexable;

/// Counts every request by its route's template (`/game/:id/:token`, never the path, which
/// carries ids and tokens) and status, and times it, for the admin listener's `/metrics`.
async fn count(request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<axum::extract::MatchedPath>()
        .map_or_else(
            || "other".to_owned(),
            // `/game/{id}/{token}` reads `/game/:id/:token`: braces in a label's value trip
            // some readers of the text format.
            |path| path.as_str().replace('{', ":").replace('}', ""),
        );
    let started = std::time::Instant::now();
    let response = next.run(request).await;
    let metrics = crate::metrics::front_ends();
    metrics
        .web_requests
        .get_or_create(&crate::metrics::WebRequest {
            route: route.clone(),
            status: response.status().as_u16(),
        })
        .inc();
    metrics
        .web_request_seconds
        .get_or_create(&crate::metrics::WebRoute { route })
        .observe(started.elapsed().as_secs_f64());
    response
}

/// Every request: only GET and HEAD, the per-address rate limit, the security headers, and
/// the 404 and failure pages in the language the browser asks for.
async fn guard(State(web): State<Arc<Web>>, request: Request, next: Next) -> Response {
    let words = Words(text::asked_language(request.headers()).unwrap_or_default());
    let method = request.method().clone();
    let mut response = if method != axum::http::Method::GET && method != axum::http::Method::HEAD {
        let mut response = plain(StatusCode::METHOD_NOT_ALLOWED, "GET only".to_string());
        response
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        response
    } else {
        let address = ClientAddress::of(request.extensions());
        if web.limits.allow(address) {
            next.run(request).await
        } else {
            let mut response = plain(StatusCode::TOO_MANY_REQUESTS, words.say("web-too-many"));
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
            response
        }
    };
    // The site has no "bad request" of its own: a path its extractors cannot read (a
    // malformed percent-encoding such as `/game/%ff%fe/TOKEN`) is the same plain 404 as any
    // unknown page, and names no parser.
    if response.status() == StatusCode::BAD_REQUEST {
        response = not_found();
    }
    if let Some(&unshown) = response.extensions().get::<Unshown>() {
        response = unshown.page(words);
    }
    let indexable = response.extensions().get::<Indexable>().is_some();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    // The path carries the page's token: never send it to another site.
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    if !indexable {
        headers.insert(
            "x-robots-tag",
            HeaderValue::from_static("noindex, nofollow"),
        );
    }
    if !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    }
    response
}

/// A short plain-text response.
fn plain(status: StatusCode, body: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        body,
    )
        .into_response()
}

/// A page that shows nothing of the database: [`guard`] writes it in the reader's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unshown {
    /// The one 404 page.
    NotFound,
    /// The one failure page.
    Failed,
    /// Too many live pages open.
    Busy,
}

impl Unshown {
    /// The response, in `words`.
    fn page(self, words: Words) -> Response {
        let (status, title, body) = match self {
            Unshown::NotFound => (StatusCode::NOT_FOUND, "web-not-found", "web-not-found-text"),
            Unshown::Failed => (
                StatusCode::INTERNAL_SERVER_ERROR,
                "web-failed",
                "web-failed-text",
            ),
            Unshown::Busy => return plain(StatusCode::SERVICE_UNAVAILABLE, words.say("web-busy")),
        };
        (
            status,
            layout::message(words, &words.say(title), &words.say(body)),
        )
            .into_response()
    }

    /// A placeholder response that [`guard`] replaces.
    fn response(self) -> Response {
        let mut response = self.page(Words::default());
        response.extensions_mut().insert(self);
        response
    }
}

/// The one 404 page: for unknown ids, malformed ids, wrong tokens and switched-off servers
/// alike, so that it tells nothing.
fn not_found() -> Response {
    Unshown::NotFound.response()
}

/// The one failure page; the cause goes to the log, not to the visitor.
fn failed() -> Response {
    Unshown::Failed.response()
}

/// The answer to a page built by [`Web::blocking`]: the page, else the 404 page, else the
/// failure page.
fn answer<T: IntoResponse>(built: Result<Option<T>, Response>) -> Response {
    match built {
        Ok(Some(page)) => page.into_response(),
        Ok(None) => not_found(),
        Err(failure) => failure,
    }
}

/// Something a page shows (a game, a tournament, a puzzle), with its server's site and the
/// words of the reader.
pub(super) struct Shown<D> {
    pub detail: D,
    pub site: WebSite,
    pub words: Words,
}

/// What a page is about, told to [`show`].
pub(super) trait Showable: Sized {
    /// Loads the thing numbered `id`.
    fn load(service: &Service, id: i64) -> Result<Option<Self>, ServiceError>;
    /// Whether it may have a page at all (a game only once it started).
    fn has_page(&self) -> bool {
        true
    }
    /// Its server.
    fn server(&self) -> Option<&akron_service::model::ServerId>;
    /// Its page, for the token.
    fn page(&self) -> akron_service::service::WebPage<'_>;
}

/// The thing `id` when `token` is its page's and its server's pages are on, with the words
/// of the reader: the language `asked` by the browser, else the server's.
pub(super) fn show<D: Showable>(
    web: &Web,
    asked: Option<Language>,
    id: &str,
    token: &str,
) -> Result<Option<Shown<D>>, ServiceError> {
    let (Some(id), Some(token)) = (parse_id(id), parse_token(token)) else {
        return Ok(None);
    };
    let Some(detail) = D::load(&web.service, id)?.filter(Showable::has_page) else {
        return Ok(None);
    };
    let Some(site) = site_of(&web.service, detail.server())? else {
        return Ok(None);
    };
    if !site.checks(detail.page(), token) {
        return Ok(None);
    }
    let words = words_for(web, asked, &site)?;
    Ok(Some(Shown {
        detail,
        site,
        words,
    }))
}

/// The reader's words on a site: the language their browser asked for, else the server's.
pub(super) fn words_for(
    web: &Web,
    asked: Option<Language>,
    site: &WebSite,
) -> Result<Words, ServiceError> {
    Ok(Words(match asked {
        Some(language) => language,
        None => web.service.server_language(&site.server)?,
    }))
}

/// The language a request's browser asks for (`Accept-Language`), if the bot speaks it.
pub(super) struct Asked(pub Option<Language>);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Asked {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _state: &S,
    ) -> Result<Asked, Self::Rejection> {
        Ok(Asked(text::asked_language(&parts.headers)))
    }
}

/// A number from a path: digits only, no sign, no leading `+`, at most 15 digits.
fn parse_id(text: &str) -> Option<i64> {
    if text.is_empty() || text.len() > 15 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// A token from a path: exactly 32 lowercase hex digits.
fn parse_token(text: &str) -> Option<&str> {
    (text.len() == 32 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
        .then_some(text)
}

/// The site of a page's server, when that server's pages are on.
fn site_of(
    service: &Service,
    server: Option<&akron_service::model::ServerId>,
) -> Result<Option<WebSite>, ServiceError> {
    match server {
        Some(server) => service.web_site(server),
        None => Ok(None),
    }
}

/// How long a live stream waits between keep-alive comments.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_tokens_parse_strictly() {
        assert_eq!(parse_id("42"), Some(42));
        for bad in ["", "-1", "+1", "4x", "1e3", "9999999999999999", " 1"] {
            assert_eq!(parse_id(bad), None, "{bad}");
        }
        let token = "0123456789abcdef0123456789abcdef";
        assert_eq!(parse_token(token), Some(token));
        assert_eq!(parse_token(&token.to_uppercase()), None);
        assert_eq!(parse_token(&token[1..]), None);
    }
}
