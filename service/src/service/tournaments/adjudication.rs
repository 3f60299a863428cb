//! `tournament adjudicate`: the organiser decides a tournament game, and nobody decides their
//! own.

use super::{current, escape};
use crate::db;
use crate::model::{Ending, GameRecord, Status, TournamentRecord, TournamentStatus};
use crate::say;
use crate::service::lifecycle::{Announced, Conclusion};
use crate::service::types::{GameId, Reply, Request, Verdict};
use crate::service::{refuse, Failure, Outcome, Service};
use crate::tournament::GameResult;
use akron_rules::{Color, Reason};

impl Service {
    /// Refuses when the caller plays in `record`: nobody adjudicates their own game, not
    /// even its tournament's organiser or a moderator. The refusal says who can.
    pub(super) fn not_ones_own_game(
        &self,
        request: &Request,
        t: &TournamentRecord,
        record: &GameRecord,
    ) -> Result<(), Failure> {
        let me = &request.user.id;
        if record.players.black.id != *me && record.players.white.id != *me {
            return Ok(());
        }
        let role = match &request.server {
            Some(server) => self.db.read(|c| db::tournament_role(c, server))?,
            None => None,
        };
        refuse(say!(
            request.language.private,
            "tournament-adjudicate-own",
            game = record.id.to_string(),
            yours = if t.organiser.id == *me { "yes" } else { "no" },
            organiser = t.organiser.shown(),
            has_role = if role.is_some() { "yes" } else { "no" },
            role = role.map_or_else(String::new, |role| role.name)
        ))
    }

    /// `tournament adjudicate #N black|white|draw|forfeit`: the organiser decides a game.
    /// A game still being played ends now (unrated); a finished one is refused: it keeps
    /// the result it was played to.
    pub(super) fn adjudicate(
        &self,
        request: &Request,
        game: Option<GameId>,
        verdict: Verdict,
    ) -> Outcome {
        let Some(game) = game else {
            return refuse(say!(
                request.language.private,
                "tournament-adjudicate-which"
            ));
        };
        let Some((t, round, board)) = self.db.read(|c| db::game_tournament(c, game))? else {
            // A number that is no game at all is told as such, not as a casual game.
            let exists = self.db.read(|c| db::game(c, game))?.is_some();
            return refuse(say!(
                request.language.private,
                if exists {
                    "tournament-not-a-tournament-game"
                } else {
                    "thread-no-game"
                },
                game = game.to_string()
            ));
        };
        self.organiser_only(request, &t)?;
        if !matches!(
            t.status,
            TournamentStatus::Running | TournamentStatus::Paused
        ) {
            return refuse(say!(request.language.private, "tournament-not-running"));
        }
        let result = match verdict {
            Verdict::First => GameResult::FirstWon,
            Verdict::Second => GameResult::SecondWon,
            Verdict::Draw => GameResult::Draw,
            Verdict::BothForfeit => GameResult::BothForfeited,
        };
        let record = self.db.read(|c| db::game(c, game))?;
        if let Some(record) = &record {
            self.not_ones_own_game(request, &t, record)?;
        }
        let loaded = match record {
            Some(record) if record.status() == Status::Active => Some(self.load(record)?),
            // A game that is over keeps the result it was played to: changing only its
            // pairing would make the standings disagree with the game (found by the state
            // machine test, issue 38).
            Some(record) => {
                let over = self.load(record)?;
                return refuse(say!(
                    request.language.private,
                    "tournament-adjudicate-over",
                    game = game.to_string(),
                    result = self.result_words(&over)
                ));
            }
            None => None,
        };
        let now = self.clock.now();
        self.db.write(|c| {
            let mut t = current(c, t.id)?;
            if !matches!(
                t.status,
                TournamentStatus::Running | TournamentStatus::Paused
            ) {
                return refuse(say!(request.language.private, "tournament-not-running"));
            }
            // Set first, so that the ending below finds the result already decided. A
            // knockout's pairing is a match: the game's ending below records the game and
            // moves the match on (its next game, or its result and the next round).
            let knockout = t.knockout.is_some();
            let mut rows = db::pairings(c, t.id)?;
            if let Some(row) = rows
                .iter_mut()
                .find(|p| p.round == round && p.board == board)
                .filter(|_| !knockout)
            {
                row.result = Some(result);
                db::update_pairing(c, t.id, row)?;
            }
            t.version = db::save_tournament(c, &t)?;
            if let Some(loaded) = &loaded {
                let winner = match verdict {
                    Verdict::First => Some(Color::Black),
                    Verdict::Second => Some(Color::White),
                    Verdict::Draw | Verdict::BothForfeit => None,
                };
                // Winners by starting colour: the first player started as Black.
                let winner_user = winner.map(|c| loaded.record.players.by_start_colour(c).clone());
                let colour_now = winner_user.as_ref().and_then(|u| loaded.colour_of(&u.id));
                let mut record = loaded.record.clone();
                record.rated = false;
                let conclusion = Conclusion {
                    ending: Ending::Result(akron_rules::Outcome {
                        winner: colour_now,
                        reason: match (verdict, colour_now) {
                            (Verdict::BothForfeit, _) => Reason::Abort,
                            _ => Reason::Adjudication,
                        },
                    }),
                    winner: winner_user,
                    plies: loaded.game.moves().len(),
                    announced: Announced::No,
                };
                self.end_game(c, &mut record, conclusion, now)?;
            }
            let complete = db::pairings(c, t.id)?
                .iter()
                .filter(|p| p.round == t.current_round && p.board > 0)
                .all(|p| p.result.is_some());
            if round == t.current_round && complete && !knockout {
                self.advance(c, &mut t, now)?;
            }
            Ok::<_, Failure>(())
        })?;
        if let Some(loaded) = &loaded {
            self.cache_remove(loaded.record.id);
        }
        self.wake();
        // The winner by name and by the colour they hold now (the first player started as
        // Black; a swap changes that).
        let start = match verdict {
            Verdict::First => Some(Color::Black),
            Verdict::Second => Some(Color::White),
            Verdict::Draw | Verdict::BothForfeit => None,
        };
        let named = start.zip(loaded.as_ref()).map(|(c, loaded)| {
            let user = loaded.record.players.by_start_colour(c).clone();
            let now = loaded.colour_of(&user.id).unwrap_or(c);
            (user.shown(), now)
        });
        Ok(Reply::text(say!(
            request.language.public,
            "tournament-adjudicated",
            game = game.to_string(),
            tournament = escape(&t.name),
            round = round,
            board = board,
            unit = if t.knockout.is_some() {
                "match"
            } else {
                "board"
            },
            winner = named
                .as_ref()
                .map_or_else(|| crate::catalogue::Arg::from(""), |(name, _)| name.clone()),
            colour = named
                .as_ref()
                .map_or(start.unwrap_or(Color::Black), |(_, c)| *c)
                .name(),
            verdict = match (verdict, &named) {
                (Verdict::First | Verdict::Second, Some(_)) => "named",
                (Verdict::First, None) => "first",
                (Verdict::Second, None) => "second",
                (Verdict::Draw, _) => "draw",
                (Verdict::BothForfeit, _) => "forfeit",
            }
        )))
    }
}
