//! The tournament commands of the service: `tournament create`, `join`, `start`, `withdraw`,
//! `adjudicate` and the rest, and what a game's ending does to its tournament.
//!
//! One of three places called tournament: the pure pairing and standings functions are
//! [`crate::tournament`] (no storage, no service); the queries on the tournament tables are
//! `db/tournaments.rs` (`crate::db::tournaments`); this folder is the service between them. It stores what the
//! pure functions decide and reacts to games ending. Everything a round does happens inside
//! one transaction: when the last game of a round ends, [`Service::record_tournament_result`]
//! (called from the one game-ending transition) records the result, pairs the next round,
//! makes its games (each with its clock running from that moment) and writes the notices
//! that announce them, each asking the front end for a thread of its own
//! ([`ThreadRequest`](crate::service::ThreadRequest)). A restart in the middle of a round
//! therefore changes nothing.
//!
//! One file per concern: `signup.rs` (create, join, leave, the sign-up message), `rounds.rs`
//! (start, pairing each round, results, pause, resume, cancel), `withdrawal.rs`,
//! `adjudication.rs`, `notices.rs` (the notices that announce rounds, put into words at
//! delivery) and `standings.rs` (standings and pairings as text and tables). This file holds
//! the dispatch and who may do what.
//!
//! Until the front end has opened its thread, a game lives in a placeholder channel
//! (`PLATFORM:pending-tT-rR-bB`) that nobody can post in.

use super::read_model::tournament_detail;
use super::types::{Command, Reply, Request, TournamentAction};
use super::{refuse, Failure, Outcome, Refusal, Service};
use crate::db::Tx;
use crate::db::{self, DbError};
use crate::images::table_alt;
use crate::model::{TimeControl, TournamentEntrant, TournamentId, TournamentRecord};
use crate::say;

mod adjudication;
mod bracket;
mod checkin;
mod deadline;
mod knockout;
mod notices;
mod rounds;
mod signup;
mod standings;
mod withdrawal;

/// The clock of tournament games unless the organiser names one: 3 days per move.
pub const DEFAULT_TOURNAMENT_TIME: TimeControl = TimeControl::PerMove(3 * 86_400);

/// The longest tournament name, in characters.
pub const MAX_TOURNAMENT_NAME: usize = 60;

use standings::{pairings_table, pairings_text, standings_table, standings_text};

impl Service {
    /// `tournament ...`.
    pub(super) fn tournament(&self, request: &Request, action: &TournamentAction) -> Outcome {
        match action {
            TournamentAction::Create(options) => self.create_tournament(request, options),
            TournamentAction::Join => self.join_tournament(request),
            TournamentAction::Leave => self.leave_tournament(request),
            TournamentAction::Start => self.start_tournament(request),
            TournamentAction::CheckIn => self.open_checkin(request),
            TournamentAction::Confirm => self.confirm_checkin(request),
            TournamentAction::Standings => {
                let t = self.find_tournament(request)?;
                let now = self.clock.now();
                let detail = self.db.read(|c| tournament_detail(c, t.clone(), now))?;
                let language = request.language.public;
                if detail.bracket.is_some() {
                    let mut reply = Reply::text(bracket::bracket_text(&detail, language));
                    if let Some(png) =
                        bracket::picture_png(&self.images, &detail, detail.current_round, language)
                    {
                        reply.image = Some(png);
                        reply.alt = reply
                            .image
                            .as_ref()
                            .map(|_| bracket::picture_alt(&detail, detail.current_round, language));
                    }
                    reply.tournament_of = Some(detail.id);
                    return Ok(reply);
                }
                let mut reply = Reply::text(standings_text(&detail, language));
                if let Some(table) = standings_table(&detail, language) {
                    reply.image = self.images.table(&table);
                    reply.alt = reply.image.as_ref().map(|_| table_alt(&table));
                }
                reply.tournament_of = Some(detail.id);
                Ok(reply)
            }
            TournamentAction::Pairings(round) => {
                let t = self.find_tournament(request)?;
                let round = round.unwrap_or(t.current_round);
                if round == 0 || t.rounds.is_some_and(|r| round > r) {
                    return refuse(match t.current_round {
                        0 => say!(request.language.private, "tournament-no-pairings-yet"),
                        n => say!(
                            request.language.private,
                            "tournament-no-such-round",
                            round = round,
                            current = n
                        ),
                    });
                }
                let now = self.clock.now();
                let detail = self.db.read(|c| tournament_detail(c, t.clone(), now))?;
                let language = request.language.public;
                if detail.bracket.is_some() {
                    let mut reply = Reply::text(bracket::round_text(&detail, round, language));
                    reply.tournament_of = Some(detail.id);
                    return Ok(reply);
                }
                let mut reply = Reply::default();
                reply.text = pairings_text(&detail, round, &mut reply, language);
                let table = pairings_table(&detail, round, language);
                reply.image = self.images.table(&table);
                reply.alt = reply.image.as_ref().map(|_| table_alt(&table));
                reply.tournament_of = Some(detail.id);
                Ok(reply)
            }
            TournamentAction::Withdraw(who) => self.withdraw(request, who.as_ref()),
            TournamentAction::Adjudicate(game, verdict) => {
                self.adjudicate(request, game.or(request.game), *verdict)
            }
            TournamentAction::Pause => self.pause_tournament(request, true),
            TournamentAction::Resume => self.pause_tournament(request, false),
            TournamentAction::Cancel => self.cancel_tournament(request),
            TournamentAction::Seed(who, seed) => self.seed_entrant(request, who, *seed),
            TournamentAction::Advance(who) => self.advance_player(request, who),
            TournamentAction::Analysis(on) => self.set_analysis(request, *on),
        }
    }

    /// The tournament a request is about: for the Join and Leave buttons (and `#N` after
    /// `join` or `leave`), the one numbered; else the channel's, else the tournament of the
    /// game in this channel (a game's thread).
    fn find_tournament(&self, request: &Request) -> Result<TournamentRecord, Failure> {
        let by_number = matches!(
            request.command,
            Command::Tournament(
                TournamentAction::Join | TournamentAction::Leave | TournamentAction::Confirm
            )
        );
        let found = match request.game {
            Some(number) if by_number => self
                .db
                .read(|c| db::tournament(c, TournamentId(number.0)))?,
            _ => match self
                .db
                .read(|c| db::channel_tournament(c, &request.channel))?
            {
                Some(t) => Some(t),
                None => {
                    let game = match request.game {
                        Some(game) => Some(game),
                        None => self
                            .db
                            .read(|c| db::latest_channel_game(c, &request.channel))?
                            .map(|g| g.id),
                    };
                    match game {
                        Some(game) => self
                            .db
                            .read(|c| db::game_tournament(c, game))?
                            .map(|(t, _, _)| t),
                        None => None,
                    }
                }
            },
        };
        found.ok_or_else(|| {
            Refusal::new(say!(request.language.private, "tournament-none-here")).into()
        })
    }

    /// Whether the caller may create and run tournaments here: a moderator, a member of the
    /// server's `tournament-role`, or anyone where the platform lets anyone organise (the
    /// console).
    fn may_organise(&self, request: &Request) -> Result<bool, DbError> {
        if request.is_moderator || request.platform.anyone_organises {
            return Ok(true);
        }
        let Some(server) = &request.server else {
            return Ok(false);
        };
        let role = self.db.read(|c| db::tournament_role(c, server))?;
        Ok(role.is_some_and(|role| request.roles.contains(&role.id)))
    }

    /// Refuses unless the caller runs `t` (its organiser, a moderator or a member of the
    /// server's tournament role).
    fn organiser_only(&self, request: &Request, t: &TournamentRecord) -> Result<(), Failure> {
        if request.user.id == t.organiser.id || self.may_organise(request)? {
            Ok(())
        } else {
            refuse(say!(
                request.language.private,
                "tournament-organiser-only",
                organiser = t.organiser.shown()
            ))
        }
    }
}

/// A user-chosen text shown in Markdown.
pub(super) fn escape(text: &str) -> String {
    crate::model::escape_markdown(text)
}

/// The tournament as the transaction reading it sees it: what a change decides is read here,
/// never from a read made before the transaction began.
pub(super) fn current(conn: &Tx<'_>, id: TournamentId) -> Result<TournamentRecord, DbError> {
    db::tournament(conn, id)?
        .ok_or_else(|| DbError::Corrupt(format!("tournament {id} vanished while in use")))
}

pub(super) fn entrant(entrants: &[TournamentEntrant], player: u32) -> Option<&TournamentEntrant> {
    entrants.iter().find(|e| e.player == player)
}
