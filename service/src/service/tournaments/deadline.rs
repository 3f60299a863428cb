//! A knockout's round deadline (issue 43, `deadline:3d` at creation): when a round's
//! deadline passes, each of its undecided matches is decided by the rule stated at creation,
//! in the scheduler's tick: the player ahead in the match's score goes through; a level match
//! (nothing played included) goes to the higher seed (in a double elimination's grand final
//! and reset, to the winners' bracket's winner), since an extra game cannot be played after
//! the deadline. A double elimination's round holds a winners' and a losers' bracket round:
//! both are decided, and the decided winners' matches drop their losers as a played one does. The match's running game ends as adjudicated by the deadline (unrated,
//! in the winner's favour). The deadline is applied once, because the database says so: the
//! transaction that applies it first reads it still due for the current round and clears it.

use super::current;
use super::escape;
use super::knockout::{double_fate, is_final};
use super::notices::tournament_draft;
use crate::db::{self, DbError, StoredMatchGame, Tx};
use crate::model::{Status, TournamentId, TournamentStatus};
use crate::phrase;
use crate::service::lifecycle::{Announced, Conclusion};
use crate::service::read_model::double_shape;
use crate::service::store::Loaded;
use crate::service::{Service, ServiceError};
use crate::tournament::knockout::match_score;
use crate::tournament::GameResult;
use std::sync::Arc;

/// How long a deadline that failed to apply waits before the tick tries it again (seconds).
const DEADLINE_SET_ASIDE: i64 = 600;

impl Service {
    /// The scheduler's part: applies every round deadline that fell by `now`. Returns how
    /// many rounds were decided.
    ///
    /// # Errors
    ///
    /// Storage failures; what was applied before stays applied.
    pub(in crate::service) fn apply_round_deadlines(
        &self,
        now: i64,
    ) -> Result<usize, ServiceError> {
        let due = self.db.read(|c| db::due_round_deadlines(c, now))?;
        let mut applied = 0;
        for id in due {
            // The running games are loaded before the transaction, as every command that
            // ends a game does; a game that moved meanwhile is a conflict, tried again.
            let running = self.running_match_games(id)?;
            let outcome = self
                .db
                .write(|c| self.apply_round_deadline(c, id, &running, now));
            for loaded in &running {
                self.cache_remove(loaded.record.id);
            }
            match outcome {
                Ok(true) => applied += 1,
                Ok(false) | Err(DbError::Conflict) => {}
                Err(e) if e.is_busy() => return Err(e.into()),
                Err(error) => {
                    tracing::error!(
                        tournament = id.0,
                        %error,
                        retry_in_seconds = DEADLINE_SET_ASIDE,
                        "a round deadline that is due cannot be applied; the others go on"
                    );
                    self.db.write(|c| {
                        c.execute(
                            "UPDATE round_deadlines SET due_at = ?2 WHERE tournament_id = ?1",
                            crate::params![id.0, now + DEADLINE_SET_ASIDE],
                        )
                        .map(drop)
                    })?;
                }
            }
        }
        if applied > 0 {
            self.wake();
        }
        Ok(applied)
    }

    /// The games being played in the current round's undecided matches.
    fn running_match_games(&self, id: TournamentId) -> Result<Vec<Arc<Loaded>>, ServiceError> {
        let Some(t) = self.db.read(|c| db::tournament(c, id))? else {
            return Ok(Vec::new());
        };
        let rows = self.db.read(|c| db::pairings(c, id))?;
        let mut running = Vec::new();
        for game in rows
            .iter()
            .filter(|p| p.round == t.current_round && p.result.is_none())
            .filter_map(|p| p.game)
        {
            if let Some(record) = self.db.read(|c| db::game(c, game))? {
                if record.status() == Status::Active {
                    running.push(self.load(record)?);
                }
            }
        }
        Ok(running)
    }

    /// Applies `id`'s round deadline inside `c`'s transaction; false when it is no longer
    /// due (another process applied it, or the round moved on).
    fn apply_round_deadline(
        &self,
        c: &Tx<'_>,
        id: TournamentId,
        running: &[Arc<Loaded>],
        now: i64,
    ) -> Result<bool, DbError> {
        let mut t = current(c, id)?;
        let Some(k) = t.knockout else {
            return Ok(false);
        };
        let Some(deadline) = db::round_deadline(c, id)? else {
            return Ok(false);
        };
        let round = t.current_round;
        if t.status != TournamentStatus::Running
            || deadline.due.is_none_or(|(r, at)| r != round || at > now)
        {
            return Ok(false);
        }
        db::clear_round_deadline(c, id)?;
        let entrants = db::entrants(c, id)?;
        let double = double_shape(&t, k, &entrants);
        let games = db::match_games(c, id)?;
        let open: Vec<_> = db::pairings(c, id)?
            .into_iter()
            .filter(|p| p.round == round && p.result.is_none() && p.second.is_some())
            .collect();
        for mut row in open {
            let Some(second) = row.second else { continue };
            let played: Vec<_> = games
                .iter()
                .filter(|g| g.round == round && g.board == row.board)
                .filter_map(StoredMatchGame::played)
                .collect();
            let (high, low) = match_score(k.rules, &played);
            // Level (nothing played included): the higher seed, who is `first`.
            let part = double.and_then(|d| d.place_of(round, row.board).map(|(p, _)| p));
            // Level (nothing played included): the better side, who is `first`: the higher
            // seed, or in a double elimination's grand final the winners' bracket's winner.
            let level = if is_final(part) {
                "level-winners-side"
            } else {
                "level"
            };
            let (result, winner, loser, won, lost, how) = if low > high {
                (GameResult::SecondWon, second, row.first, low, high, "ahead")
            } else if high > low {
                (GameResult::FirstWon, row.first, second, high, low, "ahead")
            } else {
                (GameResult::FirstWon, row.first, second, high, low, level)
            };
            row.result = Some(result);
            // Set first, so that the game's ending below finds the match decided.
            db::update_pairing(c, id, &row)?;
            db::mark_deadline_match(c, id, round, row.board)?;
            let (Some(winner), Some(loser)) = (
                entrants.iter().find(|e| e.player == winner),
                entrants.iter().find(|e| e.player == loser),
            ) else {
                return Err(DbError::Corrupt(format!(
                    "tournament {id} pairs a player it does not have"
                )));
            };
            // In a double elimination a winners' bracket loser drops to the losers' bracket
            // (the next round's pairing reads the stored result), and a grand final may lead
            // to the reset.
            let fate = match double {
                Some(shape) => double_fate(c, id, shape, &row, loser.withdrawn)?,
                None => "out",
            };
            let ended = match row
                .game
                .and_then(|g| running.iter().find(|l| l.record.id == g))
            {
                Some(loaded) => {
                    let mut record = loaded.record.clone();
                    record.rated = false;
                    let conclusion = Conclusion {
                        ending: crate::model::Ending::Result(akron_rules::Outcome {
                            winner: loaded.colour_of(&winner.user.id),
                            reason: akron_rules::Reason::Adjudication,
                        }),
                        winner: Some(winner.user.clone()),
                        plies: loaded.game.moves().len(),
                        announced: Announced::No,
                    };
                    self.end_game(c, &mut record, conclusion, now)?;
                    "yes"
                }
                None => "no",
            };
            let mut draft = tournament_draft(&t);
            let w = draft.reply.mention_user(&winner.user);
            let l = draft.reply.mention_user(&loser.user);
            draft.words = vec![phrase!(
                "knockout-deadline-decided",
                tournament = escape(&t.name),
                round = round,
                board = row.board,
                winner = w,
                loser = l,
                won = won.to_string(),
                lost = lost.to_string(),
                how = how,
                fate = fate,
                ended = ended
            )];
            self.push_notice(c, &draft, now)?;
        }
        t.version = db::save_tournament(c, &t)?;
        let complete = db::pairings(c, id)?
            .iter()
            .filter(|p| p.round == round)
            .all(|p| p.result.is_some());
        if complete {
            self.advance_or_pause(c, &mut t, now)?;
        }
        Ok(true)
    }
}
