//! Conditional moves (`premove`) and vacations: what correspondence players ask for.
//!
//! - After moving, a player may queue `if X then Y` pairs. When the opponent plays X, Y is
//!   played at once; when the opponent plays anything else, the queue is dropped and the
//!   player told. The queue is private; a takeback clears it.
//! - `vacation on` stops the player's correspondence clocks (per-move games) for up to 14
//!   days a calendar year; `vacation off`, or the allowance running out, starts them again,
//!   each move's deadline moved on by the time it stood still. Opponents are told.

use super::clocks;
use super::notices::Draft;
use super::store::Loaded;
use super::types::{Language, Reply, Request, User};
use super::wording::illegal;
use super::{refuse, Outcome, Service, ServiceError};
use crate::db::Tx;
use crate::db::{self, DbError, Premoves, Vacation};
use crate::model::{Destination, GameRecord, Status, TimeControl, UserId};
use crate::{phrase, say};
use akron_rules::{notation, Move};

/// Vacation allowed per calendar year, in seconds.
pub const VACATION_PER_YEAR: i64 = 14 * 86_400;

/// Conditional moves one queue holds at most.
const MAX_PAIRS: usize = 16;

impl Service {
    /// `premove X Y, X Y`: queues the caller's answers to the opponent's next move; `premove
    /// clear` empties the queue; `premove` alone shows it.
    pub(super) fn premove(&self, request: &Request, text: &str) -> Outcome {
        let (loaded, colour) = self.seated(request)?;
        let private = request.language.private;
        if loaded.record.players.ai().is_some() {
            return refuse(say!(private, "premove-ai"));
        }
        let id = loaded.record.id;
        let me = &request.user.id;
        let text = text.trim();
        if text.is_empty() {
            let queue = self.db.read(|c| db::premoves(c, id, me))?;
            return Ok(Reply::private(match queue {
                Some(q) if q.after_ply == loaded.game.moves().len() => describe(&q.pairs, private),
                _ => say!(private, "premove-none"),
            }));
        }
        if text.eq_ignore_ascii_case("clear") || text.eq_ignore_ascii_case("none") {
            self.db.write(|c| db::clear_premoves(c, id, Some(me)))?;
            return Ok(Reply::private(say!(private, "premove-cleared")));
        }
        if loaded.game.turn() == colour {
            return refuse(say!(private, "premove-your-move"));
        }
        let size = loaded.game.position().size();
        let mut pairs: Vec<(String, String)> = Vec::new();
        for part in text.split(',') {
            let words: Vec<&str> = part.split_whitespace().collect();
            let [x, y] = words.as_slice() else {
                return refuse(say!(
                    private,
                    "premove-not-a-pair",
                    text = part.trim().chars().take(24).collect::<String>()
                ));
            };
            let theirs: Move = match notation::read_move(x, size) {
                Ok(m) => m,
                Err(e) => return refuse(not_a_move(x, &e, private)),
            };
            let mut after = loaded.game.clone();
            if let Err(e) = after.play(theirs) {
                return refuse(say!(
                    private,
                    "premove-not-legal-theirs",
                    theirs = theirs.to_string(),
                    why = illegal(&e)
                ));
            }
            if after.is_over() {
                return refuse(say!(
                    private,
                    "premove-game-over",
                    theirs = theirs.to_string()
                ));
            }
            let mine: Move = match notation::read_move(y, size) {
                Ok(m) => m,
                Err(e) => return refuse(not_a_move(y, &e, private)),
            };
            if let Err(e) = after.play(mine) {
                return refuse(say!(
                    private,
                    "premove-not-legal-mine",
                    mine = mine.to_string(),
                    theirs = theirs.to_string(),
                    why = illegal(&e)
                ));
            }
            if pairs.iter().any(|(t, _)| *t == theirs.to_string()) {
                return refuse(say!(private, "premove-twice", theirs = theirs.to_string()));
            }
            pairs.push((theirs.to_string(), mine.to_string()));
        }
        if pairs.len() > MAX_PAIRS {
            return refuse(say!(private, "premove-too-many", count = MAX_PAIRS));
        }
        let queue = Premoves {
            user: me.clone(),
            after_ply: loaded.game.moves().len(),
            pairs,
        };
        self.db.write(|c| db::set_premoves(c, id, &queue))?;
        Ok(Reply::private(describe(&queue.pairs, private)))
    }

    /// After `mover` played `played` in a game that goes on, inside the move's transaction:
    /// takes the opponent's queue, `queue` (read with the game's save,
    /// [`db::save_game_after_move`]). Returns the answer to play, if the queue had one; when it
    /// had none for this move, the queue is dropped and its owner told.
    pub(super) fn take_premove(
        &self,
        conn: &Tx<'_>,
        next: &Loaded,
        played: Move,
        queue: Option<db::Premoves>,
        now: i64,
    ) -> Result<Option<(User, String)>, DbError> {
        let queued = next.to_move();
        let id = next.record.id;
        let Some(queue) = queue else {
            return Ok(None);
        };
        db::clear_premoves(conn, id, Some(&queued.id))?;
        if queue.after_ply + 1 != next.game.moves().len() {
            return Ok(None);
        }
        let played = played.to_string();
        if let Some((_, answer)) = queue.pairs.iter().find(|(x, _)| *x == played) {
            return Ok(Some((queued, answer.clone())));
        }
        let mut draft = Draft::to(Destination::User(queued.id.clone()), id);
        draft.fallback = Some(next.record.channel.clone());
        let token = draft.reply.mention_user(&queued);
        // Put into words at delivery, in the reader's language then.
        draft.words = vec![phrase!(
            "premove-dropped",
            player = token,
            game = id.to_string(),
            played = played
        )];
        self.push_notice(conn, &draft, now)?;
        Ok(None)
    }

    /// `vacation on|off`.
    pub(super) fn vacation(&self, request: &Request, on: bool) -> Outcome {
        let me = &request.user.id;
        let private = request.language.private;
        let now = self.clock.now();
        let year = year_of(now);
        let mut account = self.db.read(|c| db::vacation(c, me))?;
        if account.year != year && account.since.is_none() {
            account = Vacation {
                year,
                used: 0,
                since: None,
            };
        }
        if on {
            if account.since.is_some() {
                return refuse(say!(private, "vacation-already"));
            }
            let left = VACATION_PER_YEAR - account.used;
            if left <= 0 {
                return refuse(say!(
                    private,
                    "vacation-used-up",
                    days = VACATION_PER_YEAR / 86_400
                ));
            }
            account.since = Some(now);
            let games = self.db.read(|c| db::user_games(c, me))?;
            let games = self.vacation_games(games)?;
            self.db.write(|c| {
                db::set_vacation(c, me, account)?;
                for record in &games {
                    let mut draft =
                        Draft::to(Destination::Channel(record.channel.clone()), record.id);
                    draft.words = vec![phrase!(
                        "vacation-notice-on",
                        player = request.user.shown(),
                        time = clocks::span(left, false),
                        game = record.id.to_string()
                    )];
                    self.push_notice(c, &draft, now)?;
                }
                Ok::<_, DbError>(())
            })?;
            self.wake();
            return Ok(Reply::private(say!(
                private,
                "vacation-on",
                left = clocks::words_in(left, false, private),
                days = VACATION_PER_YEAR / 86_400
            )));
        }
        if account.since.is_none() {
            return refuse(say!(private, "vacation-not-on"));
        }
        self.end_vacation(me, now)?;
        Ok(Reply::private(say!(private, "vacation-back")))
    }

    /// Ends `user`'s vacation at `now` (or when their allowance ran out, if earlier): their
    /// paused games' deadlines move on by the time they stood still, and the opponents are
    /// told.
    pub(super) fn end_vacation(&self, user: &UserId, now: i64) -> Result<(), ServiceError> {
        let account = self.db.read(|c| db::vacation(c, user))?;
        let Some(since) = account.since else {
            return Ok(());
        };
        let end = now.min(since + (VACATION_PER_YEAR - account.used).max(0));
        let games = self.db.read(|c| db::user_games(c, user))?;
        let mut loaded = Vec::new();
        for record in self.vacation_games(games)? {
            loaded.push(self.load(record)?);
        }
        self.db.write(|c| {
            db::set_vacation(
                c,
                user,
                Vacation {
                    year: account.year,
                    used: account.used + (end - since).max(0),
                    since: None,
                },
            )?;
            for game in &loaded {
                let plies = game.game.moves().len();
                let mut record = game.record.clone();
                let mover = game.to_move();
                if mover.id == *user {
                    let last = record
                        .last_move_at()
                        .or(record.started_at())
                        .unwrap_or(since);
                    let stood = (end - since.max(last)).max(0);
                    if let Some(play) = record.play_mut() {
                        play.last_move_at = Some(last + stood);
                    }
                }
                record.deadline_at = clocks::next_due(&record, plies);
                record.version = db::save_game(c, &record)?;
                let mut draft = Draft::to(Destination::Channel(record.channel.clone()), record.id);
                draft.words = vec![phrase!(
                    "vacation-notice-back",
                    player = if game.record.players.black.id == *user {
                        game.record.players.black.shown()
                    } else {
                        game.record.players.white.shown()
                    },
                    game = record.id.to_string()
                )];
                self.push_notice(c, &draft, now)?;
            }
            Ok::<_, DbError>(())
        })?;
        for game in &loaded {
            self.cache_remove(game.record.id);
        }
        self.wake();
        Ok(())
    }

    /// How the clocks of `loaded` stand at `now`, the vacation of the player to move taken
    /// into account ([`clocks::read`]): what the scheduler, `claim`, `games`, the clocks
    /// under the board and the web page all read. `None` without a clock.
    pub(super) fn clock_reading(
        &self,
        loaded: &Loaded,
        now: i64,
    ) -> Result<Option<clocks::Reading>, ServiceError> {
        let plies = loaded.game.moves().len();
        if clocks::timeout_at(&loaded.record, plies).is_none() {
            return Ok(None);
        }
        let pause = self
            .db
            .read(|c| clock_pause(c, &loaded.record, &loaded.to_move().id))?;
        Ok(clocks::read(&loaded.record, plies, pause, now))
    }

    /// [`Service::clock_shown`] with the vacation already read (`Some(pause)`), else as it.
    pub(super) fn clock_shown_with(
        &self,
        loaded: &Loaded,
        pause: Option<Option<clocks::Pause>>,
    ) -> Option<clocks::Reading> {
        match pause {
            Some(pause) => clocks::read(
                &loaded.record,
                loaded.game.moves().len(),
                pause,
                self.clock.now(),
            ),
            None => self.clock_shown(loaded),
        }
    }

    /// [`Service::clock_reading`] now, for a reply that cannot fail: when the vacation
    /// cannot be read, it is logged and the clocks are shown as they run.
    pub(super) fn clock_shown(&self, loaded: &Loaded) -> Option<clocks::Reading> {
        let now = self.clock.now();
        self.clock_reading(loaded, now).unwrap_or_else(|error| {
            tracing::warn!(game = loaded.record.id.0, %error, "a vacation could not be read");
            clocks::read(&loaded.record, loaded.game.moves().len(), None, now)
        })
    }
}

/// [`clock_pause`] from what a move's save read of the player to move next: their running
/// vacation (when it began, the allowance used) if the game's tournament allows it
/// ([`db::SavedAfterMove::vacation`]).
pub(super) fn pause_after_move(
    record: &GameRecord,
    vacation: Option<(i64, i64)>,
) -> Option<clocks::Pause> {
    if !paused_by_vacation(record) {
        return None;
    }
    vacation.map(|(since, used)| clocks::Pause {
        since,
        until: since + (VACATION_PER_YEAR - used).max(0),
    })
}

/// The running vacation of `mover` (the player to move in `record`) when it stops this
/// game's clock: a casual correspondence game being played, or one of a tournament that
/// allows vacations.
pub(super) fn clock_pause(
    conn: &Tx<'_>,
    record: &GameRecord,
    mover: &UserId,
) -> Result<Option<clocks::Pause>, DbError> {
    if !paused_by_vacation(record)
        || !db::game_tournament(conn, record.id)?
            .is_none_or(|(tournament, _, _)| tournament.vacation)
    {
        return Ok(None);
    }
    let account = db::vacation(conn, mover)?;
    Ok(account.since.map(|since| clocks::Pause {
        since,
        until: since + (VACATION_PER_YEAR - account.used).max(0),
    }))
}

impl Service {
    /// Whether vacations may stop this game's clock: any game outside tournaments, and the
    /// games of tournaments that allow them (tournaments forbid them by default).
    fn vacation_allowed(&self, record: &GameRecord) -> Result<bool, ServiceError> {
        Ok(self
            .db
            .read(|c| db::game_tournament(c, record.id))?
            .is_none_or(|(tournament, _, _)| tournament.vacation))
    }

    /// The games among `games` whose clocks a vacation stops.
    fn vacation_games(&self, games: Vec<GameRecord>) -> Result<Vec<GameRecord>, ServiceError> {
        let mut kept = Vec::new();
        for record in games {
            if paused_by_vacation(&record) && self.vacation_allowed(&record)? {
                kept.push(record);
            }
        }
        Ok(kept)
    }
}

/// Whether a vacation stops this game's clock: casual correspondence games being played.
fn paused_by_vacation(record: &GameRecord) -> bool {
    record.status() == Status::Active && matches!(record.time_control, TimeControl::PerMove(_))
}

/// The calendar year of a Unix time.
fn year_of(unix_seconds: i64) -> i64 {
    crate::record::date(unix_seconds)
        .get(..4)
        .and_then(|y| y.parse().ok())
        .unwrap_or(1970)
}

/// The queue in words.
fn describe(pairs: &[(String, String)], language: Language) -> String {
    let mut text = say!(language, "premove-queue", count = pairs.len());
    for (theirs, mine) in pairs {
        text.push('\n');
        text.push_str(&say!(
            language,
            "premove-pair",
            theirs = theirs,
            mine = mine
        ));
    }
    text.push('\n');
    text.push_str(&say!(language, "premove-queue-end"));
    text
}

/// `'zz' is not a move: …`, in `language`.
fn not_a_move(text: &str, error: &notation::NotationError, language: Language) -> String {
    say!(
        language,
        "not-a-move",
        text = text,
        why = super::notation_errors::notation_error(error)
    )
}
