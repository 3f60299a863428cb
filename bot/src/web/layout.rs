//! The page shell, the home page, and the site's own script and style sheet.

use super::text::{self, Words};
use super::Asked;
use akron_rules::WinRule;
use akron_service::model::TimeControl;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use maud::{html, Markup, DOCTYPE};
use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use std::sync::LazyLock;

/// The script that steps through a game and follows live pages, served from this site.
const SCRIPT: &str = include_str!("static/app.js");
/// The style sheet: light and dark schemes, narrow screens first.
const STYLE: &str = include_str!("static/style.css");
/// The site's icon.
const ICON: &str = include_str!("static/favicon.svg");

/// A static file under a versioned name (`/static/app.<version>.js`): its version is a hash
/// of its content, so a browser may keep it for a year and a new build is a new name.
pub(super) struct Asset {
    /// The name it is served under, version included.
    pub path: String,
    /// The validator: the version, quoted.
    etag: String,
    content_type: &'static str,
    body: &'static str,
}

impl Asset {
    fn new(stem: &str, extension: &str, content_type: &'static str, body: &'static str) -> Asset {
        let version = version(body);
        Asset {
            path: format!("/static/{stem}.{version}.{extension}"),
            etag: format!("\"{version}\""),
            content_type,
            body,
        }
    }

    /// The file, or `304 Not Modified` when the browser holds this version already.
    fn response(&self, headers: &HeaderMap) -> Response {
        let cached = headers
            .get_all(header::IF_NONE_MATCH)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .any(|tag| {
                let tag = tag.trim();
                tag == "*" || tag.trim_start_matches("W/") == self.etag
            });
        let headers = [
            (header::CONTENT_TYPE, self.content_type),
            (header::CACHE_CONTROL, "public, max-age=31536000, immutable"),
            (header::ETAG, self.etag.as_str()),
        ];
        if cached {
            (StatusCode::NOT_MODIFIED, headers).into_response()
        } else {
            (headers, self.body).into_response()
        }
    }
}

/// The first 12 hex digits of `body`'s SHA-256: a name that changes with the content.
fn version(body: &str) -> String {
    let digest = Sha256::digest(body.as_bytes());
    digest.iter().take(6).fold(String::new(), |mut hex, byte| {
        let _ = write!(hex, "{byte:02x}");
        hex
    })
}

/// The script, the style sheet and the icon under their versioned names.
pub(super) struct Assets {
    pub script: Asset,
    pub style: Asset,
    pub icon: Asset,
}

/// Built once, on first use.
pub(super) static ASSETS: LazyLock<Assets> = LazyLock::new(|| Assets {
    script: Asset::new("app", "js", "text/javascript; charset=utf-8", SCRIPT),
    style: Asset::new("style", "css", "text/css; charset=utf-8", STYLE),
    icon: Asset::new("icon", "svg", "image/svg+xml", ICON),
});

/// `GET /static/{file}`: a versioned file; any other name (an older version) is the 404.
pub(super) async fn asset(
    axum::extract::Path(file): axum::extract::Path<String>,
    headers: HeaderMap,
) -> Response {
    let assets = &*ASSETS;
    [&assets.script, &assets.style, &assets.icon]
        .into_iter()
        .find(|asset| asset.path.strip_prefix("/static/") == Some(file.as_str()))
        .map_or_else(super::not_found, |asset| asset.response(&headers))
}

/// `GET /favicon.ico`, which browsers ask for whatever a page says: the icon, kept a day.
pub(super) async fn favicon() -> Response {
    (
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        ICON,
    )
        .into_response()
}

/// What a page's `<main>` carries for the script.
#[derive(Clone, Debug, Default)]
pub(super) struct Live {
    /// The live stream's path, while the page can change.
    pub stream: Option<String>,
    /// The version the page was built at.
    pub version: i64,
    /// Whether the page says it follows new moves (and, when the stream is refused, that
    /// it looks for them itself instead).
    pub note: bool,
}

/// A whole page in `words`' language: `title` (escaped by maud like every value), the body,
/// and whether search engines may index it. Every page has this one frame: the language in
/// `<html lang>` (which the script's dates follow), the style sheet and script of this site,
/// the site's header and footer, and `<main>` carrying the live stream for the script.
pub(super) fn page(
    words: Words,
    title: &str,
    indexable: bool,
    live: &Live,
    body: Markup,
) -> Markup {
    let site = words.say("web-site");
    html! {
        (DOCTYPE)
        html lang=(words.language().code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="color-scheme" content="light dark";
                meta name="referrer" content="no-referrer";
                @if !indexable {
                    meta name="robots" content="noindex, nofollow";
                }
                // The title may hold a name: isolated, it cannot reorder the site's name.
                title { (text::isolate(title)) " · " (site) }
                link rel="icon" type="image/svg+xml" href=(ASSETS.icon.path);
                link rel="stylesheet" href=(ASSETS.style.path);
                script src=(ASSETS.script.path) defer {}
            }
            body {
                header.site { a.brand href="/" { (site) } }
                main #main data-live=[live.stream.as_deref()] data-version=(live.version) {
                    @if live.stream.is_some() && live.note {
                        p.note #live-note data-off=(words.say("web-live-off")) { (words.say("web-live")) }
                    }
                    (body)
                }
                footer.site { p { (words.say("web-footer")) } }
            }
        }
    }
}

/// The facts a game and a tournament both state, as `<dt>`/`<dd>` pairs of their `dl.facts`:
/// the clock, the board, the win rule and whether it is rated.
pub(super) fn facts(
    words: Words,
    control: TimeControl,
    board: &str,
    rule: WinRule,
    rated: bool,
) -> Markup {
    html! {
        dt { (words.say("web-clock")) } dd { (words.time_control(control)) }
        dt { (words.say("web-board")) } dd { (board) }
        dt { (words.say("web-rule")) } dd { (words.rule(rule)) }
        dt { (words.say("web-rated")) } dd { (words.yes_no(rated)) }
    }
}

/// The position in words, level by level (the chat's text alternative): for a reader who
/// cannot see the picture. `#board-text` is a polite live region: the script replaces its
/// lines when the game steps or a live move arrives, and a screen reader reads them out.
pub(super) fn board_text(words: Words, position: &akron_rules::Position) -> Markup {
    let lines = akron_service::service::position_levels(position, words.language());
    html! {
        section #board-text-section aria-labelledby="board-text-heading" {
            h2 #board-text-heading { (words.say("web-board-text")) }
            div #board-text aria-live="polite" {
                @for line in &lines { p { (line) } }
            }
        }
    }
}

/// A table that may be wider than its box: a scrolling region that the keyboard reaches
/// (`tabindex="0"`) and a screen reader names (`label`, in the page's language). The style
/// sheet shades its edge while more of the table is hidden past it, so that it shows it scrolls.
pub(super) fn scroll(label: &str, table: Markup) -> Markup {
    html! {
        div.scroll tabindex="0" role="region" aria-label=(label) { (table) }
    }
}

/// A page that only says something (404, failure).
pub(super) fn message(words: Words, title: &str, body: &str) -> Markup {
    page(
        words,
        title,
        false,
        &Live::default(),
        html! { h1 { (title) } p { (body) } },
    )
}

/// `/`: what this site is; it lists nothing.
pub(super) async fn home(Asked(asked): Asked) -> Markup {
    let words = Words(asked.unwrap_or_default());
    let site = words.say("web-site");
    page(
        words,
        &site,
        false,
        &Live::default(),
        html! { h1 { (site) } p { (words.say("web-home")) } },
    )
}

/// `/static/app.js`.
pub(super) async fn script() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        SCRIPT,
    )
        .into_response()
}

/// `/static/style.css`.
pub(super) async fn style() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        STYLE,
    )
        .into_response()
}
