//! Post-game analysis (issue 44): `analyze #N` on a finished game queues it; a worker
//! ([`crate::ai_player::analyse_pending`], [`crate::ai_player::run_analyses`]) claims it like
//! the AI's moves, evaluates every move with [`akron_ai::review::analyse_game`] on a blocking
//! thread holding a search slot, and hands the result back ([`Service::analysis_done`]), which
//! stores it and posts the summary and the chart through the outbox in one transaction. Asking
//! again answers from the store.

use super::notices::Draft;
use super::store::Loaded;
use super::types::{Reply, Request};
use super::{refuse, Outcome, Service, ServiceError};
use crate::catalogue::{Language, Phrase};
use crate::db::{self, DbError};
use crate::model::{Destination, GameId};
use crate::{phrase, say};
use akron_ai::review::{self, Mark, PlyEval, ReviewBudget};
use akron_rules::{Color, Move, Position, WinRule};
use serde::{Deserialize, Serialize};

/// How long a worker's claim on an analysis lasts (seconds), renewed with each progress
/// report (every [`PROGRESS_EVERY`] positions): a process that died leaves its analysis to
/// another once this has passed.
pub const ANALYSIS_LEASE: i64 = 300;

/// Positions between two progress reports of a running analysis.
pub const PROGRESS_EVERY: usize = 10;

/// The swings a summary names at most.
const SWINGS: usize = 3;

/// One move's evaluation as stored and shown (web page, record export).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveReview {
    /// The move's ply, 0 for the first.
    pub ply: usize,
    /// The move as written.
    pub mv: String,
    /// The colour of the player who made it, as held at the end (`black`, `white`).
    pub mover: String,
    /// The mover's winning chance before, 0 to 1.
    pub before: f64,
    /// The mover's winning chance after, 0 to 1.
    pub after: f64,
    /// The engine's better move, where it differs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<String>,
    /// `inaccuracy`, `mistake` or `blunder`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark: Option<String>,
    /// The drop in points (0 to 100) that marks and accuracy count.
    pub drop: f64,
    /// Whether the move gave a proven win away.
    #[serde(default)]
    pub lost_win: bool,
}

impl MoveReview {
    fn of(eval: &PlyEval) -> MoveReview {
        MoveReview {
            ply: eval.ply,
            mv: eval.mv.to_string(),
            mover: eval.mover.name().to_string(),
            before: eval.before,
            after: eval.after,
            best: eval.best.map(|m| m.to_string()),
            mark: eval.mark.map(|m| m.name().to_string()),
            drop: eval.drop_points(),
            lost_win: eval.lost_win,
        }
    }

    /// The judgement, if the move is marked.
    #[must_use]
    pub fn mark(&self) -> Option<Mark> {
        self.mark.as_deref().and_then(Mark::from_name)
    }

    /// The colour of the player who made the move.
    #[must_use]
    pub fn mover(&self) -> Color {
        Color::from_name(&self.mover).unwrap_or(Color::Black)
    }

    /// White's winning chance after the move, 0 to 1.
    #[must_use]
    pub fn white_after(&self) -> f64 {
        if self.mover() == Color::White {
            self.after
        } else {
            1.0 - self.after
        }
    }

    /// White's winning chance before the move, 0 to 1.
    #[must_use]
    pub fn white_before(&self) -> f64 {
        if self.mover() == Color::White {
            self.before
        } else {
            1.0 - self.before
        }
    }

    /// The move's accuracy, 0 to 100.
    #[must_use]
    pub fn accuracy(&self) -> f64 {
        review::move_accuracy(self.drop)
    }
}

/// A finished game's stored analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct GameAnalysis {
    /// The game.
    pub game: GameId,
    /// Every move's evaluation, in order.
    pub moves: Vec<MoveReview>,
}

impl GameAnalysis {
    /// The accuracy of `colour`'s moves, 0 to 100 (the mean of the moves' accuracies).
    #[must_use]
    pub fn accuracy(&self, colour: Color) -> Option<f64> {
        let mine: Vec<f64> = self
            .moves
            .iter()
            .filter(|m| m.mover() == colour)
            .map(MoveReview::accuracy)
            .collect();
        (!mine.is_empty()).then(|| mine.iter().sum::<f64>() / mine.len() as f64)
    }

    /// How many of `colour`'s moves have `mark`.
    #[must_use]
    pub fn count(&self, colour: Color, mark: Mark) -> usize {
        self.moves
            .iter()
            .filter(|m| m.mover() == colour && m.mark() == Some(mark))
            .count()
    }

    /// White's winning chance before the first move and after each: the chart's points.
    #[must_use]
    pub fn white_chances(&self) -> Vec<f64> {
        let mut points = Vec::with_capacity(self.moves.len() + 1);
        if let Some(first) = self.moves.first() {
            points.push(first.white_before());
        }
        points.extend(self.moves.iter().map(MoveReview::white_after));
        points
    }

    /// The evaluation chart as a PNG.
    #[must_use]
    pub fn chart(&self) -> Option<Vec<u8>> {
        use akron_renderer::chart::{evaluation_chart, Severity};
        let marks: Vec<(usize, Severity)> = self
            .moves
            .iter()
            .filter_map(|m| {
                let severity = match m.mark()? {
                    Mark::Inaccuracy => Severity::Inaccuracy,
                    Mark::Mistake => Severity::Mistake,
                    Mark::Blunder => Severity::Blunder,
                };
                Some((m.ply, severity))
            })
            .collect();
        evaluation_chart(&self.white_chances(), &marks)
    }

    /// The marked moves with the largest drops, largest first, at most `n`.
    #[must_use]
    pub fn biggest_swings(&self, n: usize) -> Vec<&MoveReview> {
        let mut marked: Vec<&MoveReview> = self.moves.iter().filter(|m| m.mark.is_some()).collect();
        marked.sort_by(|a, b| b.drop.total_cmp(&a.drop).then(a.ply.cmp(&b.ply)));
        marked.truncate(n);
        marked
    }
}

/// An analysis a worker owes: the game's moves from its start.
#[derive(Clone, Debug)]
pub struct AnalysisJob {
    /// The game.
    pub game: GameId,
    /// Its starting position.
    pub start: Position,
    /// Its win rule.
    pub rule: WinRule,
    /// Its moves.
    pub moves: Vec<Move>,
    /// The budget per position.
    pub budget: ReviewBudget,
}

impl AnalysisJob {
    /// Evaluates every move on this thread (call it from a blocking thread, holding a search
    /// slot), calling `progress(done, total)` after each position.
    ///
    /// # Errors
    ///
    /// When a stored move cannot be played (a damaged game).
    pub fn run(
        &self,
        progress: impl FnMut(usize, usize),
    ) -> Result<Vec<PlyEval>, (usize, akron_rules::IllegalMove)> {
        review::analyse_game(&self.start, self.rule, &self.moves, &self.budget, progress)
    }
}

/// How an analysis request stands, for its reply.
enum Standing {
    /// Stored: the summary.
    Done(GameAnalysis),
    /// Waiting, with this many ahead.
    Queued(i64),
    /// A worker is on it.
    Running { done: i64, total: i64 },
}

impl Service {
    /// The budget of an analysis: the configured playouts per position (capped by the test
    /// cap), the seed following the game so that an analysis is the same wherever it runs.
    pub(super) fn review_budget(&self, game: GameId) -> ReviewBudget {
        let config = &self.config.ai;
        let playouts = config.playouts.map_or(config.review_playouts, |cap| {
            cap.min(config.review_playouts)
        });
        ReviewBudget {
            playouts,
            seed: u64::try_from(game.0).unwrap_or(0) ^ 0x0A4A_15E5,
            ..ReviewBudget::default()
        }
    }

    /// `analyze #N` on a finished game, without a move: the stored analysis, or how far the
    /// queued one is, or a new entry in the queue (bounded, and a share per player).
    pub(super) fn review(&self, request: &Request, loaded: &Loaded) -> Outcome {
        let game = loaded.record.id;
        let (public, private) = (request.language.public, request.language.private);
        if loaded.game.moves().is_empty() {
            return refuse(say!(private, "analysis-no-moves", game = game.to_string()));
        }
        let limits = &self.config.ai;
        let now = self.clock.now();
        let queued = self.db.write(|c| {
            if let Some(standing) = standing(c, game)? {
                return Ok::<_, DbError>(Ok(standing));
            }
            let waiting = db::analyses_waiting(c)?;
            if waiting >= i64::try_from(limits.review_queue).unwrap_or(i64::MAX) {
                return Ok(Err(phrase!("analysis-queue-full", count = waiting)));
            }
            let mine = db::analyses_waiting_for(c, &request.user.id)?;
            if mine >= i64::try_from(limits.review_share).unwrap_or(i64::MAX) {
                return Ok(Err(phrase!("analysis-share-used", count = mine)));
            }
            db::queue_analysis(c, game, &request.user.id, &request.channel, now)?;
            Ok(Ok(Standing::Queued(db::analyses_ahead_of(c, game)?)))
        })?;
        let standing = match queued {
            Ok(standing) => standing,
            Err(why) => return refuse(why.say(private)),
        };
        self.wake();
        Ok(match standing {
            Standing::Done(analysis) => summary_reply(loaded, &analysis, public),
            Standing::Queued(ahead) => Reply::text(say!(
                public,
                "analysis-queued",
                game = game.to_string(),
                ahead = ahead
            )),
            Standing::Running { done, total } => Reply::text(say!(
                public,
                "analysis-running-now",
                game = game.to_string(),
                done = done,
                total = total
            )),
        })
    }

    /// The analyses this worker should run, oldest first, at most `limit`, each claimed for
    /// [`ANALYSIS_LEASE`] seconds, so that workers in several processes never run the same.
    ///
    /// # Errors
    ///
    /// Storage failures and damaged stored games.
    pub fn analysis_jobs(&self, limit: usize) -> Result<Vec<AnalysisJob>, ServiceError> {
        let now = self.clock.now();
        let claimed = self
            .db
            .claim(|c| db::claim_analyses(c, &self.owner, now, now + ANALYSIS_LEASE, limit))?;
        let mut jobs = Vec::with_capacity(claimed.len());
        for game in claimed {
            let Some(record) = self.db.read(|c| db::game(c, game))? else {
                self.db.write(|c| db::drop_analysis(c, game))?;
                continue;
            };
            let loaded = self.load(record)?;
            jobs.push(AnalysisJob {
                game,
                start: loaded.game.start().clone(),
                rule: loaded.game.win_rule(),
                moves: loaded.game.moves().to_vec(),
                budget: self.review_budget(game),
            });
        }
        jobs.sort_by_key(|job| job.game.0);
        Ok(jobs)
    }

    /// Records that `done` of `total` positions of `game`'s analysis are evaluated, and
    /// renews the claim. Returns whether this worker still holds it.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn analysis_progress(
        &self,
        game: GameId,
        done: usize,
        total: usize,
    ) -> Result<bool, ServiceError> {
        let now = self.clock.now();
        let (done, total) = (
            i64::try_from(done).unwrap_or(i64::MAX),
            i64::try_from(total).unwrap_or(i64::MAX),
        );
        Ok(self.db.write(|c| {
            db::analysis_progress(c, game, &self.owner, done, total, now + ANALYSIS_LEASE)
        })?)
    }

    /// Stores `evals` as `game`'s analysis and posts the summary with the chart to where it
    /// was asked for, in one transaction. Returns whether it was stored (false: another
    /// worker took the job over meanwhile, or it was done already).
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn analysis_done(&self, game: GameId, evals: &[PlyEval]) -> Result<bool, ServiceError> {
        let moves: Vec<MoveReview> = evals.iter().map(MoveReview::of).collect();
        let json = serde_json::to_string(&moves).map_err(|e| ServiceError::Corrupt {
            game,
            detail: format!("an analysis cannot be stored: {e}"),
        })?;
        let Some(record) = self.db.read(|c| db::game(c, game))? else {
            return Ok(false);
        };
        let loaded = self.load(record)?;
        let analysis = GameAnalysis { game, moves };
        let Some(row) = self.db.read(|c| db::analysis(c, game))? else {
            return Ok(false);
        };
        // A tournament's automatic analysis goes to the game's own channel (its thread) as it
        // is now: a game that ended before its thread opened moves there when it opens.
        let channel = if row.lane == db::LANE_TOURNAMENT {
            loaded.record.channel.clone()
        } else {
            row.channel.clone()
        };
        let mut draft = Draft::to(Destination::Channel(channel), game);
        draft.words = summary_words(&loaded, &analysis);
        draft.analysis = true;
        let now = self.clock.now();
        let stored = self.db.write(|c| {
            if !db::store_analysis(c, game, &self.owner, &json, now)? {
                return Ok::<_, DbError>(false);
            }
            self.push_notice(c, &draft, now)?;
            Ok(true)
        })?;
        if stored {
            self.wake();
        }
        Ok(stored)
    }

    /// In the transaction that ends a game: a game of a tournament whose organiser turned
    /// `analysis:on` is queued for analysis in the tournament lane, once (the row's key is
    /// the game). That lane is outside the bound on players' requests and claimed only when
    /// none waits, so a full queue delays a tournament's analyses but never drops them; a
    /// tournament has a known, finite number of games, which bounds the lane. A game without
    /// moves is not analysed, nor an aborted one (a cancelled tournament's games): it has no
    /// result to learn from.
    pub(super) fn queue_tournament_analysis(
        &self,
        conn: &db::Tx<'_>,
        record: &crate::model::GameRecord,
        event: &crate::model::GameEnded,
    ) -> Result<(), DbError> {
        let crate::model::Ending::Result(outcome) = event.ending else {
            return Ok(());
        };
        if event.plies == 0 || outcome.reason == akron_rules::Reason::Abort {
            return Ok(());
        }
        let Some((t, _, _)) = db::game_tournament(conn, event.game)? else {
            return Ok(());
        };
        if db::tournament_analysis(conn, t.id)? {
            db::queue_tournament_analysis(
                conn,
                event.game,
                &t.organiser.id,
                &record.channel,
                event.at,
            )?;
        }
        Ok(())
    }

    /// A queued analysis that cannot run (its moves do not replay): dropped, and logged.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn analysis_failed(&self, game: GameId, why: &str) -> Result<(), ServiceError> {
        tracing::error!(game = game.0, why, "a game could not be analysed");
        self.db.write(|c| db::drop_analysis(c, game))?;
        Ok(())
    }

    /// The stored analysis of `game`, if it was analysed.
    ///
    /// # Errors
    ///
    /// Storage failures; a stored analysis that does not read.
    pub fn stored_analysis(&self, game: GameId) -> Result<Option<GameAnalysis>, ServiceError> {
        Ok(self.db.read(|c| standing(c, game))?.and_then(|s| match s {
            Standing::Done(analysis) => Some(analysis),
            _ => None,
        }))
    }

    /// The summary of a stored analysis with its chart, for a notice being delivered.
    pub(super) fn analysis_picture(&self, game: GameId) -> Result<Option<Vec<u8>>, ServiceError> {
        Ok(self.stored_analysis(game)?.and_then(|a| a.chart()))
    }
}

/// How `game`'s analysis stands, if it was asked for.
fn standing(c: &db::Tx<'_>, game: GameId) -> Result<Option<Standing>, DbError> {
    let Some(row) = db::analysis(c, game)? else {
        return Ok(None);
    };
    if let Some(json) = &row.evals {
        let moves: Vec<MoveReview> = serde_json::from_str(json)
            .map_err(|e| DbError::Corrupt(format!("game {game}'s analysis: {e}")))?;
        return Ok(Some(Standing::Done(GameAnalysis { game, moves })));
    }
    if row.positions > 0 && row.owner.is_some() {
        return Ok(Some(Standing::Running {
            done: row.progress,
            total: row.positions,
        }));
    }
    Ok(Some(Standing::Queued(db::analyses_ahead_of(c, game)?)))
}

/// Whole percent, 0 to 100.
pub(super) fn whole(value: f64) -> i64 {
    // A rounded value from 0 to 100 fits any integer.
    #[allow(clippy::cast_possible_truncation)]
    let whole = value.clamp(0.0, 100.0).round() as i64;
    whole
}

/// The summary as phrases, put into words where and when it is read: the title, accuracy and
/// counts per side, and the biggest swings with their better moves.
fn summary_words(loaded: &Loaded, analysis: &GameAnalysis) -> Vec<Phrase> {
    let mut words = vec![phrase!(
        "analysis-summary",
        game = analysis.game.to_string(),
        black = loaded.player(Color::Black).shown(),
        white = loaded.player(Color::White).shown()
    )];
    for colour in Color::ALL {
        // A side that made no move has no accuracy to speak of (not 100 %).
        let Some(accuracy) = analysis.accuracy(colour) else {
            words.push(phrase!(
                "analysis-side-no-moves",
                colour = colour.name(),
                player = loaded.player(colour).shown()
            ));
            continue;
        };
        words.push(phrase!(
            "analysis-side",
            colour = colour.name(),
            player = loaded.player(colour).shown(),
            accuracy = whole(accuracy),
            inaccuracies = analysis.count(colour, Mark::Inaccuracy),
            mistakes = analysis.count(colour, Mark::Mistake),
            blunders = analysis.count(colour, Mark::Blunder)
        ));
    }
    let swings = analysis.biggest_swings(SWINGS);
    if swings.is_empty() {
        words.push(phrase!(
            "analysis-no-swings",
            points = whole(review::INACCURACY)
        ));
    }
    for swing in swings {
        let mark = swing.mark().unwrap_or(Mark::Inaccuracy);
        words.push(phrase!(
            "analysis-swing",
            number = swing.ply + 1,
            colour = swing.mover.clone(),
            player = loaded.player(swing.mover()).shown(),
            move = swing.mv.clone(),
            symbol = mark.symbol(),
            mark = mark.name(),
            before = whole(swing.before * 100.0),
            after = whole(swing.after * 100.0),
            best = swing.best.clone().unwrap_or_else(|| "—".to_string())
        ));
    }
    words
}

/// The stored analysis as a reply: the summary in `language` and the chart.
fn summary_reply(loaded: &Loaded, analysis: &GameAnalysis, language: Language) -> Reply {
    let text: Vec<String> = summary_words(loaded, analysis)
        .iter()
        .map(|p| p.say(language))
        .collect();
    let mut reply = Reply::text(text.join("\n"));
    reply.image = analysis.chart();
    reply.alt = reply.image.as_ref().map(|_| {
        say!(
            language,
            "analysis-chart-alt",
            game = analysis.game.to_string()
        )
    });
    reply
}
