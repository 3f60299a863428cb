//! A puzzle's page: the position, and after its reveal the solution and who solved it.

use super::boards::{picture_markup, Boards, Shape, Step};
use super::game::png_response;
use super::layout::{self, Live};
use super::text;
use super::{answer, show, Asked, Showable, Web};
use crate::service::{PuzzleDetail, Service, ServiceError};
use akron_rules::Position;
use akron_service::catalogue::Arg;
use akron_service::model::{PuzzleId, ServerId};
use akron_service::service::WebPage;
use axum::extract::{Path, State};
use axum::response::Response;
use maud::html;
use std::collections::HashSet;
use std::sync::Arc;

/// A puzzle's page belongs to its server: the one it was posted on (for a puzzle from
/// before that was recorded, the server of its channel's games).
impl Showable for PuzzleDetail {
    fn load(service: &Service, id: i64) -> Result<Option<PuzzleDetail>, ServiceError> {
        service.puzzle_detail(PuzzleId(id))
    }
    fn server(&self) -> Option<&ServerId> {
        self.server.as_ref()
    }
    fn page(&self) -> WebPage<'_> {
        WebPage::Puzzle(self.id)
    }
}

/// `GET /puzzle/{id}/{token}`.
pub(super) async fn page(
    State(web): State<Arc<Web>>,
    Path((id, token)): Path<(String, String)>,
    Asked(asked): Asked,
) -> Response {
    let built = web
        .blocking(move |web| {
            let Some(shown) = show::<PuzzleDetail>(web, asked, &id, &token)? else {
                return Ok(None);
            };
            let (puzzle, w) = (&shown.detail, shown.words);
            let base = shown.site.path(WebPage::Puzzle(puzzle.id));
            let Ok(position) = puzzle.code.parse::<Position>() else {
                return Ok(None);
            };
            // The answer stays hidden until its reveal, whoever asks.
            let revealed = web.service.now() >= puzzle.reveal_at;
            let title = w.puzzle_title(puzzle.id.0, &puzzle.title);
            let pages = if revealed {
                web.service
                    .with_pages(&shown.site, puzzle.solvers.iter().map(|s| &s.id))?
            } else {
                HashSet::new()
            };
            let colour = if position.turn() == akron_rules::Color::Black {
                "black"
            } else {
                "white"
            };
            let alt = w.with("web-puzzle-alt", &[("colour", Arg::from(colour))]);
            let step = Step {
                position: position.clone(),
                played: None,
            };
            let body = html! {
                h1 { (title) }
                p { (w.puzzle_task(position.turn(), puzzle.moves)) }
                p { (w.say("web-rule")) ": " (w.rule(puzzle.rule)) }
                figure #board {
                    (picture_markup(&format!("{base}/board"), &step, w.language(), &alt))
                }
                (layout::board_text(w, &step.position))
                @if revealed {
                    section #solution {
                        h2 { (w.say("web-solution")) }
                        p { (puzzle.solution.join(" ")) }
                        h2 { (w.say("web-winning-first-moves")) }
                        p { (puzzle.first_moves.join(", ")) }
                        h2 { (w.say("web-solvers")) }
                        @if puzzle.solvers.is_empty() { p { (w.say("web-none-yet")) } }
                        ul { @for solver in &puzzle.solvers {
                            li { (text::player_name(&shown.site, &pages, &solver.id, &solver.name)) }
                        } }
                    }
                } @else {
                    p.hidden { (w.with_time("web-puzzle-hidden", &[], puzzle.reveal_at)) }
                }
            };
            Ok(Some(layout::page(w, &title, false, &Live::default(), body)))
        })
        .await;
    answer(built)
}

/// `GET /puzzle/{id}/{token}/board`: the chat's picture.
pub(super) async fn board(
    State(web): State<Arc<Web>>,
    Path((id, token)): Path<(String, String)>,
    Asked(asked): Asked,
) -> Response {
    board_in(web, id, token, asked, Shape::Chat).await
}

/// `GET /puzzle/{id}/{token}/board/phone`: the phone's picture.
pub(super) async fn board_phone(
    State(web): State<Arc<Web>>,
    Path((id, token)): Path<(String, String)>,
    Asked(asked): Asked,
) -> Response {
    board_in(web, id, token, asked, Shape::Phone).await
}

/// `GET /puzzle/{id}/{token}/board/phone3x`: the phone's picture for a screen of three device
/// pixels a CSS pixel.
pub(super) async fn board_dense_phone(
    State(web): State<Arc<Web>>,
    Path((id, token)): Path<(String, String)>,
    Asked(asked): Asked,
) -> Response {
    board_in(web, id, token, asked, Shape::DensePhone).await
}

/// The puzzle's picture in `shape`.
async fn board_in(
    web: Arc<Web>,
    id: String,
    token: String,
    asked: Option<super::Language>,
    shape: Shape,
) -> Response {
    let built = web
        .blocking(move |web| {
            let Some(shown) = show::<PuzzleDetail>(web, asked, &id, &token)? else {
                return Ok(None);
            };
            let language = shown.words.language();
            let puzzle = shown.detail;
            let Ok(position) = puzzle.code.parse::<Position>() else {
                return Ok(None);
            };
            let step = Step {
                position,
                played: None,
            };
            Ok(Boards::png(
                &web.boards,
                &step,
                puzzle.rule,
                language,
                shape,
            ))
        })
        .await;
    answer(built.map(|png| png.map(|png| png_response(&png))))
}
