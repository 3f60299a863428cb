//! `tournament withdraw`: a player leaves a running tournament, by their own wish or the
//! organiser's.

use super::{current, escape};
use crate::db::{self, DbError, StoredPairing};
use crate::model::{Ending, Status, TournamentFormat, TournamentStatus};
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
            return refuse(say!(
                request.language.private,
                "tournament-withdraw-not-started"
            ));
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
            if fresh.status != t.status
                || fresh.current_round != t.current_round
                || running_game(&db::pairings(c, t.id)?, t.current_round, player) != running
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

/// The game `player` is playing in `round`, if it has not ended.
pub(super) fn running_game(rows: &[StoredPairing], round: u32, player: u32) -> Option<GameId> {
    rows.iter()
        .filter(|p| p.round == round && p.result.is_none())
        .find(|p| p.first == player || p.second == Some(player))
        .and_then(|p| p.game)
}
