//! The console front end: slash-command text in, replies out, on the same service and
//! database as the bot. Users are plain names (`console:NAME`), the channel is
//! `console:main` unless switched, and buttons are printed as commands to type.

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
use akron_rules::{Color, Point, Position};
use akron_service::catalogue::{Language, Phrase};
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
                    .mistyped(&self.request(crate::service::Command::Help, game), &e)
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

/// The longest console user name, in characters (as on Discord).
pub const MAX_NAME: usize = 32;

/// A user name as typed after `as` or `@`: 1 to [`MAX_NAME`] letters, digits, `_`, `-` and
/// `.`, without the leading `@`; `None` otherwise.
fn user_name(typed: &str) -> Option<&str> {
    let name = typed.trim_start_matches('@');
    let valid = !name.is_empty()
        && name.chars().count() <= MAX_NAME
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'));
    valid.then_some(name)
}

/// Why `typed` is not a user name, in `language`.
fn bad_name(typed: &str, language: Language) -> String {
    let length = typed.trim_start_matches('@').chars().count();
    if length > MAX_NAME {
        let shown: String = typed.chars().take(20).collect();
        return say!(
            language,
            "console-bad-name-long",
            shown = shown,
            length = length,
            most = MAX_NAME
        );
    }
    say!(language, "console-bad-name", typed = typed)
}

/// Markdown for a terminal: `**bold**` in ANSI bold when `styled`, else plain; backticks
/// removed; code fence lines dropped, the text inside them kept; escapes (`\_`) undone.
#[must_use]
pub fn terminal_text(markdown: &str, styled: bool) -> String {
    // The commands the text names, as the console types them.
    let markdown = akron_service::catalogue::console_commands(markdown);
    unescape(&markup(&markdown, styled))
}

/// Drops the backslash of Markdown escapes (`\_it\_` is `_it_`), which
/// [`escape_markdown`](crate::model::escape_markdown) adds to names, and the zero-width space
/// it puts after `@`.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some(&next)) if next.is_ascii_punctuation() => {
                out.push(next);
                chars.next();
            }
            ('\u{200b}', _) => {}
            _ => out.push(c),
        }
    }
    out
}

/// [`terminal_text`] before the escapes are undone.
fn markup(markdown: &str, styled: bool) -> String {
    const BOLD: &str = "\x1b[1m";
    const RESET: &str = "\x1b[0m";
    let mut out = String::with_capacity(markdown.len());
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            // A fence line goes; whatever else is on it (the end of the message it closes)
            // stays.
            let rest = line.replace("```", "");
            if rest.trim().is_empty() {
                continue;
            }
            out.push_str(rest.trim());
            out.push('\n');
            continue;
        }
        let mut bold = false;
        let mut rest = line;
        while let Some(at) = rest.find("**") {
            out.push_str(&rest[..at].replace('`', ""));
            if styled {
                out.push_str(if bold { RESET } else { BOLD });
            }
            bold = !bold;
            rest = &rest[at + 2..];
        }
        out.push_str(&rest.replace('`', ""));
        if bold && styled {
            out.push_str(RESET);
        }
        out.push('\n');
    }
    out.pop();
    out
}

/// The command a button stands for, as typed.
fn button_text(button: &crate::service::Button) -> String {
    use crate::service::{Command, TournamentAction};
    match &button.command {
        Command::Draw(o) => format!("draw {}", o.name()),
        Command::Takeback(o) => format!("takeback {}", o.name()),
        Command::Tournament(TournamentAction::Join) => "tournament join".to_string(),
        Command::Tournament(TournamentAction::Leave) => "tournament leave".to_string(),
        other => other.name().to_string(),
    }
}

/// `25h`, `90s`, `30m`, `3d`, `1d12h`: a duration in seconds, at most a year; a refusal in
/// `language` otherwise.
fn parse_duration(text: &str, language: Language) -> Result<i64, String> {
    let usage = say!(language, "console-duration-bad", text = text);
    let mut total: i64 = 0;
    let mut number = String::new();
    for c in text.trim().chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let unit = match c.to_ascii_lowercase() {
            's' => 1,
            'm' => 60,
            'h' => 3600,
            'd' => 86_400,
            _ => return Err(usage),
        };
        let n: i64 = number.parse().map_err(|_| usage.clone())?;
        total = total.saturating_add(n.saturating_mul(unit));
        number.clear();
    }
    if !number.is_empty() || total <= 0 {
        return Err(usage);
    }
    if total > 366 * 86_400 {
        return Err(say!(language, "console-duration-long", text = text));
    }
    Ok(total)
}

/// A console user: `console:NAME`.
#[must_use]
pub fn console_user(name: &str) -> User {
    let name = name.trim_start_matches('@');
    User::new(UserId::new(PLATFORM.id, name), name)
}

/// Splits a trailing `#N` off a command line; a refusal in `language` for a bad number.
/// The console's own commands, which a line may also be.
const CONSOLE_COMMANDS: &str = "as, in, mod, wait, quit";

/// A refusal of an unknown command lists the console's own commands too.
fn with_console_commands(mut refusal: Phrase) -> Phrase {
    if refusal.id == "parse-unknown-command" {
        for (name, value) in &mut refusal.args {
            if name == "commands" {
                *value = format!("{}, {CONSOLE_COMMANDS}", value.say(Language::English)).into();
            }
        }
    }
    refusal
}

fn split_game(line: &str, language: Language) -> Result<(&str, Option<GameId>), String> {
    if let Some((head, tail)) = line.rsplit_once(char::is_whitespace) {
        if tail.starts_with('#') {
            // `#0` or `#x` is a mistaken game number, not something the command takes.
            let id = tail
                .parse::<GameId>()
                .map_err(|_| say!(language, "console-bad-game-number", typed = tail))?;
            return Ok((head.trim_end(), Some(id)));
        }
    }
    Ok((line, None))
}

/// The position as text, one grid per occupied level: `x` Black, `o` White, `.` empty; the
/// last line says whose turn it is, or `result` when the game is over. In English; see
/// [`ascii_board_in`].
#[must_use]
pub fn ascii_board(position: &Position, result: Option<&str>) -> String {
    ascii_board_in(position, result, Language::English)
}

/// [`ascii_board`] with its words (levels, sides, whose move) in `language`; the grid's
/// letters and numbers are the notation's, the same in every language.
#[must_use]
pub fn ascii_board_in(position: &Position, result: Option<&str>, language: Language) -> String {
    let n = position.size();
    let mut out = String::new();
    let top = position.height().max(1);
    for level in 0..top.min(n) {
        let side = n - level;
        let apostrophes = "'".repeat(usize::from(level));
        let heading = if level == 0 {
            say!(language, "console-board-holes")
        } else {
            say!(
                language,
                "console-board-level",
                level = level,
                marks = apostrophes
            )
        };
        out.push_str(&format!("  {heading}\n"));
        out.push_str("     ");
        for x in 0..side {
            out.push(char::from(b'A' + x));
            out.push(' ');
        }
        out.push('\n');
        for y in (0..side).rev() {
            out.push_str(&format!("  {:>2} ", u16::from(y) + u16::from(level) + 1));
            for x in 0..side {
                let c = match position.piece(Point::new(x, y, level)) {
                    Some(Color::Black) => 'x',
                    Some(Color::White) => 'o',
                    None => '.',
                };
                out.push(c);
                out.push(' ');
            }
            out.push('\n');
        }
    }
    let piles = position.piles();
    let colour = |c: Color| say!(language, "colour", colour = c.name());
    let state = match result {
        Some(result) => say!(language, "console-board-over", result = result),
        None => say!(
            language,
            "console-board-to-move",
            colour = colour(position.turn())
        ),
    };
    let pieces = say!(
        language,
        "console-board-pieces",
        black = say!(language, "label-black"),
        black_left = piles.black,
        white = say!(language, "label-white"),
        white_left = piles.white,
        state = state
    );
    out.push_str(&format!("  {pieces}\n"));
    out
}

#[cfg(test)]
#[allow(clippy::expect_used)]
mod tests {
    use super::*;

    /// Regression (issue 17): Markdown was printed raw in the console.
    #[test]
    fn markdown_is_rendered_for_a_terminal() {
        let markdown = "**alice** placed `B2`.\n```\n1. B2\n```\nend";
        assert_eq!(
            terminal_text(markdown, false),
            "alice placed B2.\n1. B2\nend"
        );
        assert_eq!(
            terminal_text(markdown, true),
            "\x1b[1malice\x1b[0m placed B2.\n1. B2\nend"
        );
        assert_eq!(terminal_text("**open", true), "\x1b[1mopen\x1b[0m");
    }

    /// Regression (issue 26): escapes leaked into piped output (`\_it\_`).
    #[test]
    fn markdown_escapes_are_undone_for_a_terminal() {
        let name = crate::model::escape_markdown("_it_ [x] @here");
        assert_eq!(
            terminal_text(&format!("**{name}** wins"), false),
            "_it_ [x] @here wins"
        );
        assert_eq!(terminal_text("a \\\\ b", false), "a \\ b");
    }

    /// Regression (issue 26): a finished game's text board ended with "Black to move".
    #[test]
    fn a_finished_games_text_board_says_how_it_ended() -> Result<(), akron_rules::PositionError> {
        let position = Position::start(3, 4)?;
        assert!(ascii_board(&position, None).ends_with("Black to move\n"));
        let over = ascii_board(&position, Some("bob resigned: alice wins"));
        assert!(
            over.ends_with("game over: bob resigned: alice wins\n"),
            "{over}"
        );
        Ok(())
    }

    /// Regression (issue 26): `wait` alone and `wait 1d 2h` were "not a command".
    #[test]
    fn wait_takes_a_duration_in_several_words() {
        assert_eq!(parse_duration("1d2h", Language::English), Ok(93_600));
    }

    #[test]
    fn user_names_need_a_letter_or_digit() {
        assert_eq!(user_name("@bob"), Some("bob"));
        assert_eq!(user_name("bob_2.x-y"), Some("bob_2.x-y"));
        assert_eq!(user_name("@@@"), None);
        assert_eq!(user_name("a/b"), None);
    }

    /// Regression (issue 26): `as` took a 20,000-character name, and every board then took
    /// seconds to draw.
    #[test]
    fn an_absurdly_long_user_name_is_refused() {
        let long = "x".repeat(20_000);
        assert_eq!(user_name(&long), None);
        let why = bad_name(&long, Language::English);
        assert!(
            why.contains("20,000 characters") && why.len() < 200,
            "{why}"
        );
        assert_eq!(
            user_name(&"y".repeat(MAX_NAME)).map(str::len),
            Some(MAX_NAME)
        );
    }
}
