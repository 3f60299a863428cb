//! The service's concepts: ids, users, channels, a game's status and players, and the stored
//! state of a game. Storage (`db`) maps rows to these and back; the service decides with them.
//! Nothing here knows SQL or any chat platform.

use crate::catalogue::{Arg, Language};
use akron_ai::Level;
use akron_rules::{Color, Outcome, WinRule};
use std::fmt;
use std::str::FromStr;

/// A chat platform as its front end declares it. The core knows no platform by name: a front
/// end names itself (the prefix of its ids) and says what its platform offers, and the service
/// decides from that.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Platform {
    /// The prefix of the platform's user, channel and server ids (`discord` in `discord:8035`).
    pub id: &'static str,
    /// Whether its servers have roles that a server's `tournament-role` setting can name.
    pub roles: bool,
    /// Whether anyone there may create and run tournaments (a console: one person's terminal).
    pub anyone_organises: bool,
}

impl Platform {
    /// A platform that offers nothing special: no roles, and only moderators organise.
    #[must_use]
    pub const fn plain(id: &'static str) -> Platform {
        Platform {
            id,
            roles: false,
            anyone_organises: false,
        }
    }
}

impl fmt::Display for Platform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id)
    }
}

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
    /// Bumped by every change.
    pub version: i64,
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

/// An opaque server id with a platform prefix: a Discord guild (`discord:81384788765712384`),
/// a Matrix space or room, `console`. Ratings and settings are kept per server.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ServerId(pub String);

impl ServerId {
    /// A server id from a platform name and that platform's own id.
    #[must_use]
    pub fn new(platform: &str, id: &str) -> ServerId {
        ServerId(format!("{platform}:{id}"))
    }
}

impl fmt::Display for ServerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A role on a server (Discord), by the platform's id, with its name for display.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ServerRole {
    /// The platform's id of the role (Discord: the role's snowflake).
    pub id: String,
    /// Its name when it was named, for display.
    pub name: String,
}

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
/// of increment).
impl FromStr for TimeControl {
    type Err = String;
    fn from_str(text: &str) -> Result<TimeControl, String> {
        let text = text.trim().to_ascii_lowercase();
        let usage = "write `none`, days per move like `3d`, hours per move like `12h`, or a live \
                     clock in minutes plus seconds per move like `10+5`";
        if text == "none" || text == "off" {
            return Ok(TimeControl::None);
        }
        if let Some((minutes, increment)) = text.split_once('+') {
            let minutes: i64 = minutes
                .trim()
                .parse()
                .map_err(|_| format!("time '{text}': {usage}"))?;
            let increment: i64 = increment
                .trim()
                .parse()
                .map_err(|_| format!("time '{text}': {usage}"))?;
            if !(1..=180).contains(&minutes) || !(0..=180).contains(&increment) {
                return Err(format!(
                    "time '{text}': a live clock has 1 to 180 minutes and 0 to 180 seconds per move"
                ));
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
            _ => return Err(format!("time '{text}': {usage}")),
        };
        if !PER_MOVE_HOURS.contains(&hours) {
            return Err(format!(
                "time '{text}': a correspondence clock has 1 hour to 14 days per move"
            ));
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

/// Where a user's reminders go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ReminderPlace {
    /// A direct message, falling back to a mention in the game's channel when the platform
    /// refuses it.
    #[default]
    Direct,
    /// A mention in the game's channel.
    Channel,
    /// No reminders.
    Off,
}

impl ReminderPlace {
    /// The stored name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ReminderPlace::Direct => "dm",
            ReminderPlace::Channel => "channel",
            ReminderPlace::Off => "off",
        }
    }
}

impl FromStr for ReminderPlace {
    type Err = String;
    fn from_str(text: &str) -> Result<ReminderPlace, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "dm" | "direct" => Ok(ReminderPlace::Direct),
            "channel" => Ok(ReminderPlace::Channel),
            "off" | "none" => Ok(ReminderPlace::Off),
            other => Err(format!("reminders '{other}' must be dm, channel or off")),
        }
    }
}

/// Who may see a server's pages on the web companion (`settings web:off|link|public`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum WebAccess {
    /// No page of the server is served (the default: servers are private communities).
    #[default]
    Off,
    /// Its game, tournament and puzzle pages, only through the unguessable links the bot
    /// posts; not listed anywhere, and marked for search engines not to index.
    Link,
    /// Besides, a server page listing its tournaments, leaderboard and latest games, and
    /// player pages.
    Public,
}

impl WebAccess {
    /// The stored name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            WebAccess::Off => "off",
            WebAccess::Link => "link",
            WebAccess::Public => "public",
        }
    }
}

impl FromStr for WebAccess {
    type Err = String;
    fn from_str(text: &str) -> Result<WebAccess, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "off" | "none" | "no" => Ok(WebAccess::Off),
            "link" | "links" | "unlisted" => Ok(WebAccess::Link),
            "public" | "on" => Ok(WebAccess::Public),
            other => Err(format!("web '{other}' must be off, link or public")),
        }
    }
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
}

impl TournamentFormat {
    /// The stored name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            TournamentFormat::Swiss => "swiss",
            TournamentFormat::RoundRobin => "roundrobin",
        }
    }
}

impl FromStr for TournamentFormat {
    type Err = String;
    fn from_str(text: &str) -> Result<TournamentFormat, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "swiss" => Ok(TournamentFormat::Swiss),
            "roundrobin" | "round-robin" | "rr" => Ok(TournamentFormat::RoundRobin),
            other => Err(format!("format '{other}' must be swiss or roundrobin")),
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
    /// Bumped by every change to the tournament (a result, a round, a status): a change
    /// is written only at the version it read ([`crate::db::save_tournament`]).
    pub version: i64,
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
    /// The name as a message's argument: a person's display name escaped for Markdown (see
    /// [`escape_markdown`]); the engine's from the catalogue (`ai-player`), so it is put into
    /// words in the reader's language with the rest of the message.
    #[must_use]
    pub fn shown(&self) -> Arg {
        match self.id.ai_level() {
            Some(level) => crate::phrase!("ai-player", level = level.to_string()).into(),
            None => Arg::Text(escape_markdown(&self.name)),
        }
    }

    /// [`User::shown`] in words in `language`, for a list of names put together before it
    /// becomes one argument.
    #[must_use]
    pub fn shown_in(&self, language: Language) -> String {
        self.shown().say(language)
    }

    /// The name as plain text in `language`, where no Markdown is read (a picture, a thread's
    /// name, a web page, an alt text): a person's as they wrote it, the engine's from the
    /// catalogue.
    #[must_use]
    pub fn name_in(&self, language: Language) -> String {
        match self.id.ai_level() {
            Some(level) => crate::say!(language, "ai-player", level = level.to_string()),
            None => self.name.clone(),
        }
    }
}

/// The platform prefix of the engine's user ids: `ai:level-3`.
pub const AI_PLATFORM: &str = "ai";

impl UserId {
    /// The engine's user id at `level`: `ai:level-3`.
    #[must_use]
    pub fn ai(level: Level) -> UserId {
        UserId::new(AI_PLATFORM, &format!("level-{level}"))
    }

    /// Whether this is the engine (any level) rather than a person.
    #[must_use]
    pub fn is_ai(&self) -> bool {
        self.platform() == AI_PLATFORM
    }

    /// The engine's level, when this is the engine.
    #[must_use]
    pub fn ai_level(&self) -> Option<Level> {
        if !self.is_ai() {
            return None;
        }
        self.local().strip_prefix("level-")?.parse().ok()
    }
}

impl User {
    /// The engine as a player at `level`. Its stored name is `Akron AI level 3`; wherever it
    /// is shown, its name comes from the catalogue ([`User::shown`], [`User::name_in`]).
    #[must_use]
    pub fn ai(level: Level) -> User {
        User::new(UserId::ai(level), format!("Akron AI level {level}"))
    }
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

/// A puzzle's number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PuzzleId(pub i64);

/// `#P3`... shown as `puzzle 3`.
impl fmt::Display for PuzzleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A stored puzzle: a position where the side to move wins by force, proven when posted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleRecord {
    /// Its number (0 before it is stored).
    pub id: PuzzleId,
    /// Where it was posted.
    pub channel: ChannelId,
    /// Who posted it; `None` for a daily puzzle from the bank.
    pub poster: Option<User>,
    /// The position code.
    pub code: String,
    /// The win rule.
    pub win_rule: WinRule,
    /// A title, possibly empty.
    pub title: String,
    /// Own moves the win takes.
    pub moves: u32,
    /// Whether only one first move wins.
    pub unique: bool,
    /// One winning line, the solver's, in canonical notation.
    pub solution: Vec<String>,
    /// Every first move that wins.
    pub first_moves: Vec<String>,
    /// The bank line it came from (daily puzzles).
    pub bank_line: Option<i64>,
    /// When it was posted, Unix seconds.
    pub created_at: i64,
    /// From when anyone may see the answer.
    pub reveal_at: i64,
    /// The server it was posted on, whose web pages show it; `None` outside a server and
    /// for puzzles posted before it was recorded (migration 0016).
    pub server: Option<ServerId>,
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

    /// The AI's name comes from the catalogue in the reader's language, whatever it is
    /// stored as; a person's is theirs, escaped where Markdown is read.
    #[test]
    fn the_ais_name_is_said_in_each_language_and_a_persons_as_written() {
        let Some(level) = Level::new(3) else {
            panic!("level 3 exists");
        };
        let ai = User::ai(level);
        assert_eq!(ai.name_in(Language::English), "Akron AI level 3");
        assert_eq!(ai.name_in(Language::Spanish), "Akron IA nivel 3");
        assert_eq!(ai.name_in(Language::German), "Akron-KI Stufe 3");
        assert_eq!(ai.shown_in(Language::German), "Akron-KI Stufe 3");
        let person = User::new(UserId::new("console", "x"), "**ana**");
        assert_eq!(person.name_in(Language::German), "**ana**");
        assert_eq!(person.shown_in(Language::German), "\\*\\*ana\\*\\*");
    }

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

    #[test]
    fn statuses_round_trip_their_names() {
        for status in Status::ALL {
            assert_eq!(Status::from_name(status.name()), Some(status));
        }
        assert_eq!(Status::from_name("bogus"), None);
    }
}
