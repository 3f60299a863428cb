//! The platform-neutral game service.
//!
//! [`Service::handle`] takes a [`Request`] (who, where, what) and returns a [`Reply`] (text,
//! picture, buttons, mentions). Discord, Matrix, the console and tests all drive it the same
//! way; the web companion reads through it (the read model, `read_model.rs`). The service is
//! synchronous, as its storage seam is (every query function takes a transaction and returns,
//! on SQLite and on PostgreSQL alike); it is `Send + Sync`, so share it in an `Arc` and call it
//! from `spawn_blocking` in async front ends.
//!
//! One file per command family, called from [`Service::handle`]'s dispatch and never from each
//! other: `challenge.rs`, `play.rs`, `decisions.rs` (resign, draw, abort, takeback), `info.rs`
//! (commands that only look), `correspondence.rs` (timeouts, reminders, `claim`, settings,
//! threads), `conditional.rs` (premoves, vacations), `ai.rs`, `puzzles.rs`, `rated.rs`
//! (`stats`, `leaderboard`), `tournaments/` (one file per concern), `chat_memory.rs`, `web.rs`
//! (who may see which web page), `copy_command.rs` (`akron db copy`, over the row copy in
//! `db/copy_rows.rs`) and `check.rs` (`akron db backup` and `db check`).
//! Beneath them: `lifecycle.rs` (a game starts, takes its moves and ends there; every ending
//! goes through one transition, which emits [`GameEnded`], and moves the ratings through
//! `rated.rs`), `store.rs` (loading games), `notices.rs` (the outbox), `wording.rs` (the
//! message ids of sentences several commands say; the words are the catalogue's,
//! `service/locales/`), `notation_errors.rs` (why a typed move, position code or record could
//! not be read, as catalogue messages), `alt.rs` (text alternatives), `clocks.rs`, `times.rs`
//! and `read_model.rs` (the read model: games, tournaments, players as plain structs, for
//! chat replies and web pages). `text/` is the typed grammar (`parse.rs`) and the table of
//! commands with the help (`help.rs`), `types.rs` the requests and replies. Around
//! [`Service`] itself (this file: opening it, [`Service::handle`] and the dispatch):
//! `config.rs` (its settings), `errors.rs` (how a command fails: [`ServiceError`],
//! [`Refusal`]), `conflicts.rs` (retrying after a conflict) and `time_source.rs` (the clock
//! tests inject; the game clocks are `clocks.rs`).
//!
//! The service also speaks first. [`Service::tick`] (in `tick.rs`) settles what is due (an open
//! challenge expires, a reminder, a clock runs out), and every notice a decision causes outside
//! its reply goes into the outbox in the decision's own transaction; the delivery driver
//! ([`crate::delivery`]) fetches them with [`Service::due_notices`], hands them to a front end
//! and marks them ([`Service::notice_delivered`], [`Service::notice_failed`]).

pub mod ai;
mod alt;
pub mod analysis;
mod casual;
mod challenge;
mod chat_memory;
pub mod check;
pub mod clocks;
mod conditional;
mod config;
mod conflicts;
pub mod copy_command;
mod correspondence;
mod decisions;
mod errors;
mod info;
mod lifecycle;
pub mod mine;
mod notation_errors;
mod notices;
pub mod operations;
mod play;
mod puzzles;
mod rated;
pub mod read_model;
mod store;
pub mod text;
mod tick;
mod time_source;
pub mod times;
mod tournaments;
pub mod types;
pub mod web;
mod wording;

pub use crate::model::{Destination, GameEnded, NoticeId, Status};
pub use ai::{AiConfig, AiJob, AiMoved};
pub use alt::{position_levels, MAX_ALT};
pub use analysis::{AnalysisJob, GameAnalysis, MoveReview};
pub use casual::FOLLOW_CAP;
pub use notices::{Notice, ThreadRequest, MAX_ATTEMPTS as MAX_NOTICE_ATTEMPTS};
pub use rated::{is_rated, LEADERBOARD_SIZE};
pub use read_model::{
    BracketDetail, GameDetail, LeaderboardRow, MatchDetail, MatchEnd, MatchGameDetail,
    PairingDetail, PlayedMove, PlayerDetail, PuzzleDetail, RatingDetail, RoundDetail,
    TournamentDetail,
};
pub use store::{GameView, Seat};
pub use tick::Tick;
pub use types::*;
pub use web::{TournamentSummary, WebPage, WebSite};
pub use wording::MAX_TEXT;

pub use config::Config;
use conflicts::conflict_key;
pub use conflicts::{conflict_backoff, CONFLICT_BUDGET};
pub(crate) use errors::{refuse, Failure};
pub use errors::{Refusal, ServiceError};
pub use time_source::{Clock, ManualClock, OffsetClock, SystemClock};

use crate::db::{self, Db, DbError};
use crate::images::Images;
use crate::model::GameRecord;
use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long an open challenge waits for an answer, in seconds.
pub const CHALLENGE_TTL: i64 = 24 * 60 * 60;

/// How often a background loop looks at a shared (PostgreSQL) database for work that other
/// processes wrote: see [`Service::shared_poll`].
pub const SHARED_POLL: Duration = Duration::from_secs(1);

type Outcome = Result<Reply, Failure>;

/// The game service. Cheap to share: wrap it in an `Arc`.
pub struct Service {
    db: Db,
    clock: Arc<dyn Clock>,
    config: Config,
    images: Images,
    /// Loaded games by id, each valid for the version it was loaded at.
    cache: Mutex<HashMap<GameId, Arc<store::Loaded>>>,
    /// Bumped whenever a change may have made something due sooner (a notice written, a
    /// deadline set), so that delivery loops wake; on PostgreSQL also when another process
    /// says so ([`Service::wakeups`]). Shared with the listener's thread, which stops once
    /// the service is gone.
    wake: Arc<tokio::sync::watch::Sender<u64>>,
    /// Whether this service listens for other processes' wake-ups.
    listening: std::sync::atomic::AtomicBool,
    /// Set when a notice is written; a command that wrote one wakes the delivery loops once
    /// it is done (after its transaction committed).
    notices_written: std::sync::atomic::AtomicBool,
    /// Whether an AI worker already runs for this service (Discord and Matrix in one process
    /// share one).
    ai_worker: std::sync::atomic::AtomicBool,
    /// At most one search per core at a time, whoever runs it.
    slots: ai::SearchSlots,
    /// Who this service is in claims on shared work (notices, deadlines, AI moves): the
    /// process id and a random number, new at each start.
    owner: String,
    /// What the service counts, for `/metrics`.
    metrics: crate::metrics::ServiceMetrics,
    /// The health the front ends report, for `/readyz`.
    health: crate::metrics::Health,
    /// Set when the process stops: the loops take no new work ([`Service::begin_stop`]).
    stopping: std::sync::atomic::AtomicBool,
    /// How many pieces of work are in flight ([`Service::work`]).
    busy: Arc<tokio::sync::watch::Sender<usize>>,
}

impl fmt::Debug for Service {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Service")
            .field("db", &self.db)
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

impl Service {
    /// Opens the database named in `config` (applying migrations) with the system clock.
    ///
    /// # Errors
    ///
    /// When the database cannot be opened or migrated.
    pub fn open(config: Config) -> Result<Service, ServiceError> {
        Service::with_clock(config, Arc::new(SystemClock))
    }

    /// Opens the database with another clock.
    ///
    /// # Errors
    ///
    /// When the database cannot be opened or migrated.
    pub fn with_clock(config: Config, clock: Arc<dyn Clock>) -> Result<Service, ServiceError> {
        let db = config.open_db()?;
        Ok(Service::with_db(db, config, clock))
    }

    /// Opens an existing database for reading only: for a web companion or a report, which
    /// only call the read model ([`Service::game_detail`] and the other readers of
    /// [`read_model`]). Nothing it runs can write: a command that would change something fails
    /// with a storage error, changing nothing, and no migrations are applied.
    ///
    /// # Errors
    ///
    /// When the file cannot be opened, is not the bot's, or is not at this build's schema.
    pub fn open_read_only(config: Config, clock: Arc<dyn Clock>) -> Result<Service, ServiceError> {
        let db = match &config.postgres {
            // Read-only sessions: nothing the reader runs can write, whatever its role may do.
            Some(url) => Db::open_postgres_read_only(url, config.busy_timeout)?,
            None => Db::open_read_only(&config.db_path)?,
        };
        Ok(Service::with_db(db, config, clock))
    }

    fn with_db(db: Db, config: Config, clock: Arc<dyn Clock>) -> Service {
        Service {
            owner: format!("{}-{:016x}", std::process::id(), rand::random::<u64>()),
            slots: ai::SearchSlots::new(config.ai.searches),
            db,
            clock,
            images: Images::new(config.images),
            config,
            cache: Mutex::new(HashMap::new()),
            wake: Arc::new(tokio::sync::watch::Sender::new(0)),
            listening: std::sync::atomic::AtomicBool::new(false),
            notices_written: std::sync::atomic::AtomicBool::new(false),
            ai_worker: std::sync::atomic::AtomicBool::new(false),
            metrics: crate::metrics::ServiceMetrics::default(),
            health: crate::metrics::Health::default(),
            stopping: std::sync::atomic::AtomicBool::new(false),
            busy: Arc::new(tokio::sync::watch::Sender::new(0)),
        }
    }

    /// The service's time now, Unix seconds (the injected clock).
    #[must_use]
    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    /// How long a background loop (the scheduler, the AI worker, a delivery loop) may sleep
    /// before it looks at the database again, whatever it planned: on PostgreSQL, other
    /// processes write deadlines, AI moves and notices that this one hears nothing of (the
    /// wake-ups of [`Service::wake`] stay in their process), so each loop looks again
    /// after at most [`SHARED_POLL`]; on SQLite, where one process does the work, `None`.
    #[must_use]
    pub fn shared_poll(&self) -> Option<Duration> {
        self.config.postgres.as_ref().map(|_| SHARED_POLL)
    }

    /// Claims the one AI worker of this service: true for the first caller only.
    #[must_use]
    pub fn claim_ai_worker(&self) -> bool {
        !self.ai_worker.swap(true, Ordering::AcqRel)
    }

    /// Moves the service's clock forward, when it can be moved (the console's `wait`).
    /// Returns whether it moved. A clock with an offset (the console's) keeps it in the
    /// database, added to what is stored there, so that a restart or a second console on
    /// the same file goes on from the same time.
    ///
    /// # Errors
    ///
    /// Storage failures; the clock did not move.
    pub fn advance_clock(&self, seconds: i64) -> Result<bool, ServiceError> {
        let moved = match self.clock.offset() {
            Some(mine) => {
                let next = self.db.write(|c| {
                    let next = db::console_clock_offset(c)?
                        .max(mine)
                        .saturating_add(seconds);
                    db::set_console_clock_offset(c, next)?;
                    Ok::<_, DbError>(next)
                })?;
                self.clock.set_offset(next);
                true
            }
            None => self.clock.advance(seconds),
        };
        if moved {
            self.wake();
        }
        Ok(moved)
    }

    /// Sets a clock with an offset (the console's) to the offset stored in the database, so
    /// that a restarted console keeps the time `wait` moved it to. Other clocks are left as
    /// they are.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn resume_clock(&self) -> Result<(), ServiceError> {
        if self.clock.offset().is_some() {
            let stored = self.db.read(db::console_clock_offset)?;
            self.clock.set_offset(stored);
        }
        Ok(())
    }

    /// The settings.
    #[must_use]
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Handles one request. Never fails: a failure of the service is logged and becomes a
    /// short private reply saying that nothing was changed.
    #[must_use]
    pub fn handle(&self, request: &Request) -> Reply {
        self.handle_reporting(request).0
    }

    /// [`Service::handle`], also saying whether the service itself failed (the database out
    /// of reach, a damaged game): then a front end had better not read more for the reply,
    /// which would only wait out the busy timeout again.
    #[must_use]
    pub fn handle_reporting(&self, request: &Request) -> (Reply, bool) {
        match self.try_handle(request) {
            Ok(reply) => (reply, false),
            Err(error) => {
                if matches!(error, ServiceError::Db(_)) {
                    self.metrics.db_errors.inc();
                }
                tracing::error!(
                    command = request.command.name(),
                    user = %request.user.id,
                    channel = %request.channel,
                    game = ?request.game.map(|g| g.0),
                    %error,
                    "command failed"
                );
                // The settings may be out of reach: the platform's word for the language,
                // else what the front end last knew of it (`request.language`).
                let language = request
                    .locale
                    .or(request.server_locale)
                    .unwrap_or(request.language.private);
                let reply = Reply::refusal(crate::catalogue::say(
                    language,
                    if matches!(&error, ServiceError::Db(e) if e.is_busy()) {
                        "service-busy"
                    } else if matches!(error, ServiceError::Corrupt { .. }) {
                        "service-damaged"
                    } else {
                        "service-failed"
                    },
                    &[],
                ));
                (reply, true)
            }
        }
    }

    /// Handles one request, returning failures of the service itself as errors; a user's
    /// mistake is an `Ok` refusal reply.
    ///
    /// # Errors
    ///
    /// Storage failures and damaged stored games.
    pub fn try_handle(&self, request: &Request) -> Result<Reply, ServiceError> {
        let started = std::time::Instant::now();
        let mut outcome = "answered";
        let answer = self
            .try_handle_once(request, &mut outcome)
            .and_then(|mut reply| {
                self.add_web_link(&mut reply)?;
                Ok(reply)
            });
        let command = request.command.name();
        let outcome = if answer.is_err() { "failed" } else { outcome };
        self.metrics
            .commands
            .get_or_create(&crate::metrics::CommandOutcome { command, outcome })
            .inc();
        self.metrics
            .command_seconds
            .get_or_create(&crate::metrics::CommandName { command })
            .observe(started.elapsed().as_secs_f64());
        if self.notices_written.swap(false, Ordering::AcqRel) {
            self.wake();
        }
        answer
    }

    /// [`Service::try_handle`] without the wake-up of the delivery loops.
    fn try_handle_once(
        &self,
        request: &Request,
        outcome: &mut &'static str,
    ) -> Result<Reply, ServiceError> {
        let (request, zone) = self.with_languages(request)?;
        let request = &request;
        let reader = |reply: Reply| -> Reply {
            let language = if reply.ephemeral {
                request.language.private
            } else {
                request.language.public
            };
            let mut reply = Reply {
                reader: Reader {
                    language,
                    zone: zone.clone(),
                },
                ..reply
            };
            reply.label_buttons(language);
            reply
        };
        use backon::BlockingRetryable;
        let answer = (|| self.dispatch(request))
            .retry(conflict_backoff())
            .when(|failure| {
                matches!(
                    failure,
                    Failure::Broken(ServiceError::Db(DbError::Conflict))
                )
            })
            .call();
        match answer {
            Ok(reply) => Ok(reader(reply)),
            Err(Failure::Refused(refusal)) => {
                *outcome = "refused";
                Ok(reader(refusal.0))
            }
            Err(Failure::Broken(ServiceError::Db(DbError::Conflict))) => {
                *outcome = "conflict";
                Ok(Reply::refusal(crate::catalogue::say(
                    request.language.private,
                    conflict_key(&request.command),
                    &[],
                )))
            }
            Err(Failure::Broken(error)) => Err(error),
        }
    }

    /// The refusal of a mistyped command line ([`text::parse_command`]'s error), in the
    /// language of what only `request`'s caller sees; its command is not read, and nothing
    /// changes.
    ///
    /// # Errors
    ///
    /// Storage failures (reading the caller's language).
    pub fn mistyped(
        &self,
        request: &Request,
        error: &crate::catalogue::Phrase,
    ) -> Result<Reply, ServiceError> {
        let language = self.languages(request)?.private;
        Ok(Reply::refusal(error.say(language)))
    }

    /// The languages `request` is answered in ([`Request::language`] as the service fills
    /// it in): a front end words its own lines (the console's) with them.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn languages(&self, request: &Request) -> Result<Languages, ServiceError> {
        Ok(self.with_languages(request)?.0.language)
    }

    /// The request with [`Request::language`] filled in: what the channel sees is in the
    /// server's language (a moderator's setting, else the platform's preference, else
    /// English); what only the caller sees is in their client's language, else their own
    /// setting, else the server's. A platform preference not yet stored is kept for notices.
    /// The caller's board view ([`Request::own_view`]) comes from the same read.
    fn with_languages(&self, request: &Request) -> Result<(Request, Option<String>), ServiceError> {
        let read = self
            .db
            .read(|c| db::server_and_user_language(c, request.server.as_ref(), &request.user.id))?;
        let (chosen, platform) = (read.server_chosen, read.server_platform);
        if let (Some(server), Some(said)) = (&request.server, request.server_locale) {
            if platform != Some(said) {
                self.db
                    .write(|c| db::set_server_platform_language(c, server, said))?;
            }
        }
        let public = chosen
            .or(request.server_locale)
            .or(platform)
            .unwrap_or_default();
        let (own, zone) = (read.user, read.zone);
        let mut request = request.clone();
        request.language = Languages {
            public,
            private: request.locale.or(own).unwrap_or(public),
        };
        request.own_view = Some(read.view.unwrap_or_default());
        Ok((request, zone))
    }

    /// The language of what is posted to `to` unasked (a notice): a user's own language in
    /// their direct messages, else the language of the server `server` (the game's).
    pub(crate) fn notice_language(
        &self,
        to: &Destination,
        server: Option<&ServerId>,
    ) -> Result<Language, ServiceError> {
        let of_server = |server: Option<&ServerId>| -> Result<Option<Language>, ServiceError> {
            Ok(match server {
                Some(server) => {
                    let (chosen, platform) = self.db.read(|c| db::server_language(c, server))?;
                    chosen.or(platform)
                }
                None => None,
            })
        };
        Ok(match to {
            Destination::User(user) => match self.db.read(|c| db::user_language(c, user))?.0 {
                Some(own) => own,
                None => of_server(server)?.unwrap_or_default(),
            },
            Destination::Channel(_) => of_server(server)?.unwrap_or_default(),
        })
    }

    fn dispatch(&self, request: &Request) -> Outcome {
        match &request.command {
            Command::Challenge(c) => self.challenge(request, c),
            Command::Accept => self.accept(request),
            Command::Decline => self.decline(request),
            Command::Cancel => self.cancel(request),
            Command::Rematch => self.rematch(request),
            Command::Follow(who) => self.follow(request, who.as_ref()),
            Command::Unfollow(who) => self.unfollow(request, who.as_ref()),
            Command::Move(text) => self.play_text(request, text),
            Command::Swap => self.play_text(request, "swap"),
            Command::Board(view) => self.board(request, *view),
            Command::BoardText => self.board_text(request),
            Command::Moves(point) => self.list_moves(request, point.as_deref()),
            Command::Resign => self.resign(request),
            Command::AskResign => self.ask_resign(request),
            Command::Draw(offer) => self.draw(request, *offer),
            Command::Abort => self.abort(request),
            Command::Takeback(offer) => self.takeback(request, *offer),
            Command::History => self.history(request),
            Command::Export => self.export(request),
            Command::Show(text, view) => self.show(request, text, *view),
            Command::Replay(replay) => self.replay(request, replay),
            Command::Games => self.games(request),
            Command::Claim => self.claim(request),
            Command::Settings(setting) => self.settings(request, setting.clone()),
            Command::Premove(text) => self.premove(request, text),
            Command::Vacation(on) => self.vacation(request, *on),
            Command::Hint => self.hint(request),
            Command::Analyze(asked) => self.analyze(request, asked),
            Command::Puzzle(puzzle) => self.puzzle(request, puzzle),
            Command::Stats(who) => self.stats(request, who.as_ref()),
            Command::Leaderboard => self.leaderboard_reply(request),
            Command::Tournament(action) => self.tournament(request, action),
            Command::Rules => Ok(self.rules(request.language.public)),
            Command::Help(topic) => Ok(info::help(
                request.language.public,
                request.platform.id,
                *topic,
            )),
        }
    }

    /// The open challenge or active game in a channel, as a read-only view (for
    /// autocompletion and status lines). It only reads: a game whose time is up is shown as
    /// it stands until the scheduler's [`Service::tick`] ends it.
    ///
    /// # Errors
    ///
    /// Storage failures and damaged stored games.
    pub fn channel_game(&self, channel: &ChannelId) -> Result<Option<GameView>, ServiceError> {
        let Some(row) = self.db.read(|c| db::channel_game(c, channel))? else {
            return Ok(None);
        };
        Ok(Some(self.load(row)?.view()))
    }

    /// Loads every stored game, replaying and checking its moves. Returns how many there are.
    ///
    /// # Errors
    ///
    /// The first storage failure or damaged game.
    pub fn check_all_games(&self) -> Result<usize, ServiceError> {
        let ids = self.db.read(db::all_game_ids)?;
        for &id in &ids {
            let row = self
                .db
                .read(|c| db::game(c, id))?
                .ok_or(ServiceError::Corrupt {
                    game: id,
                    detail: "it vanished while being checked".to_string(),
                })?;
            self.cache_remove(id);
            self.load(row)?;
        }
        Ok(ids.len())
    }

    /// The game a request is about, as stored: the one its button named, or the channel's
    /// open challenge or active game. Only reads.
    fn find_target(&self, request: &Request) -> Result<Option<GameRecord>, ServiceError> {
        Ok(match request.game {
            Some(id) => self.db.read(|c| db::game(c, id))?,
            None => self.db.read(|c| db::channel_game(c, &request.channel))?,
        })
    }

    /// The game a command acts on ([`Service::find_target`]). A game whose time is up is
    /// refused, saying so: only the scheduler's tick ends it, a moment later, and nothing
    /// may act on it meanwhile (a move after the flag fell, an accept after the expiry).
    fn target(&self, request: &Request) -> Result<Option<GameRecord>, Failure> {
        let row = self.find_target(request)?;
        if let Some(row) = &row {
            if let Some(why) = self.overdue(row, self.clock.now())? {
                return refuse(why.say(request.language.private));
            }
        }
        Ok(row)
    }

    /// Like [`Service::find_target`], but falls back to the channel's most recent game, for
    /// commands that only look (board, history, export).
    fn target_or_latest(&self, request: &Request) -> Result<Option<GameRecord>, ServiceError> {
        match self.find_target(request)? {
            Some(row) => Ok(Some(row)),
            None if request.game.is_none() => Ok(self
                .db
                .read(|c| db::latest_channel_game(c, &request.channel))?),
            None => Ok(None),
        }
    }

    fn cache_remove(&self, id: GameId) {
        if let Ok(mut cache) = self.cache.lock() {
            cache.remove(&id);
        }
    }
}

/// `Service` is shared between threads.
const _: () = {
    const fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Service>();
};
