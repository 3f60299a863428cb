//! Tournaments in the service: sign-up, rounds, results and standings, stored in SQLite.
//!
//! Pairing and standings are the pure functions of [`crate::tournament`]; this file stores
//! what they decide and reacts to games ending. Everything a round does happens inside one
//! transaction: when the last game of a round ends, [`Service::record_tournament_result`]
//! (called from the one game-ending transition) records the result, pairs the next round,
//! makes its games (each with its clock running from that moment) and writes the notices
//! that announce them, each asking the front end for a thread of its own
//! ([`ThreadRequest`]). A restart in the middle of a round therefore changes nothing.
//!
//! Until the front end has opened its thread, a game lives in a placeholder channel
//! (`PLATFORM:pending-tT-rR-bB`) that nobody can post in.

use super::lifecycle::{thread_name, Announced, Conclusion};
use super::notices::{Draft, ThreadDraft, TournamentPart, TournamentWords};
use super::read::{pairing_failure, pure_entrants, rounds_of, tournament_detail, TournamentDetail};
use super::types::{
    Button, Command, GameId, Reply, Request, TournamentAction, TournamentOptions, User, Verdict,
};
use super::{refuse, Failure, Outcome, Refusal, Service};
use crate::catalogue::Language;
use crate::db::Tx;
use crate::db::{self, DbError, StoredPairing, GLOBAL_SCOPE};
use crate::images::{table_alt, Column, ColumnAlign, Table};
use crate::model::{
    ChannelId, Destination, Ending, GameEnded, GameRecord, Players, Status, TimeControl,
    TournamentEntrant, TournamentFormat, TournamentId, TournamentRecord, TournamentStatus,
};
use crate::ratings::INITIAL_RATING;
use crate::tournament::{
    default_rounds, format_table_in, max_swiss_rounds, pair_swiss, round_robin, round_robin_rounds,
    Entrant, GameResult, PairingError, Round, TableWords, Tiebreak,
};
use crate::{phrase, say};
use akron_rules::{default_pile, Color, Position, Reason, MAX_PILE};
use std::collections::HashSet;

/// The clock of tournament games unless the organiser names one: 3 days per move.
pub const DEFAULT_TOURNAMENT_TIME: TimeControl = TimeControl::PerMove(3 * 86_400);

/// The longest tournament name, in characters.
pub const MAX_TOURNAMENT_NAME: usize = 60;

mod words;

/// Characters a posted table may take (Discord allows 2,000 per message).
const TABLE_CHARS: usize = 1_700;

impl Service {
    /// `tournament ...`.
    pub(super) fn tournament(&self, request: &Request, action: &TournamentAction) -> Outcome {
        match action {
            TournamentAction::Create(options) => self.create_tournament(request, options),
            TournamentAction::Join => self.join_tournament(request),
            TournamentAction::Leave => self.leave_tournament(request),
            TournamentAction::Start => self.start_tournament(request),
            TournamentAction::Standings => {
                let t = self.find_tournament(request)?;
                let detail = self.db.read(|c| tournament_detail(c, t))?;
                let language = request.language.public;
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
                let detail = self.db.read(|c| tournament_detail(c, t))?;
                let language = request.language.public;
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
        }
    }

    /// The tournament a request is about: for the Join and Leave buttons (and `#N` after
    /// `join` or `leave`), the one numbered; else the channel's, else the tournament of the
    /// game in this channel (a game's thread).
    fn find_tournament(&self, request: &Request) -> Result<TournamentRecord, Failure> {
        let by_number = matches!(
            request.command,
            Command::Tournament(TournamentAction::Join | TournamentAction::Leave)
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

    /// Refuses when the caller plays in `record`: nobody adjudicates their own game, not
    /// even its tournament's organiser or a moderator. The refusal says who can.
    fn not_ones_own_game(
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

    fn create_tournament(&self, request: &Request, options: &TournamentOptions) -> Outcome {
        if !self.may_organise(request)? {
            return refuse(say!(
                request.language.private,
                "tournament-create-moderators-only"
            ));
        }
        let size = options.size.unwrap_or(akron_rules::DEFAULT_SIZE);
        let pile = options.pieces.unwrap_or_else(|| default_pile(size));
        if pile < u16::from(size) || pile > MAX_PILE {
            return refuse(say!(
                request.language.private,
                "challenge-bad-pile",
                pile = pile,
                size = size,
                max = MAX_PILE,
                default = default_pile(size)
            ));
        }
        let name = options.name.trim();
        if name.is_empty() || name.chars().count() > MAX_TOURNAMENT_NAME {
            return refuse(say!(
                request.language.private,
                "tournament-name-length",
                max = MAX_TOURNAMENT_NAME,
                count = name.chars().count()
            ));
        }
        if name.chars().any(char::is_control) {
            return refuse(say!(request.language.private, "tournament-name-control"));
        }
        if let (TournamentFormat::Swiss, Some(rounds), Some(max)) =
            (options.format, options.rounds, options.max_players)
        {
            let most = max_swiss_rounds(max as usize);
            if rounds > most {
                return refuse(say!(
                    request.language.private,
                    "tournament-rounds-for-max",
                    max = max,
                    most = most,
                    rounds = rounds
                ));
            }
        }
        let t = TournamentRecord {
            id: TournamentId(0),
            server: request.server.clone(),
            channel: request.channel.clone(),
            name: name.to_string(),
            organiser: request.user.clone(),
            format: options.format,
            double: options.double.unwrap_or(false),
            rounds: match options.format {
                TournamentFormat::Swiss => options.rounds,
                TournamentFormat::RoundRobin => None,
            },
            time_control: options.time.unwrap_or(DEFAULT_TOURNAMENT_TIME),
            size,
            pile,
            win_rule: options.rule.unwrap_or_default(),
            rated: options.rated.unwrap_or(true),
            vacation: options.vacation.unwrap_or(false),
            max_players: options.max_players,
            status: TournamentStatus::SignUp,
            current_round: 0,
            created_at: self.clock.now(),
            version: 0,
        };
        let id = match self.db.write(|c| db::insert_tournament(c, &t)) {
            Ok(id) => id,
            Err(DbError::ChannelTaken) => {
                return refuse(say!(request.language.private, "tournament-channel-taken"))
            }
            Err(e) => return Err(e.into()),
        };
        let t = TournamentRecord { id, ..t };
        Ok(signup_reply(&t, &[], request.language.public))
    }

    fn join_tournament(&self, request: &Request) -> Outcome {
        let t = self.find_tournament(request)?;
        let now = self.clock.now();
        let me = &request.user;
        // Decided from what the transaction reads: a `start` landing at the same moment is
        // either wholly before this (sign-up is closed) or wholly after it (it pairs them).
        let t = self.db.write(|c| {
            let t = current(c, t.id)?;
            if t.status != TournamentStatus::SignUp {
                return refuse(say!(
                    request.language.private,
                    "tournament-signup-closed",
                    tournament = escape(&t.name)
                ));
            }
            let entrants = db::entrants(c, t.id)?;
            if entrants.iter().any(|e| e.user.id == me.id) {
                return refuse(say!(request.language.private, "tournament-already-in"));
            }
            if t.max_players
                .is_some_and(|max| entrants.len() >= max as usize)
            {
                return refuse(say!(request.language.private, "tournament-full"));
            }
            let rating = seeding_rating(c, &t, me)?;
            db::add_entrant(c, t.id, me, rating, now)?;
            // Claimed at the version read: a start deciding at the same moment from an older
            // list of entrants cannot commit.
            let mut t = t;
            t.version = db::save_tournament(c, &t)?;
            Ok::<_, Failure>(t)
        })?;
        self.updated_signup(&t, request.language.public)
    }

    /// The sign-up message again, after a join or a leave: it replaces the pressed one (a
    /// button) or the one posted (a command).
    fn updated_signup(&self, t: &TournamentRecord, language: Language) -> Outcome {
        let (entrants, posted) = self
            .db
            .read(|c| Ok::<_, DbError>((db::entrants(c, t.id)?, db::signup_message(c, t.id)?)))?;
        let mut reply = signup_reply(t, &entrants, language);
        reply.replaces_pressed = true;
        reply.replaces_message = posted;
        Ok(reply)
    }

    /// The front end posted the sign-up message of `tournament` at `message` (its own
    /// reference, such as Discord's `CHANNEL/MESSAGE`): `tournament join` and `leave` then
    /// update it (see [`Reply::replaces_message`]).
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn signup_posted(
        &self,
        tournament: TournamentId,
        message: &str,
    ) -> Result<(), super::ServiceError> {
        Ok(self
            .db
            .write(|c| db::set_signup_message(c, tournament, message))?)
    }

    fn leave_tournament(&self, request: &Request) -> Outcome {
        let t = self.find_tournament(request)?;
        // Decided inside the transaction: once `start` has paired them, they cannot leave.
        let t = self.db.write(|c| {
            let t = current(c, t.id)?;
            if t.status != TournamentStatus::SignUp {
                return refuse(say!(request.language.private, "tournament-leave-started"));
            }
            if !db::remove_entrant(c, t.id, &request.user.id)? {
                return refuse(say!(request.language.private, "tournament-not-in"));
            }
            let mut t = t;
            t.version = db::save_tournament(c, &t)?;
            Ok::<_, Failure>(t)
        })?;
        self.updated_signup(&t, request.language.public)
    }

    fn start_tournament(&self, request: &Request) -> Outcome {
        let t = self.find_tournament(request)?;
        self.organiser_only(request, &t)?;
        let now = self.clock.now();
        // Everything the start decides is read inside its own transaction, so a join or a
        // leave landing at the same moment is wholly before it (and paired, or gone) or
        // wholly after it (and refused): nobody told they are in is left out of round 1, and
        // nobody who left is paired.
        let (t, paired) = self.db.write(|c| {
            let mut t = current(c, t.id)?;
            if t.status != TournamentStatus::SignUp {
                return refuse(say!(request.language.private, "tournament-already-started"));
            }
            let entrants = db::entrants(c, t.id)?;
            let count = entrants.len();
            if count < 2 {
                return refuse(say!(request.language.private, "tournament-too-few"));
            }
            t.rounds = Some(match t.format {
                TournamentFormat::Swiss => {
                    let most = max_swiss_rounds(count);
                    match t.rounds {
                        Some(asked) if asked > most => {
                            return refuse(too_many_rounds(
                                &t,
                                asked,
                                count,
                                request.language.private,
                            ));
                        }
                        Some(asked) => asked,
                        None => default_rounds(count),
                    }
                }
                TournamentFormat::RoundRobin => {
                    u32::try_from(round_robin_rounds(count, t.double)).unwrap_or(u32::MAX)
                }
            });
            let mut seeds = Vec::with_capacity(count);
            for entrant in &entrants {
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
            Ok::<_, Failure>((t, paired.len()))
        })?;
        self.wake();
        Ok(Reply::text(say!(
            request.language.public,
            "tournament-started",
            tournament = escape(&t.name),
            players = paired,
            rounds = t.rounds.unwrap_or(0),
            what = describe(&t, request.language.public)
        )))
    }

    /// Pairs (Swiss) or opens (round robin) round `round` inside `conn`'s transaction: its
    /// games are made with their clocks running and announced, forfeits of withdrawn
    /// players recorded; if nothing is left to play in it, the tournament moves on at once.
    fn begin_round(
        &self,
        conn: &Tx<'_>,
        t: &mut TournamentRecord,
        round: u32,
        now: i64,
    ) -> Result<(), DbError> {
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
                control = super::wording::time_control(t.time_control)
            )];
            // Delivered after the game ended (a long downtime past its clock), it says so
            // instead, with the result, and asks for no thread.
            draft.if_over = Some(phrase!(
                "tournament-game-ended-unannounced",
                tournament = escape(&t.name),
                round = round,
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
    fn make_game(
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

    /// Writes the tournament's notice of `part` about `round` to its channel. Its text (and
    /// table) are put into words at delivery, from the tournament's rounds up to `round`, in
    /// the server's language then.
    fn push_tournament_notice(
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

    /// The current round is complete: pair the next one, or finish. A paused tournament
    /// waits for `resume`.
    fn advance(&self, conn: &Tx<'_>, t: &mut TournamentRecord, now: i64) -> Result<(), DbError> {
        if t.status != TournamentStatus::Running {
            return Ok(());
        }
        if t.current_round >= t.rounds.unwrap_or(0) {
            return self.finish(conn, t, now);
        }
        self.push_tournament_notice(conn, t, t.current_round, TournamentPart::RoundOver, now)?;
        let next = t.current_round + 1;
        self.begin_round(conn, t, next, now)
    }

    /// Every round played: the final standings.
    fn finish(&self, conn: &Tx<'_>, t: &mut TournamentRecord, now: i64) -> Result<(), DbError> {
        t.status = TournamentStatus::Finished;
        t.version = db::save_tournament(conn, t)?;
        self.push_tournament_notice(conn, t, t.current_round, TournamentPart::Over, now)
    }

    /// Records a tournament game's result from the [`GameEnded`] event, inside the
    /// transaction that ended it, and pairs the next round when this was the last game of
    /// the current one.
    pub(super) fn record_tournament_result(
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
    fn advance_or_pause(
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

    /// `tournament withdraw [@player]`: the player's running game is lost (as a resignation);
    /// a Swiss pairs them no more, a round robin records their remaining games as forfeits;
    /// past results stand.
    fn withdraw(&self, request: &Request, who: Option<&User>) -> Outcome {
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
            // A round paired at the same moment from the entrants before this withdrawal
            // cannot commit.
            db::save_tournament(c, &fresh)?;
            if let Some(loaded) = &loaded {
                let colour = loaded.colour_of(&user.id).unwrap_or(Color::Black);
                let mut record = loaded.record.clone();
                let conclusion = Conclusion {
                    ending: Ending::Result(akron_rules::Outcome {
                        winner: Some(colour.other()),
                        reason: Reason::Resignation,
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
        Ok(Reply::text(say!(
            request.language.public,
            "tournament-withdrew",
            player = user.shown(),
            tournament = escape(&t.name),
            resigned = if loaded.is_some() { "yes" } else { "no" },
            format = match t.format {
                TournamentFormat::Swiss => "swiss",
                TournamentFormat::RoundRobin => "round-robin",
            }
        )))
    }

    /// `tournament adjudicate #N black|white|draw|forfeit`: the organiser decides a game.
    /// A game still being played ends now (unrated); a finished one keeps its board result
    /// but scores as decided.
    fn adjudicate(&self, request: &Request, game: Option<GameId>, verdict: Verdict) -> Outcome {
        let Some(game) = game else {
            return refuse(say!(
                request.language.private,
                "tournament-adjudicate-which"
            ));
        };
        let Some((t, round, board)) = self.db.read(|c| db::game_tournament(c, game))? else {
            return refuse(say!(
                request.language.private,
                "tournament-not-a-tournament-game",
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
                    result = super::wording::result_phrase(&over)
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
            // Set first, so that the ending below finds the result already decided.
            let mut rows = db::pairings(c, t.id)?;
            if let Some(row) = rows
                .iter_mut()
                .find(|p| p.round == round && p.board == board)
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
            if round == t.current_round && complete {
                self.advance(c, &mut t, now)?;
            }
            Ok::<_, Failure>(())
        })?;
        if let Some(loaded) = &loaded {
            self.cache_remove(loaded.record.id);
        }
        self.wake();
        Ok(Reply::text(say!(
            request.language.public,
            "tournament-adjudicated",
            game = game.to_string(),
            tournament = escape(&t.name),
            round = round,
            board = board,
            verdict = match verdict {
                Verdict::First => "first",
                Verdict::Second => "second",
                Verdict::Draw => "draw",
                Verdict::BothForfeit => "forfeit",
            }
        )))
    }

    fn pause_tournament(&self, request: &Request, pause: bool) -> Outcome {
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

    fn cancel_tournament(&self, request: &Request) -> Outcome {
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
fn tournament_result(
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

/// An empty notice to the tournament's channel, read in its server's language, linking its
/// page.
fn tournament_draft(t: &TournamentRecord) -> Draft {
    let mut draft = Draft::general(Destination::Channel(t.channel.clone()));
    draft.reply.tournament_of = Some(t.id);
    draft.server.clone_from(&t.server);
    draft
}

/// The sign-up message: what the tournament is, who is in, and the Join and Leave buttons,
/// in `language`.
fn signup_reply(t: &TournamentRecord, entrants: &[TournamentEntrant], language: Language) -> Reply {
    let names: Vec<String> = entrants.iter().map(|e| e.user.shown_in(language)).collect();
    let mut text = say!(
        language,
        "tournament-signup",
        tournament = escape(&t.name),
        number = t.id.to_string(),
        what = describe(t, language),
        organiser = t.organiser.shown()
    );
    text.push('\n');
    text.push_str(&say!(
        language,
        "tournament-entrants",
        count = entrants.len(),
        max = t.max_players.map_or(0, i64::from),
        names = if names.is_empty() {
            say!(language, "tournament-entrants-nobody")
        } else {
            names.join(", ")
        }
    ));
    if text.chars().count() > 1_900 {
        text = text.chars().take(1_890).collect::<String>() + " …";
    }
    let number = GameId(t.id.0);
    Reply {
        text,
        signup_of: Some(t.id),
        buttons: [
            Button::of(Command::Tournament(TournamentAction::Join), number),
            Button::of(Command::Tournament(TournamentAction::Leave), number),
        ]
        .into_iter()
        .flatten()
        .collect(),
        ..Reply::default()
    }
}

/// `Swiss, 4 rounds, 8 × 8, 32 pieces, delayed rule, 3 d per move, rated, no vacations`, in
/// `language`.
fn describe(t: &TournamentRecord, language: Language) -> String {
    let format = match (t.format, t.rounds) {
        (TournamentFormat::Swiss, Some(rounds)) => {
            say!(language, "tournament-format-swiss", rounds = rounds)
        }
        // The default in numbers a player can read, from the rule that pairs them.
        (TournamentFormat::Swiss, None) => say!(
            language,
            "tournament-format-swiss-default",
            four = crate::tournament::default_rounds(4),
            eight = crate::tournament::default_rounds(8),
            sixteen = crate::tournament::default_rounds(16)
        ),
        (TournamentFormat::RoundRobin, _) => say!(
            language,
            "tournament-format-round-robin",
            double = if t.double { "yes" } else { "no" }
        ),
    };
    say!(
        language,
        "tournament-description",
        format = format,
        size = t.size,
        pile = t.pile,
        rule = t.win_rule.name(),
        clock = super::wording::time_control(t.time_control),
        rated = if t.rated { "yes" } else { "no" },
        vacation = if t.vacation { "yes" } else { "no" }
    )
}

/// A user-chosen text shown in Markdown.
fn escape(text: &str) -> String {
    crate::model::escape_markdown(text)
}

/// The tournament as the transaction reading it sees it: what a change decides is read here,
/// never from a read made before the transaction began.
fn current(conn: &Tx<'_>, id: TournamentId) -> Result<TournamentRecord, DbError> {
    db::tournament(conn, id)?
        .ok_or_else(|| DbError::Corrupt(format!("tournament {id} vanished while in use")))
}

/// A player's rating for seeding: their server rating (else global), 1500 when new.
fn seeding_rating(conn: &Tx<'_>, t: &TournamentRecord, user: &User) -> Result<f64, DbError> {
    let scope = t
        .server
        .as_ref()
        .map_or_else(|| GLOBAL_SCOPE.to_string(), |s| s.0.clone());
    Ok(db::rating(conn, &user.id, &scope)?.map_or(INITIAL_RATING, |r| r.rating.rating))
}

/// Why a Swiss of `players` cannot have `asked` rounds, and what to do instead.
fn too_many_rounds(t: &TournamentRecord, asked: u32, players: usize, language: Language) -> String {
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

fn id_seed(id: TournamentId) -> u64 {
    u64::try_from(id.0).unwrap_or_default()
}

/// The game `player` is playing in `round`, if it has not ended.
fn running_game(rows: &[StoredPairing], round: u32, player: u32) -> Option<GameId> {
    rows.iter()
        .filter(|p| p.round == round && p.result.is_none())
        .find(|p| p.first == player || p.second == Some(player))
        .and_then(|p| p.game)
}

fn entrant(entrants: &[TournamentEntrant], player: u32) -> Option<&TournamentEntrant> {
    entrants.iter().find(|e| e.player == player)
}

/// Stores a round's pairings (boards from 1) and its bye (board 0).
fn insert_round(
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

/// The standings of every round played or being played, best first, with each line's user.
fn final_standings(t: &TournamentDetail) -> Vec<(u32, User)> {
    t.standings
        .iter()
        .filter_map(|l| t.entrant(l.player).map(|e| (l.rank, e.user.clone())))
        .collect()
}

/// The tiebreak's name, in `language`.
fn tiebreak_name(tiebreak: Tiebreak, language: Language) -> String {
    say!(
        language,
        "tournament-tiebreak",
        tiebreak = tiebreak_key(tiebreak)
    )
}

/// The tiebreak's key for the catalogue's selectors.
fn tiebreak_key(tiebreak: Tiebreak) -> &'static str {
    match tiebreak {
        Tiebreak::Buchholz => "buchholz",
        Tiebreak::SonnebornBerger => "sonneborn-berger",
    }
}

/// The standings table as text, in a code block, in `language`.
fn standings_text(t: &TournamentDetail, language: Language) -> String {
    if t.current_round == 0 {
        return say!(
            language,
            "tournament-not-started-entrants",
            tournament = escape(&t.name),
            count = t.entrants.len()
        );
    }
    let done = t.rounds_complete();
    let more = |rest: usize| say!(language, "tournament-table-more", count = rest);
    let words = TableWords {
        player: say!(language, "tournament-column-player"),
        points: say!(language, "tournament-column-points"),
        record: say!(language, "tournament-column-record"),
        tiebreak: say!(
            language,
            "tournament-column-tiebreak",
            tiebreak = tiebreak_key(t.tiebreak)
        ),
        withdrawn: say!(language, "tournament-withdrawn-mark"),
        more: &more,
        number: &|value| crate::catalogue::numbers::decimal(value, language),
    };
    let table = format_table_in(
        &t.standings,
        |player| {
            t.entrant(player)
                .map_or_else(String::new, |e| e.user.name.clone())
        },
        TABLE_CHARS,
        &words,
    );
    say!(
        language,
        "tournament-standings",
        tournament = escape(&t.name),
        done = done,
        rounds = t.planned_rounds.unwrap_or(t.current_round),
        playing = being_played(t, language),
        tiebreak = tiebreak_name(t.tiebreak, language),
        table = table
    )
}

/// `, round N being played` while the current round has games without a result.
fn being_played(t: &TournamentDetail, language: Language) -> String {
    if (t.rounds_complete() as u32) < t.current_round && t.status.is_live() {
        say!(
            language,
            "tournament-round-being-played",
            round = t.current_round
        )
    } else {
        String::new()
    }
}

/// A player's name when the tournament no longer has them.
fn unknown_player(player: u32, language: Language) -> String {
    say!(language, "tournament-unknown-player", player = player)
}

/// A pairing's result as the tables write it.
fn result_mark(result: Option<GameResult>, language: Language) -> String {
    match result {
        None => say!(language, "tournament-result-playing"),
        Some(GameResult::FirstWon) => "1–0".to_string(),
        Some(GameResult::SecondWon) => "0–1".to_string(),
        Some(GameResult::Draw) => "½–½".to_string(),
        Some(GameResult::FirstForfeited) => {
            say!(language, "tournament-result-forfeit", score = "0–1")
        }
        Some(GameResult::SecondForfeited) => {
            say!(language, "tournament-result-forfeit", score = "1–0")
        }
        Some(GameResult::BothForfeited) => {
            say!(language, "tournament-result-forfeit", score = "0–0")
        }
    }
}

/// The standings as a table image's rows (names as plain text), `None` before the start.
fn standings_table(t: &TournamentDetail, language: Language) -> Option<Table> {
    if t.current_round == 0 {
        return None;
    }
    let rows = t
        .standings
        .iter()
        .map(|line| {
            let name = t.entrant(line.player).map_or_else(
                || unknown_player(line.player, language),
                |e| e.user.name.clone(),
            );
            vec![
                line.rank.to_string(),
                if line.withdrawn {
                    say!(language, "tournament-withdrawn-name", name = name)
                } else {
                    name
                },
                line.points.to_string(),
                crate::catalogue::numbers::decimal(line.tiebreak, language),
                format!("{}-{}-{}", line.wins, line.draws, line.losses),
            ]
        })
        .collect();
    Some(Table {
        title: t.name.clone(),
        subtitle: say!(
            language,
            "tournament-standings-subtitle",
            done = t.rounds_complete(),
            rounds = t.planned_rounds.unwrap_or(t.current_round),
            playing = being_played(t, language),
            tiebreak = tiebreak_name(t.tiebreak, language)
        ),
        columns: vec![
            Column::new("#", ColumnAlign::Right),
            Column::new(
                say!(language, "tournament-column-player"),
                ColumnAlign::Left,
            ),
            Column::new(
                say!(language, "tournament-column-points"),
                ColumnAlign::Right,
            ),
            Column::new(
                say!(
                    language,
                    "tournament-column-tiebreak",
                    tiebreak = tiebreak_key(t.tiebreak)
                ),
                ColumnAlign::Right,
            ),
            Column::new(
                say!(language, "tournament-column-record"),
                ColumnAlign::Centre,
            ),
        ],
        rows,
    })
}

/// A round's pairings and results as a table image's rows.
fn pairings_table(t: &TournamentDetail, round: u32, language: Language) -> Table {
    let name = |player: u32| {
        t.entrant(player)
            .map_or_else(|| unknown_player(player, language), |e| e.user.name.clone())
    };
    let mut rows: Vec<Vec<String>> = Vec::new();
    let detail = t.round(round);
    for pairing in detail.map_or(&[][..], |r| &r.pairings) {
        rows.push(vec![
            pairing.board.to_string(),
            name(pairing.black),
            name(pairing.white),
            result_mark(pairing.result, language),
            pairing.game.map_or_else(String::new, |g| g.to_string()),
        ]);
    }
    // The bye last.
    if let Some(bye) = detail.and_then(|r| r.bye) {
        rows.push(vec![
            say!(language, "tournament-bye"),
            name(bye),
            String::new(),
            say!(language, "tournament-bye-score"),
            String::new(),
        ]);
    }
    Table {
        title: say!(
            language,
            "tournament-pairings-title",
            tournament = t.name.clone(),
            round = round,
            rounds = t.planned_rounds.unwrap_or(round)
        ),
        subtitle: String::new(),
        columns: vec![
            Column::new(
                say!(language, "tournament-column-board"),
                ColumnAlign::Right,
            ),
            Column::new(say!(language, "tournament-column-black"), ColumnAlign::Left),
            Column::new(say!(language, "tournament-column-white"), ColumnAlign::Left),
            Column::new(
                say!(language, "tournament-column-result"),
                ColumnAlign::Centre,
            ),
            Column::new(say!(language, "tournament-column-game"), ColumnAlign::Right),
        ],
        rows,
    }
}

/// A round's pairings and results as text; `reply` names the games' channels.
fn pairings_text(
    t: &TournamentDetail,
    round: u32,
    reply: &mut Reply,
    language: Language,
) -> String {
    let name = |player: u32| {
        t.entrant(player).map_or_else(
            || unknown_player(player, language),
            |e| e.user.shown_in(language),
        )
    };
    let mut text = say!(
        language,
        "tournament-pairings-heading",
        tournament = escape(&t.name),
        round = round,
        rounds = t.planned_rounds.unwrap_or(round)
    );
    let detail = t.round(round);
    // The bye first, as board 0.
    if let Some(bye) = detail.and_then(|r| r.bye) {
        text.push('\n');
        text.push_str(&say!(
            language,
            "tournament-pairing-bye",
            player = name(bye)
        ));
    }
    for pairing in detail.map_or(&[][..], |r| &r.pairings) {
        let result = result_mark(pairing.result, language);
        let game = pairing
            .game
            .map_or_else(String::new, |g| match &pairing.channel {
                Some(channel) => say!(
                    language,
                    "tournament-pairing-game-in",
                    game = g.to_string(),
                    channel = reply.name_channel(channel)
                ),
                None => say!(language, "tournament-pairing-game", game = g.to_string()),
            });
        text.push('\n');
        text.push_str(&say!(
            language,
            "tournament-pairing",
            board = pairing.board,
            black = name(pairing.black),
            white = name(pairing.white),
            result = result,
            game = game
        ));
    }
    if text.chars().count() > 1_900 {
        text = text.chars().take(1_890).collect::<String>() + " …";
    }
    text
}

#[cfg(test)]
mod tests {
    //! A tournament's round transitions, driven through the service with a clock the test
    //! moves: round 1's pairings, the next round opening once when the last game of a round
    //! ends (by a result, a timeout or a withdrawal), the end, and a pause holding it all.
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use crate::model::GameId;
    use crate::testing::{channel_id, user, Harness};

    const DAY: i64 = 86_400;
    /// The first tournament of a fresh database.
    const CUP: TournamentId = TournamentId(1);

    fn tournament(h: &Harness, who: &str, action: TournamentAction) -> Reply {
        let mut request = Request::new(user(who), channel_id("lobby"), Command::Tournament(action));
        request.is_moderator = who == "org";
        h.service.handle(&request)
    }

    /// A started tournament of p1..pN on 5 × 5, one day per move.
    fn started(format: TournamentFormat, rounds: Option<u32>, players: u32) -> Harness {
        let h = Harness::new();
        let mut options = TournamentOptions::new("Cup", format);
        options.rounds = rounds;
        options.size = Some(5);
        options.time = Some(TimeControl::PerMove(DAY));
        let created = tournament(&h, "org", TournamentAction::Create(options));
        assert!(!created.ephemeral, "{}", created.text);
        for player in 1..=players {
            let joined = tournament(&h, &format!("p{player}"), TournamentAction::Join);
            assert!(!joined.ephemeral, "{}", joined.text);
        }
        let start = tournament(&h, "org", TournamentAction::Start);
        assert!(!start.ephemeral, "{}", start.text);
        h
    }

    fn stored(h: &Harness) -> TournamentRecord {
        h.service.db.read(|c| current(c, CUP)).unwrap()
    }

    fn round(h: &Harness, round: u32) -> Vec<StoredPairing> {
        let rows = h.service.db.read(|c| db::pairings(c, CUP)).unwrap();
        rows.into_iter().filter(|p| p.round == round).collect()
    }

    /// The games of a round still being played.
    fn running(h: &Harness, number: u32) -> Vec<GameId> {
        round(h, number)
            .iter()
            .filter(|p| p.result.is_none())
            .filter_map(|p| p.game)
            .collect()
    }

    fn game(h: &Harness, game: GameId) -> GameRecord {
        h.service.db.read(|c| db::game(c, game)).unwrap().unwrap()
    }

    /// The second player of `game` resigns it.
    fn decide(h: &Harness, id: GameId) {
        let mut request = Request::new(
            game(h, id).players.white,
            channel_id("elsewhere"),
            Command::Resign,
        );
        request.game = Some(id);
        let reply = h.service.handle(&request);
        assert!(!reply.ephemeral, "{}", reply.text);
    }

    /// How many notices were written whose text, put into words as they are delivered,
    /// contains `text` (they are stored as message ids and arguments).
    fn notices(h: &Harness, text: &str) -> usize {
        h.service
            .due_notices("test", 10_000)
            .unwrap()
            .iter()
            .filter(|n| n.reply.text.contains(text))
            .count()
    }

    #[test]
    fn the_start_pairs_round_one_with_a_bye_for_an_odd_count() {
        let h = started(TournamentFormat::Swiss, Some(2), 5);
        let t = stored(&h);
        assert_eq!(
            (t.status, t.current_round, t.rounds),
            (TournamentStatus::Running, 1, Some(2))
        );
        let rows = round(&h, 1);
        assert_eq!(rows.len(), 3, "two boards and a bye: {rows:?}");
        let byes: Vec<&StoredPairing> = rows.iter().filter(|p| p.board == 0).collect();
        assert_eq!(byes.len(), 1);
        assert_eq!((byes[0].second, byes[0].game), (None, None));
        let mut seen: Vec<u32> = rows
            .iter()
            .flat_map(|p| [Some(p.first), p.second])
            .flatten()
            .collect();
        seen.sort_unstable();
        assert_eq!(seen, [1, 2, 3, 4, 5], "everyone is in round 1 once");
        for id in running(&h, 1) {
            let record = game(&h, id);
            assert_eq!(record.status(), Status::Active);
            assert!(record.deadline_at.is_some(), "its clock runs");
        }
        assert_eq!(running(&h, 1).len(), 2);
        assert!(round(&h, 2).is_empty(), "a Swiss pairs one round at a time");
        assert_eq!(
            notices(&h, "round 1 of 2"),
            1,
            "the pairings are posted once"
        );

        // A round robin stores its whole schedule, but makes only round 1's games.
        let h = started(TournamentFormat::RoundRobin, None, 5);
        assert_eq!(stored(&h).rounds, Some(5));
        for number in 1..=5 {
            let rows = round(&h, number);
            assert_eq!(rows.iter().filter(|p| p.board == 0).count(), 1, "{rows:?}");
            let games = rows.iter().filter(|p| p.game.is_some()).count();
            assert_eq!(games, if number == 1 { 2 } else { 0 }, "round {number}");
        }
    }

    #[test]
    fn the_last_result_of_a_round_opens_the_next_one_once() {
        let h = started(TournamentFormat::Swiss, Some(3), 4);
        let games = running(&h, 1);
        assert_eq!(games.len(), 2);
        decide(&h, games[0]);
        assert_eq!(stored(&h).current_round, 1, "a game of round 1 still runs");
        assert!(round(&h, 2).is_empty());
        decide(&h, games[1]);
        assert_eq!(stored(&h).current_round, 2);
        assert_eq!(round(&h, 2).len(), 2);
        assert_eq!(running(&h, 2).len(), 2);
        assert_eq!(notices(&h, "Round 1 of **Cup** is over"), 1);

        // The same ending seen again (a retried transaction) changes nothing.
        let last = game(&h, games[1]);
        let event = GameEnded {
            game: last.id,
            channel: last.channel.clone(),
            players: last.players.clone(),
            ending: Ending::Result(akron_rules::Outcome {
                winner: Some(Color::Black),
                reason: Reason::Resignation,
            }),
            winner: Some(last.players.black.clone()),
            plies: 0,
            at: h.service.now(),
        };
        h.service
            .db
            .write(|c| h.service.record_tournament_result(c, &last, &event))
            .unwrap();
        assert_eq!(stored(&h).current_round, 2);
        assert_eq!(round(&h, 2).len(), 2);
        assert!(round(&h, 3).is_empty());
        assert_eq!(notices(&h, "Round 1 of **Cup** is over"), 1);
    }

    #[test]
    fn a_timeout_ending_the_last_game_opens_the_next_round() {
        let h = started(TournamentFormat::Swiss, Some(2), 4);
        let games = running(&h, 1);
        decide(&h, games[0]);
        h.clock.advance(DAY + 1);
        let tick = h.service.tick(h.service.now()).unwrap();
        assert!(tick.settled >= 1, "{tick:?}");
        let timed_out = game(&h, games[1]);
        assert_eq!(timed_out.status(), Status::Finished);
        let row = round(&h, 1)
            .into_iter()
            .find(|p| p.game == Some(games[1]))
            .unwrap();
        assert_eq!(
            row.result,
            Some(GameResult::FirstForfeited),
            "the first player never moved"
        );
        assert_eq!(stored(&h).current_round, 2);
        assert_eq!(running(&h, 2).len(), 2);
        // The new round's clocks start at the tick, not at the start of the tournament.
        for id in running(&h, 2) {
            assert!(game(&h, id).deadline_at > Some(h.service.now()));
        }
        assert_eq!(h.service.tick(h.service.now()).unwrap().settled, 0);
    }

    #[test]
    fn the_final_round_ends_the_tournament_with_standings() {
        let h = started(TournamentFormat::Swiss, None, 2);
        assert_eq!(stored(&h).rounds, Some(1));
        let games = running(&h, 1);
        assert_eq!(games.len(), 1);
        decide(&h, games[0]);
        let t = stored(&h);
        assert_eq!((t.status, t.current_round), (TournamentStatus::Finished, 1));
        assert_eq!(notices(&h, "**Cup** is over. Congratulations"), 1);
        assert!(round(&h, 2).is_empty());
        let winner = game(&h, games[0]).players.black;
        let lines = final_standings(&h.service.db.read(|c| tournament_detail(c, t)).unwrap());
        assert_eq!(
            lines.first().map(|(rank, u)| (*rank, u.id.clone())),
            Some((1, winner.id))
        );
        let standings = tournament(&h, "p1", TournamentAction::Standings);
        assert!(
            standings.text.contains("after 1 round of 1"),
            "{}",
            standings.text
        );
        assert!(
            !standings.text.contains("being played"),
            "{}",
            standings.text
        );
    }

    #[test]
    fn a_withdrawal_mid_round_ends_their_game_and_the_round() {
        let h = started(TournamentFormat::Swiss, Some(2), 4);
        let games = running(&h, 1);
        decide(&h, games[0]);
        let leaving = game(&h, games[1]).players.white;
        let gone = tournament(&h, &leaving.name, TournamentAction::Withdraw(None));
        assert!(
            gone.text.contains("resigned their running game"),
            "{}",
            gone.text
        );
        assert_eq!(game(&h, games[1]).status(), Status::Finished);
        assert_eq!(
            stored(&h).current_round,
            2,
            "their game was the last of round 1"
        );
        let entrants = h.service.db.read(|c| db::entrants(c, CUP)).unwrap();
        let number = entrants
            .iter()
            .find(|e| e.user.id == leaving.id)
            .map(|e| e.player)
            .unwrap();
        let rows = round(&h, 2);
        assert_eq!(
            rows.len(),
            2,
            "three players left: one board and a bye: {rows:?}"
        );
        assert!(
            rows.iter()
                .all(|p| p.first != number && p.second != Some(number)),
            "{rows:?}"
        );
        let again = tournament(&h, &leaving.name, TournamentAction::Withdraw(None));
        assert!(again.ephemeral, "{}", again.text);
    }

    #[test]
    fn a_pause_holds_the_next_round_until_resume() {
        let h = started(TournamentFormat::Swiss, Some(2), 4);
        let paused = tournament(&h, "org", TournamentAction::Pause);
        assert!(!paused.ephemeral, "{}", paused.text);
        for id in running(&h, 1) {
            decide(&h, id);
        }
        let t = stored(&h);
        assert_eq!((t.status, t.current_round), (TournamentStatus::Paused, 1));
        assert!(round(&h, 2).is_empty(), "nothing is paired while paused");
        h.clock.advance(2 * DAY);
        h.service.tick(h.service.now()).unwrap();
        assert!(round(&h, 2).is_empty(), "nor by the scheduler");
        let resumed = tournament(&h, "org", TournamentAction::Resume);
        assert!(!resumed.ephemeral, "{}", resumed.text);
        let t = stored(&h);
        assert_eq!((t.status, t.current_round), (TournamentStatus::Running, 2));
        assert_eq!(running(&h, 2).len(), 2);
        let twice = tournament(&h, "org", TournamentAction::Resume);
        assert!(twice.ephemeral, "{}", twice.text);
        assert_eq!(round(&h, 3).len(), 0);
        assert_eq!(notices(&h, "Round 1 of **Cup** is over"), 1);
    }
}
