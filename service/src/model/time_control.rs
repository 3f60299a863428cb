//! A game's clock: none, a correspondence clock per move, or a live (Fischer) one, as typed
//! and as stored.

use crate::catalogue::Phrase;
use std::fmt;
use std::str::FromStr;

/// How long players have to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TimeControl {
    /// No clock: the game waits as long as it takes.
    #[default]
    None,
    /// Correspondence: this many seconds for every move; the clock resets after each move.
    PerMove(i64),
    /// Live: `base` seconds on each clock, `increment` seconds added after each move.
    Fischer {
        /// Seconds each player starts with.
        base: i64,
        /// Seconds added after each of a player's moves.
        increment: i64,
    },
}

/// The correspondence limits people may choose, in whole hours: 1 hour to 14 days.
const PER_MOVE_HOURS: std::ops::RangeInclusive<i64> = 1..=14 * 24;

impl TimeControl {
    /// The stored form: `none`, `move:86400`, `fischer:600+5`.
    #[must_use]
    pub fn stored(self) -> String {
        match self {
            TimeControl::None => "none".to_string(),
            TimeControl::PerMove(seconds) => format!("move:{seconds}"),
            TimeControl::Fischer { base, increment } => format!("fischer:{base}+{increment}"),
        }
    }

    /// Reads the stored form back.
    #[must_use]
    pub fn from_stored(text: &str) -> Option<TimeControl> {
        if text == "none" {
            return Some(TimeControl::None);
        }
        if let Some(seconds) = text.strip_prefix("move:") {
            return seconds
                .parse()
                .ok()
                .filter(|s| *s > 0)
                .map(TimeControl::PerMove);
        }
        let (base, increment) = text.strip_prefix("fischer:")?.split_once('+')?;
        Some(TimeControl::Fischer {
            base: base.parse().ok().filter(|b| *b > 0)?,
            increment: increment.parse().ok().filter(|i| *i >= 0)?,
        })
    }

    /// Whether it is a live (Fischer) clock.
    #[must_use]
    pub const fn is_live(self) -> bool {
        matches!(self, TimeControl::Fischer { .. })
    }
}

/// `none`, `3d` (days per move), `12h` (hours per move), `10+5` (live: minutes + seconds
/// of increment). A text that is none of these is refused with the catalogue's `parse-time`,
/// which says what to write.
impl FromStr for TimeControl {
    type Err = Phrase;
    fn from_str(typed: &str) -> Result<TimeControl, Phrase> {
        let refused = || crate::phrase!("parse-time", value = typed);
        let text = typed.trim().to_ascii_lowercase();
        if text == "none" || text == "off" {
            return Ok(TimeControl::None);
        }
        if let Some((minutes, increment)) = text.split_once('+') {
            let minutes: i64 = minutes.trim().parse().map_err(|_| refused())?;
            let increment: i64 = increment.trim().parse().map_err(|_| refused())?;
            if !(1..=180).contains(&minutes) || !(0..=180).contains(&increment) {
                return Err(refused());
            }
            return Ok(TimeControl::Fischer {
                base: minutes * 60,
                increment,
            });
        }
        let (number, unit) = text.split_at(text.len().saturating_sub(1));
        let hours = match (number.trim().parse::<i64>(), unit) {
            (Ok(days), "d") => days.saturating_mul(24),
            (Ok(hours), "h") => hours,
            _ => return Err(refused()),
        };
        if !PER_MOVE_HOURS.contains(&hours) {
            return Err(refused());
        }
        Ok(TimeControl::PerMove(hours * 3600))
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::None => f.write_str("no clock"),
            TimeControl::PerMove(seconds) if seconds % 86_400 == 0 => {
                write!(f, "{} d per move", seconds / 86_400)
            }
            TimeControl::PerMove(seconds) => write!(f, "{} h per move", seconds / 3600),
            TimeControl::Fischer { base, increment } => {
                write!(f, "{}+{} (live)", base / 60, increment)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression (issue 26): `time:2h` was accepted while the README listed `1d` to `14d`
    /// and `12h` only. The range is whole hours or days from 1 hour to 14 days, and the
    /// players' guide (`docs/players.md`) says so.
    #[test]
    fn per_move_clocks_run_from_one_hour_to_fourteen_days() {
        assert_eq!("1h".parse(), Ok(TimeControl::PerMove(3600)));
        assert_eq!("2h".parse(), Ok(TimeControl::PerMove(2 * 3600)));
        assert_eq!("14d".parse(), Ok(TimeControl::PerMove(14 * 86_400)));
        assert_eq!("336h".parse(), Ok(TimeControl::PerMove(14 * 86_400)));
        for bad in ["0h", "337h", "15d"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn time_controls_read_and_store() {
        assert_eq!("3d".parse(), Ok(TimeControl::PerMove(3 * 86_400)));
        assert_eq!("12h".parse(), Ok(TimeControl::PerMove(12 * 3600)));
        assert_eq!(
            "10+5".parse(),
            Ok(TimeControl::Fischer {
                base: 600,
                increment: 5
            })
        );
        assert_eq!("none".parse(), Ok(TimeControl::None));
        for bad in [
            "",
            "0d",
            "15d",
            "3x",
            "0+5",
            "10+",
            "d",
            "9999999999999999999d",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
        for control in [
            TimeControl::None,
            TimeControl::PerMove(86_400),
            TimeControl::Fischer {
                base: 180,
                increment: 2,
            },
        ] {
            assert_eq!(TimeControl::from_stored(&control.stored()), Some(control));
        }
        assert_eq!(TimeControl::from_stored("move:-1"), None);
    }
}
