//! Check-in (issue 43): an optional window before the start in which entrants confirm their
//! place (`tournament confirm`, or the sign-up's Check in button). The organiser opens it
//! with `tournament check-in` (or `tournament start`, when the tournament was created with
//! `check-in:30m`); it closes when the organiser starts the tournament, or in the
//! scheduler's tick when its time is up. At the close those who did not confirm are dropped
//! (and told so, by direct message where the platform has them) and the draw is made from
//! the others, all in the transaction that closes it: a `confirm` racing the close either
//! counts and is in the draw, or is refused because the tournament has started.

use super::notices::tournament_draft;
use super::{current, escape};
use crate::catalogue::Language;
use crate::db::{self, DbError, Tx};
use crate::model::{Destination, TournamentId, TournamentRecord, TournamentStatus};
use crate::service::notices::Draft;
use crate::service::types::{Button, Command, GameId, Reply, Request, TournamentAction, User};
use crate::service::{refuse, Failure, Outcome, Service, ServiceError};
use crate::tournament::max_swiss_rounds;
use crate::{phrase, say};

/// The window `tournament check-in` opens when the tournament was created without one:
/// 30 minutes.
pub const DEFAULT_CHECK_IN: i64 = 30 * 60;

/// How long a check-in whose close failed waits before the tick tries it again (seconds),
/// so that the scheduler neither stops for it nor spins on it.
const CLOSE_SET_ASIDE: i64 = 600;

impl Service {
    /// `tournament check-in` (the organiser): opens the window.
    pub(super) fn open_checkin(&self, request: &Request) -> Outcome {
        let t = self.find_tournament(request)?;
        self.organiser_only(request, &t)?;
        let now = self.clock.now();
        let reply = self.db.write(|c| {
            let t = current(c, t.id)?;
            if t.status != TournamentStatus::SignUp {
                return refuse(say!(request.language.private, "tournament-already-started"));
            }
            let window = match db::checkin(c, t.id)? {
                Some(open) if open.closes_at.is_some() => {
                    return refuse(say!(request.language.private, "checkin-already-open"));
                }
                Some(set) => set.window,
                None => DEFAULT_CHECK_IN,
            };
            self.open_checkin_in(c, t, window, now, request)
        })?;
        self.wake();
        Ok(reply)
    }

    /// Opens `t`'s check-in window of `window` seconds from `now` inside `c`'s transaction,
    /// and says so in the channel with the Check in button.
    pub(super) fn open_checkin_in(
        &self,
        c: &Tx<'_>,
        mut t: TournamentRecord,
        window: i64,
        now: i64,
        request: &Request,
    ) -> Result<Reply, Failure> {
        // A check-in leads to the start, which needs two entrants: with fewer there is
        // nobody to ask ("the 0 entrants confirm …").
        let count = db::entrants(c, t.id)?.len();
        if count < 2 {
            return refuse(say!(request.language.private, "tournament-too-few"));
        }
        db::set_checkin_close(c, t.id, window, Some(now + window))?;
        // Those who confirm before the draw: nobody yet.
        c.execute(
            "UPDATE tournament_entrants SET checked_in = 0 WHERE tournament_id = ?1",
            crate::params![t.id.0],
        )?;
        t.version = db::save_tournament(c, &t)?;
        let language = request.language.public;
        let mut reply = Reply::text(say!(
            language,
            "checkin-opened",
            tournament = escape(&t.name),
            count = count,
            window = crate::service::clocks::words_in(window, false, language)
        ));
        reply.buttons.extend(Button::of(
            Command::Tournament(TournamentAction::Confirm),
            GameId(t.id.0),
        ));
        reply.tournament_of = Some(t.id);
        Ok(reply)
    }

    /// `tournament confirm` (an entrant, or the Check in button): confirms their place while
    /// the window is open.
    pub(super) fn confirm_checkin(&self, request: &Request) -> Outcome {
        let t = self.find_tournament(request)?;
        let now = self.clock.now();
        let language = request.language.private;
        let (t, confirmed, entrants) = self.db.write(|c| {
            let mut t = current(c, t.id)?;
            let window = db::checkin(c, t.id)?;
            // A window whose time is up is closed, even before the tick has drawn the
            // tournament: the draw is made from those who confirmed by then.
            let closed = window.and_then(|w| w.closes_at).is_some_and(|at| at <= now);
            if t.status != TournamentStatus::SignUp || closed {
                return refuse(say!(
                    language,
                    "checkin-started",
                    tournament = escape(&t.name)
                ));
            }
            if window.and_then(|w| w.closes_at).is_none() {
                return refuse(say!(
                    language,
                    "checkin-not-open",
                    tournament = escape(&t.name)
                ));
            }
            let entrants = db::entrants(c, t.id)?;
            if !entrants.iter().any(|e| e.user.id == request.user.id) {
                return refuse(say!(language, "tournament-not-in"));
            }
            if !db::check_in_entrant(c, t.id, &request.user.id)? {
                return refuse(say!(language, "checkin-already"));
            }
            // Claimed at the version read: a start drawing at the same moment from an older
            // list of those who confirmed cannot commit.
            t.version = db::save_tournament(c, &t)?;
            let confirmed = db::checked_in(c, t.id)?.len();
            Ok::<_, Failure>((t, confirmed, entrants.len()))
        })?;
        let mut reply = Reply::text(say!(
            request.language.public,
            "checkin-confirmed",
            player = request.user.shown(),
            tournament = escape(&t.name),
            count = confirmed,
            total = entrants
        ));
        reply.tournament_of = Some(t.id);
        Ok(reply)
    }

    /// Closes `t`'s open check-in window inside `c`'s transaction, if it has one: those who
    /// did not confirm are dropped and told so by direct message. Returns them (nobody when
    /// no window was open). Refuses, in `language`, when fewer than two confirmed (nothing
    /// is changed then: the whole transaction is dropped).
    pub(super) fn close_checkin(
        &self,
        c: &Tx<'_>,
        t: &TournamentRecord,
        now: i64,
        language: Language,
    ) -> Result<Vec<User>, Failure> {
        let Some(window) = db::checkin(c, t.id)? else {
            return Ok(Vec::new());
        };
        if window.closes_at.is_none() {
            return Ok(Vec::new());
        }
        let confirmed = db::checked_in(c, t.id)?;
        if confirmed.len() < 2 {
            return refuse(say!(
                language,
                "checkin-too-few",
                tournament = escape(&t.name),
                count = confirmed.len()
            ));
        }
        let dropped = self.drop_unconfirmed(c, t, &confirmed, now)?;
        db::set_checkin_close(c, t.id, window.window, None)?;
        Ok(dropped)
    }

    /// Removes the entrants not in `confirmed` and writes each a direct message (in the
    /// channel when the platform has none) that they were dropped.
    fn drop_unconfirmed(
        &self,
        c: &Tx<'_>,
        t: &TournamentRecord,
        confirmed: &[u32],
        now: i64,
    ) -> Result<Vec<User>, DbError> {
        let mut dropped = Vec::new();
        for entrant in db::entrants(c, t.id)? {
            if confirmed.contains(&entrant.player) {
                continue;
            }
            db::remove_entrant(c, t.id, &entrant.user.id)?;
            let mut draft = Draft::general(Destination::User(entrant.user.id.clone()));
            draft.fallback = Some(t.channel.clone());
            draft.server.clone_from(&t.server);
            draft.reply.tournament_of = Some(t.id);
            draft.words = vec![phrase!("checkin-dropped-you", tournament = escape(&t.name))];
            self.push_notice(c, &draft, now)?;
            dropped.push(entrant.user);
        }
        Ok(dropped)
    }

    /// The scheduler's part: every check-in window whose time is up by `now` closes, and
    /// its tournament starts with those who confirmed (or is cancelled, announced, when
    /// fewer than two did or too few for the rounds asked). Each in a transaction of its
    /// own that first reads the tournament still in sign-up with its window still due, so
    /// that of several processes ticking at once one closes it. Returns how many closed.
    ///
    /// # Errors
    ///
    /// Storage failures; what was closed before stays closed.
    pub(in crate::service) fn close_due_checkins(&self, now: i64) -> Result<usize, ServiceError> {
        let due = self.db.read(|c| db::due_checkins(c, now))?;
        let mut closed = 0;
        for id in due {
            match self.db.write(|c| self.close_due_checkin(c, id, now)) {
                Ok(true) => closed += 1,
                Ok(false) | Err(DbError::Conflict) => {}
                Err(e) if e.is_busy() => return Err(e.into()),
                Err(error) => {
                    tracing::error!(
                        tournament = id.0,
                        %error,
                        retry_in_seconds = CLOSE_SET_ASIDE,
                        "a check-in that is due cannot be closed; the others go on"
                    );
                    self.db.write(|c| {
                        let window = db::checkin(c, id)?.map_or(DEFAULT_CHECK_IN, |w| w.window);
                        db::set_checkin_close(c, id, window, Some(now + CLOSE_SET_ASIDE))
                    })?;
                }
            }
        }
        if closed > 0 {
            self.wake();
        }
        Ok(closed)
    }

    /// Closes one due check-in inside `c`'s transaction; false when it is no longer due
    /// (another process closed it, or the organiser started the tournament).
    fn close_due_checkin(&self, c: &Tx<'_>, id: TournamentId, now: i64) -> Result<bool, DbError> {
        let t = current(c, id)?;
        let Some(window) = db::checkin(c, id)? else {
            return Ok(false);
        };
        if t.status != TournamentStatus::SignUp || window.closes_at.is_none_or(|at| at > now) {
            return Ok(false);
        }
        let confirmed = db::checked_in(c, id)?;
        let dropped = self.drop_unconfirmed(c, &t, &confirmed, now)?;
        db::set_checkin_close(c, id, window.window, None)?;
        // Entrants are people, whose names read the same in every language.
        let names = dropped
            .iter()
            .map(|u| escape(&u.name))
            .collect::<Vec<_>>()
            .join(", ");
        let count = confirmed.len();
        let too_few_rounds = t.format == crate::model::TournamentFormat::Swiss
            && t.rounds
                .is_some_and(|asked| asked > max_swiss_rounds(count));
        let mut draft = tournament_draft(&t);
        let start = !(count < 2 || too_few_rounds);
        draft.words = vec![if start {
            // Round 1 holds everyone who confirmed (a bye included).
            phrase!(
                "checkin-closed-started",
                tournament = escape(&t.name),
                players = count
            )
        } else {
            phrase!(
                "checkin-closed-cancelled",
                tournament = escape(&t.name),
                count = count
            )
        }];
        if !dropped.is_empty() {
            draft.words.push(phrase!(
                "checkin-dropped",
                count = dropped.len(),
                names = names
            ));
        }
        // Announced before round 1's pairings, which the start writes next.
        self.push_notice(c, &draft, now)?;
        if !start {
            let mut t = t;
            t.status = TournamentStatus::Cancelled;
            db::save_tournament(c, &t)?;
            return Ok(true);
        }
        match self.start_in(c, t, now, Language::English) {
            Ok(_) => Ok(true),
            Err(Failure::Broken(ServiceError::Db(e))) => Err(e),
            Err(Failure::Broken(other)) => Err(DbError::Corrupt(format!(
                "tournament {id} could not start at its check-in's close: {other}"
            ))),
            Err(Failure::Refused(refusal)) => Err(DbError::Corrupt(format!(
                "tournament {id} could not start at its check-in's close: {}",
                refusal.0.text
            ))),
        }
    }
}
