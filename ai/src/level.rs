//! Playing levels 1 to 8: search budgets from almost random to the full time given.

use crate::engine::{Budget, EngineConfig, MAX_TIME};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A playing level, 1 (almost random) to 8 (the full time given). Each level searches about
/// three to four times as many playouts as the one below.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// Playouts per move of levels 1 to 7; level 8 has no playout limit.
const PLAYOUTS: [u64; 7] = [8, 40, 160, 600, 2_000, 7_000, 25_000];

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

    /// The engine configuration of this level: levels 1 and 2 skip the proof check for a
    /// win in one move, so that beginners can win.
    #[must_use]
    pub fn config(self, threads: usize, seed: u64) -> EngineConfig {
        EngineConfig {
            threads,
            seed,
            win_check: self.0 >= 3,
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
        let top = Level::MAX.budget(Duration::from_secs(60));
        assert_eq!(top.playouts, None);
        assert_eq!(top.time, Some(MAX_TIME));
    }
}
