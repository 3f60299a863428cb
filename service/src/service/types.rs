//! The service's plain input and output types, shared by every front end.
//!
//! A front end (Discord, Matrix, the console) turns what its user did into a [`Request`], hands
//! it to [`crate::service::Service::handle`], and shows the [`Reply`]. It never decides
//! anything about the game itself.

use crate::catalogue::Arg;
pub use crate::catalogue::Language;
pub use crate::images::{Speed, View};
pub use crate::model::{
    ChannelId, GameId, Platform, PuzzleId, ReminderPlace, ServerId, ServerRole, TimeControl,
    TournamentFormat, TournamentId, User, UserId, WebAccess,
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
    /// Who is challenged.
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
        }
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
    /// Close sign-up and pair round 1 (the organiser or a moderator).
    Start,
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
    /// `help`: the command list.
    Help,
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
            Command::Help => "help",
        }
    }
}

/// How a button looks; front ends map it to their own styles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ButtonStyle {
    /// The main action (Accept).
    Primary,
    /// A neutral action.
    Secondary,
    /// A good outcome (Accept a draw).
    Success,
    /// A destructive action (Decline, Cancel).
    Danger,
}

/// A button under a reply. Pressing it is the request [`Button::command`] about
/// [`Button::game`], made by whoever pressed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    /// What the button says.
    pub label: String,
    /// A stable id, `akron:ACTION:GAME` (for example `akron:accept:12`), at most 100 bytes.
    /// [`parse_button_id`] reads it back.
    pub id: String,
    /// How it looks.
    pub style: ButtonStyle,
    /// The command it stands for (also what the console prints for typing).
    pub command: Command,
    /// The game it is about (for the tournament buttons: the tournament's number).
    pub game: GameId,
}

/// Every button: the middle part of its id, the command it stands for, its label and how it
/// looks. The one source of button metadata. Ids on messages already posted keep their
/// meaning, so entries are only ever added. The tournament buttons carry the tournament's
/// number where the others carry a game's.
const BUTTONS: [(&str, Command, &str, ButtonStyle); 14] = [
    ("accept", Command::Accept, "Accept", ButtonStyle::Success),
    ("decline", Command::Decline, "Decline", ButtonStyle::Danger),
    ("cancel", Command::Cancel, "Cancel", ButtonStyle::Secondary),
    ("swap", Command::Swap, "Swap", ButtonStyle::Primary),
    (
        "board",
        Command::Board(None),
        "Board",
        ButtonStyle::Secondary,
    ),
    (
        "draw-offer",
        Command::Draw(Offer::Offer),
        "Offer draw",
        ButtonStyle::Secondary,
    ),
    (
        "draw-accept",
        Command::Draw(Offer::Accept),
        "Accept draw",
        ButtonStyle::Success,
    ),
    (
        "draw-decline",
        Command::Draw(Offer::Decline),
        "Decline draw",
        ButtonStyle::Secondary,
    ),
    (
        "takeback-accept",
        Command::Takeback(Offer::Accept),
        "Accept takeback",
        ButtonStyle::Success,
    ),
    (
        "takeback-decline",
        Command::Takeback(Offer::Decline),
        "Decline takeback",
        ButtonStyle::Danger,
    ),
    ("resign", Command::AskResign, "Resign", ButtonStyle::Danger),
    (
        "resign-confirm",
        Command::Resign,
        "Yes, resign",
        ButtonStyle::Danger,
    ),
    (
        "tournament-join",
        Command::Tournament(TournamentAction::Join),
        "Join",
        ButtonStyle::Success,
    ),
    (
        "tournament-leave",
        Command::Tournament(TournamentAction::Leave),
        "Leave",
        ButtonStyle::Secondary,
    ),
];

impl Button {
    /// The button for `command` about `game`, labelled and styled from the one table of
    /// buttons. Returns `None` for commands no button carries (those with free-text
    /// arguments, such as `move`).
    #[must_use]
    pub fn of(command: Command, game: GameId) -> Option<Button> {
        let (action, _, label, style) = BUTTONS.iter().find(|(_, c, _, _)| *c == command)?;
        Some(Button {
            label: (*label).to_string(),
            id: format!("akron:{action}:{}", game.0),
            style: *style,
            command,
            game,
        })
    }
}

impl Reply {
    /// Labels its buttons in `language` (the catalogue's `button-ACTION`); a button whose id
    /// is not one of [`Button::of`]'s keeps its label.
    pub fn label_buttons(&mut self, language: Language) {
        for button in &mut self.buttons {
            if let Some(action) = button.id.split(':').nth(1) {
                if BUTTONS.iter().any(|(known, _, _, _)| *known == action) {
                    button.label =
                        crate::catalogue::say(language, &format!("button-{action}"), &[]);
                }
            }
        }
    }
}

/// Reads a button id made by [`Button::of`] back into its command and game.
#[must_use]
pub fn parse_button_id(id: &str) -> Option<(Command, GameId)> {
    let mut parts = id.split(':');
    if parts.next() != Some("akron") {
        return None;
    }
    let action = parts.next()?;
    let game = GameId(parts.next()?.parse().ok()?);
    if parts.next().is_some() || game.0 <= 0 {
        return None;
    }
    let (_, command, _, _) = BUTTONS.iter().find(|(a, _, _, _)| *a == action)?;
    Some((command.clone(), game))
}

/// A file attached to a reply (the export).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    /// File name, such as `akron-12.txt`.
    pub filename: String,
    /// The file's bytes.
    pub content: Vec<u8>,
    /// What the file is, in the reader's language (Discord: its `description`, at most
    /// 1,024 characters).
    pub description: String,
}

/// The language and time zone times are written in for a platform without timestamps of
/// its own (Matrix, the console).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reader {
    /// The language of the relative form (`in 3 h`).
    pub language: Language,
    /// An IANA time zone name; `None` is UTC.
    pub zone: Option<String>,
}

/// What the service answers. Front ends show all of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// The message, in Markdown (bold with `**`, code with backticks). Users it mentions
    /// appear as `<@USER_ID>` with the opaque id (`<@discord:8035>`), channels it names as
    /// `<#CHANNEL_ID>` (`<#discord:1234>`); [`Reply::text_with`] turns both into each
    /// platform's form. Every such user is also in [`Reply::mentions`], every such channel in
    /// [`Reply::channels`].
    pub text: String,
    /// A board picture, PNG bytes.
    pub image: Option<Vec<u8>>,
    /// The picture's text alternative, in the reader's language, at most 1,024 characters
    /// (Discord: the attachment's `description`; Matrix: the image event's `body`).
    pub alt: Option<String>,
    /// Who reads the times in [`Reply::text`]: deadlines are written as Discord timestamps
    /// (`<t:UNIX:R>`, `<t:UNIX:f>`), which Discord shows in each reader's own zone; other
    /// front ends write them with [`crate::service::times::local_times`] in this reader's
    /// language and time zone.
    pub reader: Reader,
    /// An animated replay, GIF bytes.
    pub animation: Option<Vec<u8>>,
    /// The position shown, as a position code, so a front end can also draw it as text.
    pub position: Option<String>,
    /// How the game of [`Reply::position`] ended, in words (`bob resigned: alice wins`),
    /// when it has: a front end drawing the board as text says this instead of whose turn
    /// it is.
    pub result: Option<String>,
    /// The game whose board this reply shows, if it shows one. A front end may use it to
    /// keep only the latest board of a game interactive.
    pub board_of: Option<GameId>,
    /// A file to attach (the export).
    pub attachment: Option<Attachment>,
    /// Buttons under the message.
    pub buttons: Vec<Button>,
    /// Users to notify: everyone mentioned in the text.
    pub mentions: Vec<User>,
    /// Channels named in the text (not notified).
    pub channels: Vec<ChannelId>,
    /// Set for replies only the caller needs to see: refusals and errors (nothing changed),
    /// and questions such as the resign confirmation.
    pub ephemeral: bool,
    /// Set for refusals and errors only (nothing changed), so that a front end can tell them
    /// from private answers such as a hint or a solved puzzle.
    pub refused: bool,
    /// Asks the front end to open a thread off this message, named so, for the game in
    /// [`Reply::board_of`]; it then calls
    /// [`Service::thread_opened`](crate::service::Service::thread_opened) with the new
    /// channel and posts what that returns in the thread.
    pub thread: Option<String>,
    /// When answering a button press, replace the message the button is on with this one
    /// instead of posting a new message (the tournament sign-up's live list of entrants).
    pub replaces_pressed: bool,
    /// This reply is the sign-up message of this tournament: a front end that can edit
    /// messages tells [`Service::signup_posted`](crate::service::Service::signup_posted)
    /// where it posted it.
    pub signup_of: Option<TournamentId>,
    /// Replace the message at this place (what the front end gave
    /// [`Service::signup_posted`](crate::service::Service::signup_posted)) with this reply
    /// instead of posting it, and answer the caller privately: `tournament join` and
    /// `leave` typed as commands update the sign-up message as the buttons do. A front end
    /// that cannot (or fails to) posts the reply as usual.
    pub replaces_message: Option<String>,
    /// A link to this reply's page on the web companion (a board's game, a tournament's
    /// sign-up), when the service knows the public address and the server's pages are on:
    /// Discord shows it as a link button, Matrix as a link in the text.
    pub web_link: Option<WebLink>,
    /// The tournament this reply is about (its standings, pairings, a new round, a game's
    /// announcement), for the link to its page.
    pub tournament_of: Option<TournamentId>,
    /// The puzzle this reply posts, for the link to its page.
    pub puzzle_of: Option<crate::model::PuzzleId>,
}

/// A link to a page of the web companion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebLink {
    /// What the link says (`View game`).
    pub label: String,
    /// The full address.
    pub url: String,
}

impl Reply {
    /// The running game whose board this reply shows (a board with buttons: a finished
    /// game's board has none). Front ends tell [`Service::board_posted`](crate::service::Service::board_posted)
    /// where they posted it, so that reminders link to it.
    #[must_use]
    pub fn running_board(&self) -> Option<GameId> {
        self.board_of.filter(|_| !self.buttons.is_empty())
    }

    /// A plain public message.
    #[must_use]
    pub fn text(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    /// A message only the caller sees, that is not a refusal (their settings).
    #[must_use]
    pub fn private(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ephemeral: true,
            ..Reply::default()
        }
    }

    /// A refusal or error, seen only by the caller. Nothing changed.
    #[must_use]
    pub fn refusal(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ephemeral: true,
            refused: true,
            ..Reply::default()
        }
    }

    /// The mention token for `user` in [`Reply::text`]: `<@discord:8035>`.
    #[must_use]
    pub fn mention(user: &UserId) -> String {
        format!("<@{}>", user.0)
    }

    /// The text with each user token replaced by `user(..)` and each channel token by
    /// `channel(..)`; a token not in [`Reply::mentions`] or [`Reply::channels`] is left as
    /// it is.
    #[must_use]
    pub fn text_with(
        &self,
        user: impl Fn(&User) -> String,
        channel: impl Fn(&ChannelId) -> String,
    ) -> String {
        let mut text = self.text.clone();
        for mentioned in &self.mentions {
            text = text.replace(&Reply::mention(&mentioned.id), &user(mentioned));
        }
        for named in &self.channels {
            text = text.replace(&format!("<#{}>", named.0), &channel(named));
        }
        text
    }

    /// Adds `channel` to the channels the text names (once) and returns its token.
    pub fn name_channel(&mut self, channel: &ChannelId) -> String {
        if !self.channels.contains(channel) {
            self.channels.push(channel.clone());
        }
        format!("<#{}>", channel.0)
    }

    /// Adds `user` to the users to notify (once) and returns their mention token, as a
    /// message's argument. The AI is never pinged: its token is its name in bold, from the
    /// catalogue (`ai-player-mention`).
    pub fn mention_user(&mut self, user: &User) -> Arg {
        if let Some(level) = user.id.ai_level() {
            return crate::phrase!("ai-player-mention", level = level.to_string()).into();
        }
        if !self.mentions.iter().any(|u| u.id == user.id) {
            self.mentions.push(user.clone());
        }
        Arg::Text(Reply::mention(&user.id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn button_ids_round_trip() {
        let commands = [
            Command::Accept,
            Command::Decline,
            Command::Cancel,
            Command::Swap,
            Command::AskResign,
            Command::Draw(Offer::Offer),
            Command::Draw(Offer::Accept),
            Command::Draw(Offer::Decline),
            Command::Takeback(Offer::Accept),
            Command::Takeback(Offer::Decline),
            Command::Board(None),
            Command::Resign,
            Command::Tournament(TournamentAction::Join),
            Command::Tournament(TournamentAction::Leave),
        ];
        for command in commands {
            let Some(button) = Button::of(command.clone(), GameId(42)) else {
                panic!("{command:?} has a button");
            };
            assert!(button.id.len() <= 100);
            assert_eq!(parse_button_id(&button.id), Some((command, GameId(42))));
        }
        assert_eq!(parse_button_id("akron:move:3"), None);
        assert_eq!(
            parse_button_id("akron:resign:3"),
            Some((Command::AskResign, GameId(3))),
            "the board's Resign button asks first"
        );
        assert_eq!(
            parse_button_id("akron:resign-confirm:3"),
            Some((Command::Resign, GameId(3)))
        );
        assert_eq!(parse_button_id("akron:accept:0"), None);
        assert_eq!(parse_button_id("akron:accept:-4"), None);
        assert_eq!(parse_button_id("akron:accept:x"), None);
        assert_eq!(parse_button_id("other:accept:3"), None);
        assert_eq!(parse_button_id("akron:accept:3:4"), None);
    }

    #[test]
    fn mentions_render_per_platform() {
        let bob = User::new(UserId::new("discord", "99"), "bob");
        let lobby = ChannelId::new("discord", "77");
        let mut reply = Reply::default();
        let token = reply.mention_user(&bob).say(Language::English);
        let channel = reply.name_channel(&lobby);
        reply.text = format!("{token} to move in {channel}");
        assert_eq!(
            reply.text_with(
                |u| format!("<@{}>", u.id.local()),
                |c| format!("<#{}>", c.local())
            ),
            "<@99> to move in <#77>"
        );
        assert_eq!(
            reply.text_with(|u| format!("@{}", u.name), |c| format!("#{}", c.local())),
            "@bob to move in #77"
        );
    }
}
