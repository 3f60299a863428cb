//! Every word the web pages show, in English, kept together so that they can be translated
//! (the chat's wording lives in the service; these are the pages' own).

use akron_rules::{Color, Outcome, Reason, WinRule};
use akron_service::model::{Status, TimeControl, TournamentFormat, TournamentStatus};
use akron_service::tournament::{GameResult, Tiebreak};

/// The site's name, in every title.
pub const SITE: &str = "Akron";
/// The footer's line.
pub const FOOTER: &str =
    "Akron, Cameron Browne's 3D connection game. Read-only pages of the Akron bot.";
/// The home page's text.
pub const HOME: &str = "Game, tournament and player pages of the Akron bot. Servers choose \
                        whether their pages are shown: they are reached through the links the \
                        bot posts.";
/// The 404 page's title and text.
pub const NOT_FOUND: &str = "Not found";
/// What a 404 page says.
pub const NOT_FOUND_TEXT: &str = "There is no page here. Links to games and tournaments come \
                                  from the bot, and a server can switch its pages off.";
/// The title of a failure.
pub const FAILED: &str = "Something went wrong";
/// What a failed page says.
pub const FAILED_TEXT: &str = "This page cannot be shown right now. Try again in a moment.";
/// Too many requests.
pub const TOO_MANY: &str = "Too many requests; wait a little and try again.";
/// Too many open live pages.
pub const BUSY: &str = "Too many live pages are open; reload later.";

/// A game page's title.
pub fn game_title(id: i64, black: &str, white: &str) -> String {
    format!("Game {id}: {black} vs {white}")
}
/// Headings of the game page.
pub const PLAYERS: &str = "Players";
/// Heading.
pub const MOVES: &str = "Moves";
/// Heading.
pub const DOWNLOADS: &str = "Downloads";
/// Link text.
pub const RECORD: &str = "Game record (text)";
/// Link text.
pub const REPLAY: &str = "Animated replay (GIF)";
/// The stepper's buttons.
pub const FIRST: &str = "First";
/// Button.
pub const PREVIOUS: &str = "Back";
/// Button.
pub const NEXT: &str = "Forward";
/// Button.
pub const LAST: &str = "Last";
/// The keyboard hint under the stepper.
pub const KEYS: &str = "Keys: ← and → step, Home and End jump.";
/// No moves yet.
pub const NO_MOVES: &str = "No moves yet.";
/// Shown beside a live game.
pub const LIVE: &str = "Live: new moves appear here.";
/// Label.
pub const RESULT: &str = "Result";
/// Label.
pub const CLOCK: &str = "Clock";
/// Label.
pub const BOARD: &str = "Board";
/// Label.
pub const RULE: &str = "Win rule";
/// A game's board and piles.
pub fn board_size(size: u8, pile: u16) -> String {
    format!("{size}×{size}, {pile} marbles each")
}
/// Label.
pub const RATED: &str = "Rated";
/// Label.
pub const STARTED: &str = "Started";
/// Label.
pub const TO_MOVE: &str = "To move";
/// Label.
pub const TIME_LEFT: &str = "Time left";
/// Label.
pub const MOVE_DUE: &str = "Move due by";
/// Yes.
pub const YES: &str = "yes";
/// No.
pub const NO: &str = "no";
/// A player's rating beside their name.
pub fn rating(value: f64, provisional: bool) -> String {
    if provisional {
        format!("{value:.0}?")
    } else {
        format!("{value:.0}")
    }
}
/// No rating yet.
pub const UNRATED: &str = "unrated";

/// What the board picture shows, as its caption and text alternative.
pub fn step(ply: usize, mv: &str, mover: Color, drops: &[String]) -> String {
    let mut text = format!("Move {ply}: {mv} by {}", mover.title());
    if !drops.is_empty() {
        text.push_str(". Dropped: ");
        text.push_str(&drops.join("; "));
    }
    text
}
/// The picture of the start.
pub const START: &str = "The start position";
/// What a board picture's text alternative starts with.
pub const BOARD_ALT: &str = "The board: ";
/// The alt text of a board picture.
pub fn board_alt(step: &str) -> String {
    format!("{BOARD_ALT}{step}")
}

/// A game's status for a page.
pub fn status(status: Status, outcome: Option<Outcome>, to_move: Option<Color>) -> String {
    match (status, outcome) {
        (_, Some(outcome)) => outcome_text(outcome),
        (Status::Active, None) => match to_move {
            Some(colour) => format!("Being played; {} to move", colour.title()),
            None => "Being played".to_string(),
        },
        (Status::Open, None) => "Waiting for the challenge to be accepted".to_string(),
        _ => "Not played".to_string(),
    }
}

/// A result with its reason.
pub fn outcome_text(outcome: Outcome) -> String {
    let reason = match outcome.reason {
        Reason::Connection => "by connection",
        Reason::NoLegalMove => "as the opponent had no legal move",
        Reason::Repetition => "by repetition",
        Reason::Resignation => "by resignation",
        Reason::Agreement => "by agreement",
        Reason::Abort => "",
        Reason::Timeout => "on time",
    };
    match (outcome.winner, outcome.reason) {
        (None, Reason::Abort) => "Aborted".to_string(),
        (Some(colour), _) => format!("{} won {reason}", colour.title()),
        (None, _) => format!("Drawn {reason}"),
    }
}

/// A win rule.
pub fn rule(rule: WinRule) -> &'static str {
    match rule {
        WinRule::Delayed => "delayed (a connection must survive the reply)",
        WinRule::Immediate => "immediate",
    }
}

/// A time control.
pub fn time_control(control: TimeControl) -> String {
    control.to_string()
}

/// Seconds as `m:ss` or `h:mm:ss`.
pub fn clock(seconds: i64) -> String {
    let seconds = seconds.max(0);
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// A date and time, UTC.
pub fn when(unix: i64) -> String {
    let day = akron_service::record::date(unix);
    let seconds = unix.rem_euclid(86_400);
    format!("{day} {:02}:{:02} UTC", seconds / 3600, seconds / 60 % 60)
}

/// A tournament's format.
pub fn format(format: TournamentFormat, double: bool) -> &'static str {
    match (format, double) {
        (TournamentFormat::Swiss, _) => "Swiss",
        (TournamentFormat::RoundRobin, false) => "Round robin",
        (TournamentFormat::RoundRobin, true) => "Double round robin",
    }
}

/// A tournament's status.
pub fn tournament_status(status: TournamentStatus) -> &'static str {
    match status {
        TournamentStatus::SignUp => "Taking entrants",
        TournamentStatus::Running => "Running",
        TournamentStatus::Paused => "Paused",
        TournamentStatus::Finished => "Finished",
        TournamentStatus::Cancelled => "Cancelled",
    }
}

/// The tiebreak's column heading.
pub fn tiebreak(tiebreak: Tiebreak) -> &'static str {
    match tiebreak {
        Tiebreak::Buchholz => "Buchholz",
        Tiebreak::SonnebornBerger => "Sonneborn-Berger",
    }
}

/// A board's result from Black's side then White's: `1–0`, `½–½`, `+/−` for a forfeit.
pub fn board_result(result: Option<GameResult>) -> &'static str {
    match result {
        None => "…",
        Some(GameResult::FirstWon) => "1–0",
        Some(GameResult::SecondWon) => "0–1",
        Some(GameResult::Draw) => "½–½",
        Some(GameResult::FirstForfeited) => "−/+",
        Some(GameResult::SecondForfeited) => "+/−",
        Some(GameResult::BothForfeited) => "−/−",
    }
}

/// Tournament headings and labels.
pub const STANDINGS: &str = "Standings";
/// Heading.
pub const ROUNDS: &str = "Rounds";
/// Heading.
pub const ENTRANTS: &str = "Entrants";
/// Heading.
pub const CROSSTABLE: &str = "Crosstable";
/// Heading.
pub const PROGRESS: &str = "Score after each round";
/// Note when a crosstable would be too large.
pub const CROSSTABLE_TOO_LARGE: &str = "Too many entrants for a crosstable; see the rounds.";
/// Column.
pub const RANK: &str = "#";
/// Column.
pub const PLAYER: &str = "Player";
/// Column.
pub const POINTS: &str = "Points";
/// Column.
pub const RECORD_WDL: &str = "W-D-L";
/// Column.
pub const BLACK: &str = "Black";
/// Column.
pub const WHITE: &str = "White";
/// Column.
pub const SEED: &str = "Rating";
/// A withdrawn entrant's mark.
pub const WITHDRAWN: &str = "withdrawn";
/// A round's heading.
pub fn round(number: u32) -> String {
    format!("Round {number}")
}
/// A bye.
pub fn bye(name: &str) -> String {
    format!("Bye: {name}")
}
/// The round line of a tournament.
pub fn round_of(current: u32, planned: Option<u32>) -> String {
    match planned {
        Some(planned) => format!("Round {current} of {planned}"),
        None => format!("Round {current}"),
    }
}
/// Label.
pub const FORMAT: &str = "Format";
/// Label.
pub const STATUS: &str = "Status";
/// Label.
pub const ORGANISER: &str = "Organiser";
/// Label.
pub const GAMES: &str = "Games";
/// Link.
pub const STANDINGS_CSV: &str = "Standings (CSV)";
/// Link.
pub const PAIRINGS_CSV: &str = "Pairings (CSV)";
/// No rounds yet.
pub const NO_ROUNDS: &str = "No round has been paired yet.";
/// A game link's text.
pub fn game_link(id: i64) -> String {
    format!("Game {id}")
}

/// Server page.
pub const SERVER_TITLE: &str = "Server";
/// Heading.
pub const LEADERBOARD: &str = "Leaderboard";
/// Heading.
pub const TOURNAMENTS: &str = "Tournaments";
/// Heading.
pub const RECENT_GAMES: &str = "Recent games";
/// Nothing to list.
pub const NONE_YET: &str = "None yet.";
/// Column.
pub const RATING: &str = "Rating";

/// Player page.
pub const RATING_HISTORY: &str = "Rating history";
/// Heading.
pub const BY_COLOUR: &str = "Results by colour";
/// Heading.
pub const STREAKS: &str = "Streaks";
/// Column.
pub const WON: &str = "Won";
/// Column.
pub const DRAWN: &str = "Drawn";
/// Column.
pub const LOST: &str = "Lost";
/// A streak line.
pub fn current_streak(kind: &str, length: usize) -> String {
    format!("Current: {length} {kind}")
}
/// A streak line.
pub fn best_streak(length: usize) -> String {
    format!("Longest winning streak: {length}")
}
/// A chart's text alternative.
pub fn chart_alt(first: f64, last: f64, low: f64, high: f64, games: usize) -> String {
    format!(
        "Rating over {games} rated games: from {first:.0} to {last:.0}, lowest {low:.0}, \
         highest {high:.0}"
    )
}
/// Result words.
pub const WIN: &str = "win";
/// Result words.
pub const DRAW: &str = "draw";
/// Result words.
pub const LOSS: &str = "loss";
/// The plural of a streak kind.
pub fn streak_kind(kind: &str, length: usize) -> String {
    match (kind, length) {
        (_, 1) => kind.to_string(),
        ("loss", _) => "losses".to_string(),
        (other, _) => format!("{other}s"),
    }
}

/// Puzzle page.
pub fn puzzle_title(id: i64, title: &str) -> String {
    if title.is_empty() {
        format!("Puzzle {id}")
    } else {
        format!("Puzzle {id}: {title}")
    }
}
/// What the puzzle asks.
pub fn puzzle_task(colour: Color, moves: u32) -> String {
    match moves {
        1 => format!("{} to move wins in one move.", colour.title()),
        n => format!("{} to move wins in {n} moves.", colour.title()),
    }
}
/// Before the reveal.
pub fn puzzle_hidden(reveal: i64) -> String {
    format!(
        "The solution and who solved it are shown from {}.",
        when(reveal)
    )
}
/// Heading.
pub const SOLUTION: &str = "Solution";
/// Heading.
pub const WINNING_FIRST_MOVES: &str = "Every winning first move";
/// Heading.
pub const SOLVERS: &str = "Solved by";
/// Alt text.
pub const PUZZLE_ALT: &str = "The puzzle's position";
