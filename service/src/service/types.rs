//! The service's plain input and output types, shared by every front end.
//!
//! A front end (Discord, Matrix, the console) turns what its user did into a [`Request`], hands
//! it to [`crate::service::Service::handle`], and shows the [`Reply`]. It never decides
//! anything about the game itself.
//!
//! This file holds the request and its commands; `types/reply.rs` the reply,
//! `types/buttons.rs` the buttons under it.

mod buttons;
mod reply;

pub use buttons::*;
pub use reply::*;

use crate::catalogue::Arg;
pub use crate::catalogue::Language;
pub use crate::images::{Speed, View};
pub use crate::model::{
    ChannelId, GameId, Platform, PuzzleId, RatingRange, ReminderPlace, ServerId, ServerRole,
    TimeControl, TournamentFormat, TournamentId, User, UserId, WebAccess,
};
use akron_rules::WinRule;
use std::str::FromStr;

/// One thing a user asks the service to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The platform the request came from, as its front end declares it.
    pub platform: Platform,
    /// Who acts.
    pub user: User,
    /// Where: the channel (or thread) the command was given in.
    pub channel: ChannelId,
    /// Whether the front end vouches that the user moderates this channel (Discord: Manage
    /// Messages or Manage Threads). Moderators may abort any game.
    pub is_moderator: bool,
    /// The game the command is about, when the front end knows it (from a button's id).
    /// `None` means the channel's current game; commands that need no game ignore it.
    pub game: Option<GameId>,
    /// The server the channel belongs to (a Discord guild), when there is one.
    pub server: Option<ServerId>,
    /// The user's roles on that server, by the platform's id (Discord: the member's role ids
    /// and the guild's own id, which is its `@everyone` role); empty where there are no
    /// roles. The service compares them with the server's `tournament-role`.
    pub roles: Vec<String>,
    /// What to do.
    pub command: Command,
    /// The language of the user's own client, when the platform says (Discord: the
    /// interaction's `locale`): what only they see is worded in it.
    pub locale: Option<Language>,
    /// The language the server prefers, as its platform says (Discord: the guild's preferred
    /// locale): a moderator's `settings language:` wins over it.
    pub server_locale: Option<Language>,
    /// The languages the reply is worded in. The service fills this in from the settings and
    /// the two fields above before it decides anything; what a front end puts here is
    /// replaced, so front ends leave it at its default.
    pub language: Languages,
    /// The board view the caller chose in `settings` (perspective unless they chose plan).
    /// The service fills it in with [`Request::language`], from the same read (one round
    /// trip on PostgreSQL, issue 45); front ends leave it `None`, and a request the service
    /// makes itself (a conditional move played in answer) leaves it `None` too, which reads
    /// the setting when a picture needs it.
    pub own_view: Option<View>,
}

/// The two languages of a reply: the one everyone in the channel reads, and the one of what
/// only the caller sees (refusals, their settings).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Languages {
    /// What the channel sees: the server's language (a moderator's setting, else the
    /// platform's preference, else English).
    pub public: Language,
    /// What only the caller sees: their client's language, else their own setting, else the
    /// server's.
    pub private: Language,
}

impl Request {
    /// A request about the channel's current game, from a user who is not a moderator.
    #[must_use]
    /// Its platform is an unnamed plain one (no roles; only moderators organise): front ends
    /// set [`Request::platform`] to their own.
    pub fn new(user: User, channel: ChannelId, command: Command) -> Request {
        Request {
            platform: Platform::plain(""),
            user,
            channel,
            is_moderator: false,
            game: None,
            server: None,
            roles: Vec::new(),
            command,
            locale: None,
            server_locale: None,
            language: Languages::default(),
            own_view: None,
        }
    }
}

/// The colour the challenger asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ColourChoice {
    /// The challenger plays Black and moves first.
    Black,
    /// The challenger plays White.
    White,
    /// Decided by a coin toss when the challenge is made.
    #[default]
    Random,
}

impl FromStr for ColourChoice {
    type Err = String;
    fn from_str(s: &str) -> Result<ColourChoice, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "black" | "b" => Ok(ColourChoice::Black),
            "white" | "w" => Ok(ColourChoice::White),
            "random" | "r" => Ok(ColourChoice::Random),
            other => Err(format!("colour '{other}' must be black, white or random")),
        }
    }
}

/// The options of a challenge. Missing values take the defaults: 8 × 8, ⌊n²/2⌋ pieces each,
/// the delayed rule and a random colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    /// Who is challenged: [`User::anyone`] for an open challenge, which anyone in the
    /// channel but the challenger may accept.
    pub opponent: User,
    /// Board side, 3 to 16.
    pub size: Option<u8>,
    /// Marbles each player starts with, up to 1000.
    pub pieces: Option<u16>,
    /// When a connection wins.
    pub rule: Option<WinRule>,
    /// The challenger's colour.
    pub colour: Option<ColourChoice>,
    /// The clock: none (the default), days or hours per move, or a live Fischer clock.
    pub time: Option<TimeControl>,
    /// Whether the game opens a thread of its own when accepted (default: the server's
    /// setting, off unless a moderator turned it on).
    pub thread: Option<bool>,
    /// Whether the result moves ratings (default: rated).
    pub rated: Option<bool>,
    /// An open challenge's rating range on the server (`rating:1400-1700`): only players
    /// rated within it may take it. Refused on a challenge to someone named.
    pub rating: RatingRange,
}

impl Challenge {
    /// A challenge of `opponent` with every option at its default.
    #[must_use]
    pub fn new(opponent: User) -> Challenge {
        Challenge {
            opponent,
            size: None,
            pieces: None,
            rule: None,
            colour: None,
            time: None,
            thread: None,
            rated: None,
            rating: RatingRange::default(),
        }
    }

    /// An open challenge (anyone in the channel may accept it) with every option at its
    /// default.
    #[must_use]
    pub fn open() -> Challenge {
        Challenge::new(User::anyone())
    }
}

/// The options of a new tournament; missing values take the defaults (8 × 8, default
/// pieces, delayed rule, 3 days per move, rated, Swiss rounds ceil(log2 n) + 1, no size
/// limit, no vacations).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentOptions {
    /// Its name.
    pub name: String,
    /// Swiss or round robin.
    pub format: TournamentFormat,
    /// Swiss rounds (round robin: ignored).
    pub rounds: Option<u32>,
    /// The clock of every game.
    pub time: Option<TimeControl>,
    /// The most entrants taken.
    pub max_players: Option<u32>,
    /// Board side.
    pub size: Option<u8>,
    /// Marbles each player starts with.
    pub pieces: Option<u16>,
    /// When a connection wins.
    pub rule: Option<WinRule>,
    /// Whether its games are rated (default: yes).
    pub rated: Option<bool>,
    /// Round robin: every pairing twice, colours reversed.
    pub double: Option<bool>,
    /// Whether vacations stop its games' clocks (default: no).
    pub vacation: Option<bool>,
    /// Knockout: games per match (1, 3, 5 or 7; default 1).
    pub best_of: Option<u8>,
    /// Knockout: what decides a level match (default: an extra game).
    pub tie: Option<crate::tournament::knockout::TieRule>,
    /// Knockout: how the seeds are made (default: by rating).
    pub seeding: Option<crate::model::Seeding>,
    /// Knockout: the seed of the random draw and of the extra games' lots (default: drawn).
    pub draw: Option<i64>,
    /// Whether each finished game is analysed automatically and the result posted in its
    /// thread (`analysis:on`; default: no).
    pub analysis: Option<bool>,
    /// Double elimination: whether a bracket reset is played when the losers' bracket's
    /// winner wins the grand final (default: yes).
    pub reset: Option<bool>,
    /// The check-in window's length in seconds (`check-in:30m`, 10 minutes to 24 hours):
    /// `tournament start` then opens it, and the tournament starts when it closes.
    pub check_in: Option<i64>,
    /// A knockout's round deadline in seconds (`deadline:3d`, 1 hour to 60 days): when it
    /// passes, each undecided match goes to the player ahead, a level one to the higher seed.
    pub deadline: Option<i64>,
}

impl TournamentOptions {
    /// A tournament named `name` in `format` with every other option at its default.
    #[must_use]
    pub fn new(name: impl Into<String>, format: TournamentFormat) -> TournamentOptions {
        TournamentOptions {
            name: name.into(),
            format,
            rounds: None,
            time: None,
            max_players: None,
            size: None,
            pieces: None,
            rule: None,
            rated: None,
            double: None,
            vacation: None,
            best_of: None,
            tie: None,
            seeding: None,
            draw: None,
            analysis: None,
            reset: None,
            check_in: None,
            deadline: None,
        }
    }
}

/// An organiser's verdict on a tournament game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The player who moved first (Black at the start) wins.
    First,
    /// The player who moved second wins.
    Second,
    /// A draw.
    Draw,
    /// Neither scores.
    BothForfeit,
}

impl FromStr for Verdict {
    type Err = String;
    fn from_str(s: &str) -> Result<Verdict, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "black" | "first" | "1-0" => Ok(Verdict::First),
            "white" | "second" | "0-1" => Ok(Verdict::Second),
            "draw" | "½-½" | "1/2-1/2" => Ok(Verdict::Draw),
            "forfeit" | "0-0" | "none" => Ok(Verdict::BothForfeit),
            other => Err(format!(
                "result '{other}' must be black (the first player wins), white, draw or forfeit \
                 (nobody scores)"
            )),
        }
    }
}

/// What `tournament` does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentAction {
    /// `tournament create NAME format:swiss|roundrobin [rounds] [time] [size] [pieces] [rule]
    /// [rated] [double] [vacation] [max]` (moderators and the server's `tournament-role`;
    /// anyone in the console).
    Create(TournamentOptions),
    /// Enter the tournament in sign-up (the Join button).
    Join,
    /// Leave it before the start (the Leave button).
    Leave,
    /// Close sign-up and pair round 1 (the organiser or a moderator); with a check-in
    /// window set at creation and not yet open, open it instead; while it is open, close it
    /// and start with those who checked in.
    Start,
    /// Open the check-in window (the organiser): entrants confirm with
    /// [`TournamentAction::Confirm`], and the tournament starts when it closes.
    CheckIn,
    /// Confirm one's place while the check-in window is open (the Check in button).
    Confirm,
    /// The standings.
    Standings,
    /// A round's pairings and results (default: the current round).
    Pairings(Option<u32>),
    /// Withdraw: oneself, or (the organiser) a named player. Their future games are
    /// forfeits; past results stand.
    Withdraw(Option<User>),
    /// Set a game's result (the organiser), by game number (or the `#N` of the request).
    Adjudicate(Option<GameId>, Verdict),
    /// Hold the next round until `resume`.
    Pause,
    /// Go on after `pause`, pairing the next round if it is due.
    Resume,
    /// Call the tournament off; its running games are aborted.
    Cancel,
    /// A knockout before its start: give an entrant a seed (the organiser); `None` takes
    /// the organiser's seed back.
    Seed(User, Option<u32>),
    /// A knockout: decide a player's current match for them (the organiser); its running
    /// game ends as adjudicated.
    Advance(User),
    /// Turn the automatic analysis of finished games on or off after creation (the
    /// organiser): on queues the games already over as well.
    Analysis(bool),
}

/// A setting a user (or a moderator, for the server) changes with `settings`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Setting {
    /// Where the caller's reminders go.
    Reminders(ReminderPlace),
    /// Whether accepted challenges on this server open a thread by default (moderators).
    ThreadGames(bool),
    /// How the caller's boards are drawn by default.
    View(View),
    /// The role whose members may create and run tournaments on this server besides the
    /// moderators (moderators; `None` forgets it).
    TournamentRole(Option<ServerRole>),
    /// Who may see this server's pages on the web companion (moderators).
    Web(WebAccess),
    /// The language: a moderator's in a server sets the server's, anyone else's (or a
    /// moderator's outside a server) their own. Checked by the service, which refuses an
    /// unknown one with the list.
    Language(String),
    /// The caller's own language, also for a moderator in a server.
    MyLanguage(String),
    /// The caller's time zone, an IANA name (`Europe/Madrid`); checked by the service.
    TimeZone(String),
}

/// What `replay` animates: a range of moves at a speed, of the channel's game (or the game a
/// `#N` names), or of a record given as text.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ReplayRequest {
    /// The first move shown, counted from 1 (default: the first).
    pub from: Option<usize>,
    /// The last move shown (default: the last).
    pub to: Option<usize>,
    /// How fast it plays (default: normal).
    pub speed: Option<Speed>,
    /// A game record (as `export` gives it) to animate instead of a stored game.
    pub record: Option<String>,
}

/// What `analyze` looks at: a position code, or a finished game (the one named, or the
/// channel's last) after some number of moves.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct AnalyzeRequest {
    /// A position code to analyse instead of a game.
    pub code: Option<String>,
    /// The win rule for a position code (default delayed).
    pub rule: Option<WinRule>,
    /// The game (default: the request's, or the channel's last).
    pub game: Option<GameId>,
    /// After how many moves (default: the last position where a move was to be found).
    pub ply: Option<usize>,
}

/// The `puzzle` subcommands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleCommand {
    /// `puzzle create CODE [rule] [several] [title]`: post a position with a forced win in
    /// at most three moves, proven by the solver.
    Create {
        /// The position code.
        code: String,
        /// The win rule (default delayed).
        rule: Option<WinRule>,
        /// A title, possibly empty.
        title: String,
        /// Post it even when several first moves win, marked "several solutions".
        several: bool,
    },
    /// `puzzle solve #N MOVE [MOVE...]`: check an answer, privately.
    Solve(PuzzleId, Vec<String>),
    /// `puzzle answer #N`: the solution, once the poster allowed it or after a day.
    Answer(PuzzleId),
    /// `puzzle reveal #N`: the poster lets everyone see the answer now.
    Reveal(PuzzleId),
    /// `puzzle daily on|off`: a puzzle a day in this channel, from the bank.
    Daily(bool),
    /// `puzzle mine [#N [MOVE...]]`: the caller's own puzzles, made from their blunders.
    Mine(MineAction),
}

/// What `puzzle mine` does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MineAction {
    /// `puzzle mine`: offer the next unsolved one (making new ones from analysed games).
    Next,
    /// `puzzle mine #N`: show that one again.
    Show(i64),
    /// `puzzle mine #N MOVE...`: answer it.
    Solve(i64, Vec<String>),
}

/// The three answers to an offer (a draw or a takeback).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Offer {
    /// Make the offer (or request).
    Offer,
    /// Accept the opponent's offer.
    Accept,
    /// Decline the opponent's offer (or withdraw one's own).
    Decline,
}

impl FromStr for Offer {
    type Err = String;
    fn from_str(s: &str) -> Result<Offer, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "" | "offer" | "request" | "propose" => Ok(Offer::Offer),
            "accept" | "yes" => Ok(Offer::Accept),
            "decline" | "no" | "withdraw" | "cancel" => Ok(Offer::Decline),
            other => Err(format!("'{other}' must be offer, accept or decline")),
        }
    }
}

/// A command with typed arguments; the slash-command grammar is
/// `/akron NAME [ARGUMENTS]` (see [`crate::service::text`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `challenge @opponent [size] [pieces] [rule] [colour]`: propose a game in this channel.
    Challenge(Challenge),
    /// `accept`: accept the open challenge addressed to the caller.
    Accept,
    /// `decline`: decline the open challenge addressed to the caller.
    Decline,
    /// `cancel`: the challenger withdraws their open challenge.
    Cancel,
    /// `rematch [#N]`: a new challenge to the opponent of a finished game (the request's, or
    /// the channel's last), colours swapped, same options; when the opponent already asked,
    /// it accepts theirs. Against the AI the new game starts at once.
    Rematch,
    /// `follow [#N|@player]`: direct messages with each move and the result of a game, or
    /// the start of each new game of a player; `follow` alone lists what one follows.
    Follow(Option<User>),
    /// `unfollow #N|@player`: stop following.
    Unfollow(Option<User>),
    /// `move NOTATION`: a placement (`F6`) or a step (`A2-D3'`), lenient notation; `swap`
    /// also works here.
    Move(String),
    /// `swap`: White's answer to the opening placement.
    Swap,
    /// `board [view:plan|perspective]`: the current position again.
    Board(Option<View>),
    /// `board view:text`: the whole position in words, level by level, for a screen reader.
    BoardText,
    /// `moves [POINT]`: the destinations of one piece, or every legal move.
    Moves(Option<String>),
    /// `resign`: the caller resigns at once.
    Resign,
    /// The board's Resign button: asks the caller to confirm with a second button, which is
    /// [`Command::Resign`]. Nothing changes until then.
    AskResign,
    /// `draw [offer|accept|decline]`.
    Draw(Offer),
    /// `abort`: call the game off (before each side has moved, or by a moderator).
    Abort,
    /// `takeback [request|accept|decline]`: undo the caller's last move if the opponent agrees.
    Takeback(Offer),
    /// `history`: the move list.
    History,
    /// `export`: the game record as a text file.
    Export,
    /// `show CODE-or-RECORD [view:plan|perspective]`: render any position, no game
    /// attached; a record is also animated.
    Show(String, Option<View>),
    /// `replay [#N] [from:PLY] [to:PLY] [speed:slow|normal|fast]`: the game as an animated GIF.
    Replay(ReplayRequest),
    /// `games`: the caller's active games in every channel.
    Games,
    /// `claim`: end the game when the opponent's time has run out (when the bot was down at
    /// the moment; it normally ends the game by itself).
    Claim,
    /// `settings [reminders:dm|channel|off] [thread-games:on|off]`: show or change settings.
    Settings(Option<Setting>),
    /// `premove X Y, X Y`: conditional moves, answers to the opponent's next move; `premove
    /// clear` empties the queue, `premove` alone shows it.
    Premove(String),
    /// `vacation on|off`: stop one's correspondence clocks (up to 14 days a year).
    Vacation(bool),
    /// `hint`: the engine's suggested move, privately; only in games against the AI.
    Hint,
    /// `analyze [#N] [move:N] | analyze CODE [rule:R]`: the engine's best move, win estimate
    /// and line for a finished game or a position (never a running game's position).
    Analyze(AnalyzeRequest),
    /// `puzzle ...`: puzzles proven by the solver.
    Puzzle(PuzzleCommand),
    /// `stats [@user]`: rating, results and a rating chart.
    Stats(Option<User>),
    /// `leaderboard`: the server's top players by rating.
    Leaderboard,
    /// `tournament ACTION ...`: sign-up, rounds and standings.
    Tournament(TournamentAction),
    /// `rules`: a short summary and a link to the full rules.
    Rules,
    /// `help`: the command list; `help tournament`: one command's page, every form and
    /// option ([`crate::service::text::help_page`]).
    Help(Option<&'static str>),
}

impl Command {
    /// The command's name in the slash-command grammar.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            Command::Challenge(_) => "challenge",
            Command::Accept => "accept",
            Command::Decline => "decline",
            Command::Cancel => "cancel",
            Command::Rematch => "rematch",
            Command::Follow(_) => "follow",
            Command::Unfollow(_) => "unfollow",
            Command::Move(_) => "move",
            Command::Swap => "swap",
            Command::Board(_) | Command::BoardText => "board",
            Command::Moves(_) => "moves",
            Command::Resign | Command::AskResign => "resign",
            Command::Draw(_) => "draw",
            Command::Abort => "abort",
            Command::Takeback(_) => "takeback",
            Command::History => "history",
            Command::Export => "export",
            Command::Show(..) => "show",
            Command::Replay(_) => "replay",
            Command::Games => "games",
            Command::Claim => "claim",
            Command::Settings(_) => "settings",
            Command::Premove(_) => "premove",
            Command::Vacation(_) => "vacation",
            Command::Hint => "hint",
            Command::Analyze(_) => "analyze",
            Command::Puzzle(_) => "puzzle",
            Command::Stats(_) => "stats",
            Command::Leaderboard => "leaderboard",
            Command::Tournament(_) => "tournament",
            Command::Rules => "rules",
            Command::Help(_) => "help",
        }
    }
}

#[cfg(test)]
mod tests;
