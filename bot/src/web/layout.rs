//! The page shell, the home page, and the site's own script and style sheet.

use super::text::Words;
use super::Asked;
use akron_rules::WinRule;
use akron_service::model::TimeControl;
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
                title { (title) " · " (site) }
                link rel="stylesheet" href="/static/style.css";
                script src="/static/app.js" defer {}
            }
            body {
                header.site { span.brand { (site) } }
                main #main data-live=[live.stream.as_deref()] data-version=(live.version) {
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
