//! Rounds: `tournament start` pairs round 1; the last result of a round pairs the next one
//! (or ends the tournament) in the transaction that recorded it; `pause`, `resume` and `cancel`.

use super::notices::tournament_draft;
use super::signup::{describe, seeding_rating};
use super::{current, entrant, escape};
use crate::catalogue::Language;
use crate::db::Tx;
use crate::db::{self, DbError, StoredPairing};
use crate::model::{
    ChannelId, Destination, Ending, GameEnded, GameRecord, Players, Status, TournamentFormat,
    TournamentId, TournamentRecord, TournamentStatus,
};
use crate::service::lifecycle::{thread_name, Announced, Conclusion};
use crate::service::notices::{Draft, ThreadDraft, TournamentPart};
use crate::service::read_model::{pairing_failure, pure_entrants, rounds_of};
use crate::service::types::{GameId, Reply, Request, User};
use crate::service::{refuse, Failure, Outcome, Service};
use crate::tournament::{
    default_rounds, max_swiss_rounds, pair_swiss, round_robin, round_robin_rounds, Entrant,
    GameResult, PairingError, Round,
};
use crate::{phrase, say};
use akron_rules::{Position, Reason};
use std::collections::HashSet;

impl Service {
    pub(super) fn start_tournament(&self, request: &Request) -> Outcome {
        let t = self.find_tournament(request)?;
        self.organiser_only(request, &t)?;
        let now = self.clock.now();
        // Everything the start decides is read inside its own transaction, so a join or a
        // leave landing at the same moment is wholly before it (and paired, or gone) or
        // wholly after it (and refused): nobody told they are in is left out of round 1, and
        // nobody who left is paired. The same holds for a check-in against the start.
        let started = self.db.write(|c| {
            let t = current(c, t.id)?;
            if t.status != TournamentStatus::SignUp {
                return refuse(say!(request.language.private, "tournament-already-started"));
            }
            // A check-in set at creation and not open yet: `start` opens it.
            if let Some(window) = db::checkin(c, t.id)?.filter(|w| w.closes_at.is_none()) {
                return self
                    .open_checkin_in(c, t, window.window, now, request)
                    .map(Err);
            }
            let dropped = self.close_checkin(c, &t, now, request.language.private)?;
            let (t, paired) = self.start_in(c, t, now, request.language.private)?;
            Ok::<_, Failure>(Ok((t, paired, dropped)))
        })?;
        let (t, paired, dropped) = match started {
            Ok(started) => started,
            Err(opened) => {
                self.wake();
                return Ok(opened);
            }
        };
        self.wake();
        let mut text = say!(
            request.language.public,
            "tournament-started",
            tournament = escape(&t.name),
            players = paired,
            rounds = t.rounds.unwrap_or(0),
            // A Swiss's description says its rounds already.
            format = t.format.name(),
            what = describe(&t, request.language.public)
        );
        if !dropped.is_empty() {
            text.push('\n');
            text.push_str(&say!(
                request.language.public,
                "checkin-dropped",
                count = dropped.len(),
                names = dropped
                    .iter()
                    .map(|u| u.shown_in(request.language.public))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        Ok(Reply::text(text))
    }

    /// Closes sign-up and draws round 1 from the entrants inside `c`'s transaction, the
    /// tournament read there and still in sign-up: seeds (a knockout) or ratings, the rounds,
    /// round 1's games and their notices. Returns the tournament and how many players round
    /// 1 holds, byes included. Refusals are in `language`.
    pub(super) fn start_in(
        &self,
        c: &Tx<'_>,
        mut t: TournamentRecord,
        now: i64,
        language: Language,
    ) -> Result<(TournamentRecord, usize), Failure> {
        let entrants = db::entrants(c, t.id)?;
        let count = entrants.len();
        if count < 2 {
            return refuse(say!(language, "tournament-too-few"));
        }
        t.rounds = Some(match t.format {
            TournamentFormat::Swiss => {
                let most = max_swiss_rounds(count);
                match t.rounds {
                    Some(asked) if asked > most => {
                        return refuse(too_many_rounds(&t, asked, count, language));
                    }
                    Some(asked) => asked,
                    None => default_rounds(count),
                }
            }
            TournamentFormat::RoundRobin => {
                u32::try_from(round_robin_rounds(count, t.double)).unwrap_or(u32::MAX)
            }
            // Set by the seeding below.
            TournamentFormat::SingleElimination | TournamentFormat::DoubleElimination => 0,
        });
        let mut seeds = Vec::with_capacity(count);
        if let Some(k) = t.knockout {
            t.rounds = Some(self.seed_knockout(c, &t, k, &entrants)?);
        }
        for entrant in entrants.iter().filter(|_| t.knockout.is_none()) {
            let rating = seeding_rating(c, &t, &entrant.user)?;
            db::set_entrant_rating(c, t.id, entrant.player, rating)?;
            seeds.push(Entrant::new(entrant.player, rating));
        }
        t.status = TournamentStatus::Running;
        if t.format == TournamentFormat::RoundRobin {
            let schedule = round_robin(&seeds, t.double).map_err(pairing_failure(&t))?;
            for (index, round) in schedule.iter().enumerate() {
                let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
                insert_round(c, t.id, number, round)?;
            }
        }
        self.begin_round(c, &mut t, 1, now)?;
        // The players round 1 actually holds, byes included.
        let paired: HashSet<u32> = db::pairings(c, t.id)?
            .iter()
            .filter(|p| p.round == 1)
            .flat_map(|p| [Some(p.first), p.second])
            .flatten()
            .collect();
        Ok((t, paired.len()))
    }

    /// Pairs (Swiss) or opens (round robin) round `round` inside `conn`'s transaction: its
    /// games are made with their clocks running and announced, forfeits of withdrawn
    /// players recorded; if nothing is left to play in it, the tournament moves on at once.
    pub(super) fn begin_round(
        &self,
        conn: &Tx<'_>,
        t: &mut TournamentRecord,
        round: u32,
        now: i64,
    ) -> Result<(), DbError> {
        if let Some(k) = t.knockout {
            // The round's deadline (if the tournament has one) runs from now.
            db::start_round_deadline(conn, t.id, round, now)?;
            return self.begin_knockout_round(conn, t, k, round, now);
        }
        let entrants = db::entrants(conn, t.id)?;
        if t.format == TournamentFormat::Swiss {
            let stored = db::pairings(conn, t.id)?;
            let history = rounds_of(&stored, round - 1);
            match pair_swiss(&pure_entrants(&entrants), &history, id_seed(t.id)) {
                Ok(paired) => insert_round(conn, t.id, round, &paired)?,
                Err(PairingError::NotEnoughPlayers) => return self.finish(conn, t, now),
                Err(e) => return Err(pairing_failure(t)(e)),
            }
        }
        t.current_round = round;
        t.version = db::save_tournament(conn, t)?;
        let withdrawn: HashSet<u32> = entrants
            .iter()
            .filter(|e| e.withdrawn)
            .map(|e| e.player)
            .collect();
        let mut rows: Vec<StoredPairing> = db::pairings(conn, t.id)?
            .into_iter()
            .filter(|p| p.round == round)
            .collect();
        // A round robin's schedule is fixed: a withdrawn player's bye scores nothing.
        if rows
            .iter()
            .any(|p| p.board == 0 && withdrawn.contains(&p.first))
        {
            db::delete_bye(conn, t.id, round)?;
            rows.retain(|p| p.board > 0);
        }
        let mut games = Vec::new();
        for row in rows.iter_mut().filter(|p| p.board > 0) {
            let Some(second) = row.second else { continue };
            let forfeit = match (withdrawn.contains(&row.first), withdrawn.contains(&second)) {
                (true, true) => Some(GameResult::BothForfeited),
                (true, false) => Some(GameResult::FirstForfeited),
                (false, true) => Some(GameResult::SecondForfeited),
                (false, false) => None,
            };
            if let Some(result) = forfeit {
                row.result = Some(result);
            } else {
                let (Some(first), Some(second)) =
                    (entrant(&entrants, row.first), entrant(&entrants, second))
                else {
                    return Err(DbError::Corrupt(format!(
                        "tournament {} pairs a player it does not have",
                        t.id
                    )));
                };
                let game = self.make_game(conn, t, row, &first.user, &second.user, now)?;
                row.game = Some(game);
                games.push((row.board, game, first.user.clone(), second.user.clone()));
            }
            db::update_pairing(conn, t.id, row)?;
        }
        self.push_tournament_notice(conn, t, round, TournamentPart::Pairings, now)?;
        for (board, game, first, second) in games {
            let mut draft = Draft::to(Destination::Channel(t.channel.clone()), game);
            draft.reply.tournament_of = Some(t.id);
            let a = draft.reply.mention_user(&first);
            let b = draft.reply.mention_user(&second);
            draft.words = vec![phrase!(
                "tournament-game-announced",
                tournament = escape(&t.name),
                round = round,
                board = board,
                black = a.clone(),
                white = b.clone(),
                game = game.to_string(),
                control = crate::service::wording::time_control(t.time_control)
            )];
            // Delivered after the game ended (a long downtime past its clock), it says so
            // instead, with the result, and asks for no thread.
            draft.if_over = Some(phrase!(
                "tournament-game-ended-unannounced",
                tournament = escape(&t.name),
                round = round,
                unit = "board",
                board = board,
                black = a,
                white = b,
                game = game.to_string()
            ));
            draft.thread = Some(ThreadDraft {
                name: thread_name(game, &first, &second),
                game,
            });
            self.push_notice(conn, &draft, now)?;
        }
        if rows
            .iter()
            .filter(|p| p.board > 0)
            .all(|p| p.result.is_some())
        {
            self.advance(conn, t, now)?;
        }
        Ok(())
    }

    /// Makes the game of one pairing: active at once, its clock running, in a placeholder
    /// channel until its thread opens.
    pub(super) fn make_game(
        &self,
        conn: &Tx<'_>,
        t: &TournamentRecord,
        row: &StoredPairing,
        first: &User,
        second: &User,
        now: i64,
    ) -> Result<GameId, DbError> {
        let start = Position::start(t.size, t.pile)
            .map_err(|e| DbError::Corrupt(format!("tournament {} start position: {e}", t.id)))?;
        let placeholder = ChannelId(format!(
            "{}:pending-t{}-r{}-b{}",
            t.channel.platform(),
            t.id.0,
            row.round,
            row.board
        ));
        let mut game = GameRecord::challenge(
            placeholder,
            t.organiser.id.clone(),
            Players {
                black: first.clone(),
                white: second.clone(),
            },
            &start,
            t.win_rule,
            now,
        );
        game.time_control = t.time_control;
        game.server.clone_from(&t.server);
        game.rated = t.rated;
        game.wants_thread = true;
        self.start_game(conn, &mut game, 0, now)
    }

    /// The current round is complete: pair the next one, or finish. A paused tournament
    /// waits for `resume`.
    pub(super) fn advance(
        &self,
        conn: &Tx<'_>,
        t: &mut TournamentRecord,
        now: i64,
    ) -> Result<(), DbError> {
        if t.status != TournamentStatus::Running {
            return Ok(());
        }
        if t.current_round >= t.rounds.unwrap_or(0) || self.double_over(conn, t)? {
            return self.finish(conn, t, now);
        }
        self.push_tournament_notice(conn, t, t.current_round, TournamentPart::RoundOver, now)?;
        let next = t.current_round + 1;
        self.begin_round(conn, t, next, now)
    }

    /// Every round played: the final standings.
    pub(super) fn finish(
        &self,
        conn: &Tx<'_>,
        t: &mut TournamentRecord,
        now: i64,
    ) -> Result<(), DbError> {
        t.status = TournamentStatus::Finished;
        t.version = db::save_tournament(conn, t)?;
        self.push_tournament_notice(conn, t, t.current_round, TournamentPart::Over, now)
    }

    /// Records a tournament game's result from the [`GameEnded`] event, inside the
    /// transaction that ended it, and pairs the next round when this was the last game of
    /// the current one.
    pub(in crate::service) fn record_tournament_result(
        &self,
        conn: &Tx<'_>,
        record: &GameRecord,
        event: &GameEnded,
    ) -> Result<(), DbError> {
        let Ending::Result(outcome) = event.ending else {
            return Ok(());
        };
        let Some((mut t, round, board)) = db::game_tournament(conn, event.game)? else {
            return Ok(());
        };
        if !matches!(
            t.status,
            TournamentStatus::Running | TournamentStatus::Paused
        ) {
            return Ok(());
        }
        if let Some(k) = t.knockout {
            let result = tournament_result(record, event, outcome);
            return self.record_knockout_result(conn, t, k, record, event, result, round, board);
        }
        let mut rows = db::pairings(conn, t.id)?;
        let Some(row) = rows
            .iter_mut()
            .find(|p| p.round == round && p.board == board)
        else {
            return Ok(());
        };
        if row.result.is_some() {
            return Ok(());
        }
        row.result = Some(tournament_result(record, event, outcome));
        db::update_pairing(conn, t.id, row)?;
        // Every result claims the tournament at the version read, so that of two games of a
        // round ending at the same moment, one sees the other's result and opens the next
        // round, and the other's transaction (stale) is retried, never both or neither.
        t.version = db::save_tournament(conn, &t)?;
        let complete = rows
            .iter()
            .filter(|p| p.round == round && p.board > 0)
            .all(|p| p.result.is_some());
        if round == t.current_round && complete {
            self.advance_or_pause(conn, &mut t, event.at)?;
        }
        Ok(())
    }

    /// Moves the tournament on after a game's ending, inside its transaction. When the
    /// tournament's stored data is damaged so that the next round cannot be paired, the
    /// ending still stands (the players are not held hostage): the tournament is paused, its
    /// channel told and the cause logged; `tournament resume` tries again.
    pub(super) fn advance_or_pause(
        &self,
        conn: &Tx<'_>,
        t: &mut TournamentRecord,
        now: i64,
    ) -> Result<(), DbError> {
        let mut next = t.clone();
        match conn.savepoint(|c| self.advance(c, &mut next, now)) {
            Ok(()) => {
                *t = next;
                Ok(())
            }
            Err(DbError::Corrupt(cause)) => {
                tracing::error!(
                    tournament = t.id.0,
                    round = t.current_round,
                    %cause,
                    "a tournament cannot go on; it is paused"
                );
                t.status = TournamentStatus::Paused;
                t.version = db::save_tournament(conn, t)?;
                let mut draft = tournament_draft(t);
                draft.words = vec![phrase!(
                    "tournament-damaged",
                    round = t.current_round,
                    tournament = escape(&t.name)
                )];
                self.push_notice(conn, &draft, now)?;
                Ok(())
            }
            Err(e) => Err(e),
        }
    }

    pub(super) fn pause_tournament(&self, request: &Request, pause: bool) -> Outcome {
        let t = self.find_tournament(request)?;
        self.organiser_only(request, &t)?;
        let now = self.clock.now();
        // The status is read and written in one transaction: a round that moves on at the
        // same moment is never rolled back by a stale copy.
        let t = self.db.write(|c| {
            let mut t = current(c, t.id)?;
            match (pause, t.status) {
                (true, TournamentStatus::Running) => {
                    t.status = TournamentStatus::Paused;
                    t.version = db::save_tournament(c, &t)?;
                }
                (false, TournamentStatus::Paused) => {
                    t.status = TournamentStatus::Running;
                    t.version = db::save_tournament(c, &t)?;
                    let complete = db::pairings(c, t.id)?
                        .iter()
                        .filter(|p| p.round == t.current_round && p.board > 0)
                        .all(|p| p.result.is_some());
                    if complete {
                        self.advance(c, &mut t, now)?;
                    }
                }
                (true, _) => {
                    return refuse(say!(
                        request.language.private,
                        "tournament-pause-not-running"
                    ))
                }
                (false, _) => {
                    return refuse(say!(request.language.private, "tournament-not-paused"))
                }
            }
            Ok::<_, Failure>(t)
        })?;
        if pause {
            Ok(Reply::text(say!(
                request.language.public,
                "tournament-paused",
                tournament = escape(&t.name)
            )))
        } else {
            self.wake();
            Ok(Reply::text(say!(
                request.language.public,
                "tournament-resumed",
                tournament = escape(&t.name)
            )))
        }
    }

    pub(super) fn cancel_tournament(&self, request: &Request) -> Outcome {
        let t = self.find_tournament(request)?;
        self.organiser_only(request, &t)?;
        if !t.status.is_live() {
            return refuse(say!(request.language.private, "tournament-already-over"));
        }
        let rows = self.db.read(|c| db::pairings(c, t.id))?;
        let mut running = Vec::new();
        for game in rows
            .iter()
            .filter(|p| p.result.is_none())
            .filter_map(|p| p.game)
        {
            if let Some(record) = self.db.read(|c| db::game(c, game))? {
                if record.status() == Status::Active {
                    running.push(self.load(record)?);
                }
            }
        }
        let now = self.clock.now();
        self.db.write(|c| {
            // The round read above must still be the current one; its games are ended at the
            // versions read (either changed: the command runs again on fresh reads).
            let mut fresh = current(c, t.id)?;
            if !fresh.status.is_live() {
                return refuse(say!(request.language.private, "tournament-already-over"));
            }
            if fresh.current_round != t.current_round {
                return Err(DbError::Conflict.into());
            }
            fresh.status = TournamentStatus::Cancelled;
            fresh.version = db::save_tournament(c, &fresh)?;
            for loaded in &running {
                let mut record = loaded.record.clone();
                let conclusion = Conclusion {
                    ending: Ending::Result(akron_rules::Outcome {
                        winner: None,
                        reason: Reason::Abort,
                    }),
                    winner: None,
                    plies: loaded.game.moves().len(),
                    announced: Announced::No,
                };
                self.end_game(c, &mut record, conclusion, now)?;
            }
            Ok::<_, Failure>(())
        })?;
        for loaded in &running {
            self.cache_remove(loaded.record.id);
        }
        self.wake();
        Ok(Reply::text(say!(
            request.language.public,
            "tournament-cancelled",
            tournament = escape(&t.name),
            running = running.len()
        )))
    }
}

/// A tournament game's result from how it ended. A player who lost without ever moving
/// forfeited (a timeout before one's first move); an abort is a forfeit by both.
pub(super) fn tournament_result(
    record: &GameRecord,
    event: &GameEnded,
    outcome: akron_rules::Outcome,
) -> GameResult {
    if outcome.reason == Reason::Abort {
        return GameResult::BothForfeited;
    }
    // The first player moves at ply 0, the second at ply 1 (a swap included).
    match &event.winner {
        None => GameResult::Draw,
        Some(winner) if winner.id == record.players.black.id => {
            if event.plies <= 1 {
                GameResult::SecondForfeited
            } else {
                GameResult::FirstWon
            }
        }
        Some(_) => {
            if event.plies == 0 {
                GameResult::FirstForfeited
            } else {
                GameResult::SecondWon
            }
        }
    }
}

/// Why a Swiss of `players` cannot have `asked` rounds, and what to do instead.
pub(super) fn too_many_rounds(
    t: &TournamentRecord,
    asked: u32,
    players: usize,
    language: Language,
) -> String {
    let most = max_swiss_rounds(players);
    say!(
        language,
        "tournament-too-many-rounds",
        tournament = escape(&t.name),
        players = players,
        most = most,
        asked = asked,
        needed = (1..=1000usize)
            .map(|more| players + more)
            .find(|&n| max_swiss_rounds(n) >= asked)
            .unwrap_or(players)
    )
}

pub(super) fn id_seed(id: TournamentId) -> u64 {
    u64::try_from(id.0).unwrap_or_default()
}

/// Stores a round's pairings (boards from 1) and its bye (board 0).
pub(super) fn insert_round(
    conn: &Tx<'_>,
    id: TournamentId,
    number: u32,
    round: &Round,
) -> Result<(), DbError> {
    for (index, pairing) in round.pairings.iter().enumerate() {
        db::insert_pairing(
            conn,
            id,
            &StoredPairing {
                round: number,
                board: u32::try_from(index + 1).unwrap_or(u32::MAX),
                first: pairing.first,
                second: Some(pairing.second),
                game: None,
                result: pairing.result,
            },
        )?;
    }
    if let Some(bye) = round.bye {
        db::insert_pairing(
            conn,
            id,
            &StoredPairing {
                round: number,
                board: 0,
                first: bye,
                second: None,
                game: None,
                result: None,
            },
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
