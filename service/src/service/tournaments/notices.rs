//! A tournament's notices: written to the outbox in the transaction of the change they
//! announce ([`Service::push_tournament_notice`]), and put into words when delivered: the round's pairings, the
//! standings after a round, the final standings. The outbox keeps only which tournament,
//! which round and what to say ([`TournamentWords`]); the text and the table picture are
//! written here, in the language the tournament's server has at delivery, from the
//! tournament's stored rounds as they stood at that round.

use super::standings::{
    final_standings, pairings_table, pairings_text, standings_table, standings_text,
};
use super::{bracket, escape};
use crate::catalogue::Language;
use crate::db::{self, DbError, Tx};
use crate::images::Table;
use crate::model::{Destination, TournamentId, TournamentRecord};
use crate::say;
use crate::service::notices::{Draft, TournamentPart, TournamentWords};
use crate::service::read_model::tournament_detail;
use crate::service::types::Reply;
use crate::service::{Service, ServiceError};

impl Service {
    /// The text (and table) of a tournament notice in `language`; the users it mentions and
    /// the channels it names are added to `reply`. `None` when the tournament is gone.
    pub(in crate::service) fn tournament_words(
        &self,
        words: &TournamentWords,
        reply: &mut Reply,
        language: Language,
    ) -> Result<Option<(String, Option<Table>)>, ServiceError> {
        let now = self.clock.now();
        let detail = self.db.read(|c| {
            let Some(mut t) = db::tournament(c, TournamentId(words.tournament))? else {
                return Ok(None);
            };
            // As it stood at that round: later rounds are left out.
            t.current_round = t.current_round.min(words.round);
            let mut detail = tournament_detail(c, t, now)?;
            detail.rounds.retain(|r| r.number <= words.round);
            if let Some(bracket) = &mut detail.bracket {
                bracket.matches.retain(|m| m.round <= words.round);
            }
            Ok::<_, db::DbError>(Some(detail))
        })?;
        let Some(detail) = detail else {
            return Ok(None);
        };
        let round = words.round;
        if detail.bracket.is_some() {
            let words = knockout_words(&detail, words.part, round, language);
            let shown = match words.1 {
                TournamentPart::Over => detail.planned_rounds.unwrap_or(round),
                _ => round,
            };
            if let Some(png) = bracket::picture_png(&self.images, &detail, shown, language) {
                reply.image = Some(png);
                reply.alt = reply
                    .image
                    .as_ref()
                    .map(|_| bracket::picture_alt(&detail, round, language));
            }
            return Ok(Some((words.0, None)));
        }
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
/// A knockout's notice: its round's matches, a round's results, or the winner and places.
fn knockout_words(
    detail: &crate::service::read_model::TournamentDetail,
    part: TournamentPart,
    round: u32,
    language: Language,
) -> (String, TournamentPart) {
    let text = match part {
        TournamentPart::Pairings => say!(
            language,
            "knockout-round-starts",
            matches = bracket::round_text(detail, round, language)
        ),
        TournamentPart::RoundOver => say!(
            language,
            "knockout-round-over",
            matches = bracket::round_text(detail, round, language)
        ),
        TournamentPart::Over => say!(
            language,
            "knockout-over",
            tournament = escape(&detail.name),
            winner = bracket::champion(detail).unwrap_or_default(),
            places = bracket::places_text(detail, language)
        ),
    };
    (text, part)
}

impl Service {
    /// Writes the tournament's notice of `part` about `round` to its channel. Its text (and
    /// table) are put into words at delivery, from the tournament's rounds up to `round`, in
    /// the server's language then.
    pub(super) fn push_tournament_notice(
        &self,
        conn: &Tx<'_>,
        t: &TournamentRecord,
        round: u32,
        part: TournamentPart,
        now: i64,
    ) -> Result<(), DbError> {
        let mut draft = tournament_draft(t);
        draft.tournament = Some(TournamentWords {
            tournament: t.id.0,
            round,
            part,
        });
        self.push_notice(conn, &draft, now).map(drop)
    }
}

/// An empty notice to the tournament's channel, read in its server's language, linking its
/// page.
pub(super) fn tournament_draft(t: &TournamentRecord) -> Draft {
    let mut draft = Draft::general(Destination::Channel(t.channel.clone()));
    draft.reply.tournament_of = Some(t.id);
    draft.server.clone_from(&t.server);
    draft
}
