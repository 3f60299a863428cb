//! The outbound path: notices in the outbox and delivery bookkeeping (the scheduler's `tick`
//! is in `tick.rs`).
//!
//! A decision that must tell someone outside its reply writes a [`Draft`] into the outbox in
//! its own transaction. Front ends fetch what is due for their platform
//! ([`Service::due_notices`]), deliver it, and mark it ([`Service::notice_delivered`]) or
//! report the failure ([`Service::notice_failed`]), which retries with backoff and gives up
//! after [`MAX_ATTEMPTS`]. A notice's id goes with it as the message nonce, so a delivery
//! that succeeded just before a crash is not posted twice.

use super::store::Loaded;
use super::types::Reply;
use super::{Service, ServiceError};
use crate::catalogue::{Language, Phrase};
use crate::db::Tx;
use crate::db::{self, DbError, OutboxEntry};
use crate::images::Table;
use crate::model::{ChannelId, Destination, GameId, NoticeId, ServerId};
use std::sync::Arc;

pub(super) mod stored;
use stored::Payload;
pub(crate) use stored::{TournamentPart, TournamentWords};

/// Deliveries tried at most, after which a notice is given up (and logged).
pub const MAX_ATTEMPTS: u32 = 8;

/// The first retry waits this long (seconds); each further one twice as long.
const FIRST_RETRY: i64 = 5;

/// The longest wait between two tries (seconds).
const LONGEST_RETRY: i64 = 3600;

/// A notice ready to deliver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// Its number: send it as the message nonce, and mark it with it.
    pub id: NoticeId,
    /// Where it goes.
    pub to: Destination,
    /// What to post: text, mentions, buttons and a board picture, as for a reply.
    pub reply: Reply,
    /// Failed deliveries so far.
    pub attempts: u32,
    /// Where to post it instead when a direct message is refused (the user does not accept
    /// direct messages from the bot).
    pub fallback: Option<ChannelId>,
    /// Asks for a thread off the posted message; see [`ThreadRequest`] for what the front
    /// end must do.
    pub thread: Option<ThreadRequest>,
}

/// A notice's request for a thread: how a game that starts without anyone typing (a
/// tournament round paired when another game ended) gets a thread of its own.
///
/// The contract for every front end, after posting the notice's message in its channel:
/// 1. open a public thread off that message named [`ThreadRequest::name`] (Discord: at most
///    100 characters; a thread opened from a message has the message's id, which also finds
///    it again when a retry posts the same message);
/// 2. call [`Service::thread_opened`] with [`ThreadRequest::game`] and the thread's channel
///    id: the game moves into the thread (until then it lives in a placeholder channel
///    nobody can post in);
/// 3. post the reply that returns (the board, both players mentioned) in the thread;
/// 4. mark the notice delivered. A front end that cannot open threads (or fails to) posts
///    the board where it can, logs the failure, and still marks the notice delivered: the
///    game then stays in its placeholder channel and its players use `#N` on commands.
///
/// The console opens no real thread: it names the channel `game-N`, calls
/// [`Service::thread_opened`] with it and prints what returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadRequest {
    /// The thread's name, like `Akron #12: alice vs bob`.
    pub name: String,
    /// The game that moves into it.
    pub game: GameId,
}

/// A thread a notice will ask for, its name not yet in words.
#[derive(Clone, Debug)]
pub(crate) struct ThreadDraft {
    /// The thread's name, like `Akron #12: alice vs bob`.
    pub name: Phrase,
    /// The game that moves into it.
    pub game: GameId,
}

/// A notice being written: where, about which game, the message, and the board to draw
/// (the position after that many moves of the game) when it is delivered.
#[derive(Clone, Debug)]
pub(crate) struct Draft {
    pub to: Destination,
    pub game: Option<GameId>,
    pub reply: Reply,
    pub board: Option<usize>,
    /// Whether the board marks the last move played (an AI's move).
    pub mark_last: bool,
    /// A puzzle whose position is drawn when it is delivered.
    pub puzzle: Option<crate::model::PuzzleId>,
    pub fallback: Option<ChannelId>,
    /// The thread to ask for: its name is put into words at delivery, in the server's
    /// language then.
    pub thread: Option<ThreadDraft>,
    /// A table drawn as the notice's picture when it is delivered (pairings, standings).
    pub table: Option<Table>,
    /// Deliver only while the game is still at this version (a reminder): anything that
    /// happened since makes the notice stale, and it is dropped.
    pub only_at_version: Option<i64>,
    /// When the game is over by the time the notice is delivered, its text becomes this
    /// followed by the result, and it asks for no thread (a round's announcement).
    pub if_over: Option<Phrase>,
    /// The message as phrases, put into words at delivery in the language its readers have
    /// then, one line each, before [`Reply::text`] (which holds what is already words).
    pub words: Vec<Phrase>,
    /// The server whose language a notice about no game is read in (a tournament's).
    pub server: Option<ServerId>,
    /// A tournament's pairings or standings, put into words (text and table) at delivery.
    pub tournament: Option<TournamentWords>,
    /// The game's version after the move the notice announces (an AI's): delivered while the
    /// game is still there, the move is put into words then, in the language of that time,
    /// followed by [`Draft::then`]; after anything else happened, the words written stand.
    pub reword_at: Option<i64>,
    /// Lines after a move put into words at delivery (a lapsed draw offer).
    pub then: Vec<Phrase>,
    /// Whether the picture is the game's stored analysis chart, drawn at delivery.
    pub analysis: bool,
}

impl Draft {
    /// An empty notice to `to` about `game`.
    pub(crate) fn to(to: Destination, game: GameId) -> Draft {
        Draft {
            to,
            game: Some(game),
            reply: Reply::default(),
            board: None,
            mark_last: false,
            puzzle: None,
            fallback: None,
            thread: None,
            table: None,
            only_at_version: None,
            if_over: None,
            words: Vec::new(),
            server: None,
            tournament: None,
            reword_at: None,
            then: Vec::new(),
            analysis: false,
        }
    }

    /// An empty notice to `to` about no game in particular (tournament announcements).
    pub(crate) fn general(to: Destination) -> Draft {
        Draft {
            to,
            game: None,
            reply: Reply::default(),
            board: None,
            mark_last: false,
            puzzle: None,
            fallback: None,
            thread: None,
            table: None,
            only_at_version: None,
            if_over: None,
            words: Vec::new(),
            server: None,
            tournament: None,
            reword_at: None,
            then: Vec::new(),
            analysis: false,
        }
    }
}

impl Service {
    /// Writes a notice into the outbox, inside `conn`'s transaction.
    pub(crate) fn push_notice(
        &self,
        conn: &Tx<'_>,
        draft: &Draft,
        now: i64,
    ) -> Result<NoticeId, DbError> {
        let payload = serde_json::to_string(&Payload::of(draft))
            .map_err(|e| DbError::Corrupt(format!("a notice cannot be stored: {e}")))?;
        let id = db::push_notice(conn, &draft.to, draft.game, &payload, now)?;
        self.notices_written
            .store(true, std::sync::atomic::Ordering::Release);
        Ok(id)
    }

    /// Tells delivery loops that something may be due sooner than they planned (also after
    /// a test moved the clock): this process's loops at once, and on PostgreSQL every other
    /// process's through `NOTIFY` (best effort: a loop that misses it still wakes on its own
    /// schedule).
    pub fn wake(&self) {
        self.wake.send_modify(|n| *n = n.wrapping_add(1));
        if let Err(error) = self.db.notify_wake() {
            tracing::debug!(%error, "other processes were not told to wake");
        }
    }

    /// A receiver that changes whenever a notice is written or a deadline moves: a delivery
    /// loop waits on it (or the next due time, whichever comes first). On PostgreSQL the
    /// first call starts listening for other processes' [`Service::wake`], so that a notice
    /// written or a deadline moved by any process wakes this one's loops at once.
    #[must_use]
    pub fn wakeups(&self) -> tokio::sync::watch::Receiver<u64> {
        if !self
            .listening
            .swap(true, std::sync::atomic::Ordering::AcqRel)
        {
            let wake = Arc::downgrade(&self.wake);
            let alive = Arc::downgrade(&self.wake);
            self.db.listen(
                move || {
                    if let Some(wake) = wake.upgrade() {
                        wake.send_modify(|n| *n = n.wrapping_add(1));
                    }
                },
                move || alive.strong_count() > 0,
            );
        }
        self.wake.subscribe()
    }

    /// When the next notice for `platform` falls due (a retry), if any waits.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn next_notice_due(&self, platform: &str) -> Result<Option<i64>, ServiceError> {
        Ok(self.db.read(|c| db::next_notice_due(c, platform))?)
    }

    /// Writes a notice with this text, for tests of delivery.
    #[cfg(test)]
    pub(crate) fn push_test_notice(
        &self,
        to: &Destination,
        text: &str,
    ) -> Result<NoticeId, ServiceError> {
        let mut draft = Draft::general(to.clone());
        draft.reply.text = text.to_owned();
        let now = self.clock.now();
        let id = self.db.write(|c| self.push_notice(c, &draft, now))?;
        self.wake();
        Ok(id)
    }

    /// The notices for `platform` (`discord`, `console`) due now, oldest first, at most
    /// `limit`, each with its board drawn.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn due_notices(&self, platform: &str, limit: usize) -> Result<Vec<Notice>, ServiceError> {
        let now = self.clock.now();
        let entries = self.db.read(|c| db::due_notices(c, platform, now, limit))?;
        self.notices_of(entries)
    }

    /// Like [`Service::due_notices`], but each notice returned is also claimed for `lease`
    /// seconds in the same transaction that found it: another delivery loop on the same
    /// database (a second console on the file) does not get it meanwhile. Mark each one
    /// delivered once it is out; one that is not (the process died) is due again when its
    /// lease runs out, so delivery is at least once, and twice only after a crash between
    /// delivering and marking.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn claim_notices(
        &self,
        platform: &str,
        limit: usize,
        lease: i64,
    ) -> Result<Vec<Notice>, ServiceError> {
        let now = self.clock.now();
        let entries = self.db.claim(|c| {
            db::claim_notices(c, platform, &self.owner, now, now + lease.max(1), limit)
        })?;
        self.notices_of(entries)
    }

    /// The stored notices as notices to deliver; those that no longer hold are dropped, and
    /// those that cannot be read are given up (both are logged); those that the database
    /// could not be asked about stay claimed, to be tried again.
    fn notices_of(&self, entries: Vec<OutboxEntry>) -> Result<Vec<Notice>, ServiceError> {
        let mut notices = Vec::with_capacity(entries.len());
        for entry in entries {
            match self.notice_of(&entry) {
                Ok(Some(mut notice)) => {
                    self.add_web_link(&mut notice.reply)?;
                    notices.push(notice);
                }
                Ok(None) => {
                    tracing::info!(
                        notice = entry.id.0,
                        game = entry.game.map(|g| g.0),
                        "a notice no longer holds (its game moved on); dropped"
                    );
                    let now = self.clock.now();
                    self.db.write(|c| {
                        db::mark_failed(
                            c,
                            entry.id,
                            &self.owner,
                            "dropped: its game moved on",
                            None,
                            now,
                        )
                    })?;
                }
                // The database out of reach for a moment (a restart): the notice is fine and
                // stays claimed; it is due again when the claim runs out. Giving it up would
                // lose it.
                Err(ServiceError::Db(error)) => {
                    tracing::warn!(
                        notice = entry.id.0,
                        %error,
                        "a notice could not be read; it is tried again when its claim runs out"
                    );
                }
                Err(error) => {
                    tracing::error!(notice = entry.id.0, %error, "a stored notice cannot be read");
                    self.notice_failed(entry.id, &error.to_string(), true)?;
                }
            }
        }
        Ok(notices)
    }

    /// Takes (or renews) the lease `name` for this service for `seconds`, unless another
    /// process holds it: for what only one process may do at a time (running a Matrix
    /// account). Returns whether this service holds it now; renew it well before it runs out.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn hold_lease(&self, name: &str, seconds: i64) -> Result<bool, ServiceError> {
        let now = self.clock.now();
        Ok(self
            .db
            .claim(|c| db::hold_lease(c, name, &self.owner, now, now + seconds.max(1)))?)
    }

    /// Gives up the lease `name`, if this service holds it.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn release_lease(&self, name: &str) -> Result<(), ServiceError> {
        Ok(self.db.write(|c| db::release_lease(c, name, &self.owner))?)
    }

    /// Marks a notice delivered. Returns false when it already was, or when another process
    /// took it over after this one's claim ran out (only a claim's owner marks it).
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn notice_delivered(&self, id: NoticeId) -> Result<bool, ServiceError> {
        let now = self.clock.now();
        let marked = self
            .db
            .write(|c| db::mark_delivered(c, id, &self.owner, now))?;
        if marked {
            self.metrics.notices_delivered.inc();
        }
        Ok(marked)
    }

    /// Records a failed delivery. A `permanent` failure (the channel is gone, the bot may not
    /// post there) gives up at once; others retry with backoff, up to [`MAX_ATTEMPTS`].
    /// Returns when the next try is due, or `None` when the notice was given up.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn notice_failed(
        &self,
        id: NoticeId,
        error: &str,
        permanent: bool,
    ) -> Result<Option<i64>, ServiceError> {
        let now = self.clock.now();
        let attempts = self
            .db
            .read(|c| db::notice(c, id))?
            .map_or(0, |entry| entry.attempts)
            + 1;
        let retry_at = (!permanent && attempts < MAX_ATTEMPTS).then(|| now + backoff(attempts));
        self.db
            .write(|c| db::mark_failed(c, id, &self.owner, error, retry_at, now))?;
        if retry_at.is_none() {
            self.metrics.notices_failed.inc();
        } else {
            self.metrics.notices_retried.inc();
        }
        if retry_at.is_none() {
            tracing::error!(
                notice = id.0,
                attempts,
                error,
                "gave up delivering a notice"
            );
        } else {
            tracing::warn!(notice = id.0, attempts, error, "a notice will be retried");
        }
        Ok(retry_at)
    }

    /// How many notices wait for delivery, on every platform.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn pending_notices(&self) -> Result<usize, ServiceError> {
        Ok(self.db.read(db::pending_notices)?)
    }

    /// A stored notice as a reply to post, its board drawn from the game; checked against
    /// the game as it is now: `None` when it no longer holds (a reminder for a game that
    /// moved on), reworded when it says something the game's end has made untrue.
    fn notice_of(&self, entry: &OutboxEntry) -> Result<Option<Notice>, ServiceError> {
        let corrupt = |detail: String| ServiceError::Corrupt {
            game: entry.game.unwrap_or(GameId(0)),
            detail,
        };
        let payload: Payload = serde_json::from_str(&entry.payload)
            .map_err(|e| corrupt(format!("{} is not a notice: {e}", entry.id)))?;
        let mut reply = payload.reply();
        let mut ended = false;
        let record = match entry.game {
            Some(game) => self.db.read(|c| db::game(c, game))?,
            None => None,
        };
        let server = record
            .as_ref()
            .and_then(|r| r.server.clone())
            .or_else(|| payload.server.clone().map(ServerId));
        let language = || -> Result<Language, ServiceError> {
            self.notice_language(&entry.to, server.as_ref())
        };
        let mut table = payload.table.as_ref().map(stored::StoredTable::table);
        if let Some(words) = &payload.tournament {
            let Some(said) = self.tournament_words(words, &mut reply, language()?)? else {
                return Ok(None);
            };
            reply.text = said.0;
            table = said.1;
        }
        if !payload.words.is_empty() {
            let language = language()?;
            let mut text: Vec<String> = payload.words.iter().map(|p| p.say(language)).collect();
            if !reply.text.is_empty() {
                text.push(std::mem::take(&mut reply.text));
            }
            reply.text = text.join("\n");
        }
        if let Some(game) = entry.game {
            let only_at = payload.only_at_version;
            let if_over = match (&payload.if_over_words, &payload.if_over) {
                (Some(phrase), _) => Some(phrase.say(language()?)),
                (None, written) => written.clone(),
            };
            if only_at.is_some() || if_over.is_some() {
                let Some(record) = self.db.read(|c| db::game(c, game))? else {
                    return Ok(None);
                };
                if only_at.is_some_and(|version| version != record.version) {
                    return Ok(None);
                }
                if let Some(intro) = if_over.filter(|_| !record.status().is_live()) {
                    let loaded = self.load(record)?;
                    let result = self.result_words(&loaded).say(language()?);
                    reply.text = format!("{intro}{result}.");
                    ended = true;
                }
            }
        }
        if let (Some(game), Some(ply)) = (entry.game, payload.board) {
            if let Some(record) = self.db.read(|c| db::game(c, game))? {
                let loaded = self.load(record)?;
                let at = loaded.game.moves().len().saturating_sub(ply);
                let shown = Loaded {
                    record: loaded.record.clone(),
                    game: loaded.game.taken_back(at),
                    times: Vec::new(),
                };
                let last = payload.mark_last.then(|| shown.last_report()).flatten();
                if let (Some(version), Some(report)) = (payload.reword_at, last.as_ref()) {
                    if version == loaded.record.version && at == 0 {
                        let language = language()?;
                        let worded = self.move_reply(
                            &loaded,
                            report,
                            crate::images::View::default(),
                            language,
                            None,
                        );
                        reply.text = worded.text;
                        reply.mentions = worded.mentions;
                        reply.channels = worded.channels;
                        reply.buttons = worded.buttons;
                        for line in &payload.then {
                            reply.text.push('\n');
                            reply.text.push_str(&line.say(language));
                        }
                    }
                }
                let board = self.board_reply(&Arc::new(shown), last.as_ref(), language()?);
                reply.image = board.image;
                reply.alt = board.alt;
                reply.position = board.position;
                reply.result = board.result;
                reply.board_of = Some(game);
            }
        }
        if let Some(table) = table {
            reply.image = self.images.table(&table);
            reply.alt = reply
                .image
                .as_ref()
                .map(|_| crate::images::table_alt(&table));
        }
        if let Some(puzzle) = payload.puzzle() {
            reply.image = self.puzzle_image(puzzle, language()?)?;
        }
        if let (Some(game), Some(true)) = (entry.game, payload.analysis) {
            reply.image = self.analysis_picture(game)?;
            reply.alt = reply.image.as_ref().map(|_| {
                crate::say!(
                    language().unwrap_or_default(),
                    "analysis-chart-alt",
                    game = game.to_string()
                )
            });
        }
        reply.label_buttons(language()?);
        reply.reader = super::types::Reader {
            language: language()?,
            zone: match &entry.to {
                Destination::User(user) => self.db.read(|c| db::user_language(c, user))?.1,
                Destination::Channel(_) => None,
            },
        };
        Ok(Some(Notice {
            id: entry.id,
            to: entry.to.clone(),
            reply,
            attempts: entry.attempts,
            fallback: payload.fallback(),
            thread: payload.thread(language()?).filter(|_| !ended),
        }))
    }
}

/// The wait before try `attempts + 1`: 5 s, 10 s, 20 s, ... at most an hour.
fn backoff(attempts: u32) -> i64 {
    let doublings = attempts.saturating_sub(1).min(20);
    (FIRST_RETRY << doublings).min(LONGEST_RETRY)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A notice written by an earlier version, as finished English text (a tournament's
    /// pairings, with their table), is delivered as it was written, whatever the server's
    /// language now.
    #[test]
    #[allow(clippy::unwrap_used)]
    fn a_notice_written_as_text_by_an_earlier_version_is_delivered_as_written() {
        use crate::testing::{channel_id, Harness};
        let h = Harness::new();
        let payload = r#"{"text":"**Cup**, round 1 of 3:\n- board 1: p1 (Black) – p2 (White): playing","mentions":[],"channels":[],"buttons":[],"board":null,"mark_last":false,"puzzle":null,"fallback":null,"thread":null,"thread_game":null,"table":{"title":"Cup, round 1 of 3","subtitle":"","columns":[["Board","right"],["Black","left"]],"rows":[["1","p1"]]},"only_at_version":null,"if_over":null}"#;
        let to = Destination::Channel(channel_id("lobby"));
        h.service
            .db
            .write(|c| db::push_notice(c, &to, None, payload, h.service.now()))
            .unwrap();
        let notices = h.service.due_notices("test", 10).unwrap();
        assert_eq!(notices.len(), 1);
        assert_eq!(
            notices[0].reply.text,
            "**Cup**, round 1 of 3:\n- board 1: p1 (Black) – p2 (White): playing"
        );
        assert_eq!(
            notices[0].reply.alt.as_deref(),
            Some("Cup, round 1 of 3. Board, Black. 1, p1"),
            "its table is drawn and described as written"
        );
    }

    #[test]
    fn retries_back_off_and_are_bounded() {
        assert_eq!(backoff(1), 5);
        assert_eq!(backoff(2), 10);
        assert_eq!(backoff(5), 80);
        assert_eq!(backoff(30), LONGEST_RETRY);
    }
}
