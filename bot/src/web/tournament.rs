//! A tournament's page and its CSV exports.

use super::layout::{self, Live};
use super::text::{self, Words};
use super::{answer, not_found, show, Asked, Language, Showable, Web};
use crate::service::{Service, ServiceError, TournamentDetail};
use akron_rules::Color;
use akron_service::catalogue::Arg;
use akron_service::model::{ServerId, TournamentFormat, TournamentId, TournamentStatus, UserId};
use akron_service::service::{WebPage, WebSite};
use akron_service::tournament::{trim_number, GameResult};
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use maud::{html, Markup};
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::sync::Arc;

/// The most entrants a crosstable is drawn for (its cells grow with the square).
const MAX_CROSSTABLE: usize = 64;

/// A tournament that may be shown, with its server's site and the reader's words.
pub(super) type Shown = super::Shown<TournamentDetail>;

impl Showable for TournamentDetail {
    fn load(service: &Service, id: i64) -> Result<Option<TournamentDetail>, ServiceError> {
        service.tournament_detail(TournamentId(id))
    }
    fn server(&self) -> Option<&ServerId> {
        self.server.as_ref()
    }
    fn page(&self) -> WebPage<'_> {
        WebPage::Tournament(self.id)
    }
}

/// The CSV exports have no words: they need not read the server's language.
const UNWORDED: Option<Language> = Some(Language::English);

/// The words for how a withdrawn entrant left: withdrew, or disqualified by the organiser.
fn left_key(e: &akron_service::model::TournamentEntrant) -> &'static str {
    if e.disqualified {
        "web-disqualified"
    } else {
        "web-withdrawn"
    }
}

/// An entrant's name, isolated ([`text::isolate`]) and marked when they withdrew.
fn name(w: Words, detail: &TournamentDetail, player: u32) -> String {
    match detail.entrant(player) {
        Some(e) if e.withdrawn => {
            format!("{} ({})", text::isolate(&e.user.name), w.say(left_key(e)))
        }
        Some(e) => text::isolate(&e.user.name),
        None => format!("#{player}"),
    }
}

/// An entrant's name as [`name`] writes it, linked to their player page when they have one
/// (`pages`: a public server's rated players, [`Service::with_pages`]).
fn linked(
    w: Words,
    detail: &TournamentDetail,
    player: u32,
    site: &WebSite,
    pages: &HashSet<UserId>,
) -> Markup {
    let shown = html! { (name(w, detail, player)) };
    match detail.entrant(player) {
        Some(e) => text::to_page(site, pages, &e.user.id, shown),
        None => shown,
    }
}

/// Half-points as `1½`.
fn halves(points: u32) -> String {
    match (points / 2, points % 2) {
        (0, 1) => "½".to_string(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// The half-points Black and White scored with `result`.
fn scored(result: GameResult) -> (u32, u32) {
    match result {
        GameResult::FirstWon | GameResult::SecondForfeited => (2, 0),
        GameResult::SecondWon | GameResult::FirstForfeited => (0, 2),
        GameResult::Draw => (1, 1),
        GameResult::BothForfeited => (0, 0),
    }
}

/// `GET /tournament/{id}/{token}`.
pub(super) async fn page(
    State(web): State<Arc<Web>>,
    Path((id, token)): Path<(String, String)>,
    Asked(asked): Asked,
) -> Response {
    let built = web
        .blocking(move |web| {
            let Some(shown) = show::<TournamentDetail>(web, asked, &id, &token)? else {
                return Ok(None);
            };
            let version = web
                .service
                .tournament_version(shown.detail.id)?
                .unwrap_or(0);
            let pages = web.service.with_pages(
                &shown.site,
                shown.detail.entrants.iter().map(|e| &e.user.id),
            )?;
            Ok(Some(render(&shown, version, &pages)))
        })
        .await;
    answer(built)
}

fn render(shown: &Shown, version: i64, pages: &HashSet<UserId>) -> Markup {
    let detail = &shown.detail;
    let site = &shown.site;
    let w = shown.words;
    let base = site.path(WebPage::Tournament(detail.id));
    let live = matches!(
        detail.status,
        TournamentStatus::SignUp | TournamentStatus::Running | TournamentStatus::Paused
    );
    let live = Live {
        stream: live.then(|| format!("{base}/live")),
        note: false,
        version,
    };
    let body = html! {
        h1 { (text::bdi(&detail.name)) }
        dl.facts {
            dt { (w.say("web-format")) } dd { (w.format(detail.format, detail.double)) }
            dt { (w.say("web-status")) } dd {
                (w.tournament_status(detail.status))
                @if detail.current_round > 0 {
                    ", " (w.round_of(detail.current_round, detail.planned_rounds))
                }
            }
            dt { (w.say("web-organiser")) } dd { (text::bdi(&detail.organiser.name)) }
            (layout::facts(w, detail.time_control, &format!("{0}×{0}", detail.size),
                detail.rule, detail.rated))
        }
        p.downloads {
            a href={ (base) "/standings" } download { (w.say("web-standings-csv")) }
            " · "
            a href={ (base) "/pairings" } download { (w.say("web-pairings-csv")) }
        }
        @if let Some(bracket) = &detail.bracket {
            section #bracket {
                h2 { (w.say("web-bracket")) }
                (layout::scroll(&w.say("web-bracket"), bracket_html(w, site, detail, bracket)))
            }
        }
        @if detail.bracket.is_none() {
        section #standings {
            h2 { (w.say("web-standings")) }
            (standings(w, detail, site, pages))
        }
        }
        @if detail.format == TournamentFormat::RoundRobin && !detail.rounds.is_empty() {
            section #crosstable {
                h2 { (w.say("web-crosstable")) }
                (crosstable(w, detail))
            }
        }
        @if detail.format == TournamentFormat::Swiss && !detail.rounds.is_empty() {
            section #progress {
                h2 { (w.say("web-progress")) }
                (progress(w, detail))
            }
        }
        @if !detail.rounds.is_empty() {
            section #schedule {
                h2 { (w.say("web-schedule")) }
                (schedule(w, detail))
            }
        }
        @if detail.bracket.is_none() {
        section #rounds {
            h2 { (w.say("web-rounds")) }
            @if detail.rounds.is_empty() { p { (w.say("web-no-rounds")) } }
            @for round in detail.rounds.iter().rev() {
                h3 { (w.round(round.number)) }
                (layout::scroll(&w.round(round.number), html! {
                    table.pairings {
                        thead { tr {
                            th { (w.say("web-pairing-board")) } th { (w.colour(Color::Black)) }
                            th { (w.say("web-result")) }
                            th { (w.colour(Color::White)) } th { (w.say("web-games")) }
                        } }
                        tbody {
                            @for p in &round.pairings {
                                tr {
                                    td { (p.board) }
                                    td.player { (linked(w, detail, p.black, site, pages)) }
                                    td.result { (text::board_result(p.result))
                                        @if p.adjudicated && p.result.is_some() { " " small { (w.say("web-adjudicated")) } } }
                                    td.player { (linked(w, detail, p.white, site, pages)) }
                                    td { @if let Some(game) = p.game {
                                        a href=(site.path(WebPage::Game(game))) {
                                            (w.game_link(game.0))
                                        }
                                    } }
                                }
                            }
                        }
                    }
                }))
                @if let Some(bye) = round.bye {
                    p.bye { (w.bye(&name(w, detail, bye))) }
                }
            }
        }
        }
        section #entrants {
            h2 { (w.say("web-entrants")) " (" (detail.entrants.len()) ")" }
            ol.entrants {
                @for e in &detail.entrants {
                    li {
                        span.name { (text::bdi(&e.user.name)) }
                        " (" (format!("{:.0}", e.rating)) ")"
                        @if e.withdrawn { " " span.withdrawn { (w.say(left_key(e))) } }
                    }
                }
            }
        }
    };
    layout::page(w, &detail.name, false, &live, body)
}

/// A knockout's bracket: a column per round (all of them, later ones empty until paired),
/// each match its two entrants with seed, name in `<bdi>` and score, the winner marked, and
/// links to its games. Wider than a phone: it scrolls sideways in its box, which shows it.
fn bracket_html(
    w: Words,
    site: &akron_service::service::WebSite,
    detail: &TournamentDetail,
    bracket: &akron_service::service::BracketDetail,
) -> Markup {
    // A player who left is marked in their last match only, not in the rounds they won.
    let entry = |player: u32, score: String, won: Option<bool>, round: u32| {
        let seed = detail.entrant(player).and_then(|e| e.seed);
        let class = match won {
            Some(true) => "entry won",
            Some(false) => "entry lost",
            None => "entry",
        };
        html! {
            div class=(class) {
                span.seed { @if let Some(seed) = seed { (seed) } }
                span.name {
                    @match detail.entrant(player) {
                        Some(e) => {
                            (text::bdi(&e.user.name))
                            @if e.withdrawn && bracket.last_round_of(player) == Some(round) {
                                " " small.withdrawn { (w.say(left_key(e))) }
                            }
                        }
                        None => { "#" (player) }
                    }
                }
                span.score { (score) }
            }
        }
    };
    let one = |m: &akron_service::service::MatchDetail| {
        let scored = !m.games.is_empty();
        let score = |p: akron_service::tournament::Points| {
            if scored {
                p.to_string()
            } else {
                String::new()
            }
        };
        html! {
            li.match {
                (entry(m.high, score(m.score.0), m.winner.map(|x| x == m.high), m.round))
                @match m.low {
                    Some(low) => (entry(low, score(m.score.1), m.winner.map(|x| x == low), m.round)),
                    None => div.entry.lost { span.seed {} span.name { (w.say("knockout-picture-bye")) } span.score {} },
                }
                @if !m.games.is_empty() {
                    p.games {
                        @for g in &m.games {
                            a href=(site.path(WebPage::Game(g.game))) { (w.game_link(g.game.0)) }
                            " "
                        }
                    }
                }
            }
        }
    };
    if let Some(shape) = bracket.double {
        return double_html(w, shape, bracket, &one);
    }
    html! {
        div.bracket {
            @for round in 1..=bracket.rounds {
                section.bracket-round {
                    h3 { (w.with("knockout-picture-round", &[
                        ("round", Arg::from(round)),
                        ("left", Arg::from(bracket.rounds.saturating_sub(round) + 1)),
                    ])) }
                    ol {
                        @for m in bracket.round(round) {
                            (one(m))
                        }
                    }
                }
            }
        }
    }
}

/// A double elimination's brackets, each labelled: the winners' bracket, the losers' bracket,
/// then the grand final (and the reset once it is played), a column per round.
fn double_html(
    w: Words,
    shape: akron_service::tournament::double::Double,
    bracket: &akron_service::service::BracketDetail,
    one: &dyn Fn(&akron_service::service::MatchDetail) -> Markup,
) -> Markup {
    use akron_service::tournament::double::Part;
    let column = |part: Part| {
        let (which, round, left) = match part {
            Part::Winners(r) => ("winners", r, shape.winners_rounds.saturating_sub(r) + 1),
            Part::Losers(r) => ("losers", r, shape.losers_rounds().saturating_sub(r) + 1),
            Part::GrandFinal => ("grand-final", 0, 0),
            Part::Reset => ("reset", 0, 0),
        };
        html! {
            section.bracket-round {
                h3 { (w.with("double-picture-part", &[
                    ("part", Arg::from(which)),
                    ("round", Arg::from(round)),
                    ("left", Arg::from(left)),
                ])) }
                ol {
                    @for m in bracket.part(part) {
                        (one(m))
                    }
                }
            }
        }
    };
    let reset_played = bracket.part(Part::Reset).next().is_some();
    html! {
        h3.bracket-part { (w.say("web-bracket-winners")) }
        div.bracket {
            @for r in 1..=shape.winners_rounds { (column(Part::Winners(r))) }
        }
        @if shape.losers_rounds() > 0 {
            h3.bracket-part { (w.say("web-bracket-losers")) }
            div.bracket {
                @for r in 1..=shape.losers_rounds() { (column(Part::Losers(r))) }
            }
        }
        h3.bracket-part { (w.say("web-bracket-finals")) }
        div.bracket {
            (column(Part::GrandFinal))
            @if reset_played { (column(Part::Reset)) }
        }
    }
}

fn standings(
    w: Words,
    detail: &TournamentDetail,
    site: &WebSite,
    pages: &HashSet<UserId>,
) -> Markup {
    layout::scroll(
        &w.say("web-standings"),
        html! {
                table #standings-table .standings {
                    thead { tr {
                        th { (w.say("web-rank")) } th { (w.say("web-player")) }
                        th { (w.say("web-points")) }
                        th { (text::tiebreak(detail.tiebreak)) } th { (w.say("web-record-wdl")) }
                    } }
                    tbody {
                        @for s in &detail.standings {
                            tr class=[s.withdrawn.then_some("withdrawn")] {
                                td { (s.rank) }
                                td.player { (linked(w, detail, s.player, site, pages)) }
                                td.points { (s.points) }
                                td { (trim_number(s.tiebreak)) }
                                td { (s.record())
                                    @if s.byes > 0 { " " (w.with("web-byes", &[("count", Arg::from(s.byes))])) } }
                            }
                        }
                    }
                }
        },
    )
}

/// Each round's start and, while it is played, when its moves are due: the time by which,
/// if nobody moves any more, every game of the round is decided. Times are `<time>`
/// elements the page's script shows in the reader's own time zone.
fn schedule(w: Words, detail: &TournamentDetail) -> Markup {
    html! {
        (layout::scroll(&w.say("web-schedule"), html! {
            table #schedule-table .schedule {
                thead { tr {
                    th { (w.say("web-round-heading")) } th { (w.say("web-started")) }
                    th { (w.say("web-due")) }
                } }
                tbody {
                    @for round in &detail.rounds {
                        tr data-round=(round.number) {
                            td { (round.number) }
                            td { @match round.started_at {
                                Some(at) => (text::when(at)),
                                None => (w.say("web-round-waiting")),
                            } }
                            td { @match (round.deadline, round.is_complete()) {
                                (Some(at), _) => (text::when(at)),
                                (None, true) => (w.say("web-round-complete")),
                                (None, false) => "—",
                            } }
                        }
                    }
                }
            }
        }))
        p.note { (w.say("web-schedule-note")) }
    }
}

/// A round robin's crosstable: each entrant's score against each other, in standing order.
fn crosstable(w: Words, detail: &TournamentDetail) -> Markup {
    if detail.entrants.len() > MAX_CROSSTABLE {
        return html! { p { (w.say("web-crosstable-too-large")) } };
    }
    let mut cells: HashMap<(u32, u32), String> = HashMap::new();
    for round in &detail.rounds {
        for p in &round.pairings {
            let Some(result) = p.result else { continue };
            let (black, white) = scored(result);
            let forfeit = matches!(
                result,
                GameResult::FirstForfeited
                    | GameResult::SecondForfeited
                    | GameResult::BothForfeited
            );
            let mark = |points: u32| match (forfeit, points) {
                (true, 2) => "+".to_string(),
                (true, _) => "−".to_string(),
                (false, points) => halves(points),
            };
            cells
                .entry((p.black, p.white))
                .or_default()
                .push_str(&mark(black));
            cells
                .entry((p.white, p.black))
                .or_default()
                .push_str(&mark(white));
        }
    }
    let order: Vec<u32> = detail.standings.iter().map(|s| s.player).collect();
    layout::scroll(
        &w.say("web-crosstable"),
        html! {
                table.crosstable {
                    thead { tr {
                        th { (w.say("web-rank")) } th { (w.say("web-player")) }
                        @for (index, _) in order.iter().enumerate() { th { (index + 1) } }
                        th { (w.say("web-points")) }
                    } }
                    tbody {
                        @for (row, &player) in order.iter().enumerate() {
                            tr {
                                td { (row + 1) }
                                td.player { (name(w, detail, player)) }
                                @for &other in &order {
                                    @if other == player { td.self { "■" } }
                                    @else { td { (cells.get(&(player, other)).map_or("", String::as_str)) } }
                                }
                                td.points { (detail.standings[row].points) }
                            }
                        }
                    }
                }
        },
    )
}

/// Each player's cumulative score after every round of a Swiss, in standing order.
fn progress(w: Words, detail: &TournamentDetail) -> Markup {
    let rounds: Vec<u32> = detail.rounds.iter().map(|r| r.number).collect();
    let mut per_round: HashMap<(u32, u32), u32> = HashMap::new();
    for round in &detail.rounds {
        for p in &round.pairings {
            if let Some(result) = p.result {
                let (black, white) = scored(result);
                per_round.insert((p.black, round.number), black);
                per_round.insert((p.white, round.number), white);
            }
        }
        if let Some(bye) = round.bye {
            per_round.insert((bye, round.number), 2);
        }
    }
    layout::scroll(
        &w.say("web-progress"),
        html! {
                table.progress {
                    thead { tr {
                        th { (w.say("web-player")) }
                        @for r in &rounds { th { (r) } }
                    } }
                    tbody {
                        @for s in &detail.standings {
                            tr {
                                td.player { (name(w, detail, s.player)) }
                                @for (total, r) in rounds.iter().scan(0u32, |total, r| {
                                    *total += per_round.get(&(s.player, *r)).copied().unwrap_or(0);
                                    Some((*total, *r))
                                }) {
                                    td { @if r <= detail.current_round { (halves(total)) } }
                                }
                            }
                        }
                    }
                }
        },
    )
}

/// A CSV field: quoted when needed, and a leading `=`, `+`, `-` or `@` neutralised so that
/// a spreadsheet never reads a name as a formula.
fn csv_field(value: &str) -> String {
    let value = if value.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{value}")
    } else {
        value.to_string()
    };
    if value.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", value.replace('"', "\"\""))
    } else {
        value
    }
}

fn csv_response(id: TournamentId, what: &str, body: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!(
                    "attachment; filename=\"akron-tournament-{}-{what}.csv\"",
                    id.0
                ),
            ),
        ],
        body,
    )
        .into_response()
}

/// The standings as CSV; a knockout's are its places ([`knockout_places_text`]).
pub(super) fn standings_text(detail: &TournamentDetail) -> String {
    if let Some(bracket) = &detail.bracket {
        return knockout_places_text(detail, bracket);
    }
    let mut out = format!(
        "rank,player,points,{},wins,draws,losses,byes,withdrawn\n",
        csv_field(text::tiebreak(detail.tiebreak))
    );
    for s in &detail.standings {
        let player = detail
            .entrant(s.player)
            .map_or_else(String::new, |e| e.user.name.clone());
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},{},{}",
            s.rank,
            csv_field(&player),
            trim_number(f64::from(scored_points(s.points))),
            trim_number(s.tiebreak),
            s.wins,
            s.draws,
            s.losses,
            s.byes,
            s.withdrawn
        );
    }
    out
}

/// A knockout's standings as CSV: each entrant's place once decided (the losers of a round
/// share one), seed, name and how they stand (`in`, `withdrew`, `disqualified`), best
/// first; before the end, every entrant by seed with no place yet. No Swiss points: a
/// knockout has none.
fn knockout_places_text(
    detail: &TournamentDetail,
    bracket: &akron_service::service::BracketDetail,
) -> String {
    let mut out = String::from("place,seed,player,status\n");
    let mut rows: Vec<(Option<u32>, u32)> = if bracket.places.is_empty() {
        let mut by_seed: Vec<_> = detail.entrants.iter().map(|e| (None, e.player)).collect();
        by_seed.sort_by_key(|(_, p)| detail.entrant(*p).and_then(|e| e.seed).unwrap_or(u32::MAX));
        by_seed
    } else {
        bracket
            .places
            .iter()
            .map(|(place, p)| (Some(*place), *p))
            .collect()
    };
    rows.dedup();
    for (place, player) in rows {
        let Some(e) = detail.entrant(player) else {
            continue;
        };
        let status = match (e.withdrawn, e.disqualified) {
            (false, _) => "in",
            (true, true) => "disqualified",
            (true, false) => "withdrew",
        };
        let _ = writeln!(
            out,
            "{},{},{},{}",
            place.map_or_else(String::new, |p| p.to_string()),
            e.seed.map_or_else(String::new, |s| s.to_string()),
            csv_field(&e.user.name),
            status
        );
    }
    out
}

/// A knockout's matches as CSV: round, match, both players with their seeds, the match's
/// score, who went through and its games.
fn knockout_matches_text(
    detail: &TournamentDetail,
    bracket: &akron_service::service::BracketDetail,
) -> String {
    let mut out =
        String::from("round,match,high_seed,high,low_seed,low,high_score,low_score,winner,games\n");
    let named = |player: u32| {
        detail.entrant(player).map_or_else(
            || (String::new(), String::new()),
            |e| {
                (
                    e.seed.map_or_else(String::new, |s| s.to_string()),
                    e.user.name.clone(),
                )
            },
        )
    };
    for m in &bracket.matches {
        let (high_seed, high) = named(m.high);
        let (low_seed, low) = m.low.map_or_else(|| (String::new(), String::new()), named);
        let scored = !m.games.is_empty();
        let score = |p: akron_service::tournament::Points| {
            if scored {
                trim_number(f64::from(scored_points(p)))
            } else {
                String::new()
            }
        };
        let games: Vec<String> = m.games.iter().map(|g| g.game.0.to_string()).collect();
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},{},{},{}",
            m.round,
            m.board,
            high_seed,
            csv_field(&high),
            low_seed,
            csv_field(&low),
            score(m.score.0),
            score(m.score.1),
            csv_field(&m.winner.map_or_else(String::new, |w| named(w).1)),
            games.join(" ")
        );
    }
    out
}

/// Points as a number (`1.5`).
fn scored_points(points: akron_service::tournament::Points) -> f32 {
    let text = points.to_string();
    let (whole, half) = match text.strip_suffix('½') {
        Some(whole) => (whole, 0.5),
        None => (text.as_str(), 0.0),
    };
    whole.parse::<f32>().unwrap_or(0.0) + half
}

/// The pairings of every round as CSV; a knockout's are its matches
/// ([`knockout_matches_text`]).
pub(super) fn pairings_text(detail: &TournamentDetail) -> String {
    if let Some(bracket) = &detail.bracket {
        return knockout_matches_text(detail, bracket);
    }
    let mut out = String::from("round,board,black,white,result,game\n");
    for round in &detail.rounds {
        for p in &round.pairings {
            let black = detail
                .entrant(p.black)
                .map_or_else(String::new, |e| e.user.name.clone());
            let white = detail
                .entrant(p.white)
                .map_or_else(String::new, |e| e.user.name.clone());
            let _ = writeln!(
                out,
                "{},{},{},{},{},{}",
                round.number,
                p.board,
                csv_field(&black),
                csv_field(&white),
                csv_field(p.result.map_or("", |r| text::board_result(Some(r)))),
                p.game.map_or_else(String::new, |g| g.0.to_string())
            );
        }
        if let Some(bye) = round.bye {
            let name = detail
                .entrant(bye)
                .map_or_else(String::new, |e| e.user.name.clone());
            let _ = writeln!(out, "{},,{},,bye,", round.number, csv_field(&name));
        }
    }
    out
}

/// `GET /tournament/{id}/{token}/standings`.
pub(super) async fn standings_csv(
    State(web): State<Arc<Web>>,
    Path((id, token)): Path<(String, String)>,
) -> Response {
    csv(web, id, token, "standings", standings_text).await
}

/// `GET /tournament/{id}/{token}/pairings`.
pub(super) async fn pairings_csv(
    State(web): State<Arc<Web>>,
    Path((id, token)): Path<(String, String)>,
) -> Response {
    csv(web, id, token, "pairings", pairings_text).await
}

/// A tournament's table as CSV, named `what`, written by `text` from its detail.
async fn csv(
    web: Arc<Web>,
    id: String,
    token: String,
    what: &'static str,
    text: fn(&TournamentDetail) -> String,
) -> Response {
    let built = web
        .blocking(move |web| {
            Ok(show::<TournamentDetail>(web, UNWORDED, &id, &token)?
                .map(|s| (s.detail.id, text(&s.detail))))
        })
        .await;
    match built {
        Ok(Some((id, body))) => csv_response(id, what, body),
        Ok(None) => not_found(),
        Err(failure) => failure,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_are_quoted_and_never_formulas() {
        assert_eq!(csv_field("alice"), "alice");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("=1+1"), "'=1+1");
        assert_eq!(csv_field("@x"), "'@x");
        assert_eq!(halves(3), "1½");
        assert_eq!(halves(1), "½");
        assert_eq!(halves(4), "2");
    }
}
