//! Playing levels 1 to 8: search budgets from almost random to the full time given.

use crate::engine::{Budget, EngineConfig, Tuning, MAX_TIME};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A playing level, 1 (almost random) to 8 (the full time given). Each level from 3 to 7
/// searches three and a half to five times as many playouts as the one below; level 2 searches
/// two and a half times level 1's, which also plays half its moves at random (measured in
/// `BENCHMARKS.md`: each level should beat the one below in at least 65 % of games). Level 8
/// also searches better, not only longer: it explores less and cuts its playouts short
/// ([`Tuning::STRONG`]), which beat level 8's earlier search ([`Tuning::BASELINE`]) at equal
/// time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// Playouts per move of levels 1 to 7; level 8 has no playout limit.
///
/// The steps are wider at the bottom, where a doubling of the budget is worth less (about 70
/// Elo under 1,000 playouts, 180 at 20,000–80,000 on 8×8), and level 7 stops near a quarter of
/// what level 8 reaches in its 10 s on one core (about 110,000 simulations), so that the top
/// step is as wide as the others.
const PLAYOUTS: [u64; 7] = [8, 20, 100, 500, 2_000, 7_000, 25_000];

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level.
    pub const MAX: Level = Level(8);

    /// Level `n`, if it is from 1 to 8.
    #[must_use]
    pub fn new(n: u8) -> Option<Level> {
        (1..=8).contains(&n).then_some(Level(n))
    }

    /// The level's number.
    #[must_use]
    pub fn number(self) -> u8 {
        self.0
    }

    /// The search budget of a move when the player may think for `time` (at most
    /// [`MAX_TIME`]): levels 1 to 7 also stop at their playout count, level 8 uses the whole
    /// time.
    #[must_use]
    pub fn budget(self, time: Duration) -> Budget {
        Budget {
            time: Some(time.min(MAX_TIME)),
            playouts: PLAYOUTS.get(usize::from(self.0) - 1).copied(),
        }
    }

    /// The engine configuration of this level: level 1 plays every other move at random
    /// (on average) and skips the proof check for a win in one move, so that beginners can
    /// win; from level 2 on every move is searched and a win in one is never missed. Level 8
    /// searches with [`Tuning::STRONG`], the others with [`Tuning::BASELINE`].
    #[must_use]
    pub fn config(self, threads: usize, seed: u64) -> EngineConfig {
        EngineConfig {
            threads,
            seed,
            win_check: self.0 >= 2,
            random_moves: if self.0 == 1 { 50 } else { 0 },
            tuning: if self == Level::MAX {
                Tuning::STRONG
            } else {
                Tuning::BASELINE
            },
            ..EngineConfig::default()
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Why a level did not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelError(String);

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "level '{}' must be a number from 1 to 8", self.0)
    }
}

impl std::error::Error for LevelError {}

impl FromStr for Level {
    type Err = LevelError;
    fn from_str(s: &str) -> Result<Level, LevelError> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| LevelError(s.chars().take(16).collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_run_from_one_to_eight_with_growing_budgets() {
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(9), None);
        assert_eq!("3".parse::<Level>().map(Level::number), Ok(3));
        assert!("nine".parse::<Level>().is_err());
        let second = Duration::from_secs(1);
        let mut last = 0;
        for n in 1..=7 {
            let budget = Level::new(n).map(|l| l.budget(second)).unwrap_or_default();
            let playouts = budget.playouts.unwrap_or(0);
            assert!(playouts > last);
            last = playouts;
        }
        let first = Level::MIN.config(1, 0);
        assert!(first.random_moves > 0 && !first.win_check);
        for n in 2..=8 {
            let config = Level::new(n).map(|l| l.config(1, 0)).unwrap_or_default();
            assert_eq!(config.random_moves, 0);
            assert!(config.win_check);
        }
        // Only the top level searches with the stronger tuning: the lower levels keep the
        // strengths their budgets were measured at.
        for n in 1..=7 {
            let config = Level::new(n).map(|l| l.config(1, 0)).unwrap_or_default();
            assert_eq!(config.tuning, Tuning::BASELINE);
        }
        assert_eq!(Level::MAX.config(1, 0).tuning, Tuning::STRONG);
        let top = Level::MAX.budget(Duration::from_secs(60));
        assert_eq!(top.playouts, None);
        assert_eq!(top.time, Some(MAX_TIME));
    }
}
