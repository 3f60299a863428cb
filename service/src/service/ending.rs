//! The one transition that ends a game, and what reacts to it.
//!
//! Every ending (connection, no legal move, repetition, resignation, draw, abort; a challenge
//! declined, cancelled or expired; next, timeouts and forfeits) is written by
//! [`Service::end_game`] inside the caller's transaction. It emits a [`GameEnded`] event, and
//! [`Service::on_game_ended`] is the one place that reacts to it, in the same transaction:
//! what it writes (notices, rating changes, tournament results and the next round's
//! pairings) lands together with the ending or not at all.

use super::notices::Draft;
use super::store::Loaded;
use super::wording::{aborted_sentence, result_sentence_for};
use super::{Service, ServiceError, CHALLENGE_TTL};
use crate::db::Tx;
use crate::db::{self, DbError};
use crate::model::TournamentStatus;
use crate::model::{Destination, Ending, GameEnded, GameId, GameRecord, Status, User};
use akron_rules::Reason;
use std::sync::Arc;

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
        record.status = ending.status();
        if let Ending::Result(outcome) = ending {
            record.winner = outcome.winner;
            record.reason = Some(outcome.reason);
            record.winner_id = winner.as_ref().map(|u| u.id.clone());
        }
        record.finished_at = Some(now);
        record.draw_offer_by = None;
        record.takeback_by = None;
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
        let channel = match db::game_tournament(conn, event.game)? {
            Some((t, _, _)) if event.channel.local().starts_with("pending-") => t.channel,
            _ => event.channel.clone(),
        };
        let mut draft = Draft::to(Destination::Channel(channel), event.game);
        let text = match event.ending {
            Ending::Expired => {
                let challenged = record.challenged_user();
                let token = draft.reply.mention_user(record.challenger_user());
                format!(
                    "The challenge from {token} to **{}** (game {}) expired: nobody answered \
                     within {} hours.",
                    challenged.shown(),
                    event.game,
                    CHALLENGE_TTL / 3600
                )
            }
            Ending::Declined | Ending::Cancelled => return Ok(()),
            Ending::Result(outcome) => {
                draft.board = Some(event.plies);
                let mut text = if outcome.reason == Reason::Abort {
                    let why = abort_reason(conn, record, event)?;
                    aborted_sentence(
                        event.game,
                        Some(&why),
                        &record.players.black,
                        &record.players.white,
                        &mut draft.reply,
                    )
                } else {
                    result_sentence_for(event, outcome, &mut draft.reply)
                };
                let players = [&record.players.black, &record.players.white];
                if let Some(note) =
                    super::rated::rating_note(conn, event.game, &players, record.server.as_ref())?
                {
                    text.push('\n');
                    text.push_str(&note);
                }
                text
            }
        };
        draft.reply.text = text;
        self.push_notice(conn, &draft, event.at)?;
        Ok(())
    }

    /// Settles a live game whose deadline has passed: an open challenge expires, a clock
    /// reminds or runs out. Returns whether the game was settled (here or by someone else
    /// just now).
    pub(super) fn settle_if_due(
        &self,
        record: &GameRecord,
        now: i64,
    ) -> Result<bool, ServiceError> {
        let Some(settlement) = self.plan_settlement(record, now)? else {
            return Ok(false);
        };
        let result = self
            .db
            .write(|c| self.apply_settlement(c, &settlement, now));
        self.cache_remove(record.id);
        match result {
            Ok(()) => {
                self.wake();
                Ok(true)
            }
            Err(DbError::Conflict) => Ok(true),
            Err(e) => Err(e.into()),
        }
    }

    /// What is due for a live game by `now`, decided from what was read (nothing written,
    /// except that a vacation which ran out ends).
    pub(super) fn plan_settlement(
        &self,
        record: &GameRecord,
        now: i64,
    ) -> Result<Option<Settlement>, ServiceError> {
        if !record.status.is_live() || record.deadline_at.is_none_or(|due| now < due) {
            return Ok(None);
        }
        if record.status == Status::Active {
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
/// was cancelled or decided it so, or (the only other way) its first player never moved in
/// time.
fn abort_reason(conn: &Tx<'_>, record: &GameRecord, event: &GameEnded) -> Result<String, DbError> {
    Ok(match db::game_tournament(conn, event.game)? {
        Some((t, _, _)) if t.status == TournamentStatus::Cancelled => {
            format!(
                "its tournament, **{}**, was cancelled",
                crate::model::escape_markdown(&t.name)
            )
        }
        Some(_) => "the tournament's organiser decided it as a forfeit by both".to_string(),
        None => format!(
            "**{}** did not make a first move in time (a game whose first move never came is \
             called off, not lost)",
            record.players.black.shown()
        ),
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
