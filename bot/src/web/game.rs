//! A game's page, its board pictures, its record and its replay.

use super::boards::{self, Played, Shape};
use super::layout::{self, Live};
use super::text::{self, Words};
use super::{answer, not_found, parse_id, show, Asked, Language, Showable, Web};
use crate::service::{GameAnalysis, GameDetail, MoveReview, Service, ServiceError, Status};
use akron_ai::review::Mark;
use akron_rules::{ByColor, Color, Game};
use akron_service::catalogue::Arg;
use akron_service::images::Caption;
use akron_service::model::{GameId, ServerId, TournamentId, WebAccess};
use akron_service::record::Record;
use akron_service::service::WebPage;
use axum::extract::{Path, RawQuery, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use maud::{html, Markup};
use std::sync::Arc;

/// A game that may be shown, with its server's site and the reader's words.
pub(super) type Shown = super::Shown<GameDetail>;

/// Only games that started (being played or over) have a page.
impl Showable for GameDetail {
    fn load(service: &Service, id: i64) -> Result<Option<GameDetail>, ServiceError> {
        service.game_detail(GameId(id))
    }
    fn has_page(&self) -> bool {
        matches!(self.status, Status::Active | Status::Finished)
    }
    fn server(&self) -> Option<&ServerId> {
        self.server.as_ref()
    }
    fn page(&self) -> WebPage<'_> {
        WebPage::Game(self.id)
    }
}

/// The game `id` when `token` is its page's and its server's pages are on.
fn shown(
    web: &Web,
    asked: Option<Language>,
    id: &str,
    token: &str,
) -> Result<Option<Shown>, ServiceError> {
    show(web, asked, id, token)
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

/// What a step says, after the move `played` (`None` at the start): its caption and
/// picture's text alternative.
fn step_text(words: Words, played: Option<&Played>, ply: usize) -> String {
    match played {
        None => words.say("web-start"),
        Some(played) => words.step(
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

/// The record has no words: it need not read the server's language.
const UNWORDED: Option<Language> = Some(Language::English);

/// `GET /game/{id}/{token}`.
pub(super) async fn page(
    State(web): State<Arc<Web>>,
    Path((id, token)): Path<(String, String)>,
    RawQuery(query): RawQuery,
    Asked(asked): Asked,
) -> Response {
    let built = web
        .blocking(move |web| {
            let Some(shown) = shown(web, asked, &id, &token)? else {
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
            let tournament = web.service.game_tournament(shown.detail.id)?;
            let analysis = web.service.stored_analysis(shown.detail.id)?;
            Ok(Some(render(
                &shown,
                &ratings,
                tournament.as_ref(),
                analysis.as_ref(),
                version,
                now,
                query.as_deref(),
            )))
        })
        .await;
    answer(built)
}

/// The page of a shown game.
fn render(
    shown: &Shown,
    ratings: &ByColor<Option<akron_service::ratings::Rating>>,
    tournament: Option<&(TournamentId, String, u32)>,
    analysis: Option<&GameAnalysis>,
    version: i64,
    now: i64,
    query: Option<&str>,
) -> Markup {
    let detail = &shown.detail;
    let w = shown.words;
    let base = shown.site.path(WebPage::Game(detail.id));
    let moves: Vec<akron_rules::Move> = detail.moves.iter().map(|m| m.mv).collect();
    let asked = asked_ply(query, moves.len());
    let (played, shown_step) = match boards::replay(&detail.start_code, &moves, asked) {
        Some((played, step)) => (played, Some(step)),
        None => (Vec::new(), None),
    };
    let last = played.len();
    let ply = asked.min(last);
    let current = shown_step
        .as_ref()
        .map(|s| step_text(w, s.played.as_ref(), ply))
        .unwrap_or_default();
    let title = w.game_title(
        detail.id.0,
        &detail.players.black.name_in(w.language()),
        &detail.players.white.name_in(w.language()),
    );
    let running = detail.status == Status::Active;
    let days = text::days_pattern(w);
    let whole_days = text::whole_days_pattern(w);
    let live = Live {
        stream: running.then(|| format!("{base}/live")),
        version,
        note: true,
    };
    let body = html! {
        h1 { (title) }
        section #info data-now=(now) {
            p.status { (w.status(detail.status, detail.result, detail.to_move)) }
            dl.facts {
                @for colour in Color::ALL {
                    dt { (w.colour(colour)) }
                    dd {
                        @let player = detail.players.get(colour);
                        @let name = text::bdi(&player.name_in(w.language()));
                        // A public server's players have pages once they have a rating there.
                        @if shown.site.access == WebAccess::Public && ratings.get(colour).is_some() {
                            a href=(shown.site.path(WebPage::Player(&player.id))) { span.name { (name) } }
                        } @else {
                            span.name { (name) }
                        }
                        " "
                        span.rating { "(" (ratings.get(colour).map_or_else(
                            || w.say("web-unrated"),
                            |r| text::rating(r.rating, r.is_provisional()),
                        )) ")" }
                        @if let Some(left) = clock_left(detail, colour, now) {
                            " "
                            span.clock data-deadline=[running_deadline(detail, colour)]
                                data-days=(days) data-whole-days=(whole_days) {
                                (text::clock(w, left))
                            }
                        }
                    }
                }
                @if let (Some(deadline), None) = (detail.deadline, detail.clocks) {
                    dt { (w.say("web-move-due")) }
                    @if let Some(left) = detail.standing {
                        dd { (w.with("web-clock-standing", &[("time", Arg::from(text::clock(w, left)))])) }
                    } @else {
                        dd { (text::when(deadline)) " (" span.clock data-deadline=(deadline) data-days=(days)
                            data-whole-days=(whole_days) {
                            (text::clock(w, deadline - now)) } ")" }
                    }
                }
                (layout::facts(w, detail.time_control, &w.board_size(detail.size, detail.pile),
                    detail.rule, detail.rated))
                @if let Some((tournament, name, round)) = tournament {
                    dt { (w.say("web-tournament")) }
                    dd {
                        a href=(shown.site.path(WebPage::Tournament(*tournament))) { (text::bdi(name)) }
                        ", " (w.round(*round))
                    }
                }
                @if let Some(started) = detail.started_at {
                    dt { (w.say("web-started")) } dd { (text::when(started)) }
                }
            }
        }
        figure #board tabindex="0" data-base=(base) data-last=(last) data-ply=(ply)
            data-start-text=(w.say("web-start")) data-alt-prefix=(w.say("web-board-alt")) {
            @if let Some(step) = &shown_step {
                (boards::picture_markup(&format!("{base}/board/{ply}"), step, w.language(),
                    &w.board_alt(&current)))
            }
            figcaption #step-caption aria-live="polite" { (current) }
        }
        @if let Some(step) = &shown_step { (layout::board_text(w, &step.position)) }
        nav.stepper aria-label=(w.say("web-stepper")) {
            a.button data-step="first" href="?ply=0" { (w.say("web-first")) }
            a.button data-step="previous" href={ "?ply=" (ply.saturating_sub(1)) } { (w.say("web-previous")) }
            a.button data-step="next" href={ "?ply=" ((ply + 1).min(last)) } { (w.say("web-next")) }
            a.button data-step="last" href={ "?ply=" (last) } { (w.say("web-last")) }
        }
        p.keys { (w.say("web-keys")) }
        @if let Some(analysis) = analysis {
            (analysis_section(w, detail, analysis))
        }
        section #moves-section {
            h2 { (w.say("web-moves")) }
            @if last == 0 {
                p { (w.say("web-no-moves")) }
            }
            ol #moves {
                @for (index, played) in played.iter().enumerate().map(|(i, p)| (i + 1, p)) {
                    @let caption = step_text(w, Some(played), index);
                    li {
                        a href={ "?ply=" (index) } data-ply=(index) data-caption=(caption)
                            aria-current=[(index == ply).then_some("step")] {
                            (played.mv)
                        }
                        @if let Some(mark) = analysis.and_then(|a| a.moves.get(index - 1)).and_then(|m| m.mark()) {
                            // The symbol and the word: never colour alone.
                            " " span class={ "mark " (mark.name()) } { (mark.symbol()) " " (mark_word(w, mark)) }
                        }
                    }
                }
            }
        }
        @if last > 0 {
            section #downloads {
                h2 { (w.say("web-downloads")) }
                ul {
                    li { a href={ (base) "/record" } download { (w.say("web-record")) } }
                    li { a href={ (base) "/replay" } { (w.say("web-replay")) } }
                }
            }
        }
    };
    layout::page(w, &title, false, &live, body)
}

/// A mark in words: `blunder`.
fn mark_word(w: Words, mark: Mark) -> String {
    w.with("analysis-mark", &[("mark", Arg::from(mark.name()))])
}

/// The analysis under the board: each side's accuracy and marks, and the evaluation chart as
/// an inline SVG (White's winning chance after each move): every point a link that steps to
/// its move (the page's script steps in place, without it the link loads that step), the
/// marked moves drawn as dots.
fn analysis_section(w: Words, detail: &GameDetail, analysis: &GameAnalysis) -> Markup {
    const WIDTH: f64 = 600.0;
    const HEIGHT: f64 = 200.0;
    let points = analysis.white_chances();
    let last = points.len().saturating_sub(1).max(1);
    #[allow(clippy::cast_precision_loss)]
    let x = |i: usize| WIDTH * i as f64 / last as f64;
    let y = |v: f64| HEIGHT * (1.0 - v.clamp(0.0, 1.0));
    #[allow(clippy::cast_precision_loss)]
    let column = WIDTH / last as f64;
    let line: Vec<String> = points
        .iter()
        .enumerate()
        .map(|(i, v)| format!("{:.1},{:.1}", x(i), y(*v)))
        .collect();
    let area = format!(
        "M0,{HEIGHT} L{} L{:.1},{HEIGHT} Z",
        line.join(" L"),
        x(points.len().saturating_sub(1))
    );
    let alt = w.with(
        "analysis-chart-alt",
        &[("game", Arg::from(detail.id.to_string()))],
    );
    html! {
        section #analysis {
            h2 { (w.say("web-analysis")) }
            ul.accuracy {
                @for colour in Color::ALL {
                    li { (w.with("analysis-side", &[
                        ("colour", Arg::from(colour.name())),
                        ("player", Arg::from(detail.players.get(colour).name_in(w.language()))),
                        ("accuracy", Arg::from(analysis.accuracy(colour).map_or(100, |a| a.round().clamp(0.0, 100.0) as i64))),
                        ("inaccuracies", Arg::from(analysis.count(colour, Mark::Inaccuracy))),
                        ("mistakes", Arg::from(analysis.count(colour, Mark::Mistake))),
                        ("blunders", Arg::from(analysis.count(colour, Mark::Blunder))),
                    ])) }
                }
            }
            figure.chart {
                svg viewBox={ "-8 -8 " (WIDTH + 16.0) " " (HEIGHT + 16.0) } role="group" aria-label=(alt) {
                    rect x="0" y="0" width=(WIDTH) height=(HEIGHT) fill="#403c3a" {}
                    path d=(area) fill="#ece8de" {}
                    line x1="0" y1=(HEIGHT / 2.0) x2=(WIDTH) y2=(HEIGHT / 2.0) stroke="#968f88" stroke-dasharray="6 4" {}
                    polyline points=(line.join(" ")) fill="none" stroke="#286ec8" stroke-width="2.5" {}
                    // Every point is a link to its step (a column the chart's height, so a
                    // tap anywhere above or below it lands), the marked ones drawn as dots.
                    @for (i, value) in points.iter().enumerate() {
                        @let review = i.checked_sub(1).and_then(|m| analysis.moves.get(m));
                        @let mark = review.and_then(MoveReview::mark);
                        @let label = point_label(w, i, review, mark);
                        @let left = (x(i) - column / 2.0).max(-8.0);
                        @let right = (x(i) + column / 2.0).min(WIDTH + 8.0);
                        a href={ "?ply=" (i) } aria-label=(label) data-ply=(i) {
                            rect.hit x=(format!("{left:.1}")) y="-8" width=(format!("{:.1}", right - left))
                                height=(HEIGHT + 16.0) fill="transparent" {}
                            @if let Some(mark) = mark {
                                circle cx=(format!("{:.1}", x(i))) cy=(format!("{:.1}", y(*value)))
                                    r=(match mark { Mark::Inaccuracy => "5", Mark::Mistake => "6", Mark::Blunder => "8" })
                                    fill=(match mark { Mark::Inaccuracy => "#ffffff", Mark::Mistake => "#e66e14", Mark::Blunder => "#c81e1e" })
                                    stroke=(match mark { Mark::Inaccuracy => "#d6a014", _ => "#ffffff" })
                                    stroke-width="2.5" {}
                            }
                        }
                    }
                }
                figcaption { (alt) }
            }
        }
    }
}

/// What a point of the chart says: its step (the start, or the move) and the move's mark.
fn point_label(w: Words, ply: usize, review: Option<&MoveReview>, mark: Option<Mark>) -> String {
    let step = match review {
        None => w.say("web-start"),
        Some(r) => w.step(ply, &r.mv, r.mover(), &[]),
    };
    match mark {
        Some(mark) => format!("{step} {} {}", mark.symbol(), mark_word(w, mark)),
        None => step,
    }
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

/// `GET /game/{id}/{token}/board/{ply}`: the chat's picture after `ply` moves.
pub(super) async fn board(
    State(web): State<Arc<Web>>,
    Path((id, token, ply)): Path<(String, String, String)>,
    Asked(asked): Asked,
) -> Response {
    board_in(web, id, token, ply, asked, Shape::Chat).await
}

/// `GET /game/{id}/{token}/board/{ply}/phone`: the phone's picture after `ply` moves.
pub(super) async fn board_phone(
    State(web): State<Arc<Web>>,
    Path((id, token, ply)): Path<(String, String, String)>,
    Asked(asked): Asked,
) -> Response {
    board_in(web, id, token, ply, asked, Shape::Phone).await
}

/// `GET /game/{id}/{token}/board/{ply}/phone3x`: the phone's picture after `ply` moves for a
/// screen of three device pixels a CSS pixel.
pub(super) async fn board_dense_phone(
    State(web): State<Arc<Web>>,
    Path((id, token, ply)): Path<(String, String, String)>,
    Asked(asked): Asked,
) -> Response {
    board_in(web, id, token, ply, asked, Shape::DensePhone).await
}

/// The picture in `shape` after `ply` moves.
async fn board_in(
    web: Arc<Web>,
    id: String,
    token: String,
    ply: String,
    asked: Option<Language>,
    shape: Shape,
) -> Response {
    let built = web
        .blocking(move |web| {
            let Some(shown) = shown(web, asked, &id, &token)? else {
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
            let Some(step) = boards::step_at(&shown.detail.start_code, &moves, ply) else {
                return Ok(None);
            };
            Ok(web
                .boards
                .png(&step, shown.detail.rule, shown.words.language(), shape))
        })
        .await;
    answer(built.map(|png| png.map(|png| png_response(&png))))
}

/// `GET /game/{id}/{token}/text/{ply}`: the position after `ply` moves in words, one level
/// a line, for the page's script to show when it steps.
pub(super) async fn board_text(
    State(web): State<Arc<Web>>,
    Path((id, token, ply)): Path<(String, String, String)>,
    Asked(asked): Asked,
) -> Response {
    let built = web
        .blocking(move |web| {
            let Some(shown) = shown(web, asked, &id, &token)? else {
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
            let Some(step) = boards::step_at(&shown.detail.start_code, &moves, ply) else {
                return Ok(None);
            };
            Ok(Some(
                akron_service::service::position_levels(&step.position, shown.words.language())
                    .join("\n"),
            ))
        })
        .await;
    answer(built.map(|text| {
        text.map(|text| {
            (
                [
                    (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
                    (header::CACHE_CONTROL, "private, max-age=60"),
                    (header::VARY, "Accept-Language"),
                ],
                text,
            )
                .into_response()
        })
    }))
}

/// A PNG, which a browser may keep a minute (a takeback can change a step's picture); its
/// words are in the language the browser asks for.
pub(super) fn png_response(png: &[u8]) -> Response {
    (
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, "private, max-age=60"),
            (header::VARY, "Accept-Language"),
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
        .blocking(move |web| Ok(shown(web, UNWORDED, &id, &token)?.map(|s| record_text(&s.detail))))
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
    Asked(asked): Asked,
) -> Response {
    let built = web
        .blocking(move |web| {
            let Some(shown) = shown(web, asked, &id, &token)? else {
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
                        black: Some(detail.players.black.name_in(shown.words.language())),
                        white: Some(detail.players.white.name_in(shown.words.language())),
                    },
                    moves_played: None,
                    outcome: detail.result,
                },
                labels: akron_service::catalogue::labels(shown.words.language()).clone(),
                ..Default::default()
            };
            let language = shown.words.language();
            Ok(web
                .boards
                .gif(detail.id, moves.len(), &game, &options, language))
        })
        .await;
    match built {
        Ok(Some(gif)) => (
            [
                (header::CONTENT_TYPE, "image/gif"),
                (header::CACHE_CONTROL, "private, max-age=60"),
                (header::VARY, "Accept-Language"),
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
