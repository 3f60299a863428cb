//! Sign-up: `tournament create`, `join` and `leave`, and the sign-up message with its
//! Join and Leave buttons.

use super::{current, escape, DEFAULT_TOURNAMENT_TIME, MAX_TOURNAMENT_NAME};
use crate::catalogue::Language;
use crate::db::Tx;
use crate::db::{self, DbError, GLOBAL_SCOPE};
use crate::model::{
    KnockoutSettings, Seeding, TournamentEntrant, TournamentFormat, TournamentId, TournamentRecord,
    TournamentStatus,
};
use crate::ratings::INITIAL_RATING;
use crate::say;
use crate::service::types::{
    Button, Command, GameId, Reply, Request, TournamentAction, TournamentOptions, User,
};
use crate::service::ServiceError;
use crate::service::{refuse, Failure, Outcome, Service};
use crate::tournament::knockout::{MatchRules, TieRule};
use crate::tournament::max_swiss_rounds;
use akron_rules::{default_pile, MAX_PILE};

impl Service {
    pub(super) fn create_tournament(
        &self,
        request: &Request,
        options: &TournamentOptions,
    ) -> Outcome {
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
        let knockout_only = options.best_of.is_some()
            || options.tie.is_some()
            || options.seeding.is_some()
            || options.draw.is_some();
        if options.deadline.is_some() && !options.format.is_knockout() {
            return refuse(say!(request.language.private, "deadline-knockout-only"));
        }
        if knockout_only && !options.format.is_knockout() {
            return refuse(say!(request.language.private, "knockout-options-only"));
        }
        if options.reset.is_some() && options.format != TournamentFormat::DoubleElimination {
            return refuse(say!(request.language.private, "double-reset-only"));
        }
        if let Some(best_of) = options
            .best_of
            .filter(|n| !crate::tournament::knockout::BEST_OF.contains(n))
        {
            return refuse(say!(
                request.language.private,
                "parse-best-of",
                value = best_of.to_string()
            ));
        }
        let knockout = options.format.is_knockout().then(|| KnockoutSettings {
            rules: MatchRules {
                best_of: options.best_of.unwrap_or(1),
                tie: options.tie.unwrap_or(TieRule::ExtraGame),
            },
            seeding: options.seeding.unwrap_or(Seeding::Rating),
            draw_seed: options.draw.unwrap_or_else(rand::random),
            reset: options.format == TournamentFormat::DoubleElimination
                && options.reset.unwrap_or(true),
        });
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
                TournamentFormat::RoundRobin
                | TournamentFormat::SingleElimination
                | TournamentFormat::DoubleElimination => None,
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
            knockout,
        };
        // The analysis setting is written in the transaction that creates the tournament.
        let analysis = options.analysis.unwrap_or(false);
        let id = match self.db.write(|c| {
            let id = db::insert_tournament(c, &t)?;
            if analysis {
                db::set_tournament_analysis(c, id, true)?;
            }
            if let Some(window) = options.check_in {
                db::set_checkin_window(c, id, window)?;
            }
            if let Some(seconds) = options.deadline {
                db::set_round_deadline(c, id, seconds)?;
            }
            Ok(id)
        }) {
            Ok(id) => id,
            Err(DbError::ChannelTaken) => {
                return refuse(say!(request.language.private, "tournament-channel-taken"))
            }
            Err(e) => return Err(e.into()),
        };
        let t = TournamentRecord { id, ..t };
        let extras = SignupExtras {
            check_in: options.check_in,
            deadline: options.deadline,
            analysis,
            double: options.format == TournamentFormat::DoubleElimination,
        };
        Ok(signup_reply(&t, &[], extras, request.language.public))
    }

    pub(super) fn join_tournament(&self, request: &Request) -> Outcome {
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
            // Joining while the check-in is open is being there: it counts as checking in.
            if db::checkin(c, t.id)?.is_some_and(|w| w.closes_at.is_some()) {
                db::check_in_entrant(c, t.id, &me.id)?;
            }
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
    pub(super) fn updated_signup(&self, t: &TournamentRecord, language: Language) -> Outcome {
        let (entrants, posted, extras) = self.db.read(|c| {
            Ok::<_, DbError>((
                db::entrants(c, t.id)?,
                db::signup_message(c, t.id)?,
                SignupExtras::read(c, t)?,
            ))
        })?;
        let mut reply = signup_reply(t, &entrants, extras, language);
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
    ) -> Result<(), ServiceError> {
        Ok(self
            .db
            .write(|c| db::set_signup_message(c, tournament, message))?)
    }

    /// `tournament analysis on|off` (the organiser): whether the games that end from now on
    /// are analysed in their threads. Turning it on also queues the games already over, in
    /// the same transaction, so that a tournament that forgot it at creation loses nothing;
    /// turning it off leaves analyses already queued to run. During sign-up the answer is the
    /// sign-up message again, whose sentence about analysis changes with it.
    pub(super) fn set_analysis(&self, request: &Request, on: bool) -> Outcome {
        let t = self.find_tournament(request)?;
        self.organiser_only(request, &t)?;
        let now = self.clock.now();
        let (t, queued) = self.db.write(|c| {
            let mut t = current(c, t.id)?;
            if !t.status.is_live() {
                return refuse(say!(request.language.private, "tournament-already-over"));
            }
            if db::tournament_analysis(c, t.id)? == on {
                return refuse(say!(
                    request.language.private,
                    if on {
                        "tournament-analysis-already-on"
                    } else {
                        "tournament-analysis-already-off"
                    },
                    tournament = escape(&t.name)
                ));
            }
            // The tournament's row first: a game ending at this moment either commits before
            // this reads the finished games, or reads the setting after this commits.
            t.version = db::save_tournament(c, &t)?;
            db::set_tournament_analysis(c, t.id, on)?;
            let queued = if on {
                db::queue_finished_tournament_games(c, t.id, &t.organiser.id, now)?
            } else {
                0
            };
            Ok::<_, Failure>((t, queued))
        })?;
        if t.status == TournamentStatus::SignUp {
            return self.updated_signup(&t, request.language.public);
        }
        let language = request.language.public;
        let mut text = say!(
            language,
            if on {
                "tournament-analysis-on"
            } else {
                "tournament-analysis-off"
            },
            tournament = escape(&t.name)
        );
        if queued > 0 {
            text.push(' ');
            text.push_str(&say!(
                language,
                "tournament-analysis-queued",
                count = queued
            ));
            self.wake();
        }
        Ok(Reply::text(text))
    }

    pub(super) fn leave_tournament(&self, request: &Request) -> Outcome {
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
}

/// What a sign-up message says beside the tournament's record: settings stored in tables of
/// their own, each of which changes what an entrant must do or can expect.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct SignupExtras {
    /// The check-in window's length in seconds, if the tournament has one.
    check_in: Option<i64>,
    /// Each round's deadline in seconds, if the tournament has one.
    deadline: Option<i64>,
    /// Whether each finished game is analysed in its thread.
    analysis: bool,
    /// Whether it is a double elimination, whose level finals go to the winners' bracket's
    /// winner, not the better seed.
    double: bool,
}

impl SignupExtras {
    /// The stored settings of `t`.
    fn read(c: &Tx<'_>, t: &TournamentRecord) -> Result<Self, DbError> {
        Ok(Self {
            check_in: db::checkin(c, t.id)?.map(|w| w.window),
            deadline: db::round_deadline(c, t.id)?.map(|d| d.seconds),
            analysis: db::tournament_analysis(c, t.id)?,
            double: t.format == TournamentFormat::DoubleElimination,
        })
    }

    /// Their sentence, or nothing when the tournament has none of them.
    fn sentence(self, language: Language) -> Option<String> {
        let words = |seconds: i64| crate::service::clocks::words_in(seconds, false, language);
        let parts: Vec<String> = [
            self.check_in
                .map(|w| say!(language, "tournament-signup-check-in", window = words(w))),
            self.deadline.map(|d| {
                say!(
                    language,
                    "tournament-signup-deadline",
                    deadline = crate::service::clocks::words_in_dative(d, language),
                    double = if self.double { "yes" } else { "no" }
                )
            }),
            self.analysis
                .then(|| say!(language, "tournament-signup-analysis")),
        ]
        .into_iter()
        .flatten()
        .collect();
        (!parts.is_empty()).then(|| parts.join(" "))
    }
}

/// The sign-up message: what the tournament is, its check-in, deadline and analysis, who is
/// in, and the Join and Leave buttons, in `language`.
pub(super) fn signup_reply(
    t: &TournamentRecord,
    entrants: &[TournamentEntrant],
    extras: SignupExtras,
    language: Language,
) -> Reply {
    let names: Vec<String> = entrants.iter().map(|e| e.user.shown_in(language)).collect();
    let mut text = say!(
        language,
        "tournament-signup",
        tournament = escape(&t.name),
        number = t.id.to_string(),
        what = describe(t, language),
        organiser = t.organiser.shown()
    );
    if let Some(sentence) = extras.sentence(language) {
        text.push('\n');
        text.push_str(&sentence);
    }
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
pub(super) fn describe(t: &TournamentRecord, language: Language) -> String {
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
        (TournamentFormat::SingleElimination | TournamentFormat::DoubleElimination, _) => {
            let k = t.knockout.map_or(
                (1, TieRule::ExtraGame.name(), Seeding::Rating.name(), false),
                |k| {
                    (
                        k.rules.best_of,
                        k.rules.tie.name(),
                        k.seeding.name(),
                        k.reset,
                    )
                },
            );
            if t.format == TournamentFormat::SingleElimination {
                say!(
                    language,
                    "knockout-format",
                    best_of = k.0,
                    tie = k.1,
                    seeding = k.2
                )
            } else {
                say!(
                    language,
                    "double-format",
                    best_of = k.0,
                    tie = k.1,
                    seeding = k.2,
                    reset = if k.3 { "yes" } else { "no" }
                )
            }
        }
    };
    say!(
        language,
        "tournament-description",
        format = format,
        size = t.size,
        pile = t.pile,
        rule = t.win_rule.name(),
        clock = crate::service::wording::time_control(t.time_control),
        rated = if t.rated { "yes" } else { "no" },
        vacation = if t.vacation { "yes" } else { "no" }
    )
}

/// A player's rating for seeding: their server rating (else global), 1500 when new.
pub(super) fn seeding_rating(
    conn: &Tx<'_>,
    t: &TournamentRecord,
    user: &User,
) -> Result<f64, DbError> {
    let scope = t
        .server
        .as_ref()
        .map_or_else(|| GLOBAL_SCOPE.to_string(), |s| s.0.clone());
    Ok(db::rating(conn, &user.id, &scope)?.map_or(INITIAL_RATING, |r| r.rating.rating))
}
