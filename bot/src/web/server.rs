//! A public server's page (leaderboard, tournaments, latest games) and its players' pages.

use super::layout::{self, Live};
use super::text::{self, Words};
use super::{not_found, parse_token, words_for, Asked, Indexable, Web};
use crate::service::{GameDetail, LeaderboardRow, RatingDetail, ServiceError};
use akron_rules::Color;
use akron_service::service::{TournamentSummary, WebPage, WebSite};
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use maud::{html, Markup};
use std::fmt::Write as _;
use std::sync::Arc;

/// Games and tournaments a server's page lists.
const LISTED: usize = 20;

/// The public site whose server page has this token.
fn public_site(web: &Web, token: &str) -> Result<Option<WebSite>, ServiceError> {
    match parse_token(token) {
        Some(token) => web.service.public_web_site(token),
        None => Ok(None),
    }
}

/// An indexable page: public servers opted in to being seen.
fn indexable(markup: Markup) -> Response {
    let mut response = markup.into_response();
    response.extensions_mut().insert(Indexable);
    response
}

/// `GET /server/{token}`.
pub(super) async fn page(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    Asked(asked): Asked,
) -> Response {
    let built = web
        .blocking(move |web| {
            let Some(site) = public_site(web, &token)? else {
                return Ok(None);
            };
            let w = words_for(web, asked, &site)?;
            let board = web.service.leaderboard(Some(&site.server))?;
            let tournaments = web.service.server_tournaments(&site.server, LISTED)?;
            let mut games = Vec::new();
            for id in web.service.server_games(&site.server, LISTED)? {
                if let Some(game) = web.service.game_detail(id)? {
                    games.push(game);
                }
            }
            Ok(Some(render(w, &site, &board, &tournaments, &games)))
        })
        .await;
    match built {
        Ok(Some(markup)) => indexable(markup),
        Ok(None) => not_found(),
        Err(failure) => failure,
    }
}

fn render(
    w: Words,
    site: &WebSite,
    board: &[LeaderboardRow],
    tournaments: &[TournamentSummary],
    games: &[GameDetail],
) -> Markup {
    let body = html! {
        h1 { (w.say("web-server-title")) }
        section #leaderboard {
            h2 { (w.say("web-leaderboard")) }
            @if board.is_empty() { p { (w.say("web-none-yet")) } } @else {
                (layout::scroll(&w.say("web-leaderboard"), html! { table {
                    thead { tr {
                        th { (w.say("web-rank")) } th { (w.say("web-player")) }
                        th { (w.say("web-rating")) } th { (w.say("web-games")) }
                    } }
                    tbody { @for row in board { tr {
                        td { (row.rank) }
                        td.player { a href=(site.path(WebPage::Player(&row.user))) { (text::bdi(&row.name)) } }
                        td { (text::rating(row.rating.rating, row.rating.is_provisional())) }
                        td { (row.games) }
                    } } }
                } }))
            }
        }
        section #tournaments {
            h2 { (w.say("web-tournaments")) }
            @if tournaments.is_empty() { p { (w.say("web-none-yet")) } } @else {
                ul { @for t in tournaments { li {
                    a href=(site.path(WebPage::Tournament(t.id))) { (text::bdi(&t.name)) }
                    " · " (w.tournament_status(t.status))
                    @if t.current_round > 0 { " · " (w.round(t.current_round)) }
                } } }
            }
        }
        section #recent {
            h2 { (w.say("web-recent-games")) }
            @if games.is_empty() { p { (w.say("web-none-yet")) } } @else {
                ul { @for g in games { li {
                    a href=(site.path(WebPage::Game(g.id))) {
                        (w.game_title(g.id.0, &g.players.black.name_in(w.language()), &g.players.white.name_in(w.language())))
                    }
                    " · " (w.status(g.status, g.result, g.to_move))
                } } }
            }
        }
    };
    layout::page(w, &w.say("web-server-title"), true, &Live::default(), body)
}

/// `GET /server/{token}/player/{player}`.
pub(super) async fn player(
    State(web): State<Arc<Web>>,
    Path((token, player)): Path<(String, String)>,
    Asked(asked): Asked,
) -> Response {
    let built = web
        .blocking(move |web| {
            let Some(site) = public_site(web, &token)? else {
                return Ok(None);
            };
            let Some(player) = parse_token(&player) else {
                return Ok(None);
            };
            let Some(user) = web.service.web_player(&site, player)? else {
                return Ok(None);
            };
            let detail = web.service.player_detail(&user, Some(&site.server))?;
            let Some(here) = detail.here.filter(|h| h.server.is_some()) else {
                return Ok(None);
            };
            let w = words_for(web, asked, &site)?;
            Ok(Some(render_player(w, &site, &here)))
        })
        .await;
    match built {
        Ok(Some(markup)) => indexable(markup),
        Ok(None) => not_found(),
        Err(failure) => failure,
    }
}

/// Won, drawn, lost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Tally {
    won: u32,
    drawn: u32,
    lost: u32,
}

impl Tally {
    fn add(&mut self, won: Option<bool>) {
        match won {
            Some(true) => self.won += 1,
            None => self.drawn += 1,
            Some(false) => self.lost += 1,
        }
    }
}

/// A result's kind from the player's side, as the catalogue's selectors name it.
fn kind(won: Option<bool>) -> &'static str {
    match won {
        Some(true) => "win",
        None => "draw",
        Some(false) => "loss",
    }
}

/// The current streak (its kind and length) and the longest winning streak.
fn streaks(results: &[Option<bool>]) -> (Option<(&'static str, usize)>, usize) {
    let mut best = 0;
    let mut run = 0;
    for result in results {
        if *result == Some(true) {
            run += 1;
            best = best.max(run);
        } else {
            run = 0;
        }
    }
    let current = results.last().map(|last| {
        let length = results.iter().rev().take_while(|r| *r == last).count();
        (kind(*last), length)
    });
    (current, best)
}

/// Evenly spaced round values from below `low` to above `high`, about three steps apart:
/// the chart's scale.
fn ticks(low: f64, high: f64) -> Vec<f64> {
    let span = (high - low).max(20.0);
    let raw = span / 3.0;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|step| *step >= raw)
        .unwrap_or(10.0 * magnitude);
    let mut low = (low / step).floor() * step;
    let mut high = (high / step).ceil() * step;
    if high - low < step {
        low -= step;
        high += step;
    }
    let count = ((high - low) / step).round() as usize;
    (0..=count).map(|i| low + i as f64 * step).collect()
}

/// The rating history as an SVG line on its scale (ratings up the side, games along the
/// bottom), with its text alternative.
fn chart(w: Words, here: &RatingDetail) -> Markup {
    let values: Vec<f64> = here.history.iter().map(|h| h.after.rating).collect();
    let (Some(&first), Some(&last)) = (values.first(), values.last()) else {
        return html! {};
    };
    let low = values.iter().copied().fold(f64::INFINITY, f64::min);
    let high = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let scale = ticks(low, high);
    let (bottom, top) = (scale[0], scale[scale.len() - 1]);
    // The plot's box in the picture's 360 × 160 units.
    let (left, right, upper, lower) = (52.0, 350.0, 10.0, 126.0);
    let x_of = |index: usize| {
        if values.len() > 1 {
            left + index as f64 * (right - left) / (values.len() - 1) as f64
        } else {
            (left + right) / 2.0
        }
    };
    let y_of = |value: f64| lower - (value - bottom) / (top - bottom) * (lower - upper);
    let mut points = String::new();
    for (index, value) in values.iter().enumerate() {
        let _ = write!(points, "{:.1},{:.1} ", x_of(index), y_of(*value));
    }
    let alt = w.chart_alt(first, last, low, high, values.len());
    html! {
        figure.chart {
            svg role="img" aria-label=(alt) viewBox="0 0 360 160" width="360" height="160"
                xmlns="http://www.w3.org/2000/svg" {
                title { (alt) }
                @for tick in &scale {
                    @let y = format!("{:.1}", y_of(*tick));
                    line.grid x1=(left) x2=(right) y1=(y) y2=(y) {}
                    text.scale x=(left - 6.0) y=(y) text-anchor="end" dominant-baseline="middle" {
                        (format!("{tick:.0}"))
                    }
                }
                @if values.len() > 1 {
                    text.scale x=(left) y="144" text-anchor="start" { "1" }
                    text.scale x=(right) y="144" text-anchor="end" { (values.len()) }
                } @else {
                    text.scale x=(x_of(0)) y="144" text-anchor="middle" { "1" }
                    // One game is one point, which a line cannot show.
                    circle.dot cx=(format!("{:.1}", x_of(0))) cy=(format!("{:.1}", y_of(first))) r="3" {}
                }
                text.scale x=((left + right) / 2.0) y="156" text-anchor="middle" {
                    (w.say("web-games"))
                }
                polyline.line points=(points.trim_end()) fill="none" stroke-width="2" {}
            }
            figcaption { (alt) }
        }
    }
}

fn render_player(w: Words, site: &WebSite, here: &RatingDetail) -> Markup {
    let mut black = Tally::default();
    let mut white = Tally::default();
    for result in &here.results {
        if result.as_black {
            black.add(result.won);
        } else {
            white.add(result.won);
        }
    }
    let outcomes: Vec<Option<bool>> = here.results.iter().map(|r| r.won).collect();
    let (current, best) = streaks(&outcomes);
    let body = html! {
        h1 { (text::bdi(&here.name)) }
        p.rating { (w.say("web-rating")) ": " (text::rating(here.rating.rating, here.rating.is_provisional()))
            " · " (w.say("web-games")) ": " (here.games) }
        section { h2 { (w.say("web-rating-history")) } (chart(w, here)) }
        section {
            h2 { (w.say("web-by-colour")) }
            table {
                thead { tr {
                    th {} th { (w.say("web-won-heading")) } th { (w.say("web-drawn-heading")) }
                    th { (w.say("web-lost-heading")) }
                } }
                tbody {
                    tr { th { (w.colour(Color::Black)) } td { (black.won) } td { (black.drawn) } td { (black.lost) } }
                    tr { th { (w.colour(Color::White)) } td { (white.won) } td { (white.drawn) } td { (white.lost) } }
                }
            }
        }
        section {
            h2 { (w.say("web-streaks")) }
            @if let Some((kind, length)) = current {
                p { (w.current_streak(kind, length)) }
            }
            p { (w.best_streak(best)) }
        }
        section {
            h2 { (w.say("web-recent-games")) }
            ul { @for result in here.results.iter().rev().take(LISTED) { li {
                a href=(site.path(WebPage::Game(result.game))) { (w.game_link(result.game.0)) }
                " · " (w.colour(if result.as_black { Color::Black } else { Color::White }))
                " · " (w.result_word(kind(result.won)))
                " · " (text::when(result.at))
            } } }
        }
    };
    layout::page(w, &here.name, true, &Live::default(), body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_charts_scale_is_round_and_holds_every_rating() {
        assert_eq!(ticks(1480.0, 1530.0), vec![1480.0, 1500.0, 1520.0, 1540.0]);
        assert_eq!(ticks(1500.0, 1500.0), vec![1490.0, 1500.0, 1510.0]);
        assert_eq!(
            ticks(1200.0, 1900.0),
            vec![1000.0, 1250.0, 1500.0, 1750.0, 2000.0]
        );
        for (low, high) in [(1391.7, 1604.2), (0.0, 3000.0), (1499.9, 1500.1)] {
            let scale = ticks(low, high);
            assert!(
                scale[0] <= low && scale[scale.len() - 1] >= high,
                "{low} {high}: {scale:?}"
            );
            assert!((2..=8).contains(&scale.len()), "{low} {high}: {scale:?}");
        }
    }

    #[test]
    fn streaks_count_the_current_run_and_the_longest_win_run() {
        let w = Some(true);
        let l = Some(false);
        assert_eq!(streaks(&[]), (None, 0));
        assert_eq!(streaks(&[w, w, l, w, w, w, l, l]), (Some(("loss", 2)), 3));
        assert_eq!(streaks(&[l, None, w]), (Some(("win", 1)), 1));
    }
}
