//! A puzzle's page: the position, and after its reveal the solution and who solved it.

use super::boards::{Boards, Step};
use super::game::png_response;
use super::layout::{self, Live};
use super::{not_found, parse_id, parse_token, site_of, text, Web};
use crate::service::{PuzzleDetail, ServiceError};
use akron_rules::Position;
use akron_service::model::PuzzleId;
use akron_service::service::WebPage;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use maud::html;
use std::sync::Arc;

/// The puzzle `id` when `token` is its page's and its channel's server has pages on.
fn shown(web: &Web, id: &str, token: &str) -> Result<Option<(PuzzleDetail, String)>, ServiceError> {
    let (Some(id), Some(token)) = (parse_id(id), parse_token(token)) else {
        return Ok(None);
    };
    let Some(puzzle) = web.service.puzzle_detail(PuzzleId(id))? else {
        return Ok(None);
    };
    let server = web.service.channel_server(&puzzle.channel)?;
    let Some(site) = site_of(&web.service, server.as_ref())? else {
        return Ok(None);
    };
    if !site.checks(WebPage::Puzzle(puzzle.id), token) {
        return Ok(None);
    }
    let base = site.path(WebPage::Puzzle(puzzle.id));
    Ok(Some((puzzle, base)))
}

/// `GET /puzzle/{id}/{token}`.
pub(super) async fn page(
    State(web): State<Arc<Web>>,
    Path((id, token)): Path<(String, String)>,
) -> Response {
    let built = web
        .blocking(move |web| {
            let Some((puzzle, base)) = shown(web, &id, &token)? else {
                return Ok(None);
            };
            let Ok(position) = puzzle.code.parse::<Position>() else {
                return Ok(None);
            };
            // The answer stays hidden until its reveal, whoever asks.
            let revealed = web.service.now() >= puzzle.reveal_at;
            let title = text::puzzle_title(puzzle.id.0, &puzzle.title);
            let body = html! {
                h1 { (title) }
                p { (text::puzzle_task(position.turn(), puzzle.moves)) }
                p { (text::RULE) ": " (text::rule(puzzle.rule)) }
                figure #board {
                    img #board-img src={ (base) "/board" } alt=(text::PUZZLE_ALT)
                        width="800" height="800";
                }
                @if revealed {
                    section #solution {
                        h2 { (text::SOLUTION) }
                        p { (puzzle.solution.join(" ")) }
                        h2 { (text::WINNING_FIRST_MOVES) }
                        p { (puzzle.first_moves.join(", ")) }
                        h2 { (text::SOLVERS) }
                        @if puzzle.solvers.is_empty() { p { (text::NONE_YET) } }
                        ul { @for solver in &puzzle.solvers { li { (solver.name) } } }
                    }
                } @else {
                    p.hidden { (text::puzzle_hidden(puzzle.reveal_at)) }
                }
            };
            Ok(Some(layout::page(&title, false, &Live::default(), body)))
        })
        .await;
    match built {
        Ok(Some(markup)) => markup.into_response(),
        Ok(None) => not_found(),
        Err(failure) => failure,
    }
}

/// `GET /puzzle/{id}/{token}/board`.
pub(super) async fn board(
    State(web): State<Arc<Web>>,
    Path((id, token)): Path<(String, String)>,
) -> Response {
    let built = web
        .blocking(move |web| {
            let Some((puzzle, _)) = shown(web, &id, &token)? else {
                return Ok(None);
            };
            let Ok(position) = puzzle.code.parse::<Position>() else {
                return Ok(None);
            };
            let step = Step {
                position,
                played: None,
            };
            Ok(Boards::png(&web.boards, &step, puzzle.rule))
        })
        .await;
    match built {
        Ok(Some(png)) => png_response(&png),
        Ok(None) => not_found(),
        Err(failure) => failure,
    }
}
