//! Where the service reads the time: [`SystemClock`] in production, [`ManualClock`] in
//! tests, and [`OffsetClock`] (the console's clock, which `wait` moves forward) over
//! either. Not the game clocks, which are `clocks.rs`.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// The time, injectable so that tests can move it.
pub trait Clock: Send + Sync {
    /// Unix seconds now.
    fn now(&self) -> i64;

    /// Moves the clock forward by `seconds`, when this clock can be moved (tests, the
    /// console's `wait`). Returns whether it moved.
    fn advance(&self, seconds: i64) -> bool {
        let _ = seconds;
        false
    }

    /// How far this clock runs ahead of the system clock, when it is a clock that is kept in
    /// the database across restarts (the console's); `None` for the others.
    fn offset(&self) -> Option<i64> {
        None
    }

    /// Sets [`Clock::offset`], for a clock that has one.
    fn set_offset(&self, offset: i64) {
        let _ = offset;
    }
}

/// The system clock (or another base clock) plus an offset that `wait` moves forward: the
/// console's clock, so that people can try time controls without waiting days. The service
/// keeps the offset in its database ([`Service::resume_clock`](super::Service::resume_clock),
/// [`Service::advance_clock`](super::Service::advance_clock)),
/// so a restart keeps it.
pub struct OffsetClock {
    offset: AtomicI64,
    base: Arc<dyn Clock>,
}

impl OffsetClock {
    /// An offset over `base` instead of the system clock: a console whose time stands still
    /// between `wait`s, for transcripts that must read the same on every run.
    #[must_use]
    pub fn over(base: Arc<dyn Clock>) -> OffsetClock {
        OffsetClock {
            offset: AtomicI64::new(0),
            base,
        }
    }
}

impl Default for OffsetClock {
    fn default() -> OffsetClock {
        OffsetClock::over(Arc::new(SystemClock))
    }
}

impl std::fmt::Debug for OffsetClock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OffsetClock")
            .field("offset", &self.offset.load(Ordering::SeqCst))
            .finish_non_exhaustive()
    }
}

impl Clock for OffsetClock {
    fn now(&self) -> i64 {
        self.base.now() + self.offset.load(Ordering::SeqCst)
    }

    fn advance(&self, seconds: i64) -> bool {
        self.offset.fetch_add(seconds, Ordering::SeqCst);
        true
    }

    fn offset(&self) -> Option<i64> {
        Some(self.offset.load(Ordering::SeqCst))
    }

    fn set_offset(&self, offset: i64) {
        self.offset.store(offset, Ordering::SeqCst);
    }
}

/// The system clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> i64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
    }
}

/// A clock that stands still until it is moved; for tests.
#[derive(Debug, Default)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    /// A clock showing `now` (Unix seconds).
    #[must_use]
    pub fn new(now: i64) -> ManualClock {
        ManualClock(AtomicI64::new(now))
    }

    /// Moves the clock forward by `seconds`.
    pub fn advance(&self, seconds: i64) {
        self.0.fetch_add(seconds, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }

    fn advance(&self, seconds: i64) -> bool {
        ManualClock::advance(self, seconds);
        true
    }
}
