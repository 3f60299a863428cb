//! A tournament as stored: its number, format, status and entrants. The pairing logic is
//! `crate::tournament`; the commands are the service's (`service/tournaments/`).

use super::{ChannelId, ServerId, TimeControl, User};
use crate::catalogue::Phrase;
use crate::tournament::knockout::MatchRules;
use akron_rules::WinRule;
use std::fmt;
use std::str::FromStr;

/// A tournament's number in the database.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TournamentId(pub i64);

/// `T3`.
impl fmt::Display for TournamentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "T{}", self.0)
    }
}

/// How a tournament pairs its rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentFormat {
    /// Swiss: each round paired from the standings.
    Swiss,
    /// Round robin: everyone meets everyone (twice when double), by Berger tables.
    RoundRobin,
    /// Single elimination: a seeded bracket of matches, the loser of each match out.
    SingleElimination,
    /// Double elimination: a winners' and a losers' bracket, out after a second lost match,
    /// a grand final and, if chosen, a bracket reset.
    DoubleElimination,
}

impl TournamentFormat {
    /// The stored name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            TournamentFormat::Swiss => "swiss",
            TournamentFormat::RoundRobin => "roundrobin",
            TournamentFormat::SingleElimination => "single",
            TournamentFormat::DoubleElimination => "double",
        }
    }

    /// Whether it is played as a bracket of matches.
    #[must_use]
    pub const fn is_knockout(self) -> bool {
        matches!(
            self,
            TournamentFormat::SingleElimination | TournamentFormat::DoubleElimination
        )
    }
}

impl FromStr for TournamentFormat {
    type Err = Phrase;
    fn from_str(text: &str) -> Result<TournamentFormat, Phrase> {
        match text.trim().to_ascii_lowercase().as_str() {
            "swiss" => Ok(TournamentFormat::Swiss),
            "roundrobin" | "round-robin" | "rr" => Ok(TournamentFormat::RoundRobin),
            "single" | "single-elimination" | "knockout" | "ko" => {
                Ok(TournamentFormat::SingleElimination)
            }
            "double" | "double-elimination" | "de" => Ok(TournamentFormat::DoubleElimination),
            _ => Err(crate::phrase!("parse-format", value = text.trim())),
        }
    }
}

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentStatus {
    /// Taking entrants.
    SignUp,
    /// Rounds being played.
    Running,
    /// Games go on, but no new round is paired until it resumes.
    Paused,
    /// Every round played.
    Finished,
    /// Called off by the organiser.
    Cancelled,
}

impl TournamentStatus {
    /// The stored name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            TournamentStatus::SignUp => "signup",
            TournamentStatus::Running => "running",
            TournamentStatus::Paused => "paused",
            TournamentStatus::Finished => "finished",
            TournamentStatus::Cancelled => "cancelled",
        }
    }

    /// The status with this stored name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<TournamentStatus> {
        [
            TournamentStatus::SignUp,
            TournamentStatus::Running,
            TournamentStatus::Paused,
            TournamentStatus::Finished,
            TournamentStatus::Cancelled,
        ]
        .into_iter()
        .find(|s| s.name() == name)
    }

    /// Whether it is still going on (sign-up, running or paused).
    #[must_use]
    pub const fn is_live(self) -> bool {
        matches!(
            self,
            TournamentStatus::SignUp | TournamentStatus::Running | TournamentStatus::Paused
        )
    }
}

/// A tournament as stored: where, who runs it, how its games are played, how far it is.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentRecord {
    /// Its number (0 before it is stored).
    pub id: TournamentId,
    /// The server it belongs to (its rated games count there).
    pub server: Option<ServerId>,
    /// Where the sign-up, pairings and standings are posted.
    pub channel: ChannelId,
    /// Its name, as the organiser typed it.
    pub name: String,
    /// Who created it.
    pub organiser: User,
    /// Swiss or round robin.
    pub format: TournamentFormat,
    /// Round robin: every pairing twice, colours reversed.
    pub double: bool,
    /// Planned rounds; `None` until the start for a Swiss with the default count.
    pub rounds: Option<u32>,
    /// The clock of every game.
    pub time_control: TimeControl,
    /// Board side.
    pub size: u8,
    /// Marbles each player starts with.
    pub pile: u16,
    /// When a connection wins.
    pub win_rule: WinRule,
    /// Whether its games are rated.
    pub rated: bool,
    /// Whether vacations stop its games' clocks.
    pub vacation: bool,
    /// The most entrants it takes, if limited.
    pub max_players: Option<u32>,
    /// Where it stands.
    pub status: TournamentStatus,
    /// The round being played (0 before the start).
    pub current_round: u32,
    /// Unix seconds.
    pub created_at: i64,
    /// A knockout's matches and draw; `None` for Swiss and round robin.
    pub knockout: Option<KnockoutSettings>,
    /// Bumped by every change to the tournament (a result, a round, a status): a change
    /// is written only at the version it read ([`crate::db::save_tournament`]).
    pub version: i64,
}

/// How a knockout's seed list is made at the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seeding {
    /// By rating on the server (highest first; equal ratings by order of joining), after the
    /// organiser's own seeds (`tournament seed`).
    Rating,
    /// Drawn at random from the stored seed, after the organiser's own seeds.
    Random,
}

impl Seeding {
    /// The stored name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Seeding::Rating => "rating",
            Seeding::Random => "random",
        }
    }

    /// The seeding with this stored (or typed) name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Seeding> {
        match name.trim().to_ascii_lowercase().as_str() {
            "rating" | "rated" => Some(Seeding::Rating),
            "random" => Some(Seeding::Random),
            _ => None,
        }
    }
}

/// A knockout tournament's own settings, chosen at creation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KnockoutSettings {
    /// Games per match and what decides a level match.
    pub rules: MatchRules,
    /// How the seeds are made.
    pub seeding: Seeding,
    /// The seed of the random draw and of the extra games' lots, stored so that every
    /// pairing can be made again from the database.
    pub draw_seed: i64,
    /// Double elimination: whether a bracket reset is played when the losers' bracket's
    /// winner wins the grand final (`false` for single elimination).
    pub reset: bool,
}

/// One entrant of a tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentEntrant {
    /// Their number in the tournament, from 1 in the order of joining.
    pub player: u32,
    /// Who.
    pub user: User,
    /// Their rating at the start (seeding).
    pub rating: f64,
    /// Whether they withdrew (or were withdrawn).
    pub withdrawn: bool,
    /// Whether the organiser withdrew them (a disqualification) rather than they themselves.
    pub disqualified: bool,
    /// A knockout's seed (1 the best): the organiser's choice before the start, everyone's
    /// from the start.
    pub seed: Option<u32>,
}
