//! The service's concepts: ids, users, channels, a game's status and players, and the stored
//! state of a game. Storage (`db`) maps rows to these and back; the service decides with them.
//! Nothing here knows SQL or any chat platform.

use akron_rules::{Color, Outcome, Reason, WinRule};
use std::fmt;
use std::str::FromStr;

/// An opaque user id with a platform prefix: `discord:80351110224678912`, `console:bob`,
/// `matrix:@bob:example.org`. The service never looks inside it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UserId(pub String);

impl UserId {
    /// A user id from a platform name and that platform's own id.
    #[must_use]
    pub fn new(platform: &str, id: &str) -> UserId {
        UserId(format!("{platform}:{id}"))
    }

    /// The id as stored.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The platform prefix, `discord` in `discord:8035`.
    #[must_use]
    pub fn platform(&self) -> &str {
        self.0.split_once(':').map_or("", |(p, _)| p)
    }

    /// The platform's own id, `8035` in `discord:8035`.
    #[must_use]
    pub fn local(&self) -> &str {
        self.0.split_once(':').map_or(self.0.as_str(), |(_, l)| l)
    }
}

impl fmt::Display for UserId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A user as a front end knows them: the opaque id and the name to show.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct User {
    /// Stable id; what the database keys on.
    pub id: UserId,
    /// Display name at the time of the request; used in texts and records.
    pub name: String,
}

impl User {
    /// A user from an id and a display name.
    #[must_use]
    pub fn new(id: UserId, name: impl Into<String>) -> User {
        User {
            id,
            name: name.into(),
        }
    }
}

/// An opaque channel id with a platform prefix: `discord:1234` (a thread is a channel too),
/// `console:main`. At most one game is active per channel.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChannelId(pub String);

impl ChannelId {
    /// A channel id from a platform name and that platform's own id.
    #[must_use]
    pub fn new(platform: &str, id: &str) -> ChannelId {
        ChannelId(format!("{platform}:{id}"))
    }

    /// The id as stored.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The platform's own id, `1234` in `discord:1234`.
    #[must_use]
    pub fn local(&self) -> &str {
        self.0.split_once(':').map_or(self.0.as_str(), |(_, l)| l)
    }

    /// The platform prefix, `discord` in `discord:1234`.
    #[must_use]
    pub fn platform(&self) -> &str {
        self.0.split_once(':').map_or("", |(p, _)| p)
    }
}

impl fmt::Display for ChannelId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

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
/// (see [`GameRecord::player`]).
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
    /// Where it stands.
    pub status: Status,
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
    /// The winning colour, once there is one.
    pub winner: Option<Color>,
    /// The winning player.
    pub winner_id: Option<UserId>,
    /// Why the game ended.
    pub reason: Option<Reason>,
    /// Who offered a draw that is still open.
    pub draw_offer_by: Option<UserId>,
    /// Who asked to take back a move, still unanswered.
    pub takeback_by: Option<UserId>,
    /// Unix seconds.
    pub created_at: i64,
    /// When the challenge was accepted.
    pub started_at: Option<i64>,
    /// When the last move was made.
    pub last_move_at: Option<i64>,
    /// When the game ended.
    pub finished_at: Option<i64>,
    /// When something is next due for this game without anyone acting (an open challenge
    /// expires), in Unix seconds; `None` when nothing is.
    pub deadline_at: Option<i64>,
    /// Bumped by every change.
    pub version: i64,
}

impl GameRecord {
    /// The stored result, if the game has one.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.reason.map(|reason| Outcome {
            winner: self.winner,
            reason,
        })
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

/// Where a notice goes: a channel (or thread), or a user directly.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Destination {
    /// A message in a channel or thread.
    Channel(ChannelId),
    /// A direct message to a user.
    User(UserId),
}

impl Destination {
    /// The platform that delivers it: the id's prefix.
    #[must_use]
    pub fn platform(&self) -> &str {
        match self {
            Destination::Channel(c) => c.platform(),
            Destination::User(u) => u.platform(),
        }
    }
}

/// The number of a notice in the outbox.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NoticeId(pub i64);

impl fmt::Display for NoticeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "notice {}", self.0)
    }
}

/// Escapes a user-chosen text (a display name) for Markdown, so that `**x**`, `` `x` `` or
/// `[x](y)` show literally, and `@everyone` or `@here` ping nobody on any platform.
#[must_use]
pub fn escape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\\' | '*' | '_' | '~' | '`' | '|' | '>' | '#' | '[' | ']' | '(' | ')' | '<' | ':' => {
                out.push('\\');
                out.push(c);
            }
            // A zero-width space after @ breaks @everyone, @here and role mentions.
            '@' => out.push_str("@\u{200b}"),
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

impl User {
    /// The display name, escaped for Markdown (see [`escape_markdown`]).
    #[must_use]
    pub fn shown(&self) -> String {
        escape_markdown(&self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_full_of_markdown_show_literally_and_ping_nobody() {
        assert_eq!(escape_markdown("alice"), "alice");
        assert_eq!(escape_markdown("**x**"), "\\*\\*x\\*\\*");
        assert_eq!(escape_markdown("`code`"), "\\`code\\`");
        assert_eq!(escape_markdown("@everyone"), "@\u{200b}everyone");
        assert_eq!(escape_markdown("a\nb"), "a b");
        assert_eq!(escape_markdown("<@123>"), "\\<@\u{200b}123\\>");
    }

    #[test]
    fn statuses_round_trip_their_names() {
        for status in Status::ALL {
            assert_eq!(Status::from_name(status.name()), Some(status));
        }
        assert_eq!(Status::from_name("bogus"), None);
    }
}
