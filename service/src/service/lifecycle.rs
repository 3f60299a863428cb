//! Where a game starts, where a move is applied, where a game ends.
//!
//! - A game starts in [`Service::start_game`]: an accepted challenge, a game against the AI
//!   and a tournament's pairing all become active there, with their clocks running. A game's
//!   own thread is named by [`thread_name`].
//! - A move is applied by [`apply_move`] (in memory: legality, clocks, what lapses with it)
//!   and written by [`Service::store_move`], whoever moves: a person, the AI or a
//!   conditional move played in answer. An open draw offer lapses there, with the same note
//!   for everyone ([`Applied::lapse_note`]).
//! - Every ending (connection, no legal move, repetition, resignation, draw, abort, timeout;
//!   a challenge declined, cancelled or expired) is written by [`Service::end_game`] inside
//!   the caller's transaction. It emits a [`GameEnded`] event, and
//!   [`Service::on_game_ended`] is the one place that reacts to it, in the same transaction:
//!   what it writes (notices, rating changes, tournament results and the next round's
//!   pairings) lands together with the ending or not at all.

use super::clocks;
use super::notices::Draft;
use super::store::Loaded;
use super::types::{Language, Reply};
use super::wording::{aborted_sentence, lapsed_offer, result_sentence_for};
use super::{Service, ServiceError, CHALLENGE_TTL};
use crate::catalogue::{Arg, Phrase};
use crate::db::{self, DbError, MoveRow, Tx};
use crate::model::TournamentStatus;
use crate::model::{Destination, Ending, GameEnded, GameId, GameRecord, Phase, Status, User};
use crate::phrase;
use akron_rules::{Color, IllegalMove, Move, MoveReport, Reason};
use std::sync::Arc;

impl Service {
    /// Starts a game at `now`, inside `conn`'s transaction: `record` (an accepted challenge,
    /// or a new game against the AI or of a tournament's pairing) becomes active, its clock
    /// running after `plies` moves, and is written: saved when it is stored already, inserted
    /// when it is new (id 0). Returns the game's number.
    pub(super) fn start_game(
        &self,
        conn: &Tx<'_>,
        record: &mut GameRecord,
        plies: usize,
        now: i64,
    ) -> Result<GameId, DbError> {
        clocks::start(record, plies, now);
        if record.id == GameId(0) {
            record.id = db::insert_game(conn, record)?;
        } else {
            record.version = db::save_game(conn, record)?;
        }
        self.tell_start_followers(conn, record, now)?;
        Ok(record.id)
    }
}

/// The name of a game's own thread, put into words in its channel's language: `Akron #12:
/// alice vs bob`, each person's name cut to 30 characters (Discord takes 100 at most).
pub(super) fn thread_name(game: GameId, black: &User, white: &User) -> Phrase {
    let named = |user: &User| -> Arg {
        if user.id.is_ai() {
            user.shown()
        } else {
            Arg::Text(user.name.chars().take(30).collect())
        }
    };
    phrase!(
        "thread-name",
        game = game.to_string(),
        black = named(black),
        white = named(white)
    )
}

/// Asks for the game's own thread in the reply that starts it, when the game wants one.
pub(super) fn move_to_thread(reply: &mut Reply, loaded: &Loaded, language: Language) {
    if loaded.record.wants_thread {
        reply.thread = Some(
            thread_name(
                loaded.record.id,
                &loaded.player(Color::Black),
                &loaded.player(Color::White),
            )
            .say(language),
        );
        reply.text.push('\n');
        reply
            .text
            .push_str(&crate::say!(language, "game-moves-to-thread"));
    }
}

/// A move applied in memory and not yet written ([`Service::store_move`] writes it): the game
/// after it, what it did, who played it, and whose draw offer lapsed with it.
pub(super) struct Applied {
    /// The game after the move.
    pub next: Loaded,
    /// What the move did.
    pub report: MoveReport,
    /// The move as it is stored.
    pub row: MoveRow,
    /// Who played it.
    pub mover: User,
    /// Who had offered the draw that lapsed because the move did not answer it.
    pub lapsed: Option<User>,
    /// What stops the clock of the player to move next (their vacation), when the move's
    /// save read it ([`db::SavedAfterMove::vacation`]): the reply shows that clock without
    /// reading it again (issue 45).
    pub pause: Option<Option<clocks::Pause>>,
}

impl Applied {
    /// The note that the move let an open draw offer lapse, for whatever announces the move.
    pub(super) fn lapse_note(&self) -> Option<crate::catalogue::Phrase> {
        self.lapsed
            .as_ref()
            .map(|offerer| lapsed_offer(offerer, &self.mover))
    }
}

/// Applies `mv`, played by whoever is to move in `loaded`, at `now`, in memory: the clocks
/// run on, an open takeback request is dropped, and an open draw offer lapses when the other
/// player moves instead of answering it (the offerer's own move, an offer made with a move,
/// leaves it open).
///
/// # Errors
///
/// The rules' [`IllegalMove`] when `mv` is not legal; nothing is applied.
pub(super) fn apply_move(loaded: &Loaded, mv: Move, now: i64) -> Result<Applied, IllegalMove> {
    let mover = loaded.to_move();
    let mut game = loaded.game.clone();
    let report = game.play(mv)?;
    let mut record = loaded.record.clone();
    clocks::after_move(&mut record, loaded.game.moves().len(), now);
    let lapsed = match record.offers_mut() {
        Some(offers) => {
            offers.takeback = None;
            match offers.draw.take() {
                Some(by) if by == mover.id => {
                    offers.draw = Some(by);
                    None
                }
                Some(by) => loaded.colour_of(&by).map(|c| loaded.player(c)),
                None => None,
            }
        }
        None => None,
    };
    let mut next = Loaded {
        record,
        game,
        times: loaded.times.clone(),
    };
    next.times.push(now);
    let row = MoveRow {
        ply: report.ply,
        notation: mv.to_string(),
        code: next.game.position().code(),
        played_at: now,
    };
    Ok(Applied {
        next,
        report,
        row,
        mover,
        lapsed,
        pause: None,
    })
}

impl Service {
    /// Writes an applied move inside `conn`'s transaction: the opponent's conditional moves
    /// are taken, whether the AI is to move is noted, the game's row is saved (or the game
    /// ended, when the move decided it: the move's own reply or notice announces it) and the
    /// move stored. Returns the opponent's conditional answer to play next, if they queued
    /// one for this move.
    pub(super) fn store_move(
        &self,
        conn: &Tx<'_>,
        applied: &mut Applied,
        now: i64,
    ) -> Result<Option<(User, String)>, DbError> {
        self.note_ai_turn(conn, &applied.next, now)?;
        match applied.report.outcome {
            None => {
                // The game saved at its version, the move stored, and the conditional moves
                // and followers read, in one statement on PostgreSQL (issue 45: three round
                // trips fewer).
                let queued = applied.next.to_move();
                let saved =
                    db::save_game_after_move(conn, &applied.next.record, &queued.id, &applied.row)?;
                applied.next.record.version = saved.version;
                applied.pause = Some(super::conditional::pause_after_move(
                    &applied.next.record,
                    saved.vacation,
                ));
                let answer =
                    self.take_premove(conn, &applied.next, applied.report.mv, saved.premoves, now)?;
                self.tell_move_followers(
                    conn,
                    &applied.next,
                    &applied.report,
                    &saved.followers,
                    now,
                )?;
                Ok(answer)
            }
            Some(outcome) => {
                // Before the ending (which forgets the game's follows) is written.
                let followers = db::game_followers(conn, applied.next.record.id)?;
                self.tell_move_followers(conn, &applied.next, &applied.report, &followers, now)?;
                self.end_after_move(conn, &mut applied.next, outcome, now)?;
                db::insert_move(conn, applied.next.record.id, &applied.row)?;
                Ok(None)
            }
        }
    }

    /// After a move is written: keeps the game in memory and wakes the AI worker when the AI
    /// is to move. Returns the game as it now stands.
    pub(super) fn moved(&self, next: Loaded) -> Arc<Loaded> {
        self.metrics.moves.inc();
        let next = Arc::new(next);
        self.remember(&next);
        if next.ai_to_move() {
            self.wake();
        }
        next
    }

    /// Ends the game a move decided, inside `conn`'s transaction (the move's own message
    /// announces it).
    fn end_after_move(
        &self,
        conn: &Tx<'_>,
        next: &mut Loaded,
        outcome: akron_rules::Outcome,
        now: i64,
    ) -> Result<(), DbError> {
        let conclusion = Conclusion {
            ending: Ending::Result(outcome),
            winner: outcome.winner.map(|c| next.player(c)),
            plies: next.game.moves().len(),
            announced: Announced::ByReply,
        };
        self.end_game(conn, &mut next.record, conclusion, now)?;
        Ok(())
    }
}

/// How a game ends: the ending, its winner, how many moves were played, and whether the
/// caller's reply announces it.
#[derive(Clone, Debug)]
pub(crate) struct Conclusion {
    pub ending: Ending,
    pub winner: Option<User>,
    pub plies: usize,
    pub announced: Announced,
}

/// Whether the ending is already announced by the reply to the command that caused it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Announced {
    /// The caller's reply says it, in the game's channel.
    ByReply,
    /// Nobody asked: the channel must be told by a notice.
    No,
}

impl Service {
    /// Ends the game of `record` (at its stored version) as `conclusion` says, inside
    /// `conn`'s transaction, and reacts to the [`GameEnded`] event it emits.
    pub(crate) fn end_game(
        &self,
        conn: &Tx<'_>,
        record: &mut GameRecord,
        conclusion: Conclusion,
        now: i64,
    ) -> Result<GameEnded, DbError> {
        let Conclusion {
            ending,
            winner,
            plies,
            announced,
        } = conclusion;
        record.phase = Phase::Ended {
            ending,
            winner: winner.as_ref().map(|u| u.id.clone()),
            at: now,
            started_at: record.started_at(),
            last_move_at: record.last_move_at(),
        };
        record.deadline_at = None;
        record.version = db::save_game(conn, record)?;
        db::set_ai_waiting(conn, record.id, None)?;
        let event = GameEnded {
            game: record.id,
            channel: record.channel.clone(),
            players: record.players.clone(),
            ending,
            winner,
            plies,
            at: now,
        };
        self.on_game_ended(conn, record, &event, announced)?;
        Ok(event)
    }

    /// Everything that reacts to a game's end, in the transaction that ended it.
    fn on_game_ended(
        &self,
        conn: &Tx<'_>,
        record: &GameRecord,
        event: &GameEnded,
        announced: Announced,
    ) -> Result<(), DbError> {
        tracing::info!(game = event.game.0, ending = ?event.ending, "game ended");
        if super::rated::is_rated(record, &event.ending, event.plies) {
            super::rated::apply_ratings(conn, record, event)?;
        }
        if announced == Announced::No {
            self.announce_ending(conn, record, event)?;
        }
        self.tell_end_followers(conn, event)?;
        self.queue_tournament_analysis(conn, record, event)?;
        // Last, so that the result is told before the next round it may start.
        self.record_tournament_result(conn, record, event)
    }

    /// Tells the game's channel how it ended, when no reply to a command says it.
    fn announce_ending(
        &self,
        conn: &Tx<'_>,
        record: &GameRecord,
        event: &GameEnded,
    ) -> Result<(), DbError> {
        // A tournament game that ended before its thread opened lives in a placeholder
        // channel nobody reads: its result goes to the tournament's channel.
        let tournament = db::game_tournament(conn, event.game)?;
        // A tournament game's announcement that is still waiting says, when delivered after
        // the end, that the game ended before it could be announced and how: a second notice
        // would announce the same end twice. Only tournament games have such announcements,
        // so other games never read the outbox here.
        if tournament.is_some()
            && matches!(event.ending, Ending::Result(_))
            && announcement_waiting(conn, event.game)?
        {
            return Ok(());
        }
        let channel = match tournament {
            Some((t, _, _)) if event.channel.local().starts_with("pending-") => t.channel,
            _ => event.channel.clone(),
        };
        let mut draft = Draft::to(Destination::Channel(channel), event.game);
        // Stored as phrases, put into words when delivered, in the language the channel has
        // then.
        let (words, note) = match event.ending {
            Ending::Expired => {
                let challenged = record.challenged_user();
                let token = draft.reply.mention_user(record.challenger_user());
                let words = phrase!(
                    "challenge-expired-notice",
                    challenger = token,
                    challenged = challenged.shown(),
                    game = event.game.to_string(),
                    hours = CHALLENGE_TTL / 3600
                );
                (words, None)
            }
            Ending::Declined | Ending::Cancelled => return Ok(()),
            Ending::Result(outcome) => {
                draft.board = Some(event.plies);
                let words = if outcome.reason == Reason::Abort {
                    match abort_reason(conn, record, event)? {
                        // Decided by the tournament as lost by both: said as such, not as
                        // an abort (the game is stored as aborted without a winner).
                        None => phrase!(
                            "game-forfeited-by-both",
                            game = event.game.to_string(),
                            mentions = phrase!(
                                "mention-both",
                                first = draft.reply.mention_user(&record.players.black),
                                second = draft.reply.mention_user(&record.players.white)
                            )
                        ),
                        Some(why) => aborted_sentence(
                            event.game,
                            Some(why),
                            &record.players.black,
                            &record.players.white,
                            &mut draft.reply,
                        ),
                    }
                } else {
                    result_sentence_for(event, outcome, &mut draft.reply)
                };
                let players = [&record.players.black, &record.players.white];
                let note =
                    super::rated::rating_note(conn, event.game, &players, record.server.as_ref())?;
                let note = note.or_else(|| {
                    super::rated::never_moved_note(record, &Ending::Result(outcome), event.plies)
                });
                (words, note)
            }
        };
        draft.words = std::iter::once(words).chain(note).collect();
        self.push_notice(conn, &draft, event.at)?;
        Ok(())
    }

    /// What is due for a live game by `now`, decided from what was read (nothing written,
    /// except that a vacation which ran out ends).
    pub(super) fn plan_settlement(
        &self,
        record: &GameRecord,
        now: i64,
    ) -> Result<Option<Settlement>, ServiceError> {
        if !record.status().is_live() || record.deadline_at.is_none_or(|due| now < due) {
            return Ok(None);
        }
        if record.status() == Status::Active {
            return self.plan_active(record, now);
        }
        Ok(Some(Settlement::Expire(Box::new(record.clone()))))
    }

    /// Carries out a settlement inside `conn`'s transaction. A game changed since it was
    /// read is a [`DbError::Conflict`], and nothing of it is written.
    pub(super) fn apply_settlement(
        &self,
        conn: &Tx<'_>,
        settlement: &Settlement,
        now: i64,
    ) -> Result<(), DbError> {
        match settlement {
            Settlement::Expire(record) => {
                let conclusion = Conclusion {
                    ending: Ending::Expired,
                    winner: None,
                    plies: 0,
                    announced: Announced::No,
                };
                self.end_game(conn, &mut record.clone(), conclusion, now)?;
                Ok(())
            }
            Settlement::TimeOut(loaded) => {
                self.time_out(conn, loaded, &mut loaded.record.clone(), Announced::No, now)
            }
            Settlement::Remind(loaded) => {
                self.remind(conn, loaded, &mut loaded.record.clone(), now)
            }
        }
    }
}

/// Why a game that nobody aborted by command was aborted, for its notice: its tournament
/// was cancelled, or (the only other way) its first player never moved in time; `None` when
/// its tournament decided it as lost by both, which is no abort to the reader.
fn abort_reason(
    conn: &Tx<'_>,
    record: &GameRecord,
    event: &GameEnded,
) -> Result<Option<Phrase>, DbError> {
    Ok(match db::game_tournament(conn, event.game)? {
        Some((t, _, _)) if t.status == TournamentStatus::Cancelled => Some(phrase!(
            "abort-tournament-cancelled",
            tournament = crate::model::escape_markdown(&t.name)
        )),
        Some(_) => None,
        None => Some(phrase!(
            "abort-no-first-move",
            player = record.players.black.shown()
        )),
    })
}

/// What the scheduler does about one live game whose deadline came.
pub(super) enum Settlement {
    /// An open challenge nobody answered expires.
    Expire(Box<GameRecord>),
    /// The player to move ran out of time.
    TimeOut(Arc<Loaded>),
    /// The player to move is reminded of the time left.
    Remind(Arc<Loaded>),
}

impl Settlement {
    /// The game settled.
    pub(super) fn game(&self) -> GameId {
        match self {
            Settlement::Expire(record) => record.id,
            Settlement::TimeOut(loaded) | Settlement::Remind(loaded) => loaded.record.id,
        }
    }
}

/// Whether a notice about `game` that words the game's end itself when delivered after it
/// (a tournament game's announcement, [`Draft::if_over`]) is still waiting.
fn announcement_waiting(conn: &Tx<'_>, game: GameId) -> Result<bool, DbError> {
    Ok(db::waiting_payloads_of_game(conn, game)?
        .iter()
        .any(|payload| {
            serde_json::from_str::<super::notices::stored::Payload>(payload)
                .is_ok_and(|p| p.if_over.is_some() || p.if_over_words.is_some())
        }))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::model::{ChannelId, UserId};
    use crate::service::{Challenge, ColourChoice, Command, Config, Request};
    use akron_ai::Level;

    /// The AI's move cleared an open draw offer silently where a person's move lets it lapse
    /// with a note; both now go through [`apply_move`].
    #[test]
    fn an_ai_move_lets_an_open_draw_offer_lapse_with_the_note_a_persons_move_gives() {
        let dir = tempfile::tempdir().unwrap();
        let mut config = Config::with_db(dir.path().join("akron.db"));
        config.ai.playouts = Some(20);
        config.ai.searches = 1;
        let service = Service::open(config).unwrap();
        let alice = User::new(UserId::new("test", "alice"), "alice");
        let ai = User::ai(Level::new(2).unwrap());
        let channel = ChannelId::new("test", "main");
        let send = |command: Command| {
            let reply = service.handle(&Request::new(alice.clone(), channel.clone(), command));
            assert!(!reply.ephemeral, "{}", reply.text);
        };
        let mut challenge = Challenge::new(ai.clone());
        challenge.size = Some(5);
        challenge.colour = Some(ColourChoice::Black);
        send(Command::Challenge(challenge));
        send(Command::Move("C3".to_string()));
        // Nobody can offer the AI a draw today, but a stored offer must lapse all the same.
        let mut record = service
            .db
            .read(|c| db::latest_channel_game(c, &channel))
            .unwrap()
            .unwrap();
        if let Some(offers) = record.offers_mut() {
            offers.draw = Some(alice.id.clone());
        }
        service.db.write(|c| db::save_game(c, &record)).unwrap();
        let jobs = service.ai_jobs(10).unwrap();
        let [job] = jobs.as_slice() else {
            panic!("the AI is to move: {jobs:?}");
        };
        let mv = job.state.legal_moves()[0];
        assert_eq!(
            service.ai_move(job.game, job.version, mv).unwrap(),
            super::super::AiMoved::Played
        );
        let told: Vec<String> = service
            .due_notices("test", 10)
            .unwrap()
            .into_iter()
            .map(|notice| notice.reply.text)
            .collect();
        let note = format!(
            "(The draw offer from alice lapsed: {} moved instead of answering.)",
            ai.shown_in(Language::English)
        );
        assert!(told.iter().any(|t| t.contains(&note)), "{told:?}");
        let after = service.db.read(|c| db::game(c, job.game)).unwrap().unwrap();
        assert_eq!(after.offers().draw, None);
    }
}
