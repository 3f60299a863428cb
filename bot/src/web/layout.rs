//! The page shell, the home page, and the site's own script and style sheet.

use super::text;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use maud::{html, Markup, DOCTYPE};

/// The script that steps through a game and follows live pages, served from this site.
const SCRIPT: &str = include_str!("static/app.js");
/// The style sheet: light and dark schemes, narrow screens first.
const STYLE: &str = include_str!("static/style.css");

/// What a page's `<main>` carries for the script.
#[derive(Clone, Debug, Default)]
pub(super) struct Live {
    /// The live stream's path, while the page can change.
    pub stream: Option<String>,
    /// The version the page was built at.
    pub version: i64,
}

/// A whole page: `title` (escaped by maud like every value), the body, and whether search
/// engines may index it.
pub(super) fn page(title: &str, indexable: bool, live: &Live, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="color-scheme" content="light dark";
                meta name="referrer" content="no-referrer";
                @if !indexable {
                    meta name="robots" content="noindex, nofollow";
                }
                title { (title) " · " (text::SITE) }
                link rel="stylesheet" href="/static/style.css";
                script src="/static/app.js" defer {}
            }
            body {
                header.site { span.brand { (text::SITE) } }
                main #main data-live=[live.stream.as_deref()] data-version=(live.version) {
                    (body)
                }
                footer.site { p { (text::FOOTER) } }
            }
        }
    }
}

/// A page that only says something (404, failure).
pub(super) fn message(title: &str, body: &str) -> Markup {
    page(
        title,
        false,
        &Live::default(),
        html! { h1 { (title) } p { (body) } },
    )
}

/// `/`: what this site is; it lists nothing.
pub(super) async fn home() -> Markup {
    page(
        text::SITE,
        false,
        &Live::default(),
        html! { h1 { (text::SITE) } p { (text::HOME) } },
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
