//! The engine in the service: games against the AI, `hint` and `analyze`.
//!
//! The service decides everything about a game against the AI; a worker
//! ([`crate::ai_player`]) only finds the games where the AI is to move ([`Service::ai_jobs`]),
//! runs the search off the async runtime and hands the move back ([`Service::ai_move`]),
//! which applies it in one transaction and posts the board as a notice. Whether the AI is
//! to move is a row in the database (`ai_games.waiting_since`), written with the move that
//! made it so, so a restart loses no pending move.

use super::lifecycle::{apply_move, move_to_thread};
use super::notices::Draft;
use super::store::Loaded;
use super::types::{AnalyzeRequest, Challenge, Language, Languages, Reply, Request};
use super::wording::no_game;
use super::{refuse, Outcome, Service, ServiceError};
use crate::catalogue::Phrase;
use crate::db::{self, DbError, Tx};
use crate::images::{Caption, Picture};
use crate::model::{Destination, GameId, GameRecord, Players, Status, TimeControl, User};
use crate::{phrase, say};
use akron_ai::{Analysis, Budget, Engine, Level, SearchError, MAX_TIME};
use akron_rules::{ByColor, Color, Game, Move, Position, Reason};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

/// How long an AI worker's claim on a waiting game lasts (seconds): longer than a level-8
/// search (about 10 s), and renewed each time the worker reads its queue (after every move
/// it plays), so that a move waiting in a live worker's queue stays its own. A restarted
/// process plays its predecessor's pending moves once this has passed.
pub const AI_LEASE: i64 = 60;

/// The level of a game against the AI when none is asked for.
pub const DEFAULT_LEVEL: u8 = 3;

/// How the service and its AI worker search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiConfig {
    /// The longest an AI move may think (capped at 10 s); levels 1 to 7 stop earlier, at
    /// their playout count.
    pub move_time: Duration,
    /// How long `analyze` thinks.
    pub analysis_time: Duration,
    /// How long `hint` thinks.
    pub hint_time: Duration,
    /// When set, every search runs at most this many playouts and no time limit, so that it
    /// is deterministic (tests).
    pub playouts: Option<u64>,
    /// Searches at once, at most: one per core by default.
    pub searches: usize,
    /// Positions the puzzle solver may visit before it gives up.
    pub solver_nodes: u64,
    /// Engine playouts per position of a post-game analysis (`analyze #N`); also capped by
    /// [`AiConfig::playouts`].
    pub review_playouts: u64,
    /// Analyses waiting or running at most, on the whole database: a request beyond is
    /// refused, saying the queue is full.
    pub review_queue: usize,
    /// Analyses one player may have waiting or running at once.
    pub review_share: usize,
}

impl Default for AiConfig {
    fn default() -> Self {
        AiConfig {
            move_time: MAX_TIME,
            analysis_time: Duration::from_secs(3),
            hint_time: Duration::from_secs(2),
            playouts: None,
            searches: std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
            solver_nodes: 1_000_000,
            review_playouts: akron_ai::review::ReviewBudget::default().playouts,
            review_queue: 50,
            review_share: 3,
        }
    }
}

impl AiConfig {
    /// The budget of a search at `level` (or the full engine) that may take `time`.
    #[must_use]
    pub fn budget(&self, level: Option<Level>, time: Duration) -> Budget {
        let level_budget = level.map_or(Budget::time(time.min(MAX_TIME)), |l| l.budget(time));
        match self.playouts {
            Some(cap) => Budget::playouts(level_budget.playouts.map_or(cap, |p| p.min(cap))),
            None => level_budget,
        }
    }
}

/// A counting semaphore for searches: at most [`AiConfig::searches`] run at once, whoever
/// starts them (the AI worker, `analyze`, `hint`, the puzzle solver).
#[derive(Debug)]
pub struct SearchSlots {
    free: Mutex<usize>,
    freed: Condvar,
}

/// A search slot, given back when dropped.
#[derive(Debug)]
pub struct SearchSlot<'a>(&'a SearchSlots);

impl SearchSlots {
    /// `n` slots (at least one).
    #[must_use]
    pub fn new(n: usize) -> SearchSlots {
        SearchSlots {
            free: Mutex::new(n.max(1)),
            freed: Condvar::new(),
        }
    }

    /// Waits for a free slot.
    pub fn take(&self) -> SearchSlot<'_> {
        let mut free = self
            .free
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        while *free == 0 {
            free = self
                .freed
                .wait(free)
                .unwrap_or_else(std::sync::PoisonError::into_inner);
        }
        *free -= 1;
        SearchSlot(self)
    }
}

impl Drop for SearchSlot<'_> {
    fn drop(&mut self) {
        let mut free = self
            .0
            .free
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *free += 1;
        self.0.freed.notify_one();
    }
}

/// A move the AI owes: the game as it stands at `version`.
#[derive(Clone, Debug)]
pub struct AiJob {
    /// The game.
    pub game: GameId,
    /// The stored version the move is for; a move for an older version is dropped.
    pub version: i64,
    /// The AI's level.
    pub level: Level,
    /// The game so far.
    pub state: Game,
    /// Since when the AI is to move.
    pub since: i64,
}

impl AiJob {
    /// Searches the AI's move within its level's budget, on this thread (call it from a
    /// blocking thread). The seed follows the game and the move number, so a replay of the
    /// same game plays the same moves.
    ///
    /// # Errors
    ///
    /// When the game is over or the AI has no legal move.
    pub fn think(&self, config: &AiConfig) -> Result<Analysis, SearchError> {
        let seed = u64::try_from(self.game.0)
            .unwrap_or(0)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ self.state.moves().len() as u64;
        let mut engine = Engine::new(self.level.config(1, seed));
        engine.best_move(
            &self.state,
            config.budget(Some(self.level), config.move_time),
        )
    }
}

/// What became of a move handed back by the AI worker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AiMoved {
    /// Played and announced.
    Played,
    /// The game changed meanwhile (a takeback, a resignation): the move was dropped.
    Stale,
}

impl Service {
    /// Starts a game against the AI at once: the AI needs no asking.
    pub(super) fn challenge_ai(
        &self,
        request: &Request,
        challenge: &Challenge,
        players: Players,
        start: &Position,
        wants_thread: bool,
        rematch_of: Option<GameId>,
    ) -> Outcome {
        let private = request.language.private;
        let Some((ai_colour, level)) = players.ai() else {
            return refuse(say!(private, "ai-not-against-ai"));
        };
        if challenge.rated == Some(true) {
            return refuse(say!(private, "ai-never-rated"));
        }
        if !matches!(challenge.time, None | Some(TimeControl::None)) {
            return refuse(say!(private, "ai-no-clock"));
        }
        let now = self.clock.now();
        let mut row = GameRecord::challenge(
            request.channel.clone(),
            request.user.id.clone(),
            players,
            start,
            challenge.rule.unwrap_or_default(),
            now,
        );
        row.rated = false;
        row.wants_thread = wants_thread;
        row.server.clone_from(&request.server);
        row.rematch_of = rematch_of;
        let waiting = (ai_colour == start.turn()).then_some(now);
        let inserted = self.db.write(|c| {
            // One live rematch of a game at a time: looked for where it is made.
            if let Some(live) = Self::live_rematch(c, rematch_of)? {
                return Ok(Err(live));
            }
            let id = self.start_game(c, &mut row, 0, now)?;
            db::insert_ai_game(c, id, level.number(), waiting)?;
            Ok::<_, DbError>(Ok(id))
        });
        let id = match inserted {
            Ok(Ok(id)) => id,
            Ok(Err(live)) => {
                let old = rematch_of.unwrap_or(live.id);
                return self.answer_live_rematch(request, old, &live);
            }
            Err(DbError::ChannelTaken) => return refuse(say!(private, "ai-channel-taken")),
            Err(e) => return Err(e.into()),
        };
        self.wake();
        let Some(record) = self.db.read(|c| db::game(c, id))? else {
            return Err(no_game(request));
        };
        let loaded = self.load(record)?;
        let public = request.language.public;
        let mut reply = self.board_reply(&loaded, None, public);
        let ai = User::ai(level);
        let human = &request.user;
        let token = reply.mention_user(human);
        let (black, white) = (loaded.player(Color::Black), loaded.player(Color::White));
        reply.text.push_str(&say!(
            public,
            "ai-game",
            player = token.clone(),
            level = level.number(),
            game = id.to_string(),
            size = loaded.record.size,
            pile = loaded.record.pile,
            rule = loaded.record.win_rule.name(),
            black = black.shown(),
            white = white.shown()
        ));
        reply.text.push('\n');
        reply.text.push_str(&if waiting.is_some() {
            say!(public, "ai-thinking", ai = ai.shown())
        } else {
            say!(
                public,
                "ai-your-move",
                player = token,
                colour = start.turn().name()
            )
        });
        move_to_thread(&mut reply, &loaded, request.language.public);
        Ok(reply)
    }

    /// The moves the AI owes, longest waiting first, at most `limit`.
    ///
    /// # Errors
    ///
    /// Storage failures and damaged stored games.
    ///
    /// Each is claimed for this service for [`AI_LEASE`] seconds (renewed at each call while
    /// it still waits), so that AI workers in several processes never think about the same
    /// move; one whose process died is taken over when its lease runs out.
    pub fn ai_jobs(&self, limit: usize) -> Result<Vec<AiJob>, ServiceError> {
        let now = self.clock.now();
        let claimed = self
            .db
            .claim(|c| db::claim_ai_games(c, &self.owner, now, now + AI_LEASE, limit))?;
        let waiting = self.db.read(|c| {
            let mut waiting = Vec::with_capacity(claimed.len());
            for game in &claimed {
                waiting.extend(db::ai_waiting_game(c, *game)?);
            }
            waiting.sort_by_key(|entry| (entry.since, entry.game.0));
            Ok::<_, DbError>(waiting)
        })?;
        let mut jobs = Vec::with_capacity(waiting.len());
        for entry in waiting {
            let record = self.db.read(|c| db::game(c, entry.game))?;
            let loaded = match record {
                Some(record) => self.load(record)?,
                None => continue,
            };
            let Some(level) = Level::new(entry.level) else {
                continue;
            };
            if !loaded.ai_to_move() {
                // Stored as waiting by mistake: put it right rather than search for nothing.
                tracing::warn!(game = entry.game.0, "the AI was marked to move but is not");
                self.db.write(|c| db::set_ai_waiting(c, entry.game, None))?;
                continue;
            }
            jobs.push(AiJob {
                game: entry.game,
                version: loaded.record.version,
                level,
                state: loaded.game.clone(),
                since: entry.since,
            });
        }
        Ok(jobs)
    }

    /// Takes a search slot: at most [`AiConfig::searches`] searches run at once.
    pub fn search_slot(&self) -> SearchSlot<'_> {
        self.slots.take()
    }

    /// Plays the AI's move `mv` in `game`, provided the game is still at `expected_version`,
    /// in one transaction that also writes the board as a notice to the game's channel.
    ///
    /// # Errors
    ///
    /// Storage failures and damaged stored games.
    pub fn ai_move(
        &self,
        game: GameId,
        expected_version: i64,
        mv: Move,
    ) -> Result<AiMoved, ServiceError> {
        let Some(record) = self.db.read(|c| db::game(c, game))? else {
            return Ok(AiMoved::Stale);
        };
        if record.version != expected_version || record.status() != Status::Active {
            return Ok(AiMoved::Stale);
        }
        let loaded = self.load(record)?;
        if !loaded.ai_to_move() {
            return Ok(AiMoved::Stale);
        }
        let now = self.clock.now();
        let mut applied = match apply_move(&loaded, mv, now) {
            Ok(applied) => applied,
            Err(error) => {
                // Never expected; clearing the flag keeps the worker from trying for ever.
                tracing::error!(game = game.0, %mv, %error, "the AI chose an illegal move");
                self.db.write(|c| db::set_ai_waiting(c, game, None))?;
                return Ok(AiMoved::Stale);
            }
        };
        let plies = applied.next.game.moves().len();
        let language = self.notice_language(
            &Destination::Channel(applied.next.record.channel.clone()),
            applied.next.record.server.as_ref(),
        )?;
        let mut reply = self.move_reply(
            &applied.next,
            &applied.report,
            crate::images::View::default(),
            language,
            // Worded before the move is stored: the clock is read now.
            None,
        );
        if let Some(note) = applied.lapse_note() {
            reply.text.push('\n');
            reply.text.push_str(&note.say(language));
        }
        let mut draft = Draft::to(
            Destination::Channel(applied.next.record.channel.clone()),
            game,
        );
        draft.board = Some(plies);
        draft.mark_last = true;
        // Put into words again at delivery, in the channel's language then, unless the game
        // moved on meanwhile (then the words written now stand).
        draft.then = applied.lapse_note().into_iter().collect();
        let write = self.db.write(|c| {
            // The notice below carries the result with the move.
            self.store_move(c, &mut applied, now)?;
            draft.reword_at = Some(applied.next.record.version);
            db::release_claim(c, db::ClaimKind::Ai, game, &self.owner)?;
            draft.reply = std::mem::take(&mut reply);
            draft.reply.image = None;
            self.push_notice(c, &draft, now)?;
            Ok::<_, DbError>(())
        });
        match write {
            Ok(()) => {}
            Err(DbError::Conflict) => {
                self.cache_remove(game);
                return Ok(AiMoved::Stale);
            }
            Err(e) => return Err(e.into()),
        }
        self.moved(applied.next);
        self.wake();
        Ok(AiMoved::Played)
    }

    /// The AI cannot move in `game` (the engine found no move): the flag is cleared so that
    /// the worker does not try again and again, and the reason logged.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn ai_failed(&self, game: GameId, error: &SearchError) -> Result<(), ServiceError> {
        tracing::error!(game = game.0, %error, "the AI could not move");
        self.db.write(|c| {
            db::release_claim(c, db::ClaimKind::Ai, game, &self.owner)?;
            db::set_ai_waiting(c, game, None)
        })?;
        Ok(())
    }

    /// Inside a move's transaction: records whether the AI is to move now.
    pub(super) fn note_ai_turn(
        &self,
        conn: &Tx<'_>,
        loaded: &Loaded,
        now: i64,
    ) -> Result<(), DbError> {
        if loaded.record.players.ai().is_none() {
            return Ok(());
        }
        let waiting = loaded.ai_to_move().then_some(now);
        db::set_ai_waiting(conn, loaded.record.id, waiting)
    }

    /// `hint`: the engine's suggested move, privately, only in a game against the AI.
    /// A draw offered to the AI: it judges the position by its own search (the budget of a
    /// hint) and accepts when it does not stand better ([`ai_accepts_draw`]); otherwise it
    /// declines, saying how it rates its chances, and nothing changes.
    pub(super) fn draw_offered_to_ai(
        &self,
        request: &Request,
        loaded: &Loaded,
        colour: Color,
    ) -> Outcome {
        let ai = loaded.player(colour.other());
        let Languages { public, private } = request.language;
        let analysis = match self.hint_search(&loaded.game, private) {
            Ok(a) => a,
            Err(why) => return refuse(why),
        };
        // The estimate is for the side to move; the AI's own chances are its side's.
        let to_move = percent(&analysis);
        let chances = if loaded.game.turn() == colour {
            100 - to_move
        } else {
            to_move
        };
        if !ai_accepts_draw(chances) {
            return Ok(Reply::text(say!(
                public,
                "draw-ai-declines",
                opponent = ai.shown(),
                percent = chances
            )));
        }
        let mut reply = self.decide(loaded, None, Reason::Agreement, request.language)?;
        reply.text = format!(
            "{}\n{}",
            say!(
                public,
                "draw-ai-accepts",
                opponent = ai.shown(),
                percent = chances
            ),
            reply.text
        );
        Ok(reply)
    }

    pub(super) fn hint(&self, request: &Request) -> Outcome {
        let (loaded, colour) = self.seated(request)?;
        let private = request.language.private;
        if loaded.record.players.ai().is_none() {
            return refuse(say!(private, "hint-not-against-ai"));
        }
        if loaded.game.turn() != colour {
            return refuse(say!(private, "hint-ai-to-move"));
        }
        let analysis = match self.hint_search(&loaded.game, private) {
            Ok(a) => a,
            Err(why) => return refuse(why),
        };
        let position = loaded.game.position();
        let mut reply = Reply::private(say!(
            private,
            "hint",
            game = loaded.record.id.to_string(),
            move = analysis.best.to_string(),
            percent = percent(&analysis)
        ));
        reply.image =
            self.suggestion_picture(position, &analysis, caption_of(&loaded, private), private);
        Ok(reply)
    }

    /// `analyze`: the best move, the win estimate and the line, for a finished game or a
    /// position code. A running game's current position is refused to everyone.
    pub(super) fn analyze(&self, request: &Request, asked: &AnalyzeRequest) -> Outcome {
        let (public, private) = (request.language.public, request.language.private);
        let (game, caption, about) = match &asked.code {
            Some(code) => {
                let position = match Position::from_code(code.trim()) {
                    Ok(p) => p,
                    Err(e) => {
                        return refuse(say!(
                            private,
                            "analysis-not-a-code",
                            why = super::notation_errors::code_error(&e)
                        ))
                    }
                };
                let code = position.code();
                if let Some(running) = self.db.read(|c| db::active_game_at(c, &code))? {
                    return refuse(say!(
                        private,
                        "analysis-running-position",
                        game = running.to_string()
                    ));
                }
                let rule = asked.rule.unwrap_or_default();
                (
                    Game::from_position(position, rule),
                    Caption::default(),
                    Phrase::new("analysis-this-position"),
                )
            }
            None => {
                let mut target = request.clone();
                target.game = asked.game.or(request.game);
                let Some(row) = self.target_or_latest(&target)? else {
                    return Err(no_game(&target));
                };
                match row.status() {
                    Status::Finished => {}
                    Status::Active => {
                        return refuse(say!(
                            private,
                            "analysis-running-game",
                            game = row.id.to_string()
                        ))
                    }
                    _ => {
                        return refuse(say!(
                            private,
                            "analysis-never-played",
                            game = row.id.to_string()
                        ))
                    }
                }
                let loaded = self.load(row)?;
                if asked.ply.is_none() {
                    // `analyze #N` alone: the whole game (`analysis.rs`).
                    return self.review(request, &loaded);
                }
                let total = loaded.game.moves().len();
                // The position after `ply` moves; at the end, without a decided result
                // (a resignation is not part of the position).
                let at = |ply: usize| {
                    let game = loaded.game.taken_back(total - ply);
                    if ply == total {
                        Game::from_position(game.position().clone(), game.win_rule())
                    } else {
                        game
                    }
                };
                let ply = match asked.ply {
                    Some(ply) if ply > total => {
                        return refuse(say!(
                            private,
                            "analysis-no-such-move",
                            game = loaded.record.id.to_string(),
                            count = total
                        ))
                    }
                    Some(ply) => ply,
                    // By default the last position where a move was still to be found.
                    None if total > 0 && at(total).is_over() => total - 1,
                    None => total,
                };
                let game = at(ply);
                let mut caption = caption_of(&loaded, private);
                caption.moves_played = Some(ply);
                // The game is over: its final position says how it ended (a resignation
                // there), an earlier one whose turn it was then.
                caption.outcome = if ply == total {
                    loaded.stored_outcome()
                } else {
                    None
                };
                (
                    game,
                    caption,
                    phrase!(
                        "analysis-game-after",
                        game = loaded.record.id.to_string(),
                        result = self.result_words(&loaded),
                        count = ply
                    ),
                )
            }
        };
        if game.is_over() {
            let labels = crate::catalogue::labels(private);
            return refuse(say!(
                private,
                "analysis-decided",
                about = about,
                result = game
                    .outcome()
                    .map_or_else(String::new, |o| caption.result_text_in(o, labels))
            ));
        }
        let config = &self.config.ai;
        let analysis = {
            let _slot = self.search_slot();
            let mut engine = Engine::new(Level::MAX.config(1, 11));
            engine.best_move(&game, config.budget(None, config.analysis_time))
        };
        let analysis = match analysis {
            Ok(a) => a,
            Err(e) => {
                return refuse(say!(
                    private,
                    "analysis-no-move",
                    about = about,
                    why = search_error(&e)
                ))
            }
        };
        let turn = game.turn();
        let line: Vec<String> = analysis.pv.iter().map(ToString::to_string).collect();
        let text = say!(
            public,
            "analysis",
            about = about,
            colour = turn.name(),
            move = analysis.best.to_string(),
            proven = match analysis.proven {
                Some(true) => "win",
                Some(false) => "loss",
                None => "estimate",
            },
            percent = percent(&analysis),
            line = line.join(" "),
            playouts = analysis.playouts,
            code = game.position().code()
        );
        let mut reply = Reply::text(text);
        reply.image = self.suggestion_picture(game.position(), &analysis, caption, public);
        reply.position = Some(game.position().code());
        Ok(reply)
    }

    /// The engine's search of `game` within a hint's budget: for a hint, and for the AI's
    /// judgement of a draw offered to it. A search that fails gives its refusal in `language`.
    fn hint_search(&self, game: &Game, language: Language) -> Result<Analysis, String> {
        let config = &self.config.ai;
        let analysis = {
            let _slot = self.search_slot();
            let mut engine = Engine::new(Level::MAX.config(1, 7));
            engine.best_move(game, config.budget(None, config.hint_time))
        };
        analysis.map_err(|e| say!(language, "hint-none", why = search_error(&e)))
    }

    /// The position with the suggested move marked: its piece ringed and its destination
    /// labelled (the renderer's selection overlay; it has no arrow for a suggestion).
    fn suggestion_picture(
        &self,
        position: &Position,
        analysis: &Analysis,
        caption: Caption,
        language: Language,
    ) -> Option<Vec<u8>> {
        let labels = crate::catalogue::labels(language);
        let (from, to) = match analysis.best {
            Move::Place(p) => (p, p),
            Move::Step { from, to } => (from, to),
            Move::Swap => {
                return self.images.png(&{
                    let mut picture = Picture::new(position);
                    picture.caption = caption;
                    picture.labels = Some(labels);
                    picture
                })
            }
        };
        let destinations = [to];
        let mut picture = Picture::new(position);
        picture.selected = Some((from, &destinations));
        picture.caption = caption;
        picture.labels = Some(labels);
        self.images.png(&picture)
    }
}

/// The caption of a game's picture: number and names, the AI's in `language`.
/// Regression (issue 39): the hint's picture named the AI in English on every server.
fn caption_of(loaded: &Loaded, language: Language) -> Caption {
    Caption {
        game: u64::try_from(loaded.record.id.0).ok(),
        names: ByColor {
            black: Some(loaded.player(Color::Black).name_in(language)),
            white: Some(loaded.player(Color::White).name_in(language)),
        },
        moves_played: Some(loaded.game.moves().len()),
        outcome: None,
    }
}

/// The winning chances in whole percent: `63`.
/// The AI accepts a draw when its own winning chances are at most this many percent: when it
/// does not stand better, as lichess's bots accept a draw offer when their engine's score
/// does not favour them.
pub(super) const AI_ACCEPTS_DRAW_AT_MOST: i64 = 50;

/// Whether the AI, with `chances` percent of winning by its own search, accepts a draw.
pub(super) const fn ai_accepts_draw(chances: i64) -> bool {
    chances <= AI_ACCEPTS_DRAW_AT_MOST
}

fn percent(analysis: &Analysis) -> i64 {
    // A rounded value from 0 to 100 fits any integer.
    #[allow(clippy::cast_possible_truncation)]
    let whole = (analysis.winrate * 100.0).clamp(0.0, 100.0).round() as i64;
    whole
}

/// Why the engine has no move to give, in words.
fn search_error(error: &SearchError) -> Phrase {
    Phrase::new(match error {
        SearchError::GameOver => "search-game-over",
        SearchError::NoLegalMove => "search-no-legal-move",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ai_accepts_a_draw_only_when_it_does_not_stand_better() {
        assert!(ai_accepts_draw(0));
        assert!(ai_accepts_draw(50));
        assert!(!ai_accepts_draw(51));
        assert!(!ai_accepts_draw(100));
    }

    #[test]
    fn budgets_follow_the_level_or_the_test_cap() {
        let config = AiConfig::default();
        let level = Level::new(2);
        assert_eq!(
            config.budget(level, Duration::from_secs(10)).playouts,
            Level::new(2).and_then(|l| l.budget(Duration::from_secs(10)).playouts)
        );
        let capped = AiConfig {
            playouts: Some(20),
            ..AiConfig::default()
        };
        assert_eq!(capped.budget(Level::new(8), MAX_TIME), Budget::playouts(20));
        assert_eq!(capped.budget(Level::new(1), MAX_TIME), Budget::playouts(8));
    }

    #[test]
    fn slots_are_given_back() {
        let slots = SearchSlots::new(1);
        drop(slots.take());
        let _again = slots.take();
    }
}
