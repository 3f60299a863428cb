//! Glicko-2 ratings as lichess keeps them, on top of the `skillratings` crate.
//!
//! - A new player starts at 1500 with a deviation (RD) of 500 and a volatility of 0.09; the
//!   system constant τ is 0.75.
//! - Each game is its own rating period: both players are updated at once from their ratings
//!   before the game ([`rate_game`]).
//! - The RD grows while a player is idle, as lichess does it: φ² + σ²·t, with t counted in
//!   rating periods of [`RATING_PERIODS_PER_DAY`] per day. That constant is lichess's 0.21436,
//!   which is exactly what makes an RD of 60 grow to 110 in 365 days for a typical volatility
//!   of 0.06: t/day = (110² − 60²) / (365 · (0.06 · 173.7178)²) = 0.21436. In Glicko-1 terms
//!   that is c = √((110² − 60²) / 365) ≈ 4.83 rating points per √day (a higher volatility
//!   grows faster).
//! - The RD stays within 45..=500, the volatility at most 0.1, and a game moves a rating by at
//!   most 700 points.
//! - A rating whose RD is 110 or more is provisional and shown with a `?` (`1532?`).
//!
//! The crate was checked against Glickman's worked example (see the tests) and against an
//! independent transcription of the paper's steps for single games.

use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;
use std::fmt;

/// The rating every player starts from.
pub const INITIAL_RATING: f64 = 1500.0;
/// The deviation every player starts from, and the most it can grow to.
pub const MAX_DEVIATION: f64 = 500.0;
/// The least deviation a rating can have.
pub const MIN_DEVIATION: f64 = 45.0;
/// The volatility every player starts from.
pub const INITIAL_VOLATILITY: f64 = 0.09;
/// The most volatility a rating can have.
pub const MAX_VOLATILITY: f64 = 0.1;
/// The system constant τ, which limits how fast volatility changes.
pub const TAU: f64 = 0.75;
/// At or above this deviation a rating is provisional.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;
/// The most a rating moves in one game.
pub const MAX_CHANGE: f64 = 700.0;
/// Rating periods per idle day, for the deviation's growth (see the module doc).
pub const RATING_PERIODS_PER_DAY: f64 = 0.21436;

/// The least volatility kept (a zero would break the volatility's iteration).
const MIN_VOLATILITY: f64 = 1e-4;

/// Glicko-2's scale factor between the rating scale and its internal one.
const SCALE: f64 = 173.7178;

/// A player's Glicko-2 rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating itself.
    pub rating: f64,
    /// The rating deviation (RD): how uncertain the rating is.
    pub deviation: f64,
    /// How erratic the player's results are.
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Self {
        Rating::INITIAL
    }
}

impl Rating {
    /// A new player's rating: 1500, RD 500, volatility 0.09.
    pub const INITIAL: Rating = Rating {
        rating: INITIAL_RATING,
        deviation: MAX_DEVIATION,
        volatility: INITIAL_VOLATILITY,
    };

    /// Whether the rating is still provisional (RD of 110 or more).
    #[must_use]
    pub fn is_provisional(&self) -> bool {
        self.deviation >= PROVISIONAL_DEVIATION
    }

    /// The rating rounded to a whole number, as shown.
    #[must_use]
    pub fn rounded(&self) -> i64 {
        // Ratings stay far inside i64; `as` saturates on anything absurd.
        self.rating.round() as i64
    }

    /// The rating after `days` without games: the same rating, a larger deviation.
    #[must_use]
    pub fn after_idle(&self, days: f64) -> Rating {
        let periods = days.max(0.0) * RATING_PERIODS_PER_DAY;
        let phi = self.deviation / SCALE;
        let grown = (phi * phi + self.volatility * self.volatility * periods).sqrt() * SCALE;
        Rating {
            deviation: clamp_deviation(grown),
            ..*self
        }
    }

    fn sane(self) -> Rating {
        let finite = |x: f64, fallback: f64| if x.is_finite() { x } else { fallback };
        Rating {
            rating: finite(self.rating, INITIAL_RATING),
            deviation: clamp_deviation(finite(self.deviation, MAX_DEVIATION)),
            volatility: finite(self.volatility, INITIAL_VOLATILITY)
                .clamp(MIN_VOLATILITY, MAX_VOLATILITY),
        }
    }
}

/// `1532`, or `1532?` while provisional.
impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.rounded())?;
        if self.is_provisional() {
            write!(f, "?")?;
        }
        Ok(())
    }
}

fn clamp_deviation(deviation: f64) -> f64 {
    deviation.clamp(MIN_DEVIATION, MAX_DEVIATION)
}

/// How a rated game ended, from the first player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The first player won.
    FirstWon,
    /// The second player won.
    SecondWon,
    /// A draw.
    Draw,
}

/// One player going into a rated game: their rating and the days since their last rated game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contestant {
    /// The rating before the game.
    pub rating: Rating,
    /// Days since the player's last rated game (0 for a new player).
    pub idle_days: f64,
}

/// Both players' new ratings after one game (one rating period).
///
/// # Examples
/// ```
/// use akron_service::ratings::{rate_game, Contestant, Outcome, Rating};
///
/// let new = Contestant { rating: Rating::INITIAL, idle_days: 0.0 };
/// let (winner, loser) = rate_game(new, new, Outcome::FirstWon);
/// assert_eq!(winner.rounded(), 1742);
/// assert_eq!(loser.rounded(), 1258);
/// assert!(winner.is_provisional());
/// ```
#[must_use]
pub fn rate_game(first: Contestant, second: Contestant, outcome: Outcome) -> (Rating, Rating) {
    let before = [first.rating.sane(), second.rating.sane()];
    let [one, two] =
        [(before[0], first.idle_days), (before[1], second.idle_days)].map(|(rating, days)| {
            let grown = rating.after_idle(if days.is_finite() { days } else { 0.0 });
            Glicko2Rating {
                rating: grown.rating,
                deviation: grown.deviation,
                volatility: grown.volatility,
            }
        });
    let outcome = match outcome {
        Outcome::FirstWon => Outcomes::WIN,
        Outcome::SecondWon => Outcomes::LOSS,
        Outcome::Draw => Outcomes::DRAW,
    };
    let config = Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    };
    let (one, two) = glicko2(&one, &two, &outcome, &config);
    let settle = |old: Rating, new: Glicko2Rating| {
        Rating {
            rating: old.rating + (new.rating - old.rating).clamp(-MAX_CHANGE, MAX_CHANGE),
            deviation: new.deviation,
            volatility: new.volatility,
        }
        .sane()
    };
    (settle(before[0], one), settle(before[1], two))
}

/// The change between two ratings as shown after a game: `+18`, `-7`, `±0`.
#[must_use]
pub fn format_change(before: &Rating, after: &Rating) -> String {
    match after.rounded() - before.rounded() {
        0 => String::from("±0"),
        d if d > 0 => format!("+{d}"),
        d => format!("{d}"),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use skillratings::glicko2::glicko2_rating_period;

    fn close(actual: f64, expected: f64, tolerance: f64) {
        assert!(
            (actual - expected).abs() <= tolerance,
            "{actual} is not within {tolerance} of {expected}"
        );
    }

    /// Glickman, "Example of the Glicko-2 system" (2013), section "Example calculation".
    #[test]
    fn glickman_worked_example() {
        let player = Glicko2Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opponent = |rating, deviation| Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let results = [
            (opponent(1400.0, 30.0), Outcomes::WIN),
            (opponent(1550.0, 100.0), Outcomes::LOSS),
            (opponent(1700.0, 300.0), Outcomes::LOSS),
        ];
        let config = Glicko2Config {
            tau: 0.5,
            ..Glicko2Config::new()
        };
        let after = glicko2_rating_period(&player, &results, &config);
        close(after.rating, 1464.06, 0.02);
        close(after.deviation, 151.52, 0.01);
        close(after.volatility, 0.05999, 0.00001);
    }

    /// Single games checked against the paper's steps transcribed independently (exact
    /// arithmetic, no rounding between steps).
    #[test]
    fn single_games_match_the_paper() {
        let new = Contestant {
            rating: Rating::INITIAL,
            idle_days: 0.0,
        };
        let (winner, loser) = rate_game(new, new, Outcome::FirstWon);
        close(winner.rating, 1741.6244, 0.001);
        close(loser.rating, 1258.3756, 0.001);
        close(winner.deviation, 396.8118, 0.001);
        close(winner.volatility, 0.0899983, 0.000_001);

        let strong = Contestant {
            rating: Rating {
                rating: 1700.0,
                deviation: 80.0,
                volatility: 0.06,
            },
            idle_days: 0.0,
        };
        let weak = Contestant {
            rating: Rating {
                rating: 1450.0,
                deviation: 150.0,
                volatility: 0.06,
            },
            idle_days: 0.0,
        };
        let (a, b) = rate_game(strong, weak, Outcome::Draw);
        close(a.rating, 1690.6119, 0.001);
        close(a.deviation, 79.5079, 0.001);
        close(b.rating, 1484.1856, 0.001);
        close(b.deviation, 142.5866, 0.001);
        // The same game from the other side gives the same ratings.
        let (b2, a2) = rate_game(weak, strong, Outcome::Draw);
        assert_eq!((a, b), (a2, b2));
    }

    #[test]
    fn deviation_grows_from_60_to_110_in_a_year() {
        let settled = Rating {
            rating: 1800.0,
            deviation: 60.0,
            volatility: 0.06,
        };
        close(settled.after_idle(365.0).deviation, 110.0, 0.05);
        close(settled.after_idle(0.0).deviation, 60.0, 1e-9);
        close(settled.after_idle(-3.0).deviation, 60.0, 1e-9);
        assert_eq!(settled.after_idle(1e9).deviation, MAX_DEVIATION);
        // Inactivity makes the next game count for more.
        let opponent = Contestant {
            rating: settled,
            idle_days: 0.0,
        };
        let fresh = rate_game(
            Contestant {
                rating: settled,
                idle_days: 0.0,
            },
            opponent,
            Outcome::FirstWon,
        )
        .0;
        let rusty = rate_game(
            Contestant {
                rating: settled,
                idle_days: 400.0,
            },
            opponent,
            Outcome::FirstWon,
        )
        .0;
        assert!(rusty.rating - 1800.0 > fresh.rating - 1800.0);
    }

    #[test]
    fn limits_hold() {
        let floor = Rating {
            rating: 2000.0,
            deviation: 45.0,
            volatility: 0.06,
        };
        let same = Contestant {
            rating: floor,
            idle_days: 0.0,
        };
        let (a, _) = rate_game(same, same, Outcome::Draw);
        assert!(a.deviation >= MIN_DEVIATION);
        // A wild volatility is capped and the change stays within 700.
        let wild = Contestant {
            rating: Rating {
                rating: 1500.0,
                deviation: 500.0,
                volatility: 5.0,
            },
            idle_days: 1000.0,
        };
        let strong = Contestant {
            rating: Rating {
                rating: 3000.0,
                deviation: 45.0,
                volatility: 0.06,
            },
            idle_days: 0.0,
        };
        let (w, s) = rate_game(wild, strong, Outcome::FirstWon);
        assert!(w.rating - 1500.0 <= MAX_CHANGE && w.rating > 1500.0);
        assert!(w.volatility <= MAX_VOLATILITY);
        assert!(s.rating < 3000.0);
        // Nonsense in, sane numbers out.
        let broken = Contestant {
            rating: Rating {
                rating: f64::NAN,
                deviation: f64::INFINITY,
                volatility: -1.0,
            },
            idle_days: f64::NAN,
        };
        let (b, _) = rate_game(broken, strong, Outcome::SecondWon);
        assert!(b.rating.is_finite() && b.deviation.is_finite() && b.volatility.is_finite());
    }

    #[test]
    fn display_marks_provisional_ratings() {
        assert_eq!(Rating::INITIAL.to_string(), "1500?");
        let settled = Rating {
            rating: 1531.6,
            deviation: 109.9,
            volatility: 0.06,
        };
        assert_eq!(settled.to_string(), "1532");
        assert!(Rating {
            deviation: 110.0,
            ..settled
        }
        .is_provisional());
        let after = Rating {
            rating: 1549.7,
            ..settled
        };
        assert_eq!(format_change(&settled, &after), "+18");
        assert_eq!(format_change(&after, &settled), "-18");
        assert_eq!(format_change(&settled, &settled), "±0");
    }
}
