//! A game's page, its board pictures, its record and its replay.

use super::boards::{self, Step};
use super::layout::{self, Live};
use super::{not_found, parse_id, parse_token, site_of, text, Web};
use crate::service::{GameDetail, ServiceError, Status};
use akron_rules::{ByColor, Color, Game};
use akron_service::images::Caption;
use akron_service::model::GameId;
use akron_service::record::Record;
use akron_service::service::{WebPage, WebSite};
use axum::extract::{Path, RawQuery, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use maud::{html, Markup};
use std::sync::Arc;

/// A game that may be shown, with its server's site.
pub(super) struct Shown {
    pub detail: GameDetail,
    pub site: WebSite,
}

/// The game `id` when `token` is its page's and its server's pages are on; only games that
/// started (being played or over) have a page.
pub(super) fn shown(web: &Web, id: &str, token: &str) -> Result<Option<Shown>, ServiceError> {
    let (Some(id), Some(token)) = (parse_id(id), parse_token(token)) else {
        return Ok(None);
    };
    let Some(detail) = web.service.game_detail(GameId(id))? else {
        return Ok(None);
    };
    if !matches!(detail.status, Status::Active | Status::Finished) {
        return Ok(None);
    }
    let Some(site) = site_of(&web.service, detail.server.as_ref())? else {
        return Ok(None);
    };
    if !site.checks(WebPage::Game(detail.id), token) {
        return Ok(None);
    }
    Ok(Some(Shown { detail, site }))
}

/// The step `?ply=N` asks for, else the last.
fn asked_ply(query: Option<&str>, last: usize) -> usize {
    query
        .into_iter()
        .flat_map(|q| q.split('&'))
        .find_map(|pair| pair.strip_prefix("ply="))
        .and_then(|n| n.parse::<usize>().ok())
        .map_or(last, |n| n.min(last))
}

/// What a step says: its caption and picture's text alternative.
fn step_text(step: &Step, ply: usize) -> String {
    match &step.played {
        None => text::START.to_string(),
        Some(played) => text::step(
            ply,
            &played.mv.to_string(),
            played.mover,
            &played
                .drops
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
        ),
    }
}

/// `GET /game/{id}/{token}`.
pub(super) async fn page(
    State(web): State<Arc<Web>>,
    Path((id, token)): Path<(String, String)>,
    RawQuery(query): RawQuery,
) -> Response {
    let built = web
        .blocking(move |web| {
            let Some(shown) = shown(web, &id, &token)? else {
                return Ok(None);
            };
            let server = shown.detail.server.clone();
            let ratings = ByColor {
                black: web
                    .service
                    .rating_now(&shown.detail.players.black.id, server.as_ref())?,
                white: web
                    .service
                    .rating_now(&shown.detail.players.white.id, server.as_ref())?,
            };
            let version = web.service.game_version(shown.detail.id)?.unwrap_or(0);
            let now = web.service.now();
            Ok(Some(render(
                &shown,
                &ratings,
                version,
                now,
                query.as_deref(),
            )))
        })
        .await;
    match built {
        Ok(Some(markup)) => markup.into_response(),
        Ok(None) => not_found(),
        Err(failure) => failure,
    }
}

/// The page of a shown game.
fn render(
    shown: &Shown,
    ratings: &ByColor<Option<akron_service::ratings::Rating>>,
    version: i64,
    now: i64,
    query: Option<&str>,
) -> Markup {
    let detail = &shown.detail;
    let base = shown.site.path(WebPage::Game(detail.id));
    let moves: Vec<akron_rules::Move> = detail.moves.iter().map(|m| m.mv).collect();
    let steps = boards::steps(&detail.start_code, &moves).unwrap_or_default();
    let last = steps.len().saturating_sub(1);
    let ply = asked_ply(query, last);
    let current = steps
        .get(ply)
        .map(|s| step_text(s, ply))
        .unwrap_or_default();
    let title = text::game_title(
        detail.id.0,
        &detail.players.black.name,
        &detail.players.white.name,
    );
    let running = detail.status == Status::Active;
    let live = Live {
        stream: running.then(|| format!("{base}/live")),
        version,
    };
    let body = html! {
        h1 { (title) }
        section #info data-now=(now) {
            p.status { (text::status(detail.status, detail.result, detail.to_move)) }
            @if running { p.note { (text::LIVE) } }
            dl.facts {
                @for colour in Color::ALL {
                    dt { (colour.title()) }
                    dd {
                        span.name { (detail.players.get(colour).name) }
                        " "
                        span.rating { "(" (ratings.get(colour).map_or_else(
                            || text::UNRATED.to_string(),
                            |r| text::rating(r.rating, r.is_provisional()),
                        )) ")" }
                        @if let Some(left) = clock_left(detail, colour, now) {
                            " "
                            span.clock data-deadline=[running_deadline(detail, colour)] {
                                (text::clock(left))
                            }
                        }
                    }
                }
                dt { (text::CLOCK) } dd { (text::time_control(detail.time_control)) }
                @if let (Some(deadline), None) = (detail.deadline, detail.clocks) {
                    dt { (text::MOVE_DUE) }
                    dd { (text::when(deadline)) " (" span.clock data-deadline=(deadline) {
                        (text::clock(deadline - now)) } ")" }
                }
                dt { (text::BOARD) } dd { (text::board_size(detail.size, detail.pile)) }
                dt { (text::RULE) } dd { (text::rule(detail.rule)) }
                dt { (text::RATED) } dd { (if detail.rated { text::YES } else { text::NO }) }
                @if let Some(started) = detail.started_at {
                    dt { (text::STARTED) } dd { (text::when(started)) }
                }
            }
        }
        figure #board data-base=(base) data-last=(last) data-ply=(ply)
            data-start-text=(text::START) data-alt-prefix=(text::BOARD_ALT) {
            img #board-img src={ (base) "/board/" (ply) } alt=(text::board_alt(&current))
                width="800" height="800";
            figcaption #step-caption aria-live="polite" { (current) }
        }
        nav.stepper aria-label="Step through the moves" {
            a.button data-step="first" href="?ply=0" { (text::FIRST) }
            a.button data-step="previous" href={ "?ply=" (ply.saturating_sub(1)) } { (text::PREVIOUS) }
            a.button data-step="next" href={ "?ply=" ((ply + 1).min(last)) } { (text::NEXT) }
            a.button data-step="last" href={ "?ply=" (last) } { (text::LAST) }
        }
        p.keys { (text::KEYS) }
        section #moves-section {
            h2 { (text::MOVES) }
            @if last == 0 {
                p { (text::NO_MOVES) }
            }
            ol #moves {
                @for (index, step) in steps.iter().enumerate().skip(1) {
                    @let caption = step_text(step, index);
                    li {
                        a href={ "?ply=" (index) } data-ply=(index) data-caption=(caption)
                            aria-current=[(index == ply).then_some("step")] {
                            @if let Some(played) = &step.played { (played.mv) }
                        }
                    }
                }
            }
        }
        @if last > 0 {
            section #downloads {
                h2 { (text::DOWNLOADS) }
                ul {
                    li { a href={ (base) "/record" } download { (text::RECORD) } }
                    li { a href={ (base) "/replay" } { (text::REPLAY) } }
                }
            }
        }
    };
    layout::page(&title, false, &live, body)
}

/// The seconds left on `colour`'s live clock now, if the game has one.
fn clock_left(detail: &GameDetail, colour: Color, now: i64) -> Option<i64> {
    let clocks = detail.clocks?;
    match (running_deadline(detail, colour), detail.status) {
        (Some(deadline), Status::Active) => Some(deadline - now),
        _ => Some(*clocks.get(colour)),
    }
}

/// When `colour`'s clock runs out, if it is the one running.
fn running_deadline(detail: &GameDetail, colour: Color) -> Option<i64> {
    detail.clocks?;
    (detail.to_move == Some(colour)).then_some(detail.deadline?)
}

/// `GET /game/{id}/{token}/board/{ply}`: the picture after `ply` moves.
pub(super) async fn board(
    State(web): State<Arc<Web>>,
    Path((id, token, ply)): Path<(String, String, String)>,
) -> Response {
    let built = web
        .blocking(move |web| {
            let Some(shown) = shown(web, &id, &token)? else {
                return Ok(None);
            };
            let Some(ply) = parse_id(&ply).and_then(|n| usize::try_from(n).ok()) else {
                return Ok(None);
            };
            if ply > shown.detail.moves.len() {
                return Ok(None);
            }
            let moves: Vec<akron_rules::Move> =
                shown.detail.moves.iter().take(ply).map(|m| m.mv).collect();
            let Some(steps) = boards::steps(&shown.detail.start_code, &moves) else {
                return Ok(None);
            };
            Ok(steps
                .last()
                .and_then(|step| web.boards.png(step, shown.detail.rule)))
        })
        .await;
    match built {
        Ok(Some(png)) => png_response(&png),
        Ok(None) => not_found(),
        Err(failure) => failure,
    }
}

/// A PNG, which a browser may keep a minute (a takeback can change a step's picture).
pub(super) fn png_response(png: &[u8]) -> Response {
    (
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, "private, max-age=60"),
        ],
        png.to_vec(),
    )
        .into_response()
}

/// `GET /game/{id}/{token}/record`: the game's record, without any platform id.
pub(super) async fn record(
    State(web): State<Arc<Web>>,
    Path((id, token)): Path<(String, String)>,
) -> Response {
    let built = web
        .blocking(move |web| Ok(shown(web, &id, &token)?.map(|s| record_text(&s.detail))))
        .await;
    match built {
        Ok(Some((id, text))) => (
            [
                (
                    header::CONTENT_TYPE,
                    "text/plain; charset=utf-8".to_string(),
                ),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"akron-game-{id}.txt\""),
                ),
            ],
            text,
        )
            .into_response(),
        Ok(None) => not_found(),
        Err(failure) => failure,
    }
}

/// The record's text: the names, never the ids or the channel.
fn record_text(detail: &GameDetail) -> (i64, String) {
    let started = detail.started_at.unwrap_or(detail.created_at);
    let tags = [
        ("Event", "Akron".to_string()),
        ("Game", detail.id.0.to_string()),
        ("Date", akron_service::record::date(started)),
        ("Black", detail.players.black.name.clone()),
        ("White", detail.players.white.name.clone()),
        ("Size", detail.size.to_string()),
        ("Pile", detail.pile.to_string()),
        ("Rule", detail.rule.to_string()),
        ("Start", detail.start_code.clone()),
        (
            "Result",
            detail
                .result
                .map_or_else(|| "*".to_string(), |o| o.to_string()),
        ),
        ("Final", detail.code.clone()),
    ];
    let record = Record {
        tags: tags
            .into_iter()
            .map(|(name, value)| (name.to_string(), value))
            .collect(),
        moves: detail.moves.iter().map(|m| m.mv).collect(),
    };
    (detail.id.0, record.write())
}

/// `GET /game/{id}/{token}/replay`: the animated replay.
pub(super) async fn replay(
    State(web): State<Arc<Web>>,
    Path((id, token)): Path<(String, String)>,
) -> Response {
    let built = web
        .blocking(move |web| {
            let Some(shown) = shown(web, &id, &token)? else {
                return Ok(None);
            };
            let detail = &shown.detail;
            let Ok(start) = detail.start_code.parse() else {
                return Ok(None);
            };
            let moves: Vec<akron_rules::Move> = detail.moves.iter().map(|m| m.mv).collect();
            let Ok(game) = Game::replay(start, detail.rule, &moves) else {
                return Ok(None);
            };
            let options = akron_renderer::ReplayOptions {
                caption: Caption {
                    game: u64::try_from(detail.id.0).ok(),
                    names: ByColor {
                        black: Some(detail.players.black.name.clone()),
                        white: Some(detail.players.white.name.clone()),
                    },
                    moves_played: None,
                    outcome: detail.result,
                },
                ..Default::default()
            };
            Ok(web.boards.gif(detail.id, moves.len(), &game, &options))
        })
        .await;
    match built {
        Ok(Some(gif)) => (
            [
                (header::CONTENT_TYPE, "image/gif"),
                (header::CACHE_CONTROL, "private, max-age=60"),
            ],
            gif.to_vec(),
        )
            .into_response(),
        Ok(None) => not_found(),
        Err(failure) => failure,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_asked_step_is_clamped_to_the_game() {
        assert_eq!(asked_ply(None, 7), 7);
        assert_eq!(asked_ply(Some("ply=3"), 7), 3);
        assert_eq!(asked_ply(Some("x=1&ply=30"), 7), 7);
        assert_eq!(asked_ply(Some("ply=-1"), 7), 7);
        assert_eq!(asked_ply(Some("ply=abc"), 7), 7);
    }
}
