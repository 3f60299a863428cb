//! Rated games: which games count, the ratings a result moves (in the transaction that
//! records it), the line the result message shows, `stats` and `leaderboard`.
//!
//! Ratings are kept per server and globally (see [`crate::ratings`] for the Glicko-2
//! details). The leaderboard lists players with an established rating first, by rating, and
//! provisional ones (RD ≥ 110, shown with `?`) after them.

use super::types::{Reply, Request, User};
use super::{Outcome, Service, ServiceError};
use crate::db::Tx;
use crate::db::{self, DbError, RatingChange, GLOBAL_SCOPE};
use crate::images::{Column, ColumnAlign, Table};
use crate::model::{Ending, GameEnded, GameId, GameRecord, ServerId};
use crate::ratings::{format_change, rate_game, Contestant, Outcome as RatedOutcome, Rating};
use crate::say;
use akron_rules::Reason;

/// Players listed on the leaderboard.
pub const LEADERBOARD_SIZE: usize = 20;

/// Whether a game's end moves ratings: it was agreed as rated, it is not against oneself,
/// it was not aborted, and both players moved (a game someone never moved in is a forfeit,
/// not a rated result). Games against the AI are never rated.
#[must_use]
pub fn is_rated(record: &GameRecord, ending: &Ending, plies: usize) -> bool {
    record.rated
        && record.players.black.id != record.players.white.id
        && !record.players.black.id.is_ai()
        && !record.players.white.id.is_ai()
        && matches!(ending, Ending::Result(outcome) if outcome.reason != Reason::Abort)
        && plies >= 2
}

/// The scope a game's server rating lives in, and the global one.
fn scopes(server: Option<&ServerId>) -> Vec<String> {
    let mut scopes: Vec<String> = server.map(|s| s.0.clone()).into_iter().collect();
    scopes.push(GLOBAL_SCOPE.to_string());
    scopes
}

/// The scope shown to users: the server's, else the global one.
fn shown_scope(server: Option<&ServerId>) -> String {
    server.map_or_else(|| GLOBAL_SCOPE.to_string(), |s| s.0.clone())
}

/// A stored rating as it stands at `now`: its deviation grown for the idle time.
pub(super) fn current(stored: &db::StoredRating, now: i64) -> Rating {
    stored
        .rating
        .after_idle(idle_days(stored.last_game_at, now))
}

fn idle_days(since: i64, now: i64) -> f64 {
    // Seconds fit an f64 exactly far beyond any real date.
    #[allow(clippy::cast_precision_loss)]
    let seconds = now.saturating_sub(since).max(0) as f64;
    seconds / 86_400.0
}

/// Updates both players' ratings in every scope for a rated game that just ended, inside
/// the transaction that ended it.
pub(super) fn apply_ratings(
    conn: &Tx<'_>,
    record: &GameRecord,
    event: &GameEnded,
) -> Result<(), DbError> {
    let first = &record.players.black;
    let second = &record.players.white;
    let outcome = match &event.winner {
        Some(winner) if winner.id == first.id => RatedOutcome::FirstWon,
        Some(_) => RatedOutcome::SecondWon,
        None => RatedOutcome::Draw,
    };
    for scope in scopes(record.server.as_ref()) {
        // Each rating is written back at the version read here: another rated game of the
        // same player committing in between makes this one a conflict, retried from fresh
        // reads, so that neither game's change to the rating is lost.
        let contestant = |user: &User| -> Result<(Contestant, Rating, Option<i64>), DbError> {
            let stored = db::rating(conn, &user.id, &scope)?;
            Ok(match stored {
                Some(stored) => (
                    Contestant {
                        rating: stored.rating,
                        idle_days: idle_days(stored.last_game_at, event.at),
                    },
                    stored.rating,
                    Some(stored.version),
                ),
                None => (
                    Contestant {
                        rating: Rating::INITIAL,
                        idle_days: 0.0,
                    },
                    Rating::INITIAL,
                    None,
                ),
            })
        };
        let (one, one_before, one_read) = contestant(first)?;
        let (two, two_before, two_read) = contestant(second)?;
        let (one_after, two_after) = rate_game(one, two, outcome);
        for (user, before, after, read) in [
            (first, one_before, one_after, one_read),
            (second, two_before, two_after, two_read),
        ] {
            db::set_rating(conn, &user.id, &user.name, &scope, &after, event.at, read)?;
            db::insert_rating_change(
                conn,
                &RatingChange {
                    game: event.game,
                    user: user.id.clone(),
                    scope: scope.clone(),
                    before,
                    after,
                    at: event.at,
                },
            )?;
        }
    }
    Ok(())
}

/// Why a game agreed as rated moved no rating because a player never moved in it (it counts
/// as a forfeit, and a tournament's table marks it so); `None` for any other game.
pub(super) fn never_moved_note(
    record: &GameRecord,
    ending: &Ending,
    plies: usize,
) -> Option<crate::catalogue::Phrase> {
    // Rated but for the moves: what [`is_rated`] says of the same game had both moved.
    (plies < 2 && is_rated(record, ending, 2))
        .then(|| crate::catalogue::Phrase::new("rating-note-never-moved"))
}

/// `Ratings: alice 1532 (+18) · bob 1468? (-18)`: what a game did to the players' ratings
/// on its server (else globally), or `None` when it was not rated.
pub(super) fn rating_note(
    conn: &Tx<'_>,
    game: GameId,
    players: &[&User],
    server: Option<&ServerId>,
) -> Result<Option<crate::catalogue::Phrase>, DbError> {
    let scope = shown_scope(server);
    let changes = db::game_rating_changes(conn, game)?;
    let parts: Vec<String> = players
        .iter()
        .filter_map(|user| {
            let change = changes
                .iter()
                .find(|c| c.user == user.id && c.scope == scope)?;
            Some(format!(
                "**{}** {} ({})",
                // People only: games against the AI are never rated.
                crate::model::escape_markdown(&user.name),
                change.after,
                format_change(&change.before, &change.after)
            ))
        })
        .collect();
    Ok((!parts.is_empty()).then(|| crate::phrase!("rating-note", ratings = parts.join(" · "))))
}

impl Service {
    /// The rating line of a finished game, read after the transaction that ended it.
    pub(super) fn rating_note_of(
        &self,
        record: &GameRecord,
        plies: usize,
    ) -> Result<Option<crate::catalogue::Phrase>, ServiceError> {
        let players = [&record.players.black, &record.players.white];
        let note = self
            .db
            .read(|c| rating_note(c, record.id, &players, record.server.as_ref()))?;
        let ending = match &record.phase {
            crate::model::Phase::Ended { ending, .. } => Some(ending),
            _ => None,
        };
        Ok(note.or_else(|| ending.and_then(|ending| never_moved_note(record, ending, plies))))
    }

    /// `stats [@user]`: rating, deviation, results (by colour), the longest winning streak
    /// and a chart of the rating over the rated games, on this server; from
    /// [`Service::player_detail`].
    pub(super) fn stats(&self, request: &Request, who: Option<&User>) -> Outcome {
        let user = who.unwrap_or(&request.user);
        let language = request.language.public;
        let detail = self.player_detail(&user.id, request.server.as_ref())?;
        let Some(here) = detail.here else {
            return Ok(Reply::text(say!(
                language,
                "stats-none",
                player = user.shown(),
                rating = crate::ratings::Rating::INITIAL.to_string(),
                deviation = crate::ratings::Rating::INITIAL.deviation.round() as i64
            )));
        };
        let rating = here.rating;
        let games = &here.results;
        let mut text = say!(
            language,
            "stats-head",
            player = user.shown(),
            rating = rating.to_string(),
            deviation = rating.deviation.round() as i64,
            provisional = if rating.is_provisional() { "yes" } else { "no" },
            count = games.len()
        );
        let tally = |filter: &dyn Fn(&db::RatedGame) -> bool| {
            let mut wins = 0;
            let mut losses = 0;
            let mut draws = 0;
            for game in games.iter().filter(|g| filter(g)) {
                match game.won {
                    Some(true) => wins += 1,
                    Some(false) => losses += 1,
                    None => draws += 1,
                }
            }
            say!(
                language,
                "stats-tally",
                wins = wins,
                losses = losses,
                draws = draws
            )
        };
        text.push('\n');
        text.push_str(&say!(
            language,
            "stats-results",
            all = tally(&|_| true),
            black = tally(&|g| g.as_black),
            white = tally(&|g| !g.as_black)
        ));
        let mut streak = 0;
        let mut longest = 0;
        for game in games {
            streak = if game.won == Some(true) {
                streak + 1
            } else {
                0
            };
            longest = longest.max(streak);
        }
        text.push('\n');
        text.push_str(&say!(language, "stats-streak", count = longest));
        if let Some(global) = detail.global.filter(|_| here.server.is_some()) {
            text.push(' ');
            text.push_str(&say!(
                language,
                "stats-global",
                rating = global.rating.to_string(),
                count = global.games
            ));
        }
        let mut reply = Reply::text(text);
        if self.config.images && games.len() >= 2 {
            let start = here
                .history
                .first()
                .map_or(crate::ratings::INITIAL_RATING, |c| c.before.rating);
            let points: Vec<f64> = std::iter::once(start)
                .chain(games.iter().map(|g| g.rating_after))
                .collect();
            reply.image = akron_renderer::chart::rating_chart(&points);
            if reply.image.is_some() {
                let round = |r: Option<&f64>| r.map_or(0, |r| r.round() as i64);
                reply.alt = Some(say!(
                    language,
                    "stats-chart-alt",
                    player = user.shown(),
                    first = round(points.first()),
                    last = round(points.last()),
                    low = round(points.iter().min_by(|a, b| a.total_cmp(b))),
                    high = round(points.iter().max_by(|a, b| a.total_cmp(b))),
                    count = games.len()
                ));
            }
        }
        Ok(reply)
    }

    /// `leaderboard`: the server's top players, established ratings first, then
    /// provisional ones.
    pub(super) fn leaderboard_reply(&self, request: &Request) -> Outcome {
        let language = request.language.public;
        let rows = self.leaderboard(request.server.as_ref())?;
        if rows.is_empty() {
            return Ok(Reply::text(say!(language, "leaderboard-empty")));
        }
        let mut text = say!(language, "leaderboard-head", count = LEADERBOARD_SIZE);
        text.push_str("\n```\n");
        let mut table = Table {
            title: say!(language, "leaderboard-title"),
            subtitle: say!(language, "leaderboard-subtitle", count = LEADERBOARD_SIZE),
            columns: vec![
                Column::new("#", ColumnAlign::Right),
                Column::new(say!(language, "leaderboard-player"), ColumnAlign::Left),
                Column::new(say!(language, "leaderboard-rating"), ColumnAlign::Right),
                Column::new(say!(language, "leaderboard-games"), ColumnAlign::Right),
            ],
            rows: Vec::new(),
        };
        for row in &rows {
            table.rows.push(vec![
                row.rank.to_string(),
                row.name.clone(),
                row.rating.to_string(),
                row.games.to_string(),
            ]);
            let name: String = row.name.chars().take(20).collect();
            // The columns are padded here; the words around them are the language's.
            text.push_str(&say!(
                language,
                "leaderboard-row",
                rank = format!("{:>2}", row.rank),
                name = format!("{:<20}", name.replace('`', "'")),
                rating = format!("{:>6}", row.rating.to_string()),
                games = format!("{:>3}", row.games),
                count = row.games
            ));
            text.push('\n');
        }
        text.push_str("```");
        let mut reply = Reply::text(text);
        reply.image = self.images.table(&table);
        reply.alt = reply
            .image
            .as_ref()
            .map(|_| crate::images::table_alt(&table));
        Ok(reply)
    }
}
