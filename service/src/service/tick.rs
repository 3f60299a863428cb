//! The scheduler's one step: what falls due with no one typing (an open challenge expires,
//! a reminder, a clock runs out, the daily puzzle) is settled here, a batch of games per
//! transaction, and a game that cannot be settled is set aside without stopping the others.
//! [`crate::scheduler`] calls [`Service::tick`] at the nearest deadline; reads never settle.

use super::lifecycle::Settlement;
use super::{Service, ServiceError};
use crate::db::{self, DbError, Tx};
use crate::model::GameId;

/// Due games read per round by [`Service::tick`].
const TICK_BATCH: usize = 256;

/// How long a game that cannot be settled waits before the scheduler tries it again
/// (seconds).
const SET_ASIDE: i64 = 600;

/// How long a tick's claim on due games lasts (seconds): another process leaves them alone
/// meanwhile, and takes them over if this one died before settling them.
const DEADLINE_LEASE: i64 = 60;

/// Settlements committed per transaction by [`Service::tick`].
const SETTLE_BATCH: usize = 64;

/// What [`Service::tick`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tick {
    /// Games settled (challenges expired, reminders sent, clocks run out) and daily puzzles
    /// posted.
    pub settled: usize,
    /// When the next game deadline or check-in close falls, if any.
    pub next_deadline: Option<i64>,
}

impl Service {
    /// Settles everything due by `now`: open challenges past their time expire, clocks
    /// remind or run out, and the players are told through the outbox. Each game's
    /// settlement is written whole or not at all; many are committed together (one sync of
    /// the log for up to 64 games), which keeps a start after downtime fast.
    ///
    /// # Errors
    ///
    /// Storage failures; what was settled before stays settled.
    pub fn tick(&self, now: i64) -> Result<Tick, ServiceError> {
        let mut tick = Tick::default();
        loop {
            // Claimed first, so that of several processes ticking at once each settles its
            // own games (the version check would refuse a second settlement anyway, after
            // the work of planning it).
            let claimed = self.db.claim(|c| {
                db::claim_due_games(c, &self.owner, now, now + DEADLINE_LEASE, TICK_BATCH)
            })?;
            let due = self.db.read(|c| {
                let mut due = Vec::with_capacity(claimed.len());
                for game in &claimed {
                    due.extend(db::game(c, *game)?);
                }
                Ok::<_, DbError>(due)
            })?;
            let mut plans = Vec::with_capacity(due.len());
            let mut failed = Vec::new();
            for record in &due {
                match self.plan_settlement(record, now) {
                    Ok(Some(plan)) => plans.push(plan),
                    Ok(None) => {}
                    Err(ServiceError::Db(e)) if e.is_busy() => return Err(e.into()),
                    Err(error) => failed.push((record.id, error)),
                }
            }
            let mut settled = 0;
            for chunk in plans.chunks(SETTLE_BATCH) {
                let written = self.db.write(|c| self.apply_settlements(c, chunk, now));
                for plan in chunk {
                    self.cache_remove(plan.game());
                }
                let (count, broken) = written?;
                settled += count;
                failed.extend(broken);
            }
            // A game that cannot be settled (damaged in storage, or its tournament is) does
            // not stop the others: it is logged and set aside for a while.
            for (game, error) in &failed {
                self.set_aside(*game, error, now)?;
            }
            tick.settled += settled;
            self.metrics.deadlines_settled.inc_by(settled as u64);
            if settled > 0 {
                self.wake();
            }
            self.db
                .write(|c| db::release_claims(c, db::ClaimKind::Deadline, &claimed, &self.owner))?;
            if claimed.len() < TICK_BATCH || settled + failed.len() == 0 {
                break;
            }
        }
        match self.close_due_checkins(now) {
            Ok(closed) => tick.settled += closed,
            Err(ServiceError::Db(e)) if e.is_busy() => return Err(e.into()),
            Err(error) => tracing::error!(%error, "could not close the due check-ins"),
        }
        match self.apply_round_deadlines(now) {
            Ok(applied) => tick.settled += applied,
            Err(ServiceError::Db(e)) if e.is_busy() => return Err(e.into()),
            Err(error) => tracing::error!(%error, "could not apply the due round deadlines"),
        }
        match self.post_daily_puzzles(now) {
            Ok(posted) => tick.settled += posted,
            Err(ServiceError::Db(e)) if e.is_busy() => return Err(e.into()),
            Err(error) => tracing::error!(%error, "could not post the daily puzzles"),
        }
        tick.next_deadline = self.next_due()?;
        Ok(tick)
    }

    /// Writes settlements in one transaction, each in a savepoint of its own: a game that
    /// changed since it was read (someone moved just now) is left out, the others stand. A
    /// game whose settlement fails is left out too and returned with its error, so that one
    /// damaged game (or tournament) does not stop everyone else's.
    fn apply_settlements(
        &self,
        conn: &Tx<'_>,
        plans: &[Settlement],
        now: i64,
    ) -> Result<(usize, Vec<(GameId, ServiceError)>), DbError> {
        let mut settled = 0;
        let mut failed = Vec::new();
        for plan in plans {
            match conn.savepoint(|c| self.apply_settlement(c, plan, now)) {
                Ok(()) => settled += 1,
                Err(DbError::Conflict) => {}
                Err(e) if e.is_busy() => return Err(e),
                Err(e) => failed.push((plan.game(), e.into())),
            }
        }
        Ok((settled, failed))
    }

    /// Logs why a game cannot be settled and moves its deadline [`SET_ASIDE`] seconds on,
    /// so that the scheduler neither stops for it nor spins on it. Its clocks are not
    /// touched: when it can be settled, it is settled as of its real deadline's outcome.
    fn set_aside(&self, game: GameId, error: &ServiceError, now: i64) -> Result<(), ServiceError> {
        tracing::error!(
            game = game.0,
            %error,
            retry_in_seconds = SET_ASIDE,
            "a game that is due cannot be settled; the others go on"
        );
        self.db
            .write(|c| db::postpone_deadline(c, game, now + SET_ASIDE))?;
        self.cache_remove(game);
        Ok(())
    }

    /// When the scheduler should next settle something: the nearest game deadline or daily
    /// puzzle, if any.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn next_tick(&self) -> Result<Option<i64>, ServiceError> {
        let deadline = self.next_due()?;
        let daily = self.next_daily()?;
        Ok([deadline, daily].into_iter().flatten().min())
    }

    /// The nearest game deadline, check-in close or round deadline, if any.
    fn next_due(&self) -> Result<Option<i64>, ServiceError> {
        let deadline = self.db.read(db::next_deadline)?;
        let checkin = self.db.read(db::next_checkin_close)?;
        let round = self.db.read(db::next_round_deadline)?;
        Ok([deadline, checkin, round].into_iter().flatten().min())
    }
}
