//! The outbound path: notices in the outbox, the scheduler's `tick`, and delivery bookkeeping.
//!
//! A decision that must tell someone outside its reply writes a [`Draft`] into the outbox in
//! its own transaction. Front ends fetch what is due for their platform
//! ([`Service::due_notices`]), deliver it, and mark it ([`Service::notice_delivered`]) or
//! report the failure ([`Service::notice_failed`]), which retries with backoff and gives up
//! after [`MAX_ATTEMPTS`]. A notice's id goes with it as the message nonce, so a delivery
//! that succeeded just before a crash is not posted twice.

use super::ending::Settlement;
use super::store::Loaded;
use super::types::{parse_button_id, Button, ButtonStyle, Reply, User, UserId};
use super::{Service, ServiceError};
use crate::db::{self, DbError, OutboxEntry};
use crate::images::{Column, ColumnAlign, Table};
use crate::model::{ChannelId, Destination, GameId, NoticeId};
use rusqlite::Connection;
use serde_json::{json, Value};
use std::sync::Arc;

/// Deliveries tried at most, after which a notice is given up (and logged).
pub const MAX_ATTEMPTS: u32 = 8;

/// The first retry waits this long (seconds); each further one twice as long.
const FIRST_RETRY: i64 = 5;

/// The longest wait between two tries (seconds).
const LONGEST_RETRY: i64 = 3600;

/// Due games read per round by [`Service::tick`].
const TICK_BATCH: usize = 256;

/// Settlements committed per transaction by [`Service::tick`].
const SETTLE_BATCH: usize = 64;

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

/// What [`Service::tick`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tick {
    /// Games settled (challenges expired, reminders sent, clocks run out) and daily puzzles
    /// posted.
    pub settled: usize,
    /// When the next game deadline falls, if any.
    pub next_deadline: Option<i64>,
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
    pub thread: Option<ThreadRequest>,
    /// A table drawn as the notice's picture when it is delivered (pairings, standings).
    pub table: Option<Table>,
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
        }
    }
}

impl Service {
    /// Writes a notice into the outbox, inside `conn`'s transaction.
    pub(crate) fn push_notice(
        &self,
        conn: &Connection,
        draft: &Draft,
        now: i64,
    ) -> Result<NoticeId, DbError> {
        let id = db::push_notice(conn, &draft.to, draft.game, &encode(draft).to_string(), now)?;
        self.notices_written
            .store(true, std::sync::atomic::Ordering::Release);
        Ok(id)
    }

    /// Tells delivery loops that something may be due sooner than they planned (also after
    /// a test moved the clock).
    pub fn wake(&self) {
        self.wake.send_modify(|n| *n = n.wrapping_add(1));
    }

    /// A receiver that changes whenever a notice is written or a deadline moves: a delivery
    /// loop waits on it (or the next due time, whichever comes first).
    #[must_use]
    pub fn wakeups(&self) -> tokio::sync::watch::Receiver<u64> {
        self.wake.subscribe()
    }

    /// Settles everything due by `now`: open challenges past their time expire, clocks
    /// remind or run out, and the players are told through the outbox. Each game's
    /// settlement is written whole or not at all; many are committed together (one sync of
    /// the log for up to 64 games), which keeps a start after downtime fast.
    ///
    /// # Errors
    ///
    /// Storage failures; what was settled before stays settled.
    pub fn tick(&self, now: i64) -> Result<Tick, ServiceError> {
        let mut tick = Tick::default();
        loop {
            let due = self.db.read(|c| db::due_games(c, now, TICK_BATCH))?;
            let mut plans = Vec::with_capacity(due.len());
            for record in &due {
                if let Some(plan) = self.plan_settlement(record, now)? {
                    plans.push(plan);
                }
            }
            let mut settled = 0;
            for chunk in plans.chunks(SETTLE_BATCH) {
                let written = self.db.write(|c| self.apply_settlements(c, chunk, now));
                for plan in chunk {
                    self.cache_remove(plan.game());
                }
                settled += written?;
            }
            tick.settled += settled;
            if settled > 0 {
                self.wake();
            }
            if due.len() < TICK_BATCH || settled == 0 {
                break;
            }
        }
        tick.settled += self.post_daily_puzzles(now)?;
        tick.next_deadline = self.db.read(db::next_deadline)?;
        Ok(tick)
    }

    /// Writes settlements in one transaction, each in a savepoint of its own: a game that
    /// changed since it was read (someone moved just now) is left out, the others stand.
    fn apply_settlements(
        &self,
        conn: &Connection,
        plans: &[Settlement],
        now: i64,
    ) -> Result<usize, DbError> {
        let mut settled = 0;
        for plan in plans {
            match db::savepoint(conn, |c| self.apply_settlement(c, plan, now)) {
                Ok(()) => settled += 1,
                Err(DbError::Conflict) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(settled)
    }

    /// When a delivery loop for `platform` should next wake: the nearest game deadline or
    /// notice retry, if any.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn next_wake(&self, platform: &str) -> Result<Option<i64>, ServiceError> {
        let deadline = self.db.read(db::next_deadline)?;
        let notice = self.db.read(|c| db::next_notice_due(c, platform))?;
        let daily = self.next_daily()?;
        Ok([deadline, notice, daily].into_iter().flatten().min())
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
        let mut notices = Vec::with_capacity(entries.len());
        for entry in entries {
            match self.notice_of(&entry) {
                Ok(notice) => notices.push(notice),
                Err(error) => {
                    tracing::error!(notice = entry.id.0, %error, "a stored notice cannot be read");
                    self.notice_failed(entry.id, &error.to_string(), true)?;
                }
            }
        }
        Ok(notices)
    }

    /// Marks a notice delivered. Returns false when it already was.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn notice_delivered(&self, id: NoticeId) -> Result<bool, ServiceError> {
        let now = self.clock.now();
        Ok(self.db.write(|c| db::mark_delivered(c, id, now))?)
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
            .write(|c| db::mark_failed(c, id, error, retry_at, now))?;
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

    /// A stored notice as a reply to post, its board drawn from the game.
    fn notice_of(&self, entry: &OutboxEntry) -> Result<Notice, ServiceError> {
        let corrupt = |detail: String| ServiceError::Corrupt {
            game: entry.game.unwrap_or(GameId(0)),
            detail,
        };
        let payload: Value = serde_json::from_str(&entry.payload)
            .map_err(|e| corrupt(format!("{} is not JSON: {e}", entry.id)))?;
        let mut reply = decode(&payload);
        if let (Some(game), Some(ply)) = (entry.game, payload["board"].as_u64()) {
            if let Some(record) = self.db.read(|c| db::game(c, game))? {
                let loaded = self.load(record)?;
                let ply = usize::try_from(ply).unwrap_or(usize::MAX);
                let at = loaded.game.moves().len().saturating_sub(ply);
                let shown = Loaded {
                    record: loaded.record.clone(),
                    game: loaded.game.taken_back(at),
                    times: Vec::new(),
                };
                let last = payload["mark_last"]
                    .as_bool()
                    .unwrap_or(false)
                    .then(|| super::play::last_report(&shown))
                    .flatten();
                let board = self.board_reply(&Arc::new(shown), last.as_ref());
                reply.image = board.image;
                reply.position = board.position;
                reply.board_of = Some(game);
            }
        }
        if let Some(table) = table_of(&payload["table"]) {
            reply.image = self.images.table(&table);
        }
        if let Some(puzzle) = payload["puzzle"].as_i64() {
            let puzzle = crate::model::PuzzleId(puzzle);
            reply.image = self.puzzle_image(puzzle)?;
        }
        Ok(Notice {
            id: entry.id,
            to: entry.to.clone(),
            reply,
            attempts: entry.attempts,
            fallback: payload["fallback"]
                .as_str()
                .map(|c| ChannelId(c.to_string())),
            thread: match (payload["thread"].as_str(), payload["thread_game"].as_i64()) {
                (Some(name), Some(game)) => Some(ThreadRequest {
                    name: name.to_string(),
                    game: GameId(game),
                }),
                _ => None,
            },
        })
    }
}

/// The wait before try `attempts + 1`: 5 s, 10 s, 20 s, ... at most an hour.
fn backoff(attempts: u32) -> i64 {
    let doublings = attempts.saturating_sub(1).min(20);
    (FIRST_RETRY << doublings).min(LONGEST_RETRY)
}

fn style_name(style: ButtonStyle) -> &'static str {
    match style {
        ButtonStyle::Primary => "primary",
        ButtonStyle::Secondary => "secondary",
        ButtonStyle::Success => "success",
        ButtonStyle::Danger => "danger",
    }
}

fn style_of(name: &str) -> ButtonStyle {
    match name {
        "primary" => ButtonStyle::Primary,
        "success" => ButtonStyle::Success,
        "danger" => ButtonStyle::Danger,
        _ => ButtonStyle::Secondary,
    }
}

/// The stored form of a notice.
fn encode(draft: &Draft) -> Value {
    let reply = &draft.reply;
    json!({
        "text": reply.text,
        "mentions": reply.mentions.iter().map(|u| json!({"id": u.id.0, "name": u.name})).collect::<Vec<_>>(),
        "channels": reply.channels.iter().map(|c| c.0.clone()).collect::<Vec<_>>(),
        "buttons": reply.buttons.iter().map(|b| json!({"label": b.label, "id": b.id, "style": style_name(b.style)})).collect::<Vec<_>>(),
        "board": draft.board,
        "mark_last": draft.mark_last,
        "puzzle": draft.puzzle.map(|p| p.0),
        "fallback": draft.fallback.as_ref().map(|c| c.0.clone()),
        "thread": draft.thread.as_ref().map(|t| t.name.clone()),
        "thread_game": draft.thread.as_ref().map(|t| t.game.0),
        "table": draft.table.as_ref().map(table_json),
    })
}

/// A table as stored in a notice: its text, drawn when the notice is delivered.
fn table_json(table: &Table) -> Value {
    json!({
        "title": table.title,
        "subtitle": table.subtitle,
        "columns": table.columns.iter().map(|c| json!([c.header, match c.align {
            ColumnAlign::Left => "left",
            ColumnAlign::Right => "right",
            ColumnAlign::Centre => "centre",
        }])).collect::<Vec<_>>(),
        "rows": table.rows,
    })
}

/// A stored table back, if the notice has one.
fn table_of(value: &Value) -> Option<Table> {
    let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
    let columns = value["columns"]
        .as_array()?
        .iter()
        .map(|c| {
            let align = match c[1].as_str() {
                Some("right") => ColumnAlign::Right,
                Some("centre") => ColumnAlign::Centre,
                _ => ColumnAlign::Left,
            };
            Column::new(text(&c[0]), align)
        })
        .collect();
    let rows = value["rows"]
        .as_array()?
        .iter()
        .map(|row| row.as_array().into_iter().flatten().map(text).collect())
        .collect();
    Some(Table {
        title: text(&value["title"]),
        subtitle: text(&value["subtitle"]),
        columns,
        rows,
    })
}

/// A stored notice back as a reply (without its picture).
fn decode(payload: &Value) -> Reply {
    let text = payload["text"].as_str().unwrap_or_default().to_string();
    let mentions = payload["mentions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|u| {
            Some(User::new(
                UserId(u["id"].as_str()?.to_string()),
                u["name"].as_str()?,
            ))
        })
        .collect();
    let channels = payload["channels"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c.as_str().map(|c| ChannelId(c.to_string())))
        .collect();
    let buttons = payload["buttons"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|b| {
            let id = b["id"].as_str()?;
            let (command, game) = parse_button_id(id)?;
            Some(Button {
                label: b["label"].as_str()?.to_string(),
                id: id.to_string(),
                style: style_of(b["style"].as_str().unwrap_or_default()),
                command,
                game,
            })
        })
        .collect();
    Reply {
        text,
        mentions,
        channels,
        buttons,
        ..Reply::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_back_off_and_are_bounded() {
        assert_eq!(backoff(1), 5);
        assert_eq!(backoff(2), 10);
        assert_eq!(backoff(5), 80);
        assert_eq!(backoff(30), LONGEST_RETRY);
    }

    #[test]
    fn notices_round_trip_through_their_stored_form() {
        let mut draft = Draft::to(
            Destination::Channel(ChannelId::new("console", "main")),
            GameId(3),
        );
        let bob = User::new(UserId::new("console", "bob"), "bob");
        let token = draft.reply.mention_user(&bob);
        draft.reply.text = format!("{token}, **hello**");
        draft.reply.buttons = Button::of(super::super::Command::AskResign, GameId(3))
            .into_iter()
            .collect();
        draft.board = Some(4);
        let stored = encode(&draft);
        let back = decode(&serde_json::from_str(&stored.to_string()).unwrap_or_default());
        assert_eq!(back.text, draft.reply.text);
        assert_eq!(back.mentions, draft.reply.mentions);
        assert_eq!(back.buttons, draft.reply.buttons);
        assert_eq!(stored["board"], 4);
    }

    #[test]
    fn tables_round_trip_through_their_stored_form() {
        let mut draft = Draft::general(Destination::Channel(ChannelId::new("console", "main")));
        let table = Table {
            title: "Cup, round 2 of 3".to_string(),
            subtitle: "after 1 round".to_string(),
            columns: vec![
                Column::new("Board", ColumnAlign::Right),
                Column::new("Black", ColumnAlign::Left),
                Column::new("Result", ColumnAlign::Centre),
            ],
            rows: vec![
                vec!["1".into(), "**al**`ice".into(), "½–½".into()],
                vec!["bye".into(), "bob".into(), String::new()],
            ],
        };
        draft.table = Some(table.clone());
        let stored = encode(&draft);
        let back: Value = serde_json::from_str(&stored.to_string()).unwrap_or_default();
        assert_eq!(table_of(&back["table"]), Some(table));
        assert_eq!(table_of(&encode(&Draft::general(draft.to))["table"]), None);
    }
}
