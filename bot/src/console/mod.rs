//! The console front end: slash-command text in, replies out, on the same service and
//! database as the bot. Users are plain names (`console:NAME`), the channel is
//! `console:main` unless switched, and buttons are printed as commands to type.
//!
//! This file holds the session (who acts, where, the loop that reads lines and prints
//! replies, where pictures are saved); `typed.rs` reads what the user types that is the
//! console's own (names, durations, `#N`), `text.rs` turns Markdown into terminal text, and
//! `board.rs` draws a position as text.

mod board;
mod text;
mod typed;

pub use board::{ascii_board, ascii_board_in};
pub use text::terminal_text;
pub use typed::MAX_NAME;

use text::button_text;
use typed::{bad_name, parse_duration, split_game, user_name, with_console_commands};

/// The console as the service sees it: the prefix of its ids (`console:alice`) and of the
/// notices it prints; anyone at the terminal may organise tournaments.
pub const PLATFORM: Platform = Platform {
    id: "console",
    roles: false,
    anyone_organises: true,
};

use crate::service::text::parse_line;
use crate::service::times::local_times;
use crate::service::{
    ChannelId, Destination, GameId, Languages, Notice, Reply, Request, ServerId, Service, User,
    UserId,
};
use akron_rules::Position;
use akron_service::catalogue::Language;
use akron_service::delivery::{self, SendError};
use akron_service::model::Platform;
use akron_service::say;
use std::fs;
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// The console's state: who acts, where, and where pictures go.
#[derive(Debug)]
pub struct Console<'a> {
    service: &'a Service,
    user: String,
    channel: String,
    moderator: bool,
    out_dir: PathBuf,
    /// The number of the last board picture in `out_dir`, from this session or an earlier one.
    pictures: usize,
    /// Whether Markdown bold becomes ANSI bold (a terminal) or plain text.
    styled: bool,
    /// The language last read for the console's lines, spoken while the settings are out of
    /// reach (the database is down).
    known_language: std::cell::Cell<Option<Language>>,
}

impl<'a> Console<'a> {
    /// A console acting as `alice` in channel `main`, writing pictures into `out_dir`.
    #[must_use]
    pub fn new(service: &'a Service, out_dir: &Path) -> Console<'a> {
        Console {
            service,
            user: "alice".to_string(),
            channel: "main".to_string(),
            moderator: false,
            out_dir: out_dir.to_path_buf(),
            pictures: 0,
            styled: false,
            known_language: std::cell::Cell::new(None),
        }
    }

    /// Shows Markdown bold as ANSI bold when `styled` (for a terminal), else as plain text.
    #[must_use]
    pub fn styled(mut self, styled: bool) -> Console<'a> {
        self.styled = styled;
        self
    }

    /// The request the console makes for `command`, as the acting user, in the current
    /// channel.
    fn request(&self, command: crate::service::Command, game: Option<GameId>) -> Request {
        Request {
            platform: PLATFORM,
            user: console_user(&self.user),
            channel: ChannelId::new(PLATFORM.id, &self.channel),
            is_moderator: self.moderator,
            game,
            server: Some(ServerId(PLATFORM.id.to_string())),
            roles: Vec::new(),
            command,
            locale: None,
            server_locale: None,
            // What the service words a failure in when the settings cannot be read.
            language: self
                .known_language
                .get()
                .map_or_else(Languages::default, |known| Languages {
                    public: known,
                    private: known,
                }),
            own_view: None,
        }
    }

    /// The language of the console's own lines: the acting user's own (`settings
    /// language:`), else the console's server's; the last one read when the settings cannot
    /// be read, English before any.
    fn language(&self) -> Language {
        match self
            .service
            .languages(&self.request(crate::service::Command::Games, None))
        {
            Ok(languages) => {
                self.known_language.set(Some(languages.private));
                languages.private
            }
            Err(error) => {
                tracing::warn!(%error, "the console's language cannot be read; the last one known is spoken");
                self.known_language.get().unwrap_or(Language::English)
            }
        }
    }

    /// Reads commands from `input` until it ends (or `quit`), printing replies to `output`.
    ///
    /// A line that is not UTF-8 is refused and the session goes on; so does a picture that
    /// cannot be saved.
    ///
    /// # Errors
    ///
    /// When reading the input or writing the output fails.
    pub fn run(&mut self, mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
        let language = self.language();
        let folder = self.out_dir.display().to_string();
        let pictures = match fs::create_dir_all(&self.out_dir) {
            Ok(()) => say!(language, "console-pictures-go", folder = folder),
            Err(e) => say!(
                language,
                "console-pictures-folder-failed",
                folder = folder,
                error = e.to_string()
            ),
        };
        self.pictures = last_picture_number(&self.out_dir);
        let prompt = io::stdin().is_terminal();
        writeln!(
            output,
            "{}",
            say!(
                language,
                "console-welcome",
                database = self.service.config().database().to_string(),
                pictures = pictures
            )
        )?;
        // Whatever fell due while nobody was here (a challenge expired) is settled and told.
        self.deliver_notices(&mut output)?;
        if prompt {
            write!(output, "{}> ", self.user)?;
            output.flush()?;
        }
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            if input.read_until(b'\n', &mut bytes)? == 0 {
                break;
            }
            // A stopping process (SIGTERM) waits for the command under way, and takes no more.
            let _working = self.service.work();
            if self.service.stopping() {
                break;
            }
            let go_on = match std::str::from_utf8(&bytes) {
                Ok(line) => self.line(line, &mut output)?,
                Err(_) => {
                    writeln!(output, "! {}", say!(self.language(), "console-not-utf8"))?;
                    true
                }
            };
            if !go_on {
                break;
            }
            self.deliver_notices(&mut output)?;
            if prompt {
                write!(output, "{}> ", self.user)?;
            }
            output.flush()?;
        }
        Ok(())
    }

    /// Handles one line. Returns false to stop.
    fn line(&mut self, line: &str, out: &mut impl Write) -> io::Result<bool> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Ok(true);
        }
        let mut words = line.split_whitespace();
        let language = self.language();
        match (words.next(), words.next(), words.next()) {
            (Some("quit" | "exit"), None, _) => return Ok(false),
            (Some("as"), Some(name), None) => {
                match user_name(name) {
                    Some(name) => {
                        self.user = name.to_string();
                        // In the language of whom the console now acts as.
                        let language = self.language();
                        writeln!(out, "{}", say!(language, "console-acting-as", user = name))?;
                    }
                    None => writeln!(out, "! {}", bad_name(name, language))?,
                }
                return Ok(true);
            }
            (Some("in"), Some(channel), None) => {
                self.channel = channel.trim_start_matches('#').to_string();
                writeln!(
                    out,
                    "{}",
                    say!(language, "console-in-channel", channel = &self.channel)
                )?;
                return Ok(true);
            }
            (Some("as"), None, _) => {
                writeln!(out, "! {}", say!(language, "console-as-needs-name"))?;
                return Ok(true);
            }
            (Some("in"), None, _) => {
                writeln!(out, "! {}", say!(language, "console-in-needs-channel"))?;
                return Ok(true);
            }
            (Some("mod"), switch, None) if !matches!(switch, Some("on" | "off")) => {
                writeln!(out, "! {}", say!(language, "console-mod-needs-switch"))?;
                return Ok(true);
            }
            (Some("mod"), Some(on), None) => {
                self.moderator = on == "on";
                writeln!(
                    out,
                    "{}",
                    say!(
                        language,
                        "console-moderator",
                        user = &self.user,
                        moderator = if self.moderator { "yes" } else { "no" }
                    )
                )?;
                return Ok(true);
            }
            (Some("wait"), first, _) => {
                // `wait 1d 2h` is `wait 1d2h`.
                let duration: String = line.split_whitespace().skip(1).collect();
                match (first, parse_duration(&duration, language)) {
                    (None, _) => writeln!(out, "! {}", say!(language, "console-wait-how-long"))?,
                    (_, Ok(seconds)) => {
                        let shown = line
                            .split_whitespace()
                            .skip(1)
                            .collect::<Vec<_>>()
                            .join(" ");
                        self.wait(seconds, &shown, out)?;
                    }
                    (_, Err(e)) => writeln!(out, "! {e}")?,
                }
                return Ok(true);
            }
            (Some("help" | "/akron help" | "/help"), None, _) => {
                writeln!(
                    out,
                    "{}",
                    terminal_text(&say!(language, "console-help"), self.styled)
                )?;
            }
            _ => {}
        }
        // `puzzle answer #3` names a puzzle, not a game.
        let bare = line.trim_start_matches('/').to_ascii_lowercase();
        let split = if ["puzzle", "akron puzzle", "akron-puzzle"]
            .iter()
            .any(|p| bare.starts_with(p))
        {
            Ok((line, None))
        } else {
            split_game(line, language)
        };
        let (line, game) = match split {
            Ok(split) => split,
            Err(refusal) => {
                writeln!(out, "! {refusal}")?;
                return Ok(true);
            }
        };
        let line = match self.read_show_file(line, language) {
            Ok(line) => line,
            Err(refusal) => {
                writeln!(out, "! {refusal}")?;
                return Ok(true);
            }
        };
        let (command, game) = match parse_line(&line, |name| user_name(name).map(console_user)) {
            // `replay #1 from:2` names its game where `replay from:2 #1` does.
            Ok(parsed) => (parsed.command, game.or(parsed.game)),
            Err(e) => {
                let e = with_console_commands(e);
                // In the language of what only the caller sees, as the service words it.
                let refusal = self
                    .service
                    .mistyped(&self.request(crate::service::Command::Help(None), game), &e)
                    .map_or_else(|_| e.say(language), |reply| reply.text);
                let refusal = akron_service::catalogue::console_commands(&refusal);
                writeln!(out, "! {refusal}")?;
                return Ok(true);
            }
        };
        let request = self.request(command, game);
        let reply = self.service.handle(&request);
        self.print(&reply, out)?;
        let language = reply.reader.language;
        if let (Some(name), None) = (&reply.thread, reply.board_of) {
            writeln!(
                out,
                "{}",
                say!(language, "console-thread-discussion", name = name)
            )?;
        }
        if let (Some(name), Some(game)) = (&reply.thread, reply.board_of) {
            // The console's threads are channels named after their game.
            let thread = format!("game-{}", game.0);
            match self
                .service
                .thread_opened(game, &ChannelId::new(PLATFORM.id, &thread))
            {
                Ok(posted) => {
                    writeln!(
                        out,
                        "{}",
                        say!(
                            language,
                            "console-thread-now-in",
                            name = name,
                            channel = &thread
                        )
                    )?;
                    self.channel = thread;
                    self.print(&posted, out)?;
                }
                Err(error) => {
                    tracing::error!(game = game.0, %error, "could not open a thread");
                    writeln!(
                        out,
                        "! {}",
                        say!(language, "console-thread-failed", error = error.to_string())
                    )?;
                }
            }
        }
        Ok(true)
    }

    /// Moves the console's clock forward by `seconds`, in steps: to each deadline that
    /// falls due on the way (a reminder, a timeout, a daily puzzle), settling it and printing
    /// its notices there, so that `wait 2d` shows every reminder that fell due before the
    /// timeout, as the bot would have posted them (issue 38, point 10). What falls due at
    /// the end is printed after the command, as for any other.
    fn wait(&mut self, seconds: i64, shown: &str, out: &mut impl Write) -> io::Result<()> {
        /// More deadlines than this in one wait are settled together at its end.
        const MOST_STEPS: usize = 1_000;
        let language = self.language();
        let target = self.service.now().saturating_add(seconds);
        for step in 0.. {
            let now = self.service.now();
            let next = match self.service.next_tick() {
                Ok(Some(due)) if due > now && due < target && step < MOST_STEPS => due,
                _ => target,
            };
            match self.service.advance_clock(next - now) {
                Ok(true) if step == 0 => {
                    writeln!(
                        out,
                        "{}",
                        say!(language, "console-clock-moved", span = shown)
                    )?;
                }
                Ok(true) => {}
                Ok(false) => {
                    writeln!(out, "! {}", say!(language, "console-clock-fixed"))?;
                    return Ok(());
                }
                Err(error) => {
                    tracing::error!(%error, "could not move the console's clock");
                    writeln!(
                        out,
                        "! {}",
                        say!(language, "console-clock-failed", error = error.to_string())
                    )?;
                    return Ok(());
                }
            }
            if next >= target {
                break;
            }
            self.deliver_notices(out)?;
        }
        Ok(())
    }

    /// Settles what is due and prints the notices for the console, as the bot would post
    /// them, marking each delivered.
    fn deliver_notices(&mut self, out: &mut impl Write) -> io::Result<()> {
        // Background work (the AI's moves, deadlines, delivery) that cannot reach the
        // database is logged and tried again after the next line, without a word to the
        // player, who was already told once by their own command (issue 38, point 15).
        // The AI answers at once: its moves become notices like any other.
        if let Err(error) = crate::ai_player::play_pending(self.service) {
            tracing::error!(%error, "the AI could not move; it is tried again after the next line");
        }
        // Queued analyses run here, one after another: the console has no background worker.
        if let Err(error) = crate::ai_player::analyse_pending(self.service) {
            tracing::error!(%error, "an analysis failed; it is tried again after the next line");
        }
        if let Err(error) = self.service.tick(self.service.now()) {
            tracing::error!(%error, "could not settle what is due; tried again after the next line");
        }
        // The service's delivery driver claims each notice before it is printed (so that a
        // second console on the same file does not print it too); it is printed and flushed,
        // then marked at once: a kill between printing and marking prints it again in a later
        // session, once its claim has run out (at least once; a lost notice would be worse
        // than a repeated one).
        let service = self.service;
        let mut failed = None;
        let delivered = delivery::deliver_due(service, PLATFORM.id, |notice| {
            self.print_notice(notice, out).map_err(|error| {
                let reason = error.to_string();
                failed = Some(error);
                SendError::transient(reason)
            })
        });
        if let Some(error) = failed {
            return Err(error);
        }
        if let Err(error) = delivered {
            tracing::error!(%error, "could not deliver the notices; tried again after the next line");
        }
        Ok(())
    }

    /// Prints one notice as the bot would post it, opening the thread it asks for.
    fn print_notice(&mut self, notice: &Notice, out: &mut impl Write) -> io::Result<()> {
        let language = notice.reply.reader.language;
        let header = match &notice.to {
            Destination::Channel(channel) => {
                say!(language, "console-notice-in", channel = channel.local())
            }
            Destination::User(user) => say!(language, "console-notice-to", user = user.local()),
        };
        writeln!(out, "{header}")?;
        self.print(&notice.reply, out)?;
        if let Some(thread) = &notice.thread {
            // The console's threads are channels named after their game.
            let channel = format!("game-{}", thread.game.0);
            match self
                .service
                .thread_opened(thread.game, &ChannelId::new(PLATFORM.id, &channel))
            {
                Ok(posted) => {
                    writeln!(
                        out,
                        "{}",
                        terminal_text(
                            &say!(
                                language,
                                "console-thread-opened",
                                name = &thread.name,
                                channel = &channel
                            ),
                            self.styled
                        )
                    )?;
                    self.print(&posted, out)?;
                }
                Err(error) => {
                    tracing::error!(game = thread.game.0, %error, "could not open a thread");
                    writeln!(
                        out,
                        "! {}",
                        say!(language, "console-thread-failed", error = error.to_string())
                    )?;
                }
            }
        }
        out.flush()
    }

    /// `show FILE` reads the file, looking first where it was named from and then in the
    /// folder where `export` writes. A position code (it has colons) or a record typed inline
    /// (it has spaces) is passed on as it is; any other word is a file name.
    fn read_show_file(&self, line: &str, language: Language) -> Result<String, String> {
        let rest = line
            .strip_prefix("/akron")
            .unwrap_or(line)
            .trim()
            .strip_prefix("show ")
            .map(str::trim);
        let Some(name) = rest.filter(|r| !r.contains(':') && !r.contains(char::is_whitespace))
        else {
            return Ok(line.to_string());
        };
        let here = PathBuf::from(name);
        let places = if here.is_absolute() {
            vec![here]
        } else {
            vec![here.clone(), self.out_dir.join(&here)]
        };
        for place in &places {
            match fs::read_to_string(place) {
                Ok(text) => return Ok(format!("show {text}")),
                Err(e)
                    if matches!(
                        e.kind(),
                        io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
                    ) => {}
                Err(e) => {
                    return Err(say!(
                        language,
                        "console-file-unreadable",
                        file = place.display().to_string(),
                        error = e.to_string()
                    ))
                }
            }
        }
        let looked: Vec<String> = places.iter().map(|p| p.display().to_string()).collect();
        Err(say!(
            language,
            "console-file-not-found",
            name = name,
            first = looked.first().cloned().unwrap_or_default(),
            second = looked.get(1).cloned().unwrap_or_default()
        ))
    }

    fn print(&mut self, reply: &Reply, out: &mut impl Write) -> io::Result<()> {
        // `!` marks a refusal (nothing changed); a private answer that did something (a
        // hint, a solved puzzle, saved settings) is only marked private.
        let language = reply.reader.language;
        let marker = match (reply.refused, reply.ephemeral) {
            (true, _) => "! ".to_string(),
            (false, true) => say!(language, "console-private") + " ",
            (false, false) => String::new(),
        };
        let text = reply.text_with(|u| format!("@{}", u.name), |c| format!("#{}", c.local()));
        // Deadlines in the reader's time zone and language, with the relative form.
        let text = local_times(&text, &reply.reader, self.service.now());
        writeln!(out, "{marker}{}", terminal_text(&text, self.styled))?;
        if let Some(code) = &reply.position {
            if let Ok(position) = Position::from_code(code) {
                write!(
                    out,
                    "{}",
                    ascii_board_in(&position, reply.result.as_deref(), language)
                )?;
            }
        }
        // A picture or file is only a view of what was done: failing to save it is reported,
        // and the command stays done.
        if let Some(png) = &reply.image {
            let said = ("console-picture", "console-picture-failed");
            self.save_and_say(out, png, picture_name, said, language)?;
        }
        if let Some(gif) = &reply.animation {
            let said = ("console-replay", "console-replay-failed");
            self.save_and_say(out, gif, replay_name, said, language)?;
        }
        if let Some(file) = &reply.attachment {
            let name = Path::new(&file.filename)
                .file_name()
                .map_or_else(|| "record.txt".into(), |n| n.to_owned());
            let path = self.out_dir.join(name);
            match fs::write(&path, &file.content) {
                Ok(()) => writeln!(
                    out,
                    "{}",
                    say!(language, "console-file", path = path.display().to_string())
                )?,
                Err(e) => writeln!(
                    out,
                    "! {}",
                    say!(
                        language,
                        "console-file-failed",
                        path = path.display().to_string(),
                        error = e.to_string()
                    )
                )?,
            }
            out.write_all(&file.content)?;
        }
        for button in &reply.buttons {
            writeln!(
                out,
                "{}",
                say!(
                    language,
                    "console-button",
                    label = &button.label,
                    command = button_text(button),
                    game = button.game.0
                )
            )?;
        }
        Ok(())
    }

    /// Saves a picture or an animation under the next free number `name` gives and says
    /// where, or that it could not: the catalogue's two messages `(saved, failed)`.
    fn save_and_say(
        &mut self,
        out: &mut impl Write,
        bytes: &[u8],
        name: fn(usize) -> String,
        (saved, failed): (&str, &str),
        language: Language,
    ) -> io::Result<()> {
        match self.save_numbered(bytes, name) {
            Ok(path) => writeln!(
                out,
                "{}",
                say!(language, saved, path = path.display().to_string())
            ),
            Err(e) => writeln!(
                out,
                "! {}",
                say!(
                    language,
                    failed,
                    folder = self.out_dir.display().to_string(),
                    error = e.to_string()
                )
            ),
        }
    }

    /// Writes `bytes` under the next free number that `name` turns into a file name, never
    /// over an earlier file.
    fn save_numbered(&mut self, bytes: &[u8], name: fn(usize) -> String) -> io::Result<PathBuf> {
        loop {
            self.pictures += 1;
            let path = self.out_dir.join(name(self.pictures));
            match fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
            {
                Ok(mut file) => {
                    return match file.write_all(bytes) {
                        Ok(()) => Ok(path),
                        Err(e) => {
                            // Leave no half-written picture behind.
                            let _ = fs::remove_file(&path);
                            Err(e)
                        }
                    };
                }
                // Another session's picture (or a folder in the way): take the next number.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(e),
            }
        }
    }
}

/// The file name of replay `number`.
fn replay_name(number: usize) -> String {
    format!("replay-{number:04}.gif")
}

/// The file name of board picture `number`.
fn picture_name(number: usize) -> String {
    format!("board-{number:04}.png")
}

/// The highest picture number already in `dir`, so a new session continues after it.
fn last_picture_number(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    entries
        .filter_map(|entry| {
            let name = entry.ok()?.file_name();
            let name = name.to_str()?;
            name.strip_prefix("board-")?
                .strip_suffix(".png")?
                .parse::<usize>()
                .ok()
        })
        .max()
        .unwrap_or(0)
}

/// A console user: `console:NAME`.
#[must_use]
pub fn console_user(name: &str) -> User {
    let name = name.trim_start_matches('@');
    User::new(UserId::new(PLATFORM.id, name), name)
}

#[cfg(test)]
#[allow(clippy::expect_used)]
mod tests;
