//! Correspondence play: clocks running out, reminders, `claim`, `settings`, and games moving
//! into threads of their own.

use super::clocks;
use super::lifecycle::{Announced, Conclusion, Settlement};
use super::notices::Draft;
use super::store::Loaded;
use super::types::{ChannelId, GameId, Language, Reply, Request, Setting};
use super::wording::status_line;
use super::{refuse, Failure, Outcome, Refusal, Service, ServiceError};
use crate::catalogue::say;
use crate::db::{self, DbError, Tx};
use crate::model::{Destination, Ending, GameRecord, ReminderPlace, Status, WebAccess};
use crate::{phrase, say};
use akron_rules::{Color, Outcome as GameOutcome, Reason};
use std::sync::Arc;

/// The longest board link kept.
const MAX_LINK: usize = 512;

impl Service {
    /// Why a live game is over in all but name at `now`: a challenge nobody answered in time,
    /// or the player to move ran out of time, while the scheduler's tick (the only place that
    /// settles games) has yet to end it. Decided from reads alone: nothing is written. A
    /// player on a vacation that stops the clock is never overdue here; the tick decides.
    pub(super) fn overdue(
        &self,
        record: &GameRecord,
        now: i64,
    ) -> Result<Option<crate::catalogue::Phrase>, ServiceError> {
        if !record.status().is_live() || record.deadline_at.is_none_or(|due| now < due) {
            return Ok(None);
        }
        if record.status() == Status::Open {
            return Ok(Some(crate::phrase!(
                "overdue-challenge",
                game = record.id.to_string()
            )));
        }
        let loaded = self.load(record.clone())?;
        if !self
            .clock_reading(&loaded, now)?
            .is_some_and(|clock| clock.out_of_time(now))
        {
            // Only a reminder is due, or the clock stands still (a vacation).
            return Ok(None);
        }
        let late = loaded.to_move();
        Ok(Some(crate::phrase!(
            "overdue-game",
            game = record.id.to_string(),
            player = late.shown()
        )))
    }

    /// What is due for an active game whose deadline has come: a reminder to the player to
    /// move, or the end on time; nothing while that player is on vacation (the deadline
    /// moves to its end instead).
    pub(super) fn plan_active(
        &self,
        record: &GameRecord,
        now: i64,
    ) -> Result<Option<Settlement>, ServiceError> {
        let mut loaded = self.load(record.clone())?;
        let mover = loaded.to_move().id;
        let pause = self
            .db
            .read(|c| super::conditional::clock_pause(c, &loaded.record, &mover))?;
        if pause.is_some_and(|pause| now >= pause.until) {
            // The vacation ran out: it ends, which moves the game on. Read it again.
            self.end_vacation(&mover, now)?;
            if let Some(fresh) = self.db.read(|c| db::game(c, record.id))? {
                loaded = self.load(fresh)?;
            }
        }
        let plies = loaded.game.moves().len();
        let Some(clock) = self.clock_reading(&loaded, now)? else {
            return Ok(None);
        };
        if clock.standing {
            // The player to move is on vacation: nothing is due before it runs out.
            let back = pause.map(|pause| pause.until);
            let mut held = loaded.record.clone();
            if back.is_some() && held.deadline_at != back {
                held.deadline_at = back;
                match self.db.write(|c| db::save_game(c, &held)) {
                    Ok(_) | Err(DbError::Conflict) => {}
                    Err(e) => return Err(e.into()),
                }
                self.cache_remove(held.id);
            }
            return Ok(None);
        }
        Ok(if clock.out_of_time(now) {
            Some(Settlement::TimeOut(loaded))
        } else if clocks::next_due(&loaded.record, plies).is_some_and(|due| now >= due) {
            Some(Settlement::Remind(loaded))
        } else {
            None
        })
    }

    /// The player to move ran out of time: they lose, or the game is aborted when their
    /// opponent has not moved yet. The channel is told with the board.
    pub(super) fn time_out(
        &self,
        conn: &Tx<'_>,
        loaded: &Loaded,
        record: &mut GameRecord,
        announced: Announced,
        now: i64,
    ) -> Result<(), DbError> {
        let plies = loaded.game.moves().len();
        let late = loaded.game.turn();
        // In a tournament a timeout is always a loss: a player who never moves forfeits.
        let outcome = if plies == 0 && db::game_tournament(conn, record.id)?.is_none() {
            GameOutcome {
                winner: None,
                reason: Reason::Abort,
            }
        } else {
            GameOutcome {
                winner: Some(late.other()),
                reason: Reason::Timeout,
            }
        };
        let conclusion = Conclusion {
            ending: Ending::Result(outcome),
            winner: outcome.winner.map(|c| loaded.player(c)),
            plies,
            announced,
        };
        self.end_game(conn, record, conclusion, now)?;
        Ok(())
    }

    /// Reminds the player to move of the time they have left.
    pub(super) fn remind(
        &self,
        conn: &Tx<'_>,
        loaded: &Loaded,
        record: &mut GameRecord,
        now: i64,
    ) -> Result<(), DbError> {
        let plies = loaded.game.moves().len();
        if let Some(play) = record.play_mut() {
            play.reminders_sent = play.reminders_sent.saturating_add(1);
        }
        record.deadline_at = clocks::next_due(record, plies);
        record.version = db::save_game(conn, record)?;
        let player = loaded.to_move();
        let place = db::reminder_place(conn, &player.id)?;
        if place == ReminderPlace::Off {
            return Ok(());
        }
        let left = clocks::timeout_at(record, plies).map_or(0, |out| out - now);
        let to = match place {
            ReminderPlace::Direct => Destination::User(player.id.clone()),
            _ => Destination::Channel(record.channel.clone()),
        };
        let mut draft = Draft::to(to, record.id);
        draft.fallback = Some(record.channel.clone());
        let token = draft.reply.mention_user(&player);
        let channel = draft.reply.name_channel(&record.channel);
        let opponent = loaded.player(loaded.game.turn().other());
        let board = db::board_link(conn, record.id)?.map_or_else(
            || phrase!("empty"),
            |link| phrase!("reminder-board-link", link = link),
        );
        // Put into words at delivery, in the reader's language then.
        draft.words = vec![phrase!(
            "reminder",
            player = token,
            game = record.id.to_string(),
            opponent = opponent.shown(),
            channel = channel,
            board = board,
            time = clocks::span(left, false),
            deadline = format!("<t:{}:f>", now + left),
            control = super::wording::time_control(record.time_control)
        )];
        draft.reply.board_of = Some(record.id);
        // Only while nothing has happened since: a move, a takeback or the end makes it
        // stale, and it is then dropped at delivery.
        draft.only_at_version = Some(record.version);
        self.push_notice(conn, &draft, now)?;
        Ok(())
    }

    /// `claim`: when the opponent's time has run out (the bot was down at the moment), the
    /// game ends exactly as the scheduler would have ended it, announced by this reply.
    pub(super) fn claim(&self, request: &Request) -> Outcome {
        // Read without settling on the way, so that this reply is the announcement.
        let row = match request.game {
            Some(id) => self.db.read(|c| db::game(c, id))?,
            None => self.db.read(|c| db::channel_game(c, &request.channel))?,
        };
        let Some(row) = row.filter(|r| r.status() == Status::Active) else {
            // Nothing running here: the usual explanation (over, not started, none).
            self.active_game(request)?;
            return refuse(say!(request.language.private, "claim-no-game"));
        };
        let loaded = self.load(row)?;
        let Some(colour) = loaded.colour_of(&request.user.id) else {
            return Err(super::wording::not_a_player(
                &loaded,
                request.language.private,
            ));
        };
        let now = self.clock.now();
        let Some(clock) = self.clock_reading(&loaded, now)? else {
            return refuse(say!(request.language.private, "claim-no-clock"));
        };
        if loaded.game.turn() == colour {
            return refuse(say!(request.language.private, "claim-your-move"));
        }
        let live = loaded.record.time_control.is_live();
        if clock.standing {
            return refuse(say!(
                request.language.private,
                "claim-on-vacation",
                player = loaded.to_move().shown(),
                time = clocks::span(clock.out - now, live)
            ));
        }
        if !clock.out_of_time(now) {
            return refuse(say!(
                request.language.private,
                "claim-time-left",
                player = loaded.to_move().shown(),
                time = clocks::span(clock.out - now, live)
            ));
        }
        let mut next = loaded.record.clone();
        self.db
            .write(|c| self.time_out(c, &loaded, &mut next, Announced::ByReply, now))?;
        self.cache_remove(next.id);
        self.wake();
        let Some(row) = self.db.read(|c| db::game(c, next.id))? else {
            return refuse(say!(request.language.private, "claim-game-gone"));
        };
        let ended = self.load(row)?;
        let mut reply = self.board_reply(&ended, None, request.language.public);
        reply.text = super::wording::result_sentence(&ended, &mut reply)
            .map(|p| p.say(request.language.public))
            .unwrap_or_default();
        if let Some(note) = self.rating_note_of(&ended.record, ended.game.moves().len())? {
            reply.text.push('\n');
            reply.text.push_str(&note.say(request.language.public));
        }
        Ok(reply)
    }

    /// A front end posted the latest board of `game` where `link` leads (Discord: a message
    /// link): reminders point there. Ignored for games that are over.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn board_posted(&self, game: GameId, link: &str) -> Result<(), ServiceError> {
        if link.len() > MAX_LINK || link.contains(['>', ' ', '\n']) {
            return Ok(());
        }
        self.db.write(|c| db::set_board_link(c, game, link))?;
        Ok(())
    }

    /// Where the latest board of `game` was posted, if a front end said so.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn board_link(&self, game: GameId) -> Result<Option<String>, ServiceError> {
        Ok(self.db.read(|c| db::board_link(c, game))?)
    }

    /// `settings`: shows the caller's settings, or changes one. An unknown language or time
    /// zone is refused with the valid ones, and nothing changes.
    pub(super) fn settings(&self, request: &Request, setting: Option<Setting>) -> Outcome {
        let me = &request.user.id;
        let private = request.language.private;
        let refuse_in = |id: &str| refuse(say(private, id, &[]));
        let language_of = |given: &str| -> Result<Language, Failure> {
            given.parse().map_err(|_| {
                Refusal::new(say!(
                    private,
                    "settings-unknown-language",
                    given = given,
                    valid = Language::valid_list()
                ))
                .into()
            })
        };
        // A change of language is answered in the new one.
        let mut answer_in = request.language;
        match setting {
            Some(Setting::Reminders(place)) => {
                self.db.write(|c| db::set_reminder_place(c, me, place))?;
            }
            Some(Setting::View(view)) => {
                self.db.write(|c| db::set_view_setting(c, me, view))?;
            }
            Some(Setting::TournamentRole(ref role)) => {
                if !request.is_moderator {
                    return refuse_in("settings-moderators-role");
                }
                let Some(server) = &request.server else {
                    return refuse_in("settings-server-only");
                };
                if !request.platform.roles {
                    return refuse_in("settings-no-roles");
                }
                self.db
                    .write(|c| db::set_tournament_role(c, server, role.as_ref()))?;
            }
            Some(Setting::ThreadGames(on)) => {
                if !request.is_moderator {
                    return refuse_in("settings-moderators-threads");
                }
                let Some(server) = &request.server else {
                    return refuse_in("settings-server-only");
                };
                self.db.write(|c| db::set_thread_games(c, server, on))?;
            }
            Some(Setting::Web(access)) => {
                if !request.is_moderator {
                    return refuse_in("settings-moderators-web");
                }
                let Some(server) = &request.server else {
                    return refuse_in("settings-server-only");
                };
                self.set_web_access(server, access)?;
            }
            Some(Setting::Language(ref given)) => {
                let language = language_of(given)?;
                match &request.server {
                    Some(server) if request.is_moderator => {
                        self.db
                            .write(|c| db::set_server_language(c, server, Some(language)))?;
                        answer_in.public = language;
                        if request.locale.is_none() {
                            answer_in.private = language;
                        }
                    }
                    _ => {
                        self.db.write(|c| db::set_user_language(c, me, language))?;
                        answer_in.private = language;
                    }
                }
            }
            Some(Setting::MyLanguage(ref given)) => {
                let language = language_of(given)?;
                self.db.write(|c| db::set_user_language(c, me, language))?;
                answer_in.private = language;
            }
            Some(Setting::TimeZone(ref given)) => {
                let Some(zone) = super::times::zone_name(given) else {
                    return refuse(say!(
                        private,
                        "settings-unknown-timezone",
                        given = given.as_str()
                    ));
                };
                self.db.write(|c| db::set_user_timezone(c, me, &zone))?;
            }
            None => {}
        }
        let language = answer_in.private;
        let place = self.db.read(|c| db::reminder_place(c, me))?;
        let view = self
            .db
            .read(|c| db::view_setting(c, me))?
            .unwrap_or_default();
        let threads = match &request.server {
            Some(server) => self.db.read(|c| db::thread_games(c, server))?,
            None => false,
        };
        let organisers = match &request.server {
            Some(server) => self.db.read(|c| db::tournament_role(c, server))?,
            None => None,
        };
        let web = match &request.server {
            Some(server) => self.web_access(server)?,
            None => WebAccess::Off,
        };
        let (mine, zone) = self.db.read(|c| db::user_language(c, me))?;
        let mut text = match setting {
            Some(_) => format!("{} ", say(language, "settings-saved", &[])),
            None => String::new(),
        };
        text.push_str(&say!(
            language,
            "settings-summary",
            reminders = place.name(),
            view = match view {
                crate::images::View::Perspective => "perspective",
                crate::images::View::Plan => "plan",
            },
            threads = if threads { "on" } else { "off" },
            // Only a platform with roles (Discord) takes `settings tournament-role`; the
            // console and Matrix refuse it, so their answer does not offer it.
            roles = if request.platform.roles { "yes" } else { "no" },
            organisers = organisers.map_or_else(String::new, |role| say!(
                language,
                "settings-organisers",
                role = crate::model::escape_markdown(&role.name)
            ))
        ));
        let unset = say(language, "settings-language-unset", &[]);
        text.push(' ');
        text.push_str(&say!(
            language,
            "settings-language",
            mine = mine.map_or_else(|| unset.clone(), |l| l.name().to_string()),
            server = answer_in.public.name(),
            zone = zone.unwrap_or_else(|| "UTC".to_string())
        ));
        text.push(' ');
        text.push_str(&say!(language, "settings-web", web = web.name()));
        Ok(Reply::private(text))
    }

    /// The front end opened the thread a reply asked for: the game moves there, and the
    /// returned reply (the board, both players mentioned) is what to post in it.
    ///
    /// # Errors
    ///
    /// Storage failures; a refusal reply when the game is not active any more.
    pub fn thread_opened(&self, game: GameId, thread: &ChannelId) -> Result<Reply, ServiceError> {
        let Some(row) = self.db.read(|c| db::game(c, game))? else {
            let language = self.notice_language(&Destination::Channel(thread.clone()), None)?;
            return Ok(Reply::refusal(say!(
                language,
                "thread-no-game",
                game = game.to_string()
            )));
        };
        if row.status() != Status::Active {
            let language =
                self.notice_language(&Destination::Channel(thread.clone()), row.server.as_ref())?;
            return Ok(Reply::refusal(say!(
                language,
                "thread-game-not-played",
                game = game.to_string()
            )));
        }
        let loaded = self.load(row)?;
        let mut record = loaded.record.clone();
        record.channel = thread.clone();
        // It lives in its own thread now, one game there like in any channel.
        record.wants_thread = false;
        record.version = self.db.write(|c| db::save_game(c, &record))?;
        let next = Arc::new(Loaded {
            record,
            game: loaded.game.clone(),
            times: loaded.times.clone(),
        });
        self.remember(&next);
        let language = self.notice_language(
            &Destination::Channel(next.record.channel.clone()),
            next.record.server.as_ref(),
        )?;
        let mut reply = self.board_reply(&next, None, language);
        let black = reply.mention_user(&next.player(Color::Black));
        let white = reply.mention_user(&next.player(Color::White));
        reply.text = say!(
            language,
            "thread-opened",
            game = game.to_string(),
            black = black,
            white = white,
            status = status_line(
                &next,
                self.clock_reading(&next, self.clock.now())?,
                self.lost_by_both(&next),
                language
            )
        );
        // Posted unasked, like a notice: its buttons and its reader in the channel's language.
        reply.label_buttons(language);
        reply.reader = super::types::Reader {
            language,
            zone: None,
        };
        Ok(reply)
    }
}
