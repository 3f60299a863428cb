//! A tournament notice put into words when it is delivered: the round's pairings, the
//! standings after a round, the final standings. The outbox keeps only which tournament,
//! which round and what to say ([`TournamentWords`]); the text and the table picture are
//! written here, in the language the tournament's server has at delivery, from the
//! tournament's stored rounds as they stood at that round.

use super::super::notices::{TournamentPart, TournamentWords};
use super::super::read::tournament_detail;
use super::super::types::Reply;
use super::super::{Service, ServiceError};
use super::{
    escape, final_standings, pairings_table, pairings_text, standings_table, standings_text,
};
use crate::catalogue::Language;
use crate::db;
use crate::images::Table;
use crate::model::TournamentId;
use crate::say;

impl Service {
    /// The text (and table) of a tournament notice in `language`; the users it mentions and
    /// the channels it names are added to `reply`. `None` when the tournament is gone.
    pub(in crate::service) fn tournament_words(
        &self,
        words: &TournamentWords,
        reply: &mut Reply,
        language: Language,
    ) -> Result<Option<(String, Option<Table>)>, ServiceError> {
        let detail = self.db.read(|c| {
            let Some(mut t) = db::tournament(c, TournamentId(words.tournament))? else {
                return Ok(None);
            };
            // As it stood at that round: later rounds are left out.
            t.current_round = t.current_round.min(words.round);
            let mut detail = tournament_detail(c, t)?;
            detail.rounds.retain(|r| r.number <= words.round);
            Ok::<_, db::DbError>(Some(detail))
        })?;
        let Some(detail) = detail else {
            return Ok(None);
        };
        let round = words.round;
        Ok(Some(match words.part {
            TournamentPart::Pairings => (
                pairings_text(&detail, round, reply, language),
                Some(pairings_table(&detail, round, language)),
            ),
            TournamentPart::RoundOver => (
                say!(
                    language,
                    "tournament-round-over",
                    round = round,
                    tournament = escape(&detail.name),
                    standings = standings_text(&detail, language)
                ),
                None,
            ),
            TournamentPart::Over => {
                let winners: Vec<String> = final_standings(&detail)
                    .iter()
                    .filter(|(rank, _)| *rank == 1)
                    .map(|(_, user)| reply.mention_user(user).say(language))
                    .collect();
                (
                    say!(
                        language,
                        "tournament-over",
                        tournament = escape(&detail.name),
                        winners = crate::catalogue::numbers::and_list(&winners, language),
                        standings = standings_text(&detail, language)
                    ),
                    standings_table(&detail, language),
                )
            }
        }))
    }
}
