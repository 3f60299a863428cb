//! A game as stored: its number, status, players, phase and ending, and the [`GameEnded`]
//! event that its one ending transition emits.

use super::{ChannelId, ServerId, TimeControl, User, UserId};
use akron_ai::Level;
use akron_rules::{Color, Outcome, WinRule};
use std::fmt;
use std::str::FromStr;

/// A game's number in the database. Challenges are games that have not started yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub i64);

/// `#12`.
impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

impl FromStr for GameId {
    type Err = String;
    fn from_str(s: &str) -> Result<GameId, String> {
        s.trim()
            .trim_start_matches('#')
            .parse::<i64>()
            .ok()
            .filter(|n| *n > 0)
            .map(GameId)
            .ok_or_else(|| format!("'{s}' is not a game number; write it like #12"))
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// A challenge waiting for the opponent.
    Open,
    /// Being played.
    Active,
    /// Over, with a result.
    Finished,
    /// The opponent declined the challenge.
    Declined,
    /// The challenger withdrew the challenge.
    Cancelled,
    /// Nobody answered the challenge in time.
    Expired,
}

impl Status {
    /// The stored name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Active => "active",
            Status::Finished => "finished",
            Status::Declined => "declined",
            Status::Cancelled => "cancelled",
            Status::Expired => "expired",
        }
    }

    /// The status with this stored name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Every status.
    pub const ALL: [Status; 6] = [
        Status::Open,
        Status::Active,
        Status::Finished,
        Status::Declined,
        Status::Cancelled,
        Status::Expired,
    ];

    /// Whether the game is still going on (an open challenge or a game being played).
    #[must_use]
    pub const fn is_live(self) -> bool {
        matches!(self, Status::Open | Status::Active)
    }
}

/// The two players by the colour they started with; a swap exchanges colours during the game
/// (see `Loaded::player` in the service).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Players {
    /// Who started as Black.
    pub black: User,
    /// Who started as White.
    pub white: User,
}

impl Players {
    /// The player who started with `colour`.
    #[must_use]
    pub fn by_start_colour(&self, colour: Color) -> &User {
        match colour {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// Whether `user` is one of the two.
    #[must_use]
    pub fn includes(&self, user: &UserId) -> bool {
        self.black.id == *user || self.white.id == *user
    }
}

/// A game as the service keeps it: who, where, with which options, how far, and how it ended.
/// Challenges are games that have not started. The moves are kept beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's number (0 before it is stored).
    pub id: GameId,
    /// The channel (or thread) it is played in.
    pub channel: ChannelId,
    /// Where it stands, with how it ended once it has.
    pub phase: Phase,
    /// Who made the challenge.
    pub challenger: UserId,
    /// The players by their colour at the start.
    pub players: Players,
    /// Board side.
    pub size: u8,
    /// Marbles each player starts with.
    pub pile: u16,
    /// When a connection wins.
    pub win_rule: WinRule,
    /// The position the game starts from.
    pub start_code: String,
    /// Each player's last draw offer (open or not): who, and how many moves had been played.
    pub last_draw_offers: Vec<(UserId, usize)>,
    /// Unix seconds.
    pub created_at: i64,
    /// When something is next due for this game without anyone acting (an open challenge
    /// expires, a reminder, a clock runs out), in Unix seconds; `None` when nothing is.
    pub deadline_at: Option<i64>,
    /// The time control.
    pub time_control: TimeControl,
    /// Fischer clocks: seconds left for the player who moves at even plies and at odd plies,
    /// as of the last move (or the start).
    pub clocks: [Option<i64>; 2],
    /// Whether the game asked to be played in a thread of its own.
    pub wants_thread: bool,
    /// The server the game belongs to (`discord:GUILD`, `console`), if known.
    pub server: Option<ServerId>,
    /// Whether the game was agreed as rated (see `is_rated` in the service for whether its
    /// result actually moves ratings).
    pub rated: bool,
    /// The finished game this one is the rematch of.
    pub rematch_of: Option<GameId>,
    /// Whether the challenge was posted to anyone in the channel (its free seat holds
    /// [`UserId::anyone`] until someone takes it; it stays set once taken).
    pub open_to_anyone: bool,
    /// An open challenge's rating range on the server: the lowest and highest rating of who
    /// may take it.
    pub rating_range: RatingRange,
    /// Bumped by every change.
    pub version: i64,
}

/// The ratings a player must have to take an open challenge: at least `min`, at most `max`
/// (each bound optional).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RatingRange {
    /// The lowest rating allowed.
    pub min: Option<u32>,
    /// The highest rating allowed.
    pub max: Option<u32>,
}

impl RatingRange {
    /// Whether it limits anything.
    #[must_use]
    pub fn is_any(&self) -> bool {
        self.min.is_none() && self.max.is_none()
    }

    /// Whether `rating` is within it.
    #[must_use]
    pub fn contains(&self, rating: u32) -> bool {
        self.min.is_none_or(|min| rating >= min) && self.max.is_none_or(|max| rating <= max)
    }

    /// As written: `1400-1700`, `1400-`, `-1700`.
    #[must_use]
    pub fn written(&self) -> String {
        let bound = |b: Option<u32>| b.map(|n| n.to_string()).unwrap_or_default();
        format!("{}-{}", bound(self.min), bound(self.max))
    }
}

impl GameRecord {
    /// A new open challenge in `channel` from `challenger`, starting from `start` (its size
    /// and Black's pile give the options), made at `now`: no result, no clock, no deadline,
    /// not stored yet (id 0). Callers set what differs.
    #[must_use]
    pub fn challenge(
        channel: ChannelId,
        challenger: UserId,
        players: Players,
        start: &akron_rules::Position,
        win_rule: WinRule,
        now: i64,
    ) -> GameRecord {
        GameRecord {
            id: GameId(0),
            channel,
            phase: Phase::Challenge,
            challenger,
            players,
            size: start.size(),
            pile: start.piles().black,
            win_rule,
            start_code: start.code(),
            last_draw_offers: Vec::new(),
            created_at: now,
            deadline_at: None,
            time_control: TimeControl::None,
            clocks: [None, None],
            wants_thread: false,
            server: None,
            rated: false,
            rematch_of: None,
            open_to_anyone: false,
            rating_range: RatingRange::default(),
            version: 0,
        }
    }

    /// Where the game stands.
    #[must_use]
    pub fn status(&self) -> Status {
        self.phase.status()
    }

    /// The draw offer and takeback request open in the game: none unless it is being played.
    #[must_use]
    pub fn offers(&self) -> &Offers {
        static NONE: Offers = Offers {
            draw: None,
            takeback: None,
        };
        match &self.phase {
            Phase::Playing(play) => &play.offers,
            _ => &NONE,
        }
    }

    /// The open offers, to change them, while the game is being played.
    pub fn offers_mut(&mut self) -> Option<&mut Offers> {
        self.play_mut().map(|play| &mut play.offers)
    }

    /// What a game being played has (its start, its last move, its reminders, its offers),
    /// to change it; `None` unless it is being played.
    pub fn play_mut(&mut self) -> Option<&mut Play> {
        match &mut self.phase {
            Phase::Playing(play) => Some(play),
            _ => None,
        }
    }

    /// When the game started (the challenge was accepted): `None` for a challenge, and for
    /// one that ended without becoming a game.
    #[must_use]
    pub fn started_at(&self) -> Option<i64> {
        match &self.phase {
            Phase::Challenge => None,
            Phase::Playing(play) => Some(play.started_at),
            Phase::Ended { started_at, .. } => *started_at,
        }
    }

    /// When the last move was made, if one was.
    #[must_use]
    pub fn last_move_at(&self) -> Option<i64> {
        match &self.phase {
            Phase::Challenge => None,
            Phase::Playing(play) => play.last_move_at,
            Phase::Ended { last_move_at, .. } => *last_move_at,
        }
    }

    /// Reminders sent for the current move (none unless the game is being played).
    #[must_use]
    pub fn reminders_sent(&self) -> u8 {
        match &self.phase {
            Phase::Playing(play) => play.reminders_sent,
            _ => 0,
        }
    }

    /// The stored result, if the game has one.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Ended {
                ending: Ending::Result(outcome),
                ..
            } => Some(outcome),
            _ => None,
        }
    }

    /// The challenger, as a user.
    #[must_use]
    pub fn challenger_user(&self) -> &User {
        if self.players.black.id == self.challenger {
            &self.players.black
        } else {
            &self.players.white
        }
    }

    /// The challenged player: whoever is not the challenger.
    #[must_use]
    pub fn challenged_user(&self) -> &User {
        if self.players.black.id == self.challenger {
            &self.players.white
        } else {
            &self.players.black
        }
    }
}

/// Where a game stands, carrying what that stage has: a game being played carries when it
/// started, its last move, its reminders and its open offers; an ended game carries how and
/// when it ended (and when it had started and last moved, for its record). So a finished game
/// without a result, a game being played without a start, or an offer open in a game that is
/// over cannot be represented.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// A challenge waiting for the opponent.
    Challenge,
    /// Being played.
    Playing(Play),
    /// Over, or a challenge that never became a game.
    Ended {
        /// How: a result, or the challenge declined, cancelled or expired.
        ending: Ending,
        /// The winning player, when the result has one.
        winner: Option<UserId>,
        /// When, in Unix seconds.
        at: i64,
        /// When it had started; `None` for a challenge that never became a game.
        started_at: Option<i64>,
        /// When its last move was made, if one was.
        last_move_at: Option<i64>,
    },
}

/// What a game being played has beyond its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    /// When the challenge was accepted (the game began), in Unix seconds.
    pub started_at: i64,
    /// When the last move was made, if one was.
    pub last_move_at: Option<i64>,
    /// Reminders sent for the current move.
    pub reminders_sent: u8,
    /// The offers open in it.
    pub offers: Offers,
}

impl Play {
    /// A game that begins at `now`: no move, no reminder, no offer yet.
    #[must_use]
    pub fn new(now: i64) -> Play {
        Play {
            started_at: now,
            last_move_at: None,
            reminders_sent: 0,
            offers: Offers::default(),
        }
    }
}

/// What is open in a game being played, each by whom: a draw offer and a takeback request.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Offers {
    /// Who offered a draw that is still open.
    pub draw: Option<UserId>,
    /// Who asked to take back a move, still unanswered.
    pub takeback: Option<UserId>,
}

impl Phase {
    /// The status a game in this phase has.
    #[must_use]
    pub const fn status(&self) -> Status {
        match self {
            Phase::Challenge => Status::Open,
            Phase::Playing(_) => Status::Active,
            Phase::Ended { ending, .. } => ending.status(),
        }
    }
}

/// How a game (or a challenge) ended: the one kind of change [`GameEnded`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Played out or decided: connection, no legal move, repetition, resignation, draw by
    /// agreement, abort, timeout.
    Result(Outcome),
    /// The challenged player said no.
    Declined,
    /// The challenger withdrew.
    Cancelled,
    /// Nobody answered the challenge in time.
    Expired,
}

impl Ending {
    /// The status a game has after this ending.
    #[must_use]
    pub const fn status(self) -> Status {
        match self {
            Ending::Result(_) => Status::Finished,
            Ending::Declined => Status::Declined,
            Ending::Cancelled => Status::Cancelled,
            Ending::Expired => Status::Expired,
        }
    }
}

/// The event every ending of a game emits, from one place ([`crate::service`]'s one
/// transition). What reacts to it (notices today; ratings and tournaments next) runs in the
/// same transaction that records the ending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnded {
    /// The game.
    pub game: GameId,
    /// Where it was played.
    pub channel: ChannelId,
    /// Who played it, by starting colour.
    pub players: Players,
    /// How it ended.
    pub ending: Ending,
    /// The winner, if there is one.
    pub winner: Option<User>,
    /// How many moves were played.
    pub plies: usize,
    /// When, in Unix seconds.
    pub at: i64,
}

impl Players {
    /// The engine's starting colour and level, when one of the two is the engine. Games
    /// against the engine are never rated.
    #[must_use]
    pub fn ai(&self) -> Option<(Color, Level)> {
        Color::ALL.into_iter().find_map(|colour| {
            self.by_start_colour(colour)
                .id
                .ai_level()
                .map(|level| (colour, level))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_round_trip_their_names() {
        for status in Status::ALL {
            assert_eq!(Status::from_name(status.name()), Some(status));
        }
        assert_eq!(Status::from_name("bogus"), None);
    }
}
