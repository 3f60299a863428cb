//! `tournament withdraw`: a player leaves a running tournament, by their own wish or the
//! organiser's.

use super::knockout::loser_of;
use super::{current, escape};
use crate::db::{self, DbError, StoredPairing};
use crate::model::{Ending, Status, TournamentFormat, TournamentRecord, TournamentStatus};
use crate::say;
use crate::service::lifecycle::{Announced, Conclusion};
use crate::service::types::{GameId, Reply, Request, User};
use crate::service::{refuse, Outcome, Service};
use akron_rules::{Color, Reason};

impl Service {
    /// `tournament withdraw [@player]`: the player's running game is lost, as a resignation
    /// when they withdraw themselves and as an adjudication when the organiser withdraws
    /// them (a knockout's disqualification): nobody is announced as resigning who did not;
    /// a Swiss pairs them no more, a round robin records their remaining games as forfeits;
    /// past results stand.
    pub(super) fn withdraw(&self, request: &Request, who: Option<&User>) -> Outcome {
        let t = self.find_tournament(request)?;
        let user = match who {
            Some(user) if user.id != request.user.id => {
                self.organiser_only(request, &t)?;
                user
            }
            _ => &request.user,
        };
        if t.status == TournamentStatus::SignUp {
            if user.id == request.user.id {
                return refuse(say!(
                    request.language.private,
                    "tournament-withdraw-not-started"
                ));
            }
            // The organiser naming someone else: whether that one is in, and what can be
            // done before the start (they leave themselves).
            let entrants = self.db.read(|c| db::entrants(c, t.id))?;
            return refuse(if entrants.iter().any(|e| e.user.id == user.id) {
                say!(
                    request.language.private,
                    "tournament-withdraw-other-not-started",
                    player = user.shown(),
                    tournament = escape(&t.name)
                )
            } else {
                say!(
                    request.language.private,
                    "tournament-player-not-in",
                    player = user.shown()
                )
            });
        }
        if !t.status.is_live() {
            return refuse(say!(request.language.private, "tournament-is-over"));
        }
        let entrants = self.db.read(|c| db::entrants(c, t.id))?;
        let Some(entrant) = entrants.iter().find(|e| e.user.id == user.id) else {
            return refuse(say!(
                request.language.private,
                "tournament-player-not-in",
                player = user.shown()
            ));
        };
        if entrant.withdrawn {
            return refuse(say!(
                request.language.private,
                "tournament-already-withdrawn",
                player = user.shown()
            ));
        }
        // Their game of the current round, if it is still being played.
        let rows = self.db.read(|c| db::pairings(c, t.id))?;
        // A knockout's player who has lost their match (their second, in a double
        // elimination) is out already: there is nothing to withdraw from, and "withdrew"
        // would rewrite how they went out.
        if let Some(round) = knocked_out(&t, &rows, entrant.player) {
            return refuse(say!(
                request.language.private,
                "knockout-withdraw-already-out",
                player = user.shown(),
                tournament = escape(&t.name),
                round = round
            ));
        }
        let running = running_game(&rows, t.current_round, entrant.player);
        let loaded = match running {
            Some(game) => match self.db.read(|c| db::game(c, game))? {
                Some(record) if record.status() == Status::Active => Some(self.load(record)?),
                _ => None,
            },
            None => None,
        };
        let now = self.clock.now();
        let player = entrant.player;
        let by_organiser = user.id != request.user.id;
        self.db.write(|c| {
            // What was read above must still hold inside the transaction: a round that moved
            // on, a game that ended or another withdrawal makes the command run again on
            // fresh reads (a conflict is retried).
            let fresh = current(c, t.id)?;
            let rows = db::pairings(c, t.id)?;
            if fresh.status != t.status
                || fresh.current_round != t.current_round
                || running_game(&rows, t.current_round, player) != running
                || knocked_out(&fresh, &rows, player).is_some()
                || !db::withdraw_entrant(c, t.id, player)?
            {
                return Err(DbError::Conflict);
            }
            if user.id != request.user.id {
                db::mark_disqualified(c, t.id, player)?;
            }
            // A round paired at the same moment from the entrants before this withdrawal
            // cannot commit.
            db::save_tournament(c, &fresh)?;
            if let Some(loaded) = &loaded {
                let colour = loaded.colour_of(&user.id).unwrap_or(Color::Black);
                let mut record = loaded.record.clone();
                let conclusion = Conclusion {
                    ending: Ending::Result(akron_rules::Outcome {
                        winner: Some(colour.other()),
                        reason: if by_organiser {
                            Reason::Adjudication
                        } else {
                            Reason::Resignation
                        },
                    }),
                    winner: Some(loaded.player(colour.other())),
                    plies: loaded.game.moves().len(),
                    announced: Announced::No,
                };
                self.end_game(c, &mut record, conclusion, now)?;
            }
            Ok::<_, DbError>(())
        })?;
        if let Some(loaded) = &loaded {
            self.cache_remove(loaded.record.id);
        }
        self.wake();
        if t.format.is_knockout() {
            return Ok(Reply::text(say!(
                request.language.public,
                "knockout-withdrew",
                player = user.shown(),
                tournament = escape(&t.name),
                resigned = if loaded.is_some() { "yes" } else { "no" },
                by = if by_organiser { "organiser" } else { "self" }
            )));
        }
        Ok(Reply::text(say!(
            request.language.public,
            "tournament-withdrew",
            player = user.shown(),
            tournament = escape(&t.name),
            resigned = if loaded.is_some() { "yes" } else { "no" },
            by = if by_organiser { "organiser" } else { "self" },
            format = match t.format {
                TournamentFormat::Swiss => "swiss",
                TournamentFormat::RoundRobin
                | TournamentFormat::SingleElimination
                | TournamentFormat::DoubleElimination => {
                    "round-robin"
                }
            }
        )))
    }
}

/// In a knockout, the round in which `player` lost the match that put them out (a double
/// elimination's second lost match), if they are out; `None` while they are still in, and in
/// every other format.
fn knocked_out(t: &TournamentRecord, rows: &[StoredPairing], player: u32) -> Option<u32> {
    let lives = match t.format {
        TournamentFormat::SingleElimination => 1,
        TournamentFormat::DoubleElimination => 2,
        TournamentFormat::Swiss | TournamentFormat::RoundRobin => return None,
    };
    let lost: Vec<u32> = rows
        .iter()
        .filter(|p| loser_of(p) == Some(player))
        .map(|p| p.round)
        .collect();
    (lost.len() >= lives).then(|| lost.iter().copied().max().unwrap_or_default())
}

/// The game `player` is playing in `round`, if it has not ended.
pub(super) fn running_game(rows: &[StoredPairing], round: u32, player: u32) -> Option<GameId> {
    rows.iter()
        .filter(|p| p.round == round && p.result.is_none())
        .find(|p| p.first == player || p.second == Some(player))
        .and_then(|p| p.game)
}
